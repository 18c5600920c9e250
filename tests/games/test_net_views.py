"""A view from the host read back into the session's own view (``games/net/views.py``).

Read back, a view is the session's for that player (what the wire never carries filled in); a
view that is not one -- a field missing, of the wrong kind, out of range, a text with a terminal's
control characters -- is refused with the field named, as a ``ValueError``, never another error.
"""

from __future__ import annotations

import copy
import json
from dataclasses import replace
from typing import Any

import pytest

from games.net.server import GameServer, outward_address
from games.net.tables import DuelTable, WolfTable
from games.net.views import BadView, duel_view_from_json, wolf_view_from_json
from games.ti57_duel.session import Phase
from games.ti57_wolf.referee import Side


def as_sent(view: dict[str, Any]) -> dict[str, Any]:
    return json.loads(json.dumps(view))


def test_a_duel_view_reads_back_as_the_session_made_it_for_that_player() -> None:
    table = DuelTable.new(limit=2)
    steps = [(1, {"type": "place", "square": [0, 0]}), (2, {"type": "place", "square": [9, 9]}),
             (1, {"type": "move", "direction": 1}), (2, {"type": "move", "direction": 5}),
             (1, {"type": "end"}), (2, {"type": "end"})]
    for player, request in steps:
        table.apply(player, request)
        for viewer in (1, 2):
            back = duel_view_from_json(as_sent(table.view_json(viewer)))
            made = table.session.view(viewer)
            expected = replace(made, seats=back.view.seats, handoff_to=None,
                               turns=tuple(replace(turn, steps=0) for turn in made.turns))
            assert back.view == expected
    assert back.view.phase is Phase.OVER and back.view.squares == ((1, 1), (8, 8)) and back.offer is None


def test_a_draw_offer_reads_back() -> None:
    table = DuelTable.new(limit=1)
    for player, request in [(1, {"type": "place", "square": [0, 0]}), (2, {"type": "place", "square": [9, 9]}),
                            (1, {"type": "move", "direction": 1}), (2, {"type": "extend"})]:
        table.apply(player, request)
    assert duel_view_from_json(as_sent(table.view_json(1))).offer == ("extend", 2)


def test_a_wolf_view_reads_back_with_its_moves() -> None:
    table = WolfTable.new(Side.WOLF)
    table.apply(Side.WOLF, {"type": "wolf", "key": 1})
    table.apply(Side.LAMBS, {"type": "lamb", "lamb": 1, "key": 6})
    back = wolf_view_from_json(as_sent(table.view_json(Side.WOLF)))
    made = table.session.view(Side.WOLF)
    assert back.view == replace(made, last_move=replace(made.last_move, steps=0), can_undo=False, can_redo=False,
                                referee_changes=(), computer_to_move=False)
    assert back.history == tuple(table.session.history())


def duel_over() -> dict[str, Any]:
    table = DuelTable.new(limit=1)
    for player, request in [(1, {"type": "place", "square": [0, 0]}), (2, {"type": "place", "square": [9, 9]}),
                            (1, {"type": "move", "direction": 1}), (1, {"type": "end"}), (2, {"type": "end"})]:
        table.apply(player, request)
    return as_sent(table.view_json(2))


DAMAGE = [
    ("viewer", 3), ("phase", "curtain"), ("limit", True), ("limit", 0), ("news", "\x1b]0;owned\x07"),
    ("display", "1.0\n"), ("legal", [9]), ("registers", ["1"] * 9), ("me", {"player": 2}), ("squares", [[0, 0]]),
    ("squares", [[0, 10], [1, 1]]), ("turns", [[1, 9, [], [], False, "capture"]]), ("keys", [1]), ("offer", {"what": "x"}),
    ("hidden", [8]), ("moves_played", -1),
]


@pytest.mark.parametrize("field, value", DAMAGE, ids=[f"{f}={v!r}"[:40] for f, v in DAMAGE])
def test_a_damaged_duel_view_is_refused_naming_its_field(field: str, value: Any) -> None:
    view = duel_over()
    view[field] = value
    with pytest.raises(BadView) as refused:
        duel_view_from_json(view)
    assert isinstance(refused.value, ValueError) and "view" in str(refused.value)


@pytest.mark.parametrize("data", [None, [], "view", {"phase": "turn"}, {}])
def test_what_is_not_a_view_is_refused(data: Any) -> None:
    for read in (duel_view_from_json, wolf_view_from_json):
        with pytest.raises(ValueError):
            read(copy.deepcopy(data))


def test_a_damaged_wolf_view_is_refused() -> None:
    view = as_sent(WolfTable.new().view_json(Side.WOLF))
    for field, value in [("board", {"wolf": [4, 8], "lambs": [[1, 1]]}), ("to_move", "sheep"), ("result", {"winner": 1}),
                         ("history", [[1, "wolf", "4.8-3.7", "SBR 1"]]), ("register_texts", ["\x07"])]:
        damaged = {**view, field: value}
        with pytest.raises(BadView):
            wolf_view_from_json(damaged)


def test_listening_on_every_address_names_one_the_other_machine_can_reach() -> None:
    server = GameServer("ti57-wolf", bind="0.0.0.0", port=4711)
    outward = outward_address()
    assert server.join_line == f"arcade join {outward or '0.0.0.0'}:4711 {server.code}"
    assert GameServer("ti57-wolf", bind="192.0.2.5", port=1).join_line.startswith("arcade join 192.0.2.5:1 ")
