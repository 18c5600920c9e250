"""``arcade/attention.py``: a key parks the machines' jobs until its frame is drawn, and only then."""

from __future__ import annotations

import asyncio
import sys
import threading
from typing import Callable

import pytest
from textual import events

import arcade.attention as attention_module
from arcade.attention import RETRIES, Attention
from tests.arcade.helpers import driver_without_terminal

LIMIT = 60.0  # bounds a wait that would otherwise never end (no test waits for it; generous: a loaded machine)


def test_a_key_parks_the_jobs_only_while_one_runs() -> None:
    attention = Attention()
    attention.key_arrived()
    assert attention.free.is_set()  # no job: nothing to park
    attention.job_started()
    attention.key_arrived()
    assert not attention.free.is_set()
    attention.release()
    assert attention.free.is_set()
    attention.key_arrived()
    attention.job_ended()  # the last job ended: a stale park must not hold the next one
    assert attention.free.is_set()


def test_an_older_release_leaves_a_newer_park_in_place() -> None:
    attention = Attention()
    attention.job_started()
    attention.park()  # the screen draws the person's move...
    drawn = attention._parks
    attention.key_arrived()  # ...and a key comes meanwhile
    attention.release(drawn)  # the move's frame is drawn: the key's is not yet
    assert not attention.free.is_set()
    attention.release(attention._parks)
    assert attention.free.is_set()


def test_a_key_holds_a_job_parked_before_its_thread_began() -> None:
    """``run_job`` parks the job until the frame that shows its start is drawn; its thread has not
    counted itself yet.  A key that comes then holds it too: the start's release leaves it parked."""
    attention = Attention()
    attention.park()  # run_job: the job's start is being drawn
    start = attention._parks
    attention.key_arrived()  # a key, before the job's thread has begun
    attention.release(start)  # the start's frame is drawn: the key's is not yet
    assert not attention.free.is_set()
    attention.release(attention._parks)
    assert attention.free.is_set()


async def test_a_key_s_release_frees_only_what_was_parked_when_it_came() -> None:
    """Enter starts the machine (its start parked until drawn) and the next key is read meanwhile:
    neither Enter's frame nor the start's lets the machine go; the next key's frame does."""
    attention = Attention()
    screen = FakeScreen()
    attention.key_arrived()  # Enter reaches the screen: nothing runs, nothing parked
    enter = attention.parks
    attention.park()  # its action: run_job parks the machine's start...
    attention.release_after_frame(screen)  # ...until its frame is drawn
    attention.key_arrived()  # the next key, read by the terminal's thread meanwhile
    attention.release_after_frame(screen, key=True, park=enter)  # Enter's action has run: its frame
    await turns(4)
    assert not attention.free.is_set()  # both frames drawn: the next key's is not
    attention.key_arrived()  # the next key reaches the screen
    attention.release_after_frame(screen, key=True, park=attention.parks)
    await turns(4)
    assert attention.free.is_set()


def in_a_thread(wait: Callable[[], object]) -> tuple[threading.Event, threading.Event, threading.Thread]:
    """``wait()`` run in a thread of its own (a job's, the saves' writer's): (it is waiting, it went on, the thread)."""
    waiting, went_on = threading.Event(), threading.Event()

    def run() -> None:
        waiting.set()
        wait()
        went_on.set()

    thread = threading.Thread(target=run)
    thread.start()
    return waiting, went_on, thread


def test_give_way_waits_for_the_release() -> None:
    attention = Attention()
    attention.job_started()
    attention.key_arrived()
    waiting, went_on, worker = in_a_thread(attention.give_way)
    assert waiting.wait(LIMIT)
    attention.release()
    worker.join(LIMIT)
    assert went_on.is_set() and not worker.is_alive()


def test_a_park_nobody_releases_holds_a_job_a_bounded_time() -> None:
    """A key some widget consumed never reaches a game screen: the job goes on by itself."""
    attention = Attention()
    attention.job_started()
    attention.key_arrived()
    worker = threading.Thread(target=attention.give_way)
    worker.start()
    worker.join(LIMIT)  # GIVE_WAY (a twentieth of a second) at most: LIMIT only bounds a hang
    assert not worker.is_alive() and attention.free.is_set()


class FakeScreen:
    """What ``release_after_frame`` uses of a screen: ``call_after_refresh``, run on the next turn."""

    def __init__(self) -> None:
        self.asked = 0

    def call_after_refresh(self, callback) -> None:  # noqa: ANN001
        self.asked += 1
        asyncio.get_running_loop().call_soon(callback)


async def turns(n: int) -> None:
    for _ in range(n):
        await asyncio.sleep(0)


async def test_where_frames_are_counted_the_release_waits_for_a_frame() -> None:
    attention = Attention()
    attention.frame_written()  # a real terminal: the driver counts the frames it writes
    attention.job_started()
    attention.key_arrived()
    screen = FakeScreen()
    attention.release_after_frame(screen)
    await turns(3)
    assert not attention.free.is_set() and screen.asked >= 2  # asked again: no frame written yet
    attention.frame_written()
    await turns(4)
    assert attention.free.is_set()


async def test_where_the_output_thread_tells_the_jobs_wait_for_the_frame_to_be_on_the_terminal() -> None:
    """Drawn is not enough: the jobs go on once the output thread has put the frame on the terminal
    (``written_out``, from that thread); a newer key's park is not let go by an older frame."""
    attention = Attention()
    attention.frame_written()  # a real terminal: the loop counts what it hands the output thread...
    attention.written_out(1)  # ...and the output thread tells what is out
    attention.job_started()
    attention.key_arrived()
    screen = FakeScreen()
    attention.release_after_frame(screen, key=True)
    attention.frame_written()  # the key's frame, drawn and handed to the output thread
    await turns(4)
    assert screen.asked >= 1 and not attention.free.is_set()  # drawn, not out yet: the jobs wait
    attention.written_out(2)
    assert attention.free.is_set()
    attention.key_arrived()  # another key...
    attention.release_after_frame(screen, key=True)
    attention.frame_written()
    await turns(4)
    attention.key_arrived()  # ...and a third before the second's frame is out
    attention.written_out(3)
    assert not attention.free.is_set()  # the third key's frame is not drawn yet
    attention.release_after_frame(screen, key=True)
    attention.frame_written()
    await turns(4)
    attention.written_out(4)
    assert attention.free.is_set()


def test_what_waits_for_a_frame_out_never_ends_the_output_thread() -> None:
    """``written_out`` runs in Textual's output thread: an action that raises must not end it (the
    terminal would get no more frames), and the actions after it still run."""
    attention = Attention()
    attention.written_out(0)
    attention.frame_written()
    ran: list[str] = []

    def broken() -> None:
        raise RuntimeError("the event loop is closed")

    attention.when_out(broken)
    attention.when_out(lambda: ran.append("after"))
    assert ran == []  # not out yet
    attention.written_out(1)  # does not raise
    assert ran == ["after"]


def test_the_terminal_numbers_the_driver_s_writes_and_tells_which_each_flush_put_out() -> None:
    """The driver numbers each write in the app's count (``Attention.frames``); after a flush the
    output thread tells the number of the last one written, so writes lost before it (a suspend's
    queue, never written) hold nothing back for good."""
    from arcade.runtime.terminal import NumberedWrite, SturdyFile

    class Out:
        def __init__(self) -> None:
            self.text = ""

        def write(self, text: str) -> int:
            self.text += text
            return len(text)

        def flush(self) -> None:
            pass

    attention = Attention()
    told: list[int] = []
    written_out = attention.written_out

    def tell(writes: int) -> None:
        told.append(writes)
        written_out(writes)

    attention.written_out = tell  # type: ignore[method-assign]
    driver = driver_without_terminal(attention)
    queued: list[str] = []
    driver._writer_thread = type("Writer", (), {"write": lambda self, data: queued.append(data)})()
    terminal = Out()
    out = SturdyFile(terminal, lambda: None, driver._frame_out)  # type: ignore[arg-type]
    driver._file = out
    for data in ("a", "b", "c"):
        driver.write(data)
    assert [(q, q.number) for q in queued] == [("a", 1), ("b", 2), ("c", 3)] and attention.frames == 3
    assert all(isinstance(q, NumberedWrite) for q in queued)
    out.write(queued[0])
    out.write(queued[1])
    out.flush()
    ran: list[str] = []
    attention.when_out(lambda: ran.append("out"))  # waits for write 3
    assert ran == []
    driver.write("d")  # write 3 is lost (never reaches the file); 4 is written
    out.write(queued[3])
    out.flush()
    assert told == [2, 4] and terminal.text == "abd" and ran == ["out"]


def output_thread_driver(terminal: object) -> tuple[object, object]:
    """An ``ArcadeDriver`` with no terminal but a real output thread writing to ``terminal``; the thread."""
    from textual.drivers._writer_thread import WriterThread

    from arcade.runtime.terminal import SturdyFile

    driver = driver_without_terminal(Attention())
    driver._file = SturdyFile(terminal, lambda: None, driver._frame_out)  # type: ignore[arg-type]
    writer = WriterThread(driver._file)  # type: ignore[arg-type]
    driver._writer_thread = writer
    writer.start()
    return driver, writer


class SlowTerminal:
    """A terminal that takes ``delay`` seconds to take each write, or until ``opened`` is set."""

    def __init__(self, delay: float = 0.0) -> None:
        self.text = ""
        self.delay = delay
        self.opened = threading.Event()
        self.opened.set()

    def write(self, text: str) -> int:
        self.opened.wait(LIMIT)
        if self.delay:
            threading.Event().wait(self.delay)  # the output thread is held; the interpreter is free
        self.text += text
        return len(text)

    def flush(self) -> None:
        pass


def test_the_event_loop_hands_a_frame_to_the_terminal_before_it_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """After a write the driver waits until the output thread has put it on the terminal: the loop
    does not keep the interpreter from that thread (``HAND_OVER``, made generous here)."""
    import arcade.runtime.terminal as terminal_module

    monkeypatch.setattr(terminal_module, "HAND_OVER", LIMIT)
    terminal = SlowTerminal(delay=0.05)  # left to itself, the loop would be back long before
    driver, writer = output_thread_driver(terminal)
    try:
        driver.write("frame one")
        assert terminal.text == "frame one"
        driver.write("frame two")
        assert terminal.text == "frame oneframe two"
    finally:
        writer.stop()


def test_a_terminal_that_takes_nothing_holds_the_event_loop_only_hand_over_seconds(monkeypatch: pytest.MonkeyPatch) -> None:
    import arcade.runtime.terminal as terminal_module

    monkeypatch.setattr(terminal_module, "HAND_OVER", 0.01)
    terminal = SlowTerminal()
    terminal.opened.clear()  # nobody reads the terminal
    driver, writer = output_thread_driver(terminal)
    loop_side = threading.Thread(target=driver.write, args=("frame",), daemon=True)
    try:
        loop_side.start()
        loop_side.join(LIMIT)
        assert not loop_side.is_alive() and terminal.text == ""  # back, the frame still waiting
    finally:
        terminal.opened.set()
        writer.stop()
    assert terminal.text == "frame"


async def test_a_key_whose_action_has_run_counts_as_handled_and_news_does_not() -> None:
    """What tells the terminal's output thread that a frame shows the last key (``frame_shows_keys``)."""
    attention = Attention()
    attention.job_started()
    attention.key_arrived()
    screen = FakeScreen()
    attention.release_after_frame(screen)  # news drawn: the key is not handled by it
    assert attention.key_handled_at < attention.key_at
    attention.release_after_frame(screen, key=True)  # the key's action has run
    assert attention.key_handled_at >= attention.key_at
    await turns(3)


async def test_a_change_that_draws_no_frame_releases_after_a_few_tries() -> None:
    attention = Attention()
    attention.frame_written()
    attention.job_started()
    attention.key_arrived()
    screen = FakeScreen()
    attention.release_after_frame(screen)
    await turns(2 * RETRIES + 4)
    assert attention.free.is_set() and screen.asked == RETRIES + 1


async def test_without_frame_counts_the_release_follows_the_refresh() -> None:
    """Under the tests' headless driver nothing counts frames: Textual's refresh is the frame."""
    attention = Attention()
    attention.job_started()
    attention.key_arrived()
    screen = FakeScreen()
    attention.release_after_frame(screen)
    await turns(3)
    assert attention.free.is_set() and screen.asked == 1


@pytest.mark.skipif(sys.platform == "win32", reason="the Linux driver")
async def test_the_terminal_driver_parks_the_jobs_as_soon_as_it_reads_a_key(monkeypatch) -> None:  # noqa: ANN001
    from textual.drivers.linux_driver import LinuxDriver

    from arcade.shell.app import ArcadeApp
    from arcade.runtime.terminal import ArcadeDriver

    sent: list[object] = []
    monkeypatch.setattr(LinuxDriver, "process_message", lambda self, message: sent.append(message))
    monkeypatch.setattr(LinuxDriver, "write", lambda self, data: None)
    app = ArcadeApp()
    attention = app.attention
    attention.job_started()
    driver = ArcadeDriver(app)
    driver.process_message(events.MouseMove(None, 1, 1, 0, 0, 0, False, False, False))
    assert attention.free.is_set()  # only keys park the machine
    driver.process_message(events.Key("right", None))
    assert not attention.free.is_set() and len(sent) == 2  # parked, and the key goes on to the app
    assert not attention.counts_frames
    driver.write("\x1b[1;1Hx")
    assert attention.counts_frames and attention.frames == 1


class TimedScreen(FakeScreen):
    """A screen whose timers are noted, not run (the test runs them when it says)."""

    def __init__(self) -> None:
        super().__init__()
        self.timers: list[object] = []

    def set_timer(self, delay: float, callback) -> None:  # noqa: ANN001
        self.timers.append(callback)


async def test_news_that_comes_while_a_key_is_on_its_way_waits_for_the_key_s_frame_in_order() -> None:
    attention = Attention()
    screen = TimedScreen()
    handled: list[str] = []
    attention.after_keys(screen, handled.append, "before any key")
    assert handled == ["before any key"]  # no key on its way: at once
    attention.key_arrived()
    attention.after_keys(screen, handled.append, "the person's move")
    attention.after_keys(screen, handled.append, "the job's end")
    assert handled == ["before any key"] and len(screen.timers) == 1
    attention.release_after_frame(screen, key=True)  # the key's action ran: its frame, then the news
    await turns(3)
    assert handled == ["before any key", "the person's move", "the job's end"]
    assert not attention.key_in_flight()
    attention.after_keys(screen, handled.append, "later")
    assert handled[-1] == "later"


async def test_a_key_read_while_the_one_before_ran_its_action_is_not_handled_by_it(monkeypatch) -> None:  # noqa: ANN001
    """Traced: the person's move (``6``) started the machine and ``i`` was read during its action.
    The move's end counted ``i`` as handled: the turn's end was handled and drawn before ``i``,
    frames were not held for it, and a collection ran in its way as if it were drawn."""
    import time

    monkeypatch.setattr(attention_module, "GIVE_WAY", 600.0)  # the keys stay "just read" however slow the test
    move = time.monotonic()  # the keys' times (Textual's ``event.time``)
    attention = Attention()
    screen = TimedScreen()
    handled: list[str] = []
    attention.key_arrived(move)  # 6, read by the terminal's input thread...
    attention.key_arrived(move)  # ...and told of again by the game screen it reaches: the same key
    assert attention._keys == 1
    attention.key_arrived(move + 0.001)  # i, read while 6's action runs
    attention.release_after_frame(screen, key=True, key_at=move)  # 6's action has run
    assert attention.key_unhandled(float("inf"))  # a frame now would not show i: held for it
    assert not attention.frame_shows_keys(float("inf"))
    attention.after_keys(screen, handled.append, "the turn's end")
    await turns(3)  # 6's frame is drawn...
    assert handled == [] and attention._key_pending  # ...the turn's end waits for i's
    attention.key_arrived(move + 0.001)  # i reaches the screen
    attention.release_after_frame(screen, key=True, key_at=move + 0.001)
    assert not attention.key_unhandled(float("inf"))
    await turns(3)
    assert handled == ["the turn's end"] and not attention._key_pending


async def test_where_the_output_thread_tells_news_waits_for_the_key_s_frame_to_be_out(monkeypatch) -> None:  # noqa: ANN001
    """Traced: a turn's end handled as soon as the key's frame was drawn took the interpreter from the
    terminal's output thread, and the key's frame reached the terminal after the news's own frame.
    Where the output thread tells what is out (a real terminal), news waits for that, and news that
    comes meanwhile waits behind it."""
    monkeypatch.setattr(attention_module, "GIVE_WAY", 600.0)  # only the frame out lets it go here
    attention = Attention()
    screen = TimedScreen()
    handled: list[str] = []
    attention.frame_written()
    attention.written_out(1)  # the output thread tells what is out
    attention.key_arrived()
    attention.after_keys(screen, handled.append, "the turn's end")
    attention.release_after_frame(screen, key=True)  # the key's action ran...
    attention.frame_written()  # ...and its frame is drawn, handed to the output thread
    await turns(4)
    assert handled == [] and not attention.key_in_flight()  # drawn, not out
    attention.after_keys(screen, handled.append, "the next news")
    assert handled == []
    attention.written_out(2)  # the key's frame is on the terminal
    await turns(2)
    assert handled == ["the turn's end", "the next news"]
    attention.after_keys(screen, handled.append, "later")
    assert handled[-1] == "later"  # no key on its way: at once


def test_news_waits_for_a_key_no_screen_saw_only_until_the_timer() -> None:
    attention = Attention()
    screen = TimedScreen()
    handled: list[str] = []
    attention.key_arrived()  # a key a dialog's widget took: no game screen will say it is drawn
    attention.after_keys(screen, handled.append, "the job's end")
    assert handled == []
    screen.timers[0]()  # GIVE_WAY later
    assert handled == ["the job's end"]
    attention.key_at -= 1.0  # that key long gone: news is handled at once
    attention.after_keys(screen, handled.append, "next")
    assert handled == ["the job's end", "next"]


def test_news_for_a_screen_closed_meanwhile_is_dropped() -> None:
    attention = Attention()
    screen = TimedScreen()
    handled: list[str] = []
    attention.key_arrived()
    attention.after_keys(screen, handled.append, "the job's end")
    screen.is_running = False  # the player went back to the launcher and the screen closed
    screen.timers[0]()
    assert handled == []


async def test_the_saves_writer_waits_for_a_key_s_frame(monkeypatch) -> None:  # noqa: ANN001
    """``wait_key_drawn`` (the saves' writer, between two pieces of a save) returns once the key is drawn."""
    monkeypatch.setattr(attention_module, "GIVE_WAY", 600.0)  # only the frame lets it go here
    attention = Attention()
    attention.wait_key_drawn()  # no key: at once
    attention.key_arrived()
    waiting, went_on, thread = in_a_thread(attention.wait_key_drawn)
    assert waiting.wait(LIMIT)
    assert not went_on.wait(0.01)  # still waiting for the frame (nothing else can let it go)
    attention.release_after_frame(FakeScreen(), key=True)
    await turns(3)
    thread.join(LIMIT)
    assert went_on.is_set()


async def test_where_the_output_thread_tells_the_saves_writer_waits_for_the_key_s_frame_to_be_out(monkeypatch) -> None:  # noqa: ANN001
    """Drawn is not enough for the saves' writer either: it goes on once the key's frame is on the
    terminal, and a frame out does not let it go while a newer key is on its way."""
    monkeypatch.setattr(attention_module, "GIVE_WAY", 600.0)  # only the frame lets it go here
    attention = Attention()
    attention.frame_written()
    attention.written_out(1)  # the output thread tells what is out
    attention.key_arrived()
    waiting, went_on, thread = in_a_thread(attention.wait_key_drawn)
    assert waiting.wait(LIMIT)
    attention.release_after_frame(FakeScreen(), key=True)
    attention.frame_written()  # the key's frame, drawn and handed to the output thread
    await turns(4)
    assert not went_on.wait(0.01)  # drawn, not out: still waiting (nothing else can let it go)
    attention.written_out(2)
    thread.join(LIMIT)
    assert went_on.is_set()
    attention.key_arrived()
    attention.release_after_frame(FakeScreen(), key=True)
    attention.frame_written()
    await turns(4)
    attention.key_arrived()  # a newer key before the frame is out
    attention.written_out(3)
    waiting, went_on, thread = in_a_thread(attention.wait_key_drawn)
    assert waiting.wait(LIMIT)
    assert not went_on.wait(0.01)  # the newer key's frame is not even drawn
    attention.release_after_frame(FakeScreen(), key=True)
    attention.frame_written()
    await turns(4)
    attention.written_out(4)
    thread.join(LIMIT)
    assert went_on.is_set()


def test_a_key_nobody_draws_holds_the_saves_writer_a_bounded_time() -> None:
    attention = Attention()
    attention.key_arrived()
    thread = threading.Thread(target=attention.wait_key_drawn)
    thread.start()
    thread.join(LIMIT)  # GIVE_WAY at most: LIMIT only bounds a hang
    assert not thread.is_alive()


def test_what_waits_for_the_keys_to_rest_runs_once_none_came_for_a_while_or_at_the_limit(monkeypatch) -> None:  # noqa: ANN001
    import time

    monkeypatch.setattr(attention_module, "KEYS_REST", 600.0)  # a key "just came" however slow the test runs
    monkeypatch.setattr(attention_module, "GIVE_WAY", 600.0)
    long_ago = time.monotonic() - 10_000.0
    attention = Attention()
    screen = TimedScreen()
    ran: list[str] = []
    attention.after_keys_rest(screen, lambda: ran.append("at once"))
    assert ran == ["at once"] and not attention.putting_off  # no key lately
    attention.key_arrived()
    attention.after_keys_rest(screen, lambda: ran.append("rested"))
    assert ran == ["at once"] and len(screen.timers) == 1  # a key just came: asked again later
    assert attention.putting_off  # what the tests' Pilot waits for
    attention._key_drawn()
    attention.key_at = long_ago  # ...and none came since
    screen.timers.pop()()
    assert ran[-1] == "rested" and not attention.putting_off
    attention.key_arrived()
    attention.after_keys_rest(screen, lambda: ran.append("held down"))
    for _ in range(3):  # keys keep coming: still waiting
        attention.key_arrived()
        screen.timers.pop()()
    assert ran[-1] == "rested" and len(screen.timers) == 1 and attention.putting_off
    monkeypatch.setattr(attention_module, "KEYS_REST_LIMIT", -1.0)  # the limit passed: after the key on its way
    attention.after_keys_rest(screen, lambda: ran.append("limit"))
    assert ran[-1] == "rested"
    attention._key_drawn()  # the key's frame (what release_after_frame(key=True) leads to)
    assert ran[-1] == "limit" and attention.putting_off  # "held down" still waits
    screen.is_running = False  # the screen closed: the one still waiting is dropped
    assert not attention.putting_off
    attention.key_at = long_ago
    screen.timers[0]()
    assert "held down" not in ran and not attention._resting


def test_a_closed_screen_whose_rest_never_ends_is_not_kept() -> None:
    """A screen closed while its panel waited for the keys to rest: its timer never fires again, so
    the next wait drops it (nothing keeps a closed screen alive, nor the tests' Pilot waiting)."""
    attention = Attention()
    closed, shown = TimedScreen(), TimedScreen()
    attention.key_arrived()
    attention.after_keys_rest(closed, lambda: None)
    assert attention.putting_off
    closed.is_running = False  # its timers stop with it: check never runs again
    assert not attention.putting_off
    attention.after_keys_rest(shown, lambda: None)
    assert attention._resting == [shown]


def test_news_is_told_apart_from_keys() -> None:
    attention = Attention()
    screen = TimedScreen()
    seen: list[bool] = []
    assert not attention.handling_news
    attention.after_keys(screen, lambda: seen.append(attention.handling_news))
    attention.key_arrived()
    attention.after_keys(screen, lambda: seen.append(attention.handling_news))
    attention._key_drawn()
    assert seen == [True, True] and not attention.handling_news
