"""SeenGame: the Othello screens' last picture of the table, what a picture leaves out, and the save
written from the table's JSON text."""

from __future__ import annotations

import json
from dataclasses import replace

from arcade.screens.othello.seen import SeenGame, initial_view
from arcade.storage.saves import SaveStore, StateText
from games.othello.session import Phase
from games.othello.table import OthelloPicture

VIEW = replace(initial_view(), phase=Phase.TURN)
LISTING = ((1, "LBL A", "31 25 11"),)
KEPT = frozenset({"save", "listing"})


def picture(**fields: object) -> OthelloPicture:
    return OthelloPicture(view=VIEW, started=True, **fields)  # type: ignore[arg-type]


def moves(seen: SeenGame) -> list[int]:
    return json.loads(seen.to_save({}))["moves"]


def test_a_picture_without_a_save_keeps_the_last_save() -> None:
    seen = SeenGame()
    seen.take(picture(save='{"moves":[19],"schema":2}', listing=LISTING))
    seen.take(picture(same=KEPT))  # a square asked about: nothing changed, nothing sent again
    assert json.loads(seen.to_save({"instant": True})) == {"moves": [19], "schema": 2, "settings": {"instant": True}}
    assert seen.listing == LISTING


def test_the_save_told_before_an_end_is_written_and_the_answers_stay_the_tables_reference() -> None:
    seen = SeenGame()
    seen.take(picture(save='{"moves":[19]}', listing=LISTING))
    seen.take(picture(save='{"moves":[19,20]}', same=frozenset({"listing"})), answer=False)  # PersonMoved
    assert moves(seen) == [19, 20]
    seen.take(picture(same=KEPT))  # the answer: the table's save is the last answer's again
    assert moves(seen) == [19]


def test_a_finished_game_has_no_save_to_keep() -> None:
    seen = SeenGame()
    seen.take(picture(save='{"moves":[19]}'))
    seen.take(picture(save=None))
    seen.take(picture(same=KEPT))
    assert seen.to_save({}) is None
    assert SeenGame().to_save({}) is None  # nor has a screen before its first picture


def test_a_state_in_json_text_is_written_as_the_same_save_a_dict_makes(arcade_data_dir: object) -> None:
    state = {"driver": {"pc": 76, "time": 0.5}, "moves": [{"square": 19}], "schema": 2}
    text = StateText(json.dumps(state, sort_keys=True, separators=(",", ":"))).with_member("settings", {"instant": True})
    store = SaveStore()
    for later in (False, True):
        store.save("lazard-othello", text, saved_at="2026-11-29T00:00:00+00:00", summary="move 1", later=later)
        assert store.load("lazard-othello") == {**state, "settings": {"instant": True}}
    assert StateText("{}").with_member("settings", {}) == '{"settings":{}}'
