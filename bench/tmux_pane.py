"""A private tmux server for the benches: panes running one command, keys sent, frames read.

``bench/ui_latency.py`` and ``bench/busy_keys.py`` measure through it: a key is sent with
``tmux send-keys`` and ``tmux capture-pane`` is polled until the frame shows its effect.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
SOCKET = f"arcade-bench-{os.getpid()}"  # a private tmux server: no other session is touched
WIDTH, HEIGHT = 100, 32


def tmux(*args: str, check: bool = False) -> str:
    return subprocess.run(["tmux", "-L", SOCKET, *args], capture_output=True, text=True, check=check).stdout


@dataclass
class Pane:
    """One tmux session running one command."""

    name: str
    command: str
    env: dict[str, str]

    def start(self) -> float:
        exports = " ".join(f"{k}={shlex.quote(v)}" for k, v in self.env.items())
        shell = f"cd {shlex.quote(str(ROOT))} && exec env {exports} {self.command}"  # the pane's pid is the app's
        started = time.perf_counter()
        tmux("new-session", "-d", "-s", self.name, "-x", str(WIDTH), "-y", str(HEIGHT), shell, check=True)
        return started

    def text(self, styles: bool = False) -> str:
        return tmux("capture-pane", "-p", *(["-e"] if styles else []), "-t", self.name)

    def send(self, *keys: str) -> float:
        sent = time.perf_counter()
        tmux("send-keys", "-t", self.name, *keys)
        return sent

    def signal_app(self, name: str) -> None:
        pid = tmux("display-message", "-p", "-t", self.name, "#{pane_pid}").strip()
        subprocess.run(["kill", f"-{name}", pid], check=False)

    def stop(self) -> None:
        tmux("kill-session", "-t", self.name)


def wait_for(pane: Pane, seen: Callable[[str], bool], timeout: float = 30.0, styles: bool = False) -> tuple[float, str]:
    """Poll the pane until ``seen(frame)``; return when it was seen and the frame."""
    deadline = time.perf_counter() + timeout
    while True:
        frame = pane.text(styles)
        now = time.perf_counter()
        if seen(frame):
            return now, frame
        if now > deadline:
            raise TimeoutError(f"{pane.name}: not seen in {timeout} s; last frame:\n{frame}")


LOST: list[str] = []
"""Keys whose effect never showed (sent again): a finding of its own."""


def key_latency(pane: Pane, key: str, changed: Callable[[str, str], bool], styles: bool = True) -> float:
    """Seconds from sending ``key`` to a frame where ``changed(before, now)``; a key lost is sent again."""
    before = pane.text(styles)
    sent = pane.send(key)
    try:
        seen, _ = wait_for(pane, lambda now: changed(before, now), timeout=5, styles=styles)
    except TimeoutError:
        LOST.append(f"{pane.name}: {key} showed nothing in 5 s (frame: {' | '.join(before.split(chr(10))[19:22])}); sent again")
        sent = pane.send(key)
        seen, _ = wait_for(pane, lambda now: changed(before, now), styles=styles)
    return seen - sent
