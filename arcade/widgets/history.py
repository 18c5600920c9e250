"""The move history: every turn in the standard and the machine's own notation, with its keys.

The panel only shows the rows it is given (the screen builds them from the driver's
``MoveRecord`` list): it knows nothing of Othello or of any machine.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static


@dataclass(frozen=True)
class HistoryRow:
    """One turn as the panel and the exported text show it."""

    number: int
    who: str  # "● you", "○ HP-67"
    standard: str  # "d3", "pass"
    machine: str  # the program's own notation: "6.4", "C3"
    keys: str = ""  # what was pressed on the machine, in its order ("6 . 4 R/S")


class MoveHistory(VerticalScroll):
    """A scrolling list of turns, the last one kept in view."""

    DEFAULT_CSS = """
    MoveHistory { background: $boost; padding: 0 1; scrollbar-size-vertical: 1; }
    MoveHistory #history-title { text-style: bold; }
    MoveHistory #history-rows { width: 1fr; }
    """

    def __init__(self, **kwargs: object) -> None:
        super().__init__(can_focus=False, **kwargs)  # type: ignore[arg-type]
        self.rows: tuple[HistoryRow, ...] = ()
        self.header = ""

    def compose(self) -> ComposeResult:
        yield Static("Moves", id="history-title")
        yield Static(id="history-rows")

    def show(self, rows: list[HistoryRow], header: str = "") -> None:
        """Show ``rows`` (and a first line, such as the keys that started the game)."""
        if tuple(rows) == self.rows and header == self.header:
            return
        self.rows, self.header = tuple(rows), header
        text = Text()
        if header:
            text.append(header + "\n", "italic")
        if not rows:
            text.append("No move yet.", "italic")
        for row in rows:
            text.append(f"{row.number:>2} {row.who:<8}", "bold")
            text.append(f" {row.standard:<4} {row.machine:<6}")
            if row.keys:
                text.append(f"\n     {row.keys}", "dim")
            text.append("\n")
        self.query_one("#history-rows", Static).update(text)
        self.call_after_refresh(self.scroll_end, animate=False)
