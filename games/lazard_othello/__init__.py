"""Lazard's Othello: a Locomotive BASIC program (``othello.bas``) on the emulated CPC 6128.

The listing published in Jeux & Stratégie n°35 (1985) is lost; ``othello.bas`` is a
reconstruction written here that follows the method the article describes.
"""

from __future__ import annotations

from games.lazard_othello.driver import LISTING, LazardOthelloDriver, cell_of, decode_board, square_of

__all__ = ["LISTING", "LazardOthelloDriver", "cell_of", "decode_board", "square_of"]
