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
driver unchanged, but for a key read, which tells the app's ``Attention`` at once, and a frame,
which the event loop hands to the output thread and waits for until it is on the terminal
(``HAND_OVER`` at most): left to compete for the interpreter with the loop, it came late.
"""

from __future__ import annotations

import os
import sys
import termios
import threading
import time
from typing import Any, Callable, TextIO

from textual import events

from arcade.runtime import hangup
from arcade.runtime.textual_compat import LinuxDriverHooks
from arcade.switching import collect_middle_when_due

STOP_LIMIT = 2.0
"""Seconds closing waits for the output thread (a terminal that nobody reads blocks it)."""

HAND_OVER = 0.003
"""Longest the event loop waits, after handing a frame to the output thread, for it to be on the terminal."""

RESET = "\x1b[<u\x1b[?1049l\x1b[?25h\x1b[?1004l\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l\x1b[?2004l\x1b[?7h"
"""What a hard exit writes to a terminal still there: keys, screen, cursor, focus, mouse, paste, wrap as before."""


class NumberedWrite(str):
    """A driver's write with its number in the app's count of them (``Attention.frames``): the output
    thread tells which write a flush put out, whatever was lost before (a suspend's queue)."""

    number = 0


class SturdyFile:
    """The terminal's file for the output thread: a write that fails is dropped, never raised.

    The first failure calls ``gone`` (once); everything written after it is dropped."""

    def __init__(self, file: TextIO, gone: Callable[[], None], flushed: Callable[[], None] | None = None) -> None:
        self._file = file
        self._gone = gone
        self._flushed = flushed  # after each flush that went through: what was written is on the terminal
        self.broken = False
        self.written = 0
        """The number of the last ``NumberedWrite`` written (0: none yet)."""

    def _failed(self) -> None:
        if not self.broken:
            self.broken = True
            self._gone()

    def write(self, text: str) -> int:
        if isinstance(text, NumberedWrite):
            self.written = text.number
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
                return
            if self._flushed is not None:
                self._flushed()

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
        self.output = SturdyFile(sys.__stderr__, hangup.terminal_gone, self._frame_out)  # type: ignore[arg-type]
        self.set_output_file(self.output)
        self._suspended = False
        self._written_at = float("-inf")  # when the event loop last handed a frame to the output thread
        self._out = threading.Condition()
        self._flushed = 0  # the number of the last write flushed to the terminal (``_frame_out``)

    def process_message(self, message: Any) -> None:
        """In the input thread: a key parks the machines' jobs at once (``arcade/attention.py``),
        before the event loop, which may be waiting for the interpreter, has even seen it."""
        if isinstance(message, events.Key):
            attention = getattr(self._app, "attention", None)
            if attention is not None:
                attention.key_arrived(message.time)
        super().process_message(message)

    def write(self, data: str) -> None:
        """On the event loop: a frame (or part of one) goes to the output thread, numbered in the
        app's count of writes (the output thread tells which is out: ``_frame_out``)."""
        self._written_at = time.monotonic()
        attention = getattr(self._app, "attention", None)
        if attention is None:
            super().write(data)
            return
        attention.frame_written()
        data = NumberedWrite(data)
        data.number = attention.frames
        super().write(data)
        self._hand_over(data.number)

    def _hand_over(self, number: int) -> None:
        """Wait until write ``number`` is on the terminal (``HAND_OVER`` at most, none if the terminal is gone).

        The output thread needs the interpreter to write, and the event loop, going on with its next
        messages, kept it: traced, a key's frame reached the terminal 1-3.6 ms after it was drawn,
        the loop drawing the next frame meanwhile.  Waiting here, the loop lets the thread have
        it at once; the thread's own work (~0.1-0.3 ms) had to be done on the same interpreter anyway."""
        writer = self._writer_thread
        if not isinstance(writer, threading.Thread) or not writer.is_alive() or self._file.broken:
            return
        with self._out:
            self._out.wait_for(lambda: self._flushed >= number or self._file.broken, HAND_OVER)

    def _frame_out(self) -> None:
        """In the output thread, once a frame is on the terminal: the jobs waiting for it go on
        (``Attention.written_out``), and a collection of the middle generation that is due runs
        now, unless a key is on its way that this frame does not show (the collection waits for a
        later frame out)."""
        with self._out:
            self._flushed = self._file.written
            self._out.notify_all()  # the event loop, if it waits (``_hand_over``), goes on
        attention = getattr(self._app, "attention", None)
        if attention is not None:
            attention.written_out(self._file.written)
        if attention is None or attention.frame_shows_keys(self._written_at):
            collect_middle_when_due()

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
