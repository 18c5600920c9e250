"""Soak (``-m soak``): a hang-up or SIGTERM at many moments, on every game's start and through a game.

The moments are conditions, not delays: after the first N bytes of the first screen (or
the whole of it), with a dialog open, right after a move is keyed (instant speed) or while
the machine thinks (real speed), right after Ctrl+Q.  Each run waits (60 s at most) for the
process to end and checks the exit status and, when a game was under way, its save.
"""

from __future__ import annotations

import signal
import pytest

from arcade.shell import catalog
from arcade.storage.saves import SaveStore
from tests.arcade.pty_arcade import PtyArcade, signal_statuses
from tests.arcade.test_hangup import (GAME, HUP, TERM, assert_ended_by, assert_saved_game, save_path, saved_moves,
                                      spawn, start_game_as_black)

__all__ = ["spawn"]  # the fixture, shared with the fast tests

pytestmark = [
    pytest.mark.soak,
    pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="no SIGHUP on this platform"),
]

FIRST_SCREEN_DRAWN = "palette"
"""In every screen's footer (``^p palette``): once it is out, the first screen is whole."""
BYTES = [1, 40, 120, 400, 1500, 6000, 15000, 30000]


def end(arcade: PtyArcade, how: str) -> int:
    """Close the terminal (SIGHUP from the kernel) or send SIGTERM; the signal's number."""
    if how == "close":
        arcade.close_terminal()
        return HUP
    arcade.send(TERM)
    return TERM


@pytest.mark.parametrize("how", ["close", "term"])
@pytest.mark.parametrize("count", BYTES)
@pytest.mark.parametrize("game", [None, *(entry.id for entry in catalog.entries() if entry.available)])
def test_starting(spawn, game: str | None, count: int, how: str) -> None:
    arcade = spawn(*(["--game", game] if game else []))
    arcade.wait_for(lambda: len(arcade.output) >= count or FIRST_SCREEN_DRAWN in arcade.text,
                    f"{count} bytes or the first screen")
    signum = end(arcade, how)
    assert_ended_by(arcade, signum)


@pytest.mark.parametrize("how", ["close", "term"])
@pytest.mark.parametrize("dialog", ["side", "help", "palette"])
def test_a_dialog_open(spawn, dialog: str, how: str) -> None:
    arcade = spawn("--game", GAME)
    arcade.wait_for_text("you start")
    if dialog != "side":
        arcade.press("w")
        arcade.wait_for_text("Your move")
        arcade.press("?" if dialog == "help" else "\x10")
        arcade.wait_for_text("199 program steps" if dialog == "help" else "Search for commands")
    signum = end(arcade, how)
    assert_ended_by(arcade, signum)
    if dialog != "side":
        assert_saved_game(arcade, moves=0)


@pytest.mark.parametrize("how", ["close", "term"])
def test_the_resume_question(spawn, how: str) -> None:
    first = spawn("--game", GAME)
    start_game_as_black(first)
    first.press("\r")
    first.wait_for(lambda: len(saved_moves(first) or []) == 2, "the save after the HP-67's answer")
    first.press("\x11")
    assert first.wait_exit() == 0
    again = spawn("--game", GAME)
    again.wait_for_text("Resume it?")
    signum = end(again, how)
    assert_ended_by(again, signum)
    assert_saved_game(again, moves=2)  # unanswered: the save is as it was


def test_the_terminal_closed_after_a_move_saves_the_game(spawn) -> None:
    """The save after the HP-67's answer removed: only the hang-up can write it again."""
    arcade = spawn("--game", GAME)
    start_game_as_black(arcade)
    arcade.press("\r")  # d3; the HP-67 answers at instant speed
    arcade.wait_for(lambda: len(saved_moves(arcade) or []) == 2, "the save after the HP-67's answer")
    save_path(arcade).unlink()  # only the hang-up may write it now
    arcade.close_terminal()
    assert_ended_by(arcade, HUP)
    assert_saved_game(arcade, moves=2)


@pytest.mark.parametrize("how", ["close", "term"])
@pytest.mark.parametrize("speed", ["instant", "real"])
def test_mid_machine_turn(spawn, speed: str, how: str) -> None:
    arcade = spawn("--game", GAME)
    start_game_as_black(arcade)
    arcade.wait_for(lambda: saved_moves(arcade) == [], "the new game's save")
    if speed == "real":
        arcade.press("s")
        arcade.wait_for_text("Speed: real")
    arcade.press("\r")
    if speed == "real":
        arcade.wait_for_text("step ")
    signum = end(arcade, how)
    assert_ended_by(arcade, signum)
    state_moves = saved_moves(arcade)
    assert state_moves is not None and len(state_moves) in (0, 2)  # before the move, or after the answer
    assert_saved_game(arcade, moves=len(state_moves))


@pytest.mark.parametrize("how", ["close", "term"])
@pytest.mark.parametrize("when", ["keyed", "leaving"])
def test_quitting(spawn, when: str, how: str) -> None:
    arcade = spawn("--game", GAME)
    start_game_as_black(arcade)
    arcade.press("\r")
    arcade.wait_for(lambda: len(saved_moves(arcade) or []) == 2, "the save after the HP-67's answer")
    arcade.press("\x11")
    if when == "leaving":
        arcade.wait_for(lambda: b"\x1b[?1049l" in arcade.output, "the terminal given back")
    signum = end(arcade, how)
    status = arcade.wait_exit()
    assert status is not None, "the arcade was still running 60 s after Ctrl+Q and the signal"
    assert status in {0, *signal_statuses(signum)}  # 0: the quit was through before the signal came
    assert_saved_game(arcade, moves=2)


@pytest.mark.parametrize("how", ["close", "term"])
@pytest.mark.parametrize("moment", ["its first move", "after yours"])
def test_mid_turn_of_the_cpc(spawn, moment: str, how: str) -> None:
    """Lazard's Othello in Locomotive BASIC: the CPC's first move at instant speed, or its answer at its own pace."""
    arcade = spawn("--game", "lazard-othello")
    arcade.wait_for_text("you start")
    arcade.press("b")  # the CPC plays Black: it thinks at once
    if moment == "after yours":
        arcade.wait_for_text("Your move")
        arcade.press("s")  # a real CPC's speed
        arcade.press("h")  # C3, a legal answer to D3
        arcade.press("\r")
        arcade.wait_for_text("The CPC runs")
    signum = end(arcade, how)
    assert_ended_by(arcade, signum)
    store = SaveStore(arcade.data_dir / "saves")
    if moment == "after yours":
        state = store.load("lazard-othello")  # a whole save that loads, with the moves made so far
        assert state is not None and 1 <= len(state["moves"]) <= 3
    else:
        store.load("lazard-othello")  # none yet, or one that loads
