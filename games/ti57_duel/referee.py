"""The rules of the blind duel on a 10 x 10 board, kept apart from the machine.

The driver asks the referee before a move reaches the machine (the program leaves the
edges to the players: "Chacun doit veiller lui-meme a ne pas sortir des limites du
terrain"), and after the move checks that the machine agrees with it: same squares,
same moves left, capture exactly when both pawns share a square, draw when the move
count runs out without a capture.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum, IntEnum

from games.session import Refused

__all__ = [
    "BOARD_SIZE",
    "Direction",
    "DELTAS",
    "DuelStatus",
    "DuelReferee",
    "IllegalMove",
    "OffBoard",
    "Square",
    "on_board",
]

BOARD_SIZE = 10
Square = tuple[int, int]  # (column, row), 0-9 each; the program stores column + row / 10


class Direction(IntEnum):
    """The program's direction codes (the article's Fig. 3), clockwise from NE."""

    NE = 1
    E = 2
    SE = 3
    S = 4
    SW = 5
    W = 6
    NW = 7
    N = 8


DELTAS: dict[int, Square] = {1: (1, 1), 2: (1, 0), 3: (1, -1), 4: (0, -1), 5: (-1, -1), 6: (-1, 0), 7: (-1, 1), 8: (0, 1)}
"""(column, row) change of each code; the register changes by column + row / 10
(+1.1, +1.0, +0.9, -0.1, -1.1, -1.0, -0.9, +0.1)."""


class DuelStatus(str, Enum):
    NOT_STARTED = "not started"  # a start square is still missing
    IN_PROGRESS = "in progress"
    CAPTURE = "capture"
    DRAW = "draw"


class IllegalMove(Refused):
    """A move the duel refuses before any key is pressed; the game is unchanged (a ``Refused``)."""


class OffBoard(IllegalMove):
    """The move would leave the 10 x 10 board."""


def on_board(square: Square) -> bool:
    c, r = square
    return 0 <= c < BOARD_SIZE and 0 <= r < BOARD_SIZE


@dataclass(frozen=True)
class DuelReferee:
    """The duel by its rules: squares, whose turn, moves left, outcome."""

    squares: tuple[Square, Square]
    moves_left: int
    to_move: int = 1
    status: DuelStatus = DuelStatus.IN_PROGRESS
    winner: int | None = None

    def check(self, player: int, direction: int) -> Square:
        """The square the move reaches, or IllegalMove saying why not."""
        if player not in (1, 2):
            raise IllegalMove(f"there is no player {player}: players are 1 and 2")
        if self.status is DuelStatus.CAPTURE:
            raise IllegalMove(f"the game is over: player {self.winner} captured")
        if self.status is DuelStatus.DRAW:
            raise IllegalMove("the moves are used up (a draw): extend() the game to go on")
        if player != self.to_move:
            raise IllegalMove(f"it is player {self.to_move}'s turn, not player {player}'s")
        if direction not in DELTAS:
            raise IllegalMove(f"direction {direction!r} is not 1-8 (1 NE, 2 E, ... 8 N)")
        c, r = self.squares[player - 1]
        dc, dr = DELTAS[direction]
        target = (c + dc, r + dr)
        if not on_board(target):
            raise OffBoard(
                f"player {player} at {c}.{r} cannot go {Direction(direction).name} ({direction}): "
                f"{target[0]}.{target[1]} is off the 10 x 10 board"
            )
        return target

    def play(self, player: int, direction: int) -> DuelReferee:
        target = self.check(player, direction)
        squares = (target, self.squares[1]) if player == 1 else (self.squares[0], target)
        if squares[0] == squares[1]:
            # the capture move is not counted: the program stops before its Dsz
            return replace(self, squares=squares, status=DuelStatus.CAPTURE, winner=player)
        left = self.moves_left - 1
        status = DuelStatus.DRAW if left <= 0 else DuelStatus.IN_PROGRESS
        return replace(self, squares=squares, moves_left=max(left, 0), to_move=3 - player, status=status)

    def extend(self, moves: int) -> DuelReferee:
        if self.status is not DuelStatus.DRAW:
            raise IllegalMove("only a drawn game can be extended")
        return replace(self, moves_left=moves, status=DuelStatus.IN_PROGRESS)
