"""An HP-97 style printer tape: keys on the right, displayed numbers with ``***``.

The tape only prints the lines it is given, so a purist can replay a game on a real
machine from it: it never decides what the keys were.  Like paper coming out of the
printer it shows the newest lines at the bottom; the whole roll stays in ``printed``
(and the move history, H, lists every key too).  It draws the lines that fit its
fixed size, so printing never asks for a new layout of the screen.
"""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget


class PrinterTape(Widget):
    """A paper roll, newest line at the bottom."""

    DEFAULT_CSS = """
    PrinterTape {
        background: #f2efe4;
        color: #202020;
        padding: 0 1;
        height: 1fr;
    }
    """

    WIDTH = 22
    can_focus = False

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.printed: list[str] = []
        self._styles: list[str] = []

    def _print(self, line: str, style: str = "") -> None:
        self.printed.append(line)
        self._styles.append(style)
        self.refresh()  # a repaint; the size is the CSS's

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
        self.refresh()

    def render(self) -> Text:
        rows = max(1, self.content_region.height or 1)
        out = Text(no_wrap=True, overflow="crop", end="")
        tail = list(zip(self.printed, self._styles))[-rows:]
        for n, (line, style) in enumerate(tail):
            out.append(line, style)
            if n < len(tail) - 1:
                out.append("\n")
        return out
