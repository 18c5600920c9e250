"""The arcade app: a launcher mode plus one mode per started game.

Each game is an app *mode* (Textual keeps one screen stack per mode), added the
first time the game starts: leaving a game for the launcher keeps it as it was,
and coming back resumes it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable, Iterable

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from arcade import catalog
from arcade.help import HelpScreen, keys_markdown
from arcade.launcher import LauncherScreen

HERE = Path(__file__).parent


class ArcadeApp(App[None]):
    """Vintage machine arcade."""

    TITLE = "Vintage machine arcade"
    CSS_PATH = "app.tcss"
    MODES = {"launcher": LauncherScreen}
    DEFAULT_MODE = "launcher"

    BINDINGS = [
        Binding("question_mark,f1", "help", "Help", key_display="?", id="arcade.help"),
    ]

    def __init__(
        self,
        game: str | None = None,
        theme: str | None = None,
        screens: dict[str, Callable[[], Screen]] | None = None,
    ) -> None:
        """``screens`` replaces the catalog's screen for some games (tests give fake drivers)."""
        super().__init__()
        self.initial_game = game
        self.screen_overrides = dict(screens or {})
        if theme:
            self.theme = theme

    def on_mount(self) -> None:
        if self.initial_game:
            self.start_game(self.initial_game)

    def start_game(self, game_id: str) -> None:
        """Open a game's screen (creating it the first time), or say why not."""
        entry = catalog.get(game_id)
        override = self.screen_overrides.get(game_id)
        if override is None and not entry.available:
            self.notify(f"{entry.title} on the {entry.machine} is coming soon: its screen is not written yet.", severity="warning")
            return
        if game_id not in self._modes:
            self.add_mode(game_id, override or entry.load_screen())
        self.switch_mode(game_id)

    def action_launcher(self) -> None:
        if self.current_mode != "launcher":
            self.switch_mode("launcher")

    def action_help(self) -> None:
        screen = self.screen
        if isinstance(screen, HelpScreen):
            return
        game_id = getattr(screen, "GAME_ID", None)
        text = catalog.get(game_id).help_text() if game_id else (HERE / "launcher.md").read_text(encoding="utf-8")
        self.push_screen(HelpScreen(text, keys_markdown(screen)))

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand("Arcade: launcher", "Back to the list of games", self.action_launcher)
        for entry in catalog.games():
            if entry.available:
                yield SystemCommand(
                    f"Play: {entry.title} ({entry.machine})", entry.pitch, lambda g=entry.id: self.start_game(g)
                )
        for title, help_text, callback in getattr(screen, "palette_commands", list)():
            yield SystemCommand(title, help_text, callback)
