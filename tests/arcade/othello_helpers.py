"""Helpers shared by the Othello Pilot tests (saves, stop/pause, undo): compare driver snapshots, write a save."""

from __future__ import annotations

import json
from typing import Callable

from arcade.saves import SaveStore
from games.othello.referee import Disc, Position, parse


def comparable(state: dict) -> dict:
    """A driver snapshot without the CPC's clock (TIME runs on, as on the machine)."""
    state = json.loads(json.dumps(state))
    if isinstance(state.get("machine"), dict):
        state["machine"].pop("time", None)
    return state


def _driver(game: str):  # noqa: ANN202
    if game == "hp67-othello":
        from games.hp67_othello.driver import HP67OthelloDriver as Driver
    else:
        from games.lazard_othello import LazardOthelloDriver as Driver
    return Driver()


def save_machine_to_move(game: str, *, instant: bool) -> dict:
    """A save of a game where the player (Black) has played d3 and the machine is to move."""
    driver = _driver(game)
    driver.new_game(Disc.WHITE)
    driver.human_move(parse("d3"))
    state = driver.snapshot()
    SaveStore().save(game, {"driver": state, "moves": state["history"], "settings": {"instant": instant}},
                     saved_at="2026-11-22T12:00:00+00:00", summary="move 1")
    return state


def save_near_the_end(game: str, machine_color: Disc, choose: Callable[[Position], int],
                      human_turns: int) -> dict:
    """Play a game headless (the player's moves from ``choose``, a pass when there is none) until
    the player has had ``human_turns`` turns, and save it there, the player to move.

    A whole game by keys through the screen costs seconds a move in rendering; its opening is
    played headless in tests/games, so a Pilot test resumes here and plays the end by keys."""
    driver = _driver(game)
    driver.new_game(machine_color)
    turns = 0
    while True:
        assert not driver.is_over, "the game ended before the save point"
        if driver.machine_to_move:
            driver.machine_move()
            continue
        if turns == human_turns:
            break
        position = driver.position
        driver.human_move(None if position.must_pass else choose(position))
        turns += 1
    state = driver.snapshot()
    SaveStore().save(game, {"driver": state, "moves": state["history"], "settings": {}},
                     saved_at="2026-11-22T12:00:00+00:00", summary=f"move {len(state['history'])}")
    return state
