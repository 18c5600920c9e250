"""A suspended arcade (SIGTSTP, as a shell's job control sends it; ``fg`` sends SIGCONT) draws its
whole screen again when it comes back: the terminal's screen it takes back is empty.

A real arcade process on a pseudo-terminal (``pty_arcade.py``); every wait is on a condition
(output arrived, the process stopped) with a generous bound, never a fixed time.
"""

from __future__ import annotations

import signal
import sys
from pathlib import Path

import pytest

from tests.arcade.pty_arcade import ESCAPES, PtyArcade

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="job control signals, /proc")

LEFT_ALT_SCREEN = b"\x1b[?1049l"


def stopped(arcade: PtyArcade) -> bool:
    """The process is stopped (``T`` in ``/proc/PID/stat``): it has suspended itself."""
    try:
        stat = Path(f"/proc/{arcade.proc.pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[-1].split()[0] == "T"


def test_back_from_a_suspend_the_arcade_draws_the_whole_screen_again(arcade_data_dir: Path) -> None:
    """A game's screen: Textual drew only what changed after a resume (a blank terminal); the
    launcher happened to be drawn whole again."""
    arcade = PtyArcade(arcade_data_dir, "--game", "hp67-othello")
    try:
        arcade.wait_for_text("you start")
        arcade.press("w")  # the HP-67 plays White: the player's move
        arcade.wait_for_text("Your move")
        before = len(arcade.output)
        arcade.send(signal.SIGTSTP)
        arcade.wait_for(lambda: LEFT_ALT_SCREEN in arcade.output[before:], "the terminal given back")
        arcade.wait_for(lambda: stopped(arcade), "the arcade stopped", reading=False)
        back = len(arcade.output)
        arcade.send(signal.SIGCONT)

        def drawn_again() -> bool:
            words = ESCAPES.sub(b"", arcade.output[back:]).decode("utf-8", "replace").replace(" ", "")
            return all(w.replace(" ", "") in words for w in ("Othello on the HP-67", "a b c d e f g h", "Your move",
                                                             "Speed: instant", "Play"))

        arcade.wait_for(drawn_again, "the game drawn again whole: title, board, status, panel, footer")
        assert drawn_again() and not stopped(arcade) and arcade.proc.poll() is None  # back, and playing on
        arcade.press("\x1b[C")  # Right: the cursor moves, the game answers keys again
        arcade.wait_for(lambda: "cursor e3" in ESCAPES.sub(b"", arcade.output[back:]).decode("utf-8", "replace"),
                        "the cursor moved after the resume")
        assert arcade.proc.poll() is None
    finally:
        arcade.cleanup()
