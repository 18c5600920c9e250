"""``SeenDuel``: the blind duel as its screen sees it -- the table's last picture for the viewer on screen.

The duel runs in the machine host (``games/ti57_duel/table.py``); every answer brings a
``DuelPicture`` made for the viewer the request named, from ``session.view(viewer)`` alone.
The screen reads the duel only from here, so nothing of the player who is not looking can
reach it: it is not in the picture.  Before the first picture (the launch's first frame, the
host still starting) it shows the move-limit page of a new duel.
"""

from __future__ import annotations

from typing import Any

from games.session import Seat
from games.ti57_duel import DuelStatus
from games.ti57_duel.session import DEFAULT_EXTENSION, DEFAULT_LIMIT, DuelView, Phase
from games.ti57_duel.table import DuelPicture


def initial_view() -> DuelView:
    """A new duel's move-limit page (what the table's first picture will show)."""
    return DuelView(viewer=None, phase=Phase.LIMIT, seats=(Seat(), Seat()), limit=DEFAULT_LIMIT,
                    extension=DEFAULT_EXTENSION, setup_player=1, handoff_to=None, undo_for=None, news="",
                    locked=False, moves_left=None, moves_played=0, to_move=None, status=DuelStatus.NOT_STARTED,
                    winner=None)


class SeenDuel:
    """The last picture of the duel (for the viewer it was asked for)."""

    def __init__(self) -> None:
        self.picture: DuelPicture | None = None
        self._initial = initial_view()

    @property
    def view(self) -> DuelView:
        return self.picture.view if self.picture is not None else self._initial

    @property
    def phase(self) -> Phase:
        return self.view.phase

    @property
    def looks(self) -> int | None:
        """Whose private view the session would show now (None: the public one)."""
        return self.picture.looks if self.picture is not None else None

    @property
    def hot_seat(self) -> bool:
        return self.picture.hot_seat if self.picture is not None else True

    @property
    def computer_to_act(self) -> bool:
        return self.picture is not None and self.picture.computer_to_act

    @property
    def pin_needed(self) -> bool:
        return self.picture is not None and self.picture.pin_needed

    @property
    def started(self) -> bool:
        return self.phase is not Phase.LIMIT

    @property
    def variant(self) -> str | None:
        return self.picture.variant if self.picture is not None else None

    def refusal(self, direction: int) -> str | None:
        """Why the viewer may not go ``direction`` (None: they may), as the referee says it."""
        refusals = self.picture.refusals if self.picture is not None else None
        return (refusals or {}).get(direction)

    def summary(self) -> str:
        return self.picture.summary if self.picture is not None else "no duel yet"

    def to_save(self) -> dict[str, Any] | None:
        """The sealed save the host made (None: nothing to keep)."""
        if self.picture is None or self.picture.save is None:
            return None
        return dict(self.picture.save)
