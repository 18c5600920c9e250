"""Python's cyclic garbage collector around the arcade's start: the start unhindered, and what lives
from then on never walked again.

A collection of the oldest generation walks every object the process holds.  Once the arcade is up
that is ~57,000 (Textual, Rich, the parsed CSS, the screens): one such collection took 28 ms of
the CPU, on the event loop, whenever it fell due -- mostly while a machine answered at instant
speed, when pictures, strips and messages are made fastest: the event loop's largest stalls, and
the keys pressed then waited for it.  While the arcade starts, its imports and its first screen
made ~150 collections (about a tenth of the launch), none of which frees anything that matters.

So the command line holds the collector (``hold``: before the app's modules are imported) and the
app lets it go once its first frame is on the terminal (``settle``): everything alive then is moved
to the collector's permanent generation (``gc.freeze``), and collecting resumes.  Later collections
walk only what was made since.  The objects frozen are the arcade's own for as long as it runs (the
modules, the CSS, the first screen, kept in its mode); a cycle among them that becomes garbage
later is not reclaimed, a few kilobytes at most.  Only the command line holds: an app built
otherwise (a test's) leaves its process's collector as it found it.
"""

from __future__ import annotations

import gc

_held = False


def hold() -> None:
    """No automatic collection until ``settle`` (the command line, before the app is built)."""
    global _held
    if gc.isenabled():
        gc.disable()
        _held = True


def settle() -> None:
    """The start is over: what lives now is frozen out of later collections, and collecting resumes.
    Nothing if ``hold`` did not hold the collector (an app built by a test)."""
    global _held
    if not _held:
        return
    _held = False
    gc.freeze()
    gc.enable()


def held() -> bool:
    """The collector is held for the start (``hold`` was called, ``settle`` not yet)."""
    return _held
