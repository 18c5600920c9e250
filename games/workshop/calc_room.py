"""What both calculator rooms share: the frozen view a screen draws, and the lock
that lets a worker thread run the machine in slices while the screen keeps pressing keys.

A room model owns its machine; the screen never touches it.  ``run_slice`` (called
by the screen's worker, never the event loop) runs a bounded number of steps under
the lock; ``press`` (the event loop) takes the same lock, so a key never lands in
the middle of a step.  A stop request is a flag the next slice honours.
"""

from __future__ import annotations

import threading
from abc import ABC, abstractmethod
from dataclasses import dataclass
from importlib import resources
from typing import Any

SLICE_STEPS = 400
"""Steps per slice: small enough that a key waits at most a few milliseconds for the lock."""


@dataclass(frozen=True)
class RoomView:
    """What a calculator room shows: the display and the state around it."""

    display: str  # the LED text ('' while a program runs: the real displays go dark)
    flashing: bool  # an error (TI-57) or Error (HP-67)
    prefix: str  # the prefix keys pending, lit on the keyboard: 'f', 'g', 'h', '2nd', 'INV', 'STO'...
    mode: str  # 'RUN', 'W/PRGM' (HP-67) or 'LRN' (TI-57)
    step: int  # the program pointer
    code: str  # the key codes of the step at the pointer, as the display shows them in program mode
    mnemonic: str  # that step in listing notation
    running: bool
    paused: bool  # a Pause / PSE is showing the display
    message: str  # the last thing to tell the user ('' if nothing)
    hung: bool = False  # the machine no longer answers (a TI-57's ROM looping for ever) until switched off and on


@dataclass(frozen=True)
class GameListing:
    """A game's listing that can be opened in its machine."""

    title: str
    package: str  # the game's package holding the listing
    filename: str

    def text(self) -> str:
        return resources.files(self.package).joinpath(self.filename).read_text(encoding="utf-8")


class SliceLock:
    """The room's lock and its stop request (see the module docstring)."""

    def __init__(self) -> None:
        self.lock = threading.RLock()
        self.stop_requested = threading.Event()


class SlicedRoom(ABC):
    """What both room models do alike: press under the lock, run in slices, stop on request.

    A subclass sets ``machine`` and says how one slice runs (``_run``)."""

    pause_seconds = 1.0
    STEP_DIGITS = 3  # the step number as the machine shows it (HP-67 001, TI-57 01)
    machine: Any

    def __init__(self) -> None:
        self.message = ""
        self.paused = False
        self._slices = SliceLock()

    @property
    def running(self) -> bool:
        return bool(self.machine.running)

    def _pressed(self, action: str) -> None:
        """One key or instruction to the machine; a refusal becomes the message."""
        with self._slices.lock:
            try:
                self.machine.press(action)
            except ValueError as exc:
                self.message = str(exc)
            self.paused = False
            if self.machine.running:
                self._slices.stop_requested.clear()

    def request_stop(self) -> None:
        self._slices.stop_requested.set()

    def wait_pause(self) -> None:
        """Hold a pause's display for its time, cut short by a stop request (worker thread only)."""
        self._slices.stop_requested.wait(self.pause_seconds)

    def run_slice(self, steps: int = SLICE_STEPS) -> bool:
        """Run at most ``steps`` steps; True while the program is still running."""
        with self._slices.lock:
            if not self.running:
                return False
            if self._slices.stop_requested.is_set():
                self._slices.stop_requested.clear()
                self.machine.press("R/S")  # R/S stops both machines (any key the HP-67)
                self.paused = False
                self.message = f"stopped at step {self.machine.pc:0{self.STEP_DIGITS}d}"
                return False
            self._run(steps)
            return bool(self.machine.running)

    @abstractmethod
    def _run(self, steps: int) -> None:
        """Run at most ``steps`` program steps (called under the lock)."""


@dataclass(frozen=True)
class KeyFace:
    """One key as drawn: the key's name (what ``key()`` takes), its face, and the
    functions printed around it (HP-67: f, g, h; TI-57: 2nd), '' where none."""

    key: str
    face: str
    shifted: tuple[str, ...] = ()
