"""Property tests for both TI-57 drivers: any sequence of calls either plays or is
refused with the game's own exception, and a refusal leaves the game unchanged."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from games.ti57_duel import DuelGame
from games.ti57_duel import IllegalMove as DuelIllegal
from games.ti57_wolf import IllegalMove as WolfIllegal
from games.ti57_wolf import Side, WolfGame

DUEL_CALLS = st.lists(
    st.one_of(
        st.tuples(st.just("move"), st.integers(0, 3), st.integers(-1, 10)),
        st.tuples(st.just("extend"), st.integers(1, 5), st.just(0)),
    ),
    max_size=40,
)


@settings(max_examples=60, deadline=None)
@given(st.tuples(st.integers(0, 9), st.integers(0, 9)), st.tuples(st.integers(0, 9), st.integers(0, 9)),
       st.integers(1, 6), DUEL_CALLS)
def test_duel_calls_play_or_are_refused_cleanly(s1, s2, moves: int, calls) -> None:
    game = DuelGame.start(s1, s2, moves=moves)
    for verb, a, b in calls:
        before = json.dumps(game.snapshot())
        try:
            game.move(a, b) if verb == "move" else game.extend(a)
        except DuelIllegal:
            assert json.dumps(game.snapshot()) == before


WOLF_CALLS = st.lists(
    st.one_of(
        st.tuples(st.just("wolf"), st.sampled_from([1, 3, 7, 9, 2]), st.just(0)),
        st.tuples(st.just("lamb"), st.integers(0, 5), st.sampled_from([4, 6, 5])),
        st.tuples(st.just("back"), st.just(0), st.just(0)),
    ),
    max_size=60,
)


@settings(max_examples=60, deadline=None)
@given(st.booleans(), st.sampled_from([Side.WOLF, Side.LAMBS]), WOLF_CALLS)
def test_wolf_calls_play_or_are_refused_cleanly(referee: bool, first: Side, calls) -> None:
    game = WolfGame(first=first, referee_enabled=referee)
    for verb, a, b in calls:
        before = json.dumps(game.snapshot())
        try:
            if verb == "wolf":
                game.wolf_move(a)
            elif verb == "lamb":
                game.lamb_move(a, b)
            else:
                game.take_back()
        except WolfIllegal:
            assert json.dumps(game.snapshot()) == before
        game.view()
