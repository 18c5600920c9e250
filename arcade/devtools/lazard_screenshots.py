"""The README's SVG screenshots of Lazard Othello and of the HP-67 against CPC match,
shot by ``python -m arcade.devtools.screenshots``.

The real programs run on their emulators, played by keys as a player would, with a
fixed seed for the human's moves: the pictures are the same on every run (instant
speed, no clock, the CPC's cursor drawn steady).
"""

from __future__ import annotations

import random
from pathlib import Path

from arcade.devtools.screenshot_kit import SIZE, cursor_to, settle

SEED = 35  # Jeux & Stratégie n°35


async def shoot_lazard(directory: Path) -> list[Path]:
    from arcade.shell.app import ArcadeApp
    from arcade.widgets.board import OthelloBoard

    written: list[Path] = []
    app = ArcadeApp(game="lazard-othello")
    rng = random.Random(SEED)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.2)
        await pilot.press("w")  # the CPC plays O (White): you start
        screen = app.screen
        await settle(pilot, screen)
        board = screen.query_one(OthelloBoard)
        for _ in range(7):
            moves = sorted(screen.view.legal)
            if moves:
                await cursor_to(pilot, board, rng.choice(moves))
                await pilot.press("enter")
            else:
                await pilot.press("0")
            await settle(pilot, screen)
        await cursor_to(pilot, board, sorted(screen.view.legal)[0])
        await pilot.pause(0.2)
        written.append(Path(app.save_screenshot("lazard_game.svg", str(directory))))
        # typing on the CPC: an illegal square, which the program refuses, then a half-typed move
        await pilot.press("t", "a", "enter", "1", "enter")
        target = sorted(screen.view.legal)[-1]
        await pilot.press("abcdefgh"[target % 8], "enter")
        await pilot.pause(0.2)
        written.append(Path(app.save_screenshot("lazard_typing.svg", str(directory))))
    return written


async def shoot_match(directory: Path) -> list[Path]:
    from arcade.screens.match.app import MatchApp
    from arcade.screens.match.screen import ResultsDialog

    written: list[Path] = []
    app = MatchApp(games=2, first="cpc", autostart=False, instant=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.2)
        screen = app.screen
        screen.pause_after = 36  # the middle of the first game, the CPC playing Black
        await pilot.press("enter")
        while not screen.paused:
            await pilot.pause(0.05)
        await pilot.pause(0.3)
        written.append(Path(app.save_screenshot("match_game.svg", str(directory))))
        await pilot.press("p")
        while not isinstance(app.screen, ResultsDialog):
            await pilot.pause(0.05)
        await pilot.pause(0.3)
        written.append(Path(app.save_screenshot("match_results.svg", str(directory))))
    return written


async def shoot(directory: Path) -> list[Path]:
    directory.mkdir(parents=True, exist_ok=True)
    return await shoot_lazard(directory) + await shoot_match(directory)

