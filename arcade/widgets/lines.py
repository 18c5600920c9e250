"""Lines of rich ``Text`` drawn a row at a time: ``LineText``, and ``changed_cells`` between two lines.

A frame costs the event loop for every widget it draws again, and the terminal for every
cell it is sent; a key pressed meanwhile waits for both.  Textual's ``Static`` makes its
content into a ``Content`` on ``update`` and wraps and styles it again on every repaint
(about half a millisecond for the Othellos' two-line status, at every cursor move), and a
repaint sends every cell of the widget.  ``LineText`` shows a ``Text`` (or a string) as a
``Static`` does, but through Textual's line API (``KeptRows``): its lines are wrapped once
per (text, width), each made into a strip once, and an update repaints only the cells that
changed (``changed_cells``), as the board does.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.cache import LRUCache
from textual.geometry import Region
from textual.strip import Strip

from arcade.widgets.kept_rows import KeptRows
from arcade.widgets.plain import visible

WRAPPED_KEPT = 4
"""Texts whose wrapped lines a ``LineText`` keeps (the least recently shown goes first)."""


def _cell_styles(line: Text) -> list[object]:
    """What styles each character of ``line`` (its spans', in order): a list as long as the text."""
    n = len(line.plain)
    styles: list[object] = [None] * n
    reached = 0
    for span in line.spans:
        start, end = max(0, span.start), min(n, span.end)
        if start < reached:  # spans that overlap (rare here): each character's styles in full
            return [tuple(sp.style for sp in line.spans if sp.start <= i < sp.end) for i in range(n)]
        if end > start:
            styles[start:end] = [span.style] * (end - start)
            reached = end
    return styles


def changed_cells(old: Text, new: Text) -> tuple[int, int] | None:
    """The cells ``[first, end)`` between the first and the last that differ between two lines
    (text or style), or None if they are drawn alike.  A line with wide characters is taken as
    changed everywhere (a character is not a cell there)."""
    a, b = old.plain, new.plain
    if a == b and old.spans == new.spans and old.style == new.style:
        return None
    if old.style != new.style or len(a) != old.cell_len or len(b) != new.cell_len:
        return 0, max(old.cell_len, new.cell_len)
    cells_a = list(zip(a, _cell_styles(old)))
    cells_b = list(zip(b, _cell_styles(new)))
    shorter = min(len(cells_a), len(cells_b))
    first = next((i for i in range(shorter) if cells_a[i] != cells_b[i]), shorter)
    if first == shorter and len(cells_a) == len(cells_b):
        return None  # the same cells, the spans cut differently
    last = max(len(cells_a), len(cells_b))
    tail = 0
    while tail < shorter - first and cells_a[len(cells_a) - 1 - tail] == cells_b[len(cells_b) - 1 - tail]:
        tail += 1
    if len(cells_a) == len(cells_b):
        last -= tail
    return first, last


def styled_segments(widget: Any, line: Text, style: Style) -> list[Segment]:
    """One line of ``Text`` as segments on ``style``: each piece of it in ``style`` plus its span's.

    Rich's ``Text.render`` walks a stack of styles through every span boundary (about 150 us
    for a board row of seventeen spans, most of a turn's frame); a line whose spans are
    ``Style`` objects that follow one another without overlapping -- every line the widgets
    here make with ``Text.append`` -- is cut directly, to the same segments.  Any other line
    (a style given by name, spans that overlap or come out of order) is Rich's to walk."""
    plain = line.plain
    n = len(plain)
    out: list[Segment] = []
    add = out.append
    at = 0
    for start, end, span_style in line.spans:
        if start < at or not isinstance(span_style, Style):
            return _rich_segments(widget, line, style)
        end = min(end, n)
        if end <= start:
            continue
        if start > at:
            add(Segment(plain[at:start], style))
        add(Segment(plain[start:end], style + span_style))
        at = end
    if at < n:
        add(Segment(plain[at:], style))
    return out


def _rich_segments(widget: Any, line: Text, style: Style) -> list[Segment]:
    """``styled_segments`` by Rich's own walk (``Text.render``), its empty pieces left out."""
    return [Segment(seg.text, style + seg.style if seg.style else style)
            for seg in line.render(widget.app.console) if seg.text]


def line_strip(widget: Any, line: Text, width: int, base: Style) -> Strip:
    """One line of ``Text`` as a strip ``width`` cells wide on ``base`` (the widget's style)."""
    whole = line.style if isinstance(line.style, Style) else Style.parse(line.style or "none")
    segments = styled_segments(widget, line, base + whole)
    if line.justify == "right" and line.cell_len < width:  # an LED display: its digits at the right
        segments = [Segment(" " * (width - line.cell_len), base), *segments]
    return Strip(segments).adjust_cell_length(width, base).simplify()


class LineText(KeptRows):
    """A ``Text`` (or a string) shown as a ``Static`` shows it, drawn a line at a time (see the module).

    ``update`` repaints only the cells that changed.  A string is plain text (``arcade.widgets.plain``:
    never markup, its control characters shown as escapes) unless the widget was made with
    ``markup=True``: what the game screens say holds names of files and what programs print.
    The text is wrapped at the widget's width as a ``Static`` wraps it (Rich's word wrap)."""

    DEFAULT_CSS = """
    LineText { height: auto; }
    """

    def __init__(self, content: Text | str = "", *, markup: bool = False, name: str | None = None,
                 id: str | None = None, classes: str | None = None, disabled: bool = False) -> None:
        super().__init__(name=name, id=id, classes=classes, disabled=disabled)
        self.parses_markup = markup
        self._content: Text | str = ""
        self._text = Text()
        self._wrapped: LRUCache[tuple[int, int], tuple[Text, list[Text]]] = LRUCache(WRAPPED_KEPT)
        """(width, id of a text) -> the text and its lines at that width (the text kept: its id stays its own)."""
        if content:
            self.update(content)

    def _as_text(self, content: Text | str) -> Text:
        if isinstance(content, Text):
            return content
        if isinstance(content, str):
            return Text.from_markup(content) if self.parses_markup else Text(visible(content, lines=True))
        raise TypeError(f"a LineText shows a Text or a string, not {type(content).__name__}")

    def update(self, content: Text | str = "", *, layout: bool = True, whole: bool = False) -> None:
        """Show ``content``.  ``layout``: its size may change (the screen is laid out again);
        ``whole``: the whole widget is repainted (its box's title changed too): no cells compared."""
        text = self._as_text(content)
        width = self.size.width
        before = self.wrapped_lines(width) if width and self.is_mounted else None
        self._content, self._text = content, text
        if layout or whole or before is None:
            self.refresh(layout=layout)
            return
        after = self.wrapped_lines(width)
        dirty = []
        for y, (old, new) in enumerate(zip(before, after)):
            cells = changed_cells(old, new)
            if old.justify != new.justify or (cells is not None and "right" in (old.justify, new.justify)):
                cells = (0, width)  # counted from the right: the cells of the two lines do not line up
            if cells is not None:
                dirty.append(Region(cells[0], y, min(cells[1], width) - cells[0], 1))
        for y in range(min(len(before), len(after)), min(max(len(before), len(after)), self.size.height)):
            dirty.append(Region(0, y, width, 1))  # a line that came or went: its whole row
        dirty = [region for region in dirty if region.width > 0]
        if dirty:
            self.refresh(*dirty)

    @property
    def content(self) -> Text | str:
        """What was last given to show (setting it repaints what changed, never lays out)."""
        return self._content

    @content.setter
    def content(self, content: Text | str) -> None:
        shown = self._content
        if type(content) is type(shown) and content == shown and getattr(content, "style", None) == getattr(shown, "style", None):
            return  # shown already (as a reactive would skip it; Rich's ``Text ==`` leaves the style out)
        self.update(content, layout=False)

    def wrapped_lines(self, width: int) -> list[Text]:
        """The text's lines at ``width`` cells (wrapped where longer)."""
        text = self._text
        kept = self._wrapped.get((width, id(text)))
        if kept is not None and kept[0] is text:
            return kept[1]
        out: list[Text] = []
        for line in text.split("\n", allow_blank=True):
            if width > 0 and line.cell_len > width:
                out.extend(line.wrap(self.app.console, width))
            else:
                out.append(line)
        self._wrapped[(width, id(text))] = (text, out)  # the last few texts: a panel shown and hidden (i)
        return out

    def render(self) -> Text:
        """The whole text (Textual measures an ``auto`` size by it; the rows are ``render_line``'s)."""
        return self._text

    def row_key(self, y: int) -> Hashable:
        lines = self.wrapped_lines(self.size.width)
        if not 0 <= y < len(lines):
            return None
        line = lines[y]
        return (line.plain, tuple(line.spans), str(line.style), line.justify)

    def draw_row(self, y: int, width: int, base: Style) -> Strip:
        lines = self.wrapped_lines(width)
        if not 0 <= y < len(lines):
            return Strip.blank(width, base)
        return line_strip(self, lines[y], width, base)
