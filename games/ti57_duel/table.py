"""The blind duel at a machine host's table: the session, its requests, and one picture per viewer.

The screen (``arcade/screens/ti57_duel/``) never holds the ``DuelSession``.  Every request says who
looks (``viewer``: player 1, 2, or None for anyone), and the answer's picture is made from
``session.view(viewer)`` alone: the session decides what that viewer may see (nothing private
while the curtain is down, nor for a player whose turn it is not between two people), and
the save in it is sealed.  A viewer is good for one picture: a request that names none (or
that the host refuses before it runs) is answered with the public picture.

A move is keyed at once; the TI-57's Pause (the mover's new square) is then shown as a
``Note`` to the mover only, held ``pause_seconds`` (``job.sleep``: pausable, stoppable),
then the stop.  A move comes only from the player to move (``viewer``), so the Pause is
never sent to anyone else; the computer's Pause is never sent at all, only its stop (the
direction, the next player's to read).  Stopped during the Pause, the move is taken back:
the game is as before the request.  At instant speed nothing is held, and the computer's
reply runs in the person's request, ``PersonMoved`` held between the two (``Job.note(held=True)``:
sent only if the reply lasts long enough to be seen, or is stopped; else the answer says it all).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from games.host.job import Job, JobStopped
from games.session import Refused, SaveUnreadable, Seat
from games.ti57_duel.driver import DuelGame, Turn
from games.ti57_duel.referee import DELTAS, Square
from games.ti57_duel.seal import DEFAULT_COST, KdfCost
from games.ti57_duel.session import DuelSession, DuelView, Moved, Phase
from games.workshop.ti57_variants import NotebookPage, VariantUnreadable, listing_text, page_program, played
from machines.ti57 import PAUSE_SECONDS, ListingError, Program, parse_listing

COMPUTER_THINKS = 1.0
"""Seconds the computer takes over a move at the real pace (a person's few seconds, shortened)."""
VIEWERS = (None, 1, 2)

_LAST_VIEWER: Any = object()  # ``picture()`` with no viewer given: the one the last request named


@dataclass(frozen=True)
class DuelPicture:
    """What one viewer's screen draws and decides from: nothing the other player may not show them."""

    viewer: int | None  # whose picture this is (None: anyone's, the public one)
    view: DuelView  # ``session.view(viewer)``
    looks: int | None  # whose private view the session would show now (``DuelSession.viewer``): public
    hot_seat: bool  # two people share the keyboard: a curtain between them
    computer_to_act: bool  # the computer keys a start square or moves next (send ``computer``)
    pin_needed: bool  # the curtain down waits for a PIN (a locked duel)
    save: dict[str, Any] | None  # ``DuelSession.to_save()``: sealed, nothing private readable (None: not kept)
    summary: str  # the launcher's line (public)
    variant: str | None = None  # the workshop variant this duel plays, by name (None: Deconchat's)
    refusals: dict[int, str] | None = None
    """Why each direction (1-8) the viewer may not go is refused, in the referee's words (their move only)."""


@dataclass(frozen=True)
class DuelDisplay:
    """The TI-57's display during a move: the Pause (``pause``: the mover's new square, sent to the
    mover only, with their ``view``), then the stop (``stopped``: the direction, or a flashing end)."""

    player: int  # who moved
    text: str
    flashing: bool
    state: str  # "pause" or "stopped"
    view: DuelView | None = None  # the mover's own view at their Pause (None otherwise)


@dataclass(frozen=True)
class ComputerThinks:
    """The computer, Player ``player``, thinks like a person before it keys (real pace only)."""

    player: int


@dataclass(frozen=True)
class PersonMoved:
    """The person's move is keyed; the computer's reply runs on in the same request (instant speed)."""

    turn: Turn  # the mover's own turn (its displays hold the mover's square: theirs to see)
    picture: DuelPicture  # the mover's


class DuelTable:
    """One blind duel on its TI-57, in the host; pictures per viewer."""

    REQUESTS: ClassVar[frozenset[str]] = frozenset({
        "look", "new_duel", "set_seats", "set_lock", "set_limit", "set_extension", "start", "place", "reveal",
        "cover", "check_move", "move", "computer", "undo", "extend", "end", "resume", "locked_players"})
    STOPPED_BY: ClassVar[tuple[type[BaseException], ...]] = ()

    def __init__(self, game: str = "ti57-duel", *, seal_cost: KdfCost = DEFAULT_COST,
                 pause_seconds: float = PAUSE_SECONDS, computer_thinks: float = COMPUTER_THINKS,
                 seed: int | None = None, notebook: str = "") -> None:
        self.game = game
        self.notebook = Path(notebook) if notebook else None  # the arcade's notebook: a resumed variant's page
        self.seal_cost = seal_cost  # each new duel's scrypt cost for a PIN (tests pass a low one)
        self.pause_seconds = pause_seconds
        self.computer_thinks = computer_thinks
        self.seed = seed  # the computers' seed (None: a new draw each duel)
        self.session = DuelSession(seal_cost=seal_cost, seed=seed)
        self.variant: str | None = None
        self._viewer: int | None = None  # who looks, named by the request running: for its picture only

    # -- what a viewer sees ------------------------------------------------------------------------

    def picture(self, viewer: Any = _LAST_VIEWER) -> DuelPicture:
        """The picture for ``viewer`` (by default the one the last request named, once: then public)."""
        if viewer is _LAST_VIEWER:
            viewer, self._viewer = self._viewer, None
        s = self.session
        view = s.view(viewer)
        handoff_to = s.handoff_to if s.phase is Phase.HANDOFF else None
        return DuelPicture(
            viewer=viewer, view=view, looks=s.viewer, hot_seat=s.hot_seat, computer_to_act=s.computer_to_act,
            pin_needed=handoff_to is not None and s.needs_pin(handoff_to), save=s.to_save(),
            summary=s.summary(), variant=self.variant, refusals=self._refusals(s, view))

    @staticmethod
    def _refusals(s: DuelSession, view: DuelView) -> dict[int, str]:
        if view.me is None or not view.me.to_move or s.phase is not Phase.TURN or s.actor != view.viewer:
            return {}
        found = {}
        for direction in sorted(DELTAS):
            try:
                s.check_move(direction)
            except Refused as refused:
                found[direction] = str(refused)
        return found

    def _looks(self, viewer: Any) -> DuelSession:
        """Note who looks for this request's picture; the session."""
        if viewer not in VIEWERS:
            raise Refused(f"there is no player {viewer!r}: players are 1 and 2")
        self._viewer = viewer
        return self.session

    def _played(self, run: Any) -> Any:
        return played(self.variant, run)

    def look(self, job: Job, *, viewer: int | None = None) -> None:
        """Nothing changes: the picture for ``viewer`` (back from a pause, a help page)."""
        self._looks(viewer)

    # -- before the duel ---------------------------------------------------------------------------

    def new_duel(self, job: Job, *, viewer: int | None = None) -> None:
        """Back to the move limit, the same seats and limit, Deconchat's program (a duel in progress is dropped)."""
        s = self._looks(viewer)
        self.session = DuelSession(seats=s.seats, limit=s.limit, seal_cost=self.seal_cost, seed=self.seed)
        self.variant = None

    def set_seats(self, job: Job, seats: tuple[Seat, Seat], *, viewer: int | None = None) -> None:
        """Who plays each side (a person, or the computer at a level), before the duel starts."""
        s = self._looks(viewer)
        if s.phase is not Phase.LIMIT:
            raise Refused("the seats are chosen before the duel starts")
        from games.ti57_duel.computer import DUEL_LEVELS

        seats = tuple(seats)  # type: ignore[assignment]
        if len(seats) != 2 or not all(isinstance(seat, Seat) for seat in seats):
            raise Refused("a duel has two seats")
        for seat in seats:
            if seat.kind == "computer" and seat.level is not None and seat.level not in DUEL_LEVELS:
                raise Refused(f"the computer plays at a level of {', '.join(DUEL_LEVELS)}, not {seat.level!r}")
        self.session = DuelSession(seats=seats, limit=s.limit, seal_cost=self.seal_cost, seed=self.seed)

    def set_lock(self, job: Job, lock: bool, *, viewer: int | None = None) -> None:
        """The PIN lock on or off, before the duel starts, for two people sharing the keyboard."""
        s = self._looks(viewer)
        if s.phase is not Phase.LIMIT:
            raise Refused("the PIN lock is chosen before the duel starts")
        if lock and not s.hot_seat:
            raise Refused("the PIN lock is for two people sharing the keyboard")
        s.lock = bool(lock)

    def set_limit(self, job: Job, n: int, *, viewer: int | None = None) -> None:
        self._looks(viewer).set_limit(n)

    def set_extension(self, job: Job, n: int, *, viewer: int | None = None) -> None:
        self._looks(viewer).set_extension(n)

    def start(self, job: Job, *, listing: str | None = None, variant: str | None = None,
              viewer: int | None = None) -> None:
        """Key the move limit; player 1 chooses first.  ``listing``: a workshop variant's text (named
        ``variant``) the TI-57 holds for this duel; one that cannot be read is refused, the duel not started."""
        s = self._looks(viewer)
        if s.phase is not Phase.LIMIT:
            raise Refused("the duel has started")
        name = (variant or "your variant") if listing is not None else None
        before = s.program
        s.program = _program(listing, name) if listing is not None else None
        try:
            self._played(s.start)
        except BaseException:
            s.program = before
            raise
        self.variant = name

    # -- the duel ------------------------------------------------------------------------------------

    def place(self, job: Job, square: Square, pin: str | None = None, *, viewer: int | None = None) -> None:
        """The setting-up player's secret start square (their PIN in a locked duel); only they may key it."""
        s = self._looks(viewer)
        if s.phase is not Phase.SETUP:
            raise Refused("start squares are keyed while setting up")
        if viewer != s.setup_player:
            raise Refused(f"Player {s.setup_player} keys a start square now")
        if not s.is_person(s.setup_player):
            raise Refused("the computer keys its own start square")
        s.place(tuple(square) if isinstance(square, list) else square, pin)  # type: ignore[arg-type]

    def reveal(self, job: Job, pin: str | None = None, *, viewer: int | None = None) -> None:
        """Lift the curtain for the player it waits for (their PIN in a locked duel); only they may."""
        s = self._looks(viewer)
        if s.phase is Phase.HANDOFF and s.handoff_to is not None and viewer != s.handoff_to:
            raise Refused(f"the curtain waits for Player {s.handoff_to}")
        s.reveal(pin)

    def cover(self, job: Job, why: str = "", *, viewer: int | None = None) -> None:
        """Put the curtain back (a pause, leaving the screen): the same player lifts it again."""
        self._looks(viewer).cover(why)

    def check_move(self, job: Job, direction: int, *, viewer: int | None = None) -> None:
        """Refused with the reason if ``viewer`` may not go ``direction`` now; nothing is keyed."""
        self._mover(self._looks(viewer), viewer).check_move(direction)

    @staticmethod
    def _mover(s: DuelSession, viewer: int | None) -> DuelSession:
        if s.phase is not Phase.TURN or s.actor is None:
            raise Refused("no move can be played now")
        if viewer != s.actor:
            raise Refused(f"it is Player {s.actor}'s turn")
        if not s.is_person(s.actor):
            raise Refused("it is the computer's turn")
        return s

    def move(self, job: Job, direction: int, *, viewer: int | None = None) -> Turn:
        """``direction SBR player`` for the viewer, who must be the player to move; refused before any
        key.  At the real pace the Pause and the stop are told to the mover (``DuelDisplay``); a stop
        meanwhile takes the move back.  At instant speed the computer's reply follows in this request
        (a stop before it leaves the person's move played, told in ``PersonMoved``)."""
        s = self._mover(self._looks(viewer), viewer)
        s.check_move(direction)
        before = None if job.pacing.instant else _moment(s)
        moved: Moved = self._played(lambda: s.move(direction))
        try:
            self._show(job, moved, mine=True)
        except JobStopped:
            if before is not None:
                _back_to(s, before)  # the TI-57 as before the keys: the move was never made
            raise
        if job.pacing.instant and s.computer_to_act:
            # held: the hunter's reply outruns it (a few ms) and the answer says it all; told if it lasts
            job.note(PersonMoved(moved.turn, self.picture(viewer)), held=True)
            job.check()
            job.next_part()
            self.computer(job, viewer=viewer)
        return moved.turn

    def computer(self, job: Job, *, viewer: int | None = None) -> None:
        """The computer in the acting seat keys its start square or its move, after thinking like a
        person unless instant (stopped meanwhile: nothing keyed).  Its Pause is never told, its stop is."""
        s = self._looks(viewer)
        if not s.computer_to_act:
            raise Refused("it is not the computer's turn")
        if not job.pacing.instant:
            job.note(ComputerThinks(s.actor or 0))
            if not job.sleep(self.computer_thinks):
                job.check()
        if not job.hold_while_paused():
            job.check()
        job.check()
        done = self._played(s.play_computer)
        if isinstance(done, Moved):
            self._show(job, done, mine=False)

    def _show(self, job: Job, moved: Moved, *, mine: bool) -> None:
        """The TI-57's displays as the machine shows them: the Pause (the mover's, held), then the stop."""
        if job.pacing.instant:
            return
        turn = moved.turn
        for i, text in enumerate(turn.displays):
            last = i == len(turn.displays) - 1
            if not (mine or last):
                continue  # the computer's Pause shows its square: for nobody's eyes
            job.note(DuelDisplay(turn.player, text, turn.flashing and last, "stopped" if last else "pause",
                                 None if last else moved.mover_view))
            if not last and not job.sleep(self.pause_seconds):
                job.check()

    def undo(self, job: Job, *, viewer: int | None = None) -> None:
        """The mover takes their move back, on the curtain after it (only they may, before it lifts)."""
        s = self._looks(viewer)
        if s.undo_for is not None and viewer != s.undo_for:
            raise Refused(f"only Player {s.undo_for} may take their move back")
        s.undo()

    def extend(self, job: Job, *, viewer: int | None = None) -> None:
        """At a draw: CLR, ``extension STO 0``; the squares kept."""
        self._played(self._looks(viewer).extend)

    def end(self, job: Job, *, viewer: int | None = None) -> None:
        """At a draw the players stop: both squares revealed to all."""
        self._looks(viewer).end()

    # -- saves ---------------------------------------------------------------------------------------

    def resume(self, job: Job, state: Any, pins: tuple[str, ...] = (), *, viewer: int | None = None,
               page: str | None = None) -> NotebookPage | None:
        """The saved duel on its curtain (a draw: at the draw).  ``pins``: a locked save's, in the order of
        ``locked_players``; refused as ``LockedSave`` / ``WrongPins`` (nothing changed) or ``SaveUnreadable``.
        A locked save's scrypt cost is the one written in it.  ``page``: the notebook page of the variant
        it was played with, read here for the next duel (its TI-57, sealed in the save, holds the program
        already), never on the screen's event loop: the answer is the page as read."""
        self._looks(viewer)
        try:
            session = DuelSession.from_save(state, tuple(pins))
        except SaveUnreadable as error:  # its kind (``BadField``...) named as the one the screen knows
            raise SaveUnreadable(str(error)) from None
        session.seed = self.seed
        if not session.lock:
            session.seal_cost = self.seal_cost
        settings = state.get("settings") if isinstance(state, dict) else None
        name = settings.get("variant") if isinstance(settings, dict) else None
        self.session, self.variant = session, name if isinstance(name, str) and name else None
        return None if page is None else self._page(page)

    def _page(self, name: str) -> NotebookPage:
        """The notebook's page ``name`` as read (not read: why, for the screen to say)."""
        try:
            if self.notebook is None:
                raise Refused("no notebook was given to the table")
            return NotebookPage(name, listing_text(page_program(self.notebook, name), name))
        except Refused as error:
            return NotebookPage(name, None, str(error))

    def locked_players(self, job: Job, state: Any, *, viewer: int | None = None) -> tuple[int, ...]:
        """Whose PINs a save needs before it opens (empty: not locked)."""
        self._looks(viewer)
        return DuelSession.locked_players(state)


_MOMENT = ("phase", "news", "handoff_to", "after_handoff", "undo_for", "_undo", "setup_player")
"""What a move changes in the session besides its TI-57 (``DuelSession.move``, ``_set``, ``_hand_off``)."""


def _moment(s: DuelSession) -> tuple[Any, ...]:
    """The session before a move: the TI-57 by its snapshot (a deep copy of a machine would share its
    compiled steps with the original), the rest by value."""
    assert s.game is not None
    return (s.game.snapshot(), *(getattr(s, name) for name in _MOMENT))


def _back_to(s: DuelSession, moment: tuple[Any, ...]) -> None:
    s.game = DuelGame.restore(moment[0])
    for name, value in zip(_MOMENT, moment[1:]):
        setattr(s, name, value)


def _program(listing: str, name: str | None) -> Program:
    """A variant's program from its listing's text (``VariantUnreadable`` names the line)."""
    try:
        return parse_listing(listing)
    except ListingError as error:
        raise VariantUnreadable(f"The variant {name} is damaged: {error}.") from error


__all__ = ["COMPUTER_THINKS", "ComputerThinks", "DuelDisplay", "DuelPicture", "DuelTable", "PersonMoved"]
