"""The app mode a game across two terminals plays in: one at a time, opened over the arcade, closed on leaving.

Kept apart from the screens so that a screen can close its own mode without importing what opens it.
"""

from __future__ import annotations

import contextlib
from typing import Any, Callable

from textual.app import ActiveModeError, UnknownModeError
from textual.screen import Screen

MODE = "net"
"""The app mode of the game across two terminals (one at a time: opening another closes it)."""


def open_mode(app: Any, screen: Callable[[], Screen]) -> None:
    """Show ``screen`` in the net mode, in place of a game across two terminals already open there (it ends, saved)."""
    if app.current_mode == MODE:
        app.switch_mode("launcher")
    with contextlib.suppress(UnknownModeError, ActiveModeError):
        app.remove_mode(MODE)
    app.add_mode(MODE, screen)
    app.switch_mode(MODE)


def close_mode(app: Any) -> None:
    """Back to the launcher; the game across two terminals closes with its screen."""
    if app.current_mode == MODE:
        launcher = getattr(app, "action_launcher", None)
        if callable(launcher):
            launcher()
        else:
            app.switch_mode("launcher")
    with contextlib.suppress(UnknownModeError, ActiveModeError):
        app.remove_mode(MODE)
