"""Computer players for the blind duel: they see only what a person in their seat sees.

``choose(view)`` receives a ``PlayerView`` (games/ti57_duel/driver.py) -- its own
square, the moves left, the direction the TI-57 showed for the other player's last
move -- and returns a direction 1-8 that keeps it on the board; the caller keys it
(``n SBR p``) through ``DuelGame.move``, refereed as a person's move.  ``place()``
gives the secret start square, drawn from the player's own seeded generator.

A player is asked once per own turn, in order, for one game: it remembers the
directions it has been shown between calls (no ``observe`` is needed).  Use a new
player object for a new game.  Nothing here can reach the game or the machine: a
player is given a view, never the ``DuelGame``.
"""

from __future__ import annotations

import random

from games.ti57_duel.driver import PlayerView
from games.ti57_duel.referee import BOARD_SIZE, DELTAS, Square, on_board

__all__ = ["DUEL_LEVELS", "Hunter", "RandomWalker", "duel_player", "legal_directions"]

DUEL_LEVELS = ("random", "hunter")


def legal_directions(square: Square) -> list[int]:
    """The directions (1-8) that keep a pawn on ``square`` on the 10 x 10 board."""
    c, r = square
    return [d for d, (dc, dr) in DELTAS.items() if on_board((c + dc, r + dr))]


class RandomWalker:
    """Walks at random: uniform over its legal directions, a start square uniform over the board."""

    level = "random"

    def __init__(self, player: int, seed: int | None = None) -> None:
        if player not in (1, 2):
            raise ValueError(f"there is no player {player}: players are 1 and 2")
        self.player = player
        self.rng = random.Random(seed)

    def place(self) -> Square:
        return (self.rng.randrange(BOARD_SIZE), self.rng.randrange(BOARD_SIZE))

    def choose(self, view: PlayerView) -> int:
        if view.square is None:
            raise ValueError("the start square is not keyed yet")
        return self.rng.choice(legal_directions(view.square))


class Hunter(RandomWalker):
    """Tracks where the other pawn can be and goes to catch it.  (Skeleton: walks at random for now.)"""

    level = "hunter"


def duel_player(level: str, player: int, seed: int | None = None) -> Hunter | RandomWalker:
    """The computer player for a seat's level (``DUEL_LEVELS``)."""
    if level == "hunter":
        return Hunter(player, seed)
    if level == "random":
        return RandomWalker(player, seed)
    raise ValueError(f"the duel's levels are {', '.join(DUEL_LEVELS)}, not {level!r}")
