"""The wolf and the lambs on an emulated TI-57: the board the calculator never had.

The screen renders a ``WolfSession`` (games/ti57_wolf/session.py), which owns the game:
the TI-57 and its driver, the turn, the referee and when it was switched, the seats,
undo/redo by whole TI-57 snapshots and the save.  The screen turns keys into moves a
TI-57 owner would type (``SBR n`` for the wolf, ``k SBR 4`` / ``k SBR 6`` for lamb k),
plays them in the ``GameScreen`` worker, and draws the session's view
(``arcade/ti57_wolf/render.py``) into the TI-57 layout both TI-57 games share
(``arcade/ti57_screen.py``: ``frame()``).  The keys follow the board as drawn (row 8 at the
top): 7 ↖, 9 ↗, 1 ↙, 3 ↘; the key log shows what was really typed.

A seat may be the computer (``g``: new game, ``w``/``l`` choose who plays): it thinks
in the worker, from the public board, and its move is typed on the TI-57 like a
person's, after a person-like pause unless the pace is instant (``f``).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Hashable

from textual.reactive import reactive

from arcade.game_screen import JobContext, JobStopped
from arcade.ti57_wolf import render
from arcade.ti57_wolf.dialogs import NewWolfGame, WolfGameOver, seat_from_setting, seat_setting
from arcade.ti57_wolf.export import history_header, history_rows, history_text
from arcade.ti57_wolf.keys import WOLF_BINDINGS, MoveKeys
from arcade.ti57_wolf.saves import WolfSaves
from arcade.ti57_screen import TI57_CSS, TI57Frame, TI57Screen
from arcade.ti57_wolf.workshop import WolfWorkshop
from arcade.widgets.grid import SquareBoard
from arcade.widgets.ti57 import Shown, TI57Display
from games.session import Refused, Seat
from games.ti57_wolf.driver import MoveRecord
from games.ti57_wolf.referee import Side
from games.ti57_wolf.session import Phase, WolfMove, WolfSession, WolfSessionView

ROOMY = 34
"""Terminal rows from which the registers and the key log (or the history) are shown together."""

COMPUTER_PACE = 0.8
"""Seconds a computer's move takes at the person-like pace (thinking included): long enough to follow."""


@dataclass(frozen=True)
class TurnEnd:
    """What a job hands its end, made in the worker as its last steps (the job has the session to
    itself until it ends): the moves it played, the session's view and the save (``made_save``).
    Made on the event loop, view and save were ~0.9 ms of every turn's end, a key pressed waiting."""

    moves: MoveRecord | tuple[tuple[str, MoveRecord], ...]
    view: WolfSessionView
    save: Any


def coin_toss() -> Side:
    """Heads the wolf starts, tails the lambs: the article's "pile ou face"."""
    return random.choice((Side.WOLF, Side.LAMBS))


def toss_words(first: Side) -> str:
    return f"Coin toss: {'heads' if first is Side.WOLF else 'tails'}, the {first.value} start{'s' if first is Side.WOLF else ''}."


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

    BINDINGS = WOLF_BINDINGS

    selected: reactive[int | None] = reactive(None, repaint=False)  # redraw() draws what changed

    def __init__(self, *, coin: Callable[[], Side] = coin_toss, purist: bool = False, blink: bool = True,
                 seats: dict[Side, Seat] | None = None, pace: float = COMPUTER_PACE,
                 player_for: Callable[..., Any] | None = None) -> None:
        super().__init__(blink=blink)
        self.coin, self.purist, self.pace = coin, purist, pace
        self._session_args: dict[str, Any] = {"player_for": player_for} if player_for else {}
        self.session = self._new_session(dict(seats or {}))
        self.instant = False  # the computer's moves come at a person's pace (f: instant)
        self.shown_view = self.session.view()  # the last view drawn (footer and key checks read it)
        self._shown = Shown(self.shown_view.display)
        self._over_announced = False

    def _new_session(self, seats: dict[Side, Seat]) -> WolfSession:
        return WolfSession(self.coin(), referee=not self.purist, seats=seats, **self._session_args)

    @property
    def game(self) -> Any:  # the session's driver, for tests and screenshots; the screen draws view()
        return self.session.game

    @property
    def first(self) -> Side:
        return self.session.first

    # -- drawing the session's view ------------------------------------------------------

    def on_resize(self) -> None:
        if self.is_mounted:
            self.redraw()

    def on_mount(self) -> None:
        self.query_one("#board", SquareBoard).boxed = True
        self.say(toss_words(self.first))
        self.redraw()
        self.after_first_frame(self.offer_resume)

    def redraw(self, view: WolfSessionView | None = None, *, in_two: bool = False) -> None:
        """The session's view drawn (``view``: the session's, just made; ``in_two``: ``TI57Screen.redraw``)."""
        self.shown_view = view if view is not None else self.session.view()
        super().redraw(in_two=in_two)

    def frame(self) -> TI57Frame:
        """The board and the registers as the TI-57 holds them; the registers with the key log
        (or the history) below them only on a tall terminal, on a shorter one in the key log's box."""
        view = self.shown_view
        below = not self.registers_shown or self.size.height >= ROOMY
        return TI57Frame(
            sub_title=render.sub_title(view), board=render.board_view(view, self.selected, self.busy),
            info=render.turn_text(view, self.selected), status=render.status_text(view),
            calculator=view, meanings=render.REGISTERS, registers=self.registers_shown,
            keylog=not self.history_shown and below,
            registers_in_log=self.registers_shown and not below and not self.history_shown,
            history=(history_rows(self.session.history()), history_header(self.session))
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
        """Refused at once with the reason, or typed on the TI-57 in the worker."""
        try:
            self.session.check(move)
        except Refused as refused:
            self.app.bell()
            self.say(f"{refusal}: {refused}.")
            return
        keys = f"SBR {move.key}" if move.side is Side.WOLF else f"{move.lamb} SBR {move.key}"
        self.say(f"{words}: {keys}.", show=False)  # drawn with the start (``_draw_start``), or at instant speed with the turn's end
        session = self.session  # the job plays on this game, even if a new one starts meanwhile
        self._start(lambda ctx: self._person_move(ctx, session, move), shown=True)

    def _person_move(self, ctx: JobContext, session: WolfSession,
                     move: WolfMove) -> tuple[tuple[str, MoveRecord], ...]:
        """In the worker: the person's move; at instant speed the computer's reply too, in the same
        job (as the duel's): one end, one save, one redraw for the turn, where two jobs drew two
        ends and the computer's start between them, each a frame a key pressed meanwhile waited for."""
        done = [("move", session.play(move))]
        if self.instant and session.computer_to_move:
            ctx.between_parts()  # a key on its way first (the job runs no machine slices of its own)
            ctx.next_part("computer")
            done.append(("computer", self._computer_move(ctx, session)))
        return tuple(done)

    def _start(self, run: Callable[[JobContext], Any], kind: str = "move", *, shown: bool = False) -> None:
        """Run a job, drawn as started.  ``shown``: the screen shows the session as it is (a person's
        move, checked against the view drawn): only what a start changes is drawn, the board without
        its marks (nothing to play while the TI-57 runs) and the LED; the whole redraw, the session's
        view made again with it, was ~1 ms of the move key's action, and a key pressed right behind
        the move waited for it.  At instant speed that start is drawn only if the turn outlasts
        ``QUIET_START`` (``GameScreen.run_job``): its end comes first."""
        self._shown = Shown("", state="running")
        session = self.session  # the job's game, even if a new one starts meanwhile (its end is then dropped)

        def job(ctx: JobContext) -> TurnEnd:
            done = run(ctx)
            ctx.between_parts()  # the save made once a key on its way has been drawn
            return TurnEnd(done, session.view(), self.made_save())

        if shown and self.instant:
            self.run_job(kind, job, quiet_start=self._draw_start)
            return
        self.run_job(kind, job)
        if shown:
            self._draw_start()
        else:
            self.redraw()

    def _draw_start(self) -> None:
        """A person's move started: the board without its marks, the LED running, what was said."""
        self.query_one("#board", SquareBoard).view = render.board_view(self.shown_view, self.selected, self.busy)
        self.query_one("#led", TI57Display).shown = self._shown
        self.show_message(self.message)

    def _computer_move(self, ctx: JobContext, session: WolfSession) -> MoveRecord:
        """In the worker: choose from the public board, wait like a person would, then type it."""
        began = time.monotonic()
        move = session.computer_choice()
        if not self.instant and not ctx.sleep(max(0.0, self.pace - (time.monotonic() - began))):
            raise JobStopped("computer")
        ctx.check()
        return session.play(move)

    def computer_turn(self) -> None:
        """Start the computer's move when it is its turn and nothing else is going on."""
        if self.busy or self.paused or not self.is_mounted or self.app.screen is not self:
            return
        if not self.session.computer_to_move:
            return
        self.say(f"The computer plays the {self.session.to_move.value}…")
        session = self.session
        self._start(lambda ctx: self._computer_move(ctx, session), "computer")

    def job_done(self, kind: str, result: TurnEnd) -> None:
        moves = result.moves
        records = moves if isinstance(moves, tuple) else ((kind, moves),)  # a turn: each move is said
        for _part, record in records:
            self._shown = Shown(record.display, record.flashing, "stopped")
            if record.lamb is not None:
                self.selected = None
        view = result.view  # the words and the redraw read it
        for part, record in records:  # each move into the log, in the game's words; the redraw shows the last
            self.say(move_words(record, view, by_computer=part == "computer"), show=False)
        self.redraw(view, in_two=True)
        self.save_game(result.save)  # made by the job as it ended (``made_save``)
        if not self._announce_end():
            self.computer_turn()

    def job_failed(self, kind: str, error: BaseException) -> None:
        """A refusal found in the worker (said as such) or a bug (named, never hidden)."""
        self._shown = self._stopped()
        if isinstance(error, Refused):
            self.app.bell()
            self.say(f"Refused: {error}.")
        else:
            self.say(f"{type(error).__name__}: {error}")
        self.redraw()

    def job_stopped(self, kind: str) -> None:
        self._shown = self._stopped()
        self.redraw()

    def _stopped(self) -> Shown:
        view = self.session.view()
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
                self.app.action_launcher()

        self.app.push_screen(WolfGameOver(f"Game over. {verdict}"), after)
        return True

    # -- the other keys ------------------------------------------------------------------

    def action_take_back(self) -> None:
        view = self.session.view()
        if view.phase is Phase.FLASHING and not self.busy:
            self.say(f"Taking it back as an owner would: CLR, SBR {view.take_back_key}.")
            session = self.session
            self._start(lambda ctx: session.take_back())

    def action_toggle_purist(self) -> None:
        if self.busy:
            return
        try:
            self.session.set_referee(not self.session.view().referee_enabled)
        except Refused as refused:
            self.app.bell()
            self.say(f"The referee stays {'off' if self.purist else 'on'}: {refused} (z: undo).")
            return
        self.purist = not self.session.view().referee_enabled
        self.say("Purist: no referee. Only the program's own check stands (the wolf landing on a lamb)."
                 if self.purist else "Referee on: illegal moves are refused before they reach the TI-57.")
        self.redraw()
        self.save_game()

    def speed_text(self) -> str:
        return "The computer moves at once." if self.instant else "The computer moves at a person's pace."

    def action_export_history(self) -> None:
        self.export_moves(history_text(self.session, self.TITLE))

    def action_new_game(self) -> None:
        """g: who plays each side, then a new coin toss and a freshly keyed set-up."""
        if self.paused:
            return
        self.app.push_screen(NewWolfGame(dict(self.session.seats)), self._start_new_game)

    def _start_new_game(self, seats: dict[Side, Seat] | None) -> None:
        if seats is None:
            self.say("No new game: this one goes on.")
            return
        remember = getattr(self.app, "remember_wolf_seats", None)
        if remember is not None:  # the next first game starts with these seats
            remember({side.value: seat_setting(seat) for side, seat in seats.items()})
        self.new_generation()
        self.session = self._new_session(seats)
        self._reset(f"New game. {toss_words(self.first)}")
        self.save_game()  # the new game replaces the save of the old one
        self.computer_turn()

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
        remembered = self.remembered_seats()
        if remembered is None and getattr(self.app, "config_dir", None) is not None:
            self.app.push_screen(NewWolfGame(dict(self.session.seats), first=True), self._first_seats)
            return
        if remembered is not None and remembered != self.session.seats and not self.session.moves_played:
            self.new_generation()
            self.session = self._new_session(remembered)
            self._reset(f"{toss_words(self.first)} {self.seats_words()}")
        if self.session.moves_played:
            self.new_generation()
            self.session = self._new_session(dict(self.session.seats))
            self._reset(f"New game. {toss_words(self.first)}")
        self.computer_turn()

    def _first_seats(self, seats: dict[Side, Seat] | None) -> None:
        """The first game's answer: remembered, and played; Esc: two people, asked again next time."""
        if seats is None:
            self.say(f"{toss_words(self.first)} Two people share the keyboard (g: who plays).")
            self.computer_turn()
            return
        self._start_new_game(seats)

    def seats_words(self) -> str:
        seats = self.session.seats
        return f"Wolf: {render.seat_label(seats[Side.WOLF])}; lambs: {render.seat_label(seats[Side.LAMBS])} (g: change)."

    def _reset(self, message: str) -> None:
        self.selected = None
        self._over_announced = self.session.view().result is not None
        self._shown = self._stopped()
        self.say(message)
        self.redraw()

    # -- undo, redo ------------------------------------------------------------------------

    def _step_back(self, undo: bool) -> None:
        """Undo (or redo) whole moves, past the computer's so a person gets the move back."""
        if self.wait_if_running():
            return
        try:
            self.session.undo(to_a_person=True) if undo else self.session.redo(to_a_person=True)
        except Refused:
            self.say("Nothing to undo." if undo else "Nothing to redo.")
            return
        view = self.session.view()
        self.new_generation()
        self.purist = not view.referee_enabled
        self._reset(f"Undone: back to move {view.moves_played + 1}, the {view.to_move.value} to move (U: redo)."
                    if undo else f"Redone: {view.moves_played} moves played.")
        self.save_game()
        self.computer_turn()  # back at the start with the computer to move: it plays again

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
