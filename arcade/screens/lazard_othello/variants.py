"""Lazard Othello's side of the workshop: which program plays, the original or a variant.

The player changes the program in the CPC room and saves it by name (``SAVE
"betonner"``); a new game then offers the variants on the room's disc by name.
The variant starts on a session of its own at the host's table, so a variant that does
not start the game leaves the game in progress as it was.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Button, Static

from arcade.screens.arcade_app import start_game
from arcade.screens.othello.screen import OthelloScreen
from arcade.widgets.dialogs import Question
from arcade.widgets.plain import plain
from games.othello.driver import MachineDisagrees

ROOM = "cpc-room"
"""The catalog id of the CPC room (``arcade/screens/room/cpc.py``)."""


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


class CpcWorkshop:
    """The Lazard Othello screen's workshop (a ``Workshop``): its listing in the CPC room, and the
    variants saved on the room's disc as the programs a new game may be played by."""

    def __init__(self, screen: OthelloScreen) -> None:
        self.screen = screen

    def open_room(self, variant: str | None) -> None:
        """The listing playing (the variant, or Lazard's) in the CPC room; F10 there comes back."""
        app = self.screen.app
        if not start_game(app, ROOM):
            return
        open_listing = getattr(app.screen, "open_listing", None)
        if callable(open_listing):
            open_listing((variant or "othello").lower(), back_to=self.screen.GAME_ID)

    def offer_programs(self) -> None:
        """With variants saved in the CPC room, first ask which program plays; then the side."""
        from arcade.screens.room.cpc_disc import disc_dir

        screen = self.screen
        disc = disc_dir()
        try:
            programs = any(p.suffix.upper() == ".BAS" for p in disc.iterdir())
        except OSError:
            programs = False  # no disc folder (or unreadable: ``variants`` would find none either)
        if not programs:
            screen.choose_side()  # no program on the disc: no question, no import of the variants' CPC
            return
        from games.workshop.variants import variants

        found = variants(disc)
        if not found:
            screen.choose_side()
            return

        def picked(answer: str | None) -> None:
            if answer is None:
                return
            variant = found[int(answer) - 1] if answer != "0" else None
            screen.choose_side(lambda machine_color: screen.turns.start_program(variant, machine_color))

        screen.app.push_screen(ProgramDialog([v.name for v in found], variant_doubts(found)), picked)

    def broke(self, variant: str, error: MachineDisagrees) -> str:
        from games.workshop.variants import broke

        return broke(variant, error)
