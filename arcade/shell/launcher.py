"""The launcher: one card per game from the catalog; choose, then Enter.

A card says when its game has a save waiting, on a line of its own under the
description ("saved game: move 14", the summary each game's session gives: moves
played so far); the game's screen then asks whether to resume it.  A save that
cannot be read is reported by name as the launcher opens (``SaveStore`` has kept it
aside, or left it in place and remembered it when the directory is read-only: then it
is reported once a run, and its card says "save unreadable").  Coming back from a game, the launcher highlights that game, so Enter
returns to it.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Header, Static

from arcade.screens.arcade_app import start_game
from arcade.shell.catalog import GameEntry, games, rooms
from arcade.widgets.footer import KeysFooter
from arcade.widgets.lines import LineText
from arcade.storage.saves import SaveError, SaveStore


class GameCard(LineText):
    """A game's title, machine, year, author and pitch; dimmed when not playable yet.

    It draws its lines itself (``LineText``): a launcher key changes two cards, and the strips
    of both looks of a card (chosen or not) are kept, where a ``Static`` made its content again."""

    COMPONENT_CLASSES = {"gamecard--chosen", "gamecard--edge"}
    """The chosen card's look (``launcher.tcss``): its lines, and the edge on its left."""

    class Chosen(Message):
        def __init__(self, card: GameCard, start: bool) -> None:
            super().__init__()
            self.card = card
            self.start = start

    def __init__(self, entry: GameEntry, index: int) -> None:
        playable = entry.available  # looked up once: it searches the module path (~0.4 ms a card)
        super().__init__(id=f"card-{entry.id}", classes="card" + ("" if playable else " -soon"), markup=False)
        self.entry = entry
        self.playable = playable
        self.index = index
        self.save_note = ""  # "saved game: move 14", or why a save could not be read
        self.chosen = False  # the card Enter starts (choose())
        self._looks: dict[tuple[bool, int, str], Text] = {}  # (chosen, width, save line) -> the card's lines

    def choose(self, chosen: bool) -> None:
        """Mark the card chosen, or not: a repaint of this card only.  Its look comes from its
        component classes, not a CSS class on the card: a class changed restyles the card
        through the whole stylesheet (~1 ms of a launcher key, a quarter of it)."""
        if chosen != self.chosen:
            self.chosen = chosen
            self.show()

    def note_save(self, note: str) -> None:
        """The card's save line ("saved game: move 14", "save unreadable", or none): a line more or less."""
        if note != self.save_note:
            self.save_note = note
            self.set_class(bool(note), "-saved")
            self.show(layout=True)

    def show(self, layout: bool = False) -> None:
        """Draw the card as it is now (only the cells that changed are sent); each look of the
        card is made once (``_looks``) until the theme or the stylesheet changes."""
        key = (self.chosen, self.size.width, self.save_note)
        text = self._looks.get(key)
        if text is None:
            if len(self._looks) > 8:
                self._looks.clear()
            text = self._looks[key] = self.card_text()
        self.update(text, layout=layout)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._looks.clear()
        if self.is_mounted:
            self.show()

    def on_mount(self) -> None:
        self.show()

    def on_resize(self) -> None:
        self.show()

    def card_text(self) -> Text:
        """The card's lines, each cut and padded to its width, with its edge and its chosen look."""
        e = self.entry
        t = Text(no_wrap=True, overflow="ellipsis")
        t.append("▶ " if self.chosen else "  ", "bold")
        t.append(e.title, "bold")
        t.append(f" - {e.machine}")
        if not self.playable:
            t.append("  (coming soon)", "italic")
        t.append(f"\n  {e.author}, {e.year}\n  ")
        t.append(e.pitch, "italic")
        inner = max(10, self.size.width - 2)  # the edge takes two columns
        room = inner - 2
        if self.save_note:  # its own line: never wrapped into the description, never replacing it
            note = self.save_note if len(self.save_note) <= room else self.save_note[: room - 1].rstrip(" ,") + "…"
            t.append("\n  ")
            t.append(note, "bold")
        # the left edge and the chosen card's background, drawn here: every line cut and padded to the width
        edge = self.get_component_rich_style("gamecard--edge") if self.chosen else None
        look = self.get_component_rich_style("gamecard--chosen") if self.chosen else None
        rows = []
        for line in t.split("\n"):
            line.truncate(inner, overflow="ellipsis", pad=True)
            if look is not None:
                line.stylize(look)
            rows.append(Text.assemble(("▌ " if self.chosen else "  ", edge or ""), line))
        return Text("\n", no_wrap=True, end="").join(rows)

    def on_click(self, event: events.Click) -> None:
        self.post_message(self.Chosen(self, start=self.chosen))


class LauncherScreen(Screen[None]):
    """The home screen of the arcade."""

    CSS_PATH = "launcher.tcss"
    HELP_FILE = "launcher.md"
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-tall")]  # tall: the column in the middle

    BINDINGS = [
        Binding("up,k", "move(-1)", "Previous", id="launcher.previous"),
        Binding("down,j", "move(1)", "Next", id="launcher.next"),
        Binding("enter", "start", "Start", id="launcher.start"),
        Binding("r", "rooms", "Machine rooms", id="launcher.rooms"),
        Binding("q", "app.quit", "Quit", id="launcher.quit"),
    ]
    INTRO = "Choose a game - every one runs unmodified on its own emulated machine."
    SUB_TITLE_TEXT = "launcher"

    selected: reactive[int] = reactive(0, repaint=False)  # the two cards repaint themselves, not the screen

    def entries(self) -> list[GameEntry]:
        """The cards of this page."""
        return games()

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="cards", can_focus=False):  # the arrows choose a card, not scroll
            yield Static(self.INTRO, id="intro")
            for i, entry in enumerate(self.entries()):
                yield GameCard(entry, i)
        yield KeysFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "rooms":
            return bool(rooms())
        return True

    def action_rooms(self) -> None:
        self.app.push_screen(RoomsScreen())

    def on_mount(self) -> None:
        self.sub_title = self.SUB_TITLE_TEXT
        self.watch_selected(self.selected)
        self.show_saves()
        self.select_game(getattr(self.app, "last_game", None))  # opened for the first time coming back from --game

    def on_screen_resume(self) -> None:
        self.show_saves()  # a game may have been saved (or finished) since
        self.select_game(getattr(self.app, "last_game", None))

    def select_game(self, game_id: str | None) -> None:
        """Highlight ``game_id``'s card (the game the player comes back from)."""
        ids = [e.id for e in self.entries()]
        if game_id in ids:
            self.selected = ids.index(game_id)

    def show_saves(self) -> None:
        """Mark the cards whose game has a save; report the saves that cannot be read (once each).

        Never raises: whatever a save file holds, the card shows its line, or "save unreadable"
        and the file is kept aside (or, when it cannot be moved, left and not read again)."""
        store = SaveStore()
        for card in self.query(GameCard):
            try:
                info = store.check(card.entry.id)
                if info is not None:
                    note = f"saved game: {info.summary}" if info.summary else "saved game"
                else:  # an unreadable save kept aside stays said until a new save exists
                    note = "save unreadable" if card.save_note == "save unreadable" else ""
            except ValueError:  # not a game id a save can have
                note = ""
            except SaveError as error:
                note = "save unreadable"
                if not error.reported_before:
                    self.notify(str(error), title=f"{card.entry.title}: saved game", severity="error",
                                timeout=15, markup=False)
            card.note_save(note)

    def watch_selected(self, selected: int) -> None:
        """Only the card that loses the mark and the one that gets it change (a repaint of each);
        the rest of the screen stays as it is."""
        for card in self.query(GameCard):
            chosen = card.index == selected
            if card.chosen != chosen:
                card.choose(chosen)
                if chosen:
                    card.scroll_visible(animate=False)

    @property
    def entry(self) -> GameEntry:
        return self.entries()[self.selected]

    def action_move(self, delta: int) -> None:
        self.selected = (self.selected + delta) % len(self.entries())

    def action_start(self) -> None:
        start_game(self.app, self.entry.id)

    def on_game_card_chosen(self, message: GameCard.Chosen) -> None:
        self.selected = message.card.index
        if message.start:
            self.action_start()


class RoomsScreen(LauncherScreen):
    """The launcher's second page: each machine on its own, as its owner used it (Esc: the games)."""

    BINDINGS = [
        Binding("escape,backspace", "app.pop_screen", "Games", id="rooms.back"),
    ]
    INTRO = "Each machine on its own: key a program, run it, change a game's listing."
    SUB_TITLE_TEXT = "machine rooms"

    def entries(self) -> list[GameEntry]:
        return rooms()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action != "rooms"  # the launcher's key to this screen: not one of this screen's (hidden)
