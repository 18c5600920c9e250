"""Below the size a screen needs, one clear message covers it; the game comes back as it was."""

from __future__ import annotations

from typing import Callable

import pytest

from tests.arcade.othello_helpers import hosted, reload
from textual.screen import Screen

from arcade.runtime.textual_compat import composed_rows, notifications
from arcade.shell.app import ArcadeApp
from arcade.screens.help import HelpScreen
from arcade.screens.hp67_othello.screen import HP67OthelloScreen
from arcade.shell.launcher import LauncherScreen
from arcade.screens.ti57_duel.screen import HandOff, TI57DuelScreen
from arcade.screens.ti57_wolf.screen import TI57WolfScreen
from arcade.widgets.board import OthelloBoard
from arcade.widgets.dialogs import SideDialog
from arcade.widgets.too_small import TooSmallScreen
from tests.arcade.duel_helpers import opened
from games.othello.referee import parse
from games.ti57_wolf.referee import Side
from tests.arcade.fake_driver import FakeDriver
from tests.arcade.helpers import frame_drawn, handled, move_cursor_to, settle, shown_board, type_keys, wait_for_screen, wait_until


@pytest.fixture(autouse=True)
def private_config(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: ANN001
    monkeypatch.setenv("ARCADE_CONFIG_DIR", str(tmp_path / "config"))


def visible(app: ArcadeApp) -> str:
    """What the terminal shows, every screen composited (as a screenshot is), without styles."""
    return "\n".join(row.text for row in composed_rows(app.screen, with_screens_below=True))


def only_the_message(text: str) -> bool:
    words = " ".join(text.split())
    return words.startswith("Make the terminal at least") and words.endswith("Ctrl+Q quits.")


async def resize(pilot, width: int, height: int) -> None:  # noqa: ANN001
    """Resize, then wait until the app has covered (or uncovered) its screen for the new size."""
    app = pilot.app
    await pilot.resize_terminal(width, height)

    def handled() -> bool:
        if (app.size.width, app.size.height) != (width, height):
            return False
        need = app.fit.required_size()
        return (width < need[0] or height < need[1]) == isinstance(app.screen, TooSmallScreen)

    await wait_until(pilot, handled, what=f"the {width}x{height} terminal handled")


async def settled_view(pilot) -> str:  # noqa: ANN001
    """The screen once it has stopped changing (a loaded machine may draw the footer late)."""
    seen: list[str] = [""]

    def same_twice() -> bool:
        now = visible(pilot.app)
        same = now == seen[-1]
        seen.append(now)
        return same

    await wait_until(pilot, same_twice, what="the screen to stop changing")
    return seen[-1]


def hp67_app() -> ArcadeApp:
    return ArcadeApp(game="hp67-othello", screens={"hp67-othello": lambda: HP67OthelloScreen(FakeDriver)})


async def test_hp67_shrink_hides_the_board_and_growing_brings_back_the_same_game() -> None:
    app = hp67_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_screen(pilot, SideDialog)
        await type_keys(pilot, "w")
        screen = app.screen
        assert isinstance(screen, HP67OthelloScreen)
        await settle(pilot, screen)
        board = screen.query_one(OthelloBoard)
        await move_cursor_to(pilot, board, parse("d3"))
        await type_keys(pilot, "enter")
        await settle(pilot, screen)
        target = hosted(screen).driver.position.legal_moves()[0]
        await move_cursor_to(pilot, board, target)
        before = (hosted(screen).driver.snapshot(), board.view, board.cursor, shown_board(app), visible(app))
        assert "●" in before[-1]

        await resize(pilot, 60, 20)
        assert isinstance(app.screen, TooSmallScreen)
        text = visible(app)
        assert "Make the terminal at least 80x24 (now 60x20)." in " ".join(text.split())
        assert only_the_message(text), text
        assert "●" not in text and "○" not in text and "│" not in text
        await type_keys(pilot, "enter", "l", "question_mark")  # nothing reaches the game or opens help
        assert isinstance(app.screen, TooSmallScreen)

        await resize(pilot, 79, 30)  # still too narrow: the message follows the size
        assert "(now 79x30)" in " ".join(visible(app).split())
        assert len([s for s in app.screen_stack if isinstance(s, TooSmallScreen)]) == 1

        await resize(pilot, 80, 24)
        assert app.screen is screen
        assert not any(isinstance(s, TooSmallScreen) for s in app.screen_stack)
        assert (hosted(screen).driver.snapshot(), board.view, board.cursor, shown_board(app), visible(app)) == before
        played = len(hosted(screen).driver.history)
        await type_keys(pilot, "enter")  # and the game goes on from there, at the square the cursor kept
        await settle(pilot, screen)
        assert hosted(screen).driver.history[played].square == target


async def test_a_screen_can_declare_a_larger_minimum() -> None:
    def roomy() -> HP67OthelloScreen:
        screen = HP67OthelloScreen(FakeDriver)
        screen.MIN_SIZE = (100, 30)  # type: ignore[attr-defined]
        return screen

    app = ArcadeApp(game="hp67-othello", screens={"hp67-othello": roomy})
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_screen(pilot, TooSmallScreen)
        assert "at least 100x30 (now 80x24)" in " ".join(visible(app).split())
        await resize(pilot, 100, 30)
        assert isinstance(app.screen, SideDialog)  # the game's first question, waiting
        await type_keys(pilot, "escape", "escape")  # no side chosen yet; back to the launcher
        await wait_for_screen(pilot, LauncherScreen)
        await resize(pilot, 80, 24)
        assert isinstance(app.screen, LauncherScreen)  # 80x24 is enough there
        await type_keys(pilot, "enter")  # the game's card (chosen coming back): the same game, still too roomy for 80x24
        await wait_for_screen(pilot, TooSmallScreen)
        assert "at least 100x30 (now 80x24)" in " ".join(visible(app).split())


async def test_started_in_a_small_terminal_then_grown() -> None:
    app = hp67_app()
    async with app.run_test(size=(70, 20)) as pilot:
        await wait_for_screen(pilot, TooSmallScreen)
        assert "(now 70x20)" in " ".join(visible(app).split())
        await resize(pilot, 80, 24)
        assert isinstance(app.screen, SideDialog)
        await type_keys(pilot, "w")
        assert isinstance(app.screen, HP67OthelloScreen)


async def test_launcher_and_help_are_covered_too() -> None:
    app = ArcadeApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_screen(pilot, LauncherScreen)
        await type_keys(pilot, "question_mark")
        await wait_for_screen(pilot, HelpScreen)
        await resize(pilot, 50, 15)
        assert isinstance(app.screen, TooSmallScreen) and only_the_message(visible(app))
        await resize(pilot, 90, 30)
        assert isinstance(app.screen, HelpScreen)
        await type_keys(pilot, "escape")
        await wait_for_screen(pilot, LauncherScreen)


async def test_duel_private_view_never_shows_and_comes_back_unchanged() -> None:
    app = ArcadeApp(game="ti57-duel", screens={"ti57-duel": lambda: TI57DuelScreen(pause_seconds=0.02, blink=False)})
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await opened(pilot)
        await type_keys(pilot, "enter")  # the move limit: the duel starts at the host's table, then the hand-off
        await wait_until(pilot, lambda: isinstance(app.screen, HandOff), what="the hand-off")
        await type_keys(pilot, "enter")  # the curtain lifts once the table has answered
        await wait_until(pilot, lambda: isinstance(app.screen, TI57DuelScreen) and app.screen.viewer == 1
                         and app.screen.phase == "setup", what="player 1's view")
        screen = app.screen
        assert isinstance(screen, TI57DuelScreen)
        await type_keys(pilot, "right", "up")
        before = (screen.viewer, screen.phase, screen.cursor, visible(app))
        assert "secret start square" in " ".join(before[-1].split())
        app.notify("a toast that could say something private")
        await wait_until(pilot, lambda: "a toast that could say" in visible(app), what="the toast drawn")

        await resize(pilot, 60, 20)
        text = visible(app)
        assert only_the_message(text), text  # no board, no cursor, no title, no toast
        assert len(notifications(app)) == 0

        await resize(pilot, 80, 24)
        assert app.screen is screen  # no curtain: the same player's view, as it was
        assert (screen.viewer, screen.phase, screen.cursor, visible(app)) == before


GAMES: dict[str, Callable[[], Screen]] = {
    "ti57-wolf": lambda: TI57WolfScreen(coin=lambda: Side.WOLF, blink=False),
    "lazard-othello": lambda: __import__("arcade.screens.lazard_othello.screen", fromlist=["x"]).LazardOthelloScreen(),
}


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_every_other_game_is_covered_and_restored(game: str) -> None:
    app = ArcadeApp(game=game, screens={game: GAMES[game]})
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: app.current_mode == game and any(hasattr(s, "GAME_ID") for s in app.screen_stack),
                         what="the game")
        await settle(pilot, next(s for s in app.screen_stack if hasattr(s, "GAME_ID")))
        screen, before = app.screen, await settled_view(pilot)
        await resize(pilot, 80, 23)
        assert isinstance(app.screen, TooSmallScreen) and only_the_message(visible(app))
        await resize(pilot, 80, 24)
        assert app.screen is screen and await settled_view(pilot) == before


async def test_the_terminal_telling_the_same_size_again_lays_nothing_out_again() -> None:
    """At start the app tells its screen the terminal's size, then the terminal tells the app the
    same size: Textual sent it to the screen a second time, and the screen laid itself out again
    (a game's whole screen, 15-25 ms of the launch).  A size the screens have is not sent again;
    a new one still is.  The sizes sent are those the screen's ``on_resize`` is given."""
    from textual import events
    from textual.geometry import Size

    class ToldSizes(HP67OthelloScreen):
        def __init__(self) -> None:
            super().__init__(FakeDriver)
            self.told: list[Size] = []

        def on_resize(self, event: events.Resize) -> None:  # beside OthelloScreen's own (Textual calls both)
            self.told.append(event.size)

    app = ArcadeApp(game="hp67-othello", screens={"hp67-othello": ToldSizes})
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for_screen(pilot, SideDialog)
        await type_keys(pilot, "w")
        screen = await wait_for_screen(pilot, ToldSizes)
        assert isinstance(screen, ToldSizes)
        await frame_drawn(pilot)
        screen.told.clear()
        app.post_message(events.Resize(Size(100, 32), Size(100, 32)))  # as the terminal's driver does
        await handled(pilot)  # the app has handled it: the same size sets no resize timer (``App._on_resize``)
        await handled(pilot)  # and the screen what the app's handling sent on, if anything
        assert screen.told == []  # nothing sent
        await resize(pilot, 90, 30)
        assert Size(90, 30) in screen.told  # a new size reaches the screen
