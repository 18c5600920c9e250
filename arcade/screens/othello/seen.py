"""``SeenGame``: an Othello game as its screen sees it -- the table's last picture.

The game runs in the machine host (``games/othello/table.py``); every answer brings a new
``OthelloPicture``.  The screen reads the game only from here: the view to draw, whether
undo and redo can be offered, the save.  Before the first picture (the launch's first
frame, the machine still being built) it shows the initial board and no game.  A picture
leaves out the save and the listing when they are as in the last answer's (its ``same``):
they are kept here from the answers that brought them.  The save is the table's JSON text.
"""

from __future__ import annotations

from typing import Any

from arcade.storage.saves import StateText
from games.othello.referee import Disc, Position
from games.othello.session import OthelloView, Phase
from games.othello.table import KEPT, OthelloPicture


def initial_view() -> OthelloView:
    pos = Position.initial()
    return OthelloView(phase=Phase.NEW, machine_color=Disc.WHITE, cells=tuple(pos.at(sq) for sq in range(64)),
                       to_move=pos.to_move, score=pos.score(), legal=frozenset(), last=None, flipped=frozenset(),
                       history=(), display="")


class SeenGame:
    """The last picture of the game, and the person's move shown while the machine records it."""

    def __init__(self) -> None:
        self.picture: OthelloPicture | None = None
        self.pending: OthelloView | None = None  # the person's move, shown at once (``MovePending``)
        self._initial = initial_view()
        self._answered: dict[str, Any] = {"save": None, "listing": ()}
        """The ``KEPT`` fields as the last answer's picture that held them gave them (the table's reference)."""

    def take(self, picture: OthelloPicture, *, answer: bool = True) -> None:
        """The table's picture: an answer's (``answer``), or one told before the end (``PersonMoved``)."""
        self.picture, self.pending = picture, None
        if answer:
            for name in KEPT:
                if name not in picture.same:
                    self._answered[name] = getattr(picture, name)

    def _kept(self, name: str) -> Any:
        """A ``KEPT`` field of the picture, or of the last answer's if this one left it out."""
        assert self.picture is not None
        return self._answered[name] if name in self.picture.same else getattr(self.picture, name)

    def view(self) -> OthelloView:
        if self.pending is not None:
            return self.pending
        return self.picture.view if self.picture is not None else self._initial

    @property
    def started(self) -> bool:
        return self.picture is not None and self.picture.started

    @property
    def can_undo(self) -> bool:
        return self.picture is not None and self.picture.can_undo

    @property
    def can_redo(self) -> bool:
        return self.picture is not None and self.picture.can_redo

    @property
    def listing(self) -> tuple[tuple[int, str, str], ...]:
        return self._kept("listing") if self.picture is not None else ()

    @property
    def variant(self) -> str | None:
        return self.picture.variant if self.picture is not None else None

    @property
    def settings(self) -> dict[str, Any]:
        """The player's choices the game's save held (read when a save is resumed)."""
        return dict(self.picture.settings) if self.picture is not None else {}

    def human_moves(self) -> int:
        return self.picture.human_moves if self.picture is not None else 0

    def summary(self) -> str:
        return self.picture.summary if self.picture is not None else "no game yet"

    def legal(self, square: int | None) -> bool:
        """Whether the person may play ``square`` now (None: pass), as the picture shows it; the
        referee's reason for any other square is the table's to say (``check_play``)."""
        view = self.view()
        return view.person_to_move and (square in view.legal if square is not None else view.must_pass)

    def to_save(self, settings: dict[str, Any]) -> StateText | None:
        """The save with the screen's choices in it (None: no game, or a finished one): the table's
        JSON text, written as it is."""
        save = self._kept("save") if self.picture is not None else None
        if save is None:
            return None
        return StateText(save).with_member("settings", dict(settings))
