"""The TI-57 games' one layout (``arcade/screens/ti57_screen.py``) keeps each game's look its own.

Textual reads a screen's .tcss for the whole app: with bare ``#left``/``#status`` rules in
each game's file, the game opened last set the other's widths (the wolf's board lost its
right-hand edge, its status wrapped).  A game must read the same whether or not the other
was opened before it in the same app.
"""

from __future__ import annotations

from arcade.shell.app import ArcadeApp
from arcade.screens.ti57_duel.screen import TI57DuelScreen
from arcade.screens.ti57_wolf.screen import TI57WolfScreen
from games.ti57_wolf.referee import Side
from tests.arcade.helpers import screen_text, settle, type_keys, wait_until

SCREENS = {
    "ti57-duel": lambda: TI57DuelScreen(pause_seconds=0.02, blink=False),
    "ti57-wolf": lambda: TI57WolfScreen(coin=lambda: Side.LAMBS, blink=False),
}
KIND = {"ti57-duel": TI57DuelScreen, "ti57-wolf": TI57WolfScreen}


async def shown(pilot, game: str) -> str:  # noqa: ANN001 - Pilot
    """Open ``game`` (or go back to it) and read it once it is settled."""
    app = pilot.app
    if not isinstance(app.screen, KIND[game]):
        app.start_game(game)
    await wait_until(pilot, lambda: isinstance(app.screen, KIND[game]) and app.screen.saves.ready, what=game)
    await settle(pilot, app.screen)
    return screen_text(app)


async def test_each_ti57_game_reads_the_same_after_the_other_was_opened() -> None:
    alone: dict[str, str] = {}
    for game in SCREENS:
        app = ArcadeApp(game=game, screens=SCREENS)
        async with app.run_test(size=(80, 24)) as pilot:
            alone[game] = await shown(pilot, game)
    assert "Move limit: 20" in alone["ti57-duel"] and "Coin toss: tails" in alone["ti57-wolf"]

    app = ArcadeApp(game="ti57-duel", screens=SCREENS)
    async with app.run_test(size=(80, 24)) as pilot:
        for game in ("ti57-duel", "ti57-wolf", "ti57-duel", "ti57-wolf"):
            assert await shown(pilot, game) == alone[game], game


async def test_the_games_ti57_display_is_right_aligned_as_on_the_calculator_and_in_its_room() -> None:
    """Before: the games drew the TI-57's digits at the left of the display, the room at the right."""
    from arcade.widgets.ti57 import TI57Display

    app = ArcadeApp(game="ti57-wolf", screens=SCREENS)
    async with app.run_test(size=(100, 32)) as pilot:
        await shown(pilot, "ti57-wolf")
        await type_keys(pilot, "1", "9")  # lamb 1 ↗: the TI-57 shows the step
        await settle(pilot, app.screen)
        led = app.screen.query_one("#led", TI57Display)
        text = led.shown.text
        assert text
        row = screen_text(app).splitlines()[led.region.y + 1][led.region.x : led.region.right]
        inside = row[1:-1]  # the border's two sides
        assert inside == " " * (len(inside) - len(text) - 1) + text + " ", row  # padding 1 at the right
