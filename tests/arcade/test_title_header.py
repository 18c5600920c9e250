"""TitleHeader (arcade/widgets/header.py): the title and sub-title on screen follow every change, as Header's do."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Header

from arcade.widgets.header import TitleHeader
from tests.arcade.helpers import wait_until


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
            await pilot.pause()
            seen.append(str(app.screen.query_one("HeaderTitle").render()))
            seen.append(app.export_screenshot().split("</style>")[-1])
    return seen


async def test_title_header_shows_what_header_shows() -> None:
    assert await titles_seen(TitleHeader) == await titles_seen(Header)
