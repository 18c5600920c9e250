"""J.-M. Verniajou's HP-67 Othello, played headless through the calculator's keys.

The driver does what the seed's user's guide tells a player to do, and nothing
else: ``DSP 1``, ``E`` (shows 192), then ``R/S`` (calculator black) or ``CHS R/S``
(calculator white); the first move of the game is entered with ``B`` (the
player's ``row.col B``, or ``B`` alone to let the calculator start); afterwards
the player keys ``row.col R/S`` (a pass: ``R/S`` on the 0.0 shown), the
calculator stops showing its move ``row.col`` and ``R/S`` lets it record it
(it shows 0.0 when done); a calculator pass shows 0.0 directly.

It reads registers 1-8 (one board row each, base 4 with column c at 4^(c-1):
0 the calculator's disc, 1 empty, 2 the opponent's) and checks the board after
every move against the referee, which also checks every human move before a
key is pressed (the program trusts its player).

Squares.  The program names a square ``row.col`` with both numbers 1-8 and
column c the letter c ("B6 est représenté 6.2").  Its own spreadsheet shows
register 8 at the top and register 1 at the bottom, and only that picture is the
standard opening for both colours (d4/e5 white, d5/e4 black): read with row 1 on
top, its set-up would be the mirror image.  So the program's ``r.c`` is the
standard square with file ``c`` and rank ``9 - r``: 6.4 is d3, 5.3 is c4, 4.6 is
f5, 3.5 is e6 (the four first moves for black).  The author notes that where A1
is drawn "ne change rien": the game is symmetric.
"""

from __future__ import annotations

from decimal import Decimal
from importlib import resources
from typing import Any

from games.othello.driver import (
    MAX_TURNS,
    MachineDisagrees,
    MoveCancelled,
    MoveRecord,
    OthelloDriver,
    SliceCallback,
    read_position,
)
from games.othello.referee import Disc, IllegalMove, Position, name, row_col, square
from games.schema import Field
from machines.hp67 import HP67, HP67View, Program, StopReason, parse_listing

__all__ = ["HP67OthelloDriver", "from_program_square", "load_program", "to_program_square"]

# Generous ceilings for one stretch of machine work (the longest search is ~42,000 steps,
# recording a move ~2,100): beyond them the program is running away.
SEARCH_LIMIT = 200_000
UPDATE_LIMIT = 50_000

CALCULATOR, EMPTY, OPPONENT = 0, 1, 2


def load_program() -> Program:
    """The transcribed listing (games/hp67_othello/othello.txt)."""
    text = resources.files("games.hp67_othello").joinpath("othello.txt").read_text(encoding="utf-8")
    return parse_listing(text)


def to_program_square(sq: int) -> tuple[int, int]:
    """Standard square index -> the program's (row, col)."""
    rank, file = row_col(sq)
    return 9 - rank, file


def from_program_square(row: int, col: int) -> int:
    """The program's (row, col), both 1-8 -> standard square index."""
    return square(9 - row, col)


def program_notation(sq: int | None) -> str:
    """``'6.4'`` for d3; a pass is keyed and shown as 0 (``'0.0'``)."""
    if sq is None:
        return "0.0"
    row, col = to_program_square(sq)
    return f"{row}.{col}"


class HP67OthelloDriver(OthelloDriver):
    """The HP-67 program against a human (or another driver), refereed."""

    machine_name = "HP-67"
    title = "Othello (J.-M. Verniajou, 2016)"

    def __init__(self, program: Program | None = None) -> None:
        super().__init__()
        self.program = program or load_program()
        self._own_program = self.program.text()
        self.machine = HP67()
        self.machine.load(self.program)
        self.new_game_keys: list[str] = []
        self.new_game_displays: list[str] = []
        self._label_a = self.machine.find_label("A", 1)
        if self._label_a is None:
            raise ValueError("the listing has no LBL A: it is not the Othello program")

    # -- keys ------------------------------------------------------------------------

    def _press(self, keys: list[str], log: list[str]) -> None:
        for key in keys:
            self.machine.press(key)
            log.append(key)

    def _run(self, limit: int, what: str, breakpoints: tuple[int, ...] = (), on_slice: SliceCallback | None = None,
             slice_steps: int = 2000, before: dict[str, Any] | None = None,
             offset: int = 0) -> tuple[StopReason, int]:
        """Run until a stop (or a breakpoint); steps run. ``on_slice`` sees ``offset`` + steps so far."""
        m = self.machine
        start = m.steps
        while True:
            budget = min(max(slice_steps, 1), limit - (m.steps - start))
            if budget <= 0:
                raise MachineDisagrees(f"the HP-67 ran {limit:,} steps {what} without stopping (pc {m.pc:03d})")
            reason = m.run(budget, breakpoints=breakpoints)
            if reason is not StopReason.BUDGET:
                return reason, m.steps - start
            if on_slice is not None and not on_slice(offset + m.steps - start):
                if before is not None:
                    self.restore(before)
                raise MoveCancelled(f"the HP-67's {what} was stopped")

    # -- game flow -------------------------------------------------------------------

    def new_game(self, machine_color: Disc) -> None:
        """DSP 1, E (192), then R/S (calculator black) or CHS R/S (white): 0.0, ready."""
        m = self.machine
        keys: list[str] = []
        displays: list[str] = []
        if m.running:
            self._press(["R/S"], keys)  # stop whatever was left running
        if m.error:
            self._press(["CLX"], keys)  # the first key only clears Error
        self._press(["DSP 1", "E"], keys)
        reason, _ = self._run(UPDATE_LIMIT, "setting up the board")
        displays.append(m.display)
        if reason is not StopReason.RUN_STOP or m.display != "192.0":
            raise MachineDisagrees(f"after E the HP-67 shows {m.display!r} ({reason.value}), not 192.0")
        self._press(["R/S"] if machine_color is Disc.BLACK else ["CHS", "R/S"], keys)
        reason, _ = self._run(UPDATE_LIMIT, "setting up the board")
        displays.append(m.display)
        if reason is not StopReason.RUN_STOP or m.display != "0.0":
            raise MachineDisagrees(f"the HP-67 shows {m.display!r} ({reason.value}) instead of 0.0 when ready")
        self.machine_color = machine_color
        self.position = Position.initial()
        self.history = []
        self.new_game_keys = keys
        self.new_game_displays = displays
        self.check_board(self.decode_board())

    def human_move(self, square: int | None, on_slice: SliceCallback | None = None, slice_steps: int = 2000) -> MoveRecord:
        self.check_human_move(square)  # raises IllegalMove: no key pressed
        m = self.machine
        before = self.snapshot() if on_slice is not None else None
        if m.running or m.error:
            raise MachineDisagrees(f"the HP-67 is not waiting for a move (display {m.display!r}, pc {m.pc:03d})")
        after = self.position.play(square)
        keys: list[str] = []
        displays: list[str] = []
        first = not self.history
        if square is None:
            # "Si vous passez, laissez 0.0 et appuyez directement sur R/S."
            if m.display != "0.0":
                raise MachineDisagrees(f"to pass, the HP-67 should show 0.0, not {m.display!r}")
            displays.append(m.display)
            self._press(["R/S"], keys)
        else:
            row, col = to_program_square(square)
            self._press([str(row), ".", str(col)], keys)
            displays.append(m.display)
            self._press(["B" if first else "R/S"], keys)
        # The calculator records the move, then goes on to its own search (LBL A): stop there.
        reason, steps = self._run(UPDATE_LIMIT, "recording your move", breakpoints=(self._label_a,),
                                  on_slice=on_slice, slice_steps=slice_steps, before=before)
        if reason is not StopReason.BREAKPOINT:
            raise MachineDisagrees(f"recording the move, the HP-67 stopped ({reason.value}) showing {m.display!r}")
        record = MoveRecord(
            player=self.position.to_move, square=square, by_machine=False,
            machine_notation=program_notation(square),
            flipped=self.position.flips(square) if square is not None else [],
            keys=keys, displays=displays, machine_steps=steps,
        )
        self.check_board(self.decode_board(after.to_move), expected=after)
        if after.is_over:
            # Your last move: the program goes on to its search, finds nothing and stops at 0.0, as a
            # player of the real machine would see; stopped at LBL A it would need an R/S before the
            # next game's DSP 1 (the stray R/S of issue 13).
            done, more = self._run(SEARCH_LIMIT, "its search after the last move", on_slice=on_slice,
                                   slice_steps=slice_steps, before=before, offset=steps)
            record.machine_steps += more
            displays.append(m.display)
            if done is not StopReason.RUN_STOP or m.x != 0:
                raise MachineDisagrees(f"after the last move the HP-67 shows {m.display!r} ({done.value}), not a pass")
        self.position = after
        self.history.append(record)
        return record

    def machine_move(self, on_slice: SliceCallback | None = None, slice_steps: int = 2000) -> MoveRecord:
        if self.is_over:
            raise IllegalMove("the game is over")
        if not self.machine_to_move:
            raise IllegalMove("it is your turn, not the machine's")
        m = self.machine
        before = self.snapshot()
        keys: list[str] = []
        displays: list[str] = []
        if not m.running:
            if self.history or m.display != "0.0":
                raise MachineDisagrees(f"the HP-67 is not ready to play (display {m.display!r}, pc {m.pc:03d})")
            self._press(["B"], keys)  # "B pour laisser la calculatrice commencer la partie"
        reason, steps = self._run(SEARCH_LIMIT, "search", on_slice=on_slice, slice_steps=slice_steps, before=before)
        if reason is not StopReason.RUN_STOP:
            raise MachineDisagrees(f"the HP-67 stopped its search with {reason.value}, showing {m.display!r}")
        shown = m.display
        displays.append(shown)
        mover = self.position.to_move
        x = m.x
        if x == 0:  # the calculator passes: it shows 0.0 directly, and R/S must NOT be pressed
            if not self.position.must_pass:
                legal = ", ".join(name(s) for s in self.position.legal_moves())
                raise MachineDisagrees(f"the HP-67 passes but it has legal moves ({legal})")
            record = MoveRecord(mover, None, True, "0.0", [], keys, displays, steps)
            self.position = self.position.pass_turn()
            self.history.append(record)
            return record
        sq = self._decode_move(x)
        if not self.position.is_legal(sq):
            raise MachineDisagrees(f"the HP-67 plays {shown} ({name(sq)}), an illegal move")
        flipped = self.position.flips(sq)
        after = self.position.play(sq)
        self._press(["R/S"], keys)  # "notez-le puis appuyez sur R/S"
        done, more = self._run(UPDATE_LIMIT, "recording its move", on_slice=on_slice,
                               slice_steps=slice_steps, before=before, offset=steps)
        steps += more
        displays.append(m.display)
        if done is not StopReason.RUN_STOP or m.display != "0.0":
            raise MachineDisagrees(f"after recording its move the HP-67 shows {m.display!r} ({done.value})")
        record = MoveRecord(mover, sq, True, shown, flipped, keys, displays, steps)
        self.check_board(self.decode_board(after.to_move), expected=after)
        self.position = after
        self.history.append(record)
        return record

    def _decode_move(self, x: Decimal) -> int:
        tenths = x * 10
        if tenths != tenths.to_integral_value():
            raise MachineDisagrees(f"the HP-67 shows {x}, not a row.col square")
        row, col = divmod(int(tenths), 10)
        if not (1 <= row <= 8 and 1 <= col <= 8):
            raise MachineDisagrees(f"the HP-67 shows {x}, not a square of the board")
        return from_program_square(row, col)

    # -- reading the board -----------------------------------------------------------

    def _row_digits(self, register: int) -> list[int]:
        value = self.machine.register(str(register))
        if value != value.to_integral_value() or not 0 <= value < 4**8:
            raise MachineDisagrees(f"register {register} holds {value}, not a base-4 board row")
        v = int(value)
        digits = [(v >> (2 * (c - 1))) & 3 for c in range(1, 9)]
        if 3 in digits:
            raise MachineDisagrees(f"register {register} holds {value}: a square coded 3")
        return digits

    def decode_board(self, to_move: Disc | None = None) -> Position:
        """The board held in registers 1-8, as a referee position."""
        grid: list[list[Disc | None]] = [[None] * 8 for _ in range(8)]
        owner = {CALCULATOR: self.machine_color, OPPONENT: self.machine_color.opponent, EMPTY: None}
        for register in range(1, 9):
            for col, digit in enumerate(self._row_digits(register), start=1):
                grid[8 - register][col - 1] = owner[digit]
        return Position.from_grid(grid, to_move or self.position.to_move)

    def check_board(self, decoded: Position, expected: Position | None = None) -> None:
        if expected is None:
            super().check_board(decoded)
            return
        if (decoded.black, decoded.white) != (expected.black, expected.white):
            raise MachineDisagrees(
                "the machine's board differs from the referee's:\n"
                + "\n".join(f"{a}   {b}" for a, b in zip(decoded.rows(), expected.rows()))
            )

    def decoded_rows(self) -> dict[int, str]:
        """Register n -> the 8 squares of its row, columns 1-8: X black, O white, . empty."""
        glyph = {CALCULATOR: "X" if self.machine_color is Disc.BLACK else "O",
                 OPPONENT: "O" if self.machine_color is Disc.BLACK else "X", EMPTY: "."}
        rows: dict[int, str] = {}
        for register in range(1, 9):
            try:
                rows[register] = "".join(glyph[d] for d in self._row_digits(register))
            except MachineDisagrees:
                rows[register] = "????????"
        return rows

    # -- views for the arcade ----------------------------------------------------------

    def machine_view(self) -> HP67View:
        return self.machine.view()

    def check_machine(self) -> None:
        """Raise MachineDisagrees unless registers 1-8 hold the referee's board."""
        self.check_board(self.decode_board())

    def listing(self) -> list[tuple[int, str, str]]:
        """(step, mnemonic, key code) for the 199 steps."""
        return self.program.listing()

    @property
    def display(self) -> str:
        return self.machine.display

    # -- snapshot ------------------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        return {
            "machine": self.machine.snapshot(),
            "machine_color": self.machine_color.name,
            "position": [self.position.black, self.position.white, self.position.to_move.name],
            "history": [r.to_json() for r in self.history],
            "new_game_keys": list(self.new_game_keys),
            "new_game_displays": list(self.new_game_displays),
        }

    def plays_own_program(self) -> bool:
        return self.machine.program.text() == self._own_program

    def restore(self, state: dict[str, Any]) -> None:
        self.read_snapshot(Field(state, "snapshot"))

    def read_snapshot(self, f: Field) -> None:
        """Every field checked before anything changes; the HP-67 checks its own (``BadField`` names it)."""
        machine_color = f["machine_color"].enum_name(Disc)
        black, white, to_move = f["position"].list(3, 3)
        position = read_position(black, white, to_move)
        history = f["history"].each(MoveRecord.read, max_len=MAX_TURNS)
        keys = f.get("new_game_keys", []).each(lambda k: k.str(20), max_len=20)
        displays = f.get("new_game_displays", []).each(lambda d: d.str(40), max_len=20)
        machine = f["machine"]
        with machine.reading("HP-67 snapshot"):
            self.machine.load_state(machine.shallow())  # checks every field before it changes anything
        label_a = self.machine.find_label("A", 1)
        if label_a is None:
            machine["program"].refuse("has no LBL A: it is not the Othello program")
        self._label_a, self.program = label_a, self.machine.program
        self.machine_color, self.position, self.history = machine_color, position, history
        self.new_game_keys, self.new_game_displays = keys, displays
