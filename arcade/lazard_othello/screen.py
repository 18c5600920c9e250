"""Lazard Othello: Emmanuel Lazard's BASIC Othello (J&S n°35, reconstructed) on an emulated CPC 6128.

Beside the rich board, the CPC's own 40x25 screen in its colours.  The player plays on
the board (cursor, Enter, click) and the driver types the column letter and the row
digit as the program asks for them; or presses ``t`` and types on the CPC's keyboard
directly, the referee still checking (``arcade/lazard_othello/keyboard.py``).

All work on the driver happens in one thread worker at a time; the worker reports
with messages carrying a copy of the CPC's screen, and never touches a widget.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any, Callable

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Footer, Header, Static
from textual.worker import get_current_worker

from arcade.lazard_othello.keyboard import CpcKeyboard
from arcade.messages import GameStarted, MachineProgress, TurnFailed, TurnFinished
from arcade.widgets.board import GLYPH, BoardView, OthelloBoard, SquareClicked
from arcade.widgets.cpc_screen import CpcScreen, CpcScreenView, CpcTyped, CpcTypingLeft
from arcade.widgets.dialogs import GameOverDialog, SideDialog
from games.othello.driver import MachineDisagrees, MoveCancelled, OthelloDriver
from games.othello.referee import Disc, IllegalMove, name

REAL_STATEMENTS_PER_SECOND = 730
"""A real CPC 6128 runs about 730 BASIC statements a second.  From bench/cpc_bench.py:
the emulator ran its 626,268 statements at 1,011,000 a second and scored 233,514 on
the bench64 scale, where bench64 puts a real CPC 6128 at 169: 1,011,000 x 169 / 233,514
= 730 statements a second on the same mix of loops, jumps, calls, tests and arithmetic.
One of the program's moves (about 4,200 statements) then takes some 6 seconds, the
"few seconds" a 1985 BASIC Othello took."""

INSTANT_SLICE = 2000
REAL_SLICE = 73  # a tenth of a second of a real CPC


def default_driver() -> OthelloDriver:
    from games.lazard_othello import LazardOthelloDriver

    return LazardOthelloDriver()


def seconds(statements: int) -> str:
    """How long a real CPC takes for ``statements`` BASIC statements."""
    s = statements / REAL_STATEMENTS_PER_SECOND
    return f"{s:.1f} s" if s < 60 else f"{int(s // 60)} min {round(s % 60):02d} s"


def program_notation(sq: int) -> str:
    """The program's name of a square: column letter, row digit (``C3``)."""
    return name(sq).upper()


def refusal(sq: int | None, reason: str) -> str:
    """``Illegal: A1 turns no disc over...``: the referee's reason, the square in the program's capitals."""
    if sq is None:
        return f"Illegal pass: {reason}."
    prefix = f"{name(sq)} "
    return f"Illegal: {program_notation(sq)} {reason.removeprefix(prefix)}." if reason.startswith(prefix) else f"Illegal: {program_notation(sq)}: {reason}."


class LazardOthelloScreen(Screen[None]):
    """The rich board on the left; the CPC's monitor on the right."""

    GAME_ID = "lazard-othello"
    CSS_PATH = str(Path(__file__).with_name("screen.tcss"))  # absolute: subclasses elsewhere keep it
    TITLE = "Lazard Othello on the CPC 6128"

    BINDINGS = [
        Binding("up,k", "cursor(-8)", "Up", show=False, id="othello.up"),
        Binding("down,j", "cursor(8)", "Down", show=False, id="othello.down"),
        Binding("left,h", "cursor(-1)", "Left", show=False, id="othello.left"),
        Binding("right,l", "cursor(1)", "Right", show=False, id="othello.right"),
        Binding("enter,space", "play", "Play", id="othello.play"),
        Binding("0", "pass_turn", "Pass", id="othello.pass"),
        Binding("n", "new_game", "New", id="othello.new-game"),
        Binding("m", "toggle_legal", "Hints", id="othello.toggle-legal"),
        Binding("t", "type_on_cpc", "Type on CPC", id="cpc.type"),
        Binding("s", "toggle_speed", "Speed", id="cpc.toggle-speed"),
        Binding("escape,backspace", "app.launcher", "Back", id="arcade.back"),
    ]

    busy: reactive[bool] = reactive(False, bindings=True)
    instant: reactive[bool] = reactive(True, bindings=True)
    typing: reactive[bool] = reactive(False, bindings=True)

    def __init__(self, driver_factory: Callable[[], OthelloDriver] = default_driver, *, ask_side: bool = True) -> None:
        super().__init__()
        self.driver = driver_factory()
        self.keyboard = CpcKeyboard(self.driver)
        self.ask_side = ask_side
        self._lock = threading.Lock()
        self._generation = 0
        self._started = False
        self._message = ""
        self._last_time = ""

    # -- layout ----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="game"):
            with Vertical(id="left"):
                yield OthelloBoard(id="board")
                yield Static(id="status")
                yield Static(id="message")
            yield CpcScreen(id="cpc")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.sub_title = "Amstrad CPC 6128, Locomotive BASIC 1.1"
        self.refresh_from_driver()
        if self.ask_side:
            self.call_after_refresh(self.action_new_game)

    # -- what the player sees --------------------------------------------------------

    def board_view(self) -> BoardView:
        pos = self.driver.position
        legal = frozenset(pos.legal_moves()) if (self._started and self.driver.human_to_move and not self.busy) else frozenset()
        last = self.driver.last_move
        return BoardView(
            cells=tuple(pos.at(sq) for sq in range(64)),
            legal=legal,
            last=last.square if last is not None else None,
            flipped=frozenset(last.flipped) if last is not None else frozenset(),
            col_labels=tuple("ABCDEFGH"),  # the program's own letters
        )

    def cpc_view(self) -> CpcScreenView:
        machine = getattr(self.driver, "machine", None)
        if machine is None:
            return CpcScreenView()
        waiting = self._started and self.driver.human_to_move and not self.busy
        return CpcScreenView.of(machine, show_cursor=waiting)

    def status_text(self) -> Text:
        d = self.driver
        pos = d.position
        black, white = pos.score()
        t = Text(no_wrap=True, overflow="ellipsis")
        for disc, count in ((Disc.BLACK, black), (Disc.WHITE, white)):
            who = "CPC" if disc is d.machine_color else "you"
            letter = "X" if disc is Disc.BLACK else "O"
            t.append(f"{GLYPH[disc]} {letter} {count:>2}", "bold")
            t.append(f" {who}    ")
        t.append("\n")
        cursor = self.query_one("#board", OthelloBoard).cursor
        if not self._started:
            t.append("Choose a side to start (n).")
        elif d.is_over:
            winner = pos.winner()
            if winner is None:
                t.append(f"Game over: a draw, {black}-{white}.", "bold")
            else:
                who = "the CPC" if winner is d.machine_color else "you"
                t.append(f"Game over: {who} won {max(black, white)}-{min(black, white)}.", "bold")
        elif self.busy and d.machine_to_move:
            t.append(f"{GLYPH[d.machine_color]} The CPC is thinking...", "bold")
        elif self.busy:
            t.append("The CPC takes your move...", "bold")
        elif self.typing:
            t.append("Typing on the CPC (Esc: board)", "bold reverse")
        else:
            t.append(f"{GLYPH[d.human_color]} Your move", "bold reverse")
            t.append(f"  cursor {program_notation(cursor)}")
        return t

    def refresh_from_driver(self) -> None:
        """Redraw everything from the driver (only while no worker holds it)."""
        self.query_one("#board", OthelloBoard).view = self.board_view()
        self.query_one("#cpc", CpcScreen).view = self.cpc_view()
        self.query_one("#status", Static).update(self.status_text())
        self.query_one("#message", Static).update(self._message)

    @property
    def message(self) -> str:
        """The message line under the board (what the screen last told the player)."""
        return self._message

    def say(self, text: str) -> None:
        self._message = text
        self.query_one("#message", Static).update(text)

    # -- actions ---------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pass_turn":
            return self._started and not self.busy and self.driver.human_to_move and self.driver.position.must_pass
        if action in ("play", "type_on_cpc"):
            return True if (self._started and not self.busy and not self.driver.is_over) else None
        return True

    def action_cursor(self, delta: int) -> None:
        board = self.query_one("#board", OthelloBoard)
        row, col = divmod(board.cursor, 8)
        if delta in (-1, 1):
            col = (col + delta) % 8
        else:
            row = (row + delta // 8) % 8
        board.cursor = row * 8 + col
        self.query_one("#status", Static).update(self.status_text())

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
            self.say("Wait: the CPC is busy (press s for instant speed).")
            return
        what = "Pass (O O)" if sq is None else program_notation(sq)
        try:
            self.driver.check_human_move(sq)
        except IllegalMove as refused:
            self.app.bell()
            self.say(refusal(sq, str(refused)))
            self.query_one("#status", Static).update(self.status_text())
            return
        if self.typing:
            self.keyboard.rewind()  # a half-typed entry on the CPC gives way to the board's move
        self.say(f"You play {what}.")
        self._start_job("human", square=sq)

    def action_pass_turn(self) -> None:
        self.play(None)

    def action_new_game(self) -> None:
        def chosen(side: str | None) -> None:
            if side in ("black", "white"):
                self.start_game(Disc.BLACK if side == "black" else Disc.WHITE)

        self.app.push_screen(SideDialog("New game. Which side does the CPC play? X (Black) moves first."), chosen)

    def start_game(self, machine_color: Disc) -> None:
        """Start a new game (stopping any move in progress)."""
        self._generation += 1
        self._last_time = ""
        self.typing = False
        letter = "X (Black)" if machine_color is Disc.BLACK else "O (White)"
        self.say(f"New game: the CPC plays {letter}.")
        self._start_job("new", machine_color=machine_color)

    def action_toggle_legal(self) -> None:
        board = self.query_one("#board", OthelloBoard)
        board.show_legal = not board.show_legal
        self.say("Legal moves shown (+)." if board.show_legal else "Legal moves hidden.")

    def action_toggle_speed(self) -> None:
        self.instant = not self.instant
        self.say(
            "Instant speed."
            if self.instant
            else f"Real CPC speed: about {REAL_STATEMENTS_PER_SECOND} BASIC statements a second."
        )

    def action_type_on_cpc(self) -> None:
        if not self._started or self.busy or not self.driver.human_to_move:
            self.say("The CPC is not asking for your move.")
            return
        self.typing = True
        self.keyboard.begin_turn()
        self.say("Keys go to the CPC: letter RETURN digit RETURN (O O passes). Esc: the board.")

    def watch_typing(self, typing: bool) -> None:
        cpc = self.query_one("#cpc", CpcScreen)
        cpc.typing = typing
        self.set_class(typing, "-typing")
        self.query_one("#status", Static).update(self.status_text())

    @on(CpcTypingLeft)
    def _typing_left(self, event: CpcTypingLeft) -> None:
        self.keyboard.rewind()
        self.typing = False
        self.say("Back to the board.")
        self.refresh_from_driver()

    @on(CpcTyped)
    def _typed(self, event: CpcTyped) -> None:
        if self.busy or not self.keyboard.ready:
            self.say("Wait: the CPC is not asking for your move.")
            return
        try:
            outcome = self.keyboard.key(event.key)
        except MachineDisagrees as error:
            self.keyboard.rewind()
            self.say(f"MachineDisagrees: {error}")
            self.refresh_from_driver()
            return
        if outcome.kind == "move":
            what = "Pass (O O)" if outcome.square is None else program_notation(outcome.square)
            self.say(f"You play {what}.")
            self._start_job("human", square=outcome.square)
            return
        if outcome.kind == "refused":
            self.app.bell()
            self.say(refusal(outcome.square, outcome.text))
        self.query_one("#cpc", CpcScreen).view = self.cpc_view()

    # -- the worker ------------------------------------------------------------------

    def _start_job(self, kind: str, *, square: int | None = None, machine_color: Disc | None = None) -> None:
        self.busy = True
        self.refresh_from_driver()
        self._job(self._generation, kind, square, machine_color)

    @work(thread=True, exclusive=True, exit_on_error=False, group="cpc", description="The CPC plays")
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
                    record = self.driver.human_move(square)
                    self._pace_after(worker, generation, record.machine_steps)
                else:
                    record = self._machine_move(worker, generation)
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

    def _machine_move(self, worker: Any, generation: int) -> Any:
        total: int | None = None
        if not self.instant:
            before = self.driver.snapshot()  # learn the move's length for the progress line
            total = self.driver.machine_move(slice_steps=INSTANT_SLICE).machine_steps
            self.driver.restore(before)
        pacer = _Pacer(self, worker, generation, total)
        return self.driver.machine_move(on_slice=pacer, slice_steps=INSTANT_SLICE if self.instant else REAL_SLICE)

    def _pace_after(self, worker: Any, generation: int, total: int) -> None:
        """After the player's move, wait as long as the real CPC takes to redraw its board."""
        if self.instant or total <= 0:
            return
        pacer = _Pacer(self, worker, generation, total)
        for steps in range(REAL_SLICE, total + REAL_SLICE, REAL_SLICE):
            if not pacer(min(steps, total)):
                return

    # -- the worker's news -------------------------------------------------------------

    def on_game_started(self, message: GameStarted) -> None:
        if message.generation != self._generation:
            return
        self._started = True
        self.busy = self.driver.machine_to_move
        self.refresh_from_driver()
        self.refresh_bindings()
        self._next_turn()

    def on_turn_finished(self, message: TurnFinished) -> None:
        if message.generation != self._generation:
            return
        # Straight on to the CPC's move without a not-busy moment: the footer is redrawn once, not twice.
        self.busy = self.driver.machine_to_move
        record = message.record
        self._last_time = f"{record.machine_steps:,} statements, {seconds(record.machine_steps)} on a CPC"
        if record.by_machine:
            played = "passes (Je passe.)" if record.square is None else f"plays {record.machine_notation}"
            self.say(f"The CPC {played}: {self._last_time}.")
        self.refresh_from_driver()
        self._next_turn()

    def on_turn_failed(self, message: TurnFailed) -> None:
        if message.generation != self._generation:
            return
        self.busy = False
        self.say(message.text)
        self.refresh_from_driver()

    def on_machine_progress(self, message: MachineProgress) -> None:
        if message.generation != self._generation:
            return
        if message.view is not None:
            self.query_one("#cpc", CpcScreen).view = message.view
        done = f"{message.steps:,}" + (f"/{message.total:,}" if message.total else "")
        self.say(f"The CPC runs: {done} statements, {seconds(message.steps)} of a real CPC.")

    def _next_turn(self) -> None:
        d = self.driver
        if d.is_over:
            self.typing = False
            black, white = d.position.score()
            winner = d.position.winner()
            verdict = "A draw" if winner is None else ("The CPC wins" if winner is d.machine_color else "You win")
            self.say(f"{verdict}: X {black} - O {white}. Press n for a new game.")

            def after(answer: str | None) -> None:
                if answer == "new":
                    self.action_new_game()
                elif answer == "launcher":
                    self.app.action_launcher()

            self.app.push_screen(GameOverDialog(f"Game over. {verdict}: X (Black) {black}, O (White) {white}."), after)
        elif d.machine_to_move:
            self._job(self._generation, "machine", None, None)
        else:
            if self.typing:
                self.keyboard.begin_turn()
            if d.position.must_pass:
                self.say("You have no legal move: press 0 to pass (O RETURN O RETURN on the CPC).")

    def palette_commands(self) -> list[tuple[str, str, Callable[[], Any]]]:
        """Commands this screen adds to the command palette."""
        return [
            ("Othello: new game", "Start again, choosing the CPC's side", self.action_new_game),
            ("Othello: toggle legal moves", "Show or hide the + marks", self.action_toggle_legal),
            ("CPC: type on the keyboard", "Keys go to the CPC as on the real machine", self.action_type_on_cpc),
            ("CPC: toggle speed", f"Instant, or a real CPC's {REAL_STATEMENTS_PER_SECOND} statements a second", self.action_toggle_speed),
        ]


class _Pacer:
    """The slice callback: stop when cancelled, wait for real time, report progress with the CPC's screen."""

    def __init__(self, screen: LazardOthelloScreen, worker: Any, generation: int, total: int | None) -> None:
        self.screen = screen
        self.worker = worker
        self.generation = generation
        self.total = total
        self.origin: tuple[float, int] | None = None
        self.last_post = 0.0

    def __call__(self, steps: int) -> bool:
        if self.worker.is_cancelled:
            return False
        screen = self.screen
        while not screen.instant:
            now = time.monotonic()
            if self.origin is None:
                self.origin = (now, steps)
            due = self.origin[0] + (steps - self.origin[1]) / REAL_STATEMENTS_PER_SECOND - now
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
            machine = getattr(self.screen.driver, "machine", None)
            view = CpcScreenView.of(machine) if machine is not None else None
            self.screen.post_message(MachineProgress(self.generation, steps, self.total, view))
