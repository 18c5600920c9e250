"""Standard Othello rules, shared by every Othello game in the arcade.

The programs we run trust their players (the HP-67 listing never checks a human
move) and, being 1970s-80s programs, may hold bugs of their own.  This referee
is the independent judge: legal moves, flips, passes, the end and the score.

Squares are numbered 0..63, row-major from the top-left: ``index = (row-1)*8 + (col-1)``
with rows 1..8 top to bottom and columns a..h left to right, the standard
diagram orientation (d4 and e5 white, d5 and e4 black at the start; black moves
first).  A position is two 64-bit masks, so the move generator is fast enough
for perft in CPython.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Iterator

FULL = (1 << 64) - 1
_NOT_A = 0xFEFEFEFEFEFEFEFE  # every column but a: the target mask for eastward shifts
_NOT_H = 0x7F7F7F7F7F7F7F7F  # every column but h: the target mask for westward shifts

# (shift, mask applied after shifting); a positive shift moves towards h8.
_DIRECTIONS: tuple[tuple[int, int], ...] = (
    (1, _NOT_A),   # east
    (-1, _NOT_H),  # west
    (8, FULL),     # south (down a row)
    (-8, FULL),    # north
    (9, _NOT_A),   # south-east
    (7, _NOT_H),   # south-west
    (-7, _NOT_A),  # north-east
    (-9, _NOT_H),  # north-west
)

COLUMNS = "abcdefgh"


class Disc(IntEnum):
    """A player's colour; also the disc it owns."""

    BLACK = 1
    WHITE = 2

    @property
    def opponent(self) -> Disc:
        return Disc.WHITE if self is Disc.BLACK else Disc.BLACK

    @property
    def label(self) -> str:
        return self.name.capitalize()


class IllegalMove(ValueError):
    """A move the rules forbid; the message says why, for the player."""


def square(row: int, col: int) -> int:
    """The index of the square at ``row`` (1..8) and ``col`` (1..8)."""
    if not (1 <= row <= 8 and 1 <= col <= 8):
        raise ValueError(f"no square at row {row}, column {col}")
    return (row - 1) * 8 + (col - 1)


def row_col(sq: int) -> tuple[int, int]:
    """``(row, col)``, both 1..8, of a square index."""
    return sq // 8 + 1, sq % 8 + 1


def name(sq: int | None) -> str:
    """Standard notation: ``'d3'``; ``'pass'`` for None."""
    if sq is None:
        return "pass"
    row, col = row_col(sq)
    return f"{COLUMNS[col - 1]}{row}"


def parse(text: str) -> int | None:
    """The square named ``'d3'`` (any case); ``'pass'`` gives None."""
    t = text.strip().lower()
    if t in ("pass", "--", "ps"):
        return None
    if len(t) != 2 or t[0] not in COLUMNS or t[1] not in "12345678":
        raise ValueError(f"not a square: {text!r} (expected a letter a-h and a digit 1-8, like d3)")
    return square(int(t[1]), COLUMNS.index(t[0]) + 1)


def _shift(bits: int, amount: int) -> int:
    return (bits << amount) & FULL if amount > 0 else bits >> -amount


def legal_mask(player: int, opponent: int) -> int:
    """Bitmask of the empty squares where ``player`` may play (dumb7fill per direction)."""
    empty = ~(player | opponent) & FULL
    moves = 0
    for amount, mask in _DIRECTIONS:
        run = _shift(player, amount) & mask & opponent
        for _ in range(5):
            run |= _shift(run, amount) & mask & opponent
        moves |= _shift(run, amount) & mask & empty
    return moves


def flips_mask(player: int, opponent: int, sq: int) -> int:
    """Bitmask of the opponent discs a disc of ``player`` at ``sq`` turns over."""
    move = 1 << sq
    if (player | opponent) & move:
        return 0
    flipped = 0
    for amount, mask in _DIRECTIONS:
        line = 0
        cursor = _shift(move, amount) & mask
        while cursor & opponent:
            line |= cursor
            cursor = _shift(cursor, amount) & mask
        if cursor & player:
            flipped |= line
    return flipped


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


@dataclass(frozen=True, slots=True)
class Position:
    """A board and the side to move; immutable, so history is a list of positions."""

    black: int
    white: int
    to_move: Disc = Disc.BLACK

    @classmethod
    def initial(cls) -> Position:
        return cls(
            black=(1 << square(4, 5)) | (1 << square(5, 4)),
            white=(1 << square(4, 4)) | (1 << square(5, 5)),
            to_move=Disc.BLACK,
        )

    @classmethod
    def from_rows(cls, rows: list[str] | tuple[str, ...], to_move: Disc = Disc.BLACK) -> Position:
        """Build from 8 strings of 8 characters: ``X``/``B``/``●`` black, ``O``/``W``/``○`` white, else empty."""
        if len(rows) != 8 or any(len(r) != 8 for r in rows):
            raise ValueError("a board is 8 rows of 8 characters")
        black = white = 0
        for r, line in enumerate(rows):
            for c, ch in enumerate(line):
                if ch in "XxBb●":
                    black |= 1 << (r * 8 + c)
                elif ch in "OoWw○":
                    white |= 1 << (r * 8 + c)
        return cls(black, white, to_move)

    @classmethod
    def from_grid(cls, grid: list[list[Disc | None]], to_move: Disc) -> Position:
        """Build from an 8x8 grid of ``Disc`` or None (row 1 first), as drivers decode boards."""
        black = white = 0
        for r in range(8):
            for c in range(8):
                cell = grid[r][c]
                if cell is Disc.BLACK:
                    black |= 1 << (r * 8 + c)
                elif cell is Disc.WHITE:
                    white |= 1 << (r * 8 + c)
        return cls(black, white, to_move)

    # -- reading -------------------------------------------------------------------

    def discs(self, player: Disc) -> int:
        return self.black if player is Disc.BLACK else self.white

    def at(self, sq: int) -> Disc | None:
        bit = 1 << sq
        if self.black & bit:
            return Disc.BLACK
        if self.white & bit:
            return Disc.WHITE
        return None

    def grid(self) -> list[list[Disc | None]]:
        return [[self.at(r * 8 + c) for c in range(8)] for r in range(8)]

    def rows(self) -> list[str]:
        """The board as 8 strings, ``X`` black, ``O`` white, ``.`` empty."""
        glyph = {Disc.BLACK: "X", Disc.WHITE: "O", None: "."}
        return ["".join(glyph[self.at(r * 8 + c)] for c in range(8)) for r in range(8)]

    def count(self, player: Disc) -> int:
        return self.discs(player).bit_count()

    @property
    def empties(self) -> int:
        return 64 - (self.black | self.white).bit_count()

    def legal_mask(self, player: Disc | None = None) -> int:
        player = player or self.to_move
        return legal_mask(self.discs(player), self.discs(player.opponent))

    def legal_moves(self, player: Disc | None = None) -> list[int]:
        return list(_bits(self.legal_mask(player)))

    def is_legal(self, sq: int) -> bool:
        return bool(self.legal_mask() >> sq & 1)

    def flips(self, sq: int, player: Disc | None = None) -> list[int]:
        player = player or self.to_move
        return list(_bits(flips_mask(self.discs(player), self.discs(player.opponent), sq)))

    @property
    def must_pass(self) -> bool:
        """The side to move has no legal move but the game goes on."""
        return not self.legal_mask() and bool(self.legal_mask(self.to_move.opponent))

    @property
    def is_over(self) -> bool:
        return not self.legal_mask() and not self.legal_mask(self.to_move.opponent)

    def score(self) -> tuple[int, int]:
        """``(black, white)`` disc counts."""
        return self.count(Disc.BLACK), self.count(Disc.WHITE)

    def winner(self) -> Disc | None:
        """The side with more discs (None for a draw); meaningful once ``is_over``."""
        b, w = self.score()
        if b == w:
            return None
        return Disc.BLACK if b > w else Disc.WHITE

    # -- moving --------------------------------------------------------------------

    def play(self, sq: int | None) -> Position:
        """The position after the side to move plays ``sq`` (None: passes).

        Raises IllegalMove, leaving this position untouched (it is immutable).
        """
        if sq is None:
            return self.pass_turn()
        if not 0 <= sq < 64:
            raise IllegalMove(f"there is no square {sq}")
        mover = self.to_move
        me, them = self.discs(mover), self.discs(mover.opponent)
        if (me | them) >> sq & 1:
            raise IllegalMove(f"{name(sq)} is already taken")
        flipped = flips_mask(me, them, sq)
        if not flipped:
            raise IllegalMove(f"{name(sq)} turns no disc over: a move must outflank at least one {mover.opponent.label.lower()} disc")
        me |= flipped | (1 << sq)
        them &= ~flipped
        black, white = (me, them) if mover is Disc.BLACK else (them, me)
        return Position(black, white, mover.opponent)

    def pass_turn(self) -> Position:
        if self.is_over:
            raise IllegalMove("the game is over")
        if self.legal_mask():
            moves = ", ".join(name(s) for s in self.legal_moves())
            raise IllegalMove(f"{self.to_move.label} may not pass with a legal move to play ({moves})")
        return Position(self.black, self.white, self.to_move.opponent)


def perft(position: Position, depth: int) -> int:
    """Leaf count of the game tree to ``depth`` plies; a pass is a ply, a finished game a leaf."""
    if depth == 0:
        return 1
    me, them = position.discs(position.to_move), position.discs(position.to_move.opponent)
    return _perft(me, them, depth)


def _perft(me: int, them: int, depth: int) -> int:
    moves = legal_mask(me, them)
    if not moves:
        if not legal_mask(them, me):
            return 1  # neither side can move: the game is over
        return 1 if depth == 1 else _perft(them, me, depth - 1)
    if depth == 1:
        return moves.bit_count()
    total = 0
    for sq in _bits(moves):
        flipped = flips_mask(me, them, sq)
        total += _perft(them & ~flipped, me | flipped | (1 << sq), depth - 1)
    return total
