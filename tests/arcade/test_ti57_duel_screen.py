"""Whole blind duels through the arcade, by keys, on the real TI-57 emulator and listing.

Every frame Textual renders is read back as text (the compositor's lines, as the
terminal would show them) while a player's view or the hand-off screen is up, and
must not show the other player's square: not as a pawn on the board, not as ``c.r``
anywhere (info, display, registers, title, footer).
"""

from __future__ import annotations

import json
import re

import pytest
from textual.widgets import Input

from arcade.shell.app import ArcadeApp
from arcade.screens.ti57_duel.curtain import HandOff, PinDialog
from arcade.screens.ti57_duel.screen import TI57DuelScreen
from arcade.widgets.grid import GridView, SquareBoard
from arcade.widgets.ti57 import key_lines
from games.ti57_duel import DELTAS, DuelStatus
from games.ti57_duel.session import PIN_DIGITS
from games.ti57_duel.table import DuelDisplay
from tests.arcade.duel_helpers import (
    hosted,
    press,
    KEY_OF,
    OTHER_KEY,
    FrameWatch,
    against_the_computer,
    board_cells,
    drawn_duel,
    duel_app,
    free_move,
    lift_curtain,
    move,
    opened,
    opponent_arrow_shown,
    place,
)
from tests.arcade.helpers import (
    click,
    flat,
    screen_text,
    settle,
    type_keys,
    wait_for_screen,
    wait_until,
)

async def test_whole_duel_to_a_capture_by_keys() -> None:
    app = duel_app()
    watch = FrameWatch(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        screen = app.screen
        assert isinstance(screen, TI57DuelScreen) and screen.phase == "limit"
        assert "Move limit: 20" in flat(app)
        await type_keys(pilot, "enter")  # 20 moves, the article's default
        await place(pilot, watch, 1, (0, 3))
        await place(pilot, watch, 2, (6, 7))
        # Player 1: west is off the board: refused, costs nothing, nothing keyed
        screen = await lift_curtain(pilot, 1)
        keys_before = list(hosted(screen).game.keys)
        await type_keys(pilot, "4")
        await settle(pilot, screen)
        assert "Refused, no move used" in flat(app) and "off the 10 x 10 board" in flat(app)
        assert hosted(screen).game.keys == keys_before and hosted(screen).game.moves_left == 20
        assert isinstance(app.screen, TI57DuelScreen) and screen.viewer == 1  # still player 1's turn
        dc, dr = DELTAS[1]
        watch.squares[1] = (0 + dc, 3 + dr)
        await type_keys(pilot, "9")  # NE: 1 SBR 1
        await settle(pilot, screen)
        assert hosted(screen).game.turns[-1].displays == ("1.4", "1.0")  # the pause on the square, then the direction
        # keypad, y u b n, arrows, h j k l by the Pilot (every key of every direction: the test below)
        for player, code, key in [(2, 5, "1"), (1, 1, "u"), (2, 6, "left"), (1, 2, "l")]:
            screen = await move(pilot, watch, player, code, key)
        # the capture: player 2 at 4.6 goes SW onto player 1's 3.5
        screen = await lift_curtain(pilot, 2)
        assert opponent_arrow_shown(app, 2)
        assert screen.query_one("#led").shown.text == "2.0"  # the machine stopped on player 1's direction
        watch.squares[2] = (3, 5)
        await type_keys(pilot, "b")
        await settle(pilot, screen)
        game = hosted(screen).game
        assert game.status is DuelStatus.CAPTURE and game.winner == 2
        assert screen.phase == "over"
        text = flat(app)
        assert "Player 2 captured Player 1!" in text
        assert "✱ 9.9 99 ✱" in text and "FLASHING" in text  # 1/x of 0, as the machine shows it
        assert "Player 1 on 3.5, Player 2 on 3.5" in text
        assert board_cells(screen_text(app))[(3, 5)] == "X"
        # the key log is shown now, as typed on a real TI-57
        lines = key_lines(game.keys)
        assert lines[:4] == ["20 STO 0", "2nd Fix 1", "CLR", "0.3 STO 1"]
        assert "5 SBR 2" in screen_text(app) and "1 SBR 1" in screen_text(app)
        await type_keys(pilot, "i")
        await wait_until(pilot, lambda: "R1      3.5" in screen_text(app), what="the registers")
        assert "R1      3.5" in screen_text(app) and "R2      3.5" in screen_text(app)
    assert not watch.leaks, watch.leaks[0]
    assert watch.private_frames > 20 and watch.curtain_frames > 5


def test_every_direction_has_its_keypad_digit_its_arrow_or_letter_and_h_j_k_l() -> None:
    """The keys the Pilot tests do not all press: each direction's binding, read off the screen's table."""
    bound = {b.action: set(b.key.split(",")) for b in TI57DuelScreen.BINDINGS if b.action.startswith("direction(")}
    hjkl = {2: "l", 4: "j", 6: "h", 8: "k"}
    for code in range(1, 9):
        expected = {KEY_OF[code], OTHER_KEY[code]} | ({hjkl[code]} if code in hjkl else set())
        assert bound[f"direction({code})"] == expected, code


async def test_whole_duel_to_a_draw_extended_then_revealed() -> None:
    app = duel_app()
    watch = FrameWatch(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, await opened(pilot), *["minus"] * 17)  # 3 moves
        assert "Move limit: 3" in flat(app)
        await type_keys(pilot, "enter")
        await place(pilot, watch, 1, (7, 2))
        await place(pilot, watch, 2, (2, 7))
        screen = await move(pilot, watch, 1, 8, "up")  # 7.3
        await move(pilot, watch, 2, 4, "2")  # 2.6
        await move(pilot, watch, 1, 7, "7")  # 6.4: the last move
        assert screen.phase == "draw" and hosted(screen).game.status is DuelStatus.DRAW
        text = flat(app)
        # the machine ran past step 49: the direction just shown flashes; no square is shown
        assert "✱ 7.0 ✱" in text and "FLASHING" in text
        assert not board_cells(screen_text(app)) or all(c == "·" for c in board_cells(screen_text(app)).values())
        assert not re.search(r"\d\.[1-9]", screen_text(app))
        assert "Extend by 10 moves" in text
        await press(pilot, screen, *["minus"] * 8)  # extend by 2
        assert "Extend by 2 moves (CLR, 2 STO 0)" in flat(app)
        await type_keys(pilot, "e")
        await settle(pilot, screen)
        assert hosted(screen).game.moves_left == 2 and hosted(screen).game.status is DuelStatus.IN_PROGRESS
        assert hosted(screen).game.keys[-4:] == ["CLR", "2", "STO", "0"]
        await move(pilot, watch, 2, 3, "n")  # 3.5
        await move(pilot, watch, 1, 6, "left")  # 5.4: moves out again
        assert screen.phase == "draw"
        assert "✱ 6.0 ✱" in flat(app)
        await press(pilot, screen, "x")  # the players stop: both squares revealed
        text = flat(app)
        assert screen.phase == "over" and "Game over: a draw" in text
        assert "Player 1 on 5.4, Player 2 on 3.5" in text
        cells = board_cells(screen_text(app))
        assert cells[(5, 4)] == "1" and cells[(3, 5)] == "2"
        assert "2 STO 0" in screen_text(app)  # the key log, now public
    assert not watch.leaks, watch.leaks[0]
    assert watch.private_frames > 20 and watch.curtain_frames > 5


class PacedDuelScreen(TI57DuelScreen):
    """Records each display the table tells and the screen as then drawn (no clock: only the order)."""

    paced: list[tuple[str, str, str]]

    def table_note(self, kind: str, payload: object) -> None:
        super().table_note(kind, payload)
        if hasattr(self, "paced") and isinstance(payload, DuelDisplay):
            self.paced.append((payload.text, payload.state, screen_text(self.app)))


async def test_pause_shows_the_new_square_then_the_direction() -> None:
    app = ArcadeApp(game="ti57-duel", screens={"ti57-duel": lambda: PacedDuelScreen(pause_seconds=0.3, blink=False)})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(pilot)
        assert isinstance(screen, TI57DuelScreen)
        await press(pilot, screen, "enter", "enter", "enter")  # limit 20, player 1 keys 4.4
        await press(pilot, screen, "enter", "down", "enter")  # player 2 keys 4.3
        await press(pilot, screen, "enter")
        seen = screen.paced = []  # (display, state, what the screen showed)
        await type_keys(pilot, "8")  # player 1 goes north: 8 SBR 1
        await settle(pilot, screen)
        assert [(d, s) for d, s, _ in seen] == [("4.5", "pause"), ("8.0", "stopped")]
        (_, _, during), (_, _, after) = seen
        assert "Pause" in during and "4.5" in during and board_cells(during)[(4, 5)] == "1"
        assert "stopped" in after and "8.0" in after
        assert isinstance(app.screen, HandOff)
        assert "Player 1 has moved ↑ N (code 8)" in flat(app)


class LeakyDuelScreen(TI57DuelScreen):
    """A broken screen that draws the other player's pawn: the frame watch must catch it."""

    def redraw(self) -> None:
        super().redraw()
        game = hosted(self).game if self.table is not None and self.table.client is not None else None
        if self.phase == "turn" and self.viewer is not None and game is not None:
            other = 3 - self.viewer
            board = self.query_one("#board", SquareBoard)
            pieces = {**board.view.pieces, game.square_of(other): (str(other), "grid--other")}
            board.view = GridView(board.view.columns, board.view.rows, pieces, board.view.marks)


async def test_the_frame_watch_catches_a_leak() -> None:
    app = ArcadeApp(game="ti57-duel", screens={"ti57-duel": lambda: LeakyDuelScreen(pause_seconds=0, blink=False)})
    watch = FrameWatch(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await type_keys(pilot, "enter")
        await place(pilot, watch, 1, (3, 3))  # not 4.4, where every setup cursor starts
        await place(pilot, watch, 2, (7, 7))
        await lift_curtain(pilot, 1)
        await wait_until(pilot, lambda: watch.leaks, what="a frame with the leak")
    assert watch.leaks and all("player 1's view shows player 2 on (7, 7)" in leak for leak in watch.leaks)


async def test_help_and_leaving_for_the_launcher_show_nothing_private() -> None:
    app = duel_app()
    watch = FrameWatch(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        screen = app.screen
        await type_keys(pilot, "enter")
        await place(pilot, watch, 1, (1, 7))
        await place(pilot, watch, 2, (8, 2))
        await lift_curtain(pilot, 1)
        await type_keys(pilot, "question_mark")  # the help page covers the view entirely
        await wait_until(pilot, lambda: app.screen is not screen, what="the help page")
        assert "Blind duel" in flat(app) and not board_cells(screen_text(app))
        await type_keys(pilot, "escape")
        await wait_until(pilot, lambda: app.screen is screen, what="back from the help")
        assert screen.viewer == 1  # back to player 1's view
        await type_keys(pilot, "escape")  # to the launcher...
        await wait_until(pilot, lambda: app.current_mode == "launcher", what="the launcher")
        assert not re.search(r"\d\.\d", screen_text(app))
        app.start_game("ti57-duel")  # ...and back: the curtain first, whoever is looking now
        await wait_until(pilot, lambda: isinstance(app.screen, HandOff), what="the curtain")
        assert isinstance(app.screen, HandOff) and "Back to the duel" in flat(app)
        await lift_curtain(pilot, 1)
        assert "You are on 1.7" in flat(app)
    assert not watch.leaks, watch.leaks[0]
    assert watch.other_frames > 0


async def test_the_mouse_places_and_moves() -> None:
    app = duel_app()
    watch = FrameWatch(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        screen = app.screen
        board = screen.query_one("#board")

        def at(sq: tuple[int, int]) -> tuple[int, int]:
            return 2 + 3 * sq[0] + 1, 1 + (9 - sq[1])

        await type_keys(pilot, "enter")
        for player, square in ((1, (8, 1)), (2, (2, 8))):
            await lift_curtain(pilot, player)
            await click(pilot, board, offset=at(square))
            assert screen.cursor == square
            watch.squares[player] = square
            await type_keys(pilot, "enter")
            await settle(pilot, screen)
        await lift_curtain(pilot, 1)
        await click(pilot, board, offset=at((5, 5)))  # not next to 8.1: nothing happens
        assert not hosted(screen).game.turns
        watch.squares[1] = (7, 2)
        await click(pilot, board, offset=at((7, 2)))  # the ↖ square: 7 SBR 1
        await settle(pilot, screen)
        assert hosted(screen).game.turns[-1].keys == ("7", "SBR", "1") and hosted(screen).game.square_of(1) == (7, 2)
    assert not watch.leaks, watch.leaks[0]


async def test_a_locked_duel_lifts_each_curtain_only_with_its_players_pin() -> None:
    app = duel_app()
    watch = FrameWatch(app)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(pilot)
        await press(pilot, screen, "L")
        assert "PIN lock: on" in flat(app)
        await type_keys(pilot, "enter")
        for player, square, pin in ((1, (2, 3), "123456"), (2, (7, 6), "98765432")):
            await lift_curtain(pilot, player)  # no PIN yet: it is chosen with the square
            await type_keys(pilot, *(["right"] * (square[0] - 4) if square[0] >= 4 else ["left"] * (4 - square[0])))
            await type_keys(pilot, *(["up"] * (square[1] - 4) if square[1] >= 4 else ["down"] * (4 - square[1])))
            watch.squares[player] = square
            await type_keys(pilot, "enter")
            await wait_until(pilot, lambda: isinstance(app.screen, PinDialog), what="the PIN question")
            await type_keys(pilot, *pin, "enter")
            await wait_until(pilot, lambda: isinstance(app.screen, HandOff), what="the next curtain")
        assert "Player 1 lifts it with a PIN" in flat(app)
        await type_keys(pilot, "enter", *"98765432", "enter")  # player 2's PIN on player 1's curtain
        await wait_until(pilot, lambda: "not Player 1's PIN" in flat(app), what="the refusal")
        assert isinstance(app.screen, HandOff) and not board_cells(screen_text(app))
        await type_keys(pilot, *"123456", "enter")
        await wait_until(pilot, lambda: app.screen is screen, what="player 1's view")
        assert screen.viewer == 1 and board_cells(screen_text(app))[(2, 3)] == "1"
        assert screen.screenshot_refusal()  # the app asks before it writes a screenshot file
    assert not watch.leaks, watch.leaks[0]


async def test_against_the_computer_there_is_no_curtain_and_its_square_never_shows() -> None:
    app = duel_app()
    watch = FrameWatch(app)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(pilot)
        await press(pilot, screen, "c")  # player 2: the computer (hunter)
        assert "Player 2: the computer (hunter)" in flat(app)
        await type_keys(pilot, "enter")
        await wait_until(pilot, lambda: screen.phase == "setup" and screen.viewer == 1, what="player 1 places")
        watch.squares[1] = (4, 4)
        await type_keys(pilot, "enter")  # 4.4; the computer keys its square in the worker
        await settle(pilot, screen)
        assert screen.phase == "turn" and screen.viewer == 1 and not isinstance(app.screen, HandOff)
        game = hosted(screen).game
        watch.squares[2] = game.square_of(2)
        for _ in range(3):
            if screen.phase != "turn":
                break
            c, r = watch.squares[1]
            # Not onto the computer's square (its start is random): the duel must go on to its move.
            code = next(k for k in screen.view().legal
                        if (c + DELTAS[k][0], r + DELTAS[k][1]) != watch.squares[2])
            await type_keys(pilot, {1: "9", 2: "6", 3: "3", 4: "2", 5: "1", 6: "4", 7: "7", 8: "8"}[code])
            await settle(pilot, screen)  # the person's move, then the computer's
            # known once the move is drawn: until then player 1's view rightly shows its old square,
            # which may be where the computer started (its start is random: 4.4 too, now and then)
            watch.squares[1] = (c + DELTAS[code][0], r + DELTAS[code][1])
            if screen.phase == "turn":
                watch.squares[2] = game.square_of(2)
                assert game.to_move == 1 and "Player 2 last went" in flat(app)
        assert len(game.turns) >= 2 and watch.curtain_frames == 0
    assert not watch.leaks, watch.leaks[0]


async def test_against_the_computer_starting_on_player_1s_square_nothing_shows_either(monkeypatch) -> None:  # noqa: ANN001
    """The computer's random start is now and then player 1's own (4.4): player 1's view shows its own
    square, never the computer's as the computer's, and the duel goes on the same."""
    from games.ti57_duel import computer

    monkeypatch.setattr(computer.Hunter, "place", lambda self: (4, 4))
    await test_against_the_computer_there_is_no_curtain_and_its_square_never_shows()


async def test_g_asks_before_a_duel_in_progress_is_thrown_away() -> None:
    """g mid-duel asks first: Esc keeps the duel exactly as it was, y starts a new one."""
    from arcade.widgets.dialogs import DiscardDialog

    app = ArcadeApp(game="ti57-duel")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(pilot)
        assert isinstance(screen, TI57DuelScreen)
        await press(pilot, screen, "enter", "enter", "enter")  # limit 20, player 1 keys 4.4
        await settle(pilot, screen)
        await press(pilot, screen, "enter", "down", "enter")  # player 2 keys 4.3
        await settle(pilot, screen)
        await type_keys(pilot, "enter")  # the curtain lifts for player 1's first move
        await wait_until(pilot, lambda: app.screen is screen and screen.phase == "turn", what="a turn")
        before = (hosted(screen).phase, hosted(screen).game.snapshot())
        await type_keys(pilot, "g")
        await wait_until(pilot, lambda: isinstance(app.screen, DiscardDialog), what="the question")
        await type_keys(pilot, "escape")
        await wait_until(pilot, lambda: app.screen is screen, what="the duel again")
        assert (hosted(screen).phase, hosted(screen).game.snapshot()) == before  # nothing lost
        await type_keys(pilot, "g")
        await wait_until(pilot, lambda: isinstance(app.screen, DiscardDialog), what="the question")
        await type_keys(pilot, "y")
        await wait_until(pilot, lambda: app.screen is screen and screen.phase == "limit", what="a new duel")


async def test_a_tall_terminal_shows_the_duel_in_the_middle_not_at_the_top() -> None:
    """At 120x40 the board and the TI-57 are not pinned under the header with half the screen empty below."""
    app = duel_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        await type_keys(pilot, "enter")  # the move limit: the curtain for player 1
        await wait_until(pilot, lambda: isinstance(app.screen, HandOff), what="the curtain")
        await lift_curtain(pilot, 1)
        board, led = screen.query_one(SquareBoard).region, screen.query_one("#led").region
        assert board.y == led.y  # side by side, both moved down together
        above = board.y - 1  # rows between the header and the game
        below = 40 - 1 - screen.query_one("#game").region.bottom  # rows between the game and the footer
        assert above >= 3 and abs(below - above) <= 1, (above, below)
        lines = screen_text(app).splitlines()
        assert "0  1  2  3  4  5  6  7  8  9" in lines[board.y] and "TI-57" in lines[led.y]


@pytest.mark.parametrize("instant", [True, False])
async def test_at_instant_speed_a_move_and_the_computers_reply_are_one_job(instant: bool) -> None:
    """At instant speed the person's move and the computer's reply run as one job: one end, one
    save and one frame for both (as two jobs a turn drew four or five frames in a few milliseconds,
    and a key pressed meanwhile waited for them).  At the real pace they stay two: the Pause shows."""
    app = duel_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await against_the_computer(pilot, app, instant=instant)
        ended: list[str] = []
        done = screen.job_done
        screen.job_done = lambda kind, result: (ended.append(kind), done(kind, result))  # type: ignore[method-assign]
        game = hosted(screen).game
        turns = len(game.turns)
        await type_keys(pilot, KEY_OF[free_move(screen)])
        await settle(pilot, screen)
        assert len(game.turns) == turns + 2 and [t.player for t in game.turns[-2:]] == [1, 2]
        turns_ended = [kind for kind in ended if kind != "look"]  # a look: the picture asked for again, no move
        assert turns_ended == (["move"] if instant else ["move", "computer"])  # one end for both
        assert screen.query_one("#led").shown.text == game.machine.display  # the reply's stop, drawn


async def test_a_pin_too_short_keeps_the_pin_box_open_with_the_reason_inside_it() -> None:
    """Before: a short PIN closed the box, and the next digits moved the board's cursor."""
    low, _ = PIN_DIGITS
    app = duel_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(pilot)
        await press(pilot, screen, "L", "enter")
        await lift_curtain(pilot, 1)
        await type_keys(pilot, "enter")
        dialog = await wait_for_screen(pilot, PinDialog)
        await type_keys(pilot, *"1" * (low - 1), "enter")
        await wait_until(pilot, lambda: "Too short" in flat(app), what="the reason")
        assert app.screen is dialog and f"a PIN is {low} to" in flat(app)
        assert f"this one has {low - 1}" in flat(app)
        await type_keys(pilot, *"9" * low)  # the next digits go to the PIN, not to the cursor
        assert screen.cursor == (4, 4) and dialog.query_one(Input).value == "9" * low
        await type_keys(pilot, "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, HandOff), what="player 2's curtain")
        assert hosted(screen).needs_pin(1)


async def test_while_the_pause_shows_a_move_the_title_and_the_body_tell_the_same_turn() -> None:
    """Before: for the Pause (~0.6 s) the title still said "Player 1 to move, 20 moves left" while the
    body said "Player 2 to move / Moves left: 19".  The Pause is held here until the test has read it."""
    app = ArcadeApp(game="ti57-duel", screens={"ti57-duel": lambda: TI57DuelScreen(pause_seconds=600, blink=False)})
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await opened(pilot)
        assert isinstance(screen, TI57DuelScreen)
        await press(pilot, screen, "enter", "enter", "enter")  # limit 20, player 1 keys 4.4
        await settle(pilot, screen)
        await press(pilot, screen, "enter", "down", "enter")  # player 2 keys 4.3
        await settle(pilot, screen)
        await press(pilot, screen, "enter")  # the curtain lifts once the table has answered
        await type_keys(pilot, "8")  # the move: its Pause is held (not settled: it lasts until the end of the test)
        await wait_until(pilot, lambda: "you have moved" in flat(app), what="the Pause of player 1's move")
        await wait_until(pilot, lambda: "19 moves left" in screen_text(app).splitlines()[0], what="the title")
        text = screen_text(app)
        title, body = text.splitlines()[0], " ".join(text.splitlines()[1:])
        assert "Pause" in body and "4.5" in body
        assert "Player 2 to move, 19 moves left" in title, title
        assert "Player 1: you have moved, Player 2 is next" in body and "Moves left: 19" in body
        assert "20 moves left" not in text and "Player 1 to move" not in text
        screen.new_generation()  # the held Pause stops
        await settle(pilot, screen)


@pytest.mark.parametrize("size", [(80, 24), (100, 32)])
async def test_at_the_end_the_footer_offers_the_history_and_the_write_out(size: tuple[int, int]) -> None:
    """Before: ``H`` and ``w`` were only in ``?``."""
    app = duel_app()
    watch = FrameWatch(app)
    async with app.run_test(size=size) as pilot:
        screen = await drawn_duel(pilot, watch)
        footer = screen_text(app).splitlines()[-1]
        assert "History" not in footer and "Write out" not in footer  # not before the end
        await type_keys(pilot, "x")
        await wait_until(pilot, lambda: screen.phase == "over", what="the end")
        await wait_until(pilot, lambda: "H History" in screen_text(app).splitlines()[-1], what="the footer")
        assert "w Write out" in screen_text(app).splitlines()[-1]
        await type_keys(pilot, "H")
        await wait_until(pilot, lambda: screen.history_shown, what="the history")
    assert not watch.leaks, watch.leaks[0]


@pytest.mark.parametrize("size", [(80, 24), (100, 32)])
async def test_the_footer_is_whole_on_every_page_of_a_duel(size: tuple[int, int]) -> None:
    """Before: the draw's footer ended "esc Back  ? Hel▏^p palette" at exactly 100 columns (and
    lost "? Help" at 80)."""
    app = duel_app()
    watch = FrameWatch(app)
    async with app.run_test(size=size) as pilot:
        screen = await opened(pilot)
        assert "+/- Moves" in screen_text(app).splitlines()[-1]
        screen = await drawn_duel(pilot, watch)
        await wait_until(pilot, lambda: "e Extend" in screen_text(app).splitlines()[-1], what="the draw's keys")
        footer = screen_text(app).splitlines()[-1]
        assert "+/- Moves" in footer and re.search(r"\? Help(\s|$)", footer), footer
        await press(pilot, screen, "minus", "minus")  # takes both keys
        assert hosted(screen).extension == 8
    assert not watch.leaks, watch.leaks[0]


async def test_a_few_moves_against_the_computer_with_the_host_as_a_real_process(monkeypatch) -> None:  # noqa: ANN001
    """The duel at a table of a machine host in a process of its own: the computer keys its square
    and replies, the screen draws only player 1's pictures, and the save is the host's sealed one."""
    from arcade.storage.saves import SaveStore

    monkeypatch.setenv("ARCADE_MACHINE_HOST", "process")
    app = duel_app()
    watch = FrameWatch(app)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await against_the_computer(pilot, app, instant=False)
        assert screen.table is not None and screen.table.client is not None and screen.table.client.pid
        assert screen.phase == "turn" and screen.viewer == 1 and not isinstance(app.screen, HandOff)
        watch.squares[1] = (4, 4)
        for _ in range(3):
            if screen.phase != "turn":
                break
            v = screen.view()
            assert v.viewer == 1 and v.me is not None and v.me.to_move
            square = v.me.square
            code = v.legal[0]
            await type_keys(pilot, KEY_OF[code])
            await settle(pilot, screen)  # the person's move (its Pause shown), then the computer's
            watch.squares[1] = (square[0] + DELTAS[code][0], square[1] + DELTAS[code][1])
            if screen.phase == "turn":
                assert "Player 2 last went" in flat(app)
        assert screen.seen.view.moves_played >= 2
        if screen.phase == "turn":  # the duel goes on: its save is the host's sealed one
            await wait_until(pilot, lambda: SaveStore().load("ti57-duel") is not None, what="the save written")
            assert "sealed" in json.dumps(SaveStore().load("ti57-duel"))
        else:  # the computer's random start square can end the duel within three moves: a finished duel is not kept
            await wait_until(pilot, lambda: SaveStore().load("ti57-duel") is None, what="no save of a finished duel")
    assert not watch.leaks, watch.leaks[0]
