"""Undo in the TI-57 duel, by whole snapshots of the TI-57 and its driver.

(The wolf's undo and redo are tested on its session, tests/games/test_ti57_wolf_session.py,
and once through its screen, tests/arcade/test_ti57_wolf_screen.py.)  The duel: undo is offered
on the hand-off after a move, to the player who made it, until Enter; never a redo.
Every duel frame is watched for the other player's square (``FrameWatch``).
"""

from __future__ import annotations

from arcade.shell.app import ArcadeApp
from arcade.screens.ti57_duel.screen import HandOff, TI57DuelScreen
from tests.arcade.helpers import wait_until, flat, screen_text, settle, type_keys
from tests.arcade.duel_helpers import hosted, FrameWatch, board_cells, both_placed, lift_curtain


async def test_duel_undo_only_for_the_mover_and_only_before_enter() -> None:
    app = ArcadeApp(game="ti57-duel", screens={"ti57-duel": lambda: TI57DuelScreen(pause_seconds=0.02, blink=False)})
    watch = FrameWatch(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await both_placed(pilot, watch, (2, 3), (7, 6))
        screen = await lift_curtain(pilot, 1)
        before = hosted(screen).game.snapshot()
        watch.squares[1] = (3, 3)
        await type_keys(pilot, "6")  # 2 SBR 1
        await settle(pilot, screen)
        assert isinstance(app.screen, HandOff)
        assert "Player 1: u takes your move back (only before Enter)" in flat(app)
        await type_keys(pilot, "U")  # no redo, nor anything else, on the curtain
        assert isinstance(app.screen, HandOff) and len(hosted(screen).game.turns) == 1
        await type_keys(pilot, "u")
        await wait_until(pilot, lambda: "taken back" in flat(app), what="the curtain for the mover")
        watch.squares[1] = (2, 3)
        assert isinstance(app.screen, HandOff)  # the curtain again, for the mover: nothing private yet
        assert "Player 1's move was taken back" in flat(app) and "Pass the keyboard to Player 1" in flat(app)
        assert "takes your move back" not in flat(app)  # one undo, then nothing more to take back
        assert hosted(screen).game.snapshot() == before  # the TI-57 as before the move: R1, R0, keys
        screen = await lift_curtain(pilot, 1)
        assert board_cells(screen_text(app))[(2, 3)] == "1" and "Moves left: 20" in flat(app)
        watch.squares[1] = (2, 4)
        await type_keys(pilot, "up")  # 8 SBR 1 instead
        await settle(pilot, screen)
        assert "Player 1: u takes your move back" in flat(app)
        screen = await lift_curtain(pilot, 2)  # Enter: the undo is gone
        turns = list(hosted(screen).game.turns)
        await type_keys(pilot, "ctrl+z")
        assert hosted(screen).game.turns == turns and screen.viewer == 2 and isinstance(app.screen, TI57DuelScreen)
        await type_keys(pilot, "2")  # 4 SBR 2: player 2 moves; now only player 2 may take it back
        watch.squares[2] = (7, 5)
        await settle(pilot, screen)
        assert "Player 2: u takes your move back" in flat(app) and "Player 1: u" not in flat(app)
        await type_keys(pilot, "ctrl+z")
        await wait_until(pilot, lambda: "taken back" in flat(app), what="the curtain for the mover")
        watch.squares[2] = (7, 6)
        assert "Player 2's move was taken back" in flat(app) and len(hosted(screen).game.turns) == 1
        assert hosted(screen).game.square_of(1) == (2, 4)  # player 1's move stands
    assert not watch.leaks, watch.leaks[0]
    assert watch.curtain_frames > 5
