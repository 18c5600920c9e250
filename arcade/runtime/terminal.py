"""Textual's Linux driver, made to survive a terminal that goes away (its window closed).

Textual 8.2.8's driver, when the terminal hangs up, goes wrong in two ways that together
kept the arcade alive forever with no terminal (issue 16):

- The kernel sends SIGCONT with SIGHUP, and the driver answers every SIGCONT by starting
  application mode again (meant for coming back from Ctrl+Z), whether it was suspended
  or not: a second output thread and a second input thread, on a terminal that is gone.
- Its output thread dies on the first write that fails (``EIO`` once the terminal is
  gone); the event loop then fills the thread's queue (30 writes) and waits forever on
  the next ``write``, so nothing that needs the loop (the hang-up's save and quit, a
  SIGTERM) can run again.

``ArcadeDriver`` resumes only after a suspend and only onto a terminal that is still
there; its output goes through ``SturdyFile``, which drops what a terminal cannot take
(and tells ``arcade.runtime.hangup``, which treats it as a hang-up), so the output thread lives
on; closing waits for that thread ``STOP_LIMIT`` seconds at most.  What this needs of the
driver's private parts (its output file, its output thread's end, its SIGTSTP handler) is in
``arcade/runtime/textual_compat.py`` (``LinuxDriverHooks``).  The rest is Textual's
driver unchanged.
"""

from __future__ import annotations

import os
import sys
import termios
from typing import Any, Callable, TextIO

from arcade.runtime import hangup
from arcade.runtime.textual_compat import LinuxDriverHooks

STOP_LIMIT = 2.0
"""Seconds closing waits for the output thread (a terminal that nobody reads blocks it)."""

RESET = "\x1b[<u\x1b[?1049l\x1b[?25h\x1b[?1004l\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l\x1b[?2004l\x1b[?7h"
"""What a hard exit writes to a terminal still there: keys, screen, cursor, focus, mouse, paste, wrap as before."""


class SturdyFile:
    """The terminal's file for the output thread: a write that fails is dropped, never raised.

    The first failure calls ``gone`` (once); everything written after it is dropped."""

    def __init__(self, file: TextIO, gone: Callable[[], None]) -> None:
        self._file = file
        self._gone = gone
        self.broken = False

    def _failed(self) -> None:
        if not self.broken:
            self.broken = True
            self._gone()

    def write(self, text: str) -> int:
        if not self.broken:
            try:
                self._file.write(text)
            except (OSError, ValueError):  # EIO: the terminal is gone; ValueError: its file was closed
                self._failed()
        return len(text)

    def flush(self) -> None:
        if not self.broken:
            try:
                self._file.flush()
            except (OSError, ValueError):
                self._failed()

    def fileno(self) -> int:
        return self._file.fileno()

    def isatty(self) -> bool:
        try:
            return self._file.isatty()
        except (OSError, ValueError):
            return False


class ArcadeDriver(LinuxDriverHooks):
    """The Linux driver, with ``SturdyFile`` output and a resume only after a suspend, onto a terminal."""

    def __init__(self, app: Any, **options: Any) -> None:
        super().__init__(app, **options)
        self.output = SturdyFile(sys.__stderr__, hangup.terminal_gone)  # type: ignore[arg-type]
        self.set_output_file(self.output)
        self._suspended = False

    def start_application_mode(self) -> None:
        hangup.on_hard_exit(self.restore_terminal)
        super().start_application_mode()

    def stop_application_mode(self) -> None:
        super().stop_application_mode()
        hangup.on_hard_exit(None)

    def suspend_application_mode(self) -> None:
        self._suspended = True
        super().suspend_application_mode()

    def resume_application_mode(self) -> None:
        if not self._suspended or not self._terminal_there():
            return  # a SIGCONT that is no come-back from Ctrl+Z (one comes with every hang-up)
        self._suspended = False
        super().resume_application_mode()

    def close(self) -> None:
        """End the output thread, waiting ``STOP_LIMIT`` seconds at most (a daemon thread: it may be left)."""
        self.end_output_thread(STOP_LIMIT)

    def _terminal_there(self) -> bool:
        try:
            return os.isatty(self.fileno)
        except OSError:
            return False

    def restore_terminal(self, note: str) -> None:
        """For a hard exit: the terminal's modes as before the app, and ``note``, if the terminal is still there."""
        if not self._terminal_there():
            return
        if self.attrs_before is not None:
            try:
                termios.tcsetattr(self.fileno, termios.TCSANOW, self.attrs_before)
            except termios.error:
                pass
        os.write(self.output.fileno(), f"{RESET}\n{note}\n".encode())
