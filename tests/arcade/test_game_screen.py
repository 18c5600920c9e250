"""GameScreen, the base of every game screen: pause, messages and the footer's keys on offer."""

from __future__ import annotations

from typing import Any, Hashable

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Footer, Static

from arcade.screens.game_screen import GameScreen
from tests.arcade.helpers import flat, type_keys, wait_until


class Probe(GameScreen):
    GAME_ID = "probe"
    MACHINE = "probe machine"
    BINDINGS = [Binding("p", "pause", "Pause"), Binding("x", "hidden_in_pause", "Hidden in pause")]
    PAUSE_HIDES = frozenset({"hidden_in_pause"})

    def __init__(self) -> None:
        super().__init__()
        self.state: dict[str, Any] | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="message")
        yield Footer()

    def action_hidden_in_pause(self) -> None:
        self.say("x ran")

    def footer_signature(self) -> Hashable:
        return (self.paused,)

    def save_state(self) -> dict[str, Any] | None:
        return self.state

    def save_summary(self) -> str:
        return "move 1"


class ProbeApp(App[None]):
    def on_mount(self) -> None:
        self.push_screen(Probe())


async def test_pause_holds_the_game_hides_its_keys_and_says_so() -> None:
    app = ProbeApp()
    async with app.run_test() as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, Probe), what="the probe screen")
        screen = app.screen
        assert isinstance(screen, Probe)
        await wait_until(pilot, lambda: "Hidden in pause" in flat(app), what="the keys on offer")
        await type_keys(pilot, "p")
        await wait_until(pilot, lambda: screen.paused and screen.has_class("-paused"), what="paused")
        assert screen.message == "Paused: the probe machine holds. p: go on."
        await wait_until(pilot, lambda: "Hidden in pause" not in flat(app), what="the footer without x")
        await type_keys(pilot, "x")
        assert screen.message != "x ran"  # refused while paused
        await type_keys(pilot, "p")
        await wait_until(pilot, lambda: not screen.paused and "Hidden in pause" in flat(app), what="going on")
        assert screen.message == "Go on."
        await type_keys(pilot, "x")
        await wait_until(pilot, lambda: screen.message == "x ran", what="x once the game goes on")
        assert list(screen.messages)[-3:] == ["Paused: the probe machine holds. p: go on.", "Go on.", "x ran"]
