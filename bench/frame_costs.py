"""What the event loop spends on a key's frame and on a turn's end, headless, in both Othellos.

    python bench/frame_costs.py [--turns 25] [--keys 120] [--games hp67-othello,lazard-othello]

The app runs under Textual's headless driver (``App.run_test``, 100x32).  Timed on the event loop itself, nothing through a terminal:

- a cursor move: from the action to the end of the frame that shows it, and that frame
  alone (``Screen._on_timer_update``: the compositor and every widget it asks for rows);
- a turn's end: the handler of the machine host's answer (``GameScreen.on_table_news``: the
  move shown, the save's copy, the next turn) and the frame after it; the player plays the
  first legal square;
- a full garbage collection after the game.

``bench/ui_latency.py`` measures what a player feels in a real terminal; this one says where
the loop's milliseconds go, to compare two trees side by side on one machine (run from another
tree's folder, it times that tree, even one whose jobs end in ``_job_ended`` or
``on_worker_state_changed``, from before the machine host).  Printed, never
asserted: the machine and its load are printed with the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("ARCADE_DATA_DIR", tempfile.mkdtemp(prefix="frame-costs-"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import textual.screen as textual_screen  # noqa: E402 - after the environment is set

from arcade.screens import game_screen  # noqa: E402
from arcade.shell.app import ArcadeApp  # noqa: E402
from arcade.widgets.dialogs import GameOverDialog, SideDialog  # noqa: E402
from textual.worker import WorkerState  # noqa: E402

ENDS = (WorkerState.SUCCESS, WorkerState.ERROR, WorkerState.CANCELLED)


class Timings:
    """The frames and job ends timed, by what came before them."""

    def __init__(self) -> None:
        self.frames: list[float] = []
        self.ends: list[float] = []
        self.after_end: list[float] = []
        self._after_end = False
        update = textual_screen.Screen._on_timer_update
        name = next(n for n in ("on_table_news", "_job_ended", "on_worker_state_changed")  # the last two: older trees
                    if hasattr(game_screen.GameScreen, n))
        ended = getattr(game_screen.GameScreen, name)
        timings = self

        def timed_update(screen: textual_screen.Screen) -> None:
            t0 = time.perf_counter()
            update(screen)
            dt = time.perf_counter() - t0
            timings.frames.append(dt)
            if timings._after_end:
                timings.after_end.append(dt)
                timings._after_end = False

        def timed_end(screen: game_screen.GameScreen, event: object) -> None:
            t0 = time.perf_counter()
            ended(screen, event)
            if (name == "_job_ended" or getattr(event, "state", None) in ENDS
                    or type(getattr(event, "news", None)).__name__ == "Answer"):  # the host's answer: a request's end
                timings.ends.append(time.perf_counter() - t0)
                timings._after_end = True

        textual_screen.Screen._on_timer_update = timed_update  # type: ignore[method-assign]
        setattr(game_screen.GameScreen, name, timed_end)


def ms(values: list[float]) -> str:
    if not values:
        return "-"
    v = sorted(x * 1000 for x in values)
    return f"p50 {statistics.median(v):5.2f}  max {v[-1]:5.2f} ms (n={len(v)})"


async def wait(pilot, condition, limit: float = 60.0) -> None:  # noqa: ANN001
    end = time.monotonic() + limit
    while not condition():
        if time.monotonic() > end:
            raise TimeoutError("the game never got there")
        await pilot.pause(0.005)


async def measure(game: str, turns: int, keys: int, timings: Timings) -> None:
    app = ArcadeApp(game=game)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait(pilot, lambda: isinstance(app.screen, SideDialog))
        await pilot.press("w")  # the machine plays White: the person starts
        await wait(pilot, lambda: getattr(app.screen, "busy", True) is False and hasattr(app.screen, "action_cursor"))
        screen = app.screen
        await pilot.pause(0.2)
        cursor, frames = [], []
        for i in range(keys):
            timings.frames.clear()
            t0 = time.perf_counter()
            screen.action_cursor(1 if i % 16 < 8 else -1)
            end = t0 + 10.0
            while not timings.frames and time.perf_counter() < end:
                await asyncio.sleep(0)  # the loop's next turn, not a poll's: the time to the frame itself
            cursor.append(time.perf_counter() - t0)
            frames.append(timings.frames[0])
            await pilot.pause(0.005)
        timings.ends.clear()
        timings.after_end.clear()
        for _ in range(turns):
            await wait(pilot, lambda: isinstance(app.screen, GameOverDialog)
                       or (not screen.busy and screen.view.person_to_move), limit=120)
            if isinstance(app.screen, GameOverDialog):
                break
            view = screen.view
            screen.turns.person_plays(None if view.must_pass else sorted(view.legal)[0])
        await wait(pilot, lambda: not screen.busy or isinstance(app.screen, GameOverDialog), limit=120)
        t0 = time.perf_counter()
        gc.collect()
        full = time.perf_counter() - t0
        print(f"{game}")
        print(f"  cursor move, action to frame drawn  {ms(cursor)}")
        print(f"  its frame                            {ms(frames)}")
        print(f"  a job's end, the handler             {ms(timings.ends)}")
        print(f"  the frame after it                   {ms(timings.after_end)}")
        print(f"  a full collection after {len(timings.ends)} turns    {full * 1000:.1f} ms, "
              f"{len(gc.get_objects()):,} objects tracked")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--turns", type=int, default=25, help="turns played (default 25)")
    p.add_argument("--keys", type=int, default=120, help="cursor moves timed (default 120)")
    p.add_argument("--games", default="hp67-othello,lazard-othello", help="games, comma-separated")
    args = p.parse_args(argv)
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, load {load}; "
          f"Python {platform.python_version()}")
    timings = Timings()
    for game in args.games.split(","):
        asyncio.run(measure(game.strip(), args.turns, args.keys, timings))
    return 0


if __name__ == "__main__":
    sys.exit(main())
