"""The locked duel's seal: what one guess of a PIN costs, and what a search of the file takes.

Prints figures, asserts nothing.  One guess is one scrypt at the cost a save records
(``games.ti57_duel.seal.DEFAULT_COST``); an attacker holding the file and their own PIN
must pay it for every guess of the other PIN (the other's envelope and the TI-57 open only
with the other's share).  Also the earlier seal's scrypt (2**14, 8, 1) for comparison, the
cost of sealing one save, and the search of the shortest PIN on 1 core and on a laptop's 8.
Run: .venv/bin/python bench/duel_seal.py [tries]
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time

from games.ti57_duel import seal as sealing
from games.ti57_duel.session import PIN_DIGITS, DuelSession

LAPTOP_CORES = 8


def seconds_per_try(cost: sealing.KdfCost, tries: int) -> float:
    salt = sealing.new_salt()
    best = float("inf")
    for i in range(tries):
        start = time.perf_counter()
        sealing.pin_key(f"{i:06d}", salt, cost)
        best = min(best, time.perf_counter() - start)
    return best


def save_seconds(runs: int = 50) -> float:
    """One save of a locked mid-game duel: the seal of two envelopes and the TI-57 (no scrypt)."""
    s = DuelSession(lock=True, seal_cost=sealing.KdfCost(4, 1, 1))
    s.start()
    s.reveal()
    s.place((2, 3), "123456")
    s.reveal()
    s.place((7, 6), "654321")
    s.reveal("123456")
    s.move(2)
    start = time.perf_counter()
    for _ in range(runs):
        s.to_save()
    return (time.perf_counter() - start) / runs


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("tries", nargs="?", type=int, default=5, help="scrypt runs timed, the best kept (default 5)")
    tries = p.parse_args().tries
    cost = sealing.DEFAULT_COST
    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    earlier = seconds_per_try(sealing.KdfCost(14, 8, 1), tries)
    print(f"earlier seal, scrypt(2**14, 8, 1): {earlier * 1000:.0f} ms a try")
    one = seconds_per_try(cost, tries)
    print(f"scrypt(2**{cost.log2_n}, {cost.r}, {cost.p}), {cost.memory // 2**20} MiB: {one:.2f} s a try "
          f"(best of {tries}, one core)")
    space = 10 ** PIN_DIGITS[0]
    for cores in (1, LAPTOP_CORES):
        days = space * one / cores / 86_400
        print(f"a {PIN_DIGITS[0]}-digit PIN on {cores} core(s): {days:.1f} days for all {space:,}, "
              f"{days / 2:.1f} on average")
    print(f"each more digit: x10 (a {PIN_DIGITS[1]}-digit PIN: {10 ** PIN_DIGITS[1] * one / LAPTOP_CORES / 86_400 / 365:,.0f}"
          f" years on {LAPTOP_CORES} cores)")
    print(f"one save of a locked duel (no scrypt): {save_seconds() * 1000:.2f} ms")


if __name__ == "__main__":
    main()
