"""Two real arcades on two pseudo-terminals: ``arcade host ti57-duel``, then ``arcade join`` with the line it shows.

As two people at two terminal windows would: the host's screen shows the line, the other
terminal types it, both key a start square and the duel is played to a capture, the machine
host a process of its own (``ARCADE_MACHINE_HOST`` unset).  Each waits on what its screen
shows, with generous bounds; nothing is timed.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.arcade.pty_arcade import PtyArcade

JOIN_LINE = re.compile(r"arcade join (127\.0\.0\.1:\d+) ([a-z0-9]{12})")


@pytest.fixture
def real_host(monkeypatch: pytest.MonkeyPatch) -> None:
    """The machine host as the arcade runs it: a process of its own."""
    monkeypatch.delenv("ARCADE_MACHINE_HOST", raising=False)


def test_two_arcades_play_a_duel_across_two_terminals(tmp_path: Path, real_host: None) -> None:
    host = PtyArcade(tmp_path / "host", "host", "ti57-duel", "--limit", "3")
    guest = None
    try:
        host.wait_for(lambda: JOIN_LINE.search(host.text), "the join line on the host's screen")
        match = JOIN_LINE.search(host.text)
        assert match is not None
        guest = PtyArcade(tmp_path / "guest", "join", match.group(1), match.group(2))
        guest.wait_for_text("you are Player 2")
        host.wait_for_text("Player 2 has joined")
        host.press("\r")  # Player 1 keys 4.4
        guest.wait_for_text("Player 1 has keyed a start square")
        guest.press("8")  # the cursor up: 4.5
        guest.wait_for_text("Cursor on 4.5")
        guest.press("\r")
        host.wait_for_text("Player 1: your move")
        assert "4.5" not in host.text  # Player 2's square never reached the host's terminal
        host.press("8")  # N: 4.4 -> 4.5, onto Player 2
        host.wait_for_text("Player 1 captured")
        guest.wait_for_text("Player 1 captured")
        host.press("\x11")  # Ctrl+Q: the game ends for both (a finished duel leaves no save)
        assert host.wait_exit() == 0
        guest.wait_for_text("The game has ended")
        guest.press("\x11")
        assert guest.wait_exit() == 0
        assert "Traceback" not in host.text + guest.text
        assert not (tmp_path / "host" / "saves" / "ti57-duel-net.json").exists()
    finally:
        host.cleanup()
        if guest is not None:
            guest.cleanup()
