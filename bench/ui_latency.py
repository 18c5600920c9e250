"""How the arcade feels to a player, measured in a real terminal (tmux, 100x32).

    python bench/ui_latency.py [--rounds 9] [--keys 30] [--cases all] [--turns 15] [--real-seconds 6]

Everything is compared with a bare Textual app (``bench/bare_app.py``) measured in
the same run, on the same machine, through the same tmux:

(a) key to frame: a key is sent (``send-keys``) and the pane is read (``capture-pane``)
    each time the app writes, until the frame shows its effect; both go through one tmux
    client in control mode (``bench/tmux_pane.py``; ``--spawn``: a tmux process each,
    polled, the benches' earliest way, which added ~3 ms to every key and kept a core busy).
    The frame's time is when tmux told of the output it came in, not when the look that
    found it was read back (``--look-time``, the earlier way: reading back a full
    100x32 screen takes ~2 ms, the bare app's nearly empty one ~0.4 ms).
    Idle keys: the bare app's echo (the yardstick: 30 keys first, then 10 after each busy case
    in a bare app kept open, ``YARDSTICK_BETWEEN``), the launcher's Down/Up, the Othello cursor; and, for
    reference, the bare app's key while a thread of its own shares its interpreter as a
    machine's job does (``BARE_BUSY_THREAD``).  Busy keys: keys pressed while a machine
    answers, in every game that has one (HP-67 and Lazard Othello, the TI-57 duel
    and wolf with a computer seat), at instant and at real speed (``bench/busy_keys.py``;
    ``--cases`` chooses them).
(b) event-loop stalls: the apps run with ``ARCADE_STALL_PROBE`` (``arcade/devtools/stall_probe.py``),
    a 10 ms timer whose largest gap is the longest time the loop could not run.
(c) launch to first frame: from starting the command to the first frame showing the
    launcher, the HP-67 game's board, or the bare app's line, the median of ``--rounds``
    launches of each, interleaved (nine: one launch here takes 220-360 ms, and a median of
    five moved the HP-67's ratio from 1.13x to 1.64x run to run).  The arcade's modules are
    compiled first (``compileall``, into the tree's ``__pycache__``, which git ignores), as an
    installed package is: with ``PYTHONDONTWRITEBYTECODE`` set, every launch would
    otherwise compile ~100 modules from source (``--cold`` measures that way).

A p95 is judged against the target only from ``MIN_P95_KEYS`` keys: of fewer it is one of the
slowest few (the duel at instant speed: the computer answers before most keys land).

The figures are printed, never asserted (the machine may be shared and loaded): the
machine, its load, Python and Textual are printed with them.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import busy_keys
import tmux_pane
from busy_keys import BOARD_COLUMNS, MIN_P95_KEYS, Recorder
from tmux_pane import HEIGHT, LOST, ROOT, SOCKET, WIDTH, Pane, key_latency, tmux, wait_for

PYTHON = sys.executable
BUSY_LIMIT = 2.5
"""A key while a machine answers: its p95 at most this many times the bare app's median key (issue 38)."""
IDLE_LIMIT = 1.5
"""An idle key: its median at most this many times the bare app's median key."""



# -- the runs -------------------------------------------------------------------------------------------


@dataclass
class Figures:
    launch: dict[str, list[float]] = field(default_factory=dict)
    keys: dict[str, list[float]] = field(default_factory=dict)
    stalls: dict[str, dict] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    bare_blocks: list[float] = field(default_factory=list)
    """The median of each block of the bare app's idle keys, in the order timed."""


COMMANDS = {
    "bare": (f"{shlex.quote(PYTHON)} bench/bare_app.py", lambda f: "bare ready" in f),
    "launcher": (f"{shlex.quote(PYTHON)} -m arcade", lambda f: "Choose a game" in f),
    "hp67-othello": (f"{shlex.quote(PYTHON)} -m arcade --game hp67-othello", lambda f: bool(BOARD_COLUMNS.search(f))),
}


def fresh_env(scratch: Path, name: str, probe: bool) -> dict[str, str]:
    data = scratch / name
    data.mkdir(parents=True, exist_ok=True)
    env = {"ARCADE_DATA_DIR": str(data / "data"), "ARCADE_CONFIG_DIR": str(data / "config"),
           "TERM": os.environ.get("TERM", "xterm-256color") if os.environ.get("TMUX") else "tmux-256color"}
    if probe:
        env["ARCADE_STALL_PROBE"] = str(data / "stall.json")
    return env


def measure_launch(figures: Figures, scratch: Path, rounds: int) -> None:
    for n in range(rounds):
        for name, (command, ready) in COMMANDS.items():  # interleaved: the load hits all alike
            pane = Pane(f"launch-{name}-{n}", command, fresh_env(scratch, f"launch-{name}-{n}", probe=False))
            started = pane.start()
            try:
                seen, _ = wait_for(pane, ready, timeout=60)
                figures.launch.setdefault(name, []).append(seen - started)
            finally:
                pane.stop()


def read_probe(env: dict[str, str]) -> dict:
    time.sleep(1.3)  # the probe writes once a second
    try:
        return json.loads(Path(env["ARCADE_STALL_PROBE"]).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


BARE_LABEL = "bare: idle key"
YARDSTICK_BETWEEN = 10
"""The bare app's idle keys timed again after each case (one more bare app, without the stall probe,
open the whole run): the yardstick is the median of them all with the first 30, not of one block
before the cases -- a busy key is judged against the bare app as the machine was over the whole
run."""


def measure_bare(figures: Figures, scratch: Path, keys: int, busy: bool = False) -> None:
    """The yardstick's keys; ``busy``: with a thread sharing its interpreter (``bench/bare_app.py``)."""
    name, label = ("bare-busy-keys", "bare + a busy thread (reference)") if busy else ("bare-keys", BARE_LABEL)
    env = fresh_env(scratch, name, probe=True)
    if busy:
        env["BARE_BUSY_THREAD"] = "1"
    pane = Pane(name, COMMANDS["bare"][0], env)
    pane.start()
    try:
        wait_for(pane, COMMANDS["bare"][1], timeout=60)
        bare_keys(figures, pane, keys, label)
        figures.stalls["bare app + a busy thread, keys" if busy else "bare app, keys"] = read_probe(env)
    finally:
        pane.stop()


def open_yardstick(scratch: Path) -> Pane:
    """The bare app kept open for ``bare_keys`` after each case (no stall probe: it idles meanwhile)."""
    pane = Pane("bare-between", COMMANDS["bare"][0], fresh_env(scratch, "bare-between", probe=False))
    pane.start()
    try:
        wait_for(pane, COMMANDS["bare"][1], timeout=60)
    except BaseException:
        pane.stop()
        raise
    return pane


def bare_keys(figures: Figures, pane: Pane, keys: int, label: str = BARE_LABEL) -> None:
    """``keys`` keys in the bare app (its echo line changes), 50 ms apart; a yardstick block's median noted."""
    block = []
    for _ in range(keys):
        block.append(key_latency(pane, "x", lambda b, a: a != b))
        time.sleep(0.05)
    figures.keys.setdefault(label, []).extend(block)
    if label == BARE_LABEL:
        figures.bare_blocks.append(statistics.median(block))


def measure_launcher(figures: Figures, scratch: Path, keys: int) -> None:
    env = fresh_env(scratch, "launcher-keys", probe=True)
    pane = Pane("launcher-keys", COMMANDS["launcher"][0], env)
    pane.start()
    try:
        wait_for(pane, COMMANDS["launcher"][1], timeout=60)

        def chosen(frame: str) -> str:
            return next((line for line in frame.splitlines() if "▶" in line), "")

        for i in range(keys):
            key = "Down" if i % 2 == 0 else "Up"
            lat = key_latency(pane, key, lambda b, a: chosen(a) != chosen(b) and chosen(a) != "", styles=False)
            figures.keys.setdefault("launcher: idle key", []).append(lat)
            time.sleep(0.05)
        figures.stalls["launcher, keys"] = read_probe(env)
    finally:
        pane.stop()


def measure_busy(figures: Figures, scratch: Path, game: str, speed: str, turns: int, real_seconds: float) -> None:
    """One case of ``bench/busy_keys.py``: keys pressed while the game's machine answers, and the stalls."""
    name = f"busy-{game}-{speed}"
    env = fresh_env(scratch, name, probe=True)
    pane = Pane(name, f"{shlex.quote(PYTHON)} -m arcade --game {game}", env)
    pane.start()
    launch_probe = Path(env["ARCADE_STALL_PROBE"]).with_suffix(".before.json")

    def playing() -> None:
        pane.signal_app("USR1")  # the stall probe: what follows is the play, apart from the launch

    rec = Recorder(lambda label, seconds: figures.keys.setdefault(label, []).append(seconds),
                   figures.notes.append, playing)
    try:
        try:
            busy_keys.DRIVERS[game](pane, rec, game, speed, turns, real_seconds)
        except TimeoutError as error:
            figures.notes.append(f"{name}: the bench lost its way: {str(error).splitlines()[0]}")
            print(f"{name}: the bench lost its way: {error}", file=sys.stderr)  # the whole last frame
        figures.stalls[f"{game} {speed}, playing"] = read_probe(env)
        try:
            figures.stalls[f"{game} {speed}, launch and setting up"] = json.loads(launch_probe.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            figures.notes.append(f"{name}: no stall figures for the launch")
    finally:
        pane.stop()


# -- the report -----------------------------------------------------------------------------------------


def machine_lines() -> list[str]:
    model = "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    import textual

    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    tmux_version = subprocess.run(["tmux", "-V"], capture_output=True, text=True).stdout.strip()
    return [
        f"machine: {model}, {os.cpu_count()} cores, load {load} (1/5/15 min)",
        f"Python {platform.python_version()}, Textual {textual.__version__}, {tmux_version}, {WIDTH}x{HEIGHT}",
    ]


def ms(x: float) -> str:
    return f"{x * 1000:.0f} ms"


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def report(figures: Figures) -> str:
    lines = machine_lines() + [""]
    lines.append("launch to first frame (median of the rounds; min-max)")
    bare_launch = statistics.median(figures.launch.get("bare", [float("nan")]))
    for name, values in figures.launch.items():
        med = statistics.median(values)
        lines.append(f"  {name:<14} {ms(med):>8}  ({ms(min(values))}-{ms(max(values))})  {med / bare_launch:.2f}x bare")
    lines.append("")
    lines.append("key pressed to changed frame: p50 / p95 (n)")
    yardstick = statistics.median(figures.keys.get(BARE_LABEL, [float("nan")]))
    for name, values in figures.keys.items():
        p50, p95 = quantile(values, 0.5), quantile(values, 0.95)
        lines.append(f"  {name:<44} {ms(p50):>7} / {ms(p95):>7}  (n={len(values)})  p95 = {p95 / yardstick:.2f}x bare median")
    lines.append("")
    lines.append("event loop: gaps of a 10 ms timer (max, p99, count over 50 ms, ticks)")
    for name, probe in figures.stalls.items():
        if probe.get("ticks"):
            lines.append(f"  {name:<44} max {probe['max_gap_ms']} ms, p99 {probe['p99_gap_ms']} ms, "
                         f"{probe['over_50ms']} over 50 ms, {probe['ticks']} ticks; worst {probe['worst_ms']}")
        else:
            lines.append(f"  {name:<44} no probe figures")
    lines.append("")
    lines.append(f"targets (docs/performance.md): busy key p95 <= {BUSY_LIMIT}x bare median; idle key <= {IDLE_LIMIT}x;"
                 " no stall > 50 ms; launch <= 1.5x bare")
    for name, values in figures.keys.items():
        if name.startswith("bare"):
            continue
        if "answers" in name and len(values) < MIN_P95_KEYS:
            lines.append(f"  {name:<44} not judged: {len(values)} keys landed, a p95 needs {MIN_P95_KEYS}")
        elif "answers" in name:  # p95 against the bare median, as the issue states it
            p95 = quantile(values, 0.95)
            lines.append(f"  {name:<44} {'met' if p95 <= BUSY_LIMIT * yardstick else 'NOT met'} (p95 {p95 / yardstick:.2f}x bare median, limit {BUSY_LIMIT}x)")
        else:  # median against median: the bare app's own p95 is already 2-3x its median on a loaded machine
            p50 = statistics.median(values)
            lines.append(f"  {name:<44} {'met' if p50 <= IDLE_LIMIT * yardstick else 'NOT met'} (median {p50 / yardstick:.2f}x bare median, limit {IDLE_LIMIT}x)")
    for name, values in figures.launch.items():
        if name != "bare":
            ratio = statistics.median(values) / bare_launch
            lines.append(f"  launch {name:<37} {'met' if ratio <= 1.5 else 'NOT met'} ({ratio:.2f}x, limit 1.5x)")
    for name, probe in figures.stalls.items():
        if probe.get("ticks") and not name.startswith("bare"):
            lines.append(f"  stalls {name:<37} {'met' if probe['max_gap_ms'] <= 50 else 'NOT met'} (max {probe['max_gap_ms']} ms)")
    if len(figures.bare_blocks) > 1:
        lines.append(f"note: the yardstick (bare: idle key) is the median of {len(figures.bare_blocks)} blocks, one at the start "
                     f"and one after each case; their medians (ms) {' '.join(f'{b * 1000:.1f}' for b in figures.bare_blocks)}")
    lines += [f"note: {n}" for n in figures.notes]
    lines += [f"lost key: {n}" for n in LOST]
    lines += [f"key answered late: {n}" for n in busy_keys.LATE]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rounds", type=int, default=9, help="launches of each app (default 9)")
    p.add_argument("--keys", type=int, default=30, help="idle keys in the bare app and the launcher (default 30)")
    p.add_argument("--cases", default="all", help="keys while a machine answers: 'all', 'none', or game[:speed],... "
                   f"(games {', '.join(busy_keys.GAMES)}; speeds instant, real; default all)")
    p.add_argument("--turns", type=int, default=15,
                   help="turns played in each instant-speed case (default 15: six gave the Lazard case 14-19 keys)")
    p.add_argument("--real-seconds", type=float, default=6.0,
                   help="seconds of keys while the machine answers in each real-speed case (default 6)")
    p.add_argument("--launch-only", action="store_true", help="measure the launches only")
    p.add_argument("--spawn", action="store_true",
                   help="one tmux process per key and per look, the pane polled (the benches' earliest way, for figures taken so)")
    p.add_argument("--look-time", action="store_true",
                   help="a frame is seen when the look that shows it is read back (the earlier way, "
                        "for figures taken so), not when tmux told of the output it came in")
    p.add_argument("--byte-reads", action="store_true",
                   help="read tmux's notices a byte at a time (the earlier way, for figures taken so): "
                        "each frame is seen ~0.5 us a byte late, a large frame later than the bare app's line")
    p.add_argument("--cold", action="store_true", help="do not compile the arcade's modules first")
    args = p.parse_args(argv)
    figures = Figures()
    tmux_pane.SPAWN = args.spawn
    tmux_pane.LOOK_TIME = args.look_time
    tmux_pane.BYTE_READS = args.byte_reads
    figures.notes.append("keys sent and frames read by " + ("a tmux process each, the pane polled (--spawn)" if args.spawn
                         else "one tmux client in control mode, the frame read when the app writes"))
    if not args.spawn:
        figures.notes.append("a frame is seen " + ("when the look that shows it is read back (--look-time)" if args.look_time
                             else "when tmux told of the output it came in (the look that found it only confirms)"))
        figures.notes.append("tmux's notices read " + ("a byte at a time (--byte-reads): a frame is seen ~0.5 us a byte late"
                             if args.byte_reads else "a chunk at a time"))
    if args.cold:
        figures.notes.append("--cold: the arcade's modules were not compiled first (PYTHONDONTWRITEBYTECODE="
                             f"{os.environ.get('PYTHONDONTWRITEBYTECODE', '')!r})")
    else:
        subprocess.run([PYTHON, "-m", "compileall", "-q", "arcade", "games", "machines"], cwd=ROOT, check=True)
    with tempfile.TemporaryDirectory(prefix="arcade-bench-", ignore_cleanup_errors=True) as scratch:  # an app may still be saving
        # a session kept open the whole run: the private server never exits between two measures
        tmux("new-session", "-d", "-s", "keeper", "-x", str(WIDTH), "-y", str(HEIGHT), "sleep 86400", check=True)
        try:
            measure_launch(figures, Path(scratch), args.rounds)
            if not args.launch_only:
                measure_bare(figures, Path(scratch), args.keys)
                measure_bare(figures, Path(scratch), args.keys, busy=True)
                measure_launcher(figures, Path(scratch), args.keys)
                cases = busy_keys.parse_cases(args.cases)
                yardstick = open_yardstick(Path(scratch)) if cases else None
                try:
                    for game, speed in cases:
                        measure_busy(figures, Path(scratch), game, speed, args.turns, args.real_seconds)
                        assert yardstick is not None
                        bare_keys(figures, yardstick, YARDSTICK_BETWEEN)
                finally:
                    if yardstick is not None:
                        yardstick.stop()
        finally:
            socket = tmux("display-message", "-p", "#{socket_path}").strip()
            tmux("kill-server")
            if socket.endswith(SOCKET):  # tmux 3.3 leaves the socket's file behind: one per run otherwise
                Path(socket).unlink(missing_ok=True)
    print(report(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
