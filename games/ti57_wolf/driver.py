"""The wolf and the lambs (J. Deconchat) played on an emulated TI-57.

Set-up, keyed as the article says: ``4.8 STO 7`` (the wolf, R7 = t), ``1.1 STO 1``,
``3.1 STO 2``, ``5.1 STO 3``, ``7.1 STO 4`` (the lambs), ``1.1 STO 6``,
``.9 +/- STO 5`` and ``2nd Fix 1``.

What the keys really do (listing steps; column change, row change):

* ``SBR 1``: Lbl 1, ``0 - RCL 6 =`` adds -1.1 to R7 (-1, -1);
  ``SBR 9``: ``RCL 6 =`` adds +1.1 (+1, +1);
  ``SBR 3``: ``RCL 5 =`` adds -0.9 (-1, +1);
  ``SBR 7``: ``0 -`` then falls into Lbl 3: ``0 - RCL 5 =`` adds +0.9 (+1, -1).
  The article's table says SBR 3 = +0.9 and SBR 7 = -0.9: the program does the
  opposite, and its own example follows the program (3.7 then SBR 3 gives 2.8).
  Then ``SUM 7`` moves the wolf and each lamb is compared with t: on a match
  ``GTO 8`` finds no label 8, an error: **the lamb's square (= the wolf's new square)
  flashes, the program stops, and R7 keeps the new square** (the article's
  "non-exécution du coup" is not what happens).  Otherwise ``RCL 7 R/S`` shows the
  wolf's new square.
* ``k SBR 4``: ``STO 0`` (k), ``RCL 5`` (-0.9), then the chain ``SUM 1, SBR 0,
  INV SUM 1, SUM 2, ...``: SBR 0 counts R0 down with Dsz and returns while it is not
  zero, so the move is added to lamb 1, taken back, added to lamb 2... until the
  k-th; the program stops at the R/S of step 17 showing the move (-0.9), not the
  square (read it with ``RCL k``).  ``k SBR 6`` does the same with RCL 6 (+1.1).
  k = 0 moves lamb 1, k >= 5 moves lamb 4; the driver offers 1-4.

With the referee on (the default), a move is checked before any key is pressed:
board limits, lambs only forward, no square taken twice, whose turn, game over.
With ``referee_enabled=False`` (purist) only the program's own check stands: a wolf
landing on a lamb gets the machine's flashing refusal, and ``take_back()`` does what
an owner would: CLR, then the opposite key (SBR 1 <-> 9, 3 <-> 7).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from importlib import resources
from typing import Any

from games.ti57_wolf.referee import (
    LAMB_MOVES,
    START,
    WOLF_MOVES,
    Board,
    IllegalMove,
    Result,
    Side,
    WolfReferee,
    on_board,
    result_of,
)
from games.schema import Field
from machines.ti57 import TI57, Program, StopReason, parse_listing
from machines.ti57.numbers import format_number

__all__ = [
    "WolfGame",
    "WolfView",
    "MachineDisagrees",
    "MoveRecord",
    "load_program",
    "decode_square",
    "square_text",
    "OPPOSITE",
]

STEP_BUDGET = 10_000  # a wolf move runs 14-17 steps, a lamb move 7-22
MAX_RECORDS = 20_000
"""More moves than a game can hold (even a purist one, refused and taken back again and again)."""
MAX_KEYS = 5 * MAX_RECORDS
KEYS = frozenset({*"0123456789", ".", "STO", "+/-", "2nd", "Fix", "CLR", "SBR"})
"""Every key the driver presses (``_keys``): a saved key log holds no other."""
FAR = 100_000
"""A piece off the board in a purist game wanders one square a move: never this far."""


def _key(f: Field) -> str:
    key = f.str(10)
    if key not in KEYS:
        f.fail("is not a key the game presses")
    return key


def _square(f: Field) -> tuple[int, int]:
    c, r = f.list(2, 2)
    return c.int(-FAR, FAR), r.int(-FAR, FAR)


def _record(f: Field) -> MoveRecord:
    side_f, lamb_f, key_f, keys_f, display, flashing, steps = f.list(7, 7)
    side = side_f.enum(Side)
    if side is Side.WOLF:
        if not lamb_f.is_null:
            lamb_f.fail("is a lamb in the wolf's move")
        lamb, key = None, key_f.int()
        if key not in WOLF_MOVES:
            key_f.fail("is not a wolf key (1, 3, 7, 9)")
        expected = ["SBR", str(key)]
    else:
        lamb, key = lamb_f.int(1, 4), key_f.int()
        if key not in LAMB_MOVES:
            key_f.fail("is not a lamb key (4, 6)")
        expected = [str(lamb), "SBR", str(key)]
    if keys_f.each(_key, max_len=3) != expected:
        keys_f.refuse(f"are not the keys of the move ({' '.join(expected)})")
    record = MoveRecord(side, lamb, key, tuple(expected), display.str(20), flashing.bool(), steps.int(0, STEP_BUDGET))
    if record.flashing and side is not Side.WOLF:
        flashing.refuse("is set on a lamb's move: only the wolf's is refused")
    return record
OPPOSITE = {1: 9, 9: 1, 3: 7, 7: 3}


class MachineDisagrees(RuntimeError):
    """The board decoded from the machine differs from the referee's: a bug, never hidden."""


def hung_text(machine: TI57) -> str:
    """A program that hung its TI-57 (``TI57.hung``: a workshop variant could), in words."""
    return (f"the TI-57 hung at step {machine.pc:02d}, as the real one does on a factor below 1E-89 times 0: "
            "its ROM loops for ever and the move never ends")


def load_program() -> Program:
    text = resources.files("games.ti57_wolf").joinpath("listing.txt").read_text(encoding="utf-8")
    return parse_listing(text)


def decode_square(value: Decimal) -> tuple[int, int]:
    """Column + row / 10 back to (column, row); off-board squares decode too."""
    tenths = value * 10
    if tenths != tenths.to_integral_value():
        raise MachineDisagrees(f"register value {value} is not a square")
    col, row = divmod(int(tenths), 10)
    return col, row


def square_text(square: tuple[int, int]) -> str:
    """A square as the program stores it, column + row / 10, shown in Fix 1.

    Off the board too: (-1, 3) is what R7 = -0.7 decodes to, and -0.7 is what the
    TI-57 holds and shows, not "-1.3".
    """
    return format_number(Decimal(square[0]) + Decimal(square[1]) / 10, 1, False)


@dataclass(frozen=True)
class MoveRecord:
    side: Side
    lamb: int | None  # 1-4 for a lamb's move
    key: int  # the SBR label: 1, 3, 7, 9 (wolf), 4, 6 (lamb)
    keys: tuple[str, ...]
    display: str  # what the machine showed when it stopped
    flashing: bool  # the machine refused (wolf on a lamb)
    steps: int


@dataclass(frozen=True)
class WolfView:
    """Everything a UI shows, read from the machine (board, display) and the driver."""

    board: Board
    to_move: Side
    result: Result | None
    display: str
    flashing: bool
    awaiting_take_back: bool  # purist mode: the machine refused the wolf's move
    referee_enabled: bool
    legal_wolf_moves: tuple[int, ...]
    legal_lamb_moves: tuple[tuple[int, int], ...]
    last_move: MoveRecord | None


class WolfGame:
    """A game on its own TI-57; the board is always decoded from R1-R4 and R7."""

    def __init__(
        self, first: Side = Side.WOLF, referee_enabled: bool = True, machine: TI57 | None = None,
        program: Program | None = None,
    ) -> None:
        self.machine = machine or TI57()
        self.referee_enabled = referee_enabled
        self.keys: list[str] = []
        self.history: list[MoveRecord] = []
        self.referee = WolfReferee(START, Side(first))
        self.collision: int | None = None  # the wolf key refused by the machine, in purist mode
        self.machine.load(program or load_program())  # program: a workshop variant
        for reg, square in ((7, START.wolf), *((i + 1, s) for i, s in enumerate(START.lambs))):
            self._keys([str(square[0]), ".", str(square[1]), "STO", str(reg)])
        self._keys(["1", ".", "1", "STO", "6", ".", "9", "+/-", "STO", "5", "2nd", "Fix", "1", "CLR"])
        self._agree()

    # ---------------------------------------------------------------- state

    @property
    def board(self) -> Board:
        """Decoded from the machine: the wolf from R7, lamb k from Rk."""
        m = self.machine
        lambs = tuple(decode_square(m.register(k)) for k in (1, 2, 3, 4))
        return Board(decode_square(m.register(7)), lambs)  # type: ignore[arg-type]

    @property
    def to_move(self) -> Side:
        return self.referee.to_move

    def result(self) -> Result | None:
        """Who won and why (read from the decoded board), or None while it goes on."""
        if self.collision is not None:
            return None
        return result_of(self.board, self.to_move)

    def legal_wolf_moves(self) -> list[int]:
        return WolfReferee(self.board, Side.WOLF).legal_wolf_moves()

    def legal_lamb_moves(self) -> list[tuple[int, int]]:
        return WolfReferee(self.board, Side.LAMBS).legal_lamb_moves()

    def view(self) -> WolfView:
        return WolfView(
            board=self.board,
            to_move=self.to_move,
            result=self.result(),
            display=self.machine.display,
            flashing=self.machine.flashing,
            awaiting_take_back=self.collision is not None,
            referee_enabled=self.referee_enabled,
            legal_wolf_moves=tuple(self.legal_wolf_moves()),
            legal_lamb_moves=tuple(self.legal_lamb_moves()),
            last_move=self.history[-1] if self.history else None,
        )

    def register_text(self, piece: int) -> str:
        """What the TI-57 holds for a piece (0 the wolf, R7; k lamb k, Rk), as Fix 1 shows it.

        Off the board the register says more than a (column, row) pair: R7 = -0.7 decodes
        to column -1, row 3, but the calculator holds -0.7.
        """
        return format_number(self.machine.register(7 if piece == 0 else piece), 1, False)

    def set_referee(self, enabled: bool) -> None:
        """Switch the referee on or off (purist); refused while the display flashes or
        when the pieces stand where the referee's rules cannot take the game up again."""
        enabled = bool(enabled)
        if enabled == self.referee_enabled:
            return
        if self.collision is not None:
            raise IllegalMove("the display flashes: take the refused move back first")
        if enabled:
            board = self.board
            squares = (board.wolf, *board.lambs)
            if not all(on_board(sq) for sq in squares) or len(set(squares)) != len(squares):
                raise IllegalMove("a piece is off the board or two share a square: the referee cannot take this game up")
            self.referee = WolfReferee(board, self.to_move)
        self.referee_enabled = enabled

    def check_wolf_move(self, key: int) -> None:
        """Raise IllegalMove if the referee (when on) refuses ``SBR key``; nothing is pressed."""
        if self.collision is not None:
            raise IllegalMove("the display flashes: the machine refused the wolf's move; take it back first")
        if self.referee_enabled:
            self.referee.wolf_target(key)

    def check_lamb_move(self, k: int, key: int) -> None:
        """Raise IllegalMove if the referee (when on) refuses ``k SBR key``; nothing is pressed."""
        if self.collision is not None:
            raise IllegalMove("the display flashes: the machine refused the wolf's move; take it back first")
        if self.referee_enabled:
            self.referee.lamb_target(k, key)

    # ----------------------------------------------------------------- play

    def wolf_move(self, key: int) -> MoveRecord:
        """``SBR key`` (1, 3, 7, 9: see the module docstring for what each really does)."""
        if key not in WOLF_MOVES:
            raise IllegalMove(f"the wolf moves with SBR 1, 3, 7 or 9, not {key!r}")
        expected = self._check(lambda r: r.wolf_move(key))
        record = self._play(Side.WOLF, None, key, ["SBR", str(key)])
        if record.flashing:
            if self.referee_enabled:
                raise MachineDisagrees(f"the machine refused SBR {key} that the referee allowed")
            self.collision = key
        else:
            self._advance(expected, Side.LAMBS)
        return record

    def lamb_move(self, k: int, key: int) -> MoveRecord:
        """``k SBR key`` (4 or 6): lamb k one row forward, one column left (4) or right (6)."""
        if k not in (1, 2, 3, 4):
            raise IllegalMove(f"the lambs are 1-4, not {k!r}")
        if key not in LAMB_MOVES:
            raise IllegalMove(f"a lamb moves with SBR 4 or SBR 6, not {key!r}")
        expected = self._check(lambda r: r.lamb_move(k, key))
        record = self._play(Side.LAMBS, k, key, [str(k), "SBR", str(key)])
        if record.flashing:
            raise MachineDisagrees(f"a lamb's move flashed {record.display}")
        self._advance(expected, Side.WOLF)
        return record

    def take_back(self) -> MoveRecord:
        """After the machine refused the wolf's move: CLR, then the opposite key."""
        if self.collision is None:
            raise IllegalMove("there is no refused move to take back")
        key = OPPOSITE[self.collision]
        self._keys(["CLR"])
        self.collision = None
        record = self._play(Side.WOLF, None, key, ["SBR", str(key)])
        if record.flashing:  # a lamb moved onto the square the wolf came from
            self.collision = key
        self.referee = WolfReferee(self.board, Side.WOLF)  # still the wolf's turn
        return record

    # ------------------------------------------------------------- snapshot

    def snapshot(self) -> dict[str, Any]:
        ref = self.referee
        return {
            "machine": self.machine.snapshot(),
            "referee_enabled": self.referee_enabled,
            "keys": list(self.keys),
            "history": [
                [r.side.value, r.lamb, r.key, list(r.keys), r.display, r.flashing, r.steps] for r in self.history
            ],
            "referee": [list(ref.board.wolf), [list(s) for s in ref.board.lambs], ref.to_move.value],
            "collision": self.collision,
        }

    @classmethod
    def restore(cls, state: dict[str, Any]) -> WolfGame:
        return cls.read(Field(state, "snapshot"))

    @classmethod
    def read(cls, f: Field) -> WolfGame:
        """A game from a saved snapshot, every field checked for type, range and agreement with the
        others (``BadField`` names the first that is not); the TI-57 checks its own.  The moves,
        played from the article's set-up, must lead to the pieces the TI-57's registers hold."""
        referee_enabled = f["referee_enabled"].bool()
        keys = f["keys"].each(_key, max_len=MAX_KEYS)
        history = f["history"].each(_record, max_len=MAX_RECORDS)
        wolf_f, lambs_f, to_move_f = f["referee"].list(3, 3)
        board = Board(_square(wolf_f), tuple(_square(s) for s in lambs_f.list(4, 4)))  # type: ignore[arg-type]
        referee = WolfReferee(board, to_move_f.enum(Side))
        collision = f["collision"].optional_int()
        last = history[-1] if history else None
        if collision != (last.key if last is not None and last.flashing else None):
            f["collision"].refuse("is not the wolf key the TI-57 refused last")
        if collision is not None and referee_enabled:
            f["collision"].refuse(f"is set while {f['referee_enabled'].path}: only a purist game flashes")
        if referee_enabled:
            squares = (board.wolf, *board.lambs)
            if not all(on_board(sq) for sq in squares) or len(set(squares)) != len(squares):
                f["referee"].refuse("has a piece off the board or two on one square while the referee is on")
        machine = f["machine"]
        with machine.reading("TI-57 snapshot"):
            ti57 = TI57.restore(machine.shallow())
        game = object.__new__(cls)
        game.machine, game.referee_enabled, game.keys, game.history = ti57, referee_enabled, keys, history
        game.referee, game.collision = referee, collision
        try:
            decoded = game.board
        except MachineDisagrees:
            machine["regs"].refuse("do not hold squares (column + row / 10) for the pieces")
        wolf, lambs = START.wolf, list(START.lambs)
        for r in history:
            if r.lamb is None:
                wolf = (wolf[0] + WOLF_MOVES[r.key][0], wolf[1] + WOLF_MOVES[r.key][1])
            else:
                dc, dr = LAMB_MOVES[r.key]
                lambs[r.lamb - 1] = (lambs[r.lamb - 1][0] + dc, lambs[r.lamb - 1][1] + dr)
        value = lambda sq: 10 * sq[0] + sq[1]  # noqa: E731 - what the register holds, times ten
        if [value(sq) for sq in (wolf, *lambs)] != [value(sq) for sq in (decoded.wolf, *decoded.lambs)]:
            f["history"].refuse(f"does not lead to the pieces {machine.path} holds")
        if collision is None and decoded != board:
            f["referee"].refuse(f"does not hold the pieces {machine.path} holds")
        return game

    # ------------------------------------------------------------ internals

    def _check(self, play: Any) -> WolfReferee:
        """The referee's board after the move; IllegalMove (nothing pressed) when refused."""
        if self.collision is not None:
            raise IllegalMove("the display flashes: the machine refused the wolf's move; take_back() first")
        if self.referee_enabled:
            return play(self.referee)
        return self.referee  # purist: the machine alone decides

    def _advance(self, expected: WolfReferee, next_side: Side) -> None:
        if self.referee_enabled:
            self.referee = expected
            self._agree()
        else:
            self.referee = WolfReferee(self.board, next_side)

    def _play(self, side: Side, lamb: int | None, key: int, keys: list[str]) -> MoveRecord:
        self._keys(keys)
        stop = self.machine.run(STEP_BUDGET)
        if self.machine.hung:
            raise MachineDisagrees(hung_text(self.machine))
        if stop.reason is StopReason.BUDGET or stop.reason is StopReason.PAUSE:
            raise MachineDisagrees(f"the program did not stop as expected ({stop.reason.value})")
        record = MoveRecord(side, lamb, key, tuple(keys), stop.display, stop.flashing, stop.steps)
        self.history.append(record)
        return record

    def _keys(self, keys: list[str]) -> None:
        for k in keys:
            self.machine.press(k)
            self.keys.append(k)

    def _agree(self) -> None:
        if self.board != self.referee.board:
            raise MachineDisagrees(f"machine board {self.board} but referee board {self.referee.board}")
