"""No screen's styles reach another screen: each one draws the same whether or not others were opened.

Textual reads a screen's .tcss (``CSS_PATH``) for the whole app the first time that screen
opens, so a bare ``#status { width: 37 }`` in one game's file would set the width of every
``#status`` opened after it (the wolf's status was 37 columns after the HP-67 game, not 38).
Every screen a player can open (the launcher, the four games, the three machine rooms, the match
of ``arcade match --watch``, each dialog with CSS of its own) is drawn alone, in an app of its own;
then every other screen's .tcss is read into that app's stylesheet, after the screen's own (as
opening those screens would read them; a file read later wins a tie, so a rule of theirs that
reaches the screen shows whatever the order), and the screen is drawn again.  The pictures (every
character with its style, every screen of the stack composited) must be the same, at 100x32 and
at 80x24.  A screen's styles come from the one stylesheet, not from which other screens are open:
one test a screen, each in one app.
The widgets' and dialogs' ``DEFAULT_CSS`` is scoped by Textual to their type; the .tcss files
name their screen in every rule.
"""

from __future__ import annotations

import difflib
import os
import shutil
import sys
import time
from pathlib import Path
from typing import Callable

import pytest
from textual.app import ComposeResult
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Footer, Input, Static

from arcade.runtime.textual_compat import composed_rows
from arcade.shell.app import ArcadeApp, _css_paths
from arcade.screens.help import HelpScreen
from arcade.screens.hp67_othello.screen import HP67OthelloScreen
from arcade.shell.launcher import LauncherScreen
from arcade.screens.lazard_othello.screen import LazardOthelloScreen
from arcade.screens.lazard_othello.variants import ProgramDialog
from arcade.screens.match.screen import MatchScreen, ResultsDialog
from arcade.screens.room.cpc import CpcRoomScreen
from arcade.screens.room.hp67 import HP67RoomScreen
from arcade.screens.room.ti57 import TI57RoomScreen
from arcade.screens.ti57_duel.curtain import HandOff, PinDialog
from arcade.screens.ti57_duel.screen import TI57DuelScreen
from arcade.screens.ti57_wolf.dialogs import CHOICES, NewWolfGame
from arcade.screens.ti57_wolf.screen import TI57WolfScreen
from arcade.widgets.dialogs import MessageLog, NamedFileDialog, Question
from arcade.widgets.too_small import TooSmallScreen
from games.ti57_wolf.referee import Side
from tests.arcade.helpers import frame_drawn, wait_until

SIZES = ((100, 32), (80, 24))


class Backdrop(Screen[None]):
    """A plain screen of words under a dialog (no CSS of its own), which opens the dialog."""

    def __init__(self, dialog: Callable[[], Screen]) -> None:
        super().__init__()
        self.dialog = dialog

    def compose(self) -> ComposeResult:
        yield Static("A screen under the dialog\n" * 20)

    def on_mount(self) -> None:
        self.app.push_screen(self.dialog())


class TallBackdrop(Screen[None]):
    """A screen needing more room than the terminal has: the app covers it with its TooSmallScreen."""

    MIN_SIZE = (120, 40)

    def compose(self) -> ComposeResult:
        yield Static("A screen needing 120x40")


def over(dialog: Callable[[], Screen]) -> Callable[[], Screen]:
    return lambda: Backdrop(dialog)


SCREENS: dict[str, tuple[type[Screen], Callable[[], Screen]]] = {
    "launcher": (LauncherScreen, LauncherScreen),
    "hp67-othello": (HP67OthelloScreen, HP67OthelloScreen),
    "ti57-duel": (TI57DuelScreen, lambda: TI57DuelScreen(blink=False)),
    "ti57-wolf": (TI57WolfScreen, lambda: TI57WolfScreen(coin=lambda: Side.LAMBS, blink=False)),
    "lazard-othello": (LazardOthelloScreen, LazardOthelloScreen),
    "cpc-room": (CpcRoomScreen, CpcRoomScreen),
    "hp67-room": (HP67RoomScreen, HP67RoomScreen),
    "ti57-room": (TI57RoomScreen, TI57RoomScreen),
    "match": (MatchScreen, lambda: MatchScreen(2, "hp67", autostart=False)),
    "help": (HelpScreen, over(lambda: HelpScreen("# Help\n\nWords of help.", "- `?` this help"))),
    "question": (Question, over(lambda: Question("A question?"))),
    "named-file": (NamedFileDialog, over(lambda: NamedFileDialog(["one", "two"]))),
    "message-log": (MessageLog, over(lambda: MessageLog(["first message", "second message"]))),
    "program": (ProgramDialog, over(lambda: ProgramDialog(["LAZARD", "OTHELLO"]))),
    "results": (ResultsDialog, over(lambda: ResultsDialog("game 1  HP-67 40  CPC 24", "Match over"))),
    "handoff": (HandOff, over(lambda: HandOff(2, "Pass the keyboard to Player 2.", None, False, lambda pin: None))),
    "pin": (PinDialog, over(lambda: PinDialog("Player 1, choose a PIN"))),
    "new-wolf-game": (NewWolfGame, over(lambda: NewWolfGame({side: seats[0] for side, seats in CHOICES.items()}))),
    "too-small": (TooSmallScreen, TallBackdrop),
}


Picture = tuple[tuple[tuple[str, object], ...], ...]
"""What the terminal shows, row by row: each run of characters with its style (colours, bold...)."""


def picture(app: ArcadeApp) -> Picture:
    """Every screen of the stack composited, as the terminal (and a screenshot) shows them."""
    rows = composed_rows(app.screen, with_screens_below=True)
    return tuple(tuple((segment.text, segment.style) for segment in row) for row in rows)


def words(shown: Picture) -> list[str]:
    """The picture's characters without styles, for a readable failure."""
    return ["".join(text for text, _ in row).rstrip() for row in shown]


def showing(app: ArcadeApp, name: str) -> bool:
    """``name``'s screen is in the stack (it may have opened a dialog over itself: the Othello games ask a
    side) and the top screen is mounted."""
    return any(isinstance(s, SCREENS[name][0]) for s in app.screen_stack) and app.screen.is_mounted


def all_there(app: ArcadeApp) -> bool:
    """Every screen of the stack mounted, and each footer holding its keys: a footer composes its keys
    after a refresh of its own, so two pictures alike can still come before them on a loaded machine."""
    return all(screen.is_mounted and all(footer.children for footer in screen.query(Footer))
               for screen in app.screen_stack)


def pictured(app: ArcadeApp) -> bool:
    """Every screen whose game runs at a host's table (``picture``) has the table's first picture, and no
    screen has an answer outstanding: before it, it draws a game not yet set up (the duel: wiped for its new
    duel until the table answers), stable for a while too on a loaded machine."""
    from tests.arcade.helpers import busy

    return all(getattr(s, "picture", True) is not None and not (hasattr(s, "picture") and busy(s))
               and getattr(s, "busy", False) is not True and not blank_cpc(s) for s in app.screen_stack)


def blank_cpc(screen: object) -> bool:
    """The CPC room before its machine's first screen came from the host (its monitor blank, stable a while)."""
    view = getattr(screen, "room_view", None)
    return view is not None and not any(row.strip() for row in view.screen.rows)


async def drawn(pilot: Pilot, name: str, size: tuple[int, int]) -> Picture:
    """``name``'s screen (already asked to open) at ``size``, once it has stopped changing."""
    app = pilot.app
    if (app.size.width, app.size.height) != size:
        await pilot.resize_terminal(*size)
    await wait_until(pilot, lambda: showing(app, name), what=f"{name} shown")
    for field in app.screen.query(Input):
        field.cursor_blink = False  # a blinking cursor would make two pictures differ
    seen: list[Picture] = [()]
    end = time.monotonic() + 60  # a bound on a wait that would never end, not a measure
    while time.monotonic() < end:
        await frame_drawn(pilot)  # a frame drawn (a refresh asked is on the screen) before each look
        if ((app.size.width, app.size.height) != size or not showing(app, name) or not all_there(app)
                or not pictured(app)):
            continue
        seen.append(picture(app))
        if seen[-1] == seen[-2]:
            return seen[-1]
    raise TimeoutError(f"never happened: {name} at {size} to stop changing")


async def alone_then_with_every_style(name: str) -> tuple[dict[tuple[int, int], Picture], dict[tuple[int, int], Picture]]:
    """``name`` in an app that opens nothing else (not even the launcher, unless it is the launcher),
    drawn at each size; then every screen's style files read into the app's stylesheet after its
    own, as opening those screens would read them, and ``name`` drawn again at each size."""
    fresh_data_dir()
    app = ArcadeApp() if name == "launcher" else ArcadeApp(game=name, screens={name: SCREENS[name][1]})
    async with app.run_test(size=SIZES[0]) as pilot:
        own = {size: await drawn(pilot, name, size) for size in SIZES}
        # the sizes in the same order again: back at the first size before the styles come (a screen
        # under a dialog, like an Othello game under its side question, can keep the breakpoint class,
        # -narrow or -wide, of an earlier size)
        await pilot.resize_terminal(*SIZES[0])
        await wait_until(pilot, lambda: (app.size.width, app.size.height) == SIZES[0], what="the first size")
        for path in (path for other in SCREENS for path in _css_paths(SCREENS[other][0])):
            if not app.stylesheet.has_source(str(path), ""):
                app.stylesheet.read(path)
        app.refresh_css()  # as Textual does when a screen's files are read: the app restyled
        return own, {size: await drawn(pilot, name, size) for size in SIZES}


@pytest.fixture(scope="module")
def module_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("css-scope")


@pytest.fixture(autouse=True)
def arcade_data_dir(module_dir: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """One data directory for every app of this module (the CPC room shows its path), emptied before each."""
    monkeypatch.setenv("ARCADE_DATA_DIR", str(module_dir / "arcade-data"))
    monkeypatch.setenv("ARCADE_CONFIG_DIR", str(module_dir / "config"))
    return module_dir / "arcade-data"


def fresh_data_dir() -> None:
    """No save of an earlier app (a game would ask to resume it), the same path for all."""
    shutil.rmtree(os.environ["ARCADE_DATA_DIR"], ignore_errors=True)


@pytest.mark.parametrize("name", list(SCREENS))
async def test_a_screen_draws_the_same_with_every_other_screen_s_styles_read(name: str) -> None:
    """Every other screen's style files are read after the screen's own: a rule of theirs that
    reaches it wins over its own at equal specificity (a file read later wins a tie), so this
    finds a leak whatever the order the player opens the screens in."""
    own, after = await alone_then_with_every_style(name)
    found = []
    for size in SIZES:
        if after[size] != own[size]:
            diff = "\n".join(difflib.unified_diff(words(own[size]), words(after[size]), "alone",
                                                  "with every screen's styles", lineterm=""))
            found.append(f"{name} at {size[0]}x{size[1]} differs with every screen's styles read:\n{diff}")
    assert not found, "\n\n".join(found)


async def test_a_game_opened_by_name_has_its_styles_read_with_the_app_s() -> None:
    """``arcade --game``: the game screen's .tcss is read with the app's own, so Textual parses the
    whole stylesheet again once as the game's mode opens (its refresh of a new mode), not a second
    time for the file; and the screen is styled by it all the same.  The parses are counted as
    Python calls of the public ``Stylesheet.reparse`` (``sys.setprofile``), Textual left as it is."""
    from textual.css.stylesheet import Stylesheet

    from arcade.widgets.dialogs import SideDialog

    reparse = Stylesheet.reparse.__code__
    reparses: list[int] = []

    def counted(frame, event, arg) -> None:  # noqa: ANN001
        if event == "call" and frame.f_code is reparse:
            reparses.append(1)

    app = ArcadeApp(game="hp67-othello")
    assert Path(HP67OthelloScreen.CSS_PATH) in app.css_path
    sys.setprofile(counted)
    try:
        async with app.run_test(size=(100, 32)) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, SideDialog), what="the side question")
            assert len(reparses) == 1
            game = app.screen_stack[0]
            assert isinstance(game, HP67OthelloScreen)
            assert str(game.query_one("#status").styles.width) == "37"  # HP67OthelloScreen #status, its .tcss
    finally:
        sys.setprofile(None)
