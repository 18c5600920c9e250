"""``MachineProgress``: how far a machine is in its turn, as a game screen shows it.

It carries the ``generation`` of the game it is about: a screen starts a new generation
for each new game, and ignores late news from an older one.  A host's ``Progress`` becomes
one (``GameScreen.on_table_news``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual.message import Message


@dataclass
class MachineProgress(Message):
    """The machine has run ``steps`` program steps of this turn (of ``total``, if known)."""

    generation: int
    steps: int
    total: int | None
    view: Any = None  # the driver's view of the machine between two slices (HP67View...)
