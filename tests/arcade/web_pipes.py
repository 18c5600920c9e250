"""A real arcade process under Textual's web driver, on pipes, as textual-serve runs one (no server).

textual-serve starts its child with ``TEXTUAL_DRIVER`` naming the web driver and the size in
``COLUMNS``/``ROWS``; the child writes ``__GANGLION__`` then packets (a type byte ``D`` for
terminal output, ``M`` for JSON meta, ``P`` for packed data, a 4-byte big-endian size, the
payload) and reads packets of the same form (``D``: keys as a terminal sends them; ``M``:
``resize``, ``focus``, ``blur``, ``quit``).  Every wait is on a condition with a generous
bound, never a fixed time.
"""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

from tests.arcade.pty_arcade import ESCAPES, ROOT, WAIT

PRELUDE = b"__GANGLION__\n"
WEB_DRIVER = "textual.drivers.web_driver:WebDriver"


def web_environment(data_dir: Path, size: tuple[int, int] = (100, 32)) -> dict[str, str]:
    """The environment textual-serve 1.1.3 gives its children (``AppService._build_environment``),
    the arcade's files in ``data_dir``."""
    env = {**os.environ, "ARCADE_DATA_DIR": str(data_dir), "ARCADE_CONFIG_DIR": str(data_dir / "config")}
    env.update(TEXTUAL_DRIVER=WEB_DRIVER, TEXTUAL_FPS="60", TEXTUAL_COLOR_SYSTEM="truecolor",
               TERM_PROGRAM="textual", TERM_PROGRAM_VERSION="1.1.3", COLUMNS=str(size[0]), ROWS=str(size[1]))
    return env


def packet(kind: bytes, payload: bytes) -> bytes:
    return kind + len(payload).to_bytes(4, "big") + payload


class WebArcade:
    """``python -m arcade ARGS`` under the web driver, its stdin and stdout pipes held by the test."""

    def __init__(self, data_dir: Path, *args: str) -> None:
        self.data_dir = data_dir
        self.proc = subprocess.Popen([sys.executable, "-m", "arcade", *args], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=web_environment(data_dir),
                                     cwd=ROOT, close_fds=True)
        assert self.proc.stdout is not None and self.proc.stderr is not None
        for stream in (self.proc.stdout, self.proc.stderr):
            os.set_blocking(stream.fileno(), False)
        self.raw = b""
        self.screen = b""  # the terminal output of the D packets
        self.metas: list[dict[str, object]] = []
        self.errors = b""
        self.started = False
        self.stdout_closed = False

    # -- reading ---------------------------------------------------------------------------

    def read(self, bound: float = 0.1) -> None:
        """What came within ``bound`` seconds on stdout and stderr, parsed into packets."""
        streams = [s for s in (None if self.stdout_closed else self.proc.stdout, self.proc.stderr)
                   if s is not None and not s.closed]
        if not streams:
            return
        ready, _, _ = select.select(streams, [], [], bound)
        for stream in ready:
            try:
                chunk = os.read(stream.fileno(), 65536)
            except (BlockingIOError, InterruptedError):
                continue
            if stream is self.proc.stderr:
                self.errors += chunk
            else:
                self.raw += chunk
        self._parse()

    def _parse(self) -> None:
        if not self.started:
            if PRELUDE not in self.raw:
                return
            self.raw = self.raw.split(PRELUDE, 1)[1]
            self.started = True
        while len(self.raw) >= 5:
            size = int.from_bytes(self.raw[1:5], "big")
            if len(self.raw) < 5 + size:
                return
            kind, payload, self.raw = self.raw[:1], self.raw[5:5 + size], self.raw[5 + size:]
            if kind == b"D":
                self.screen += payload
            elif kind == b"M":
                self.metas.append(json.loads(payload))

    @property
    def text(self) -> str:
        return ESCAPES.sub(b"", self.screen).decode("utf-8", "replace")

    def wait_for(self, predicate: Callable[[], object], what: str, timeout: float = WAIT) -> None:
        deadline = time.monotonic() + timeout
        while not predicate():
            if self.proc.poll() is not None:
                self.read(0)
                if predicate():
                    return
                raise AssertionError(f"the arcade ended ({self.proc.returncode}) before {what}: "
                                     f"{self.text[-400:]!r} {self.errors[-800:]!r}")
            if time.monotonic() >= deadline:  # a bound on a wait that would never end, not a measure
                raise TimeoutError(f"never happened: {what}; the screen ended with {self.text[-400:]!r}")
            self.read()

    def wait_for_text(self, words: str) -> None:
        squeezed = words.replace(" ", "")
        self.wait_for(lambda: squeezed in self.text.replace(" ", ""), repr(words))

    # -- writing ---------------------------------------------------------------------------

    def send(self, data: bytes) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def press(self, keys: str) -> None:
        self.send(packet(b"D", keys.encode()))

    def meta(self, **fields: object) -> None:
        self.send(packet(b"M", json.dumps(fields).encode()))

    # -- ending ----------------------------------------------------------------------------

    def end_input(self) -> None:
        """The server is gone (killed): the arcade's input ends."""
        assert self.proc.stdin is not None
        self.proc.stdin.close()

    def close_output(self) -> None:
        """Nobody reads the arcade's output any more: its next write fails (EPIPE)."""
        assert self.proc.stdout is not None
        self.stdout_closed = True
        self.proc.stdout.close()

    def signal(self, signum: int) -> None:
        self.proc.send_signal(signum)

    def wait_exit(self, timeout: float = WAIT) -> int | None:
        """The exit status (reading meanwhile: a full pipe would block the arcade); None if still running."""
        deadline = time.monotonic() + timeout
        while self.proc.poll() is None and time.monotonic() < deadline:  # a bound, not a measure
            self.read(0.2)
        self.read(0)
        return self.proc.poll()

    def cleanup(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            if stream is not None and not stream.closed:
                try:
                    stream.close()
                except OSError:
                    pass
