"""The launcher: one card per game from the catalog; choose, then Enter."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from arcade.catalog import GameEntry, games


class GameCard(Static):
    """A game's title, machine, year, author and pitch; dimmed when not playable yet."""

    class Chosen(Message):
        def __init__(self, card: GameCard, start: bool) -> None:
            super().__init__()
            self.card = card
            self.start = start

    def __init__(self, entry: GameEntry, index: int) -> None:
        super().__init__(id=f"card-{entry.id}", classes="card" + ("" if entry.available else " -soon"))
        self.entry = entry
        self.index = index

    def render(self) -> Text:
        e = self.entry
        selected = self.has_class("-selected")
        t = Text(no_wrap=True, overflow="ellipsis")
        t.append("▶ " if selected else "  ", "bold")
        t.append(e.title, "bold")
        t.append(f" - {e.machine}")
        if not e.available:
            t.append("  (coming soon)", "italic")
        t.append(f"\n  {e.author}, {e.year}\n  ")
        t.append(e.pitch, "italic")
        return t

    def on_click(self, event: events.Click) -> None:
        self.post_message(self.Chosen(self, start=self.has_class("-selected")))


class LauncherScreen(Screen[None]):
    """The home screen of the arcade."""

    CSS_PATH = "launcher.tcss"
    HELP_FILE = "launcher.md"

    BINDINGS = [
        Binding("up,k", "move(-1)", "Previous", id="launcher.previous"),
        Binding("down,j", "move(1)", "Next", id="launcher.next"),
        Binding("enter", "start", "Start", id="launcher.start"),
        Binding("q", "app.quit", "Quit", id="launcher.quit"),
    ]

    selected: reactive[int] = reactive(0)

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("Choose a game - every one runs unmodified on its own emulated machine.", id="intro")
        with VerticalScroll(id="cards", can_focus=False):  # the arrows choose a card, not scroll
            for i, entry in enumerate(games()):
                yield GameCard(entry, i)
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "launcher"
        self.watch_selected(self.selected)

    def watch_selected(self, selected: int) -> None:
        for card in self.query(GameCard):
            card.set_class(card.index == selected, "-selected")
            card.refresh()
            if card.index == selected:
                card.scroll_visible(animate=False)

    @property
    def entry(self) -> GameEntry:
        return games()[self.selected]

    def action_move(self, delta: int) -> None:
        self.selected = (self.selected + delta) % len(games())

    def action_start(self) -> None:
        self.app.start_game(self.entry.id)  # type: ignore[attr-defined]

    def on_game_card_chosen(self, message: GameCard.Chosen) -> None:
        self.selected = message.card.index
        if message.start:
            self.action_start()
