"""Computer players for the blind duel: they see only what a person in their seat sees.

``choose(view)`` receives a ``PlayerView`` (games/ti57_duel/driver.py) -- its own
square, the moves left, the direction the TI-57 showed for the other player's last
move -- and returns a direction 1-8 that keeps it on the board; the caller keys it
(``n SBR p``) through ``DuelGame.move``, refereed as a person's move.  ``place()``
gives the secret start square, drawn from the player's own seeded generator.

A player is asked once per own turn, in order, for one game: it remembers what it has
been shown between calls, so no ``observe`` is needed.  Use a new player object for a
new game.  Nothing here can reach the game or the machine: a player is given a view,
never the ``DuelGame``.

The hunter keeps a belief: the probability of every square the other pawn could be on.
It starts uniform over the board.  Each direction the TI-57 shows moves it: the other
player is modelled as a walker choosing uniformly among the directions that keep it on
the board, so a pawn on square s went in direction d with likelihood 1 / (legal
directions from s), and not at all if d would leave the board -- which is what makes
the edges informative.  Each turn that passes without a capture also rules out a
square: the one the hunter stepped onto, then the one it stands on after the other's
move.  It then moves where the chance of a catch now, and of one next turn after the
other moves, is highest, less the chance of being caught, pulled towards where the
probability lies; near-equal moves are drawn at random and the edges (which would give
its own track away) are avoided, so its track stays hard to follow.
"""

from __future__ import annotations

import random

from games.ti57_duel.driver import PlayerView
from games.ti57_duel.referee import BOARD_SIZE, DELTAS, Square, on_board

__all__ = ["DUEL_LEVELS", "Hunter", "RandomWalker", "duel_player", "legal_directions"]

DUEL_LEVELS = ("random", "hunter")

_N = BOARD_SIZE * BOARD_SIZE


def legal_directions(square: Square) -> list[int]:
    """The directions (1-8) that keep a pawn on ``square`` on the 10 x 10 board."""
    c, r = square
    return [d for d, (dc, dr) in DELTAS.items() if on_board((c + dc, r + dr))]


def _cell(square: Square) -> int:
    return square[0] * BOARD_SIZE + square[1]


def _square(cell: int) -> Square:
    return divmod(cell, BOARD_SIZE)  # type: ignore[return-value]


# for every cell: {direction: target cell} of the moves that stay on the board
_MOVES: list[dict[int, int]] = [
    {d: _cell((c + dc, r + dr)) for d, (dc, dr) in DELTAS.items() if on_board((c + dc, r + dr))}
    for c, r in (_square(i) for i in range(_N))
]
_NEIGHBOURS: list[tuple[int, ...]] = [tuple(m.values()) for m in _MOVES]
_CHEBYSHEV: list[list[int]] = [
    [max(abs(a[0] - b[0]), abs(a[1] - b[1])) for b in (_square(j) for j in range(_N))]
    for a in (_square(i) for i in range(_N))
]


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


PULL = 0.1  # weight of the "go where the probability is" term (tuned on seeded series: 0.5 pulls it into the walker's reach)
DANGER = 1.0  # weight of the chance of being caught by the other's next move
PULL_DECAY = 0.6  # how fast that pull fades with distance (per square)
EDGE_COST = 0.002  # per step off the two outer rings: edges let the other locate the hunter
SLACK = 0.1  # moves scoring within 10% of the best are drawn at random


class Hunter:
    """Tracks where the other pawn can be and goes to catch it (see the module docstring)."""

    level = "hunter"

    def __init__(self, player: int, seed: int | None = None) -> None:
        if player not in (1, 2):
            raise ValueError(f"there is no player {player}: players are 1 and 2")
        self.player = player
        self.rng = random.Random(seed)
        self.belief: list[float] = [1.0 / _N] * _N
        self.calls = 0

    def place(self) -> Square:
        """A square away from the edges, drawn at random: it reaches the board fastest and
        the edges would tell the other player where it is."""
        return (self.rng.randrange(2, BOARD_SIZE - 2), self.rng.randrange(2, BOARD_SIZE - 2))

    # ------------------------------------------------------------- belief

    def _rule_out(self, cell: int) -> None:
        b = self.belief
        b[cell] = 0.0
        total = sum(b)
        if total <= 0.0:  # impossible views (not from a refereed game): start again
            self.belief = [1.0 / _N] * _N
            return
        self.belief = [p / total for p in b]

    def _walk(self, direction: int) -> None:
        """The other pawn went ``direction``: move every square's probability that way,
        weighted by how likely a walker there was to choose it."""
        moved = [0.0] * _N
        for cell, p in enumerate(self.belief):
            if p:
                target = _MOVES[cell].get(direction)
                if target is not None:
                    moved[target] += p / len(_MOVES[cell])
        total = sum(moved)
        if total <= 0.0:
            self.belief = [1.0 / _N] * _N
            return
        self.belief = [p / total for p in moved]

    def observe(self, view: PlayerView) -> None:
        """Take in what the view says happened since the last call (called by choose)."""
        assert view.square is not None
        here = _cell(view.square)
        if self.calls:
            self._rule_out(here)  # my last move caught nothing: it was not there
        if view.opponent_last_direction is not None:
            self._walk(view.opponent_last_direction)
            self._rule_out(here)  # its move did not catch me
        self.calls += 1

    # ------------------------------------------------------------- choice

    def _score(self, here: int, target: int) -> float:
        b = self.belief
        catch = b[target]
        rest = 1.0 - catch
        if rest <= 0.0:
            return catch
        # the other pawn, if not caught, is somewhere else and walks at random
        after = [0.0] * _N
        caught_me = 0.0
        for cell, p in enumerate(b):
            if p and cell != target:
                share = p / rest / len(_NEIGHBOURS[cell])
                for t in _NEIGHBOURS[cell]:
                    if t == target:
                        caught_me += share
                    else:
                        after[t] += share
        next_catch = max(after[t] for t in _NEIGHBOURS[target])
        pull = sum(after[j] * PULL_DECAY ** _CHEBYSHEV[target][j] for j in range(_N) if after[j])
        c, r = _square(target)
        edge = max(0, 2 - min(c, r, BOARD_SIZE - 1 - c, BOARD_SIZE - 1 - r))
        return catch + rest * (-DANGER * caught_me + next_catch + PULL * pull) - EDGE_COST * edge

    def choose(self, view: PlayerView) -> int:
        if view.square is None:
            raise ValueError("the start square is not keyed yet")
        self.observe(view)
        here = _cell(view.square)
        scored = [(self._score(here, target), d) for d, target in _MOVES[here].items()]
        best = max(s for s, _ in scored)
        floor = best - SLACK * abs(best)
        return self.rng.choice([d for s, d in scored if s >= floor])


def duel_player(level: str, player: int, seed: int | None = None) -> Hunter | RandomWalker:
    """The computer player for a seat's level (``DUEL_LEVELS``)."""
    if level == "hunter":
        return Hunter(player, seed)
    if level == "random":
        return RandomWalker(player, seed)
    raise ValueError(f"the duel's levels are {', '.join(DUEL_LEVELS)}, not {level!r}")
