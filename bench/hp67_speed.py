"""How fast the HP-67 emulator runs the Othello listing (program steps per second).

Prints figures, asserts nothing.  Run:  .venv/bin/python bench/hp67_speed.py [games]

* raw speed: the calculator's first search as black (LBL A to its R/S), run again
  and again from a snapshot, timing only ``HP67.run``;
* one search: the slowest and the median calculator search of a game;
* whole games: calculator against a seeded random player, through the driver
  (keys, board decoding and the referee's checks included).
The real HP-67 runs about 30 steps per second.

On a shared, loaded machine wall-clock figures swing by 2x; ``--cpu`` times with
the process's CPU time instead, which is what to compare when running this script
for two commits side by side (alternate them, a few rounds each).
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time

from games.hp67_othello.driver import HP67OthelloDriver, load_program
from games.othello.referee import Disc
from machines.hp67 import HP67, StopReason

REAL_STEPS_PER_SECOND = 30
clock = time.perf_counter


def machine_name() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    cpu = f"{line.split(':', 1)[1].strip()} ({platform.machine()})"
                    break
    except OSError:
        pass
    return f"{cpu}, {platform.python_implementation()} {platform.python_version()}"


def raw_speed(repeats: int = 20) -> tuple[int, float]:
    m = HP67()
    m.load(load_program())
    for key in ("DSP 1", "E"):
        m.press(key)
    m.run()
    m.press("R/S")
    m.run()
    m.press("B")
    start = m.snapshot()
    steps = 0
    elapsed = 0.0
    for _ in range(repeats):
        m.load_state(start)
        before = m.steps
        t0 = clock()
        reason = m.run()
        elapsed += clock() - t0
        assert reason is StopReason.RUN_STOP
        steps += m.steps - before
    return steps, elapsed


def game(color: Disc, seed: int) -> tuple[int, float, list[tuple[int, float]]]:
    d = HP67OthelloDriver()
    rng = random.Random(seed)
    t0 = clock()
    d.new_game(color)
    searches: list[tuple[int, float]] = []
    while not d.is_over:
        if d.machine_to_move:
            s0 = clock()
            record = d.machine_move()
            searches.append((record.machine_steps, clock() - s0))
        else:
            moves = d.position.legal_moves()
            d.human_move(rng.choice(moves) if moves else None)
    return d.machine.steps, clock() - t0, searches


def main() -> None:
    global clock
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("games", nargs="?", type=int, default=4, help="whole games played (default 4)")
    p.add_argument("--cpu", action="store_true", help="time in process CPU time, not wall-clock time")
    args = p.parse_args()
    if args.cpu:
        clock = time.process_time
    games = args.games
    timing = "CPU time" if clock is time.process_time else "wall-clock time"
    print(f"HP-67 emulator speed on {machine_name()} ({timing})")
    steps, elapsed = raw_speed()
    print(f"  raw: {steps:,} steps in {elapsed:.3f} s = {steps / elapsed:,.0f} program steps per second "
          f"(real HP-67: ~{REAL_STEPS_PER_SECOND})")
    per = steps // 20
    print(f"  the first search as black (LBL A to R/S): {per:,} steps in {elapsed / 20 * 1000:.1f} ms "
          f"(real: {per / REAL_STEPS_PER_SECOND / 60:.0f} min)")
    all_searches: list[tuple[int, float]] = []
    totals: list[tuple[int, float]] = []
    for g in range(games):
        color = Disc.BLACK if g % 2 == 0 else Disc.WHITE
        total_steps, seconds, searches = game(color, g)
        totals.append((total_steps, seconds))
        all_searches += searches
        print(f"  game {g + 1} (calculator {color.label.lower()}): {total_steps:,} steps in {seconds:.3f} s "
              f"= {total_steps / seconds:,.0f} steps/s through the driver "
              f"(the real machine: {total_steps / REAL_STEPS_PER_SECOND / 3600:.1f} h)")
    by_steps = sorted(all_searches)
    longest = by_steps[-1]
    median = by_steps[len(by_steps) // 2]
    print(f"  one calculator move (search + recording), longest: {longest[0]:,} steps in {longest[1] * 1000:.1f} ms "
          f"(real: {longest[0] / REAL_STEPS_PER_SECOND / 60:.0f} min); median: {median[0]:,} steps in "
          f"{median[1] * 1000:.1f} ms")
    mean_steps = statistics.mean(s for s, _ in totals)
    mean_seconds = statistics.mean(t for _, t in totals)
    print(f"  whole game, mean of {games}: {mean_steps:,.0f} steps in {mean_seconds:.3f} s")


if __name__ == "__main__":
    main()
