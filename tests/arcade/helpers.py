"""Helpers for the arcade's Pilot tests: read the screen as text, wait for the machine, steer the cursor."""

from __future__ import annotations

import asyncio
import re
import time
from typing import Any, Callable

from textual import events
from textual.app import App
from textual.keys import key_to_character
from textual.message_pump import MessagePump
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widget import Widget

from arcade.runtime.link import TableLink
from arcade.runtime.textual_compat import key_name

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


async def frame_drawn(pilot: Pilot, limit: float = 60.0) -> None:
    """Wait until the top screen has drawn what it had to draw and run the callbacks asked after a
    refresh before this call (``call_after_refresh``, a screen's first-frame callback): they run in
    the order asked, once nothing is left to repaint.  What a test means by "the frame the change set
    off is on the screen"; nothing is repainted for it.  ``limit`` only bounds a wait that would never end."""
    done = asyncio.Event()
    pilot.app.call_after_refresh(done.set)
    await wait_until(pilot, done.is_set, limit, what="a frame drawn")


async def caught_up(pilot: Pilot, *nodes: MessagePump, limit: float = 60.0) -> None:
    """Wait until each of ``nodes`` (a screen of another mode, say, which ``Pilot.pause(0)`` leaves
    alone) has handled every message queued to it so far."""
    for node in nodes:
        await _handled_so_far(pilot, node, limit)


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


def terminal_key(key: str) -> events.Key:
    """The ``Key`` event a terminal's driver posts for ``key`` (a character, or a name as ``"enter"`` or
    ``"ctrl+q"``), named and typed as ``Pilot.press`` makes it: a printable character that is not a
    letter or a digit goes by its name (``"?"`` is ``question_mark``) and keeps its character."""
    if len(key) == 1:
        name, character = (key if key.isalnum() else key_name(key)), key
    else:
        name, character = key, key_to_character(key)
    return events.Key(name, character)


async def type_keys(pilot: Pilot, *keys: str, limit: float = 60.0) -> None:
    """Type ``keys`` as a player at a terminal would: each is posted to the app as its driver posts it, and
    the next one goes once it has been handled; return once the last one has been, and what it asked of
    its screen's machine host has been answered.

    Why that is enough, in Textual's message queues.  Every app, screen and widget handles the
    messages of its own queue one after another.  A key goes to the app's queue; the app checks its
    priority bindings and forwards the key to the focused widget's queue (or the screen's); from there
    it bubbles up, a parent's queue at a time, to the screen and back to the app, which runs the
    binding it finds (the action is awaited there).  So the key is followed along that path: a
    callback (``call_later``) is queued to a node only once the node before has run ours, that is
    once that node has handled the key and so queued it to the next; when the last callback, the
    app's, has run, every node on the path has handled the key.  One ``Pilot.pause(0)`` more
    (``_wait_for_screen``: a callback queued to the app and to every widget of the screen, awaited)
    lets each node handle what the key's action queued to it, as ``Pilot.press`` ends.  (A node past
    the one that stopped the key is followed for nothing; a node gone is passed.)  What those handlers
    queue in turn, a screen pushed and composed, a worker's end: the test waits for it on its
    condition (``wait_for_screen``, ``wait_until``, ``settle``).

    What a key asks of a machine host comes back from another thread, so the queues alone cannot say
    when: if the screen that had the key holds a table (``TableLink``), every request the key sent is
    waited for (bounded by ``limit``), as ``settle`` waits for a job; a machine's turn it started
    (``table.running``) only at instant speed and while the screen is not paused: at the real pace a
    turn lasts minutes (a real HP-67 thinks that long), a room's machine runs for as long as the room
    is open, and a test may stop or pause a turn with its next key; ``settle`` waits for its end.
    ``Pilot.press`` waits instead until the process has been idle for 20 ms, twice a key
    (``textual._wait.wait_for_idle``), which, with the host in a thread of the tests' process, costs
    from 40 ms to 2 s a key.
    """
    app = pilot.app
    for key in keys:
        await _followed(pilot, [terminal_key(key).set_sender(app)], app.focused or app.screen, limit)


async def click(pilot: Pilot, target: Widget | type[Widget] | str, offset: tuple[int, int] = (0, 0),
                limit: float = 60.0) -> None:
    """Click ``target`` (a widget, or the first of a type or a selector on the top screen) at ``offset``
    from its corner as a terminal would: a button press and its release posted to the app, which
    makes a click of them (two at one place within half a second are a double click); return once
    they are handled, followed through the queues as ``type_keys`` follows a key: the app forwards
    them to the widget under the pointer, and they bubble up from there.  ``Pilot.click`` posts the
    click itself, past the app, and waits for the process to be idle before and after each event."""
    app = pilot.app
    screen = app.screen
    widget = target if isinstance(target, Widget) else screen.query_one(target)
    x, y = widget.region.offset + offset
    assert screen.region.contains(x, y), f"({x}, {y}) is off the screen"
    under, _ = app.get_widget_at(x, y)
    pressed = [
        kind(None, x, y, 0, 0, 1, False, False, False, screen_x=x, screen_y=y).set_sender(app)
        for kind in (events.MouseDown, events.MouseUp)
    ]
    await _followed(pilot, pressed, under, limit)


async def _followed(pilot: Pilot, sent: list[events.Event], first: Widget, limit: float) -> None:
    """Post ``sent`` to the app and return once the app and ``first`` and each of its parents in turn
    have handled them, then what they asked of the screen's machine host is answered."""
    app = pilot.app
    path: list[MessagePump] = [app, *first.ancestors_with_self]
    screen = app.screen
    table = getattr(screen, "table", None)
    if not isinstance(table, TableLink):
        table = None  # a screen with no machine host (the match screen names its table with a word)
    sent_before = table.unanswered if table is not None else frozenset()
    for event in sent:
        app.post_message(event)
    for node in path:
        await _handled_so_far(pilot, node, limit)
    await app.animator.wait_until_complete()  # as Pilot.press: an animation started is over (the arcade starts none)
    await handled(pilot)
    if table is not None:
        await _answered(pilot, screen, table, sent_before, limit)


async def _handled_so_far(pilot: Pilot, node: MessagePump, limit: float) -> None:
    """Return once ``node`` has handled every message queued to it so far (or has stopped)."""
    done = asyncio.Event()
    if not node.call_later(done.set):
        return  # closed (a screen popped, a widget removed): it handles nothing more
    end = time.monotonic() + limit
    while not done.is_set() and node.is_running:
        if time.monotonic() >= end:  # a bound on a wait that would never end, not a measure
            raise TimeoutError(f"{node!r} never handled the key")
        try:
            await asyncio.wait_for(done.wait(), POLL)
        except asyncio.TimeoutError:
            pass  # looked again: a node that stopped will never run the callback


async def _answered(pilot: Pilot, screen: Screen, table: TableLink, sent_before: frozenset[int], limit: float) -> None:
    """Wait until the host has answered every request sent since ``sent_before`` (a turn under way only
    while the screen runs its machine at instant speed, unpaused)."""

    def asked() -> frozenset[int]:
        waiting = table.unanswered - sent_before
        turn_waited = getattr(screen, "instant", False) and not getattr(screen, "paused", False)
        if table.running is not None and not turn_waited:
            waiting -= {table.running.serial}
        return waiting

    if asked():
        await wait_until(pilot, lambda: not asked(), limit, what="the machine host's answer to the key")


async def move_cursor_to(pilot: Pilot, board: object, square: int) -> None:
    """Steer the board's cursor with h j k l (and arrows) to ``square``."""
    row, col = divmod(board.cursor, 8)  # type: ignore[attr-defined]
    target_row, target_col = divmod(square, 8)
    keys: list[str] = []
    keys += ["j" if target_row > row else "up"] * abs(target_row - row)
    keys += ["l" if target_col > col else "left"] * abs(target_col - col)
    if keys:
        await type_keys(pilot, *keys)
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
