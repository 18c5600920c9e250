"""An arcade under Textual's web driver ends as one in a terminal does (issue 42; ``arcade/runtime/web_driver.py``).

Each test runs ``python -m arcade`` with the environment textual-serve gives its children and
speaks the web driver's packet protocol on its pipes (``web_pipes.py``; no server, no new
package): the server gone (end of input), a broken output, SIGTERM and the server's "quit"
each save the game in progress and end the process with the status a terminal's hang-up
(129) or SIGTERM (143) gives, with no traceback and no process of its session left behind.
"""

from __future__ import annotations

import json
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from arcade.storage.saves import SaveStore
from tests.arcade.pty_arcade import WAIT
from tests.arcade.web_pipes import WebArcade

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="no SIGHUP on this platform")

HUP, TERM = (getattr(signal, "SIGHUP", 1), getattr(signal, "SIGTERM", 15))
GAME = "hp67-othello"


@pytest.fixture
def spawn(arcade_data_dir: Path) -> Iterator[type[WebArcade]]:
    started: list[WebArcade] = []

    def start(*args: str) -> WebArcade:
        arcade = WebArcade(arcade_data_dir, *args)
        started.append(arcade)
        return arcade

    yield start  # type: ignore[misc]
    for arcade in started:
        arcade.cleanup()


def save_path(arcade: WebArcade) -> Path:
    return arcade.data_dir / "saves" / f"{GAME}.json"


def saved_moves(arcade: WebArcade) -> list[object] | None:
    try:
        return json.loads(save_path(arcade).read_text())["state"]["moves"]
    except (OSError, ValueError, KeyError):
        return None


def game_under_way(arcade: WebArcade) -> None:
    """The HP-67 plays White, the player's game saved; the save is then removed, for the end to write again."""
    arcade.wait_for_text("you start")
    arcade.press("w")
    arcade.wait_for_text("Your move")
    arcade.wait_for(lambda: saved_moves(arcade) == [], "the new game's save")
    save_path(arcade).unlink()


def session_processes(leader: int) -> list[int]:
    """The processes still in the session the arcade led (the driver starts one: ``os.setsid``)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[3]) == leader and fields[0] != "Z":  # fields after the name: state, ppid, pgrp, session
            found.append(int(stat.parent.name))
    return found


def assert_ended(arcade: WebArcade, status: int) -> None:
    ended = arcade.wait_exit()
    assert ended is not None, "the arcade was still running 60 s after its end was asked"
    assert ended == status, f"exit status {ended}, expected {status}: {arcade.errors[-800:]!r}"
    assert b"Traceback" not in arcade.errors and b"Error" not in arcade.errors, arcade.errors.decode(errors="replace")
    state = SaveStore(arcade.data_dir / "saves").load(GAME)
    assert state is not None and state["moves"] == [], "the game in progress was not saved"
    if Path("/proc/self/stat").exists():
        deadline = time.monotonic() + WAIT
        while (left := session_processes(arcade.proc.pid)) and time.monotonic() < deadline:  # a bound
            time.sleep(0.1)
        assert not left, f"processes of the arcade's session left behind: {left}"


def test_the_server_gone_ends_the_arcade_as_a_hang_up(spawn) -> None:
    """The server killed (-9): the arcade's input ends; it saves and ends with 129, as on a terminal's hang-up."""
    arcade = spawn("--game", GAME)
    game_under_way(arcade)
    arcade.end_input()
    assert_ended(arcade, 128 + HUP)


def test_sigterm_saves_and_ends_with_143(spawn) -> None:
    """Textual's web driver put its own handler (an exit with 0, nothing saved) over the arcade's."""
    arcade = spawn("--game", GAME)
    game_under_way(arcade)
    arcade.signal(TERM)
    assert_ended(arcade, 128 + TERM)
    assert any(meta.get("type") == "exit" for meta in arcade.metas), "the driver's last word (exit) was not sent"


def test_a_broken_output_ends_the_arcade_without_a_traceback(spawn) -> None:
    """Nobody reads the output any more (the server gone, its pipe broken): the next frame's write fails."""
    arcade = spawn("--game", GAME)
    game_under_way(arcade)
    arcade.close_output()
    arcade.press("\x1b[C")  # a key: the cursor moves, a frame is written to the broken pipe
    assert_ended(arcade, 128 + HUP)


def test_the_servers_quit_saves_and_ends_as_a_hang_up(spawn) -> None:
    """textual-serve sends "quit" when the tab closes or the server stops: saved, 129, the exit meta sent."""
    arcade = spawn("--game", GAME)
    game_under_way(arcade)
    arcade.meta(type="quit")
    assert_ended(arcade, 128 + HUP)
    assert any(meta.get("type") == "exit" for meta in arcade.metas)


def test_sigint_is_left_to_the_server(spawn) -> None:
    """The server's terminal's Ctrl+C: the server ends its sessions itself; the arcade plays on meanwhile."""
    arcade = spawn("--game", GAME)
    game_under_way(arcade)
    arcade.signal(signal.SIGINT)
    drawn = len(arcade.screen)
    arcade.press("\x1b[C")  # the cursor moves: a new frame
    arcade.wait_for(lambda: len(arcade.screen) > drawn, "a frame after SIGINT")
    arcade.meta(type="quit")
    assert_ended(arcade, 128 + HUP)
