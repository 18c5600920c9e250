"""Lazard's Othello: a Locomotive BASIC program (``othello.bas``) on the emulated CPC 6128.

The listing published in Jeux & Stratégie n°35 (1985) is lost; ``othello.bas`` is a
reconstruction written here that follows the method the article describes.

The driver (and with it the whole CPC under ``machines.cpc``) is imported on first use
of one of its names (PEP 562), not when the package is: the arcade's Lazard screen
draws its first frame from ``cpc_view`` alone, and the machine is built in the worker.
"""

from __future__ import annotations

from typing import Any

__all__ = ["LISTING", "LazardOthelloDriver", "cell_of", "decode_board", "square_of"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from games.lazard_othello import driver

        return getattr(driver, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
