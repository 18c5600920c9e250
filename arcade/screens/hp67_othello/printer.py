"""A turn on the HP-67 as an HP-97 style printer tape prints it: keys, entries and displays in the
order they happened on the calculator; and the same as a line of keys for the move history."""

from __future__ import annotations

from typing import Protocol

REAL_STEPS_PER_SECOND = 30
"""The HP-67 runs about 30 program steps a second (the author's figure, seed 000/001)."""


def duration(steps: int) -> str:
    """How long a real HP-67 takes for ``steps`` program steps, e.g. ``'13 min 20 s'``."""
    seconds = round(steps / REAL_STEPS_PER_SECOND)
    if seconds < 60:
        return f"{seconds} s"
    minutes, seconds = divmod(seconds, 60)
    if minutes < 60:
        return f"{minutes} min {seconds:02d} s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min"


class Tape(Protocol):
    """What a turn is printed on: the screen's ``PrinterTape``, or a ``KeyLog``."""

    def key(self, key: str) -> None: ...
    def entry(self, number: str, key: str) -> None: ...
    def shown(self, display: str) -> None: ...


def print_turn(tape: Tape, keys: list[str], displays: list[str], *, by_machine: bool) -> None:
    """Print a turn's keys and displays in the order they happened on the calculator.

    The driver lists keys and displays apart; on the HP-67 each stop (a display
    worth noting) comes before the key that resumes the program: ``E`` 192.0 ``R/S``
    0.0 for a new game, ``B`` 6.4 ``R/S`` 0.0 for the calculator's move, and the
    player's ``6 . 4`` then ``R/S`` (or ``B`` for the first move).
    """
    keys, shown = list(keys), list(displays)
    if not by_machine:  # the human's entry: digits, then the key that runs the program
        digits = ""
        for key in keys:
            if len(key) == 1 and key in "0123456789.":
                digits += key
            elif digits:
                tape.entry(digits, key)
                digits = ""
            else:
                tape.key(key)
        if digits:
            tape.key(digits)
        return
    while keys or shown:
        # keys up to (and not including) the one that resumes after a stop
        while keys and not (shown and keys[0] in ("R/S", "CHS") and len(keys) <= len(shown)):
            tape.key(keys.pop(0))
        if shown:
            tape.shown(shown.pop(0))
        if keys and keys[0] == "CHS":
            tape.key(keys.pop(0))
        if keys:
            tape.key(keys.pop(0))


class KeyLog:
    """A tape that only collects its lines: the history's key sequence in the calculator's order."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def key(self, key: str) -> None:
        self.parts.append(key)

    def entry(self, number: str, key: str) -> None:
        self.parts.append(f"{' '.join(number)} {key}")

    def shown(self, display: str) -> None:
        self.parts.append(f"[{display}]")


def key_sequence(keys: list[str], displays: list[str], *, by_machine: bool) -> str:
    """``6 . 4 R/S`` or ``R/S [5.3] R/S [0.0]``: what to press on a real HP-67, displays in brackets."""
    log = KeyLog()
    print_turn(log, keys, displays, by_machine=by_machine)
    return " ".join(log.parts)
