"""What a BASIC program prints is drawn on the emulated screen, never sent to the terminal.

``PRINT CHR$(27);"]2;PWNED"`` once changed the terminal's title.  Programs printing every
code (raw, so the VDU obeys it, and after ``CHR$(1)``, so the CPC draws its symbol) and
random byte strings are run; every row the widget renders must hold no character below
32, nor 127, nor 128-159 (C1 controls), and keep one cell per CPC column.
"""

from __future__ import annotations

import random

import pytest
from textual.app import App, ComposeResult

from arcade.widgets.cpc_screen import CpcScreen, CpcScreenView, shown
from machines.cpc import CPC, RunState
from tests.arcade.helpers import handled


def _forbidden(text: str) -> list[str]:
    return [ch for ch in text if ord(ch) < 32 or 127 <= ord(ch) < 160]


def _every_code_program() -> str:
    raw = "".join(f"CHR$({c});" for c in (27, 7, 155, 127, 144, 13, 10))
    return "\n".join([
        '10 MODE 2:FOR C=0 TO 255:PRINT CHR$(1);CHR$(C);:NEXT:PRINT',
        f'20 PRINT {raw}"]2;PWNED";CHR$(7)',
        '30 PRINT CHR$(27);"[31m";CHR$(27);"]0;T";CHR$(7);CHR$(155);"2J"',
        '40 FOR C=0 TO 255:PRINT CHR$(C);:NEXT',
    ])


def _random_program(rng: random.Random) -> str:
    lines = []
    for n in range(10, 90, 10):
        codes = [rng.randrange(256) for _ in range(rng.randrange(1, 12))]
        items = ";".join(f"CHR$({c})" if rng.random() < 0.7 else f"CHR$(1);CHR$({c})" for c in codes)
        lines.append(f"{n} PRINT {items};")
    if rng.random() < 0.2:
        lines.append("90 MODE 0")  # drawn double width
    return "\n".join(lines)


class Monitor(App[None]):
    def __init__(self, views: list[CpcScreenView]) -> None:
        super().__init__()
        self.views = views

    def compose(self) -> ComposeResult:
        yield CpcScreen(id="cpc")


def _views() -> list[CpcScreenView]:
    programs = [_every_code_program()] + [_random_program(random.Random(seed)) for seed in range(40)]
    views = []
    for listing in programs:
        cpc = CPC(clock=lambda: 0.0)
        cpc.load_basic(listing)
        assert cpc.run(max_statements=100_000) in (RunState.ENDED, RunState.ERROR)
        views.append(CpcScreenView.of(cpc, show_cursor=True))
    rng = random.Random(7)  # and rows holding anything at all (the widget's last line of defence)
    for _ in range(10):
        rows = tuple("".join(chr(rng.choice((rng.randrange(0, 0x300), rng.randrange(0x2000, 0x2100),
                                             0x1B, 0x9B, 0x7F, 0xAD)))
                             for _ in range(40)) for _ in range(25))
        views.append(CpcScreenView(rows=rows))
    return views


async def test_no_control_character_reaches_a_rendered_row() -> None:
    views = _views()
    async with Monitor(views).run_test(size=(90, 30)) as pilot:
        widget = pilot.app.query_one(CpcScreen)
        for view in views:
            widget.view = view
            await handled(pilot)
            height = widget.size.height
            for y in range(height):
                strip = widget.render_line(y)
                text = "".join(segment.text for segment in strip)
                assert not _forbidden(text), (y, text)
            for row in view.rows:
                assert len(shown(row)) == len(row)  # one glyph per CPC column


@pytest.mark.parametrize("code", range(256))
def test_each_cpc_character_has_one_printable_glyph(code: int) -> None:
    glyph = shown(chr(code))
    assert len(glyph) == 1 and not _forbidden(glyph) and glyph.isprintable()
    if 32 <= code < 127:
        assert glyph == chr(code)  # text is text
