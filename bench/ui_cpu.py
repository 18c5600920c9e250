"""How much of a core the arcade's own process takes while its machines compute flat out.

Prints figures, asserts nothing.  Run:  .venv/bin/python bench/ui_cpu.py [--seconds 20]

``arcade match --watch --instant --games 20`` runs in a private tmux (100x32): the HP-67
and the CPC play each other at instant speed, every move drawn on the match screen.
Once the first moves are on screen, the CPU time of the arcade's process (the UI) and
of its machine host (its child, ``python -m games.host``) are read from ``/proc`` at the
start and the end of ``--seconds``; each is printed as a share of one core.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOCKET = f"arcade-ui-cpu-{os.getpid()}"
TICKS = os.sysconf("SC_CLK_TCK")


def tmux(*args: str) -> str:
    return subprocess.run(["tmux", "-L", SOCKET, *args], capture_output=True, text=True, check=False).stdout


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS  # utime + stime


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(stat[1]) == pid:
                found.append(int(entry.name))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()
    data = tempfile.mkdtemp(prefix="arcade-ui-cpu-")
    command = (f"ARCADE_DATA_DIR={data} ARCADE_CONFIG_DIR={data}/config exec {sys.executable} -m arcade match "
               "--watch --instant --games 20")
    tmux("new-session", "-d", "-x", "100", "-y", "32", "-c", str(ROOT), command)
    try:
        shell = int(tmux("list-panes", "-F", "#{pane_pid}").split()[0])
        end = time.monotonic() + 60
        hosts: list[int] = []
        while time.monotonic() < end and not ("Game 1" in tmux("capture-pane", "-p") and hosts):
            time.sleep(0.2)
            hosts = [p for p in children(shell) if b"games.host" in Path(f"/proc/{p}/cmdline").read_bytes()]
        if not hosts:
            sys.exit("the match never started")
        ui, host = shell, hosts[0]
        ui0, host0, wall0 = cpu_seconds(ui), cpu_seconds(host), time.monotonic()
        time.sleep(args.seconds)
        ui1, host1, wall1 = cpu_seconds(ui), cpu_seconds(host), time.monotonic()
        wall = wall1 - wall0
        print(f"HP-67 against CPC at instant speed on the match screen, {wall:.1f} s:")
        print(f"  the arcade's process (the UI)   {100 * (ui1 - ui0) / wall:5.1f}% of a core")
        print(f"  its machine host                {100 * (host1 - host0) / wall:5.1f}% of a core")
        print(f"  load average                    {os.getloadavg()[0]:.2f} ({os.cpu_count()} cores)")
    finally:
        tmux("kill-server")


if __name__ == "__main__":
    main()
