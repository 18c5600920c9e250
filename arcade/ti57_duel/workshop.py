"""The blind duel's side of the workshop: ``W`` opens the program in the TI-57 room; a new
duel asks which program plays when the notebook holds listings.  The variant's name is all a
save adds (the TI-57 in it, and so the program, is sealed as before)."""

from __future__ import annotations

from typing import Any

from arcade.room.ti57_workshop import TI57Workshop
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

        if self.session.phase is Phase.OVER:  # type: ignore[attr-defined]
            self.choose_program(then)
            return
        ask = DiscardDialog("Start a new duel? The duel in progress will be lost.")
        self.app.push_screen(ask, lambda answer: self.choose_program(then) if answer == "new" else None)  # type: ignore[attr-defined]

    def action_confirm(self) -> None:
        if self.session.phase is Phase.LIMIT:  # type: ignore[attr-defined]
            self.session.program = self.program  # type: ignore[attr-defined]  # keyed in at start()
        super().action_confirm()  # type: ignore[misc]

    def sync(self, made: Any = None, *, in_two: bool = False) -> None:
        super().sync(made, in_two=in_two)  # type: ignore[misc]
        self.titled()

    def resume(self, state: dict[str, Any], pins: tuple[str, ...] = ()) -> bool:
        ok = super().resume(state, pins)  # type: ignore[misc]
        if ok and self.session.game is not None:  # type: ignore[attr-defined]
            self.use_program(*self.saved_variant(state))
            self.titled()  # no second sync: it would put up a second curtain
        return ok
