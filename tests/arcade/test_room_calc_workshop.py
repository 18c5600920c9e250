"""The HP-67 Othello workshop on screen: w opens the program in the HP-67 room, a card written
there is a variant, and a new game played by it (waits are on conditions)."""

from __future__ import annotations

from arcade.shell.app import ArcadeApp
from arcade.screens.hp67_othello.screen import HP67OthelloScreen
from arcade.screens.hp67_othello.workshop import ProgramChoice
from arcade.screens.room.hp67 import HP67RoomScreen
from arcade.widgets.dialogs import SideDialog

from .helpers import room_model, screen_text, type_keys, wait_until


async def test_change_the_program_then_play_the_variant() -> None:
    app = ArcadeApp(game="hp67-othello")
    async with app.run_test(size=(100, 32)) as pilot:
        # A fresh data directory: no save, no variant, so the side question comes (after the
        # board's first frame: waiting for the board alone would send w to the question).
        await wait_until(pilot, lambda: isinstance(app.screen, SideDialog), what="the side question")
        await type_keys(pilot, "escape")
        await wait_until(pilot, lambda: isinstance(app.screen, HP67OthelloScreen), what="the game")
        game = app.screen
        assert isinstance(game, HP67OthelloScreen)
        await type_keys(pilot, "w")
        await wait_until(pilot, lambda: isinstance(app.screen, HP67RoomScreen), what="the HP-67 room")
        room = app.screen
        await wait_until(pilot, lambda: len(room_model(room).machine.program.steps) == 199, what="Verniajou's listing in memory")
        assert room_model(room).write_card("mine")  # what the card dialog does (tested in the room's own tests)
        await type_keys(pilot, "escape")
        await wait_until(pilot, lambda: app.screen is game, what="back to the game")
        await type_keys(pilot, "n")
        await wait_until(pilot, lambda: isinstance(app.screen, ProgramChoice), what="which program plays")
        await type_keys(pilot, "1")
        await wait_until(pilot, lambda: isinstance(app.screen, SideDialog), what="which side")
        await type_keys(pilot, "w")  # the HP-67 plays White: the person starts
        await wait_until(pilot, lambda: game.variant == "mine" and not game.busy, what="the variant plays")
        assert "your variant mine" in game.sub_title
        assert game.session.settings["variant"] == "mine"


async def test_a_card_that_cannot_play_othello_is_not_offered_and_the_question_says_why() -> None:
    """Before: every program card was offered, a two-line test card as an Othello program too."""
    from arcade.screens.room.hp67 import cards_dir
    from games.workshop.hp67_room import GAME_LISTINGS, HP67Room

    room = HP67Room(cards_dir())
    assert room.open_game(GAME_LISTINGS[0]) and room.write_card("mine")  # Verniajou's, copied
    test = HP67Room(cards_dir())
    test.toggle_switch()  # W/PRGM: LBL C, RTN
    for key in ("f", "SST", "C", "f", "h"):
        test.key(key)
    assert test.write_card("test"), test.message
    app = ArcadeApp(game="hp67-othello")
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, ProgramChoice), what="which program plays")
        text = " ".join(screen_text(app).split())
        assert "mine (1)" in text and "test (" not in text
        assert "Not offered" in text  # on screen; whole in the question the dialog shows
        assert "Not offered, they cannot play: test: no LBL A, B, E." in app.screen.question
