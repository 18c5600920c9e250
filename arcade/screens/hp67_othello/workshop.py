"""HP-67 Othello's side of the workshop: change the program in the HP-67 room, play a variant.

Verniajou invites it ("vous pouvez écrire votre propre fonction d'évaluation").  ``w``
opens the program playing (the variant, or his listing) in the HP-67 room; a program card
written there is a variant, and a new game then asks which program plays.  The variant
starts on a session of its own at the host's table (``games.workshop.hp67_variants``), so one
that breaks the protocol is named with what it did and the game in progress stays.
"""

from __future__ import annotations

from typing import Any, Sequence

from textual.binding import Binding

from arcade.screens.arcade_app import start_game
from arcade.screens.othello.screen import OthelloScreen
from arcade.storage.saves import data_dir
from arcade.widgets.dialogs import Question
from games.othello.driver import MachineDisagrees

ROOM = "hp67-room"
"""The catalog id of the HP-67 room (``arcade/screens/room/hp67.py``)."""


class ProgramChoice(Question):
    """New game: Verniajou's program (0) or a variant written on a card in the HP-67 room (1-9)."""

    FIRST_OF_A_GAME = True

    BINDINGS = [Binding(str(i), f"answer('{i}')", f"Program {i}", show=False, id=f"hp67.program-{i}") for i in range(10)]

    def __init__(self, names: list[str], left_out: Sequence[str] = ()) -> None:
        not_offered = f"\nNot offered, they cannot play: {'; '.join(left_out)}." if left_out else ""
        super().__init__("New game: which program plays on the HP-67? Verniajou's, or a card written in the "
                         f"HP-67 room.{not_offered}")
        self.ANSWERS = [("0", "Verniajou's (0)")] + [(str(i), f"{n} ({i})") for i, n in enumerate(names[:9], 1)]


class HP67Workshop:
    """The HP-67 Othello screen's workshop (a ``Workshop``): its program in the HP-67 room, and the
    cards written there as the programs a new game may be played by."""

    def __init__(self, screen: OthelloScreen) -> None:
        self.screen = screen

    def open_room(self, variant: str | None) -> None:
        """The program playing in the HP-67 room (F10 there comes back to the game)."""
        app = self.screen.app
        if not start_game(app, ROOM):
            return
        open_program = getattr(app.screen, "open_program", None)
        if callable(open_program):
            open_program(variant, back_to=self.screen.GAME_ID)

    def offer_programs(self) -> None:
        """Which program plays a new game: the cards are looked at in a thread, never on the event loop."""
        # no card in the room's folder (arcade.screens.room.hp67.cards_dir): no question, and no import of
        # the room and its emulator on the event loop just after the launch's first frame
        if not any((data_dir() / "hp67-cards").glob("*.txt")):
            self.screen.choose_side()
            return
        from arcade.screens.room.hp67 import cards_dir
        from games.workshop.hp67_variants import playable_variants

        def listed() -> None:
            found, left_out = playable_variants(cards_dir())  # a card that cannot play is not offered
            self.screen.app.call_from_thread(self._offer, found, left_out)

        self.screen.run_worker(listed, thread=True, group="hp67-variants", exit_on_error=False)

    def _offer(self, found: list[Any], left_out: list[str]) -> None:
        """Verniajou's program or a card's (``found``: none, no question), then the side."""
        screen = self.screen
        if not found:
            screen.choose_side()
            return

        def picked(answer: str | None) -> None:
            if answer is None or not answer.isdigit() or int(answer) > len(found):
                return
            variant = found[int(answer) - 1] if answer != "0" else None
            screen.choose_side(lambda machine_color: screen.turns.start_program(variant, machine_color))

        screen.app.push_screen(ProgramChoice([v.name for v in found], left_out), picked)

    def broke(self, variant: str, error: MachineDisagrees) -> str:
        from games.workshop.hp67_variants import broke

        return broke(variant, error)

