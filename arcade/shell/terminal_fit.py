"""``TerminalFit``: whether the terminal is large enough for the screens shown (the app's part, ``app.fit``).

Every screen may declare ``MIN_SIZE = (columns, rows)``; the app (not each screen) asks this
part on every resize and every change of game, and it covers the screens with the "terminal
too small" view (``arcade/widgets/too_small.py``) while the terminal is smaller than they
need, and takes the cover away when it has grown.
"""

from __future__ import annotations

from typing import Any, Protocol

from textual import events
from textual.geometry import Size
from textual.screen import Screen

from arcade.widgets.too_small import DEFAULT_MIN_SIZE, TooSmallScreen


class FittedApp(Protocol):
    """What ``TerminalFit`` needs of the app: Textual's own."""

    @property
    def is_running(self) -> bool: ...
    @property
    def screen_stack(self) -> list[Screen[Any]]: ...
    @property
    def screen(self) -> Screen[Any]: ...
    @property
    def size(self) -> Size: ...

    def clear_notifications(self) -> None: ...
    def push_screen(self, screen: Screen[Any]) -> Any: ...
    def pop_screen(self) -> Any: ...
    def call_after_refresh(self, callback: Any, *args: Any) -> bool: ...


class TerminalFit:
    """The terminal's size against what the screens shown need (see the module)."""

    def __init__(self, app: FittedApp) -> None:
        self.app = app
        self.size_passed_on: Size | None = None
        """The last terminal size passed on to Textual (``resized``)."""

    def required_size(self) -> tuple[int, int]:
        """The largest ``MIN_SIZE`` of the screens shown (a game without one needs 80x24)."""
        stack = [s for s in self.app.screen_stack if not isinstance(s, TooSmallScreen)]
        sizes = [getattr(s, "MIN_SIZE") for s in stack if hasattr(s, "MIN_SIZE")]
        if not stack or not hasattr(stack[0], "MIN_SIZE"):
            sizes.append(DEFAULT_MIN_SIZE)
        return max(w for w, _ in sizes), max(h for _, h in sizes)

    def check(self) -> None:
        """Cover the screen while the terminal is smaller than it needs; uncover when it has grown."""
        app = self.app
        if not app.is_running or not app.screen_stack:
            return
        need = self.required_size()
        now = (app.size.width, app.size.height)
        small = now[0] < need[0] or now[1] < need[1]
        top = app.screen
        if small and isinstance(top, TooSmallScreen):
            top.show_sizes(need, now)
        elif small:
            app.clear_notifications()  # a toast may hold something private (the duel)
            app.push_screen(TooSmallScreen(need, now, recheck=self.check))
        elif isinstance(top, TooSmallScreen):
            app.pop_screen()

    def check_soon(self) -> None:
        """``check`` once the screens shown now have been drawn (a game changed, the app started)."""
        self.app.call_after_refresh(self.check)

    def resized(self, event: events.Resize) -> None:
        """The app's ``on_resize``: a new size, the screen covered while the terminal is too small.  A
        size the screens already have is not sent to them again (``prevent_default``: Textual's
        ``App._on_resize``, called after the app's handler, is not).

        At start the app tells its screen the terminal's size, then the terminal's driver tells
        it the same size: Textual kept that second event and sent it to the screen when the app
        was next idle, and the screen laid itself out again (15-25 ms of a game's launch, traced
        in tmux).  Every resize reaches Textual through here first, so the last size passed on is
        the one Textual has, and a resize on its way (a timer of Textual's) is of that size too."""
        if event.size == self.size_passed_on:
            event.prevent_default()
            return
        self.size_passed_on = event.size
        self.check_soon()
