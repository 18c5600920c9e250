"""A game of wolf and lambs as a player lives it, without any screen.

The driver (``WolfGame``) keys the TI-57 and decodes its registers; the session adds
what playing needs around it: whose seat is whose (a person, or the computer with a
level), the phase, refusals that change nothing, undo and redo by whole TI-57
snapshots (the program never learns of them, as when an owner writes the registers
down), when the referee was switched on or off (so an export says the truth about a
game partly played purist), the save schema, and the frozen ``view()`` a screen draws.

A computer's move is chosen from the public board by a player object (``player_for``,
by default ``games.ti57_wolf.computer``, imported only when a computer sits) and then
played through the driver's keys like a person's, refereed the same way.

Thread use: the screen plays moves in a worker thread; every public method holds the
session's lock, so a view is never taken half-way through a move.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache, wraps
from typing import Any, Callable, Protocol, TypeVar

from games.schema import Field, read_settings
from games.session import Refused, SaveUnreadable, Seat
from games.ti57_wolf.driver import MAX_RECORDS, OPPOSITE, MachineDisagrees, MoveRecord, WolfGame, square_text
from games.ti57_wolf.referee import (
    LAMB_MOVES,
    START,
    WOLF_MOVES,
    Board,
    IllegalMove,
    Result,
    Side,
    on_board,
)
from games.timeline import Timeline
from machines.ti57 import TI57, Program

__all__ = [
    "SCHEMA",
    "MoveLine",
    "MoveRefused",
    "Phase",
    "RefereeChange",
    "WolfMove",
    "WolfSession",
    "WolfSessionView",
]

SCHEMA = 2
"""Save schema 2: the session's own (``"schema": 2``).  Schema 1 is the unversioned save of the
screen before sessions (``game``, ``first``, ``shown``, ``timeline``, ``settings``): still read."""

SAVED_UNDO_STEPS = 40
"""Undo steps kept in a save (a TI-57 snapshot is small)."""

PERSON = Seat()

T = TypeVar("T")


class MoveRefused(Refused):
    """A move, take-back, undo or switch the session will not make; nothing changed."""


class Phase(Enum):
    TURN = "turn"  # the side to move may play
    FLASHING = "flashing"  # purist: the TI-57 refused the wolf's move; take it back (or undo)
    OVER = "over"


class Player(Protocol):
    """A computer player: chooses from the public board, never touches the machine."""

    def choose(self, board: Board) -> Any: ...


@dataclass(frozen=True)
class WolfMove:
    """One move as a person types it: ``SBR key`` for the wolf, ``lamb SBR key`` for a lamb."""

    side: Side
    key: int
    lamb: int | None = None

    @classmethod
    def wolf(cls, key: int) -> WolfMove:
        return cls(Side.WOLF, key)

    @classmethod
    def of_lamb(cls, lamb: int, key: int) -> WolfMove:
        return cls(Side.LAMBS, key, lamb)


@dataclass(frozen=True)
class RefereeChange:
    """The referee switched on or off when ``moves`` moves had been played."""

    moves: int
    enabled: bool
    game_over: bool = False  # switched after the game had ended


@dataclass(frozen=True)
class MoveLine:
    """One move of the history: who, the board's squares, the keys typed, what the TI-57 showed."""

    number: int
    who: str  # "wolf", "lamb 3"
    squares: str  # "4.8-3.7", "5.5-6.4 refused", "6.4-5.5 back"
    keys: str  # "SBR 1", "3 SBR 6", "CLR SBR 3"
    shows: str  # "shows 3.7", "shows 6.4 flashing"


@dataclass(frozen=True)
class WolfSessionView:
    """Everything a screen shows of the game (nothing is hidden in wolf and lambs)."""

    phase: Phase
    board: Board
    to_move: Side
    first: Side
    result: Result | None
    display: str
    flashing: bool
    collision: int | None  # the wolf key the TI-57 refused (purist), else None
    take_back_key: int | None  # the opposite key an owner types after CLR
    referee_enabled: bool
    legal_wolf_moves: tuple[int, ...]
    legal_lamb_moves: tuple[tuple[int, int], ...]
    last_move: MoveRecord | None
    moves_played: int
    register_texts: tuple[str, ...]  # the wolf (R7), then lambs 1-4 (R1-R4), as Fix 1 shows them
    off_board: tuple[int, ...]  # 0 the wolf, k lamb k: pieces off the board (purist)
    registers: tuple[str, ...]  # R0-R7 as the TI-57 shows them
    pc: int
    steps: int
    keys: tuple[str, ...]
    setup_keys: tuple[str, ...]
    seats: tuple[tuple[Side, Seat], ...]
    computer_to_move: bool
    can_undo: bool
    can_redo: bool
    referee_changes: tuple[RefereeChange, ...]


def _locked(method: Callable[..., T]) -> Callable[..., T]:
    @wraps(method)
    def run(self: WolfSession, *args: Any, **kwargs: Any) -> T:
        with self._lock:
            return method(self, *args, **kwargs)

    return run


def default_player_for(side: Side, seat: Seat) -> Player:
    """The computer players of ``games.ti57_wolf.computer`` (imported only when a computer sits)."""
    from games.ti57_wolf import computer  # noqa: PLC0415 - lazy: a game of two persons never loads it

    if side is Side.WOLF:
        return computer.WolfComputer(seat.level or computer.WOLF_LEVELS[-1])
    return computer.LambsComputer(seat.level or computer.LAMB_LEVELS[-1])


class WolfSession:
    """One game of wolf and lambs on its own TI-57, with its seats, undo steps and referee log."""

    def __init__(
        self,
        first: Side = Side.WOLF,
        *,
        referee: bool = True,
        seats: dict[Side, Seat] | None = None,
        player_for: Callable[[Side, Seat], Player] = default_player_for,
        program: Program | None = None,
    ) -> None:
        self._lock = threading.RLock()
        self.game = WolfGame(Side(first), referee_enabled=referee, program=program)
        self.first = Side(first)
        self.referee_at_start = bool(referee)
        self.referee_changes: list[RefereeChange] = []
        self.seats: dict[Side, Seat] = {Side.WOLF: PERSON, Side.LAMBS: PERSON, **(seats or {})}
        self.timeline: Timeline[dict[str, Any]] = Timeline(limit=500)
        self._player_for = player_for
        self._players: dict[Side, Player] = {}

    # ---------------------------------------------------------------- state

    @property
    def phase(self) -> Phase:
        if self.game.collision is not None:
            return Phase.FLASHING
        return Phase.OVER if self.game.result() is not None else Phase.TURN

    @property
    def to_move(self) -> Side:
        return self.game.to_move

    @property
    def moves_played(self) -> int:
        """Moves typed on the TI-57 so far (a refused wolf move and its take-back count, as played)."""
        return len(self.game.history)

    def seat(self, side: Side) -> Seat:
        return self.seats[side]

    @property
    def computer_to_move(self) -> bool:
        return self.phase is Phase.TURN and self.seats[self.to_move].kind == "computer"

    @_locked
    def view(self, viewer: Side | None = None) -> WolfSessionView:
        """The game as any viewer sees it: wolf and lambs hide nothing (``viewer`` is accepted for the contract)."""
        g = self.game
        board = g.board
        machine = g.machine.view()
        collision = g.collision
        return WolfSessionView(
            phase=self.phase,
            board=board,
            to_move=g.to_move,
            first=self.first,
            result=g.result(),
            display=machine.display,
            flashing=machine.flashing,
            collision=collision,
            take_back_key=OPPOSITE[collision] if collision is not None else None,
            referee_enabled=g.referee_enabled,
            legal_wolf_moves=tuple(g.legal_wolf_moves()),
            legal_lamb_moves=tuple(g.legal_lamb_moves()),
            last_move=g.history[-1] if g.history else None,
            moves_played=len(g.history),
            register_texts=tuple(g.register_text(i) for i in range(5)),
            off_board=tuple(i for i, sq in enumerate((board.wolf, *board.lambs)) if not on_board(sq)),
            registers=machine.registers,
            pc=machine.pc,
            steps=machine.steps,
            keys=tuple(g.keys),
            setup_keys=tuple(setup_keys(g.keys)),
            seats=tuple(self.seats.items()),
            computer_to_move=self.computer_to_move,
            can_undo=self.timeline.can_undo,
            can_redo=self.timeline.can_redo,
            referee_changes=tuple(self.referee_changes),
        )

    @_locked
    def summary(self) -> str:
        """For the launcher: public only; "move N" counts the moves played."""
        phase = self.phase
        if phase is Phase.OVER:
            result = self.game.result()
            assert result is not None
            turn = f"over, the {result.winner.value} won"
        elif phase is Phase.FLASHING:
            turn = "the display flashes"
        else:
            turn = f"the {self.to_move.value} to move"
        computers = [f"{side.value}: computer" for side, seat in self.seats.items() if seat.kind == "computer"]
        extra = f" ({', '.join(computers)})" if computers else ""
        return f"move {self.moves_played}, {turn}" + (" (purist)" if not self.game.referee_enabled else "") + extra

    # ------------------------------------------------------------ checking

    @_locked
    def check(self, move: WolfMove) -> None:
        """Raise ``MoveRefused`` (with the reason) if ``move`` cannot be played now; nothing is pressed."""
        phase = self.phase
        if phase is Phase.FLASHING:
            raise MoveRefused(
                f"the display flashes: the TI-57 refused SBR {self.game.collision}; take it back first (t)"
            )
        if phase is Phase.OVER:
            result = self.game.result()
            assert result is not None
            raise MoveRefused(f"the game is over: the {result.winner.value} won ({result.reason})")
        if move.side is not self.to_move:
            raise MoveRefused("it is the wolf's turn" if self.to_move is Side.WOLF else "it is the lambs' turn")
        if move.side is Side.WOLF:
            if move.key not in WOLF_MOVES:
                raise MoveRefused(f"the wolf moves with SBR 1, 3, 7 or 9, not {move.key!r}")
            self._referee(lambda: self.game.check_wolf_move(move.key))
        else:
            if move.lamb not in (1, 2, 3, 4):
                raise MoveRefused(f"the lambs are 1-4, not {move.lamb!r}")
            if move.key not in LAMB_MOVES:
                raise MoveRefused(f"a lamb moves with SBR 4 or SBR 6, not {move.key!r}")
            self._referee(lambda: self.game.check_lamb_move(move.lamb or 0, move.key))

    @staticmethod
    def _referee(check: Callable[[], None]) -> None:
        try:
            check()
        except IllegalMove as refused:
            raise MoveRefused(str(refused)) from None

    # ---------------------------------------------------------------- play

    @_locked
    def play(self, move: WolfMove) -> MoveRecord:
        """Type ``move`` on the TI-57 (refused first if it cannot be played); one undo step."""
        self.check(move)
        if move.side is Side.WOLF:
            return self._step(lambda: self.game.wolf_move(move.key))
        return self._step(lambda: self.game.lamb_move(move.lamb or 0, move.key))

    def wolf_move(self, key: int) -> MoveRecord:
        return self.play(WolfMove.wolf(key))

    def lamb_move(self, lamb: int, key: int) -> MoveRecord:
        return self.play(WolfMove.of_lamb(lamb, key))

    @_locked
    def take_back(self) -> MoveRecord:
        """After the TI-57 refused the wolf's move: CLR, then the opposite key, as an owner would."""
        if self.phase is not Phase.FLASHING:
            raise MoveRefused("there is no refused move to take back")
        return self._step(self.game.take_back)

    def _step(self, run: Callable[[], MoveRecord]) -> MoveRecord:
        before = self._state()
        try:
            record = run()
        except MachineDisagrees:
            self._go_to(before)  # a bug, reported, but the game stays as it was
            raise
        except IllegalMove as refused:
            self._go_to(before)
            raise MoveRefused(str(refused)) from None
        self.timeline.record(before)
        return record

    @_locked
    def set_referee(self, enabled: bool) -> None:
        """Switch the referee on or off (purist) and note when, for the history and the export."""
        enabled = bool(enabled)
        if enabled == self.game.referee_enabled:
            return
        if self.phase is Phase.FLASHING:
            raise MoveRefused("the display flashes: take the refused move back first (t)")
        try:
            self.game.set_referee(enabled)
        except IllegalMove as refused:
            raise MoveRefused(str(refused)) from None
        over = self.game.result() is not None
        self.referee_changes.append(RefereeChange(self.moves_played, enabled, over))

    # ------------------------------------------------------------- computer

    def computer_choice(self) -> WolfMove:
        """The move the computer in the seat to move chooses, from the public board (nothing is pressed).

        Called from the screen's worker thread; the move is then played with ``play`` like a person's.
        The player thinks outside the session's lock, so the screen can still draw meanwhile.
        """
        with self._lock:
            if not self.computer_to_move:
                raise MoveRefused("it is not the computer's turn")
            side, seat = self.to_move, self.seats[self.to_move]
            player = self._players.get(side)
            board = self.game.board
        if player is None:  # built outside the lock too: a player may solve the game first
            player = self._player_for(side, seat)
            with self._lock:
                player = self._players.setdefault(side, player)
        try:
            choice = player.choose(board)
        except Exception as error:  # a board the referee never allows (purist): say so, change nothing
            raise MoveRefused(f"the computer cannot play this position ({error})") from None
        if side is Side.WOLF:
            return WolfMove.wolf(int(choice))
        lamb, key = choice
        return WolfMove.of_lamb(int(lamb), int(key))

    @_locked
    def set_seat(self, side: Side, seat: Seat) -> None:
        self.seats[Side(side)] = seat
        self._players.pop(Side(side), None)

    # ------------------------------------------------------------ undo/redo

    @_locked
    def undo(self, *, to_a_person: bool = False) -> None:
        """Back one whole move: the TI-57's memories, display and keys as they were before it.

        ``to_a_person``: go on undoing the computer's moves, so a person gets the move back
        (back at the start with the computer to move, it is its turn again)."""
        if not self.timeline.can_undo:
            raise MoveRefused("nothing to undo")
        self._go_to(self.timeline.undo(self._state()))
        while to_a_person and self.computer_to_move and self.timeline.can_undo:
            self._go_to(self.timeline.undo(self._state()))

    @_locked
    def redo(self, *, to_a_person: bool = False) -> None:
        """Forward one undone move (``to_a_person``: and the computer's replies after it)."""
        if not self.timeline.can_redo:
            raise MoveRefused("nothing to redo")
        self._go_to(self.timeline.redo(self._state()))
        while to_a_person and self.computer_to_move and self.timeline.can_redo:
            self._go_to(self.timeline.redo(self._state()))

    def _state(self) -> dict[str, Any]:
        return {
            "game": self.game.snapshot(),
            "referee_changes": [[c.moves, c.enabled, c.game_over] for c in self.referee_changes],
        }

    def _go_to(self, state: dict[str, Any]) -> None:
        self.game = WolfGame.restore(state["game"])
        self.referee_changes = _changes(state.get("referee_changes", []))

    # ------------------------------------------------------------- history

    @_locked
    def history(self) -> list[MoveLine]:
        return history_lines(self.game.history)

    @_locked
    def referee_story(self) -> str:
        """How the referee stood through the game, in words, for the export's header."""
        start = "on" if self.referee_at_start else "off (purist)"
        if not self.referee_changes:
            return f"referee {start}"
        parts = [f"referee {start} at the start"]
        for change in self.referee_changes:
            state = "on" if change.enabled else "off (purist)"
            when = f"after move {change.moves}" if change.moves else "before the first move"
            parts.append(f"{state} {when}" + (" (the game was over)" if change.game_over else ""))
        return ", then ".join(parts)

    # ---------------------------------------------------------------- saves

    @_locked
    def to_save(self) -> dict[str, Any]:
        timeline = self.timeline.to_json()
        return {
            "schema": SCHEMA,
            "game": self.game.snapshot(),
            "first": self.first.value,
            "referee_at_start": self.referee_at_start,
            "referee_changes": [[c.moves, c.enabled, c.game_over] for c in self.referee_changes],
            "seats": {side.value: {"kind": seat.kind, "level": seat.level} for side, seat in self.seats.items()},
            "timeline": {"past": timeline["past"][-SAVED_UNDO_STEPS:], "future": timeline["future"][-SAVED_UNDO_STEPS:]},
        }

    @classmethod
    def from_save(
        cls, data: Any, *, player_for: Callable[[Side, Seat], Player] = default_player_for,
        program: Program | None = None,
    ) -> WolfSession:
        """A session from ``to_save()`` (schema 2) or the screen's save before sessions; else ``SaveUnreadable``
        naming the field.  ``program``: the workshop variant the save was played with (None: Deconchat's).

        Every field is checked (``games.schema``), the moves must replay to the TI-57's pieces in turn,
        the referee's switches must lead to its state, and the next move is tried on a copy."""
        try:
            return cls._read_save(Field(data, "state"), player_for, program)
        except SaveUnreadable:
            raise
        except Exception as error:  # noqa: BLE001 - a gap in the checks still never crashes the arcade
            raise SaveUnreadable(f"the save cannot be read ({type(error).__name__}: {str(error)[:200]})") from None

    @classmethod
    def _read_save(cls, f: Field, player_for: Callable[[Side, Seat], Player], program: Program | None) -> WolfSession:
        f.table()
        f.shallow()
        schema = f.get("schema", 1).int()
        if schema not in (1, SCHEMA):
            f["schema"].fail(f"is not a save schema this arcade reads (1 or {SCHEMA})")
        read_settings(f.get("settings", {}), SETTINGS)
        game = _restored(f["game"], program)
        first = f["first"].enum(Side) if schema == 2 or f.has("first") else game.to_move
        if schema == 1:  # before sessions nothing told when the referee changed: today's setting stands
            _shown(f.get("shown", []))
            referee_at_start, changes, seats = game.referee_enabled, [], {Side.WOLF: PERSON, Side.LAMBS: PERSON}
        else:
            referee_at_start = f["referee_at_start"].bool()
            changes = _changes(f["referee_changes"])
            seats_f = f.get("seats", {})
            for key, _ in seats_f.items():
                if key not in (Side.WOLF.value, Side.LAMBS.value):
                    seats_f[key].refuse("is not a side (wolf, lambs)")
            seats = {side: _seat(seats_f.get(side.value, {}), side) for side in Side}
        _check_story(f["game"], game, first, referee_at_start, changes,
                     f["referee_changes"] if schema == 2 else f["game"])
        timeline = f.get("timeline", {})
        timeline.table()
        steps: dict[str, list[dict[str, Any]]] = {}
        for part in ("past", "future"):
            steps[part] = [_step_state(s, program, first, referee_at_start)
                           for s in timeline.get(part, []).list(max_len=500)]
        session = object.__new__(cls)
        session._lock = threading.RLock()
        session._player_for = player_for
        session._players = {}
        session.game, session.first, session.referee_at_start = game, first, referee_at_start
        session.referee_changes, session.seats = changes, seats
        session.timeline = Timeline(past=steps["past"], future=steps["future"], limit=500)
        _try_next(f["game"], game)
        with f.reading("game"):
            session.view(), session.summary(), session.history(), session.referee_story()  # noqa: B018
        return session


# -------------------------------------------------------------------- helpers

SETTINGS = {"registers": "bool", "history": "bool", "instant": "bool", "variant": "name"}
"""The wolf screen's choices kept beside the session's save (``arcade/screens/ti57_wolf``)."""


def _restored(f: Field, program: Program | None = None) -> WolfGame:
    """A driver from its snapshot, checked field by field, holding the game's program."""
    game = WolfGame.read(f)
    if game.machine.snapshot()["program"] != (_listing_json() if program is None else _program_json(program)):
        f["machine"]["program"].refuse("is another program than the wolf's")
    return game


def _check_story(f: Field, game: WolfGame, first: Side, referee_at_start: bool, changes: list[RefereeChange],
                 changes_f: Field) -> None:
    """The moves in turn from ``first``, and the referee's switches leading to its state now."""
    to_move = first
    for i, r in enumerate(game.history):  # read from f's history, move for move
        if r.side is not to_move:
            f["history"][i].refuse(f"is a move of the {r.side.value} when the {to_move.value} were to move")
        if r.side is Side.LAMBS:
            to_move = Side.WOLF
        elif not r.flashing and not is_take_back(game.history, i):
            to_move = Side.LAMBS
    if to_move is not game.to_move:
        f["referee"].refuse(f"says the {game.to_move.value} move, but the moves saved give the turn to the {to_move.value}")
    enabled, played = referee_at_start, 0
    for i, change in enumerate(changes):
        if change.enabled == enabled or not played <= change.moves <= len(game.history):
            changes_f[i].refuse("is not a switch of the referee at a move of the game")
        enabled, played = change.enabled, change.moves
    if enabled != game.referee_enabled:
        changes_f.refuse(f"do not lead to the referee's state in {f['referee_enabled'].path}")


def _try_next(f: Field, game: WolfGame) -> None:
    """The next move (or the take-back), played on a copy: a state the TI-57 cannot play on from is damage."""
    try:
        copy = WolfGame.restore(game.snapshot())
        if copy.collision is not None:
            copy.take_back()
        elif copy.result() is None:
            if copy.to_move is Side.WOLF and copy.legal_wolf_moves():
                copy.wolf_move(copy.legal_wolf_moves()[0])
            elif copy.to_move is Side.LAMBS and copy.legal_lamb_moves():
                copy.lamb_move(*copy.legal_lamb_moves()[0])
    except Exception as error:  # noqa: BLE001 - whatever the damaged TI-57 does
        f["machine"].refuse(f"does not play on from the saved state ({type(error).__name__}: {str(error)[:200]})")


@lru_cache(maxsize=1)
def _listing_json() -> list[Any]:
    return WolfGame().machine.snapshot()["program"]


def _program_json(program: Program) -> list[Any]:
    machine = TI57()
    machine.load(program)
    return machine.snapshot()["program"]


def _step_state(f: Field, program: Program | None, first: Side, referee_at_start: bool) -> dict[str, Any]:
    """An undo step: schema 2's, or schema 1's ``{"game", "shown"}`` (the display is the machine's own)."""
    game = _restored(f["game"], program)
    _shown(f.get("shown", []))
    changes = _changes(f.get("referee_changes", []))
    _check_story(f["game"], game, first, referee_at_start if f.has("referee_changes") else game.referee_enabled,
                 changes, f.get("referee_changes", []))
    _try_next(f["game"], game)
    return {"game": f["game"].value, "referee_changes": [[c.moves, c.enabled, c.game_over] for c in changes]}


def _shown(f: Field) -> None:
    """Schema 1's ``shown``: the display, its flashing and a word (the TI-57 holds them itself now)."""
    f.each(lambda v: v.value if v.value is None or isinstance(v.value, bool) else v.str(100), max_len=3)


def _changes(f: Field | Any) -> list[RefereeChange]:
    if not isinstance(f, Field):
        f = Field(f, "referee_changes")
    out = []
    for row in f.list(max_len=MAX_RECORDS):
        items = row.list(2, 3)
        out.append(RefereeChange(items[0].int(0, MAX_RECORDS), items[1].bool(),
                                 items[2].bool() if len(items) > 2 else False))
    return out


def _seat(f: Field, side: Side) -> Seat:
    from games.ti57_wolf.computer import LAMB_LEVELS, WOLF_LEVELS  # noqa: PLC0415 - a level is one of these

    kind = f.get("kind", "person").choice(("person", "computer"))
    level = f.get("level")
    return Seat(kind, None if level.is_null else level.choice(WOLF_LEVELS if side is Side.WOLF else LAMB_LEVELS))


def setup_keys(keys: list[str] | tuple[str, ...]) -> list[str]:
    """The set-up keys of a game: up to the first CLR (``... 2nd Fix 1 CLR``)."""
    keys = list(keys)
    return keys[: keys.index("CLR") + 1] if "CLR" in keys else keys


def is_take_back(history: list[MoveRecord], i: int) -> bool:
    """The i-th record is the owner's take-back (CLR, opposite key) of a refused wolf move."""
    return i > 0 and history[i - 1].flashing and history[i - 1].side is Side.WOLF and history[i].side is Side.WOLF


def record_keys(history: list[MoveRecord], i: int) -> str:
    """The keys of the i-th move as typed on a TI-57 (a take-back starts with its CLR)."""
    return " ".join((("CLR",) if is_take_back(history, i) else ()) + history[i].keys)


def history_lines(history: list[MoveRecord]) -> list[MoveLine]:
    """One line per move: who, the board's squares (from-to), the program's keys, what it showed."""
    wolf, lambs = START.wolf, list(START.lambs)
    lines = []
    for i, r in enumerate(history):
        if r.lamb is None:
            dc, dr = WOLF_MOVES[r.key]
            before, wolf = wolf, (wolf[0] + dc, wolf[1] + dr)
            after, who = wolf, "wolf"
        else:
            dc, dr = LAMB_MOVES[r.key]
            before = lambs[r.lamb - 1]
            after = lambs[r.lamb - 1] = (before[0] + dc, before[1] + dr)
            who = f"lamb {r.lamb}"
        squares = f"{square_text(before)}-{square_text(after)}"
        if r.flashing:
            squares += " refused"
        elif is_take_back(history, i):
            squares += " back"
        shows = f"shows {r.display}" + (" flashing" if r.flashing else "")
        lines.append(MoveLine(i + 1, who, squares, record_keys(history, i), shows))
    return lines

