"""Lines of rich ``Text`` drawn a row at a time: ``LineText``, and ``changed_cells`` between two lines.

A frame costs the event loop for every widget it draws again, and the terminal for every
cell it is sent; a key pressed meanwhile waits for both.  Textual's ``Static`` makes its
content into a ``Content`` on ``update`` and wraps and styles it again on every repaint
(about half a millisecond for the Othellos' two-line status, at every cursor move), and a
repaint sends every cell of the widget.  ``LineText`` is a ``Static`` of a size its CSS
fixes whose lines are wrapped once per (text, width) and made into strips once per line;
an update repaints only the cells that changed (``changed_cells``), as the board does.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, Callable

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.geometry import Region
from textual.strip import Strip
from textual.widgets import Static

from arcade.widgets.plain import visible

WRAPPED_KEPT = 4
"""Texts whose wrapped lines a ``LineText`` keeps (the oldest goes first)."""
KEPT_STRIPS = 64
"""Strips a ``LineText`` keeps (old ones are dropped all at once; the shown ones come back)."""


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


class RowStyle:
    """A mixin, before ``Widget`` in the bases: ``row_style`` is the widget's ``rich_style``, read
    once for all the rows one ``render_lines`` asks for.

    Textual's ``rich_style`` walks the styles of every ancestor at each read (20-60 us); the
    widgets that draw their own rows read it for each row of each frame, eight times in a turn's
    end frame of the board alone."""

    _row_style: Style | None = None

    def render_lines(self, crop: Region) -> list[Strip]:
        return self.with_row_style(super().render_lines, crop)  # type: ignore[misc]

    def with_row_style(self, draw: Callable[[Region], list[Strip]], crop: Region) -> list[Strip]:
        """``draw(crop)`` with ``row_style`` read once for it (inside an outer one: as it is)."""
        if self._row_style is not None:  # inside an outer render_lines (KeptRows asks row by row)
            return draw(crop)
        self._row_style = self.rich_style  # type: ignore[attr-defined]
        try:
            return draw(crop)
        finally:
            self._row_style = None

    @property
    def row_style(self) -> Style:
        """The widget's ``rich_style`` (the one read for this frame's rows, inside ``render_lines``)."""
        style = self._row_style
        return self.rich_style if style is None else style  # type: ignore[attr-defined]


KEPT_ROWS = 256
"""Rows a ``KeepsRows`` widget keeps at most (old ones go all at once; the visible ones come back)."""


class KeepsRows(RowStyle):
    """A mixin, before ``Widget`` in the bases: rows kept whole, under what each shows, across repaints.

    Textual repaints a widget by making every row again: its ``render_line`` (or its ``render``),
    then border, padding, colours and filters in the styles cache (traced: about 65 us a row
    of a boxed widget, the twenty rows of the TI-57's key log 1.3 ms of a frame at every ``i``).
    A subclass says what each content row shows (``row_key(y)``, ``y`` as ``render_line``'s); a
    row whose key was drawn before, with the same size and look, is taken as it was, and only
    the others go through Textual's own path.  A border's rows are keyed by their title.

    Textual asks a widget for all its rows whenever anything in the box of a frame's changes
    overlaps the widget's clip (for a top-level panel: every frame, a cursor moved elsewhere
    too); a widget not refreshed since gives back the rows it gave last time."""

    _version = 0  # refreshes so far: rows given for the same version, crop and size are the same
    _last: tuple[object, list[Strip]] | None = None
    _kept: dict[Hashable, Strip] | None = None
    _kept_look: tuple[object, ...] = ()
    _painted: list[Hashable] | None = None
    """Each content row's key when ``refresh_rows`` last asked for a repaint (None: not known).
    A row whose key has changed since is drawn again at the next frame or is waiting for it."""
    _painting = False

    def row_key(self, y: int) -> Hashable:
        """What content row ``y`` shows, whatever row it is on: two rows with one key are drawn alike."""
        raise NotImplementedError

    def keeps_rows(self) -> bool:
        """Whether rows are kept now (False: every row is made as Textual makes it)."""
        return True

    def notify_style_update(self) -> None:
        super().notify_style_update()  # type: ignore[misc]
        self._kept = self._painted = None  # the theme or the stylesheet changed
        self._version += 1

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False) -> Any:
        self._version += 1
        if not self._painting:
            self._painted = None  # repainted some other way: what each row shows is not known
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)  # type: ignore[misc]

    def refresh_rows(self) -> None:
        """Repaint only the content rows whose key changed since the last ``refresh_rows``, each
        across the whole widget; all of them after any other refresh (what they show is not known).

        Textual writes every row of a refreshed widget to the terminal, the rows that did not
        change too: a TI-57 turn's end sent the board's seventeen rows for the four squares a
        move and its answer changed (about 4.5 KB), and a key pressed meanwhile waits for the
        terminal to take them."""
        painted = self._painted
        if not self.is_mounted:  # type: ignore[attr-defined]
            self.refresh()
            return
        keys = [self.row_key(y) for y in range(self.content_size.height)]  # type: ignore[attr-defined]
        self._painting = True
        try:
            if painted is None or len(painted) != len(keys):
                self.refresh()
            else:
                left = self.content_offset.x  # type: ignore[attr-defined]
                width = self.outer_size.width  # type: ignore[attr-defined]
                dirty = [Region(-left, y, width, 1) for y, (old, new) in enumerate(zip(painted, keys)) if old != new]
                if dirty:
                    self.refresh(*dirty)
        finally:
            self._painting = False
        self._painted = keys

    def render_lines(self, crop: Region) -> list[Strip]:
        if not self.keeps_rows():
            self._last = None
            return super().render_lines(crop)
        asked = (self._version, crop, self.size)  # type: ignore[attr-defined]
        if self._last is not None and self._last[0] == asked:
            return self._last[1]
        out = self.with_row_style(self._render_kept_lines, crop)  # the style read once for every row
        self._last = (asked, out)
        return out

    def _render_kept_lines(self, crop: Region) -> list[Strip]:
        styles = self.styles  # type: ignore[attr-defined]
        if any(edge[0] for edge in styles.outline):
            return super().render_lines(crop)  # type: ignore[misc]  # drawn over the rows: as Textual does
        look = (self.size, crop.x, crop.width, self.row_style, self.background_colors,  # type: ignore[attr-defined]
                styles.padding, styles.border, self.app.ansi_theme, self.opacity)  # type: ignore[attr-defined]
        kept = self._kept
        if kept is None or look != self._kept_look or len(kept) > KEPT_ROWS:
            self._kept_look = look
            kept = self._kept = {}
        top = styles.gutter.top
        height = self.content_size.height  # type: ignore[attr-defined]
        keys: list[Hashable] = []
        out: list[Strip | None] = []
        for y in range(crop.y, crop.bottom):
            if top <= y < top + height:
                key: Hashable = ("row", self.row_key(y - top))
            else:  # a border's or padding's row
                key = ("edge", y if y < top else y - top - height - 1, self.border_title, self.border_subtitle)  # type: ignore[attr-defined]
            keys.append(key)
            out.append(kept.get(key))
        # the rows not kept, made by Textual a run of rows at a time: each call sets up the border,
        # padding and colours again (~40 us), and a row made alone paid it every time
        y = 0
        while y < len(out):
            if out[y] is not None:
                y += 1
                continue
            end = y
            while end < len(out) and out[end] is None:
                end += 1
            run = Region(crop.x, crop.y + y, crop.width, end - y)
            # made afresh: Textual's styles cache keeps each row's last strip until a refresh marks it,
            # and a row asked before its repaint (a machine's panel, drawn a frame later) would get
            # the strip of what the row showed before, kept from then on under its new key
            self._styles_cache.set_dirty(run)  # type: ignore[attr-defined]
            made = super().render_lines(run)  # type: ignore[misc]
            for i, strip in enumerate(made):
                out[y + i] = kept[keys[y + i]] = strip
            y = end
        return out  # type: ignore[return-value]  # every row made or kept


class LineText(KeepsRows, Static):
    """A ``Static`` whose size its CSS fixes, drawing its lines itself (see the module).

    ``update`` takes a ``Text`` or a string and repaints only the cells that changed; anything
    else is shown as a ``Static`` shows it.  A string is plain text (``arcade.widgets.plain``:
    never markup, its control characters shown as escapes) unless the widget was made with
    ``markup=True``: what the game screens say holds names of files and what programs print.
    The text is wrapped at the widget's width as a ``Static`` wraps it (Rich's word wrap)."""

    _draws_lines = True
    """False for a subclass with a ``render()`` of its own (it draws ``content`` its own way)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "render" in cls.__dict__:
            cls._draws_lines = False

    def __init__(self, content: Any = "", **kwargs: Any) -> None:
        kwargs.setdefault("markup", False)
        super().__init__("", **kwargs)
        self._text: Text | None = None
        self._wrapped: dict[tuple[int, int], tuple[Text, list[Text]]] = {}  # (width, id of a text) -> it, its lines
        self._strips: dict[Hashable, Strip] = {}
        if content:
            self.update(content)

    def _as_text(self, content: Any) -> Text | None:
        if isinstance(content, Text):
            return content
        if isinstance(content, str):
            return Text.from_markup(content) if self._render_markup else Text(visible(content, lines=True))
        return None

    def update(self, content: Any = "", *, layout: bool = True, whole: bool = False) -> None:
        """``whole``: the whole widget is repainted (its box's title changed too): no cells compared."""
        text = self._as_text(content) if self._draws_lines else None
        if text is None:  # a renderable, or a subclass's render(): Static's own way
            self._text = None
            super().update(content, layout=layout)
            return
        width = self.size.width
        before = self.wrapped_lines(width) if self._text is not None and width and self.is_mounted else None
        self._Static__content = content  # type: ignore[attr-defined]  # what ``.content`` gives back
        self._Static__visual = None  # type: ignore[attr-defined]  # made only if someone asks for it
        self._text = text
        if layout or whole or before is None:
            self.refresh(layout=layout)
            return
        after = self.wrapped_lines(width)
        dirty = []
        for y, (old, new) in enumerate(zip(before, after)):
            cells = changed_cells(old, new)
            if cells is not None and "right" in (old.justify, new.justify):
                cells = (0, width)  # counted from the right: the cells of the two lines do not line up
            if cells is not None:
                dirty.append(Region(cells[0], y, min(cells[1], width) - cells[0], 1))
        for y in range(min(len(before), len(after)), min(max(len(before), len(after)), self.content_size.height)):
            dirty.append(Region(0, y, width, 1))  # a line that came or went: its whole row
        dirty = [region for region in dirty if region.width > 0]
        if dirty:
            self.refresh(*dirty)

    def wrapped_lines(self, width: int) -> list[Text]:
        """The text's lines at ``width`` cells (wrapped where longer)."""
        text = self._text
        kept = self._wrapped.get((width, id(text)))
        if kept is not None and kept[0] is text:
            return kept[1]
        out: list[Text] = []
        if text is not None:
            for line in text.split("\n", allow_blank=True):
                if width > 0 and line.cell_len > width:
                    out.extend(line.wrap(self.app.console, width))
                else:
                    out.append(line)
        if text is not None:  # the last few texts: a panel shown and hidden (i) goes back and forth
            if len(self._wrapped) >= WRAPPED_KEPT:
                del self._wrapped[next(iter(self._wrapped))]
            self._wrapped[(width, id(text))] = (text, out)
        return out

    @property  # type: ignore[override]
    def content(self) -> Any:
        """What was last given to show (``Static``'s property; setting it repaints what changed)."""
        return self._Static__content  # type: ignore[attr-defined]

    @content.setter
    def content(self, content: Any) -> None:
        shown = self.content
        if type(content) is type(shown) and content == shown and getattr(content, "style", None) == getattr(shown, "style", None):
            return  # shown already (as a reactive would skip it; Rich's ``Text ==`` leaves the style out)
        self.update(content, layout=False)

    def keeps_rows(self) -> bool:
        return self._text is not None  # a renderable, or a subclass's render(): Textual's way

    def row_key(self, y: int) -> Hashable:
        lines = self.wrapped_lines(self.size.width)
        if not 0 <= y < len(lines):
            return None
        line = lines[y]
        return (line.plain, tuple(line.spans), str(line.style))

    def render_line(self, y: int) -> Strip:
        if self._text is None:
            return super().render_line(y)
        self._dirty_regions.clear()  # Static's own content is never made: nothing of it to redo
        width = self.size.width
        base = self.row_style
        lines = self.wrapped_lines(width)
        if not 0 <= y < len(lines):
            return Strip.blank(width, base)
        line = lines[y]
        key = (line.plain, tuple(line.spans), str(line.style), width, base)
        strip = self._strips.get(key)
        if strip is None:
            if len(self._strips) > KEPT_STRIPS:
                self._strips.clear()
            strip = self._strips[key] = line_strip(self, line, width, base)
        return strip
