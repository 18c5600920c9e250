"""Typing straight into the CPC during the player's turn, with the referee still checking.

The Lazard driver offers moves (``human_move(square)``), not raw keys, so this adapter
uses only its public face: ``driver.machine`` (the CPC: ``type`` and ``run``),
``snapshot``/``restore``, ``check_human_move`` and ``human_move``.

The program asks for the column (``Colonne?``) and then the row (``Rangee?``).
Everything typed goes to the machine as typed, and every RETURN that cannot change
the board (the column line, ``Z``, a malformed entry) is run by the program itself,
which answers as it does on a CPC.  The one RETURN that would make a move is held
back until the referee has seen the move:

* a legal move or pass: the turn is rewound to where it began and the move is
  played through ``driver.human_move`` (which types the same keys, so the CPC shows
  the same lines, in capitals);
* a square the referee refuses: the program is let refuse it (``Coup impossible.``),
  and the board is re-read to check that it did;
* a pass while a move exists (which the program would trust): refused here, and
  the turn rewound.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.othello.driver import MachineDisagrees
from games.othello.referee import IllegalMove, square
from games.lazard_othello import decode_board
from machines.cpc import RunState

COLUMNS = "ABCDEFGH"
PASS_ANSWERS = ("O", "0")
LINE_BUDGET = 20_000  # statements: a redraw of the board is a few hundred


@dataclass(frozen=True)
class Typed:
    """What a key led to: ``kind`` is 'echo', 'ran', 'move' (``square``; None a pass) or 'refused'."""

    kind: str
    square: int | None = None
    text: str = ""


def parse_entry(column: str, row: str) -> tuple[str, int | None]:
    """How the program reads a column and a row line: ('pass', None), ('square', sq) or ('bad', None)."""
    column, row = column.strip().upper(), row.strip().upper()
    if column in PASS_ANSWERS and row in PASS_ANSWERS:
        return "pass", None
    if len(column) == 1 and len(row) == 1 and column in COLUMNS and row in "12345678":
        return "square", square(int(row), COLUMNS.index(column) + 1)
    return "bad", None


class CpcKeyboard:
    """The CPC's keyboard during one of the player's turns."""

    def __init__(self, driver: Any) -> None:
        self.driver = driver
        self.turn_start: dict[str, Any] | None = None
        self.column: str | None = None  # the column line, once RETURN was pressed on it
        self.line = ""  # what is typed on the current line

    @property
    def ready(self) -> bool:
        d = self.driver
        return bool(d.human_to_move and not getattr(d, "finished", False))

    def begin_turn(self) -> None:
        """Call when the player's turn starts: the program waits at ``Colonne?``."""
        self.turn_start = self.driver.snapshot()
        self.column = None
        self.line = ""

    def rewind(self) -> None:
        """Back to the start of the turn: the ``Colonne?`` prompt with nothing typed."""
        if self.turn_start is not None:
            self.driver.restore(self.turn_start)
        self.column = None
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
        if self.column is None:
            column = self.line
            self._enter()
            self.column = None if column.strip().upper() == "Z" else column
            return Typed("ran")
        kind, sq = parse_entry(self.column, self.line)
        if kind == "bad":
            self._enter()
            self.column = None
            return Typed("ran", text=self.driver.display)
        try:
            self.driver.check_human_move(sq)
        except IllegalMove as refused:
            if kind == "pass":
                self.rewind()
                return Typed("refused", text=f"you may not pass: {refused}")
            self._enter()  # the program says it too
            self.column = None
            return Typed("refused", sq, text=str(refused))
        self.rewind()
        return Typed("move", sq)

    def _enter(self) -> None:
        """RETURN on a line that must not change the board; the program runs to its next question."""
        d = self.driver
        before = (d.position.black, d.position.white)
        d.machine.type("\r")
        self.line = ""
        state = d.machine.run(max_statements=LINE_BUDGET)
        if state is not RunState.WAITING_INPUT:
            raise MachineDisagrees(f"the program did not come back to a question ({state}): {d.display!r}")
        board = decode_board(list(d.machine.array("B")), d.position.to_move)
        if (board.black, board.white) != before:
            raise MachineDisagrees("the program changed the board on an entry the referee refuses")
