"""The launcher, help, Escape, and the command line."""

from __future__ import annotations

import pytest

from arcade import catalog
from arcade.__main__ import main
from arcade.app import ArcadeApp
from arcade.help import HelpScreen
from arcade.hp67_othello.screen import HP67OthelloScreen
from arcade.launcher import GameCard, LauncherScreen
from tests.arcade.fake_driver import FakeDriver
from tests.arcade.helpers import screen_text


def fake_app(**kwargs: object) -> ArcadeApp:
    return ArcadeApp(screens={"hp67-othello": lambda: HP67OthelloScreen(FakeDriver)}, **kwargs)  # type: ignore[arg-type]


async def test_launcher_shows_one_card_per_game_and_fits_80x24() -> None:
    app = ArcadeApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
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
        await pilot.press("j", "down")
        assert screen.selected == 2
        await pilot.press("k")
        assert screen.selected == 1
        assert screen.query_one("#card-ti57-duel").has_class("-selected")
        await pilot.press("up", "up")  # wraps to the last card
        assert screen.selected == len(catalog.games()) - 1


async def test_coming_soon_cannot_start(monkeypatch: pytest.MonkeyPatch) -> None:
    soon = catalog.GameEntry("test-soon", "Pong", "PDP-1", "1962", "nobody", "Not written yet.", screen=None)
    monkeypatch.setitem(catalog._CATALOG, soon.id, soon)
    app = ArcadeApp()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("up", "enter")  # up from the first card wraps to the last: the unwritten one
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)
        assert "coming soon" in screen_text(app)
        assert any("coming soon" in n.message for n in app._notifications)


def test_a_game_whose_driver_is_missing_is_coming_soon(monkeypatch: pytest.MonkeyPatch) -> None:
    entry = catalog.GameEntry("x", "X", "m", "y", "a", "p", screen="arcade.launcher:LauncherScreen", requires=("no.such.module",))
    assert not entry.available
    assert catalog.get("hp67-othello").available


async def test_mouse_chooses_then_starts() -> None:
    app = fake_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.click("#card-ti57-wolf")
        assert app.screen.selected == 2
        await pilot.click("#card-hp67-othello")
        assert app.screen.selected == 0
        await pilot.click("#card-hp67-othello")
        await pilot.pause(0.2)
        assert app.current_mode == "hp67-othello"


async def test_enter_opens_the_game_escape_comes_back_and_resumes() -> None:
    app = fake_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause(0.2)
        assert app.current_mode == "hp67-othello"
        await pilot.press("escape")  # dismisses the side question
        await pilot.pause(0.1)
        assert isinstance(app.screen, HP67OthelloScreen)
        game = app.screen
        await pilot.press("escape")
        await pilot.pause(0.2)
        assert isinstance(app.screen, LauncherScreen)
        await pilot.press("enter")
        await pilot.pause(0.2)
        assert app.screen is game  # the same game, as it was


async def test_help_on_launcher_and_in_game() -> None:
    app = fake_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause(0.2)
        assert isinstance(app.screen, HelpScreen)
        assert "Quit" in app.screen.keys
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)
        await pilot.press("enter")
        await pilot.pause(0.2)
        await pilot.press("b")
        await pilot.pause(0.2)
        await pilot.press("f1")
        await pilot.pause(0.2)
        assert isinstance(app.screen, HelpScreen)
        assert "R/S" in app.screen.text  # the original user's guide
        assert "Inspector" in app.screen.keys
        await pilot.press("q")  # q closes help, it does not quit the game
        await pilot.pause()
        assert isinstance(app.screen, HP67OthelloScreen)


async def test_q_quits_from_the_launcher() -> None:
    app = ArcadeApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("q")
        await pilot.pause()
        assert not app.is_running


async def test_game_option_starts_the_game() -> None:
    app = fake_app(game="hp67-othello")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        assert app.current_mode == "hp67-othello"


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
    from arcade.help import HelpScreen as H
    from arcade.widgets.dialogs import GameOverDialog, Question, SideDialog

    for cls in (ArcadeApp, LauncherScreen, HP67OthelloScreen, H, Question, SideDialog, GameOverDialog):
        for binding in cls.BINDINGS:
            assert binding.description, (cls, binding)
            assert binding.id, (cls, binding)
