"""Helpers for the arcade's Pilot tests: read the screen as text, wait for the machine, steer the cursor."""

from __future__ import annotations

import asyncio
import re
import time
from typing import Any, Callable

from textual.app import App
from textual.pilot import Pilot
from textual.screen import Screen

from arcade.runtime.textual_compat import composed_rows

BOARD_ROW = re.compile(r"^ ?([1-8]) (│.*│)")
POLL = 0.01  # how often a wait looks again at its condition (a poll interval, never a wait for the app)
GLYPHS = {"●": "X", "○": "O", " ": ".", "+": "."}


def screen_text(app: App, screen: Screen | None = None) -> str:
    """A screen (by default the top one) as the terminal shows it, one line per row, without styles."""
    return "\n".join(row.text.rstrip() for row in composed_rows(screen or app.screen))


def flat(app: App) -> str:
    """The screen's words on one line: for messages that may wrap."""
    return " ".join(screen_text(app).split())


def shown_board(app: App, screen: Screen | None = None) -> list[str]:
    """The 8 rows of the grid board on screen, ``X`` black, ``O`` white, ``.`` empty."""
    rows: list[str] = []
    for line in screen_text(app, screen).splitlines():
        m = BOARD_ROW.match(line)
        if m:
            cells = m.group(2)[1:-1].split("│")[:8]
            rows.append("".join(GLYPHS.get(c.strip("[] ") or " ", "?") for c in cells))
    return rows


async def wait_for_screen(pilot: Pilot, kind: type, timeout: float = 60.0) -> Screen:
    """Wait until the top screen is a ``kind`` (a dialog, a game screen); return that screen.

    The screen is the one seen on top when the condition held: a fast game may already have
    pushed a dialog over it by the time the caller runs again."""
    seen: list[Screen] = []

    def on_top() -> bool:
        if isinstance(pilot.app.screen, kind):
            seen.append(pilot.app.screen)
            return True
        return False

    await wait_until(pilot, on_top, timeout, what=f"a {kind.__name__} on top")
    return seen[-1]


async def handled(pilot: Pilot) -> None:
    """The screen's pending messages handled and its next frame drawn (``Pilot.pause(0)``): what a wait on
    a condition does once the condition holds.  ``Pilot.pause()`` would also wait for the process's CPU
    to go quiet (20 ms at least, up to a second while a machine host in a thread of the tests answers)."""
    await pilot.pause(0)


def busy(screen: object) -> bool:
    """The screen's machine runs, or its host has not yet answered all that was sent to it."""
    table = getattr(screen, "table", None)
    return bool(getattr(screen, "busy", False)) or (table is not None and table.waiting)


async def settle(pilot: Pilot, screen: object, limit: float = 120.0) -> None:
    """Wait until the screen's worker is done and its news has been handled (``limit`` only bounds a
    wait that would never end)."""
    app = pilot.app
    end = time.monotonic() + limit
    while True:
        # a worker stopped on purpose ends in error (the screen reports it): its end is all that is awaited
        waits = asyncio.gather(*(worker.wait() for worker in list(app.workers)), return_exceptions=True)
        try:  # bounded too: a job that never ends fails the test instead of hanging the suite
            await asyncio.wait_for(waits, max(0.0, end - time.monotonic()))
        except asyncio.TimeoutError:
            raise TimeoutError("the machine never finished") from None
        await handled(pilot)
        if not busy(screen) and not any(w.is_running for w in app.workers):
            await handled(pilot)
            if not busy(screen):
                return
        if time.monotonic() >= end:  # a bound on a wait that would never end, not a measure
            raise TimeoutError("the machine never finished")
        await asyncio.sleep(POLL)


async def wait_until(pilot: Pilot, predicate: Callable[[], object], timeout: float = 60.0, what: str = "") -> None:
    """Let the app run until ``predicate()`` holds; fail after ``timeout`` seconds (generous: a loaded
    machine is slow, and nothing here measures time, it only bounds a wait that would never end)."""
    end = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() >= end:  # a bound on a wait that would never end, not a measure
            raise TimeoutError(f"never happened: {what or predicate}")
        await asyncio.sleep(POLL)
    await handled(pilot)


async def move_cursor_to(pilot: Pilot, board: object, square: int) -> None:
    """Steer the board's cursor with h j k l (and arrows) to ``square``."""
    row, col = divmod(board.cursor, 8)  # type: ignore[attr-defined]
    target_row, target_col = divmod(square, 8)
    keys: list[str] = []
    keys += ["j" if target_row > row else "up"] * abs(target_row - row)
    keys += ["l" if target_col > col else "left"] * abs(target_col - col)
    if keys:
        await pilot.press(*keys)
    assert board.cursor == square  # type: ignore[attr-defined]


def replay_ti57_export(text: str, program: object) -> object:
    """Type an export's "Every key ... to replay" lines on a bare TI-57, running the program after each SBR n.

    What a player would do with the exported text and a real calculator: the machine
    must end as the game's did (registers, display, flashing).
    """
    from machines.ti57 import TI57, StopReason

    lines = text.split("to replay", 1)[1].splitlines()[1:]
    machine = TI57()
    machine.load(program)  # type: ignore[arg-type]
    previous = ""
    for line in lines:
        if not line.startswith("  "):
            break
        for token in line.split():
            keys = [token] if token == "+/-" or not set(token) <= set("0123456789.") else list(token)
            for key in keys:
                machine.press(key)
                if previous == "SBR":
                    while machine.run(10_000).reason is StopReason.PAUSE:
                        pass
                previous = key
    return machine


def noted_refreshes(widget: Any) -> list[tuple[Any, ...]]:
    """Wrap ``widget.refresh``: the list returned gets the regions of every repaint asked from then on
    (an empty tuple: the whole widget)."""
    asked: list[tuple[Any, ...]] = []
    real = widget.refresh

    def noted(*regions: Any, **kwargs: Any) -> object:
        asked.append(regions)
        return real(*regions, **kwargs)

    widget.refresh = noted
    return asked


def room_model(screen: object) -> Any:
    """The room model at a machine room's table, in the host the tests run in a thread."""
    return screen.table.client.host.table.model  # type: ignore[attr-defined]


class PlainScreen:
    """A ``SavedScreen`` without Textual, for a ``GameSaves`` alone: its notes go to ``told``, what it
    says to ``said``, its game's state is ``state``, and a callback asked for later runs at once."""

    is_mounted = True

    def __init__(self, told: list[str]) -> None:
        self.told = told
        self.said: list[str] = []
        self.state: dict[str, Any] | None = None

    @property
    def app(self) -> Any:
        raise AssertionError("a plain screen has no app")

    def notify(self, message: str, **_kw: object) -> None:
        self.told.append(message)

    def say(self, text: str) -> None:
        self.said.append(text)

    def call_later(self, callback: Callable[..., Any], *args: Any) -> bool:
        callback(*args)
        return True

    def save_state(self) -> dict[str, Any] | None:
        return self.state

    def save_summary(self) -> str:
        return ""

    def save_held(self) -> bool:
        return False

    def resume(self, state: dict[str, Any], *args: Any) -> bool:
        return False

    def new_game(self) -> None:
        pass
