"""A request as it runs in the host: its stop, the pause, the real machine's pace, progress.

``Job.go_on(steps)`` is a driver's slice callback: False stops the machine.  It holds
while the game is paused, paces the machine at the real one's speed unless instant, and
sends throttled progress.  ``sleep`` is a pausable, stoppable wait (a TI-57's Pause held
on screen); ``note`` sends news before the end, at once or, for news a request may outrun
(``held``), only once the request lasts long enough to be seen.  Nothing here waits for a
screen: the host has its own interpreter, so the machine runs flat out at instant speed.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Any, Callable

from games.host.news import Note, Progress


class JobStopped(Exception):
    """The request ended because the player stopped it (or the screen closed the host)."""


@dataclass
class Pacing:
    """The screen's choices, shared by the host's reader (which sets them) and the running job."""

    paused: bool = False
    instant: bool = True


class Job:
    """One request running in the host's worker thread."""

    def __init__(self, serial: int, pacing: Pacing, send: Callable[[Any], None], *,
                 steps_per_second: float = 1000.0, progress_per_second: float = 12.0,
                 view: Callable[[], Any] | None = None) -> None:
        self.serial = serial
        self.pacing = pacing
        self.send = send
        self.steps_per_second = steps_per_second
        self.progress_per_second = progress_per_second
        self.view = view
        self.stop_asked = threading.Event()
        self.total: int | None = None  # the run's length, when known (progress shows "n of total")
        self._origin: tuple[float, int] | None = None  # (clock, steps) when real pacing began
        self._last_progress = self._first_progress()
        self._held: list[Any] = []  # news held back at instant speed (``note(held=True)``)

    @property
    def stopped(self) -> bool:
        return self.stop_asked.is_set()

    def check(self) -> None:
        """Raise ``JobStopped`` if the player stopped the request (call it between two parts)."""
        if self.stopped:
            self.send_held()
            raise JobStopped(self.serial)

    def _wait(self, seconds: float) -> bool:
        """Wait, waking up at once on a stop; False if stopped."""
        return not self.stop_asked.wait(max(0.0, seconds))

    def hold_while_paused(self) -> bool:
        """While the game is paused nothing runs; False if stopped meanwhile."""
        if not self.pacing.paused:
            return not self.stopped
        self.send_held()  # the screen shows the game as it holds
        while self.pacing.paused:
            if not self._wait(0.02):
                return False
        self._origin = None  # the pace starts again from here
        return True

    def sleep(self, seconds: float) -> bool:
        """A pausable, stoppable wait; False if stopped."""
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
        """The slice callback: False stops the machine; paced at the real machine's speed unless instant."""
        while True:
            if not self.hold_while_paused():
                return False
            if self.pacing.instant:
                self._origin = None
                break
            now = time.monotonic()
            if self._origin is None:
                self._origin = (now, steps)
            due = self._origin[0] + (steps - self._origin[1]) / self.steps_per_second - now
            if due <= 0:
                break
            self.progress(steps)
            if not self._wait(min(due, 0.05)):
                return False
        self.progress(steps)
        if self.stopped:
            self.send_held()  # the screen knows how far the request went before its end says stopped
            return False
        return True

    def next_part(self) -> None:
        """The request goes on with another turn (the machine's reply): its length and pace anew."""
        self.total = None
        self._origin = None
        self._last_progress = self._first_progress()

    def _first_progress(self) -> float:
        """At instant speed the first progress comes after a period (none for a turn too short to
        see); at real speed at once (the bar shows as the machine starts)."""
        return time.monotonic() if self.pacing.instant else 0.0

    def progress(self, steps: int, *, force: bool = False) -> None:
        """Tell the screen how far the machine is, at most ``progress_per_second`` times a second."""
        now = time.monotonic()
        if not force and now - self._last_progress < 1.0 / self.progress_per_second:
            return
        self._last_progress = now
        self.send_held()
        self.send(Progress(self.serial, steps, self.total, self.view() if self.view is not None else None))

    def note(self, payload: Any, *, held: bool = False) -> None:
        """News before the end (the person's move recorded while the machine's reply runs).

        ``held``: news a request at instant speed usually outruns.  It is sent only if the request
        lasts long enough to be seen (its first progress, a period after it began), holds for the
        pause, or is stopped; a request done before that never sends it: its answer says it all,
        and the screen draws one picture where it would have drawn two or three within a few
        milliseconds.  At the real machine's pace it is sent at once, as any news."""
        if held and self.pacing.instant:
            self._held.append(payload)
            return
        self.send_held()
        self.send(Note(self.serial, payload))

    def send_held(self) -> None:
        """Send the news held so far (``note(held=True)``), in order."""
        held, self._held = self._held, []
        for payload in held:
            self.send(Note(self.serial, payload))

    def drop_held(self) -> None:
        """The request is done: the news held is out of date, its answer says it all."""
        self._held = []
