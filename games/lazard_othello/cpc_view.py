"""A frozen picture of the CPC's text screen, as the driver hands it to the arcade.

The arcade's ``CpcScreen`` widget draws it; it never touches the machine.  The view is
built in the thread that runs the machine (``LazardOthelloDriver.machine_view``), so a
worker can post it while the CPC keeps running.  This module never imports
``machines.cpc``: the Lazard screen's first frame (a blank CPC screen) is drawn from it
before the machine exists, and importing the CPC costs that frame ~100 ms.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

ROWS = 25
BLANK_ROW = " " * 40
PALETTE_RGB: tuple[str, ...] = (
    "#000000", "#000080", "#0000FF", "#800000", "#800080", "#8000FF", "#FF0000", "#FF0080", "#FF00FF",
    "#008000", "#008080", "#0080FF", "#808000", "#808080", "#8080FF", "#FF8000", "#FF8080", "#FF80FF",
    "#00FF00", "#00FF80", "#00FFFF", "#80FF00", "#80FF80", "#80FFFF", "#FFFF00", "#FFFF80", "#FFFFFF",
)
"""``#RRGGBB`` of the CPC's 27 hardware colours (index = hardware colour number), as data: the
same table as ``machines.cpc.PALETTE_RGB`` (a test checks it), without importing the machine."""


@dataclass(frozen=True)
class CpcScreenView:
    """What the CPC's monitor shows: 25 rows of text with the hardware colour of every cell."""

    rows: tuple[str, ...] = (BLANK_ROW,) * ROWS
    pens: tuple[tuple[int, ...], ...] = ((24,) * 40,) * ROWS
    papers: tuple[tuple[int, ...], ...] = ((1,) * 40,) * ROWS
    border: int = 1
    mode: int = 1
    cursor: tuple[int, int] | None = None  # (row, col), 0-based, while the program waits for a key

    @classmethod
    def of(cls, machine: Any, show_cursor: bool = False) -> CpcScreenView:
        """A copy of ``machine``'s screen (a ``machines.cpc.CPC``); call it from the thread that runs it."""
        screen = machine.screen
        cursor = None
        if show_cursor:
            row, col = screen.row, min(screen.col, screen.width - 1)
            cursor = (row, col)
        return cls(
            rows=tuple(machine.screen_text()),
            pens=tuple(tuple(r) for r in machine.pen),
            papers=tuple(tuple(r) for r in machine.paper),
            border=machine.border,
            mode=screen.mode,
            cursor=cursor,
        )

    @property
    def text(self) -> str:
        """The screen's text, trailing blanks removed: what tests and screen readers read."""
        return "\n".join(r.rstrip() for r in self.rows).rstrip("\n")


def hardware_rgb(colour: int) -> str:
    """``#RRGGBB`` of one of the 27 hardware colours."""
    return PALETTE_RGB[colour % len(PALETTE_RGB)]
