"""An Othello game at a machine host's table: the session, its requests, and its picture.

The screen (``arcade/screens/othello/``) sends requests; the host runs them here, one at a time,
with the running ``Job`` for the machine's slices, the pace and the stop.  The person's
move and the machine's reply are one request: the host tells the screen between the two
(``PersonMoved``), so the screen shows and saves the person's move while the machine thinks
-- when it thinks long enough to be seen: at instant speed a turn of 5-15 ms sends one
picture, its answer's (``Job.note(held=True)``).

A picture leaves out what is as in the last answer's (``OthelloPicture.same``): the save, some
20-70 KB with its undo steps, and the listing travel only when they changed.  The save comes as
JSON text, encoded here, in the host's process: the screen writes it as it is (with its own
settings), where encoding it took ~1.4 ms of the UI's interpreter at every move, beside the key
a player pressed.  The referee's reason for a refused square is asked when the person presses
it (``check_play``), not sent for all 64 with every picture.
"""

from __future__ import annotations

import json
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


KEPT: tuple[str, ...] = ("save", "listing")
"""The fields a picture leaves out when they are as in the last answer's picture (``OthelloPicture.same``)."""


@dataclass(frozen=True)
class OthelloPicture:
    """What the screen draws and decides from, after every request (all of it public)."""

    view: OthelloView
    can_undo: bool = False
    can_redo: bool = False
    human_moves: int = 0
    save: str | None = None
    """``OthelloSession.to_save()`` as compact JSON text, without its settings (the screen adds its
    own); None: nothing to keep (no game, or a finished one)."""
    summary: str = "no game yet"
    listing: tuple[tuple[int, str, str], ...] = ()
    variant: str | None = None  # the variant playing, by name (None: the original program)
    started: bool = False
    settings: dict[str, Any] = field(default_factory=dict)  # the screen's choices the session holds (a save's)
    same: frozenset[str] = frozenset()
    """Fields of ``KEPT`` left out (empty here) because they are as in the last answer's picture:
    the screen keeps them from there (``arcade/screens/othello/seen.py``)."""


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
        self._answered: dict[str, Any] = {}  # the ``KEPT`` fields as the screen has them from the last answer
        self._encoded: tuple[dict[str, Any], str] | None = None  # the last save encoded, and its text

    # -- what the screen sees ------------------------------------------------------------------

    def picture(self) -> OthelloPicture | None:
        """The picture an answer carries (every answer's reaches the screen): what it leaves out as
        unchanged is measured from here."""
        picture = self._picture()
        if picture is not None:
            self._answered = {name: getattr(picture, name) if name not in picture.same else self._answered[name]
                              for name in KEPT}
        return picture

    def _picture(self) -> OthelloPicture | None:
        s = self.session
        if s is None:
            return None
        kept = {"save": self._save_text(s), "listing": tuple(s.listing)}
        same = frozenset(name for name, value in kept.items()
                         if name in self._answered and self._answered[name] == value)
        return OthelloPicture(
            view=s.view(), can_undo=s.can_undo, can_redo=s.can_redo, human_moves=s.human_moves(),
            summary=s.summary(), variant=s.settings.get("variant") if isinstance(s.settings.get("variant"), str) else None,
            started=s.view().phase.value != "new", settings=dict(s.settings), same=same,
            **{name: value for name, value in kept.items() if name not in same})

    def _save_text(self, s: OthelloSession) -> str | None:
        """The session's save as the screen writes it (its settings left for the screen to add), encoded
        once for as long as it does not change."""
        save = s.to_save()
        if save is None:
            return None
        save.pop("settings", None)
        if self._encoded is not None and self._encoded[0] == save:
            return self._encoded[1]
        text = json.dumps(save, sort_keys=True, separators=(",", ":"))
        self._encoded = (save, text)
        return text

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
        """Refused (the referee's reason) if the person may not play ``square`` now: asked when they press it."""
        s = self._session()
        try:
            s.check_play(square)
        except MoveRefused as refused:
            raise Refused(refused.reason) from None

    def _pace(self, job: Job) -> tuple[int, Callable[[int], None] | None]:
        """Slices and the turn's length: at real speed the length is learnt first, for the progress."""
        if job.pacing.instant:
            return self.instant_slice, None

        def measured(total: int) -> None:
            job.total = total

        return self.real_slice, measured

    def play(self, job: Job, square: int | None, *, reply: bool = True, rewind: bool = False) -> tuple[MoveRecord, ...]:
        """The person's move (None: a pass), then, if ``reply``, the machine's in the same request: the
        moves played, in order (the person's is told before the reply too, if the reply lasts)."""
        s = self._session()
        if rewind:
            s.typing("rewind")  # a half-typed entry on the CPC gives way to the board's move
        job.note(MovePending(s.preview(square)), held=True)
        slice_steps, measure = self._pace(job)
        record = s.play(square, job.go_on, slice_steps, measure=measure, stopped=lambda: job.stopped)
        if job.stopped or not reply or not s.view().machine_to_move:
            return (record,)
        job.note(PersonMoved(record, self._picture()), held=True)  # type: ignore[arg-type]
        job.next_part()
        return (record, *self.machine_turn(job))

    def machine_turn(self, job: Job) -> tuple[MoveRecord, ...]:
        """The machine's move: ``(record,)``."""
        s = self._session()
        slice_steps, measure = self._pace(job)
        return (s.machine_turn(job.go_on, slice_steps, measure=measure, stopped=lambda: job.stopped),)

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
