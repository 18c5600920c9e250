"""Who has the interpreter: a key on its way to the screen, or a machine's job.

The emulators run in worker threads and share one interpreter (the GIL) with the event
loop that carries a key to the screen.  Left to share it, a key pressed while a machine
answered waited for the machine at every step of its way: the event loop hands the GIL
over at each turn of the loop, and a key's way to the screen is a dozen turns (the app,
the screen, the widget's refresh, the screen's update, the frame).  So a key *parks* the
running jobs from the moment it arrives until its frame has been drawn:

- ``key_arrived()``, from the terminal's input thread (``arcade/runtime/terminal.py``) as soon as
  the key is read, and from the screen that receives it (other drivers, the tests' Pilot);
- ``release_after_frame(screen)``, on the event loop once the key has run its action (the
  game screen asks for it from its ``on_key`` through the message queues, the screen's then
  the app's, which puts it after the app's bindings): once the next frame is drawn and on the
  terminal (the output thread tells: ``written_out``, ``when_out``), the jobs go on;
- a job calls ``give_way()`` between two slices: it waits while parked, at most
  ``GIVE_WAY`` seconds (a key some widget consumed, that never reaches a game screen,
  costs the machine that much once).

What the screen draws for the machine is parked for the same way: a job starts once the
screen has drawn its start (the person's disc, the busy state), and the Othellos' reply
once the person's move is drawn (``park()`` in the job, ``release_after_frame`` on the
loop): a frame drawn while the machine shares the interpreter took two to four times as
long, and a key pressed meanwhile waited for all of it.

Keys first on the event loop too: news from a machine (a job's end, the person's move
recorded, progress) that comes while a key is on its way waits for that key's frame, and
where the terminal's output thread tells (``written_out``), until that frame is on the
terminal (``after_keys``): a turn's end is a handler and a frame of 5-10 ms, and a key that
came just before it waited for both; handled as soon as the key's frame was drawn, it took
the interpreter from the output thread writing that frame.  A key is handled against what the screen shows: the
player has not seen the news yet.  And a game screen's frame that falls due while a key
read has not had its action waits for it (``key_unhandled``, ``GameScreen._on_timer_update``):
one frame shows the news and the key; once the action has run, that frame is drawn as soon as
the key's widgets have asked for it, not at the frame timer's next tick (``key_frame_due``,
``GameScreen._on_idle``).  What news changes in a machine's panel (the printer
tape, the CPC's monitor: a frame of 2-3 ms, the whole panel sent again) waits until the
player rests from the keys (``after_keys_rest``): the board shows the move at once.

A job's own thread also rests a little after each millisecond it runs while the player is at the
keyboard (``arcade/jobs.py``), and the saves' writer waits for a key's frame before a save
and between its pieces (``wait_key_drawn``): a save written while a key was on its way cost
that key ~6 ms.  One ``Attention`` per app (``ArcadeApp.attention``); a
screen in an app without one keeps its own.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections import deque
from typing import Any, Callable

GIVE_WAY = 0.05
"""Longest a job waits after a key for that key's frame (in case no frame comes)."""
RETRIES = 3
"""How often ``release_after_frame`` asks again for a frame that was not written."""
KEYS_REST = 0.05
"""A machine's panel changed by news is repainted once no key has come for this long (``after_keys_rest``)..."""
KEYS_REST_LIMIT = 0.5
"""...or this long after the news at the latest (a key held down repeats faster than ``KEYS_REST``)."""


class Attention:
    """A key on its way to the screen parks the machines' jobs until its frame is drawn."""

    def __init__(self) -> None:
        self.free = threading.Event()
        """Set unless the jobs wait: for a key's frame, or for the frame showing a job's start or
        the news a job posted (``park`` / ``release``)."""
        self.free.set()
        self.key_at = float("-inf")
        """``time.monotonic()`` of the last key (read by the jobs' threads)."""
        self.parked_at = float("-inf")
        self._parks = 0  # parks so far: a release for an older park leaves a newer one (a key) parked
        self._key_pending = False  # a key arrived whose frame is not drawn yet (see key_in_flight)
        self._key_drawn_event = threading.Event()  # set unless a key's frame is awaited (``wait_key_drawn``)
        self._key_drawn_event.set()
        self._after_keys: deque[tuple[Any, Callable[..., Any], tuple[Any, ...]]] = deque()
        self._going_out_since: float | None = None
        """When the last key's frame was drawn, while it is not yet on the terminal (``_key_drawn``)."""
        self._resting: list[Any] = []  # a screen per ``after_keys_rest`` callback not run yet
        self.frames = 0
        self.counts_frames = False
        """Whether frames are counted (``frame_written``): not under the tests' headless driver."""
        self.counts_out = False
        """Whether the terminal's output thread tells of the writes it has put on the terminal (``written_out``)."""
        self._out = 0  # the number of the last write on the terminal (``written_out``)
        self._when_out: list[tuple[int, Callable[[], Any]]] = []  # (writes, what to do once they are out)
        self._keys = 0  # keys read so far (a key's frame out lets the saves' writer go only if none came since)
        self._jobs = 0
        self._lock = threading.Lock()
        self._news = 0  # news handlers running now (``handling_news``)
        self.key_handled_at = float("-inf")
        """``time.monotonic()`` when a game screen had last run a key's action (``release_after_frame``)."""
        self.handled_key_at = float("-inf")
        """The ``key_at`` of the last key whose action has run: keys are handled in the order read, so
        every key read up to then has had its action.  A key read while the one before it ran its
        action is not handled by that one's end (traced: the turn's end and a frame held for nothing,
        and a collection run in the way of the key, as if it had been drawn)."""

    # -- the jobs' side (worker threads) -----------------------------------------------

    @property
    def jobs_running(self) -> bool:
        return self._jobs > 0

    def job_started(self) -> None:
        with self._lock:
            self._jobs += 1

    def job_ended(self) -> None:
        with self._lock:
            self._jobs -= 1
            if self._jobs == 0:
                self.free.set()  # nothing to park: a key's stale hold must not reach the next job

    def give_way(self) -> None:
        """Between two slices: wait while parked (``GIVE_WAY`` at most)."""
        if self.free.is_set():
            return
        left = self.parked_at + GIVE_WAY - time.monotonic()
        if left <= 0 or not self.free.wait(left):
            self.free.set()  # no frame came (a widget took the key, the screen left): the machine goes on

    # -- the screen's side (the input thread, the event loop) ---------------------------

    def park(self) -> None:
        """The jobs wait between two slices until ``release`` (or ``GIVE_WAY`` seconds)."""
        with self._lock:
            self._parks += 1
            self.parked_at = time.monotonic()
            self.free.clear()

    def release(self, park: int | None = None) -> None:
        """The jobs go on, unless ``park`` (a park's number) is older than the last park."""
        with self._lock:
            if park is None or park == self._parks:
                self.free.set()

    def when_out(self, action: Callable[[], Any]) -> None:
        """On the event loop, once a frame is drawn: ``action()`` once the writes made so far are on
        the terminal, where the output thread tells (``written_out``; it calls ``action`` then, so
        ``action`` is thread-safe: an event set), or at once.

        The frame is drawn on the event loop and written by the output thread, which needs the
        interpreter too: a job let go as the frame was drawn shared it with that thread, and so
        did the saves' writer (traced: a key's frame reached the terminal 4-6 ms after it was
        drawn, in the slowest keys, while a save was encoded)."""
        with self._lock:
            now = not self.counts_out or self._out >= self.frames
            if not now:
                self._when_out.append((self.frames, action))
        if now:
            action()

    def written_out(self, writes: int) -> None:
        """In the terminal's output thread, after a flush: the driver's writes up to number ``writes``
        (``frames`` when it was written) are on the terminal, or lost (a suspend's queue)."""
        with self._lock:
            self.counts_out = True
            out = self._out = max(self._out, writes)
            due = [action for needed, action in self._when_out if out >= needed]
            if due:
                self._when_out = [(needed, action) for needed, action in self._when_out if out < needed]
        for action in due:
            try:
                action()
            except Exception:  # noqa: BLE001 - the output thread must live on, whatever an action does
                pass

    def key_arrived(self, at: float | None = None) -> None:
        """A key was read (``at``: its ``time.monotonic()``, Textual's ``event.time``; now by default):
        the running jobs (or one about to start), if any, wait for its frame, and so does the
        machines' news.  A key told of again (the terminal's input thread tells of it, then the
        game screen it reaches: same time) is the same key; only a running job is parked again."""
        at = time.monotonic() if at is None else at
        if at > self.key_at:
            self.key_at = at
            self._keys += 1
            self._key_pending = True
            self._key_drawn_event.clear()
        if self._jobs or not self.free.is_set():
            # a job runs, or one is about to (parked by ``run_job`` until its start is drawn, its
            # thread not yet begun): the key holds it too, or the start's release would free it
            # in the middle of the key's way (traced: a cursor key just after the person's move
            # drew its frame while the machine's first slice ran, 2.5 ms instead of 0.8)
            self.park()

    def key_in_flight(self) -> bool:
        """A key arrived less than ``GIVE_WAY`` ago and its frame is not drawn yet."""
        return self._key_pending and time.monotonic() - self.key_at < GIVE_WAY

    def key_unhandled(self, limit: float) -> bool:
        """On the event loop: a key read less than ``limit`` seconds ago whose action has not run yet
        (a frame drawn now would not show it: ``GameScreen`` holds its frame for it)."""
        return self._key_pending and self.handled_key_at < self.key_at and time.monotonic() - self.key_at < limit

    def key_frame_due(self, within: float | None = None) -> bool:
        """On the event loop: the last key's action has run and its frame is not drawn yet (``GameScreen``
        draws it as soon as its widgets have asked for it, not at the frame timer's next tick);
        ``within``: the action ran less than that many seconds ago."""
        now = time.monotonic()
        return (self._key_pending and self.handled_key_at >= self.key_at and now - self.key_at < GIVE_WAY
                and (within is None or now - self.key_handled_at < within))

    def frame_shows_keys(self, written_at: float) -> bool:
        """Whether a frame written at ``written_at`` shows every key read so far: none came after
        it, and the last one was drawn before or had its action run before it (in another thread:
        the terminal's output thread asks it once the frame is on the terminal)."""
        key_at = self.key_at
        return key_at < written_at and (
            not self.key_in_flight() or (self.handled_key_at >= key_at and self.key_handled_at <= written_at))

    def wait_key_drawn(self) -> None:
        """In another thread (the saves' writer): while a key is on its way to the screen, wait
        until its frame is drawn and on the terminal (``GIVE_WAY`` after the key at most)."""
        left = self.key_at + GIVE_WAY - time.monotonic()
        if left > 0:
            self._key_drawn_event.wait(left)

    @property
    def handling_news(self) -> bool:
        """On the event loop: a machine's news is being handled now (an ``after_keys`` callback, ``news``)."""
        return self._news > 0

    def news(self, callback: Callable[..., Any], *args: Any) -> Any:
        """Run ``callback(*args)`` as the handling of a machine's news (``handling_news``)."""
        self._news += 1
        try:
            return callback(*args)
        finally:
            self._news -= 1

    def _key_going_out(self) -> bool:
        """The last key's frame is drawn and not yet on the terminal (``GIVE_WAY`` after it at most)."""
        since = self._going_out_since
        return since is not None and time.monotonic() - since < GIVE_WAY

    def after_keys(self, screen: Any, callback: Callable[..., Any], *args: Any) -> None:
        """On the event loop: ``callback(*args)`` now, or once the key on its way has been drawn and
        its frame is on the terminal (``GIVE_WAY`` at most); in the order asked, whatever waits
        before it.  It runs as news."""
        if not self._after_keys and not self.key_in_flight() and not self._key_going_out():
            self.news(callback, *args)
            return
        self._after_keys.append((screen, callback, args))
        if len(self._after_keys) == 1:
            screen.set_timer(GIVE_WAY, self._run_after_keys)  # a key no game screen saw: no frame tells

    def _key_drawn(self, key_at: float | None = None) -> None:
        """The frame of the key read at ``key_at`` (the last one, by default) is drawn.  If a newer key
        is on its way, the news that waited goes on waiting, for that key's frame."""
        if key_at is not None and key_at < self.key_at:
            return
        self._key_pending = False
        keys = self._keys
        # the news that waited runs once the frame is on the terminal: run as soon as it was drawn,
        # a turn's end took the interpreter from the terminal's output thread, and the key's frame
        # reached the terminal after the news's own frame (traced: 1.5-2 ms later)
        self._going_out_since = time.monotonic()
        try:
            loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:  # no event loop (a test's own calls): out is now
            loop = None

        def went_out() -> None:  # on the event loop
            if self._keys != keys:
                return  # a newer key is on its way: its frame, once out, lets the news go
            self._going_out_since = None
            self._run_after_keys()

        def out() -> None:  # in the output thread, or now
            if self._keys == keys:  # no key came since: none is on its way
                self._key_drawn_event.set()
            if loop is None:
                went_out()
            else:
                loop.call_soon_threadsafe(went_out)

        self.when_out(out)

    def _run_after_keys(self) -> None:
        while self._after_keys:
            screen, callback, args = self._after_keys.popleft()
            if getattr(screen, "is_running", True):  # a screen closed meanwhile handles nothing more, as Textual
                self.news(callback, *args)

    def after_keys_rest(self, screen: Any, callback: Callable[[], Any]) -> None:
        """On the event loop: ``callback()`` once the player has rested from the keys (none came for
        ``KEYS_REST``, none is on its way), or ``KEYS_REST_LIMIT`` from now at the latest (after the
        key on its way, if any).  For what can wait while the player types: a machine's panel
        changed by news (``KeptRows.DRAWN_AFTER``); a closed screen's callback is dropped."""
        latest = time.monotonic() + KEYS_REST_LIMIT
        # a closed screen's timer never fires again: its place is dropped here, not kept alive
        self._resting = [shown for shown in self._resting if getattr(shown, "is_running", True)]
        self._resting.append(screen)

        def check() -> None:
            now = time.monotonic()
            running = getattr(screen, "is_running", True)
            rest = self.key_at + KEYS_REST - now
            if running and now < latest and (rest > 0 or self.key_in_flight()):
                screen.set_timer(max(0.002, min(rest, latest - now, 0.05)), check)  # looked at again soon
                return
            if screen in self._resting:
                self._resting.remove(screen)
            if not running:
                return
            if now >= latest:
                self.after_keys(screen, callback)
            else:
                callback()

        check()

    @property
    def putting_off(self) -> bool:
        """On the event loop: a callback put off by ``after_keys`` or ``after_keys_rest`` has not run yet,
        for a screen still open (a screen closed meanwhile drops its own).  The tests' Pilot waits for
        it before it reads the screen (``tests/arcade/helpers.py``: ``quiet``)."""
        return (any(getattr(screen, "is_running", True) for screen in self._resting)
                or any(getattr(screen, "is_running", True) for screen, _, _ in self._after_keys))

    def frame_written(self) -> None:
        """The terminal's driver wrote a frame (on the event loop)."""
        self.frames += 1
        self.counts_frames = True

    @property
    def parks(self) -> int:
        """The number of the last park (a key's, as it reaches a screen: ``release_after_frame``'s ``park``)."""
        return self._parks

    def release_after_frame(self, screen: Any, *, key: bool = False, park: int | None = None,
                            key_at: float | None = None) -> None:
        """On the event loop, after what was asked of ``screen`` (a key's action, a turn drawn): the
        jobs go on once ``screen`` has drawn its next frame, unless parked again since ``park`` (the
        last park now, by default).  ``key``: a key's frame, the key read at ``key_at`` (the last
        one, by default): then the news that waited for it follows (``after_keys``), unless a
        newer key is on its way."""
        if key:
            self.key_handled_at = time.monotonic()
            key_at = self.key_at if key_at is None else key_at
            self.handled_key_at = max(self.handled_key_at, key_at)
        elif self.free.is_set():
            return
        if park is None:
            park = self._parks

        def drawn() -> None:
            self.when_out(lambda: self.release(park))
            if key:
                self._key_drawn(key_at)

        self.after_frame(screen, drawn)

    def after_frame(self, screen: Any, callback: Callable[[], Any]) -> None:
        """On the event loop: ``callback()`` once ``screen`` has drawn what was asked of it so far.

        Textual's ``call_after_refresh`` runs its callback at once when the screen does not know
        yet that a frame is due: a widget changed in the same handler tells the screen through
        its own queue, and a message pump handles the messages already in its queue without
        letting another run.  So the question goes through the event loop's own queue (after
        the widgets' turns), and where frames are counted (a real terminal) a callback that finds
        none written asks again, ``RETRIES`` times at most (a change that draws nothing)."""
        seen, tries = self.frames, RETRIES
        call_soon = asyncio.get_running_loop().call_soon

        def after_refresh() -> None:
            nonlocal tries
            if self.counts_frames and self.frames == seen and tries > 0:
                tries -= 1
                call_soon(screen.call_after_refresh, after_refresh)
            else:
                callback()

        call_soon(screen.call_after_refresh, after_refresh)
