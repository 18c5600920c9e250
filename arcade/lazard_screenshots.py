"""Write the README's SVG screenshots of Lazard Othello and of the HP-67 against CPC match:
``python -m arcade.lazard_screenshots [DIR]``.

The real programs run on their emulators, played by keys as a player would, with a
fixed seed for the human's moves: the pictures are the same on every run (instant
speed, no clock, the CPC's cursor drawn steady).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
from pathlib import Path

SIZE = (80, 24)
SEED = 35  # Jeux & Stratégie n°35


async def _settle(pilot, screen) -> None:  # noqa: ANN001 - Pilot and a game screen
    while True:
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        if not screen.busy and not any(w.is_running for w in pilot.app.workers):
            await pilot.pause()
            if not screen.busy:
                return
        await pilot.pause(0.02)


async def _cursor_to(pilot, board, square: int) -> None:  # noqa: ANN001
    row, col = divmod(board.cursor, 8)
    target_row, target_col = divmod(square, 8)
    keys = ["down" if target_row > row else "up"] * abs(target_row - row)
    keys += ["right" if target_col > col else "left"] * abs(target_col - col)
    if keys:
        await pilot.press(*keys)


async def shoot_lazard(directory: Path) -> list[Path]:
    from arcade.app import ArcadeApp
    from arcade.widgets.board import OthelloBoard

    written: list[Path] = []
    app = ArcadeApp(game="lazard-othello")
    rng = random.Random(SEED)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.2)
        await pilot.press("w")  # the CPC plays O (White): you start
        screen = app.screen
        await _settle(pilot, screen)
        board = screen.query_one(OthelloBoard)
        for _ in range(7):
            moves = screen.driver.position.legal_moves()
            if moves:
                await _cursor_to(pilot, board, rng.choice(moves))
                await pilot.press("enter")
            else:
                await pilot.press("0")
            await _settle(pilot, screen)
        await _cursor_to(pilot, board, screen.driver.position.legal_moves()[0])
        await pilot.pause(0.2)
        written.append(Path(app.save_screenshot("lazard_game.svg", str(directory))))
        # typing on the CPC: an illegal square, which the program refuses, then a half-typed move
        await pilot.press("t", "a", "enter", "1", "enter")
        target = screen.driver.position.legal_moves()[-1]
        await pilot.press("abcdefgh"[target % 8], "enter")
        await pilot.pause(0.2)
        written.append(Path(app.save_screenshot("lazard_typing.svg", str(directory))))
    return written


async def shoot_match(directory: Path) -> list[Path]:
    from arcade.match.screen import MatchApp, ResultsDialog

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


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m arcade.lazard_screenshots", description=__doc__.splitlines()[0])
    p.add_argument("directory", nargs="?", default="screenshots", help="where to write the SVGs (default: screenshots)")
    args = p.parse_args(argv)
    for path in asyncio.run(shoot(Path(args.directory))):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
