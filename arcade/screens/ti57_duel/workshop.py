"""The blind duel's side of the workshop: ``W`` opens the program in the TI-57 room; a new
duel asks which program plays when the notebook holds listings.  The variant's listing goes to
the host's table with the duel's start; its name is all a save adds (the TI-57 in it, and so
the program, is sealed as before)."""

from __future__ import annotations

from typing import Any

from arcade.screens.room.ti57_workshop import TI57Workshop
from arcade.widgets.dialogs import DiscardDialog
from games.ti57_duel.session import Phase


class DuelWorkshop(TI57Workshop):
    """Mixed into ``TI57DuelScreen`` (first base)."""

    GAME_INDEX = 0
    WORKSHOP_PREFIX = "duel"

    def action_new_game(self) -> None:
        """A duel in progress is thrown away only once the players say so; then the program is chosen."""

        def then(name: str | None, program: Any) -> None:
            self.use_program(name, program)
            super(DuelWorkshop, self).action_new_game()  # type: ignore[misc]
            self.say(f"New duel: {self.program_text()} plays.")  # type: ignore[attr-defined]

        if self.seen.phase is Phase.OVER:  # type: ignore[attr-defined]
            self.choose_program(then)
            return
        ask = DiscardDialog("Start a new duel? The duel in progress will be lost.")
        self.app.push_screen(ask, lambda answer: self.choose_program(then) if answer == "new" else None)  # type: ignore[attr-defined]

    def start_listing(self) -> dict[str, Any]:
        """What the table's ``start`` needs of the program chosen: its listing's text and name (none: Deconchat's)."""
        if self.program is None:
            return {}
        from games.workshop.ti57_variants import listing_text

        name = self.variant or "your variant"
        return {"listing": listing_text(self.program, name), "variant": name}

    def sync(self) -> None:
        super().sync()  # type: ignore[misc]
        self.titled()

    def resume_done(self) -> None:
        state = self._resumed  # type: ignore[attr-defined]
        super().resume_done()  # type: ignore[misc]
        if state is not None:
            self.use_program(*self.saved_variant(state))  # the program for the next duel
