"""OthelloSession, headless: whole games on both real machines against the referee, refusals that
change nothing, undo/redo, Esc, saves (round trip, today's format, generated damage)."""

from __future__ import annotations

import copy
import json
import random
from typing import Any, Callable

import pytest

from games.hp67_othello.driver import HP67OthelloDriver
from games.lazard_othello import LazardOthelloDriver
from games.othello.driver import MoveCancelled, OthelloDriver
from games.othello.referee import Disc, Position
from games.othello.session import SCHEMA, MoveRefused, OthelloSession, Phase
from games.session import Refused, SaveUnreadable, Seat

DRIVERS: dict[str, Callable[[], OthelloDriver]] = {"hp67": HP67OthelloDriver, "lazard": LazardOthelloDriver}


@pytest.fixture(params=sorted(DRIVERS))
def factory(request: pytest.FixtureRequest) -> Callable[[], OthelloDriver]:
    return DRIVERS[request.param]


def state(session: OthelloSession) -> str:
    """The driver's whole state as text, without the CPC's running clock (its TIME, not the game)."""
    snap = copy.deepcopy(session.driver.snapshot())
    if isinstance(snap.get("machine"), dict):
        snap["machine"].pop("time", None)
    return json.dumps(snap, sort_keys=True)


def play_out(session: OthelloSession, rng: random.Random, limit: int = 200) -> list[Position]:
    """Play random legal moves for the person until the game ends, checking every turn against the referee."""
    seen = []
    for _ in range(limit):
        view = session.view()
        if view.phase is Phase.OVER:
            break
        before = Position(session.driver.position.black, session.driver.position.white, view.to_move)
        if view.machine_to_move:
            record = session.machine_turn()
            assert record.by_machine and record.player is session.machine_color
        else:
            square = rng.choice(sorted(view.legal)) if view.legal else None
            record = session.play(square)
            assert record.square == square and not record.by_machine
        assert session.driver.position == before.play(record.square)  # the referee agrees with the machine
        seen.append(session.driver.position)
    return seen


def started(factory: Callable[[], OthelloDriver], machine: Disc = Disc.WHITE) -> OthelloSession:
    session = OthelloSession(factory)
    session.start(machine)
    return session


def test_a_whole_game_through_the_session(factory: Callable[[], OthelloDriver]) -> None:
    session = OthelloSession(factory)
    assert session.phase is Phase.NEW and session.to_save() is None
    session.start(Disc.BLACK)
    assert session.seats == {Disc.BLACK: Seat("computer"), Disc.WHITE: Seat("person")}
    assert session.summary().startswith("move 0")
    play_out(session, random.Random(7))
    view = session.view()
    assert view.phase is Phase.OVER and sum(view.score) == bin(session.driver.position.black | session.driver.position.white).count("1")
    assert session.summary() == f"move {len(view.history)}, game over"
    assert session.to_save() is None  # a finished game is not offered again


def test_refusals_change_nothing(factory: Callable[[], OthelloDriver]) -> None:
    session = OthelloSession(factory)
    with pytest.raises(Refused):
        session.play(19)  # no game yet
    session.start(Disc.WHITE)
    before = state(session)
    view = session.view()
    for square in (0, 27, 63):  # a corner that flips nothing, an occupied square, a far corner
        with pytest.raises(MoveRefused) as refused:
            session.play(square)
        assert refused.value.square == square and refused.value.reason
    with pytest.raises(MoveRefused):
        session.pass_turn()  # a legal move exists
    with pytest.raises(Refused):
        session.machine_turn()  # the person is to move
    with pytest.raises(Refused):
        session.undo()
    with pytest.raises(Refused):
        session.redo()
    assert state(session) == before and session.view() == view


def test_a_stopped_turn_leaves_the_game_as_before_it(factory: Callable[[], OthelloDriver]) -> None:
    session = started(factory, Disc.BLACK)
    before = state(session)
    calls = []

    def stop_at_second_slice(steps: int) -> bool:
        calls.append(steps)
        return len(calls) < 2

    with pytest.raises(MoveCancelled):
        session.machine_turn(stop_at_second_slice, slice_steps=50)
    assert state(session) == before and not session.running and session.view().machine_to_move
    record = session.machine_turn()  # it thinks again and plays as it would have
    square = sorted(session.view().legal)[0]
    calls.clear()
    with pytest.raises(MoveCancelled):
        session.play(square, stop_at_second_slice, slice_steps=5)
    assert session.view().history[-1] == record and session.view().person_to_move
    assert session.play(square).square == square


def test_undo_and_redo_whole_turns(factory: Callable[[], OthelloDriver]) -> None:
    session = started(factory)
    rng = random.Random(3)
    states = [state(session)]
    for _ in range(3):
        session.play(rng.choice(sorted(session.view().legal)))
        session.machine_turn()
        states.append(state(session))
    for expected in reversed(states[:-1]):
        session.undo()
        assert state(session) == expected
    assert not session.can_undo
    for expected in states[1:]:
        session.redo()
        assert state(session) == expected
    session.undo()
    session.play(sorted(session.view().legal)[-1])  # a new move forgets what was undone
    assert not session.can_redo


def test_a_pending_move_is_on_the_board_while_the_machine_records_it() -> None:
    session = started(HP67OthelloDriver)
    square = sorted(session.view().legal)[0]
    seen = []

    def look(steps: int) -> bool:
        seen.append(session.view())
        return True

    session.play(square, look, slice_steps=50)
    assert seen and all(v.running == "person" and v.pending == square and v.cells[square] is Disc.BLACK for v in seen)
    assert all(not v.legal for v in seen)


def test_save_round_trip_and_todays_format(factory: Callable[[], OthelloDriver]) -> None:
    session = started(factory)
    rng = random.Random(11)
    for _ in range(3):
        session.play(rng.choice(sorted(session.view().legal)))
        session.machine_turn()
    session.settings = {"instant": False}
    data = json.loads(json.dumps(session.to_save()))
    assert data["schema"] == SCHEMA and len(data["moves"]) == 6
    again = OthelloSession.from_save(data, factory)
    assert state(again) == state(session) and again.settings == {"instant": False}
    assert again.summary() == session.summary() == "move 6"
    again.undo()  # the undo steps came along
    assert len(again.view().history) == 4
    old = {k: v for k, v in data.items() if k != "schema"}  # what the screens wrote before sessions
    assert state(OthelloSession.from_save(old, factory)) == state(session)
    with pytest.raises(SaveUnreadable):
        OthelloSession.from_save({**data, "schema": 99}, factory)


def places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The path of every value inside ``value``."""
    found = [path] if path else []
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for k, v in items:
        found += places(v, (*path, k))
    return found


def damaged(good: Any, paths: list[tuple[Any, ...]], rng: random.Random) -> Any:
    """A copy of ``good`` with one thing changed: half the time near the top (the envelope and the
    snapshot's own keys), half the time anywhere (a register, a byte of memory, a move...)."""
    value = json.loads(json.dumps(good))
    shallow = [p for p in paths if len(p) <= 2]
    path = rng.choice(shallow if rng.random() < 0.5 else paths)
    parent = value
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    node = parent[key]
    kind = rng.randrange(5)
    if kind == 0:
        del parent[key]
    elif kind == 1:
        parent[key] = rng.choice([None, "garbage", -1, 1e308, [], {}])
    elif kind == 2 and isinstance(node, (int, float)) and not isinstance(node, bool):
        parent[key] = node + rng.choice([1, -1, 4, 1 << 40])
    elif kind == 3 and isinstance(node, str):
        parent[key] = node[: len(node) // 2]
    else:
        parent[key] = rng.choice(["BLACK", "WHITE", 0, True])
    return value


@pytest.mark.parametrize("seed", [0, *(pytest.param(seed, marks=pytest.mark.soak) for seed in (1, 2))])
def test_damaged_saves_are_refused_or_read_whole(factory: Callable[[], OthelloDriver], seed: int) -> None:
    """One seed everyday, two more behind ``-m soak`` (``tests/games/test_save_damage.py`` damages
    every game's saves at random places in the everyday run too)."""
    session = started(factory)
    rng = random.Random(seed)
    for _ in range(2):
        session.play(rng.choice(sorted(session.view().legal)))
        session.machine_turn()
    good = json.loads(json.dumps(session.to_save()))
    paths = places(good)
    for _ in range(25 if factory is HP67OthelloDriver else 10):  # a CPC restore recompiles the listing
        bad = damaged(good, paths, rng)
        try:
            loaded = OthelloSession.from_save(bad, factory)
        except SaveUnreadable as error:
            assert str(error)
            continue
        # read: then it is a game the referee accepts, and it plays on
        view = loaded.view()
        assert view.phase in (Phase.TURN, Phase.OVER)
        if view.person_to_move and view.legal:
            loaded.play(sorted(view.legal)[0])


def test_after_your_last_move_the_hp67_stops_so_the_next_game_starts_with_dsp1() -> None:
    """Issue 13: the second game's tape began with a stray R/S (the program was left at LBL A)."""
    session = started(HP67OthelloDriver, Disc.BLACK)
    play_out(session, random.Random(0))  # with this seed the person's move ends the game
    last = session.view().history[-1]
    assert not last.by_machine and session.view().display == "0.0"
    session.start(Disc.WHITE)
    assert session.view().new_game_keys == ("DSP 1", "E", "CHS", "R/S")


def test_the_save_and_summary_taken_while_the_machine_moves_are_the_quiet_moment_before(
        factory: Callable[[], OthelloDriver]) -> None:
    """The screen saves the person's move while the machine's reply runs in the worker (one
    job for both): what it reads then is the game as before the reply, at every slice."""
    session = started(factory)
    session.play(sorted(session.view().legal)[0])
    quiet, summary = json.dumps(session.to_save(), sort_keys=True), session.summary()
    seen: list[tuple[str, str]] = []

    def go_on(_steps: int) -> bool:
        seen.append((json.dumps(session.to_save(), sort_keys=True), session.summary()))
        return True

    record = session.machine_turn(go_on, 50)
    assert record.by_machine and len(seen) > 1  # read at many points of the reply
    assert all(s == (quiet, summary) for s in seen)
    after = session.to_save()
    assert after is not None and len(after["moves"]) == 2 and session.summary() == "move 2"
