"""``NearCompositor``: Textual's compositor, asking a frame's rows only of the widgets it can show.

Textual's compositor draws a frame that changes a few cells by asking every widget whose
*container* overlaps the box around those changes, and a container's region is often the
whole screen: the footer at the bottom, the panels below the board, every key of the
footer, at every frame.  And a widget in full view is asked for all its rows, whatever the
box: the screen, the row and the column that hold a game were asked for their thirty rows
at every frame (some 100 rows a frame in the TI-57 duel, 70% of all the rows asked).  Each
gives them from its caches, but the asking costs (its style read, its ancestors'
backgrounds, a strip per row).  This compositor asks only the widgets whose visible part
(their region inside their container's) overlaps one of the changes, and each only for the
rows of the box: a widget with no changed cell, or a row outside the box, has nothing the
frame writes (Textual writes only the changed spans), so the frame shows the same.
"""

from __future__ import annotations

from typing import Iterable

from textual._compositor import ChopsUpdate, Compositor
from textual.geometry import Region
from textual.strip import Strip


class NearCompositor(Compositor):
    """A ``Compositor`` whose partial frames ask only the widgets they can show (see the module)."""

    _changes: list[Region] | None = None
    """The regions a partial frame draws again, while it is drawn (``render_partial_update``)."""

    def render_partial_update(self) -> ChopsUpdate | None:
        self._changes = list(self._dirty_regions)  # what Textual's own method takes and clears
        try:
            return super().render_partial_update()
        finally:
            self._changes = None

    def _get_renders(self, crop: Region | None = None) -> Iterable[tuple[Region, Region, list[Strip]]]:
        if crop is None:
            return super()._get_renders(crop)
        every = self.visible_widgets
        changes = self._changes or [crop]
        overlaps = crop.overlaps
        rows = Region(0, crop.y, self.size.width, crop.height)
        near = {}
        for widget, (region, clip) in every.items():
            shown = region.intersection(clip)
            if overlaps(shown) and any(shown.overlaps(change) for change in changes):
                # asked for the rows of the box only (Textual asks a widget in full view for all its
                # rows: a container's thirty at every frame), every column of them (a frame's cuts)
                near[widget] = (region, clip.intersection(rows))
        self._visible_widgets = near  # what Textual's own loop reads, for this frame only
        try:
            return list(super()._get_renders(crop))
        finally:
            self._visible_widgets = every
