"""The CPC's text screen as a model a widget can render: characters, pen and paper per cell.

MODE 0/1/2 give 20/40/80 columns by 25 rows with 16/4/2 pens.  Each cell remembers the
pen and paper *numbers* it was written with; the ink table maps a pen number to one of
the 27 hardware colours (two colours = flashing; we expose the first).  Characters below
32 sent to the screen are the firmware's control codes (7 beep, 8-11 cursor moves,
12 CLS, 13 CR, 14 n PAPER, 15 n PEN, 24 swap, 30 home, 31 c r LOCATE, ...), with their
parameter bytes, as the text VDU handles them.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

__all__ = ["Screen", "Window", "PALETTE_RGB", "DEFAULT_INKS", "MODE_WIDTH", "MODE_PENS", "ROWS"]

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
class Window:
    """A text stream's window (WINDOW #n): its edges on the screen (0-based, inclusive),
    its cursor relative to its top-left corner, and its own pen and paper."""

    left: int = 0
    right: int = 39
    top: int = 0
    bottom: int = ROWS - 1
    col: int = 0  # may equal the width until the next character wraps
    row: int = 0
    pen: int = 1
    paper: int = 0

    @property
    def width(self) -> int:
        return self.right - self.left + 1

    @property
    def height(self) -> int:
        return self.bottom - self.top + 1


@dataclass
class Screen:
    """25 rows of characters with the pen/paper number each was drawn in, and eight
    text streams (#0-#7), each with its window, cursor, pen and paper.  Output goes to
    the stream selected in ``stream``."""

    mode: int = 1
    inks: list[list[int]] = field(default_factory=lambda: [list(i) for i in DEFAULT_INKS])
    border: list[int] = field(default_factory=lambda: [1, 1])
    chars: list[list[str]] = field(default_factory=list)
    pens: list[list[int]] = field(default_factory=list)
    papers: list[list[int]] = field(default_factory=list)
    windows: list[Window] = field(default_factory=lambda: [Window() for _ in range(8)])
    stream: int = 0
    _pending: list[int] = field(default_factory=list)  # a control code waiting for its parameters

    def __post_init__(self) -> None:
        if not self.chars:
            self.set_mode(self.mode)

    # --- the current stream's window -------------------------------------------------
    @property
    def win(self) -> Window:
        return self.windows[self.stream]

    @property
    def width(self) -> int:
        return self.windows[self.stream].width

    @property
    def screen_width(self) -> int:
        return MODE_WIDTH[self.mode]

    @property
    def col(self) -> int:
        return self.windows[self.stream].col

    @col.setter
    def col(self, value: int) -> None:
        self.windows[self.stream].col = value

    @property
    def row(self) -> int:
        return self.windows[self.stream].row

    @row.setter
    def row(self, value: int) -> None:
        self.windows[self.stream].row = value

    @property
    def pen_number(self) -> int:
        return self.windows[self.stream].pen

    @property
    def paper_number(self) -> int:
        return self.windows[self.stream].paper

    # --- whole-screen operations -------------------------------------------------------
    def set_mode(self, mode: int) -> None:
        """MODE: new geometry, every window back to the whole screen, screen cleared to
        stream 0's paper, cursors home."""
        self.mode = mode
        width = MODE_WIDTH[mode]
        mask = MODE_PENS[mode] - 1
        for w in self.windows:
            w.left, w.right, w.top, w.bottom = 0, width - 1, 0, ROWS - 1
            w.col = w.row = 0
            w.pen &= mask
            w.paper &= mask
        paper = self.windows[0].paper
        pen = self.windows[0].pen
        self.chars = [[" "] * width for _ in range(ROWS)]
        self.pens = [[pen] * width for _ in range(ROWS)]
        self.papers = [[paper] * width for _ in range(ROWS)]

    def set_window(self, stream: int, left: int, right: int, top: int, bottom: int) -> None:
        """WINDOW #s,l,r,t,b (1-based; swapped edges are put in order, and the window is
        clipped to the screen)."""
        width = MODE_WIDTH[self.mode]
        left, right = sorted((left, right))
        top, bottom = sorted((top, bottom))
        w = self.windows[stream]
        w.left = min(max(left, 1), width) - 1
        w.right = min(max(right, 1), width) - 1
        w.top = min(max(top, 1), ROWS) - 1
        w.bottom = min(max(bottom, 1), ROWS) - 1
        w.col = w.row = 0

    def swap_windows(self, a: int, b: int) -> None:
        self.windows[a], self.windows[b] = self.windows[b], self.windows[a]

    def cls(self) -> None:
        """Clear the current window to its paper and home its cursor."""
        w = self.win
        for r in range(w.top, w.bottom + 1):
            for c in range(w.left, w.right + 1):
                self.chars[r][c] = " "
                self.pens[r][c] = w.pen
                self.papers[r][c] = w.paper
        w.col = w.row = 0

    def scroll(self) -> None:
        """The window's bottom line was passed: its contents move up one row."""
        w = self.win
        if w.left == 0 and w.right == self.screen_width - 1:
            width = w.right + 1
            del self.chars[w.top], self.pens[w.top], self.papers[w.top]
            self.chars.insert(w.bottom, [" "] * width)
            self.pens.insert(w.bottom, [w.pen] * width)
            self.papers.insert(w.bottom, [w.paper] * width)
            return
        for r in range(w.top, w.bottom):
            for grid in (self.chars, self.pens, self.papers):
                grid[r][w.left:w.right + 1] = grid[r + 1][w.left:w.right + 1]
        b = w.bottom
        for c in range(w.left, w.right + 1):
            self.chars[b][c] = " "
            self.pens[b][c] = w.pen
            self.papers[b][c] = w.paper

    def set_pen(self, n: int, stream: int | None = None) -> None:
        self.windows[self.stream if stream is None else stream].pen = n & (MODE_PENS[self.mode] - 1)

    def set_paper(self, n: int, stream: int | None = None) -> None:
        self.windows[self.stream if stream is None else stream].paper = n & (MODE_PENS[self.mode] - 1)

    def locate(self, col: int, row: int) -> None:
        """1-based column then row within the window, as LOCATE; out-of-window values are
        forced in at the next character, as the firmware does."""
        self.win.col = max(col - 1, 0)
        self.win.row = max(row - 1, 0)

    # --- writing -------------------------------------------------------------------------
    def _force_cursor(self) -> None:
        w = self.win
        if w.col >= w.width:
            w.col = 0
            w.row += 1
        while w.row >= w.height:
            self.scroll()
            w.row -= 1

    def settle_cursor(self) -> Window:
        """The firmware's cursor validation (POS, VPOS ask for it): a wrap left pending
        by a character in the last column, or a LOCATE outside the window, is carried
        out now, scrolling if needed.  Returns the current stream's window."""
        w = self.win
        if w.col >= w.width or w.row >= w.height:
            self._force_cursor()
        return w

    def put_char(self, ch: str) -> None:
        """Draw one printable character at the cursor and advance (wrapping lazily)."""
        w = self.windows[self.stream]
        if w.col >= w.width or w.row >= w.height:
            self._force_cursor()
        r, c = w.top + w.row, w.left + w.col
        self.chars[r][c] = ch
        self.pens[r][c] = w.pen
        self.papers[r][c] = w.paper
        w.col += 1

    def newline(self) -> None:
        """CR LF."""
        w = self.win
        w.col = 0
        w.row += 1
        if w.row >= w.height:
            self.scroll()
            w.row = w.height - 1

    def backspace(self) -> None:
        """Rub out the character left of the cursor (line editing in INPUT)."""
        w = self.win
        if w.col > 0:
            w.col -= 1
        elif w.row > 0:
            w.row -= 1
            w.col = w.width - 1
        self.chars[w.top + w.row][w.left + w.col] = " "

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

    def _clear_cells(self, cells: list[tuple[int, int]]) -> None:
        w = self.win
        for r, c in cells:
            self.chars[w.top + r][w.left + c] = " "
            self.papers[w.top + r][w.left + c] = w.paper

    def _control(self, code: int, args: list[int]) -> None:
        w = self.win
        if code == 1:
            self.put_char(chr(args[0]))
        elif code == 4:
            self.set_mode(args[0] % 3)
        elif code == 8:
            w.col -= 1
            if w.col < 0:
                w.col = w.width - 1
                w.row = max(w.row - 1, 0)
        elif code == 9:
            w.col += 1
        elif code == 10:
            w.row += 1
            if w.row >= w.height:
                self.scroll()
                w.row = w.height - 1
        elif code == 11:
            w.row = max(w.row - 1, 0)
        elif code == 12:
            self.cls()
        elif code == 13:
            w.col = 0
        elif code == 14:
            self.set_paper(args[0])
        elif code == 15:
            self.set_pen(args[0])
        elif code == 16:
            self._force_cursor()
            self._clear_cells([(w.row, w.col)])
        elif code == 17:
            self._force_cursor()
            self._clear_cells([(w.row, c) for c in range(0, w.col + 1)])
        elif code == 18:
            self._force_cursor()
            self._clear_cells([(w.row, c) for c in range(w.col, w.width)])
        elif code == 19:
            self._force_cursor()
            self._clear_cells([(r, c) for r in range(w.row) for c in range(w.width)]
                              + [(w.row, c) for c in range(0, w.col + 1)])
        elif code == 20:
            self._force_cursor()
            self._clear_cells([(w.row, c) for c in range(w.col, w.width)]
                              + [(r, c) for r in range(w.row + 1, w.height) for c in range(w.width)])
        elif code == 24:
            w.pen, w.paper = w.paper, w.pen
        elif code == 26:
            self.set_window(self.stream, args[0], args[1], args[2], args[3])
        elif code == 30:
            w.col = w.row = 0
        elif code == 31:
            self.locate(args[0], args[1])
        # 0, 2, 3, 5, 6, 7, 21, 22, 23, 25, 27-29: no visible effect on the text model

    # --- reading ----------------------------------------------------------------------------
    def text_lines(self) -> list[str]:
        return ["".join(row) for row in self.chars]

    def ink_of(self, pen: int) -> int:
        return self.inks[pen][0]

    def to_json(self) -> dict[str, Any]:
        return {
            "mode": self.mode,
            "inks": [list(i) for i in self.inks], "border": list(self.border),
            "chars": ["".join(r) for r in self.chars],
            "pens": [list(r) for r in self.pens], "papers": [list(r) for r in self.papers],
            "windows": [asdict(w) for w in self.windows],
            "stream": self.stream,
            "pending": list(self._pending),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Screen:
        s = cls(mode=data["mode"], chars=[["x"]])
        s.inks = [list(i) for i in data["inks"]]
        s.border = list(data["border"])
        s.chars = [list(r) for r in data["chars"]]
        s.pens = [list(r) for r in data["pens"]]
        s.papers = [list(r) for r in data["papers"]]
        s.windows = [Window(**w) for w in data["windows"]]
        s.stream = data["stream"]
        s._pending = list(data["pending"])
        return s
