"""The player's variants of Verniajou's HP-67 Othello: program cards written in the room.

Verniajou invites the reader to write his own evaluation ("il reste une flopée de pas
de programme disponible").  A variant is a program card the player wrote in the HP-67
room (``hp67-cards/NAME.txt``).  The game plays it exactly as it plays the original,
through the keys and refereed (``HP67OthelloDriver(program)``); a variant is first
started on a session of its own, so one that breaks the game's protocol (no LBL A, no
192.0 after E, an illegal move, no answer) is reported by name, saying what it did,
and the game in progress is left as it was.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from games.hp67_othello.driver import HP67OthelloDriver
from games.othello.driver import MachineDisagrees
from games.othello.referee import Disc
from games.othello.session import OthelloSession
from games.session import Refused
from machines.files import files_in, read_head
from machines.hp67 import ListingError, Program, parse_listing
from machines.hp67.cards import DATA_CARD_HEADER, read_card

__all__ = ["Variant", "VariantBroke", "VariantUnreadable", "playable_variants", "read_program", "start_variant",
           "variants"]

CARDS_FOLDER = "hp67-cards"
"""The folder, in the arcade's data directory, where the HP-67 room keeps its cards."""


class VariantUnreadable(Refused):
    """A variant's card cannot be read as a program; nothing was changed."""


class VariantBroke(Refused):
    """A variant broke the game's protocol; the message names the variant and what it did."""


@dataclass(frozen=True)
class Variant:
    """A program card, by the name the player wrote it under."""

    name: str
    path: Path


def variants(cards_dir: Path) -> list[Variant]:
    """The program cards in the room's folder (data cards are not programs; a card that cannot be
    read is listed, and says why when it is chosen; only regular files: ``machines.files``)."""
    found = []
    for path in files_in(Path(cards_dir), (".txt",)):
        try:  # the first line tells a data card (a folder of many large cards is not read whole here)
            if read_head(path, len(DATA_CARD_HEADER), folder=Path(cards_dir)).startswith(DATA_CARD_HEADER[:17].encode()):
                continue
        except OSError:
            pass
        found.append(Variant(path.stem, path))
    return found


PRESSED_LABELS = ("A", "B", "E")
"""The labels the game's keys start (``HP67OthelloDriver``: E sets a game up, A and B take a move):
a card without one of them cannot play Othello, whatever else it holds."""


def playable_variants(cards_dir: Path) -> tuple[list[Variant], list[str]]:
    """The program cards that can play the game (they define every label its keys start), and a
    line for each left out, saying why ("test: no LBL A, B or E"): a two-line test card is not
    offered as an Othello program.  (A card that can play may still break the game: that is said
    when it is tried, ``start_variant``.)"""
    offered: list[Variant] = []
    left_out: list[str] = []
    for variant in variants(cards_dir):
        try:
            labels = {step.instruction.arg for step in read_program(variant).steps
                      if step.instruction.op == "label"}
        except VariantUnreadable as error:
            left_out.append(f"{variant.name}: {str(error).removeprefix(f'The variant {variant.name} ').rstrip('.')}")
            continue
        missing = [label for label in PRESSED_LABELS if label not in labels]
        if missing:
            left_out.append(f"{variant.name}: no LBL {', '.join(missing)}")
        else:
            offered.append(variant)
    return offered, left_out


def read_program(variant: Variant) -> Program:
    """The variant's program, or ``VariantUnreadable`` naming the card, the line and the problem."""
    try:
        return parse_listing(read_card(variant.path))
    except ListingError as exc:
        raise VariantUnreadable(f"The variant {variant.name} is damaged: {exc}.") from exc
    except OSError as exc:
        raise VariantUnreadable(f"The variant {variant.name} cannot be read: {exc.strerror or exc}.") from exc


def broke(name: str, error: BaseException) -> str:
    return f"The variant {name} broke the game: {error}. The game is as it was."


def start_variant(variant: Variant, machine_color: Disc) -> OthelloSession:
    """A new game played by the variant on a session of its own (run it in a worker: it runs the
    program); ``VariantBroke`` if the variant does not start the game as the original does."""
    program = read_program(variant)
    try:
        session = OthelloSession(lambda: HP67OthelloDriver(program))
        session.start(machine_color)
    except (MachineDisagrees, ValueError) as exc:
        raise VariantBroke(broke(variant.name, exc)) from exc
    session.settings["variant"] = variant.name
    return session
