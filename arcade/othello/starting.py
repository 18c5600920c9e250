"""``StartingSession``: what an Othello screen holds until its real session arrives.

Building an ``OthelloSession`` builds its machine (an HP-67 with its program loaded, a
CPC with BASIC): too slow for the launch's first frame.  The screen starts with this
stand-in -- the initial board, no game, every request refused with a clear word -- and
the first job (a new game or a resumed save) builds the real session in the worker.
"""

from __future__ import annotations

from typing import Any

from games.othello.referee import Disc, Position
from games.othello.session import OthelloView, Phase
from games.session import Refused


class StartingSession:
    """No machine yet: the initial board to draw, and a refusal for anything else."""

    built = False
    listing: list[tuple[int, str, str]] = []

    def __init__(self, machine: str) -> None:
        self.machine = machine
        self.settings: dict[str, Any] = {}
        pos = Position.initial()
        self._view = OthelloView(
            phase=Phase.NEW, machine_color=Disc.WHITE, cells=tuple(pos.at(sq) for sq in range(64)),
            to_move=pos.to_move, score=pos.score(), legal=frozenset(), last=None, flipped=frozenset(),
            history=(), display="")

    def view(self) -> OthelloView:
        return self._view

    def refusal(self) -> Refused:
        return Refused(f"Starting the {self.machine}... (choose its side first)")

    def check_play(self, square: int | None) -> None:
        raise self.refusal()

    def typing(self, *args: Any) -> Any:
        raise self.refusal()

    can_undo = False
    can_redo = False

    def show_pending(self, square: int | None) -> None:
        raise self.refusal()

    def clear_pending(self) -> None:
        """Nothing is pending on a session not yet built."""

    def summary(self) -> str:
        return "no game yet"

    def to_save(self) -> None:
        """Nothing to save before a game (``save_ready`` is False until then anyway)."""
        return None
