"""The TI-57 room: the calculator on its own, LRN mode, running and pausing."""

from __future__ import annotations

from typing import ClassVar

from arcade.room.calculator import CalculatorRoom
from games.workshop.ti57_room import GAME_LISTINGS, KEYBOARD, TI57Room

_KEYMAP = {str(d): str(d) for d in range(10)} | {
    ".": ".", "full_stop": ".", "+": "+", "plus": "+", "-": "-", "minus": "-", "*": "*", "asterisk": "*",
    "/": "/", "slash": "/", "=": "=", "equals_sign": "=", "enter": "=", "(": "(", "left_parenthesis": "(",
    ")": ")", "right_parenthesis": ")", "^": "y^x", "circumflex_accent": "y^x",
    "f": "2nd", "i": "INV", "l": "LRN", "right": "SST", "left": "BST", "s": "STO", "r": "RCL",
    "m": "SUM", "t": "GTO", "b": "SBR", "space": "R/S", "z": "RST", "e": "EE", "backspace": "CE",
    "c": "CLR", "n": "+/-", "x": "x<>t", "p": "Pause", "g": "Lbl", "insert": "Ins", "delete": "Del",
}


class TI57RoomScreen(CalculatorRoom):
    """A TI-57 on the workbench."""

    GAME_ID = "ti57-room"
    KEYMAP: ClassVar[dict[str, str]] = _KEYMAP
    KEYBOARD = KEYBOARD
    LISTINGS = GAME_LISTINGS
    PREFIX_KEYS = frozenset({"2nd", "INV", "STO", "RCL", "SUM", "GTO", "SBR"})
    SHIFTS = ("2nd",)
    HINT = ("keys: digits . + - * / = ( ) ^; f 2nd; i INV; l LRN; → SST ← BST; ins Ins del Del; "
            "s STO r RCL m SUM t GTO b SBR g Lbl p Pause; z RST; space R/S; e EE n +/- x x⇌t; "
            "⌫ CE c CLR; ctrl+o a game's listing")

    def switch_line(self, view):  # type: ignore[no-untyped-def]
        from rich.text import Text

        if view.mode == "LRN":
            return Text.assemble(("LRN", "bold reverse"), " keys are stored at the step shown")
        return Text.assemble(("RUN", "bold"), " keys act (l: LRN)")

    def __init__(self) -> None:
        super().__init__(TI57Room())
        self.sub_title = "TI-57 machine room"
