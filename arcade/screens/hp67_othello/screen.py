"""HP-67 Othello: play Jean-Marc Verniajou's 199-step program on an emulated HP-67.

The turn flow, saves, undo, history, pause and stop are ``OthelloScreen``'s (the game is
an ``OthelloSession``; the calculator's insides come as the driver's frozen ``HP67View``); this
screen adds the calculator: its LED display, an HP-97 style printer tape of the
keys the driver pressed, the inspector, the real machine's speed and the
program's ``row.col`` coordinates.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.reactive import reactive
from textual.widgets import ProgressBar

from arcade.screens.hp67_othello.inspector import HP67Inspector
from arcade.screens.hp67_othello.printer import REAL_STEPS_PER_SECOND, duration, print_turn
from arcade.screens.hp67_othello.words import HP67Words
from arcade.screens.hp67_othello.workshop import HP67Workshop
from arcade.screens.messages import MachineProgress
from arcade.screens.othello.screen import OthelloScreen
from arcade.screens.othello.words import Labels
from arcade.widgets.blank import Column
from arcade.widgets.changed import update_if_changed
from arcade.widgets.led import LedDisplay
from arcade.widgets.lines import LineText
from arcade.widgets.tape import PrinterTape
from games.othello.driver import MoveRecord, OthelloDriver
from games.othello.session import OthelloView

REAL_SLICE = 5  # a sixth of a second of a real HP-67: smooth progress, prompt switching


class HP67OthelloScreen(OthelloScreen):
    """The board on the left; the calculator (display, printer, insides) on the right; its workshop
    (``HP67Workshop``) and words (``HP67Words``) held as parts."""

    GAME_ID = "hp67-othello"
    CSS_PATH = str(Path(__file__).with_name("screen.tcss"))  # absolute: subclasses elsewhere keep it
    TITLE = "Othello on the HP-67"
    MACHINE = "HP-67"
    STEPS_PER_SECOND = REAL_STEPS_PER_SECOND
    REAL_SLICE = REAL_SLICE

    BINDINGS = [
        Binding("c", "toggle_coords", "row.col", id="othello.toggle-coords"),
        Binding("s", "toggle_speed", "Speed", id="hp67.toggle-speed"),
        Binding("i", "toggle_inspector", "Inspector", id="hp67.toggle-inspector"),
        Binding("w", "workshop", "Change the program", show=False, id="hp67.workshop"),
    ]

    words: HP67Words
    program_coords: reactive[bool] = reactive(False)
    inspecting: reactive[bool] = reactive(False, repaint=False)

    def __init__(self, driver_factory: Callable[[], OthelloDriver] | None = None, *, ask_side: bool = True) -> None:
        super().__init__(driver_factory, ask_side=ask_side, words=HP67Words(self.MACHINE))
        self.workshop = HP67Workshop(self)
        self._progress: tuple[int, int | None] | None = None  # (steps, total) of the turn under way
        self._last_time = ""  # the last turn's steps and time on a real HP-67

    # -- the calculator's panel --------------------------------------------------------

    def compose_machine(self) -> ComposeResult:
        with Column(id="calculator", classes="machine-panel"):
            yield LedDisplay(id="led")
            yield LineText(id="speed")
            yield ProgressBar(id="progress", show_eta=False)
            yield PrinterTape(id="tape")
            yield HP67Inspector(id="inspector")

    def on_mount(self) -> None:
        self.show_variant()  # who wrote the program (the title already names Othello and the HP-67)
        self.query_one("#progress", ProgressBar).visible = False  # hidden but in place: no layout when shown
        self.query_one("#inspector").display = False
        self._show_speed()  # then OthelloScreen.on_mount (Textual calls every class's handler)

    # -- what the player sees --------------------------------------------------------

    def board_labels(self) -> tuple[Labels, Labels]:
        return self.words.program_labels() if self.program_coords else super().board_labels()

    def show_machine(self, view: OthelloView) -> None:
        if not self.busy or view.running == "person":
            self.query_one("#led", LedDisplay).text = view.display
        if self.inspecting and not self.busy:
            self._show_inspector(view.machine, view.rows)

    def _show_inspector(self, machine: Any, rows: dict[int, str]) -> None:
        if machine is None:
            return  # no calculator yet: the session is being built
        self.query_one("#inspector", HP67Inspector).show(machine, rows, self.session.listing)

    def _show_speed(self) -> None:
        """The speed line: the mode, or the turn under way, or the last turn's time (fixed height: no layout)."""
        mode = "instant" if self.instant else f"real HP-67 ({REAL_STEPS_PER_SECOND} steps/s)"
        line = Text(f"Speed: {mode} (s)", no_wrap=True, overflow="ellipsis")
        if self._progress is not None and self.busy:
            steps, total = self._progress
            line.append("\n")
            line.append(f"step {steps:,}")
            line.append(f"/{total:,}: {duration(steps)} of {duration(total)}" if total else f": {duration(steps)} on a real HP-67")
        elif self._last_time:
            line.append(f"\n{self._last_time}")
        update_if_changed(self.query_one("#speed", LineText), line)

    def speed_text(self) -> str:
        return "Instant speed." if self.instant else "Real HP-67 speed: about 30 program steps a second."

    def game_starts(self) -> None:
        self._last_time = ""

    def settings(self) -> dict[str, Any]:
        return {**super().settings(), "program_coords": self.program_coords, "inspecting": self.inspecting}

    def apply_settings(self, settings: dict[str, Any]) -> None:
        super().apply_settings(settings)
        self.program_coords = bool(settings.get("program_coords", self.program_coords))
        self.inspecting = bool(settings.get("inspecting", self.inspecting))
        self._show_speed()

    # -- actions ---------------------------------------------------------------------

    def action_toggle_coords(self) -> None:
        """The board's labels change at once, busy or not (the board is the session's picture)."""
        self.program_coords = not self.program_coords
        self._board.view = self.board_view(self.view)
        self.update_status()
        self.say("Coordinates: the program's row.col." if self.program_coords else "Coordinates: standard a-h / 1-8.")

    def watch_instant(self, instant: bool) -> None:
        if not self.is_mounted:
            return
        if instant:
            self.query_one("#progress", ProgressBar).visible = False  # no bar at instant speed
        self._show_speed()

    def action_toggle_inspector(self) -> None:
        self.inspecting = not self.inspecting

    def watch_inspecting(self, inspecting: bool) -> None:
        self.set_class(inspecting, "-inspecting")
        self._board.compact = inspecting
        self.query_one("#inspector").display = inspecting
        self.query_one("#tape").display = not inspecting
        self.update_status()
        if inspecting and not self.busy:
            view = self.view
            self._show_inspector(view.machine, view.rows)

    # -- the turn flow's news ------------------------------------------------------------

    def game_shown(self, resumed: bool) -> None:
        view = self.view
        self.show_variant()  # the title: the session (and its program) may have just arrived
        tape = self.query_one("#tape", PrinterTape)
        tape.reset()
        tape.note(f"new game, HP-67 {view.machine_color.label.lower()}")
        print_turn(tape, list(view.new_game_keys), list(view.new_game_displays or (view.display,)), by_machine=True)
        if resumed:  # resumed, undone or redone: the tape shows the game as it now stands, key by key
            for record in view.history:
                self._print_record(tape, record)
        self._last_time = self._time_of(view.history[-1]) if view.history else ""  # not an undone move's
        self._show_speed()

    def _print_record(self, tape: PrinterTape, record: MoveRecord) -> None:
        who = "HP-67" if record.by_machine else "you"
        tape.note(f"{who} {record.standard_notation} {record.machine_notation}")
        print_turn(tape, record.keys, record.displays, by_machine=record.by_machine)

    def turn_shown(self, record: MoveRecord) -> None:
        self._print_record(self.query_one("#tape", PrinterTape), record)
        self._last_time = self._time_of(record)
        self._show_speed()  # the turn just shown, not the one before it

    @staticmethod
    def _time_of(record: MoveRecord) -> str:
        who = "HP-67" if record.by_machine else "your move"
        return f"{who}: {record.machine_steps:,} steps, {duration(record.machine_steps)} real"

    def turn_ended(self) -> None:
        self._progress = None
        self.query_one("#progress", ProgressBar).visible = False
        self._show_speed()

    def show_progress(self, message: MachineProgress) -> None:
        super().show_progress(message)
        self._progress = (message.steps, message.total)
        bar = self.query_one("#progress", ProgressBar)
        if not self.instant:
            bar.visible = True
            bar.update(total=message.total, progress=message.steps)
        elif bar.visible:
            bar.visible = False
        self._show_speed()
        if message.view is not None:
            self.query_one("#led", LedDisplay).text = message.view.display
            if self.inspecting:
                self._show_inspector(message.view, self.view.rows)

    def palette_commands(self) -> list[tuple[str, str, Callable[[], Any]]]:
        return [
            *super().palette_commands(),
            ("Othello: toggle row.col coordinates", "The program's own coordinates", self.action_toggle_coords),
            ("HP-67: toggle speed", "Instant, or the real machine's 30 steps a second", self.action_toggle_speed),
            ("HP-67: toggle inspector", "Stack, registers, flags and listing", self.action_toggle_inspector),
            ("HP-67: change the program", "Open it in the HP-67 room; a card written there is a variant n plays",
             self.action_workshop),
        ]
