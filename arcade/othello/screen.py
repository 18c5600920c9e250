"""What every Othello screen does, whatever machine plays: the base of the HP-67 and Lazard screens.

The screen only shows what its ``OthelloDriver`` says.  All work on the driver
happens in one thread worker at a time (a new game cancels the move in progress);
the worker reports with messages and never touches a widget.  Between the slices
of a machine's run a ``_Pacer`` paces it at the real machine's speed, holds it
while the game is paused, and stops it when the player presses Esc.

Games are kept: after every turn, and when the screen closes (quit, Ctrl+Q, the
app ending), the driver's snapshot taken at the last quiet moment is written
through ``SaveStore``; opening the game again offers to resume it.  Undo and redo
restore whole-turn snapshots (``games.timeline.Timeline``).

A subclass supplies the machine's panel (``compose_machine``) and the few words
and numbers that differ between machines.
"""

from __future__ import annotations

import threading
import time
from functools import partial
from pathlib import Path
from typing import Any, Callable, ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Footer, Header, Static
from textual.worker import Worker, get_current_worker

from arcade.messages import GameStarted, MachineProgress, TurnFailed, TurnFinished
from arcade.othello.history import history_rows, history_text
from arcade.gamesave import ResumeDialog, export_text, read_save, set_aside_unusable, write_save
from arcade.saves import SaveStore
from arcade.widgets.board import GLYPH, BoardView, OthelloBoard, SquareClicked
from arcade.widgets.dialogs import GameOverDialog, SideDialog
from arcade.widgets.history import MoveHistory
from games.othello.driver import MoveCancelled, MoveRecord, OthelloDriver
from games.othello.referee import Disc, IllegalMove, name
from games.timeline import Timeline

SAVED_UNDO_STEPS = 4
"""Undo steps kept in a save (a CPC snapshot is some 16 kB and the game is saved after every move):
the rest of the timeline lives only while the game is open."""


class OthelloScreen(Screen[None]):
    """The board on the left, the machine on the right; the turn flow between them."""

    GAME_ID: ClassVar[str] = ""
    MACHINE: ClassVar[str] = "machine"  # as the player reads it: "HP-67", "CPC"
    STEPS_PER_SECOND: ClassVar[float] = 1000.0  # the real machine's pace
    INSTANT_SLICE: ClassVar[int] = 2000
    REAL_SLICE: ClassVar[int] = 100  # slices at real speed: a tenth of a second or less of the machine
    SIDE_QUESTION: ClassVar[str] = "New game. Which side does the machine play? Black moves first."
    PASS_HINT: ClassVar[str] = "press 0 to pass"
    RECORDING: ClassVar[str] = "The machine records your move..."
    SCORE_GAP: ClassVar[str] = "  "

    DEFAULT_CSS = """
    OthelloScreen #paused { display: none; height: 1fr; content-align: center middle; text-style: bold; }
    OthelloScreen.-paused #game { display: none; }
    OthelloScreen.-paused #paused { display: block; }
    OthelloScreen #history { display: none; width: 1fr; min-width: 30; }
    OthelloScreen.-history #history { display: block; }
    OthelloScreen.-history .machine-panel { display: none; }
    """

    BINDINGS = [
        Binding("up,k", "cursor(-8)", "Up", show=False, id="othello.up"),
        Binding("down,j", "cursor(8)", "Down", show=False, id="othello.down"),
        Binding("left,h", "cursor(-1)", "Left", show=False, id="othello.left"),
        Binding("right,l", "cursor(1)", "Right", show=False, id="othello.right"),
        Binding("enter,space", "play", "Play", id="othello.play"),
        Binding("0", "pass_turn", "Pass", id="othello.pass"),
        Binding("n", "new_game", "New", id="othello.new-game"),
        Binding("m", "toggle_legal", "Hints", id="othello.toggle-legal"),
        # The footer has room for the keys above; these are listed by ? and the command palette.
        Binding("u,ctrl+z", "undo", "Undo your move", show=False, id="othello.undo"),
        Binding("U", "redo", "Redo", show=False, key_display="U", id="othello.redo"),
        Binding("p", "pause", "Pause", show=False, id="othello.pause"),
        Binding("H", "toggle_history", "Move history", show=False, key_display="H", id="othello.toggle-history"),
        Binding("x", "export_history", "Export the moves", show=False, id="othello.export-history"),
        Binding("g", "machine_go", "Let the machine think", show=False, id="othello.machine-go"),
        Binding("escape,backspace", "back", "Back", tooltip="Esc stops the machine while it thinks", id="arcade.back"),
    ]

    busy: reactive[bool] = reactive(False, bindings=True)
    instant: reactive[bool] = reactive(True)
    paused: reactive[bool] = reactive(False, bindings=True)
    history_shown: reactive[bool] = reactive(False)

    def __init__(self, driver_factory: Callable[[], OthelloDriver], *, ask_side: bool = True) -> None:
        super().__init__()
        self.driver_factory = driver_factory
        self.driver = driver_factory()
        self.ask_side = ask_side
        self.timeline: Timeline[dict[str, Any]] = Timeline(limit=200)
        self._lock = threading.Lock()
        self._generation = 0
        self._started = False
        self._message = ""
        self._last_time = ""
        self._could_pass = False
        self._job_kind = ""
        self._stop = threading.Event()
        self._worker: Worker[None] | None = None
        self._before_human: dict[str, Any] | None = None
        self._settled: dict[str, Any] | None = None  # the driver's state at the last quiet moment
        self._settled_over = False  # ... and whether the game was over then
        self._settings_kept: dict[str, Any] = {}
        self.exported: Path | None = None  # the last export of the moves
        self.stop_requested_at: float | None = None
        self.stopped_at: float | None = None  # when the last Esc had the machine back as before its move

    # -- layout ----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="game"):
            with Vertical(id="left"):
                yield OthelloBoard(id="board")
                yield Static(id="status")
                yield Static(id="message")
            yield from self.compose_machine()
            yield MoveHistory(id="history")
        yield Static("Paused: the board and the machine are hidden.\n\nPress p to go on.", id="paused")
        yield Footer(compact=True)

    def compose_machine(self) -> ComposeResult:
        """The machine's panel (give it the class ``machine-panel``)."""
        yield from ()

    def on_mount(self) -> None:
        self._board = self.query_one("#board", OthelloBoard)
        self.refresh_from_driver()
        if self.ask_side:
            self.call_after_refresh(self.offer_resume_or_new)

    def on_unmount(self) -> None:
        self.save_game()

    # -- words and numbers a machine changes ---------------------------------------------

    def program_notation(self, sq: int) -> str:
        return name(sq)

    def move_text(self, sq: int | None) -> str:
        return "Pass" if sq is None else f"{name(sq)} ({self.program_notation(sq)})"

    def refusal(self, sq: int | None, reason: str) -> str:
        return f"Illegal: {self.move_text(sq)}: {reason}."

    def disc_tag(self, disc: Disc) -> str:
        return f" {disc.label}"

    def side_name(self, disc: Disc) -> str:
        return disc.label

    def score_text(self, black: int, white: int) -> str:
        return f"{GLYPH[Disc.BLACK]} {black} - {GLYPH[Disc.WHITE]} {white}"

    def dialog_score(self, black: int, white: int) -> str:
        return f"Black {black}, White {white}"

    def cursor_text(self, cursor: int) -> str:
        return f"  cursor {name(cursor)}"

    def typing_status(self) -> Text | None:
        """A status line of the subclass's own (the CPC's typing mode), or None."""
        return None

    def machine_played(self, record: MoveRecord) -> str:
        played = "passes" if record.square is None else f"plays {record.standard_notation} ({record.machine_notation})"
        return f"The {self.MACHINE} {played}."

    def key_sequence(self, record: MoveRecord) -> str:
        """The keys of a turn as the history shows them (a machine shows them its own way)."""
        return " ".join(record.keys)

    def history_header(self) -> str:
        return ""

    # -- hooks a machine's panel fills in ---------------------------------------------

    def refresh_machine(self) -> None:
        """Redraw the machine's panel from the driver."""

    def show_progress(self, message: MachineProgress) -> None:
        """The machine has run some more of its turn."""

    def progress_view(self) -> Any:
        """What the machine looks like between two slices (called in the worker's thread)."""
        return None

    def game_shown(self, resumed: bool) -> None:
        """A new (or resumed) game is on the board."""

    def turn_shown(self, record: MoveRecord) -> None:
        """A turn has been played and the driver is quiet."""

    def turn_ended(self) -> None:
        """A job ended, played or not (hide a progress bar)."""

    def before_human_move(self) -> None:
        """The board's move is about to be played (a half-typed entry gives way)."""

    def human_turn_begins(self) -> None:
        """The player is to move."""

    def game_ended(self) -> None:
        """The game is over."""

    def settings(self) -> dict[str, Any]:
        """The player's choices a save keeps (read from attributes: it works while the screen closes)."""
        return {"instant": self.instant, "show_legal": self._board.show_legal, "history": self.history_shown}

    def apply_settings(self, settings: dict[str, Any]) -> None:
        self.instant = bool(settings.get("instant", self.instant))
        board = self.query_one("#board", OthelloBoard)
        board.show_legal = bool(settings.get("show_legal", board.show_legal))
        self.history_shown = bool(settings.get("history", self.history_shown))

    # -- what the player sees --------------------------------------------------------

    def board_labels(self) -> dict[str, tuple[str, ...]]:
        return {}

    def board_view(self) -> BoardView:
        pos = self.driver.position
        legal = frozenset(pos.legal_moves()) if (self._started and self.driver.human_to_move and not self.busy) else frozenset()
        last = self.driver.last_move
        return BoardView(
            cells=tuple(pos.at(sq) for sq in range(64)),
            legal=legal,
            last=last.square if last is not None else None,
            flipped=frozenset(last.flipped) if last is not None else frozenset(),
            **self.board_labels(),  # type: ignore[arg-type]
        )

    def status_text(self) -> Text:
        d = self.driver
        pos = d.position
        black, white = pos.score()
        t = Text(no_wrap=True, overflow="ellipsis")
        for disc, count in ((Disc.BLACK, black), (Disc.WHITE, white)):
            who = self.MACHINE if disc is d.machine_color else "you"
            t.append(f"{GLYPH[disc]}{self.disc_tag(disc)} {count:>2}", "bold")
            t.append(f" {who}{self.SCORE_GAP}")
        t.append("\n")
        cursor = self.query_one("#board", OthelloBoard).cursor
        typing = self.typing_status()
        if not self._started:
            t.append("Choose a side to start (n).")
        elif d.is_over:
            winner = pos.winner()
            if winner is None:
                t.append(f"Game over: a draw, {black}-{white}.", "bold")
            else:
                who = f"the {self.MACHINE}" if winner is d.machine_color else "you"
                t.append(f"Game over: {who} won {max(black, white)}-{min(black, white)}.", "bold")
        elif self.busy and d.machine_to_move:
            t.append(f"{GLYPH[d.machine_color]} The {self.MACHINE} is thinking...", "bold")
        elif self.busy:
            t.append(self.RECORDING, "bold")
        elif d.machine_to_move:
            t.append(f"{GLYPH[d.machine_color]} Stopped: g lets the {self.MACHINE} think.", "bold")
        elif typing is not None:
            t.append_text(typing)
        else:
            t.append(f"{GLYPH[d.human_color]} Your move", "bold reverse")
            t.append(self.cursor_text(cursor))
        return t

    def refresh_from_driver(self) -> None:
        """Redraw everything from the driver (only while no worker holds it)."""
        self.query_one("#board", OthelloBoard).view = self.board_view()
        self.refresh_machine()
        self.query_one("#status", Static).update(self.status_text(), layout=False)
        self.query_one("#message", Static).update(self._message, layout=False)
        if self.history_shown:
            self._show_history()
        can_pass = self._can_pass()
        if can_pass != self._could_pass:  # the footer rebuilds itself on refresh: only when it changes
            self._could_pass = can_pass
            self.refresh_bindings()

    def _show_history(self) -> None:
        rows = history_rows(self.driver.history, self.driver.machine_color, self.MACHINE, self.key_sequence)
        self.query_one("#history", MoveHistory).show(rows, self.history_header())

    @property
    def message(self) -> str:
        """The message line under the board (what the screen last told the player)."""
        return self._message

    def say(self, text: str) -> None:
        self._message = text
        self.query_one("#message", Static).update(text, layout=False)

    def _update_status(self) -> None:
        self.query_one("#status", Static).update(self.status_text(), layout=False)

    # -- actions ---------------------------------------------------------------------

    def _can_pass(self) -> bool:
        return self._started and not self.busy and self.driver.human_to_move and self.driver.position.must_pass

    BOARD_ACTIONS: ClassVar[frozenset[str]] = frozenset(
        {"cursor", "play", "pass_turn", "new_game", "toggle_legal", "undo", "redo", "machine_go", "toggle_history",
         "export_history"}
    )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.paused and action in self.BOARD_ACTIONS:
            return False  # hidden while paused: only p (and Esc, ?) work
        if action == "pass_turn":
            return self._could_pass
        if action in ("undo", "redo"):
            return True if (self._started and not self.busy) else None
        if action == "machine_go":
            return self._started and not self.busy and self.driver.machine_to_move
        return True

    def action_cursor(self, delta: int) -> None:
        board = self.query_one("#board", OthelloBoard)
        row, col = divmod(board.cursor, 8)
        if delta in (-1, 1):
            col = (col + delta) % 8
        else:
            row = (row + delta // 8) % 8
        board.cursor = row * 8 + col
        self._update_status()

    def action_play(self) -> None:
        self.play(self.query_one("#board", OthelloBoard).cursor)

    @on(SquareClicked)
    def _clicked(self, event: SquareClicked) -> None:
        if not self.paused:
            self.play(event.square)

    def play(self, sq: int | None) -> None:
        """The human plays ``sq`` (None: pass); an illegal move changes nothing but the message."""
        if not self._started:
            self.say("Start a game first: press n.")
            return
        if self.busy:
            self.say(f"Wait: the {self.MACHINE} is busy (s: instant speed, Esc: stop it).")
            return
        try:
            self.driver.check_human_move(sq)
        except IllegalMove as refused:
            self.app.bell()
            self.say(self.refusal(sq, str(refused)))
            self._update_status()
            return
        self.before_human_move()
        self.say(f"You play {self.move_text(sq)}.")
        self._before_human = self.driver.snapshot()
        self._start_job("human", square=sq)

    def action_pass_turn(self) -> None:
        self.play(None)

    def action_new_game(self) -> None:
        def chosen(side: str | None) -> None:
            if side in ("black", "white"):
                self.start_game(Disc.BLACK if side == "black" else Disc.WHITE)

        self.app.push_screen(SideDialog(self.SIDE_QUESTION), chosen)

    def start_game(self, machine_color: Disc) -> None:
        """Start a new game (stopping any move in progress)."""
        self._generation += 1
        self._last_time = ""
        self.timeline.clear()
        self.say(f"New game: the {self.MACHINE} plays {self.side_name(machine_color)}.")
        self._start_job("new", machine_color=machine_color)

    def action_toggle_legal(self) -> None:
        board = self.query_one("#board", OthelloBoard)
        board.show_legal = not board.show_legal
        self.say("Legal moves shown (+)." if board.show_legal else "Legal moves hidden.")

    def action_toggle_speed(self) -> None:
        self.instant = not self.instant
        self.say(self.speed_text())

    def speed_text(self) -> str:
        return "Instant speed." if self.instant else f"Real {self.MACHINE} speed."

    # -- undo, redo, stop, pause ------------------------------------------------------

    def action_undo(self) -> None:
        if self.busy:
            self.say(f"Wait: the {self.MACHINE} is busy (Esc stops it).")
            return
        if not self.timeline.can_undo:
            self.say("Nothing to undo.")
            return
        self.before_human_move()
        self._go_to(self.timeline.undo(self._quiet_snapshot()))
        self.say(f"Undone: back to before your move {self._human_moves() + 1} (U: redo).")

    def action_redo(self) -> None:
        if self.busy:
            self.say(f"Wait: the {self.MACHINE} is busy (Esc stops it).")
            return
        if not self.timeline.can_redo:
            self.say("Nothing to redo.")
            return
        self.before_human_move()
        self._go_to(self.timeline.redo(self._quiet_snapshot()))
        self.say(f"Redone: {len(self.driver.history)} moves played.")

    def _quiet_snapshot(self) -> dict[str, Any]:
        return self._settled if self._settled is not None else self.driver.snapshot()

    def _human_moves(self) -> int:
        return sum(1 for r in self.driver.history if not r.by_machine)

    def _go_to(self, state: dict[str, Any]) -> None:
        """Put the driver (and its machine) back in ``state``, quietly, and show it."""
        self._generation += 1  # late news from an older job means nothing now
        self.driver.restore(state)
        self._settled = state
        self._settled_over = self.driver.is_over
        self.game_shown(resumed=True)
        self.refresh_from_driver()
        self.refresh_bindings()
        if self.driver.human_to_move:
            self.human_turn_begins()
        self.save_game()

    def action_machine_go(self) -> None:
        if self._started and not self.busy and self.driver.machine_to_move:
            self.say(f"The {self.MACHINE} thinks again.")
            self._start_job("machine")

    def action_back(self) -> None:
        """Esc: stop the machine if it runs, otherwise back to the launcher."""
        if self.busy and self._job_kind in ("human", "machine"):
            self.stop_requested_at = time.monotonic()
            self._stop.set()
            if self._worker is not None:
                self._worker.cancel()
            return
        self.app.action_launcher()  # type: ignore[attr-defined]

    def action_pause(self) -> None:
        self.paused = not self.paused
        if self.paused:
            self.app.clear_notifications()
            self.say(f"Paused: the {self.MACHINE} holds. p: go on.")
        else:
            self.say(f"The {self.MACHINE} goes on." if self.busy else "Go on.")

    def watch_paused(self, paused: bool) -> None:
        self.set_class(paused, "-paused")

    def action_toggle_history(self) -> None:
        self.history_shown = not self.history_shown

    def watch_history_shown(self, shown: bool) -> None:
        self.set_class(shown, "-history")
        if shown:
            self._show_history()

    def action_export_history(self) -> None:
        """Write the moves as text beside the saves, and say where."""
        text = history_text(self.driver, self.MACHINE, self.key_sequence, self.history_header(), self.TITLE or "")
        path = export_text(self, self.GAME_ID, text)
        if path is None:
            return
        self.exported = path
        self.say(f"Moves written to {path.name}.")

    # -- saves ------------------------------------------------------------------------

    def save_state(self) -> dict[str, Any] | None:
        """What a save holds: the driver's quiet snapshot, the moves, the settings, the undo steps."""
        if not self._started or self._settled is None:
            return None
        timeline = self.timeline.to_json()
        return {
            "driver": self._settled,
            "moves": self._settled.get("history", []),
            "settings": self._settings_kept,
            "timeline": {"past": timeline["past"][-SAVED_UNDO_STEPS:], "future": timeline["future"][-SAVED_UNDO_STEPS:]},
        }

    def save_game(self) -> Path | None:
        """Write the save (a finished game is not kept); a failure is reported, never raised."""
        if self._started:
            self._settings_kept = self.settings()
        state = self.save_state()
        if state is None:
            return None
        # a finished game is not offered again
        return write_save(self, self.GAME_ID, None if self._settled_over else state, f"move {len(state['moves'])}")

    def offer_resume_or_new(self) -> None:
        """On opening: resume the saved game if the player wants it, else ask for a side."""
        if not SaveStore().exists(self.GAME_ID):
            self.action_new_game()
            return
        state = read_save(self, self.GAME_ID)
        if state is None:  # unreadable: reported and kept aside
            self.say("The saved game could not be read (see the note).")
            self.action_new_game()
            return
        moves = len(state.get("moves", []))

        def answered(answer: str | None) -> None:
            if answer == "new":
                self.action_new_game()
            else:
                self.resume(state)

        self.app.push_screen(ResumeDialog(f"A saved game is waiting at move {moves}. Resume it?"), answered)

    def resume(self, state: dict[str, Any]) -> bool:
        """Go on with a saved game; a save that does not restore is kept aside and reported."""
        try:
            snapshot = state["driver"]
            self.driver.restore(snapshot)
            timeline = Timeline.from_json(state.get("timeline", {}))
        except Exception as error:  # a save from a changed driver, a hand-edited file...
            set_aside_unusable(self, self.GAME_ID, error)
            self.driver = self.driver_factory()  # whatever the failed restore left half-done is dropped
            self.action_new_game()
            return False
        self.timeline = Timeline(past=timeline.past, future=timeline.future, limit=self.timeline.limit)
        self._generation += 1
        self._started = True
        self._settled = snapshot
        self._settled_over = self.driver.is_over
        self.apply_settings(state.get("settings", {}))
        self.game_shown(resumed=True)
        self.say(f"Resumed the saved game at move {len(self.driver.history)}.")
        self.refresh_from_driver()
        self.refresh_bindings()
        self._next_turn()
        return True

    # -- the worker ------------------------------------------------------------------

    def _start_job(self, kind: str, *, square: int | None = None, machine_color: Disc | None = None) -> None:
        self._job_kind = kind
        self.busy = True
        self.refresh_from_driver()
        self._stop = threading.Event()
        self._worker = self._job(self._generation, kind, square, machine_color, self._stop)

    @work(thread=True, exclusive=True, exit_on_error=False, group="othello", description="The machine plays")
    def _job(self, generation: int, kind: str, square: int | None, machine_color: Disc | None,
             stop: threading.Event) -> None:
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
                    record = self._paced(worker, generation, stop, partial(self.driver.human_move, square))
                else:
                    record = self._paced(worker, generation, stop, self.driver.machine_move)
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

    def _paced(self, worker: Any, generation: int, stop: threading.Event, move: Callable[..., MoveRecord]) -> MoveRecord:
        """Run a turn on the machine, instantly or at its real pace.

        At real speed the turn is first run instantly to learn its length (for the
        progress shown), then run again from the same state in slices the pacer
        spaces out.  Both runs stop at once when the player presses Esc.
        """
        total: int | None = None
        if not self.instant:
            before = self.driver.snapshot()
            total = move(on_slice=lambda _steps: not stop.is_set(), slice_steps=self.INSTANT_SLICE).machine_steps
            self.driver.restore(before)
        pacer = _Pacer(self, worker, generation, total, stop)
        return move(on_slice=pacer, slice_steps=self.INSTANT_SLICE if self.instant else self.REAL_SLICE)

    # -- the worker's news -------------------------------------------------------------

    def on_game_started(self, message: GameStarted) -> None:
        if message.generation != self._generation:
            return
        self._started = True
        self.busy = self.driver.machine_to_move  # straight on to the machine's move: no not-busy moment
        self._settled = self.driver.snapshot()
        self._settled_over = self.driver.is_over
        self.game_shown(resumed=False)
        self.refresh_from_driver()
        self.refresh_bindings()
        self.save_game()
        self._next_turn()

    def on_turn_finished(self, message: TurnFinished) -> None:
        if message.generation != self._generation:
            return
        record = message.record
        self.busy = self.driver.machine_to_move
        self.turn_ended()
        if not record.by_machine and self._before_human is not None:
            self.timeline.record(self._before_human)
            self._before_human = None
        self._settled = self.driver.snapshot()
        self.turn_shown(record)
        if record.by_machine:
            self.say(self.machine_played(record))
        self.refresh_from_driver()
        self._settled_over = self.driver.is_over
        self.save_game()
        self._next_turn()

    def on_turn_failed(self, message: TurnFailed) -> None:
        if message.generation != self._generation:
            return
        self.busy = False
        self.turn_ended()
        if message.cancelled:
            self.stopped_at = time.monotonic()
            if self._job_kind == "human":
                self.say(f"Stopped: your move was taken back; the {self.MACHINE} is as before it. Play again.")
            else:
                self.say(f"Stopped: the {self.MACHINE} is back before its move. g: think again, u: undo.")
        else:
            self.say(message.text)
        self._before_human = None
        self.refresh_from_driver()
        self.refresh_bindings()
        if self.driver.human_to_move:
            self.human_turn_begins()

    def on_machine_progress(self, message: MachineProgress) -> None:
        if message.generation != self._generation:
            return
        self.show_progress(message)

    def _next_turn(self) -> None:
        d = self.driver
        if d.is_over:
            self.game_ended()
            black, white = d.position.score()
            winner = d.position.winner()
            verdict = "A draw" if winner is None else (f"The {self.MACHINE} wins" if winner is d.machine_color else "You win")
            self.say(f"{verdict}: {self.score_text(black, white)}. Press n for a new game.")

            def after(answer: str | None) -> None:
                if answer == "new":
                    self.action_new_game()
                elif answer == "launcher":
                    self.app.action_launcher()  # type: ignore[attr-defined]

            self.app.push_screen(GameOverDialog(f"Game over. {verdict}: {self.dialog_score(black, white)}."), after)
        elif d.machine_to_move:
            self._start_job("machine")
        else:
            self.human_turn_begins()
            if d.position.must_pass:
                self.say(f"You have no legal move: {self.PASS_HINT}.")

    def palette_commands(self) -> list[tuple[str, str, Callable[[], Any]]]:
        """Commands this screen adds to the command palette."""
        return [
            ("Othello: new game", f"Start again, choosing the {self.MACHINE}'s side", self.action_new_game),
            ("Othello: toggle legal moves", "Show or hide the + marks", self.action_toggle_legal),
            ("Othello: undo", "Take back your last move and the machine's reply", self.action_undo),
            ("Othello: redo", "Play again what was undone", self.action_redo),
            ("Othello: pause", "Hide the board and hold the machine", self.action_pause),
            ("Othello: toggle move history", "Every move in both notations, with its keys", self.action_toggle_history),
            ("Othello: export moves", "Write the moves as text beside the saves", self.action_export_history),
        ]


class _Pacer:
    """The slice callback: stop when asked, hold while paused, wait for real time, report progress."""

    def __init__(self, screen: OthelloScreen, worker: Any, generation: int, total: int | None,
                 stop: threading.Event) -> None:
        self.screen = screen
        self.worker = worker
        self.generation = generation
        self.total = total
        self.stop = stop
        self.origin: tuple[float, int] | None = None  # (wall clock, steps) when real pacing began
        self.last_post = 0.0

    def _stopped(self) -> bool:
        return self.stop.is_set() or self.worker.is_cancelled

    def __call__(self, steps: int) -> bool:
        screen = self.screen
        if self._stopped():
            return False
        while True:
            if screen.paused:  # the machine holds: no step runs until the game goes on
                self._report(steps, force=True)
                while screen.paused:
                    if self.stop.wait(0.02) or self.worker.is_cancelled:
                        return False
                self.origin = None
            if screen.instant:
                self.origin = None
                break
            now = time.monotonic()
            if self.origin is None:
                self.origin = (now, steps)
            due = self.origin[0] + (steps - self.origin[1]) / screen.STEPS_PER_SECOND - now
            if due <= 0:
                break
            self._report(steps, force=True)
            if self.stop.wait(min(due, 0.05)) or self.worker.is_cancelled:
                return False
        self._report(steps)
        return True

    def _report(self, steps: int, force: bool = False) -> None:
        now = time.monotonic()
        if force and now - self.last_post < 0.05:
            return
        if force or now - self.last_post >= 0.1:
            self.last_post = now
            self.screen.post_message(MachineProgress(self.generation, steps, self.total, self.screen.progress_view()))
