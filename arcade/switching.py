"""Prompt thread switching while a machine runs: the event loop gets the GIL back within ~0.5 ms.

Python hands the GIL from a busy thread to a waiting one every ``sys.getswitchinterval()``
(5 ms by default).  An emulator's pure-Python slices then keep the event loop waiting
5 ms each time it wants the GIL back, and drawing one frame wants it many times
(every write, every select): a key pressed while a machine answered took 100-300 ms
to show.  While any job runs the interval is ``JOB_SWITCH_INTERVAL``; the last job
to end puts back what was there before.  The arcade's app asks for the same interval for
its whole run (``prompt_input``): the terminal's input thread reads a key at once.

The garbage collector stops every thread while it walks: the older generations are held
(``hold_older_collections``) and collected where no key waits, a middle collection after a
frame is on the terminal, a full one at a quiet moment.
"""

from __future__ import annotations

import gc
import sys
import threading
from contextlib import contextmanager
from typing import Iterator

JOB_SWITCH_INTERVAL = 0.0005
"""Seconds between GIL switches while a job runs (Python's default is 0.005)."""

_lock = threading.Lock()
_running = 0
_before = 0.005


@contextmanager
def prompt_switching() -> Iterator[None]:
    """Around a job's run in its worker thread (jobs may overlap: counted)."""
    global _running, _before
    with _lock:
        if _running == 0:
            _before = sys.getswitchinterval()
            sys.setswitchinterval(min(_before, JOB_SWITCH_INTERVAL))
        _running += 1
    try:
        yield
    finally:
        with _lock:
            _running -= 1
            if _running == 0:
                sys.setswitchinterval(_before)


def prompt_input() -> float:
    """Prompt switching for the whole run of the app, not only while a job runs; the interval
    before, for ``sys.setswitchinterval`` when the app ends.

    The terminal's input thread needs the GIL to read a key, and the event loop held it
    through a whole frame: traced, a key pressed as a turn's end was drawn waited 5-6 ms to be
    read, too late to park the machine or hold the machine's news (``arcade/attention.py``)."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(min(before, JOB_SWITCH_INTERVAL))
    return before


def hold_collections() -> None:
    """No garbage collection until the first frame (``freeze_heap`` lets it run again).

    Starting the arcade builds tens of thousands of long-lived objects (Textual, the
    stylesheet, the screen's widgets); the collector walked them ~140 times before the
    first frame, 100-150 ms of a launch that a bare Textual app does in ~250 ms.  What is
    built then lives as long as the app: there is nothing to collect.
    """
    gc.disable()
    gc.freeze()


def freeze_heap() -> None:
    """Move every object alive now out of the garbage collector's reach (``gc.freeze``),
    and let it run again if ``hold_collections`` held it.

    What the app built to show its first frame (Textual, the screens, a game's
    modules and machine) lives as long as the app; left to the collector, each full
    collection walked all of it, 50-60 ms with the event loop stopped, a few times a
    game.  Called when a screen has drawn its first frame; what is frozen is never
    collected, so it is not called per move.
    """
    gc.freeze()
    gc.enable()


FULL_AFTER = 10
"""Young collections (of the middle generation) after which a full one is due, as Python's own
default; a full collection waits for a quiet moment (``collect_when_quiet``)."""
FULL_AT_THE_LATEST = 400
"""Young collections after which a full one runs at the next look whatever the player does."""
QUIET = 1.0
"""Seconds without a key, and no machine running, that make a quiet moment."""


MIDDLE_AFTER = 10
"""Collections of the youngest generation after which the middle one is due (Python's own
default); it runs once a frame that shows every key read is on the terminal (``collect_middle_when_due``)."""
MIDDLE_AT_THE_LATEST = 50
"""...or at the app's look once a second, when this many are due (no frame written: a long job, headless)."""


def hold_older_collections() -> tuple[int, int, int]:
    """Python's automatic collections of the middle and oldest generations off (the youngest are
    collected as before); the thresholds before, for ``gc.set_threshold`` when the app ends.

    A full collection walks every object the games made since the launch's freeze (a CPC's
    undo steps, the screens' caches): traced at 11 ms of the event loop in the middle of a
    key's frame; ``collect_when_quiet`` runs them.  A middle one walks what survived the last
    ten young ones: 1-5 ms, traced in three of the four slowest of 133 keys, inside the key's
    own frame (its allocations set it off); ``collect_middle_when_due`` runs them after a frame."""
    before = gc.get_threshold()
    gc.set_threshold(before[0], 1_000_000, 1_000_000)
    return before


def collect_middle_when_due() -> bool:
    """A collection of the middle generation, if one is due (and collections are on); True if it ran.

    Called by the terminal's output thread once a frame is on the terminal that shows every key
    read (``arcade/runtime/terminal.py``, ``Attention.frame_shows_keys``): the moment furthest from a key's
    way to the screen."""
    if gc.isenabled() and gc.get_count()[1] >= MIDDLE_AFTER:
        gc.collect(1)
        return True
    return False


def collect_when_quiet(last_key_at: float, jobs_running: bool, now: float) -> bool:
    """Run a full collection if one is due and the moment is quiet (or it is overdue); True if it ran.
    A middle collection overdue (``MIDDLE_AT_THE_LATEST``) runs first, whatever the moment.

    Called once a second by the app; ``gc.get_count()[2]`` counts the middle generation's
    collections since the last full one."""
    if gc.get_count()[1] >= MIDDLE_AT_THE_LATEST:
        gc.collect(1)  # no frame came to run it after (``collect_middle_when_due``)
    due = gc.get_count()[2]
    quiet = not jobs_running and now - last_key_at >= QUIET
    if due >= FULL_AT_THE_LATEST or (due >= FULL_AFTER and quiet):
        gc.collect()
        return True
    return False
