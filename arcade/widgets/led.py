"""The calculators' LED display: red digits on black, right-aligned, in a rounded frame.

``LED_LOOK`` is the look itself, once: ``LedDisplay`` (the HP-67's, text as the machine
shows it) and ``TI57Display`` (``arcade/widgets/ti57.py``: the TI-57's, with its Pause and
flashing states) both draw with it.
"""

from __future__ import annotations

from textual.reactive import reactive
from textual.widgets import Static


LED_LOOK = """
        width: 100%;
        height: 3;
        border: round $foreground 30%;
        background: black;
        color: #ff3b30;
        text-style: bold;
        text-align: right;
        padding: 0 1;
"""
"""The LED's CSS declarations (a widget's rule wraps them in its own selector)."""


class LedDisplay(Static):
    """Red digits on black, right-aligned like the HP-67's 15-position display."""

    DEFAULT_CSS = f"LedDisplay {{{LED_LOOK}}}"

    text: reactive[str] = reactive("")

    def watch_text(self, text: str) -> None:
        self.update(text, layout=False)  # a fixed size whatever it shows: no layout for a new display
