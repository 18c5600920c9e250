"""The "terminal too small" view: shown instead of a screen that would not fit.

Every screen may declare ``MIN_SIZE = (columns, rows)``; the app (not each screen: its
part ``TerminalFit``, ``arcade/shell/terminal_fit.py``) compares it with the terminal on
every resize and every change of game, and covers the screen with this one while the
terminal is too small.  It is a modal screen with an opaque background, so the screen
below stays exactly as it was (no suspend, no redraw of the game, no worker stopped) and
nothing of it shows through: in the duel no private view leaks.  It only says how large the terminal must be.
"""

from __future__ import annotations

from typing import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import ModalScreen
from textual.widgets import Static

DEFAULT_MIN_SIZE: tuple[int, int] = (80, 24)
"""What a screen needs unless it says otherwise: the layout every screen is drawn for."""


def too_small_message(need: tuple[int, int], now: tuple[int, int]) -> str:
    return (
        f"Make the terminal at least {need[0]}x{need[1]} (now {now[0]}x{now[1]}).\n"
        "The game is kept as it was and comes back when the terminal is large enough.\n"
        "Ctrl+Q quits."
    )


class TooSmallScreen(ModalScreen[None]):
    """Opaque cover with one message; it leaves by itself when the terminal has grown."""

    DEFAULT_CSS = """
    TooSmallScreen { background: $background; align: center middle; }
    TooSmallScreen #too-small { width: auto; max-width: 100%; height: auto; text-style: bold; text-align: center; }
    """

    BINDINGS = [Binding("ctrl+q", "app.quit", "Quit", id="too-small.quit", priority=True)]

    def __init__(self, need: tuple[int, int], now: tuple[int, int], *,
                 recheck: Callable[[], None] | None = None) -> None:
        """``recheck``: asks again whether the terminal is large enough (``TerminalFit.check``)."""
        super().__init__()
        self.need = need
        self.now = now
        self.recheck = recheck

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                yield Static(too_small_message(self.need, self.now), id="too-small", markup=False)

    def show_sizes(self, need: tuple[int, int], now: tuple[int, int]) -> None:
        """Say the new sizes (the terminal is still too small)."""
        self.need, self.now = need, now
        if self.is_mounted:
            self.query_one("#too-small", Static).update(too_small_message(need, now))

    def on_screen_resume(self) -> None:
        # Back on top after a game change or a dialog above it closed: still needed?
        if self.recheck is not None:
            self.app.call_later(self.recheck)
