"""The arcade's footers are Textual's own ``Footer`` (``KeysFooter``: composed again only when the
keys on offer change), styled by ``arcade/shell/footer.tcss``.

A screen says which of its keys are on offer with ``check_action``: True shows a key, None
shows it dimmed (its click does nothing), False hides it.  The compact footers leave two
cells between one key's label and the next key, and under 100 columns drop the palette's key.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer, Static

from arcade.widgets.dialogs import SideDialog
from arcade.widgets.footer import KeysFooter
from tests.arcade.helpers import frame_drawn, click, wait_until

FOOTER_CSS = Path(__file__).resolve().parents[2] / "arcade" / "shell" / "footer.tcss"


class KeysScreen(Screen[None]):
    BINDINGS = [
        Binding("a", "first", "First"),
        Binding("b", "second", "Second"),
        Binding("c", "third", "Third"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.offered: dict[str, bool | None] = {"second": True, "third": True}
        self.pressed: list[str] = []

    def compose(self) -> ComposeResult:
        yield Static("keys")
        yield KeysFooter(compact=True)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.offered.get(action, True)

    def offer(self, second: bool | None, third: bool | None = True) -> None:
        self.offered = {"second": second, "third": third}
        self.refresh_bindings()

    def action_second(self) -> None:
        self.pressed.append("second")


class KeysApp(App[None]):
    CSS_PATH = FOOTER_CSS
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]  # as the arcade's app

    def on_mount(self) -> None:
        self.push_screen(KeysScreen())


def keys_shown(app: App[Any]) -> list[Widget]:
    return [key for key in app.screen.query_one(Footer).query("FooterKey") if key.display]


def described(app: App[Any]) -> list[tuple[str, bool]]:
    """Each key shown: its description, and whether it is dimmed."""
    return [(str(getattr(key, "description", "")), key.has_class("-disabled")) for key in keys_shown(app)]


async def test_check_action_shows_dims_or_hides_a_key_and_a_dimmed_key_does_nothing() -> None:
    app = KeysApp()
    async with app.run_test(size=(120, 6)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, KeysScreen) and bool(keys_shown(app)), what="the keys")
        screen = app.screen
        assert isinstance(screen, KeysScreen)
        assert [d for d, _ in described(app)][:3] == ["First", "Second", "Third"]
        second = next(key for key in keys_shown(app) if getattr(key, "description", "") == "Second")
        await click(pilot, second)
        await wait_until(pilot, lambda: screen.pressed == ["second"], what="the click")
        screen.offer(None)  # dimmed: in its place, and a click does nothing
        await wait_until(pilot, lambda: ("Second", True) in described(app), what="the key dimmed")
        assert [d for d, _ in described(app)][:3] == ["First", "Second", "Third"]
        dimmed = next(key for key in keys_shown(app) if getattr(key, "description", "") == "Second")
        assert dimmed.rich_style.dim
        await click(pilot, dimmed)
        assert screen.pressed == ["second"]
        screen.offer(False)  # hidden
        await wait_until(pilot, lambda: "Second" not in [d for d, _ in described(app)], what="the key hidden")
        screen.offer(True)
        await wait_until(pilot, lambda: ("Second", False) in described(app), what="the key back")


async def test_the_compact_footer_spaces_its_keys_and_drops_the_palette_key_when_narrow() -> None:
    for width, palette in ((120, True), (80, False)):
        app = KeysApp()
        async with app.run_test(size=(width, 6)) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, KeysScreen) and bool(keys_shown(app)), what="the keys")
            keys = [key for key in keys_shown(app) if not key.has_class("-command-palette")]
            for key, following in zip(keys, keys[1:]):
                assert following.region.x == key.region.right + 2  # two cells between a label and the next key
            assert any(key.has_class("-command-palette") for key in keys_shown(app)) is palette


async def test_the_footer_is_composed_again_only_when_the_keys_on_offer_change() -> None:
    """The same keys said again, or a dialog opening and closing over the screen: the same key widgets
    stay (Textual's footer removed and mounted them all again, and laid the screen out again)."""
    app = KeysApp()
    async with app.run_test(size=(120, 8)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, KeysScreen) and bool(keys_shown(app)), what="the keys")
        screen = app.screen
        assert isinstance(screen, KeysScreen)
        footer = screen.query_one(KeysFooter)
        before = list(footer.query("FooterKey"))
        screen.refresh_bindings()
        dialog = SideDialog("Which side does the machine play?")
        await app.push_screen(dialog)
        await wait_until(pilot, lambda: app.screen is dialog, what="the dialog")
        dialog.dismiss(None)
        await wait_until(pilot, lambda: app.screen is screen, what="the game again")
        await frame_drawn(pilot)
        assert list(footer.query("FooterKey")) == before
        screen.offer(None)  # a key dimmed: composed again, in its place
        await wait_until(pilot, lambda: ("Second", True) in described(app), what="the key dimmed")
        assert [d for d, _ in described(app)][:3] == ["First", "Second", "Third"]
