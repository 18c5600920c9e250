"""The calculator rooms' shared screen: display, keyboard and the state beside it.

The machine is at a machine host's table (``games/workshop/room_table.py``), in a process
of its own: keys go down as requests, a frozen ``RoomView`` comes up with every answer,
and while a program runs the host sends a view every tenth of a second.  Esc (or R/S,
or on the HP-67 any key) asks the host to stop the program.  Nothing here runs a step.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any, Callable, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.geometry import Size
from textual.widget import Widget
from textual.widgets import Header, Static

from arcade.runtime.link import TableLink, TableNews
from arcade.screens.tall_terminal import ROOMY_BREAKPOINTS
from arcade.widgets.dialogs import Question
from arcade.widgets.footer import KeysFooter
from arcade.widgets.keyboard import CalcKeyboard
from arcade.widgets.led import LedDisplay
from arcade.widgets.plain import visible
from games.host.news import Answer, HostGone, Note
from games.workshop.calc_room import RoomView

SWITCHED_ON = RoomView(display="", flashing=False, prefix="", mode="RUN", step=0, code="", mnemonic="",
                       running=False, paused=False, message="")
"""What the room shows until its machine's first view comes from the host (a few milliseconds)."""


class KeyList(Widget):
    """The terminal's keys for the machine's, packed to the widget's own width at every paint:
    the list wraps between entries ("s STO"), never inside one."""

    DEFAULT_CSS = "KeyList { height: auto; color: $text-muted; }"

    def __init__(self, entries: tuple[str, ...], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.entries = entries

    def render(self) -> Text:
        return Text.assemble(("Terminal keys\n", "bold"), packed(self.entries, max(self.size.width, 1)))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return 1 + packed(self.entries, max(width, 1)).count("\n") + 1


def packed(entries: tuple[str, ...], width: int, gap: str = "  ") -> str:
    """``entries`` on lines of ``width`` cells, broken between entries, never inside one
    (an entry wider than a line has a line of its own, and only then wraps)."""
    lines: list[str] = []
    for entry in entries:
        if lines and len(lines[-1]) + len(gap) + len(entry) <= width:
            lines[-1] += gap + entry
        else:
            lines.append(entry)
    return "\n".join(lines)


class ListingChoice(Question):
    """Which game's listing to open in the machine."""

    def __init__(self, titles: list[str]) -> None:
        super().__init__("Open which game's listing in the machine? (its program replaces the one in memory)")
        self.ANSWERS = [(str(i), f"{i + 1}: {title.split(' (')[0]}") for i, title in enumerate(titles)]
        self.titles = titles

    def on_key(self, event: Any) -> None:
        if event.character and event.character.isdigit() and 0 < int(event.character) <= len(self.titles):
            event.stop()
            self.dismiss(str(int(event.character) - 1))


class CalculatorRoom(Screen[None]):
    """One calculator on the bench; subclasses give the model, keyboard faces and key map."""

    DEFAULT_CSS = """
    CalculatorRoom #room { height: 1fr; }
    CalculatorRoom #machine { width: 2fr; min-width: 44; padding: 0 1; }
    CalculatorRoom #state { width: 1fr; min-width: 26; padding: 0 1; border-left: solid $foreground 20%; }
    CalculatorRoom #switch { height: 1; }
    CalculatorRoom #message { margin-top: 1; }
    /* under 100 columns (the app's -narrow): the keys as wide as their legends need, the state beside them */
    CalculatorRoom.-narrow #machine { width: 1fr; min-width: 0; padding: 0; }
    CalculatorRoom.-narrow #state { width: 20; min-width: 0; }
    /* from 38 rows (arcade/screens/tall_terminal.py) the calculator is in the middle of the screen */
    CalculatorRoom.-roomy { align-vertical: middle; }
    CalculatorRoom.-roomy #room { max-height: 24; }
    """
    VERTICAL_BREAKPOINTS = ROOMY_BREAKPOINTS

    BINDINGS = [
        Binding("escape", "escape", "Stop / back", key_display="esc", id="room.escape"),
        Binding("ctrl+o", "open_listing", "Open a game's listing", id="room.open-listing"),
        Binding("f10", "back", "Back to the game", show=False, id="room.back"),
    ]

    GAME_ID: ClassVar[str] = ""
    KEYMAP: ClassVar[dict[str, str]] = {}
    """Terminal key (Textual's ``event.key``) -> the machine's key name."""
    KEYBOARD: ClassVar[tuple[tuple[Any, ...], ...]] = ()
    LISTINGS: ClassVar[tuple[Any, ...]] = ()
    PREFIX_KEYS: ClassVar[frozenset[str]] = frozenset()
    SHIFTS: ClassVar[tuple[str, ...]] = ()
    """The prefixes whose legends the keys show, in the order of ``KeyFace.shifted``."""

    def __init__(self, folder: Path | None = None) -> None:
        """``folder``: where the machine's cards or notebook pages are kept."""
        super().__init__()
        self.table = TableLink(self, self.GAME_ID, folder=str(folder) if folder is not None else "")
        self.view_now = SWITCHED_ON
        self.card_names: tuple[str, ...] = ()  # the cards on the shelf, as the host last saw them
        self.back_to: str | None = None  # the game screen that opened its program here

    @property
    def busy(self) -> bool:
        return self.view_now.running

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="room"):
            with Vertical(id="machine"):
                yield LedDisplay(id="display")
                yield Static(id="switch")
                yield CalcKeyboard(self.KEYBOARD, id="keyboard")
            with Vertical(id="state"):
                yield Static(id="state-text")
                yield KeyList(self.HINT, id="keys")
        yield KeysFooter(compact=True)

    def on_mount(self) -> None:
        self.show(self.view_now)
        self.table.ask("look", "look")  # the host starts, and the machine's first view comes back

    def on_unmount(self) -> None:
        self.table.close()

    # -- keys --------------------------------------------------------------------------

    def on_key(self, event: Any) -> None:
        name = self.KEYMAP.get(event.key)
        if name is None and event.character:
            name = self.KEYMAP.get(event.character)
        if name is None:
            return
        event.stop()
        event.prevent_default()
        self.press(name)

    def on_calc_keyboard_key_pressed(self, event: CalcKeyboard.KeyPressed) -> None:
        self.press(event.key)

    def press(self, name: str) -> None:
        self.send_keys([name])

    def send_keys(self, names: list[str]) -> None:
        """Keys to the machine; while a program runs, the keys that stop it stop it (``stops_program``)."""
        if self.view_now.running:
            if self.stops_program(names[0]):
                self.table.stop()
            else:
                self.show(replace(self.view_now, message=f"the program is running: {self.STOP_KEYS} stops it"))
            return
        self.table.request("keys", "keys", names)

    STOP_KEYS: ClassVar[str] = "R/S"
    """The keys that stop a running program, in words."""

    def stops_program(self, name: str) -> bool:
        return name == "R/S"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "back":  # F10 goes back to a game only when a game opened its program here
            return self.back_to is not None
        return True

    def action_escape(self) -> None:
        """Stop a running program; else drop a prefix waiting for its key (f, g, h, STO...); else leave."""
        if self.view_now.running:
            self.table.stop()
        elif self.view_now.prefix and self.CLEARS_PREFIX:
            self.table.ask("prefix", "clear_prefix")
        else:
            self.action_back()

    CLEARS_PREFIX: ClassVar[bool] = False
    """Esc forgets a prefix waiting for its key (the HP-67 room)."""

    def action_back(self) -> None:
        """Back to the game that opened its program here (else to the launcher)."""
        if self.view_now.running:
            self.table.stop()
            return
        back, self.back_to = self.back_to, None
        if back:
            self.app.switch_mode(back)
        else:
            self.app.action_launcher()

    def action_open_listing(self) -> None:
        if self.view_now.running:
            self.notify("Stop the program first (Esc).", severity="warning")
            return
        titles = [listing.title for listing in self.LISTINGS]

        def chosen(answer: str | None) -> None:
            if answer is not None:
                self.table.ask("open", "open_game", int(answer))

        self.app.push_screen(ListingChoice(titles), chosen)

    def ask_named_file(self, dialog: Callable[[], Screen[Any]], act: Callable[[str, str], tuple[Any, ...]]) -> None:
        """The cards' and the notebook's dialog: refused while running; ``act(what, name)`` is the
        request that reads or writes the file (its name and arguments), carried out in the host."""
        if self.view_now.running:
            self.notify("Stop the program first (Esc).", severity="warning")
            return

        def done(answer: tuple[str, str] | None) -> None:
            if answer is not None:
                self.table.ask("file", *act(*answer))

        self.app.push_screen(dialog(), done)

    # -- the host's news ------------------------------------------------------------------

    def on_table_news(self, message: TableNews) -> None:
        """A view while a program runs; an answer's picture; a file read or written, said."""
        news = message.news
        if isinstance(news, Note) and isinstance(news.payload, RoomView):
            self.show(news.payload)
        elif isinstance(news, Answer):
            self.table.ended(news)
            picture = news.picture
            if picture is not None:
                self.card_names = picture.card_names
                self.show(picture.view)
            if message.kind == "file":
                ok = news.done and bool(news.result)
                self.notify(visible(self.view_now.message or news.text), severity="information" if ok else "error",
                            markup=False)
            elif news.outcome == "failed":
                self.notify(visible(f"{news.error}: {news.text}"), severity="error", markup=False)
        elif isinstance(news, HostGone):
            self.show(replace(SWITCHED_ON, message="The machine stopped working; it is switched on again."))
            self.table.close()
            self.table.ask("look", "look")

    # -- drawing -------------------------------------------------------------------------

    def show(self, view: Any) -> None:
        self.view_now = view
        display = self.query_one("#display", LedDisplay)
        text = view.display
        if view.running and not view.paused:
            text = "running…"
        elif view.flashing:
            text = f"✱ {text} ✱"
        display.text = text
        display.border_title = "PAUSE" if view.paused else ("RUNNING" if view.running else "")
        self.query_one("#switch", Static).update(self.switch_line(view))
        pending = view.prefix.split()
        shift = self.SHIFTS.index(pending[-1]) if pending and pending[-1] in self.SHIFTS else None
        self.query_one("#keyboard", CalcKeyboard).light(set(pending) & self.PREFIX_KEYS, shift)
        self.query_one("#state-text", Static).update(self.state_text(view))

    def switch_line(self, view: Any) -> Text:
        return Text(f"mode {view.mode}")

    def state_text(self, view: Any) -> Text:
        out = Text()
        out.append("Mode  ", style="dim").append(view.mode + "\n", style="bold")
        out.append("Step  ", style="dim").append(f"{view.step:03d}\n" if self.GAME_ID == "hp67-room" else f"{view.step:02d}\n")
        out.append("Code  ", style="dim").append(f"{view.code or '—'}\n")
        out.append("Holds ", style="dim").append(f"{view.mnemonic or '—'}\n")
        out.append("Keys  ", style="dim").append(f"{view.prefix or '—'}\n")
        if view.message:
            out.append("\n" + view.message + "\n", style="italic")
        return out

    HINT: ClassVar[tuple[str, ...]] = ()
    """The terminal's keys for the machine's, one entry each ("s STO"): the list wraps between entries."""
