"""A full screen is styled once before its first frame (``arcade/laid_out.py``).

Textual gives a screen its breakpoint classes at its first ``Resize``, once every widget is
styled, and each class that changes restyles the whole screen again.  Built with them, the
first ``Resize`` changes nothing: these tests check that the classes a screen is built with
are the ones Textual then gives it, at several sizes, for a plain screen and a game's.  Then
Textual styles every widget again as the screen shows; the first time, nothing changed since
they were styled as they mounted, unless the app's CSS did.
"""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.css.stylesheet import Stylesheet
from textual.dom import DOMNode
from textual.events import ScreenResume, ScreenSuspend
from textual.pilot import Pilot
from textual.widget import Widget
from textual.screen import Screen
from textual.widgets import Static

from arcade.shell.app import ArcadeApp
from arcade.screens.hp67_othello.screen import HP67OthelloScreen
from arcade.laid_out import LaidOut
from arcade.screens.othello.screen import OthelloScreen
from tests.arcade.fake_driver import FakeDriver
from tests.arcade.helpers import wait_until


class SizedScreen(LaidOut, Screen[None]):
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-tall"), (38, "-roomy")]
    CSS = "SizedScreen.-roomy { align-vertical: middle; }"

    def compose(self) -> ComposeResult:
        yield Static("sized", id="sized")


class SizedApp(App[None]):
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]

    def on_mount(self) -> None:
        self.made = SizedScreen()
        self.classes_when_made = set(self.made.classes)
        self.push_screen(self.made)


@pytest.mark.parametrize(("size", "expected"), [
    ((80, 24), {"-narrow", "-short"}),
    ((100, 32), {"-wide", "-tall"}),
    ((120, 40), {"-wide", "-roomy"}),
])
async def test_a_screen_is_built_with_the_classes_textual_gives_at_its_size(size: tuple[int, int], expected: set[str]) -> None:
    app = SizedApp()
    async with app.run_test(size=size) as pilot:
        await wait_until(pilot, lambda: app.screen is app.made and app.made.is_mounted, what="the sized screen")
        await pilot.pause()
        assert app.classes_when_made == expected
        assert set(app.made.classes) == expected  # Textual's first Resize: the same classes
        await pilot.resize_terminal(90, 40)
        await wait_until(pilot, lambda: set(app.made.classes) == {"-narrow", "-roomy"}, what="the classes of a new size")


async def test_a_game_screen_is_built_with_its_own_size_classes_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Othello screens add ``-tall`` (the message beside the board from 27 rows)."""
    built: list[tuple[OthelloScreen, set[str]]] = []
    real = OthelloScreen.__init__

    def recorded(self: OthelloScreen, *args: object, **kwargs: object) -> None:
        real(self, *args, **kwargs)
        built.append((self, set(self.classes)))

    monkeypatch.setattr(OthelloScreen, "__init__", recorded)
    app = ArcadeApp(game="hp67-othello", screens={"hp67-othello": lambda: HP67OthelloScreen(FakeDriver)})  # type: ignore[arg-type]
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_until(pilot, lambda: bool(built) and built[0][0].is_mounted, what="the game")
        await pilot.pause()
        screen, classes = built[0]
        names = set(screen.size_classes(screen.size))
        assert names == {"-narrow", "-wide", "-short", "-roomy", "-tall"}
        assert classes & names == {"-wide", "-short", "-tall"}
        assert set(screen.classes) & names == classes & names


def styled(monkeypatch: pytest.MonkeyPatch) -> list[DOMNode]:
    """The nodes Textual's stylesheet styles from now on, in order."""
    nodes: list[DOMNode] = []
    real = Stylesheet.apply

    def noted(self: Stylesheet, node: DOMNode, *args: object, **kwargs: object) -> None:
        nodes.append(node)
        real(self, node, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Stylesheet, "apply", noted)
    return nodes


async def shown(pilot: Pilot[None], app: SizedApp) -> Widget:
    """The sized screen once shown; its one widget."""
    await wait_until(pilot, lambda: app.screen is app.made and app.made.is_mounted, what="the sized screen")
    await pilot.pause()
    return app.made.query_one("#sized")


async def test_a_screen_shown_the_first_time_styles_its_widgets_once(monkeypatch: pytest.MonkeyPatch) -> None:
    nodes = styled(monkeypatch)
    app = SizedApp()
    async with app.run_test(size=(120, 40)) as pilot:
        sized = await shown(pilot, app)
        assert nodes.count(sized) == 1
        assert app.made.styles.align_vertical == "middle"  # its own CSS, read after it was built


async def test_a_screen_whose_css_changed_before_it_showed_is_styled_again(monkeypatch: pytest.MonkeyPatch) -> None:
    nodes = styled(monkeypatch)
    app = SizedApp()
    async with app.run_test(size=(120, 40)) as pilot:
        sized = await shown(pilot, app)
        app.made._styled_with = app._css_update_count - 1  # mounted with the CSS before a change
        app.made.post_message(ScreenResume())
        await wait_until(pilot, lambda: nodes.count(sized) == 2, what="the widget styled again")
        app.made.post_message(ScreenResume())  # shown again: styled again, as Textual does
        await wait_until(pilot, lambda: nodes.count(sized) == 3, what="the widget styled again")


async def test_a_screen_shown_again_after_another_is_styled_again(monkeypatch: pytest.MonkeyPatch) -> None:
    nodes = styled(monkeypatch)
    app = SizedApp()
    async with app.run_test(size=(120, 40)) as pilot:
        sized = await shown(pilot, app)
        app.made._styled_with = app._css_update_count  # as if just mounted with the CSS of now...
        app.made.post_message(ScreenSuspend())  # ...then another screen came over it
        app.made.post_message(ScreenResume())
        await wait_until(pilot, lambda: nodes.count(sized) == 2, what="the widget styled again")
