"""The yardstick of ``bench/ui_latency.py``: the barest Textual app, echoing the keys it gets.

A header, one line of text and a footer, as the arcade's screens have: every key
pressed changes the line (``keys: N, last: K``).  ``ARCADE_STALL_PROBE`` starts the
same stall probe as the arcade's.

``BARE_BUSY_THREAD=1``: a thread shares the interpreter as a machine's job did when the
emulators ran in the arcade's own process (pure Python for ~1.5 ms, then a 2 ms rest, threads
switching every 0.5 ms); the same app then shows what sharing the interpreter alone costs a
key, with nothing drawn for the thread.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from pathlib import Path

from textual import events
from textual.app import App, ComposeResult
from textual.widgets import Footer, Header, Static

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arcade.devtools.stall_probe import start_if_asked  # noqa: E402 - after the path is set


class BareApp(App[None]):
    TITLE = "bare Textual app"

    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("bare ready  keys: 0", id="echo")
        yield Footer()

    def on_mount(self) -> None:
        self.stall_probe = start_if_asked(self)

    def on_key(self, event: events.Key) -> None:
        if event.key == "ctrl+q":
            return
        self.count += 1
        self.query_one("#echo", Static).update(f"bare ready  keys: {self.count}  last: {event.key}")


def busy_thread() -> None:
    """Pure-Python work in slices, resting between them, forever (a daemon thread)."""
    sys.setswitchinterval(0.0005)

    def work() -> None:
        while True:
            end = time.perf_counter() + 0.0015
            while time.perf_counter() < end:
                sum(i * i for i in range(200))
            time.sleep(0.002)

    threading.Thread(target=work, daemon=True, name="bare-busy").start()


if __name__ == "__main__":
    if os.environ.get("BARE_BUSY_THREAD"):
        busy_thread()
    BareApp().run()
