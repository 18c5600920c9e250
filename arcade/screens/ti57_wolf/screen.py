"""The wolf and the lambs on an emulated TI-57: the board the calculator never had.

The game runs at a machine host's table (``games/ti57_wolf/table.py``): the ``WolfSession``
there owns the TI-57 and its driver, the turn, the referee, the seats, undo/redo and the
save.  The screen never holds it: it sends requests (``GameScreen.run_request``) and draws
the ``WolfPicture`` every answer brings (``arcade/screens/ti57_wolf/render.py``) into the TI-57
layout both TI-57 games share (``arcade/screens/ti57_screen.py``: ``frame()``).  Its parts:
``keys`` turn keys into moves a TI-57 owner would type (``SBR n`` for the wolf, ``k SBR 4`` /
``k SBR 6`` for lamb k; the keys follow the board as drawn, row 8 at the top: 7 ↖, 9 ↗, 1 ↙,
3 ↘), ``turns`` plays them at the table and follows each request to its end, ``new_games``
asks who plays and tosses the coin, ``saves`` saves and resumes, ``workshop`` is ``W`` and the
program a new game plays (``arcade/screens/room/ti57_workshop.py``).

A seat may be the computer (``g``: new game, ``w``/``l`` choose who plays): it thinks at
the table, from the public board, and its move is typed on the TI-57 like a person's,
after a person-like pause unless the pace is instant (``f``).  The coin toss is the
screen's; its result is sent with the new game.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Hashable

from textual.reactive import reactive

from arcade.screens.messages import MachineProgress
from arcade.screens.room.ti57 import notebook_dir
from arcade.screens.room.ti57_workshop import TI57Workshop, workshop_binding
from arcade.screens.ti57_screen import TI57_CSS, TI57Frame, TI57Screen
from arcade.screens.ti57_wolf import render
from arcade.screens.ti57_wolf.export import history_header, history_rows, history_text
from arcade.screens.ti57_wolf.keys import WOLF_BINDINGS, MoveKeys
from arcade.screens.ti57_wolf.new_game import NewGames, coin_toss, toss_words
from arcade.screens.ti57_wolf.saves import WolfSaves
from arcade.screens.ti57_wolf.turns import WolfTurns
from arcade.widgets.grid import BoardClicked, GridView, SquareBoard
from arcade.widgets.ti57 import Shown
from games.session import SaveUnreadable, Seat
from games.ti57_wolf.referee import Side
from games.ti57_wolf.session import Phase, WolfMove
from games.ti57_wolf.table import COMPUTER_PACE, WolfPicture

ROOMY = 34
"""Terminal rows from which the registers and the key log (or the history) are shown together."""


class TI57WolfScreen(TI57Screen):
    """The 8x8 board on the left; the TI-57 (display, keys typed, registers) on the right."""

    GAME_ID = "ti57-wolf"
    CSS_PATH = [TI57_CSS, Path(__file__).parent / "screen.tcss"]
    TITLE = "Wolf and lambs on the TI-57"
    PAUSE_HIDES = frozenset({"diagonal", "digit", "next_lamb", "take_back", "toggle_purist", "undo", "redo",
                             "toggle_history", "export_history", "toggle_registers", "new_game", "toggle_speed"})
    HOSTED_ERRORS = {"SaveUnreadable": SaveUnreadable}

    BINDINGS = [*WOLF_BINDINGS, workshop_binding("wolf")]

    selected: reactive[int | None] = reactive(None, repaint=False)  # redraw() draws what changed

    def __init__(self, *, coin: Callable[[], Side] = coin_toss, purist: bool = False, blink: bool = True,
                 seats: dict[Side, Seat] | None = None, pace: float = COMPUTER_PACE) -> None:
        """``seats``: who plays each side in the first game (computer levels by ``Seat``); ``pace``:
        seconds a computer's move takes at a person's pace."""
        super().__init__(blink=blink)
        self.purist, self.pace = purist, pace
        self.first = coin()  # the first game's toss, said on the first frame
        self.seats = {side: (seats or {}).get(side, Seat()) for side in Side}
        self.picture: WolfPicture | None = None  # the table's last picture (None: no game yet)
        self.instant = False  # the computer's moves come at a person's pace (f: instant)
        self.shown_view = render.waiting_view(self.first, self.seats, not purist)  # footer and key checks read it
        self._shown = Shown("")
        self.keys = MoveKeys(self)
        self.turns = WolfTurns(self)
        self.new_games = NewGames(self, coin)
        self.wolf_save = WolfSaves(self)
        self.workshop = TI57Workshop(self, game_index=1)
        self.open_table(pace=pace, notebook=str(notebook_dir()))  # a resumed variant's page is read there

    # -- drawing the table's picture -----------------------------------------------------

    def on_resize(self) -> None:
        if self.is_mounted:
            self.redraw()

    def on_mount(self) -> None:
        self.query_one("#board", SquareBoard).boxed = True
        self.say(toss_words(self.first))
        self.redraw()
        self.after_first_frame(self.saves.offer, self.wolf_save.question)

    def picture_changed(self, picture: Any) -> None:
        """Every answer brings the game as it is at the table: what the screen draws and decides from."""
        if isinstance(picture, WolfPicture):
            self.picture = picture
            self.shown_view = picture.view
            self.seats = dict(picture.view.seats)

    def frame(self) -> TI57Frame:
        """The board and the registers as the TI-57 holds them; the registers with the key log
        (or the history) below them only on a tall terminal, on a shorter one in the key log's box."""
        view, picture = self.shown_view, self.picture
        below = not self.registers_shown or self.size.height >= ROOMY
        board = (render.board_view(view, self.selected, self.busy) if picture is not None
                 else GridView(render.COLUMNS, render.ROWS, {}, {}, render.DARK, None))  # no game yet
        return TI57Frame(
            sub_title=self.workshop.titled(render.sub_title(view)), board=board,
            info=render.turn_text(view, self.selected) if picture is not None else "Setting the TI-57 up…",
            status=render.status_text(view) if picture is not None else "",
            calculator=view, meanings=render.REGISTERS, registers=self.registers_shown,
            keylog=not self.history_shown and below,
            registers_in_log=self.registers_shown and not below and not self.history_shown,
            history=(history_rows(list(picture.history)) if picture else [], history_header(view))
            if self.history_shown and below else None)

    def footer_signature(self) -> Hashable:  # what check_action decides, not its inputs: no redraw per turn
        return (self.paused, *(self.check_action(a, ()) for a in ("take_back", "next_lamb", "undo")))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        view = self.shown_view
        if action == "take_back" and view.phase is not Phase.FLASHING:
            return False  # only while the display flashes (hidden: a rare key, the footer at 80 columns)
        if action == "next_lamb" and not (view.phase is Phase.TURN and view.to_move is Side.LAMBS
                                          and not view.computer_to_move):
            return False  # only on a person's lambs' turn (issue 13: not on the wolf's)
        if self.paused:
            return True if action == "pause" else None  # the board is hidden: only p (and Esc, ?) work
        if action == "undo":
            return True if view.can_undo else None  # while busy: said "Wait" (no footer redraw per move)
        return True

    # -- the table's answers (``turns.py``) ------------------------------------------------

    def play(self, move: WolfMove, words: str, refusal: str = "Refused") -> None:
        self.turns.play(move, words, refusal)

    def table_note(self, kind: str, payload: Any) -> None:
        self.turns.note(payload)

    def show_progress(self, message: MachineProgress) -> None:
        """The TI-57 runs on: a request at instant speed lasts long enough to be drawn as started."""
        self.turns.lasts()

    def job_done(self, kind: str, result: Any) -> None:
        """A request's end: the picture is drawn, what happened said, the game saved, the next turn."""
        if kind == "new":
            self.turns.game_on_board(self.new_games.words)
        elif kind == "resume":
            self.workshop.page_read(result)  # the variant's page, read at the table: the next game's program
            self.turns.game_on_board(self.wolf_save.resumed())
        elif kind in ("undo", "redo"):
            self.turns.stepped(undo=kind == "undo")
        elif kind == "referee":
            self.turns.referee_changed()
        else:  # a turn: each move played, or one
            self.turns.moved(result if isinstance(result, tuple) else ((kind, result),))

    def job_failed(self, kind: str, error: BaseException) -> None:
        if kind == "resume":  # SaveUnreadable or, as a last resort, any fault: said, kept aside, a new game
            self.led = self.turns.stopped_led()
            self.saves.resume_failed(error)
            self.new_game()
            return
        self.turns.failed(kind, error)

    def job_stopped(self, kind: str) -> None:
        self.turns.stopped()

    def on_screen_resume(self) -> None:
        """Back from a dialog (new game, game over, help): the computer may have a move to make."""
        self.turns.computer_turn()

    def watch_paused(self, paused: bool) -> None:
        super().watch_paused(paused)
        if not paused and self.is_mounted:
            self.turns.computer_turn()

    # -- keys (``keys.py``) --------------------------------------------------------------

    def action_diagonal(self, name: str) -> None:
        self.keys.diagonal(name)

    def action_digit(self, n: int) -> None:
        self.keys.digit(n)

    def action_next_lamb(self, step: int) -> None:
        self.keys.next_lamb(step)

    def on_board_clicked(self, event: BoardClicked) -> None:
        self.keys.clicked(event.square)

    def action_take_back(self) -> None:
        view = self.shown_view
        if view.phase is Phase.FLASHING and not self.busy and self.picture is not None:
            self.say(f"Taking it back as an owner would: CLR, SBR {view.take_back_key}.")
            self.turns.start("take_back", "take_back")

    def action_toggle_purist(self) -> None:
        if self.busy or self.picture is None:
            return
        self.run_request("referee", "set_referee", not self.shown_view.referee_enabled)

    def speed_text(self) -> str:
        return "The computer moves at once." if self.instant else "The computer moves at a person's pace."

    def action_export_history(self) -> None:
        if self.picture is None:
            self.say("No game yet: nothing to export.")
            return
        self.saves.export(history_text(self.picture, self.TITLE))

    def action_undo(self) -> None:
        self.turns.step_back(undo=True)

    def action_redo(self) -> None:
        self.turns.step_back(undo=False)

    def action_change_program(self) -> None:
        self.workshop.change_program()

    def palette_commands(self) -> list[tuple[str, str, Callable[[], Any]]]:
        return [
            ("Wolf: new game", "Who plays each side, then a new coin toss", self.action_new_game),
            ("Wolf: toggle purist", "Switch the referee off or on", self.action_toggle_purist),
            ("Wolf: undo", "Take back the last move (whole snapshots)", self.action_undo),
            ("Wolf: redo", "Play again what was undone", self.action_redo),
            ("Wolf: pause", "Hide the board", self.action_pause),
            ("Wolf: toggle move history", "Every move: squares and TI-57 keys", self.action_toggle_history),
            ("Wolf: export moves", "Write the moves and every key as text", self.action_export_history),
            ("Wolf: computer's pace", "A person's pace or at once", self.action_toggle_speed),
            self.registers_command(),
            self.workshop.palette_command(),
        ]

    # -- new games (``new_game.py``), saves (``saves.py``) --------------------------------

    def action_new_game(self) -> None:
        """g: which program plays, who plays each side, then a new coin toss and a freshly keyed set-up."""
        self.new_games.ask()

    def new_game(self) -> None:
        """The base's hook on opening (no save) or "new" at the resume question: the coin toss stands."""
        self.new_games.first_of_screen()

    def save_state(self) -> dict[str, Any] | None:
        return self.workshop.noted(self.wolf_save.state())

    def save_summary(self) -> str:
        return self.wolf_save.summary()

    def resume(self, state: dict[str, Any]) -> bool:
        return self.wolf_save.resume(state, **self.workshop.saved_page(state))

    def offer_again(self) -> None:
        """After the host's end: its last save offered again."""
        self.saves.offer(self.wolf_save.question)
