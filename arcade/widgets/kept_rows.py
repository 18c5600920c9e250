"""``KeptRows``: a widget of its own rows, kept whole under what each shows (``KeepsRows``,
``arcade/widgets/lines.py``): the board, the printer tape, the CPC's monitor.

For the printer tape and the CPC's monitor, making every row again was most of a turn's end
frame while the machine's reply was already running (2-5 ms each, with the loop stopped): a
new line shifts the whole roll, a new CPC screen changes a few of its 25 rows.
"""

from __future__ import annotations

from textual.widget import Widget

from arcade.widgets.lines import KEPT_ROWS, KeepsRows

__all__ = ["KEPT_ROWS", "KeptRows"]


class KeptRows(KeepsRows, Widget):
    """Rows made once per (what they show, size, look); a subclass gives ``row_key``."""
