"""Helpers for the arcade's Pilot tests: read the screen as text, wait for the machine, steer the cursor."""

from __future__ import annotations

import asyncio
import re
import threading
import time
from typing import Any, Callable

from textual._context import active_app
from textual.app import App
from textual.pilot import Pilot
from textual.screen import Screen

BOARD_ROW = re.compile(r"^ ?([1-8]) (│.*│)")
POLL = 0.01  # how often a wait looks again at its condition (a poll interval, never a wait for the app)
GLYPHS = {"●": "X", "○": "O", " ": ".", "+": "."}


def screen_text(app: App, screen: Screen | None = None) -> str:
    """A screen (by default the top one) as the terminal shows it, one line per row, without styles."""
    strips = (screen or app.screen)._compositor.render_strips()
    return "\n".join(strip.text.rstrip() for strip in strips)


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


QUIET_ROUNDS = 50
"""How many rounds of messages ``quiet`` lets the app handle at most: a machine that answers in a worker
keeps posting news, and a wait for it to stop would last as long as the machine."""


def nothing_pending(app: App) -> bool:
    """The app has nothing left to do of itself: no message waits in the app's queue or any widget's of
    the screens in the stack, no resize waits to be sent to the screens, and the top screen has no
    layout, repaint or callback due at its next frame.  (A worker's thread may still be running: a test
    waits for what it posts with ``wait_until``.)"""
    if app._resize_event is not None:
        return False
    screen = app.screen
    due = (screen._layout_required or screen._scroll_required or screen._repaint_required
           or screen._recompose_required or screen._dirty_widgets or screen._callbacks)
    if due:
        return False
    pumps = [app, *(node for shown in app.screen_stack for node in shown.walk_children(with_self=True))]
    return all(pump._message_queue.empty() and not pump._next_callbacks for pump in pumps)


def putting_off(app: App) -> bool:
    """The arcade put something off for a while, no machine running: a machine's panel waits for the
    player to rest from the keys (``Attention.after_keys_rest``), or news waits for a key's frame."""
    attention = getattr(app, "attention", None)
    if attention is None or attention.jobs_running or any(worker.is_running for worker in app.workers):
        return False  # while a machine answers, its news keeps coming: the test waits for what it expects
    return attention.putting_off


async def quiet(min_sleep: float = 0, max_sleep: float = 1) -> None:
    """What a Pilot waits for after a key, a click or a pause: the app has handled every message, drawn
    its next frame and run what it put off, on the condition itself.

    Textual's own ``wait_for_idle`` sleeps 20 ms at least and until the process's CPU goes quiet (up to
    a second while a machine answers in a worker): a wait on time, twice a key, which made the Pilot
    tests wait more than they worked.  ``tests/arcade/conftest.py`` puts this in its place.  Its
    arguments are ``wait_for_idle``'s, unused."""
    app = active_app.get()
    rounds = 0
    end = time.monotonic() + 60  # a bound on a wait that would never end, not a measure
    while True:
        await asyncio.sleep(0)
        if not app.is_running or not app.screen_stack:
            return  # the app has quit (or not started): nothing of it to wait for
        if nothing_pending(app):
            if not putting_off(app):
                return
            if time.monotonic() >= end:
                raise TimeoutError("the arcade's put-off work never ran")
            await asyncio.sleep(POLL)  # a timer of the app's runs it
            continue
        rounds += 1
        if rounds > QUIET_ROUNDS:
            return
        if app._resize_event is not None:
            app._check_resize()  # the new size sent to the screens now, not 1/120 s later on a timer
        elif app.screen.is_current:
            app.screen._on_timer_update()  # the frame due now, not at the screen's next tick
        await Pilot(app)._wait_for_screen()


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
        await pilot.pause()
        if not busy(screen) and not any(w.is_running for w in app.workers):
            await pilot.pause()
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
    await pilot.pause()


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


def footer_settled(screen: Screen) -> bool:
    """Every footer of ``screen`` shows its keys (Textual's footer is composed empty, then with the
    keys once the screen tells its bindings)."""
    from textual.widgets import Footer

    return all(bool(footer.children) for footer in screen.query(Footer))


def layouts_of(screen: Screen) -> list[object]:
    """The sizes ``screen`` is laid out for from now on (``Screen._refresh_layout``'s calls; None:
    its own size), for tests of what lays a screen out again."""
    sizes: list[object] = []
    layout = screen._refresh_layout

    def noted(size=None, scroll=False):  # noqa: ANN001, ANN202
        sizes.append(size)
        return layout(size, scroll)

    screen._refresh_layout = noted  # type: ignore[method-assign]
    return sizes


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


def marked_job_end(screen: Any) -> threading.Event:
    """Wrap ``screen.job_done``: the event returned is set while a job's end is handled (tests that
    tell the end's handler on the event loop from the job's worker and the rest of the loop)."""
    in_end = threading.Event()
    done = screen.job_done

    def end(kind: str, result: object) -> None:
        in_end.set()
        try:
            done(kind, result)
        finally:
            in_end.clear()

    screen.job_done = end
    return in_end


def key_read_at_the_move(session: Any, attention: Any, move: str, reply: str) -> list[tuple[str, bool]]:
    """Spy on a TI-57 session's ``move`` and the computer's ``reply`` (method names): a key is read as
    the person's move is keyed (``Attention.key_arrived``, as the terminal's input thread calls it:
    the running job is parked); the list returned fills, as the job runs, with whether the jobs
    were free then: ``("moved", ...)`` once, then ``("reply", ...)`` for each reply begun."""
    order: list[tuple[str, bool]] = []
    keyed, answer = getattr(session, move), getattr(session, reply)

    def moved(*args: Any) -> Any:
        done = keyed(*args)
        if not order:  # the person's move (the computer's reply is keyed through it too)
            attention.key_arrived()
            order.append(("moved", attention.free.is_set()))
        return done

    def replied(*args: Any) -> Any:
        order.append(("reply", attention.free.is_set()))
        return answer(*args)

    setattr(session, move, moved)
    setattr(session, reply, replied)
    return order


def driver_without_terminal(attention: Any) -> Any:
    """An ``ArcadeDriver`` made without a terminal, for an app whose ``attention`` is given: only what
    a frame's way out reads is set (its ``_file`` and ``_writer_thread`` are the test's)."""
    from arcade.runtime.terminal import ArcadeDriver

    driver = ArcadeDriver.__new__(ArcadeDriver)
    driver._app = type("App", (), {"attention": attention})()
    driver._written_at = 0.0
    driver._out, driver._flushed = threading.Condition(), 0
    return driver


def room_model(screen: object) -> Any:
    """The room model at a machine room's table, in the host the tests run in a thread."""
    return screen.table.client.host.table.model  # type: ignore[attr-defined]
