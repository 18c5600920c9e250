"""Write the TI-57 games' SVG screenshots: ``python -m arcade.ti57_screenshots [DIR]``.

The real games are played by keys on the emulated TI-57 running the real listings,
with fixed moves and a fixed coin toss, instant pace and no blinking, so the pictures
are the same on every run.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
from pathlib import Path

from arcade.app import ArcadeApp
from arcade.ti57_duel.screen import TI57DuelScreen
from arcade.ti57_wolf.screen import TI57WolfScreen
from games.ti57_wolf import Side

SIZE = (80, 24)


async def _settle(pilot, screen) -> None:  # noqa: ANN001 - Pilot and a TI-57 screen
    for _ in range(500):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        if not screen.busy:
            await pilot.pause(0.05)
            return
        await pilot.pause(0.02)
    raise TimeoutError("the TI-57 never finished")


async def _duel(directory: Path) -> list[Path]:
    written: list[Path] = []
    app = ArcadeApp(game="ti57-duel", screens={"ti57-duel": lambda: TI57DuelScreen(pause_seconds=0, blink=False)})
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.2)
        screen = app.screen
        await pilot.press("enter")  # 20 moves
        await pilot.press("enter", "left", "left", "down", "enter")  # player 1 keys 2.3
        await _settle(pilot, screen)
        await pilot.press("enter", "up", "up", "right", "right", "right", "enter")  # player 2 keys 7.6
        await _settle(pilot, screen)
        for key in ("9", "1", "9", "4"):  # 1 SBR 1, 5 SBR 2, 1 SBR 1, 6 SBR 2
            await pilot.press("enter", key)
            await _settle(pilot, screen)
        written.append(Path(app.save_screenshot("ti57_duel_handoff.svg", str(directory))))
        await pilot.press("enter", "i")  # player 1's view, registers shown (player 2's square hidden)
        await pilot.pause(0.2)
        written.append(Path(app.save_screenshot("ti57_duel_view.svg", str(directory))))
        await pilot.press("i", "6")  # 2 SBR 1: onto player 2's 5.5
        await _settle(pilot, screen)
        await pilot.pause(0.2)
        written.append(Path(app.save_screenshot("ti57_duel_capture.svg", str(directory))))
    return written


async def _wolf(directory: Path) -> list[Path]:
    written: list[Path] = []
    app = ArcadeApp(game="ti57-wolf", screens={"ti57-wolf": lambda: TI57WolfScreen(coin=lambda: Side.LAMBS, blink=False)})
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.2)
        screen = app.screen
        for keys in (("3", "4"), ("1",), ("3", "6"), ("3",), ("3", "6"), ("3",)):
            await pilot.press(*keys)
            await _settle(pilot, screen)
        await pilot.press("1")  # lamb 1 chosen: its moves are hinted
        await pilot.pause(0.2)
        written.append(Path(app.save_screenshot("ti57_wolf.svg", str(directory))))
        await pilot.press("6", "r")  # 1 SBR 6, then purist: the referee off
        await _settle(pilot, screen)
        await pilot.press("3")  # the wolf onto lamb 3: the TI-57's own refusal flashes
        await _settle(pilot, screen)
        await pilot.pause(0.2)
        written.append(Path(app.save_screenshot("ti57_wolf_purist.svg", str(directory))))
    return written


async def shoot(directory: Path) -> list[Path]:
    """The pictures, played with saves kept in a throw-away directory (a user's save would ask to resume)."""
    directory.mkdir(parents=True, exist_ok=True)
    kept = os.environ.get("ARCADE_DATA_DIR")
    with tempfile.TemporaryDirectory() as scratch:
        os.environ["ARCADE_DATA_DIR"] = scratch
        try:
            return [*await _duel(directory), *await _wolf(directory)]
        finally:
            if kept is None:
                os.environ.pop("ARCADE_DATA_DIR", None)
            else:
                os.environ["ARCADE_DATA_DIR"] = kept


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m arcade.ti57_screenshots", description=__doc__.splitlines()[0])
    p.add_argument("directory", nargs="?", default="screenshots", help="where to write the SVGs (default: screenshots)")
    args = p.parse_args(argv)
    for path in asyncio.run(shoot(Path(args.directory))):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
