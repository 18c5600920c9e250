"""The machines in the host process against the same machines in a thread of this process.

Prints figures, asserts nothing.  Run:  .venv/bin/python bench/host_speed.py [--turns N] [--rounds R]

For each Othello machine (the HP-67, Lazard's CPC), the same game -- the machine against a
person playing the first legal square, at instant speed -- is played ``--turns`` turns at a
table in a host thread of this process and at a table in a host process, alternately,
``--rounds`` times.  Printed per way: the wall time per turn (median of the rounds) and the
CPU time THIS process spent per turn: in a thread that is the machine itself; with the
host process it is what the screen's side costs (the pipe and the pictures), the share of
the UI's interpreter a machine still takes.
"""

from __future__ import annotations

import argparse
import queue
import statistics
import time
from typing import Any

from games.host.client import HostClient
from games.host.news import Answer, Started
from games.othello.referee import Disc

BOUND = 60.0


class Answers:
    def __init__(self) -> None:
        self.news: queue.Queue[Any] = queue.Queue()

    def __call__(self, news: Any) -> None:
        self.news.put(news)

    def answer(self, serial: int) -> Answer:
        end = time.monotonic() + BOUND
        while time.monotonic() < end:
            news = self.news.get(timeout=BOUND)
            if isinstance(news, Answer) and news.serial == serial:
                return news
        raise TimeoutError(serial)


def one_game(game: str, own_process: bool, turns: int) -> tuple[float, float]:
    """(wall seconds, this process's CPU seconds) for ``turns`` turns of the person and the machine."""
    answers = Answers()
    client = HostClient(answers, own_process=own_process)
    client.start()
    while not isinstance(answers.news.get(timeout=BOUND), Started):
        pass
    answers.answer(client.open(game))
    client.pace(instant=True)
    started = answers.answer(client.request("start", Disc.WHITE))
    assert started.done, started
    wall0, cpu0 = time.perf_counter(), time.process_time()
    picture = started.picture
    for _ in range(turns):
        view = picture.view
        if view.phase.value == "over":
            break
        square = min(view.legal) if view.legal else None
        answer = answers.answer(client.request("play", square))
        assert answer.done, answer
        picture = answer.picture
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    client.close()
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=12)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    for game in ("hp67-othello", "lazard-othello"):
        figures: dict[str, list[tuple[float, float]]] = {"thread": [], "process": []}
        for _ in range(args.rounds):
            for way in ("thread", "process"):
                figures[way].append(one_game(game, way == "process", args.turns))
        print(f"{game}: {args.turns} turns (the person's move and the machine's reply), {args.rounds} rounds")
        for way, runs in figures.items():
            wall = statistics.median(w for w, _ in runs) / args.turns * 1000
            cpu = statistics.median(c for _, c in runs) / args.turns * 1000
            print(f"  host in a {way:7}  {wall:8.1f} ms a turn   this process's CPU {cpu:7.2f} ms a turn"
                  f" ({100 * cpu / wall if wall else 0:.0f}% of the wall time)")


if __name__ == "__main__":
    main()
