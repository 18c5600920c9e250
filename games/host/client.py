"""The screen's side of a machine host: start it, send it requests, hear its news on a thread.

``HostClient`` starts ``python -m games.host`` as a child process (or, for tests that do
not test the process itself, a host in a thread of this one: the same server, the same
wire).  News is handed to ``on_news`` from the client's reader thread, in order; a host
that ends unasked is reported once as ``HostGone``.  Closing the client ends the host
within ``CLOSE_WAIT`` seconds, by asking, then by SIGKILL.
"""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
import threading
from typing import Any, Callable

from games.host.news import Close, HostGone, Open, Pace, Request, Stop
from games.host.wire import Wire, WireClosed

CLOSE_WAIT = 1.0
"""Seconds a closing screen gives its host to end before it is killed."""


class HostClient:
    """One machine host and the pipe to it."""

    def __init__(self, on_news: Callable[[Any], None], *, own_process: bool = True) -> None:
        self.on_news = on_news
        self.own_process = own_process
        self.process: subprocess.Popen[bytes] | None = None
        self.wire: Wire | None = None
        self._serials = itertools.count(1)
        self._closing = False
        self._reader: threading.Thread | None = None
        self._host_thread: threading.Thread | None = None
        self.host: Any = None
        """The host itself when it runs in a thread of this process (a test may look at its table)."""

    # -- life -------------------------------------------------------------------------------

    def start(self) -> None:
        """Start the host (call it from a thread that lives as long as the screen: on Linux the
        kernel ends the host when the thread that started it ends)."""
        if self.own_process:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "games.host", str(os.getpid())],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, close_fds=True,
                env={**os.environ, "PYTHONUNBUFFERED": "1"},
            )
            assert self.process.stdin is not None and self.process.stdout is not None
            self.wire = Wire(self.process.stdout.fileno(), self.process.stdin.fileno())
        else:
            from games.host.server import Host

            to_host_r, to_host_w = os.pipe()
            to_screen_r, to_screen_w = os.pipe()
            host = self.host = Host(Wire(to_host_r, to_screen_w), own_process=False)
            self._host_thread = threading.Thread(target=self._run_in_thread, args=(host,), name="host", daemon=True)
            self._host_thread.start()
            self.wire = Wire(to_screen_r, to_host_w)
        self._reader = threading.Thread(target=self._read, name="host-news", daemon=True)
        self._reader.start()

    @staticmethod
    def _run_in_thread(host: Any) -> None:
        try:
            host.read()
        finally:
            host.wire.close()

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process is not None else None

    @property
    def running(self) -> bool:
        if self._closing or self.wire is None:
            return False
        if self.process is not None:
            return self.process.poll() is None
        return self._host_thread is not None and self._host_thread.is_alive()

    def close(self, wait: float = CLOSE_WAIT) -> None:
        """End the host: asked first, killed if it has not ended within ``wait`` seconds."""
        if self._closing:
            return
        self._closing = True
        if self.wire is not None:
            try:
                self.wire.send(Close())
            except WireClosed:
                pass
        if self.process is not None:
            try:
                self.process.wait(wait)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        elif self._host_thread is not None:
            self._host_thread.join(wait)
        # the reader sees the end of the pipe now; its descriptors are closed only once it has ended
        if self._reader is not None and self._reader is not threading.current_thread():
            self._reader.join(wait)
        if self._reader is None or not self._reader.is_alive():
            if self.process is not None:
                for pipe in (self.process.stdin, self.process.stdout):
                    if pipe is not None:
                        try:
                            pipe.close()
                        except OSError:
                            pass
            elif self.wire is not None:
                self.wire.close()

    # -- requests -----------------------------------------------------------------------------

    def _send(self, message: Any) -> bool:
        if self.wire is None or self._closing:
            return False
        try:
            self.wire.send(message)
        except WireClosed:
            return False  # the reader reports the host's end
        return True

    def open(self, game: str, *, serial: int | None = None, **options: Any) -> int:
        serial = self.new_serial() if serial is None else serial
        self._send(Open(serial, game, options))
        return serial

    def request(self, name: str, *args: Any, **kwargs: Any) -> int:
        """Send a request; its ``Answer`` (and any news before it) carries the serial returned."""
        serial = self.new_serial()
        self.send_request(serial, name, args, kwargs)
        return serial

    def new_serial(self) -> int:
        """A serial for a request to send next (to note what it is before its news can come back)."""
        return next(self._serials)

    def send_request(self, serial: int, name: str, args: tuple[Any, ...] = (), kwargs: dict[str, Any] | None = None) -> None:
        self._send(Request(serial, name, args, dict(kwargs or {})))

    def pace(self, *, paused: bool | None = None, instant: bool | None = None) -> None:
        self._send(Pace(paused=paused, instant=instant))

    def stop(self, serial: int) -> None:
        self._send(Stop(serial))

    # -- news ---------------------------------------------------------------------------------

    def _read(self) -> None:
        assert self.wire is not None
        why = ""
        while True:
            try:
                news = self.wire.recv()
            except (WireClosed, EOFError, OSError) as error:
                why = str(error)
                break
            except Exception as error:  # noqa: BLE001 - a message that does not unpickle ends the host's news
                why = f"{type(error).__name__}: {error}"
                break
            self.on_news(news)
        if self._closing:
            return
        exitcode = None
        if self.process is not None:
            try:
                exitcode = self.process.wait(CLOSE_WAIT)
            except subprocess.TimeoutExpired:
                self.process.kill()
                exitcode = self.process.wait()
        self.on_news(HostGone(exitcode, why))
