"""An HP-97 style printer tape: keys on the right, displayed numbers with ``***``.

The tape only prints the lines it is given, so a purist can replay a game on a real
machine from it: it never decides what the keys were.  Like paper coming out of the
printer it shows the newest lines at the bottom; the whole roll stays in ``printed``
(and the move history, H, lists every key too).  It draws the lines that fit its
fixed size, so printing never asks for a new layout of the screen, and it draws them
line by line (Textual's line API) from strips made once per printed line: a turn's
end shifts every line up, and redrawing the roll through ``Text`` each time was the
dearest part of that frame while the machine's reply was already running.  Each row's
strip is kept under its text (``KeptRows``): a turn's end that shifts the roll only
makes the strips of the new lines; the others were already made, one row higher.
"""

from __future__ import annotations

from collections.abc import Hashable

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.strip import Strip

from arcade.widgets.kept_rows import KeptRows


class PrinterTape(KeptRows):
    """A paper roll, newest line at the bottom."""

    DEFAULT_CSS = """
    PrinterTape {
        background: #f2efe4;
        color: #202020;
        padding: 0 1;
        height: 1fr;
        border-top: solid #8a8574;
        border-title-color: #202020;
        border-title-align: left;
    }
    """
    TITLE = "printer tape (HP-97)"
    """Its title over the paper: without it, in a terminal that draws no background, the tape's first
    lines read as more of the status lines above it."""

    WIDTH = 22
    can_focus = False

    def __init__(self, *, name: str | None = None, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.border_title = self.TITLE
        self.printed: list[str] = []
        self._styles: list[str] = []

    def _print(self, line: str, style: str = "") -> None:
        self.printed.append(line)
        self._styles.append(style)
        if len(self.printed) > self.size.height:
            self.refresh()  # the roll moves up a row: every row shows another line (the size is the CSS's)
        else:
            self.refresh_rows()  # a blank row printed on

    def key(self, key: str) -> None:
        """A key pressed, printed as the HP-97 does in TRACE mode: right-aligned."""
        self._print(f"{key:>{self.WIDTH}}")

    def entry(self, number: str, key: str) -> None:
        """A number keyed in, then the key that uses it, on one line as the HP-97 prints them."""
        self._print(f"{number:>{self.WIDTH - 6}} {key:>5}")

    def shown(self, display: str) -> None:
        """A number the machine displayed (stopped with), printed with ``***``."""
        self._print(f"{display:>{self.WIDTH - 4}} ***", "bold")

    def note(self, text: str) -> None:
        """A line of our own (who moved), set apart from what the machine printed."""
        self._print(f"-- {text}"[: self.WIDTH + 2], "italic")

    def reset(self) -> None:
        self.printed.clear()
        self._styles.clear()
        self.refresh_rows()

    def row_key(self, y: int) -> Hashable:
        """What row ``y`` shows: its printed line and style, or a blank's place."""
        rows = max(1, self.size.height)
        tail = len(self.printed) - min(rows, len(self.printed))
        index = tail + y
        if not 0 <= y < rows or index >= len(self.printed):
            return (None, "")  # paper not printed yet
        return (self.printed[index], self._styles[index])

    def draw_row(self, y: int, width: int, base: Style) -> Strip:
        """Row ``y`` of the roll's visible tail (the newest line at the bottom, as ``render`` draws it)."""
        line, style = self.row_key(y)
        if line is None:
            return Strip.blank(width, base)
        look = base + Style.parse(style) if style else base
        return Strip([Segment(line[:width], look)]).adjust_cell_length(width, base)

    def render(self) -> Text:
        rows = max(1, self.content_region.height or 1)
        out = Text(no_wrap=True, overflow="crop", end="")
        tail = list(zip(self.printed, self._styles))[-rows:]
        for n, (line, style) in enumerate(tail):
            out.append(line, style)
            if n < len(tail) - 1:
                out.append("\n")
        return out
