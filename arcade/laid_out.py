"""``LaidOut``: a screen told a size it is laid out at already lays nothing out again.

A dialog opening over a screen tells the screens under it the terminal's size, and Textual
laid each of them out and drew it again under the dialog: a whole game under the side
question at every launch (traced in tmux, part of a 50-64 ms stall of the event loop).  A
screen with a widget waiting for a layout is laid out as before (Textual's ``Footer`` asked
for one whenever a dialog opened over its screen: every full screen has a ``KeysFooter``,
which changes nothing when the keys are the same).  ``LaidOut`` goes before
``Screen`` in a screen's bases; a new size, or a widget that asked for a layout, goes to
Textual as before.
"""

from __future__ import annotations

from textual.geometry import Size


class LaidOut:
    """A mixin of ``Screen`` (see the module): ``_screen_resized`` is Textual's private method."""

    def _screen_resized(self, size: Size) -> None:
        waiting = getattr(self, "_layout_widgets", None)  # Textual's names, checked by a test (renamed: as Textual)
        if waiting is not None and not waiting and getattr(getattr(self, "_compositor", None), "size", None) == size:
            return
        super()._screen_resized(size)  # type: ignore[misc]
