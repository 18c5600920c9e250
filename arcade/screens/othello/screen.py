"""What every Othello screen does, whatever machine plays: the base of the HP-67 and Lazard screens.

The game itself is an ``OthelloSession`` (``games/othello/session.py``): the screen only
draws its ``view()`` and turns keys into the session's requests.  The slow ones (a new
game, a turn on the machine, undo and redo, which restore a whole machine) run as
``GameScreen`` jobs in the worker; their end comes back in ``job_done`` & co.

A subclass supplies the machine's panel (``compose_machine``) and the few words and
numbers that differ between machines.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable, Hashable

from rich.console import Console
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.reactive import reactive
from textual.widgets import Static

from arcade.screens.game_screen import GameScreen
from arcade.screens.othello.history import history_rows, history_text
from arcade.screens.othello.seen import SeenGame
from arcade.screens.othello.turns import OthelloTurns
from arcade.screens.othello.words import OthelloWords
from arcade.widgets.changed import update_if_changed
from arcade.widgets.blank import Column, Row
from arcade.widgets.board import BoardView, OthelloBoard, SquareClicked
from arcade.widgets.dialogs import SideDialog
from arcade.widgets.footer import KeysFooter
from arcade.widgets.header import TitleHeader
from arcade.widgets.history import MoveHistory
from arcade.widgets.lines import LineText
from games.othello.driver import MachineDisagrees, MoveRecord, OthelloDriver
from games.othello.referee import Disc
from games.othello.session import OthelloView, Phase
from games.session import SaveUnreadable


@lru_cache(maxsize=8)
def _console(width: int) -> Console:
    """A console to wrap text at ``width`` (made once per width: a ``Console`` costs ~0.1 ms to make)."""
    return Console(width=width, legacy_windows=False)


def fitted(text: str, width: int, height: int) -> Text:
    """``text`` wrapped to ``width``; if it needs more than ``height`` lines, the last line says
    where to read it whole (the message log, L)."""
    content = Text(text)
    if width <= 0 or height <= 0 or ("\n" not in text and content.cell_len <= width):
        return content  # one line that fits (most of them): nothing to wrap
    lines = content.wrap(_console(width), width)
    if len(lines) <= height:
        return content
    more = " ... (L: all of it)"
    kept = list(lines)[:height]
    last = kept[-1]
    last.truncate(max(0, width - len(more)))
    last.append(more, "bold")
    return Text("\n").join(kept)


class OthelloScreen(OthelloTurns, OthelloWords, GameScreen):
    """The board on the left, the machine on the right; the turn flow between them."""

    HOSTED_ERRORS = {"MachineDisagrees": MachineDisagrees, "SaveUnreadable": SaveUnreadable}

    DEFAULT_CSS = """
    OthelloScreen #paused { display: none; height: 1fr; content-align: center middle; text-style: bold; }
    OthelloScreen.-paused #game { display: none; }
    OthelloScreen.-paused #paused { display: block; }
    OthelloScreen .message { height: 2; padding: 0 1; color: $text-warning; }
    OthelloScreen #side-message { display: none; padding: 0; height: 1fr; }
    OthelloScreen.-tall #message { display: none; }  /* room under the board: the message stays near it */
    OthelloScreen.-tall #side-message { display: block; width: 37; margin-top: 1; }
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
        Binding("L", "message_log", "Messages again", show=False, key_display="L", id="othello.message-log"),
        Binding("escape,backspace", "back", "Back", tooltip="Esc stops the machine while it thinks", id="arcade.back"),
    ]

    PAUSE_HIDES = frozenset(
        {"cursor", "play", "pass_turn", "new_game", "toggle_legal", "undo", "redo", "machine_go", "toggle_history",
         "export_history"}
    )

    history_shown: reactive[bool] = reactive(False, repaint=False)

    def __init__(self, driver_factory: Callable[[], OthelloDriver] | None = None, *, ask_side: bool = True) -> None:
        """``driver_factory``: the machine's driver (None: the game's own); it is built in the host, so
        it must be importable there by name (a class or a module's function, not a lambda)."""
        super().__init__()
        # the game and its machine are built at the host's table by the first request: the first
        # frame shows the initial board at once (``arcade/screens/othello/seen.py``)
        self.session = SeenGame()
        self.open_table(driver_factory=driver_factory, steps_per_second=self.STEPS_PER_SECOND,
                        real_slice=self.REAL_SLICE)
        self.ask_side = ask_side
        self._last_time = ""
        self._stopped_machine = False  # Esc stopped the machine's turn: g lets it think again
        self.stopped_at: float | None = None  # when the last Esc had the machine back as before its move

    # -- layout ----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield TitleHeader()
        with Row(id="game"):
            with Column(id="left"):
                yield OthelloBoard(id="board")
                yield LineText(id="status")
                yield LineText(id="side-message", classes="message", markup=False)  # shown by a narrow layout
            yield from self.compose_machine()
            yield MoveHistory(id="history")
        yield LineText(id="message", classes="message", markup=False)  # the whole width: read whole at 80x24
        yield Static("Paused: the board and the machine are hidden.\n\nPress p to go on.", id="paused")
        yield KeysFooter(compact=True)

    def compose_machine(self) -> ComposeResult:
        """The machine's panel (give it the class ``machine-panel``)."""
        yield from ()

    def on_mount(self) -> None:
        self._board = self.query_one("#board", OthelloBoard)
        self._status = self.query_one("#status", LineText)
        self._message_areas = list(self.query(".message").results(LineText))  # found once: a query walks the screen
        self.render_view()
        if self.ask_side:
            self.after_first_frame(self.saves.offer, self.resume_question)
        else:
            self.saves.ready = True

    # -- hooks a machine's panel fills in ---------------------------------------------

    def show_machine(self, view: OthelloView) -> None:
        """Redraw the machine's panel from the session's view."""

    def game_shown(self, resumed: bool) -> None:
        """A new (or resumed, undone, redone) game is on the board."""

    def turn_shown(self, record: MoveRecord) -> None:
        """A turn has been played and the machine is quiet."""

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
        self._board.show_legal = bool(settings.get("show_legal", self._board.show_legal))
        self.history_shown = bool(settings.get("history", self.history_shown))

    # -- drawing ------------------------------------------------------------------------

    def board_view(self, view: OthelloView) -> BoardView:
        return BoardView(cells=view.cells, legal=view.legal, last=view.last, flipped=view.flipped,
                         **self.board_labels())  # type: ignore[arg-type]

    def render_view(self) -> None:
        """Draw the session's view: board, status, machine, history; the footer only if its keys changed."""
        view = self.view
        self._board.view = self.board_view(view)
        self.show_machine(view)
        self.update_status()
        if self.history_shown:
            self._show_history(view)
        self.refresh_footer()

    def update_status(self) -> None:
        status = getattr(self, "_status", None) or self.query_one("#status", LineText)
        width = status.content_region.width or 37
        update_if_changed(status, self.status_text(self.view, self._board.cursor, width))

    def show_message(self, text: str) -> None:
        """Every message area gets the text, cut to its size with a pointer to the log (L) if too long."""
        for area in getattr(self, "_message_areas", None) or self.query(".message").results(LineText):
            update_if_changed(area, fitted(text, area.content_region.width, area.content_region.height))

    def on_resize(self) -> None:
        self.set_class(self.size.height >= 27, "-tall")  # room under the board for the message

    def _show_history(self, view: OthelloView) -> None:
        rows = history_rows(list(view.history), view.machine_color, self.MACHINE, self.key_sequence)
        self.query_one("#history", MoveHistory).show(rows, self.history_header(view))

    def footer_signature(self) -> Hashable:
        """Only what changes a key the footer shows: 0 Pass (and the pause).  Undo, redo and g are
        not in the footer, so a new game or its end does not rebuild it (a layout of the whole
        screen, 20-50 ms)."""
        return (self.paused, self.view.must_pass)

    # -- actions ---------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not super().check_action(action, parameters):
            return False  # hidden while paused: only p (and Esc, ?) work
        view = self.view
        if action == "pass_turn":
            return view.must_pass
        if action == "machine_go":
            return self._stopped_machine
        if action in ("undo", "redo"):
            return view.phase is not Phase.NEW
        return True

    def action_cursor(self, delta: int) -> None:
        row, col = divmod(self._board.cursor, 8)
        if delta in (-1, 1):
            col = (col + delta) % 8
        else:
            row = (row + delta // 8) % 8
        self._board.cursor = row * 8 + col
        self.update_status()

    def action_play(self) -> None:
        self.play(self._board.cursor)

    @on(SquareClicked)
    def _clicked(self, event: SquareClicked) -> None:
        if not self.paused:
            self.play(event.square)

    def play(self, sq: int | None) -> None:
        """The person plays ``sq`` (None: pass); a refused move changes nothing but the message."""
        if self.busy:
            self.say(self.busy_text())
            return
        if not self.session.started:
            self.say(f"Starting the {self.MACHINE}... (choose its side first)")
            return
        reason = self.session.refusal(sq)
        if reason is not None:
            self.app.bell()
            self.say(self.refusal(sq, reason))
            return
        self.before_human_move()
        self.say(f"You play {self.move_text(sq)}.")
        self._start_turn("person", sq)

    def action_pass_turn(self) -> None:
        self.play(None)

    def new_game(self) -> None:
        self.action_new_game()

    def action_new_game(self) -> None:
        def chosen(side: str | None) -> None:
            if side in ("black", "white"):
                self.start_game(Disc.BLACK if side == "black" else Disc.WHITE)

        self.app.push_screen(SideDialog(self.SIDE_QUESTION), chosen)

    def start_game(self, machine_color: Disc) -> None:
        """Start a new game (stopping any move in progress)."""
        self.new_generation()
        self.saves.ready = True
        self._last_time = ""
        self._stopped_machine = False
        self.say(f"New game: the {self.MACHINE} plays {self.side_name(machine_color)}.")
        self.run_request("new", "start", machine_color)

    def action_toggle_legal(self) -> None:
        self._board.show_legal = not self._board.show_legal
        self.say("Legal moves shown (+)." if self._board.show_legal else "Legal moves hidden.")

    def action_undo(self) -> None:
        self._time_travel("undo")

    def action_redo(self) -> None:
        self._time_travel("redo")

    def _time_travel(self, way: str) -> None:
        """Undo or redo in the worker (restoring a CPC recompiles its program: too slow for the loop)."""
        if self.busy:
            self.say(self.busy_text())
            return
        session = self.session
        if not (session.can_undo if way == "undo" else session.can_redo):
            self.say(f"Nothing to {way}.")
            return
        self.before_human_move()
        self.run_request(way, way)

    def action_machine_go(self) -> None:
        if not self.busy and self.view.machine_to_move:
            self.say(f"The {self.MACHINE} thinks again.")
            self._start_turn("machine")

    def action_back(self) -> None:
        """Esc: stop the machine if it runs a turn, otherwise back to the launcher."""
        if self.busy and self.job_kind in ("person", "machine"):
            self.stop_job()
            return
        self.app.action_launcher()  # type: ignore[attr-defined]

    def action_toggle_history(self) -> None:
        self.history_shown = not self.history_shown

    def watch_history_shown(self, shown: bool) -> None:
        self.set_class(shown, "-history")
        if shown:
            self._show_history(self.view)

    def action_export_history(self) -> None:
        """Write the moves as text beside the saves, and say where."""
        view = self.view
        self.saves.export(history_text(view, self.MACHINE, self.key_sequence, self.history_header(view), self.TITLE or ""))

    def action_message_log(self) -> None:
        """Every message of this game again, whole, in a dialog."""
        from arcade.widgets.dialogs import MessageLog

        self.app.push_screen(MessageLog(list(self.messages)))

    # -- saves ------------------------------------------------------------------------

    def save_state(self) -> dict[str, Any] | None:
        return self.session.to_save(self.settings())

    def save_summary(self) -> str:
        return self.session.summary()

    @staticmethod
    def resume_question(state: dict[str, Any]) -> str:
        moves = state.get("moves", [])
        return f"A saved game is waiting at move {len(moves) if isinstance(moves, list) else '?'}. Resume it?"

    def resume(self, state: dict[str, Any]) -> bool:
        """Read the save at the host's table (a CPC snapshot recompiles its program); the end comes back as a job's."""
        self.new_generation()
        self.run_request("resume", "resume", state)
        return True

    def offer_again(self) -> None:
        self.saves.offer(self.resume_question)

    def picture_changed(self, picture: Any) -> None:
        self.session.picture = picture
        self.session.pending = None

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
            ("Othello: messages again", "Every message of this game, whole", self.action_message_log),
        ]

