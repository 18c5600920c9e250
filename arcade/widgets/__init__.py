"""Widgets shared by the game screens. They render what a screen gives them and know no game rules."""

from arcade.widgets.board import BoardView, OthelloBoard, SquareClicked
from arcade.widgets.led import LedDisplay
from arcade.widgets.tape import PrinterTape

__all__ = ["BoardView", "LedDisplay", "OthelloBoard", "PrinterTape", "SquareClicked"]
