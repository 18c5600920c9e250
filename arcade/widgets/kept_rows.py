"""``KeptRows``: a widget drawn a row at a time from strips kept under what each row shows.

Textual's line API, as Toolong's ``LogLines`` uses it: ``render_line(y)`` gives row ``y`` as a
``Strip``; Textual adds the box (border, padding, colours) and keeps each finished row until a
``refresh`` marks it again.  A subclass says what each content row shows (``row_key``) and
how to draw it (``draw_row``); the strips are kept in a ``textual.cache.LRUCache`` under
(what the row shows, width, style), so a row that shows again what it showed before (the
printer tape's lines one row higher, a board square back as it was) is not made again.

``refresh_rows`` repaints only the rows whose key differs from the one last drawn there:
a move that changes four rows of a board sends four rows to the terminal, not seventeen.
What was drawn is noted as Textual asks for each row of a frame (``render_lines``), so a row
repainted some other way (a resize, a new theme: Textual repaints the whole widget) is known as
it was drawn; a row asked for outside a frame (``render_line`` called by a test) is not noted.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import ClassVar

from rich.style import Style
from textual.cache import LRUCache
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

__all__ = ["KeptRows"]

_NOT_DRAWN = object()


class KeptRows(Widget):
    """A widget of rows drawn by ``draw_row`` and kept under ``row_key`` (see the module)."""

    STRIPS_KEPT: ClassVar[int] = 256
    """Strips kept at most (the least recently drawn go first)."""

    def __init__(self, *, name: str | None = None, id: str | None = None, classes: str | None = None,
                 disabled: bool = False) -> None:
        super().__init__(name=name, id=id, classes=classes, disabled=disabled)
        self.kept_strips: LRUCache[Hashable, Strip] = LRUCache(self.STRIPS_KEPT)
        """(row key, width, style) -> the row's strip."""
        self.drawn_keys: dict[int, Hashable] = {}
        """Content row -> the key of what was last drawn there (as Textual asked for it)."""
        self.frame_style: Style | None = None
        """The widget's style while Textual asks for a frame's rows (read once for all of them)."""

    # -- what a subclass gives -------------------------------------------------------------

    def row_key(self, y: int) -> Hashable:
        """What content row ``y`` shows now: two rows with equal keys are drawn alike (same width, style)."""
        raise NotImplementedError

    def draw_row(self, y: int, width: int, base: Style) -> Strip:
        """Content row ``y`` as a strip ``width`` cells wide on ``base`` (the widget's style)."""
        raise NotImplementedError

    # -- Textual's line API ----------------------------------------------------------------

    @property
    def row_style(self) -> Style:
        """The widget's ``rich_style``: read once per frame (Textual walks every ancestor's styles at
        each read, 20-60 us, and a frame of a board asks for up to eighteen rows)."""
        style = self.frame_style
        return self.rich_style if style is None else style

    def render_lines(self, crop: Region) -> list[Strip]:
        if self.frame_style is not None:  # asked from inside a frame's rows: as it is
            return super().render_lines(crop)
        self.frame_style = self.rich_style
        try:
            return super().render_lines(crop)
        finally:
            self.frame_style = None

    def render_line(self, y: int) -> Strip:
        key = self.row_key(y)
        width, base = self.size.width, self.row_style
        kept_as = (key, width, base)
        strip = self.kept_strips.get(kept_as)
        if strip is None:
            strip = self.draw_row(y, width, base)
            self.kept_strips[kept_as] = strip
        if self.frame_style is not None:  # asked by Textual for a frame (``render_lines``): drawn there
            self.drawn_keys[y] = key
        return strip

    # -- repaints ----------------------------------------------------------------------------

    def refresh_rows(self) -> None:
        """Repaint the content rows whose key is not the one last drawn there, each row whole."""
        if not self.is_mounted:
            self.refresh()
            return
        width = self.size.width
        dirty = [Region(0, y, width, 1) for y in range(self.size.height)
                 if self.drawn_keys.get(y, _NOT_DRAWN) != self.row_key(y)]
        if dirty:
            self.refresh(*dirty)

    def forget_rows(self) -> None:
        """Drop every kept strip and repaint the whole widget (each row made afresh)."""
        self.kept_strips.clear()
        self.drawn_keys.clear()
        self.refresh()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self.kept_strips.clear()  # a new theme or stylesheet: the styles each row was made in are gone
