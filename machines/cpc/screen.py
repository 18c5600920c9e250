"""The CPC's text screen as a model a widget can render: characters, pen and paper per cell.

MODE 0/1/2 give 20/40/80 columns by 25 rows with 16/4/2 pens.  Each cell remembers the
pen and paper *numbers* it was written with; the ink table maps a pen number to one of
the 27 hardware colours (two colours = flashing; we expose the first).  Characters below
32 sent to the screen are the firmware's control codes (7 beep, 8-11 cursor moves,
12 CLS, 13 CR, 14 n PAPER, 15 n PEN, 24 swap, 30 home, 31 c r LOCATE, ...), with their
parameter bytes, as the text VDU handles them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["Screen", "PALETTE_RGB", "DEFAULT_INKS", "MODE_WIDTH", "MODE_PENS", "ROWS"]

ROWS = 25
MODE_WIDTH = {0: 20, 1: 40, 2: 80}
MODE_PENS = {0: 16, 1: 4, 2: 2}


def _rgb(colour: int) -> str:
    """Hardware colour n = 9*green + 3*red + blue, each level 0, half or full."""
    level = (0x00, 0x80, 0xFF)
    green, rest = divmod(colour, 9)
    red, blue = divmod(rest, 3)
    return "#%02X%02X%02X" % (level[red], level[green], level[blue])


PALETTE_RGB: tuple[str, ...] = tuple(_rgb(c) for c in range(27))
"""The 27 firmware colours (0 black, 1 blue, ..., 24 bright yellow, 26 bright white)."""

DEFAULT_INKS: tuple[tuple[int, int], ...] = (
    (1, 1), (24, 24), (20, 20), (6, 6), (26, 26), (0, 0), (2, 2), (8, 8),
    (10, 10), (12, 12), (14, 14), (16, 16), (18, 18), (22, 22), (1, 24), (16, 11),
)

# Parameter bytes taken by each control code (firmware TXT OUTPUT / VDU table).
_CONTROL_PARAMS = (0, 1, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1,
                   0, 0, 0, 0, 0, 0, 1, 1, 0, 9, 4, 0, 3, 2, 0, 2)


@dataclass
class Screen:
    """25 rows of characters with the pen/paper number each was drawn in, and the cursor."""

    mode: int = 1
    width: int = 40
    col: int = 0  # 0-based; may equal ``width`` until the next character wraps
    row: int = 0
    pen_number: int = 1
    paper_number: int = 0
    inks: list[list[int]] = field(default_factory=lambda: [list(i) for i in DEFAULT_INKS])
    border: list[int] = field(default_factory=lambda: [1, 1])
    chars: list[list[str]] = field(default_factory=list)
    pens: list[list[int]] = field(default_factory=list)
    papers: list[list[int]] = field(default_factory=list)
    _pending: list[int] = field(default_factory=list)  # a control code waiting for its parameters

    def __post_init__(self) -> None:
        if not self.chars:
            self.set_mode(self.mode)

    # --- whole-screen operations -------------------------------------------------------
    def set_mode(self, mode: int) -> None:
        """MODE: new geometry, screen cleared to the current paper, cursor home."""
        self.mode = mode
        self.width = MODE_WIDTH[mode]
        mask = MODE_PENS[mode] - 1
        self.pen_number &= mask
        self.paper_number &= mask
        self.cls()

    def cls(self) -> None:
        self.chars = [[" "] * self.width for _ in range(ROWS)]
        self.pens = [[self.pen_number] * self.width for _ in range(ROWS)]
        self.papers = [[self.paper_number] * self.width for _ in range(ROWS)]
        self.col = 0
        self.row = 0

    def scroll(self) -> None:
        """The bottom line was passed: everything moves up one row."""
        del self.chars[0], self.pens[0], self.papers[0]
        self.chars.append([" "] * self.width)
        self.pens.append([self.pen_number] * self.width)
        self.papers.append([self.paper_number] * self.width)

    def set_pen(self, n: int) -> None:
        self.pen_number = n & (MODE_PENS[self.mode] - 1)

    def set_paper(self, n: int) -> None:
        self.paper_number = n & (MODE_PENS[self.mode] - 1)

    def locate(self, col: int, row: int) -> None:
        """1-based column then row, as LOCATE; out-of-window values are forced in at the
        next character, as the firmware does."""
        self.col = max(col - 1, 0)
        self.row = max(row - 1, 0)

    # --- writing -------------------------------------------------------------------------
    def _force_cursor(self) -> None:
        if self.col >= self.width:
            self.col = 0
            self.row += 1
        while self.row >= ROWS:
            self.scroll()
            self.row -= 1

    def put_char(self, ch: str) -> None:
        """Draw one printable character at the cursor and advance (wrapping lazily)."""
        self._force_cursor()
        r, c = self.row, self.col
        self.chars[r][c] = ch
        self.pens[r][c] = self.pen_number
        self.papers[r][c] = self.paper_number
        self.col = c + 1

    def newline(self) -> None:
        """CR LF."""
        self.col = 0
        self.row += 1
        if self.row >= ROWS:
            self.scroll()
            self.row = ROWS - 1

    def write(self, text: str) -> None:
        """Send characters to the screen, obeying control codes."""
        for ch in text:
            code = ord(ch)
            if self._pending:
                self._pending.append(code)
                if len(self._pending) - 1 == _CONTROL_PARAMS[self._pending[0]]:
                    self._control(self._pending[0], self._pending[1:])
                    self._pending = []
            elif code >= 32:
                self.put_char(ch)
            elif _CONTROL_PARAMS[code]:
                self._pending = [code]
            else:
                self._control(code, [])

    def _control(self, code: int, args: list[int]) -> None:
        if code == 1:
            self.put_char(chr(args[0]))
        elif code == 4:
            self.set_mode(args[0] % 3)
        elif code == 8:
            self.col -= 1
            if self.col < 0:
                self.col = self.width - 1
                self.row = max(self.row - 1, 0)
        elif code == 9:
            self.col += 1
        elif code == 10:
            self.row += 1
            if self.row >= ROWS:
                self.scroll()
                self.row = ROWS - 1
        elif code == 11:
            self.row = max(self.row - 1, 0)
        elif code == 12:
            self.cls()
        elif code == 13:
            self.col = 0
        elif code == 14:
            self.set_paper(args[0])
        elif code == 15:
            self.set_pen(args[0])
        elif code == 16:
            self._force_cursor()
            self.chars[self.row][self.col] = " "
        elif code == 17:
            self._force_cursor()
            for c in range(0, self.col + 1):
                self.chars[self.row][c] = " "
        elif code == 18:
            self._force_cursor()
            for c in range(self.col, self.width):
                self.chars[self.row][c] = " "
        elif code == 19:
            self._force_cursor()
            for r in range(0, self.row):
                self.chars[r] = [" "] * self.width
            for c in range(0, self.col + 1):
                self.chars[self.row][c] = " "
        elif code == 20:
            self._force_cursor()
            for c in range(self.col, self.width):
                self.chars[self.row][c] = " "
            for r in range(self.row + 1, ROWS):
                self.chars[r] = [" "] * self.width
        elif code == 24:
            self.pen_number, self.paper_number = self.paper_number, self.pen_number
        elif code == 30:
            self.col = self.row = 0
        elif code == 31:
            self.locate(args[0], args[1])
        # 0, 2, 3, 5, 6, 7, 21, 22, 23, 25-29: no visible effect on the text model

    # --- reading ----------------------------------------------------------------------------
    def text_lines(self) -> list[str]:
        return ["".join(row) for row in self.chars]

    def ink_of(self, pen: int) -> int:
        return self.inks[pen][0]

    def to_json(self) -> dict[str, Any]:
        return {
            "mode": self.mode, "col": self.col, "row": self.row,
            "pen": self.pen_number, "paper": self.paper_number,
            "inks": [list(i) for i in self.inks], "border": list(self.border),
            "chars": ["".join(r) for r in self.chars],
            "pens": [list(r) for r in self.pens], "papers": [list(r) for r in self.papers],
            "pending": list(self._pending),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Screen:
        s = cls(mode=data["mode"], width=MODE_WIDTH[data["mode"]], chars=[["x"]])
        s.col, s.row = data["col"], data["row"]
        s.pen_number, s.paper_number = data["pen"], data["paper"]
        s.inks = [list(i) for i in data["inks"]]
        s.border = list(data["border"])
        s.chars = [list(r) for r in data["chars"]]
        s.pens = [list(r) for r in data["pens"]]
        s.papers = [list(r) for r in data["papers"]]
        s._pending = list(data["pending"])
        return s
