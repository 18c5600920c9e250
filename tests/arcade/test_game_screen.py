"""GameScreen, the base of every game screen: jobs end in one place, stop, pause, generations, saves."""

from __future__ import annotations

import threading
from typing import Any

from textual.app import App, ComposeResult
from textual.message import Message
from textual.widgets import Static

from arcade.game_screen import GameScreen, JobContext
from arcade.messages import MachineProgress
from arcade.saves import SaveStore
from games.session import Refused
from tests.arcade.helpers import wait_until


class Probe(GameScreen):
    GAME_ID = "probe"
    STEPS_PER_SECOND = 1000.0

    def __init__(self) -> None:
        super().__init__()
        self.ended: list[tuple[str, str, Any]] = []
        self.progress: list[int] = []
        self.state: dict[str, Any] | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="message")

    def job_done(self, kind: str, result: Any) -> None:
        self.ended.append(("done", kind, result))
        super().job_done(kind, result)

    def job_stopped(self, kind: str) -> None:
        self.ended.append(("stopped", kind, None))
        super().job_stopped(kind)

    def job_failed(self, kind: str, error: BaseException) -> None:
        self.ended.append(("failed", kind, error))
        super().job_failed(kind, error)

    def show_progress(self, message: MachineProgress) -> None:
        self.progress.append(message.steps)

    def save_state(self) -> dict[str, Any] | None:
        return self.state

    def save_summary(self) -> str:
        return "move 1"


class ProbeApp(App[None]):
    def on_mount(self) -> None:
        self.push_screen(Probe())


def endless(started: threading.Event):
    def run(ctx: JobContext) -> int:
        steps = 0
        started.set()
        while ctx.go_on(steps):
            steps += 10
        ctx.check()  # raises JobStopped
        return steps

    return run


async def test_a_job_ends_once_done_refused_failed_or_stopped() -> None:
    app = ProbeApp()
    async with app.run_test() as pilot:
        screen = app.screen
        assert isinstance(screen, Probe)
        screen.run_job("sum", lambda ctx: 41 + 1)
        await wait_until(pilot, lambda: screen.ended, what="the job's end")
        assert screen.ended == [("done", "sum", 42)] and not screen.busy

        def refuse(ctx: JobContext) -> None:
            raise Refused("a1 turns no disc over")

        screen.run_job("move", refuse)
        await wait_until(pilot, lambda: len(screen.ended) == 2)
        assert screen.ended[1][0] == "failed" and screen.message == "a1 turns no disc over"

        def bug(ctx: JobContext) -> None:
            raise KeyError("register 9")

        screen.run_job("move", bug)
        await wait_until(pilot, lambda: len(screen.ended) == 3)
        assert screen.message == "KeyError: 'register 9'"

        started = threading.Event()
        screen.instant = False  # real pace: 1000 steps a second, it never ends by itself
        screen.run_job("think", endless(started))
        await wait_until(pilot, started.is_set)
        await wait_until(pilot, lambda: screen.progress, what="progress")
        assert screen.busy and screen.stop_job()
        await wait_until(pilot, lambda: len(screen.ended) == 4)
        assert screen.ended[3][:2] == ("stopped", "think") and not screen.busy
        assert list(screen.messages) == ["a1 turns no disc over", "KeyError: 'register 9'", "Stopped."]


async def test_pause_holds_the_job_and_a_new_generation_drops_late_news() -> None:
    app = ProbeApp()
    async with app.run_test() as pilot:
        screen = app.screen
        assert isinstance(screen, Probe)
        seen: list[int] = []
        def counted(ctx: JobContext) -> int:
            for n in range(5):
                if not ctx.go_on(n):
                    break
                seen.append(n)
            return len(seen)

        screen.paused = True
        screen.run_job("count", counted)
        await wait_until(pilot, lambda: screen.job_held, what="the job holding for the pause")
        assert seen == [] and screen.busy
        screen.paused = False
        await wait_until(pilot, lambda: screen.ended)
        assert screen.ended == [("done", "count", 5)]

        started = threading.Event()
        screen.instant = False
        screen.run_job("old", endless(started))
        await wait_until(pilot, started.is_set)
        screen.new_generation()  # a new game: the old job stops and its end is not news
        await wait_until(pilot, lambda: not any(w.is_running for w in app.workers))
        assert len(screen.ended) == 1 and not screen.busy


async def test_saves_wait_for_the_resume_answer_and_follow_every_job() -> None:
    app = ProbeApp()
    async with app.run_test() as pilot:
        screen = app.screen
        assert isinstance(screen, Probe)
        screen.state = {"schema": 1, "moves": 1}
        screen.run_job("move", lambda ctx: None)
        await wait_until(pilot, lambda: screen.ended)
        assert not SaveStore().exists("probe")  # the resume question was not answered
        screen.save_ready = True
        screen.run_job("move", lambda ctx: None)
        await wait_until(pilot, lambda: len(screen.ended) == 2)
        assert SaveStore().load("probe") == {"schema": 1, "moves": 1}


async def test_a_key_during_a_job_holds_the_job_until_its_frame_is_drawn_then_it_goes_on() -> None:
    app = ProbeApp()
    async with app.run_test() as pilot:
        screen = app.screen
        assert isinstance(screen, Probe)
        started = threading.Event()
        seen: list[tuple[bool, int]] = []  # (loop free?, steps) as the job sees them between slices

        def run(ctx: JobContext) -> int:
            steps = 0
            started.set()
            while ctx.go_on(steps):
                seen.append((screen.attention.free.is_set(), steps))
                steps += 10
            ctx.check()
            return steps

        screen.run_job("endless", run)
        await wait_until(pilot, started.is_set)
        assert screen.attention.free.is_set()  # nobody typed: the job runs on
        await pilot.press("x")  # not a binding: the key still tells the job a frame is due
        assert screen.attention.key_at > float("-inf")
        await wait_until(pilot, lambda: screen.attention.free.is_set() and len(seen) > 3, what="the key's frame, then slices")
        assert seen[-1][1] > seen[0][1]  # the job went on after the frame
        assert screen.stop_job()
        await wait_until(pilot, lambda: bool(screen.ended))
        assert screen.ended[-1][:2] == ("stopped", "endless")
        screen.run_job("quiet", lambda ctx: 1)
        await wait_until(pilot, lambda: screen.ended[-1][:2] == ("done", "quiet"))
        await pilot.press("x")  # no job: nothing to hold
        assert screen.attention.free.is_set()


class Noted(Message):
    """News a job wants drawn before it goes on (as the Othellos' person's move)."""


class Drawing(Probe):
    def __init__(self) -> None:
        super().__init__()
        self.seen_before_the_job_went_on: list[bool] = []
        self.job_went_on = threading.Event()
        self.began_after_its_frame = False

    def on_noted(self, message: Noted) -> None:
        self.seen_before_the_job_went_on.append(not self.job_went_on.is_set())
        self.query_one("#message", Static).update("noted")
        self.release_after_frame()


class DrawingApp(App[None]):
    def on_mount(self) -> None:
        self.push_screen(Drawing())


async def test_a_job_starts_after_its_first_frame_and_waits_for_the_news_it_posts_to_be_drawn(monkeypatch) -> None:  # noqa: ANN001
    import arcade.attention as attention

    monkeypatch.setattr(attention, "GIVE_WAY", 600.0)  # the job waits for the frame, however loaded the machine
    app = DrawingApp()
    async with app.run_test() as pilot:
        screen = app.screen
        assert isinstance(screen, Drawing)

        def run(ctx: JobContext) -> str:
            screen.began_after_its_frame = screen.attention.free.is_set()  # only that frame lets it go
            ctx.post_drawn(Noted())
            screen.job_went_on.set()
            return "done"

        screen.run_job("drawn", run)
        assert not screen.attention.free.is_set()  # parked until the frame showing the job's start
        await wait_until(pilot, lambda: bool(screen.ended), what="the job's end")
        assert screen.ended[-1][:3] == ("done", "drawn", "done")
        assert screen.began_after_its_frame  # the job began once its start was drawn
        assert screen.seen_before_the_job_went_on == [True]  # the job waited for the news's frame
        assert screen.attention.free.is_set()


async def test_a_quiet_job_draws_its_start_only_if_it_still_runs(monkeypatch) -> None:  # noqa: ANN001
    """``run_job(..., quiet_start=)``: the start is drawn only by a job still running ``QUIET_START``
    later (the wolf's turn at instant speed is over first)."""
    import arcade.game_screen as game_screen

    app = ProbeApp()
    async with app.run_test() as pilot:
        screen = app.screen
        assert isinstance(screen, Probe)
        starts: list[str] = []
        monkeypatch.setattr(game_screen, "QUIET_START", 600.0)  # the job ends first, however loaded the machine
        screen.run_job("quick", lambda ctx: "done", quiet_start=lambda: starts.append("quick"))
        await wait_until(pilot, lambda: bool(screen.ended), what="the quick job's end")
        assert screen.ended == [("done", "quick", "done")] and starts == []

        monkeypatch.setattr(game_screen, "QUIET_START", 0.0)  # due at once: the job is still running
        drawn = threading.Event()

        def slow(ctx: JobContext) -> str:
            if not drawn.wait(60):  # a bound, not a measure: the start is drawn while the job runs
                return "never drawn"
            return "drawn while it ran"

        screen.run_job("slow", slow, quiet_start=lambda: (starts.append("slow"), drawn.set()))
        await wait_until(pilot, lambda: len(screen.ended) == 2, what="the slow job's end")
        assert screen.ended[-1] == ("done", "slow", "drawn while it ran")
        assert starts == ["slow"]

        monkeypatch.setattr(game_screen, "QUIET_START", 600.0)
        job = screen.run_job("late", lambda ctx: "done", quiet_start=lambda: starts.append("late"))
        await wait_until(pilot, lambda: len(screen.ended) == 3, what="the late job's end")
        screen._quiet_start_due(job, lambda: starts.append("late"))  # due after the end: nothing drawn
        assert starts == ["slow"]


def frames_counted(monkeypatch: Any) -> list[str]:
    """Every frame a screen draws (Textual's ``Screen._on_timer_update``, where ``GameScreen`` passes
    it on) appends ``"frame"`` to the list returned."""
    import textual.screen

    drawn: list[str] = []
    frame = textual.screen.Screen._on_timer_update
    monkeypatch.setattr(textual.screen.Screen, "_on_timer_update", lambda self: drawn.append("frame") or frame(self))
    return drawn


async def test_a_frame_waits_for_the_action_of_a_key_already_read_a_bounded_time(monkeypatch) -> None:  # noqa: ANN001
    """A key read while a handler ran (a turn's end, Enter) has its action before the next frame, and
    one frame shows both; a key whose action never comes holds the frames ``KEY_FIRST`` at most."""
    from arcade import key_frames

    app = ProbeApp()
    async with app.run_test() as pilot:
        screen = app.screen
        assert isinstance(screen, Probe)
        drawn = frames_counted(monkeypatch)
        monkeypatch.setattr(key_frames, "KEY_FIRST", 600.0)  # the key's action "just" missed, however slow the test runs
        attention = screen.attention
        attention.key_arrived()  # the terminal's input thread read a key: its action has not run
        screen._on_timer_update()
        assert drawn == []  # held for the key
        attention.release_after_frame(screen, key=True)  # the key's action has run
        screen._on_timer_update()
        assert drawn == ["frame"]
        attention.key_arrived()
        monkeypatch.setattr(key_frames, "KEY_FIRST", 0.0)  # a key whose action never came: no longer held
        screen._on_timer_update()
        assert drawn == ["frame", "frame"]
        await pilot.pause()


async def test_a_key_s_frame_is_drawn_once_its_widgets_have_asked_not_at_the_timer_s_next_tick(monkeypatch) -> None:  # noqa: ANN001
    """Once a key's action has run, the screen's idle (its widgets have told it what to draw) draws
    the key's frame there and then; news alone, or a key still on its way, waits for the frame timer."""
    from textual import events

    app = ProbeApp()
    async with app.run_test() as pilot:
        screen = app.screen
        assert isinstance(screen, Probe)
        await pilot.pause()
        drawn = frames_counted(monkeypatch)
        attention = screen.attention
        message = screen.query_one("#message", Static)

        def idle_draws() -> bool:
            """The screen's own idle handler, called as Textual calls it when its queue is empty."""
            before = len(drawn)
            screen._on_idle(events.Idle())
            return len(drawn) > before

        screen._dirty_widgets.add(message)  # news changed a widget; no key on its way
        assert not idle_draws()  # the frame timer draws it
        attention.key_arrived()  # a key read, its action not run yet
        assert not idle_draws()  # held for it (``_on_timer_update``), not drawn early
        attention.release_after_frame(screen, key=True)  # its action has run...
        message.refresh()  # ...and changed a widget that has not told the screen yet (at its own idle)
        assert message._repaint_required
        assert not idle_draws()  # not drawn without it: one frame shows all the key changed
        message._check_refresh()  # the widget's idle: it tells the screen, through the screen's queue
        assert not message._repaint_required
        assert not idle_draws()  # not before the screen has read it
        while not screen._message_queue.empty():  # the screen reads its queue, as its own loop does
            told = screen._message_queue.get_nowait()
            if told is not None:
                await screen._dispatch_message(told)
            screen._message_queue.task_done()
        assert idle_draws()  # drawn now, with what the key changed
        assert not screen._dirty_widgets
        assert not idle_draws()  # nothing left to draw: nothing drawn
        await pilot.pause()


async def test_the_frame_timer_waits_for_the_widgets_a_key_changed_a_bounded_time(monkeypatch) -> None:  # noqa: ANN001
    """Once a key's action has run, a frame the timer draws before a widget the key changed has told
    the screen (or before the screen has read what it was told) would show what came before the key
    without it, and the key would wait for one more frame: the timer's frame waits, ``KEY_FIRST``
    after the action at most, and the screen's idle draws the key's frame."""
    from arcade import key_frames

    app = ProbeApp()
    async with app.run_test() as pilot:
        screen = app.screen
        assert isinstance(screen, Probe)
        await pilot.pause()
        drawn = frames_counted(monkeypatch)
        monkeypatch.setattr(key_frames, "KEY_FIRST", 600.0)  # however slow the test runs
        attention = screen.attention
        message = screen.query_one("#message", Static)
        attention.key_arrived()
        attention.release_after_frame(screen, key=True)  # the key's action has run...
        message.refresh()  # ...and changed a widget that has not told the screen yet
        screen._on_timer_update()
        assert drawn == []  # held for it
        message._check_refresh()  # the widget's idle: it tells the screen, through the screen's queue
        screen._on_timer_update()
        assert drawn == []  # held until the screen has read it
        await wait_until(pilot, lambda: len(drawn) >= 1, what="the key's frame, drawn once the screen has read its queue")
        assert message not in screen._dirty_widgets  # that frame drew it
        attention.key_arrived()
        attention.release_after_frame(screen, key=True)
        message.refresh()
        monkeypatch.setattr(key_frames, "KEY_FIRST", 0.0)  # the widget never told: no longer held
        before = len(drawn)
        screen._on_timer_update()
        assert len(drawn) == before + 1
        message._check_refresh()
        await pilot.pause()


async def test_the_footer_follows_new_keys_on_offer_once_the_player_rests_from_the_keys(monkeypatch) -> None:  # noqa: ANN001
    """A turn's end that changes the keys on offer (the duel's draw: four keys mounted, one removed,
    and the screen laid out) refreshes the footer only once no key came for a while: not while a
    key is on its way, nor right after its frame, when the next key may come."""
    import time

    import arcade.attention as attention_module

    monkeypatch.setattr(attention_module, "KEYS_REST", 600.0)  # a key "just came" however slow the test runs
    monkeypatch.setattr(attention_module, "KEYS_REST_LIMIT", 1200.0)
    monkeypatch.setattr(attention_module, "GIVE_WAY", 600.0)
    app = ProbeApp()
    async with app.run_test() as pilot:
        screen = app.screen
        assert isinstance(screen, Probe)
        await pilot.pause()
        refreshed: list[str] = []
        monkeypatch.setattr(screen, "refresh_bindings", lambda: refreshed.append("footer"))
        screen.refresh_footer()  # the footer as composed
        screen.attention.key_arrived()  # a key is read...
        paused = screen.paused
        screen.paused = not paused  # ...as what decides the keys on offer changes (its watcher refreshes the footer)
        await pilot.pause()
        assert refreshed == []  # the key first
        screen.attention.release_after_frame(screen, key=True)  # its action has run, its frame is drawn
        for _ in range(3):
            await pilot.pause()
        assert refreshed == []  # the player may go on typing
        screen.attention.key_at = time.monotonic() - 10_000.0  # the player rested
        await wait_until(pilot, lambda: refreshed == ["footer"], what="the footer once the keys rest")
        screen.paused = paused  # no key lately: at once
        assert refreshed == ["footer", "footer"]


def test_textual_still_draws_a_screen_s_frames_through_the_private_names_game_screen_holds() -> None:
    """``GameScreen._on_timer_update`` overrides a private method of Textual's ``Screen`` (8.2.8) and
    resumes its private ``_update_timer``: an upgrade that renames either would leave the frames
    unheld (or broken) without an error; this fails first, naming them."""
    import textual.screen

    assert "_on_timer_update" in textual.screen.Screen.__dict__, "Screen._on_timer_update is gone"
    assert isinstance(textual.screen.Screen.__dict__.get("_update_timer"), property), "Screen._update_timer is gone"
    names = textual.screen.Screen._on_timer_update.__code__.co_names
    assert "_update_timer" in names and "_compositor_refresh" in names, "Screen._on_timer_update no longer draws the frame"
    from textual.message_pump import MessagePump

    # GameScreen._on_timer_update asks whether the screen has messages still to read
    assert "_message_queue" in MessagePump.__dict__, "MessagePump._message_queue is gone"
    idle = textual.screen.Screen._on_idle.__code__.co_names  # GameScreen._on_idle reads what Textual's reads
    for name in ("_dirty_widgets", "_layout_required", "_repaint_required", "_scroll_required", "_update_timer"):
        assert name in idle, f"Screen._on_idle no longer reads {name}: GameScreen._on_idle would not see a frame due"
    import textual.widget  # GameScreen._repaints_untold reads the flag Textual's Widget._check_refresh tells the screen by
    told = textual.widget.Widget._check_refresh.__code__.co_names
    assert "_repaint_required" in told and "Update" in told, "Widget._check_refresh no longer tells a repaint by _repaint_required"
