"""Typing on the CPC's keyboard: the program reads the keys as typed, the referee judges the move."""

from __future__ import annotations

import random

import pytest

from games.lazard_othello.driver import CpcKeyboard, Typed
from games.lazard_othello import LISTING, LazardOthelloDriver
from games.othello.driver import MachineDisagrees
from games.othello.referee import Disc, Position, parse


def human_black(listing: str = LISTING) -> tuple[LazardOthelloDriver, CpcKeyboard]:
    driver = LazardOthelloDriver(listing)
    driver.new_game(Disc.WHITE)  # the CPC plays White: the player (X) starts
    keyboard = CpcKeyboard(driver)
    keyboard.begin_turn()
    return driver, keyboard


def type_line(keyboard: CpcKeyboard, text: str) -> list[Typed]:
    return [keyboard.key(ch) for ch in text]


def test_the_program_reads_the_line_as_its_input_does() -> None:
    driver, keyboard = human_black()
    # leading spaces are skipped by INPUT, quotes protect an item: both read as D and 3
    outcome = type_line(keyboard, '  d\r"3"\r')[-1]
    assert outcome == Typed("move", parse("d3"))
    assert driver.position == Position.initial() and driver.display.startswith("Colonne?")  # rewound
    driver.human_move(outcome.square)
    assert driver.history[-1].keys == ["D\r", "3\r"]


def test_a_trailing_space_or_a_comma_gets_the_programs_own_answer() -> None:
    driver, keyboard = human_black()
    assert type_line(keyboard, "d \r3\r")[-1].kind == "ran"  # C$ is "D ": two characters
    assert "Colonne A-H, rangee 1-8, passe: O O" in driver.machine.transcript
    assert type_line(keyboard, "d,3\r")[-1].kind == "ran"  # two items for one: ?Redo from start
    assert driver.machine.transcript.rstrip().endswith("?Redo from start\nColonne?")
    assert type_line(keyboard, "d\r3\r")[-1] == Typed("move", parse("d3"))
    assert driver.position == Position.initial() and driver.history == []


def test_z_redraws_and_del_corrects() -> None:
    driver, keyboard = human_black()
    before = driver.machine.transcript.count("A B C D E F G H")
    type_line(keyboard, "z\r")
    assert driver.machine.transcript.count("A B C D E F G H") == before + 1
    assert type_line(keyboard, "q\x7fc\r4\r")[-1] == Typed("move", parse("c4"))


def test_illegal_square_refused_by_the_program_and_the_referee() -> None:
    driver, keyboard = human_black()
    outcome = type_line(keyboard, "a\r1\r")[-1]
    assert outcome.kind == "refused" and outcome.square == parse("a1") and "turns no disc over" in outcome.text
    assert driver.display.startswith("Colonne?") and "Coup impossible." in driver.machine.transcript
    assert driver.position == Position.initial() and driver.history == []


def test_pass_refused_while_a_move_exists_allowed_when_none() -> None:
    driver, keyboard = human_black()
    outcome = type_line(keyboard, "o\r0\r")[-1]
    assert outcome.kind == "refused" and outcome.square is None and "may not pass" in outcome.text
    assert driver.display.startswith("Colonne?") and driver.history == []
    # play on (seed 12: the player must pass once) until the player has no move
    rng = random.Random(12)
    while not (driver.human_to_move and driver.position.must_pass):
        assert not driver.is_over
        if driver.machine_to_move:
            driver.machine_move()
        else:
            driver.human_move(rng.choice(driver.position.legal_moves()))
    keyboard.begin_turn()
    assert type_line(keyboard, "O\rO\r")[-1] == Typed("move", None)
    driver.human_move(None)
    assert driver.history[-1].square is None


def test_a_program_that_takes_an_illegal_move_is_caught() -> None:
    cheat = LISTING.replace('390 IF N=0 THEN PRINT "Coup impossible.":GOTO 320', "390 REM")
    assert cheat != LISTING
    driver, keyboard = human_black(cheat)
    type_line(keyboard, "a\r1")
    with pytest.raises(MachineDisagrees, match="illegal move"):
        keyboard.key("\r")
    assert driver.position == Position.initial()


def test_a_program_that_refuses_a_legal_move_is_caught() -> None:
    stubborn = LISTING.replace('390 IF N=0 THEN PRINT', '390 IF N>=0 THEN PRINT')
    assert stubborn != LISTING
    _, keyboard = human_black(stubborn)
    type_line(keyboard, "d\r3")
    with pytest.raises(MachineDisagrees, match="refused D3, a legal move"):
        keyboard.key("\r")
