"""A private tmux server for the benches: panes running one command, keys sent, frames read.

``bench/ui_latency.py`` and ``bench/busy_keys.py`` measure through it: a key is sent and
the pane is read until the frame shows its effect.  Both go through one tmux client in
control mode (``tmux -C``) per pane, so the bench spawns no process per key or per look:
a ``tmux send-keys`` or ``tmux capture-pane`` process costs ~2 ms of a core each, and
polling with them kept the second core busy exactly while a machine held the first
(every key pressed while a machine answered then waited for a core as much as for the
app).  The frame is read again each time the pane's program writes (tmux's ``%output``
notice), or every ``FALLBACK`` seconds in case a notice is missed: a player's terminal
shows a frame when it comes, it does not poll.  The notices are read a chunk at a time and
timed as they are read: read a byte at a time (``BYTE_READS``), a large frame's notice was
timed 1-2 ms after the bare app's one-line echo would have been, for the reading alone.
"""

from __future__ import annotations

import io
import os
import queue
import shlex
import subprocess
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
SOCKET = f"arcade-bench-{os.getpid()}"  # a private tmux server: no other session is touched
WIDTH, HEIGHT = 100, 32
FALLBACK = 0.02
"""Longest wait between two looks at a pane that has written nothing meanwhile."""
REPLY_TIMEOUT = 10.0
BYTE_READS = False
"""True: the control client's notices read a byte at a time, the benches' earlier way (an unbuffered
pipe: Python reads a line of it one byte per call).  A notice counted once its last byte was read,
~0.5 µs a byte: a frame of 3 KB (the duel's register panel, a turn's end; tmux's escapes make it
longer) was seen ~1.5-2 ms late, the bare app's one-line echo ~0.1 ms late (``--byte-reads``)."""
SPAWN = False
"""True: one ``tmux`` process per key and per look, the pane polled (the benches' earliest
way, for figures comparable with ones taken so: ``ui_latency.py --spawn``)."""


def tmux(*args: str, check: bool = False) -> str:
    return subprocess.run(["tmux", "-L", SOCKET, *args], capture_output=True, text=True, check=check).stdout


class Control:
    """One tmux client in control mode, attached to one session: commands in, replies and
    output notices out (read by a thread of its own)."""

    def __init__(self, session: str) -> None:
        self.proc = subprocess.Popen(["tmux", "-L", SOCKET, "-C", "attach-session", "-t", session],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     bufsize=0)
        self.replies: queue.Queue[list[str] | None] = queue.Queue()
        self.outputs = 0  # %output notices so far
        self.output_at = 0.0  # time.perf_counter() when the last one came
        self.changed = threading.Condition()
        self._lock = threading.Lock()
        self._reader = threading.Thread(target=self._read, daemon=True, name=f"tmux-control-{session}")
        self._reader.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        block: list[str] | None = None
        ours = False
        # bufsize=0 keeps the commands' writes unbuffered; the notices are read a chunk at a time
        stream = self.proc.stdout if BYTE_READS else io.BufferedReader(self.proc.stdout, 1 << 16)  # type: ignore[arg-type]
        for raw in stream:
            line = raw.decode("utf-8", "replace").rstrip("\n")
            if block is not None:
                if line.startswith(("%end ", "%error ")):
                    if ours:  # flag 1: a reply to a command of this client (0: the attach's own)
                        self.replies.put(block if line.startswith("%end ") else [f"error: {' '.join(block)}"])
                    block = None
                else:
                    block.append(line)
            elif line.startswith("%begin "):
                block, ours = [], line.split()[-1] == "1"
            elif line.startswith("%output "):
                with self.changed:
                    self.outputs += 1
                    self.output_at = time.perf_counter()
                    self.changed.notify_all()
            elif line.startswith("%exit"):
                break
        self.replies.put(None)
        with self.changed:
            self.changed.notify_all()

    def command(self, line: str) -> list[str]:
        """Run one tmux command line; its output lines."""
        with self._lock:  # replies come in the order of the commands
            assert self.proc.stdin is not None
            self.proc.stdin.write((line + "\n").encode())
            reply = self.replies.get(timeout=REPLY_TIMEOUT)
        if reply is None:
            raise ConnectionError(f"the tmux control client ended (command: {line})")
        return reply

    def wait_output(self, seen: int, timeout: float) -> None:
        """Until the pane writes after notice number ``seen``, or ``timeout`` seconds."""
        with self.changed:
            self.changed.wait_for(lambda: self.outputs != seen, timeout)

    def close(self) -> None:
        try:
            if self.proc.stdin is not None:
                self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()


@dataclass
class Pane:
    """One tmux session running one command, read and driven through a control-mode client."""

    name: str
    command: str
    env: dict[str, str]
    control: Control | None = field(default=None, init=False, repr=False)

    def start(self) -> float:
        exports = " ".join(f"{k}={shlex.quote(v)}" for k, v in self.env.items())
        shell = f"cd {shlex.quote(str(ROOT))} && exec env {exports} {self.command}"  # the pane's pid is the app's
        started = time.perf_counter()
        tmux("new-session", "-d", "-s", self.name, "-x", str(WIDTH), "-y", str(HEIGHT), shell, check=True)
        self.control = Control(self.name)
        return started

    def _control(self) -> Control:
        if self.control is None:
            raise RuntimeError(f"{self.name}: not started")
        return self.control

    def text(self, styles: bool = False) -> str:
        if SPAWN:
            return tmux("capture-pane", "-p", *(["-e"] if styles else []), "-t", self.name)
        lines = self._control().command(f"capture-pane -p {'-e ' if styles else ''}-t {shlex.quote(self.name)}")
        return "\n".join(lines) + "\n"

    def send(self, *keys: str) -> float:
        sent = time.perf_counter()
        if SPAWN:
            tmux("send-keys", "-t", self.name, *keys)
            return sent
        self._control().command(f"send-keys -t {shlex.quote(self.name)} {' '.join(shlex.quote(k) for k in keys)}")
        return sent

    def outputs(self) -> int:
        return self._control().outputs

    def output_at(self) -> float:
        """When tmux last told of output from the pane's program (0.0: never)."""
        return self._control().output_at

    def wait_output(self, seen: int, timeout: float) -> None:
        self._control().wait_output(seen, timeout)

    def signal_app(self, name: str) -> None:
        pid = tmux("display-message", "-p", "-t", self.name, "#{pane_pid}").strip()
        subprocess.run(["kill", f"-{name}", pid], check=False)

    def stop(self) -> None:
        tmux("kill-session", "-t", self.name)
        if self.control is not None:
            self.control.close()
            self.control = None


LOOK_TIME = False
"""True: a frame counts as seen when the look that shows it has been read back (``capture-pane``'s
reply), the benches' earlier way: a look at a full 100x32 screen takes ~2 ms, at the bare app's
nearly empty one ~0.4, so the look itself weighed on every app's figure but the yardstick's."""


def wait_for(pane: Pane, seen: Callable[[str], bool], timeout: float = 30.0, styles: bool = False) -> tuple[float, str]:
    """Read the pane until ``seen(frame)``, again after each write of its program; return when
    it was seen and the frame.

    When: the time tmux told of the last output before the look that showed it (the frame had
    reached the terminal by then; if later writes came first, this errs late, never early),
    or, with ``LOOK_TIME`` (and ``--spawn``), when that look was read back."""
    deadline = time.perf_counter() + timeout
    while True:
        mark = pane.outputs()
        frame = pane.text(styles)
        now = time.perf_counter()
        if seen(frame):
            if SPAWN or LOOK_TIME or pane.outputs() == 0:
                return now, frame
            return pane.output_at(), frame
        if now > deadline:
            raise TimeoutError(f"{pane.name}: not seen in {timeout} s; last frame:\n{frame}")
        if not SPAWN:
            pane.wait_output(mark, min(FALLBACK, max(0.0, deadline - now)))


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
