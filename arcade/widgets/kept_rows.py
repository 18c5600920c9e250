"""``KeptRows``: a widget whose rows are kept whole, under what each shows, across repaints.

Textual repaints a widget by making every row again: its ``render_line`` (or its
``render``), then padding, colours and filters in the styles cache, which a repaint
clears.  For the printer tape and the CPC's monitor that was most of a turn's end
frame while the machine's reply was already running (2-5 ms each, with the loop
stopped): a new line shifts the whole roll, a new CPC screen changes a few of its
25 rows.  A ``KeptRows`` widget says what each row shows (``row_key(y)``); a row whose
key was drawn before, with the same size and look, is taken as it was, and only the
others go through Textual's own path.

Textual asks a widget for all its rows whenever anything in the box of a frame's changes
overlaps the widget's clip (for a top-level panel: every frame, a cursor moved elsewhere
too); a ``KeptRows`` that was not refreshed since gives back the rows it gave last time.

A machine's panel beside the board (``DRAWN_AFTER``: the CPC monitor, the printer tape) is
repainted a frame after the change that asked for it, and after any key on its way
(``arcade/attention.py``): a turn's end draws the board first, in a frame a key pressed
meanwhile waits less for, then the panel.  A change a machine's news made (a turn's end,
progress) waits for the player to rest from the keys too (``Attention.after_keys_rest``,
half a second at most): traced in tmux, the panel's frame after a turn's end (2-3 ms,
3.5 KB to the terminal) was what a key pressed just after the move waited for.  A change
a key made (a letter typed on the CPC) is drawn a frame later, as any.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import ClassVar

from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

from arcade.widgets.lines import RowStyle

KEPT_ROWS = 256
"""Rows kept at most (an old roll's are dropped; the visible ones come back at once)."""


class KeptRows(RowStyle, Widget):
    """Rows made once per (what they show, size, look); a subclass gives ``row_key``."""

    DRAWN_AFTER: ClassVar[bool] = False
    """A machine's panel: a plain repaint waits for the next frame and any key on its way (for
    news, until the keys rest)."""

    _version = 0  # refreshes so far: rows given for the same version, crop and size are the same
    _last: tuple[object, list[Strip]] | None = None
    _repaint_due = False

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._kept: dict[Hashable, Strip] = {}
        self._kept_look: tuple[object, ...] = ()

    def row_key(self, y: int) -> Hashable:
        """What row ``y`` shows, whatever row it is on: two rows with one key are drawn alike."""
        raise NotImplementedError

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._kept.clear()  # the theme or the stylesheet changed
        self._version += 1

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False,
                recompose: bool = False) -> KeptRows:
        if self.DRAWN_AFTER and repaint and not (regions or layout or recompose) and self.is_mounted:
            attention = getattr(self.app, "attention", None)
            if attention is not None:
                if not self._repaint_due:  # one repaint for every change until then
                    self._repaint_due = True
                    screen = self.screen
                    then = attention.after_keys_rest if attention.handling_news else attention.after_keys
                    attention.after_frame(screen, lambda: then(screen, self._repaint_now))
                return self
        self._version += 1
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)  # type: ignore[return-value]

    def _repaint_now(self) -> None:
        self._repaint_due = False
        self._version += 1
        super().refresh()

    def render_lines(self, crop: Region) -> list[Strip]:
        asked = (self._version, crop, self.size)
        if self._last is not None and self._last[0] == asked:
            return self._last[1]
        out = self.with_row_style(self._render_kept_lines, crop)  # the style read once for every row
        self._last = (asked, out)
        return out

    def _render_kept_lines(self, crop: Region) -> list[Strip]:
        styles = self.styles
        if styles.padding.top or styles.padding.bottom or any(edge[0] for edge in (*styles.border, *styles.outline)):
            return super().render_lines(crop)  # rows that differ by where they are: drawn as Textual does
        look = (self.size, crop.x, crop.width, self.row_style, self.background_colors, styles.padding,
                self.app.ansi_theme, self.opacity)
        if look != self._kept_look or len(self._kept) > KEPT_ROWS:
            self._kept_look = look
            self._kept.clear()
        out = []
        for y in range(crop.y, crop.bottom):
            key = self.row_key(y)
            strip = self._kept.get(key)
            if strip is None:
                strip = super().render_lines(Region(crop.x, y, crop.width, 1))[0]
                self._kept[key] = strip
            out.append(strip)
        return out
