"""A frozen picture of the CPC's text screen, as the driver hands it to the arcade.

The arcade's ``CpcScreen`` widget draws it; it never touches the machine.  The view is
built in the thread that runs the machine (``LazardOthelloDriver.machine_view``), so a
worker can post it while the CPC keeps running.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from machines.cpc import PALETTE_RGB as _PALETTE

ROWS = 25
BLANK_ROW = " " * 40
PALETTE_RGB: tuple[str, ...] = tuple(_PALETTE)
"""``#RRGGBB`` of the CPC's 27 hardware colours (index = hardware colour number)."""


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
