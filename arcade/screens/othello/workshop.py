"""A machine's workshop, as an Othello screen uses it: the program in the machine's room, and the
variants written there that a new game may be played by (``HP67Workshop``, ``CpcWorkshop``).

Verniajou invites it ("vous pouvez écrire votre propre fonction d'évaluation"), and Lazard's
listing is there to be changed: ``w`` opens the program playing in the machine's room; a
program written there is a variant, and a new game then asks which program plays.
"""

from __future__ import annotations

from typing import Protocol

from games.othello.driver import MachineDisagrees


class Variant(Protocol):
    """A program the player wrote in a machine's room (the host is sent it whole to play it)."""

    @property
    def name(self) -> str: ...


class Workshop(Protocol):
    """A machine's workshop as its Othello screen uses it (``HP67Workshop``, ``CpcWorkshop``): the
    program in the machine's room, and the variants written there that a new game may be played by."""

    def open_room(self, variant: str | None) -> None:
        """The program playing (``variant``, or the machine's own) opened in the machine's room."""

    def offer_programs(self) -> None:
        """A new game: which program plays, then which side (no variant: the side question alone)."""

    def broke(self, variant: str, error: MachineDisagrees) -> str:
        """What a variant did that the referee refused, in words."""
