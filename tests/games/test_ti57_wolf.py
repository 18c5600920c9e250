"""The wolf and lambs driver: the seed's example, what each key does, refusals,
the machine's own refusal of a wolf landing on a lamb, results, snapshots."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest

from games.ti57_wolf import START, Board, IllegalMove, Side, WolfGame, result_of
from machines.ti57 import StopReason


def test_the_seed_example_through_the_driver() -> None:
    g = WolfGame()
    assert g.board == START
    assert g.keys[:5] == ["4", ".", "8", "STO", "7"]
    assert [g.wolf_move(1).display, g.lamb_move(1, 6).display] == ["3.7", "1.1"]
    assert g.board.lambs[0] == (2, 2)
    assert [g.wolf_move(3).display, g.lamb_move(2, 6).display] == ["2.8", "1.1"]
    assert g.board == Board((2, 8), ((2, 2), (4, 2), (5, 1), (7, 1)))
    assert g.history[-1].keys == ("2", "SBR", "6")


@pytest.mark.parametrize(("key", "square", "shown"), [(1, (3, 7), "3.7"), (9, (5, 9), None), (3, (3, 9), None), (7, (5, 7), "5.7")])
def test_what_each_wolf_key_really_does(key: int, square: tuple[int, int], shown: str | None) -> None:
    g = WolfGame(referee_enabled=False)
    record = g.wolf_move(key)
    assert g.board.wolf == square  # SBR 3 = (-1, +1), SBR 7 = (+1, -1): swapped from the article's table
    assert record.display == f"{square[0]}.{square[1]}"


def test_what_each_lamb_key_really_does() -> None:
    g = WolfGame(referee_enabled=False, first=Side.LAMBS)
    assert g.lamb_move(3, 4).display == "-0.9"
    assert g.board.lambs[2] == (4, 2)
    assert g.lamb_move(4, 6).display == "1.1"
    assert g.board.lambs[3] == (8, 2)


def test_lamb_numbers_outside_1_to_4_on_the_machine() -> None:
    # k >= 5 moves lamb 4 (INV SBR with nothing pending then stops); k = 0 moves lamb 1
    g = WolfGame()
    m = g.machine
    for k in "6 SBR 6".split():
        m.press(k)
    assert m.run().reason is StopReason.HALT
    assert m.register(4) == Decimal("8.2") and m.register(0) == 2
    for k in "0 SBR 6".split():
        m.press(k)
    m.run()
    assert m.register(1) == Decimal("2.2")


@pytest.mark.parametrize(
    ("play", "message"),
    [
        (lambda g: g.lamb_move(1, 6), "wolf's turn"),
        (lambda g: g.wolf_move(5), "1, 3, 7 or 9"),
        (lambda g: g.wolf_move(9), "off the board"),
        (lambda g: g.wolf_move(3), "off the board"),
    ],
)
def test_referee_refusals_leave_the_game_unchanged(play, message: str) -> None:
    g = WolfGame()
    before = json.dumps(g.snapshot())
    with pytest.raises(IllegalMove, match=message):
        play(g)
    assert json.dumps(g.snapshot()) == before


def test_referee_refuses_occupied_squares_and_bad_lambs() -> None:
    g = WolfGame(first=Side.LAMBS)
    g.lamb_move(1, 6)  # 2.2
    g.wolf_move(1)  # 3.7
    with pytest.raises(IllegalMove, match="lambs are 1-4"):
        g.lamb_move(5, 6)
    with pytest.raises(IllegalMove, match="SBR 4 or SBR 6"):
        g.lamb_move(2, 2)


def test_referee_refuses_a_lamb_onto_a_lamb() -> None:
    g = WolfGame(first=Side.LAMBS)
    g.lamb_move(1, 6)  # 1.1 -> 2.2
    g.wolf_move(1)
    before = json.dumps(g.snapshot())
    with pytest.raises(IllegalMove, match="2.2 is occupied"):
        g.lamb_move(2, 4)  # 3.1 -> 2.2
    assert json.dumps(g.snapshot()) == before


def _walk_wolf_onto_lamb_1(g: WolfGame) -> None:
    """Alternate: the wolf 3.7, 2.6, 1.5 and lamb 1 2.2, 1.3, 2.4 (wolf to move)."""
    for lamb_key in (6, 4, 6):
        g.wolf_move(1)
        g.lamb_move(1, lamb_key)


def test_purist_mode_wolf_on_a_lamb_gets_the_machines_refusal() -> None:
    g = WolfGame(referee_enabled=False)
    _walk_wolf_onto_lamb_1(g)
    assert g.board.lambs[0] == (2, 4) and g.board.wolf == (1, 5)
    record = g.wolf_move(7)  # (+1, -1): onto lamb 1
    assert record.flashing and record.display == "2.4"
    assert g.machine.flashing and g.board.wolf == (2, 4)  # the move is not undone by the program
    assert g.collision == 7 and g.result() is None
    with pytest.raises(IllegalMove, match="take_back"):
        g.wolf_move(1)
    back = g.take_back()
    assert back.keys == ("SBR", "3") and g.keys[-3:] == ["CLR", "SBR", "3"]
    assert back.display == "1.5" and not g.machine.flashing and g.board.wolf == (1, 5)
    assert g.to_move is Side.WOLF
    g.wolf_move(9)
    assert g.board.wolf == (2, 6)


def test_with_the_referee_the_same_move_is_refused_before_any_key() -> None:
    g = WolfGame()
    _walk_wolf_onto_lamb_1(g)
    before = json.dumps(g.snapshot())
    with pytest.raises(IllegalMove, match="a lamb is on 2.4"):
        g.wolf_move(7)
    assert json.dumps(g.snapshot()) == before
    with pytest.raises(IllegalMove, match="no refused move"):
        g.take_back()


def test_results() -> None:
    lambs = ((1, 1), (3, 1), (5, 1), (7, 1))
    assert result_of(Board((2, 1), ((1, 3), (3, 3), (5, 3), (7, 3))), Side.LAMBS).winner is Side.WOLF
    r = result_of(Board((4, 8), ((1, 8), (3, 8), (5, 8), (7, 8))), Side.WOLF)
    assert r is not None and r.winner is Side.LAMBS and "row 8" in r.reason
    r = result_of(Board((1, 8), ((2, 7), (3, 1), (5, 1), (7, 1))), Side.WOLF)
    assert r is not None and r.winner is Side.LAMBS and "blocked" in r.reason
    assert result_of(Board((1, 8), ((2, 7), (3, 1), (5, 1), (7, 1))), Side.LAMBS) is None
    assert result_of(Board((4, 8), lambs), Side.WOLF) is None


def test_snapshot_restore_continues_identically() -> None:
    g = WolfGame()
    g.wolf_move(1)
    g.lamb_move(2, 6)
    twin = WolfGame.restore(json.loads(json.dumps(g.snapshot())))
    assert twin.snapshot() == g.snapshot()
    for game in (g, twin):
        game.wolf_move(9)
        game.lamb_move(3, 6)
    assert twin.snapshot() == g.snapshot() and twin.board == g.board


def test_view_for_a_ui() -> None:
    g = WolfGame(referee_enabled=False)
    v = g.view()
    assert v.board == START and v.to_move is Side.WOLF and v.result is None
    assert v.display == "0" and not v.flashing and not v.awaiting_take_back and v.last_move is None
    assert set(v.legal_wolf_moves) == {1, 7}
    _walk_wolf_onto_lamb_1(g)
    g.wolf_move(7)
    v = g.view()
    assert v.flashing and v.awaiting_take_back and v.display == "2.4" and v.last_move is not None
    assert v.last_move.flashing and v.board.wolf == (2, 4)


def test_move_names_follow_the_program() -> None:
    from games.ti57_wolf import MOVE_NAMES, WOLF_MOVES

    for key, (dc, dr) in WOLF_MOVES.items():
        name = MOVE_NAMES[key]
        assert name.startswith("up" if dr > 0 else "down") and name.endswith("right" if dc > 0 else "left")
