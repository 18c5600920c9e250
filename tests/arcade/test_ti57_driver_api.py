"""The driver calls the TI-57 screens rely on (no Textual): checks that press nothing, the
referee switch, register values off the board, and the history rows built from the records."""

from __future__ import annotations

import pytest

from games.ti57_duel import DuelGame, IllegalMove as DuelIllegal, OffBoard
from games.ti57_wolf import IllegalMove, Side, WolfGame, WolfReferee, START, square_text
from games.ti57_wolf.session import history_lines, record_keys


def test_duel_check_move_refuses_before_any_key() -> None:
    game = DuelGame.start((0, 3), (6, 7))
    keys = list(game.keys)
    with pytest.raises(OffBoard):
        game.check_move(1, 6)  # west of column 0
    with pytest.raises(DuelIllegal):
        game.check_move(2, 2)  # player 1 moves first
    game.check_move(1, 2)
    assert game.keys == keys and game.moves_left == 20
    with pytest.raises(DuelIllegal, match="start squares"):
        DuelGame().check_move(1, 2)


def test_wolf_set_referee_and_register_values() -> None:
    game = WolfGame(Side.LAMBS, referee_enabled=False)
    game.lamb_move(1, 4)  # 1.1 - 0.9 = 0.2: column 0, off the board
    game.wolf_move(1)
    game.lamb_move(1, 4)  # 0.2 - 0.9 = -0.7
    assert game.register_text(1) == "-0.7" and square_text(game.board.lambs[0]) == "-0.7"
    assert game.register_text(0) == "3.7" and square_text((3, 7)) == "3.7"
    with pytest.raises(IllegalMove, match="off the board"):
        game.set_referee(True)
    assert not game.referee_enabled

    game = WolfGame(Side.WOLF, referee_enabled=False)
    game.wolf_move(1)
    game.set_referee(True)  # a legal board: the referee takes it up, the lambs to move
    assert game.referee_enabled and game.referee.to_move is Side.LAMBS
    with pytest.raises(IllegalMove):
        game.check_lamb_move(1, 4)  # off the board: refused, nothing pressed
    keys = list(game.keys)
    with pytest.raises(IllegalMove):
        game.check_wolf_move(1)  # not the wolf's turn
    assert game.keys == keys
    game.set_referee(False)
    game.check_lamb_move(1, 4)  # purist: nothing to check before the machine


def test_wolf_set_referee_refused_while_the_display_flashes() -> None:
    game = WolfGame(Side.LAMBS, referee_enabled=False)
    for k, key in ((3, 4), (None, 1), (3, 6), (None, 7), (3, 6), (None, 7), (1, 6), (None, 7)):
        game.wolf_move(key) if k is None else game.lamb_move(k, key)
    assert game.collision == 7
    with pytest.raises(IllegalMove, match="flashes"):
        game.set_referee(True)
    with pytest.raises(IllegalMove, match="flashes"):
        game.check_wolf_move(1)
    game.take_back()
    rows = history_lines(game.history)
    assert rows[-2].squares == "5.5-6.4 refused" and rows[-1].squares == "6.4-5.5 back"
    assert record_keys(game.history, len(game.history) - 1) == "CLR SBR 3"


def test_history_rows_follow_the_board_through_a_whole_game() -> None:
    game = WolfGame(Side.WOLF)
    ref = WolfReferee(START, Side.WOLF)
    script = "W7 L46 W7 L26 W1 L24 W7 L26 W1 L24 W1 L36 W7".split()
    for n, move in enumerate(script, 1):
        if move[0] == "W":
            game.wolf_move(int(move[1]))
            ref = ref.wolf_move(int(move[1]))
            piece = ref.board.wolf
        else:
            game.lamb_move(int(move[1]), int(move[2]))
            ref = ref.lamb_move(int(move[1]), int(move[2]))
            piece = ref.board.lambs[int(move[1]) - 1]
        row = history_lines(game.history)[-1]
        assert row.number == n and row.squares.endswith("-" + square_text(piece))
        assert row.keys == (f"SBR {move[1]}" if move[0] == "W" else f"{move[1]} SBR {move[2]}")
    assert game.result() is not None and game.result().winner is Side.WOLF
