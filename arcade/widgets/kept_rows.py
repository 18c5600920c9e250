"""``KeptRows``: a widget of its own rows, kept whole under what each shows (``KeepsRows``,
``arcade/widgets/lines.py``): the board, the printer tape, the CPC's monitor.

For the printer tape and the CPC's monitor, making every row again was most of a turn's end
frame while the machine's reply was already running (2-5 ms each, with the loop stopped): a
new line shifts the whole roll, a new CPC screen changes a few of its 25 rows.

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

from typing import ClassVar

from textual.geometry import Region
from textual.widget import Widget

from arcade.widgets.lines import KEPT_ROWS, KeepsRows

__all__ = ["KEPT_ROWS", "KeptRows"]


class KeptRows(KeepsRows, Widget):
    """Rows made once per (what they show, size, look); a subclass gives ``row_key``."""

    DRAWN_AFTER: ClassVar[bool] = False
    """A machine's panel: a plain repaint waits for the next frame and any key on its way (for
    news, until the keys rest)."""

    _repaint_due = False

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False,
                recompose: bool = False) -> KeptRows:
        if self.DRAWN_AFTER and repaint and not (regions or layout or recompose or self._painting) and self.is_mounted:
            attention = getattr(self.app, "attention", None)
            if attention is not None:
                if not self._repaint_due:  # one repaint for every change until then
                    self._repaint_due = True
                    screen = self.screen
                    then = attention.after_keys_rest if attention.handling_news else attention.after_keys
                    attention.after_frame(screen, lambda: then(screen, self._repaint_now))
                return self
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)  # type: ignore[no-any-return]

    def _repaint_now(self) -> None:
        self._repaint_due = False
        self.refresh_rows()  # the rows that changed since the last repaint
