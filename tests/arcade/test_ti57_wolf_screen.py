"""The wolf screen through the Pilot, on the real TI-57 emulator and listing.

The rules are tested headless on the session (tests/games/test_ti57_wolf_session.py);
here a few whole scenes are played by keys as a player would, and every wait is on a
condition (``settle``, ``wait_until``), never a fixed time.  The game runs at the machine
host's table, in a thread of the tests' process: a test looks at it through ``hosted``.
"""

from __future__ import annotations

import json
import re

import pytest
from textual import events
from textual.widgets import Footer

from arcade.runtime.textual_compat import notifications
from arcade.shell.app import ArcadeApp
from arcade.widgets.dialogs import ResumeDialog
from arcade.storage.saves import SaveStore
from arcade.screens.ti57_wolf.dialogs import NewWolfGame, WolfGameOver
from arcade.screens.ti57_wolf import render
from arcade.screens.ti57_wolf.screen import TI57WolfScreen
from arcade.widgets.grid import SquareBoard
from arcade.widgets.ti57 import KeyLog
from arcade.widgets.words import Words
from games.ti57_wolf import START, Side, WolfReferee
from games.ti57_wolf.computer import solution
from games.ti57_wolf.session import WolfSession
from games.session import Seat
from tests.arcade.helpers import (
    click,
    flat,
    noted_refreshes,
    screen_text,
    settle,
    type_keys,
    wait_for_screen,
    wait_until,
)
from tests.games.wolf_scripts import PURIST_TO_A_COLLISION, W_ROW_1

BOARD_LINE = re.compile(r"^ (\d) │((?:.{3}│){8}) (\d)")

# the keys that make each move, by the board as drawn (row 8 at the top)
WOLF_KEYS = {3: ("7", "y"), 9: ("9", "u"), 1: ("1", "b"), 7: ("3", "n")}  # SBR 3 is ↖ ... SBR 7 is ↘
LAMB_KEYS = {4: ("7", "a", "left", "y"), 6: ("9", "d", "right", "u")}


def right_column(app: ArcadeApp) -> str:
    """The words of the right-hand column (x >= 40) on one line: messages wrap there."""
    return " ".join(" ".join(line[40:] for line in screen_text(app).splitlines()).split())


def footer(app: ArcadeApp) -> str:
    return screen_text(app).splitlines()[-1]


def shown_board(app_or_text: ArcadeApp | str) -> dict[tuple[int, int], str]:
    """(column, row) -> the piece on screen ('W', '1'-'4'), empty squares left out."""
    text = app_or_text if isinstance(app_or_text, str) else screen_text(app_or_text)
    pieces: dict[tuple[int, int], str] = {}
    for line in text.splitlines():
        m = BOARD_LINE.match(line)
        if m and m.group(1) == m.group(3):
            row = int(m.group(1))
            for col, cell in enumerate(m.group(2).split("│")[:8], start=1):
                glyph = cell.strip("[] ")
                if glyph and glyph not in "·↖↗↙↘":
                    pieces[(col, row)] = glyph
    return pieces


def expected_board(ref: WolfReferee) -> dict[tuple[int, int], str]:
    board = {sq: str(k) for k, sq in enumerate(ref.board.lambs, start=1)}
    board[ref.board.wolf] = "W"
    return board


def hosted(screen: TI57WolfScreen) -> WolfSession:
    """The session at the screen's table, in the host the tests run in a thread."""
    return screen.table.client.host.table.session  # type: ignore[union-attr]


def driver(screen: TI57WolfScreen):  # noqa: ANN201 - the session's TI-57 driver
    return hosted(screen).game


def wolf_app(first: Side, purist: bool = False, **kw: object) -> ArcadeApp:
    return ArcadeApp(
        game="ti57-wolf",
        screens={"ti57-wolf": lambda: TI57WolfScreen(coin=lambda: first, purist=purist, blink=False, **kw)},
    )


async def opened(pilot) -> TI57WolfScreen:  # noqa: ANN001
    app = pilot.app
    await wait_until(pilot, lambda: isinstance(app.screen, (TI57WolfScreen, ResumeDialog)) and app.screen.is_mounted,
                     what="the wolf screen")
    await wait_until(pilot, lambda: isinstance(app.screen, ResumeDialog) or app.screen.saves.ready, what="settled")
    if isinstance(app.screen, TI57WolfScreen):
        await settle(pilot, app.screen)  # the new game at the table
    return app.screen


async def lambs_by_the_computer(pilot) -> TI57WolfScreen:  # noqa: ANN001
    """A new game by ``g``: the person plays the wolf, the computer the lambs."""
    app = pilot.app
    screen = await opened(pilot)
    await type_keys(pilot, "g")
    await wait_until(pilot, lambda: isinstance(app.screen, NewWolfGame))
    await type_keys(pilot, "l", "enter")  # the lambs: the computer
    await wait_until(pilot, lambda: app.screen is screen and not screen.busy)
    await settle(pilot, screen)  # the new game at the table
    return screen


async def test_a_whole_game_by_keys_then_the_game_over_dialog_takes_g() -> None:
    app = wolf_app(Side.WOLF)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(pilot)
        game = driver(screen)
        # refusals, before any key reaches the TI-57
        await type_keys(pilot, "7")  # ↖ from 4.8: off the board
        assert "Refused ↖: SBR 3 would take the wolf off the board to 3.9" in right_column(app)
        await type_keys(pilot, "2")
        assert "The wolf moves on the diagonals" in right_column(app) and not game.history
        ref = WolfReferee(START, Side.WOLF)
        for i, move in enumerate(W_ROW_1.split()):
            text = screen_text(app)
            assert shown_board(text) == expected_board(ref)
            if move[0] == "W":
                key = int(move[1])
                assert "The wolf to move" in text
                # the footer's keys are composed again after the next frame (Footer.call_after_refresh)
                await wait_until(pilot, lambda: "Next lamb" not in footer(app), what="no lamb to choose")  # issue 13
                await type_keys(pilot, WOLF_KEYS[key][i % 2])
                ref = ref.wolf_move(key)
            else:
                k, key = int(move[1]), int(move[2])
                assert "The lambs to move" in text
                await wait_until(pilot, lambda: "tab Next lamb" in footer(app), what="tab offered for the lambs")
                if i == 1:
                    await type_keys(pilot, "9")
                    assert "Choose a lamb first" in right_column(app)
                    await type_keys(pilot, "4", "n")  # lamb 4 ↘: lambs only go forward
                    assert "lambs only go forward" in right_column(app)
                if i % 4 == 3:
                    await type_keys(pilot, *["tab"] * k)
                elif i % 4 == 1:
                    col, row = ref.board.lambs[k - 1]
                    await click(pilot, screen.query_one(SquareBoard), offset=(3 + 4 * (col - 1) + 1, 2 + 2 * (8 - row)))
                else:
                    await type_keys(pilot, str(k))
                assert screen.selected == k, (move, screen.selected)
                await type_keys(pilot, LAMB_KEYS[key][i % 4])
                ref = ref.lamb_move(k, key)
            await settle(pilot, screen)
            if not isinstance(app.screen, WolfGameOver):
                assert screen.query_one("#led").shown.text == game.history[-1].display
        assert game.board == ref.board and ref.result().reason == "the wolf reached row 1"
        await wait_until(pilot, lambda: isinstance(app.screen, WolfGameOver), what="the game-over dialog")
        assert "Game over. The wolf wins: the wolf reached row 1." in flat(app)
        assert "New game (g)" in flat(app) and "New game (n)" not in flat(app)  # issue 13: the screen's key
        await type_keys(pilot, "n")  # not the dialog's key (n is the wolf's ↘ on the board)
        assert isinstance(app.screen, WolfGameOver)
        await type_keys(pilot, "escape")  # look at the board
        await wait_until(pilot, lambda: app.screen is screen)
        assert shown_board(app) == expected_board(ref) and "The wolf wins!" in flat(app)
        await type_keys(pilot, "9")  # a finished game takes no more moves
        assert "The game is over" in right_column(app) and len(game.history) == 13
        await type_keys(pilot, "g")  # who plays, then a new coin toss
        await wait_until(pilot, lambda: isinstance(app.screen, NewWolfGame))
        await type_keys(pilot, "enter")
        await wait_until(pilot, lambda: app.screen is screen)
        await settle(pilot, screen)  # the new game at the table
        assert not driver(screen).history and shown_board(app) == expected_board(WolfReferee(START, Side.WOLF))
        assert "New game. Coin toss: heads, the wolf starts." in right_column(app)


async def test_purist_flash_take_back_history_export_undo_then_quit_and_resume() -> None:
    app = wolf_app(Side.LAMBS)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(pilot)
        await type_keys(pilot, "r")  # the referee off at the table
        await settle(pilot, screen)
        assert "Referee off (purist)" in flat(app)
        for move in PURIST_TO_A_COLLISION.split():
            await type_keys(pilot, *(["1" if move == "W1" else "3"] if move[0] == "W" else [move[1], LAMB_KEYS[int(move[2])][0]]))
            await settle(pilot, screen)
        before = driver(screen).snapshot()
        await type_keys(pilot, "3")  # ↘ SBR 7 onto lamb 3
        await settle(pilot, screen)
        assert driver(screen).collision == 7
        text = flat(app)
        assert "✱ 6.4 ✱" in text and "FLASHING" in text and "t: take it back (CLR, SBR 3)" in text
        assert shown_board(app)[(6, 4)] == "W"  # the machine kept the wolf on the lamb's square (R7)
        await type_keys(pilot, "9")  # nothing moves while the display flashes
        assert "Press t to take it back" in right_column(app) and driver(screen).keys[-2:] == ["SBR", "7"]
        await type_keys(pilot, "ctrl+z")  # undo: the registers as before, the flashing gone
        await wait_until(pilot, lambda: driver(screen).collision is None)
        await settle(pilot, screen)  # the table's answer drawn
        assert driver(screen).snapshot() == before and "✱" not in flat(app)
        await type_keys(pilot, "U")  # redo: flashing again
        await wait_until(pilot, lambda: driver(screen).collision == 7)
        await settle(pilot, screen)  # the table's answer drawn
        await type_keys(pilot, "t")
        await settle(pilot, screen)
        assert driver(screen).keys[-3:] == ["CLR", "SBR", "3"] and driver(screen).board.wolf == (5, 5)
        await type_keys(pilot, "r")  # the referee back on: the same move is now refused before the machine
        await settle(pilot, screen)
        await type_keys(pilot, "3")
        assert "SBR 7: a lamb is on 6.4" in right_column(app)
        await type_keys(pilot, "H")
        await wait_until(pilot, lambda: re.search(r"9 wolf +6\.4-5\.5 back", screen_text(app)), what="the history")
        assert re.search(r"9 wolf +6\.4-5\.5 back", screen_text(app))
        await type_keys(pilot, "x")
        await wait_until(pilot, lambda: screen.saves.exported is not None)
        exported = screen.saves.exported.read_text(encoding="utf-8")
        assert "referee on at the start, then off (purist) before the first move, then on after move 9" in exported
        await type_keys(pilot, "i")
        await wait_until(pilot, lambda: re.search(r"R3 +6\.4 +lamb 3's square", screen_text(app)), what="the inspector")
        assert re.search(r"R3 +6\.4 +lamb 3's square", screen_text(app))
        await type_keys(pilot, "p")  # pause: the board is hidden, moves are held
        await wait_until(pilot, lambda: "Paused: the board and the TI-57 are hidden." in screen_text(app), what="the pause")
        assert "Paused: the board and the TI-57 are hidden." in screen_text(app) and shown_board(app) == {}
        await type_keys(pilot, "1")
        assert len(driver(screen).history) == 9
        await type_keys(pilot, "p")
        kept = hosted(screen).to_save()
        await type_keys(pilot, "ctrl+q")
    envelope = json.loads(SaveStore().path_for("ti57-wolf").read_text(encoding="utf-8"))
    assert envelope["summary"] == "move 9, the wolf to move" and envelope["state"]["schema"] == 2

    app = wolf_app(Side.WOLF)  # the coin would say wolf: the save says lambs
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await opened(pilot)
        assert isinstance(dialog, ResumeDialog) and "move 9" in flat(app)
        await type_keys(pilot, "r")
        await wait_until(pilot, lambda: isinstance(app.screen, TI57WolfScreen) and app.screen.registers_shown)
        screen = app.screen
        assert hosted(screen).to_save() == kept and screen.first is Side.LAMBS
        assert "Resumed the saved game at move 9" in right_column(app)


async def test_the_computer_takes_the_lambs_seat_and_plays_through_the_keys() -> None:
    app = wolf_app(Side.WOLF, pace=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(pilot)
        await type_keys(pilot, "g")
        await wait_until(pilot, lambda: isinstance(app.screen, NewWolfGame))
        await type_keys(pilot, "l")  # the lambs: the computer, beginner
        assert "the computer, beginner" in flat(app)
        await type_keys(pilot, "enter")
        await wait_until(pilot, lambda: app.screen is screen)
        await settle(pilot, screen)  # the new game at the table
        assert "Lambs: the computer, beginner" in flat(app)  # the dialog's words (issue 13)
        for _ in range(3):
            moves = len(driver(screen).history)
            await type_keys(pilot, "1" if driver(screen).board.wolf[0] > 1 else "9")
            await wait_until(pilot, lambda: len(driver(screen).history) == moves + 2 and not screen.busy,
                             what="the computer's reply")
            reply = driver(screen).history[-1]
            assert reply.side is Side.LAMBS and reply.keys[1:] == ("SBR", str(reply.key))  # k SBR 4 / k SBR 6
        await type_keys(pilot, "2")  # not the person's turn to choose a lamb: nothing happens
        assert screen.selected is None
        await type_keys(pilot, "z")  # undo takes back the computer's reply with the wolf's move
        await wait_until(pilot, lambda: len(driver(screen).history) == 4 and not screen.busy)
        assert driver(screen).to_move is Side.WOLF and "Undone: back to move 5, the wolf to move" in right_column(app)


async def test_saves_unreadable_or_unusable_are_kept_aside_the_old_format_resumes_and_n_replaces() -> None:
    store = SaveStore()
    store.directory.mkdir(parents=True)
    store.path_for("ti57-wolf").write_text("{ not json", encoding="utf-8")
    app = wolf_app(Side.WOLF)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(pilot)
        assert isinstance(screen, TI57WolfScreen)
        assert any("ti57-wolf.json could not be read" in str(n.message) for n in notifications(app))
    assert (store.directory / "ti57-wolf.corrupt-1.json").is_file()

    store.save("ti57-wolf", {"game": {"machine": {}}, "first": "wolf"}, saved_at="now", summary="move 3")
    app = wolf_app(Side.WOLF)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await type_keys(pilot, "r")
        await wait_until(pilot, lambda: isinstance(app.screen, TI57WolfScreen))
        await settle(pilot, app.screen)  # the new game at the table
        assert not driver(app.screen).history and any("could not be restored" in str(n.message) for n in notifications(app))
    assert list(store.directory.glob("ti57-wolf.unusable-*.json"))

    session = WolfSession(Side.LAMBS)  # a game saved by the screen before sessions: no schema, "shown", undo steps
    past = [session.game.snapshot()]
    session.lamb_move(3, 6)
    past.append(session.game.snapshot())
    session.wolf_move(1)
    old = {"game": session.game.snapshot(), "first": "lambs", "shown": ["3.7", False, "stopped"],
           "timeline": {"past": [{"game": g, "shown": ["", False, "stopped"]} for g in past], "future": []},
           "settings": {"registers": False, "history": True}}
    store.save("ti57-wolf", old, saved_at="now", summary="move 2, the lambs to move")
    app = wolf_app(Side.WOLF)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        assert "move 2" in flat(app)
        await type_keys(pilot, "r")
        await wait_until(pilot, lambda: isinstance(app.screen, TI57WolfScreen) and app.screen.history_shown)
        screen = app.screen
        assert driver(screen).snapshot() == session.game.snapshot() and screen.first is Side.LAMBS
        await type_keys(pilot, "z")  # its undo steps came with it
        await wait_until(pilot, lambda: len(driver(screen).history) == 1)
        await settle(pilot, screen)  # the table's answer drawn
        assert driver(screen).snapshot() == past[1]
        await type_keys(pilot, "ctrl+q")
    assert store.info("ti57-wolf").summary == "move 1, the wolf to move"  # saved again, in schema 2

    app = wolf_app(Side.WOLF)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await type_keys(pilot, "n")  # a new game instead: untouched, it replaces the save
        await wait_until(pilot, lambda: isinstance(app.screen, TI57WolfScreen) and app.screen.saves.ready)
        await settle(pilot, app.screen)  # the new game at the table
        assert driver(app.screen).history == [] and "Coin toss: heads, the wolf starts." in right_column(app)
    assert not store.exists("ti57-wolf")


async def test_a_tall_terminal_shows_the_game_in_the_middle_with_the_registers_and_the_keys() -> None:
    """At 120x40 the game is in the middle of the screen, high enough for the registers and the key log together;
    the seats are said in the new-game dialog's words."""
    app = wolf_app(Side.WOLF)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        await type_keys(pilot, "i")
        await wait_until(pilot, lambda: "Registers R0-R7" in screen_text(app), what="the registers")
        game = screen.query_one("#game").region
        above, below = game.y - 1, 40 - 1 - game.bottom  # rows between the header, the game and the footer
        assert above >= 2 and abs(below - above) <= 1, (above, below)
        text = screen_text(app)
        assert "Registers R0-R7" in text and "Keys typed on the TI-57" in text and "2nd Fix 1" in text
        assert "Wolf:  a person" in text and "Lambs: a person" in text


async def test_on_a_short_terminal_i_shows_the_registers_in_the_key_logs_box_and_moves_nothing() -> None:
    """Under 34 rows the registers and the key log do not fit together: ``i`` shows the registers in
    the key log's box, and again the keys.  Nothing moves on the screen (hiding one widget and
    showing another laid the whole screen out again: a frame of 10 KB at every ``i``)."""
    app = wolf_app(Side.WOLF)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await opened(pilot)
        log = screen.query_one("#keylog")
        keys = screen_text(app)
        assert "Keys typed on the TI-57" in keys and "2nd Fix 1" in keys and "Registers R0-R7" not in keys

        def regions() -> list[tuple[str, object]]:
            return [(str(w.id), w.region) for w in screen.query("*") if w.display]

        laid_out = regions()
        repaints = noted_refreshes(log)
        await type_keys(pilot, "i")
        await wait_until(pilot, lambda: "Registers R0-R7" in screen_text(app), what="the registers")
        # the title's row and the cells that changed, not the whole box (twenty rows, the blank ones too)
        assert repaints and all(repaints) and all(region.height == 1 for regions in repaints for region in regions)
        text = screen_text(app)
        assert "Keys typed on the TI-57" not in text and "2nd Fix 1" not in text
        assert "R7      4.8  t: the wolf's square" in text  # the wolf's square, as the TI-57 holds it
        assert regions() == laid_out and log.display  # the same box, nothing laid out again
        await type_keys(pilot, "i")
        await wait_until(pilot, lambda: "Registers R0-R7" not in screen_text(app), what="the keys again")
        assert screen_text(app) == keys and regions() == laid_out


@pytest.mark.parametrize("instant", [True, False])
async def test_at_instant_speed_a_move_and_the_computers_reply_are_one_request(instant: bool) -> None:
    """At instant speed the person's move and the computer's reply are one request at the table (one
    end, one save, one redraw for the turn), each move still said; at a person's pace they stay two."""
    app = wolf_app(Side.WOLF, pace=0.0)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await lambs_by_the_computer(pilot)
        if instant:
            await type_keys(pilot, "f")
            assert "The computer moves at once" in flat(app)
        solution()  # solved in this process: the computer replies at once, the person's move held
        ended: list[str] = []
        done = screen.job_done
        screen.job_done = lambda kind, result: (ended.append(kind), done(kind, result))  # type: ignore[method-assign]
        drawn: list[bool] = []  # each redraw: busy then or not
        redraw = screen.redraw
        screen.redraw = lambda: (drawn.append(screen.busy), redraw())  # type: ignore[method-assign]
        moves, said = len(driver(screen).history), len(screen.messages)
        await type_keys(pilot, "1" if driver(screen).board.wolf[0] > 1 else "9")
        await wait_until(pilot, lambda: len(driver(screen).history) == moves + 2 and not screen.busy,
                         what="the computer's reply")
        assert ended == (["move"] if instant else ["move", "computer"])  # one end: the request's
        if instant:  # drawn once, with its end: never as started, nor for the person's move alone
            assert drawn == [False]
        else:
            assert drawn[0] is True and drawn[-1] is False  # started, then the reply's end
        words = list(screen.messages)[said:]
        assert any(w.startswith("The wolf went ") for w in words)
        assert any(w.startswith("The computer moved lamb ") for w in words)
        reply = driver(screen).history[-1]
        assert reply.side is Side.LAMBS and screen.query_one("#led").shown.text == screen.shown_view.display


async def test_i_shows_the_registers_when_they_are_not_on_screen_whatever_the_setting_says() -> None:
    """``i`` acts on what the player sees, not on the setting: with the setting on and the registers
    not drawn, ``i`` once turned the setting off and nothing changed on screen (the bench's lost
    key).  Here the setting is on and nothing drawn."""
    app = wolf_app(Side.WOLF)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await opened(pilot)
        screen.registers_shown = True  # the setting, not drawn (the panels wait for the second half)
        await settle(pilot, screen)
        assert "Registers R0-R7" not in screen_text(app)
        await type_keys(pilot, "i")
        await wait_until(pilot, lambda: "Registers R0-R7" in screen_text(app), what="the registers shown")
        assert screen.registers_shown
        await type_keys(pilot, "i")
        await wait_until(pilot, lambda: "Registers R0-R7" not in screen_text(app), what="the registers hidden")
        assert not screen.registers_shown


async def test_with_a_lamb_chosen_a_digit_still_names_a_lamb_and_the_status_says_the_move_in_the_games_words() -> None:
    """Before: with lamb 1 chosen, ``4`` moved it ↖ while the prompt said "Choose a lamb: 1-4"; and a
    move was said as "1 SBR 4: the TI-57 shows the step -0.9; RCL 1 would show ...". Now 1-4 are the
    lambs, 7 ↖ and 9 ↗ the directions, and the move is said as the board shows it."""
    app = wolf_app(Side.LAMBS)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(pilot)
        await type_keys(pilot, "1")
        assert screen.selected == 1 and "Lamb 1: 7 ↖ or 9 ↗ (1-4: another)" in right_column(app)
        assert "7 ↖ or 9 ↗ moves it" in right_column(app)
        await type_keys(pilot, "4")  # lamb 4, not lamb 1 ↖
        await settle(pilot, screen)
        assert screen.selected == 4 and not driver(screen).history
        await type_keys(pilot, "6")  # not a direction any more: said which keys are
        await settle(pilot, screen)
        assert not driver(screen).history and "1-4 chooses another lamb" in right_column(app)
        await type_keys(pilot, "9")  # lamb 4 (7.1) ↗
        await settle(pilot, screen)
        assert driver(screen).history[-1].lamb == 4 and shown_board(app)[(8, 2)] == "4"
        text = right_column(app)
        assert "Lamb 4 went ↗ to 8.2." in text
        assert "step" not in text and "RCL" not in text and "would show" not in text
        await type_keys(pilot, "3")  # the wolf ↘ from 4.8
        await settle(pilot, screen)
        assert "The wolf went ↘ to 5.7." in right_column(app)


async def test_the_first_game_asks_who_plays_each_side_and_the_next_run_remembers(tmp_path) -> None:  # noqa: ANN001
    """Before: the first game started silently as two people at one keyboard."""

    def app() -> ArcadeApp:
        return ArcadeApp(game="ti57-wolf", config_dir=tmp_path, screens={
            "ti57-wolf": lambda: TI57WolfScreen(coin=lambda: Side.WOLF, blink=False, pace=0.0)})

    first = app()
    async with first.run_test(size=(80, 24)) as pilot:
        dialog = await wait_for_screen(pilot, NewWolfGame)
        assert dialog.first and "Who plays each side?" in flat(first) and "Remembered for the next time" in flat(first)
        await type_keys(pilot, "l", "enter")  # the lambs: the computer (beginner)
        await wait_until(pilot, lambda: isinstance(first.screen, TI57WolfScreen), what="the game")
        screen = first.screen
        assert screen.seats[Side.LAMBS] == Seat("computer", "beginner")
        assert screen.seats[Side.WOLF] == Seat()
    assert 'lambs = "computer beginner"' in (tmp_path / "settings.toml").read_text(encoding="utf-8")

    again = app()
    async with again.run_test(size=(80, 24)) as pilot:
        screen = await opened(pilot)
        assert isinstance(screen, TI57WolfScreen) and not isinstance(again.screen, NewWolfGame)
        assert screen.seats[Side.LAMBS] == Seat("computer", "beginner")
        assert "lambs: the computer, beginner (g: change)" in right_column(again)
        assert "Lambs: the computer, beginner" in flat(again)


async def test_a_few_moves_against_the_computer_with_the_host_as_a_real_process(monkeypatch) -> None:  # noqa: ANN001
    """The table in a host process of its own (as the arcade runs it): the person's moves, the
    computer's replies at a person's pace and at once, undo, each drawn from the table's pictures."""
    monkeypatch.setenv("ARCADE_MACHINE_HOST", "process")
    app = wolf_app(Side.WOLF, pace=0.0)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await lambs_by_the_computer(pilot)
        await settle(pilot, screen)
        assert screen.table.client.process is not None and screen.table.client.host is None  # a real process
        assert screen.seats[Side.LAMBS] == Seat("computer", "beginner")
        for speed in ("person", "instant"):
            if speed == "instant":
                await type_keys(pilot, "f")
            moves = screen.shown_view.moves_played
            await type_keys(pilot, "1" if screen.shown_view.board.wolf[0] > 1 else "9")
            await wait_until(pilot, lambda: screen.shown_view.moves_played == moves + 2 and not screen.busy,
                             what="the computer's reply")
            await settle(pilot, screen)
            assert screen.shown_view.to_move is Side.WOLF and screen.picture is not None
            assert screen.picture.history[-1].who.lower().startswith("lamb")
            assert any(w.startswith("The computer moved lamb ") for w in screen.messages)
        assert shown_board(app)[screen.shown_view.board.wolf] == "W"
        await type_keys(pilot, "z")  # undo: back before the wolf's move, the computer's reply with it
        await settle(pilot, screen)
        assert screen.shown_view.moves_played == 2 and "Undone: back to move 3, the wolf to move" in right_column(app)


async def test_pausing_keeps_the_footers_keys_dimmed_and_the_footer_whole_at_80_columns() -> None:
    app = wolf_app(Side.WOLF)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(pilot)

        def keys() -> dict[str, bool]:
            """Each key the footer shows (Textual's ``FooterKey``): its description, and whether it is dimmed."""
            return {str(getattr(key, "description", "")): key.has_class("-disabled")
                    for key in screen.query_one(Footer).query("FooterKey") if key.display}

        await wait_until(pilot, lambda: "Help" in keys(), what="the footer's keys")
        playing = keys()
        assert playing["New game"] is False and playing["Registers"] is False
        assert re.search(r"\? Help(\s|$)", footer(app)), footer(app)
        await type_keys(pilot, "p")
        await wait_until(pilot, lambda: screen.paused and keys() != playing, what="the footer paused")
        paused = keys()
        assert paused.keys() == playing.keys()  # the same keys, in the same footer
        assert {key for key, dimmed in paused.items() if not dimmed} == {"Back", "Help"}  # the game's keys wait
        assert re.search(r"\? Help(\s|$)", footer(app)), footer(app)  # the footer whole: its last key shown
        await type_keys(pilot, "p")
        await wait_until(pilot, lambda: not screen.paused and keys() == playing, what="the keys back")
