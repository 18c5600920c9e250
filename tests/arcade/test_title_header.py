"""TitleHeader (arcade/widgets/header.py): the title and sub-title on screen follow every change, as Header's do."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.widgets import Header

from arcade.shell.app import ArcadeApp
from arcade.widgets.dialogs import SideDialog
from arcade.widgets.header import TitleHeader
from tests.arcade.helpers import screen_text, type_keys, wait_until


class TitledApp(App):
    def __init__(self, header: type[Header]) -> None:
        super().__init__()
        self.header_type = header

    def compose(self) -> ComposeResult:
        yield self.header_type()


async def titles_seen(header: type[Header]) -> list[str]:
    app = TitledApp(header)
    seen = []
    async with app.run_test(size=(60, 3)) as pilot:
        for title, sub in [("Blind duel", "Player 1 to move"), ("Blind duel", "Player 2 to move, 19 moves left"),
                           ("Wolf", ""), ("A much longer title than the header can hold in sixty columns", "x")]:
            app.screen.title, app.screen.sub_title = title, sub
            await wait_until(pilot, lambda: title[:20] in str(app.screen.query_one("HeaderTitle").render()))
            seen.append(str(app.screen.query_one("HeaderTitle").render()))
            seen.append(app.export_screenshot().split("</style>")[-1])
    return seen


async def test_title_header_shows_what_header_shows() -> None:
    assert await titles_seen(TitleHeader) == await titles_seen(Header)


@pytest.mark.parametrize("game, expected", [
    ("hp67-othello", "Othello on the HP-67 — J.-M. Verniajou, 2016"),
    ("lazard-othello", "Lazard Othello on the CPC 6128 — Locomotive BASIC 1.1"),
])
async def test_a_game_s_title_and_sub_title_say_each_thing_once(game: str, expected: str) -> None:
    """Before: "Othello on the HP-67 — Othello (J.-M. Verniajou, 2016) - HP-67" (and "... on the CPC
    6128 — Amstrad CPC 6128, ...")."""
    app = ArcadeApp(game=game)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SideDialog), what="the side question")
        await type_keys(pilot, "w")  # the machine plays White: the person moves first
        await wait_until(pilot, lambda: expected in screen_text(app).splitlines()[0], what="the header")
        words = [w.strip(",") for w in screen_text(app).splitlines()[0].split() if w.isprintable() and w not in "⭘—"]
        assert len(words) == len(set(words)), words
