"""``TailLog``: the newest lines of a growing list, drawn in a fixed size: writing never asks for a layout.

Textual's ``RichLog`` grows its virtual size with every line written, and the virtual size is
a layout reactive: every write laid the whole screen out again and repainted every widget on it
(the match screen at instant speed spent most of its share of a core so).  Here the widget's
size is the CSS's; its rows are drawn with the line API (``render_line``) from strips kept in an
``LRUCache``, the newest line at the bottom.  The mouse wheel scrolls back through the lines
kept, and down again to follow the newest.
"""

from __future__ import annotations

from typing import Iterable

from rich.style import Style
from rich.text import Text
from textual import events
from textual.cache import LRUCache
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget


class TailLog(Widget):
    """A list of lines, the newest at the bottom of a fixed size."""

    DEFAULT_CSS = """
    TailLog { height: 1fr; }
    """
    can_focus = False

    def __init__(self, *, max_lines: int = 2000, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.lines: list[Text] = []
        self.max_lines = max_lines
        self._dropped = 0  # lines dropped from the front so far: a line's number is its index plus this
        self._back = 0  # lines scrolled back from the newest (0: the newest in view)
        self._strips: LRUCache[tuple[int, int, Style], Strip] = LRUCache(256)
        self._style: Style | None = None  # the widget's style, read once by ``render_lines``

    def write_lines(self, lines: Iterable[Text]) -> None:
        """Add ``lines`` at the bottom (a view scrolled back stays on the lines it shows)."""
        new = list(lines)
        if not new:
            return
        self.lines.extend(new)
        if self._back:
            self._back += len(new)
        excess = len(self.lines) - self.max_lines
        if excess > 0:
            del self.lines[:excess]
            self._dropped += excess
        self._back = min(self._back, self._most_back())
        self.refresh()

    def clear(self) -> None:
        self._dropped += len(self.lines)
        self.lines.clear()
        self._back = 0
        self.refresh()

    def _most_back(self) -> int:
        return max(0, len(self.lines) - self.size.height)

    def _top(self) -> int:
        """The index of the line on the first row."""
        return max(0, len(self.lines) - self.size.height - self._back)

    def render_lines(self, crop: Region) -> list[Strip]:
        self._style = self.rich_style  # read once for the rows of a frame: Textual walks every ancestor's styles
        try:
            return super().render_lines(crop)
        finally:
            self._style = None

    def render_line(self, y: int) -> Strip:
        width, style = self.size.width, self._style or self.rich_style
        index = self._top() + y
        if index >= len(self.lines):
            return Strip.blank(width, style)
        key = (self._dropped + index, width, style)
        strip = self._strips.get(key)
        if strip is None:
            segments = list(self.lines[index].render(self.app.console, end=""))
            strip = Strip(segments).apply_style(style).crop_extend(0, width, style).simplify()
            self._strips[key] = strip
        return strip

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        event.stop()
        back = min(self._back + 1, self._most_back())
        if back != self._back:
            self._back = back
            self.refresh()

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        event.stop()
        if self._back:
            self._back -= 1
            self.refresh()
