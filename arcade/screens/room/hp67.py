"""The HP-67 room: the calculator on its own, its W/PRGM-RUN switch and card reader."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual.binding import Binding

from arcade.screens.room.calculator import CalculatorRoom
from arcade.storage.saves import data_dir
from arcade.widgets.dialogs import NamedFileDialog
from games.workshop.hp67_room import GAME_LISTINGS, KEYBOARD

_KEYMAP = {str(d): str(d) for d in range(10)} | {
    ".": ".", "full_stop": ".", "+": "+", "plus": "+", "-": "-", "minus": "-", "*": "×", "asterisk": "×",
    "/": "÷", "slash": "÷", "enter": "ENTER", "f": "f", "g": "g", "h": "h",
    **{c: c.upper() for c in "abcde"}, **{c: c for c in "ABCDE"},  # a or A: the key A (f A: its label a)
    "s": "STO", "r": "RCL", "t": "GTO", "p": "DSP", "i": "(i)", "n": "CHS", "x": "EEX",
    "backspace": "CLX", "right": "SST", "left": "h SST", "delete": "h CLX", "space": "R/S", "z": "Σ+",
}


KEY_LEGENDS = {"DSZ I": "DSZ", "ISZ I": "ISZ", "DSZ (i)": "DSZ(i)", "ISZ (i)": "ISZ(i)", "STO I": "ST I", "RCL I": "RC I"}
"""Short legends for the functions of STO and RCL, as HP's own quick reference writes them (ST I, RC I; DSZ
and ISZ always count I): the listings keep the long mnemonics, the drawn keys fit an 80-column terminal."""

DRAWN_KEYBOARD = tuple(
    tuple(replace(face, shifted=tuple(KEY_LEGENDS.get(name, name) for name in face.shifted)) for face in row)
    for row in KEYBOARD
)


def cards_dir() -> Path:
    """Where the room keeps its cards: ``hp67-cards`` in the arcade's data folder."""
    return data_dir() / "hp67-cards"


class CardDialog(NamedFileDialog):
    """The card reader: a card's name, then read it or write the program or the registers on it."""

    BINDINGS = [Binding("escape", "dismiss_none", "Cancel", id="cards.cancel")]
    TITLE_TEXT = "Card reader. Cards in the arcade's folder"
    PLACEHOLDER = "card name (letters, digits, - _ .)"
    ACTIONS = [("read", "Read (enter)"), ("program", "Write program"), ("data", "Write data")]

class HP67RoomScreen(CalculatorRoom):
    """An HP-67 on the workbench."""

    GAME_ID = "hp67-room"
    KEYMAP: ClassVar[dict[str, str]] = _KEYMAP
    KEYBOARD = DRAWN_KEYBOARD
    LISTINGS = GAME_LISTINGS
    PREFIX_KEYS = frozenset({"f", "g", "h", "STO", "RCL", "GTO", "DSP"})
    SHIFTS = ("f", "g", "h")
    HINT = ("digits . + - * /", "enter ENTER↑", "f g h", "A-E (a-e) A-E", "f A-E labels a-e", "s STO", "r RCL", "t GTO", "p DSP",
            "i (i)", "n CHS", "x EEX", "z Σ+", "⌫ CLX", "→ SST", "← BST", "del DEL", "space R/S", "w switch",
            "k cards", "^o game listing")
    BINDINGS = [
        Binding("w", "switch", "W/PRGM-RUN", id="hp67room.switch"),
        Binding("k", "cards", "Cards", id="hp67room.cards"),
    ]

    STOP_KEYS = "any key"
    CLEARS_PREFIX = True

    def __init__(self) -> None:
        super().__init__(cards_dir())
        self.sub_title = "HP-67 machine room"

    def open_program(self, card: str | None, back_to: str | None = None) -> None:
        """The game's program to change: a variant's card, or Verniajou's listing (None); Esc or F10 go back."""
        self.table.stop()  # a program running stops first: the host runs one request at a time
        self.back_to = back_to
        self.table.ask("open", "open_program", card, 0,
                       "; change it in W/PRGM (w), write it on a card (k), Esc: back to the game")

    def press(self, name: str) -> None:
        self.send_keys(name.split(" "))

    def stops_program(self, name: str) -> bool:
        return True  # any key stops a running HP-67

    def switch_line(self, view: Any) -> Text:
        run = view.mode == "RUN"
        return Text.assemble(
            ("W/PRGM ", "bold" if not run else "dim"), ("[■   ]" if not run else "[   ■]"), (" RUN", "bold" if run else "dim"),
        )

    def action_switch(self) -> None:
        self.table.ask("switch", "toggle_switch")

    def action_cards(self) -> None:
        def act(what: str, name: str) -> tuple[object, ...]:
            return ("read_card", name) if what == "read" else ("write_card", name, what)

        self.ask_named_file(lambda: CardDialog(list(self.card_names)), act)
