"""``TitleHeader``: Textual's header, whose title changes without a layout of the screen.

Textual's ``HeaderTitle`` is a ``Static``, and ``Static.update`` lays the screen out again
by default; the title's box is the header's width whatever it says (``width: 100%``, one
row), so a new title or sub-title needs only its own repaint.  The TI-57 games' sub-title
says whose turn it is, and the Othellos' what the machine does: a layout (~4-13 ms of the
loop) at every turn otherwise.  Same look, same clicks (tall header), same title text.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.visual import VisualType
from textual.widgets import Header
from textual.widgets._header import HeaderTitle


class FixedTitle(HeaderTitle):
    """The title row: new text repaints it, never lays out the screen once it has its size."""

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        super().update(content, layout=layout and not self.size)


class TitleHeader(Header):
    """``Header`` with a ``FixedTitle`` (see the module's docstring)."""

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            yield FixedTitle() if type(widget) is HeaderTitle else widget
