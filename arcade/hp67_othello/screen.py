"""HP-67 Othello: play Jean-Marc Verniajou's 199-step program on an emulated HP-67.

The screen only shows what the driver says: the referee's board (through
``driver.position``), the calculator's display, the keys the driver pressed.  All
work on the driver happens in one thread worker at a time (a new game cancels the
move in progress); the worker reports with messages and never touches a widget.
"""

from __future__ import annotations

import threading
import time
from functools import partial
from typing import Any, Callable

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Footer, Header, ProgressBar, Static
from textual.worker import get_current_worker

from arcade.hp67_othello.inspector import HP67Inspector
from arcade.messages import GameStarted, MachineProgress, TurnFailed, TurnFinished
from arcade.widgets.board import GLYPH, BoardView, OthelloBoard, SquareClicked
from arcade.widgets.dialogs import GameOverDialog, SideDialog
from arcade.widgets.led import LedDisplay
from arcade.widgets.tape import PrinterTape
from games.othello.driver import MoveCancelled, MoveRecord, OthelloDriver
from games.othello.referee import Disc, IllegalMove, name

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


class HP67OthelloScreen(Screen[None]):
    """The board on the left; the calculator (display, printer, insides) on the right."""

    GAME_ID = "hp67-othello"
    CSS_PATH = "screen.tcss"
    TITLE = "Othello on the HP-67"

    BINDINGS = [
        Binding("up,k", "cursor(-8)", "Up", show=False, id="othello.up"),
        Binding("down,j", "cursor(8)", "Down", show=False, id="othello.down"),
        Binding("left,h", "cursor(-1)", "Left", show=False, id="othello.left"),
        Binding("right,l", "cursor(1)", "Right", show=False, id="othello.right"),
        Binding("enter,space", "play", "Play", id="othello.play"),
        Binding("0", "pass_turn", "Pass", id="othello.pass"),
        Binding("n", "new_game", "New", id="othello.new-game"),
        Binding("m", "toggle_legal", "Hints", id="othello.toggle-legal"),
        Binding("c", "toggle_coords", "row.col", id="othello.toggle-coords"),
        Binding("s", "toggle_speed", "Speed", id="hp67.toggle-speed"),
        Binding("i", "toggle_inspector", "Inspector", id="hp67.toggle-inspector"),
        Binding("escape,backspace", "app.launcher", "Back", id="arcade.back"),
    ]

    busy: reactive[bool] = reactive(False)
    instant: reactive[bool] = reactive(True)
    program_coords: reactive[bool] = reactive(False)
    inspecting: reactive[bool] = reactive(False)

    def __init__(self, driver_factory: Callable[[], OthelloDriver] = default_driver, *, ask_side: bool = True) -> None:
        super().__init__()
        self.driver = driver_factory()
        self.ask_side = ask_side
        self._lock = threading.Lock()
        self._generation = 0
        self._started = False
        self._last_time = ""
        self._message = ""
        self._could_pass = False

    # -- layout ----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="game"):
            with Vertical(id="left"):
                yield OthelloBoard(id="board")
                yield Static(id="status")
                yield Static(id="message")
            with Vertical(id="calculator"):
                yield LedDisplay(id="led")
                yield Static(id="speed")
                yield ProgressBar(id="progress", show_eta=False)
                yield PrinterTape(id="tape")
                yield HP67Inspector(id="inspector")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.sub_title = f"{self.driver.title or 'Othello'} - {self.driver.machine_name or 'HP-67'}"
        self.query_one("#progress", ProgressBar).display = False
        self.query_one("#inspector").display = False
        self._show_speed()
        self.refresh_from_driver()
        if self.ask_side:
            self.call_after_refresh(self.action_new_game)

    # -- what the player sees --------------------------------------------------------

    def program_notation(self, sq: int) -> str:
        """The square in the program's ``row.col``, as the driver names it."""
        from games.hp67_othello.driver import program_notation

        return program_notation(sq)

    def board_view(self) -> BoardView:
        pos = self.driver.position
        legal = frozenset(pos.legal_moves()) if (self._started and self.driver.human_to_move and not self.busy) else frozenset()
        last = self.driver.last_move
        if self.program_coords:
            cols = tuple(self.program_notation(c).split(".")[1] for c in range(8))  # squares a1..h1
            rows = tuple(self.program_notation(r * 8).split(".")[0] for r in range(8))  # a1..a8
        else:
            cols, rows = tuple("abcdefgh"), tuple("12345678")
        return BoardView(
            cells=tuple(pos.at(sq) for sq in range(64)),
            legal=legal,
            last=last.square if last is not None else None,
            flipped=frozenset(last.flipped) if last is not None else frozenset(),
            col_labels=cols,
            row_labels=rows,
        )

    def status_text(self) -> Text:
        d = self.driver
        pos = d.position
        black, white = pos.score()
        t = Text(no_wrap=True, overflow="ellipsis")
        for disc, count in ((Disc.BLACK, black), (Disc.WHITE, white)):
            who = "HP-67" if disc is d.machine_color else "you"
            label = "" if self.inspecting else f" {disc.label}"
            t.append(f"{GLYPH[disc]}{label} {count:>2}", "bold")
            t.append(f" {who}  ")
        t.append("\n")
        cursor = self.query_one("#board", OthelloBoard).cursor
        if not self._started:
            t.append("Choose a side to start (n).")
        elif d.is_over:
            winner = pos.winner()
            if winner is None:
                t.append(f"Game over: a draw, {black}-{white}.", "bold")
            else:
                t.append(f"Game over: {'the HP-67' if winner is d.machine_color else 'you'} won {max(black, white)}-{min(black, white)}.", "bold")
        elif self.busy and d.machine_to_move:
            t.append(f"{GLYPH[d.machine_color]} The HP-67 is thinking...", "bold")
        elif self.busy:
            t.append("The HP-67 records your move...", "bold")
        else:
            t.append(f"{GLYPH[d.human_color]} Your move", "bold reverse")
            t.append(f"  cursor {name(cursor)} = {self.program_notation(cursor)}")
        return t

    def refresh_from_driver(self) -> None:
        """Redraw everything from the driver (only while no worker holds it)."""
        board = self.query_one("#board", OthelloBoard)
        board.view = self.board_view()
        self.query_one("#led", LedDisplay).text = self.driver.display if self._started else ""
        self.query_one("#status", Static).update(self.status_text(), layout=False)
        self.query_one("#message", Static).update(self._message, layout=False)
        if self.inspecting:
            self._show_inspector(self._machine_view())
        can_pass = self._can_pass()
        if can_pass != self._could_pass:  # the footer rebuilds itself on refresh: only when it changes
            self._could_pass = can_pass
            self.refresh_bindings()

    def say(self, text: str) -> None:
        self._message = text
        self.query_one("#message", Static).update(text, layout=False)

    def _machine_view(self) -> Any:
        viewer = getattr(self.driver, "machine_view", None)
        return viewer() if viewer is not None else None

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

    # -- actions ---------------------------------------------------------------------

    def _can_pass(self) -> bool:
        return self._started and not self.busy and self.driver.human_to_move and self.driver.position.must_pass

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pass_turn":
            return self._could_pass
        return True

    def action_cursor(self, delta: int) -> None:
        board = self.query_one("#board", OthelloBoard)
        row, col = divmod(board.cursor, 8)
        if delta in (-1, 1):
            col = (col + delta) % 8
        else:
            row = (row + delta // 8) % 8
        board.cursor = row * 8 + col
        self.query_one("#status", Static).update(self.status_text(), layout=False)

    def action_play(self) -> None:
        self.play(self.query_one("#board", OthelloBoard).cursor)

    @on(SquareClicked)
    def _clicked(self, event: SquareClicked) -> None:
        self.play(event.square)

    def play(self, sq: int | None) -> None:
        """The human plays ``sq`` (None: pass); an illegal move changes nothing but the message."""
        if not self._started:
            self.say("Start a game first: press n.")
            return
        if self.busy:
            self.say("Wait: the HP-67 is busy (press s for instant speed).")
            return
        what = "Pass" if sq is None else f"{name(sq)} ({self.program_notation(sq)})"
        try:
            self.driver.check_human_move(sq)
        except IllegalMove as refused:
            self.app.bell()
            self.say(f"Illegal: {what}: {refused}.")
            self.query_one("#status", Static).update(self.status_text(), layout=False)
            return
        self.say(f"You play {what}.")
        self._start_job("human", square=sq)

    def action_pass_turn(self) -> None:
        self.play(None)

    def action_new_game(self) -> None:
        def chosen(side: str | None) -> None:
            if side in ("black", "white"):
                self.start_game(Disc.BLACK if side == "black" else Disc.WHITE)

        self.app.push_screen(SideDialog("New game. Which side does the HP-67 play? Black moves first."), chosen)

    def start_game(self, machine_color: Disc) -> None:
        """Start a new game (stopping any move in progress)."""
        self._generation += 1
        self._last_time = ""
        self.say(f"New game: the HP-67 plays {machine_color.label}.")
        self._start_job("new", machine_color=machine_color)

    def action_toggle_legal(self) -> None:
        board = self.query_one("#board", OthelloBoard)
        board.show_legal = not board.show_legal
        self.say("Legal moves shown (+)." if board.show_legal else "Legal moves hidden.")

    def action_toggle_coords(self) -> None:
        self.program_coords = not self.program_coords
        if not self.busy:
            self.query_one("#board", OthelloBoard).view = self.board_view()
        self.say("Coordinates: the program's row.col." if self.program_coords else "Coordinates: standard a-h / 1-8.")

    def action_toggle_speed(self) -> None:
        self.instant = not self.instant
        self._show_speed()
        self.say("Instant speed." if self.instant else "Real HP-67 speed: about 30 program steps a second.")

    def action_toggle_inspector(self) -> None:
        self.inspecting = not self.inspecting

    def watch_inspecting(self, inspecting: bool) -> None:
        self.set_class(inspecting, "-inspecting")
        self.query_one("#board", OthelloBoard).compact = inspecting
        self.query_one("#inspector").display = inspecting
        self.query_one("#tape").display = not inspecting
        if not self.busy:
            self.query_one("#status", Static).update(self.status_text(), layout=False)
            if inspecting:
                self._show_inspector(self._machine_view())

    # -- the worker ------------------------------------------------------------------

    def _start_job(self, kind: str, *, square: int | None = None, machine_color: Disc | None = None) -> None:
        self.busy = True
        self.refresh_from_driver()
        self._job(self._generation, kind, square, machine_color)

    @work(thread=True, exclusive=True, exit_on_error=False, group="hp67", description="The HP-67 plays")
    def _job(self, generation: int, kind: str, square: int | None, machine_color: Disc | None) -> None:
        """Run one piece of work on the driver; report with messages only."""
        worker = get_current_worker()
        with self._lock:
            if worker.is_cancelled:
                return
            try:
                if kind == "new":
                    assert machine_color is not None
                    self.driver.new_game(machine_color)
                    self.post_message(GameStarted(generation))
                    return
                if kind == "human":
                    record = self._paced(worker, generation, partial(self.driver.human_move, square))
                else:
                    record = self._paced(worker, generation, self.driver.machine_move)
            except MoveCancelled:
                self.post_message(TurnFailed(generation, "stopped", cancelled=True))
                return
            except IllegalMove as refused:
                self.post_message(TurnFailed(generation, f"Illegal: {refused}."))
                return
            except Exception as error:  # a machine disagreeing with the referee, a driver bug...
                self.post_message(TurnFailed(generation, f"{type(error).__name__}: {error}"))
                return
            self.post_message(TurnFinished(generation, record))

    def _paced(self, worker: Any, generation: int, move: Callable[..., MoveRecord]) -> MoveRecord:
        """Run a turn on the calculator, instantly or at the real HP-67's pace.

        At real speed the turn is first run on a copy to learn its length (for the
        progress bar), then run for real in slices the pacer spaces out.
        """
        total: int | None = None
        if not self.instant:
            before = self.driver.snapshot()
            total = move(slice_steps=INSTANT_SLICE).machine_steps
            self.driver.restore(before)
        pacer = _Pacer(self, worker, generation, total)
        return move(on_slice=pacer, slice_steps=INSTANT_SLICE if self.instant else REAL_SLICE)

    # -- the worker's news -------------------------------------------------------------

    def on_game_started(self, message: GameStarted) -> None:
        if message.generation != self._generation:
            return
        self._started = True
        self.busy = False
        d = self.driver
        tape = self.query_one("#tape", PrinterTape)
        tape.reset()
        tape.note(f"new game, HP-67 {d.machine_color.label.lower()}")
        print_turn(tape, getattr(d, "new_game_keys", []), getattr(d, "new_game_displays", [d.display]), by_machine=True)
        self.refresh_from_driver()
        self._next_turn()

    def on_turn_finished(self, message: TurnFinished) -> None:
        if message.generation != self._generation:
            return
        self.busy = False
        self._hide_progress()
        record = message.record
        tape = self.query_one("#tape", PrinterTape)
        who = "HP-67" if record.by_machine else "you"
        tape.note(f"{who} {record.standard_notation} {record.machine_notation}")
        print_turn(tape, record.keys, record.displays, by_machine=record.by_machine)
        self._last_time = f"{'HP-67' if record.by_machine else 'your move'}: {record.machine_steps:,} steps, {duration(record.machine_steps)} real"
        self._show_speed()
        if record.by_machine:
            played = "passes" if record.square is None else f"plays {record.standard_notation} ({record.machine_notation})"
            self.say(f"The HP-67 {played}.")
        self.refresh_from_driver()
        self._next_turn()

    def on_turn_failed(self, message: TurnFailed) -> None:
        if message.generation != self._generation:
            return
        self.busy = False
        self._hide_progress()
        self.say(message.text)
        self.refresh_from_driver()

    def on_machine_progress(self, message: MachineProgress) -> None:
        if message.generation != self._generation:
            return
        bar = self.query_one("#progress", ProgressBar)
        if not self.instant:
            bar.display = True
            bar.update(total=message.total, progress=message.steps)
        self._show_speed(message.steps, message.total)
        if message.view is not None:
            self.query_one("#led", LedDisplay).text = message.view.display
            if self.inspecting:
                self._show_inspector(message.view)

    def _hide_progress(self) -> None:
        self.query_one("#progress", ProgressBar).display = False

    def _next_turn(self) -> None:
        d = self.driver
        if d.is_over:
            black, white = d.position.score()
            winner = d.position.winner()
            verdict = "A draw" if winner is None else ("The HP-67 wins" if winner is d.machine_color else "You win")
            self.say(f"{verdict}: {GLYPH[Disc.BLACK]} {black} - {GLYPH[Disc.WHITE]} {white}. Press n for a new game.")

            def after(answer: str | None) -> None:
                if answer == "new":
                    self.action_new_game()
                elif answer == "launcher":
                    self.app.action_launcher()

            self.app.push_screen(GameOverDialog(f"Game over. {verdict}: Black {black}, White {white}."), after)
        elif d.machine_to_move:
            self._start_job("machine")
        elif d.position.must_pass:
            self.say("You have no legal move: press 0 to pass (0 R/S).")

    def palette_commands(self) -> list[tuple[str, str, Callable[[], Any]]]:
        """Commands this screen adds to the command palette."""
        return [
            ("Othello: new game", "Start again, choosing the HP-67's side", self.action_new_game),
            ("Othello: toggle legal moves", "Show or hide the + marks", self.action_toggle_legal),
            ("Othello: toggle row.col coordinates", "The program's own coordinates", self.action_toggle_coords),
            ("HP-67: toggle speed", "Instant, or the real machine's 30 steps a second", self.action_toggle_speed),
            ("HP-67: toggle inspector", "Stack, registers, flags and listing", self.action_toggle_inspector),
        ]


class _Pacer:
    """The slice callback: stop when cancelled, wait for real time, report progress."""

    def __init__(self, screen: HP67OthelloScreen, worker: Any, generation: int, total: int | None) -> None:
        self.screen = screen
        self.worker = worker
        self.generation = generation
        self.total = total
        self.origin: tuple[float, int] | None = None  # (wall clock, steps) when real pacing began
        self.last_post = 0.0

    def __call__(self, steps: int) -> bool:
        if self.worker.is_cancelled:
            return False
        screen = self.screen
        while not screen.instant:
            now = time.monotonic()
            if self.origin is None:
                self.origin = (now, steps)
            due = self.origin[0] + (steps - self.origin[1]) / REAL_STEPS_PER_SECOND - now
            if due <= 0:
                break
            self._report(steps, force=True)
            time.sleep(min(due, 0.1))
            if self.worker.is_cancelled:
                return False
        if screen.instant:
            self.origin = None
        self._report(steps)
        return True

    def _report(self, steps: int, force: bool = False) -> None:
        now = time.monotonic()
        if force or now - self.last_post >= 0.1:
            self.last_post = now
            viewer = getattr(self.screen.driver, "machine_view", None)
            view = viewer() if viewer is not None else None
            self.screen.post_message(MachineProgress(self.generation, steps, self.total, view))
