"""``arcade match --watch``: the match screen in an app of its own.

With nothing behind the match screen, Back (Esc) first stops a running series and
shows the games finished so far (the screen does that); with none running it asks
before leaving, so a stray Esc never quits.
"""

from __future__ import annotations

from pathlib import Path

from textual.app import App
from textual.binding import Binding

from arcade.screens.match.screen import MatchScreen
from arcade.widgets.dialogs import Question

HELP = Path(__file__).with_name("help.md")


class LeaveDialog(Question):
    """Back from the match screen when it stands alone (``arcade match --watch``): leave, or stay."""

    ANSWERS = [("leave", "Leave (y)"), ("stay", "Stay (n)")]
    BINDINGS = [
        Binding("y,q", "answer('leave')", "Leave", id="leave.yes"),
        Binding("n", "answer('stay')", "Stay", id="leave.no"),
    ]


class MatchApp(App[None]):
    """The match screen on its own (``arcade match --watch``)."""

    TITLE = "Vintage machine arcade"
    CSS_PATH = Path(__file__).parents[2] / "shell" / "footer.tcss"  # the arcade's compact footer
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]
    BINDINGS = [Binding("question_mark,f1", "help", "Help", key_display="?", id="arcade.help")]

    def __init__(self, games: int = 2, first: str = "hp67", autostart: bool = True, instant: bool = False) -> None:
        super().__init__()
        self.games = games
        self.first = first
        self.autostart = autostart
        self.instant = instant

    def make_screen(self) -> MatchScreen:
        return MatchScreen(self.games, self.first, autostart=self.autostart, instant=self.instant)

    def on_mount(self) -> None:
        self.push_screen(self.make_screen())

    def action_launcher(self) -> None:
        """Back with nothing behind the match screen: ask before leaving (a stray Esc never quits)."""
        if isinstance(self.screen, LeaveDialog):
            return

        def after(answer: str | None) -> None:
            if answer == "leave":
                self.exit()

        self.push_screen(LeaveDialog("Leave the match?"), after)

    def action_help(self) -> None:
        from arcade.screens.help import HelpScreen, keys_markdown

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(HELP.read_text(encoding="utf-8"), keys_markdown(self.screen)))
