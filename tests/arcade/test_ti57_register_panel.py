"""The TI-57's register panel: shown and hidden by a repaint in a box of its own, its room kept."""

from __future__ import annotations

from types import SimpleNamespace

from textual.app import App, ComposeResult

from arcade.widgets.ti57 import RegisterPanel, register_text
from tests.arcade.helpers import screen_text, wait_until

MEANINGS = ["moves left", "player 1's square", "player 2's square", "", "", "", "", "flag"]


class PanelApp(App[None]):
    def compose(self) -> ComposeResult:
        yield RegisterPanel(id="registers")


def calculator(**kw: object) -> SimpleNamespace:
    values = dict(registers=["20.0", "4.4", "7.7", "0.0", "0.0", "0.0", "0.0", "1.0"], pc=12, steps=345)
    values.update(kw)
    return SimpleNamespace(**values)


async def test_shown_hidden_and_shown_again_in_the_same_room() -> None:
    app = PanelApp()
    async with app.run_test(size=(60, 16)) as pilot:
        panel = app.query_one(RegisterPanel)
        region = panel.region
        assert region.height == 11 and "R0" not in screen_text(app)  # hidden: nothing drawn, the room kept

        panel.show(calculator(), MEANINGS, hidden=[2])
        await wait_until(pilot, lambda: "Registers R0-R7" in screen_text(app), what="the panel drawn")
        lines = screen_text(app).splitlines()
        assert lines[0].startswith("╭─ Registers R0-R7 ") and lines[0].rstrip().endswith("╮")
        assert "R1      4.4  player 1's square" in lines[2]
        assert "(hidden)" in lines[3] and "7.7" not in screen_text(app)  # a hidden register never shows its value
        assert "step 12  steps run 345" in lines[9] and lines[10].startswith("╰")
        assert all(line.rstrip().endswith("│") for line in lines[1:10])  # every row boxed, the long ones cut
        assert panel.region == region  # the same room: a repaint, no layout

        panel.show(None)
        await wait_until(pilot, lambda: "Registers" not in screen_text(app), what="the panel emptied")
        assert "R0" not in screen_text(app) and panel.region == region


async def test_a_narrow_panel_cuts_each_row_inside_its_box() -> None:
    app = PanelApp()
    async with app.run_test(size=(24, 14)) as pilot:
        panel = app.query_one(RegisterPanel)
        panel.show(calculator(registers=["-1.2345678e-12"] * 8), MEANINGS)
        await wait_until(pilot, lambda: "╭" in screen_text(app), what="the panel drawn")
        lines = [line.rstrip() for line in screen_text(app).splitlines()[:11]]
        assert all(len(line) == 24 for line in lines), lines
        assert "…" in lines[1] and lines[1].endswith("│")


async def test_the_box_takes_the_new_theme_s_colour_and_a_wipe_forgets_the_registers() -> None:
    """The edge's style is looked up once, and again after a style update, once Textual has updated
    the panel's component styles too (drawn inside the update, the box kept the old theme's colour).
    Shown again after ``i``, the panel draws the registers it kept; ``forget`` keeps nothing."""
    app = PanelApp()
    async with app.run_test(size=(60, 16)) as pilot:
        panel = app.query_one(RegisterPanel)
        panel.show(calculator(), MEANINGS)
        await wait_until(pilot, lambda: "Registers R0-R7" in screen_text(app), what="the panel drawn")

        def edge() -> object:
            return panel.content.spans[0].style

        before = edge()
        assert before == panel.get_component_rich_style("registerpanel--edge")
        app.theme = "textual-light" if app.theme != "textual-light" else "textual-dark"
        await wait_until(pilot, lambda: edge() != before, what="the box in the new theme's colour")
        assert edge() == panel.get_component_rich_style("registerpanel--edge")
        kept = panel.content
        panel.show(None)
        panel.show(calculator(), MEANINGS)  # ``i`` twice: the same box, not made again
        assert panel.content is kept
        panel.forget()
        assert panel.content == "" and panel._body is None


def test_the_same_registers_give_back_the_same_text_and_new_ones_a_new_text() -> None:
    """``register_text`` gives back the text it made for the same registers (``i`` twice, a turn's end
    that left them as they were: a widget finds its lines cut already), and a new text for new ones."""
    first = register_text(calculator(), MEANINGS, [2])
    assert register_text(calculator(), list(MEANINGS), (2,)) is first
    assert "(hidden)" in first.plain and "7.7" not in first.plain
    for changed in (calculator(registers=["19.0", "4.4", "7.7", "0.0", "0.0", "0.0", "0.0", "1.0"]),
                    calculator(pc=13), calculator(steps=346)):
        other = register_text(changed, MEANINGS, [2])
        assert other is not first and other.plain != first.plain
    assert register_text(calculator(), MEANINGS, []) is not first  # the hidden ones are part of it
    assert "7.7" in register_text(calculator(), MEANINGS, []).plain
