"""The arcade app: a launcher mode plus one mode per started game.

Each game is an app *mode* (Textual keeps one screen stack per mode), added the
first time the game starts: leaving a game for the launcher keeps it as it was,
and coming back resumes it.
"""

from __future__ import annotations

import inspect
import sys
import time
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

from textual import events, on
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.driver import Driver
from textual.filter import LineFilter
from textual.screen import Screen

from arcade.shell import catalog
from arcade.widgets import themes

from arcade.runtime import collector
from arcade.runtime.textual_compat import release_gone_watchers, release_styles_caches, screens_of_every_mode

from arcade.storage import settings
from arcade.shell.bindings import APP_BINDINGS
from arcade.shell.keymap import find_clashes
from arcade.storage.game_saves import GameSaves
from arcade.devtools.stall_probe import start_if_asked
from arcade.widgets.glyphs import AsciiFilter, to_ascii
from arcade.widgets.too_small import TooSmallScreen
from arcade.shell import screenshot_files
from arcade.shell.screenshot_files import screenshot_words
from arcade.shell.signal_quit import SignalQuit
from arcade.shell.terminal_fit import TerminalFit

HERE = Path(__file__).parent


def _opening_screen(game: str | None, overrides: Mapping[str, Callable[[], Screen]]) -> Callable[[], Screen] | type[Screen] | None:
    """The screen ``--game`` opens on, if it can open (else the launcher first, and a notice)."""
    if game is None:
        return None
    if game in overrides:
        return overrides[game]
    try:
        entry = catalog.get(game)
        return entry.load_screen() if entry.available else None
    except (LookupError, ImportError):
        return None


def _css_paths(opening: Callable[[], Screen] | type[Screen]) -> list[Path]:
    """The style files of the screen ``--game`` opens on, to be read with the app's own.

    Textual reads a mode's style files when it first shows the mode, and then parses the
    whole stylesheet again and applies it to every widget (about 10 ms of a launch, before
    the first frame); read with the app's, they are parsed once with the rest."""
    if not (isinstance(opening, type) and issubclass(opening, Screen)) or opening.CSS_PATH is None:
        return []
    paths = opening.CSS_PATH if isinstance(opening.CSS_PATH, list) else [opening.CSS_PATH]
    here = Path(inspect.getfile(opening)).parent
    return [Path(p) if Path(p).is_absolute() else (here / p).resolve() for p in paths]


def _launcher() -> Screen:
    """The launcher's screen (``MODES``), its module imported on first use (~9 ms of a launch)."""
    from arcade.shell.launcher import LauncherScreen

    return LauncherScreen()


class ArcadeApp(App[None]):
    """Vintage machine arcade."""

    TITLE = "Vintage machine arcade"
    CSS_PATH = ["app.tcss", "footer.tcss"]
    MODES = {"launcher": _launcher}  # imported when first shown: --game opens without it
    DEFAULT_MODE = "launcher"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]  # narrow: the compact footers drop "^p palette" (footer.tcss)

    BINDINGS = APP_BINDINGS

    def __init__(
        self,
        game: str | None = None,
        theme: str | None = None,
        screens: dict[str, Callable[[], Screen]] | None = None,
        *,
        ascii_glyphs: bool = False,
        keymap: Mapping[str, str] | None = None,
        config_dir: Path | None = None,
        problems: Iterable[str] = (),
    ) -> None:
        """``screens`` replaces the catalog's screen for some games (tests give fake drivers).

        ``ascii_glyphs`` draws with ASCII only; ``keymap`` maps binding ids to keys;
        ``config_dir`` (the CLI gives ``settings.config_dir()``) is where the theme
        chosen is remembered: without it nothing is read or written, so tests never
        touch the user's files.  ``problems`` (a bad keymap file...) are notified on start.
        """
        opening = _opening_screen(game, screens or {})
        if opening is not None:  # --game: the first frame is the game's; the launcher is built on Back
            self.DEFAULT_MODE = game  # type: ignore[misc] - read by App.__init__ for the first mode
        super().__init__()
        self.initial_game = game
        self.game_modes: set[str] = set()
        """The games' modes added so far (one per game opened, the launcher apart)."""
        self.fit = TerminalFit(self)
        """The terminal's size against the screens': the "too small" cover (``arcade/shell/terminal_fit.py``)."""
        self.signal_quit = SignalQuit(self)
        """The quit after a hang-up or SIGTERM, the games saved first (``arcade/shell/signal_quit.py``)."""
        if opening is not None:
            self.add_mode(game, opening)  # type: ignore[arg-type]
            self.game_modes.add(game)  # type: ignore[arg-type]
            self.css_path = [*self.css_path, *_css_paths(opening)]
        self.last_game: str | None = None
        """The game last started: the launcher highlights it when the player comes back."""
        self.screen_overrides = dict(screens or {})
        self.ascii_glyphs = ascii_glyphs
        """Widgets read this to choose their glyphs; a line filter makes the rest ASCII."""
        self.ascii_filter = AsciiFilter() if ascii_glyphs else None
        self.config_dir = config_dir
        self.startup_problems = list(problems)
        for extra in themes.ARCADE_THEMES:
            self.register_theme(extra)
        remembered = settings.load_settings(config_dir) if config_dir is not None else settings.Settings()
        self.startup_problems += remembered.problems
        self.remembered_theme = remembered.theme
        self.remembered_wolf_seats = remembered.wolf_seats
        """Who plays each side of wolf and lambs, as last chosen (None: never asked)."""
        self.theme_option = theme
        chosen = theme or remembered.theme
        if chosen:
            if chosen in self.available_themes:
                self.theme = chosen
            else:
                self.startup_problems.append(f"unknown theme {chosen[:40]!r}; the themes are: {', '.join(sorted(self.available_themes))}")
        self.user_keymap: dict[str, str] = dict(keymap or {})
        """The binding ids and keys the player's keymap gave (applied with ``set_keymap``)."""
        if keymap:
            # Textual's own clash report is unreliable (a two-key binding "clashes" with itself,
            # a real clash replaces the other binding silently): the keymap module checks instead.
            self.startup_problems += find_clashes(keymap)
            self.set_keymap(dict(keymap))

    def on_mount(self) -> None:
        self.stall_probe = start_if_asked(self)  # bench/ui_latency.py: ARCADE_STALL_PROBE
        self.theme_changed_signal.subscribe(self, self._remember_theme)
        self.app_resume_signal.subscribe(self, self._draw_all_again)
        self.screen_change_signal.subscribe(self, self._screens_changed)
        if self.theme_option and self.theme == self.theme_option:  # --theme is a choice too
            self._remember_theme(None)
        for problem in self.startup_problems:
            self.notify(problem, title="Configuration", severity="error", timeout=12, markup=False)
        if self.initial_game and self.current_mode != self.initial_game:
            self.start_game(self.initial_game)  # it could not open first: start_game says why
        elif self.initial_game:
            self.last_game = self.initial_game
        self.fit.check_soon()
        self.call_after_refresh(setattr, self.signal_quit, "first_frame_drawn", True)  # a hang-up may quit from now on
        self.call_next(self.call_after_refresh, collector.settle)  # after the start-up batch's frame: collecting resumes

    def _screens_changed(self, _screen: object) -> None:
        """A screen came or went: what Textual keeps of the widgets gone with it is let go (their
        styles caches, the app's watchers of their headers: ``arcade/runtime/textual_compat.py``),
        or a long session holds ever more, and the collector walks it all."""
        release_styles_caches()
        release_gone_watchers(self)

    def _draw_all_again(self, _app: object) -> None:
        """Back from a suspend (SIGTSTP, then ``fg``): the terminal's screen was given back and taken
        again empty, and Textual 8.2.8 draws only what changes from then on (the board, the header,
        the footer stayed blank until they changed).  The screen is drawn again whole."""
        self.screen.refresh()

    # -- themes, keymap, glyphs ------------------------------------------------------

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return dict(themes.BOARD_DEFAULTS)

    def get_css_variables(self) -> dict[str, str]:
        variables = super().get_css_variables()
        if not self.current_theme.variables.keys() & themes.BOARD_DEFAULTS.keys():
            variables.update(themes.board_variables(self.current_theme.name))
        variables.update(themes.grid_variables(self.current_theme, variables))
        return variables

    def _remember_theme(self, theme: object) -> None:
        name = self.theme
        if self.config_dir is None or name == self.remembered_theme:
            return
        try:
            _, kept = settings.save_settings_keeping(self.config_dir, self._settings(theme=name))
        except OSError as error:
            self.notify(f"cannot remember the theme in {self.config_dir}: {error}", severity="warning", markup=False)
            return
        if kept is not None:
            self.notify(f"the damaged settings file was kept as {kept}; a new one remembers the theme",
                        title="Configuration", severity="warning", markup=False)
        self.remembered_theme = name

    PASSING_TOASTS = frozenset({"Export", "Screenshot"})
    """Toasts that only say where a file went: they belong to the moment, not to the next game."""

    def notify(self, message: str, *, title: str = "", severity: Any = "information", timeout: float | None = None,
               markup: bool = True) -> None:
        """Textual's, noting each toast's title and when it goes (``clear_passing_toasts``)."""
        shown_for = self.NOTIFICATION_TIMEOUT if timeout is None else timeout
        self._toasts_until = [*getattr(self, "_toasts_until", []), (title, time.monotonic() + shown_for)]
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)

    def clear_passing_toasts(self) -> None:
        """A new game's first question is opening: if the toasts still up only said where a file went
        (the export of the game before), they go, or they are drawn over the question; a toast that
        warns (a damaged save...) keeps them all."""
        now = time.monotonic()
        up = [title for title, until in getattr(self, "_toasts_until", []) if until > now]
        if up and all(title in self.PASSING_TOASTS for title in up):
            self.clear_notifications()
            self._toasts_until = []

    def _settings(self, **changes: Any) -> settings.Settings:
        """The choices remembered now, with ``changes``: one choice written never forgets the others."""
        kept = {"theme": self.remembered_theme, "wolf_seats": self.remembered_wolf_seats}
        return settings.Settings(**{**kept, **changes})

    def remember_wolf_seats(self, seats: dict[str, str]) -> None:
        """Who plays each side of wolf and lambs, for the next first game (without a configuration
        directory, for this run only)."""
        self.remembered_wolf_seats = dict(seats)
        if self.config_dir is None:
            return
        try:
            _, kept = settings.save_settings_keeping(self.config_dir, self._settings())
        except OSError as error:
            self.notify(f"cannot remember who plays in {self.config_dir}: {error}", severity="warning", markup=False)
            return
        if kept is not None:
            self.notify(f"the damaged settings file was kept as {kept}; a new one remembers who plays",
                        title="Configuration", severity="warning", markup=False)

    def get_key_display(self, binding: Binding) -> str:
        shown = super().get_key_display(binding)
        if not self.ascii_glyphs or shown.isascii():
            return shown
        name = binding.key.split(",")[0].strip()  # "enter" rather than a glyph the terminal lacks
        return name if name.isascii() else to_ascii(shown)

    def get_line_filters(self) -> Sequence[LineFilter]:
        """Textual's filters, and with ``ascii_glyphs`` the one that makes every line drawn ASCII."""
        filters = super().get_line_filters()
        return filters if self.ascii_filter is None else [*filters, self.ascii_filter]

    def on_resize(self, event: events.Resize) -> None:
        """A new size: the screen covered while the terminal is too small (``TerminalFit.resized``)."""
        self.fit.resized(event)

    def start_game(self, game_id: str) -> None:
        """Open a game's screen (creating it the first time), or say why not."""
        entry = catalog.get(game_id)
        override = self.screen_overrides.get(game_id)
        if override is None and not entry.available:
            self.notify(f"{entry.title} on the {entry.machine} is coming soon: its screen is not written yet.", severity="warning",
                        markup=False)
            return
        if game_id not in self.game_modes:
            try:
                screen = override or entry.load_screen()
            except ImportError as error:  # a game whose driver or machine is not installed
                self.notify(f"{entry.title} cannot start: {error}", severity="error", markup=False)
                return
            self.add_mode(game_id, screen)
            self.game_modes.add(game_id)
        self.last_game = game_id
        self.switch_mode(game_id)
        self.fit.check_soon()

    def action_launcher(self) -> None:
        if self.current_mode != "launcher":
            self.switch_mode("launcher")
            self.fit.check_soon()

    def action_help(self) -> None:
        from arcade.screens.help import HelpScreen, keys_markdown  # on the first ?: not part of the launch

        screen = self.screen
        if isinstance(screen, (HelpScreen, TooSmallScreen)):
            return
        game_id = getattr(screen, "GAME_ID", None)
        text = catalog.get(game_id).help_text() if game_id else (HERE / "launcher.md").read_text(encoding="utf-8")
        self.push_screen(HelpScreen(text, keys_markdown(screen)))

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand("Arcade: launcher", "Back to the list of games", self.action_launcher)
        for entry in catalog.entries():
            if entry.available:
                verb = "Open" if entry.room else "Play"
                yield SystemCommand(
                    f"{verb}: {entry.title} ({entry.machine})", entry.pitch, lambda g=entry.id: self.start_game(g)
                )
        for title, help_text, callback in getattr(screen, "palette_commands", list)():
            yield SystemCommand(title, help_text, callback)

    # -- screenshots ------------------------------------------------------------------------

    def screenshot_dir(self) -> Path:
        return screenshot_files.screenshot_dir()

    def deliver_screenshot(self, filename: str | None = None, path: str | None = None, time_format: str | None = None) -> str | None:
        """The palette's Screenshot: saved where the arcade keeps its files; the message names the file.
        A screen showing something private refuses, and nothing is written."""
        reason = screenshot_files.refusal(self.screen_stack)
        if reason:
            self.notify(reason, title="Screenshot", severity="warning", markup=False)
            return None
        if filename is None and time_format is None:
            filename = screenshot_files.default_name()
        if self.is_web:  # in a browser (``arcade web``): kept where the arcade keeps its files, and sent to the tab
            saved = Path(self.save_screenshot(filename, path or str(self.screenshot_dir()), time_format))
            self.notify(screenshot_words(saved) + "\nand opened in a new tab", title="Screenshot", markup=False)
            return super().deliver_screenshot(saved.name)
        return super().deliver_screenshot(filename, path or str(self.screenshot_dir()), time_format)

    @on(events.DeliveryComplete)
    def _screenshot_saved(self, event: events.DeliveryComplete) -> None:
        """Said in our words, the folder and the file on lines of their own (Textual's toast, a path in
        quotes, wrapped it mid-word); Textual's own handler stays quiet (``prevent_default``)."""
        if event.name == "screenshot" and event.path is None:  # sent to a browser: said already, on saving
            event.prevent_default()
        elif event.name == "screenshot":
            event.prevent_default()
            self.notify(screenshot_words(event.path), title="Screenshot", markup=False)

    # -- saves on quit (issue 8; the game screens' part) -------------------------------------
    async def action_quit(self) -> None:
        """Quit, every open game first writing its save (its screen saves again as it closes)."""
        self.save_open_games()
        self.exit()

    def save_open_games(self) -> None:
        for screen in screens_of_every_mode(self):  # every mode's screens, not only the current one
            saves = getattr(screen, "saves", None)
            if isinstance(saves, GameSaves):
                saves.save()

    # -- the terminal closing, a polite kill (issue 16; arcade/shell/signal_quit.py, arcade/runtime/hangup.py) --

    def get_driver_class(self) -> type[Driver]:
        """Textual's Linux driver made to survive a terminal that goes away (``arcade/runtime/terminal.py``),
        and its web driver (``TEXTUAL_DRIVER``, set by textual-serve) made to end as one in a
        terminal does (``arcade/runtime/web_driver.py``)."""
        chosen = super().get_driver_class()
        if sys.platform == "win32":
            return chosen
        from textual.drivers.linux_driver import LinuxDriver

        if chosen is LinuxDriver:
            from arcade.runtime.terminal import ArcadeDriver

            return ArcadeDriver
        if chosen.__module__ == "textual.drivers.web_driver" and chosen.__name__ == "WebDriver":
            from arcade.runtime.web_driver import ArcadeWebDriver

            return ArcadeWebDriver
        return chosen

    async def run_async(self, **options: Any) -> Any:
        """Run; while running, a hang-up or SIGTERM caught by ``arcade.runtime.hangup`` saves and quits
        (``SignalQuit.hang_up``)."""
        with self.signal_quit.listening():
            return await super().run_async(**options)
