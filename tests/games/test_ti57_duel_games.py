"""Whole duels with seeded random legal moves; the referee checks the machine at every turn.

The driver itself compares the machine's registers with its referee after each move
(MachineDisagrees otherwise); this test also keeps its own model of the game, from the
rules alone, and compares it with what the machine shows.
"""

from __future__ import annotations

import json
import random

import pytest

from games.ti57_duel import DELTAS, DuelGame, DuelStatus
from tests.sizes import sizes


def play_duel(seed: int) -> tuple[DuelGame, int]:
    rng = random.Random(seed)
    squares = [(rng.randrange(10), rng.randrange(10)) for _ in range(2)]
    if squares[0] == squares[1]:
        squares[1] = ((squares[0][0] + 1) % 10, squares[0][1])
    moves = rng.randint(2, 30)
    game = DuelGame.start(squares[0], squares[1], moves=moves)
    left, to_move, extensions, count = moves, 1, 0, 0
    while True:
        if game.status is DuelStatus.CAPTURE:
            break
        if game.status is DuelStatus.DRAW:
            assert left == 0 and game.machine.flashing and game.machine.register(0) == 0
            if extensions == 2:
                break
            more = rng.randint(1, 8)
            game.extend(more)
            left, extensions = more, extensions + 1
            continue
        direction = rng.choice(game.legal_directions(to_move))
        dc, dr = DELTAS[direction]
        c, r = squares[to_move - 1]
        squares[to_move - 1] = (c + dc, r + dr)
        turn = game.move(to_move, direction)
        count += 1
        new = squares[to_move - 1]
        # the pause shows the mover's new square (column.row)
        assert turn.displays[0] == f"{new[0]}.{new[1]}"
        assert game.square_of(1) == squares[0] and game.square_of(2) == squares[1]
        if squares[0] == squares[1]:
            assert game.status is DuelStatus.CAPTURE and game.winner == to_move
            assert turn.displays[-1] == "9.9 99" and turn.flashing
            break
        left -= 1
        assert game.moves_left == left
        assert turn.displays[-1] == f"{direction}.0"
        assert game.status is (DuelStatus.DRAW if left == 0 else DuelStatus.IN_PROGRESS)
        other = 3 - to_move
        assert game.view_for(other).opponent_last_direction == direction
        to_move = other
    return game, count


@sizes(everyday=100, soak=200, name="games")
def test_random_duels_end_by_the_rules_and_restore_whole(games: int) -> None:
    outcomes = {DuelStatus.CAPTURE: 0, DuelStatus.DRAW: 0}
    total = 0
    for seed in range(games):
        game, count = play_duel(seed)
        total += count
        outcomes[game.status] += 1
        twin = DuelGame.restore(json.loads(json.dumps(game.snapshot())))
        assert twin.snapshot() == game.snapshot()
    assert total >= 1000
    assert outcomes[DuelStatus.CAPTURE] > 5 and outcomes[DuelStatus.DRAW] > 5


@pytest.mark.soak
def test_thousands_of_random_duels() -> None:
    for seed in range(1000, 6000):
        play_duel(seed)
