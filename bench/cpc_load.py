"""How long LOAD and a typed line take at the CPC's Ready prompt with a big listing.

Prints, for listings of many bad lines (``X=RND(1,2)+``, each a Syntax error when run):
the time of ``LOAD`` (a 65,535-line file is refused with Memory full as it is read; the
largest that fits is compiled once), then of one line typed after it (the program is
compiled again, as the CPC re-links it).  Run: ``python bench/cpc_load.py``.
Figures only; the tests check the behaviour (work linear in the lines, big files refused).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from machines.cpc import CPC, ReadyPrompt  # noqa: E402
from machines.cpc.ready import Mode  # noqa: E402


def timed(prompt: ReadyPrompt, line: str) -> float:
    start = time.perf_counter()
    prompt.type(line + "\r")
    while prompt.mode is Mode.RUNNING:
        prompt.run(10_000)
    return time.perf_counter() - start


def main() -> None:
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args()  # --help; no options
    with tempfile.TemporaryDirectory() as folder:
        disc = Path(folder)
        for lines in (65_535, 20_000, 2_400, 1_200, 600):
            (disc / "BIG.BAS").write_text("".join(f"{n} X=RND(1,2)+\r\n" for n in range(1, lines + 1)))
            prompt = ReadyPrompt(CPC(), disc)
            load = timed(prompt, 'LOAD "BIG"')
            kept = len(prompt.cpc.lines)
            typed = timed(prompt, "70000 REM") if not kept else timed(prompt, f"{lines + 1} PRINT")
            said = prompt.cpc.transcript.strip().splitlines()
            print(f"{lines:>6} lines: LOAD {load * 1000:8.1f} ms ({said[1] if not kept else f'{kept} lines kept'}),"
                  f" a line typed after it {typed * 1000:7.1f} ms")


if __name__ == "__main__":
    main()
