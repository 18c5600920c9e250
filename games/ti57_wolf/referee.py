"""The wolf and the lambs on an 8 x 8 board: what the TI-57 program leaves out.

The article's "améliorations" list what a bigger machine should check and the TI-57
cannot: the board's limits, lambs only moving forward, no piece landing on an occupied
square, and the end of the game -- the wolf wins on row 1; the lambs win when the wolf
cannot move or when all of them have reached row 8.  (When the lambs cannot move and
the game is not over, the article is silent; we give the game to the wolf.)

Squares are (column, row), 1-8 each; the program stores column + row / 10.
Rows grow from the lambs' row 1 to the wolf's row 8.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

__all__ = [
    "BOARD_SIZE",
    "Board",
    "IllegalMove",
    "LAMB_MOVES",
    "MOVE_NAMES",
    "Result",
    "Side",
    "WOLF_MOVES",
    "WolfReferee",
    "on_board",
    "START",
]

BOARD_SIZE = 8
Square = tuple[int, int]

WOLF_MOVES: dict[int, Square] = {1: (-1, -1), 3: (-1, 1), 7: (1, -1), 9: (1, 1)}
"""(column, row) change made by ``SBR n`` as the program really does it.  The article's
table and keypad picture swap 3 and 7: the program's Lbl 7 (``0 -``) falls into Lbl 3
(``RCL 5`` = -0.9), so SBR 3 adds -0.9 and SBR 7 adds +0.9."""

LAMB_MOVES: dict[int, Square] = {4: (-1, 1), 6: (1, 1)}
"""``k SBR 4`` adds -0.9 to lamb k, ``k SBR 6`` adds +1.1: both one row forward."""

MOVE_NAMES: dict[int, str] = {1: "down-left", 3: "up-left", 7: "down-right", 9: "up-right", 4: "up-left", 6: "up-right"}
"""Where each key really goes on a board drawn with row 8 at the top and column 1 at
the left (the article's keypad picture would put 3 down-right and 7 up-left)."""


class Side(str, Enum):
    WOLF = "wolf"
    LAMBS = "lambs"


class IllegalMove(ValueError):
    """A move the referee refuses before any key is pressed; the game is unchanged."""


def on_board(square: Square) -> bool:
    c, r = square
    return 1 <= c <= BOARD_SIZE and 1 <= r <= BOARD_SIZE


@dataclass(frozen=True)
class Board:
    wolf: Square
    lambs: tuple[Square, Square, Square, Square]

    def occupied(self, square: Square) -> bool:
        return square == self.wolf or square in self.lambs


START = Board((4, 8), ((1, 1), (3, 1), (5, 1), (7, 1)))
"""The article's set-up: 4.8 STO 7, 1.1 STO 1, 3.1 STO 2, 5.1 STO 3, 7.1 STO 4."""


@dataclass(frozen=True)
class Result:
    winner: Side
    reason: str


def _add(square: Square, delta: Square) -> Square:
    return square[0] + delta[0], square[1] + delta[1]


@dataclass(frozen=True)
class WolfReferee:
    board: Board = START
    to_move: Side = Side.WOLF

    def wolf_target(self, key: int) -> Square:
        self._open(Side.WOLF)
        if key not in WOLF_MOVES:
            raise IllegalMove(f"the wolf moves with SBR 1, 3, 7 or 9, not {key!r}")
        target = _add(self.board.wolf, WOLF_MOVES[key])
        if not on_board(target):
            raise IllegalMove(f"SBR {key} would take the wolf off the board to {target[0]}.{target[1]}")
        if target in self.board.lambs:
            raise IllegalMove(f"SBR {key}: a lamb is on {target[0]}.{target[1]}")
        return target

    def lamb_target(self, k: int, key: int) -> Square:
        self._open(Side.LAMBS)
        if k not in (1, 2, 3, 4):
            raise IllegalMove(f"the lambs are 1-4, not {k!r}")
        if key not in LAMB_MOVES:
            raise IllegalMove(f"a lamb moves with SBR 4 or SBR 6 (forward), not {key!r}")
        target = _add(self.board.lambs[k - 1], LAMB_MOVES[key])
        if not on_board(target):
            raise IllegalMove(f"{k} SBR {key} would take lamb {k} off the board to {target[0]}.{target[1]}")
        if self.board.occupied(target):
            raise IllegalMove(f"{k} SBR {key}: {target[0]}.{target[1]} is occupied")
        return target

    def wolf_move(self, key: int) -> WolfReferee:
        target = self.wolf_target(key)
        return replace(self, board=replace(self.board, wolf=target), to_move=Side.LAMBS)

    def lamb_move(self, k: int, key: int) -> WolfReferee:
        target = self.lamb_target(k, key)
        lambs = list(self.board.lambs)
        lambs[k - 1] = target
        return replace(self, board=Board(self.board.wolf, (lambs[0], lambs[1], lambs[2], lambs[3])), to_move=Side.WOLF)

    def legal_wolf_moves(self) -> list[int]:
        return [k for k, d in WOLF_MOVES.items() if on_board(t := _add(self.board.wolf, d)) and t not in self.board.lambs]

    def legal_lamb_moves(self) -> list[tuple[int, int]]:
        out = []
        for i, lamb in enumerate(self.board.lambs):
            for key, d in LAMB_MOVES.items():
                t = _add(lamb, d)
                if on_board(t) and not self.board.occupied(t):
                    out.append((i + 1, key))
        return out

    def result(self) -> Result | None:
        return result_of(self.board, self.to_move)

    def _open(self, side: Side) -> None:
        done = self.result()
        if done is not None:
            raise IllegalMove(f"the game is over: the {done.winner.value} won ({done.reason})")
        if side is not self.to_move:
            raise IllegalMove(f"it is the {self.to_move.value}' turn" if self.to_move is Side.LAMBS else "it is the wolf's turn")


def result_of(board: Board, to_move: Side) -> Result | None:
    """The end of the game, by the article's rules, for ``to_move`` about to play."""
    if board.wolf[1] == 1:
        return Result(Side.WOLF, "the wolf reached row 1")
    if all(lamb[1] == BOARD_SIZE for lamb in board.lambs):
        return Result(Side.LAMBS, "all the lambs reached row 8")
    ref = WolfReferee(board, to_move)
    if to_move is Side.WOLF and not ref.legal_wolf_moves():
        return Result(Side.LAMBS, "the wolf is blocked")
    if to_move is Side.LAMBS and not ref.legal_lamb_moves():
        return Result(Side.WOLF, "the lambs cannot move")
    return None
