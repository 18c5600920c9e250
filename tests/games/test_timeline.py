"""Undo/redo of whole turns as a stack of snapshots."""

from __future__ import annotations

import pytest

from games.timeline import Timeline


def test_undo_redo_and_new_turn_forgets_redo() -> None:
    t: Timeline[int] = Timeline()
    state = 0
    for nxt in (1, 2, 3):
        t.record(state)
        state = nxt
    state = t.undo(state)
    state = t.undo(state)
    assert state == 1 and t.can_redo
    state = t.redo(state)
    assert state == 2
    t.record(state)
    state = 9
    assert not t.can_redo
    assert t.undo(state) == 2
    with pytest.raises(IndexError):
        Timeline().undo(0)


def test_limit_and_json_round_trip() -> None:
    t: Timeline[int] = Timeline(limit=3)
    for s in range(10):
        t.record(s)
    assert t.past == [7, 8, 9]
    again = Timeline.from_json(t.to_json())
    assert again.past == t.past and again.future == t.future
