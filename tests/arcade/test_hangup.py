"""The terminal closing: a real arcade process on a pseudo-terminal gets SIGHUP and saves its game."""

from __future__ import annotations

import fcntl
import json
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="no SIGHUP on this platform")


def _drain(fd: int, seconds: float) -> bytes:
    """What the terminal received within ``seconds`` (select wakes on output: no fixed sleep)."""
    out = b""
    end = time.monotonic() + seconds
    while (left := end - time.monotonic()) > 0:
        ready, _, _ = select.select([fd], [], [], left)
        if not ready:
            break
        try:
            chunk = os.read(fd, 65536)
        except BlockingIOError:
            continue
        except OSError:  # the child closed its side of the terminal
            break
        if not chunk:
            break
        out += chunk
    return out


def _drain_until(fd: int, marker: bytes, timeout: float = 60.0) -> bytes:
    """Read the terminal until ``marker`` has been written to it (the app got there), or fail."""
    out = b""
    deadline = time.monotonic() + timeout
    while marker not in out:
        if time.monotonic() >= deadline:  # a bound on the wait, not a measure
            raise TimeoutError(f"{marker!r} never reached the terminal")
        out += _drain(fd, 0.1)
    return out


def test_sighup_saves_the_open_game_and_quits(arcade_data_dir: Path) -> None:
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    os.set_blocking(master, False)
    env = {**os.environ, "TERM": "xterm-256color", "ARCADE_DATA_DIR": str(arcade_data_dir),
           "ARCADE_CONFIG_DIR": str(arcade_data_dir / "config")}
    proc = subprocess.Popen([sys.executable, "-m", "arcade", "--game", "hp67-othello"],
                            stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True)
    os.close(slave)
    save = arcade_data_dir / "saves" / "hp67-othello.json"
    try:
        _drain_until(master, b"you start")  # the side question is on the screen
        os.write(master, b"w")  # the HP-67 plays White: the player's game starts
        _drain_until(master, b"Your move")
        save.unlink(missing_ok=True)  # whatever was saved so far: only the hang-up may write it now
        proc.send_signal(signal.SIGHUP)
        deadline = time.monotonic() + 60  # a bound on a wait that would never end, not a measure
        while proc.poll() is None and time.monotonic() < deadline:
            _drain(master, 0.2)
        assert proc.poll() is not None, "the arcade did not quit on SIGHUP"
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
    envelope = json.loads(save.read_text())
    assert envelope["game"] == "hp67-othello"
    driver = envelope["state"]["driver"]
    assert driver["machine_color"] == "WHITE" and driver["new_game_keys"] == ["DSP 1", "E", "CHS", "R/S"]
