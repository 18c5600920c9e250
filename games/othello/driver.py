"""What every Othello driver offers, whatever machine runs the program.

The HP-67 driver and the Lazard (Amstrad CPC) driver both implement
``OthelloDriver``; the arcade's Othello screens and the machine-against-machine
match speak only this interface, so they never know which machine is behind it.

A driver reaches its machine only through keys (and reads its memory to decode
the board).  The referee checks every human move *before* a key is pressed, and
checks the machine's board after every move; a disagreement raises
``MachineDisagrees`` rather than being papered over.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Callable

from games.othello.referee import Disc, IllegalMove, Position, name

__all__ = ["Disc", "IllegalMove", "MachineDisagrees", "MoveRecord", "OthelloDriver", "SliceCallback"]

SliceCallback = Callable[[int], bool]
"""Called between slices of a machine's run with the steps (or statements) run so far
for this move; return False to stop the machine (the driver then restores the state it
had before the move and raises ``MoveCancelled``)."""


class MachineDisagrees(RuntimeError):
    """The board decoded from the machine differs from the referee's: a bug, never hidden."""


class MoveCancelled(RuntimeError):
    """The machine's move was stopped from a ``SliceCallback``; the driver is as before the move."""


@dataclass
class MoveRecord:
    """One turn, as the history panel, the save file and the match table show it."""

    player: Disc
    square: int | None  # None: a pass
    by_machine: bool
    machine_notation: str  # the program's own notation, e.g. '4.3' (HP-67) or 'C3' (Lazard)
    flipped: list[int] = field(default_factory=list)
    keys: list[str] = field(default_factory=list)  # keys pressed on the machine for this turn
    displays: list[str] = field(default_factory=list)  # what the machine showed, in order
    machine_steps: int = 0  # program steps (or BASIC statements) the machine ran for it

    @property
    def standard_notation(self) -> str:
        return name(self.square)

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player.name,
            "square": self.square,
            "by_machine": self.by_machine,
            "machine_notation": self.machine_notation,
            "flipped": list(self.flipped),
            "keys": list(self.keys),
            "displays": list(self.displays),
            "machine_steps": self.machine_steps,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MoveRecord:
        return cls(
            player=Disc[data["player"]],
            square=data["square"],
            by_machine=data["by_machine"],
            machine_notation=data["machine_notation"],
            flipped=list(data.get("flipped", [])),
            keys=list(data.get("keys", [])),
            displays=list(data.get("displays", [])),
            machine_steps=int(data.get("machine_steps", 0)),
        )


class OthelloDriver(ABC):
    """A game of Othello between a human (or another driver) and a program on a machine.

    Subclasses set ``machine_name``, ``title`` and implement the abstract methods.
    ``position`` is always the referee's position, ``history`` every turn so far.
    """

    machine_name: str = ""
    title: str = ""

    def __init__(self) -> None:
        self.machine_color: Disc = Disc.WHITE
        self.position: Position = Position.initial()
        self.history: list[MoveRecord] = []

    # -- game flow -------------------------------------------------------------------

    @abstractmethod
    def new_game(self, machine_color: Disc) -> None:
        """Reset the machine through its keys and start a game with the machine playing ``machine_color``."""

    @abstractmethod
    def human_move(self, square: int | None, on_slice: SliceCallback | None = None, slice_steps: int = 2000) -> MoveRecord:
        """Play the human's move (None: pass) after the referee accepts it.

        Raises IllegalMove with a message for the player, and then nothing has changed:
        no key has been pressed.  After the keys, the machine runs its program to record
        the move (turning the discs over) in slices, like ``machine_move``, so a UI can
        pace it at the real machine's speed; then the machine's board is checked.
        """

    @abstractmethod
    def machine_move(self, on_slice: SliceCallback | None = None, slice_steps: int = 2000) -> MoveRecord:
        """Let the machine play its move (or pass), checked by the referee.

        Runs the machine in slices of ``slice_steps`` so a caller (a UI worker) can show
        progress, pace the machine at its real speed, or stop it.
        """

    @property
    @abstractmethod
    def display(self) -> str:
        """What the machine shows now (the calculator's LED text, the CPC's last line...)."""

    @abstractmethod
    def snapshot(self) -> dict[str, Any]:
        """The whole state (machine snapshot included) as JSON-able data."""

    @abstractmethod
    def restore(self, state: dict[str, Any]) -> None:
        """Return to a state produced by ``snapshot``."""

    # -- derived -------------------------------------------------------------------

    @property
    def human_color(self) -> Disc:
        return self.machine_color.opponent

    @property
    def is_over(self) -> bool:
        return self.position.is_over

    @property
    def machine_to_move(self) -> bool:
        return not self.is_over and self.position.to_move is self.machine_color

    @property
    def human_to_move(self) -> bool:
        return not self.is_over and self.position.to_move is self.human_color

    @property
    def last_move(self) -> MoveRecord | None:
        return self.history[-1] if self.history else None

    def check_human_move(self, square: int | None) -> None:
        """Raise IllegalMove unless the human may play ``square`` now (None: pass)."""
        if self.is_over:
            raise IllegalMove("the game is over")
        if not self.human_to_move:
            raise IllegalMove("it is the machine's turn")
        self.position.play(square)  # raises IllegalMove with the reason

    def check_board(self, decoded: Position) -> None:
        """Compare the board read from the machine with the referee's."""
        if (decoded.black, decoded.white) != (self.position.black, self.position.white):
            raise MachineDisagrees(
                "the machine's board differs from the referee's:\n"
                + "\n".join(f"{m}   {r}" for m, r in zip(decoded.rows(), self.position.rows()))
            )
