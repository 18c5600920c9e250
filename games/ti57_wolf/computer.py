"""Computer players for the wolf and the lambs: they choose a move; the driver plays it.

A player only chooses.  ``choose(board)`` returns what a person in that seat would
key -- ``(k, key)`` for ``k SBR key`` (lamb k, 4 or 6) or the wolf's ``key`` (SBR 1,
3, 7 or 9) -- and the caller plays it through the TI-57's keys (``WolfGame.lamb_move``
/ ``wolf_move``), refereed as a person's move.  The board is public in this game, so
a player sees all of it.  Both sides must be asked only when it is their turn and
the game is not over (``games.ti57_wolf.referee.result_of``).

Levels (``LAMB_LEVELS``, ``WOLF_LEVELS``) are the strings a seat carries.
"""

from __future__ import annotations

import random

from games.ti57_wolf.referee import Board, Side, WolfReferee

__all__ = [
    "LAMB_LEVELS",
    "WOLF_LEVELS",
    "LambsComputer",
    "RandomLambs",
    "RandomWolf",
    "WolfComputer",
    "lambs_player",
    "wolf_player",
]

LAMB_LEVELS = ("beginner", "good", "perfect")
WOLF_LEVELS = ("beginner", "cunning")

LambMove = tuple[int, int]


class RandomLambs:
    """Uniform over the lambs' legal moves: the yardstick the wolf is measured against."""

    level = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, board: Board) -> LambMove:
        moves = WolfReferee(board, Side.LAMBS).legal_lamb_moves()
        if not moves:
            raise ValueError("the lambs have no legal move: the game is over")
        return self.rng.choice(moves)


class RandomWolf:
    """Uniform over the wolf's legal moves."""

    level = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, board: Board) -> int:
        moves = WolfReferee(board, Side.WOLF).legal_wolf_moves()
        if not moves:
            raise ValueError("the wolf has no legal move: the game is over")
        return self.rng.choice(moves)


class LambsComputer(RandomLambs):
    """The lambs at a level of ``LAMB_LEVELS``.  (Skeleton: plays at random for now.)"""

    def __init__(self, level: str = "perfect", seed: int | None = None) -> None:
        if level not in LAMB_LEVELS:
            raise ValueError(f"the lambs' levels are {', '.join(LAMB_LEVELS)}, not {level!r}")
        super().__init__(seed)
        self.level = level


class WolfComputer(RandomWolf):
    """The wolf at a level of ``WOLF_LEVELS``.  (Skeleton: plays at random for now.)"""

    def __init__(self, level: str = "cunning", seed: int | None = None) -> None:
        if level not in WOLF_LEVELS:
            raise ValueError(f"the wolf's levels are {', '.join(WOLF_LEVELS)}, not {level!r}")
        super().__init__(seed)
        self.level = level


def lambs_player(level: str | None, seed: int | None = None) -> LambsComputer | RandomLambs:
    """The lambs for a seat's level; ``"random"`` gives the uniform player, None the best."""
    if level == "random":
        return RandomLambs(seed)
    return LambsComputer(level or "perfect", seed)


def wolf_player(level: str | None, seed: int | None = None) -> WolfComputer | RandomWolf:
    """The wolf for a seat's level; ``"random"`` gives the uniform player, None the best."""
    if level == "random":
        return RandomWolf(seed)
    return WolfComputer(level or "cunning", seed)
