"""The TI-57 computer players: time to think per move, and how often each level wins.

Prints figures, asserts nothing (the thresholds are in the tests).  Every game is
played through the driver's keys on the emulated TI-57, refereed; the time per move
is the player's thinking alone (CPU time of ``choose``), the machine's work apart.

    .venv/bin/python bench/ti57_computer.py [--games N] [--verify]

``--verify`` also solves the whole game again from the article's set-up with a plain
memoised minimax on the referee's rules (about two million positions, minutes) and
compares every position with the solver's table.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.ti57_duel.computer import Hunter, RandomWalker  # noqa: E402
from games.ti57_duel.match import play_series as duel_series  # noqa: E402
from games.ti57_duel.match import totals as duel_totals  # noqa: E402
from games.ti57_wolf import computer as wolf_computer  # noqa: E402
from games.ti57_wolf.computer import lambs_player, solution, wolf_player  # noqa: E402
from games.ti57_wolf.match import play_series as wolf_series  # noqa: E402
from games.ti57_wolf.match import totals as wolf_totals  # noqa: E402
from games.ti57_wolf.referee import START, Board, Side, WolfReferee, result_of  # noqa: E402


class Timed:
    """Wraps a player and keeps the CPU time of each ``choose``."""

    def __init__(self, inner: object, times: list[float]) -> None:
        self.inner, self.times = inner, times
        self.player = getattr(inner, "player", None)

    def place(self):  # type: ignore[no-untyped-def]
        return self.inner.place()  # type: ignore[attr-defined]

    def choose(self, arg):  # type: ignore[no-untyped-def]
        t0 = time.process_time()
        move = self.inner.choose(arg)  # type: ignore[attr-defined]
        self.times.append(time.process_time() - t0)
        return move


def ms(times: list[float]) -> str:
    if not times:
        return "-"
    return f"median {statistics.median(times) * 1e3:.2f} ms, worst {max(times) * 1e3:.1f} ms"


def machine_line() -> str:
    load = f"; load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs" if hasattr(os, "getloadavg") else ""
    return f"machine: {platform.machine()} {platform.processor() or ''} {platform.python_implementation()} {sys.version.split()[0]}{load}"


def wolf(games: int) -> None:
    t0 = time.process_time()
    solution()
    print(f"wolf and lambs: solving the game (every placement, both sides to move): {time.process_time() - t0:.2f} s CPU, once")
    wolves = ("random", "beginner", "cunning")
    lambs = ("random", "beginner", "good", "perfect")
    think: dict[str, list[float]] = {f"wolf {w}": [] for w in wolves} | {f"lambs {lv}": [] for lv in lambs}
    print(f"wolf wins out of {games} (first side alternating), rows: wolf, columns: lambs")
    print(f"{'':>10}" + "".join(f"{lv:>10}" for lv in lambs))
    for w in wolves:
        row = []
        for lv in lambs:
            wp = Timed(wolf_player(w, 1), think[f"wolf {w}"])
            lp = Timed(lambs_player(lv, 2), think[f"lambs {lv}"])
            wins, _ = wolf_totals(wolf_series(wp, lp, games))  # type: ignore[arg-type]
            row.append(f"{100 * wins / games:>9.0f}%")
        print(f"{w:>10}" + "".join(row), flush=True)
    for name, times in think.items():
        print(f"  time per move, {name:15}: {ms(times)}")


def duel(games: int) -> None:
    print(f"blind duel, 20 moves, {games} games in each seat against a random walker:")
    for name, kind in (("hunter", Hunter), ("random", RandomWalker)):
        times: list[float] = []

        def timed(player: int, seed: int, kind=kind, times=times):  # type: ignore[no-untyped-def]
            return Timed(kind(player, seed), times)

        one, two, _ = duel_totals(duel_series(timed, RandomWalker, games, seed=101))  # type: ignore[arg-type]
        three, four, _ = duel_totals(duel_series(RandomWalker, timed, games, seed=102))  # type: ignore[arg-type]
        caught, was = (one + four) / (2 * games), (two + three) / (2 * games)
        print(f"  {name:7} catches the walker in {100 * caught:.1f}% of games, is caught in {100 * was:.1f}%; {ms(times)}")


def verify() -> None:
    """The whole game again, by a plain minimax on the referee, against the table."""
    sys.setrecursionlimit(10_000)
    memo: dict[tuple[Board, Side], Side] = {}

    def minimax(board: Board, to_move: Side) -> Side:
        key = (board, to_move)
        if key not in memo:
            done = result_of(board, to_move)
            if done is not None:
                memo[key] = done.winner
            else:
                ref = WolfReferee(board, to_move)
                if to_move is Side.WOLF:
                    kids = [ref.wolf_move(k).board for k in ref.legal_wolf_moves()]
                else:
                    kids = [ref.lamb_move(k, p).board for k, p in ref.legal_lamb_moves()]
                nxt = Side.LAMBS if to_move is Side.WOLF else Side.WOLF
                outcomes = {minimax(Board(b.wolf, tuple(sorted(b.lambs))), nxt) for b in kids}  # type: ignore[arg-type]
                memo[key] = to_move if to_move in outcomes else nxt
        return memo[key]

    t0 = time.process_time()
    for first in (Side.WOLF, Side.LAMBS):
        minimax(Board(START.wolf, tuple(sorted(START.lambs))), first)  # type: ignore[arg-type]
    table = solution()
    wrong = sum(1 for (b, s), w in memo.items() if table.lambs_win_board(b, s) != (w is Side.LAMBS))
    won = sum(1 for w in memo.values() if w is Side.LAMBS)
    print(f"verify: {len(memo):,} positions reachable from the set-up ({won:,} won by the lambs), "
          f"{wrong} disagreeing with the table; {time.process_time() - t0:.0f} s CPU")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--verify", action="store_true")
    args = p.parse_args()
    print(machine_line())
    print(f"(good lambs' mistake rate {wolf_computer.GOOD_MISTAKE_RATE}, cunning wolf depth {wolf_computer.CUNNING_DEPTH})")
    wolf(args.games)
    duel(args.games)
    if args.verify:
        verify()


if __name__ == "__main__":
    main()
