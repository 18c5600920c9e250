"""What a long session leaves in the arcade's process: objects alive, and what a collection costs.

Prints figures, asserts nothing.  Run:

    .venv/bin/python bench/long_session.py [--rounds 12] [--against TREE]

The arcade is built as its command line builds it (the collector held while it starts, the start
frozen out of later collections: ``arcade/runtime/collector.py``) and driven headless, 100x32, by
Textual's Pilot.  A round is what a player does again and again in a long session: the Help page
opened and closed, the machine rooms opened and left, the blind duel opened and left.  After
every third round: the objects alive beyond those after the first frame, the widgets alive, and
the time of one collection of the oldest generation (``gc.collect()``, which walks every object
made since the start).  ``--against TREE`` measures another tree (an export of main, say) the same
way, its figures printed beside these.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


async def rounds_in_this_tree(rounds: int) -> list[dict[str, float]]:
    from textual.widget import Widget

    from arcade.runtime import collector
    from arcade.shell.app import ArcadeApp
    from arcade.screens.ti57_duel.screen import TI57DuelScreen

    collector.hold()
    app = ArcadeApp()
    figures: list[dict[str, float]] = []
    async with app.run_test(size=(100, 32)) as pilot:
        async def changed(key: str) -> None:
            screen = app.screen
            await pilot.press(key)
            for _ in range(3000):
                if app.screen is not screen:
                    break
                await asyncio.sleep(0.01)
            await pilot.pause(0.05)

        while collector.held():
            await asyncio.sleep(0.01)
        gc.collect()
        start = len(gc.get_objects())
        for n in range(1, rounds + 1):
            for key in ("question_mark", "escape", "r", "escape"):
                await changed(key)
            app.start_game("ti57-duel")  # as Enter on its card does
            while not isinstance(app.screen, TI57DuelScreen):
                await asyncio.sleep(0.01)
            await pilot.pause(0.05)
            await changed("escape")  # back to the launcher
            if n % 3 == 0:
                began = time.perf_counter()
                gc.collect()
                took = (time.perf_counter() - began) * 1000
                alive = gc.get_objects()
                figures.append({"round": n, "objects": len(alive) - start, "collection_ms": took,
                                "widgets": sum(1 for thing in alive if isinstance(thing, Widget))})
                del alive  # a list of every object would keep alive all that is garbage by the next round
    return figures


def measure(tree: Path, rounds: int) -> list[dict[str, float]]:
    with tempfile.TemporaryDirectory(prefix="long-session-") as data:
        env = dict(os.environ, PYTHONPATH=str(tree), ARCADE_DATA_DIR=data, ARCADE_CONFIG_DIR=data)
        run = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--inside", "--rounds", str(rounds)],
                             cwd=tree, env=env, capture_output=True, text=True, check=False)
    if run.returncode != 0:
        raise SystemExit(f"{tree}: the session failed:\n{run.stderr[-2000:]}")
    return json.loads(run.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=12, help="rounds played (default 12)")
    parser.add_argument("--against", type=Path, help="another tree, measured the same way")
    parser.add_argument("--inside", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.inside:
        print(json.dumps(asyncio.run(rounds_in_this_tree(args.rounds))))
        return 0
    trees = {"this tree": ROOT}
    if args.against is not None:
        trees["against"] = args.against.resolve()
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.2f}")
    results = {name: measure(tree, args.rounds) for name, tree in trees.items()}
    print(f"{'after round':>11}  " + "  ".join(f"{name + ': objects, widgets, a collection':>44}" for name in trees))
    for i, first in enumerate(results["this tree"]):
        cells = [f"{r[i]['objects']:>+10,d} objects {r[i]['widgets']:>4d} widgets {r[i]['collection_ms']:6.1f} ms"
                 for r in results.values()]
        print(f"{first['round']:>11}  " + "  ".join(f"{c:>44}" for c in cells))
    return 0


if __name__ == "__main__":
    sys.exit(main())
