"""The in-app recorder of ``bench/key_trace.py``: imported by Python at start-up (``sitecustomize``)
when this folder is on ``PYTHONPATH``, and does nothing unless ``ARCADE_KEY_TRACE`` names a folder.

It wraps a few of Textual's and the arcade's methods to write, one JSON line each, with
``time.perf_counter()`` (the system's monotonic clock, the bench's too): a key read by the
terminal's input thread, every message a pump handled (with its length), every frame
(``Screen._on_timer_update``) and its writing (``App._display``), each action run, the
terminal's flushes (output thread), the saves' encoding, the garbage collections and the stall probe's ticks (a gap between
two is a stall: what ran in it is in the trace).  A diagnosis tool: it changes
nothing the app does, but it costs the app some time of its own.
"""

from __future__ import annotations

import os

DIR = os.environ.get("ARCADE_KEY_TRACE")
if DIR:
    import gc
    import json
    import threading
    import time

    now = time.perf_counter
    _out = open(os.path.join(DIR, f"trace-{os.getpid()}.jsonl"), "w", buffering=1 << 20)  # noqa: SIM115
    _lock = threading.RLock()  # a collection inside note() (json.dumps allocates) notes itself: no deadlock

    def note(*event: object) -> None:
        with _lock:
            _out.write(json.dumps(event) + "\n")

    def _flusher() -> None:  # the app is killed, not closed, at the end of a case
        while True:
            time.sleep(0.5)
            with _lock:
                _out.flush()

    threading.Thread(target=_flusher, daemon=True, name="key-trace").start()

    # Textual reads TEXTUAL_FPS when it is first imported: ``arcade/__main__.py`` sets it before that,
    # but this recorder imports Textual first (without this, the traced app drew at Textual's 60 a second)
    os.environ.setdefault("TEXTUAL_FPS", "500")

    import textual.app as _app
    import textual.driver as _driver
    import textual.message_pump as _pump
    import textual.screen as _screen
    from textual import events

    def wrap(owner: type, name: str, before=None, after=None) -> None:  # noqa: ANN001
        original = getattr(owner, name)

        def wrapper(self, *args, **kwargs):  # noqa: ANN001, ANN202
            t0 = now()
            if before is not None:
                before(self, t0, *args)
            try:
                return original(self, *args, **kwargs)
            finally:
                if after is not None:
                    after(self, t0, now(), *args)

        setattr(owner, name, wrapper)

    wrap(_driver.Driver, "send_message",
         before=lambda self, t, message: note("key_in", t, message.key) if isinstance(message, events.Key) else None)
    original_dispatch = _pump.MessagePump._dispatch_message

    async def dispatch(self, message):  # noqa: ANN001, ANN202
        t0 = now()
        try:
            return await original_dispatch(self, message)
        finally:
            t1 = now()
            if t1 - t0 > 0.0002 or isinstance(message, events.Key):
                note("msg", t0, t1, type(self).__name__, type(message).__name__)

    _pump.MessagePump._dispatch_message = dispatch
    wrap(_screen.Screen, "_on_timer_update", after=lambda self, t0, t1: note("frame", t0, t1))
    wrap(_app.App, "_display", after=lambda self, t0, t1, *a: note("display", t0, t1))
    original_run_action = _app.App.run_action

    async def run_action(self, action, *args, **kwargs):  # noqa: ANN001, ANN202
        note("action", now(), str(action))
        return await original_run_action(self, action, *args, **kwargs)

    _app.App.run_action = run_action
    started: dict[str, float] = {}

    def collected(phase: str, info: dict) -> None:
        if phase == "start":
            started["gc"] = now()
        else:
            note("gc", started.get("gc", now()), now(), info.get("generation"))

    gc.callbacks.append(collected)

    import sys

    # ``python -m arcade`` puts its folder on ``sys.path`` only after this module has run: the
    # arcade is imported from the working folder (the bench starts it in its own tree), not from
    # wherever an editable install points (another worktree's code would be traced)
    if os.path.isdir(os.path.join(os.getcwd(), "arcade")) and os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    import arcade.storage.writer as _save_writer
    import arcade.runtime.terminal as _terminal

    wrap(_terminal.SturdyFile, "flush", after=lambda self, t0, t1: note("flush", t1))
    wrap(_terminal.ArcadeDriver, "write", before=lambda self, t, data: note("write", t, len(data)))
    original_save_text = _save_writer.save_text

    def save_text(envelope):  # noqa: ANN001, ANN202
        t0 = now()
        try:
            return original_save_text(envelope)
        finally:
            note("save", t0, now())

    _save_writer.save_text = save_text

    import arcade.devtools.stall_probe as _stall_probe

    wrap(_stall_probe.StallProbe, "tick", before=lambda self, t: note("tick", t))
