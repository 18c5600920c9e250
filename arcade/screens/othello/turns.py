"""The turns of an Othello game as requests at the machine host's table, and their ends.

A part the screen holds (``OthelloScreen.turns``): a person's move or the machine's turn
runs at the table (``games/othello/table.py``); the person's move and the machine's reply
are one request (``PersonMoved`` tells the screen between the two); its end (played,
stopped by Esc, refused, a machine disagreeing with the referee) comes back here, on the
event loop, and the next turn follows.  A new game, undo, redo and resume are requests
too (they restore whole machines).
"""

from __future__ import annotations

from typing import Any, Protocol

from textual.app import App

from arcade.runtime.link import TableLink
from arcade.storage.game_saves import GameSaves
from arcade.screens.arcade_app import back_to_launcher
from arcade.screens.othello.seen import SeenGame
from arcade.screens.othello.words import OthelloWords
from arcade.screens.othello.workshop import Variant
from arcade.widgets.dialogs import GameOverDialog
from games.host.news import Answer
from games.othello.driver import MachineDisagrees, MoveRecord
from games.othello.referee import Disc
from games.othello.session import OthelloView, Phase
from games.othello.table import MovePending, PersonMoved


class TurnsScreen(Protocol):
    """What the turns ask of their screen (``OthelloScreen``): named here, so that turns.py need
    not import the screen that holds them."""

    MACHINE: str
    session: SeenGame
    words: OthelloWords
    busy: bool
    instant: bool
    message: str
    saves: GameSaves
    table: TableLink | None

    @property
    def app(self) -> App[object]: ...
    def run_request(self, kind: str, name: str, *args: Any, **kwargs: Any) -> None: ...
    def new_generation(self) -> int: ...
    def say(self, text: str, *, show: bool = True) -> None: ...
    def show_message(self, text: str) -> None: ...
    def render_view(self) -> None: ...
    def apply_settings(self, settings: dict[str, Any]) -> None: ...
    def action_new_game(self) -> None: ...

    # the machine's screen, told how the game goes
    def game_starts(self) -> None: ...
    def before_human_move(self) -> None: ...
    def game_shown(self, resumed: bool) -> None: ...
    def turn_shown(self, record: MoveRecord) -> None: ...
    def turn_ended(self) -> None: ...
    def human_turn_begins(self) -> None: ...
    def game_ended(self) -> None: ...
    def rewind_before_move(self) -> bool: ...


class OthelloTurns:
    """Starting a turn on the machine, and what follows when a request ends."""

    def __init__(self, screen: TurnsScreen) -> None:
        self.screen = screen
        self.machine_stopped = False
        """Esc had the machine back as before its move: g lets it think again."""
        self.told = 0
        """Moves of the turn under way already shown, told before its end (``PersonMoved``)."""
        self.drawn = True
        """The turn under way has been drawn as running (at instant speed: once it lasts, ``lasts``)."""
        self.checking: tuple[int, int | None] | None = None
        """(serial, square): the square pressed that the picture did not show as legal, asked of the table."""

    @property
    def view(self) -> OthelloView:
        return self.screen.session.view()

    # -- the requests ---------------------------------------------------------------------

    def person_plays(self, sq: int | None) -> None:
        """The person plays ``sq`` (None: pass); a refused move changes nothing but the message.

        A square the picture does not show as legal is asked of the table (``check_play``): the
        referee's reason comes back as the answer's (``checked``), a millisecond later."""
        screen = self.screen
        if screen.busy:
            screen.say(screen.words.busy_text())
            return
        if not screen.session.started:
            screen.say(f"Starting the {screen.MACHINE}... (choose its side first)")
            return
        if not screen.session.legal(sq):
            assert screen.table is not None  # opened with the screen
            self.checking = (screen.table.ask("check", "check_play", sq), sq)
            return
        self._play_now(sq)

    def _play_now(self, sq: int | None) -> None:
        screen = self.screen
        self.checking = None
        screen.before_human_move()
        screen.say(f"You play {screen.words.move_text(sq)}.", show=not screen.instant)  # drawn with the turn (``start``)
        self.start("person", sq)

    def checked(self, answer: Answer) -> None:
        """The table's word on a square the person pressed that the picture did not show as legal:
        the referee's reason, said; or, if the game moved on since it was asked, nothing."""
        checking, self.checking = self.checking, None
        screen = self.screen
        if checking is None or checking[0] != answer.serial or screen.busy:
            return  # a move started since (its own answer follows)
        sq = checking[1]
        if answer.outcome == "refused":
            screen.app.bell()
            screen.say(screen.words.refusal(sq, answer.text))
        elif answer.done:
            self._play_now(sq)  # the picture was behind the table: the move stands
        else:
            screen.say(f"{answer.error}: {answer.text}")

    def start_game(self, machine_color: Disc) -> None:
        """Start a new game (stopping any move in progress)."""
        screen = self.screen
        self._begin_new_game()
        screen.say(f"New game: the {screen.words.machine} plays {screen.words.side_name(machine_color)}.")
        screen.run_request("new", "start", machine_color)

    def start_program(self, variant: Variant | None, machine_color: Disc) -> None:
        """A new game played by ``variant`` (None: the machine's own program), started on a session of
        its own at the host's table: if the variant cannot start the game, the game in progress stays."""
        screen, words = self.screen, self.screen.words
        self._begin_new_game()
        who = words.program_plays(variant.name if variant is not None else None)
        screen.say(f"New game: {who} plays {words.side_name(machine_color)} on the {words.machine}.")
        if variant is None:
            screen.run_request("program", "start", machine_color)
        else:
            screen.run_request("program", "start_variant", variant, machine_color)

    def _begin_new_game(self) -> None:
        """Whatever runs is forgotten; the saves follow the new game."""
        screen = self.screen
        screen.new_generation()
        screen.saves.ready = True
        self.machine_stopped = False
        screen.game_starts()

    def time_travel(self, way: str) -> None:
        """Undo or redo (``way``) at the host's table (restoring a CPC recompiles its program: too slow for the loop)."""
        screen = self.screen
        if screen.busy:
            screen.say(screen.words.busy_text())
            return
        session = screen.session
        if not (session.can_undo if way == "undo" else session.can_redo):
            screen.say(f"Nothing to {way}.")
            return
        screen.before_human_move()
        screen.run_request(way, way)

    def machine_go(self) -> None:
        """g: the machine stopped by Esc thinks again."""
        screen = self.screen
        if not screen.busy and self.view.machine_to_move:
            screen.say(f"The {screen.words.machine} thinks again.")
            self.start("machine")

    def start(self, kind: str, square: int | None = None) -> None:
        """A turn on the machine: the person's move recorded (and the machine's reply), or the machine's own.

        At the real pace it is drawn busy at once, the person's disc with the table's first news.  At
        instant speed a turn takes a few milliseconds: it is drawn once, with its end, unless the
        table's news says it lasts (``lasts``); a frame drawn busy for 15 ms was as dear as the turn's."""
        screen = self.screen
        self.machine_stopped = False
        self.told = 0
        screen.busy = True
        self.drawn = not screen.instant
        if self.drawn:
            screen.render_view()
        if kind == "machine":
            screen.run_request("machine", "machine_turn")
        else:
            screen.run_request("person", "play", square, rewind=screen.rewind_before_move())

    def note(self, payload: object) -> None:
        """The person's move shown at once; then recorded, while the machine's reply goes on (told
        when the turn lasts long enough to be seen: at instant speed its answer says it all)."""
        screen = self.screen
        self.lasts()
        if isinstance(payload, MovePending):
            screen.session.pending = payload.view
            screen.render_view()
        elif isinstance(payload, PersonMoved) and screen.busy:
            screen.session.take(payload.picture, answer=False)
            if screen.table is not None and screen.table.running is not None:
                screen.table.running.kind = "machine"  # what runs now: Esc stops the machine's reply
            screen.turn_ended()
            screen.turn_shown(payload.record)
            self.told += 1
            screen.saves.save()  # the game as at this quiet moment, whatever the machine does
            screen.render_view()

    def lasts(self) -> None:
        """The table's news of a turn at instant speed: it lasts long enough to be seen, drawn busy now."""
        if not self.drawn:
            self.drawn = True
            self.screen.show_message(self.screen.message)  # the person's move, said but not drawn
            self.screen.render_view()

    def done(self, kind: str, result: Any) -> None:
        """A request ran to its end: said, saved, and the next turn follows."""
        screen = self.screen
        screen.turn_ended()
        if kind == "resume":
            if not self.resumed():
                return
            screen.game_shown(resumed=True)
            screen.say(f"Resumed the saved game at move {self.view.moves_played}.")
        elif kind == "new":
            screen.game_shown(resumed=False)
        elif kind == "reload":
            screen.game_shown(resumed=True)
        elif kind in ("undo", "redo"):
            screen.game_shown(resumed=True)
            n = screen.session.human_moves()
            screen.say(f"Undone: back to before your move {n + 1} (U: redo)." if kind == "undo"
                       else f"Redone: {self.view.moves_played} moves played.")
        else:  # the moves the turn played (the person's and the reply, or the machine's), less those told
            played = tuple(result)[self.told:]
            for record in played:
                screen.turn_shown(record)
            if played and played[-1].by_machine:
                screen.say(screen.words.machine_played(played[-1]))
            elif not self.drawn:
                screen.show_message(screen.message)  # the person's move, said but not drawn yet
        screen.saves.save()
        self.next_turn(announce=kind not in ("undo", "redo"))
        if not screen.busy:  # a turn started by next_turn draws the view itself (at instant speed, with its end)
            screen.render_view()

    def stopped(self, kind: str) -> None:
        """Esc stopped the request: the machine is as before the move."""
        screen = self.screen
        screen.turn_ended()
        screen.session.pending = None
        machine = screen.words.machine
        if kind == "person":
            screen.say(f"Stopped: your move was taken back; the {machine} is as before it. Play again.")
        else:
            self.machine_stopped = True
            screen.say(f"Stopped: the {machine} is back before its move. g: think again, u: undo.")
            screen.saves.save()  # the person's move before it stays (its own save may have come with this end)
        screen.render_view()
        if self.view.person_to_move:
            screen.human_turn_begins()

    def failed(self, kind: str, error: BaseException) -> bool:
        """A request failed: a save that does not resume, or a machine disagreeing with the referee, is
        said here (True); anything else (False) the screen says as every game does."""
        screen = self.screen
        screen.turn_ended()
        screen.session.pending = None
        if kind == "resume":  # SaveUnreadable or, as a last resort, any fault: said, kept aside, a new game
            screen.saves.resume_failed(error if isinstance(error, Exception) else RuntimeError(repr(error)))
            screen.action_new_game()
            return True
        if isinstance(error, MachineDisagrees):
            screen.say(f"MachineDisagrees: {error}")
            screen.render_view()
            return True
        return False

    def resumed(self) -> bool:
        """The game a save made is at the table: its panels' settings applied; a save whose settings
        break the screen is a damaged save too (said, kept aside, a new game), never a crash."""
        screen = self.screen
        try:
            screen.apply_settings(screen.session.settings)
        except Exception as error:  # noqa: BLE001 - the last resort behind the session's own checks
            screen.saves.resume_failed(error)
            screen.action_new_game()
            return False
        return True

    def next_turn(self, announce: bool = True) -> None:
        """The machine's turn starts, or the person's begins, or the game is over."""
        screen, view, words = self.screen, self.view, self.screen.words
        if view.phase is Phase.OVER:
            screen.game_ended()
            black, white = view.score
            verdict = words.verdict(view)
            screen.say(f"{verdict}: {words.score_text(black, white)}. Press n for a new game.")

            def after(answer: str | None) -> None:
                if answer == "new":
                    screen.action_new_game()
                elif answer == "launcher":
                    back_to_launcher(screen.app)

            screen.app.push_screen(GameOverDialog(f"Game over. {verdict}: {words.dialog_score(black, white)}."), after)
        elif view.machine_to_move:
            self.start("machine")
        else:
            screen.human_turn_begins()
            if view.must_pass and announce:
                screen.say(f"You have no legal move: {words.PASS_HINT}.")
