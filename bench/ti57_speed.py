"""TI-57 emulator speed: program steps per second, and the time of one duel move.

Prints figures, asserts nothing.  Three workloads:
  * the duel itself: moves in direction 8 (the longest decode, 63 steps) for both
    players, keys included;
  * a tight loop program: Lbl 1, RCL 1, SUM 2, Dsz, GTO 1 (memory steps, Dsz, GTO);
  * an AOS loop: Lbl 1, RCL 1, *, 3, +, RCL 2, =, STO 3, Dsz, GTO 1 (digit entry and
    pending operations through the general handlers).
Run: .venv/bin/python bench/ti57_speed.py
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time

from games.ti57_duel import DuelGame
from games.ti57_duel.driver import load_program
from machines.ti57 import TI57, parse_listing

LOOP = """00 86 1 2nd Lbl 1
01 33 1 RCL 1
02 34 2 SUM 2
03 56 2nd Dsz
04 51 1 GTO 1
05 81 R/S"""

AOS = """00 86 1 2nd Lbl 1
01 33 1 RCL 1
02 55 *
03 03 3
04 75 +
05 33 2 RCL 2
06 85 =
07 32 3 STO 3
08 56 2nd Dsz
09 51 1 GTO 1
10 81 R/S"""


def best_of(runs: int, fn) -> tuple[float, float, int]:
    """Best wall-clock and best CPU time of several runs (the CPU time is less
    disturbed when other processes share the machine)."""
    wall = cpu = float("inf")
    steps = 0
    for _ in range(runs):
        w0, c0 = time.perf_counter(), time.process_time()
        steps = fn()
        cpu = min(cpu, time.process_time() - c0)
        wall = min(wall, time.perf_counter() - w0)
    return wall, cpu, steps


def duel_moves() -> int:
    m = TI57()
    m.load(load_program())
    for k in "0 . 0 STO 1 9 . 9 STO 2 9 9 9 9 9 9 STO 0 2nd Fix 1".split():
        m.press(k)
    n = 0
    press, run = m.press, m.run
    for _ in range(3000):
        for player in ("1", "2"):
            press("8")
            press("SBR")
            press(player)
            n += run().steps + run().steps
    return n


def loop_program(listing: str, count: int) -> int:
    m = TI57()
    m.load(parse_listing(listing))
    for k in f"1 . 1 STO 1 {' '.join(str(count))} STO 0 RST R/S".split():
        m.press(k)
    stop = m.run()
    return stop.steps


def one_duel_move() -> float:
    game = DuelGame.start((0, 0), (9, 9), moves=99)
    t0 = time.perf_counter()
    game.move(1, 8)  # 63 program steps, keys, pause, referee check
    return time.perf_counter() - t0


def cpu_name() -> str:
    """platform.processor() is often empty on Linux: fall back to /proc/cpuinfo."""
    name = platform.processor()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return name or "(processor not reported)"


def main() -> None:
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args()  # --help; no options
    load = ""
    if hasattr(os, "getloadavg"):
        load = f"; load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs"
    print(f"machine: {platform.machine()} {cpu_name()}; "
          f"{platform.python_implementation()} {sys.version.split()[0]}{load}")
    for name, fn in (
        ("duel moves, direction 8, keys included", duel_moves),
        ("loop RCL/SUM/Dsz/GTO", lambda: loop_program(LOOP, 200_000)),
        ("loop with AOS and digit entry", lambda: loop_program(AOS, 50_000)),
    ):
        wall, cpu, steps = best_of(5, fn)
        print(f"{name:40} {steps:>9,} steps: {steps / wall:>10,.0f} steps/s wall, {steps / cpu:>10,.0f} steps/s CPU")
    moves = sorted(one_duel_move() for _ in range(200))
    print(f"one duel move through the driver (median of 200): {moves[100] * 1e6:,.0f} µs")


if __name__ == "__main__":
    main()
