"""The launcher, help, Escape, and the command line."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Static

from arcade.runtime.textual_compat import notifications
from arcade.shell import catalog
from arcade.__main__ import main
from arcade.shell.app import ArcadeApp
from arcade.screens.help import HelpScreen
from arcade.screens.hp67_othello.screen import HP67OthelloScreen
from arcade.shell.launcher import GameCard, LauncherScreen
from tests.arcade.fake_driver import FakeDriver
from tests.arcade.helpers import frame_drawn, click, screen_text, type_keys, wait_for_screen, wait_until


def fake_app(**kwargs: object) -> ArcadeApp:
    return ArcadeApp(screens={"hp67-othello": lambda: HP67OthelloScreen(FakeDriver)}, **kwargs)  # type: ignore[arg-type]


class StandInGame(Screen[None]):
    """A game screen standing in for a real one: what the app and launcher do around it is under test."""

    BINDINGS = [Binding("escape", "app.launcher", "Back", id="arcade.back")]

    def __init__(self, game_id: str) -> None:
        super().__init__()
        self.GAME_ID = game_id

    def compose(self) -> ComposeResult:
        yield Static(f"stand-in for {self.GAME_ID}")
        yield Footer()


async def test_launcher_shows_one_card_per_game_and_fits_80x24() -> None:
    app = ArcadeApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_screen(pilot, LauncherScreen)
        assert isinstance(app.screen, LauncherScreen)
        cards = list(app.screen.query(GameCard))
        assert [c.entry.id for c in cards] == [e.id for e in catalog.games()]
        assert {"hp67-othello", "ti57-duel", "ti57-wolf", "lazard-othello"} <= {c.entry.id for c in cards}
        text = screen_text(app)
        for entry in catalog.games():
            assert entry.title in text
            assert entry.machine in text
        for card in cards:  # every card entirely on screen
            r = card.region
            assert r.y >= 0 and r.bottom <= 23 and r.right <= 80
        # the pitch of every card is visible too, whole
        for entry in catalog.games():
            assert entry.pitch in text


async def test_choose_with_j_k_and_arrows() -> None:
    app = ArcadeApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert screen.selected == 0
        await type_keys(pilot, "j", "down")
        assert screen.selected == 2
        await type_keys(pilot, "k")
        assert screen.selected == 1
        assert screen.query_one("#card-ti57-duel").chosen
        await type_keys(pilot, "up", "up")  # wraps to the last card
        assert screen.selected == len(catalog.games()) - 1


async def test_coming_soon_cannot_start(monkeypatch: pytest.MonkeyPatch) -> None:
    soon = catalog.GameEntry("test-soon", "Pong", "PDP-1", "1962", "nobody", "Not written yet.", screen=None)
    monkeypatch.setitem(catalog._CATALOG, soon.id, soon)
    app = ArcadeApp()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await type_keys(pilot, "up", "enter")  # up from the first card wraps to the last: the unwritten one
        await wait_until(pilot, lambda: any("coming soon" in n.message for n in notifications(app)), what="the notice")
        assert isinstance(app.screen, LauncherScreen)
        assert "coming soon" in screen_text(app)


def test_a_game_whose_driver_is_missing_is_coming_soon(monkeypatch: pytest.MonkeyPatch) -> None:
    entry = catalog.GameEntry("x", "X", "m", "y", "a", "p", screen="arcade.shell.launcher:LauncherScreen", requires=("no.such.module",))
    assert not entry.available
    assert catalog.get("hp67-othello").available


async def test_mouse_chooses_then_starts() -> None:
    app = fake_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await click(pilot, "#card-ti57-wolf")
        assert app.screen.selected == 2
        await click(pilot, "#card-hp67-othello")
        assert app.screen.selected == 0
        await click(pilot, "#card-hp67-othello")
        await wait_until(pilot, lambda: app.current_mode == "hp67-othello", what="the game's mode")


async def test_enter_opens_the_game_escape_comes_back_and_resumes() -> None:
    app = fake_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await type_keys(pilot, "enter")
        await wait_until(pilot, lambda: app.current_mode == "hp67-othello", what="the game's mode")
        await wait_until(pilot, lambda: not isinstance(app.screen, HP67OthelloScreen), what="the side question")
        await type_keys(pilot, "escape")  # dismisses the side question
        game = await wait_for_screen(pilot, HP67OthelloScreen)
        await type_keys(pilot, "escape")
        await wait_for_screen(pilot, LauncherScreen)
        await type_keys(pilot, "enter")
        await wait_until(pilot, lambda: app.screen is game, what="the same game, as it was")


async def test_help_on_launcher_and_in_game() -> None:
    app = fake_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await type_keys(pilot, "question_mark")
        help_screen = await wait_for_screen(pilot, HelpScreen)
        assert "Quit" in help_screen.keys
        assert "coming soon" not in help_screen.text  # every game can be started
        await type_keys(pilot, "escape")
        await wait_for_screen(pilot, LauncherScreen)
        await type_keys(pilot, "enter")
        await wait_until(pilot, lambda: app.current_mode == "hp67-othello", what="the game's mode")
        await wait_until(pilot, lambda: not isinstance(app.screen, HP67OthelloScreen), what="the side question")
        await type_keys(pilot, "b")
        await wait_for_screen(pilot, HP67OthelloScreen)
        await type_keys(pilot, "f1")
        help_screen = await wait_for_screen(pilot, HelpScreen)
        assert "R/S" in help_screen.text  # the original user's guide
        assert "Inspector" in help_screen.keys
        await type_keys(pilot, "q")  # q closes help, it does not quit the game
        await wait_for_screen(pilot, HP67OthelloScreen)


async def test_q_quits_from_the_launcher() -> None:
    app = ArcadeApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await type_keys(pilot, "q")
        await wait_until(pilot, lambda: not app.is_running, what="the app to quit")


async def test_game_option_starts_the_game() -> None:
    app = fake_app(game="hp67-othello")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: app.current_mode == "hp67-othello", what="the game's mode")


def test_help_lists_the_games(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    for entry in catalog.games():
        assert entry.id in out and entry.title in out


def test_unknown_game_is_refused_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--game", "pong"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "pong" in err and "hp67-othello" in err


def test_coming_soon_game_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    soon = catalog.GameEntry("test-soon", "Pong", "PDP-1", "1962", "nobody", "Not written yet.", screen=None)
    with pytest.MonkeyPatch.context() as mp:
        mp.setitem(catalog._CATALOG, soon.id, soon)
        with pytest.raises(SystemExit):
            main(["--game", "test-soon"])
    assert "coming soon" in capsys.readouterr().err


def test_every_binding_has_a_description_and_an_id() -> None:
    from arcade.screens.help import HelpScreen as H
    from arcade.widgets.dialogs import GameOverDialog, Question, SideDialog

    for cls in (ArcadeApp, LauncherScreen, HP67OthelloScreen, H, Question, SideDialog, GameOverDialog):
        for binding in cls.BINDINGS:
            assert binding.description, (cls, binding)
            assert binding.id, (cls, binding)


async def test_back_from_a_game_started_with_game_highlights_it_and_enter_returns_to_it() -> None:
    stand_ins = {g: (lambda g=g: StandInGame(g)) for g in ("hp67-othello", "ti57-duel", "ti57-wolf")}
    app = ArcadeApp(game="ti57-duel", screens=stand_ins)  # type: ignore[arg-type]
    async with app.run_test(size=(80, 24)) as pilot:
        duel = await wait_for_screen(pilot, StandInGame)
        assert duel.GAME_ID == "ti57-duel"
        await type_keys(pilot, "escape")  # Back
        launcher = await wait_for_screen(pilot, LauncherScreen)
        assert launcher.entry.id == "ti57-duel"
        assert launcher.query_one("#card-ti57-duel").chosen
        await type_keys(pilot, "enter")
        await wait_until(pilot, lambda: app.screen is duel, what="the same duel")
        # in general: the game the player comes back from, whatever was chosen before
        await type_keys(pilot, "escape")
        await wait_for_screen(pilot, LauncherScreen)
        await type_keys(pilot, "down", "enter")  # the wolf
        wolf = await wait_until_game(pilot, "ti57-wolf")
        await type_keys(pilot, "escape")
        await wait_for_screen(pilot, LauncherScreen)
        assert launcher.entry.id == "ti57-wolf"
        await type_keys(pilot, "enter")
        await wait_until(pilot, lambda: app.screen is wolf, what="the same wolf game")


async def wait_until_game(pilot, game_id: str) -> Screen:  # noqa: ANN001
    await wait_until(pilot, lambda: getattr(pilot.app.screen, "GAME_ID", None) == game_id, what=f"{game_id}'s screen")
    return pilot.app.screen


async def test_palette_screenshot_is_saved_in_the_data_dir_without_a_downloads_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, arcade_data_dir: Path
) -> None:
    home = tmp_path / "home"  # no Downloads in it
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("XDG_DOWNLOAD_DIR", raising=False)
    app = ArcadeApp()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_for_screen(pilot, LauncherScreen)
        await type_keys(pilot, "ctrl+p")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "CommandPalette", what="the palette")
        await type_keys(pilot, *"screenshot")
        await wait_until(pilot, lambda: "Save an SVG" in screen_text(app), what="the Screenshot command listed")
        await type_keys(pilot, "enter")
        folder = arcade_data_dir / "screenshots"
        await wait_until(pilot, lambda: folder.is_dir() and any(folder.glob("*.svg")), what="an SVG in the data dir")
        saved = next(folder.glob("*.svg"))
        await wait_until(pilot, lambda: saved.name in screen_text(app), what="the toast saying where")
        assert "<svg" in saved.read_text(encoding="utf-8")
        # issue 13: the toast wrapped the quoted path mid-word; now the file and its folder read whole
        lines = screen_text(app).splitlines()
        row = next(i for i, line in enumerate(lines) if f"Saved {saved.name}" in line)  # the file's name whole
        column = lines[row].index("Saved")
        toast = [line[column:].strip() for line in lines[row + 1 :]]
        assert toast[0] == "in the folder"
        folder_lines = toast[1 : toast.index("")]
        assert "".join(folder_lines) == f"{folder}/", folder_lines  # broken only after a separator
        assert all(line.endswith("/") for line in folder_lines)
        assert not any("Failed" in str(n.message) for n in notifications(app))
        assert not (home / "Downloads").exists()


async def test_a_saved_game_gets_its_own_line_under_the_description_and_all_fit_80x24() -> None:
    from arcade.storage.saves import SaveStore

    store = SaveStore()
    summaries = {e.id: f"move {3 + i}, Player 1 to move, 18 moves left, a long summary to be cut"
                 for i, e in enumerate(catalog.games())}
    for game_id, summary in summaries.items():
        store.save(game_id, {"anything": 1}, saved_at="2026-01-01T00:00:00+00:00", summary=summary)
    app = ArcadeApp()
    async with app.run_test(size=(80, 24)) as pilot:
        launcher = await wait_for_screen(pilot, LauncherScreen)
        await wait_until(pilot, lambda: all(c.save_note for c in launcher.query(GameCard)), what="the saves noted")
        await frame_drawn(pilot)  # the notes drawn
        lines = screen_text(app).splitlines()
        for card in launcher.query(GameCard):
            r = card.region
            assert r.y >= 1 and r.bottom <= 23 and r.right <= 80, (card.entry.id, r)  # every card whole on screen
            c = card.content_region
            shown = [line[c.x + 2: c.right].strip() for line in lines[c.y: c.bottom]]  # after the card's edge
            entry = card.entry
            assert shown[0].lstrip("▶ ") == f"{entry.title} - {entry.machine}"
            assert shown[1] == f"{entry.author}, {entry.year}"
            assert shown[2] == entry.pitch  # the description, whole, not replaced
            assert shown[3].startswith("saved game: move ")
            assert summaries[entry.id].startswith(shown[3].removeprefix("saved game: ").rstrip("…").rstrip())
            assert len(shown) == 4  # nothing wrapped onto another line


class PrivateView(StandInGame):
    def screenshot_refusal(self) -> str | None:
        return "No screenshot of a private view."


async def test_a_screen_with_a_private_view_refuses_the_screenshot(arcade_data_dir: Path) -> None:
    app = ArcadeApp(game="ti57-duel", screens={"ti57-duel": lambda: PrivateView("ti57-duel")})  # type: ignore[arg-type]
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_for_screen(pilot, PrivateView)
        assert app.deliver_screenshot() is None
        await wait_until(pilot, lambda: any("private view" in str(n.message) for n in notifications(app)), what="the refusal")
        assert not (arcade_data_dir / "screenshots").exists() or not any((arcade_data_dir / "screenshots").iterdir())


async def test_machine_rooms_have_their_own_page_and_back_comes_to_it() -> None:
    """r on the launcher lists the machine rooms (never mixed with the games); a room opens from
    there, and Back from the room comes to the rooms' page, Esc to the games."""
    from arcade.shell.launcher import RoomsScreen

    assert catalog.rooms() and not set(e.id for e in catalog.rooms()) & set(e.id for e in catalog.games())
    app = ArcadeApp()
    async with app.run_test(size=(80, 24)) as pilot:
        launcher = await wait_for_screen(pilot, LauncherScreen)
        assert {c.entry.id for c in launcher.query(GameCard)} == {e.id for e in catalog.games()}
        await type_keys(pilot, "r")
        page = await wait_for_screen(pilot, RoomsScreen)
        assert [c.entry.id for c in page.query(GameCard)] == [e.id for e in catalog.rooms()]
        text = screen_text(app)
        for entry in catalog.rooms():
            assert entry.title in text
        room = catalog.rooms()[-1]
        await type_keys(pilot, *(["down"] * (len(catalog.rooms()) - 1)), "enter")
        await wait_until(pilot, lambda: app.current_mode == room.id, what=f"the {room.title}")
        app.action_launcher()
        await wait_until(pilot, lambda: app.screen is page, what="the rooms' page again")
        assert page.entry.id == room.id  # the room the player comes back from is the one chosen
        await type_keys(pilot, "escape")
        await wait_until(pilot, lambda: app.screen is launcher, what="the games again")
