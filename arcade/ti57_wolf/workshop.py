"""Wolf and lambs' side of the workshop: ``W`` opens the program in the TI-57 room; a new
game asks which program plays when the notebook holds listings; a variant's game is saved
with its name and resumed with its program."""

from __future__ import annotations

from typing import Any

from arcade.room.ti57_workshop import TI57Workshop
from games.session import Seat, SaveUnreadable
from games.ti57_wolf.referee import Side
from games.ti57_wolf.session import WolfSession


class WolfWorkshop(TI57Workshop):
    """Mixed into ``TI57WolfScreen`` (first base)."""

    GAME_INDEX = 1
    WORKSHOP_PREFIX = "wolf"
    _chosen: tuple[str | None, Any] | None = None

    def _new_session(self, seats: dict[Side, Seat]) -> WolfSession:
        if self.program is None:
            return super()._new_session(seats)  # type: ignore[misc]
        return WolfSession(self.coin(), referee=not self.purist, seats=seats,  # type: ignore[attr-defined]
                           program=self.program, **self._session_args)  # type: ignore[attr-defined]

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
            self.say(f"{self.message} {self.program_text().capitalize()} plays.")  # type: ignore[attr-defined]

    def redraw(self, view: Any = None, *, in_two: bool = False) -> None:
        super().redraw(view, in_two=in_two)  # type: ignore[misc]
        self.titled()

    def resume(self, state: dict[str, Any]) -> bool:
        name, program = self.saved_variant(state)
        if name is not None and program is None:
            self.resume_failed(SaveUnreadable(f"the variant {name} it was played with is not in the notebook"))  # type: ignore[attr-defined]
            return False
        args = self._session_args  # type: ignore[attr-defined]
        self._session_args = {**args, "program": program} if program is not None else args
        try:
            ok = super().resume(state)  # type: ignore[misc]
        finally:
            self._session_args = args
        if ok:
            self.use_program(name, program)
            self.redraw()
        return ok
