"""Messages the game workers post to their screens (thread-safe via ``post_message``).

Every message carries the ``generation`` of the job that sent it: a screen starts a
new generation for each new game, and ignores late news from an older one.
``MachineProgress`` is ``GameScreen``'s (``arcade/game_screen.py``: a job's end comes
through the worker's ``StateChanged``, not a message); ``TurnFinished`` and
``TurnFailed`` serve the TI-57 screens until they move onto ``GameScreen``.
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


@dataclass
class PersonMoved(Message):
    """The person's move is recorded and the machine's reply goes on in the same job."""

    generation: int
    record: Any  # games.othello.driver.MoveRecord
    with_end: bool = False
    """Taken with the job's end (a reply too short to draw apart, ``JobContext.post_drawn_soon``,
    ``GameScreen.news_with_end``): the end draws and saves the game."""


@dataclass
class TurnFinished(Message):
    """A turn was played; the driver's state is now the one to show."""

    generation: int
    record: Any  # games.othello.driver.MoveRecord


@dataclass
class TurnFailed(Message):
    """A turn could not be played; ``text`` says why, for the player."""

    generation: int
    text: str
    cancelled: bool = False
