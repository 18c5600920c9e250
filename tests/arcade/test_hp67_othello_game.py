"""HP-67 Othello through the arcade, by keys, on the real emulator and listing (whole games: tests/games)."""

from __future__ import annotations

import random

from arcade.shell.app import ArcadeApp
from arcade.widgets.dialogs import ResumeDialog
from arcade.screens.hp67_othello.screen import HP67OthelloScreen
from arcade.widgets.board import OthelloBoard
from arcade.widgets.dialogs import GameOverDialog, SideDialog
from arcade.widgets.tape import PrinterTape
from games.hp67_othello.driver import HP67OthelloDriver
from games.othello.referee import Disc
from tests.arcade.helpers import flat, move_cursor_to, screen_text, settle, shown_board, type_keys, wait_until
from tests.arcade.othello_helpers import hosted, reload, CheckedTurns, save_near_the_end


def nearest(cursor: int, moves: list[int], rng: random.Random) -> int:
    """One of the legal moves closest to the cursor (few keys: the test stays quick)."""
    def distance(sq: int) -> int:
        return abs(sq // 8 - cursor // 8) + abs(sq % 8 - cursor % 8)

    best = min(distance(sq) for sq in moves)
    return rng.choice([sq for sq in moves if distance(sq) == best])


class CheckedScreen(CheckedTurns, HP67OthelloScreen):
    """The real screen and driver, the board checked after every move (``CheckedTurns``)."""

    def __init__(self) -> None:
        super().__init__()
        self.checked: list[int] = []


async def play_game_to_the_end(seed: int, resume_at: int) -> None:
    """The HP-67 plays White.  The player's first ``resume_at`` turns (random legal moves) are
    played headless and saved; the game is resumed from the launcher and ended by keys."""
    rng = random.Random(seed)
    start = save_near_the_end("hp67-othello", Disc.WHITE, lambda pos: rng.choice(pos.legal_moves()), resume_at)
    app = ArcadeApp(screens={"hp67-othello": CheckedScreen})  # the real driver, the real machine
    async with app.run_test(size=(80, 24)) as pilot:
        await type_keys(pilot, "enter")  # the launcher's first card
        await wait_until(pilot, lambda: isinstance(app.screen, ResumeDialog))
        await type_keys(pilot, "r")
        await wait_until(pilot, lambda: isinstance(app.screen, CheckedScreen))
        screen = app.screen
        await settle(pilot, screen)  # the session is read from the save in the worker
        assert type(hosted(screen).driver) is HP67OthelloDriver
        resumed = len(start["history"])
        assert len(hosted(screen).driver.history) == resumed
        board = screen.query_one(OthelloBoard)
        turns = 0
        while not hosted(screen).driver.is_over:
            assert shown_board(app) == hosted(screen).driver.position.rows()
            assert hosted(screen).driver.human_to_move
            if hosted(screen).driver.position.must_pass:
                await type_keys(pilot, "0")
            else:
                await move_cursor_to(pilot, board, nearest(board.cursor, hosted(screen).driver.position.legal_moves(), rng))
                await type_keys(pilot, "enter" if turns % 2 else "space")
            await settle(pilot, screen)
            turns += 1
            assert turns < 70
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverDialog))
        history = hosted(screen).driver.history
        assert set(range(resumed + 1, len(history) + 1)) <= set(screen.checked)  # the board was checked after every move
        assert any(r.by_machine for r in history[resumed:]) and any(not r.by_machine for r in history[resumed:])
        assert shown_board(app, screen) == hosted(screen).driver.position.rows()  # under the game-over question
        black, white = hosted(screen).driver.position.score()
        assert f"Black {black}, White {white}" in flat(app)
        # the printer tape printed every key the driver pressed and every display it read
        printed = "\n".join(screen.query_one(PrinterTape).printed)
        for record in history[resumed:]:
            for key in record.keys:
                assert key in printed
        await type_keys(pilot, "n", "b")  # start again: the HP-67 now plays Black and opens
        await settle(pilot, screen)
        assert len(hosted(screen).driver.history) == 1 and hosted(screen).driver.history[0].by_machine
        assert hosted(screen).driver.machine_color is Disc.BLACK
        assert shown_board(app) == hosted(screen).driver.position.rows()
        # the second game's tape starts as the first one did: DSP 1, E (issue 13: no stray R/S)
        assert screen.query_one(PrinterTape).printed[1:3] == [f"{'DSP 1':>22}", f"{'E':>22}"]


async def test_the_end_of_a_game_by_keys_calculator_white() -> None:
    """The last turns of a game through the screen, then a new game; whole games and the rules of
    both colours are played headless in tests/games/othello/test_session.py and tests/games/hp67_othello."""
    await play_game_to_the_end(seed=1, resume_at=24)


async def test_real_game_screen_fits_80x24_with_inspector() -> None:
    app = ArcadeApp(game="hp67-othello")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SideDialog))
        await type_keys(pilot, "b", "i")
        screen = app.screen
        await settle(pilot, screen)
        view = hosted(screen).driver.machine_view()
        await wait_until(pilot, lambda: f"{view.pc:03d}" in screen_text(app))
        text = screen_text(app)
        assert view.display in text  # the LED shows exactly the machine's display
        assert f"{view.pc:03d}" in text
        for n, row in hosted(screen).driver.decoded_rows().items():
            assert row in text, n
        for selector in ("#board", "#status", "#side-message", "#led", "#inspector", "#registers", "Footer"):
            r = screen.query_one(selector).region
            assert r.area and r.right <= 80 and r.bottom <= 24, selector


