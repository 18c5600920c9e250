"""The wolf-and-lambs session, headless: whole games against the referee, refusals that change
nothing, undo/redo by whole TI-57 snapshots, seats with a computer, saves (today's, the old
screen's, damaged ones) and the referee's switches recorded for the export."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.session import Refused, SaveUnreadable, Seat
from games.ti57_wolf import START, Board, Side, WolfReferee
from games.ti57_wolf.session import (
    SCHEMA,
    MoveRefused,
    Phase,
    RefereeChange,
    WolfMove,
    WolfSession,
    history_lines,
)
from tests.games.wolf_scripts import GAMES, PURIST_TO_A_COLLISION, W_ROW_1, moves
from tests.sizes import sizes


def play_script(session: WolfSession, script: str) -> WolfReferee:
    """Play ``script`` on the session and on a bare referee; after every move the boards agree."""
    ref = WolfReferee(START, session.to_move)
    for move in moves(script):
        assert session.phase is Phase.TURN and ref.result() is None
        session.play(move)
        ref = ref.wolf_move(move.key) if move.side is Side.WOLF else ref.lamb_move(move.lamb or 0, move.key)
        assert session.view().board == ref.board and session.to_move is ref.to_move
    return ref


@pytest.mark.parametrize("name", sorted(GAMES))
def test_whole_games_end_as_the_referee_says(name: str) -> None:
    script, first, reason = GAMES[name]
    session = WolfSession(first)
    ref = play_script(session, script)
    view = session.view()
    assert view.phase is Phase.OVER and view.result == ref.result() and view.result.reason == reason
    assert view.moves_played == len(script.split())
    assert session.summary().startswith(f"move {len(script.split())}, over, the {view.result.winner.value} won")
    with pytest.raises(MoveRefused, match="the game is over"):
        session.play(WolfMove.wolf(9) if view.to_move is Side.WOLF else WolfMove.of_lamb(1, 6))


class RandomSide:
    """A seat that plays a uniformly random legal move (the test's own, from the referee)."""

    def __init__(self, side: Side, seed: int) -> None:
        self.side, self.rng = side, random.Random(seed)

    def choose(self, board: Board) -> Any:
        ref = WolfReferee(board, self.side)
        return self.rng.choice(ref.legal_wolf_moves() if self.side is Side.WOLF else ref.legal_lamb_moves())


@sizes(everyday=20, soak=60, name="games")
def test_two_computer_seats_play_whole_games_through_the_keys(games: int) -> None:
    for seed in range(games):
        first = (Side.WOLF, Side.LAMBS)[seed % 2]
        session = WolfSession(
            first,
            seats={Side.WOLF: Seat("computer", "x"), Side.LAMBS: Seat("computer", "y")},
            player_for=lambda side, seat, seed=seed: RandomSide(side, seed),
        )
        ref = WolfReferee(START, first)
        while session.phase is Phase.TURN:
            assert session.computer_to_move
            move = session.computer_choice()
            keys = len(session.game.keys)
            session.play(move)
            typed = session.game.keys[keys:]  # typed on the TI-57 as a person would
            assert typed == (["SBR", str(move.key)] if move.side is Side.WOLF else [str(move.lamb), "SBR", str(move.key)])
            ref = ref.wolf_move(move.key) if move.side is Side.WOLF else ref.lamb_move(move.lamb or 0, move.key)
            assert session.view().board == ref.board
        assert session.view().result == ref.result() is not None
        assert "wolf: computer" in session.summary() and "lambs: computer" in session.summary()


def test_a_person_seat_is_never_asked_for_a_computer_move() -> None:
    session = WolfSession(Side.WOLF, seats={Side.LAMBS: Seat("computer", "good")}, player_for=lambda s, _: RandomSide(s, 1))
    assert not session.computer_to_move
    with pytest.raises(MoveRefused, match="not the computer's turn"):
        session.computer_choice()
    session.wolf_move(1)
    assert session.computer_to_move and session.computer_choice().side is Side.LAMBS


def snapshot(session: WolfSession) -> dict[str, Any]:
    return json.loads(json.dumps(session.to_save()))


REQUESTS = st.one_of(
    st.builds(WolfMove.wolf, st.integers(-2, 10)),
    st.builds(WolfMove.of_lamb, st.integers(-1, 6), st.integers(-1, 10)),
)


@sizes(everyday=60, soak=150)
def test_a_refused_request_changes_nothing(examples: int) -> None:
    @settings(max_examples=examples, deadline=None)
    @given(prefix=st.integers(0, 12), request=REQUESTS, purist=st.booleans())
    def check(prefix: int, request: WolfMove, purist: bool) -> None:
        session = WolfSession(Side.WOLF, referee=not purist)
        for move in moves(W_ROW_1)[:prefix]:
            session.play(move)
        before = snapshot(session)
        try:
            session.play(request)
        except Refused as refused:
            assert str(refused)
            assert snapshot(session) == before
        else:
            assert session.moves_played == prefix + 1

    check()


def test_refusals_say_why_and_change_nothing() -> None:
    session = WolfSession(Side.WOLF)
    before = snapshot(session)
    for request, words in (
        (WolfMove.of_lamb(1, 6), "the wolf's turn"),
        (WolfMove.wolf(3), "off the board to 3.9"),
        (WolfMove.wolf(5), "1, 3, 7 or 9"),
    ):
        with pytest.raises(MoveRefused, match=words):
            session.play(request)
        assert snapshot(session) == before
    for refuse in (session.undo, session.redo, session.take_back):
        with pytest.raises(Refused):
            refuse()
        assert snapshot(session) == before


def purist_collision() -> WolfSession:
    session = WolfSession(Side.LAMBS, referee=False)
    for move in moves(PURIST_TO_A_COLLISION):
        session.play(move)
    session.play(WolfMove.wolf(7))  # ↘ from 5.5 onto lamb 3 at 6.4: GTO 8, no such label
    return session


def test_purist_the_machine_flashes_and_only_take_back_or_undo_go_on() -> None:
    session = purist_collision()
    view = session.view()
    assert view.phase is Phase.FLASHING and view.flashing and view.display == "6.4" and view.take_back_key == 3
    assert view.board.wolf == (6, 4) == view.board.lambs[2]  # R7 kept the lamb's square
    before = snapshot(session)
    for refused in (lambda: session.play(WolfMove.wolf(1)), lambda: session.set_referee(True)):
        with pytest.raises(MoveRefused, match="flashes"):
            refused()
        assert snapshot(session) == before
    assert session.summary() == "move 8, the display flashes (purist)"
    session.take_back()
    assert session.game.keys[-3:] == ["CLR", "SBR", "3"] and session.phase is Phase.TURN
    assert session.view().board.wolf == (5, 5) and session.to_move is Side.WOLF
    lines = session.history()
    assert (lines[-2].squares, lines[-1].squares, lines[-1].keys) == ("5.5-6.4 refused", "6.4-5.5 back", "CLR SBR 3")


def test_undo_and_redo_restore_whole_ti57_snapshots() -> None:
    session = WolfSession(Side.WOLF)
    states = [session.game.snapshot()]
    for move in moves("W1 L36 W9"):
        session.play(move)
        states.append(session.game.snapshot())
    for back_to in (2, 1, 0):
        session.undo()
        assert session.game.snapshot() == states[back_to]  # registers, display, keys, history
    assert not session.view().can_undo and session.view().can_redo
    session.redo()
    session.redo()
    assert session.game.snapshot() == states[2]
    session.undo()
    session.lamb_move(2, 4)  # a different move forgets the redo
    assert not session.view().can_redo and session.view().board.lambs[1] == (2, 2)
    with pytest.raises(MoveRefused, match="nothing to redo"):
        session.redo()


def test_undo_takes_back_the_machines_flashing_refusal_and_redo_brings_it_again() -> None:
    session = purist_collision()
    session.undo()
    assert session.phase is Phase.TURN and not session.view().flashing and session.view().board.wolf == (5, 5)
    session.redo()
    assert session.phase is Phase.FLASHING and session.view().display == "6.4"


def test_purist_switched_on_only_after_the_win_is_told_as_such() -> None:
    session = WolfSession(Side.WOLF)
    play_script(session, W_ROW_1)
    session.set_referee(False)
    assert session.referee_changes == [RefereeChange(13, False, True)]
    story = session.referee_story()
    assert story == "referee on at the start, then off (purist) after move 13 (the game was over)"
    assert not story.startswith("referee off")


def test_referee_switches_are_recorded_when_they_happen_and_undone_with_the_moves() -> None:
    session = WolfSession(Side.WOLF, referee=False)
    assert session.referee_story() == "referee off (purist)"
    session.set_referee(True)  # before any move
    session.wolf_move(1)
    session.lamb_move(3, 6)
    session.set_referee(False)
    session.set_referee(False)  # no change: nothing recorded
    assert session.referee_story() == (
        "referee off (purist) at the start, then on before the first move, then off (purist) after move 2"
    )
    session.wolf_move(9)
    session.undo()  # the switch after move 2 came before this move: it stays
    assert [c.moves for c in session.referee_changes] == [0, 2] and not session.game.referee_enabled
    session.undo()  # back before move 2, before the switch
    assert [c.moves for c in session.referee_changes] == [0] and session.game.referee_enabled


def test_the_referee_cannot_take_up_a_board_with_a_piece_off_it() -> None:
    session = WolfSession(Side.LAMBS, referee=False)
    for move in moves("L14 W1 L14"):
        session.play(move)
    view = session.view()
    assert view.off_board == (1,) and view.register_texts[1] == "-0.7"
    before = snapshot(session)
    with pytest.raises(MoveRefused, match="off the board"):
        session.set_referee(True)
    assert snapshot(session) == before and session.referee_changes == []


def test_save_round_trip_goes_on_exactly() -> None:
    session = WolfSession(Side.LAMBS, seats={Side.WOLF: Seat("computer", "cunning")})
    for move in moves("L26 W1 L36"):
        session.play(move)
    session.set_referee(False)
    data = snapshot(session)
    assert data["schema"] == SCHEMA and len(data["timeline"]["past"]) == 3
    twin = WolfSession.from_save(data)
    assert snapshot(twin) == data and twin.seat(Side.WOLF) == Seat("computer", "cunning")
    assert twin.first is Side.LAMBS and twin.referee_story() == session.referee_story()
    for s in (session, twin):
        s.set_referee(True)
        s.wolf_move(1)
        s.undo()
        s.undo()
    assert snapshot(twin) == snapshot(session)


def old_screen_save(session: WolfSession) -> dict[str, Any]:
    """The save the screen wrote before sessions (no schema): game, first, shown, timeline, settings."""
    past = [{"game": s["game"], "shown": ["3.7", False, "stopped"]} for s in session.timeline.past]
    return {
        "game": session.game.snapshot(),
        "first": session.first.value,
        "shown": [session.game.machine.display, False, "stopped"],
        "timeline": {"past": past, "future": []},
        "settings": {"registers": True, "history": False},
    }


def test_todays_save_format_is_still_read() -> None:
    session = WolfSession(Side.WOLF)
    for move in moves("W1 L36 W9"):
        session.play(move)
    old = json.loads(json.dumps(old_screen_save(session)))
    twin = WolfSession.from_save(old)
    assert twin.game.snapshot() == session.game.snapshot() and twin.first is Side.WOLF
    assert twin.summary() == "move 3, the lambs to move"
    twin.undo()
    assert twin.view().board.wolf == (3, 7) and twin.to_move is Side.WOLF


def damaged(data: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """``data`` with one field removed, retyped or set to a nonsense value."""
    out = copy.deepcopy(data)
    paths: list[tuple[Any, Any]] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                paths.append((node, key))
                walk(value)
        elif isinstance(node, list):
            for i, value in enumerate(node):
                paths.append((node, i))
                walk(value)

    walk(out)
    node, key = rng.choice(paths)
    action = rng.randrange(3)
    if action == 0 and isinstance(node, dict):
        del node[key]
    else:
        node[key] = rng.choice([None, "x", -1, 10**9, [], {}, 2.5, True])
    return out


@sizes(everyday=150, soak=400, name="tries")
def test_damaged_saves_are_refused_as_unreadable_or_read_whole(tries: int) -> None:
    session = WolfSession(Side.WOLF)
    for move in moves("W1 L36 W9"):
        session.play(move)
    good = snapshot(session)
    rng = random.Random(11)
    unreadable = 0
    for _ in range(tries):
        data = damaged(good, rng)
        try:
            twin = WolfSession.from_save(data)
        except SaveUnreadable as error:
            unreadable += 1
            assert str(error)
            continue
        twin.view()  # what was read is a game that can be shown and summed up
        twin.summary()
    assert unreadable > 100
    for data in (None, [], "x", {"schema": 99, "game": good["game"]}, {"schema": SCHEMA}):
        with pytest.raises(SaveUnreadable):
            WolfSession.from_save(data)


def test_summary_counts_moves_played_and_names_the_side_to_move() -> None:
    session = WolfSession(Side.LAMBS)
    assert session.summary() == "move 0, the lambs to move"
    session.lamb_move(1, 6)
    assert session.summary() == "move 1, the wolf to move"


def test_history_lines_follow_the_board_through_a_whole_game() -> None:
    session = WolfSession(Side.WOLF)
    ref = play_script(session, W_ROW_1)
    lines = history_lines(session.game.history)
    assert [line.number for line in lines] == list(range(1, 14))
    assert lines[0] == lines[0].__class__(1, "wolf", "4.8-5.7", "SBR 7", "shows 5.7")
    assert lines[-1].squares.endswith(f"-{ref.board.wolf[0]}.{ref.board.wolf[1]}")


def test_a_save_holding_another_program_is_refused() -> None:
    data = snapshot(WolfSession(Side.WOLF))
    program = data["game"]["machine"]["program"]
    program[-1] = [81, None] if program[-1] != [81, None] else [0, None]  # a valid step, not the wolf's
    with pytest.raises(SaveUnreadable, match="another program"):
        WolfSession.from_save(data)
    program.pop()  # 49 steps: not even a TI-57 program, refused by the machine's restore
    with pytest.raises(SaveUnreadable, match=r"field 'state\.game\.machine\.program'"):
        WolfSession.from_save(data)


def test_the_arcades_computer_players_sit_through_the_session() -> None:
    """The default players (games.ti57_wolf.computer): perfect lambs beat the cunning wolf, by keys."""
    for first in (Side.WOLF, Side.LAMBS):
        session = WolfSession(first, seats={Side.WOLF: Seat("computer", "cunning"), Side.LAMBS: Seat("computer", "perfect")})
        while session.phase is Phase.TURN:
            session.play(session.computer_choice())
        assert session.view().result is not None and session.view().result.winner is Side.LAMBS
        assert all(r.keys[-2] == "SBR" for r in session.game.history)


def test_undo_to_a_person_takes_back_the_computers_reply_too() -> None:
    session = WolfSession(Side.WOLF, seats={Side.LAMBS: Seat("computer", "x")}, player_for=lambda s, _: RandomSide(s, 3))
    start = session.game.snapshot()
    session.wolf_move(1)
    session.play(session.computer_choice())
    after_reply = session.game.snapshot()
    session.undo(to_a_person=True)
    assert session.game.snapshot() == start and session.to_move is Side.WOLF and not session.computer_to_move
    session.redo(to_a_person=True)
    assert session.game.snapshot() == after_reply and session.to_move is Side.WOLF

    session = WolfSession(Side.LAMBS, seats={Side.LAMBS: Seat("computer", "x")}, player_for=lambda s, _: RandomSide(s, 3))
    session.play(session.computer_choice())  # the computer moved first: undoing it leaves it to move again
    session.undo(to_a_person=True)
    assert session.moves_played == 0 and session.computer_to_move
