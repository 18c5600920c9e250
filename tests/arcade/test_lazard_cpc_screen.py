"""The CPC screen widget draws the machine's screen model: its text, the colours the program set, its window."""

from __future__ import annotations

from textual.app import App, ComposeResult

from arcade.widgets.cpc_screen import ROWS, CpcScreen, CpcScreenView
from machines.cpc import CPC, PALETTE_RGB, RunState


def run(listing: str) -> CPC:
    cpc = CPC(clock=lambda: 0.0)
    assert cpc.load_basic(listing) == []
    assert cpc.run(max_statements=10_000) is RunState.ENDED
    return cpc


def cell_colours(widget: CpcScreen) -> dict[str, tuple[str, str]]:
    """For every visible character, the (pen, paper) colours it is drawn in."""
    out: dict[str, tuple[str, str]] = {}
    rendered = widget.render()
    for span in rendered.spans:
        text = rendered.plain[span.start:span.end]
        style = span.style
        for ch in text.strip():
            out[ch] = (style.color.triplet.hex.upper(), style.bgcolor.triplet.hex.upper())
    return out


class Monitor(App[None]):
    def __init__(self, view: CpcScreenView, height: int) -> None:
        super().__init__()
        self.view = view
        self.height = height

    def compose(self) -> ComposeResult:
        screen = CpcScreen(id="cpc")
        screen.styles.height = self.height
        yield screen

    def on_mount(self) -> None:
        self.query_one(CpcScreen).view = self.view


async def test_power_up_colours_and_what_the_program_sets() -> None:
    cpc = run(
        '5 CLS\n'
        '10 PRINT "A"\n'
        '20 INK 2,6:INK 3,18:BORDER 0\n'
        '30 PEN 2:PAPER 3:PRINT "B";\n'
        '40 PEN 1:PAPER 0:PRINT "C"\n'
    )
    view = CpcScreenView.of(cpc)
    async with Monitor(view, 27).run_test(size=(60, 30)) as pilot:
        widget = pilot.app.query_one(CpcScreen)
        assert widget.region.width == 42 and widget.region.height == 27
        colours = cell_colours(widget)
        yellow, blue = PALETTE_RGB[24], PALETTE_RGB[1]
        assert colours["A"] == (yellow, blue)  # a CPC as it switches on: bright yellow on blue
        assert colours["B"] == (PALETTE_RGB[6], PALETTE_RGB[18])  # bright red on bright green, as set
        assert colours["C"] == (yellow, blue)
        border = widget.render().spans[0].style.bgcolor.triplet.hex.upper()
        assert border == PALETTE_RGB[0]  # BORDER 0: black
        assert view.text.splitlines()[:2] == ["A", "BC"]


async def test_mode_0_is_drawn_double_width() -> None:
    view = CpcScreenView.of(run('10 MODE 0:PRINT "MODE0"\n'))
    assert view.mode == 0 and len(view.rows[0]) == 20
    async with Monitor(view, 27).run_test(size=(60, 30)) as pilot:
        widget = pilot.app.query_one(CpcScreen)
        assert "MMOODDEE00" in widget.render().plain


async def test_a_short_widget_shows_the_rows_around_the_cursor() -> None:
    listing = '10 FOR I=1 TO 30:PRINT "LINE";I:NEXT\n20 INPUT "QUESTION";A$\n'
    cpc = CPC(clock=lambda: 0.0)
    assert cpc.load_basic(listing) == []
    assert cpc.run(max_statements=10_000) is RunState.WAITING_INPUT
    view = CpcScreenView.of(cpc, show_cursor=True)
    assert view.cursor == (ROWS - 1, len("QUESTION? "))
    async with Monitor(view, 10).run_test(size=(60, 30)) as pilot:
        widget = pilot.app.query_one(CpcScreen)
        plain = widget.render().plain.splitlines()
        assert len(plain) == 10 and widget.first_row == ROWS - 10
        assert plain[-1].strip() == "QUESTION?" and plain[-2].strip() == "LINE 30"
        # the cursor is drawn steady (reverse video), where the next key will appear
        rendered = widget.render()
        reversed_spans = [s for s in rendered.spans if s.style.reverse]
        assert len(reversed_spans) == 1
    top = CpcScreenView.of(run('10 CLS:PRINT "TOP"\n'))  # RUN keeps the screen; CLS clears it
    async with Monitor(top, 10).run_test(size=(60, 30)) as pilot:
        assert pilot.app.query_one(CpcScreen).render().plain.splitlines()[0].strip() == "TOP"


async def test_rows_drawn_as_render_says_and_a_new_view_makes_only_the_rows_it_changes() -> None:
    """Row by row (Textual's line API) the monitor is ``render()``; a new screen from the machine
    makes again only the rows whose text or colours changed, the others are kept whole."""
    from textual.geometry import Region

    before = CpcScreenView.of(run('10 CLS:PRINT "A":PRINT "B"\n'))
    after = CpcScreenView.of(run('10 CLS:PRINT "A":PEN 2:PRINT "C"\n'))
    async with Monitor(before, 27).run_test(size=(60, 30)) as pilot:
        widget = pilot.app.query_one(CpcScreen)
        whole = Region(0, 0, widget.size.width, widget.size.height)
        rows = widget.render_lines(whole)
        assert [r.text for r in rows] == widget.render().plain.splitlines()
        made: list[int] = []
        original = widget.render_line

        def render_line(y: int):  # noqa: ANN202 - Textual's Strip
            made.append(y)
            return original(y)

        widget.render_line = render_line  # type: ignore[method-assign]
        widget.view = after
        rows = widget.render_lines(whole)
        changed = [r + 1 for r in range(ROWS)  # terminal row = CPC row + 1 (the border's)
                   if (before.rows[r], before.pens[r], before.papers[r]) != (after.rows[r], after.pens[r], after.papers[r])]
        assert 2 in changed and len(changed) < ROWS // 2  # "B" became "C" in pen 2; most rows are as they were
        assert sorted(set(made)) == changed  # the border, "A" and the unchanged rows were kept
        assert [r.text for r in rows] == widget.render().plain.splitlines()
