"""Widgets shared by the game screens. They render what a screen gives them and know no game rules.

The names below are imported on first use (PEP 562): the app imports this package for its
glyphs and its "too small" screen, and must not pay for the boards (nor the Othello
referee they draw from) before a game starts.
"""

from __future__ import annotations

import importlib
from typing import Any

_WHERE = {
    "BoardView": "board",
    "OthelloBoard": "board",
    "SquareClicked": "board",
    "LedDisplay": "led",
    "PrinterTape": "tape",
}

__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        return getattr(importlib.import_module(f"arcade.widgets.{_WHERE[name]}"), name)
    raise AttributeError(f"module 'arcade.widgets' has no attribute {name!r}")
