"""An Othello game at a machine host's table: the session, its requests, and its picture.

The screen (``arcade/screens/othello/``) sends requests; the host runs them here, one at a time,
with the running ``Job`` for the machine's slices, the pace and the stop.  The person's
move and the machine's reply are one request: the host tells the screen between the two
(``PersonMoved``), so the screen shows and saves the person's move while the machine thinks.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar

from games.host.job import Job
from games.othello.driver import MachineDisagrees, MoveCancelled, MoveRecord, OthelloDriver
from games.othello.referee import Disc
from games.othello.session import MoveRefused, OthelloSession, OthelloView
from games.session import Refused

INSTANT_SLICE = 5000
"""Machine steps between two looks at the stop and the pause at instant speed (the host has an
interpreter of its own: nothing else waits for a slice to end)."""


@dataclass(frozen=True)
class OthelloPicture:
    """What the screen draws and decides from, after every request (all of it public)."""

    view: OthelloView
    can_undo: bool = False
    can_redo: bool = False
    human_moves: int = 0
    save: dict[str, Any] | None = None  # ``OthelloSession.to_save()``; the screen adds its settings
    summary: str = "no game yet"
    listing: tuple[tuple[int, str, str], ...] = ()
    variant: str | None = None  # the variant playing, by name (None: the original program)
    started: bool = False
    settings: dict[str, Any] = field(default_factory=dict)  # the screen's choices the session holds (a save's)
    refusals: dict[int | None, str] = field(default_factory=dict)
    """Why each move the person may not make now is refused, as the referee says (their turn only)."""


@dataclass(frozen=True)
class PersonMoved:
    """The person's move is recorded; the machine's reply runs on in the same request."""

    record: MoveRecord
    picture: OthelloPicture


@dataclass(frozen=True)
class MovePending:
    """The person's move, shown at once while the machine records it."""

    view: OthelloView


def default_factory(game: str) -> Callable[[], OthelloDriver]:
    if game == "lazard-othello":
        from games.lazard_othello import LazardOthelloDriver

        return LazardOthelloDriver
    from games.hp67_othello.driver import HP67OthelloDriver

    return HP67OthelloDriver


class OthelloTable:
    """One Othello game on its machine, in the host."""

    REQUESTS: ClassVar[frozenset[str]] = frozenset(
        {"start", "start_variant", "play", "machine_turn", "undo", "redo", "resume", "check_play", "typing", "reload"})
    STOPPED_BY: ClassVar[tuple[type[BaseException], ...]] = (MoveCancelled,)

    def __init__(self, game: str, driver_factory: Callable[[], OthelloDriver] | None = None, *,
                 steps_per_second: float = 1000.0, real_slice: int = 100, instant_slice: int = INSTANT_SLICE) -> None:
        self.game = game
        self.original_factory = driver_factory or default_factory(game)
        self.driver_factory = self.original_factory
        self.STEPS_PER_SECOND = steps_per_second
        self.real_slice = real_slice
        self.instant_slice = instant_slice
        self.session: OthelloSession | None = None  # built by the first game started or resumed

    # -- what the screen sees ------------------------------------------------------------------

    def picture(self) -> OthelloPicture | None:
        s = self.session
        if s is None:
            return None
        return OthelloPicture(
            view=s.view(), can_undo=s.can_undo, can_redo=s.can_redo, human_moves=s.human_moves(),
            save=s.to_save(), summary=s.summary(), listing=tuple(s.listing),
            variant=s.settings.get("variant") if isinstance(s.settings.get("variant"), str) else None,
            started=s.view().phase.value != "new", settings=dict(s.settings), refusals=self._refusals(s))

    @staticmethod
    def _refusals(s: OthelloSession) -> dict[int | None, str]:
        view = s.view()
        if not view.person_to_move or view.running:
            return {}
        found: dict[int | None, str] = {}
        for square in (*range(64), None):
            if square in view.legal or (square is None and view.must_pass):
                continue
            try:
                s.check_play(square)
            except MoveRefused as refused:
                found[square] = refused.reason
            except Refused as refused:
                found[square] = str(refused)
        return found

    def progress_view(self) -> Any:
        return self.session.progress_view() if self.session is not None else None

    def _session(self) -> OthelloSession:
        if self.session is None:
            raise Refused("Start a game first: press n.")
        return self.session

    # -- the game --------------------------------------------------------------------------------

    def start(self, job: Job, machine_color: Disc, settings: dict[str, Any] | None = None) -> None:
        """A new game with the original program (the session and its machine built the first time)."""
        if self.session is None or self.session.settings.get("variant") is not None:
            self.driver_factory = self.original_factory
            self.session = OthelloSession(self.driver_factory)
        self.session.settings = dict(settings or {})
        self.session.start(machine_color)

    def start_variant(self, job: Job, variant: Any, machine_color: Disc) -> None:
        """A new game played by a workshop variant; if it cannot start, the game in progress stays."""
        if self.game == "lazard-othello":
            from games.workshop.variants import start_variant
        else:
            from games.workshop.hp67_variants import start_variant  # type: ignore[assignment]
        session = start_variant(variant, machine_color)
        self.session = session
        self.driver_factory = session.driver_factory

    def resume(self, job: Job, state: Any) -> None:
        """The game of a save (``SaveUnreadable`` if it cannot be one; the game in progress stays)."""
        self.session = OthelloSession.from_save(state, self.driver_factory)

    def check_play(self, job: Job, square: int | None) -> None:
        self._session().check_play(square)

    def _pace(self, job: Job) -> tuple[int, Callable[[int], None] | None]:
        """Slices and the turn's length: at real speed the length is learnt first, for the progress."""
        if job.pacing.instant:
            return self.instant_slice, None

        def measured(total: int) -> None:
            job.total = total

        return self.real_slice, measured

    def play(self, job: Job, square: int | None, *, reply: bool = True, rewind: bool = False) -> MoveRecord:
        """The person's move (None: a pass), then, if ``reply``, the machine's in the same request."""
        s = self._session()
        if rewind:
            s.typing("rewind")  # a half-typed entry on the CPC gives way to the board's move
        job.note(MovePending(s.preview(square)))
        slice_steps, measure = self._pace(job)
        record = s.play(square, job.go_on, slice_steps, measure=measure, stopped=lambda: job.stopped)
        if job.stopped or not reply or not s.view().machine_to_move:
            return record
        job.note(PersonMoved(record, self.picture()))  # type: ignore[arg-type]
        job.next_part()
        return self.machine_turn(job)

    def machine_turn(self, job: Job) -> MoveRecord:
        s = self._session()
        slice_steps, measure = self._pace(job)
        return s.machine_turn(job.go_on, slice_steps, measure=measure, stopped=lambda: job.stopped)

    def undo(self, job: Job) -> None:
        self._session().undo()

    def redo(self, job: Job) -> None:
        self._session().redo()

    def reload(self, job: Job) -> None:
        """Read the driver again after a tool (a test) set it up outside the session."""
        self._session().reload()

    def typing(self, job: Job, what: str, key: str = "") -> Any:
        """Typing on the machine's own keyboard (the CPC): ``begin``, ``key`` or ``rewind``."""
        return self._session().typing(what, key)


__all__ = ["MachineDisagrees", "MovePending", "OthelloPicture", "OthelloTable", "PersonMoved"]
