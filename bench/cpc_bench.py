"""Speed of the CPC BASIC interpreter as a bench64-style index (NTSC C64 = 100).

``cpc_bench.bas`` (written here) runs eight parts -- FOR, GOTO, GOSUB, IF, DEF FN,
maths, strings, arrays -- each one loop body the bench64 suite (scruss/bench64) defines,
and times them with the program's own TIME.  The loop counts are the ones that take
exactly 60 s each on an NTSC C64 (bench64's README), so each part's C64 rate is
count/60 and its index is 100 x our rate / the C64 rate; the overall index is
bench64's: 100 x 480 s / our total time for the same counts.  On this scale bench64
reports 169 for a real (emulated) CPC 6128.  Run: ``python bench/cpc_bench.py [scale]``
(scale multiplies the C64 loop counts, default 30, so that every part runs long
enough for TIME's 1/300 s ticks).  The parts are timed by TIME, i.e. in wall time;
the total is also given in process CPU time, which other programs sharing the
processor do not inflate.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from machines.cpc import CPC, RunState  # noqa: E402

PARTS = ("FOR", "GOTO", "GOSUB", "IF", "FN", "MATHS", "STRING", "ARRAY")
C64_COUNTS = (40468, 26522, 21046, 14568, 3642, 383, 4928, 1675)  # 60 s each on a C64
CPC6128_INDEX = 169  # bench64 README, "Amstrad CPC6128" (emulated)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("scale", nargs="?", type=int, default=30, help="the C64 loop counts multiplied by (default 30)")
    scale = p.parse_args().scale
    source = (Path(__file__).with_name("cpc_bench.bas")).read_text()
    if scale != 1:
        lines = []
        for line in source.splitlines():
            if " DATA " in line:
                head, _, data = line.partition(" DATA ")
                items = data.split(",")
                items = [str(int(x) * scale) if x.strip().isdigit() else x for x in items]
                line = head + " DATA " + ",".join(items)
            lines.append(line)
        source = "\n".join(lines)
    cpc = CPC()
    problems = cpc.load_basic(source)
    assert not problems, problems
    wall = time.perf_counter()
    cpu = time.process_time()
    state = cpc.run()
    cpu = time.process_time() - cpu
    wall = time.perf_counter() - wall
    assert state == RunState.ENDED, (state, cpc.transcript)
    seconds = cpc.array("R")[1:9]
    print(f"machine: {platform.processor() or platform.machine()}, Python {platform.python_version()}"
          f" ({platform.python_implementation()}), {platform.system()}")
    print(f"loop counts: {scale} x the C64 minute; {cpc.statements} statements in {wall:.2f} s wall"
          f" = {cpc.statements / wall:,.0f} statements/s; {cpu:.2f} s CPU = {cpc.statements / cpu:,.0f}"
          " statements/s (on a shared machine the CPU figure is the steadier one)")
    print(f"{'part':8} {'seconds':>8} {'ops/s':>10} {'C64 ops/s':>10} {'index':>8}")
    total = 0.0
    for name, count, secs in zip(PARTS, C64_COUNTS, seconds):
        secs = max(secs, 1 / 300)
        rate = count * scale / secs
        c64_rate = count / 60
        total += count / rate
        print(f"{name:8} {secs:8.2f} {rate:10.0f} {c64_rate:10.1f} {100 * rate / c64_rate:8.0f}")
    overall = 100 * 480 / total
    print(f"OVERALL INDEX = {overall:.0f}   (C64 = 100, CPC 6128 = {CPC6128_INDEX},"
          f" {overall / CPC6128_INDEX:.0f} x a real CPC 6128)")


if __name__ == "__main__":
    main()
