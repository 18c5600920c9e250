"""Move history, export, pause and keys in both TI-57 games.

An exported game is replayed key by key on a bare TI-57 with the same listing: it
must end with the same registers and display, so the text really lets a player
replay the game on a real calculator.  In the duel, the history and the export exist
only once the game is over, and the pause hides everything (checked on the screen).
"""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

from arcade.app import ArcadeApp
from arcade.help import HelpScreen, keys_markdown
from arcade.ti57_duel.screen import HandOff, TI57DuelScreen
from arcade.ti57_wolf.screen import TI57WolfScreen
from arcade.widgets.history import MoveHistory
from games.ti57_duel import load_program as duel_program
from games.ti57_wolf import Side
from games.ti57_wolf import load_program as wolf_program
from machines.ti57 import TI57, Program, StopReason
from tests.arcade.helpers import flat, screen_text, settle
from tests.arcade.duel_helpers import FrameWatch, board_cells, lift_curtain, move, place, opened
from tests.arcade.test_ti57_wolf_screen import right_column, shown_board

SQUARE = re.compile(r"\d\.\d")


def wolf_app(first: Side, purist: bool = False) -> ArcadeApp:
    return ArcadeApp(
        game="ti57-wolf",
        screens={"ti57-wolf": lambda: TI57WolfScreen(coin=lambda: first, purist=purist, blink=False)},
    )


def duel_app() -> ArcadeApp:
    return ArcadeApp(game="ti57-duel", screens={"ti57-duel": lambda: TI57DuelScreen(pause_seconds=0.02, blink=False)})


def replay(text: str, program: Program) -> TI57:
    """Type the export's "Every key" lines on a bare TI-57, running the program after each SBR n."""
    lines = text.split("to replay", 1)[1].splitlines()[1:]
    machine = TI57()
    machine.load(program)
    previous = ""
    for line in lines:
        if not line.startswith("  "):
            break
        for token in line.split():
            keys = [token] if token == "+/-" or not set(token) <= set("0123456789.") else list(token)
            for key in keys:
                machine.press(key)
                if previous == "SBR":
                    while machine.run(10_000).reason is StopReason.PAUSE:
                        pass
                previous = key
    return machine


async def test_wolf_history_in_both_notations_and_an_export_that_replays_on_a_ti57() -> None:
    app = wolf_app(Side.LAMBS, purist=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.1)
        screen = app.screen
        assert isinstance(screen, TI57WolfScreen)
        for keys in (("3", "4"), ("1",), ("3", "6"), ("3",), ("3", "6"), ("3",), ("1", "6"), ("3",), ("t",), ("1",)):
            await pilot.press(*keys)  # ... the wolf onto lamb 3 (flashes), taken back (CLR SBR 3), then ↙
            await settle(pilot, screen)
        game = screen.game
        await pilot.press("H")
        await pilot.pause()
        text = screen_text(app)
        assert "Keys typed on the TI-57" not in text  # the history takes the key log's place
        assert screen.query_one(MoveHistory).header.startswith("Set-up: 4.8 STO 7 1.1 STO 1")
        assert re.search(r"8 wolf +5\.5-6\.4 refused SBR 7", text)  # the squares, then the program's keys
        assert re.search(r"9 wolf +6\.4-5\.5 back CLR SBR 3", text)
        assert re.search(r"10 wolf +5\.5-4\.4 SBR 1", text) and "shows 6.4 flashing" in text
        await pilot.press("x")
        await pilot.pause()
        path = screen.exported
        assert isinstance(path, Path) and path.is_file() and path.parent.name == "saves"
        exported = path.read_text(encoding="utf-8")
        assert "the lambs started (coin toss); referee off (purist)" in exported
        assert "Set-up keys: 4.8 STO 7   1.1 STO 1   3.1 STO 2   5.1 STO 3   7.1 STO 4   1.1 STO 6   .9 +/- STO 5" in exported
        assert re.search(r"\n +1  lamb 3  5\.1-4\.2 +3 SBR 4 +shows -0\.9\n", exported)
        assert "In progress: the lambs to move." in exported
        machine = replay(exported, wolf_program())
        assert [machine.register(r) for r in range(8)] == [game.machine.register(r) for r in range(8)]
        assert machine.display == game.machine.display and machine.flashing == game.machine.flashing


async def test_wolf_off_board_pieces_show_their_register_and_the_referee_cannot_take_them_up() -> None:
    app = wolf_app(Side.LAMBS, purist=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.1)
        screen = app.screen
        for keys in (("1", "4"), ("1",), ("1", "4")):  # lamb 1 off the left edge twice (no referee)
            await pilot.press(*keys)
            await settle(pilot, screen)
        game = screen.game
        assert game.machine.register(1) == Decimal("-0.7") and game.board.lambs[0] == (-1, 3)
        words = right_column(app)
        assert "Off the board: 1 -0.7" in words and "-1.3" not in flat(app)  # what R1 holds, not a col.row
        assert "1:-0.7" in flat(app)
        await pilot.press("r")  # the referee cannot judge a board with a lamb off it
        await pilot.pause()
        assert "The referee stays off: a piece is off the board" in right_column(app) and not game.referee_enabled
        await pilot.press("H")
        await pilot.pause()
        assert "0.2--0.7" in screen_text(app) and "1 SBR 4" in screen_text(app)


async def test_wolf_pause_hides_the_board_and_holds_the_keys() -> None:
    app = wolf_app(Side.WOLF)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.1)
        screen = app.screen
        before = shown_board(app)
        await pilot.press("p")
        await pilot.pause()
        text = screen_text(app)
        assert "Paused: the board and the TI-57 are hidden." in text
        assert shown_board(text) == {} and not SQUARE.search(text)
        await pilot.press("1", "z", "H")  # nothing moves while paused
        await settle(pilot, screen)
        assert screen.game.history == [] and not screen.history_shown
        await pilot.press("p")
        await pilot.pause()
        assert shown_board(app) == before and "Paused" not in screen_text(app)


async def test_duel_history_hidden_until_the_end_then_shown_and_exported() -> None:
    app = duel_app()
    watch = FrameWatch(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await pilot.press("enter")
        await place(pilot, watch, 1, (2, 3))
        await place(pilot, watch, 2, (4, 5))
        await move(pilot, watch, 1, 2, "6")  # 2 SBR 1: to 3.3
        screen = await lift_curtain(pilot, 2)
        await pilot.press("H", "w")  # no history, no export while the game goes on
        await pilot.pause()
        assert not screen.history_shown and screen.exported is None
        assert not screen.query_one(MoveHistory).display and not screen.query_one(MoveHistory).rows
        assert "SBR" not in screen_text(app)  # nor any key typed
        watch.squares[2] = (3, 4)
        await pilot.press("1")  # 5 SBR 2: to 3.4
        await settle(pilot, screen)
        screen = await move(pilot, watch, 1, 8, "8")  # 8 SBR 1: onto 3.4, the capture
        assert screen.phase == "over"
        await pilot.press("H")
        await pilot.pause()
        text = screen_text(app)
        assert screen.query_one(MoveHistory).header == "Keys: 20 STO 0 2nd Fix 1 CLR 2.3 STO 1 CLR 4.5 STO 2 CLR"
        assert re.search(r"1 Player 1 → E to 3\.3 2 SBR 1", text) and re.search(r"3 Player 1 ↑ N to 3\.4 8 SBR 1", text)
        await pilot.press("w")
        await pilot.pause()
        exported = screen.exported.read_text(encoding="utf-8")
        assert "Player 1 captured Player 2 on 3.4." in exported and "shows 3.4 then 9.9 99 flashing" in exported
        machine = replay(exported, duel_program())
        assert machine.register(1) == machine.register(2) == screen.session.game.machine.register(1)
        assert machine.flashing and machine.display == screen.session.game.machine.display
    assert not watch.leaks, watch.leaks[0]


async def test_duel_pause_hides_everything_and_hands_off_again() -> None:
    app = duel_app()
    watch = FrameWatch(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await pilot.press("enter")
        await place(pilot, watch, 1, (2, 3))
        await place(pilot, watch, 2, (7, 6))
        screen = await lift_curtain(pilot, 1)
        app.notify("You are on 2.3")  # a toast with something private in it
        await pilot.pause()
        await pilot.press("p")
        await pilot.pause()
        text = screen_text(app)
        assert "Paused: everything is hidden." in text
        assert not board_cells(text) and not SQUARE.search(text) and "Player 1:" not in text
        assert "paused" in text  # the title says so, and nothing else
        await pilot.press("6", "i", "s")  # nothing works but p
        await pilot.pause()
        assert screen.session.game.turns == [] and not SQUARE.search(screen_text(app))
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, HandOff) and "Back from the pause" in flat(app)
        screen = await lift_curtain(pilot, 1)
        assert board_cells(screen_text(app))[(2, 3)] == "1"
    assert not watch.leaks, watch.leaks[0]


async def test_every_binding_has_an_id_and_question_mark_lists_the_new_keys() -> None:
    for screen_class in (TI57WolfScreen, TI57DuelScreen, HandOff):
        for binding in screen_class.BINDINGS:
            assert binding.id, f"{screen_class.__name__}: {binding.key} has no id"
    app = wolf_app(Side.WOLF)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.1)
        keys = keys_markdown(app.screen)
        for words in ("| `z` `ctrl+z` | Undo a move |", "| `U` | Redo |", "| `p` | Pause |", "| `H` | Move history |",
                      "| `x` | Export the moves |", "| `r` | Purist |"):
            assert words in keys.replace("^z", "ctrl+z"), keys
        assert re.search(r"\| `tab` .*\| Next lamb \|", keys)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
