"""The blind duel: one TI-57 that alone knows both squares, shown one player at a time.

The screen renders a ``DuelSession`` (games/ti57_duel/session.py), which keeps the phases,
turns, hand-offs, undo, saves and what each player may see; the screen draws the view of
whoever looks now into the TI-57 layout both TI-57 games share (``arcade/ti57_screen.py``:
``frame()``, with ``render.py``); its keys become session calls in ``keys.py``, its saves are
``saves.py``'s, its curtain and PIN dialogs ``curtain.py``'s.  Between two people an
opaque curtain (``curtain.HandOff``, a PIN in a locked duel) covers everything, after every
private widget and notification is wiped.  With the computer in a seat there is no curtain; it
plays in the worker through the TI-57's keys, paced like a person, its Pause (its square) unseen.
A move runs in the worker: the emulator is instant, the Pause (~¾ s) and stop posted as ``DisplayShown``;
at instant speed nothing is posted, and the computer's reply runs in the person's move's job
(``_person_job``): one end, one save, one frame for the turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from textual.message import Message
from textual.reactive import reactive
from textual.screen import ModalScreen

from arcade.game_saves import NOT_MADE
from arcade.game_screen import JobContext
from arcade.ti57_duel import render
from arcade.ti57_duel.curtain import PIN_RULE, DuelResumeDialog, HandOff, PinDialog
from arcade.ti57_duel.keys import DUEL_BINDINGS, DuelKeys
from arcade.ti57_duel.saves import DuelSaves
from arcade.ti57_duel.workshop import DuelWorkshop
from arcade.ti57_screen import TI57_CSS, TI57Frame, TI57Screen
from arcade.widgets.grid import SquareBoard
from arcade.widgets.ti57 import PAUSE_SECONDS, Shown, TI57Display, key_lines
from arcade.widgets.words import Words
from games.session import Refused
from games.ti57_duel.seal import DEFAULT_COST, KdfCost
from games.ti57_duel.session import PIN_DIGITS, DuelSession, DuelView, Moved, Phase, WrongPin

COMPUTER_THINKS = 1.0
"""Seconds the computer takes over a move at the real pace (a person's few seconds, shortened)."""


def pin_refusal(pin: str) -> str | None:
    """Why the PIN box keeps this PIN (None: the session may take it): said inside the box, which
    stays open, so that the digits typed next go to the PIN, not to the board's cursor."""
    low, high = PIN_DIGITS
    if low <= len(pin) <= high:
        return None
    size = "Too short" if len(pin) < low else "Too long"
    return f"{size}: a PIN is {low} to {high} digits, this one has {len(pin)}. Type it again."


@dataclass(frozen=True)
class JobEnd:
    """What a move's job hands its end: the save, made in the worker as the job's last step
    (``made_save``; the job has the session to itself until it ends).  Made by the end on the
    event loop, sealing the TI-57's state took ~0.4 ms of every turn's end.  ``NOT_MADE``: it
    failed there, and the end makes it again (where a fault is reported)."""

    save: Any
    view: DuelView | None = None
    """The session's view for the viewer of the job's end, made in the worker too (~0.2 ms of the
    end); drawn only if the viewer is still the one on screen (``sync``)."""


@dataclass
class DisplayShown(Message):
    """The worker, pacing a move: the TI-57 now shows ``shown``; ``view``: the mover's, when theirs to see."""

    generation: int
    shown: Shown
    view: DuelView | None = None


class DuelScreenCore(DuelKeys, DuelSaves, TI57Screen):
    """Board and words on the left, the TI-57 on the right; one player's view at a time."""

    GAME_ID = "ti57-duel"
    CSS_PATH = [TI57_CSS, Path(__file__).parent / "screen.tcss"]
    TITLE = "Blind duel on the TI-57"
    MESSAGE_BESIDE = "board"
    PAUSED_TEXT = "Paused: everything is hidden.\n\nPress p to go on (the hand-off comes first)."
    BINDINGS = DUEL_BINDINGS

    instant: reactive[bool] = reactive(False, repaint=False)  # toggle_speed draws the status

    def __init__(self, *, pause_seconds: float = PAUSE_SECONDS, blink: bool = True,
                 computer_thinks: float = COMPUTER_THINKS, seal_cost: KdfCost = DEFAULT_COST) -> None:
        super().__init__(blink=blink)
        self.pause_seconds, self.computer_thinks = pause_seconds, computer_thinks
        self.session = DuelSession(seal_cost=seal_cost)  # each new duel keeps the cost (tests pass a low one)
        self.seat_choice = 0
        self.cursor: tuple[int, int] = (4, 4)
        self._frozen: DuelView | None = None  # the view kept on screen while the worker runs
        self._view_now: DuelView | None = None  # the view ``sync`` made, while it draws it
        self._covered = False  # the duel left the screen while a private view was up
        self._locked_save = False  # a locked save waits for its PINs: nothing is written meanwhile

    @property
    def phase(self) -> str:
        return self.session.phase.value

    @property
    def viewer(self) -> int | None:
        """The player whose private view is on screen (None: nothing private is)."""
        return None if self.paused or self._covered else self.session.viewer

    def view(self) -> DuelView:
        if self._view_now is not None:
            return self._view_now
        if self.busy and self._frozen is not None:
            return self._frozen
        return self.session.view(self.viewer)

    def frame(self) -> TI57Frame:
        """The view of whoever looks now; the key log, or the history, once the duel is over."""
        v = self.view()
        over, registers, history = v.phase is Phase.OVER, self.registers_shown, self.history_shown
        return TI57Frame(
            sub_title=render.public_sub_title(v), board=render.board_view(v, self.cursor, self.busy),
            info=render.info_text(v, self.cursor), status=render.status_text(v, self.instant),
            calculator=v, meanings=render.REGISTERS, hidden=v.hidden, registers=registers and bool(v.registers),
            keylog=over and not registers and not history,
            history=(render.history_rows(v.turns), "Keys: " + " ".join(key_lines(v.keys[: v.setup_keys])))
            if over and history and not registers else None)

    def on_mount(self) -> None:
        self.redraw()
        self.after_first_frame(self.offer_saved_game, self.resume_question, DuelResumeDialog)

    def on_screen_suspend(self) -> None:
        # Leaving for the launcher (not a help page) must not leave a private view behind.
        if self.session.viewer is not None and not isinstance(self.app.screen, (ModalScreen, HandOff)):
            self._covered = True
            self.session.cover("Back to the duel.")
            self.wipe()

    def on_screen_resume(self) -> None:
        if self._covered:
            self._covered = False
            self.sync()

    def footer_signature(self) -> tuple[Any, ...]:
        return (self.phase, self.viewer, self.paused)

    def sync(self, made: DuelView | None = None, *, in_two: bool = False) -> None:
        """Follow the session: the curtain when it is down, the computer when it acts, else the view
        (``made``: the session's view a job's worker made as it ended, if its viewer is still ours;
        ``in_two``: a job's end, ``TI57Screen.redraw``)."""
        s = self.session
        if s.phase is Phase.HANDOFF and not self.paused:
            self.wipe()
            v = s.view(None)
            self.sub_title = render.public_sub_title(v)
            self.app.push_screen(HandOff(v.handoff_to or 1, render.handoff_text(v), v.undo_for,
                                         s.needs_pin(v.handoff_to or 1), self._lift), self._curtain_answered)
            return
        v = made if made is not None and made.viewer == self.viewer else self.view()
        state = "" if s.phase is Phase.SETUP else "stopped"
        self._shown = Shown(v.display, v.flashing, state) if s.game is not None else Shown("0")
        if s.phase is Phase.OVER:
            self.app.clear_notifications()
        if s.news and (s.phase in (Phase.DRAW, Phase.OVER) or not s.hot_seat):
            self.say(s.news, show=False)  # with no curtain, the news (the computer's move): the redraw shows it
        self._view_now = v  # the view made once for the whole redraw (a turn's end: 0.2-0.4 ms a view)
        try:
            self.redraw(in_two=in_two)
        finally:
            self._view_now = None
        if s.computer_to_act and not self.busy and not self.paused:
            self._frozen = v
            self.run_job("computer", self._computer_job)

    def _lift(self, pin: str | None) -> str | None:
        try:
            self.session.reveal(pin)
        except WrongPin as wrong:
            return f"{str(wrong)[:1].upper()}{str(wrong)[1:]}."
        return None

    def _curtain_answered(self, answer: str | None) -> None:
        if answer == "undo":
            self.session.undo()
            self.save_game()
        self._message = ""
        self.sync()

    # -- actions ---------------------------------------------------------------------

    def action_confirm(self) -> None:
        s = self.session
        if self.busy:
            return
        if s.phase is Phase.LIMIT:
            self.new_generation()
            s.start()  # keys "20 STO 0 2nd Fix 1 CLR": no secret yet
            self._shown = Shown(s.view().display)
            self.cursor, self.save_ready, self._locked_save = (4, 4), True, False  # a new duel replaces a save
            self.save_game()
            self.sync()
        elif s.phase is Phase.SETUP and self.viewer is not None:
            if s.lock:
                self.app.push_screen(PinDialog(f"Player {self.viewer}: choose a PIN ({PIN_RULE}). It lifts your "
                                               "curtain and, with the other player's, opens the save.",
                                               pin_refusal), self._place)
            else:
                self._place(None)

    def _place(self, pin: str | None) -> None:
        try:  # a locked duel with no PIN (Esc) is refused: Enter asks again
            self.session.place(self.cursor, pin)
        except Refused as refused:
            self.say(f"Refused: {refused}.")
            return
        self.cursor = (4, 4)
        self.save_game()
        self.sync()

    def action_extend(self) -> None:
        if self.session.phase is Phase.DRAW and not self.busy:
            self.session.extend()
            self.save_game()
            self.sync()

    def action_reveal(self) -> None:
        if self.session.phase is Phase.DRAW:
            self.session.end()
            self.save_game()  # a finished duel is not kept
            self.sync()

    def action_new_game(self) -> None:  # the workshop's mixin asks first (the duel in progress, the program)
        self.new_game()

    def screenshot_refusal(self) -> str | None:
        """Why a screenshot now would write something private to a file (asked by the app before one)."""
        return "No screenshot of a private view: it would keep a square in a file." if self.viewer is not None else None

    def new_game(self) -> None:
        """Back to the move limit, the same seats (a move in progress is dropped)."""
        self.new_generation()
        self.session = DuelSession(seats=self.session.seats, limit=self.session.limit, seal_cost=self.session.seal_cost)
        self.history_shown = False
        self.wipe()
        self._shown = Shown("0")
        self.redraw()
        self.save_game()  # no duel any more: its save goes

    def action_toggle_speed(self) -> None:
        self.instant = not self.instant
        self.say("Instant: no pause." if self.instant else f"Real pace: the Pause shows ~{self.pause_seconds:g} s.")
        self.query_one("#status", Words).content = render.status_text(self.view(), self.instant)

    def action_pause(self) -> None:
        if self.paused:
            self.paused = False
            self.sync()
            return
        if self.wait_if_running():
            return
        self.session.cover("Back from the pause.")
        self.wipe()  # nothing private stays in a widget, a toast or the title
        self.paused = True
        self.sub_title = "paused"

    def action_toggle_history(self) -> None:
        if self.session.phase is Phase.OVER:
            super().action_toggle_history()

    def action_export_history(self) -> None:
        if self.session.phase is Phase.OVER:
            self.export_moves(render.history_text(self.session.view(), self.TITLE))

    # -- the worker ------------------------------------------------------------------

    def _person_job(self, ctx: JobContext, code: int) -> JobEnd:
        """The person's move; at instant speed the computer's reply too, in the same job.

        One job's end is one save, one redraw and one frame for both moves.  As two jobs, a turn
        at instant speed drew four or five frames in a few milliseconds (each move's displays,
        each end), each one more that a key pressed meanwhile waited for."""
        self._pace(ctx, self.session.move(code), mine=True)
        if self.instant and self.session.computer_to_act:
            ctx.next_part("computer")
            return self._computer_job(ctx)
        return self._job_end(ctx)

    def _computer_job(self, ctx: JobContext) -> JobEnd:
        if not self.instant and not ctx.sleep(self.computer_thinks):
            ctx.check()
        ctx.between_parts()  # the person's move keyed: a key on its way first
        played = self.session.play_computer()
        if isinstance(played, Moved):
            self._pace(ctx, played, mine=False)
        return self._job_end(ctx)

    def _job_end(self, ctx: JobContext) -> JobEnd:
        """In the worker, a move's last step: the save as it stands now (``JobEnd``), once a key on
        its way has been drawn (``JobContext.between``: the duel's job runs no slices of its own)."""
        ctx.between_parts()
        return JobEnd(self.made_save(), self.session.view(self.viewer))

    def _pace(self, ctx: JobContext, moved: Moved, mine: bool) -> None:
        """Show the TI-57's displays as the machine does: the Pause (the mover's only), then the stop.
        At instant speed nothing is held to see: the job's end draws the TI-57 as it stopped."""
        if self.instant:
            return
        turn = moved.turn
        hold = self.pause_seconds
        for i, text in enumerate(turn.displays):
            last = i == len(turn.displays) - 1
            if not (mine or last):
                continue  # the computer's Pause shows its square: not for the person's eyes
            ctx.post(DisplayShown(ctx.job.generation, Shown(text, turn.flashing and last, "stopped" if last else "pause"),
                                  moved.mover_view if mine else None))
            if not last and not ctx.sleep(hold):
                ctx.check()

    def on_display_shown(self, message: DisplayShown) -> None:
        if message.generation != self.generation:
            return
        self._shown = message.shown
        self.query_one("#led", TI57Display).shown = message.shown
        if message.view is not None and message.shown.state == "pause":  # the mover's new square
            self._frozen = message.view
            self.sub_title = render.public_sub_title(message.view)  # the title tells what the body tells
            self.query_one("#board", SquareBoard).view = render.board_view(message.view, self.cursor, True)
            self.query_one("#info", Words).content = render.info_text(message.view, self.cursor)

    def job_done(self, kind: str, result: Any) -> None:
        self._frozen = None
        ended = result if isinstance(result, JobEnd) else JobEnd(NOT_MADE)
        self.save_game(ended.save)  # the save the job made
        self.sync(ended.view, in_two=True)

    def job_failed(self, kind: str, error: BaseException) -> None:
        self._frozen = None
        super().job_failed(kind, error)
        self.redraw()

    def job_stopped(self, kind: str) -> None:
        self._frozen = None
        self.sync()



class TI57DuelScreen(DuelWorkshop, DuelScreenCore):  """The duel with the workshop: W, and the program chosen at a new duel."""
