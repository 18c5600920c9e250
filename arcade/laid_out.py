"""``LaidOut``: a screen told a size it is laid out at already lays nothing out again.

A dialog opening over a screen tells the screens under it the terminal's size, and Textual
laid each of them out and drew it again under the dialog: a whole game under the side
question at every launch (traced in tmux, part of a 50-64 ms stall of the event loop).  A
screen with a widget waiting for a layout is laid out as before (Textual's ``Footer`` asked
for one whenever a dialog opened over its screen: every full screen has a ``KeysFooter``,
which changes nothing when the keys are the same).  ``LaidOut`` goes before
``Screen`` in a screen's bases; a new size, or a widget that asked for a layout, goes to
Textual as before.

A screen is also built with the classes of the terminal's size (``size_classes``: Textual's
breakpoints, ``-narrow``/``-wide``, ``-short``/``-roomy``, and whatever a screen adds).  Textual
gives them at the screen's first ``Resize``, after every widget was styled: each class a new
restyle of the whole screen (~10 ms each before a game's first frame).  Given from the start,
the first ``Resize`` finds nothing to change.

Textual styles every widget of a screen again each time it resumes (the app's CSS may have
changed meanwhile: a theme).  The first time a screen shows, its widgets were styled as they
mounted, just before: unless the app's CSS changed since (``App._css_update_count``, Textual's
private count, checked by a test), only the screen itself is styled again (it was styled before
its own CSS was read).  Any later resume, or one after a suspend, restyles as Textual does.
"""

from __future__ import annotations

from typing import Any

from textual.events import ScreenResume
from textual.geometry import Size


class LaidOut:
    """A mixin of ``Screen`` (see the module): ``_screen_resized`` is Textual's private method, and
    ``_css_update_count`` the app's."""

    _styled_with: int | None = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        try:
            app = self.app  # type: ignore[attr-defined]
        except RuntimeError:  # built outside a running app: Textual's first Resize gives the classes
            return
        if app.is_running:
            self.update_classes(self.size_classes(app.size), update=False)  # type: ignore[attr-defined]

    def _screen_resized(self, size: Size) -> None:
        waiting = getattr(self, "_layout_widgets", None)  # Textual's names, checked by a test (renamed: as Textual)
        if waiting is not None and not waiting and getattr(getattr(self, "_compositor", None), "size", None) == size:
            return
        super()._screen_resized(size)  # type: ignore[misc]

    def on_mount(self) -> None:
        self._styled_with = getattr(self.app, "_css_update_count", None)  # type: ignore[attr-defined]

    def on_screen_suspend(self) -> None:
        self._styled_with = None  # shown again later: styled again, as Textual does

    def on_screen_resume(self, event: ScreenResume) -> None:
        styled_with, self._styled_with = self._styled_with, None
        if styled_with is not None and styled_with == getattr(self.app, "_css_update_count", None):  # type: ignore[attr-defined]
            # Its widgets were styled as they mounted, with the CSS of now: only the screen was
            # styled before its own CSS was read.
            event.refresh_styles = False
            self.app.stylesheet.update_nodes([self])  # type: ignore[attr-defined]

    def size_classes(self, size: Size) -> dict[str, bool]:
        """Each size class of the screen, and whether it has it at ``size``: Textual's breakpoints
        (the screen's, else the app's: its ``Screen._on_resize`` sets the same), and a screen's own."""
        across, down = self._breakpoints("HORIZONTAL_BREAKPOINTS"), self._breakpoints("VERTICAL_BREAKPOINTS")
        classes = {name: False for _, name in across + down}
        for breakpoints, length in ((across, size.width), (down, size.height)):
            reached = [name for at, name in sorted(breakpoints, reverse=True) if length >= at]
            if reached:
                classes[reached[0]] = True
        return classes

    def _breakpoints(self, name: str) -> list[tuple[int, str]]:
        own = getattr(self, name)
        return (getattr(self.app, name) if own is None else own) or []  # type: ignore[attr-defined]
