"""Lazard Othello's side of the workshop: which program plays, the original or a variant.

The player changes the program in the CPC room and saves it by name (``SAVE
"betonner"``); a new game then offers the variants on the room's disc by name.
The variant starts on a session of its own in the worker, so a variant that does not
start the game leaves the game in progress as it was.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Button, Static

from arcade.widgets.dialogs import Question
from arcade.widgets.plain import plain


class ProgramDialog(Question):
    """New game: Lazard's program, or one of the variants saved in the CPC room (0-9)."""

    FIRST_OF_A_GAME = True

    DEFAULT_CSS = """
    ProgramDialog #programs { height: auto; align-horizontal: center; }
    ProgramDialog Button { width: 56; margin: 0; }
    """

    BINDINGS = [Binding(str(i), f"pick({i})", f"Program {i}", show=False, id=f"newgame.program-{i}") for i in range(10)]

    def __init__(self, names: list[str], doubts: dict[str, str] | None = None) -> None:
        """``doubts``: a variant's name -> why it cannot play, written beside it (it stays on offer:
        trying it says what it does)."""
        super().__init__("New game: which program plays on the CPC? Lazard's own, or a variant saved in the CPC room.")
        marks = doubts or {}
        self.ANSWERS = [("0", "Lazard's program (0)")] + [
            (str(i), f"Variant {n} ({i})" + (f" - {marks[n]}" if n in marks else "")) for i, n in enumerate(names[:9], 1)]

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(plain(self.question), id="question")
            with Vertical(id="programs"):
                for value, label in self.ANSWERS:  # a variant's name is a file's: plain text
                    yield Button(plain(label), id=f"answer-{value}", variant="primary", compact=True)

    def action_pick(self, index: int) -> None:
        if index < len(self.ANSWERS):
            self.dismiss(str(index))


def variant_doubts(found: list[Any]) -> dict[str, str]:
    """Each variant on offer that cannot play, and why (``games.workshop.variants.doubt``)."""
    from games.workshop.variants import doubt

    return {variant.name: said for variant in found if (said := doubt(variant)) is not None}
