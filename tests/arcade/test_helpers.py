"""The Pilot tests' own means: keys typed as Textual's ``Pilot.press`` types them, handled before the test
reads on."""

from __future__ import annotations

from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Static

from tests.arcade.helpers import type_keys

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
