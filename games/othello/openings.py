"""Seeded random openings for measuring one Othello program against another.

An opening is the position after a few random legal moves from the start.  Two
openings are the same if one is the other turned or mirrored (the eight symmetries of
the board): both programs' square values are symmetric, so such a pair would mostly
measure the same thing twice.  The same seed always gives the same openings.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from games.othello.referee import Disc, Position, name

__all__ = ["Opening", "canonical", "random_openings"]

# (row, col) -> (row, col) for the eight symmetries of the square, rows and columns 0-7
_SYMMETRIES = (
    lambda r, c: (r, c),
    lambda r, c: (c, r),
    lambda r, c: (7 - r, c),
    lambda r, c: (r, 7 - c),
    lambda r, c: (7 - r, 7 - c),
    lambda r, c: (7 - c, 7 - r),
    lambda r, c: (c, 7 - r),
    lambda r, c: (7 - c, r),
)
_MAPS = tuple(tuple(8 * f(sq // 8, sq % 8)[0] + f(sq // 8, sq % 8)[1] for sq in range(64)) for f in _SYMMETRIES)


@dataclass(frozen=True)
class Opening:
    """The moves played (None: a pass) and the position they lead to."""

    moves: tuple[int | None, ...]
    position: Position

    @property
    def notation(self) -> str:
        return " ".join(name(m) if m is not None else "pass" for m in self.moves)


def _mapped(bits: int, mapping: tuple[int, ...]) -> int:
    out = 0
    while bits:
        low = bits & -bits
        out |= 1 << mapping[low.bit_length() - 1]
        bits ^= low
    return out


def canonical(position: Position) -> tuple[int, int, Disc]:
    """The same key for a position and its seven turned or mirrored images."""
    return min((_mapped(position.black, m), _mapped(position.white, m), position.to_move) for m in _MAPS)


def random_openings(count: int, seed: int, plies: int = 6, tries: int = 100_000) -> list[Opening]:
    """``count`` distinct openings of ``plies`` random legal moves, drawn with ``seed``.

    An opening where the side to move has no move is drawn again.  ValueError if
    ``count`` distinct ones are not found in ``tries`` draws (too few exist that short).
    """
    if count < 0 or plies < 0:
        raise ValueError("the number of openings and of moves must not be negative")
    rng = random.Random(seed)
    seen: set[tuple[int, int, Disc]] = set()
    openings: list[Opening] = []
    for _ in range(tries):
        if len(openings) == count:
            return openings
        position = Position.initial()
        moves: list[int | None] = []
        for _ in range(plies):
            legal = position.legal_moves()
            move = rng.choice(legal) if legal else None
            if move is None and position.is_over:
                break
            moves.append(move)
            position = position.play(move)
        if position.is_over or not position.legal_mask():
            continue
        key = canonical(position)
        if key not in seen:
            seen.add(key)
            openings.append(Opening(tuple(moves), position))
    if len(openings) < count:
        raise ValueError(f"only {len(openings)} distinct openings of {plies} moves were found, not {count}")
    return openings
