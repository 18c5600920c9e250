"""The wolf and the lambs on an emulated TI-57: the board the calculator never had.

The game runs at a machine host's table (``games/ti57_wolf/table.py``): the ``WolfSession``
there owns the TI-57 and its driver, the turn, the referee, the seats, undo/redo and the
save.  The screen never holds it: it sends requests (``GameScreen.run_request``) and draws
the ``WolfPicture`` every answer brings (``arcade/screens/ti57_wolf/render.py``) into the TI-57
layout both TI-57 games share (``arcade/screens/ti57_screen.py``: ``frame()``).  It turns keys into
moves a TI-57 owner would type (``SBR n`` for the wolf, ``k SBR 4`` / ``k SBR 6`` for lamb k);
the keys follow the board as drawn (row 8 at the top): 7 ↖, 9 ↗, 1 ↙, 3 ↘.

A seat may be the computer (``g``: new game, ``w``/``l`` choose who plays): it thinks at
the table, from the public board, and its move is typed on the TI-57 like a person's,
after a person-like pause unless the pace is instant (``f``).  The coin toss is the
screen's; its result is sent with the new game.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, Callable, Hashable

from textual.reactive import reactive

from arcade.screens.ti57_wolf import render
from arcade.screens.ti57_wolf.dialogs import NewWolfGame, WolfGameOver, seat_from_setting, seat_setting
from arcade.screens.ti57_wolf.export import history_header, history_rows, history_text
from arcade.screens.ti57_wolf.keys import WOLF_BINDINGS, MoveKeys
from arcade.screens.ti57_wolf.saves import WolfSaves
from arcade.screens.ti57_screen import TI57_CSS, TI57Frame, TI57Screen
from arcade.screens.ti57_wolf.workshop import WolfWorkshop
from arcade.widgets.grid import GridView, SquareBoard
from arcade.widgets.ti57 import Shown
from games.session import Refused, SaveUnreadable, Seat
from games.ti57_wolf.driver import MoveRecord
from games.ti57_wolf.referee import START, Side
from games.ti57_wolf.session import Phase, WolfMove, WolfSessionView
from games.ti57_wolf.table import COMPUTER_PACE, PersonMoved, WolfPicture

ROOMY = 34
"""Terminal rows from which the registers and the key log (or the history) are shown together."""


def coin_toss() -> Side:
    """Heads the wolf starts, tails the lambs: the article's "pile ou face"."""
    return random.choice((Side.WOLF, Side.LAMBS))


def toss_words(first: Side) -> str:
    return f"Coin toss: {'heads' if first is Side.WOLF else 'tails'}, the {first.value} start{'s' if first is Side.WOLF else ''}."


def waiting_view(first: Side, seats: dict[Side, Seat], referee: bool) -> WolfSessionView:
    """What the screen shows before the table's first picture: no game yet (the board is drawn empty)."""
    return WolfSessionView(
        phase=Phase.TURN, board=START, to_move=first, first=first, result=None, display="", flashing=False,
        collision=None, take_back_key=None, referee_enabled=referee, legal_wolf_moves=(), legal_lamb_moves=(),
        last_move=None, moves_played=0, register_texts=("",) * 5, off_board=(), registers=("",) * 8, pc=0,
        steps=0, keys=(), setup_keys=(), seats=tuple(seats.items()), computer_to_move=False, can_undo=False,
        can_redo=False, referee_changes=())


def move_words(record: MoveRecord, view: WolfSessionView, *, by_computer: bool = False) -> str:
    """A move said in the game's words (which piece went where); what the TI-57 showed and which
    register holds what is the registers panel's (``i``) and the key log's, not the status line's."""
    if record.flashing:
        lamb = next((k for k, s in enumerate(view.board.lambs, start=1) if s == view.board.wolf), None)
        return (f"The wolf landed on lamb {lamb}'s square: the TI-57 refuses it and its display flashes. "
                "t: take it back.")
    if record.lamb is not None:
        arrow = next((render.ARROW[n] for n, k in render.LAMB_KEY.items() if k == record.key), f"(SBR {record.key})")
        where = view.register_texts[record.lamb]
        return (f"The computer moved lamb {record.lamb} {arrow} to {where}." if by_computer
                else f"Lamb {record.lamb} went {arrow} to {where}.")
    arrow = next((render.ARROW[n] for n, k in render.WOLF_KEY.items() if k == record.key), f"(SBR {record.key})")
    return (f"The computer moved the wolf {arrow} to {record.display}." if by_computer
            else f"The wolf went {arrow} to {record.display}.")


class WolfScreenCore(WolfSaves, MoveKeys, TI57Screen):
    """The 8x8 board on the left; the TI-57 (display, keys typed, registers) on the right."""

    GAME_ID = "ti57-wolf"
    CSS_PATH = [TI57_CSS, Path(__file__).parent / "screen.tcss"]
    TITLE = "Wolf and lambs on the TI-57"
    PAUSE_HIDES = frozenset({"diagonal", "digit", "next_lamb", "take_back", "toggle_purist", "undo", "redo",
                             "toggle_history", "export_history", "toggle_registers", "new_game", "toggle_speed"})
    HOSTED_ERRORS = {"SaveUnreadable": SaveUnreadable}

    BINDINGS = WOLF_BINDINGS

    selected: reactive[int | None] = reactive(None, repaint=False)  # redraw() draws what changed

    def __init__(self, *, coin: Callable[[], Side] = coin_toss, purist: bool = False, blink: bool = True,
                 seats: dict[Side, Seat] | None = None, pace: float = COMPUTER_PACE) -> None:
        """``seats``: who plays each side in the first game (computer levels by ``Seat``); ``pace``:
        seconds a computer's move takes at a person's pace."""
        super().__init__(blink=blink)
        self.coin, self.purist, self.pace = coin, purist, pace
        self.first = coin()  # the first game's toss, said on the first frame
        self.seats = {side: (seats or {}).get(side, Seat()) for side in Side}
        self.picture: WolfPicture | None = None  # the table's last picture (None: no game yet)
        self.instant = False  # the computer's moves come at a person's pace (f: instant)
        self.shown_view = waiting_view(self.first, self.seats, not purist)  # footer and key checks read it
        self._shown = Shown("")
        self._over_announced = False
        self._new_words = ""  # said when the new game sent is at the table
        self._resumed_settings: dict[str, Any] = {}  # the panels of the save being resumed
        self.open_table(pace=pace)

    # -- drawing the table's picture -----------------------------------------------------

    def on_resize(self) -> None:
        if self.is_mounted:
            self.redraw()

    def on_mount(self) -> None:
        self.query_one("#board", SquareBoard).boxed = True
        self.say(toss_words(self.first))
        self.redraw()
        self.after_first_frame(self.offer_resume)

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
            sub_title=render.sub_title(view), board=board,
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
        if self.paused:
            return action == "pause"  # the board is hidden: only p (and Esc, ?) work
        view = self.shown_view
        if action == "take_back":
            return view.phase is Phase.FLASHING
        if action == "next_lamb":  # only on a person's lambs' turn (issue 13: not on the wolf's)
            return view.phase is Phase.TURN and view.to_move is Side.LAMBS and not view.computer_to_move
        if action == "undo":
            return True if view.can_undo else None  # while busy: said "Wait" (no footer redraw per move)
        return True

    # -- moves ---------------------------------------------------------------------------

    def play(self, move: WolfMove, words: str, refusal: str = "Refused") -> None:
        """Refused at once with the reason the picture gives, or typed on the TI-57 at the table."""
        if self.picture is None:
            self.say("Wait: the TI-57 is being set up.")
            return
        reason = (self.picture.refusals or {}).get(move)
        if reason is not None:
            self.app.bell()
            self.say(f"{refusal}: {reason}.")
            return
        keys = f"SBR {move.key}" if move.side is Side.WOLF else f"{move.lamb} SBR {move.key}"
        self.say(f"{words}: {keys}.")
        self._start("move", "play", move)

    def _start(self, kind: str, name: str, *args: Any) -> None:
        """A request at the table, drawn as started: the board without its marks, the LED running."""
        self._shown = Shown("", state="running")
        self.run_request(kind, name, *args)
        self.redraw()

    def computer_turn(self) -> None:
        """Start the computer's move when it is its turn and nothing else is going on."""
        if self.busy or self.paused or not self.is_mounted or self.app.screen is not self or self.picture is None:
            return
        view = self.shown_view
        if not view.computer_to_move or view.phase is not Phase.TURN:
            return
        self.say(f"The computer plays the {view.to_move.value}…")
        self._start("computer", "computer")

    def table_note(self, kind: str, payload: Any) -> None:
        """At instant speed the person's move is shown while the computer's reply goes on."""
        if isinstance(payload, PersonMoved):
            self.picture_changed(payload.picture)
            self.redraw()

    def job_done(self, kind: str, result: Any) -> None:
        """A request's end: the picture is drawn, what happened said, the game saved, the next turn."""
        if kind == "new":
            self._game_on_board(self._new_words)
            return
        if kind == "resume":
            self._resumed()
            return
        if kind in ("undo", "redo"):
            view = self.shown_view
            self._game_on_board(f"Undone: back to move {view.moves_played + 1}, the {view.to_move.value} to move (U: redo)."
                                if kind == "undo" else f"Redone: {view.moves_played} moves played.")
            return
        if kind == "referee":
            self.purist = not self.shown_view.referee_enabled
            self.say("Purist: no referee. Only the program's own check stands (the wolf landing on a lamb)."
                     if self.purist else "Referee on: illegal moves are refused before they reach the TI-57.")
            self.redraw()
            self.saves.save()
            return
        records = result if isinstance(result, tuple) else ((kind, result),)  # a turn: each move is said
        view = self.shown_view
        for part, record in records:
            self._shown = Shown(record.display, record.flashing, "stopped")
            if record.lamb is not None:
                self.selected = None
        for part, record in records:  # each move into the log, in the game's words; the redraw shows the last
            self.say(move_words(record, view, by_computer=part == "computer"), show=False)
        self.redraw()
        self.saves.save()
        if not self._announce_end():
            self.computer_turn()

    def _game_on_board(self, words: str) -> None:
        """A new, undone or redone game at the table: drawn, said, saved; the computer plays if it is to."""
        self.first = self.shown_view.first
        self.purist = not self.shown_view.referee_enabled
        self._reset(words)
        self.saves.save()
        self.computer_turn()

    def job_failed(self, kind: str, error: BaseException) -> None:
        """A refusal found at the table (said as such), a save that does not resume, or a bug (named)."""
        self._shown = self._stopped()
        if kind == "resume":  # SaveUnreadable or, as a last resort, any fault: said, kept aside, a new game
            self.saves.resume_failed(error)
            self.new_game()
            return
        if kind in ("undo", "redo"):
            self.say("Nothing to undo." if kind == "undo" else "Nothing to redo.")
        elif kind == "referee":
            self.app.bell()
            self.say(f"The referee stays {'off' if self.purist else 'on'}: {error} (z: undo).")
        elif isinstance(error, Refused) and str(error).startswith("The variant "):  # a variant broke: named whole
            self.app.bell()
            self.say(str(error))
        elif isinstance(error, Refused):
            self.app.bell()
            self.say(f"Refused: {error}.")
        else:
            self.say(f"{getattr(error, 'kind', type(error).__name__)}: {error}")
        self.redraw()

    def job_stopped(self, kind: str) -> None:
        self._shown = self._stopped()
        self.redraw()
        self.saves.save()

    def _stopped(self) -> Shown:
        view = self.shown_view
        return Shown(view.display, view.flashing, "stopped")

    def _announce_end(self) -> bool:
        view = self.shown_view  # drawn just now: it follows job_done's redraw
        if view.result is None or self._over_announced:
            return view.result is not None
        self._over_announced = True
        self.app.clear_notifications()
        verdict = f"The {view.result.winner.value} {render.wins(view.result.winner)}: {view.result.reason}."

        def after(answer: str | None) -> None:
            if answer == "new":
                self.action_new_game()
            elif answer == "launcher":
                self.app.action_launcher()  # type: ignore[attr-defined]

        self.app.push_screen(WolfGameOver(f"Game over. {verdict}"), after)
        return True

    # -- the other keys ------------------------------------------------------------------

    def action_take_back(self) -> None:
        view = self.shown_view
        if view.phase is Phase.FLASHING and not self.busy and self.picture is not None:
            self.say(f"Taking it back as an owner would: CLR, SBR {view.take_back_key}.")
            self._start("take_back", "take_back")

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

    def action_new_game(self) -> None:
        """g: who plays each side, then a new coin toss and a freshly keyed set-up."""
        if self.paused:
            return
        self.app.push_screen(NewWolfGame(dict(self.seats)), self._start_new_game)

    def _start_new_game(self, seats: dict[Side, Seat] | None) -> None:
        if seats is None:
            self.say("No new game: this one goes on.")
            return
        remember = getattr(self.app, "remember_wolf_seats", None)
        if remember is not None:  # the next first game starts with these seats
            remember({side.value: seat_setting(seat) for side, seat in seats.items()})
        self.first = self.coin()
        self.send_new_game(seats, f"New game. {toss_words(self.first)}")

    def send_new_game(self, seats: dict[Side, Seat], words: str) -> None:
        """A new game at the table: the coin toss's ``first``, the referee, the seats, the program;
        ``words`` are said once it is there (the game replaces the save of the old one)."""
        self.new_generation()
        self.seats = dict(seats)
        self._new_words = words
        self.say(words)
        self.run_request("new", "new_game", self.first, referee=not self.purist, seats=dict(seats),
                         **self.table_program())

    def table_program(self) -> dict[str, Any]:
        """The program a new game plays (the workshop's variant, by its listing's text); {}: Deconchat's."""
        return {}

    def remembered_seats(self) -> dict[Side, Seat] | None:
        """Who plays each side as last chosen (the settings), None if never chosen; an unknown seat
        there (an older level) is a person."""
        kept = getattr(self.app, "remembered_wolf_seats", None)
        if kept is None:
            return None
        return {side: seat_from_setting(side, kept.get(side.value, "person")) or Seat() for side in Side}

    def new_game(self) -> None:
        """The base's hook on opening (no save) or "new" at the resume question: the coin toss stands.

        The first game ever asks who plays each side (two people at one keyboard was the silent
        default); after that, the seats last chosen play.  Without a configuration directory (the
        tests' apps) nothing can be remembered: nothing is asked, the seats given stand."""
        if self.picture is not None:  # after a game (a save that did not resume): a new toss
            self.first = self.coin()
        remembered = self.remembered_seats()
        if remembered is None and getattr(self.app, "config_dir", None) is not None:
            self.app.push_screen(NewWolfGame(dict(self.seats), first=True), self._first_seats)
            return
        if remembered is not None and remembered != self.seats:
            self.send_new_game(remembered, f"{toss_words(self.first)} {self.seats_words(remembered)}")
        else:
            self.send_new_game(self.seats, toss_words(self.first))

    def _first_seats(self, seats: dict[Side, Seat] | None) -> None:
        """The first game's answer: remembered, and played; Esc: two people, asked again next time."""
        if seats is None:
            self.send_new_game(self.seats, f"{toss_words(self.first)} Two people share the keyboard (g: who plays).")
            return
        self._start_new_game(seats)

    def seats_words(self, seats: dict[Side, Seat] | None = None) -> str:
        seats = seats or self.seats
        return f"Wolf: {render.seat_label(seats[Side.WOLF])}; lambs: {render.seat_label(seats[Side.LAMBS])} (g: change)."

    def _reset(self, message: str) -> None:
        self.selected = None
        self._over_announced = self.shown_view.result is not None
        self._shown = self._stopped()
        self.say(message)
        self.redraw()

    # -- undo, redo ------------------------------------------------------------------------

    def _step_back(self, undo: bool) -> None:
        """Undo (or redo) whole moves, past the computer's so a person gets the move back."""
        if self.wait_if_running():
            return
        view = self.shown_view
        if self.picture is None or not (view.can_undo if undo else view.can_redo):
            self.say("Nothing to undo." if undo else "Nothing to redo.")
            return
        self.new_generation()
        way = "undo" if undo else "redo"
        self.run_request(way, way, to_a_person=True)

    def action_undo(self) -> None:
        self._step_back(True)

    def action_redo(self) -> None:
        self._step_back(False)

    def on_screen_resume(self) -> None:
        """Back from a dialog (new game, game over, help): the computer may have a move to make."""
        self.computer_turn()

    def watch_paused(self, paused: bool) -> None:
        super().watch_paused(paused)
        if not paused and self.is_mounted:
            self.computer_turn()


class TI57WolfScreen(WolfWorkshop, WolfScreenCore):  """Wolf and lambs with the workshop: W, and the program chosen at a new game."""
