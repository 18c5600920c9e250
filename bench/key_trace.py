"""Where a key waits on its way to the screen: keys timed by ``bench/ui_latency.py``, traced in the app.

    python bench/key_trace.py [--cases lazard-othello:instant] [--turns 20] [--worst 3]

Runs one round of ``bench/ui_latency.py`` for ``--cases`` with the in-app recorder
(``bench/key_trace_site/sitecustomize.py``, on ``PYTHONPATH`` with ``ARCADE_KEY_TRACE``) and
the bench's own log of each key it timed (``BENCH_KEY_LOG``: sent, seen).  ``--stalls 40``
also shows what ran in each gap of the stall probe's ticks longer than 40 ms.  Both use the
system's monotonic clock, so each key's time splits into:

    sent -> read      the terminal's input thread reads the key (tmux, the interpreter's lock)
    read -> written   the app: its messages, the key's action, the frame, its writing
    written -> seen   the terminal's output thread flushes it; tmux tells of it

then prints the percentiles of each part and the worst keys' timelines (the app's messages
and frames over 0.2 ms, the saves' encoding, garbage collections).  The recorder costs the app time of its own: read the figures as where
the time goes, not as the latency (``bench/ui_latency.py`` measures that, untraced).
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHOWN = ("msg", "frame", "display", "save", "gc")


def load(folder: Path) -> tuple[list[list], list[tuple[str, float, float]]]:
    events: list[list] = []
    for path in glob.glob(str(folder / "trace-*.jsonl")):
        with open(path, encoding="utf-8") as f:
            events += [json.loads(line) for line in f if line.strip()]
    events.sort(key=lambda e: e[1])
    keys = []
    log = folder / "keys.log"
    if log.exists():
        for line in log.read_text(encoding="utf-8").splitlines():
            key, sent, seen = line.split()
            keys.append((key, float(sent), float(seen)))
    return events, keys


def parts(events: list[list], key: tuple[str, float, float]) -> tuple[float, float, float] | None:
    """(sent -> read, read -> written, written -> seen) in ms, or None if the trace lost the key."""
    _name, sent, seen = key
    read = next((e for e in events if e[0] == "key_in" and sent - 0.0005 <= e[1] <= seen), None)
    if read is None:
        return None
    flushes = [e[1] for e in events if e[0] == "flush" and read[1] <= e[1] <= seen + 0.0005]
    written = flushes[-1] if flushes else seen
    return (read[1] - sent) * 1000, (written - read[1]) * 1000, (seen - written) * 1000


def timeline(events: list[list], key: tuple[str, float, float]) -> list[str]:
    name, sent, seen = key
    out = [f"--- {name}: {(seen - sent) * 1000:.1f} ms (0 = sent)"]
    for e in events:
        if not sent - 0.012 <= e[1] <= seen + 0.001:
            continue
        t = (e[1] - sent) * 1000
        if e[0] in SHOWN:
            if e[0] == "msg" and e[2] - e[1] < 0.0003:
                continue
            out.append(f"{t:8.2f} +{(e[2] - e[1]) * 1000:5.2f}  {e[0]} {' '.join(map(str, e[3:]))}")
        else:
            out.append(f"{t:8.2f}         {e[0]} {' '.join(map(str, e[2:]))}")
    out.append(f"{(seen - sent) * 1000:8.2f}         seen")
    return out


def stalls(events: list[list], longer: float) -> list[str]:
    """What ran in each gap of the stall probe's ticks longer than ``longer`` ms (one app's trace)."""
    out: list[str] = []
    ticks = [e[1] for e in events if e[0] == "tick"]
    for a, b in zip(ticks, ticks[1:]):
        if (b - a) * 1000 <= longer:
            continue
        out.append(f"--- a stall of {(b - a) * 1000:.1f} ms (0 = the tick before it)")
        for e in events:
            if not a <= e[1] <= b:
                continue
            if e[0] in SHOWN and e[2] - e[1] >= 0.002:
                out.append(f"{(e[1] - a) * 1000:8.2f} +{(e[2] - e[1]) * 1000:5.2f}  {e[0]} {' '.join(map(str, e[3:]))}")
            elif e[0] in ("key_in", "action", "write"):
                out.append(f"{(e[1] - a) * 1000:8.2f}         {e[0]} {' '.join(map(str, e[2:]))}")
    return out


def quantiles(values: list[float]) -> str:
    v = sorted(values)
    return f"p50 {v[len(v) // 2]:5.1f}  p95 {v[int(len(v) * 0.95)]:5.1f}  max {v[-1]:5.1f}"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--cases", default="lazard-othello:instant", help="as bench/ui_latency.py's --cases")
    p.add_argument("--turns", type=int, default=20)
    p.add_argument("--real-seconds", type=float, default=6.0)
    p.add_argument("--worst", type=int, default=3, help="timelines of the slowest keys shown (default 3)")
    p.add_argument("--stalls", type=float, default=0.0, metavar="MS",
                   help="also show what ran in each stall longer than MS ms (the launch's included)")
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="key-trace-") as scratch:
        folder = Path(scratch)
        env = dict(os.environ, ARCADE_KEY_TRACE=str(folder), BENCH_KEY_LOG=str(folder / "keys.log"),
                   PYTHONPATH=os.pathsep.join([str(ROOT / "bench" / "key_trace_site"), os.environ.get("PYTHONPATH", "")]))
        run = subprocess.run([sys.executable, "bench/ui_latency.py", "--rounds", "1", "--keys", "3", "--cases", args.cases,
                              "--turns", str(args.turns), "--real-seconds", str(args.real_seconds)],
                             cwd=ROOT, env=env, capture_output=True, text=True)
        print("\n".join(line for line in run.stdout.splitlines() if "key while" in line or "idle key" in line))
        events, keys = load(folder)
        if args.stalls:
            for path in sorted(glob.glob(str(folder / "trace-*.jsonl"))):
                with open(path, encoding="utf-8") as f:
                    one = sorted((json.loads(line) for line in f if line.strip()), key=lambda e: e[1])
                for line in stalls(one, args.stalls):
                    print(line)
    split = [(k, parts(events, k)) for k in keys]
    found = [(k, s) for k, s in split if s is not None]
    print(f"{len(keys)} keys timed, {len(found)} found in the trace (ms):")
    if found:
        for i, label in enumerate(("sent -> read", "read -> written", "written -> seen")):
            print(f"  {label:16s} {quantiles([s[i] for _k, s in found])}")
        print(f"  {'the whole':16s} {quantiles([(k[2] - k[1]) * 1000 for k, _s in found])}")
    for key, _s in sorted(found, key=lambda ks: ks[0][1] - ks[0][2])[: args.worst]:
        print("\n".join(timeline(events, key)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
