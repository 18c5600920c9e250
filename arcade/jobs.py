"""A game screen's jobs, seen from the worker thread: ``Job`` and ``JobContext`` (``GameScreen`` runs them).

``JobContext.go_on(steps)`` is a driver's slice callback: it stops the machine when
asked, holds it while the game is paused, paces it at the real machine's speed unless
instant, posts throttled progress, and gives the GIL to the event loop after every
slice (``time.sleep(0)``).  The emulator and the event loop share one interpreter
(the GIL), and Textual's input and output threads need it too: left to share it
evenly, a key pressed while a machine answered took four times longer to reach the
screen than an idle one.  So while a key is on its way to the screen the job waits
between two slices for that key's frame (``arcade/attention.py``), and while the player
is at the keyboard (a key in the last ``ATTENTIVE`` seconds) it rests ``REST`` seconds
after every ``RUN_BEFORE_REST`` of running, leaving the interpreter to the threads that
carry the next key to the screen.  A player who only watches gets the machine at full
speed.  ``sleep(seconds)`` is a pausable, stoppable wait (the TI-57's Pause);
``post(message)`` any other news.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Protocol

from arcade.attention import Attention
from arcade.messages import MachineProgress

ATTENTIVE = 1.0
"""Seconds after a key during which the player is taken to be at the keyboard."""
REST = 0.002
"""What a job rests while the player is at the keyboard, after each ``RUN_BEFORE_REST`` of running."""
RUN_BEFORE_REST = 0.001
"""How long a job runs, while the player is at the keyboard, between two rests: timed, not counted
in slices, so that a game's slices can be as short as a key needs."""


class JobHost(Protocol):
    """What a job reads of the screen that runs it (``GameScreen`` is one): its pause, its pace,
    the player's keys (``Attention``), and the thread-safe way to post news.  Named here so
    that the jobs need not import the screen that imports them."""

    STEPS_PER_SECOND: ClassVar[float]
    PROGRESS_PER_SECOND: ClassVar[float]
    attention: Attention

    @property
    def paused(self) -> bool: ...

    @property
    def instant(self) -> bool: ...

    def post_message(self, message: Any) -> bool: ...


class JobStopped(Exception):
    """A job ended because the player stopped it (or a newer job replaced it)."""


@dataclass
class Job:
    """One piece of slow work: what it is, what runs it, and its own stop flag."""

    kind: str
    run: Callable[[JobContext], Any]
    generation: int
    view: Callable[[], Any] | None = None
    stop: threading.Event = field(default_factory=threading.Event)
    held: bool = False  # the job waits for the game to go on (paused)


class JobContext:
    """What a job sees in the worker thread: its stop flag, the pause, the pace, progress."""

    def __init__(self, screen: JobHost, job: Job, worker: Any) -> None:
        self.screen = screen
        self.job = job
        self.worker = worker
        self.total: int | None = None  # the run's length, when known (progress shows "n of total")
        self._origin: tuple[float, int] | None = None  # (wall clock, steps) when real pacing began
        self._last_post = self._first_post()
        self.attention = screen.attention
        self._rested = float("-inf")  # when the job last rested for the player (``RUN_BEFORE_REST``)

    @property
    def stopped(self) -> bool:
        return self.job.stop.is_set() or bool(getattr(self.worker, "is_cancelled", False))

    def check(self) -> None:
        """Raise ``JobStopped`` if the job should end now (call it between slices)."""
        if self.stopped:
            raise JobStopped(self.job.kind)

    def _wait(self, seconds: float) -> bool:
        return not (self.job.stop.wait(max(0.0, seconds)) or self.stopped)  # False: stopped meanwhile

    def hold_while_paused(self) -> bool:
        """While the game is paused nothing runs; False if stopped meanwhile."""
        if not self.screen.paused:
            return not self.stopped
        self.job.held = True
        try:
            while self.screen.paused:
                if not self._wait(0.02):
                    return False
        finally:
            self.job.held = False
        self._origin = None  # the pace starts again from here
        return True

    def sleep(self, seconds: float) -> bool:
        """A pausable, stoppable wait (a pause display held on screen); False if stopped."""
        end = time.monotonic() + seconds
        while True:
            if not self.hold_while_paused():
                return False
            left = end - time.monotonic()
            if left <= 0:
                return True
            if not self._wait(min(left, 0.05)):
                return False

    def go_on(self, steps: int) -> bool:
        """The slice callback: False stops the machine; paces it at real speed unless instant."""
        if self.stopped:
            return False
        while True:
            if not self.hold_while_paused():
                return False
            if self.screen.instant:
                self._origin = None
                break
            now = time.monotonic()
            if self._origin is None:
                self._origin = (now, steps)
            due = self._origin[0] + (steps - self._origin[1]) / self.screen.STEPS_PER_SECOND - now
            if due <= 0:
                break
            self.progress(steps)
            if not self._wait(min(due, 0.05)):
                return False
        self.progress(steps)
        return self.between()

    def between(self) -> bool:
        """Between two slices of a machine's run, or two parts of a job that runs none (a TI-57 move
        at instant speed, the computer's reply, the save): the player at the keyboard gets the
        interpreter (a rest after each ``RUN_BEFORE_REST`` of running), and a key on its way has it
        until its frame is drawn; False if the job was stopped."""
        attention = self.attention
        if attention.free.is_set():
            now = time.monotonic()
            if now - attention.key_at < ATTENTIVE and now - self._rested >= RUN_BEFORE_REST:
                time.sleep(REST)  # the player is at the keyboard: the next key finds the interpreter free
                self._rested = time.monotonic()
            else:
                time.sleep(0)  # the GIL to the event loop between two slices
        # a key on its way to the screen, come before or during the rest: the loop runs alone until
        # its frame is drawn (traced: a key read during the rest met the next slice, ~3 ms of its way)
        attention.give_way()
        return not self.stopped

    def between_parts(self) -> None:
        """``between`` in a job's own code, which has no slice callback to return False from:
        ``JobStopped`` if the job was stopped meanwhile."""
        self.between()
        self.check()

    def next_part(self, kind: str) -> None:
        """The job goes on with another turn (the machine's reply after the person's move): its
        own kind, length and pace from here (the steps count from 0 again)."""
        self.job.kind = kind
        self.total = None
        self._origin = None
        self._last_post = self._first_post()

    def _first_post(self) -> float:
        """When the last progress was posted, for the next one's throttle: at instant speed the
        first comes after a period (none in a turn too short to see: each is a frame drawn
        while the machine runs); at real speed at once (the bar shows as the machine starts)."""
        return time.monotonic() if self.screen.instant else 0.0

    def progress(self, steps: int, *, force: bool = False) -> None:
        """Tell the screen how far the machine is, at most ``PROGRESS_PER_SECOND`` times a second."""
        now = time.monotonic()
        if not force and now - self._last_post < 1.0 / self.screen.PROGRESS_PER_SECOND:
            return
        self._last_post = now
        view = self.job.view() if self.job.view is not None else None
        self.post(MachineProgress(self.job.generation, steps, self.total, view))

    def post_drawn(self, message: Any) -> None:
        """Post news and wait until the screen has drawn it (it calls ``release_after_frame``;
        ``GIVE_WAY`` at most): a frame drawn while the machine runs takes far longer."""
        self.attention.park()
        self.post(message)
        self.attention.give_way()

    def post(self, message: Any) -> None:
        self.screen.post_message(message)  # thread-safe: the only way a job reaches the screen
