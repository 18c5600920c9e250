"""Typing straight into the CPC during the player's turn, with the referee still checking.

The Lazard driver offers moves (``human_move(square)``), not raw keys, so this adapter
uses only its public face: ``driver.machine`` (the CPC: ``type``, ``run``, ``variable``,
``array``), ``snapshot``/``restore``, ``check_human_move`` and ``human_move``.

Everything typed goes to the machine as typed, and the program itself reads it, as
on a CPC: ``Z`` redraws, a bad entry gets its message, ``?Redo from start`` its redo.
The one RETURN that can make a move -- the one that ends the ``Rangee?`` line -- is
tried on the machine and the outcome judged before it is kept:

* the program refused it (``Coup impossible.``, a bad entry): kept as it is; the board
  is re-read to check it did not change, and a square the referee calls legal would
  be a disagreement;
* the program took a move or a pass: the turn is rewound to where it began and, if the
  referee accepts that move, it is played through ``driver.human_move`` (which types
  the same entry, in capitals, and records it); a pass while a move exists, which the
  program trusts, is refused and the turn rewound; an illegal move the program took
  is a ``MachineDisagrees``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.lazard_othello import decode_board
from games.othello.driver import MachineDisagrees
from games.othello.referee import IllegalMove, square
from machines.cpc import RunState

COLUMNS = "ABCDEFGH"
LINE_BUDGET = 20_000  # statements to the next question: a redraw of the board is a few hundred
SLICE = 50  # the program hands the turn over (J) before it redraws the board: stop there, as the driver does


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

    @property
    def ready(self) -> bool:
        d = self.driver
        return bool(d.human_to_move and not getattr(d, "finished", False))

    def begin_turn(self) -> None:
        """Call when the player's turn starts: the program waits at ``Colonne?``."""
        self.turn_start = self.driver.snapshot()
        self.line = ""

    def rewind(self) -> None:
        """Back to the start of the turn: the ``Colonne?`` prompt with nothing typed."""
        if self.turn_start is not None:
            self.driver.restore(self.turn_start)
        self.line = ""

    def key(self, key: str) -> Typed:
        """One key: a printable character, ``\\r`` or ``\\x7f``.  May raise MachineDisagrees."""
        if self.turn_start is None:
            self.begin_turn()
        machine = self.driver.machine
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
        state = d.machine.run(max_statements=LINE_BUDGET)
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
            state = machine.run(max_statements=SLICE)
            ran += SLICE
            if state is RunState.ENDED or int(machine.variable("J")) == machine_code:
                took = True
                break
            if state is RunState.WAITING_INPUT:
                took = False
                break
            if state is not RunState.BUDGET or ran > LINE_BUDGET:
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
