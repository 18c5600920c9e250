"""Textual's web driver (the one textual-serve runs its children under), made to end like a terminal.

Under Textual 8.2.8's ``WebDriver`` an arcade served in a browser did not end as one in a
terminal does (issue 42):

- its input thread stops at the end of its input (the server gone, killed) without telling
  the app, which then ran on for ever with nobody to play it;
- it puts a handler of its own on SIGTERM, over the arcade's save-and-quit
  (``arcade/runtime/hangup.py``): a polite kill ended it with status 0;
- a write to an output nobody reads any more (the server gone) raised ``BrokenPipeError``
  on the event loop, which ended in a traceback.

``ArcadeWebDriver`` takes each of them the arcade's way: the end of input, a write that
fails, and the server's "quit" (the browser's tab closed, the server stopping) are a
hang-up (``hangup.terminal_gone``: every open game saved, status 129); SIGTERM goes back
to ``arcade.runtime.hangup`` (saved, status 143); once the output is gone, stdout and stderr go to
``/dev/null`` so that nothing written later (a last frame, Python's flush at exit) can fail.

The session is the server's, not its terminal's: the driver starts a session of its own
(``os.setsid``), so the server's Ctrl+C (or Ctrl+Z) reaches the server only, which closes
its sessions itself (``arcade/web/server.py``).  Only public names of Textual are used.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import threading
from typing import Any

from textual.drivers.web_driver import WebDriver

from arcade.runtime import hangup


class ArcadeWebDriver(WebDriver):
    """Textual's web driver whose input's end, output's loss, "quit" and SIGTERM save and end the arcade."""

    def __init__(self, app: Any, **options: Any) -> None:
        super().__init__(app, **options)
        self._gone = threading.Event()  # the server is gone (no input, or the output broke)

    # -- the session's end ---------------------------------------------------------------

    def _server_gone(self) -> None:
        """Nobody reads or writes this session any more: as if its terminal had hung up (once).

        Without ``arcade.runtime.hangup`` (a test running the app itself) the app is asked to exit."""
        if self._gone.is_set():
            return
        self._gone.set()
        _silence_output()
        if hangup.installed():
            hangup.terminal_gone()
        else:
            super().on_meta("quit", {})

    def run_input_thread(self) -> None:
        """Textual's input loop; when it ends and the app did not stop it, the server is gone."""
        try:
            super().run_input_thread()
        finally:
            if not self.exit_event.is_set():
                self._server_gone()

    def on_meta(self, packet_type: str, payload: dict[str, object]) -> None:
        """The server's "quit" (its tab closed, or the server stopping) is a hang-up: saved, status 129."""
        if packet_type == "quit" and hangup.installed():
            hangup.terminal_gone()
            return
        super().on_meta(packet_type, payload)

    # -- signals -------------------------------------------------------------------------

    def start_application_mode(self) -> None:
        """Textual's start, then SIGTERM given back to ``arcade.runtime.hangup`` and SIGINT to the server."""
        try:
            os.setsid()  # a session of our own: the server's terminal's keys reach the server only
        except OSError:  # already a session's leader (a test may start it so)
            pass
        try:
            super().start_application_mode()
        except OSError:  # the server went away before the first frame
            self._server_gone()
        if sys.platform == "win32":
            return
        loop = asyncio.get_running_loop()
        for number in (signal.SIGTERM, signal.SIGINT):
            loop.remove_signal_handler(number)  # Textual's: an exit that saves nothing, status 0
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server ends its sessions (a "quit")
        hangup.reclaim()

    def stop_application_mode(self) -> None:
        try:
            super().stop_application_mode()
        except OSError:
            self._server_gone()

    # -- output --------------------------------------------------------------------------

    def write(self, data: str) -> None:
        if self._gone.is_set():
            return
        try:
            super().write(data)
        except OSError:  # BrokenPipeError: the server is gone
            self._server_gone()

    def write_meta(self, data: dict[str, object]) -> None:
        if self._gone.is_set():
            return
        try:
            super().write_meta(data)
        except OSError:
            self._server_gone()

    def write_binary_encoded(self, data: tuple[str | bytes, ...]) -> None:
        if self._gone.is_set():
            return
        try:
            super().write_binary_encoded(data)
        except OSError:
            self._server_gone()


def _silence_output() -> None:
    """stdout and stderr to ``/dev/null``: the pipes to a server that is gone would only fail."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
    except OSError:
        return
    for stream in (sys.__stdout__, sys.__stderr__):
        try:
            if stream is not None:
                os.dup2(null, stream.fileno())
        except (OSError, ValueError):
            pass
    os.close(null)
