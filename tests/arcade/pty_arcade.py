"""A real arcade process on a pseudo-terminal that is its controlling terminal, as in a terminal window.

Closing the terminal (``close_terminal``) is what closing the window does: the kernel hangs
the terminal up and sends SIGHUP (and SIGCONT) to the arcade, the session's leader; every
later write to the terminal fails with EIO.  The arcade starts with SIGHUP at its default,
whatever the suite inherited (run under ``nohup``, SIGHUP is ignored and exec keeps it so),
unless a test asks for it ignored (``hangup_ignored``).  Every wait is on a condition (output arrived,
a text shown, the process ended) with a generous bound, never a fixed time.
"""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[2]
POLL = 0.05
"""Seconds between two looks at a condition when the terminal is left unread."""
WAIT = 60.0
"""Seconds any wait is bounded by: generous (a loaded machine is slow); nothing here measures time."""

BOOT = (
    "import fcntl, os, sys, termios\n"
    "os.setsid()\n"  # a session of its own, led by the arcade (exec keeps the process)...
    "fcntl.ioctl(0, termios.TIOCSCTTY, 0)\n"  # ...whose controlling terminal is the pty
    "os.execv(sys.executable, [sys.executable, '-m', 'arcade', *sys.argv[1:]])\n"
)
ESCAPES = re.compile(rb"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-Z\\-_])")


def signal_statuses(signum: int) -> set[int]:
    """The exit statuses that say "ended by ``signum``": 128 + it (the arcade's own), or killed by it."""
    return {128 + signum, -signum}


class PtyArcade:
    """``python -m arcade ARGS`` on a pty of ``size`` (columns, rows), its saves in ``data_dir``."""

    def __init__(self, data_dir: Path, *args: str, size: tuple[int, int] = (100, 32),
                 hangup_ignored: bool = False, env: dict[str, str] | None = None) -> None:
        self.data_dir = data_dir
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0], 0, 0))
        os.set_blocking(self.master, False)
        env = {**os.environ, "TERM": "xterm-256color", "ARCADE_DATA_DIR": str(data_dir),
               "ARCADE_CONFIG_DIR": str(data_dir / "config"), **(env or {})}
        env.pop("TEXTUAL_DRIVER", None)
        disposition = signal.SIG_IGN if hangup_ignored else signal.SIG_DFL
        self.proc = subprocess.Popen([sys.executable, "-c", BOOT, *args], stdin=slave, stdout=slave,
                                     stderr=slave, env=env, cwd=ROOT, close_fds=True,
                                     preexec_fn=lambda: signal.signal(signal.SIGHUP, disposition))
        os.close(slave)
        self.output = b""
        self.closed = False

    # -- reading the terminal ------------------------------------------------------------

    def read(self, bound: float = 0.1) -> bytes:
        """What the terminal received within ``bound`` seconds (returns as soon as something came)."""
        if self.closed:
            return b""
        chunk = b""
        ready, _, _ = select.select([self.master], [], [], bound)
        if ready:
            try:
                chunk = os.read(self.master, 65536)
            except (BlockingIOError, InterruptedError):
                pass
            except OSError:  # EIO: no process has the terminal open any more
                pass
        self.output += chunk
        return chunk

    @property
    def text(self) -> str:
        """The output so far without its escape sequences (the words the screens drew)."""
        return ESCAPES.sub(b"", self.output).decode("utf-8", "replace")

    def wait_for(self, predicate: Callable[[], object], what: str, timeout: float = WAIT, *,
                 reading: bool = True) -> None:
        """Read the terminal until ``predicate()`` holds; fail (with the last words seen) otherwise.

        ``reading=False``: look again every ``POLL`` seconds, leaving the terminal unread."""
        deadline = time.monotonic() + timeout
        while not predicate():
            if self.proc.poll() is not None and not (reading and self.read(0)):
                raise AssertionError(f"the arcade ended ({self.proc.returncode}) before {what}: {self.text[-600:]!r}")
            if time.monotonic() >= deadline:  # a bound on a wait that would never end, not a measure
                raise TimeoutError(f"never happened: {what}; the screen ended with {self.text[-600:]!r}")
            if reading:
                self.read()
            else:
                select.select([], [], [], POLL)

    def wait_for_text(self, words: str, timeout: float = WAIT) -> None:
        squeezed = words.replace(" ", "")
        self.wait_for(lambda: words in self.text or squeezed in self.text.replace(" ", ""), repr(words), timeout)

    def wait_for_bytes(self, count: int, timeout: float = WAIT) -> None:
        self.wait_for(lambda: len(self.output) >= count, f"{count} bytes of output", timeout)

    def press(self, keys: str | bytes) -> None:
        os.write(self.master, keys.encode() if isinstance(keys, str) else keys)

    # -- ending ----------------------------------------------------------------------------

    def close_terminal(self) -> None:
        """Close the window: the kernel hangs the terminal up and sends SIGHUP to the arcade."""
        if not self.closed:
            self.closed = True
            os.close(self.master)

    def send(self, signum: int) -> None:
        self.proc.send_signal(signum)

    def wait_exit(self, timeout: float = WAIT) -> int | None:
        """The exit status, reading the terminal meanwhile (a full terminal would block the arcade);
        None if the process is still there after ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while self.proc.poll() is None and time.monotonic() < deadline:  # a bound, not a measure
            if self.closed:
                try:
                    self.proc.wait(0.2)
                except subprocess.TimeoutExpired:
                    pass
            else:
                self.read(0.2)
        return self.proc.poll()

    def cleanup(self) -> None:
        """Teardown: a process still there is killed (the test has failed already), the pty closed."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()
        if not self.closed:
            self.closed = True
            os.close(self.master)
