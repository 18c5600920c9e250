"""What every game session shares: a refusal, a seat, an unreadable save (see each game's ``session.py``).

Kept tiny on purpose: every game's session imports it, and nothing here knows a game.
"""

from __future__ import annotations

from dataclasses import dataclass


class Refused(ValueError):
    """A request the session will not carry out; the game is unchanged."""


@dataclass(frozen=True)
class Seat:
    kind: str = "person"          # "person" or "computer"
    level: str | None = None      # the computer's level (its meaning is the game's)


class SaveUnreadable(ValueError):
    """A save that cannot become a session (damaged, hand-edited, from an unknown schema); the reason says why."""
