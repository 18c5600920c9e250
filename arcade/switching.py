"""Prompt thread switching while a machine runs: the event loop gets the GIL back within ~0.5 ms.

Python hands the GIL from a busy thread to a waiting one every ``sys.getswitchinterval()``
(5 ms by default).  An emulator's pure-Python slices then keep the event loop waiting
5 ms each time it wants the GIL back, and drawing one frame wants it many times
(every write, every select): a key pressed while a machine answered took 100-300 ms
to show.  While any job runs the interval is ``JOB_SWITCH_INTERVAL``; the last job
to end puts back what was there before.
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
