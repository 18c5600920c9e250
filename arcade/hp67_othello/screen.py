"""HP-67 Othello: play Jean-Marc Verniajou's 199-step program on an emulated HP-67.

The turn flow, saves, undo, history, pause and stop are ``OthelloScreen``'s; this
screen adds the calculator: its LED display, an HP-97 style printer tape of the
keys the driver pressed, the inspector, the real machine's speed and the
program's ``row.col`` coordinates.
"""

from __future__ import annotations

from typing import Any, Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.reactive import reactive
from textual.widgets import ProgressBar, Static

from arcade.hp67_othello.inspector import HP67Inspector
from arcade.messages import MachineProgress
from arcade.othello.screen import OthelloScreen
from arcade.widgets.board import OthelloBoard
from arcade.widgets.led import LedDisplay
from arcade.widgets.tape import PrinterTape
from games.othello.driver import MoveRecord, OthelloDriver
from games.othello.referee import Disc, name

REAL_STEPS_PER_SECOND = 30
"""The HP-67 runs about 30 program steps a second (the author's figure, seed 000/001)."""

INSTANT_SLICE = 2000
REAL_SLICE = 5  # a sixth of a second of a real HP-67: smooth progress, prompt switching


def default_driver() -> OthelloDriver:
    from games.hp67_othello.driver import HP67OthelloDriver

    return HP67OthelloDriver()


def duration(steps: int) -> str:
    """How long a real HP-67 takes for ``steps`` program steps, e.g. ``'13 min 20 s'``."""
    seconds = round(steps / REAL_STEPS_PER_SECOND)
    if seconds < 60:
        return f"{seconds} s"
    minutes, seconds = divmod(seconds, 60)
    if minutes < 60:
        return f"{minutes} min {seconds:02d} s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min"


def print_turn(tape: PrinterTape, keys: list[str], displays: list[str], *, by_machine: bool) -> None:
    """Print a turn's keys and displays in the order they happened on the calculator.

    The driver lists keys and displays apart; on the HP-67 each stop (a display
    worth noting) comes before the key that resumes the program: ``E`` 192.0 ``R/S``
    0.0 for a new game, ``B`` 6.4 ``R/S`` 0.0 for the calculator's move, and the
    player's ``6 . 4`` then ``R/S`` (or ``B`` for the first move).
    """
    keys, shown = list(keys), list(displays)
    if not by_machine:  # the human's entry: digits, then the key that runs the program
        digits = ""
        for key in keys:
            if len(key) == 1 and key in "0123456789.":
                digits += key
            elif digits:
                tape.entry(digits, key)
                digits = ""
            else:
                tape.key(key)
        if digits:
            tape.key(digits)
        return
    while keys or shown:
        # keys up to (and not including) the one that resumes after a stop
        while keys and not (shown and keys[0] in ("R/S", "CHS") and len(keys) <= len(shown)):
            tape.key(keys.pop(0))
        if shown:
            tape.shown(shown.pop(0))
        if keys and keys[0] == "CHS":
            tape.key(keys.pop(0))
        if keys:
            tape.key(keys.pop(0))


class _KeyLog:
    """A tape that only collects its lines: the history's key sequence in the calculator's order."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def key(self, key: str) -> None:
        self.parts.append(key)

    def entry(self, number: str, key: str) -> None:
        self.parts.append(f"{' '.join(number)} {key}")

    def shown(self, display: str) -> None:
        self.parts.append(f"[{display}]")


def key_sequence(keys: list[str], displays: list[str], *, by_machine: bool) -> str:
    """``6 . 4 R/S`` or ``R/S [5.3] R/S [0.0]``: what to press on a real HP-67, displays in brackets."""
    log = _KeyLog()
    print_turn(log, keys, displays, by_machine=by_machine)  # type: ignore[arg-type]
    return " ".join(log.parts)


class HP67OthelloScreen(OthelloScreen):
    """The board on the left; the calculator (display, printer, insides) on the right."""

    GAME_ID = "hp67-othello"
    CSS_PATH = "screen.tcss"
    TITLE = "Othello on the HP-67"
    MACHINE = "HP-67"
    STEPS_PER_SECOND = REAL_STEPS_PER_SECOND
    INSTANT_SLICE = INSTANT_SLICE
    REAL_SLICE = REAL_SLICE
    SIDE_QUESTION = "New game. Which side does the HP-67 play? Black moves first."
    PASS_HINT = "press 0 to pass (0 R/S)"
    RECORDING = "The HP-67 records your move..."

    BINDINGS = [
        Binding("c", "toggle_coords", "row.col", id="othello.toggle-coords"),
        Binding("s", "toggle_speed", "Speed", id="hp67.toggle-speed"),
        Binding("i", "toggle_inspector", "Inspector", id="hp67.toggle-inspector"),
    ]

    program_coords: reactive[bool] = reactive(False)
    inspecting: reactive[bool] = reactive(False)

    def __init__(self, driver_factory: Callable[[], OthelloDriver] = default_driver, *, ask_side: bool = True) -> None:
        super().__init__(driver_factory, ask_side=ask_side)

    # -- the calculator's panel --------------------------------------------------------

    def compose_machine(self) -> ComposeResult:
        with Vertical(id="calculator", classes="machine-panel"):
            yield LedDisplay(id="led")
            yield Static(id="speed")
            yield ProgressBar(id="progress", show_eta=False)
            yield PrinterTape(id="tape")
            yield HP67Inspector(id="inspector")

    def on_mount(self) -> None:
        self.sub_title = f"{self.driver.title or 'Othello'} - {self.driver.machine_name or 'HP-67'}"
        self.query_one("#progress", ProgressBar).display = False
        self.query_one("#inspector").display = False
        self._show_speed()  # then OthelloScreen.on_mount (Textual calls every class's handler)

    # -- what the player sees --------------------------------------------------------

    def program_notation(self, sq: int) -> str:
        """The square in the program's ``row.col``, as the driver names it."""
        from games.hp67_othello.driver import program_notation

        return program_notation(sq)

    def board_labels(self) -> dict[str, tuple[str, ...]]:
        if not self.program_coords:
            return {"col_labels": tuple("abcdefgh"), "row_labels": tuple("12345678")}
        return {
            "col_labels": tuple(self.program_notation(c).split(".")[1] for c in range(8)),  # squares a1..h1
            "row_labels": tuple(self.program_notation(r * 8).split(".")[0] for r in range(8)),  # a1..a8
        }

    def disc_tag(self, disc: Disc) -> str:
        return "" if self.inspecting else f" {disc.label}"

    def cursor_text(self, cursor: int) -> str:
        return f"  cursor {name(cursor)} = {self.program_notation(cursor)}"

    def key_sequence(self, record: MoveRecord) -> str:
        return key_sequence(record.keys, record.displays, by_machine=record.by_machine)

    def history_header(self) -> str:
        keys = getattr(self.driver, "new_game_keys", [])
        if not keys:
            return ""
        shown = getattr(self.driver, "new_game_displays", [])
        return "start: " + key_sequence(keys, shown, by_machine=True)

    def refresh_machine(self) -> None:
        self.query_one("#led", LedDisplay).text = self.driver.display if self._started else ""
        if self.inspecting:
            self._show_inspector(self._machine_view())

    def _machine_view(self) -> Any:
        viewer = getattr(self.driver, "machine_view", None)
        return viewer() if viewer is not None else None

    def progress_view(self) -> Any:
        return self._machine_view()

    def _show_inspector(self, view: Any) -> None:
        rows = getattr(self.driver, "decoded_rows", dict)()
        listing = getattr(self.driver, "listing", list)()
        self.query_one("#inspector", HP67Inspector).show(view, rows, listing)

    def _show_speed(self, steps: int | None = None, total: int | None = None) -> None:
        speed = self.query_one("#speed", Static)
        mode = "instant" if self.instant else f"real HP-67 ({REAL_STEPS_PER_SECOND} steps/s)"
        line = Text(f"Speed: {mode} (s)", no_wrap=True, overflow="ellipsis")
        if steps is not None:
            line = Text(no_wrap=True, overflow="ellipsis")
            line.append(f"step {steps:,}")
            if total:
                line.append(f"/{total:,}: {duration(steps)} of {duration(total)}")
            else:
                line.append(f": {duration(steps)} on a real HP-67")
        elif self._last_time:
            line.append(f"\n{self._last_time}")
        speed.update(line, layout=False)  # fixed height: no layout pass

    def speed_text(self) -> str:
        return "Instant speed." if self.instant else "Real HP-67 speed: about 30 program steps a second."

    def settings(self) -> dict[str, Any]:
        return {**super().settings(), "program_coords": self.program_coords, "inspecting": self.inspecting}

    def apply_settings(self, settings: dict[str, Any]) -> None:
        super().apply_settings(settings)
        self.program_coords = bool(settings.get("program_coords", self.program_coords))
        self.inspecting = bool(settings.get("inspecting", self.inspecting))
        self._show_speed()

    # -- actions ---------------------------------------------------------------------

    def action_toggle_coords(self) -> None:
        self.program_coords = not self.program_coords
        if not self.busy:
            self.query_one("#board", OthelloBoard).view = self.board_view()
        self.say("Coordinates: the program's row.col." if self.program_coords else "Coordinates: standard a-h / 1-8.")

    def action_toggle_speed(self) -> None:
        super().action_toggle_speed()
        self._show_speed()

    def action_toggle_inspector(self) -> None:
        self.inspecting = not self.inspecting

    def watch_inspecting(self, inspecting: bool) -> None:
        self.set_class(inspecting, "-inspecting")
        self.query_one("#board", OthelloBoard).compact = inspecting
        self.query_one("#inspector").display = inspecting
        self.query_one("#tape").display = not inspecting
        if not self.busy:
            self._update_status()
            if inspecting:
                self._show_inspector(self._machine_view())

    # -- the turn flow's news ------------------------------------------------------------

    def game_shown(self, resumed: bool) -> None:
        d = self.driver
        tape = self.query_one("#tape", PrinterTape)
        tape.reset()
        tape.note(f"new game, HP-67 {d.machine_color.label.lower()}")
        print_turn(tape, getattr(d, "new_game_keys", []), getattr(d, "new_game_displays", [d.display]), by_machine=True)
        if resumed:  # resumed, undone or redone: the tape shows the game as it now stands, key by key
            for record in d.history:
                self._print_record(tape, record)
            self._show_speed()

    def _print_record(self, tape: PrinterTape, record: MoveRecord) -> None:
        who = "HP-67" if record.by_machine else "you"
        tape.note(f"{who} {record.standard_notation} {record.machine_notation}")
        print_turn(tape, record.keys, record.displays, by_machine=record.by_machine)

    def turn_shown(self, record: MoveRecord) -> None:
        self._print_record(self.query_one("#tape", PrinterTape), record)
        self._last_time = f"{'HP-67' if record.by_machine else 'your move'}: {record.machine_steps:,} steps, {duration(record.machine_steps)} real"
        self._show_speed()

    def turn_ended(self) -> None:
        self.query_one("#progress", ProgressBar).display = False

    def show_progress(self, message: MachineProgress) -> None:
        bar = self.query_one("#progress", ProgressBar)
        if not self.instant:
            bar.display = True
            bar.update(total=message.total, progress=message.steps)
        self._show_speed(message.steps, message.total)
        if message.view is not None:
            self.query_one("#led", LedDisplay).text = message.view.display
            if self.inspecting:
                self._show_inspector(message.view)

    def palette_commands(self) -> list[tuple[str, str, Callable[[], Any]]]:
        return [
            *super().palette_commands(),
            ("Othello: toggle row.col coordinates", "The program's own coordinates", self.action_toggle_coords),
            ("HP-67: toggle speed", "Instant, or the real machine's 30 steps a second", self.action_toggle_speed),
            ("HP-67: toggle inspector", "Stack, registers, flags and listing", self.action_toggle_inspector),
        ]
