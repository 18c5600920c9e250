"""Computer players for the wolf and the lambs: they choose a move; the driver plays it.

A player only chooses.  ``choose(board)`` returns what a person in that seat would
key -- ``(k, key)`` for ``k SBR key`` (lamb k, 4 or 6) or the wolf's ``key`` (SBR 1,
3, 7 or 9) -- and the caller plays it through the TI-57's keys (``WolfGame.lamb_move``
/ ``wolf_move``), refereed as a person's move.  The board is public in this game, so
a player sees all of it.  Ask a side only when it is its turn and the game is not
over (``games.ti57_wolf.referee.result_of``); ``choose`` raises ValueError otherwise.

**The game is solved.**  Every lamb move goes one row forward, so a game ends; the
wolf moves between two lamb moves, so the state graph has no cycle.  ``solution()``
walks the sets of four lamb squares from the most advanced to the least (a lamb move
only leads to a set further on) and keeps, for each set, two 64-bit masks: the wolf
squares from which the lambs win with the wolf to move, and with the lambs to move.
The wolf's side of the recursion is done for all 32 wolf squares at once with bit
shifts.  Built once (well under a second), kept in memory.  From the article's set-up
the lambs win with either side first.

Levels (``LAMB_LEVELS``, ``WOLF_LEVELS``) are the strings a seat carries:

* lambs ``perfect``: always a move that keeps the position won (so it wins every game
  from any position the lambs have not already lost, whatever the wolf does), the one
  leaving the wolf the fewest moves; ``good``: the perfect move, except one move in
  twenty played as a beginner would; ``beginner``: any move after which the wolf
  cannot at once slip past the line or leave the lambs stuck.
* wolf ``cunning``: a move that wins by force when there is one (the table); else the
  move that maximises its chance of winning against lambs choosing at random over the
  next plies (an expectimax search), then the one leaving the lambs the most losing
  replies, then the most mobile; ``beginner``: takes row 1 when it can, otherwise a
  random move, going forward half the time.

The table covers the positions a refereed game can reach (pieces on the board, on the
dark squares, never two on one).  In purist play, with the referee off, the program
lets the wolf stray elsewhere; there the solved levels play their beginner's move.
"""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass
from itertools import combinations

from games.ti57_wolf.referee import BOARD_SIZE, LAMB_MOVES, WOLF_MOVES, Board, Side, WolfReferee, result_of

__all__ = [
    "LAMB_LEVELS",
    "WOLF_LEVELS",
    "LambsComputer",
    "RandomLambs",
    "RandomWolf",
    "Solution",
    "WolfComputer",
    "decode",
    "encode",
    "lambs_player",
    "solution",
    "wolf_player",
]

LAMB_LEVELS = ("beginner", "good", "perfect")
WOLF_LEVELS = ("beginner", "cunning")

LambMove = tuple[int, int]
Square = tuple[int, int]

# ------------------------------------------------------------------ the solved game

_ALL = (1 << 64) - 1


def _index(square: Square) -> int:
    """Bit of a square: row-major from (1, 1), so row r is bits 8(r-1) .. 8(r-1)+7."""
    c, r = square
    return (r - 1) * BOARD_SIZE + (c - 1)


def _square(index: int) -> Square:
    return index % BOARD_SIZE + 1, index // BOARD_SIZE + 1


def _mask(squares: list[Square] | tuple[Square, ...]) -> int:
    m = 0
    for s in squares:
        m |= 1 << _index(s)
    return m


_SQUARES = [(c, r) for r in range(1, 9) for c in range(1, 9)]
_DARK = _mask([s for s in _SQUARES if sum(s) % 2 == 0])  # every piece stays on these (c + r even)
_ROW1 = _mask([s for s in _SQUARES if s[1] == 1])
_FINAL = _mask([s for s in _SQUARES if s[1] == 8 and sum(s) % 2 == 0])  # all four lambs on row 8
_NOT_COL1 = _ALL & ~_mask([s for s in _SQUARES if s[0] == 1])
_NOT_COL8 = _ALL & ~_mask([s for s in _SQUARES if s[0] == 8])


def _steps(deltas: dict[int, Square]) -> dict[int, tuple[tuple[int, int], ...]]:
    """For every square: (key, target bit index) of the moves that stay on the board."""
    out = {}
    for s in _SQUARES:
        moves = []
        for key, (dc, dr) in deltas.items():
            c, r = s[0] + dc, s[1] + dr
            if 1 <= c <= 8 and 1 <= r <= 8:
                moves.append((key, _index((c, r))))
        out[_index(s)] = tuple(moves)
    return out


_WOLF_STEPS = _steps(WOLF_MOVES)
_LAMB_STEPS = _steps(LAMB_MOVES)


def _from(mask: int, dc: int, dr: int) -> int:
    """The squares w whose neighbour w + (dc, dr) is in ``mask`` (board edges respected)."""
    shift = dr * BOARD_SIZE + dc
    m = mask >> shift if shift > 0 else (mask << -shift) & _ALL
    return m & (_NOT_COL8 if dc > 0 else _NOT_COL1)


@dataclass(frozen=True)
class Solution:
    """Who wins every position of the article's board, by perfect play.

    ``wolf_to_move[L]`` / ``lambs_to_move[L]``: for the set of lamb squares L (a mask),
    the mask of wolf squares from which the lambs win.  Lambs are interchangeable here.
    """

    wolf_to_move: dict[int, int]
    lambs_to_move: dict[int, int]

    def lambs_win(self, lambs: int, wolf: int, to_move: Side) -> bool:
        """For masks/bit index as ``encode`` gives them."""
        table = self.wolf_to_move if to_move is Side.WOLF else self.lambs_to_move
        return bool(table[lambs] >> wolf & 1)

    def lambs_win_board(self, board: Board, to_move: Side) -> bool:
        lambs, wolf = encode(board)
        return self.lambs_win(lambs, wolf, to_move)


def encode(board: Board) -> tuple[int, int]:
    """(mask of the lamb squares, bit index of the wolf's square)."""
    return _mask(board.lambs), _index(board.wolf)


def decode(lambs: int, wolf: int) -> Board:
    """The board of ``encode``'s masks, the lambs numbered in the order of their squares' bits."""
    squares = [_square(i) for i in range(64) if lambs >> i & 1]
    return Board(_square(wolf), (squares[0], squares[1], squares[2], squares[3]))


def _solve() -> Solution:
    dark = [i for i in range(64) if _DARK >> i & 1]
    sets = sorted(
        ((sum(i // BOARD_SIZE for i in combo), sum(1 << i for i in combo)) for combo in combinations(dark, 4)),
        reverse=True,
    )
    wolf_tm: dict[int, int] = {}
    lambs_tm: dict[int, int] = {}
    for _, lambs in sets:
        free = _DARK & ~lambs & ~_ROW1  # a wolf on row 1 has won
        if lambs == _FINAL:  # all the lambs on row 8: they have won, whoever is to move
            wolf_tm[lambs] = lambs_tm[lambs] = free
            continue
        # lambs to move: they win if one of their moves reaches a set won with the wolf to
        # move (a move onto the wolf's square is not allowed); no move at all: the wolf wins
        win = 0
        rest = lambs
        while rest:
            low = rest & -rest
            rest ^= low
            for _, target in _LAMB_STEPS[low.bit_length() - 1]:
                t = 1 << target
                if not lambs & t:
                    win |= wolf_tm[(lambs ^ low) | t] & ~t
        win &= free
        lambs_tm[lambs] = win
        # wolf to move: the lambs win unless some wolf move reaches a square not won for
        # them (row 1 included); a blocked wolf has lost
        escape = _DARK & ~lambs & ~win
        won = free
        for dc, dr in WOLF_MOVES.values():
            won &= ~_from(escape, dc, dr)
        wolf_tm[lambs] = won
    return Solution(wolf_tm, lambs_tm)


_solution: Solution | None = None
_solution_lock = threading.Lock()


SOLVING_LEVELS = frozenset({"cunning", "good", "perfect"})
"""The levels that read the solved game (the wolf's cunning, the lambs' good and perfect)."""


def chooses_at_once(level: str | None) -> bool:
    """A player at ``level`` (None: the random one) chooses in well under 2 ms now: it never reads
    the solved game, or the game is solved already in this process (the first solve takes a
    fraction of a second)."""
    return level not in SOLVING_LEVELS or _solution is not None


def solution() -> Solution:
    """The solved game, built on first use (a fraction of a second) and kept."""
    global _solution
    with _solution_lock:
        if _solution is None:
            _solution = _solve()
        return _solution


# ------------------------------------------------------------------------ players


def _lamb_children(board: Board) -> list[tuple[LambMove, Board]]:
    out = []
    for k, key in WolfReferee(board, Side.LAMBS).legal_lamb_moves():
        dc, dr = LAMB_MOVES[key]
        lambs = list(board.lambs)
        c, r = lambs[k - 1]
        lambs[k - 1] = (c + dc, r + dr)
        out.append(((k, key), Board(board.wolf, (lambs[0], lambs[1], lambs[2], lambs[3]))))
    return out


def _wolf_children(board: Board) -> list[tuple[int, Board]]:
    out = []
    for key in WolfReferee(board, Side.WOLF).legal_wolf_moves():
        dc, dr = WOLF_MOVES[key]
        out.append((key, Board((board.wolf[0] + dc, board.wolf[1] + dr), board.lambs)))
    return out


def _past(board: Board) -> bool:
    """The wolf is level with or behind the rearmost lamb: it walks to row 1 unopposed."""
    return board.wolf[1] <= min(r for _, r in board.lambs)


def _solvable(board: Board) -> bool:
    """A placement the table knows: five distinct dark squares of the board."""
    squares = (board.wolf, *board.lambs)
    return len(set(squares)) == 5 and all(1 <= c <= 8 and 1 <= r <= 8 and (c + r) % 2 == 0 for c, r in squares)


def _open(board: Board, side: Side) -> None:
    done = result_of(board, side)
    if done is not None:
        raise ValueError(f"the game is over: the {done.winner.value} won ({done.reason})")


class RandomLambs:
    """Uniform over the lambs' legal moves: the yardstick the wolf is measured against."""

    level = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, board: Board) -> LambMove:
        _open(board, Side.LAMBS)
        return self.rng.choice(WolfReferee(board, Side.LAMBS).legal_lamb_moves())


class RandomWolf:
    """Uniform over the wolf's legal moves."""

    level = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, board: Board) -> int:
        _open(board, Side.WOLF)
        return self.rng.choice(WolfReferee(board, Side.WOLF).legal_wolf_moves())


GOOD_MISTAKE_RATE = 0.05
"""How often the ``good`` lambs play a beginner's move instead of the perfect one."""


class LambsComputer:
    """The lambs at a level of ``LAMB_LEVELS`` (see the module docstring)."""

    def __init__(self, level: str = "perfect", seed: int | None = None) -> None:
        if level not in LAMB_LEVELS:
            raise ValueError(f"the lambs' levels are {', '.join(LAMB_LEVELS)}, not {level!r}")
        self.level = level
        self.rng = random.Random(seed)

    def choose(self, board: Board) -> LambMove:
        _open(board, Side.LAMBS)
        if not _solvable(board):
            return self.beginner_move(board)
        if self.level == "perfect" or (self.level == "good" and self.rng.random() >= GOOD_MISTAKE_RATE):
            return self.perfect_move(board)
        return self.beginner_move(board)

    def winning_moves(self, board: Board) -> list[LambMove]:
        """The legal moves after which the lambs still win against any wolf (the table)."""
        return [move for move, _ in self._won_children(board)]

    def _won_children(self, board: Board) -> list[tuple[LambMove, int]]:
        """(move, lamb mask after it) of the winning moves, found on the bit masks."""
        table = solution().wolf_to_move
        lambs, wolf = encode(board)
        occupied = lambs | 1 << wolf
        out = []
        for k, square in enumerate(board.lambs, start=1):
            here = _index(square)
            for key, target in _LAMB_STEPS[here]:
                if not occupied >> target & 1:
                    after = lambs ^ (1 << here) | 1 << target
                    if table[after] >> wolf & 1:
                        out.append(((k, key), after))
        return out

    def perfect_move(self, board: Board) -> LambMove:
        """A move keeping the game won, leaving the wolf fewest moves; once lost, a beginner's."""
        won = self._won_children(board)
        if not won:  # lost against a perfect wolf: make it find the win
            return self.beginner_move(board)
        wolf = _index(board.wolf)

        def wolf_moves(lambs: int) -> int:
            return sum(1 for _, t in _WOLF_STEPS[wolf] if not lambs >> t & 1)

        fewest = min(wolf_moves(after) for _, after in won)
        return self.rng.choice([move for move, after in won if wolf_moves(after) == fewest])

    def beginner_move(self, board: Board) -> LambMove:
        """Any move after which the wolf cannot at once slip past the line or leave the
        lambs stuck (if there is one): a look one wolf move ahead, no further.

        A wolf on a row no lamb is behind has won: the lambs only go forward, so nothing
        can stand between it and row 1 any more."""
        children = _lamb_children(board)
        safe = [
            move
            for move, after in children
            if not any(_past(b) or result_of(b, Side.LAMBS) is not None for _, b in _wolf_children(after))
        ]
        return self.rng.choice(safe or [move for move, _ in children])


CUNNING_DEPTH = 3
"""Wolf moves looked ahead by the cunning wolf's expectimax (each followed by a random lamb reply)."""


class WolfComputer:
    """The wolf at a level of ``WOLF_LEVELS`` (see the module docstring)."""

    def __init__(self, level: str = "cunning", seed: int | None = None) -> None:
        if level not in WOLF_LEVELS:
            raise ValueError(f"the wolf's levels are {', '.join(WOLF_LEVELS)}, not {level!r}")
        self.level = level
        self.rng = random.Random(seed)

    def choose(self, board: Board) -> int:
        _open(board, Side.WOLF)
        if self.level == "beginner" or not _solvable(board):
            return self.beginner_move(board)
        return self.cunning_move(board)

    def beginner_move(self, board: Board) -> int:
        children = _wolf_children(board)
        for key, after in children:
            if after.wolf[1] == 1:
                return key
        forward = [key for key, after in children if after.wolf[1] < board.wolf[1]]
        if forward and self.rng.random() < 0.5:
            return self.rng.choice(forward)
        return self.rng.choice([key for key, _ in children])

    def cunning_move(self, board: Board) -> int:
        lambs, wolf = encode(board)
        solved = solution()
        moves = _WOLF_STEPS[wolf]
        legal = [(key, j) for key, j in moves if not lambs >> j & 1]
        forced = [(key, j) for key, j in legal if not solved.lambs_win(lambs, j, Side.LAMBS)]
        if forced:  # a win against any lambs: go for it, the most forward first
            best_row = min(j // BOARD_SIZE for _, j in forced)
            return self.rng.choice([key for key, j in forced if j // BOARD_SIZE == best_row])
        search = _Expectimax(solved)
        scored = []
        for key, j in legal:
            chance = search.lambs_to_move(lambs, j, CUNNING_DEPTH - 1)
            blunders, replies = search.blunders(lambs, j)
            mobility = sum(1 for _, t in _WOLF_STEPS[j] if not lambs >> t & 1)
            scored.append(((round(chance, 12), blunders / replies if replies else 0.0, mobility), key))
        best = max(score for score, _ in scored)
        return self.rng.choice([key for score, key in scored if score == best])


class _Expectimax:
    """The wolf's chance to win against lambs that choose at random, a few plies deep;
    a position the table gives to the wolf counts as won, one past the horizon as lost."""

    def __init__(self, solved: Solution) -> None:
        self.solved = solved
        self.memo: dict[tuple[int, int, int, bool], float] = {}

    def lamb_moves(self, lambs: int, wolf: int) -> list[int]:
        """The lamb sets the lambs can move to."""
        out = []
        rest = lambs
        occupied = lambs | 1 << wolf
        while rest:
            low = rest & -rest
            rest ^= low
            for _, target in _LAMB_STEPS[low.bit_length() - 1]:
                if not occupied >> target & 1:
                    out.append((lambs ^ low) | 1 << target)
        return out

    def blunders(self, lambs: int, wolf: int) -> tuple[int, int]:
        """(lamb replies that lose by force, all replies), the lambs to move."""
        after = self.lamb_moves(lambs, wolf)
        lost = sum(1 for nxt in after if not self.solved.lambs_win(nxt, wolf, Side.WOLF))
        return lost, len(after)

    def lambs_to_move(self, lambs: int, wolf: int, depth: int) -> float:
        if not self.solved.lambs_win(lambs, wolf, Side.LAMBS):
            return 1.0
        if depth <= 0:
            return 0.0
        key = (lambs, wolf, depth, False)
        if key in self.memo:
            return self.memo[key]
        after = self.lamb_moves(lambs, wolf)
        if not after:  # all four on row 8: the lambs have won
            return 0.0
        value = sum(self.wolf_to_move(nxt, wolf, depth) for nxt in after) / len(after)
        self.memo[key] = value
        return value

    def wolf_to_move(self, lambs: int, wolf: int, depth: int) -> float:
        if not self.solved.lambs_win(lambs, wolf, Side.WOLF):
            return 1.0
        key = (lambs, wolf, depth, True)
        if key in self.memo:
            return self.memo[key]
        best = 0.0
        for _, j in _WOLF_STEPS[wolf]:
            if not lambs >> j & 1:
                best = max(best, self.lambs_to_move(lambs, j, depth - 1))
        self.memo[key] = best
        return best


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
