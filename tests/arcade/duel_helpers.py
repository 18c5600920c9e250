"""Helpers for the duel's Pilot tests: read the duel board off the screen, watch every frame for a leak,
lift the curtain, place and move by keys (shared by the duel, saves, undo, history and small-terminal tests)."""

from __future__ import annotations

import re

from arcade.runtime.textual_compat import after_each_frame
from arcade.shell.app import ArcadeApp
from arcade.widgets.dialogs import ResumeDialog
from arcade.screens.ti57_duel.curtain import HandOff
from arcade.screens.ti57_duel.screen import TI57DuelScreen
from games.ti57_duel import DELTAS
from games.ti57_duel.seal import KdfCost
from games.ti57_duel.session import DuelSession
from tests.arcade.helpers import flat, screen_text, settle, type_keys, wait_until

BOARD_LINE = re.compile(r"^ (\d) (.{30}) (\d)")
KEY_OF = {1: "9", 2: "6", 3: "3", 4: "2", 5: "1", 6: "4", 7: "7", 8: "8"}  # keypad digits
OTHER_KEY = {1: "u", 2: "right", 3: "n", 4: "down", 5: "b", 6: "left", 7: "y", 8: "up"}  # arrows, y u b n


def board_cells(text: str) -> dict[tuple[int, int], str]:
    """The duel board on screen: (column, row) -> what the cell shows (brackets stripped)."""
    cells: dict[tuple[int, int], str] = {}
    for line in text.splitlines():
        m = BOARD_LINE.match(line)
        if m and m.group(1) == m.group(3):
            row = int(m.group(1))
            for col in range(10):
                cells[(col, row)] = m.group(2)[3 * col : 3 * col + 3].strip("[] ")
    return cells


def square_pattern(sq: tuple[int, int]) -> re.Pattern[str]:
    return re.compile(rf"(?<![\d.]){sq[0]}\.{sq[1]}(?!\d)")


class FrameWatch:
    """Checks every frame the app renders (``textual_compat.after_each_frame``)."""

    def __init__(self, app: ArcadeApp) -> None:
        self.app = app
        self.squares: dict[int, tuple[int, int]] = {}  # what the test knows: squares keyed so far
        self.private_frames = 0
        self.curtain_frames = 0
        self.other_frames = 0
        self.leaks: list[str] = []
        after_each_frame(app, self.check)

    def check(self) -> None:
        app = self.app
        screen = app.screen
        text = screen_text(app)
        if isinstance(screen, HandOff):
            self.curtain_frames += 1
            if re.search(r"\d\.\d", text) or board_cells(text):
                self.leaks.append("curtain:\n" + text)
            return
        if not isinstance(screen, TI57DuelScreen):  # help, launcher...: opaque, nothing of the game
            self.other_frames += 1
            if board_cells(text) or any(square_pattern(sq).search(text) for sq in self.squares.values()):
                self.leaks.append(f"{type(screen).__name__}:\n{text}")
            return
        if screen.viewer is None or screen.phase not in ("setup", "turn"):
            return
        self.private_frames += 1
        viewer, other = screen.viewer, 3 - screen.viewer
        secret = self.squares.get(other)
        if secret is None or secret == self.squares.get(viewer):
            return  # nothing placed yet, or the capturing move itself (the pause shows the shared square)
        cells = board_cells(text)
        assert len(cells) == 100, text
        shown_pawns = {sq for sq, c in cells.items() if c in (str(other), "X")}
        if shown_pawns or square_pattern(secret).search(text):
            self.leaks.append(f"player {viewer}'s view shows player {other} on {secret}:\n{text}")


LOW_SEAL_COST = KdfCost(log2_n=4, r=1, p=1)
"""A locked duel's scrypt at its lowest: the Pilot tests' PINs cost microseconds (the file records it)."""


def duel_app(game: str | None = "ti57-duel", **options: object) -> ArcadeApp:
    return ArcadeApp(game=game, screens={"ti57-duel": lambda: TI57DuelScreen(
        pause_seconds=options.get("pause_seconds", 0.02), blink=False, computer_thinks=0,  # type: ignore[arg-type]
        seal_cost=LOW_SEAL_COST)})


def hosted(screen: object) -> DuelSession:
    """The duel's session at the screen's table, in the host the tests run in a thread (to look at
    what the screen is never sent: the TI-57, the other player's square)."""
    return screen.table.client.host.table.session  # type: ignore[attr-defined]


async def press(pilot, screen: object, *keys: str) -> None:  # noqa: ANN001
    """Press ``keys`` one by one, each once the table has answered the one before."""
    for key in keys:
        await type_keys(pilot, key)
        await settle(pilot, screen)


async def opened(pilot) -> TI57DuelScreen | ResumeDialog:  # noqa: ANN001
    """Wait until the duel is open: on its move-limit page, or asking to resume a save."""
    app = pilot.app
    await wait_until(pilot, lambda: isinstance(app.screen, ResumeDialog)
                     or isinstance(app.screen, TI57DuelScreen) and app.screen.saves.ready, what="the duel opens")
    if isinstance(app.screen, TI57DuelScreen):
        await settle(pilot, app.screen)
    return app.screen


async def lift_curtain(pilot, player: int) -> TI57DuelScreen:  # noqa: ANN001
    app = pilot.app
    await wait_until(pilot, lambda: isinstance(app.screen, HandOff), what=f"the curtain for Player {player}")
    assert f"Pass the keyboard to Player {player}" in flat(app)
    await type_keys(pilot, "space", "a")  # not Enter: nothing happens
    assert isinstance(app.screen, HandOff)
    await type_keys(pilot, "enter")
    await wait_until(pilot, lambda: isinstance(app.screen, TI57DuelScreen), what="the curtain lifts")
    screen = app.screen
    await settle(pilot, screen)
    assert isinstance(screen, TI57DuelScreen) and screen.viewer == player
    return screen


async def place(pilot, watch: FrameWatch, player: int, square: tuple[int, int]) -> None:  # noqa: ANN001
    screen = await lift_curtain(pilot, player)
    assert screen.phase == "setup"
    assert "your secret start square" in flat(pilot.app)
    c, r = screen.cursor
    keys = (["right"] * (square[0] - c) if square[0] >= c else ["left"] * (c - square[0]))
    keys += (["up"] * (square[1] - r) if square[1] >= r else ["down"] * (r - square[1]))
    await press(pilot, screen, *keys)
    assert screen.cursor == square
    assert board_cells(screen_text(pilot.app))[square] == "·"  # the cursor's cell, bracketed
    watch.squares[player] = square
    await type_keys(pilot, "enter")
    await settle(pilot, screen)


async def both_placed(pilot, watch: FrameWatch, first: tuple[int, int], second: tuple[int, int]) -> None:  # noqa: ANN001
    """A new duel of the article's 20 moves, player 1 on ``first`` and player 2 on ``second``: the
    curtain down for player 1's first move."""
    await opened(pilot)
    await type_keys(pilot, "enter")
    await place(pilot, watch, 1, first)
    await place(pilot, watch, 2, second)


async def move(pilot, watch: FrameWatch, player: int, code: int, key: str) -> TI57DuelScreen:  # noqa: ANN001
    """Lift the curtain for ``player`` and move in direction ``code`` with ``key``."""
    screen = await lift_curtain(pilot, player)
    game = hosted(screen).game
    assert game is not None and game.to_move == player
    own = watch.squares[player]
    text = screen_text(pilot.app)
    cells = board_cells(text)
    assert cells[own] == str(player)
    assert f"You are on {own[0]}.{own[1]}" in flat(pilot.app)
    left = game.moves_left
    assert f"Moves left: {left}" in flat(pilot.app)
    dc, dr = DELTAS[code]
    watch.squares[player] = (own[0] + dc, own[1] + dr)
    await type_keys(pilot, key)
    await settle(pilot, screen)
    return screen


def opponent_arrow_shown(app: ArcadeApp, code: int) -> bool:
    arrows = {1: "↗ NE", 2: "→ E", 3: "↘ SE", 4: "↓ S", 5: "↙ SW", 6: "← W", 7: "↖ NW", 8: "↑ N"}
    return f"last went {arrows[code]} (code {code})" in flat(app)




async def against_the_computer(pilot, app: ArcadeApp, *, instant: bool) -> TI57DuelScreen:  # noqa: ANN001
    """A new duel, player 2 the computer, player 1 placed on 4.4 and to move; at instant speed
    if asked (the computer's reply then runs in the person's move's job)."""
    screen = await opened(pilot)
    assert isinstance(screen, TI57DuelScreen)
    await press(pilot, screen, "c", "enter")  # player 2: the computer; the move limit
    await wait_until(pilot, lambda: screen.phase == "setup" and screen.viewer == 1, what="player 1 places")
    await type_keys(pilot, "enter")  # 4.4
    await settle(pilot, screen)
    if instant:
        await type_keys(pilot, "s")
        assert screen.instant and "Instant: no pause" in flat(app)
    return screen


def free_move(screen: TI57DuelScreen) -> int:
    """A legal direction from 4.4 that does not land on the computer's square."""
    theirs = hosted(screen).game.square_of(2)
    return next(k for k in screen.view().legal if (4 + DELTAS[k][0], 4 + DELTAS[k][1]) != theirs)


async def drawn_duel(pilot, watch: FrameWatch) -> TI57DuelScreen:  # noqa: ANN001
    """A hot-seat duel of one move: player 1 on 3.3 goes north, player 2 on 7.7; the moves are used up
    (the draw's page, before it is ended or extended)."""
    screen = await opened(pilot)
    assert isinstance(screen, TI57DuelScreen)
    await press(pilot, screen, *["minus"] * (screen.seen.view.limit - 1), "enter")
    await place(pilot, watch, 1, (3, 3))
    await place(pilot, watch, 2, (7, 7))
    await type_keys(pilot, "enter")
    await wait_until(pilot, lambda: pilot.app.screen is screen, what="player 1's view")
    await settle(pilot, screen)
    watch.squares[1] = (3, 4)
    await type_keys(pilot, "8")
    await settle(pilot, screen)
    await wait_until(pilot, lambda: screen.phase == "draw", what="the draw")
    return screen
