"""GameScreen, the base of every game screen: pause, messages and the footer's keys on offer."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Hashable

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Static

from arcade.screens.game_screen import GameScreen
from tests.arcade.helpers import caught_up, frame_drawn, flat, type_keys, wait_for_screen, wait_until


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


def footer_keys(screen: Screen[Any]) -> dict[str, bool]:
    """Each key the screen's footer shows (its description) and whether it is dimmed (Textual's ``FooterKey``)."""
    return {str(getattr(key, "description", "")): key.has_class("-disabled")
            for key in screen.query_one(Footer).query("FooterKey") if key.display}


async def test_pause_holds_the_game_dims_its_keys_and_says_so() -> None:
    app = ProbeApp()
    async with app.run_test() as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, Probe), what="the probe screen")
        screen = app.screen
        assert isinstance(screen, Probe)
        await wait_until(pilot, lambda: {"Pause", "Hidden in pause"} <= footer_keys(screen).keys(), what="the keys on offer")
        playing = footer_keys(screen)
        assert not any(playing.values())  # nothing dimmed
        await type_keys(pilot, "p")
        await wait_until(pilot, lambda: screen.paused and screen.has_class("-paused"), what="paused")
        assert screen.message == "Paused: the probe machine holds. p: go on."
        await wait_until(pilot, lambda: footer_keys(screen) == {**playing, "Hidden in pause": True},
                         what="the same keys, x dimmed")
        await type_keys(pilot, "x")
        assert screen.message != "x ran"  # refused while paused
        await type_keys(pilot, "p")
        await wait_until(pilot, lambda: not screen.paused and footer_keys(screen) == playing, what="going on")
        assert screen.message == "Go on."
        await type_keys(pilot, "x")
        await wait_until(pilot, lambda: screen.message == "x ran", what="x once the game goes on")
        assert list(screen.messages)[-3:] == ["Paused: the probe machine holds. p: go on.", "Go on.", "x ran"]


class SideQuestion(ModalScreen[None]):
    """What a game asks on its first frame (the wolf's seats, a resume question)."""

    def compose(self) -> ComposeResult:
        yield Static("Who plays?")


class LeftAtOnce(Probe):
    """A game whose player goes back to the launcher before its first frame's question is asked."""

    def on_mount(self) -> None:
        self.after_first_frame(self.app.push_screen, SideQuestion())
        self.app.call_next(self.app.switch_mode, "launcher")  # after the first frame's callback is on its way


class TwoModes(App[None]):
    MODES = {"launcher": lambda: Screen(id="launcher"), "game": LeftAtOnce}

    def on_mount(self) -> None:
        self.switch_mode("launcher")


async def test_a_game_left_before_its_first_frame_asks_on_its_own_stack_when_back() -> None:
    app = TwoModes()
    async with app.run_test() as pilot:
        await wait_until(pilot, lambda: app.current_mode == "launcher" and app.screen.id == "launcher", what="the launcher")
        app.switch_mode("game")
        await wait_until(pilot, lambda: app.current_mode == "launcher" and isinstance(app.get_screen_stack("game")[0], LeftAtOnce)
                         and app.get_screen_stack("game")[0].is_mounted, what="the game opened and left")
        await caught_up(pilot, app.get_screen_stack("game")[0])  # its first-frame callback is asked for
        await frame_drawn(pilot)  # and has run (callbacks after a refresh run in the order asked)
        assert [type(s) for s in app.screen_stack] == [Screen], "the game's question was asked over the launcher"
        app.switch_mode("game")
        await wait_until(pilot, lambda: isinstance(app.screen, SideQuestion), what="the question, back in the game")
        assert [type(s) for s in app.screen_stack] == [LeftAtOnce, SideQuestion]
        app.switch_mode("launcher")
        await wait_until(pilot, lambda: app.current_mode == "launcher", what="the launcher")
        assert [type(s) for s in app.screen_stack] == [Screen]


async def test_the_wolf_left_before_its_first_frame_asks_who_plays_when_opened_again(tmp_path: Path) -> None:
    """The side question of a game left at once (Esc within its first frame) waits for the game, not the launcher."""
    from arcade.screens.ti57_wolf.dialogs import NewWolfGame
    from arcade.screens.ti57_wolf.screen import TI57WolfScreen
    from arcade.shell.app import ArcadeApp
    from arcade.shell.launcher import LauncherScreen
    from games.ti57_wolf.referee import Side

    class WolfLeftAtOnce(TI57WolfScreen):
        def on_mount(self) -> None:
            self.app.call_next(self.app.action_launcher)  # before what its first frame sets off

    app = ArcadeApp(config_dir=tmp_path, screens={"ti57-wolf": lambda: WolfLeftAtOnce(coin=lambda: Side.WOLF, blink=False)})
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, LauncherScreen), what="the launcher")
        app.start_game("ti57-wolf")
        await wait_until(pilot, lambda: app.current_mode == "launcher" and "ti57-wolf" in app.game_modes
                         and app.get_screen_stack("ti57-wolf")[0].is_mounted, what="the wolf opened and left")
        await caught_up(pilot, app.get_screen_stack("ti57-wolf")[0])  # what its first frame sets off is asked for
        await frame_drawn(pilot)  # and has run (callbacks after a refresh run in the order asked)
        assert not any(isinstance(s, NewWolfGame) for s in app.screen_stack), "asked over the launcher"
        app.start_game("ti57-wolf")
        dialog = await wait_for_screen(pilot, NewWolfGame)
        assert dialog.first and [type(s) for s in app.screen_stack] == [WolfLeftAtOnce, NewWolfGame]
