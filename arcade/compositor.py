"""``NearCompositor``: Textual's compositor, asking a frame's rows only of the widgets it can show.

Textual's compositor draws a frame that changes a few cells by asking every widget whose
*container* overlaps the box of those changes for all its rows, and a container's region
is often the whole screen: the footer at the bottom, the panels below the board, every
key of the footer, at every frame.  Each such widget gives its rows from its caches, but
the asking costs (its style read, its ancestors' backgrounds): traced in the TI-57 duel, a
turn's end that changed nine cells in the top rows asked the footer, the register panel,
the status and the message too.  This compositor asks only the widgets whose visible part
(their region inside their container's) overlaps that box: the others have no cell in it,
so the frame is the same.
"""

from __future__ import annotations

from typing import Iterable

from textual._compositor import Compositor
from textual.geometry import Region
from textual.strip import Strip


class NearCompositor(Compositor):
    """A ``Compositor`` whose partial frames ask only the widgets they can show (see the module)."""

    def _get_renders(self, crop: Region | None = None) -> Iterable[tuple[Region, Region, list[Strip]]]:
        if crop is None:
            return super()._get_renders(crop)
        every = self.visible_widgets
        overlaps = crop.overlaps
        near = {widget: (region, clip) for widget, (region, clip) in every.items() if overlaps(region.intersection(clip))}
        self._visible_widgets = near  # what Textual's own loop reads, for this frame only
        try:
            return list(super()._get_renders(crop))
        finally:
            self._visible_widgets = every
