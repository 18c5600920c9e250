"""The turns of an Othello game as requests at the machine host's table, and their ends.

A mixin of ``OthelloScreen``: a person's move or the machine's turn runs at the table
(``games/othello/table.py``); the person's move and the machine's reply are one request
(``PersonMoved`` tells the screen between the two); its end (played, stopped by Esc,
refused, a machine disagreeing with the referee) comes back here, on the event loop, and
the next turn follows.  A new game, undo, redo and resume are requests too (they restore whole machines).
"""

from __future__ import annotations

import time
from typing import Any

from arcade.screens.game_screen import GameScreen
from arcade.screens.othello.seen import SeenGame
from arcade.widgets.dialogs import GameOverDialog
from games.othello.driver import MachineDisagrees
from games.othello.session import OthelloView, Phase
from games.othello.table import MovePending, PersonMoved


class OthelloTurns(GameScreen):
    """Starting a turn on the machine, and what the screen does when a request ends."""

    REAL_SLICE = 100  # slices at real speed: a tenth of a second or less of the machine
    session: SeenGame
    stopped_at: float | None
    _stopped_machine: bool

    @property
    def view(self) -> OthelloView:
        return self.session.view()

    def rewind_before_move(self) -> bool:
        """Whether the machine first forgets a half-typed entry (the CPC) before the person's move."""
        return False

    def _start_turn(self, kind: str, square: int | None = None) -> None:
        """A turn on the machine: the person's move recorded (and the machine's reply), or the machine's own."""
        self._stopped_machine = False
        self.busy = True  # drawn busy at once; the person's disc comes with the table's first news
        self.render_view()
        if kind == "machine":
            self.run_request("machine", "machine_turn")
        else:
            self.run_request("person", "play", square, rewind=self.rewind_before_move())

    def table_note(self, kind: str, payload: Any) -> None:
        """The person's move shown at once; then recorded, while the machine's reply goes on."""
        if isinstance(payload, MovePending):
            self.session.pending = payload.view
            self.render_view()
        elif isinstance(payload, PersonMoved) and self.busy:
            self.session.picture, self.session.pending = payload.picture, None
            if self.table is not None and self.table.running is not None:
                self.table.running.kind = "machine"  # what runs now: Esc stops the machine's reply
            self.turn_ended()
            self.turn_shown(payload.record)
            self.saves.save()  # the game as at this quiet moment, whatever the machine does
            self.render_view()

    def job_done(self, kind: str, result: Any) -> None:
        self.turn_ended()
        if kind == "resume":
            if not self.resumed():
                return
            self.game_shown(resumed=True)
            self.say(f"Resumed the saved game at move {self.view.moves_played}.")
        elif kind == "new":
            self.game_shown(resumed=False)
        elif kind == "reload":
            self.game_shown(resumed=True)
        elif kind in ("undo", "redo"):
            self.game_shown(resumed=True)
            n = self.session.human_moves()
            self.say(f"Undone: back to before your move {n + 1} (U: redo)." if kind == "undo"
                     else f"Redone: {self.view.moves_played} moves played.")
        else:
            self.turn_shown(result)
            if result.by_machine:
                self.say(self.machine_played(result))
        self.saves.save()
        self.next_turn(announce=kind not in ("undo", "redo"))
        if not self.busy:  # a turn started by next_turn has drawn the view already: draw it once
            self.render_view()

    def job_stopped(self, kind: str) -> None:
        self.turn_ended()
        self.session.pending = None
        self.stopped_at = time.monotonic()
        if kind == "person":
            self.say(f"Stopped: your move was taken back; the {self.MACHINE} is as before it. Play again.")
        else:
            self._stopped_machine = True
            self.say(f"Stopped: the {self.MACHINE} is back before its move. g: think again, u: undo.")
            self.saves.save()  # the person's move before it stays (its own save may have come with this end)
        self.render_view()
        if self.view.person_to_move:
            self.human_turn_begins()

    def job_failed(self, kind: str, error: BaseException) -> None:
        self.turn_ended()
        self.session.pending = None
        if kind == "resume":  # SaveUnreadable or, as a last resort, any fault: said, kept aside, a new game
            self.saves.resume_failed(error if isinstance(error, Exception) else RuntimeError(repr(error)))
            self.action_new_game()
            return
        if isinstance(error, MachineDisagrees):
            self.say(f"MachineDisagrees: {error}")
        else:
            super().job_failed(kind, error)
        self.render_view()

    def resumed(self) -> bool:
        """The game a save made is at the table: its panels' settings applied; a save whose settings
        break the screen is a damaged save too (said, kept aside, a new game), never a crash."""
        try:
            self.apply_settings(self.session.settings)
        except Exception as error:  # noqa: BLE001 - the last resort behind the session's own checks
            self.saves.resume_failed(error)
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

