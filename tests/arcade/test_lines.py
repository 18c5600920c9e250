"""``arcade/widgets/lines.py``: what changed between two lines, and ``LineText`` drawing only that."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.strip import Strip

from arcade.widgets.kept_rows import KeptRows
from arcade.widgets.lines import LineText, changed_cells
from tests.arcade.helpers import noted_refreshes, screen_text, wait_until


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
        yield LineText(id="plain", markup=False)


async def test_a_line_text_shows_its_lines_wrapped_and_repaints_only_what_changed() -> None:
    app = Shown()
    async with app.run_test(size=(40, 6)) as pilot:
        widget = app.query_one(LineText)
        widget.update(Text("score 2  cursor e4\nyour move"), layout=False)
        await wait_until(pilot, lambda: "cursor e4" in screen_text(app), what="the first text")
        assert screen_text(app).splitlines()[:2] == ["score 2  cursor e4", "your move"]
        asked = noted_refreshes(widget)
        widget.update(Text("score 2  cursor f4\nyour move"), layout=False)
        assert asked == [(Region(16, 0, 1, 1),)]
        await wait_until(pilot, lambda: "cursor f4" in screen_text(app), what="the changed cell")
        widget.update("[b]not markup[/b] and a line too long for twenty cells", layout=False)
        await wait_until(pilot, lambda: "not markup" in screen_text(app), what="the wrapped text")
        lines = screen_text(app).splitlines()[:3]
        assert lines[0].startswith("[b]not markup[/b]") and all(len(line) <= 20 for line in lines)
        assert widget.content == "[b]not markup[/b] and a line too long for twenty cells"
        widget.content = "set as content"
        await wait_until(pilot, lambda: "set as content" in screen_text(app), what="the content property")


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
        widget = app.query_one(LineText)
        panel, other = Text("R0 12\nR1 34"), Text("R0 56\nR1 78")
        for text, expected in [(panel, "R1 34"), ("", ""), (panel, "R1 34"), (other, "R1 78"), ("", ""),
                               (panel, "R1 34"), (other, "R1 78")] * 2:
            widget.content = text
            await wait_until(pilot, lambda expected=expected: screen_text(app).splitlines()[1:2] == [expected]
                             or (not expected and not screen_text(app).strip()), what=f"the text {expected!r}")


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
        yield LineText(id="boxed", markup=False)


async def test_rows_not_kept_are_made_a_run_at_a_time_as_textual_makes_them() -> None:
    """A box whose lines are all new asks Textual once for them all (each call sets up the border and
    the colours again: asked a row at a time, the TI-57's register panel took 0.9 ms, not 0.6); a box
    with a few lines changed asks once per run of them; the rows are Textual's own either way."""
    from textual.widget import Widget

    app = Boxed()
    async with app.run_test(size=(40, 10)) as pilot:
        widget = app.query_one(LineText)
        widget.update(Text("\n".join(f"row {i}" for i in range(6))), layout=False)
        await wait_until(pilot, lambda: "row 5" in screen_text(app), what="the first rows")
        whole = Region(0, 0, widget.outer_size.width, widget.outer_size.height)  # the border's rows too
        asked: list[Region] = []
        textual = Widget.render_lines

        def noted(self: Widget, crop: Region) -> list:  # noqa: ANN001
            if self is widget:
                asked.append(crop)
            return textual(self, crop)

        Widget.render_lines = noted  # type: ignore[method-assign]
        try:
            widget.update(Text("\n".join(f"new {i}" for i in range(6))), layout=False)
            made = widget.render_lines(whole)
            assert asked == [Region(0, 1, whole.width, 6)]  # the six rows inside the border, kept as they were
            asked.clear()
            widget.update(Text("\n".join(f"new {i}" if i not in (1, 2, 4) else f"NEW {i}" for i in range(6))),
                          layout=False)
            made = widget.render_lines(whole)
            assert asked == [Region(0, 2, whole.width, 2), Region(0, 5, whole.width, 1)]  # lines 1-2 and 4, under the border
        finally:
            Widget.render_lines = textual  # type: ignore[method-assign]
        widget._kept = None  # nothing kept: every row as Textual makes it
        assert [strip.text for strip in made] == [strip.text for strip in textual(widget, whole)]


class Rows(KeptRows):
    """Rows of text whose changes repaint nothing until asked (as a machine's panel, drawn a frame later)."""

    lines = ["one", "two", "three", "four"]

    def row_key(self, y: int) -> object:
        return self.lines[y]

    def render_line(self, y: int) -> Strip:
        return Strip(list(Text(self.lines[y]).render(self.app.console)), len(self.lines[y]))


class Roll(App[None]):
    CSS = "Rows { width: 12; height: 4; }"

    def compose(self) -> ComposeResult:
        yield Rows()


async def test_a_row_asked_before_its_repaint_shows_what_its_key_says() -> None:
    """A widget's rows changed, its repaint not yet asked (a machine's panel waits a frame): a frame that
    asks for its rows meanwhile gets them as they are now, never the strips Textual kept from before,
    and nothing stale is kept under the new rows' keys."""
    app = Roll()
    async with app.run_test(size=(20, 6)) as pilot:
        widget = app.query_one(Rows)
        await wait_until(pilot, lambda: "four" in screen_text(app), what="the first rows")
        whole = Region(0, 0, widget.outer_size.width, widget.outer_size.height)
        widget.render_lines(whole)
        widget.lines = ["one", "TWO", "three", "FOUR"]  # changed, no refresh yet
        rows = widget.render_lines(Region(0, 1, whole.width, 3))  # a frame over rows 1-3 (a dialog closing)
        assert [strip.text.strip() for strip in rows] == ["TWO", "three", "FOUR"]
        widget.refresh_rows()
        await wait_until(pilot, lambda: "FOUR" in screen_text(app), what="the repaint")
        assert [line.strip() for line in screen_text(app).splitlines()[:4]] == ["one", "TWO", "three", "FOUR"]
