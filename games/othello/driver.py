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
from dataclasses import dataclass, field, replace
from typing import Any, Callable

from games.othello.referee import FULL, Disc, IllegalMove, Position, name
from games.schema import Field

__all__ = ["Disc", "IllegalMove", "MachineDisagrees", "MoveRecord", "OthelloDriver", "SliceCallback", "read_position"]

MAX_TURNS = 200
"""More turns than any game of Othello has (60 moves and the passes between them)."""

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

    def copy(self) -> MoveRecord:
        """A record of its own (its lists not shared)."""
        return replace(self, flipped=list(self.flipped), keys=list(self.keys), displays=list(self.displays))

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MoveRecord:
        return cls.read(Field(data, "move"))

    @classmethod
    def read(cls, f: Field) -> MoveRecord:
        """A record from a save, every field checked (``BadField`` names the one that is not)."""
        return cls(
            player=f["player"].enum_name(Disc),
            square=f["square"].optional_int(0, 63),
            by_machine=f["by_machine"].bool(),
            machine_notation=f["machine_notation"].str(40),
            flipped=f.get("flipped", []).each(lambda sq: sq.int(0, 63), max_len=64),
            keys=f.get("keys", []).each(lambda k: k.str(40), max_len=100),
            displays=f.get("displays", []).each(lambda d: d.str(1000), max_len=2000),
            machine_steps=f.get("machine_steps", 0).int(0, 10**9),
        )


def read_position(black: Field, white: Field, to_move: Field) -> Position:
    """A position from a save: two 64-bit masks with no square in both, and the side to move."""
    b, w = black.int(0, FULL), white.int(0, FULL)
    if b & w:
        white.refuse("has discs on squares black holds too")
    return Position(b, w, to_move.enum_name(Disc))


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

    def plays_own_program(self) -> bool:
        """The machine holds the program this driver was made with (not a variant's from a save)."""
        return True

    def read_snapshot(self, f: Field) -> None:
        """Return to a saved state, every field checked first (``BadField`` names a bad one).
        A driver that knows its snapshot's fields says so; this one lets ``restore`` judge."""
        with f.reading("snapshot"):
            self.restore(f.table())

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
