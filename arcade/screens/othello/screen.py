"""What every Othello screen does, whatever machine plays: the base of the HP-67 and Lazard screens.

The game itself is an ``OthelloSession`` (``games/othello/session.py``): the screen only
draws its ``view()`` and turns keys into the session's requests.  The slow ones (a new
game, a turn on the machine, undo and redo, which restore a whole machine) run as
requests at the machine host's table; their end comes back in ``job_done`` & co.

The screen holds its parts: the turn flow (``OthelloTurns``), the machine's words
(``OthelloWords``), the machine's workshop (a ``Workshop``).  A machine's screen supplies
its panel (``compose_machine``) and hears how the game goes through a few hooks.
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar, Hashable

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.reactive import reactive
from textual.widgets import Static

from arcade.screens.arcade_app import back_to_launcher
from arcade.screens.game_screen import GameScreen
from arcade.screens.messages import MachineProgress
from arcade.screens.othello.history import history_rows, history_text
from arcade.screens.othello.keys import OTHELLO_BINDINGS, PAUSE_HIDES
from arcade.screens.othello.messages import fitted
from arcade.screens.othello.seen import SeenGame
from arcade.screens.othello.turns import OthelloTurns
from arcade.screens.othello.words import Labels, OthelloWords
from arcade.screens.othello.workshop import Workshop
from arcade.storage.saves import StateText
from arcade.widgets.changed import update_if_changed
from arcade.widgets.blank import Column, Row
from arcade.widgets.board import BoardView, OthelloBoard, SquareClicked
from arcade.widgets.dialogs import SideDialog
from arcade.widgets.footer import KeysFooter
from arcade.widgets.header import TitleHeader
from arcade.widgets.history import MoveHistory
from arcade.widgets.lines import LineText
from arcade.widgets.plain import visible
from games.host.news import Answer
from games.othello.driver import MachineDisagrees, MoveRecord, OthelloDriver
from games.othello.referee import Disc
from games.othello.session import OthelloView, Phase
from games.session import SaveUnreadable


class OthelloScreen(GameScreen):
    """The board on the left, the machine on the right; the turn flow between them (``turns``),
    in the machine's words (``words``); its workshop (``workshop``), if it has one."""

    HOSTED_ERRORS = {"MachineDisagrees": MachineDisagrees, "SaveUnreadable": SaveUnreadable}
    REAL_SLICE: ClassVar[int] = 100  # slices at real speed: a tenth of a second or less of the machine

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

    BINDINGS = OTHELLO_BINDINGS
    PAUSE_HIDES = PAUSE_HIDES

    history_shown: reactive[bool] = reactive(False, repaint=False)

    def __init__(self, driver_factory: Callable[[], OthelloDriver] | None = None, *, ask_side: bool = True,
                 words: OthelloWords | None = None) -> None:
        """``driver_factory``: the machine's driver (None: the game's own); it is built in the host, so
        it must be importable there by name (a class or a module's function, not a lambda).
        ``words``: the machine's (the common ones by default)."""
        super().__init__()
        # the game and its machine are built at the host's table by the first request: the first
        # frame shows the initial board at once (``arcade/screens/othello/seen.py``)
        self.session = SeenGame()
        self.words = words if words is not None else OthelloWords(self.MACHINE)
        self.turns = OthelloTurns(self)
        self.workshop: Workshop | None = None  # a machine's screen gives its own
        self.variant: str | None = None  # the name of the player's variant playing, if any
        self.open_table(driver_factory=driver_factory, steps_per_second=self.STEPS_PER_SECOND,
                        real_slice=self.REAL_SLICE)
        self.ask_side = ask_side

    @property
    def view(self) -> OthelloView:
        return self.session.view()

    # -- layout ----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        # the terminal's height known already: its class set before any widget below is styled (set
        # at the first resize, it styled the whole screen again, ~4% of the launch's CPU)
        self.fit_height()
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

    def on_mount(self) -> None:
        self._board = self.query_one("#board", OthelloBoard)
        self._status = self.query_one("#status", LineText)
        self._message_areas = list(self.query(".message").results(LineText))  # found once: a query walks the screen
        self.words.use_ascii(bool(getattr(self.app, "ascii_glyphs", False)))
        self.render_view()
        if self.ask_side:
            self.after_first_frame(self.saves.offer, self.resume_question)
        else:
            self.saves.ready = True

    # -- hooks a machine's screen fills in ----------------------------------------------

    def compose_machine(self) -> ComposeResult:
        """The machine's panel (give it the class ``machine-panel``)."""
        yield from ()

    def show_machine(self, view: OthelloView) -> None:
        """Redraw the machine's panel from the session's view."""

    def machine_status(self) -> Text | None:
        """A status line of the machine's own in place of "Your move" (the CPC's typing), or None."""
        return None

    def board_labels(self) -> tuple[Labels, Labels]:
        """The board's column and row labels (a machine may show its program's own)."""
        return self.words.COLUMN_LABELS, self.words.ROW_LABELS

    def game_starts(self) -> None:
        """A new game is asked for (the last one's doings end)."""

    def game_shown(self, resumed: bool) -> None:
        """A new (or resumed, undone, redone) game is on the board."""

    def turn_shown(self, record: MoveRecord) -> None:
        """A turn has been played and the machine is quiet."""

    def turn_ended(self) -> None:
        """A request ended, played or not (hide a progress bar)."""

    def show_progress(self, message: MachineProgress) -> None:
        """The machine runs on: a turn at instant speed lasts long enough to be drawn busy (a machine's
        screen draws the progress itself, after this)."""
        self.turns.lasts()

    def before_human_move(self) -> None:
        """The board's move is about to be played (a half-typed entry gives way)."""

    def rewind_before_move(self) -> bool:
        """Whether the machine first forgets a half-typed entry (the CPC) before the person's move."""
        return False

    def human_turn_begins(self) -> None:
        """The player is to move."""

    def game_ended(self) -> None:
        """The game is over."""

    def settings(self) -> dict[str, Any]:
        """The player's choices a save keeps (read from attributes: it works while the screen closes)."""
        return {"instant": self.instant, "show_legal": self._board.show_legal, "history": self.history_shown,
                "variant": self.variant}

    def apply_settings(self, settings: dict[str, Any]) -> None:
        self.instant = bool(settings.get("instant", self.instant))
        self._board.show_legal = bool(settings.get("show_legal", self._board.show_legal))
        self.history_shown = bool(settings.get("history", self.history_shown))
        variant = settings.get("variant")
        self.variant = variant if isinstance(variant, str) else None
        self.show_variant()

    # -- drawing ------------------------------------------------------------------------

    def board_view(self, view: OthelloView) -> BoardView:
        columns, rows = self.board_labels()
        return BoardView(cells=view.cells, legal=view.legal, last=view.last, flipped=view.flipped,
                         col_labels=columns, row_labels=rows)

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
        update_if_changed(status, self.words.status_text(self.view, self._board.cursor, width, busy=self.busy,
                                                         machine_status=self.machine_status()))

    def show_message(self, text: str) -> None:
        """Every message area gets the text, cut to its size with a pointer to the log (L) if too long."""
        for area in getattr(self, "_message_areas", None) or self.query(".message").results(LineText):
            update_if_changed(area, fitted(text, area.content_region.width, area.content_region.height))

    def show_variant(self) -> None:
        """The sub-title: the player's variant playing, or who wrote the program (the title names the machine)."""
        self.sub_title = f"your variant {visible(self.variant)}" if self.variant else self.words.written_by(self.view)

    def on_resize(self) -> None:
        self.fit_height()

    def fit_height(self) -> None:
        """Room under the board for the message when the terminal is tall enough."""
        self.set_class(self.size.height >= 27, "-tall")

    def _show_history(self, view: OthelloView) -> None:
        rows = history_rows(list(view.history), view.machine_color, self.MACHINE, self.words.key_sequence)
        self.query_one("#history", MoveHistory).show(rows, self.words.history_header(view))

    def footer_signature(self) -> Hashable:
        """Only what changes a key the footer shows: 0 Pass (and the pause).  Undo, redo and g are
        not in the footer, so a new game or its end does not rebuild it (a layout of the whole
        screen, 20-50 ms)."""
        return (self.paused, self.view.must_pass)

    # -- actions ---------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        view = self.view
        # 0 Pass only when the person must pass, Go only for a stopped machine: hidden otherwise (rare keys)
        if (action == "pass_turn" and not view.must_pass) or (action == "machine_go" and not self.turns.machine_stopped):
            return False
        allowed = super().check_action(action, parameters)
        if not allowed:
            return allowed  # paused: dimmed
        if action in ("undo", "redo"):
            return True if view.phase is not Phase.NEW else None
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
        self.turns.person_plays(self._board.cursor)

    @on(SquareClicked)
    def _clicked(self, event: SquareClicked) -> None:
        if not self.paused:
            self.turns.person_plays(event.square)

    def asked(self, kind: str, answer: Answer) -> None:
        if kind == "check":
            self.turns.checked(answer)
        else:
            super().asked(kind, answer)

    def action_pass_turn(self) -> None:
        self.turns.person_plays(None)

    def new_game(self) -> None:
        self.action_new_game()

    def action_new_game(self) -> None:
        """n: which program plays (variants written in the machine's room), then which side."""
        if self.workshop is not None:
            self.workshop.offer_programs()
        else:
            self.choose_side()

    def choose_side(self, then: Callable[[Disc], None] | None = None) -> None:
        """Which side the machine plays; the answer starts the game (``then``: a program chosen first)."""
        start = then if then is not None else self.turns.start_game

        def chosen(side: str | None) -> None:
            if side in ("black", "white"):
                start(Disc.BLACK if side == "black" else Disc.WHITE)

        self.app.push_screen(SideDialog(self.words.side_question), chosen)

    def action_workshop(self) -> None:
        """w: the program playing opened in the machine's room; a program written there is a variant n offers."""
        if self.busy:
            self.say(self.words.busy_text())
        elif self.workshop is not None:
            self.workshop.open_room(self.variant)

    def action_toggle_legal(self) -> None:
        self._board.show_legal = not self._board.show_legal
        self.say("Legal moves shown (+)." if self._board.show_legal else "Legal moves hidden.")

    def action_undo(self) -> None:
        self.turns.time_travel("undo")

    def action_redo(self) -> None:
        self.turns.time_travel("redo")

    def action_machine_go(self) -> None:
        self.turns.machine_go()

    def action_back(self) -> None:
        """Esc: stop the machine if it runs a turn, otherwise back to the launcher."""
        if self.busy and self.job_kind in ("person", "machine"):
            self.stop_job()
            return
        back_to_launcher(self.app)

    def action_toggle_history(self) -> None:
        self.history_shown = not self.history_shown

    def watch_history_shown(self, shown: bool) -> None:
        self.set_class(shown, "-history")
        if shown:
            self._show_history(self.view)

    def action_export_history(self) -> None:
        """Write the moves as text beside the saves, and say where."""
        view = self.view
        self.saves.export(history_text(view, self.MACHINE, self.words.key_sequence, self.words.history_header(view),
                                       self.TITLE or ""))

    def action_message_log(self) -> None:
        """Every message of this game again, whole, in a dialog."""
        from arcade.widgets.dialogs import MessageLog

        self.app.push_screen(MessageLog(list(self.messages)))

    # -- the ends of the requests at the host's table: the turns follow --------------------

    def job_done(self, kind: str, result: Any) -> None:
        if kind == "program":  # a program chosen in the workshop's question plays the new game
            self.variant = self.session.variant
            self.show_variant()
            kind = "new"
        self.turns.done(kind, result)

    def job_stopped(self, kind: str) -> None:
        self.turns.stopped(kind)

    def job_failed(self, kind: str, error: BaseException) -> None:
        if not self.turns.failed(kind, error):
            super().job_failed(kind, error)  # a refusal, or a fault named: as in every game
            self.render_view()
        if self.variant is not None and self.workshop is not None and isinstance(error, MachineDisagrees):
            self.say(self.workshop.broke(self.variant, error))

    def table_note(self, kind: str, payload: Any) -> None:
        self.turns.note(payload)

    def picture_changed(self, picture: Any) -> None:
        if picture is not None:  # none before the first game is built (the table's opening)
            self.session.take(picture)

    # -- saves ------------------------------------------------------------------------

    def save_state(self) -> StateText | None:
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
