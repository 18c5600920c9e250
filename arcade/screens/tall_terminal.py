"""Tall terminals: from ``ROOMY_ROWS`` rows a screen has the class ``-roomy`` (Textual's vertical
breakpoints), and its CSS draws the game or the machine in the middle of the screen, at most
so many rows high, instead of pinned under the header with half the screen empty below it.

Used by every game screen (``GameScreen``: ``#game`` at most 28 rows, the CPC's 25 lines and a
border), the match screen and the machine rooms; each screen's CSS says its own height.
"""

from __future__ import annotations

ROOMY_ROWS = 38
"""Terminal rows from which a screen is roomy (120x40 is; 80x24 and 100x32 are not)."""

ROOMY_BREAKPOINTS = [(0, "-short"), (ROOMY_ROWS, "-roomy")]
"""A screen's ``VERTICAL_BREAKPOINTS``: the class ``-roomy`` from ``ROOMY_ROWS`` rows."""
