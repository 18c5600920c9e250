"""An Othello game against a program on a machine, headless: the rules of *playing* it.

``OthelloSession`` owns an ``OthelloDriver`` (HP-67 or Lazard's CPC) and says what may
happen next: the phase, whose turn, a person's move or pass (refused with
``MoveRefused`` and nothing changed), the machine's turn run in slices that a callback
may stop (the driver is then as before the move), undo and redo of whole turns by
snapshots, the save and its schema, a public summary and a frozen ``OthelloView``.

The machine's side is the computer's seat, the other a person's.  The slow calls
(``start``, ``play``, ``machine_turn``, ``undo``, ``redo``, ``from_save``) are meant for a worker thread;
while one runs, ``view()`` returns the picture of the last quiet moment (with the
person's move being recorded already on the board) and every other request is refused,
so the screen never reads a machine in the middle of a step.
"""

from __future__ import annotations

import inspect
import threading
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any, Callable

from games.othello.driver import MAX_TURNS, MachineDisagrees, MoveCancelled, MoveRecord, OthelloDriver, SliceCallback
from games.othello.referee import Disc, IllegalMove, Position, name
from games.schema import Field, read_settings
from games.session import Refused, SaveUnreadable, Seat
from games.timeline import Timeline

SCHEMA = 2
"""Version of ``to_save``.  Schema 1 is the screens' format before sessions: the same keys, no ``"schema"``."""

SAVED_UNDO_STEPS = 4
"""Undo steps kept in a save (a CPC snapshot is some 16 kB, and the game is saved after every move)."""
SAVED_UNDO_LIMIT = 12
"""The most undo steps a save may hold: the screens before sessions kept 12."""

__all__ = ["MoveRefused", "OthelloSession", "OthelloView", "Phase", "SCHEMA"]


class Phase(Enum):
    NEW = "new"  # no game yet: the machine's side is to be chosen
    TURN = "turn"  # someone is to move (or the machine is on its move)
    OVER = "over"


class MoveRefused(Refused):
    """The person's move (``square``; None: a pass) is not legal now; ``reason`` says why."""

    def __init__(self, square: int | None, reason: str) -> None:
        super().__init__(f"{name(square)}: {reason}")
        self.square = square
        self.reason = reason


@dataclass(frozen=True)
class OthelloView:
    """What the player may see (everything in Othello is public): board, turn, history, machine."""

    phase: Phase
    machine_color: Disc
    cells: tuple[Disc | None, ...]
    to_move: Disc
    score: tuple[int, int]
    legal: frozenset[int]  # the person's legal squares, when it is their turn and nothing runs
    last: int | None
    flipped: frozenset[int]
    history: tuple[MoveRecord, ...]
    display: str
    machine: Any = None  # the driver's frozen picture of its machine (HP67View, CpcScreenView...)
    rows: dict[int, str] = field(default_factory=dict)  # HP-67: registers 1-8 decoded
    running: str = ""  # "" quiet, "person" recording the person's move, "machine" the machine's turn
    pending: int | None = None  # the person's square being recorded
    new_game_keys: tuple[str, ...] = ()
    new_game_displays: tuple[str, ...] = ()
    title: str = ""  # the program, its author and year
    machine_name: str = ""  # the machine in full ("Amstrad CPC 6128 (Locomotive BASIC 1.1)")

    @property
    def human_color(self) -> Disc:
        return self.machine_color.opponent

    @property
    def winner(self) -> Disc | None:
        black, white = self.score
        return None if black == white else (Disc.BLACK if black > white else Disc.WHITE)

    @property
    def person_to_move(self) -> bool:
        return self.phase is Phase.TURN and self.to_move is self.human_color

    @property
    def machine_to_move(self) -> bool:
        return self.phase is Phase.TURN and self.to_move is self.machine_color

    @property
    def must_pass(self) -> bool:
        return self.person_to_move and not self.running and not self.legal

    @property
    def moves_played(self) -> int:
        return len(self.history)


class OthelloSession:
    """One game of Othello between a person and the program on a machine."""

    def __init__(self, driver_factory: Callable[[], OthelloDriver]) -> None:
        self.driver_factory = driver_factory
        self.driver = driver_factory()
        self.timeline: Timeline[dict[str, Any]] = Timeline(limit=200)
        self.settings: dict[str, Any] = {}  # the screen's choices, kept in the save as they are
        self._started = False
        self._settled: dict[str, Any] | None = None  # the driver's state at the last quiet moment
        self._running = ""
        self._pending: int | None = None
        self._guard = threading.Lock()  # one slow call at a time
        lister = getattr(self.driver, "listing", None)
        self.listing: list[tuple[int, str, str]] = list(lister()) if callable(lister) else []
        """The program's steps (step, mnemonic, key code) when the machine has such a listing (the HP-67)."""
        self._view = self._make_view()

    # -- what the game is ------------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        if not self._started:
            return Phase.NEW
        return Phase.OVER if self.driver.is_over else Phase.TURN

    @property
    def machine_color(self) -> Disc:
        return self.driver.machine_color

    @property
    def seats(self) -> dict[Disc, Seat]:
        """The machine's side is the computer's (its program plays); the other is a person's."""
        return {self.machine_color: Seat("computer"), self.machine_color.opponent: Seat("person")}

    @property
    def running(self) -> str:
        return self._running

    def view(self) -> OthelloView:
        """The picture to show (safe from the event loop while a slow call runs in a worker)."""
        return self._view

    def progress_view(self) -> Any:
        """The machine between two slices (call it from the thread running the machine)."""
        viewer = getattr(self.driver, "machine_view", None)
        return viewer() if viewer is not None else None

    def summary(self) -> str:
        """The launcher's line: public only, and short; "move N" is the moves played so far."""
        if not self._started:
            return "no game yet"
        view = self._view  # the last quiet moment's: safe while a machine turn runs
        moves = len(view.history)
        return f"move {moves}, game over" if view.phase is Phase.OVER else f"move {moves}"

    def _make_view(self) -> OthelloView:
        d = self.driver
        pos = d.position
        last = d.last_move
        pending = self._pending if self._running == "person" else None
        if self._running == "person" and self._pending_after is not None:
            pos = self._pending_after
        quiet = not self._running and self._started
        legal = frozenset(pos.legal_moves()) if quiet and d.human_to_move else frozenset()
        rows_of = getattr(d, "decoded_rows", None)
        return OthelloView(
            phase=self.phase,
            machine_color=d.machine_color,
            cells=tuple(pos.at(sq) for sq in range(64)),
            to_move=pos.to_move,
            score=pos.score(),
            legal=legal,
            last=pending if pending is not None else (last.square if last is not None else None),
            flipped=frozenset(self._pending_flips) if pending is not None else (
                frozenset(last.flipped) if last is not None else frozenset()),
            history=tuple(r.copy() for r in d.history),
            display=d.display if self._started else "",
            machine=self._machine_picture(),
            rows=rows_of() if (rows_of is not None and self._started) else {},
            running=self._running,
            pending=pending,
            new_game_keys=tuple(getattr(d, "new_game_keys", ())),
            new_game_displays=tuple(getattr(d, "new_game_displays", ())),
            title=d.title,
            machine_name=d.machine_name,
        )

    _pending_after: Position | None = None
    _pending_flips: tuple[int, ...] = ()

    def _machine_picture(self) -> Any:
        viewer = getattr(self.driver, "machine_view", None)
        if viewer is None:
            return None
        if "show_cursor" in inspect.signature(viewer).parameters:  # the CPC's cursor where it waits for a key
            return viewer(show_cursor=self._started and self.driver.human_to_move)
        return viewer()

    def _settle(self) -> None:
        """A quiet moment: remember the driver's state and the picture of it."""
        self._running = ""
        self._pending = None
        self._pending_after = None
        self._pending_flips = ()
        self._settled = self.driver.snapshot()
        self._view = self._make_view()

    def _refuse_while_running(self) -> None:
        if self._running:
            who = "your move" if self._running == "person" else "its move"
            raise Refused(f"Wait: the {self.driver.machine_name or 'machine'} is on {who} (Esc stops it).")

    # -- the game --------------------------------------------------------------------------

    def start(self, machine_color: Disc) -> None:
        """A new game, the machine playing ``machine_color`` (the undo steps are forgotten)."""
        with self._guard:
            self.driver.new_game(machine_color)
            self._started = True
            self.timeline.clear()
            self._settle()

    def check_play(self, square: int | None) -> None:
        """Raise ``MoveRefused`` (or ``Refused``) unless the person may play ``square`` now (None: pass)."""
        self._refuse_while_running()
        if not self._started:
            raise Refused("Start a game first: press n.")
        try:
            self.driver.check_human_move(square)
        except IllegalMove as refused:
            raise MoveRefused(square, str(refused)) from None

    def preview(self, square: int | None) -> OthelloView:
        """The view once the person has played ``square`` (the referee's board; the machine untouched)."""
        self.check_play(square)
        pos = self.driver.position
        after = pos.play(square)
        return replace(
            self._view, cells=tuple(after.at(sq) for sq in range(64)), to_move=after.to_move, score=after.score(),
            legal=frozenset(), last=square, flipped=frozenset(pos.flips(square)) if square is not None else frozenset(),
            running="person", pending=square,
        )

    def show_pending(self, square: int | None) -> None:
        """Show the person's move at once, before a worker starts recording it (``clear_pending`` undoes it)."""
        self._view = self.preview(square)

    def clear_pending(self) -> None:
        """Back to the quiet picture (a turn stopped before it began); nothing else changes."""
        if not self._running:
            self._view = self._make_view()

    def play(self, square: int | None, go_on: SliceCallback | None = None, slice_steps: int = 2000, *,
             measure: Callable[[int], None] | None = None, stopped: Callable[[], bool] | None = None) -> MoveRecord:
        """The person's move (None: a pass), recorded by the machine in slices; ``go_on`` may stop it
        (then ``MoveCancelled``: the machine is as before the move and nothing is recorded).
        ``measure``, if given, first receives the number of steps the recording will take (learnt by
        a full-speed run that ``stopped()`` may cut short)."""
        self.check_play(square)
        with self._guard:
            before = self._settled if self._settled is not None else self.driver.snapshot()
            pos = self.driver.position
            self._pending_after = pos.play(square)
            self._pending_flips = tuple(pos.flips(square)) if square is not None else ()
            self._running, self._pending = "person", square
            self._view = self._make_view()
            try:
                if measure is not None:
                    measure(self._length(stopped, lambda on_slice: self.driver.human_move(square, on_slice, 2000)))
                record = self.driver.human_move(square, on_slice=go_on, slice_steps=slice_steps)
            except BaseException:
                self._after_failure(before)
                raise
            self.timeline.record(before)
            self._settle()
            return record

    def pass_turn(self, go_on: SliceCallback | None = None, slice_steps: int = 2000) -> MoveRecord:
        return self.play(None, go_on, slice_steps)

    def machine_turn(self, go_on: SliceCallback | None = None, slice_steps: int = 2000, *,
                     measure: Callable[[int], None] | None = None, stopped: Callable[[], bool] | None = None
                     ) -> MoveRecord:
        """The machine plays (or passes); ``go_on`` may stop it (``MoveCancelled``: as before it).
        ``measure``, if given, first receives the number of steps the turn will take."""
        self._refuse_while_running()
        if not self._started or not self.driver.machine_to_move:
            raise Refused("It is not the machine's turn.")
        with self._guard:
            before = self._settled if self._settled is not None else self.driver.snapshot()
            self._running = "machine"
            self._view = self._make_view()
            try:
                if measure is not None:
                    measure(self._length(stopped, lambda on_slice: self.driver.machine_move(on_slice, 2000)))
                record = self.driver.machine_move(on_slice=go_on, slice_steps=slice_steps)
            except BaseException:
                self._after_failure(before)
                raise
            self._settle()
            return record

    def _length(self, stopped: Callable[[], bool] | None, run: Callable[[SliceCallback], MoveRecord]) -> int:
        """Steps a turn takes, learnt by running it at full speed and putting the machine back."""
        before = self.driver.snapshot()
        stop = stopped or (lambda: False)
        try:
            return run(lambda _steps: not stop()).machine_steps
        finally:
            self.driver.restore(before)

    def _after_failure(self, before: dict[str, Any]) -> None:
        """A stopped or failed turn leaves the game as before it (the driver restores itself when
        stopped; after a disagreement it is put back here)."""
        try:
            self.driver.restore(before)
        finally:
            self._settle()

    # -- undo and redo ---------------------------------------------------------------------

    @property
    def can_undo(self) -> bool:
        return self._started and not self._running and self.timeline.can_undo

    @property
    def can_redo(self) -> bool:
        return self._started and not self._running and self.timeline.can_redo

    def undo(self) -> None:
        """Back to before the person's last move (and the machine's reply)."""
        self._refuse_while_running()
        if not self.timeline.can_undo:
            raise Refused("Nothing to undo.")
        assert self._settled is not None
        self._go_to(self.timeline.undo(self._settled))

    def redo(self) -> None:
        self._refuse_while_running()
        if not self.timeline.can_redo:
            raise Refused("Nothing to redo.")
        assert self._settled is not None
        self._go_to(self.timeline.redo(self._settled))

    def _go_to(self, state: dict[str, Any]) -> None:
        self.driver.restore(state)
        self._settle()

    def reload(self) -> None:
        """Read the driver again after it was set up outside the session (a test, a tool placing a
        position); the game counts as started, the undo steps stay."""
        self._refuse_while_running()
        self._started = True
        self._settle()

    def human_moves(self) -> int:
        return sum(1 for r in self.driver.history if not r.by_machine)

    # -- typing on the machine's own keyboard (the CPC) ---------------------------------------

    def typing(self, what: str, key: str = "") -> Any:
        """``begin``, ``key`` or ``rewind`` typing on the machine's keyboard (refused while it runs)."""
        self._refuse_while_running()
        d: Any = self.driver
        try:
            if what == "begin":
                return d.begin_typing()
            if what == "rewind":
                return d.rewind_typing()
            if not d.typing_ready:
                raise Refused(f"Wait: the {d.machine_name or 'machine'} is not asking for your move.")
            return d.type_key(key)
        finally:
            self._view = self._make_view()

    # -- saves -----------------------------------------------------------------------------

    def to_save(self) -> dict[str, Any] | None:
        """The save (None: nothing worth keeping: no game, or a finished one); safe from the event
        loop while a machine turn runs (it is the game as at the last quiet moment)."""
        settled, view = self._settled, self._view  # read once: a machine turn may settle them meanwhile
        if not self._started or settled is None or view.phase is Phase.OVER:
            return None
        timeline = self.timeline.to_json()
        return {
            "schema": SCHEMA,
            "driver": settled,
            "moves": list(settled.get("history", [])),
            "settings": dict(self.settings),
            "timeline": {"past": timeline["past"][-SAVED_UNDO_STEPS:], "future": timeline["future"][-SAVED_UNDO_STEPS:]},
        }

    @classmethod
    def from_save(cls, data: Any, driver_factory: Callable[[], OthelloDriver]) -> OthelloSession:
        """The game of a save (schema 2, or the screens' format before it); ``SaveUnreadable`` if not.

        Every field is checked (``games.schema``: the message names the first bad one), the moves
        must replay to the board saved, the machine's memory must hold that board, and the
        machine must play on from every state kept (the next turn is tried, then undone)."""
        try:
            return cls._read_save(Field(data, "state"), driver_factory)
        except SaveUnreadable:
            raise
        except Exception as error:  # noqa: BLE001 - a gap in the checks still never crashes the arcade
            raise SaveUnreadable(f"the save cannot be read ({type(error).__name__}: {str(error)[:200]})") from None

    @classmethod
    def _read_save(cls, f: Field, driver_factory: Callable[[], OthelloDriver]) -> OthelloSession:
        f.table()
        f.shallow()
        schema = f.get("schema", 1).int()
        if schema not in (1, SCHEMA):
            f["schema"].fail(f"is not a save schema this arcade reads (1 or {SCHEMA})")
        driver = f["driver"]
        driver.table()
        moves = f["moves"].each(MoveRecord.read, max_len=MAX_TURNS) if f.has("moves") else None
        settings = read_settings(f.get("settings", {}), SETTINGS)
        timeline = f.get("timeline", {})
        timeline.table()
        past = timeline.get("past", []).list(max_len=SAVED_UNDO_LIMIT)
        future = timeline.get("future", []).list(max_len=SAVED_UNDO_LIMIT)
        session = cls(driver_factory)
        session._started = True
        own = settings.get("variant") is None  # a variant's game holds the variant's program
        for state in (*past, *future):  # an undo step that cannot be restored is damage too
            session._check_snapshot(state, own_program=own)
        session._check_snapshot(driver, own_program=own)
        if moves is not None and [m.to_json() for m in moves] != [r.to_json() for r in session.driver.history]:
            f["moves"].refuse(f"are not the moves of {driver.get('history').path}")
        session.timeline = Timeline(past=[s.value for s in past], future=[s.value for s in future],
                                    limit=session.timeline.limit)
        session.settings = settings
        session._settle()
        return session

    def _check_snapshot(self, f: Field, own_program: bool = False) -> None:
        """Restore the state ``f`` holds into this session's driver and check it: the moves replayed
        by the referee give its position, the machine's own board agrees, the views come out of it,
        and the machine plays the next turn from it (tried, then undone)."""
        f.table()
        driver = self.driver
        driver.read_snapshot(f)
        if own_program and not driver.plays_own_program():
            f.get("machine").refuse(f"holds another program than {driver.title}, and the save names no variant")
        pos = Position.initial()
        for i, record in enumerate(driver.history):  # the driver read its history from f's, move for move
            if record.player is not pos.to_move:
                f["history"][i].refuse(f"is {record.player.label}'s move but {pos.to_move.label} was to play")
            if record.by_machine != (record.player is driver.machine_color):
                f["history"][i].get("by_machine").refuse("does not say who played the move")
            if not (pos.is_legal(record.square) if record.square is not None else pos.must_pass):
                f["history"][i].get("square").refuse(f"{name(record.square)} is not legal there")
            if record.square is not None and sorted(record.flipped) != sorted(pos.flips(record.square)):
                f["history"][i].get("flipped").refuse("are not the discs the move turns over")
            pos = pos.play(record.square)
        if (pos.black, pos.white, pos.to_move) != (driver.position.black, driver.position.white, driver.position.to_move):
            f.get("position").refuse("is not where the moves saved lead")
        if driver.is_over:
            f.get("position").refuse("is a finished game: nothing to resume")
        checker = getattr(driver, "check_machine", None)
        if checker is not None:
            try:
                checker()
            except MachineDisagrees as error:
                raise f.get("machine").refusal(f"does not hold the saved board ({str(error)[:200]})") from None
        with f["machine"].reading("machine state") if "machine" in f.value else f.reading("snapshot"):
            self._make_view()  # what the screen will draw must come out of it too
            self.progress_view()
        self._try_next_turn(f)

    def _try_next_turn(self, f: Field) -> None:
        """Play the next turn from the restored state (the person's first legal move or pass, or the
        machine's), then put the driver back: a state a machine cannot play on from is damage."""
        driver = self.driver
        saved = driver.snapshot()
        try:
            if driver.machine_to_move:
                driver.machine_move()
            else:
                legal = driver.position.legal_moves()
                driver.human_move(legal[0] if legal else None)
        except Exception as error:  # noqa: BLE001 - whatever the damaged machine does
            raise (f["machine"] if f.has("machine") else f).refusal(
                f"does not play on from the saved state ({type(error).__name__}: {str(error)[:200]})") from None
        finally:
            driver.restore(saved)


SETTINGS: dict[str, str] = {"instant": "bool", "show_legal": "bool", "history": "bool", "program_coords": "bool",
                            "inspecting": "bool", "variant": "name"}
"""The screens' choices a save keeps (``OthelloScreen.settings`` and its subclasses')."""


__all__ += ["MachineDisagrees", "MoveCancelled"]
