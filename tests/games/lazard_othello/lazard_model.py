"""Lazard's evaluation rule restated in Python, independent of the BASIC listing.

The rule comes from the seed (Jeux & Stratégie n°35): scan the squares in the order
of their numbers (cell = 10*row + column, so a1, b1, ..., h1, a2, ...), keep the legal
ones, score each as

    up to the 18th move:  value of the square - discs taken
    after the 18th move:  value of the square + discs taken

and play the best, the first in scan order on a tie.  "Move" counts the discs placed
by both sides (passes do not count); the move being chosen is number
``discs on the board - 4 + 1``.  Discs taken come from the shared referee, values from
the table below, which restates the listing's DATA lines 150-220 (a reconstruction:
only the corner 40 and its neighbours 3, 0, 3 are in the seed).
"""

from __future__ import annotations

from games.othello.referee import Position, square

VALUES: tuple[tuple[int, ...], ...] = (
    (40, 3, 15, 10, 10, 15, 3, 40),
    (3, 0, 5, 5, 5, 5, 0, 3),
    (15, 5, 10, 8, 8, 10, 5, 15),
    (10, 5, 8, 8, 8, 8, 5, 10),
    (10, 5, 8, 8, 8, 8, 5, 10),
    (15, 5, 10, 8, 8, 10, 5, 15),
    (3, 0, 5, 5, 5, 5, 0, 3),
    (40, 3, 15, 10, 10, 15, 3, 40),
)

SWITCH_MOVE = 18  # "jusqu'au 18e coup" inclusive


def move_number(position: Position) -> int:
    """The number of the move about to be played (1 for the first move of the game)."""
    return 64 - position.empties - 4 + 1


def scores(position: Position, values: tuple[tuple[int, ...], ...] = VALUES, sign: int | None = None) -> dict[int, int]:
    """Lazard's score of every legal move of the side to move, by referee square.

    ``sign`` forces a phase (-1: value - taken, +1: value + taken) to ask what the other
    phase's rule would have played."""
    if sign is None:
        sign = -1 if move_number(position) <= SWITCH_MOVE else 1
    return {
        sq: values[sq // 8][sq % 8] + sign * len(position.flips(sq))
        for sq in position.legal_moves()
    }


def lazard_choice(
    position: Position, values: tuple[tuple[int, ...], ...] = VALUES, sign: int | None = None
) -> int | None:
    """The square Lazard's program plays (None: it passes)."""
    best_score, best = -99, None
    by_square = scores(position, values, sign)
    for row in range(1, 9):  # scan order of the 100-cell board: 11, 12, ..., 18, 21, ...
        for col in range(1, 9):
            sq = square(row, col)
            if sq in by_square and by_square[sq] > best_score:  # strict: the first best wins
                best_score, best = by_square[sq], sq
    return best


def has_tie_for_best(position: Position, values: tuple[tuple[int, ...], ...] = VALUES) -> bool:
    """Two legal moves or more share the best score: the scan order decides."""
    by_square = scores(position, values)
    return bool(by_square) and list(by_square.values()).count(max(by_square.values())) > 1
