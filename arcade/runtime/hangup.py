"""The terminal closing (SIGHUP) or a polite kill (SIGTERM), at any moment: save what can be saved, then end.

``install()`` is the first thing ``arcade`` does.  From then on a hang-up or a SIGTERM:

- before the app runs (the command line, the imports): ends the program at once
  (``SystemExit``; nothing is open, nothing to save);
- while the app runs (its driver starting, a screen mounting, a game, a dialog...): asks it,
  on its event loop, to save every open game and quit as on Ctrl+Q (the app's part
  ``SignalQuit``, ``arcade/shell/signal_quit.py``: ``hang_up``);
- after the app has ended: ends the program at once, the saves' writer flushed first.

Whatever happens to the orderly way (an event loop that never comes back, a write to a
terminal that is gone, a thread that will not end), a watchdog ends the process ``GRACE``
seconds after the signal: the saves asked for are written first (``FLUSH_LIMIT`` at most;
a save being written is never torn: ``arcade/storage/saves.py`` writes atomically), then
``os._exit(128 + signum)``.  The exit status is always 128 + the signal's number.

The signal handler itself takes no lock and starts no thread (the main thread may be
anywhere, even inside ``Thread.start``): it writes the signal's number to a pipe that the
watchdog, started by ``install()``, waits on.

SIGHUP is caught even when the arcade inherited it ignored (``nohup``, some daemons and CI
runners): the arcade lives in its terminal, and with the terminal gone nothing can be shown
or asked, so it saves and ends rather than run on unseen for good.  An ignored SIGTERM stays
ignored.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from typing import Any, Callable

from arcade.storage import saves

GRACE = 4.0
"""Seconds the orderly exit has before the watchdog ends the process."""
FLUSH_LIMIT = 3.0
"""Seconds the watchdog waits for the saves already asked for."""
RESTORE_LIMIT = 0.5
"""Seconds the watchdog gives the terminal's restoration (a write that blocks is abandoned)."""

SIGNALS = ("SIGHUP", "SIGTERM")

BEFORE, RUNNING, AFTER = "before", "running", "after"


class _State:
    """What the handler and the watchdog share: plain attributes (one assignment each, no lock)."""

    def __init__(self) -> None:
        self.phase = BEFORE
        self.app: Any = None  # what ``hang_up(signum)`` is called on, on ``loop``
        self.loop: Any = None
        self.signum: int | None = None
        self.pipe: tuple[int, int] | None = None
        self.restore: Callable[[str], None] | None = None  # the terminal put back, a last word written
        self.handled: list[int] = []  # the signals ``install()`` took (``reclaim()`` takes them again)


_state = _State()


def install() -> bool:
    """Catch SIGHUP and SIGTERM from now on (SIGHUP even if inherited ignored; an ignored SIGTERM stays so).

    False where there are no such signals (Windows) or off the main thread."""
    if sys.platform == "win32" or _state.pipe is not None:
        return _state.pipe is not None
    if threading.current_thread() is not threading.main_thread():
        return False
    read_end, write_end = os.pipe()
    os.set_blocking(write_end, False)  # a flood of signals never blocks the handler on a full pipe
    _state.pipe = (read_end, write_end)
    threading.Thread(target=_watch, args=(read_end,), name="arcade-hangup", daemon=True).start()
    for name in SIGNALS:
        number = getattr(signal, name)
        if name != "SIGHUP" and signal.getsignal(number) is signal.SIG_IGN:
            continue
        signal.signal(number, _on_signal)
        _state.handled.append(number)
    return True


def reclaim() -> None:
    """Put the arcade's handler back on SIGHUP and SIGTERM, where something replaced it since ``install()``
    (Textual's web driver puts its own on SIGTERM: ``arcade/runtime/web_driver.py``).  An ignored SIGTERM stays so."""
    if _state.pipe is None or sys.platform == "win32":
        return
    for number in _state.handled:
        signal.signal(number, _on_signal)


def installed() -> bool:
    return _state.pipe is not None


def attach(app: Any, loop: Any) -> None:
    """The app runs on ``loop``: a signal from now on calls ``app.hang_up(signum)`` there (``app``: the
    arcade app's part that saves and quits, ``arcade/shell/signal_quit.py``)."""
    _state.app, _state.loop = app, loop
    _state.phase = RUNNING


def detach() -> None:
    """The app has ended: a signal from now on ends the program at once."""
    _state.phase = AFTER
    _state.app = _state.loop = None
    _state.restore = None


def on_hard_exit(restore: Callable[[str], None] | None) -> None:
    """What puts the terminal back, and writes a last word on it, if the watchdog ends the process
    (the driver gives it while it holds the terminal)."""
    _state.restore = restore


def received() -> int | None:
    """The signal that is ending the program, if one is."""
    return _state.signum


def exit_status(normal: int = 0) -> int:
    """128 + the signal's number when a signal ended the program, else ``normal``."""
    return normal if _state.signum is None else 128 + _state.signum


def terminal_gone() -> None:
    """The terminal cannot be written to any more (its window was closed): as if it had hung up.

    Called from the driver's output or input thread; nothing happens unless ``install()`` ran.
    With the arcade's handler in place the signal takes the usual way, sent to the main thread:
    raised in the calling thread, it left the event loop asleep in its ``select`` with no timer
    due (Textual's web driver takes away asyncio's signal wake-up), and the handler waited for
    whatever woke the loop next.  With another handler (replaced since, or ignored) the
    watchdog is woken directly, as the handler would have done."""
    if _state.pipe is not None and _state.signum is None and hasattr(signal, "SIGHUP"):
        if signal.getsignal(signal.SIGHUP) is _on_signal:
            main = threading.main_thread().ident
            if main is None:
                signal.raise_signal(signal.SIGHUP)
            else:
                signal.pthread_kill(main, signal.SIGHUP)
        else:
            _state.signum = signal.SIGHUP
            _wake_watchdog(signal.SIGHUP)


def _on_signal(signum: int, frame: object) -> None:
    """In the main thread, between two bytecodes of whatever it was doing: no lock, no thread."""
    first = _state.signum is None
    if first:
        _state.signum = signum
    _wake_watchdog(signum)
    if first and _state.phase == BEFORE:
        raise SystemExit(128 + signum)


def _wake_watchdog(signum: int) -> None:
    if _state.pipe is not None:
        try:
            os.write(_state.pipe[1], bytes([signum]))
        except OSError:
            pass


def _watch(read_end: int) -> None:
    """The watchdog: wakes on the first signal, asks the app to quit, and ends the process if it does not."""
    try:
        data = os.read(read_end, 1)
    except OSError:
        return
    if not data:
        return
    signum = _state.signum or data[0]
    if _state.phase == RUNNING and not _ask_app(signum):
        _hard_exit(signum)
    if _state.phase == AFTER:
        _hard_exit(signum)
    deadline = time.monotonic() + GRACE
    while (left := deadline - time.monotonic()) > 0:
        time.sleep(min(left, 0.1))
        if _state.phase == AFTER:  # the app has ended: whatever remains needs no more time
            break
    _hard_exit(signum)


def _ask_app(signum: int) -> bool:
    app, loop = _state.app, _state.loop
    if app is None or loop is None:
        return False
    try:
        loop.call_soon_threadsafe(app.hang_up, signum)
    except RuntimeError:  # the loop is closed: nobody to ask
        return False
    return True


def _hard_exit(signum: int) -> None:
    """Write the saves asked for (bounded), put the terminal back if it is there (bounded), end."""
    saves.flush(timeout=FLUSH_LIMIT)
    restore = _state.restore
    if restore is not None:
        note = (f"arcade: the quit after {signal.Signals(signum).name} did not finish within {GRACE:g} s;"
                " ended, the saves asked for written first")
        helper = threading.Thread(target=_quietly, args=(restore, note), name="arcade-restore", daemon=True)
        helper.start()
        helper.join(RESTORE_LIMIT)
    os._exit(128 + signum)


def _quietly(action: Callable[[str], None], note: str) -> None:
    try:
        action(note)
    except Exception:  # noqa: BLE001 - the process is ending; a terminal that cannot be restored is gone
        pass
