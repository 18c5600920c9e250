"""A game screen opened on a damaged save: the damage is reported with the file and the reason,
the file is kept aside (or left in place once, when it cannot be moved), and a fresh game is
there to play -- never a crash, never a loop.  Pilot tests (slow): one per way of failing.

The saves are REAL saves of each game (``real_saves.py``) with one field broken.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Callable

import pytest
from textual.screen import Screen

import arcade.shell.app as app_module
from arcade.runtime.textual_compat import notifications
from arcade.storage import saves
from arcade.shell.app import ArcadeApp
from arcade.widgets.dialogs import ResumeDialog
from arcade.shell.launcher import LauncherScreen
from arcade.storage.saves import SaveStore
from arcade.screens.ti57_duel.screen import TI57DuelScreen
from arcade.screens.ti57_wolf.screen import TI57WolfScreen
from arcade.widgets.dialogs import SideDialog
from games.othello.session import OthelloSession
from games.ti57_duel.session import Phase as DuelPhase
from games.ti57_wolf.referee import Side
from games.ti57_wolf.session import WolfSession
from tests.arcade.damage import real_envelope
from tests.arcade.helpers import handled, flat, type_keys, wait_until

SCREENS: dict[str, Callable[[], Screen[Any]]] = {
    "ti57-duel": lambda: TI57DuelScreen(pause_seconds=0.02, blink=False),
    "ti57-wolf": lambda: TI57WolfScreen(coin=lambda: Side.WOLF, blink=False),
}


def fresh_game(app: ArcadeApp, game: str) -> bool:
    """The game the screen offers after a save it could not use: a new one, ready to play."""
    screen = app.screen
    if game.endswith("othello"):
        return isinstance(screen, SideDialog)  # a new Othello game starts by choosing the machine's side
    if game == "ti57-duel":
        return isinstance(screen, TI57DuelScreen) and screen.saves.ready and screen.seen.phase is DuelPhase.LIMIT
    return (isinstance(screen, TI57WolfScreen) and screen.saves.ready and screen.picture is not None
            and screen.shown_view.moves_played == 0)  # the table's new game


class NotingApp(ArcadeApp):
    """The arcade, every note it makes kept (``told``): a toast goes after its seconds, and on a loaded
    machine a test may look only after that (the event loop stalled), so a wait on the toast alone
    depends on time."""

    CSS_PATH = [Path(app_module.__file__).with_name(name) for name in ArcadeApp.CSS_PATH]  # beside the app, not here

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.told: list[str] = []

    def notify(self, message: str, *args: Any, **kwargs: Any) -> None:
        self.told.append(message)
        super().notify(message, *args, **kwargs)


def notes(app: ArcadeApp) -> list[str]:
    """Every note ``app`` made (those timed out too) if it keeps them (``told``), else the toasts up now."""
    told = getattr(app, "told", None)
    if told is not None:
        return list(told)
    return [n.message for n in notifications(app)]


def write(envelope: dict[str, Any], game: str) -> bytes:
    data = json.dumps(envelope).encode()
    path = SaveStore().path_for(game)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return data


@pytest.mark.parametrize("game", ["hp67-othello", "lazard-othello", "ti57-duel", "ti57-wolf"])
async def test_a_save_with_a_wrong_field_is_reported_kept_aside_and_a_new_game_offered(game: str) -> None:
    envelope = real_envelope(game)
    envelope["state"]["schema"] = "x"
    data = write(envelope, game)
    app = NotingApp(game=game, screens=SCREENS)
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, ResumeDialog), what="the resume question")
        await type_keys(pilot, "r")
        await wait_until(pilot, lambda: any(f"{game}.json could not be restored" in m for m in notes(app)),
                         what="the damage reported")
        await wait_until(pilot, lambda: fresh_game(app, game), what="a fresh game")
        said = " ".join(notes(app))
        assert f"kept as {game}.unusable-1.json" in said and "schema" in said, said
    assert (SaveStore().directory / f"{game}.unusable-1.json").read_bytes() == data


@pytest.mark.parametrize("game", ["hp67-othello", "ti57-wolf"])
async def test_any_fault_while_resuming_is_reported_as_a_fault_never_a_crash(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object, **kwargs: object) -> Any:
        raise KeyError("a bug in the checks")

    monkeypatch.setattr(OthelloSession if game.endswith("othello") else WolfSession, "from_save", broken)
    data = write(real_envelope(game), game)
    app = NotingApp(game=game, screens=SCREENS)
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, ResumeDialog), what="the resume question")
        await type_keys(pilot, "r")
        await wait_until(pilot, lambda: any("a fault: KeyError" in m for m in notes(app)), what="the fault reported")
        await wait_until(pilot, lambda: fresh_game(app, game), what="a fresh game")
    assert app.return_code in (None, 0)
    assert (SaveStore().directory / f"{game}.unusable-1.json").read_bytes() == data


async def test_a_save_the_resume_question_cannot_describe_is_reported_before_any_dialog() -> None:
    envelope = real_envelope("ti57-wolf")
    envelope["state"]["game"] = 5  # the question counts the moves of state.game.history
    write(envelope, "ti57-wolf")
    app = NotingApp(game="ti57-wolf", screens=SCREENS)
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        await wait_until(pilot, lambda: any("ti57-wolf.json could not be restored" in m for m in notes(app)),
                         what="the damage reported")
        await wait_until(pilot, lambda: fresh_game(app, "ti57-wolf"), what="a fresh game")
    assert (SaveStore().directory / "ti57-wolf.unusable-1.json").exists()


async def test_an_unmovable_damaged_save_is_reported_once_and_never_read_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """As in a read-only data directory: moving the file fails (os.link/os.replace refuse), so do writes."""
    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    data = b"[" * 1000 + b"]" * 1000
    path = SaveStore().path_for("ti57-wolf")
    path.parent.mkdir(parents=True)
    path.write_bytes(data)
    monkeypatch.setattr(saves.os, "link", refuse)
    monkeypatch.setattr(saves.os, "replace", refuse)
    monkeypatch.setattr(saves, "_stuck", {})
    app = NotingApp(screens=SCREENS)
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        await wait_until(pilot, lambda: "save unreadable" in flat(app), what="the launcher's card")
        await wait_until(pilot, lambda: any("ti57-wolf.json" in m for m in notes(app)), what="the report")
        app.start_game("ti57-wolf")
        await wait_until(pilot, lambda: fresh_game(app, "ti57-wolf"), what="a fresh game")
        await type_keys(pilot, "escape")  # wherever it leads, the launcher comes back below
        app.action_launcher()
        await wait_until(pilot, lambda: isinstance(app.screen, LauncherScreen), what="the launcher again")
        assert "save unreadable" in flat(app)
        reports = [m for m in notes(app) if "ti57-wolf.json" in m and "nested" in m]
        assert len(reports) == 1, notes(app)  # once in the run, not again by the screen nor the launcher
    assert path.read_bytes() == data


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="chmod does not stop root")
async def test_a_read_only_data_directory(arcade_data_dir: Path) -> None:
    data = write({"format": 1, "game": "ti57-wolf", "state": {"game": "trunc"}}, "ti57-wolf")[:-5]
    path = SaveStore().path_for("ti57-wolf")
    path.write_bytes(data)
    path.parent.chmod(0o555)
    try:
        app = NotingApp(screens=SCREENS)
        async with app.run_test(size=(100, 32), notifications=True) as pilot:
            await wait_until(pilot, lambda: "save unreadable" in flat(app), what="the launcher's card")
            app.start_game("ti57-wolf")
            await wait_until(pilot, lambda: fresh_game(app, "ti57-wolf"), what="a fresh game")
            assert len([m for m in notes(app) if "ti57-wolf.json could not be read" in m]) == 1
    finally:
        path.parent.chmod(0o755)
    assert path.read_bytes() == data


async def test_a_resumed_othello_whose_settings_break_the_screen_is_a_damaged_save(monkeypatch: pytest.MonkeyPatch) -> None:
    from arcade.screens.hp67_othello.screen import HP67OthelloScreen

    def broken(self: object, settings: object) -> None:
        raise TypeError("a setting the screen cannot show")

    monkeypatch.setattr(HP67OthelloScreen, "apply_settings", broken)
    data = write(real_envelope("hp67-othello"), "hp67-othello")
    app = NotingApp(game="hp67-othello")
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, ResumeDialog), what="the resume question")
        await type_keys(pilot, "r")
        await wait_until(pilot, lambda: any("a fault: TypeError" in m for m in notes(app)), what="the fault reported")
        await wait_until(pilot, lambda: fresh_game(app, "hp67-othello"), what="a fresh game")
    assert (SaveStore().directory / "hp67-othello.unusable-1.json").read_bytes() == data


async def test_a_session_that_cannot_say_its_state_keeps_the_last_save_and_says_so_once() -> None:
    from textual.app import App

    from tests.arcade.test_game_screen import Probe

    store = SaveStore()
    store.save("probe", {"kept": True}, saved_at="then", summary="move 1")

    class Broken(Probe):
        def save_state(self) -> dict[str, Any] | None:
            raise ValueError("NaN is not a number")

    class BrokenApp(App[None]):
        def __init__(self) -> None:
            super().__init__()
            self.told: list[str] = []  # every note, as NotingApp keeps them

        def notify(self, message: str, *args: Any, **kwargs: Any) -> None:
            self.told.append(message)
            super().notify(message, *args, **kwargs)

        def on_mount(self) -> None:
            self.push_screen(Broken())

    app = BrokenApp()
    async with app.run_test(notifications=True) as pilot:
        screen = app.screen
        screen.saves.ready = True  # type: ignore[attr-defined]
        for _ in range(3):
            assert screen.saves.save() is None  # type: ignore[attr-defined]
        await wait_until(pilot, lambda: any("a fault: ValueError" in m for m in notes(app)), what="the fault told")
        await handled(pilot)  # the notes the other two saves queued, if any
        assert len([m for m in notes(app) if "a fault: ValueError" in m]) == 1, notes(app)
    assert app.return_code in (None, 0)
    assert store.load("probe") == {"kept": True}
