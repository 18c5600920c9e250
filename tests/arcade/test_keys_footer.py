"""KeysFooter (arcade/widgets/footer.py) shows what Textual's Footer shows, whatever the keys on offer become.

Two screens side by side in spirit: the same bindings and the same ``check_action``, one with
Textual's ``Footer`` recomposed from scratch, one with ``KeysFooter`` changed in place; after
every change of state both must show the same keys, in the same order, dimmed alike, and the
same text on screen.  A key mounted again in place still answers a click.
"""

from __future__ import annotations

from itertools import product

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Static
from textual.widgets._footer import FooterKey

from arcade.widgets.footer import KeysFooter
from tests.arcade.helpers import wait_until

STATES = ("shown", "dimmed", "hidden")


class KeysScreen(Screen):
    BINDINGS = [
        Binding("a", "first", "First"),
        Binding("tab", "second", "Second", key_display="tab"),
        Binding("c", "third", "Third"),
        Binding("d", "fourth", "Fourth"),
    ]

    def __init__(self, footer: type[Footer]) -> None:
        super().__init__()
        self.footer_type = footer
        self.state = {"second": "shown", "fourth": "shown"}
        self.pressed: list[str] = []

    def compose(self) -> ComposeResult:
        yield Static("keys")
        yield self.footer_type(compact=True)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        state = self.state.get(action, "shown")
        return {"shown": True, "dimmed": None, "hidden": False}[state]

    def set_state(self, second: str, fourth: str) -> None:
        self.state = {"second": second, "fourth": fourth}
        self.refresh_bindings()
        self.refresh_bindings()  # twice: one change often arrives twice

    def action_second(self) -> None:
        self.pressed.append("second")


class KeysApp(App):
    def __init__(self, footer: type[Footer]) -> None:
        super().__init__()
        self.footer_type = footer

    def on_mount(self) -> None:
        self.push_screen(KeysScreen(self.footer_type))


def keys_of(app: App) -> list[tuple[str, str, bool, bool, bool]]:
    footer = app.screen.query_one(Footer)
    return [(k.key_display, k.description, "-disabled" in k.classes, "-command-palette" in k.classes,
             k.compact and "-compact" in k.classes) for k in footer.query(FooterKey)]


def footer_row(app: App) -> str:
    """The footer's row as drawn on the screen."""
    return app.screen._compositor.render_strips()[-1].text


async def run_states(footer: type[Footer]) -> list[tuple[list[tuple[str, str, bool, bool, bool]], str]]:
    """The footer's keys, and its row as drawn, after each state (each of the two keys shown,
    dimmed, hidden, in turn)."""
    app = KeysApp(footer)
    seen = []
    async with app.run_test(size=(80, 6)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, KeysScreen) and keys_of(app))
        for second, fourth in [*product(STATES, STATES), ("shown", "shown"), ("hidden", "hidden"), ("shown", "dimmed")]:
            app.screen.set_state(second, fourth)
            await pilot.pause()
            await pilot.pause()
            seen.append((keys_of(app), footer_row(app)))
    return seen


async def test_keys_footer_shows_what_textual_footer_shows_in_every_state() -> None:
    plain = await run_states(Footer)
    kept = await run_states(KeysFooter)
    assert kept == plain
    assert any(("tab", "Second", False, False, True) in keys for keys, _ in kept)
    assert any(("tab", "Second", True, False, True) in keys for keys, _ in kept)
    assert any(all(k[1] != "Second" for k in keys) for keys, _ in kept)
    assert any("Fourth" not in row for _, row in kept) and any("Fourth" in row for _, row in kept)


async def test_a_key_shown_again_in_place_answers_a_click_and_a_dimmed_one_does_not() -> None:
    app = KeysApp(KeysFooter)
    async with app.run_test(size=(80, 6)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, KeysScreen) and keys_of(app))
        screen = app.screen
        await pilot.pause()
        first = next(k for k in screen.query_one(KeysFooter).query(FooterKey) if k.description == "First")
        screen.set_state("hidden", "shown")
        await pilot.pause()
        screen.set_state("shown", "shown")
        await pilot.pause()
        footer = screen.query_one(KeysFooter)
        assert first in footer.query(FooterKey)  # changed in place: the other keys stayed
        second = next(k for k in footer.query(FooterKey) if k.description == "Second")
        await pilot.click(second)
        await wait_until(pilot, lambda: screen.pressed == ["second"])
        screen.set_state("dimmed", "shown")
        await pilot.pause()
        await pilot.click(second)
        await pilot.pause()
        assert screen.pressed == ["second"]


async def test_a_keys_footer_is_composed_with_its_keys_and_not_composed_again(monkeypatch) -> None:  # noqa: ANN001
    """A screen's footer shows its keys from its first compose: Textual's is composed empty, then
    again once the screen tells its bindings (a second compose and a layout before a game's first
    frame).  It shows what Textual's shows, the dimmed key included."""
    recomposed: list[KeysFooter] = []
    real = KeysFooter.recompose

    async def counted(self: KeysFooter) -> None:
        recomposed.append(self)
        await real(self)

    monkeypatch.setattr(KeysFooter, "recompose", counted)
    shown = {}
    for footer in (Footer, KeysFooter):
        app = KeysApp(footer)
        async with app.run_test(size=(80, 6)) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, KeysScreen) and keys_of(app))
            app.screen.set_state("dimmed", "shown")
            await wait_until(pilot, lambda: any(k[2] for k in keys_of(app)), what="the dimmed key")
            shown[footer] = keys_of(app)
    assert shown[KeysFooter] == shown[Footer]
    assert recomposed == []


async def test_keys_are_built_with_their_compact_class() -> None:
    """Each key is built with ``-compact`` (Textual's footer binds ``compact``, and each key takes
    its class once mounted: a restyle each before a game's first frame)."""
    app = KeysApp(KeysFooter)
    async with app.run_test(size=(80, 6)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, KeysScreen) and keys_of(app))
        built = list(app.screen.query_one(KeysFooter).compose())
        assert len(built) == len(keys_of(app))
        assert all(isinstance(key, FooterKey) and "-compact" in key.classes for key in built)
