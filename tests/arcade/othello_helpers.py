"""Helpers shared by the Othello Pilot tests (saves, stop/pause, undo): compare driver snapshots, write a save."""

from __future__ import annotations

import json

from arcade.saves import SaveStore
from games.othello.referee import Disc, parse


def comparable(state: dict) -> dict:
    """A driver snapshot without the CPC's clock (TIME runs on, as on the machine)."""
    state = json.loads(json.dumps(state))
    if isinstance(state.get("machine"), dict):
        state["machine"].pop("time", None)
    return state


def save_machine_to_move(game: str, *, instant: bool) -> dict:
    """A save of a game where the player (Black) has played d3 and the machine is to move."""
    if game == "hp67-othello":
        from games.hp67_othello.driver import HP67OthelloDriver as Driver
    else:
        from games.lazard_othello import LazardOthelloDriver as Driver
    driver = Driver()
    driver.new_game(Disc.WHITE)
    driver.human_move(parse("d3"))
    state = driver.snapshot()
    SaveStore().save(game, {"driver": state, "moves": state["history"], "settings": {"instant": instant}},
                     saved_at="2026-11-22T12:00:00+00:00", summary="move 1")
    return state
