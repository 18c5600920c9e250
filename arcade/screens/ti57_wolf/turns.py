"""The turns of wolf and lambs at the table: a move typed, the computer's, each request's end.

A part of ``TI57WolfScreen`` (``screen.turns``).  A person's move is refused at once with the
reason the last picture gives, or sent to the table to be typed on the TI-57; the computer's
move is asked for whenever it is its turn and nothing else goes on.  Each request's end (the
screen's ``job_done`` & co) draws the new picture, says what happened in the game's words,
saves the game, and plays on: the computer's next move, or the game-over question.
"""

from __future__ import annotations

from typing import Any, Protocol

from textual.app import App

from arcade.screens.ti57_wolf import render
from arcade.storage.game_saves import GameSaves
from arcade.screens.ti57_wolf.dialogs import WolfGameOver
from arcade.widgets.ti57 import Shown
from games.session import Refused
from games.ti57_wolf.driver import MoveRecord
from games.ti57_wolf.referee import Side
from games.ti57_wolf.session import Phase, WolfMove, WolfSessionView
from games.ti57_wolf.table import PersonMoved, WolfPicture


class WolfTurnsScreen(Protocol):
    """What the turns use of the wolf screen (named here: this module does not import the screen)."""

    picture: WolfPicture | None  # the table's last picture (None: no game yet)
    shown_view: WolfSessionView
    selected: int | None
    first: Side
    purist: bool
    busy: bool
    paused: bool
    saves: GameSaves
    led: Shown

    @property
    def app(self) -> App[Any]: ...
    @property
    def is_mounted(self) -> bool: ...
    def picture_changed(self, picture: Any) -> None: ...
    def say(self, text: str, *, show: bool = True) -> None: ...
    def redraw(self) -> None: ...
    def run_request(self, kind: str, name: str, *args: Any, **kwargs: Any) -> None: ...
    def new_generation(self) -> int: ...
    def wait_if_running(self) -> bool: ...
    def action_new_game(self) -> None: ...
    def back_to_launcher(self) -> None: ...


class WolfTurns:
    """Moves to the table, and what each request's end means for the game on screen."""

    def __init__(self, screen: WolfTurnsScreen) -> None:
        self.screen = screen
        self._over_announced = False  # the game-over question was asked for the game on screen
        self.drawn = True  # the request under way has been drawn as started (at instant speed: once it lasts)

    # -- moves ---------------------------------------------------------------------------

    def play(self, move: WolfMove, words: str, refusal: str = "Refused") -> None:
        """Refused at once with the reason the picture gives, or typed on the TI-57 at the table."""
        screen = self.screen
        if screen.picture is None:
            screen.say("Wait: the TI-57 is being set up.")
            return
        reason = (screen.picture.refusals or {}).get(move)
        if reason is not None:
            screen.app.bell()
            screen.say(f"{refusal}: {reason}.")
            return
        keys = f"SBR {move.key}" if move.side is Side.WOLF else f"{move.lamb} SBR {move.key}"
        self.start("move", "play", move, words=f"{words}: {keys}.")

    def start(self, kind: str, name: str, *args: Any, words: str = "") -> None:
        """A request at the table, drawn as started: the board without its marks, the LED running.

        At instant speed a turn (the person's move and the computer's reply) takes a millisecond or
        two at the table: it is drawn once, with its end, unless the table's news says it lasts
        (``lasts``): a frame drawn as started, then the end's a few milliseconds later, made the
        keys pressed meanwhile wait for two frames."""
        screen = self.screen
        screen.led = Shown("", state="running")
        self.drawn = not screen.instant
        if words:
            screen.say(words, show=self.drawn)
        screen.run_request(kind, name, *args)
        if self.drawn:
            screen.redraw()

    def lasts(self) -> None:
        """The table's news of a request at instant speed: it lasts long enough to be seen, drawn as started now."""
        if not self.drawn:
            self.drawn = True
            self.screen.redraw()

    def computer_turn(self) -> None:
        """Start the computer's move when it is its turn and nothing else is going on."""
        screen = self.screen
        if (screen.busy or screen.paused or not screen.is_mounted or screen.app.screen is not screen
                or screen.picture is None):
            return
        view = screen.shown_view
        if not view.computer_to_move or view.phase is not Phase.TURN:
            return
        self.start("computer", "computer", words=f"The computer plays the {view.to_move.value}…")

    def step_back(self, *, undo: bool) -> None:
        """Undo (or redo) whole moves, past the computer's so a person gets the move back."""
        screen = self.screen
        if screen.wait_if_running():
            return
        view = screen.shown_view
        if screen.picture is None or not (view.can_undo if undo else view.can_redo):
            screen.say("Nothing to undo." if undo else "Nothing to redo.")
            return
        screen.new_generation()
        way = "undo" if undo else "redo"
        screen.run_request(way, way, to_a_person=True)

    # -- the table's news and answers ------------------------------------------------------

    def note(self, payload: Any) -> None:
        """At instant speed the person's move is shown while the computer's reply goes on (told only
        when the reply lasts long enough to be seen, or is stopped)."""
        self.lasts()
        if isinstance(payload, PersonMoved):
            self.screen.picture_changed(payload.picture)
            self.screen.redraw()

    def moved(self, records: tuple[tuple[str, MoveRecord], ...]) -> None:
        """A turn's end (``("move"|"computer", record)`` each move played): each said, the game saved,
        the computer's move next, or the game over."""
        screen = self.screen
        view = screen.shown_view
        for _, record in records:
            screen.led = Shown(record.display, record.flashing, "stopped")
            if record.lamb is not None:
                screen.selected = None
        for part, record in records:  # each move into the log, in the game's words; the redraw shows the last
            screen.say(render.move_words(record, view, by_computer=part == "computer"), show=False)
        screen.redraw()
        screen.saves.save()
        if not self._announce_end():
            self.computer_turn()

    def stepped(self, undo: bool) -> None:
        view = self.screen.shown_view
        self.game_on_board(f"Undone: back to move {view.moves_played + 1}, the {view.to_move.value} to move (U: redo)."
                           if undo else f"Redone: {view.moves_played} moves played.")

    def referee_changed(self) -> None:
        screen = self.screen
        screen.purist = not screen.shown_view.referee_enabled
        screen.say("Purist: no referee. Only the program's own check stands (the wolf landing on a lamb)."
                   if screen.purist else "Referee on: illegal moves are refused before they reach the TI-57.")
        screen.redraw()
        screen.saves.save()

    def game_on_board(self, words: str) -> None:
        """A new, resumed, undone or redone game at the table: drawn, said, saved; the computer plays if it is to."""
        screen = self.screen
        screen.first = screen.shown_view.first
        screen.purist = not screen.shown_view.referee_enabled
        screen.selected = None
        self._over_announced = screen.shown_view.result is not None
        screen.led = self.stopped_led()
        screen.say(words)
        screen.redraw()
        screen.saves.save()
        self.computer_turn()

    def failed(self, kind: str, error: BaseException) -> None:
        """A refusal found at the table (said as such), or a bug (named); a resume's is the screen's."""
        screen = self.screen
        screen.led = self.stopped_led()
        if kind in ("undo", "redo"):
            screen.say("Nothing to undo." if kind == "undo" else "Nothing to redo.")
        elif kind == "referee":
            screen.app.bell()
            screen.say(f"The referee stays {'off' if screen.purist else 'on'}: {error} (z: undo).")
        elif isinstance(error, Refused) and str(error).startswith("The variant "):  # a variant broke: named whole
            screen.app.bell()
            screen.say(str(error))
        elif isinstance(error, Refused):
            screen.app.bell()
            screen.say(f"Refused: {error}.")
        else:
            screen.say(f"{getattr(error, 'kind', type(error).__name__)}: {error}")
        screen.redraw()

    def stopped(self) -> None:
        screen = self.screen
        screen.led = self.stopped_led()
        screen.redraw()
        screen.saves.save()

    def stopped_led(self) -> Shown:
        view = self.screen.shown_view
        return Shown(view.display, view.flashing, "stopped")

    def _announce_end(self) -> bool:
        screen = self.screen
        view = screen.shown_view  # drawn just now: it follows the turn's redraw
        if view.result is None or self._over_announced:
            return view.result is not None
        self._over_announced = True
        screen.app.clear_notifications()
        verdict = f"The {view.result.winner.value} {render.wins(view.result.winner)}: {view.result.reason}."

        def after(answer: str | None) -> None:
            if answer == "new":
                screen.action_new_game()
            elif answer == "launcher":
                screen.back_to_launcher()

        screen.app.push_screen(WolfGameOver(f"Game over. {verdict}"), after)
        return True
