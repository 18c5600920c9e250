"""The terminal closing (SIGHUP) or a polite kill (SIGTERM) at any moment ends a real arcade process (issue 16).

Each test runs ``python -m arcade`` on a pseudo-terminal that is its controlling terminal
(``pty_arcade.py``), brings it to a moment chosen by a condition (output arrived, a text on
the screen), closes the terminal or sends the signal, and waits (60 s at most: a bound, not a
measure) for the process to end: its exit status must say the signal, and a game in
progress must be saved (a save that loads).  The broad sweep over many moments is a soak
(``-m soak``).
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from arcade.storage.saves import SaveStore
from tests.arcade.pty_arcade import PtyArcade, signal_statuses

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="no SIGHUP on this platform")

HUP, TERM = (getattr(signal, "SIGHUP", 1), getattr(signal, "SIGTERM", 15))
GAME = "hp67-othello"
ENTERED_ALT_SCREEN = b"\x1b[?1049h"
"""What Textual's driver writes first as it starts."""
LEFT_ALT_SCREEN = b"\x1b[?1049l"
"""What Textual writes as it gives the terminal back (the screen as it was before the arcade)."""


@pytest.fixture
def spawn(arcade_data_dir: Path) -> Iterator[type[PtyArcade]]:
    started: list[PtyArcade] = []

    def start(*args: str, hangup_ignored: bool = False, env: dict[str, str] | None = None) -> PtyArcade:
        arcade = PtyArcade(arcade_data_dir, *args, hangup_ignored=hangup_ignored, env=env)
        started.append(arcade)
        return arcade

    yield start  # type: ignore[misc]
    for arcade in started:
        arcade.cleanup()


def save_path(arcade: PtyArcade) -> Path:
    return arcade.data_dir / "saves" / f"{GAME}.json"


def saved_moves(arcade: PtyArcade) -> list[object] | None:
    """The moves of the save on disk now (None: no save, or one being replaced)."""
    try:
        return json.loads(save_path(arcade).read_text())["state"]["moves"]
    except (OSError, ValueError, KeyError):
        return None


def start_game_as_black(arcade: PtyArcade) -> None:
    """The HP-67 plays White: the player's game starts, the cursor on d3 (a legal first move)."""
    arcade.wait_for_text("you start")
    arcade.press("w")
    arcade.wait_for_text("Your move")


def assert_ended_by(arcade: PtyArcade, signum: int, *, exactly: bool = True) -> int:
    status = arcade.wait_exit()
    assert status is not None, f"the arcade was still running 60 s after signal {signum}"
    expected = {128 + signum} if exactly else signal_statuses(signum)
    assert status in expected, f"exit status {status}, expected {sorted(expected)}: {arcade.text[-400:]!r}"
    return status


def assert_saved_game(arcade: PtyArcade, moves: int) -> None:
    state = SaveStore(arcade.data_dir / "saves").load(GAME)  # loads: a whole, readable save
    assert state is not None
    assert len(state["moves"]) == moves
    assert state["driver"]["machine_color"] == "WHITE"


# -- starting -------------------------------------------------------------------------------

@pytest.mark.soak  # the normal run keeps three: starting, mid-turn, a stuck loop
def test_a_signal_right_after_the_start_ends_it(spawn) -> None:
    """Sent as soon as the process exists (before Python, before the handlers, or after them)."""
    arcade = spawn("--game", GAME)
    arcade.send(HUP)
    assert_ended_by(arcade, HUP, exactly=False)
    assert not save_path(arcade).exists()


def test_the_terminal_closed_as_the_first_screen_is_drawn(spawn) -> None:
    """The issue's case: the window closed while the first screen comes up (Textual has just taken the screen)."""
    arcade = spawn("--game", GAME)
    arcade.wait_for(lambda: ENTERED_ALT_SCREEN in arcade.output, "Textual's driver started")
    arcade.close_terminal()
    assert_ended_by(arcade, HUP)


def test_the_terminal_closed_ends_an_arcade_started_with_hangups_ignored(spawn) -> None:
    """Started under ``nohup`` (SIGHUP inherited ignored): closing the terminal still saves the game and ends it."""
    arcade = spawn("--game", GAME, hangup_ignored=True)
    start_game_as_black(arcade)
    arcade.wait_for(lambda: saved_moves(arcade) == [], "the new game's save")
    save_path(arcade).unlink()
    arcade.close_terminal()
    assert_ended_by(arcade, HUP)
    assert_saved_game(arcade, moves=0)


@pytest.mark.soak  # the normal run keeps three: starting, mid-turn, a stuck loop
def test_sigterm_on_the_launcher_gives_the_terminal_back(spawn) -> None:
    arcade = spawn()
    arcade.wait_for_text("Choose a game")
    arcade.send(TERM)
    assert_ended_by(arcade, TERM)
    assert LEFT_ALT_SCREEN in arcade.output.rsplit(b"Choose a game", 1)[-1]  # the terminal given back


# -- playing --------------------------------------------------------------------------------

def test_sighup_mid_machine_turn_at_real_speed_saves_the_game(spawn) -> None:
    """The HP-67 thinks for half a minute at its own pace: the signal comes in the middle."""
    arcade = spawn("--game", GAME)
    start_game_as_black(arcade)
    arcade.wait_for(lambda: saved_moves(arcade) == [], "the new game's save")
    arcade.press("s")  # real HP-67 speed
    arcade.wait_for_text("Speed: real")
    arcade.press("\r")
    arcade.wait_for_text("step ")  # the progress of the machine's turn
    save_path(arcade).unlink()
    arcade.send(HUP)
    assert_ended_by(arcade, HUP)
    assert_saved_game(arcade, moves=0)  # as on Ctrl+Q mid-turn: the game as before the unanswered move


def main_thread_waits_on_a_lock(arcade: PtyArcade) -> bool:
    """Linux: the arcade's main thread (the event loop) sleeps on a futex, not in its select."""
    try:
        return "futex" in Path(f"/proc/{arcade.proc.pid}/wchan").read_text()
    except OSError:
        return False


@pytest.mark.skipif(not Path("/proc/self/wchan").exists(), reason="needs Linux's /proc/PID/wchan")
def test_sigterm_with_the_event_loop_stuck_on_a_terminal_nobody_reads(spawn) -> None:
    """The orderly quit cannot run (the loop waits to write): the watchdog ends it, the save intact."""
    arcade = spawn("--game", GAME)
    start_game_as_black(arcade)
    arcade.wait_for(lambda: saved_moves(arcade) == [], "the new game's save")
    arcade.press("s")
    arcade.wait_for_text("Speed: real")
    arcade.press("\r")
    arcade.wait_for_text("step ")
    # From now on nobody reads the terminal: the progress fills it, then Textual's queue, then the loop waits.
    arcade.wait_for(lambda: main_thread_waits_on_a_lock(arcade), "the event loop blocked", reading=False)
    arcade.send(TERM)
    status = arcade.proc.wait(60)  # not reading: only the watchdog can end it
    assert status == 128 + TERM
    assert_saved_game(arcade, moves=0)


# -- quitting -------------------------------------------------------------------------------

@pytest.mark.soak  # the normal run keeps three: starting, mid-turn, a stuck loop
def test_sigterm_while_quitting_ends_it_with_the_game_saved(spawn) -> None:
    arcade = spawn("--game", GAME)
    start_game_as_black(arcade)
    arcade.press("\r")
    arcade.wait_for(lambda: len(saved_moves(arcade) or []) == 2, "the save after the HP-67's answer")
    arcade.press("\x11")  # Ctrl+Q: save and quit...
    arcade.send(TERM)  # ...and a kill on top of it, before the quit is through
    status = arcade.wait_exit()
    assert status is not None, "the arcade was still running 60 s after Ctrl+Q and SIGTERM"
    assert status in {0, *signal_statuses(TERM)}  # 0: the quit was through before the signal came
    assert_saved_game(arcade, moves=2)



TERMINAL_GONE_WITH_SIGHUP_REPLACED = """
import asyncio, signal, sys, threading
from arcade.runtime import hangup

hangup.install()
signal.signal(signal.SIGHUP, signal.SIG_IGN)  # another handler took SIGHUP after the arcade's


async def main() -> None:
    asked = asyncio.Event()

    class App:
        def hang_up(self, signum: int) -> None:
            print("hang_up", signum, flush=True)
            asked.set()

    hangup.attach(App(), asyncio.get_running_loop())
    threading.Thread(target=hangup.terminal_gone).start()  # the driver's output thread meets EIO
    await asyncio.wait_for(asked.wait(), 60)
    hangup.detach()


asyncio.run(main())
sys.exit(hangup.exit_status())
"""


def test_the_terminal_gone_asks_the_app_to_hang_up_whoever_holds_sighup() -> None:
    """``terminal_gone`` (a write to the terminal failed) does not rely on the arcade's SIGHUP handler."""
    done = subprocess.run([sys.executable, "-c", TERMINAL_GONE_WITH_SIGHUP_REPLACED], capture_output=True,
                          text=True, timeout=120, cwd=Path(__file__).resolve().parents[2])
    assert done.stdout.split() == ["hang_up", str(HUP)], done.stderr
    assert done.returncode == 128 + HUP


def machine_hosts_of(pid: int) -> list[int]:
    """The machine host processes whose parent is ``pid`` (``python -m games.host``)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            command = (entry / "cmdline").read_bytes().split(b"\0")
        except (OSError, IndexError, ValueError):
            continue
        if parent == pid and b"games.host" in command:
            found.append(int(entry.name))
    return found


def running(pid: int) -> bool:
    """``pid`` exists and is not a zombie."""
    try:
        return (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_an_arcade_killed_mid_move_leaves_no_machine_host(spawn) -> None:
    """SIGKILL while the HP-67 records the player's move at its real pace (in the machine host, a
    process of its own): nothing is left running."""
    arcade = spawn("--game", GAME, env={"ARCADE_MACHINE_HOST": "process"})
    start_game_as_black(arcade)
    arcade.press("s")  # the real HP-67's pace: recording d3 takes it half a minute
    arcade.wait_for_text("real HP-67")
    arcade.press("\r")
    arcade.wait_for_text("records your move")
    hosts = machine_hosts_of(arcade.proc.pid)
    assert len(hosts) == 1 and running(hosts[0])
    arcade.send(signal.SIGKILL)
    arcade.proc.wait()
    deadline = time.monotonic() + 20  # a bound on the wait, not a measure: the host ends at once
    while running(hosts[0]) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not running(hosts[0]), "the machine host outlived the arcade"
