"""The turns of an Othello game as ``GameScreen`` jobs: start them, and take their ends.

A mixin of ``OthelloScreen``: a person's move or the machine's turn runs in the worker
through the ``OthelloSession``; the person's move and the machine's reply are one job
(``PersonMoved`` tells the screen between the two); its end (played, stopped by Esc,
refused, a machine disagreeing with the referee) comes back here, on the event loop, and
the next turn follows.  A new game, undo, redo and resume are jobs too (they restore whole machines).
"""

from __future__ import annotations

import time
from typing import Any, Callable

from arcade.game_screen import GameScreen, JobContext
from arcade.messages import PersonMoved
from arcade.switching import freeze_heap
from arcade.widgets.dialogs import GameOverDialog
from games.othello.driver import MachineDisagrees, MoveRecord
from games.othello.session import OthelloSession, OthelloView, Phase


class OthelloTurns(GameScreen):
    """Starting a turn on the machine, and what the screen does when a job ends."""

    INSTANT_SLICE = 500
    """Machine steps between two calls of the job's slice callback at instant speed, where a key
    read meanwhile parks the machine (``JobContext.go_on``).  A slice runs as long as the loop lets
    it, and the loop needs the interpreter for a dozen short turns to carry a key to the screen:
    traced in tmux, a key read as a 2,000-step slice began waited 4-5 ms for its end (the slice
    took four times its ~1 ms alone).  The rests the job takes are timed, not counted in slices."""
    REAL_SLICE = 100  # slices at real speed: a tenth of a second or less of the machine
    session: OthelloSession
    stopped_at: float | None
    _stopped_machine: bool

    @property
    def view(self) -> OthelloView:
        return self.session.view()

    def turn_prelude(self) -> Callable[[], object] | None:
        """Something to do in the worker before the turn (the CPC forgetting a half-typed entry)."""
        return None

    def _start_turn(self, kind: str, square: int | None = None) -> None:
        """A turn on the machine: the person's move recorded, or the machine's own."""
        session = self.session
        self._stopped_machine = False
        instant, real = self.INSTANT_SLICE, self.REAL_SLICE
        first = self.turn_prelude()

        def turn(ctx: JobContext) -> MoveRecord:
            if first is not None:
                first()

            def measured(total: int) -> None:
                ctx.total = total

            def pace() -> tuple[int, Callable[[int], None] | None]:
                # at real speed the turn's length is learnt first, for the progress shown ("n of total")
                return (instant, None) if self.instant else (real, measured)

            slice_steps, measure = pace()
            if kind == "machine":
                return session.machine_turn(ctx.go_on, slice_steps, measure=measure, stopped=lambda: ctx.stopped)
            record = session.play(square, ctx.go_on, slice_steps, measure=measure, stopped=lambda: ctx.stopped)
            if ctx.stopped or not session.view().machine_to_move:
                return record
            # the machine's reply in the same job: no job end, worker start and state messages
            # between the two on the event loop (README, "How the UI feels": within the noise so far)
            ctx.post_drawn_soon(PersonMoved(ctx.job.generation, record))  # a short reply brings it along
            ctx.next_part("machine")
            slice_steps, measure = pace()
            return session.machine_turn(ctx.go_on, slice_steps, measure=measure, stopped=lambda: ctx.stopped)

        if kind == "person":
            session.show_pending(square)  # the disc is on the board at once, while the machine records it
        self.busy = True  # drawn busy before the worker starts (run_job): see below
        self.render_view()
        self.run_job(kind, turn, view=session.progress_view)

    def on_person_moved(self, message: PersonMoved) -> None:
        """The person's move is recorded; the machine answers in the same job: shown and saved
        as a turn's end is, and the machine's turn goes on (after the frame of a key on its way)."""
        self.attention.after_keys(self, self._person_moved, message)

    def news_with_end(self, message: Any) -> None:
        """The person's move, held until a short reply's end: shown in the end's own handler."""
        if isinstance(message, PersonMoved):
            self._person_moved(message)
        else:
            super().news_with_end(message)

    def _person_moved(self, message: PersonMoved) -> None:
        self.release_after_frame()  # the machine's reply waits for this frame
        if message.generation != self.generation or not self.busy:
            return
        self.turn_ended()
        self.turn_shown(message.record)
        if message.with_end:
            return  # the reply has ended too: its end's handler, now, saves and draws both
        self.save_game()  # the session saves the game as at this quiet moment, whatever the machine does
        self.render_view()

    def job_done(self, kind: str, result: Any) -> None:
        self.turn_ended()
        if kind in ("new", "resume") and not isinstance(self.session, OthelloSession):
            # the first session and its machine arrive after the first frame's freeze: long-lived
            # too, kept out of the collector's full walks as well
            self.call_after_refresh(freeze_heap)
        if kind == "resume":
            if not self.resumed(result):
                return
            self.game_shown(resumed=True)
            self.say(f"Resumed the saved game at move {self.view.moves_played}.")
        elif kind == "new":
            self.session = result  # built in the worker if it was not yet
            self.game_shown(resumed=False)
        elif kind in ("undo", "redo"):
            self.game_shown(resumed=True)
            n = self.session.human_moves()
            self.say(f"Undone: back to before your move {n + 1} (U: redo)." if kind == "undo"
                     else f"Redone: {self.view.moves_played} moves played.")
        else:
            self.turn_shown(result)
            if result.by_machine:
                self.say(self.machine_played(result))
        self.save_game()
        self.next_turn(announce=kind not in ("undo", "redo"))
        if not self.busy:  # a turn started by next_turn has drawn the view already: draw it once
            self.render_view()

    def job_stopped(self, kind: str) -> None:
        self.turn_ended()
        self.session.clear_pending()
        self.stopped_at = time.monotonic()
        if kind == "person":
            self.say(f"Stopped: your move was taken back; the {self.MACHINE} is as before it. Play again.")
        else:
            self._stopped_machine = True
            self.say(f"Stopped: the {self.MACHINE} is back before its move. g: think again, u: undo.")
            self.save_game()  # the person's move before it stays (its own save may have come with this end)
        self.render_view()
        if self.view.person_to_move:
            self.human_turn_begins()

    def job_failed(self, kind: str, error: BaseException) -> None:
        self.turn_ended()
        self.session.clear_pending()
        if kind == "resume":  # SaveUnreadable or, as a last resort, any fault: said, kept aside, a new game
            self.resume_failed(error if isinstance(error, Exception) else RuntimeError(repr(error)))
            self.action_new_game()
            return
        if isinstance(error, MachineDisagrees):
            self.say(f"MachineDisagrees: {error}")
        else:
            super().job_failed(kind, error)
        self.render_view()

    def resumed(self, session: OthelloSession) -> bool:
        """Take the session a save made, with its panels' settings; a save whose settings break
        the screen is a damaged save too (said, kept aside, a new game), never a crash."""
        before = self.session
        self.session = session
        try:
            self.apply_settings(session.settings)
        except Exception as error:  # noqa: BLE001 - the last resort behind the session's own checks
            self.session = before
            self.resume_failed(error)
            self.action_new_game()
            return False
        return True

    def next_turn(self, announce: bool = True) -> None:
        view = self.view
        if view.phase is Phase.OVER:
            self.game_ended()
            black, white = view.score
            winner = view.winner
            verdict = "A draw" if winner is None else (f"The {self.MACHINE} wins" if winner is view.machine_color else "You win")
            self.say(f"{verdict}: {self.score_text(black, white)}. Press n for a new game.")

            def after(answer: str | None) -> None:
                if answer == "new":
                    self.action_new_game()
                elif answer == "launcher":
                    self.app.action_launcher()  # type: ignore[attr-defined]

            self.app.push_screen(GameOverDialog(f"Game over. {verdict}: {self.dialog_score(black, white)}."), after)
        elif view.machine_to_move:
            self._start_turn("machine")
        else:
            self.human_turn_begins()
            if view.must_pass and announce:
                self.say(f"You have no legal move: {self.PASS_HINT}.")

