"""``TitleHeader``: Textual's header, whose title changes without a layout of the screen.

``Header`` updates its title row, on every new title or sub-title, in a way that lays the
screen out again; the title's box is the header's width whatever it says (``width: 100%``,
one row), so a new title or sub-title needs only its own repaint.  The TI-57 games' sub-title
says whose turn it is, and the Othellos' what the machine does: a layout (~4-13 ms of the
loop) at every turn otherwise.  Same look, same clicks (tall header), same title text.  The
title row that repaints alone reaches past Textual's public API:
``arcade/runtime/textual_compat.py`` (``fixed_header_title``).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Header

from arcade.runtime.textual_compat import fixed_header_title


class TitleHeader(Header):
    """``Header`` whose title row repaints alone (see the module's docstring)."""

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            yield fixed_header_title(widget)
