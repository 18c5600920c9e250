"""Whole games of HP-67 Othello through the arcade, by keys, on the real emulator and listing."""

from __future__ import annotations

import random

from arcade.app import ArcadeApp
from arcade.hp67_othello.screen import HP67OthelloScreen
from arcade.widgets.board import OthelloBoard
from arcade.widgets.dialogs import GameOverDialog, SideDialog
from arcade.widgets.tape import PrinterTape
from games.hp67_othello.driver import HP67OthelloDriver
from games.othello.referee import Disc, parse
from tests.arcade.helpers import flat, move_cursor_to, screen_text, settle, shown_board


def nearest(cursor: int, moves: list[int], rng: random.Random) -> int:
    """One of the legal moves closest to the cursor (few keys: the test stays quick)."""
    def distance(sq: int) -> int:
        return abs(sq // 8 - cursor // 8) + abs(sq % 8 - cursor % 8)

    best = min(distance(sq) for sq in moves)
    return rng.choice([sq for sq in moves if distance(sq) == best])


async def play_whole_game(side_key: str, seed: int) -> None:
    app = ArcadeApp()  # the real catalog entry: the real driver, the real machine
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # the launcher's first card
        await pilot.pause(0.2)
        assert isinstance(app.screen, SideDialog)
        await pilot.press(side_key)
        screen = app.screen
        assert isinstance(screen, HP67OthelloScreen)
        assert type(screen.session.driver) is HP67OthelloDriver

        seen: list[int] = []
        original = screen.refresh_from_driver

        def checked() -> None:  # the screen redraws from the driver after every move, machine or human
            original()
            board = screen.query_one(OthelloBoard)
            assert board.view.cells == tuple(screen.session.driver.position.at(sq) for sq in range(64))
            seen.append(len(screen.session.driver.history))

        screen.refresh_from_driver = checked  # type: ignore[method-assign]
        await settle(pilot, screen)
        board = screen.query_one(OthelloBoard)
        rng = random.Random(seed)
        turns = 0
        while not screen.session.driver.is_over:
            assert shown_board(app) == screen.session.driver.position.rows()
            assert screen.session.driver.human_to_move
            if screen.session.driver.position.must_pass:
                await pilot.press("0")
            else:
                await move_cursor_to(pilot, board, nearest(board.cursor, screen.session.driver.position.legal_moves(), rng))
                await pilot.press("enter" if turns % 2 else "space")
            await settle(pilot, screen)
            turns += 1
            assert turns < 70
        await pilot.pause(0.2)
        history = screen.session.driver.history
        assert set(range(1, len(history) + 1)) <= set(seen)  # the board was checked after every move
        assert any(r.by_machine for r in history) and any(not r.by_machine for r in history)
        assert shown_board(app, screen) == screen.session.driver.position.rows()  # under the game-over question
        black, white = screen.session.driver.position.score()
        assert isinstance(app.screen, GameOverDialog)
        assert f"Black {black}, White {white}" in flat(app)
        # the printer tape printed every key the driver pressed and every display it read
        printed = "\n".join(screen.query_one(PrinterTape).printed)
        for record in history:
            for key in record.keys:
                assert key in printed
        await pilot.press("n", "b")  # start again: the HP-67 now plays Black and opens
        await settle(pilot, screen)
        assert len(screen.session.driver.history) == 1 and screen.session.driver.history[0].by_machine
        assert screen.session.driver.machine_color is Disc.BLACK
        assert shown_board(app) == screen.session.driver.position.rows()


async def test_whole_game_by_keys_calculator_white() -> None:
    await play_whole_game("w", seed=1)


async def test_whole_game_by_keys_calculator_black() -> None:
    await play_whole_game("b", seed=2)


async def test_illegal_move_on_the_real_calculator_changes_nothing() -> None:
    app = ArcadeApp(game="hp67-othello")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        await pilot.press("b")
        screen = app.screen
        await settle(pilot, screen)
        before = screen.session.driver.snapshot()
        shown = (shown_board(app), screen.query_one("#led").text, list(screen.query_one(PrinterTape).printed))
        board = screen.query_one(OthelloBoard)
        for target in ("a1", "h8", "d4"):
            await move_cursor_to(pilot, board, parse(target))
            await pilot.press("enter")
            await settle(pilot, screen)
            assert screen.session.driver.snapshot() == before
            assert (shown_board(app), screen.query_one("#led").text, list(screen.query_one(PrinterTape).printed)) == shown
            assert f"Illegal: {target}" in flat(app)


async def test_real_game_screen_fits_80x24_with_inspector() -> None:
    app = ArcadeApp(game="hp67-othello")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        await pilot.press("b", "i")
        screen = app.screen
        await settle(pilot, screen)
        await pilot.pause(0.1)
        text = screen_text(app)
        view = screen.session.driver.machine_view()
        assert view.display in text  # the LED shows exactly the machine's display
        assert f"{view.pc:03d}" in text
        for n, row in screen.session.driver.decoded_rows().items():
            assert row in text, n
        for selector in ("#board", "#status", "#led", "#inspector", "#registers", "Footer"):
            r = screen.query_one(selector).region
            assert r.area and r.right <= 80 and r.bottom <= 24, selector
