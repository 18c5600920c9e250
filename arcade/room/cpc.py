"""The CPC 6128's machine room: the Ready prompt on the CPC's own screen.

Every key goes to the CPC (through the headless ``CpcRoom`` of ``games.workshop``):
type numbered lines, ``LIST``, ``RUN``, ``EDIT n`` with the cursor keys, ``AUTO``,
``DELETE``, ``RENUM``, ``PRINT 2+2``...; ``SAVE "name"``, ``LOAD "name"`` and ``CAT``
use a folder of the arcade's data directory as the disc, which holds the games'
listings (``LOAD "othello"``).  Esc breaks a running program (ESC ESC on the CPC)
or abandons the line being typed; ``CONT`` goes on.  F9 (or Ctrl+Shift+Esc, where the
terminal sends it) resets the CPC, as its Ctrl+Shift+Esc does: the way out of a program
that ignores ESC (``ON BREAK CONT``).

One thread worker runs the machine for as long as the screen lives: it types the
keys waiting, runs the program in slices and posts frozen views.  The event loop
only queues keys and draws, so a ``10 GOTO 10`` never freezes the arcade.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from pathlib import Path

from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Header, Static
from textual.worker import get_current_worker

from arcade.laid_out import LaidOut
from arcade.room.cpc_disc import disc_dir
from arcade.roomy import ROOMY_BREAKPOINTS
from arcade.widgets.cpc_screen import CpcScreen
from arcade.widgets.footer import KeysFooter
from arcade.widgets.plain import visible
from arcade.widgets.words import path_lines
from games.workshop.cpc_room import BREAK, KEYS, RESET, CpcRoom, RoomView

SLICE = 2_000  # BASIC statements between two looks at the queue and the stop flag
FRAME = 1 / 30  # a running program's screen is posted at most this often
IDLE_WAIT = 0.25  # the idle worker wakes this often to see whether it is cancelled

MODE_WORDS = {
    "ready": "Ready: type a line, RETURN.",
    "auto": "AUTO: numbered lines; Esc ends.",
    "edit": "Line editor: cursor keys, Backspace, Del; RETURN keeps, Esc abandons.",
    "running": "Running: Esc breaks (CONT goes on).",
}


class CpcRoomScreen(LaidOut, Screen[None]):
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

    @dataclass
    class Changed(Message):
        """The worker's news: a new picture of the CPC."""

        view: RoomView

    def __init__(self, disc: Path | None = None) -> None:
        super().__init__()
        self.room = CpcRoom(disc if disc is not None else disc_dir())
        self.back_to: str | None = None  # the game's mode that opened the room ("change the program")
        self.room_view = self.room.view()
        self._shown = threading.Event()  # the worker runs the CPC only while the room is on screen

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="room"):
            yield CpcScreen(id="cpc")
            yield Static(id="room-info", markup=False)
        yield KeysFooter(compact=True)

    def on_mount(self) -> None:
        self.sub_title = "Locomotive BASIC 1.1 - the machine room"
        self.show(self.room_view)
        self._shown.set()
        self.run_machine()

    def on_screen_resume(self) -> None:
        self._shown.set()

    def on_screen_suspend(self) -> None:
        """Another screen or game in front: the CPC holds (a runaway left running would take a
        core from the game being played); it goes on when the room comes back."""
        self._shown.clear()

    # -- the machine, in its worker ------------------------------------------------------
    @work(thread=True, exclusive=True, exit_on_error=False, group="cpc-room")
    def run_machine(self) -> None:
        """Type the keys, run the program in slices, post what the CPC shows."""
        worker = get_current_worker()
        room = self.room
        posted = 0.0
        while not worker.is_cancelled:
            if not self._shown.wait(IDLE_WAIT):
                continue
            if not room.busy:
                if not room.wait_for_keys(IDLE_WAIT):
                    continue
            view = room.step(SLICE)
            now = time.monotonic()
            if not view.running or now - posted >= FRAME:
                posted = now
                self.post_message(self.Changed(view))

    @on(Changed)
    def _changed(self, message: Changed) -> None:
        self.room_view = message.view
        self.show(message.view)

    def show(self, view: RoomView) -> None:
        self.query_one("#cpc", CpcScreen).view = view.screen
        info = [
            MODE_WORDS.get(view.mode, view.mode),
            "",
            f"Program: {view.lines} line{'' if view.lines == 1 else 's'}.",
            f"Statements run: {view.statements:,}.",
            "",
            "Disc: a folder,",
            *path_lines(Path(self.room.disc), 36),  # the panel's width at 80 columns
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
            self.room.feed(BREAK)
        elif event.key in KEYS:
            self.room.feed(KEYS[event.key])
        elif event.is_printable and event.character and " " <= event.character <= "~":
            self.room.feed(event.character)
        else:
            return
        self.room.clear_notice()
        event.stop()
        event.prevent_default()

    def type_line(self, text: str) -> None:
        """Type a line at the prompt as a person would (a menu's or another screen's way in)."""
        self.room.feed(text + KEYS["enter"])

    def open_listing(self, name: str, back_to: str | None = None) -> None:
        """``LOAD "name"``: a game's listing to read, LIST and change; F10 goes back to ``back_to``."""
        self.back_to = back_to
        view = self.room.view()
        if view.running or view.mode != "ready" or view.line:
            self.room.feed(BREAK)  # a program running is broken into, a half-typed line abandoned
        self.type_line(f'LOAD "{name}"')

    def action_reset(self) -> None:
        """Ctrl+Shift+Esc: end whatever runs (even under ON BREAK CONT) and clear the machine."""
        self.room.feed(RESET)
        self.room.clear_notice()

    def action_load_game(self) -> None:
        self.type_line('LOAD "othello"')

    def action_leave(self) -> None:
        if self.back_to is not None:
            mode, self.back_to = self.back_to, None
            self.app.start_game(mode)  # type: ignore[attr-defined]
            return
        self.app.action_launcher()  # type: ignore[attr-defined]

    def on_unmount(self) -> None:
        self.workers.cancel_group(self, "cpc-room")
