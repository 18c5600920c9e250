"""The CPC 6128's machine room: the Ready prompt on the CPC's own screen.

Every key goes to the CPC (through the headless ``CpcRoom`` of ``games.workshop``):
type numbered lines, ``LIST``, ``RUN``, ``EDIT n`` with the cursor keys, ``AUTO``,
``DELETE``, ``RENUM``, ``PRINT 2+2``...; ``SAVE "name"``, ``LOAD "name"`` and ``CAT``
use a folder of the arcade's data directory as the disc, which holds the games'
listings (``LOAD "othello"``).  Esc breaks a running program (ESC ESC on the CPC)
or abandons the line being typed; ``CONT`` goes on.  F9 (or Ctrl+Shift+Esc, where the
terminal sends it) resets the CPC, as its Ctrl+Shift+Esc does: the way out of a program
that ignores ESC (``ON BREAK CONT``).

The CPC runs at a machine host's table (``games/workshop/cpc_room_table.py``), in a
process of its own, for as long as the room lives: the room sends keys and draws the
frozen views the host sends back, so a ``10 GOTO 10`` never freezes the arcade.
"""

from __future__ import annotations

from pathlib import Path

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Header, Static

from arcade.screens.arcade_app import back_to_launcher, start_game
from arcade.runtime.link import TableLink, TableNews
from arcade.screens.room.cpc_disc import disc_dir
from arcade.screens.tall_terminal import ROOMY_BREAKPOINTS
from arcade.widgets.cpc_screen import CpcScreen
from arcade.widgets.footer import KeysFooter
from arcade.widgets.plain import visible
from arcade.widgets.words import path_lines
from games.host.news import Answer, HostGone, Note
from games.lazard_othello.cpc_view import CpcScreenView
from games.workshop.cpc_room import BREAK, KEYS, RESET, RoomView

MODE_WORDS = {
    "ready": "Ready: type a line, RETURN.",
    "auto": "AUTO: numbered lines; Esc ends.",
    "edit": "Line editor: cursor keys, Backspace, Del; RETURN keeps, Esc abandons.",
    "running": "Running: Esc breaks (CONT goes on).",
}


class CpcRoomScreen(Screen[None]):
    """An Amstrad CPC 6128 switched on, its disc a folder."""

    GAME_ID = "cpc-room"
    CSS_PATH = str(Path(__file__).with_name("cpc.tcss"))
    TITLE = "Amstrad CPC 6128"
    VERTICAL_BREAKPOINTS = ROOMY_BREAKPOINTS  # roomy: the monitor in the middle (cpc.tcss)

    BINDINGS = [
        Binding("f10", "leave", "Leave", id="room.leave"),
        Binding("f2", "load_game", "LOAD \"othello\"", id="room.load-othello"),
        Binding("ctrl+shift+escape,f9", "reset", "Reset", key_display="F9",
                tooltip="Ctrl+Shift+Esc on the CPC: the machine as switched on",
                id="room.reset"),
    ]

    def __init__(self, disc: Path | None = None) -> None:
        super().__init__()
        self.disc = disc if disc is not None else disc_dir()
        self.table = TableLink(self, self.GAME_ID, disc=str(self.disc))
        self.back_to: str | None = None  # the game's mode that opened the room ("change the program")
        self.room_view = RoomView(screen=CpcScreenView(), mode="ready", line="", notice="", statements=0,
                                  lines=0)  # until the CPC's first view comes from the host

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="room"):
            yield CpcScreen(id="cpc")
            yield Static(id="room-info", markup=False)
        yield KeysFooter(compact=True)

    def on_mount(self) -> None:
        self.sub_title = "Locomotive BASIC 1.1 - the machine room"
        self.show(self.room_view)
        self.table.pace(paused=False)
        self.table.request("run", "run")  # the CPC runs at the host's table while the room lives

    def on_screen_resume(self) -> None:
        self.table.pace(paused=False)

    def on_screen_suspend(self) -> None:
        """Another screen or game in front: the CPC holds (a runaway left running would take a
        core from the game being played); it goes on when the room comes back."""
        self.table.pace(paused=True)

    # -- the machine, at the host's table -----------------------------------------------

    def on_table_news(self, message: TableNews) -> None:
        """What the CPC shows now (a note while it runs, an answer's picture)."""
        news = message.news
        if isinstance(news, Note) and isinstance(news.payload, RoomView):
            self.room_view = news.payload
            self.show(news.payload)
        elif isinstance(news, Answer):
            self.table.ended(news)
            # a key's answer leaves the host as the key is queued, beside the running machine: its
            # picture can be older than the note the machine sends once it has typed the key (the
            # screen stayed on a program running after Esc had broken it); that note shows the key
            if isinstance(news.picture, RoomView) and message.kind != "key":
                self.room_view = news.picture
                self.show(news.picture)
        elif isinstance(news, HostGone) and self.is_mounted:
            self.notify("The CPC stopped working; it is switched on again.", severity="error")
            self.table.close()
            self.table.request("run", "run")

    def show(self, view: RoomView) -> None:
        self.query_one("#cpc", CpcScreen).view = view.screen
        info = [
            MODE_WORDS.get(view.mode, view.mode),
            "",
            f"Program: {view.lines} line{'' if view.lines == 1 else 's'}.",
            f"Statements run: {view.statements:,}.",
            "",
            "Disc: a folder,",
            *path_lines(Path(self.disc), 36),  # the panel's width at 80 columns
            "",
            "Esc: break / abandon the line",
            "Tab: COPY; Shift+arrows: copy cursor",
            "F2: LOAD \"othello\"   F10: leave",
            "F9: reset (Ctrl+Shift+Esc)",
        ]
        if view.notice:
            info[0:0] = [f"! {visible(view.notice)}", ""]  # a fault's words may hold a file's name
        self.query_one("#room-info", Static).update("\n".join(info))

    # -- keys ---------------------------------------------------------------------------
    def on_key(self, event: events.Key) -> None:
        """Every key the CPC has goes to it; F-keys and Ctrl+keys stay the arcade's."""
        if event.key == "escape":
            self.feed(BREAK)
        elif event.key in KEYS:
            self.feed(KEYS[event.key])
        elif event.is_printable and event.character and " " <= event.character <= "~":
            self.feed(event.character)
        else:
            return
        event.stop()
        event.prevent_default()

    def feed(self, keys: str) -> None:
        """Keys for the CPC (``BREAK``, ``RESET`` too): typed by the machine at the host's table."""
        self.table.ask("key", "feed", keys)

    def type_line(self, text: str) -> None:
        """Type a line at the prompt as a person would (a menu's or another screen's way in)."""
        self.feed(text + KEYS["enter"])

    def open_listing(self, name: str, back_to: str | None = None) -> None:
        """``LOAD "name"``: a game's listing to read, LIST and change; F10 goes back to ``back_to``."""
        self.back_to = back_to
        view = self.room_view
        if view.running or view.mode != "ready" or view.line:
            self.feed(BREAK)  # a program running is broken into, a half-typed line abandoned
        self.type_line(f'LOAD "{name}"')

    def action_reset(self) -> None:
        """Ctrl+Shift+Esc: end whatever runs (even under ON BREAK CONT) and clear the machine."""
        self.feed(RESET)

    def action_load_game(self) -> None:
        self.type_line('LOAD "othello"')

    def action_leave(self) -> None:
        if self.back_to is not None:
            mode, self.back_to = self.back_to, None
            start_game(self.app, mode)
            return
        back_to_launcher(self.app)

    def on_unmount(self) -> None:
        self.table.close()
