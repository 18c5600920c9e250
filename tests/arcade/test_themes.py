"""Themes: colour-blind-safe and light themes, ANSI and NO_COLOR all playable; the choice remembered."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Callable

import pytest

from tests.arcade.othello_helpers import hosted, reload
from rich.color import ColorType
from rich.segment import Segment
from textual.screen import Screen

from arcade.storage import settings
from arcade.__main__ import build_app
from arcade.runtime.textual_compat import composed_rows, notifications
from arcade.shell.app import ArcadeApp
from arcade.shell.launcher import LauncherScreen
from arcade.screens.hp67_othello.screen import HP67OthelloScreen
from arcade.widgets.themes import ARCADE_THEMES, OKABE_ITO, OKABE_ITO_LIGHT
from arcade.screens.ti57_duel.screen import TI57DuelScreen
from arcade.screens.ti57_wolf.screen import TI57WolfScreen
from arcade.widgets.board import OthelloBoard
from games.ti57_wolf.referee import Side
from tests.arcade.fake_driver import FakeDriver
from arcade.widgets.dialogs import SideDialog
from tests.arcade.helpers import (
    frame_drawn,
    move_cursor_to,
    screen_text,
    settle,
    shown_board,
    type_keys,
    wait_for_screen,
    wait_until,
)

OKABE_ITO_PALETTE = {"#000000", "#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7"}
PLAYABLE = ["textual-light", "okabe-ito", "okabe-ito-light", "ansi-dark", "ansi-light", "NO_COLOR"]


@pytest.fixture(autouse=True)
def private_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ARCADE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("TEXTUAL_THEME", raising=False)
    return tmp_path / "config"


def visible(app: ArcadeApp) -> str:
    return "\n".join(row.text for row in composed_rows(app.screen, with_screens_below=True))


def hp67_app(theme: str | None = None) -> ArcadeApp:
    return ArcadeApp(game="hp67-othello", theme=theme, screens={"hp67-othello": lambda: HP67OthelloScreen(FakeDriver)})


def with_theme(name: str, monkeypatch: pytest.MonkeyPatch) -> str | None:
    """The theme to pass; NO_COLOR is an environment variable Textual reads when the app is built."""
    if name == "NO_COLOR":
        monkeypatch.setenv("NO_COLOR", "1")
        return None
    return name


def test_the_colour_blind_themes_use_only_okabe_ito_colours() -> None:
    for theme in (OKABE_ITO, OKABE_ITO_LIGHT):
        for colour in (theme.primary, theme.secondary, theme.accent, theme.warning, theme.error, theme.success):
            assert colour.upper() in OKABE_ITO_PALETTE, (theme.name, colour)
        assert theme.variables["board-cell"].upper() in OKABE_ITO_PALETTE
        assert theme.variables["board-legal"].upper() in OKABE_ITO_PALETTE
    assert OKABE_ITO.dark and not OKABE_ITO_LIGHT.dark


async def test_every_arcade_theme_and_the_light_and_ansi_themes_are_offered() -> None:
    app = ArcadeApp()
    async with app.run_test(size=(80, 24)):
        for name in ("okabe-ito", "okabe-ito-light", "textual-light", "ansi-dark", "ansi-light"):
            assert name in app.available_themes
        assert {t.name for t in ARCADE_THEMES} <= set(app.available_themes)


async def board_position(pilot) -> tuple[HP67OthelloScreen, OthelloBoard]:  # noqa: ANN001
    """A game with discs of both colours, hints, a last move and the cursor on a disc."""
    await wait_for_screen(pilot, SideDialog)
    await type_keys(pilot, "w")
    screen = pilot.app.screen
    assert isinstance(screen, HP67OthelloScreen)
    await settle(pilot, screen)
    board = screen.query_one(OthelloBoard)
    await move_cursor_to(pilot, board, hosted(screen).driver.position.legal_moves()[0])
    await type_keys(pilot, "enter")
    await settle(pilot, screen)
    await move_cursor_to(pilot, board, 27)  # d4: a disc under the cursor
    return screen, board


def board_segments(board: OthelloBoard) -> list[Segment]:
    return [seg for line in board.render().split("\n") for seg in line.render(board.app.console)]


REFERENCES: dict[str, str] = {}
"""The default theme's text of each scene, computed once per run (apps are slow to start)."""


async def reference_board_text() -> str:
    if "hp67" in REFERENCES:
        return REFERENCES["hp67"]
    app = hp67_app()
    async with app.run_test(size=(80, 24)) as pilot:
        _, board = await board_position(pilot)
        await frame_drawn(pilot)
        REFERENCES["hp67"] = visible(app)
        return REFERENCES["hp67"]


@pytest.mark.parametrize("theme", PLAYABLE)
async def test_hp67_reads_the_same_in_every_theme_glyphs_and_weight_not_colour(
    theme: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The screen's text is the same as in the default theme: every fact is in a glyph, none in a colour."""
    monkeypatch.setenv("ARCADE_DATA_DIR", str(tmp_path / "reference"))  # its save on quit stays apart
    reference = await reference_board_text()
    monkeypatch.setenv("ARCADE_DATA_DIR", str(tmp_path / "themed"))
    app = hp67_app(with_theme(theme, monkeypatch))
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.no_color is (theme == "NO_COLOR")
        _, board = await board_position(pilot)
        await frame_drawn(pilot)
        text = visible(app)
        assert text == reference
        rows = shown_board(app)
        assert any("X" in r for r in rows) and any("O" in r for r in rows)
        segments = board_segments(board)
        discs = [s for s in segments if s.text.strip(" []") in ("●", "○")]
        assert {s.text.strip(" []") for s in discs} == {"●", "○"}
        assert all(s.style.bold for s in discs)  # weight too
        cursor = [s for s in segments if s.style and s.style.reverse]
        assert len(cursor) == 1 and cursor[0].text.strip(" []") in ("●", "○")  # the cursor: reverse video
        assert any(s.text == " + " and s.style.bold for s in segments)  # hints: a glyph, in bold


async def test_board_colours_follow_the_theme() -> None:
    expected = {"textual-dark": "#2e7d4f", "okabe-ito": "#0072b2", "okabe-ito-light": "#0072b2"}
    for theme, colour in expected.items():
        app = hp67_app(theme)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for_screen(pilot, SideDialog)
            board = app.screen_stack[-2].query_one(OthelloBoard)
            cell = board.get_component_rich_style("board--cell").bgcolor
            assert cell is not None and cell.get_truecolor().hex == colour, theme
    for theme in ("ansi-dark", "ansi-light"):  # the terminal's own white and black: the user's palette applies
        app = hp67_app(theme)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for_screen(pilot, SideDialog)
            board = app.screen_stack[-2].query_one(OthelloBoard)
            cell = board.get_component_rich_style("board--cell").bgcolor
            assert cell is not None and cell.type is ColorType.STANDARD and cell.number == 15, theme  # bright white
            black = board.get_component_rich_style("board--black").color
            assert black is not None and black.type is ColorType.STANDARD and black.number == 0


GAMES: dict[str, Callable[[], Screen]] = {
    "ti57-wolf": lambda: TI57WolfScreen(coin=lambda: Side.WOLF, blink=False),
    "ti57-duel": lambda: TI57DuelScreen(pause_seconds=0.02, blink=False),
}


async def play_keys(pilot, game: str, keys: tuple[str, ...]) -> None:  # noqa: ANN001
    """Open ``game``, press ``keys``, and wait until its machine has finished and the screen settled."""
    app = pilot.app
    await wait_until(pilot, lambda: app.current_mode == game and any(hasattr(s, "GAME_ID") for s in app.screen_stack),
                     what=f"{game}'s screen")
    game_screen = next(s for s in app.screen_stack if hasattr(s, "GAME_ID"))
    await settle(pilot, game_screen)
    for key in keys:  # each once the host has answered the one before
        await type_keys(pilot, key)
        await settle(pilot, game_screen)


async def game_text(game: str, keys: tuple[str, ...]) -> str:
    if game in REFERENCES:
        return REFERENCES[game]
    app = ArcadeApp(game=game, screens={game: GAMES[game]})
    async with app.run_test(size=(80, 24)) as pilot:
        await play_keys(pilot, game, keys)
        REFERENCES[game] = visible(app)
        return REFERENCES[game]


@pytest.mark.parametrize("theme", ["okabe-ito-light", "ansi-light", "NO_COLOR"])
@pytest.mark.parametrize("game, keys", [("ti57-wolf", ()), ("ti57-duel", ("enter", "enter", "right"))])
async def test_ti57_games_read_the_same_in_every_theme(game: str, keys: tuple[str, ...], theme: str,
                                                        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("ARCADE_DATA_DIR", str(tmp_path / "reference"))
    reference = await game_text(game, keys)
    monkeypatch.setenv("ARCADE_DATA_DIR", str(tmp_path / "themed"))
    if theme == "NO_COLOR":
        monkeypatch.setenv("NO_COLOR", "1")
    app = ArcadeApp(game=game, theme=None if theme == "NO_COLOR" else theme, screens={game: GAMES[game]})
    async with app.run_test(size=(80, 24)) as pilot:
        await play_keys(pilot, game, keys)
        assert visible(app) == reference


# -- choosing and remembering --------------------------------------------------------


async def test_theme_option_is_remembered_and_a_palette_choice_too(private_config: Path) -> None:
    app = build_app(["--theme", "okabe-ito"], stderr=io.StringIO())
    assert isinstance(app, ArcadeApp)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: "Choose a game" in screen_text(app), what="the launcher")
        assert app.theme == "okabe-ito"
        assert settings.load_settings(private_config).theme == "okabe-ito"
        # the command palette's Theme command, as a user would use it
        await type_keys(pilot, "ctrl+p")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "CommandPalette", what="the palette")
        await type_keys(pilot, *"theme")
        await wait_until(pilot, lambda: "Change the current theme" in screen_text(app), what="the Theme command listed")
        await type_keys(pilot, "enter")
        await wait_until(pilot, lambda: "Search for themes" in screen_text(app), what="the theme picker")
        await type_keys(pilot, *"okabe-ito-light")
        await wait_until(pilot, lambda: "okabe-ito-light" in screen_text(app) and "textual-dark" not in screen_text(app),
                         what="the list narrowed to okabe-ito-light")
        await type_keys(pilot, "enter")
        await wait_until(pilot, lambda: app.theme == "okabe-ito-light", what="the theme chosen")
    assert settings.load_settings(private_config).theme == "okabe-ito-light"
    again = build_app([], stderr=io.StringIO())
    assert isinstance(again, ArcadeApp)
    async with again.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(again.screen, LauncherScreen), what="the launcher")
        assert again.theme == "okabe-ito-light"


async def test_a_bad_settings_file_or_theme_is_reported_and_ignored(private_config: Path) -> None:
    private_config.mkdir(parents=True)
    (private_config / "settings.toml").write_text("theme = [oops\n", encoding="utf-8")
    err = io.StringIO()
    app = build_app([], stderr=err)
    assert isinstance(app, ArcadeApp)
    assert "settings.toml: not valid TOML" in err.getvalue()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_until(pilot, lambda: any("settings.toml" in n.message for n in notifications(app)), what="the note")
        assert app.theme == "textual-dark"
        assert any("settings.toml: not valid TOML" in n.message for n in notifications(app))
    (private_config / "settings.toml").write_text('theme = "no-such-theme"\n', encoding="utf-8")
    app = build_app([], stderr=io.StringIO())
    assert isinstance(app, ArcadeApp)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_until(pilot, lambda: any("no-such-theme" in n.message for n in notifications(app)), what="the note")
        assert app.theme == "textual-dark"
        assert any("unknown theme 'no-such-theme'" in n.message for n in notifications(app))


def test_an_unknown_theme_on_the_command_line_is_refused_with_the_list(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        build_app(["--theme", "okabe"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "no theme named 'okabe'" in err and "okabe-ito-light" in err and "ansi-dark" in err
