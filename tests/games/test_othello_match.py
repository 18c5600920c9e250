"""The match loop between two drivers, with referee-only players standing in for machines.

The real HP-67 against Lazard match is tested in tests/games/test_othello_machines_match.py;
here the loop itself: turns alternate, passes are relayed, colours alternate in a series.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.othello.driver import IllegalMove, MoveRecord, OthelloDriver, SliceCallback
from games.othello.match import MatchGame, play_series, results_table
from games.othello.referee import Disc, Position


class RefereePlayer(OthelloDriver):
    """A player that is only the referee choosing moves: a stand-in for a machine in this test."""

    machine_name = "none"

    def __init__(self, title: str, seed: int) -> None:
        super().__init__()
        self.title = title
        self.rng = random.Random(seed)

    def new_game(self, machine_color: Disc) -> None:
        self.machine_color, self.position, self.history = machine_color, Position.initial(), []

    def human_move(self, square: int | None) -> MoveRecord:
        self.check_human_move(square)
        return self._play(square, by_machine=False)

    def machine_move(self, on_slice: SliceCallback | None = None, slice_steps: int = 2000) -> MoveRecord:
        moves = self.position.legal_moves()
        return self._play(self.rng.choice(moves) if moves else None, by_machine=True)

    def _play(self, square: int | None, by_machine: bool) -> MoveRecord:
        record = MoveRecord(self.position.to_move, square, by_machine, str(square), self.position.flips(square) if square is not None else [])
        self.position = self.position.play(square)
        self.history.append(record)
        return record

    @property
    def display(self) -> str:
        return ""

    def snapshot(self) -> dict[str, Any]:
        return {}

    def restore(self, state: dict[str, Any]) -> None:
        pass


def test_a_game_runs_to_the_end_with_both_sides_in_step() -> None:
    seen: list[MoveRecord] = []
    game = MatchGame(RefereePlayer("a", 1), RefereePlayer("b", 2))
    game.start()
    final = game.play_to_end(lambda g, r: seen.append(r))
    assert final.is_over and seen == game.moves
    assert game.black.position == game.white.position == final
    assert sum(final.score()) + final.empties == 64
    # Both players recorded every turn; each side's own moves are its machine moves.
    assert [r.by_machine for r in game.black.history] == [r.player is Disc.BLACK for r in game.black.history]


def test_series_alternates_colours_and_tabulates() -> None:
    results = play_series(lambda: RefereePlayer("alpha", 3), lambda: RefereePlayer("beta", 4), games=4)
    assert [r.black for r in results] == ["alpha", "beta", "alpha", "beta"]
    table = results_table(results)
    assert "alpha" in table and "wins" in table and len(table.splitlines()) == 1 + 4 + 1 + 3


def test_an_illegal_relay_is_refused() -> None:
    game = MatchGame(RefereePlayer("a", 1), RefereePlayer("b", 2))
    game.start()
    with pytest.raises(IllegalMove):
        game.white.human_move(0)  # a1 is not a move for anyone, and it is not white's turn
