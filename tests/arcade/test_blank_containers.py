"""``arcade/widgets/blank.py``: the game screens' containers drawn blank look as they did drawn in full."""

from __future__ import annotations

import re

import pytest

from arcade.shell.app import ArcadeApp
from arcade.screens.hp67_othello.screen import HP67OthelloScreen
from arcade.widgets.blank import Column, Row
from arcade.widgets.dialogs import SideDialog
from tests.arcade.fake_driver import FakeDriver
from tests.arcade.helpers import settle, type_keys, wait_until

CELL = 12.2
"""The width of a cell in Textual's SVG export."""


def cells(svg: str) -> tuple[dict[tuple[float, int], str], str]:
    """Each cell's background, and the text with its styles, from an exported screenshot (how the
    runs of cells are cut into rectangles and the export's hashed class names set aside)."""
    backgrounds = {}
    for m in re.finditer(r'<rect fill="(#[0-9a-fA-F]+)" x="([\d.]+)" y="([\d.]+)" width="([\d.]+)"', svg):
        first, count = round(float(m.group(2)) / CELL), round(float(m.group(4)) / CELL)
        for column in range(first, first + count):
            backgrounds[(round(float(m.group(3)), 1), column)] = m.group(1)
    styles = dict(re.findall(r"\.(terminal-\d+-r\d+) (\{[^}]*\})", svg))
    text = re.sub(r"terminal-\d+-r\d+", lambda m: styles.get(m.group(0), "?"), "".join(re.findall(r"<text[^>]*>.*?</text>", svg)))
    return backgrounds, re.sub(r"terminal-\d+", "T", text)


@pytest.mark.parametrize("size", [(100, 32), (80, 24)])
async def test_the_game_screen_looks_the_same_with_its_containers_drawn_blank(monkeypatch, size: tuple[int, int]) -> None:  # noqa: ANN001
    app = ArcadeApp(game="hp67-othello", screens={"hp67-othello": lambda: HP67OthelloScreen(FakeDriver)})
    async with app.run_test(size=size) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SideDialog))
        await type_keys(pilot, "w")
        screen = app.screen
        await settle(pilot, screen)
        assert {type(w) for w in screen.query("#game, #left, #calculator")} == {Row, Column}
        blank = cells(app.export_screenshot())
        monkeypatch.setattr(Row, "BLANK", False)
        monkeypatch.setattr(Column, "BLANK", False)
        screen.refresh(repaint=True)
        for widget in screen.query("#game, #left, #calculator"):
            widget.refresh()
        await settle(pilot, screen)
        full = cells(app.export_screenshot())
        assert blank[0] and blank == full
