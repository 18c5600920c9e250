"""An HP-97 style printer tape: keys on the right, displayed numbers with ``***``.

The tape only prints the lines it is given, so a purist can replay a game on a real
machine from it: it never decides what the keys were.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import RichLog


class PrinterTape(RichLog):
    """A scrolling paper roll."""

    DEFAULT_CSS = """
    PrinterTape {
        background: #f2efe4;
        color: #202020;
        border: none;
        padding: 0 1;
        scrollbar-size-vertical: 1;
    }
    """

    WIDTH = 22

    def __init__(self, **kwargs: object) -> None:
        super().__init__(wrap=False, markup=False, auto_scroll=True, max_lines=5000, **kwargs)  # type: ignore[arg-type]
        self.can_focus = False
        self.printed: list[str] = []

    def _print(self, line: str, style: str = "") -> None:
        self.printed.append(line)
        self.write(Text(line, style=style))

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
        self.clear()
