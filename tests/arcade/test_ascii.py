"""--ascii: no character outside ASCII on any game screen, discs X/O, borders + - |, arrows < ^ > v."""

from __future__ import annotations

import io
import re
import unicodedata
from pathlib import Path
from typing import Callable

import pytest

from tests.arcade.othello_helpers import hosted, reload
from hypothesis import given
from hypothesis import strategies as st
from rich.cells import cell_len
from textual.screen import Screen

from arcade.__main__ import build_app
from arcade.runtime.textual_compat import composed_rows
from arcade.shell.app import ArcadeApp
from arcade.screens.help import HelpScreen
from arcade.screens.hp67_othello.screen import HP67OthelloScreen
from arcade.screens.ti57_duel.screen import TI57DuelScreen
from arcade.screens.ti57_wolf.screen import TI57WolfScreen
from arcade.widgets.board import OthelloBoard
from arcade.widgets.glyphs import ascii_for, to_ascii
from games.ti57_wolf.referee import Side
from tests.arcade.fake_driver import FakeDriver
from arcade.widgets.dialogs import SideDialog
from tests.arcade.helpers import move_cursor_to, settle, type_keys, wait_for_screen, wait_until

ASCII_ROW = re.compile(r"^ ?([1-8]) (\|.*\|)")


@pytest.fixture(autouse=True)
def private_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARCADE_CONFIG_DIR", str(tmp_path / "config"))


def visible(app: ArcadeApp) -> str:
    return "\n".join(row.text for row in composed_rows(app.screen, with_screens_below=True))


def non_ascii(text: str) -> set[str]:
    return {c for c in text if not c.isascii()}


def ascii_board(text: str) -> list[str]:
    """The 8 rows of the ASCII board: X black, O white, . empty or hint."""
    rows = []
    for line in text.splitlines():
        m = ASCII_ROW.match(line)
        if m:
            cells = m.group(2)[1:-1].split("|")[:8]
            rows.append("".join({"X": "X", "O": "O"}.get(c.strip("[] "), ".") for c in cells))
    return rows


@pytest.mark.parametrize(
    "char, expected",
    [("┌", "+"), ("─", "-"), ("│", "|"), ("┼", "+"), ("╭", "+"), ("━", "-"), ("╸", "-"), ("║", "|"),
     ("●", "X"), ("○", "O"), ("←", "<"), ("→", ">"), ("↑", "^"), ("↓", "v"), ("↖", "\\"), ("↗", "/"),
     ("…", "."), ("·", "."), ("✱", "*"), ("▁", "_"), ("█", "#"), ("é", "e"), ("漢", "??"), ("\u0301", "")],
)
def test_glyphs(char: str, expected: str) -> None:
    assert ascii_for(char) == expected


@given(st.text())
def test_any_text_becomes_ascii_of_the_same_width(text: str) -> None:
    out = to_ascii(text)
    assert out.isascii()
    assert cell_len(out) == cell_len(text)
    if text.isascii():
        assert out == text


def test_the_option() -> None:
    app = build_app(["--ascii"], stderr=io.StringIO())
    assert isinstance(app, ArcadeApp) and app.ascii_glyphs
    app = build_app([], stderr=io.StringIO())
    assert isinstance(app, ArcadeApp) and not app.ascii_glyphs


async def test_hp67_screen_is_pure_ascii_with_x_and_o_discs() -> None:
    app = ArcadeApp(game="hp67-othello", ascii_glyphs=True, screens={"hp67-othello": lambda: HP67OthelloScreen(FakeDriver)})
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_screen(pilot, SideDialog)
        assert non_ascii(visible(app)) == set()  # the side question over the board
        await type_keys(pilot, "w")
        screen = app.screen
        assert isinstance(screen, HP67OthelloScreen)
        await settle(pilot, screen)
        board = screen.query_one(OthelloBoard)
        await move_cursor_to(pilot, board, hosted(screen).driver.position.legal_moves()[0])
        await type_keys(pilot, "enter")
        await settle(pilot, screen)
        text = visible(app)
        assert non_ascii(text) == set(), text
        expected = ["".join({"BLACK": "X", "WHITE": "O"}.get(getattr(hosted(screen).driver.position.at(r * 8 + c), "name", ""), ".")
                            for c in range(8)) for r in range(8)]
        assert ascii_board(text) == expected
        assert "+---+---+" in text
        await type_keys(pilot, "i")  # the inspector: registers and listing
        await wait_until(pilot, lambda: screen.query_one("#inspector").display, what="the inspector shown")
        await wait_until(pilot, lambda: "LSTX" in visible(app), what="the inspector's registers drawn")
        assert non_ascii(visible(app)) == set()
        await type_keys(pilot, "question_mark")  # the help: Markdown, its tables, its bullets
        await wait_for_screen(pilot, HelpScreen)
        await wait_until(pilot, lambda: len(app.screen.query("#help-text > *")) > 0, what="the help's Markdown drawn")
        await wait_until(pilot, lambda: "Move the cursor" in visible(app), what="the help's bullets drawn")
        assert non_ascii(visible(app)) == set()


async def test_lazard_screen_is_pure_ascii() -> None:
    app = ArcadeApp(game="lazard-othello", ascii_glyphs=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_screen(pilot, SideDialog)
        assert non_ascii(visible(app)) == set()
        await type_keys(pilot, "w")  # the CPC plays White: the board and the CPC's own screen
        await wait_until(pilot, lambda: hasattr(app.screen, "GAME_ID"), what="the game's screen")
        await settle(pilot, app.screen)
        text = visible(app)
        assert non_ascii(text) == set(), text
        assert ascii_board(text)[3:5] == ["...OX...", "...XO..."]


async def test_launcher_is_pure_ascii() -> None:
    app = ArcadeApp(ascii_glyphs=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: "Choose a game" in visible(app), what="the launcher drawn")
        assert non_ascii(visible(app)) == set()


GAMES: dict[str, Callable[[], Screen]] = {
    "ti57-wolf": lambda: TI57WolfScreen(coin=lambda: Side.WOLF, blink=False),
    "ti57-duel": lambda: TI57DuelScreen(pause_seconds=0.02, blink=False),
}


@pytest.mark.parametrize("game, keys", [("ti57-wolf", ("1",)), ("ti57-duel", ("enter", "enter", "right"))])
async def test_ti57_screens_are_pure_ascii(game: str, keys: tuple[str, ...]) -> None:
    app = ArcadeApp(game=game, ascii_glyphs=True, screens={game: GAMES[game]})
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: app.current_mode == game and any(hasattr(s, "GAME_ID") for s in app.screen_stack),
                         what="the game")
        game_screen = next(s for s in app.screen_stack if hasattr(s, "GAME_ID"))
        await settle(pilot, game_screen)
        await type_keys(pilot, *keys)
        await settle(pilot, game_screen)
        text = visible(app)
        assert non_ascii(text) == set(), text


async def test_without_the_option_the_discs_stay_round() -> None:
    app = ArcadeApp(game="hp67-othello", screens={"hp67-othello": lambda: HP67OthelloScreen(FakeDriver)})
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_screen(pilot, SideDialog)
        await type_keys(pilot, "w")
        await settle(pilot, app.screen)
        text = visible(app)
        assert "●" in text and "○" in text and "┌" in text
        assert any(unicodedata.name(c, "").startswith("BOX DRAWINGS") for c in text)
