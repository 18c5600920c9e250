"""``SignalQuit``: the app's quit after its terminal hung up or a polite kill (the app's part, ``app.signal_quit``).

``arcade/runtime/hangup.py`` catches SIGHUP and SIGTERM for the whole process and keeps a
watchdog; while the app runs (``listening``) it calls ``hang_up(signum)`` here, on the event
loop, at any moment.  Every open game is saved first, then the app quits as on Ctrl+Q with the
status 128 + the signal's number, once it has finished starting (docs/reliability.md).
"""

from __future__ import annotations

import asyncio
from contextlib import contextmanager
from typing import Any, Iterator, Protocol

from textual.screen import Screen

from arcade.runtime import hangup

RETRY = 0.05
"""Seconds between two looks at whether the app has finished starting, when a hang-up waits for it."""


class QuittingApp(Protocol):
    """What ``SignalQuit`` needs of the app: its screens, its saves and Textual's exit."""

    @property
    def screen_stack(self) -> list[Screen[Any]]: ...

    def save_open_games(self) -> None: ...
    def exit(self, result: Any = None, return_code: int = 0, message: Any = None) -> None: ...


class SignalQuit:
    """Saves and quits the app on a hang-up or SIGTERM (see the module)."""

    def __init__(self, app: QuittingApp) -> None:
        self.app = app
        self.first_frame_drawn = False
        """The app has drawn once (set by the app after its first refresh): a hang-up may quit from now on."""
        self.asked = False  # a hang-up came: the games are saved once

    @contextmanager
    def listening(self) -> Iterator[None]:
        """While the app runs (``run_async``), a hang-up or SIGTERM caught by ``arcade.runtime.hangup``
        calls ``hang_up`` here, on the running event loop."""
        if hangup.installed():
            hangup.attach(self, asyncio.get_running_loop())
        try:
            yield
        finally:
            if hangup.installed():
                hangup.detach()

    def settled(self) -> bool:
        """The app has drawn once and every screen of the current stack has mounted."""
        return self.first_frame_drawn and all(screen.is_mounted for screen in self.app.screen_stack)

    def hang_up(self, signum: int) -> None:
        """The terminal closed (SIGHUP) or a polite kill (SIGTERM): save every open game and quit like Ctrl+Q.

        Called on the event loop, at any moment: while the app or a screen is still being
        built, the quit waits for it (Textual's start breaks if the app exits halfway).
        The exit status is 128 + ``signum``; if this does not end the process within
        ``hangup.GRACE`` seconds, ``arcade.runtime.hangup`` ends it."""
        if not self.asked:
            self.asked = True
            try:
                self.app.save_open_games()  # first, whatever else is under way: the watchdog may end it all
            except Exception:  # noqa: BLE001 - a screen still mounting; the save after the last move stays
                pass
        if not self.settled():
            asyncio.get_running_loop().call_later(RETRY, self.hang_up, signum)
            return
        self.app.exit(return_code=128 + signum)
