"""The wolf's history panel rows and exported text, headless from a session.

The export is replayed key by key on a bare TI-57 with the same listing: it must end
with the same registers and display.  Its header tells the truth about the referee:
when it was switched and whether the game was already over (issue 13).
"""

from __future__ import annotations

import re

from arcade.screens.ti57_wolf.export import history_header, history_rows, history_text
from games.ti57_wolf import Side, load_program
from games.ti57_wolf.session import WolfMove, WolfSession
from tests.arcade.helpers import replay_ti57_export
from tests.games.wolf_scripts import PURIST_TO_A_COLLISION, W_ROW_1, moves


def test_history_and_export_of_a_purist_game_replay_on_a_ti57() -> None:
    session = WolfSession(Side.LAMBS, referee=False)
    for move in moves(PURIST_TO_A_COLLISION):
        session.play(move)
    session.play(WolfMove.wolf(7))  # onto lamb 3: the display flashes
    session.take_back()  # CLR SBR 3
    session.wolf_move(1)
    rows = history_rows(session.history())
    assert (rows[7].who, rows[7].standard, rows[7].machine) == ("wolf", "5.5-6.4 refused", "SBR 7")
    assert (rows[8].standard, rows[8].machine) == ("6.4-5.5 back", "CLR SBR 3")
    assert rows[9].keys == "shows 4.4" and rows[7].keys == "shows 6.4 flashing"
    assert history_header(session).startswith("Set-up: 4.8 STO 7 1.1 STO 1")
    text = history_text(session, "Wolf and lambs on the TI-57")
    assert "# the lambs started (coin toss); referee off (purist)\n" in text
    assert "# wolf: a person; lambs: a person" in text
    assert "Set-up keys: 4.8 STO 7   1.1 STO 1   3.1 STO 2   5.1 STO 3   7.1 STO 4   1.1 STO 6   .9 +/- STO 5" in text
    assert re.search(r"\n +1  lamb 3  5\.1-4\.2 +3 SBR 4 +shows -0\.9\n", text)
    assert text.endswith("In progress: the lambs to move.\n")
    machine = replay_ti57_export(text, load_program())
    game = session.game
    assert [machine.register(r) for r in range(8)] == [game.machine.register(r) for r in range(8)]
    assert machine.display == game.machine.display and machine.flashing == game.machine.flashing


def test_purist_switched_on_after_the_win_is_not_told_as_a_purist_game() -> None:
    session = WolfSession(Side.WOLF)
    for move in moves(W_ROW_1):
        session.play(move)
    session.set_referee(False)  # after the win
    text = history_text(session, "Wolf and lambs on the TI-57")
    header = text.splitlines()[2]
    assert header == "# the wolf started (coin toss); referee on at the start, then off (purist) after move 13 (the game was over)"
    assert re.search(r"\n +13  wolf .*\n +\(referee off \(purist\)\)\n", text)
    assert "Game over: the wolf won (the wolf reached row 1)." in text


def test_a_switch_before_the_first_move_is_listed_before_it() -> None:
    session = WolfSession(Side.WOLF, referee=False)
    session.set_referee(True)
    session.wolf_move(1)
    text = history_text(session, "t")
    assert "referee off (purist) at the start, then on before the first move" in text
    assert re.search(r"\n +\(referee on\)\n +1  wolf", text)


def test_off_board_pieces_are_shown_by_what_their_register_holds() -> None:
    from arcade.screens.ti57_wolf.render import status_text, turn_text

    session = WolfSession(Side.LAMBS, referee=False)
    for move in moves("L14 W1 L14"):  # lamb 1 off the left edge twice (no referee)
        session.play(move)
    view = session.view()
    turn, status = turn_text(view, None).plain, status_text(view).plain
    assert "Off the board: 1 -0.7" in turn and "-1.3" not in turn + status  # what R1 holds, not a col.row
    assert "1: -0.7" in status and "Referee off (purist)" in turn
    assert history_rows(session.history())[2].standard == "0.2--0.7"


def test_the_turn_panel_says_whose_turn_and_the_computers() -> None:
    from arcade.screens.ti57_wolf.render import turn_text
    from games.session import Seat

    session = WolfSession(Side.WOLF, seats={Side.WOLF: Seat("computer", "cunning")})
    assert "The computer (cunning) plays" in turn_text(session.view(), None).plain
    session = WolfSession(Side.LAMBS)
    assert "Choose a lamb: 1-4, Tab or click" in turn_text(session.view(), None).plain
    assert "Lamb 2: 7 ↖ or 9 ↗  (1-4: another)" in turn_text(session.view(), 2).plain
