"""The calculator's LED display: shows exactly the text the machine displays."""

from __future__ import annotations

from textual.reactive import reactive
from textual.widgets import Static


class LedDisplay(Static):
    """Red digits on black, right-aligned like the HP-67's 15-position display."""

    DEFAULT_CSS = """
    LedDisplay {
        width: 100%;
        height: 3;
        border: round $foreground 30%;
        background: black;
        color: #ff3b30;
        text-style: bold;
        text-align: right;
        padding: 0 1;
    }
    """

    text: reactive[str] = reactive("")

    def watch_text(self, text: str) -> None:
        self.update(text, layout=False)  # a fixed size whatever it shows: no layout for a new display
