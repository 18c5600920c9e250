"""How long Lazard's BASIC Othello takes to choose a move on the emulated CPC.

Prints figures, asserts nothing.  Run:  .venv/bin/python bench/lazard_move.py [games]

* one move: the program's first move as X (the scan of every empty square in eight
  directions, then the move and the board printed), in one new game after another,
  timing only ``CPC.run``; and the median and slowest program move of the games
  below, also timing ``CPC.run`` alone;
* whole games: the program against a seeded random player through the driver (keys,
  reading ``B()``, the referee's checks included).
The real CPC 6128 took seconds per move (an estimate: a few thousand statements at a
few hundred to a thousand statements per second).
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.lazard_othello import LazardOthelloDriver  # noqa: E402
from games.othello.referee import Disc  # noqa: E402
from machines.cpc import CPC, RunState  # noqa: E402


class TimedCPC(CPC):
    """A CPC that adds up the wall time spent in ``run`` (the interpreter alone)."""

    def __init__(self) -> None:
        super().__init__()
        self.run_seconds = 0.0

    def run(self, max_statements: int | None = None) -> RunState:
        start = time.perf_counter()
        try:
            return super().run(max_statements)
        finally:
            self.run_seconds += time.perf_counter() - start


def first_move(repeats: int) -> tuple[float, int]:
    """Median seconds and statements of the program's opening move, in fresh games."""
    driver = LazardOthelloDriver()
    times = []
    for _ in range(repeats):
        driver.new_game(Disc.BLACK)
        before = driver.machine.statements
        start = time.perf_counter()
        state = driver.machine.run(max_statements=100_000)
        times.append(time.perf_counter() - start)
        assert state is RunState.WAITING_INPUT
    return statistics.median(times), driver.machine.statements - before


def games(count: int) -> tuple[list[float], list[float], list[int]]:
    """Per game wall time; per program move interpreter time and statements."""
    game_times: list[float] = []
    move_times: list[float] = []
    move_statements: list[int] = []
    for seed in range(count):
        rng = random.Random(seed)
        driver = LazardOthelloDriver()
        driver.machine = TimedCPC()
        start = time.perf_counter()
        driver.new_game(Disc.BLACK if seed % 2 else Disc.WHITE)
        while not driver.is_over:
            if driver.machine_to_move:
                before = driver.machine.run_seconds
                record = driver.machine_move()
                move_times.append(driver.machine.run_seconds - before)
                move_statements.append(record.machine_steps)
            else:
                moves = driver.position.legal_moves()
                driver.human_move(rng.choice(moves) if moves else None)
        game_times.append(time.perf_counter() - start)
    return game_times, move_times, move_statements


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("games", nargs="?", type=int, default=10, help="whole games played (default 10)")
    count = p.parse_args().games
    print(f"machine: {platform.processor() or platform.machine()}, Python {platform.python_version()}")
    seconds, statements = first_move(50)
    print(f"one Lazard move (opening, X): {seconds * 1000:.2f} ms for {statements} BASIC statements "
          f"({statements / seconds:,.0f} statements/s)")
    game_times, move_times, move_statements = games(count)
    print(f"program moves in {count} games: median {statistics.median(move_times) * 1000:.2f} ms, "
          f"slowest {max(move_times) * 1000:.2f} ms, median {statistics.median(move_statements):.0f} statements")
    print(f"whole game through the driver (keys, B() read, referee): median {statistics.median(game_times):.3f} s, "
          f"slowest {max(game_times):.3f} s")


if __name__ == "__main__":
    main()
