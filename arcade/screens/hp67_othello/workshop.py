"""HP-67 Othello's side of the workshop: change the program in the HP-67 room, play a variant.

Verniajou invites it ("vous pouvez écrire votre propre fonction d'évaluation").  ``w``
opens the program playing (the variant, or his listing) in the HP-67 room; a program card
written there is a variant, and a new game then asks which program plays.  The variant
starts on a session of its own in the worker (``games.workshop.hp67_variants``), so one
that breaks the protocol is named with what it did and the game in progress stays.
"""

from __future__ import annotations

from typing import Any

from textual.binding import Binding

from arcade.screens.othello.words import program_by
from arcade.storage.saves import data_dir
from arcade.widgets.dialogs import Question, SideDialog
from arcade.widgets.plain import visible
from games.othello.driver import MachineDisagrees
from games.othello.referee import Disc


class ProgramChoice(Question):
    """New game: Verniajou's program (0) or a variant written on a card in the HP-67 room (1-9)."""

    FIRST_OF_A_GAME = True

    BINDINGS = [Binding(str(i), f"answer('{i}')", f"Program {i}", show=False, id=f"hp67.program-{i}") for i in range(10)]

    def __init__(self, names: list[str], left_out: list[str] = ()) -> None:  # type: ignore[assignment]
        not_offered = f"\nNot offered, they cannot play: {'; '.join(left_out)}." if left_out else ""
        super().__init__("New game: which program plays on the HP-67? Verniajou's, or a card written in the "
                         f"HP-67 room.{not_offered}")
        self.ANSWERS = [("0", "Verniajou's (0)")] + [(str(i), f"{n} ({i})") for i, n in enumerate(names[:9], 1)]


class HP67Workshop:
    """Mixed into the HP-67 Othello screen (before ``OthelloScreen``)."""

    variant: str | None = None  # the name of the player's variant playing, if any

    def action_workshop(self) -> None:
        if self.busy:  # type: ignore[attr-defined]
            self.say(self.busy_text())  # type: ignore[attr-defined]
            return
        self.app.start_game("hp67-room")  # type: ignore[attr-defined]
        open_program = getattr(self.app.screen, "open_program", None)  # type: ignore[attr-defined]
        if callable(open_program):
            open_program(self.variant, back_to=self.GAME_ID)  # type: ignore[attr-defined]

    def action_new_game(self) -> None:
        # no card in the room's folder (arcade.screens.room.hp67.cards_dir): no question, and no import of
        # the room and its emulator on the event loop just after the launch's first frame
        if not any((data_dir() / "hp67-cards").glob("*.txt")):
            super().action_new_game()  # type: ignore[misc]
            return
        from arcade.screens.room.hp67 import cards_dir
        from games.workshop.hp67_variants import playable_variants

        def listed() -> None:  # the cards are files: looked at in a thread, never on the event loop
            found, left_out = playable_variants(cards_dir())  # a card that cannot play is not offered
            self.app.call_from_thread(self.offer_programs, found, left_out)  # type: ignore[attr-defined]

        self.run_worker(listed, thread=True, group="hp67-variants", exit_on_error=False)  # type: ignore[attr-defined]

    def offer_programs(self, found: list[Any], left_out: list[str]) -> None:
        """Which program plays the new game: Verniajou's or a card's (``found``: none, no question)."""
        if not found:
            super().action_new_game()  # type: ignore[misc]
            return

        def picked(answer: str | None) -> None:
            if answer is None or not answer.isdigit() or int(answer) > len(found):
                return
            variant = found[int(answer) - 1] if answer != "0" else None

            def chosen(side: str | None) -> None:
                if side in ("black", "white"):
                    self.start_program(variant, Disc.BLACK if side == "black" else Disc.WHITE)

            self.app.push_screen(SideDialog(self.SIDE_QUESTION), chosen)  # type: ignore[attr-defined]

        self.app.push_screen(ProgramChoice([v.name for v in found], left_out), picked)  # type: ignore[attr-defined]

    def start_program(self, variant: Any, machine_color: Disc) -> None:
        """A new game played by ``variant`` (None: Verniajou's) on a session of its own, at the host's table."""
        self.new_generation()  # type: ignore[attr-defined]
        self.saves.ready = True
        self._last_time = ""
        self._stopped_machine = False
        who = f"your variant {variant.name}" if variant is not None else "Verniajou's program"
        self.say(f"New game: {who} plays {self.side_name(machine_color)} on the HP-67.")  # type: ignore[attr-defined]
        if variant is None:
            self.run_request("program", "start", machine_color)  # type: ignore[attr-defined]
        else:
            self.run_request("program", "start_variant", variant, machine_color)  # type: ignore[attr-defined]

    def job_done(self, kind: str, result: Any) -> None:
        if kind == "program":
            self.variant = self.session.variant  # type: ignore[attr-defined]
            self.show_variant()
            kind = "new"
        super().job_done(kind, result)  # type: ignore[misc]

    def job_failed(self, kind: str, error: BaseException) -> None:
        super().job_failed(kind, error)  # type: ignore[misc]
        if self.variant is not None and isinstance(error, MachineDisagrees):
            from games.workshop.hp67_variants import broke

            self.say(broke(self.variant, error))  # type: ignore[attr-defined]

    def settings(self) -> dict[str, Any]:
        return {**super().settings(), "variant": self.variant}  # type: ignore[misc]

    def apply_settings(self, settings: dict[str, Any]) -> None:
        super().apply_settings(settings)  # type: ignore[misc]
        variant = settings.get("variant")
        self.variant = variant if isinstance(variant, str) else None
        self.show_variant()

    def show_variant(self) -> None:
        by = program_by(getattr(self.session.view(), "title", "") or "")  # type: ignore[attr-defined]
        self.sub_title = f"your variant {visible(self.variant)}" if self.variant else by  # the title names the HP-67
