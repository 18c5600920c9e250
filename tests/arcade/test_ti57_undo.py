"""Undo in both TI-57 games, by whole snapshots of the TI-57 and its driver.

Wolf and lambs (two humans, or one playing both sides): z / Ctrl+Z undo whole moves,
U / Ctrl+Y redo them, a new move forgets what was undone.  The duel: undo is offered
on the hand-off after a move, to the player who made it, until Enter; never a redo.
Every duel frame is watched for the other player's square (``FrameWatch``).
"""

from __future__ import annotations

from arcade.app import ArcadeApp
from arcade.ti57_duel.screen import HandOff, TI57DuelScreen
from arcade.ti57_wolf.screen import TI57WolfScreen
from games.ti57_wolf import Side
from tests.arcade.helpers import wait_until, flat, screen_text, settle
from tests.arcade.duel_helpers import FrameWatch, board_cells, lift_curtain, place, opened
from tests.arcade.test_ti57_wolf_screen import right_column, shown_board


def wolf_app(first: Side, purist: bool = False) -> ArcadeApp:
    return ArcadeApp(
        game="ti57-wolf",
        screens={"ti57-wolf": lambda: TI57WolfScreen(coin=lambda: first, purist=purist, blink=False)},
    )


async def test_wolf_undo_and_redo_whole_moves_by_snapshots() -> None:
    app = wolf_app(Side.WOLF)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.1)
        screen = app.screen
        assert isinstance(screen, TI57WolfScreen)
        states = [screen.game.snapshot()]
        await pilot.press("z")  # nothing to undo: the key is dimmed and changes nothing
        assert screen.game.snapshot() == states[0]
        boards = [shown_board(app)]
        for keys in (("1",), ("3", "6"), ("9",)):  # wolf SBR 1, lamb 3 SBR 6, wolf SBR 9
            await pilot.press(*keys)
            await settle(pilot, screen)
            states.append(screen.game.snapshot())
            boards.append(shown_board(app))
        for key, back_to in (("z", 2), ("ctrl+z", 1), ("z", 0)):
            await pilot.press(key)
            await pilot.pause()
            assert screen.game.snapshot() == states[back_to]  # the whole TI-57: registers, keys, display
            assert shown_board(app) == boards[back_to]
        assert screen.game.to_move is Side.WOLF and screen.game.keys == states[0]["keys"]
        for key, forward_to in (("U", 1), ("ctrl+y", 2)):
            await pilot.press(key)
            await pilot.pause()
            assert screen.game.snapshot() == states[forward_to]
            assert shown_board(app) == boards[forward_to]
        assert "Redone: 2 moves played." in right_column(app)
        # a different move after an undo forgets the redo
        await pilot.press("z")
        await pilot.pause()
        await pilot.press("2", "4")  # lamb 2 SBR 4 instead of lamb 3 SBR 6
        await settle(pilot, screen)
        assert screen.game.keys[-3:] == ["2", "SBR", "4"] and screen.game.board.lambs[1] == (2, 2)
        await pilot.press("U")
        assert "Nothing to redo." in right_column(app) and len(screen.game.history) == 2


async def test_wolf_undo_takes_back_the_machines_flashing_refusal() -> None:
    app = wolf_app(Side.LAMBS, purist=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.1)
        screen = app.screen
        for keys in (("3", "4"), ("1",), ("3", "6"), ("3",), ("3", "6"), ("3",), ("1", "6")):
            await pilot.press(*keys)
            await settle(pilot, screen)
        before = screen.game.snapshot()
        await pilot.press("3")  # ↘ SBR 7 onto lamb 3: the TI-57 flashes
        await settle(pilot, screen)
        assert screen.game.collision == 7 and "✱" in flat(app)
        await pilot.press("ctrl+z")  # the owner's other way out: the registers as before
        await pilot.pause()
        assert screen.game.snapshot() == before and screen.game.collision is None
        assert "✱" not in flat(app) and shown_board(app)[(5, 5)] == "W"
        await pilot.press("U")
        await pilot.pause()
        assert screen.game.collision == 7 and "✱ 6.4 ✱" in flat(app)


async def test_duel_undo_only_for_the_mover_and_only_before_enter() -> None:
    app = ArcadeApp(game="ti57-duel", screens={"ti57-duel": lambda: TI57DuelScreen(pause_seconds=0.02, blink=False)})
    watch = FrameWatch(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await pilot.press("enter")
        await place(pilot, watch, 1, (2, 3))
        await place(pilot, watch, 2, (7, 6))
        screen = await lift_curtain(pilot, 1)
        before = screen.session.game.snapshot()
        watch.squares[1] = (3, 3)
        await pilot.press("6")  # 2 SBR 1
        await settle(pilot, screen)
        assert isinstance(app.screen, HandOff)
        assert "Player 1: u takes your move back (only before Enter)" in flat(app)
        await pilot.press("U")  # no redo, nor anything else, on the curtain
        assert isinstance(app.screen, HandOff) and len(screen.session.game.turns) == 1
        await pilot.press("u")
        await wait_until(pilot, lambda: "taken back" in flat(app), what="the curtain for the mover")
        watch.squares[1] = (2, 3)
        assert isinstance(app.screen, HandOff)  # the curtain again, for the mover: nothing private yet
        assert "Player 1's move was taken back" in flat(app) and "Pass the keyboard to Player 1" in flat(app)
        assert "takes your move back" not in flat(app)  # one undo, then nothing more to take back
        assert screen.session.game.snapshot() == before  # the TI-57 as before the move: R1, R0, keys
        screen = await lift_curtain(pilot, 1)
        assert board_cells(screen_text(app))[(2, 3)] == "1" and "Moves left: 20" in flat(app)
        watch.squares[1] = (2, 4)
        await pilot.press("up")  # 8 SBR 1 instead
        await settle(pilot, screen)
        assert "Player 1: u takes your move back" in flat(app)
        screen = await lift_curtain(pilot, 2)  # Enter: the undo is gone
        turns = list(screen.session.game.turns)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert screen.session.game.turns == turns and screen.viewer == 2 and isinstance(app.screen, TI57DuelScreen)
        await pilot.press("2")  # 4 SBR 2: player 2 moves; now only player 2 may take it back
        watch.squares[2] = (7, 5)
        await settle(pilot, screen)
        assert "Player 2: u takes your move back" in flat(app) and "Player 1: u" not in flat(app)
        await pilot.press("ctrl+z")
        await wait_until(pilot, lambda: "taken back" in flat(app), what="the curtain for the mover")
        watch.squares[2] = (7, 6)
        assert "Player 2's move was taken back" in flat(app) and len(screen.session.game.turns) == 1
        assert screen.session.game.square_of(1) == (2, 4)  # player 1's move stands
    assert not watch.leaks, watch.leaks[0]
    assert watch.curtain_frames > 5
