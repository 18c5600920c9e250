"""Play Lazard's BASIC Othello on the emulated CPC through its keyboard, refereed.

The driver types exactly what a player types on the real machine -- ``X`` or ``O``
and RETURN at the start, then a column letter and RETURN and a row digit and RETURN
for a move, ``O`` RETURN ``O`` RETURN for a pass -- and reads the board back from
the program's own array ``B()``.

Board mapping (the program's 100-cell board to the referee's 0..63 squares)::

    cell = 10*row + column          row 1..8 (the digit typed), column 1..8 (A..H)
    referee square = 8*(row-1) + (column-1)

so cell 11 is a1 (top left), 18 is h1, 81 is a8 and 88 is h8; cells with a row or a
column of 0 or 9 are the border ring (-1).  Contents: 0 empty, 1 white (the
program's ``O``), 2 black (``X``, who moves first).  The referee's ``Disc`` numbers
its colours the other way round (BLACK = 1), hence ``_DISC_OF_CODE``.

The program trusts a pass (the article: type O O "si vous êtes contraint de passer")
and ends the game on two passes in a row or a full board, so when the referee sees
the game over with the program still asking for a column, the driver types the
pass the program expects, as a player would, to reach its final score.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
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
from games.othello.referee import Disc, IllegalMove, Position, row_col, square
from games.lazard_othello.cpc_view import CpcScreenView
from games.schema import Field
from machines.cpc import CPC, RunState

__all__ = ["LISTING", "CpcKeyboard", "LazardOthelloDriver", "Typed", "cell_of", "decode_board", "square_of"]

LISTING_PATH = Path(__file__).with_name("othello.bas")
LISTING = LISTING_PATH.read_text(encoding="ascii")

COLUMNS = "ABCDEFGH"
PASS_KEYS = ("O\r", "O\r")

_CODE_OF_DISC = {Disc.WHITE: 1, Disc.BLACK: 2}
_DISC_OF_CODE = {1: Disc.WHITE, 2: Disc.BLACK}

# Budgets, in BASIC statements.  A move of the program is a few thousand statements
# (the scan of every empty square in 8 directions); these only stop a runaway.
START_BUDGET = 20_000
MOVE_BUDGET = 200_000
# After handing the turn over, the program prints the board or scans 78 cells (150
# statements or more) before it can move: a slice this short never runs into its move.
HUMAN_SLICE = 50

_LINES: dict[str, dict[int, str]] = {}
"""The lines a listing enters (``CPC.load_basic``), by listing: what a save of that listing holds."""

_MOVE_LINE = re.compile(r"Je joue en ([A-H][1-8])")


def cell_of(sq: int) -> int:
    """The program's cell number of a referee square."""
    row, col = row_col(sq)
    return 10 * row + col


def square_of(cell: int) -> int:
    """The referee square of one of the program's playable cells (11..88)."""
    return square(cell // 10, cell % 10)


def decode_board(cells: list[int], to_move: Disc) -> Position:
    """A referee position from the program's 100 board cells."""
    if len(cells) != 100:
        raise MachineDisagrees(f"the board array has {len(cells)} cells, not 100")
    grid: list[list[Disc | None]] = []
    for row in range(1, 9):
        line: list[Disc | None] = []
        for col in range(1, 9):
            code = int(cells[10 * row + col])
            if code not in (0, 1, 2):
                raise MachineDisagrees(f"cell {10 * row + col} holds {code}, not 0, 1 or 2")
            line.append(_DISC_OF_CODE.get(code))
        grid.append(line)
    border = [c for c in range(100) if c // 10 in (0, 9) or c % 10 in (0, 9)]
    if any(int(cells[c]) != -1 for c in border):
        raise MachineDisagrees("the border ring of the board is no longer -1")
    return Position.from_grid(grid, to_move)


def program_notation(sq: int) -> str:
    """The program's own name of a square: column letter and row digit, ``C3``."""
    row, col = row_col(sq)
    return f"{COLUMNS[col - 1]}{row}"


class LazardOthelloDriver(OthelloDriver):
    """Lazard's Othello on an Amstrad CPC 6128, played through its keyboard."""

    machine_name = "Amstrad CPC 6128 (Locomotive BASIC 1.1)"
    title = "Othello (E. Lazard, Jeux & Stratégie n°35, 1985; reconstructed)"

    def __init__(self, listing: str = LISTING) -> None:
        super().__init__()
        self.listing = listing  # another listing: the article's "bétonner" variant, or a test's
        self.machine = CPC()
        self.finished = False  # the program has printed its final score and ended
        self.keyboard = CpcKeyboard(self)  # the player typing on the CPC (``type_key``)

    # -- the machine ----------------------------------------------------------------

    def screen_text(self) -> list[str]:
        return self.machine.screen_text()

    def machine_view(self, show_cursor: bool = False) -> CpcScreenView:
        """A frozen copy of the CPC's screen, cells and colours (call it from the thread running the CPC)."""
        return CpcScreenView.of(self.machine, show_cursor=show_cursor)

    def check_machine(self) -> None:
        """Raise MachineDisagrees unless the program's array ``B()`` holds the referee's board."""
        self.check_board(self._board(self.position.to_move))

    @property
    def display(self) -> str:
        """The CPC's last non-blank screen line: the prompt it waits at, or its last message
        (BASIC's own ``Ready`` after the program ended is not the game's)."""
        for line in reversed(self.machine.screen_text()):
            if line.strip() and not (self.finished and line.strip() == "Ready"):
                return line.rstrip()
        return ""

    def _run(self, budget: int) -> tuple[str, int]:
        """Run until the program waits for input or ends; ``(state, statements)``."""
        before = self.machine.statements
        state = self._state(self.machine.run(max_statements=budget))
        ran = self.machine.statements - before
        if state == "budget":
            raise MachineDisagrees(f"the program ran {ran} statements without asking for input: {self.display!r}")
        return state, ran

    def _state(self, result: RunState) -> str:
        """'input', 'ended' or 'budget'; a BASIC error or a STOP is a disagreement."""
        if result is RunState.WAITING_INPUT:
            return "input"
        if result is RunState.ENDED:
            return "ended"
        if result is RunState.BUDGET:
            return "budget"
        raise MachineDisagrees(f"the BASIC program stopped ({result.value}): {self.display!r}")

    def _board(self, to_move: Disc) -> Position:
        return decode_board(list(self.machine.array("B")), to_move)

    def _new_output(self, mark: int) -> list[str]:
        return [line.rstrip() for line in self.machine.transcript_since(mark).split("\n") if line.strip()]

    # -- game flow ------------------------------------------------------------------

    def new_game(self, machine_color: Disc) -> None:
        """Enter the listing, RUN it, and answer its question: the human takes X (black) or O."""
        problems = self.machine.load_basic(self.listing)
        if problems:
            raise MachineDisagrees(f"the CPC does not accept the listing: {', '.join(map(str, problems))}")
        self.machine_color = machine_color
        self.position = Position.initial()
        self.history = []
        self.finished = False
        state, _ = self._run(START_BUDGET)
        if state != "input":
            raise MachineDisagrees(f"the program did not ask X or O: {self.display!r}")
        self.machine.type("X\r" if self.human_color is Disc.BLACK else "O\r")
        if self.human_to_move:
            state, _ = self._run(START_BUDGET)
            if state != "input":
                raise MachineDisagrees(f"the program did not ask for a move: {self.display!r}")
        self.check_board(self._board(self.position.to_move))

    def human_move(self, square: int | None, on_slice: SliceCallback | None = None, slice_steps: int = HUMAN_SLICE) -> MoveRecord:
        """Type the column and RETURN, wait for "Rangee?", type the row and RETURN (a pass:
        O and O), then run the program until it has turned the discs over and handed the
        turn to itself (its variable ``J``), and no further: its reply is ``machine_move``."""
        self.check_human_move(square)
        after = self.position.play(square)
        saved = self.snapshot() if on_slice is not None else None
        if square is None:
            keys = list(PASS_KEYS)
            notation = "passe"
            flipped: list[int] = []
        else:
            notation = program_notation(square)
            keys = [notation[0] + "\r", notation[1] + "\r"]
            flipped = self.position.flips(square)
        mark = self.machine.printed
        self.machine.type(keys[0])  # the column; the program then asks for the row
        state, ran = self._run(START_BUDGET)
        if state != "input" or self.display != "Rangee?":
            raise MachineDisagrees(f"the program did not ask for the row after {keys[0]!r}: {self.display!r}")
        self.machine.type(keys[1])
        machine_code = _CODE_OF_DISC[self.machine_color]
        while True:  # until the program has made the move and handed the turn over
            before = self.machine.statements
            state = self._state(self.machine.run(max_statements=min(slice_steps, HUMAN_SLICE)))
            ran += self.machine.statements - before
            if state == "ended" or int(self.machine.variable("J")) == machine_code:
                break
            if on_slice is not None and not on_slice(ran):
                assert saved is not None
                self.restore(saved)
                raise MoveCancelled(f"stopped after {ran} statements")
            if state == "input":
                raise MachineDisagrees(f"the program refused {notation}: {self._new_output(mark)}")
            if ran > MOVE_BUDGET:
                raise MachineDisagrees(f"the program did not take {notation} in {ran} statements")
        self.position = after
        self.check_board(self._board(after.to_move))
        record = MoveRecord(
            player=self.human_color,
            square=square,
            by_machine=False,
            machine_notation=notation,
            flipped=flipped,
            keys=keys,
            displays=self._new_output(mark),
            machine_steps=ran,
        )
        self.history.append(record)
        self._after_move(record, ended=state == "ended")
        return record

    def machine_move(self, on_slice: SliceCallback | None = None, slice_steps: int = 2000) -> MoveRecord:
        """Run the program until it asks the human again (or ends); read its move off ``B()``.

        ``on_slice`` is called after every ``slice_steps`` BASIC statements (False cancels
        the move and restores the CPC) and once more with the total when the move is made.
        The move is the one new disc on the board (none: a pass), and the program must
        also have said it ("Je joue en C3")."""
        if not self.machine_to_move:
            raise IllegalMove("the game is over" if self.is_over else "it is the human's turn")
        saved = self.machine.snapshot()
        mark = self.machine.printed
        ran = 0
        while True:
            before = self.machine.statements
            state = self._state(self.machine.run(max_statements=slice_steps))
            ran += self.machine.statements - before
            if state != "budget":
                break
            if on_slice is not None and not on_slice(ran):
                self.machine.restore(saved)
                raise MoveCancelled(f"stopped after {ran} statements")
            if ran > MOVE_BUDGET:
                raise MachineDisagrees(f"the program did not move in {ran} statements: {self.display!r}")
        if on_slice is not None:
            on_slice(ran)
        board = self._board(self.machine_color.opponent)
        output = self._new_output(mark)
        new = (board.black | board.white) & ~(self.position.black | self.position.white)
        if new == 0 and state == "ended":  # the referee would have seen a game over before this turn
            raise MachineDisagrees(f"the program ended a game that goes on: {self.display!r}")
        if new == 0:
            try:
                after = self.position.pass_turn()
            except IllegalMove as exc:
                raise MachineDisagrees(f"the program passed but may not: {exc}") from exc
            sq: int | None = None
            notation = "passe"
            flipped: list[int] = []
        else:
            sq = new.bit_length() - 1
            if new != 1 << sq:
                raise MachineDisagrees(f"the program placed more than one disc: {board.rows()}")
            try:
                after = self.position.play(sq)
            except IllegalMove as exc:
                raise MachineDisagrees(f"the program played an illegal move: {exc}") from exc
            flipped = self.position.flips(sq)
            said = [m.group(1) for m in map(_MOVE_LINE.search, output) if m]
            notation = said[-1] if said else ""
            if notation != program_notation(sq):
                raise MachineDisagrees(f"the program said {notation or 'nothing'} but played {program_notation(sq)}")
        self.position = after
        self.check_board(Position(board.black, board.white, after.to_move))
        record = MoveRecord(
            player=self.machine_color,
            square=sq,
            by_machine=True,
            machine_notation=notation,
            flipped=flipped,
            keys=[],
            displays=output,
            machine_steps=ran,
        )
        self.history.append(record)
        self._after_move(record, ended=state == "ended")
        return record

    def _after_move(self, record: MoveRecord, ended: bool) -> None:
        """The program and the referee must agree on whether the game is over."""
        if self.is_over:
            self._finish(record, ended)
        elif ended:
            raise MachineDisagrees(f"the program ended a game that goes on: {self.display!r}")

    def _finish(self, record: MoveRecord, ended: bool) -> None:
        """Bring the program to its final score once the referee has seen the game end.

        The program notices a full board by itself, and otherwise two passes in a row:
        the driver types the pass it asks for (as a player must on the real machine).
        """
        mark = self.machine.printed
        for _ in range(3):
            if ended:
                break
            state, ran = self._run(MOVE_BUDGET)
            record.machine_steps += ran
            if state == "ended":
                break
            for key in PASS_KEYS:
                self.machine.type(key)
            record.keys.extend(PASS_KEYS)
        else:
            raise MachineDisagrees(f"the program does not see the end of the game: {self.display!r}")
        record.displays.extend(self._new_output(mark))
        self.finished = True
        self.check_board(self._board(self.position.to_move))

    # -- typing on the CPC ---------------------------------------------------------------

    @property
    def typing_ready(self) -> bool:
        """The program waits for the player's move, so typed keys may go to it."""
        return self.keyboard.ready

    def begin_typing(self) -> None:
        """The player's turn starts at ``Colonne?``: remember it, to rewind a half-typed entry."""
        self.keyboard.begin_turn()

    def type_key(self, key: str) -> Typed:
        """One key typed on the CPC (a character, ``\\r`` or ``\\x7f``), judged by the referee."""
        return self.keyboard.key(key)

    def rewind_typing(self) -> None:
        """Back to the start of the turn: the ``Colonne?`` prompt with nothing typed."""
        self.keyboard.rewind()

    # -- state ----------------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        return {
            "machine": self.machine.snapshot(),
            "machine_color": self.machine_color.name,
            "position": {
                "black": self.position.black,
                "white": self.position.white,
                "to_move": self.position.to_move.name,
            },
            "history": [record.to_json() for record in self.history],
            "finished": self.finished,
        }

    def plays_own_program(self) -> bool:
        if self.listing not in _LINES:
            scratch = CPC()
            scratch.load_basic(self.listing)
            _LINES[self.listing] = dict(scratch.lines)
        return self.machine.lines == _LINES[self.listing]

    def restore(self, state: dict[str, Any]) -> None:
        self.read_snapshot(Field(state, "snapshot"))

    def read_snapshot(self, f: Field) -> None:
        """Every field checked before anything changes; the CPC checks its own (``BadField`` names it)."""
        machine_color = f["machine_color"].enum_name(Disc)
        pos = f["position"]
        position = read_position(pos["black"], pos["white"], pos["to_move"])
        history = f["history"].each(MoveRecord.read, max_len=MAX_TURNS)
        finished = f.get("finished", False).bool()
        machine = f["machine"]
        with machine.reading("CPC snapshot"):
            self.machine.restore(machine.shallow())
        self.machine_color, self.position, self.history, self.finished = machine_color, position, history, finished


# -- typing on the CPC's own keyboard ------------------------------------------------------
#
# During the player's turn the screen may send the keys as typed (``type_key``).
# Everything typed goes to the machine as typed, and the program itself reads it, as
# on a CPC: ``Z`` redraws, a bad entry gets its message, ``?Redo from start`` its redo.
# The one RETURN that can make a move -- the one that ends the ``Rangee?`` line -- is
# tried on the machine and the outcome judged before it is kept:
#
# * the program refused it (``Coup impossible.``, a bad entry): kept as it is; the board
#   is re-read to check it did not change, and a square the referee calls legal would
#   be a disagreement;
# * the program took a move or a pass: the turn is rewound to where it began and, if the
#   referee accepts that move, it is played through ``human_move`` (which types the same
#   entry, in capitals, and records it); a pass while a move exists, which the program
#   trusts, is refused and the turn rewound; an illegal move the program took is a
#   ``MachineDisagrees``.

TYPING_LINE_BUDGET = 20_000  # statements to the next question: a redraw of the board is a few hundred
TYPING_SLICE = 50  # the program hands the turn over (J) before it redraws the board: stop there, as the driver does


@dataclass(frozen=True)
class Typed:
    """What a key led to: ``kind`` is 'echo', 'ran', 'move' (``square``; None a pass) or 'refused'."""

    kind: str
    square: int | None = None
    text: str = ""


class CpcKeyboard:
    """The CPC's keyboard during the player's turns."""

    def __init__(self, driver: Any) -> None:
        self.driver = driver
        self.turn_start: dict[str, Any] | None = None
        self.line = ""  # what is typed on the current line
        self.typed = False  # a key reached the machine since the turn began

    @property
    def ready(self) -> bool:
        d = self.driver
        return bool(d.human_to_move and not getattr(d, "finished", False))

    def begin_turn(self) -> None:
        """Call when the player's turn starts: the program waits at ``Colonne?``."""
        self.turn_start = self.driver.snapshot()
        self.line = ""
        self.typed = False

    def rewind(self) -> None:
        """Back to the start of the turn: the ``Colonne?`` prompt with nothing typed (nothing to
        restore if no key was typed: a CPC restore recompiles the program)."""
        if self.turn_start is not None and self.typed:
            self.driver.restore(self.turn_start)
        self.line = ""
        self.typed = False

    def key(self, key: str) -> Typed:
        """One key: a printable character, ``\\r`` or ``\\x7f``.  May raise MachineDisagrees."""
        if self.turn_start is None:
            self.begin_turn()
        machine = self.driver.machine
        self.typed = True
        if key == "\x7f":
            if self.line:
                self.line = self.line[:-1]
                machine.type(key)
            return Typed("echo")
        if key != "\r":
            if len(self.line) < 255:
                self.line += key
                machine.type(key)
            return Typed("echo")
        if not self.driver.display.startswith("Rangee?"):
            self._run_to_question()  # the column line, Z, or a redo: no move can come of it
            return Typed("ran")
        return self._row_entered()

    # -- the machine ------------------------------------------------------------------

    def _board(self) -> tuple[int, int]:
        board = decode_board(list(self.driver.machine.array("B")), self.driver.position.to_move)
        return board.black, board.white

    def _run_to_question(self) -> None:
        """RETURN on a line that must not change the board; the program runs to its next question."""
        d = self.driver
        before = (d.position.black, d.position.white)
        d.machine.type("\r")
        self.line = ""
        state = d.machine.run(max_statements=TYPING_LINE_BUDGET)
        if state is not RunState.WAITING_INPUT:
            raise MachineDisagrees(f"the program did not come back to a question ({state.value}): {d.display!r}")
        if self._board() != before:
            raise MachineDisagrees("the program changed the board before the row was entered")

    def _row_entered(self) -> Typed:
        d = self.driver
        machine = d.machine
        before = (d.position.black, d.position.white)
        machine_code = 3 - int(machine.variable("H"))  # the program's own side (H: the player's)
        machine.type("\r")
        self.line = ""
        ran = 0
        while True:
            state = machine.run(max_statements=TYPING_SLICE)
            ran += TYPING_SLICE
            if state is RunState.ENDED or int(machine.variable("J")) == machine_code:
                took = True
                break
            if state is RunState.WAITING_INPUT:
                took = False
                break
            if state is not RunState.BUDGET or ran > TYPING_LINE_BUDGET:
                raise MachineDisagrees(f"the program did not answer the move ({state.value}): {d.display!r}")
        after = self._board()
        if not took:  # the program refused the entry and asks again: keep its answer on the screen
            if after != before:
                raise MachineDisagrees("the program changed the board and still asks for a move")
            if d.display.startswith("Rangee?"):  # ?Redo from start: it did not read the line at all
                return Typed("ran", text=d.display)
            sq = self._square_read()
            if sq is not None and d.position.is_legal(sq):
                raise MachineDisagrees(f"the program refused {COLUMNS[sq % 8]}{sq // 8 + 1}, a legal move")
            reason = ""
            if sq is not None:
                try:
                    d.check_human_move(sq)
                except IllegalMove as refused:
                    reason = str(refused)
            return Typed("refused" if sq is not None else "ran", sq, text=reason or d.display)
        new = (after[0] | after[1]) & ~(before[0] | before[1])
        self.rewind()
        sq = None if new == 0 else new.bit_length() - 1
        try:
            d.check_human_move(sq)
        except IllegalMove as refused:
            if sq is None:
                return Typed("refused", None, text=str(refused))
            raise MachineDisagrees(f"the program took an illegal move: {refused}") from refused
        return Typed("move", sq)

    def _square_read(self) -> int | None:
        """The square the program read from its two lines (its X and Y), if it was one."""
        machine = self.driver.machine
        col, row = int(machine.variable("X")), int(machine.variable("Y"))
        c, r = str(machine.variable("C$")), str(machine.variable("R$"))
        if len(c) == 1 and len(r) == 1 and 1 <= col <= 8 and 1 <= row <= 8:
            return square(row, col)
        return None
