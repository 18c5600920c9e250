"""Wolf and lambs' side of the workshop: ``W`` opens the program in the TI-57 room; a new
game asks which program plays when the notebook holds listings; a variant's game is saved
with its name and resumed with its program, sent to the table as its listing's text."""

from __future__ import annotations

from typing import Any

from arcade.screens.room.ti57_workshop import TI57Workshop
from games.session import Seat, SaveUnreadable
from games.ti57_wolf.referee import Side
from games.workshop.ti57_variants import listing_text


class WolfWorkshop(TI57Workshop):
    """Mixed into ``TI57WolfScreen`` (first base)."""

    GAME_INDEX = 1
    WORKSHOP_PREFIX = "wolf"
    _chosen: tuple[str | None, Any] | None = None
    _resuming: tuple[str | None, Any] = (None, None)

    def table_program(self) -> dict[str, Any]:
        """The variant playing, by its listing's text (the table parses it); {}: Deconchat's."""
        if self.program is None:
            return {}
        return {"listing": listing_text(self.program, self.variant or "your variant"), "variant": self.variant}

    def action_new_game(self) -> None:
        if self.paused:  # type: ignore[attr-defined]
            return

        def then(name: str | None, program: Any) -> None:
            self._chosen = (name, program)
            super(WolfWorkshop, self).action_new_game()  # type: ignore[misc]

        self.choose_program(then)

    def _start_new_game(self, seats: dict[Side, Seat] | None) -> None:
        chosen, self._chosen = self._chosen, None
        if seats is not None and chosen is not None:
            self.use_program(*chosen)
        super()._start_new_game(seats)  # type: ignore[misc]
        if seats is not None:
            self._new_words = f"{self._new_words} {self.program_text().capitalize()} plays."
            self.say(self._new_words)  # type: ignore[attr-defined]

    def redraw(self) -> None:
        super().redraw()  # type: ignore[misc]
        self.titled()

    def resume(self, state: dict[str, Any], **program: Any) -> bool:
        name, variant_program = self.saved_variant(state)
        if name is not None and variant_program is None:
            self.saves.resume_failed(SaveUnreadable(f"the variant {name} it was played with is not in the notebook"))  # type: ignore[attr-defined]
            return False
        self._resuming = (name, variant_program)
        listing = {"listing": listing_text(variant_program, name), "variant": name} if variant_program is not None else {}
        return bool(super().resume(state, **listing))  # type: ignore[misc]

    def _resumed(self) -> None:
        self.use_program(*self._resuming)
        super()._resumed()  # type: ignore[misc]
