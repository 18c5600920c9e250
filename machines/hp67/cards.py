"""The card reader's cards as text files, in the listing format the games use.

A program card is a listing (``listing.parse_listing`` reads it back).  A data
card holds registers, one a line, name then value, ``#`` comments::

    # HP-67 data card
    0    192
    S3   -1.5
    A    2.000000001E-50

Reading either kind raises ``ListingError`` naming the line and the problem, and
then nothing on the machine has changed.  A card is read as ``machines.files`` reads
a file: only a regular file of at most ``CARD_BYTES``, never through a link out of its
folder (``FileRefused``, an ``OSError``, says why).  Cards are written atomically (a
temporary file renamed over the old one), so a card is never left half written, and
the card written over is kept as ``NAME.bak``.
"""

from __future__ import annotations

import os
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Sequence

from machines.files import read_file, write_file
from machines.hp67.isa import REGISTER_INDEX, REGISTER_NAMES
from machines.hp67.listing import ListingError, Program
from machines.hp67.numbers import MAX

PROGRAM_CARD_HEADER = "# HP-67 program card: step, mnemonic, HP-97 key code\n"
DATA_CARD_HEADER = "# HP-67 data card: register, value\n"

CARD_BYTES = 64 * 1024
"""The longest card read: ten times Verniajou's whole listing with its comments (6 KB for
224 steps); a magnetic card held 224 steps or 26 registers."""


def program_card_text(program: Program) -> str:
    return PROGRAM_CARD_HEADER + program.text()


def data_card_text(registers: Sequence[Decimal]) -> str:
    lines = [f"{name:<3} {value}" for name, value in zip(REGISTER_NAMES, registers)]
    return DATA_CARD_HEADER + "\n".join(lines) + "\n"


def _is_hp67_number(value: Decimal) -> bool:
    if not value.is_finite():
        return False
    if not value:
        return True
    return len(value.normalize().as_tuple().digits) <= 10 and -99 <= value.adjusted() and abs(value) <= MAX


def parse_data_card(text: str) -> dict[int, Decimal]:
    """Register index -> value for each line of a data card; ``ListingError`` on a bad line."""
    values: dict[int, Decimal] = {}
    for line_number, raw in enumerate(text.split("\n"), start=1):  # lines as an editor counts them
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        parts = line.split()
        if len(parts) != 2:
            raise ListingError(line_number, f"expected a register and a value, not {line!r}")
        name, text_value = parts
        index = REGISTER_INDEX.get(name.upper())
        if index is None:
            raise ListingError(line_number, f"no register {name!r}: use 0-9, S0-S9, A-E or I")
        if index in values:
            raise ListingError(line_number, f"register {name} appears twice")
        try:
            value = Decimal(text_value)
        except InvalidOperation:
            raise ListingError(line_number, f"{text_value!r} is not a number") from None
        if not _is_hp67_number(value):
            raise ListingError(line_number, f"{text_value} is not an HP-67 number (10 digits, exponent -99 to 99)")
        values[index] = value + 0
    return values


def read_card(path: str | os.PathLike[str]) -> str:
    """A card's text; a file that is not text is a ``ListingError`` on line 1; ``FileRefused`` for
    what is not a card's file (a FIFO, a device, a folder, a link out of the card's folder, more
    than ``CARD_BYTES``)."""
    path = Path(path)
    try:
        return read_file(path, CARD_BYTES, folder=path.parent).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ListingError(1, f"not a text card: {exc.reason}") from None


def write_card(path: str | os.PathLike[str], text: str) -> Path | None:
    """Write a card whole (never through a link); the card it replaces is kept as ``NAME.bak``
    (returned; None when there was none)."""
    return write_file(Path(path), text.encode("utf-8"), backup=".bak")
