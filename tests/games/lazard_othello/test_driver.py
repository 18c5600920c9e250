"""The Lazard driver: whole games through the CPC keyboard, refereed; refusals, passes, Z, state."""

from __future__ import annotations

import json
import re
from typing import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.lazard_othello import LISTING, LazardOthelloDriver, decode_board
from games.othello.driver import MachineDisagrees, MoveCancelled
from games.othello.referee import Disc, IllegalMove, Position, name, parse
from tests.games.lazard_othello.lazard_model import lazard_choice
from tests.games.lazard_othello.players import Opponent, first_legal, play_game, seeded_random
from tests.sizes import sizes

RESULT = re.compile(r"Fin de partie\.  Vous: (\d+)  Moi: (\d+)")


def play_until(
    driver: LazardOthelloDriver, machine_color: Disc, opponent: Opponent, stop: Callable[[LazardOthelloDriver], bool]
) -> None:
    """Play from a new game until ``stop`` holds (asserting it does before the end)."""
    driver.new_game(machine_color)
    while not stop(driver):
        assert not driver.is_over, "the game ended before the situation the test needs"
        if driver.machine_to_move:
            driver.machine_move()
        else:
            driver.human_move(opponent(driver.position))


def frozen(driver: LazardOthelloDriver) -> str:
    """The driver's whole state, less the CPC's clock (TIME runs on while we look)."""
    state = driver.snapshot()
    state["machine"] = {k: v for k, v in state["machine"].items() if k != "time"}
    return json.dumps(state, sort_keys=True)


def human_must_pass(driver: LazardOthelloDriver) -> bool:
    return driver.human_to_move and driver.position.must_pass


def assert_whole_game(driver: LazardOthelloDriver) -> None:
    """Every move replays legally from the start; the program's final score is the referee's."""
    position = Position.initial()
    for record in driver.history:
        assert record.player is position.to_move
        if record.square is not None:
            assert sorted(record.flipped) == sorted(position.flips(record.square))
        position = position.play(record.square)
    assert position == driver.position and position.is_over
    assert driver.finished
    human, machine = map(int, RESULT.findall(driver.machine.transcript)[-1])
    assert (human, machine) == (position.count(driver.human_color), position.count(driver.machine_color))
    verdict = "Match nul." if human == machine else "Bravo, vous avez gagne !" if human > machine else "J'ai gagne !"
    assert driver.display == verdict


OPPONENTS = [("first-legal", first_legal)] + [(f"random-{seed}", seeded_random(seed)) for seed in range(3)]


@pytest.mark.parametrize("machine_color", [Disc.BLACK, Disc.WHITE], ids=["machine-X", "machine-O"])
@pytest.mark.parametrize("opponent", [o for _, o in OPPONENTS], ids=[n for n, _ in OPPONENTS])
def test_whole_game_to_the_end(machine_color: Disc, opponent: Opponent) -> None:
    driver = LazardOthelloDriver()
    play_game(driver, machine_color, opponent)
    assert_whole_game(driver)


def test_notations_and_keys_are_the_programs() -> None:
    driver = LazardOthelloDriver()
    play_game(driver, Disc.BLACK, seeded_random(2))  # the human (O) has to pass once in this game
    kinds = set()
    for record in driver.history:
        if record.square is None:
            assert record.machine_notation == "passe"
            kinds.add("pass")
        else:
            assert record.machine_notation == name(record.square).upper()
        if record.by_machine:
            assert record.keys == [] or driver.history[-1] is record
            if record.square is not None:
                assert f"Je joue en {record.machine_notation}" in record.displays
            assert record.machine_steps > 100
        elif record.square is not None:
            assert record.keys == [record.machine_notation[0] + "\r", record.machine_notation[1] + "\r"]
        else:
            assert record.keys == ["O\r", "O\r"]
            kinds.add("human pass")
    assert kinds == {"pass", "human pass"}


def test_board_mapping_a1_is_cell_11_and_h8_cell_88() -> None:
    driver = LazardOthelloDriver()
    driver.new_game(Disc.WHITE)
    driver.human_move(parse("f5"))
    cells = driver.machine.array("B")
    assert cells[56] == 2 and cells[55] == 2  # f5 played by X (black = 2), e5 turned over
    assert cells[44] == 1 and cells[45] == 2  # d4 still O (white = 1), e4 X
    assert [cells[c] for c in (0, 9, 10, 19, 90, 99)] == [-1] * 6


# -- refusals ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("square", "message"),
    [
        (parse("d4"), "already taken"),
        (parse("a1"), "turns no disc over"),
        (parse("e3"), "turns no disc over"),
        (None, "may not pass"),
    ],
)
def test_illegal_human_move_is_refused_before_any_key(square: int | None, message: str) -> None:
    driver = LazardOthelloDriver()
    driver.new_game(Disc.WHITE)
    before = frozen(driver)
    with pytest.raises(IllegalMove, match=message):
        driver.human_move(square)
    assert frozen(driver) == before
    assert driver.display == "Colonne?"


def test_moves_out_of_turn_are_refused() -> None:
    driver = LazardOthelloDriver()
    driver.new_game(Disc.BLACK)
    with pytest.raises(IllegalMove, match="machine's turn"):
        driver.human_move(parse("d3"))
    driver.machine_move()
    with pytest.raises(IllegalMove, match="human's turn"):
        driver.machine_move()


@pytest.mark.parametrize(
    ("keys", "message"),
    [
        ("A\r1\r", "Coup impossible."),  # empty, but takes nothing
        ("D\r4\r", "Coup impossible."),  # taken
        ("K\r3\r", "Colonne A-H, rangee 1-8, passe: O O"),
        ("D\r9\r", "Colonne A-H, rangee 1-8, passe: O O"),
        ("\r\r", "Colonne A-H, rangee 1-8, passe: O O"),
        ("D3\r3\r", "Colonne A-H, rangee 1-8, passe: O O"),
        ("O\r3\r", "Colonne A-H, rangee 1-8, passe: O O"),
    ],
)
def test_the_program_itself_refuses_a_bad_move_and_asks_again(keys: str, message: str) -> None:
    """Typed straight on the CPC, past the driver: the program says why and asks again."""
    driver = LazardOthelloDriver()
    driver.new_game(Disc.WHITE)
    cpc = driver.machine
    mark = len(cpc.transcript)
    cpc.type(keys)
    assert cpc.run(max_statements=10_000).value == "waiting_input"
    assert message in cpc.transcript[mark:].split("\n")
    assert driver.display == "Colonne?"
    assert decode_board(cpc.array("B"), Disc.BLACK) == Position.initial()
    assert cpc.variable("J") == 2  # still X to play
    driver.human_move(parse("d3"))  # and the game goes on
    assert driver.machine_move().machine_notation == "C3"


def test_lowercase_column_is_accepted() -> None:
    driver = LazardOthelloDriver()
    driver.new_game(Disc.WHITE)
    driver.machine.type("f\r5\r")
    driver.machine.run(max_statements=20_000)
    board = decode_board(driver.machine.array("B"), Disc.BLACK)
    assert board.at(parse("f5")) is Disc.BLACK


# -- Z, passes and the end -------------------------------------------------------------


@pytest.mark.parametrize("key", ["Z", "z"])
def test_z_clears_the_screen_and_redraws_the_board(key: str) -> None:
    driver = LazardOthelloDriver()
    driver.new_game(Disc.WHITE)
    driver.human_move(parse("d3"))
    driver.machine_move()
    driver.machine.type(key + "\r")
    assert driver.machine.run(max_statements=10_000).value == "waiting_input"
    screen = driver.machine.screen_text()
    assert screen[0].strip() == ""
    assert screen[1].rstrip() == "   A B C D E F G H"
    glyph = {"X": "X", "O": "O", ".": "."}
    for row in range(8):
        expected = " ".join(glyph[ch] for ch in driver.position.rows()[row])
        assert screen[2 + row].rstrip() == f" {row + 1} {expected} {row + 1}"
    assert screen[10].split() == ["X:", "3", "O:", "3"]
    assert screen[11].rstrip() == "Colonne?"
    assert all(not line.strip() for line in screen[12:])
    driver.human_move(driver.position.legal_moves()[0])  # the game goes on after Z
    driver.machine_move()


def test_human_pass_is_typed_o_return_o_return() -> None:
    driver = LazardOthelloDriver()
    play_until(driver, Disc.BLACK, seeded_random(2), human_must_pass)
    before = driver.position
    record = driver.human_move(None)
    assert record.keys == ["O\r", "O\r"] and record.square is None
    assert driver.position == before.pass_turn()
    assert driver.machine.variable("J") == 2  # the program's turn (X)
    driver.machine_move()


@pytest.mark.parametrize("keys", ["0\r0\r", "O\r0\r", "0\rO\r", "o\ro\r"])
def test_pass_accepts_the_letter_o_and_the_digit_zero(keys: str) -> None:
    """The magazine's typesetting cannot tell O from 0: the program takes both."""
    driver = LazardOthelloDriver()
    play_until(driver, Disc.BLACK, seeded_random(2), human_must_pass)
    expected = driver.position.pass_turn()
    driver.machine.type(keys)
    assert driver.machine.run(max_statements=50_000).value in ("waiting_input", "ended")
    board = decode_board(driver.machine.array("B"), Disc.WHITE)
    assert board == expected.play(lazard_choice(expected))  # the program took the pass and moved


def test_machine_pass() -> None:
    driver = LazardOthelloDriver()
    play_until(driver, Disc.WHITE, seeded_random(0), lambda d: d.machine_to_move and d.position.must_pass)
    record = driver.machine_move()
    assert record.square is None and record.machine_notation == "passe"
    assert "Je passe." in record.displays
    assert driver.display == "Colonne?"


def test_game_over_before_the_board_is_full_after_a_human_move() -> None:
    """The program sees no move for itself, passes; the driver types the pass the program
    then asks of the human, and the program gives its score (two passes in a row)."""
    driver = LazardOthelloDriver()
    play_game(driver, Disc.WHITE, seeded_random(57))
    last = driver.history[-1]
    assert not last.by_machine and driver.position.empties == 1
    assert last.keys[2:] == ["O\r", "O\r"]
    assert "Je passe." in last.displays
    assert_whole_game(driver)


def test_game_over_by_wipe_out_after_a_machine_move() -> None:
    driver = LazardOthelloDriver()
    play_game(driver, Disc.WHITE, seeded_random(93))
    last = driver.history[-1]
    assert last.by_machine and driver.position.count(Disc.BLACK) == 0 and driver.position.empties > 10
    assert last.keys == ["O\r", "O\r"]
    assert_whole_game(driver)


def test_full_board_ends_by_itself() -> None:
    driver = LazardOthelloDriver()
    play_game(driver, Disc.WHITE, seeded_random(1))
    last = driver.history[-1]
    assert driver.position.empties == 0
    assert "O\r" not in last.keys  # no pass typed: the program counts the 60 moves itself
    assert_whole_game(driver)


# -- slices, state, disagreements ------------------------------------------------------


def test_machine_move_runs_in_slices_and_can_be_cancelled() -> None:
    driver = LazardOthelloDriver()
    driver.new_game(Disc.BLACK)
    counts: list[int] = []
    record = driver.machine_move(on_slice=lambda n: counts.append(n) or True, slice_steps=200)
    assert len(counts) >= 3 and counts == sorted(counts) and counts[-1] == record.machine_steps

    driver.new_game(Disc.BLACK)
    before = frozen(driver)
    with pytest.raises(MoveCancelled):
        driver.machine_move(on_slice=lambda n: n < 600, slice_steps=200)
    assert frozen(driver) == before
    assert driver.machine_move().square == record.square


def test_snapshot_restore_replays_identically() -> None:
    driver = LazardOthelloDriver()
    opponent = seeded_random(7)
    play_until(driver, Disc.WHITE, opponent, lambda d: len(d.history) >= 20 and d.human_to_move)
    saved = json.loads(json.dumps(driver.snapshot()))
    moves = []
    for _ in range(6):
        if driver.machine_to_move:
            moves.append(driver.machine_move().to_json())
        else:
            moves.append(driver.human_move(first_legal(driver.position)).to_json())
    screen = driver.screen_text()
    other = LazardOthelloDriver()
    other.restore(saved)
    replay = []
    for _ in range(6):
        if other.machine_to_move:
            replay.append(other.machine_move().to_json())
        else:
            replay.append(other.human_move(first_legal(other.position)).to_json())
    assert replay == moves and other.screen_text() == screen and other.position == driver.position


def test_a_program_that_misplays_is_caught() -> None:
    """A listing that forgets to turn discs over: the first move raises MachineDisagrees."""
    broken = LISTING.replace("1150 U=U-E:IF U<>S THEN B(U)=Q:GOTO 1150", "1150 U=U-E")
    driver = LazardOthelloDriver(broken)
    driver.new_game(Disc.WHITE)
    with pytest.raises(MachineDisagrees, match="differs"):
        driver.human_move(parse("d3"))


def test_a_listing_the_cpc_rejects_is_reported() -> None:
    driver = LazardOthelloDriver(LISTING.replace("1030 IF B(U)=R THEN", "1030 IF B(U)=R THN"))
    with pytest.raises(MachineDisagrees, match="1030"):
        driver.new_game(Disc.WHITE)


@pytest.mark.soak
@pytest.mark.parametrize("seed", range(200))
def test_soak_random_games(seed: int) -> None:
    for machine_color in (Disc.BLACK, Disc.WHITE):
        driver = LazardOthelloDriver()
        play_game(driver, machine_color, seeded_random(10_000 + seed))
        assert_whole_game(driver)


def test_a_program_that_ends_too_early_is_caught() -> None:
    """A listing that stops after the 21st move, while the referee sees the game go on."""
    driver = LazardOthelloDriver(LISTING.replace("510 IF C=60 THEN 900", "510 IF C=21 THEN 900"))
    with pytest.raises(MachineDisagrees, match="ended a game that goes on"):
        play_game(driver, Disc.WHITE, first_legal)
    assert len(driver.history) == 21 and driver.machine_to_move


@sizes(everyday=5, soak=12)
def test_random_human_tries_legal_or_not(examples: int) -> None:
    """Any square or pass offered: refused with nothing changed, or played and refereed (and the
    program's own board in memory follows; test_driver_properties tries both Othello drivers too)."""
    @settings(max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(
        machine_color=st.sampled_from([Disc.BLACK, Disc.WHITE]),
        tries=st.lists(st.one_of(st.none(), st.integers(0, 63)), min_size=20, max_size=120),
    )
    def check(machine_color: Disc, tries: list[int | None]) -> None:
        driver = LazardOthelloDriver()
        driver.new_game(machine_color)
        for attempt in tries:
            if driver.is_over:
                break
            if driver.machine_to_move:
                driver.machine_move()
                continue
            before = frozen(driver)
            try:
                driver.human_move(attempt)
            except IllegalMove:
                assert frozen(driver) == before
            decoded = decode_board(driver.machine.array("B"), driver.position.to_move)
            assert (decoded.black, decoded.white) == (driver.position.black, driver.position.white)

    check()
