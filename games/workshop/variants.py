"""The player's variants of a game's program: listings saved by name on the room's disc.

A variant is a ``NAME.BAS`` file the player wrote with ``SAVE "name"`` in the CPC
room.  The game plays it as it plays the original, through the keyboard and refereed
(``LazardOthelloDriver(listing)``); a variant that breaks the game's protocol is
reported by name, saying what it did (``VariantBroke``), and the game in progress is
left as it was: the variant is first started on a driver of its own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from games.lazard_othello.driver import LazardOthelloDriver
from games.othello.driver import MachineDisagrees
from games.othello.referee import Disc
from games.othello.session import OthelloSession
from games.session import Refused
from machines.cpc.ready import DISC_FILE_BYTES
from machines.files import files_in, read_file

__all__ = ["ORIGINAL", "Variant", "VariantBroke", "VariantUnreadable", "variants", "read_listing",
           "start_variant"]

ORIGINAL = "OTHELLO"
"""The game's own listing on the disc (put there by the room): not a variant."""

_LINE = re.compile(r"\s*(\d{1,5}) ?(.*)$")


class VariantUnreadable(Refused):
    """A variant's file cannot be read as a listing; nothing was changed."""


class VariantBroke(Refused):
    """A variant broke the game's protocol; the message names the variant and what it did."""


@dataclass(frozen=True)
class Variant:
    """A listing on the disc, by the name the player saved it under."""

    name: str  # BETONNER
    path: Path


def variants(disc: Path) -> list[Variant]:
    """The ``.BAS`` files on the disc other than the game's own, by name (regular files only,
    never a link out of the disc: ``machines.files.files_in``)."""
    return [Variant(p.stem.upper(), p) for p in files_in(disc, (".bas",)) if p.stem.upper() != ORIGINAL]


def read_listing(variant: Variant) -> str:
    """The variant's listing as the driver takes it (``n text`` lines), or ``VariantUnreadable``
    saying why: a file that cannot be read, that is not text, or has a line without a number; what
    is not a disc file (a FIFO, a device, a link out of the disc, longer than the disc) is not read."""
    try:
        data = read_file(variant.path, DISC_FILE_BYTES, folder=variant.path.parent)
    except OSError as exc:
        raise VariantUnreadable(f"The variant {variant.name} cannot be read: {exc.strerror or exc}.") from exc
    if b"\x00" in data:
        raise VariantUnreadable(f"The variant {variant.name} is not a listing (binary data in {variant.path.name}).")
    text = data.decode("latin-1").replace("\r\n", "\n").replace("\r", "\n")
    lines: list[str] = []
    for number, raw in enumerate(text.split("\n"), start=1):
        if not raw.strip():
            continue
        m = _LINE.match(raw)
        if not m or not 1 <= int(m.group(1)) <= 65535:
            raise VariantUnreadable(
                f"The variant {variant.name} is damaged: line {number} of {variant.path.name} has no line number "
                f"({raw.strip()[:30]!r})."
            )
        lines.append(f"{int(m.group(1))} {m.group(2)}")
    if not lines:
        raise VariantUnreadable(f"The variant {variant.name} is empty.")
    return "\n".join(lines) + "\n"


def doubt(variant: Variant) -> str | None:
    """Why a variant on the disc cannot play, seen without running it (None: it may; whether it
    does is said when it is tried, ``start_variant``): a listing that does not read, or that
    has no INPUT, never asks for the sides or a move."""
    try:
        listing = read_listing(variant)
    except VariantUnreadable:
        return "unreadable"  # the reason is said in full when it is tried
    if not re.search(r"\bINPUT\b", listing.upper()):
        return "no INPUT, cannot play"
    return None


def variant_factory(listing: str) -> Callable[[], LazardOthelloDriver]:
    """Drivers for the game playing ``listing``."""
    return lambda: LazardOthelloDriver(listing)


def start_variant(variant: Variant, machine_color: Disc) -> OthelloSession:
    """A new game played by the variant, on a session of its own (the game in progress is not
    touched); ``VariantBroke`` if the variant does not start the game as the original does."""
    listing = read_listing(variant)
    session = OthelloSession(variant_factory(listing))
    try:
        session.start(machine_color)
    except MachineDisagrees as exc:
        raise VariantBroke(broke(variant.name, exc)) from exc
    session.settings["variant"] = variant.name
    return session


def broke(name: str, error: BaseException) -> str:
    """``The variant BETONNER broke the game: the program played an illegal move ...``"""
    return f"The variant {name} broke the game: {error}. The game is as it was."
