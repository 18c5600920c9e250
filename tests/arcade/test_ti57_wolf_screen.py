"""Whole games of wolf and lambs through the arcade, by keys, on the real TI-57 emulator and listing.

Each game is replayed move by move on the test's own referee (games/ti57_wolf/referee.py,
which knows nothing of the machine): after every move the board read back from the
screen must be the referee's, and the end must be announced with the referee's reason.
The move lists were found by random play on the referee alone.
"""

from __future__ import annotations

import re

from arcade.app import ArcadeApp
from arcade.widgets.grid import SquareBoard
from arcade.ti57_wolf.screen import TI57WolfScreen
from arcade.widgets.dialogs import GameOverDialog
from games.ti57_wolf import START, Side, WolfReferee
from tests.arcade.helpers import flat, screen_text, settle

BOARD_LINE = re.compile(r"^ (\d) │((?:.{3}│){8}) (\d)")

# the keys that make each move, by the board as drawn (row 8 at the top)
WOLF_KEYS = {3: ("7", "y"), 9: ("9", "u"), 1: ("1", "b"), 7: ("3", "n")}  # SBR 3 is ↖ ... SBR 7 is ↘
LAMB_KEYS = {4: ("4", "7", "left", "y"), 6: ("6", "9", "right", "u")}

W_ROW_1 = "W7 L46 W7 L26 W1 L24 W7 L26 W1 L24 W1 L36 W7"  # the wolf starts: ↙ ↘ ... row 1
BLOCKED = "L26 W1 L36 W1 L16 W1 L24 W7 L46 W1 L24"  # the lambs start and pen the wolf in
ALL_ROW_8 = (
    "L34 W7 L34 W3 L24 W1 L36 W9 L44 W1 L34 W1 L44 W1 L46 W9 L44 W1 L26 W7 L16 W1 L26 W9 L46 W3 L46 W7 "
    "L26 W1 L44 W9 L36 W9 L14 W3 L26 W9 L26 W3 L16 W1 L14 W9 L16 W7 L26 W3 L14 W7 L36 W1 L16 W1 L34"
)
LAMBS_STUCK = (
    "L46 W1 L36 W9 L36 W1 L34 W7 L34 W1 L16 W7 L34 W3 L34 W9 L16 W9 L26 W7 L26 W3 L24 W7 L26 W7 L34 W9 "
    "L24 W1 L14 W1 L14 W7 L26 W3 L24 W7 L16 W9 L16 W1"
)


def right_column(app: ArcadeApp) -> str:
    """The words of the right-hand column (x >= 40) on one line: messages wrap there."""
    return " ".join(" ".join(line[40:] for line in screen_text(app).splitlines()).split())


def shown_board(app_or_text: ArcadeApp | str) -> dict[tuple[int, int], str]:
    """(column, row) -> the piece on screen ('W', '1'-'4'), empty squares left out."""
    text = app_or_text if isinstance(app_or_text, str) else screen_text(app_or_text)
    pieces: dict[tuple[int, int], str] = {}
    for line in text.splitlines():
        m = BOARD_LINE.match(line)
        if m and m.group(1) == m.group(3):
            row = int(m.group(1))
            for col, cell in enumerate(m.group(2).split("│")[:8], start=1):
                glyph = cell.strip("[] ")
                if glyph and glyph not in "·↖↗↙↘":
                    pieces[(col, row)] = glyph
    return pieces


def expected_board(ref: WolfReferee) -> dict[tuple[int, int], str]:
    board = {sq: str(k) for k, sq in enumerate(ref.board.lambs, start=1)}
    board[ref.board.wolf] = "W"
    return board


def wolf_app(first: Side, purist: bool = False) -> ArcadeApp:
    return ArcadeApp(
        game="ti57-wolf",
        screens={"ti57-wolf": lambda: TI57WolfScreen(coin=lambda: first, purist=purist, blink=False)},
    )


async def play_by_keys(pilot, script: str, first: Side, variant: int = 0, ways: int = 4) -> tuple[TI57WolfScreen, WolfReferee]:  # noqa: ANN001
    """Play ``script`` ("W1" = wolf SBR 1, "L26" = 2 SBR 6) by keys, checking the screen after each move.

    Lambs are chosen in turn by their digit, by Tab and by a click (``ways`` < 3 leaves
    the slower Tab and click out of long games); each direction has its several keys.
    """
    app = pilot.app
    await pilot.pause(0.1)
    screen = app.screen
    assert isinstance(screen, TI57WolfScreen)
    ref = WolfReferee(START, first)
    text = screen_text(app)  # one render per move: the checks read it
    assert shown_board(text) == expected_board(ref)
    for i, move in enumerate(script.split()):
        v = (i + variant) % ways
        assert ref.result() is None
        if move[0] == "W":
            key = int(move[1])
            assert ref.to_move is Side.WOLF and "The wolf to move" in text
            await pilot.press(WOLF_KEYS[key][v % 2])
            ref = ref.wolf_move(key)
        else:
            k, key = int(move[1]), int(move[2])
            assert ref.to_move is Side.LAMBS and "The lambs to move" in text
            if v == 3:  # Tab until lamb k is chosen
                await pilot.press(*["tab"] * k)
            elif v == 2:  # a click on the lamb
                board = screen.query_one(SquareBoard)
                col, row = ref.board.lambs[k - 1]
                await pilot.click(board, offset=(3 + 4 * (col - 1) + 1, 2 + 2 * (8 - row)))
            else:
                await pilot.press(str(k))
            assert screen.selected == k, (move, screen.selected)
            await pilot.press(LAMB_KEYS[key][v])
            ref = ref.lamb_move(k, key)
        await settle(pilot, screen)
        if isinstance(app.screen, GameOverDialog):
            break
        text = screen_text(app)
        assert shown_board(text) == expected_board(ref), move
        record = screen.game.history[-1]
        assert screen.query_one("#led").shown.text == record.display
    assert len(screen.game.history) == len(script.split())
    assert screen.game.board == ref.board  # decoded from the TI-57's registers
    return screen, ref


async def test_the_wolf_reaches_row_1() -> None:
    app = wolf_app(Side.WOLF)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, ref = await play_by_keys(pilot, W_ROW_1, Side.WOLF)
        assert ref.result().reason == "the wolf reached row 1"
        assert isinstance(app.screen, GameOverDialog)
        assert "Game over. The wolf wins: the wolf reached row 1." in flat(app)
        await pilot.press("escape")  # look at the board
        await pilot.pause()
        assert shown_board(app) == expected_board(ref)
        assert "The wolf wins!" in flat(app) and "The wolf reached row 1." in flat(app)
        assert screen.game.board.wolf[1] == 1
        # the key log, as typed: the wolf's ↙ was SBR 1, its ↘ was SBR 7
        text = screen_text(app)
        assert "SBR 7" in text and "3 SBR 6" in text
        # a finished game takes no more moves
        before = list(screen.game.keys)
        await pilot.press("9")
        await settle(pilot, screen)
        assert screen.game.keys == before and "The game is over" in right_column(app)


async def test_the_lambs_block_the_wolf() -> None:
    app = wolf_app(Side.LAMBS)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, ref = await play_by_keys(pilot, BLOCKED, Side.LAMBS, variant=2)
        assert ref.result().reason == "the wolf is blocked"
        assert "Game over. The lambs win: the wolf is blocked." in flat(app)
        await pilot.press("n")  # the dialog's "new game": a fresh set-up
        await pilot.pause()
        assert not screen.game.history and shown_board(app) == expected_board(WolfReferee(START, Side.LAMBS))


async def test_all_the_lambs_reach_row_8() -> None:
    app = wolf_app(Side.LAMBS)
    async with app.run_test(size=(80, 24)) as pilot:
        _, ref = await play_by_keys(pilot, ALL_ROW_8, Side.LAMBS, variant=1, ways=2)
        assert ref.result().reason == "all the lambs reached row 8"
        assert "Game over. The lambs win: all the lambs reached row 8." in flat(app)


async def test_the_lambs_cannot_move() -> None:
    app = wolf_app(Side.LAMBS)
    async with app.run_test(size=(80, 24)) as pilot:
        _, ref = await play_by_keys(pilot, LAMBS_STUCK, Side.LAMBS, variant=0, ways=2)
        assert ref.result().reason == "the lambs cannot move" and ref.result().winner is Side.WOLF
        assert "Game over. The wolf wins: the lambs cannot move." in flat(app)


async def test_illegal_moves_are_refused_before_the_machine() -> None:
    app = wolf_app(Side.WOLF)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.1)
        screen = app.screen
        game = screen.game
        keys = list(game.keys)
        await pilot.press("7")  # ↖ from 4.8: off the board
        assert "Refused ↖: SBR 3 would take the wolf off the board to 3.9" in right_column(app)
        await pilot.press("2")  # not a wolf move
        assert "The wolf moves on the diagonals" in right_column(app)
        assert game.keys == keys and not game.history
        await pilot.press("b")  # ↙ SBR 1: 3.7
        await settle(pilot, screen)
        assert game.keys[-2:] == ["SBR", "1"] and screen.query_one("#led").shown.text == "3.7"
        await pilot.press("6")
        assert "Choose a lamb first" in right_column(app)
        await pilot.press("1", "n")  # lamb 1 ↘: lambs only go forward
        assert "lambs only go forward" in right_column(app)
        await pilot.press("left")  # lamb 1 ↖ from 1.1: off the board
        assert "1 SBR 4 would take lamb 1 off the board to 0.2" in right_column(app)
        assert game.keys[-2:] == ["SBR", "1"] and len(game.history) == 1
        await pilot.press("right")  # 1 SBR 6: 2.2
        await settle(pilot, screen)
        assert game.keys[-3:] == ["1", "SBR", "6"] and game.board.lambs[0] == (2, 2)
        assert screen.query_one("#led").shown.text == "1.1"  # a lamb's move shows the step, as on the TI-57


async def test_purist_wolf_on_a_lamb_flashes_and_is_taken_back() -> None:
    app = wolf_app(Side.LAMBS)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.1)
        screen = app.screen
        await pilot.press("r")
        assert "Referee off (purist)" in flat(app)
        for keys in (("3", "4"), ("1",), ("3", "6"), ("3",), ("3", "6"), ("3",), ("1", "6")):
            await pilot.press(*keys)
            await settle(pilot, screen)
        game = screen.game
        assert game.board.wolf == (5, 5) and game.board.lambs[2] == (6, 4)
        await pilot.press("3")  # ↘ SBR 7 onto lamb 3
        await settle(pilot, screen)
        assert game.collision == 7
        text = flat(app)
        assert "✱ 6.4 ✱" in text and "FLASHING" in text
        assert "The TI-57 refused the wolf's move" in text and "t: take it back (CLR, SBR 3)" in text
        assert shown_board(app)[(6, 4)] == "W"  # the machine kept the wolf on the lamb's square (R7)
        await pilot.press("9")  # nothing moves while the display flashes
        assert "Press t to take it back" in right_column(app) and game.keys[-2:] == ["SBR", "7"]
        await pilot.press("t")
        await settle(pilot, screen)
        assert game.keys[-3:] == ["CLR", "SBR", "3"] and game.collision is None
        assert game.board.wolf == (5, 5) and game.to_move is Side.WOLF
        assert "✱" not in flat(app) and screen.query_one("#led").shown.text == "5.5"
        await pilot.press("r")  # the referee back on: the same move is now refused before the machine
        await pilot.press("3")
        assert "SBR 7: a lamb is on 6.4" in right_column(app) and game.keys[-1] == "3"
        await pilot.press("i")  # the registers: R3 holds lamb 3, R7 the wolf
        await pilot.pause()
        text = screen_text(app)
        assert re.search(r"R3 +6\.4 +lamb 3's square", text) and re.search(r"R7 +5\.5 +t: the wolf's square", text)


async def test_coin_toss_decides_who_starts() -> None:
    tosses = iter([Side.LAMBS, Side.WOLF])
    app = ArcadeApp(game="ti57-wolf", screens={"ti57-wolf": lambda: TI57WolfScreen(coin=lambda: next(tosses), blink=False)})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.1)
        assert "Coin toss: tails, the lambs start." in right_column(app) and "The lambs to move" in flat(app)
        await pilot.press("g")
        await pilot.pause()
        assert "Coin toss: heads, the wolf starts." in right_column(app) and "The wolf to move" in flat(app)


async def test_no_color_still_tells_everything_by_glyphs(monkeypatch) -> None:  # noqa: ANN001
    monkeypatch.setenv("NO_COLOR", "1")
    app = wolf_app(Side.LAMBS)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.1)
        assert app.no_color
        screen = app.screen
        await pilot.press("2")
        text = screen_text(app)
        assert "[2]" in text and "↖" in text and "↗" in text  # the chosen lamb, bracketed; its moves, as arrows
        assert shown_board(text) == expected_board(WolfReferee(START, Side.LAMBS))
        assert "Wolf and lambs on the TI-57 — the lambs to move" in text
        await pilot.press("6")
        await settle(pilot, screen)
        assert "The wolf to move" in screen_text(app) and "W" in shown_board(app).values()
