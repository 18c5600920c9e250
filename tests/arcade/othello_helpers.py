"""Helpers shared by the Othello Pilot tests (saves, stop/pause, undo, whole games): compare driver
snapshots, write a save, check the board after every move."""

from __future__ import annotations

import json
from typing import Any, Callable

from games.othello.table import PersonMoved
from arcade.storage.saves import SaveStore
from arcade.widgets.board import OthelloBoard
from games.othello.referee import Disc, Position, parse
from tests.arcade.helpers import settle


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


def hosted(screen: object) -> Any:
    """The session at the screen's table, in the host the tests run in a thread (to look at its
    driver; a test that changes it then sends ``reload``)."""
    return screen.table.client.host.table.session  # type: ignore[attr-defined]


async def reload(pilot: Any, screen: Any) -> None:
    """After a test set the driver up by hand: the table reads it again, and the screen its picture."""
    screen.run_request("reload", "reload")
    await settle(pilot, screen)


def view_rows(view: object) -> list[str]:
    """A session's view as the 8 rows ``Position.rows`` gives (``X`` black, ``O`` white, ``.`` empty):
    the game as at its last quiet moment, safe to read while a machine turn runs in the worker."""
    glyph = {Disc.BLACK: "X", Disc.WHITE: "O", None: "."}
    cells = view.cells  # type: ignore[attr-defined]
    return ["".join(glyph[cells[r * 8 + c]] for c in range(8)) for r in range(8)]


class CheckedTurns:
    """A mixin for an Othello screen class in a whole-game Pilot test: after every move the board
    shown is compared with the referee's; ``checked`` lists the moves played at each check.  The
    player's move is shown while the machine's reply runs in the same job when the reply lasts
    long enough to be seen (``PersonMoved``); at instant speed, with the reply, in its picture."""

    checked: list[int]
    before: tuple[Position, int]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[call-arg]
        turns = self.turns  # type: ignore[attr-defined]
        start = turns.start
        self._person_shown = False

        def noted_start(kind: str, square: int | None = None) -> None:
            driver = hosted(self).driver
            self.before = (driver.position, len(driver.history))  # a quiet moment
            self._person_shown = False
            start(kind, square)

        turns.start = noted_start  # the screen's turns start here (``OthelloTurns.start``)

    def job_done(self, kind: str, result: object) -> None:
        turn = kind in ("person", "machine")
        if turn:  # read now, the job's worker done: the end's handler may start the machine's next turn
            driver = hosted(self).driver
            position, moves = driver.position, len(driver.history)
            person_in_the_answer = kind == "person" and not self._person_shown and self.before[1] + 1 < moves
        super().job_done(kind, result)  # type: ignore[misc]
        if turn:
            assert self.query_one(OthelloBoard).view.cells == tuple(position.at(sq) for sq in range(64))  # type: ignore[attr-defined]
            if person_in_the_answer:  # the player's move came with the reply, in one picture
                self.checked.append(self.before[1] + 1)
            self.checked.append(moves)

    def table_note(self, kind: str, payload: object) -> None:
        super().table_note(kind, payload)  # type: ignore[misc]  # the person's move shown
        if isinstance(payload, PersonMoved):
            position, moves = self.before
            after = position.play(payload.record.square)
            assert self.query_one(OthelloBoard).view.cells == tuple(after.at(sq) for sq in range(64))  # type: ignore[attr-defined]
            self.checked.append(moves + 1)
            self._person_shown = True
