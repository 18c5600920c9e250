"""The blind duel driver: the seed's example, capture, draw, refusals, views, snapshots."""

from __future__ import annotations

import json
from decimal import Decimal as D

import pytest

from games.ti57_duel import DuelGame, DuelStatus, IllegalMove, OffBoard
from machines.ti57 import TI57, StopReason


def test_the_seed_example_through_the_driver() -> None:
    g = DuelGame.start((0, 0), (9, 9), moves=20)
    t1 = g.move(1, 1)
    assert t1.displays == ("1.1", "1.0") and t1.keys == ("1", "SBR", "1") and not t1.flashing
    t2 = g.move(2, 4)
    assert t2.displays == ("9.8", "4.0")
    assert g.keys[-6:] == ["1", "SBR", "1", "4", "SBR", "2"]
    assert g.machine.register(0) == 18 and g.moves_left == 18
    v1 = g.view_for(1)
    assert v1.square == (1, 1) and v1.opponent_last_direction == 4
    assert v1.opponent_last_direction_name == "S" and v1.display == "4.0" and v1.to_move
    assert v1.own_last_displays == ("1.1", "1.0")
    v2 = g.view_for(2)
    assert v2.square == (9, 8) and v2.opponent_last_direction_name == "NE" and not v2.to_move
    assert not hasattr(v1, "opponent_square")


def test_set_up_keys_are_the_articles() -> None:
    g = DuelGame(moves=20)
    assert g.status is DuelStatus.NOT_STARTED
    g.place(1, (0, 0))
    assert g.machine.display == "0"  # CLR hides the square from the other player
    g.place(2, (9, 9))
    assert g.keys == ["2", "0", "STO", "0", "2nd", "Fix", "1", "CLR",
                      "0", ".", "0", "STO", "1", "CLR", "9", ".", "9", "STO", "2", "CLR"]
    assert g.status is DuelStatus.IN_PROGRESS
    with pytest.raises(IllegalMove):
        g.place(1, (5, 5))


def test_a_capture_is_read_from_the_flashing_display() -> None:
    g = DuelGame.start((0, 0), (2, 2), moves=20)
    g.move(1, 1)
    t = g.move(2, 5)  # 2.2 -> 1.1: onto player 1
    assert t.displays == ("1.1", "9.9 99") and t.flashing
    assert g.status is DuelStatus.CAPTURE and g.winner == 2
    assert g.machine.flashing and g.machine.register(1) == g.machine.register(2)
    assert g.moves_left == 19  # the capture is not counted
    assert g.view_for(1).status is DuelStatus.CAPTURE
    with pytest.raises(IllegalMove, match="over"):
        g.move(1, 2)


def test_a_draw_and_its_continuation() -> None:
    g = DuelGame.start((0, 0), (9, 9), moves=2)
    g.move(1, 1)
    t = g.move(2, 4)
    assert t.displays == ("9.8", "4.0") and t.flashing
    assert g.status is DuelStatus.DRAW and g.moves_left == 0
    assert g.machine.pc == 0  # ran past step 49
    with pytest.raises(IllegalMove, match="extend"):
        g.move(1, 1)
    g.extend(10)
    assert g.keys[-5:] == ["CLR", "1", "0", "STO", "0"]
    assert g.status is DuelStatus.IN_PROGRESS and g.moves_left == 10 and not g.machine.flashing
    t = g.move(1, 2)
    assert t.displays == ("2.1", "2.0") and g.moves_left == 9
    assert g.square_of(2) == (9, 8)  # squares kept


def test_a_move_off_the_board_is_refused_before_any_key() -> None:
    g = DuelGame.start((0, 0), (9, 9))
    before = json.dumps(g.snapshot())
    for direction in (3, 4, 5, 6, 7):
        with pytest.raises(OffBoard, match="off the 10 x 10 board"):
            g.move(1, direction)
    assert json.dumps(g.snapshot()) == before
    assert sorted(g.legal_directions(1)) == [1, 2, 8]


@pytest.mark.parametrize(
    ("player", "direction", "message"),
    [(2, 1, "player 1's turn"), (3, 1, "no player 3"), (1, 9, "not 1-8"), (1, 0, "not 1-8")],
)
def test_other_refusals_leave_the_game_unchanged(player: int, direction: int, message: str) -> None:
    g = DuelGame.start((4, 4), (6, 6))
    before = json.dumps(g.snapshot())
    with pytest.raises(IllegalMove, match=message):
        g.move(player, direction)
    assert json.dumps(g.snapshot()) == before


def test_snapshot_restore_continues_identically() -> None:
    g = DuelGame.start((3, 3), (6, 6), moves=6)
    g.move(1, 2)
    g.move(2, 6)
    state = json.loads(json.dumps(g.snapshot()))
    twin = DuelGame.restore(state)
    assert twin.snapshot() == g.snapshot()
    for game in (g, twin):
        game.move(1, 8)
        game.move(2, 5)
    assert twin.snapshot() == g.snapshot()
    assert twin.view_for(1) == g.view_for(1)


# --- what the program does with other codes (machine level, keys only) ----------


def _duel_machine() -> TI57:
    from games.ti57_duel import load_program

    m = TI57()
    m.load(load_program())
    for k in "4 . 4 STO 1 8 . 8 STO 2 2 0 STO 0 2nd Fix 1".split():
        m.press(k)
    return m


@pytest.mark.parametrize(("code", "square"), [("9", "5.5"), ("1 0", "5.4"), ("1 7", "5.5"), ("0", "5.5"),
                                              ("1 . 5", "5.4"), ("1 3", "3.3")])
def test_codes_outside_1_to_8(code: str, square: str) -> None:
    m = _duel_machine()
    for k in f"{code} SBR 1".split():
        m.press(k)
    stop = m.run()
    assert stop.reason is StopReason.PAUSE and stop.display == square
    assert m.register(1) == D(square)


@pytest.mark.parametrize("moves", [0, -3, 10_000, 2.5])
def test_bad_move_limits_are_refused(moves) -> None:
    with pytest.raises(ValueError, match="move limit"):
        DuelGame(moves=moves)
    g = DuelGame.start((0, 0), (9, 9), moves=1)
    g.move(1, 1)
    with pytest.raises(ValueError, match="extend"):
        g.extend(moves)
