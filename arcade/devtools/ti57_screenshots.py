"""The TI-57 games' SVG screenshots, shot by ``python -m arcade.devtools.screenshots``.

The real games are played by keys on the emulated TI-57 running the real listings,
with fixed moves and a fixed coin toss, instant pace and no blinking, so the pictures
are the same on every run.
"""

from __future__ import annotations

from pathlib import Path

from arcade.shell.app import ArcadeApp
from arcade.devtools.screenshot_kit import SIZE, settle
from arcade.screens.ti57_duel.screen import TI57DuelScreen
from arcade.screens.ti57_wolf.screen import TI57WolfScreen
from games.ti57_wolf import Side


async def _table_ready(pilot, screen) -> None:  # noqa: ANN001
    """The game at the host's table: its first picture (a key pressed before it is not the game's)."""
    for _ in range(500):
        shown = screen.seen.picture if hasattr(screen, "seen") else screen.picture  # the duel keeps it in its SeenDuel
        if shown is not None and not screen.busy:
            return
        await pilot.pause(0.02)


async def _duel(directory: Path) -> list[Path]:
    written: list[Path] = []
    app = ArcadeApp(game="ti57-duel", screens={"ti57-duel": lambda: TI57DuelScreen(pause_seconds=0, blink=False)})
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.2)
        screen = app.screen
        await _table_ready(pilot, screen)
        await pilot.press("enter")  # 20 moves
        await pilot.press("enter", "left", "left", "down", "enter")  # player 1 keys 2.3
        await settle(pilot, screen)
        await pilot.press("enter", "up", "up", "right", "right", "right", "enter")  # player 2 keys 7.6
        await settle(pilot, screen)
        for key in ("9", "1", "9", "4"):  # 1 SBR 1, 5 SBR 2, 1 SBR 1, 6 SBR 2
            await pilot.press("enter", key)
            await settle(pilot, screen)
        written.append(Path(app.save_screenshot("ti57_duel_handoff.svg", str(directory))))
        await pilot.press("enter", "i")  # player 1's view, registers shown (player 2's square hidden)
        await pilot.pause(0.2)
        written.append(Path(app.save_screenshot("ti57_duel_view.svg", str(directory))))
        await pilot.press("i", "6")  # 2 SBR 1: onto player 2's 5.5
        await settle(pilot, screen)
        await pilot.pause(0.2)
        written.append(Path(app.save_screenshot("ti57_duel_capture.svg", str(directory))))
    return written


async def _wolf(directory: Path) -> list[Path]:
    written: list[Path] = []
    app = ArcadeApp(game="ti57-wolf", screens={"ti57-wolf": lambda: TI57WolfScreen(coin=lambda: Side.LAMBS, blink=False)})
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.2)
        screen = app.screen
        await _table_ready(pilot, screen)
        for keys in (("3", "7"), ("1",), ("3", "9"), ("3",), ("3", "9"), ("3",)):  # lamb 3 ↖, the wolf ↙ ...
            await pilot.press(*keys)
            await settle(pilot, screen)
        await pilot.press("1")  # lamb 1 chosen: its moves are hinted
        await pilot.pause(0.2)
        written.append(Path(app.save_screenshot("ti57_wolf.svg", str(directory))))
        await pilot.press("9", "r")  # lamb 1 ↗ (1 SBR 6), then purist: the referee off
        await settle(pilot, screen)
        await pilot.press("3")  # the wolf onto lamb 3: the TI-57's own refusal flashes
        await settle(pilot, screen)
        await pilot.pause(0.2)
        written.append(Path(app.save_screenshot("ti57_wolf_purist.svg", str(directory))))
    return written


async def shoot(directory: Path) -> list[Path]:
    """The pictures (run inside ``arcade.devtools.screenshots``' scratch data directory: a user's save would ask to resume)."""
    directory.mkdir(parents=True, exist_ok=True)
    return [*await _duel(directory), *await _wolf(directory)]
