"""The host's side of the pipe: read requests, run them one at a time, send news.

The main thread reads the pipe; a worker thread runs the requests in order.  So a
``Pace`` or a ``Stop`` is acted on at once, even while a machine runs: the running
``Job`` sees it at its next slice.  ``Close`` (or the pipe's end) stops the request
running, and those still queued are answered ``stopped`` without running: a host in a
thread of a test's process leaves no machine turning.  The host never outlives the
screen's process: the end of the pipe (the screen's process gone, whatever killed it)
ends it, and on Linux the kernel sends it SIGKILL when the thread that started it ends
(``PR_SET_PDEATHSIG``), in case anything else kept the pipe open.
"""

from __future__ import annotations

import ctypes
import os
import pickle
import queue
import signal
import sys
import threading
import traceback
from typing import Any

from games.host.job import Job, JobStopped, Pacing
from games.host.news import Answer, Close, Open, Pace, Request, Started, Stop
from games.host.tables import Table, open_table, run_request, table_class
from games.host.wire import Wire, WireClosed
from games.session import Refused

OPEN_WAIT = 30.0
"""Seconds an at-once request waits for its table to be built (a bound, never reached in practice)."""
STOP_WAIT = 2.0
"""Seconds the host gives a running request to stop when the screen goes."""
PR_SET_PDEATHSIG = 1
"""``prctl`` option (linux/prctl.h): the signal the kernel sends this process when its parent ends."""


def die_with_parent(parent: int) -> None:
    """Ask the kernel for SIGKILL when the parent ends (Linux); then check it has not already ended."""
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):
            pass  # the end of the pipe still ends the host
    if os.getppid() != parent:
        os._exit(0)  # the parent ended before the request for a signal was made


class Host:
    """One table and the requests on their way to it."""

    def __init__(self, wire: Wire, *, own_process: bool = True) -> None:
        self.wire = wire
        self.own_process = own_process  # False: a host in a thread of a test's process
        self.pacing = Pacing()
        self.table: Table | None = None
        self._send_lock = threading.Lock()
        self._queue: queue.Queue[Open | Request | None] = queue.Queue()
        self._stopped: set[int] = set()  # serials stopped before they ran
        self._job: Job | None = None
        self._job_lock = threading.Lock()
        self._closed = False  # the screen is done: nothing more runs (under ``_job_lock``)
        self.worker: threading.Thread | None = None
        self._at_once: frozenset[str] = frozenset()  # the opened table's AT_ONCE, known as the Open arrives
        self._opened = threading.Event()  # the table is built (or failed to be): AT_ONCE requests may run

    def send(self, news: Any) -> None:
        """Send ``news`` to the screen (from either thread); a closed pipe ends the host."""
        try:
            with self._send_lock:
                self.wire.send(news)
        except WireClosed:
            if self.own_process:
                os._exit(0)  # the screen is gone: nothing left to run for
        except (pickle.PicklingError, TypeError, ValueError, AttributeError) as error:
            serial = getattr(news, "serial", 0)
            self.wire.send(Answer(serial, "failed", text=f"news that cannot be sent: {error}", error=type(error).__name__))

    # -- the reader (main thread) ------------------------------------------------------------

    def read(self) -> None:
        """Read the pipe until the screen closes it or says ``Close``."""
        worker = self.worker = threading.Thread(target=self.work, name="table", daemon=True)
        worker.start()
        self.send(Started(os.getpid()))
        while True:
            try:
                message = self.wire.recv()
            except (EOFError, OSError, pickle.UnpicklingError):
                break  # the screen's process is gone
            if isinstance(message, Close):
                break
            if isinstance(message, Pace):
                if message.paused is not None:
                    self.pacing.paused = message.paused
                if message.instant is not None:
                    self.pacing.instant = message.instant
            elif isinstance(message, Stop):
                with self._job_lock:
                    if self._job is not None and self._job.serial == message.serial:
                        self._job.stop_asked.set()
                    else:
                        self._stopped.add(message.serial)
            elif isinstance(message, Request) and message.name in self._at_once:
                # keys typed as the room opens come before its table is built: they wait for it, not
                # behind the request that will run for the table's life
                self._opened.wait(OPEN_WAIT)
                self.send(self.carry_out_at_once(message))
            elif isinstance(message, (Open, Request)):
                if isinstance(message, Open):
                    self._opened.clear()
                    try:
                        self._at_once = frozenset(getattr(table_class(message.game), "AT_ONCE", ()))
                    except Exception:  # noqa: BLE001 - an unknown game: the worker's answer says so
                        self._at_once = frozenset()
                self._queue.put(message)
        with self._job_lock:  # the request running stops, and those still queued never start
            self._closed = True
            if self._job is not None:
                self._job.stop_asked.set()
        self._queue.put(None)
        worker.join(STOP_WAIT)  # a machine stops at its next slice; the wire is closed after (a thread's host)

    # -- the worker ---------------------------------------------------------------------------

    def work(self) -> None:
        while True:
            message = self._queue.get()
            if message is None:
                return
            self.send(self.carry_out(message))

    def carry_out(self, message: Open | Request) -> Answer:
        serial = message.serial
        with self._job_lock:
            if self._closed or serial in self._stopped:
                self._stopped.discard(serial)
                return Answer(serial, "stopped", picture=self._picture())
            job = Job(serial, self.pacing, self.send, **self._job_options())
            self._job = job
        try:
            if isinstance(message, Open):
                try:
                    self.table = open_table(message.game, dict(message.options))
                finally:
                    self._opened.set()
                result: Any = None
            else:
                if self.table is None:
                    raise Refused("no game is open on this host")
                result = run_request(self.table, job, message.name, message.args, message.kwargs)
            answer = Answer(serial, "done", result=result, picture=self._picture())
            job.drop_held()  # news a request outran: its answer says it all
        except BaseException as error:  # noqa: BLE001 - every end of a request is news, never a silent death
            job.send_held()  # how far it went, before the end says how it ended
            answer = self._answer_for(serial, error)
        finally:
            with self._job_lock:
                self._job = None
        return answer

    def carry_out_at_once(self, message: Request) -> Answer:
        """A request the table carries out on the reader's thread, beside the one running (its
        ``AT_ONCE``: thread-safe ones, such as keys for a machine that runs for as long as its room
        is open)."""
        if self.table is None:
            return Answer(message.serial, "refused", text="no game is open on this host", error="Refused")
        job = Job(message.serial, self.pacing, self.send)
        try:
            result = run_request(self.table, job, message.name, message.args, message.kwargs)
            return Answer(message.serial, "done", result=result, picture=self._picture())
        except BaseException as error:  # noqa: BLE001 - as any request's end: news, never a silent death
            return self._answer_for(message.serial, error)

    def _job_options(self) -> dict[str, Any]:
        table = self.table
        options: dict[str, Any] = {}
        for name in ("steps_per_second", "progress_per_second"):
            value = getattr(table, name.upper(), None)
            if isinstance(value, (int, float)):
                options[name] = float(value)
        view = getattr(table, "progress_view", None)
        if callable(view):
            options["view"] = view
        return options

    def _answer_for(self, serial: int, error: BaseException) -> Answer:
        stopped_by = getattr(self.table, "STOPPED_BY", ())
        if isinstance(error, (JobStopped, *stopped_by)):
            return Answer(serial, "stopped", picture=self._picture())
        if isinstance(error, Refused):
            return Answer(serial, "refused", text=str(error), error=type(error).__name__, picture=self._picture())
        if isinstance(error, (KeyboardInterrupt, SystemExit)):
            raise error
        return Answer(serial, "failed", text=str(error), error=type(error).__name__,
                      trace="".join(traceback.format_exception(error)), picture=self._picture())

    def _picture(self) -> Any:
        if self.table is None:
            return None
        try:
            return self.table.picture()
        except Exception:  # noqa: BLE001 - a picture that fails is no reason to lose the answer
            return None


def serve(wire: Wire, parent: int | None = None) -> None:
    """The host process's whole life: serve ``wire`` until it ends, then exit."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the screen's to handle, not the host's
    if parent is not None:
        die_with_parent(parent)
    host = Host(wire)
    try:
        host.read()
    finally:
        os._exit(0)  # the worker may be in the middle of a machine: nothing to wait for
