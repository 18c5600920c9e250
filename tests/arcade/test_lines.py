"""``arcade/widgets/lines.py`` and ``kept_rows.py``: what changed between two lines, ``LineText`` drawing
only that, and ``KeptRows`` repainting only the rows whose key changed, each row's strip made once."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from rich.style import Style
from rich.text import Text
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

from arcade.widgets.kept_rows import KeptRows
from arcade.widgets.lines import LineText, changed_cells
from tests.arcade.helpers import handled, wait_until


def rows_of(widget: Widget) -> list[str]:
    """The widget's rows as Textual draws them (its box too), one string each."""
    return [strip.text for strip in widget.render_lines(widget.outer_size.region)]


class NotedText(LineText):
    """A ``LineText`` noting the regions of every repaint asked of it (an empty tuple: all of it) and
    the rows it makes."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.asked: list[tuple[Region, ...]] = []
        self.made: list[int] = []

    def refresh(self, *regions: Region, **kwargs: Any) -> Any:
        if hasattr(self, "asked") and kwargs.get("repaint", True):
            self.asked.append(regions)
        return super().refresh(*regions, **kwargs)

    def draw_row(self, y: int, width: int, base: Style) -> Strip:
        self.made.append(y)
        return super().draw_row(y, width, base)


def test_changed_cells_spans_the_first_to_the_last_cell_that_differs() -> None:
    assert changed_cells(Text("score 2  cursor e4"), Text("score 2  cursor e4")) is None
    assert changed_cells(Text("score 2  cursor e4"), Text("score 2  cursor f4")) == (16, 17)
    assert changed_cells(Text("ab"), Text("abcd")) == (2, 4)  # a longer line: its new cells
    assert changed_cells(Text("abcd"), Text("ab")) == (2, 4)  # a shorter one: the cells it leaves blank
    styled = Text("a b c")
    restyled = Text("a b c")
    restyled.stylize("bold", 2, 3)
    assert changed_cells(styled, restyled) == (2, 3)  # the same text, one cell in another style
    assert changed_cells(Text("a b c", style="dim"), Text("a b c")) == (0, 5)  # the whole line's style
    assert changed_cells(Text("日本"), Text("日木")) == (0, 4)  # wide characters: the whole line


class Shown(App[None]):
    CSS = "LineText { width: 20; height: 3; }"

    def compose(self) -> ComposeResult:
        yield NotedText(id="plain", markup=False)


async def test_a_line_text_shows_its_lines_wrapped_and_repaints_only_what_changed() -> None:
    app = Shown()
    async with app.run_test(size=(40, 6)) as pilot:
        widget = app.query_one(NotedText)
        widget.update(Text("score 2  cursor e4\nyour move"), layout=False)
        await wait_until(pilot, lambda: "cursor e4" in "".join(rows_of(widget)), what="the first text")
        assert [row.rstrip() for row in rows_of(widget)] == ["score 2  cursor e4", "your move", ""]
        widget.asked.clear()
        widget.made.clear()
        widget.update(Text("score 2  cursor f4\nyour move"), layout=False)
        assert widget.asked == [(Region(16, 0, 1, 1),)]
        assert rows_of(widget)[0].rstrip() == "score 2  cursor f4" and widget.made == [0]  # that row alone made again
        widget.update("[b]not markup[/b] and a line too long for twenty cells", layout=False)
        lines = rows_of(widget)
        assert lines[0].startswith("[b]not markup[/b]") and all(len(line) <= 20 for line in lines)
        assert widget.content == "[b]not markup[/b] and a line too long for twenty cells"
        widget.content = "set as content"
        assert rows_of(widget)[0].rstrip() == "set as content"
        widget.asked.clear()
        widget.content = "set as content"  # the same again: nothing to repaint
        widget.update(Text("a\tb\x1b[31m"), layout=False)
        assert rows_of(widget)[0].rstrip() == "a\tb\x1b[31m"  # a Text is shown as it is
        widget.update("a\x1b[31m", layout=False)
        assert "\x1b" not in rows_of(widget)[0]  # a string's control characters as escapes


from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_pieces = st.lists(st.tuples(st.text(alphabet="ab c", min_size=1, max_size=4),
                             st.sampled_from(["", "bold", "dim", "reverse"])), max_size=6)


def _line(pieces: list[tuple[str, str]]) -> Text:
    line = Text()
    for text, style in pieces:
        line.append(text, style)
    return line


def _cells(line: Text) -> list[tuple[str, frozenset[str]]]:
    """Each cell's character and the styles over it, the slow and obvious way."""
    return [(ch, frozenset(str(s.style) for s in line.spans if s.start <= i < s.end and str(s.style)))
            for i, ch in enumerate(line.plain)]


@given(_pieces, _pieces)
def test_changed_cells_covers_every_cell_that_differs_and_no_more_at_its_ends(old_pieces, new_pieces) -> None:  # noqa: ANN001
    old, new = _line(old_pieces), _line(new_pieces)
    a, b = _cells(old), _cells(new)
    width = max(len(a), len(b))
    blank = ("", frozenset())
    a += [blank] * (width - len(a))
    b += [blank] * (width - len(b))
    differ = [i for i in range(width) if a[i] != b[i]]
    span = changed_cells(old, new)
    if not differ:
        assert span is None or all(a[i] == b[i] for i in range(*span))
        return
    assert span is not None and span[0] <= differ[0] and differ[-1] < span[1]
    assert span[0] == differ[0]  # it starts at the first change


def test_a_message_fitted_to_its_area_wraps_as_a_fresh_console_would() -> None:
    """``fitted`` (the Othellos' message areas) skips the wrapping of a line that fits and makes a
    console once per width: the same text as wrapping it with a new console every time."""
    import random

    from rich.console import Console

    from arcade.screens.othello.screen import fitted

    def reference(text: str, width: int, height: int) -> str:
        content = Text(text)
        if width <= 0 or height <= 0:
            return content.plain
        lines = content.wrap(Console(width=width, legacy_windows=False), width)
        if len(lines) <= height:
            return content.plain
        more = " ... (L: all of it)"
        kept = list(lines)[:height]
        kept[-1].truncate(max(0, width - len(more)))
        kept[-1].append(more, "bold")
        return Text("\n").join(kept).plain

    rng = random.Random(27)
    words = ["You", "play", "d3.", "The", "HP-67", "plays", "日本", "c5", "", "Stopped:", "a-very-long-word-indeed"]
    for _ in range(400):
        text = " ".join(rng.choice(words) for _ in range(rng.randrange(0, 14)))
        if rng.random() < 0.1:
            text += "\n" + text
        width, height = rng.randrange(0, 40), rng.randrange(0, 4)
        assert fitted(text, width, height).plain == reference(text, width, height), (text, width, height)


async def test_a_line_text_going_back_and_forth_between_texts_shows_each_as_it_is() -> None:
    """The wrapped lines of the last few texts are kept (a panel shown and hidden with ``i``): each
    time, what shows is the text given, whatever was kept."""
    app = Shown()
    async with app.run_test(size=(40, 6)) as pilot:
        widget = app.query_one(NotedText)
        panel, other = Text("R0 12\nR1 34"), Text("R0 56\nR1 78")
        for text, expected in [(panel, "R1 34"), ("", ""), (panel, "R1 34"), (other, "R1 78"), ("", ""),
                               (panel, "R1 34"), (other, "R1 78")] * 2:
            widget.content = text
            await handled(pilot)  # the next frame drawn
            assert rows_of(widget)[1].rstrip() == expected, expected


_styled_pieces = st.lists(st.tuples(st.text(alphabet="ab ●│", min_size=0, max_size=4),
                                    st.sampled_from([None, Style(bold=True), Style(color="red"),
                                                     Style(bgcolor="#1d5e3b", underline=True), "dim"])),
                          max_size=8)


@given(_styled_pieces, st.lists(st.tuples(st.integers(0, 12), st.integers(0, 12)), max_size=2),
       st.sampled_from([Style(), Style(bgcolor="blue"), Style(color="white", reverse=True)]))
def test_styled_segments_cut_a_line_as_rich_s_own_walk_does(pieces, overlaps, base) -> None:  # noqa: ANN001
    """The direct cut (spans that follow one another) and Rich's walk (any other line) give the same
    segments, so a board row, a status line and the CPC's rows are drawn as before, only sooner."""
    from types import SimpleNamespace

    from rich.console import Console
    from rich.segment import Segment

    from arcade.widgets.lines import styled_segments

    line = Text()
    for text, style in pieces:
        line.append(text, style)
    for start, end in overlaps:  # spans over others: not the direct cut's to handle
        line.stylize(Style(italic=True), start, end)
    console = Console(width=80, legacy_windows=False)
    widget = SimpleNamespace(app=SimpleNamespace(console=console))
    reference = [Segment(seg.text, base + seg.style if seg.style else base)
                 for seg in line.render(console) if seg.text]
    assert styled_segments(widget, line, base) == reference
    assert "".join(seg.text for seg in reference) == line.plain


class Boxed(App[None]):
    CSS = "LineText { width: 24; height: 8; border: round white; }"

    def compose(self) -> ComposeResult:
        yield NotedText(id="boxed", markup=False)


async def test_a_boxed_text_repaints_the_rows_that_changed_and_reads_as_one_made_afresh() -> None:
    """A box whose lines changed: only those rows are made again (the border's rows and the other lines
    are Textual's, kept), and every row reads, cell for cell and style for style, as the rows of the
    same text made afresh."""
    app = Boxed()
    async with app.run_test(size=(40, 10)) as pilot:
        widget = app.query_one(NotedText)
        widget.update(Text("\n".join(f"new {i}" for i in range(6))), layout=False)
        await handled(pilot)
        whole = widget.outer_size.region  # the border's rows too
        widget.render_lines(whole)
        widget.made.clear()
        widget.update(Text("\n".join(f"new {i}" if i not in (1, 2, 4) else f"NEW {i}" for i in range(6))),
                      layout=False)
        kept = widget.render_lines(whole)
        assert sorted(widget.made) == [1, 2, 4]
        widget.forget_rows()
        fresh = widget.render_lines(whole)
        assert [list(strip) for strip in kept] == [list(strip) for strip in fresh]
        assert [strip.text.strip("│ ") for strip in kept[1:7]] == ["new 0", "NEW 1", "NEW 2", "new 3", "NEW 4", "new 5"]


class Rows(KeptRows):
    """Rows of text: a row's strip made from what it shows when Textual asks for it."""

    def __init__(self) -> None:
        super().__init__()
        self.lines = ["one", "two", "three", "four"]
        self.made: list[int] = []
        self.asked: list[tuple[Region, ...]] = []

    def row_key(self, y: int) -> Hashable:
        return self.lines[y] if 0 <= y < len(self.lines) else None

    def draw_row(self, y: int, width: int, base: Style) -> Strip:
        self.made.append(y)
        line = self.lines[y] if 0 <= y < len(self.lines) else ""
        return Strip(list(Text(line, style=base).render(self.app.console)), len(line)).adjust_cell_length(width, base)

    def refresh(self, *regions: Region, **kwargs: Any) -> Any:
        if hasattr(self, "asked") and kwargs.get("repaint", True):
            self.asked.append(regions)
        return super().refresh(*regions, **kwargs)


class Roll(App[None]):
    CSS = "Rows { width: 12; height: 4; }"

    def compose(self) -> ComposeResult:
        yield Rows()


async def test_refresh_rows_repaints_the_rows_whose_key_is_not_the_one_drawn() -> None:
    """Rows changed, and some changed back before they were drawn again: the rows repainted are those
    whose key differs from the key of what was drawn there, and each is drawn as it is now; a row
    showing again what it showed before takes the strip made then."""
    app = Roll()
    async with app.run_test(size=(20, 6)) as pilot:
        widget = app.query_one(Rows)
        await wait_until(pilot, lambda: "four" in "".join(rows_of(widget)), what="the first rows")
        widget.asked.clear()
        widget.lines = ["one", "TWO", "three", "FOUR"]
        widget.refresh_rows()
        assert widget.asked == [(Region(0, 1, 12, 1), Region(0, 3, 12, 1))]
        assert [row.strip() for row in rows_of(widget)] == ["one", "TWO", "three", "FOUR"]
        widget.lines = ["one", "two", "THREE", "FOUR"]  # row 1 back as it was, row 2 new
        widget.asked.clear()
        widget.made.clear()
        widget.refresh_rows()
        assert widget.asked == [(Region(0, 1, 12, 1), Region(0, 2, 12, 1))]
        assert [row.strip() for row in rows_of(widget)] == ["one", "two", "THREE", "FOUR"]
        assert widget.made == [2]  # "two" was made before: its strip was kept
        widget.asked.clear()
        widget.refresh_rows()  # nothing changed since it was drawn
        assert widget.asked == []


async def test_a_row_is_made_from_what_it_shows_when_asked_even_before_its_repaint() -> None:
    """A row asked for before the repaint of its change (a dialog closing over it asks Textual for the
    rows under it) is made from what it shows then, and kept under that: never a strip of before."""
    app = Roll()
    async with app.run_test(size=(20, 6)) as pilot:
        widget = app.query_one(Rows)
        await wait_until(pilot, lambda: "four" in "".join(rows_of(widget)), what="the first rows")
        widget.lines = ["one", "TWO", "three", "FOUR"]  # changed, no repaint asked yet
        assert [widget.render_line(y).text.strip() for y in range(4)] == ["one", "TWO", "three", "FOUR"]
        widget.refresh_rows()
        await handled(pilot)
        assert [row.strip() for row in rows_of(widget)] == ["one", "TWO", "three", "FOUR"]
