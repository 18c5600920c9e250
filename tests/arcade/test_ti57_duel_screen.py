"""Whole blind duels through the arcade, by keys, on the real TI-57 emulator and listing.

Every frame Textual renders is read back as text (the compositor's lines, as the
terminal would show them) while a player's view or the hand-off screen is up, and
must not show the other player's square: not as a pawn on the board, not as ``c.r``
anywhere (info, display, registers, title, footer).
"""

from __future__ import annotations

import re
import time

from arcade.app import ArcadeApp
from arcade.ti57_duel.screen import HandOff, TI57DuelScreen
from arcade.widgets.ti57 import key_lines
from games.ti57_duel import DELTAS, DuelStatus
from tests.arcade.helpers import flat, screen_text, settle

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
    """Checks every frame the app renders (wraps ``App._display``, called once per frame)."""

    def __init__(self, app: ArcadeApp) -> None:
        self.app = app
        self.squares: dict[int, tuple[int, int]] = {}  # what the test knows: squares keyed so far
        self.private_frames = 0
        self.curtain_frames = 0
        self.other_frames = 0
        self.leaks: list[str] = []
        original = app._display

        def display(screen, renderable):  # noqa: ANN001, ANN202 - Textual's private hook
            original(screen, renderable)
            if renderable is not None:
                self.check()

        app._display = display  # type: ignore[method-assign]

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


def duel_app() -> ArcadeApp:
    return ArcadeApp(game="ti57-duel", screens={"ti57-duel": lambda: TI57DuelScreen(pause_seconds=0.02, blink=False)})


async def lift_curtain(pilot, player: int) -> TI57DuelScreen:  # noqa: ANN001
    app = pilot.app
    assert isinstance(app.screen, HandOff), screen_text(app)
    assert f"Pass the keyboard to Player {player}" in flat(app)
    await pilot.press("space", "a")  # not Enter: nothing happens
    assert isinstance(app.screen, HandOff)
    await pilot.press("enter")
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, TI57DuelScreen) and screen.viewer == player
    return screen


async def place(pilot, watch: FrameWatch, player: int, square: tuple[int, int]) -> None:  # noqa: ANN001
    screen = await lift_curtain(pilot, player)
    assert screen.phase == "setup"
    assert "your secret start square" in flat(pilot.app)
    c, r = screen.cursor
    keys = (["right"] * (square[0] - c) if square[0] >= c else ["left"] * (c - square[0]))
    keys += (["up"] * (square[1] - r) if square[1] >= r else ["down"] * (r - square[1]))
    await pilot.press(*keys)
    assert screen.cursor == square
    assert board_cells(screen_text(pilot.app))[square] == "·"  # the cursor's cell, bracketed
    watch.squares[player] = square
    await pilot.press("enter")
    await settle(pilot, screen)


async def move(pilot, watch: FrameWatch, player: int, code: int, key: str) -> TI57DuelScreen:  # noqa: ANN001
    """Lift the curtain for ``player`` and move in direction ``code`` with ``key``."""
    screen = await lift_curtain(pilot, player)
    game = screen.game
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
    await pilot.press(key)
    await settle(pilot, screen)
    return screen


def opponent_arrow_shown(app: ArcadeApp, code: int) -> bool:
    arrows = {1: "↗ NE", 2: "→ E", 3: "↘ SE", 4: "↓ S", 5: "↙ SW", 6: "← W", 7: "↖ NW", 8: "↑ N"}
    return f"last went {arrows[code]} (code {code})" in flat(app)


async def test_whole_duel_to_a_capture_by_keys() -> None:
    app = duel_app()
    watch = FrameWatch(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.1)
        screen = app.screen
        assert isinstance(screen, TI57DuelScreen) and screen.phase == "limit"
        assert "Move limit: 20" in flat(app)
        await pilot.press("enter")  # 20 moves, the article's default
        await place(pilot, watch, 1, (0, 3))
        await place(pilot, watch, 2, (6, 7))
        # Player 1: west is off the board: refused, costs nothing, nothing keyed
        screen = await lift_curtain(pilot, 1)
        keys_before = list(screen.game.keys)
        await pilot.press("4")
        await settle(pilot, screen)
        assert "Refused, no move used" in flat(app) and "off the 10 x 10 board" in flat(app)
        assert screen.game.keys == keys_before and screen.game.moves_left == 20
        assert isinstance(app.screen, TI57DuelScreen) and screen.viewer == 1  # still player 1's turn
        dc, dr = DELTAS[1]
        watch.squares[1] = (0 + dc, 3 + dr)
        await pilot.press("9")  # NE: 1 SBR 1
        await settle(pilot, screen)
        assert screen.game.turns[-1].displays == ("1.4", "1.0")  # the pause on the square, then the direction
        for player, code, key in [(2, 5, "1"), (1, 1, "u"), (2, 6, "left"), (1, 2, "6"),
                                  (2, 8, "k"), (1, 4, "j"), (2, 4, "j"), (1, 8, "k")]:  # h j k l too; there and back
            screen = await move(pilot, watch, player, code, key)
        # the capture: player 2 at 4.6 goes SW onto player 1's 3.5
        screen = await lift_curtain(pilot, 2)
        assert opponent_arrow_shown(app, 8)
        assert screen.query_one("#led").shown.text == "8.0"  # the machine stopped on player 1's direction
        watch.squares[2] = (3, 5)
        await pilot.press("b")
        await settle(pilot, screen)
        await pilot.pause(0.1)
        game = screen.game
        assert game.status is DuelStatus.CAPTURE and game.winner == 2
        assert screen.phase == "over"
        text = flat(app)
        assert "Player 2 captured Player 1!" in text
        assert "✱ 9.9 99 ✱" in text and "FLASHING" in text  # 1/x of 0, as the machine shows it
        assert "Player 1 on 3.5, Player 2 on 3.5" in text
        assert board_cells(screen_text(app))[(3, 5)] == "X"
        # the key log is shown now, as typed on a real TI-57
        lines = key_lines(game.keys)
        assert lines[:4] == ["20 STO 0", "2nd Fix 1", "CLR", "0.3 STO 1"]
        assert "5 SBR 2" in screen_text(app) and "1 SBR 1" in screen_text(app)
        await pilot.press("i")
        await pilot.pause()
        assert "R1      3.5" in screen_text(app) and "R2      3.5" in screen_text(app)
    assert not watch.leaks, watch.leaks[0]
    assert watch.private_frames > 20 and watch.curtain_frames > 5


async def test_whole_duel_to_a_draw_extended_then_revealed() -> None:
    app = duel_app()
    watch = FrameWatch(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.1)
        await pilot.press(*["minus"] * 17)  # 3 moves
        assert "Move limit: 3" in flat(app)
        await pilot.press("enter")
        await place(pilot, watch, 1, (7, 2))
        await place(pilot, watch, 2, (2, 7))
        screen = await move(pilot, watch, 1, 8, "up")  # 7.3
        await move(pilot, watch, 2, 4, "2")  # 2.6
        await move(pilot, watch, 1, 7, "7")  # 6.4: the last move
        assert screen.phase == "draw" and screen.game.status is DuelStatus.DRAW
        text = flat(app)
        # the machine ran past step 49: the direction just shown flashes; no square is shown
        assert "✱ 7.0 ✱" in text and "FLASHING" in text
        assert not board_cells(screen_text(app)) or all(c == "·" for c in board_cells(screen_text(app)).values())
        assert not re.search(r"\d\.[1-9]", screen_text(app))
        assert "Extend by 10 moves" in text
        await pilot.press(*["minus"] * 8)  # extend by 2
        assert "Extend by 2 moves (CLR, 2 STO 0)" in flat(app)
        await pilot.press("e")
        await settle(pilot, screen)
        assert screen.game.moves_left == 2 and screen.game.status is DuelStatus.IN_PROGRESS
        assert screen.game.keys[-4:] == ["CLR", "2", "STO", "0"]
        await move(pilot, watch, 2, 3, "n")  # 3.5
        await move(pilot, watch, 1, 6, "left")  # 5.4: moves out again
        assert screen.phase == "draw"
        assert "✱ 6.0 ✱" in flat(app)
        await pilot.press("x")  # the players stop: both squares revealed
        await pilot.pause()
        text = flat(app)
        assert screen.phase == "over" and "Game over: a draw" in text
        assert "Player 1 on 5.4, Player 2 on 3.5" in text
        cells = board_cells(screen_text(app))
        assert cells[(5, 4)] == "1" and cells[(3, 5)] == "2"
        assert "2 STO 0" in screen_text(app)  # the key log, now public
    assert not watch.leaks, watch.leaks[0]
    assert watch.private_frames > 20 and watch.curtain_frames > 5


class TimedDuelScreen(TI57DuelScreen):
    """Records each display the worker paces, when it came, and the screen as then drawn."""

    seen: list[tuple[float, str, str, str]]

    def on_display_shown(self, message) -> None:  # noqa: ANN001
        super().on_display_shown(message)
        if hasattr(self, "seen"):
            self.seen.append((time.monotonic(), message.shown.text, message.shown.state, screen_text(self.app)))


async def test_pause_shows_the_new_square_then_the_direction() -> None:
    app = ArcadeApp(game="ti57-duel", screens={"ti57-duel": lambda: TimedDuelScreen(pause_seconds=0.3, blink=False)})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.1)
        screen = app.screen
        assert isinstance(screen, TI57DuelScreen)
        await pilot.press("enter", "enter", "enter")  # limit 20, player 1 keys 4.4
        await settle(pilot, screen)
        await pilot.press("enter", "down", "enter")  # player 2 keys 4.3
        await settle(pilot, screen)
        await pilot.press("enter")
        seen = screen.seen = []  # (time, display, state, what the screen showed)
        await pilot.press("8")  # player 1 goes north: 8 SBR 1
        await settle(pilot, screen)
        assert [(d, s) for _, d, s, _ in seen] == [("4.5", "pause"), ("8.0", "stopped")]
        (t0, _, _, during), (t1, _, _, after) = seen
        assert t1 - t0 >= 0.15  # the Pause was paced by the worker (0.3 s asked; handling latency varies)
        assert "Pause" in during and "4.5" in during and board_cells(during)[(4, 5)] == "1"
        assert "stopped" in after and "8.0" in after
        assert isinstance(app.screen, HandOff)
        assert "Player 1 has moved ↑ N (code 8)" in flat(app)


class LeakyDuelScreen(TI57DuelScreen):
    """A broken screen that draws the other player's pawn: the frame watch must catch it."""

    def board_view(self):  # noqa: ANN201
        view = super().board_view()
        if self.phase == "turn" and self.viewer is not None and self.game is not None:
            other = 3 - self.viewer
            view.pieces[self.game.square_of(other)] = (str(other), "grid--other")
        return view


async def test_the_frame_watch_catches_a_leak() -> None:
    app = ArcadeApp(game="ti57-duel", screens={"ti57-duel": lambda: LeakyDuelScreen(pause_seconds=0, blink=False)})
    watch = FrameWatch(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.1)
        await pilot.press("enter")
        await place(pilot, watch, 1, (3, 3))  # not 4.4, where every setup cursor starts
        await place(pilot, watch, 2, (7, 7))
        await lift_curtain(pilot, 1)
        await pilot.pause()
    assert watch.leaks and all("player 1's view shows player 2 on (7, 7)" in leak for leak in watch.leaks)


async def test_help_and_leaving_for_the_launcher_show_nothing_private() -> None:
    app = duel_app()
    watch = FrameWatch(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.1)
        screen = app.screen
        await pilot.press("enter")
        await place(pilot, watch, 1, (1, 7))
        await place(pilot, watch, 2, (8, 2))
        await lift_curtain(pilot, 1)
        await pilot.press("question_mark")  # the help page covers the view entirely
        await pilot.pause(0.2)
        assert "Blind duel" in flat(app) and not board_cells(screen_text(app))
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and screen.viewer == 1  # back to player 1's view
        await pilot.press("escape")  # to the launcher...
        await pilot.pause(0.2)
        assert app.current_mode == "launcher"
        assert not re.search(r"\d\.\d", screen_text(app))
        app.start_game("ti57-duel")  # ...and back: the curtain first, whoever is looking now
        await pilot.pause(0.2)
        assert isinstance(app.screen, HandOff) and "Back to the duel" in flat(app)
        await lift_curtain(pilot, 1)
        assert "You are on 1.7" in flat(app)
    assert not watch.leaks, watch.leaks[0]
    assert watch.other_frames > 0


async def test_the_mouse_places_and_moves() -> None:
    app = duel_app()
    watch = FrameWatch(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.1)
        screen = app.screen
        board = screen.query_one("#board")

        def at(sq: tuple[int, int]) -> tuple[int, int]:
            return 2 + 3 * sq[0] + 1, 1 + (9 - sq[1])

        await pilot.press("enter")
        for player, square in ((1, (8, 1)), (2, (2, 8))):
            await lift_curtain(pilot, player)
            await pilot.click(board, offset=at(square))
            assert screen.cursor == square
            watch.squares[player] = square
            await pilot.press("enter")
            await settle(pilot, screen)
        await lift_curtain(pilot, 1)
        await pilot.click(board, offset=at((5, 5)))  # not next to 8.1: nothing happens
        assert not screen.game.turns
        watch.squares[1] = (7, 2)
        await pilot.click(board, offset=at((7, 2)))  # the ↖ square: 7 SBR 1
        await settle(pilot, screen)
        assert screen.game.turns[-1].keys == ("7", "SBR", "1") and screen.game.square_of(1) == (7, 2)
    assert not watch.leaks, watch.leaks[0]
