"""GameScreen, the base of every game screen: a key's frame, the footer, the private names its frames go through."""

from __future__ import annotations

from typing import Any

from textual.app import App, ComposeResult
from textual.widgets import Static

from arcade.screens.game_screen import GameScreen
from arcade.screens.messages import MachineProgress
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
