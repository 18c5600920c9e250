"""Write every SVG screenshot in the README: ``python -m arcade.devtools.screenshots [DIR]``.

This module shoots the launcher and the HP-67 game itself, and calls the ``shoot``
of ``arcade.devtools.ti57_screenshots`` and ``arcade.devtools.lazard_screenshots`` (libraries of shots
sharing ``arcade.devtools.screenshot_kit`` with this one), all in one scratch data directory.

The real games are played (the emulators running the real listings) by keys, as a
player would, with fixed seeds for the human's moves, so the pictures are the same
on every run: no clock, no blinking cursor, instant speed.  The games save into a
throw-away data directory: a player's own saves are neither read (a save would ask
to resume) nor overwritten.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
from pathlib import Path

from arcade.devtools import lazard_screenshots, ti57_screenshots
from arcade.shell.app import ArcadeApp
from arcade.devtools.screenshot_kit import SIZE, cursor_to, scratch_data_dir, settle

SEED = 67


async def _human_turn(pilot, screen, rng: random.Random) -> None:  # noqa: ANN001
    from arcade.widgets.board import OthelloBoard

    view = screen.view  # the session's picture: the legal squares, whether to pass
    if view.must_pass:
        await pilot.press("0")
    else:
        await cursor_to(pilot, screen.query_one(OthelloBoard), rng.choice(sorted(view.legal)))
        await pilot.press("enter")
    await settle(pilot, screen)


async def shoot_all(directory: Path, only: set[str] | None = None) -> list[Path]:
    """Every game's pictures (``only``: some of 'hp67', 'ti57', 'lazard')."""
    shooters = {"hp67": shoot, "ti57": ti57_screenshots.shoot, "lazard": lazard_screenshots.shoot}
    written: list[Path] = []
    with scratch_data_dir():
        for name, shooter in shooters.items():
            if only is None or name in only:
                written += await shooter(directory)
    return written


async def shoot(directory: Path) -> list[Path]:
    """The launcher and the HP-67 Othello game."""
    directory.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []

    app = ArcadeApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.2)
        written.append(Path(app.save_screenshot("launcher.svg", str(directory))))

    app = ArcadeApp(game="hp67-othello")
    rng = random.Random(SEED)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.2)
        await pilot.press("w")  # the HP-67 plays White: you start
        screen = app.screen
        await settle(pilot, screen)
        for _ in range(9):
            await _human_turn(pilot, screen, rng)
        await pilot.press("i")
        await pilot.pause(0.2)
        written.append(Path(app.save_screenshot("hp67-othello-inspector.svg", str(directory))))
        await pilot.press("i")
        while screen.view.phase.value != "over":
            await _human_turn(pilot, screen, rng)
        await pilot.pause(0.2)
        await pilot.press("escape")  # close the game-over question to show the board
        await pilot.pause(0.2)
        written.append(Path(app.save_screenshot("hp67-othello-finished.svg", str(directory))))
    return written


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m arcade.devtools.screenshots", description=__doc__.splitlines()[0])
    p.add_argument("directory", nargs="?", default="screenshots", help="where to write the SVGs (default: screenshots)")
    p.add_argument("--only", action="append", choices=["hp67", "ti57", "lazard"],
                   help="only these games' pictures (repeatable; default: all)")
    args = p.parse_args(argv)
    for path in asyncio.run(shoot_all(Path(args.directory), set(args.only) if args.only else None)):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
