"""The Pilot tests' own means: keys typed as Textual's ``Pilot.press`` types them, handled before the test
reads on."""

from __future__ import annotations

from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widget import Widget
from textual.widgets import Input, Static

from tests.arcade.helpers import click, type_keys

SPREAD = (
    "a", "z", "0", "7", "A", "Q", "enter", "escape", "space", "tab", "up", "down", "left", "right",
    "ctrl+q", "f1", "+", "-", "*", "/", ".", ",", "?", "$", '"', "(", "backspace", "delete",
)  # fmt: skip


class KeyRecorder(App[None]):
    """Notes every key the app is sent (before any binding or widget sees it); quits on nothing."""

    def __init__(self) -> None:
        super().__init__()
        self.heard: list[tuple[str, str | None]] = []

    def compose(self) -> ComposeResult:
        yield Static("keys")

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and not event.is_forwarded:
            self.heard.append((event.key, event.character))
        await super().on_event(event)

    async def action_quit(self) -> None:
        """``ctrl+q`` is one of the keys sent: the app stays to hear the rest."""


async def test_the_keys_typed_are_the_keys_pilot_press_sends() -> None:
    by_textual = KeyRecorder()
    async with by_textual.run_test() as pilot:
        await pilot.press(*SPREAD)
    ours = KeyRecorder()
    async with ours.run_test() as pilot:
        await type_keys(pilot, *SPREAD)
    assert len(by_textual.heard) == len(SPREAD)
    assert ours.heard == by_textual.heard


class Nested(App[None]):
    """A focused input deep in containers; a screen-level binding's action is awaited at the app."""

    BINDINGS = [Binding("f5", "count", "count")]

    def __init__(self) -> None:
        super().__init__()
        self.counted = 0

    def compose(self) -> ComposeResult:
        with Vertical(), Vertical(), Vertical(), Vertical(), Vertical():
            yield Input(id="deep")

    async def action_count(self) -> None:
        self.counted += 1


async def test_a_key_is_handled_when_typed_even_at_the_end_of_a_long_bubble() -> None:
    """The binding is found only once the key has bubbled from the input through five containers and
    the screen back to the app: seven queues, each handled in turn."""
    app = Nested()
    async with app.run_test() as pilot:
        app.query_one("#deep", Input).focus()
        await pilot.pause(0)
        for times in range(1, 4):
            await type_keys(pilot, "f5")
            assert app.counted == times
        await type_keys(pilot, "h", "i")
        assert app.query_one("#deep", Input).value == "hi"


class Pad(Widget):
    """Notes the mouse's presses, releases and clicks it gets, where (in its own cells) and which button."""

    DEFAULT_CSS = "Pad { width: 20; height: 5; }"

    def __init__(self) -> None:
        super().__init__(id="pad")
        self.felt: list[tuple[str, int, int, int]] = []

    def on_mouse_down(self, event: events.MouseDown) -> None:
        self.felt.append(("down", event.x, event.y, event.button))

    def on_mouse_up(self, event: events.MouseUp) -> None:
        self.felt.append(("up", event.x, event.y, event.button))

    def on_click(self, event: events.Click) -> None:
        self.felt.append(("click", event.x, event.y, event.button))


class Padded(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("above")
        with Vertical(), Vertical():
            yield Pad()


async def test_a_click_is_what_pilot_click_sends_and_is_handled_when_it_returns() -> None:
    by_textual = Padded()
    async with by_textual.run_test() as pilot:
        await pilot.click("#pad", offset=(3, 2))
        textual_felt = by_textual.query_one(Pad).felt
    ours = Padded()
    async with ours.run_test() as pilot:
        await click(pilot, "#pad", offset=(3, 2))
        assert ours.query_one(Pad).felt == textual_felt == [("down", 3, 2, 1), ("up", 3, 2, 1), ("click", 3, 2, 1)]
