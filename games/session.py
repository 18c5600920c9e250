"""What every game session shares: a refusal that changes nothing, a seat, an unreadable save.

Kept tiny on purpose: each game's ``session.py`` owns its phases and rules; this module
only names the words the screens and the computer players rely on across games.
"""

from __future__ import annotations

from dataclasses import dataclass


class Refused(ValueError):
    """A request the session will not carry out; the game is unchanged."""


class SaveUnreadable(ValueError):
    """A save that cannot be turned back into a game (damaged, or from an unknown schema)."""


@dataclass(frozen=True)
class Seat:
    kind: str = "person"  # "person" or "computer"
    level: str | None = None  # the computer's level (its meaning is the game's)
