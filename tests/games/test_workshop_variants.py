"""Variants of Lazard's program written in the CPC room, played refereed; broken ones named."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.othello.driver import MachineDisagrees
from games.othello.referee import Disc
from games.othello.session import OthelloSession, Phase
from games.workshop.cpc_room import CpcRoom
from games.workshop.variants import (
    Variant,
    VariantBroke,
    VariantUnreadable,
    broke,
    read_listing,
    start_variant,
    variants,
)

BETONNER_LINES = (  # the article: add 5 or 10 to the two first rows and columns
    "150 DATA 50,13,25,20,20,15,3,40\r"
    "160 DATA 13,10,15,15,15,5,0,3\r"
    "170 DATA 25,15,10,8,8,10,5,15\r"
    "180 DATA 20,15,8,8,8,8,5,10\r"
    "190 DATA 20,15,8,8,8,8,5,10\r"
    "200 DATA 25,15,10,8,8,10,5,15\r"
    "210 DATA 13,10,5,5,5,5,0,3\r"
    "220 DATA 50,13,15,10,10,15,3,40\r"
)


def write_variant(disc: Path, name: str, lines: str) -> Variant:
    """What a player does in the room: LOAD the game, change lines, SAVE under a name."""
    room = CpcRoom(disc)
    room.feed(f'LOAD "othello"\r{lines}SAVE "{name}"\r')
    for _ in range(1_000):
        room.step()
        if not room.busy:
            break
    found = {v.name: v for v in variants(disc)}
    assert "OTHELLO" not in found
    return found[name.upper()]


def without_clock(snapshot: dict) -> dict:
    """A driver's snapshot but the CPC's real-time clock (TIME follows the wall clock)."""
    machine = {k: v for k, v in snapshot["machine"].items() if k != "time"}
    return {**snapshot, "machine": machine}


def play_out(session: OthelloSession, max_turns: int = 140) -> None:
    """The person plays their first legal move (or passes); the machine answers, all refereed."""
    for _ in range(max_turns):
        view = session.view()
        if view.phase is Phase.OVER:
            return
        if view.machine_to_move:
            session.machine_turn()
        else:
            session.play(min(view.legal) if view.legal else None)
    raise AssertionError("the game did not end")


def test_a_saved_variant_plays_a_whole_game_refereed(tmp_path: Path) -> None:
    variant = write_variant(tmp_path, "betonner", BETONNER_LINES)
    assert "150 DATA 50,13,25,20,20,15,3,40\n" in read_listing(variant)
    session = start_variant(variant, Disc.WHITE)
    assert session.settings["variant"] == "BETONNER"
    play_out(session)
    view = session.view()
    black, white = view.score
    assert view.phase is Phase.OVER and 0 < black + white <= 64
    assert any("Fin de partie" in line for r in view.history for line in r.displays)


def test_the_variant_plays_differently_from_the_original(tmp_path: Path) -> None:
    """Same person's moves, other square values: the two programs part somewhere in the game."""
    original = start_variant(write_variant(tmp_path, "same", ""), Disc.WHITE)
    changed = start_variant(write_variant(tmp_path, "betonner", BETONNER_LINES), Disc.WHITE)
    play_out(original)
    play_out(changed)
    moves = lambda s: [r.square for r in s.view().history]  # noqa: E731
    assert moves(original) != moves(changed)


@pytest.mark.parametrize(
    ("lines", "said"),
    [
        ("540 N=1\r", "illegal move"),  # every empty square looks playable: a1 first
        ("520 GOTO 520\r", "did not move in"),  # no answer within the budget
        ("520 X=SQR(-1)\r", "stopped (error)"),  # a BASIC error
    ],
)
def test_a_variant_that_breaks_the_protocol_is_named_and_the_game_kept(tmp_path: Path, lines: str, said: str) -> None:
    variant = write_variant(tmp_path, "broken", lines)
    session = start_variant(variant, Disc.BLACK)  # the machine moves first
    before = without_clock(session.driver.snapshot())
    with pytest.raises(MachineDisagrees) as error:
        session.machine_turn()
    assert said in str(error.value)
    message = broke(variant.name, error.value)
    assert message.startswith("The variant BROKEN broke the game: ") and message.endswith("The game is as it was.")
    assert without_clock(session.driver.snapshot()) == before and session.view().machine_to_move


def test_a_variant_that_does_not_start_the_game_is_refused_by_name(tmp_path: Path) -> None:
    variant = write_variant(tmp_path, "silent", "250 END\r")
    with pytest.raises(VariantBroke, match="The variant SILENT broke the game: the program did not ask X or O"):
        start_variant(variant, Disc.WHITE)


@pytest.mark.parametrize(
    ("data", "said"),
    [
        (b"10 PRINT 1\r\nhello\r\n", "line 2 of BAD.BAS has no line number"),
        (b"\x00\x01\x02binary", "not a listing"),
        (b"\r\n\r\n", "is empty"),
    ],
)
def test_a_damaged_variant_file_is_reported_and_nothing_starts(tmp_path: Path, data: bytes, said: str) -> None:
    (tmp_path / "BAD.BAS").write_bytes(data)
    [variant] = variants(tmp_path)
    with pytest.raises(VariantUnreadable, match=said):
        start_variant(variant, Disc.WHITE)
    assert (tmp_path / "BAD.BAS").read_bytes() == data  # the player's file, left as it is
