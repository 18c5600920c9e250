"""Wolf and lambs at a machine host's table: the session, its requests, and its picture.

The screen (``arcade/screens/ti57_wolf/``) never holds the ``WolfSession``: it sends requests and
draws the picture each answer brings.  Nothing is hidden in wolf and lambs, so there is
one picture for everyone.  The computer's move keeps its person-like pace (``job.sleep``,
pausable, stoppable before anything is typed); at instant speed it follows a person's
move in the same request, the person's move told between the two (``PersonMoved``, held as
the Othello table's news is: sent only if the reply lasts long enough to be seen).  A workshop variant comes as its listing's text, parsed here.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, ClassVar

from games.host.job import Job
from games.session import Refused, SaveUnreadable, Seat
from games.ti57_wolf.driver import MoveRecord
from games.ti57_wolf.referee import LAMB_MOVES, WOLF_MOVES, Side
from games.ti57_wolf.session import MoveLine, Phase, WolfMove, WolfSession, WolfSessionView
from games.workshop.ti57_variants import (NotebookPage, VariantBroke, VariantUnreadable, broke, listing_text,
                                          page_program, played)
from machines.ti57 import ListingError, Program, parse_listing

COMPUTER_PACE = 0.8
"""Seconds a computer's move takes at a person's pace (thinking included): long enough to follow."""

EVERY_MOVE: tuple[WolfMove, ...] = (
    *(WolfMove.wolf(key) for key in sorted(WOLF_MOVES)),
    *(WolfMove.of_lamb(lamb, key) for lamb in (1, 2, 3, 4) for key in sorted(LAMB_MOVES)),
)
"""Every move a person can type: ``SBR k`` for the wolf, ``lamb SBR 4|6`` for a lamb."""


@dataclass(frozen=True)
class WolfPicture:
    """What the screen draws and decides from, after every request (nothing is hidden in this game)."""

    view: WolfSessionView
    history: tuple[MoveLine, ...]  # one line per move (the panel and the export)
    referee_story: str  # how the referee stood through the game (the export's header)
    summary: str  # for the launcher
    save: dict[str, Any] | None  # ``WolfSession.to_save()``; None: a game not begun, or over, is not kept
    variant: str | None = None  # the workshop variant playing, by name (None: Deconchat's program)
    refusals: dict[WolfMove, str] | None = None
    """Why each move the person to move may not make is refused, in the referee's words (their turn only)."""


@dataclass(frozen=True)
class ComputerThinks:
    """The computer in the seat of ``side`` has chosen and waits as a person would (real pace only)."""

    side: Side


@dataclass(frozen=True)
class PersonMoved:
    """The person's move is typed; the computer's reply runs on in the same request (instant speed)."""

    record: MoveRecord
    picture: WolfPicture


class WolfTable:
    """One game of wolf and lambs on its TI-57, in the host."""

    REQUESTS: ClassVar[frozenset[str]] = frozenset(
        {"new_game", "resume", "play", "check", "computer", "take_back", "set_referee", "undo", "redo"})
    STOPPED_BY: ClassVar[tuple[type[BaseException], ...]] = ()

    def __init__(self, game: str = "ti57-wolf", *, pace: float = COMPUTER_PACE,
                 player_for: Callable[..., Any] | None = None, notebook: str = "") -> None:
        self.game = game
        self.pace = pace
        self.notebook = Path(notebook) if notebook else None  # the arcade's notebook: a resumed variant's page
        self._session_args: dict[str, Any] = {"player_for": player_for} if player_for is not None else {}
        self.session: WolfSession | None = None  # the first new game or resume makes it
        self.variant: str | None = None

    # -- what the screen sees ------------------------------------------------------------------

    def picture(self) -> WolfPicture | None:
        s = self.session
        if s is None:
            return None
        view = s.view()
        kept = view.moves_played > 0 and view.phase is not Phase.OVER
        return WolfPicture(view=view, history=tuple(s.history()), referee_story=s.referee_story(),
                           summary=s.summary(), save=s.to_save() if kept else None, variant=self.variant,
                           refusals=self._refusals(s, view))

    @staticmethod
    def _refusals(s: WolfSession, view: WolfSessionView) -> dict[WolfMove, str]:
        if view.phase is not Phase.TURN or view.computer_to_move:
            return {}
        found = {}
        for move in EVERY_MOVE:
            if move.side is view.to_move:
                try:
                    s.check(move)
                except Refused as refused:
                    found[move] = str(refused)
        return found

    def _session(self) -> WolfSession:
        if self.session is None:
            raise Refused("start a game first: press g")
        return self.session

    def _played(self, run: Callable[[], Any]) -> Any:
        """A move on the TI-57; a variant breaking the protocol is named (the session put the game back)."""
        return played(self.variant, run)

    # -- a game ----------------------------------------------------------------------------------

    def new_game(self, job: Job, first: Side, *, referee: bool = True, seats: dict[Side, Seat] | None = None,
                 listing: str | None = None, variant: str | None = None) -> None:
        """A new game: ``first`` (the coin toss, made by the screen), the referee, the seats, and the
        program (``listing``: a variant's text, named ``variant``; None: Deconchat's).  A variant that
        cannot be read or does not set the pieces up as Deconchat's does is refused; the game stays."""
        name = (variant or "your variant") if listing is not None else None
        program = _program(listing, name) if listing is not None else None
        try:
            session = WolfSession(Side(first), referee=referee, seats=dict(seats or {}), program=program,
                                  **self._session_args)
        except (RuntimeError, ValueError) as error:  # MachineDisagrees, or a listing that keys nothing sane
            if name is None or isinstance(error, Refused):
                raise
            raise VariantBroke(broke(name, error)) from error
        self.session, self.variant = session, name

    def resume(self, job: Job, state: Any, *, listing: str | None = None, variant: str | None = None,
               page: str | None = None) -> NotebookPage | None:
        """The game of a save (``SaveUnreadable`` says why, a failed answer; the game in progress stays); a variant's
        game with its listing's text, or with the notebook's ``page`` of that name, read here (the file is
        never read on the screen's event loop): the page as read is the answer (the next game's program)."""
        read: NotebookPage | None = None
        name: str | None = None
        program: Program | None = None
        if page is not None:
            name, program = page, self._page(page)
            read = NotebookPage(page, listing_text(program, page))
        elif listing is not None:
            name = variant or "your variant"
            program = _program(listing, name)
        try:
            self.session = WolfSession.from_save(state, program=program, **self._session_args)
        except SaveUnreadable as error:  # its kind (``BadField``...) named as the one the screen knows
            raise SaveUnreadable(str(error)) from None
        self.variant = name
        return read

    def _page(self, name: str) -> Program:
        """The program on the notebook's page ``name``; a save whose variant cannot be read cannot be resumed."""
        try:
            if self.notebook is None:
                raise Refused("no notebook was given to the table")
            return page_program(self.notebook, name)
        except Refused as error:
            raise SaveUnreadable(f"the variant {name} it was played with is not in the notebook ({error})") from None

    # -- moves ---------------------------------------------------------------------------------

    def check(self, job: Job, move: WolfMove) -> None:
        """Refused with the referee's reason if ``move`` cannot be played now (nothing is typed)."""
        self._session().check(move)

    def play(self, job: Job, move: WolfMove, *, reply: bool = True) -> tuple[tuple[str, MoveRecord], ...]:
        """A person's move, refused with the reason or typed; at instant speed (and ``reply``) the
        computer's move after it in the same request.  Each move played: ``("move"|"computer", record)``.
        A stop between the two leaves the person's move played (told in ``PersonMoved``)."""
        s = self._session()
        if s.computer_to_move:
            raise Refused(f"the computer plays the {s.to_move.value}: wait for its move")
        done = [("move", self._played(lambda: s.play(move)))]
        if reply and job.pacing.instant and s.computer_to_move:
            picture = self.picture()
            assert picture is not None
            # held: a reply of a millisecond or two outruns it, and the answer says it all (one picture
            # drawn, not two); told at once before the first solve (a fraction of a second)
            job.note(PersonMoved(done[0][1], picture), held=chooses_at_once(s.seats[s.to_move].level))
            job.check()
            job.next_part()
            done.append(("computer", self.computer(job)))
        return tuple(done)

    def computer(self, job: Job) -> MoveRecord:
        """The computer in the seat to move chooses from the public board, waits as a person would
        (unless instant), then types its move.  Stopped before it types: the game as before."""
        s = self._session()
        began = time.monotonic()
        move = s.computer_choice()  # refused when it is not the computer's turn
        if not job.pacing.instant:
            job.note(ComputerThinks(s.to_move))
            if not job.sleep(max(0.0, self.pace - (time.monotonic() - began))):
                job.check()
        if not job.hold_while_paused():
            job.check()
        job.check()
        record: MoveRecord = self._played(lambda: s.play(move))
        return record

    def take_back(self, job: Job) -> MoveRecord:
        """The TI-57 refused the wolf's move (purist): CLR and the opposite key, as an owner would."""
        s = self._session()
        record: MoveRecord = self._played(s.take_back)
        return record

    def set_referee(self, job: Job, enabled: bool) -> None:
        """The referee on, or off (purist); refused while the display flashes, or if the board breaks its rules."""
        self._session().set_referee(enabled)

    def undo(self, job: Job, *, to_a_person: bool = True) -> None:
        """Back one whole move (``to_a_person``: past the computer's, so a person gets the move back)."""
        self._session().undo(to_a_person=to_a_person)

    def redo(self, job: Job, *, to_a_person: bool = True) -> None:
        self._session().redo(to_a_person=to_a_person)


def chooses_at_once(level: str | None) -> bool:
    """The computer at ``level`` replies in a millisecond or two (``computer.chooses_at_once``)."""
    from games.ti57_wolf import computer  # noqa: PLC0415 - lazy, as the session's: two persons never load it

    return computer.chooses_at_once(level)


def _program(listing: str, name: str | None) -> Program:
    """A variant's program from its listing's text (``VariantUnreadable`` names the line)."""
    try:
        return parse_listing(listing)
    except ListingError as error:
        raise VariantUnreadable(f"The variant {name} is damaged: {error}.") from error


__all__ = ["COMPUTER_PACE", "ComputerThinks", "EVERY_MOVE", "PersonMoved", "WolfPicture", "WolfTable"]
