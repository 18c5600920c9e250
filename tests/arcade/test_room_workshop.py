"""The workshop through the app: from Lazard Othello, change the program in the CPC room,
save it by name, and play it in Lazard's own screen.  Every wait is on a condition."""

from __future__ import annotations

from pathlib import Path

from arcade.shell.app import ArcadeApp
from arcade.screens.lazard_othello.screen import LazardOthelloScreen
from arcade.screens.lazard_othello.variants import ProgramDialog
from arcade.screens.room.cpc import CpcRoomScreen
from arcade.widgets.cpc_screen import CpcScreen
from arcade.widgets.dialogs import SideDialog
from games.lazard_othello.driver import LISTING
from tests.arcade.othello_helpers import hosted, reload
from tests.arcade.helpers import flat, settle, type_keys, wait_until
from tests.arcade.test_room_cpc import type_line


async def test_change_the_program_save_it_and_play_it(arcade_data_dir: Path) -> None:
    app = ArcadeApp(game="lazard-othello")
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SideDialog))  # no variant yet: the usual question
        await type_keys(pilot, "w")  # the CPC plays White
        game = app.screen
        assert isinstance(game, LazardOthelloScreen)
        await settle(pilot, game)
        await type_keys(pilot, "w")  # change the program
        await wait_until(pilot, lambda: isinstance(app.screen, CpcRoomScreen))
        room = app.screen
        assert isinstance(room, CpcRoomScreen)
        await wait_until(pilot, lambda: room.room_view.lines > 90 and room.room_view.mode == "ready",
                         what="Lazard's listing loaded")
        await type_line(pilot, "150 DATA 50,13,25,20,20,15,3,40")
        await type_line(pilot, 'SAVE "betonner"')
        disc = arcade_data_dir / "cpc-disc"
        await wait_until(pilot, lambda: (disc / "BETONNER.BAS").is_file(), what="the variant saved")
        await type_keys(pilot, "f10")
        await wait_until(pilot, lambda: app.screen is game, what="back in the game")
        await type_keys(pilot, "n")
        await wait_until(pilot, lambda: isinstance(app.screen, ProgramDialog))
        assert "Variant BETONNER (1)" in flat(app)
        await type_keys(pilot, "1")
        await wait_until(pilot, lambda: isinstance(app.screen, SideDialog))
        await type_keys(pilot, "b")  # the variant plays Black: it moves first
        await wait_until(pilot, lambda: app.screen is game and game.variant == "BETONNER"
                         and game.view.moves_played == 1 and not game.busy, what="the variant's first move")
        assert "variant BETONNER" in game.sub_title
        assert "Je joue en" in game.query_one(CpcScreen).view.text
        assert hosted(game).driver.machine.lines[150] == "DATA 50,13,25,20,20,15,3,40"


async def test_broken_variants_are_named_and_the_game_kept(arcade_data_dir: Path) -> None:
    disc = arcade_data_dir / "cpc-disc"
    disc.mkdir(parents=True)
    lines = dict(line.split(" ", 1) for line in LISTING.splitlines() if line.strip())
    lines["540"] = "N=1"  # every empty square looks playable: the program plays A1
    (disc / "CASSE.BAS").write_text("".join(f"{n} {b}\r\n" for n, b in lines.items()), encoding="latin-1")
    (disc / "MUET.BAS").write_text("10 PRINT \"hello\"\r\n", encoding="latin-1")  # never asks X or O
    app = ArcadeApp(game="lazard-othello")
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, ProgramDialog))
        # MUET is marked as one that cannot play (no INPUT); CASSE can't be told without trying it
        labels = dict(app.screen.ANSWERS)
        assert labels["2"] == "Variant MUET (2) - no INPUT, cannot play" and labels["1"] == "Variant CASSE (1)"
        await wait_until(pilot, lambda: "Variant MUET (2) - no INPUT, cannot play" in flat(app), what="drawn whole")
        await type_keys(pilot, "1")  # CASSE
        await wait_until(pilot, lambda: isinstance(app.screen, SideDialog))
        await type_keys(pilot, "b")
        game = app.screen
        assert isinstance(game, LazardOthelloScreen)
        await wait_until(pilot, lambda: "The variant CASSE broke the game" in flat(app), what="CASSE named")
        assert "illegal move" in flat(app)
        assert game.view.moves_played == 0 and game.view.machine_to_move  # as before its move
        session = game.session
        await type_keys(pilot, "n")
        await wait_until(pilot, lambda: isinstance(app.screen, ProgramDialog))
        await type_keys(pilot, "2")  # MUET
        await wait_until(pilot, lambda: isinstance(app.screen, SideDialog))
        await type_keys(pilot, "w")
        await wait_until(pilot, lambda: "The variant MUET broke the game" in flat(app), what="MUET named")
        await settle(pilot, game)
        assert game.session is session and game.variant == "CASSE"  # the game in progress stays
