"""Whole wolf-and-lambs games with seeded random legal moves.

With the referee (the default) the driver compares the machine's board with the
referee's after each move; this test keeps its own board from the rules as well.
In purist mode the wolf also lands on lambs: the machine must refuse exactly then,
and take_back() must restore the wolf.
"""

from __future__ import annotations

import json
import random

import pytest

from games.ti57_wolf import LAMB_MOVES, WOLF_MOVES, Side, WolfGame
from tests.sizes import sizes


def play_wolf(seed: int) -> tuple[WolfGame, int]:
    rng = random.Random(seed)
    game = WolfGame(first=rng.choice([Side.WOLF, Side.LAMBS]))
    wolf = game.board.wolf
    lambs = list(game.board.lambs)
    count = 0
    while game.result() is None:
        if game.to_move is Side.WOLF:
            key = rng.choice(game.legal_wolf_moves())
            dc, dr = WOLF_MOVES[key]
            wolf = (wolf[0] + dc, wolf[1] + dr)
            record = game.wolf_move(key)
            assert record.display == f"{wolf[0]}.{wolf[1]}" and not record.flashing
        else:
            k, key = rng.choice(game.legal_lamb_moves())
            dc, dr = LAMB_MOVES[key]
            lambs[k - 1] = (lambs[k - 1][0] + dc, lambs[k - 1][1] + dr)
            record = game.lamb_move(k, key)
            assert record.display == ("1.1" if key == 6 else "-0.9")
        count += 1
        assert game.board.wolf == wolf and list(game.board.lambs) == lambs
        assert all(1 <= c <= 8 and 1 <= r <= 8 for c, r in (wolf, *lambs))
    return game, count


@sizes(everyday=75, soak=150, name="games")
def test_random_wolf_games_end_by_the_rules_and_restore_whole(games: int) -> None:
    reasons: dict[str, int] = {}
    total = 0
    for seed in range(games):
        game, count = play_wolf(seed)
        total += count
        result = game.result()
        assert result is not None
        reasons[result.reason] = reasons.get(result.reason, 0) + 1
        twin = WolfGame.restore(json.loads(json.dumps(game.snapshot())))
        assert twin.snapshot() == game.snapshot() and twin.result() == result
    assert total >= 1000
    assert {"the wolf reached row 1", "all the lambs reached row 8"} <= set(reasons)


def play_purist(seed: int, turns: int = 40) -> int:
    """Random moves without the referee; the wolf may land on lambs. Returns collisions."""
    rng = random.Random(seed)
    game = WolfGame(referee_enabled=False)
    wolf = game.board.wolf
    lambs = list(game.board.lambs)
    collisions = 0
    for _ in range(turns):
        if rng.random() < 0.5:
            options = [k for k, (dc, dr) in WOLF_MOVES.items() if 1 <= wolf[0] + dc <= 8 and 1 <= wolf[1] + dr <= 8]
            key = rng.choice(options)
            dc, dr = WOLF_MOVES[key]
            target = (wolf[0] + dc, wolf[1] + dr)
            record = game.wolf_move(key)
            assert game.board.wolf == target  # the program moved the wolf, collision or not
            if target in lambs:
                collisions += 1
                assert record.flashing and record.display == f"{target[0]}.{target[1]}"
                back = game.take_back()
                assert not back.flashing and game.board.wolf == wolf
            else:
                assert not record.flashing
                wolf = target
        else:
            options = game.legal_lamb_moves()
            if not options:
                continue
            k, key = rng.choice(options)
            dc, dr = LAMB_MOVES[key]
            lambs[k - 1] = (lambs[k - 1][0] + dc, lambs[k - 1][1] + dr)
            game.lamb_move(k, key)
        assert game.board.wolf == wolf and list(game.board.lambs) == lambs
    return collisions


def test_purist_games_the_machine_refuses_exactly_the_wolf_on_a_lamb() -> None:
    collisions = sum(play_purist(seed) for seed in range(40))
    assert collisions >= 10


@pytest.mark.soak
def test_thousands_of_random_wolf_games() -> None:
    for seed in range(1000, 4000):
        play_wolf(seed)
    for seed in range(1000, 2000):
        play_purist(seed, turns=80)
