"""Property tests: no key sequence raises, and snapshot/restore gives the same machine."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.ti57_duel.driver import load_program as duel_program
from machines.ti57 import PRIMARY_LEGENDS, SECOND_LEGENDS, TI57
from tests.sizes import sizes

PRIMARY = sorted(PRIMARY_LEGENDS)
SECOND = sorted(SECOND_LEGENDS)
# a key is a primary legend, or 2nd followed by a second legend (as a person types it)
KEY = st.one_of(st.sampled_from(PRIMARY), st.sampled_from(SECOND).map(lambda k: ("2nd", k)))
KEYS = st.lists(KEY, max_size=60)


def _press_all(m: TI57, keys: list) -> None:
    for k in keys:
        if isinstance(k, tuple):
            for part in k:
                m.press(part)
        else:
            m.press(k)
        if m.running:
            m.run(max_steps=500)


def _state(m: TI57) -> tuple:
    v = m.view()
    return (json.dumps(m.snapshot(), sort_keys=True), v, m.display, m.flashing, m.pc, m.steps)


@sizes(everyday=100, soak=300)
def test_random_keys_never_raise(examples: int) -> None:
    @settings(max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(KEYS)
    def check(keys: list) -> None:
        m = TI57()
        _press_all(m, keys)
        assert isinstance(m.display, str) and m.display
        assert all(isinstance(r, str) for r in m.view().registers)

    check()


@sizes(everyday=50, soak=150)
def test_random_keys_with_a_program_loaded_never_raise(examples: int) -> None:
    @settings(max_examples=examples, deadline=None)
    @given(KEYS)
    def check(keys: list) -> None:
        m = TI57()
        m.load(duel_program())
        _press_all(m, keys)
        assert m.display

    check()


@sizes(everyday=50, soak=150)
def test_snapshot_restore_gives_an_identical_machine(examples: int) -> None:
    @settings(max_examples=examples, deadline=None)
    @given(KEYS, KEYS)
    def check(before: list, after: list) -> None:
        m = TI57()
        m.load(duel_program())
        _press_all(m, before)
        state = json.loads(json.dumps(m.snapshot()))
        twin = TI57.restore(state)
        assert _state(twin) == _state(m)
        _press_all(m, after)
        _press_all(twin, after)
        assert _state(twin) == _state(m)

    check()
