"""The TI-57 room: the calculator on its own, LRN mode, running and pausing."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual.binding import Binding

from arcade.screens.room.calculator import CalculatorRoom
from arcade.storage.saves import data_dir
from arcade.widgets.dialogs import NamedFileDialog
from games.workshop.ti57_room import GAME_LISTINGS, HUNG, KEYBOARD
from games.workshop.ti57_variants import NOTEBOOK_FOLDER, variants

_KEYMAP = {str(d): str(d) for d in range(10)} | {
    ".": ".", "full_stop": ".", "+": "+", "plus": "+", "-": "-", "minus": "-", "*": "*", "asterisk": "*",
    "/": "/", "slash": "/", "=": "=", "equals_sign": "=", "enter": "=", "(": "(", "left_parenthesis": "(",
    ")": ")", "right_parenthesis": ")", "^": "y^x", "circumflex_accent": "y^x",
    "f": "2nd", "i": "INV", "l": "LRN", "right": "SST", "left": "BST", "s": "STO", "r": "RCL",
    "m": "SUM", "t": "GTO", "b": "SBR", "space": "R/S", "z": "RST", "e": "EE", "backspace": "CE",
    "c": "CLR", "n": "+/-", "x": "x<>t", "p": "Pause", "g": "Lbl", "insert": "Ins", "delete": "Del",
}


def notebook_dir() -> Path:
    """The arcade's notebook for the TI-57 (it had no card reader): ``ti57-notebook`` in the data folder."""
    return data_dir() / NOTEBOOK_FOLDER


class NotebookDialog(NamedFileDialog):
    """The arcade's notebook (not the machine's: the TI-57 had no card reader): a name, then
    key the listing written under it in, or copy the keyed program out under it."""

    BINDINGS = [Binding("escape", "dismiss_none", "Cancel", id="notebook.cancel")]
    TITLE_TEXT = "The arcade's notebook (the TI-57 had no card reader). Listings"
    PLACEHOLDER = "listing name (letters, digits, space - _ .)"
    ACTIONS = [("load", "Key it in (enter)"), ("save", "Copy the program out")]

class TI57RoomScreen(CalculatorRoom):
    """A TI-57 on the workbench."""

    GAME_ID = "ti57-room"
    KEYMAP: ClassVar[dict[str, str]] = _KEYMAP
    KEYBOARD = KEYBOARD
    LISTINGS = GAME_LISTINGS
    PREFIX_KEYS = frozenset({"2nd", "INV", "STO", "RCL", "SUM", "GTO", "SBR"})
    SHIFTS = ("2nd",)
    HINT = ("digits . + - * /", "= ( ) ^", "f 2nd", "i INV", "l LRN", "→ SST", "← BST", "ins Ins", "del Del",
            "s STO", "r RCL", "m SUM", "t GTO", "b SBR", "g Lbl", "p Pause", "z RST", "space R/S", "e EE",
            "n +/-", "x x⇌t", "⌫ CE", "c CLR", "o off/on", "k notebook", "^o game listing")
    BINDINGS = [
        Binding("o", "switch_off_on", "Off/on", id="ti57room.off-on"),
        Binding("k", "notebook", "Notebook", id="ti57room.notebook"),
    ]

    def switch_line(self, view: Any) -> Text:
        if view.hung:
            return Text.assemble(("HUNG", "bold reverse"), f" no key is read ({self.off_on_key}: off and on)")
        if view.mode == "LRN":
            return Text.assemble(("LRN", "bold reverse"), " keys are stored at the step shown")
        return Text.assemble(("RUN", "bold"), " keys act (l: LRN)")

    def __init__(self) -> None:
        super().__init__(notebook_dir())
        self.sub_title = "TI-57 machine room"

    @property
    def off_on_key(self) -> str:
        """The key that switches the TI-57 off and on, as the player's keymap has it."""
        for active in self.active_bindings.values():
            if active.binding.id == "ti57room.off-on":
                return self.app.get_key_display(active.binding)
        return "o"

    def state_text(self, view: Any) -> Text:
        if view.hung:  # the room's sentence, with the key that gets out of it
            view = replace(view, message=f"{HUNG} with {self.off_on_key}.")
        return super().state_text(view)

    def action_switch_off_on(self) -> None:
        """Off and on, as the real switch: a fresh TI-57, a program running or a hang ended, nothing kept."""
        self.table.stop()  # a program running stops first: the host runs one request at a time
        self.table.ask("power", "switch_off_on")

    def open_program(self, variant: str | None, back_to: str | None = None, game: int = 0) -> None:
        """A game's program to change: a variant from the notebook, or Deconchat's listing
        (``game``: 0 the duel, 1 the wolf); Esc or F10 go back to the game."""
        self.table.stop()  # a program running stops first: the host runs one request at a time
        self.back_to = back_to
        self.table.ask("open", "open_program", variant, game,
                       "; change it in LRN (l), copy it into the notebook (k), Esc: back to the game")

    def action_notebook(self) -> None:
        def act(what: str, name: str) -> tuple[object, ...]:
            return ("save_to_notebook", name) if what == "save" else ("load_from_notebook", name)

        self.ask_named_file(lambda: NotebookDialog([v.name for v in variants(notebook_dir())]), act)
