"""The player's variants of Deconchat's two TI-57 games: listings kept in the arcade's notebook.

The TI-57 had no card reader: its owner copied his programs into a notebook and keyed
them in again.  The room does the same for him: ``save_listing`` writes the program
keyed in LRN mode as a listing file (the format of ``games/ti57_*/listing.txt``) in the
arcade's notebook folder, ``ti57-notebook/NAME.txt`` (the listing it replaces kept as
``NAME.bak``); ``read_page`` reads one back (a regular file of at most ``PAGE_BYTES``, never
through a link out of the notebook: ``machines.files``).
A listing there is a variant: the game plays it as it plays Deconchat's, through the keys
and refereed.  A variant is started on a session of its own first, so one that breaks
the game's protocol (moves a piece the referee does not, never stops, flashes) is
reported by name, saying what it did, and the game in progress is left as it was.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from games.session import Refused
from machines.files import files_in, read_file, write_file
from machines.ti57 import INSTRUCTIONS, ListingError, Program, Step, parse_listing

__all__ = [
    "playable_variants",
    "NOTEBOOK_FOLDER", "Variant", "VariantBroke", "VariantUnreadable", "broke", "listing_text",
    "NotebookPage", "PAGE_BYTES", "page_program", "played", "read_page", "read_program", "save_listing", "variants",
    "start_wolf_variant", "start_duel_variant",
]

NOTEBOOK_FOLDER = "ti57-notebook"
"""The folder, in the arcade's data directory, holding the listings saved from the TI-57 room."""

PAGE_BYTES = 16 * 1024
"""The longest notebook page read: ten times Deconchat's listings with their comments (1.5 KB
for 50 steps, all a TI-57 holds)."""

_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 _.-]{0,39}$")


class VariantUnreadable(Refused):
    """A variant's listing cannot be read as a program; nothing was changed."""


class VariantBroke(Refused):
    """A variant broke the game's protocol; the message names the variant and what it did."""


@dataclass(frozen=True)
class Variant:
    """A listing in the notebook, by the name the player saved it under."""

    name: str
    path: Path


def check_name(name: str) -> str:
    """A name that is a plain file name (letters, digits, space, ``_.-``, up to 40)."""
    name = name.strip()
    if not _NAME.match(name) or name.endswith("."):
        raise Refused(f"{name!r} is not a name for the notebook: letters, digits, space, _ . - (up to 40)")
    return name


def listing_text(program: Program, name: str) -> str:
    """The program as a listing file: a comment naming it, then one ``NN  CODE  MNEMONIC`` line a step,
    up to its last step that is not 00: the 00s after it are what a listing leaves unlisted (and
    ``parse_listing`` reads them back so), not 20 lines of "0" to read past."""
    head = [f"# {name}: keyed in the TI-57 room, copied into the arcade's notebook",
            "# (the TI-57 had no card reader: this file is the owner's notebook, not the machine's)."]
    lines = program.listing().split("\n")
    used = max((i + 1 for i, step in enumerate(program.steps) if step != Step(0)), default=0)
    if used < len(lines):
        head.append(f"# steps {used:02d}-{len(lines) - 1:02d}: 00, as after power-on (unlisted)")
    return "\n".join(head) + "\n" + "\n".join(lines[:used]) + ("\n" if used else "")


def save_listing(folder: Path, name: str, program: Program) -> tuple[Path, Path | None]:
    """Write ``program`` under ``name``: the file, and where the listing of that name it replaced
    is kept (``NAME.bak``; None if there was none).  Written whole, never through a link."""
    name = check_name(name)
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.txt"
    kept = write_file(path, listing_text(program, name).encode("utf-8"), folder=folder, backup=".bak")
    return path, kept


def read_page(path: Path) -> str:
    """A notebook page's text (bytes that are not UTF-8 replaced): ``OSError`` (``FileRefused``)
    for what is not a page (a FIFO, a device, more than ``PAGE_BYTES``, a link out of the notebook)."""
    return read_file(path, PAGE_BYTES, folder=path.parent).decode("utf-8", "replace")


def variants(folder: Path) -> list[Variant]:
    """The listings in the notebook, by name (regular files only: ``machines.files.files_in``)."""
    return [Variant(p.stem, p) for p in files_in(Path(folder), (".txt",))]


SBR_LABELS: dict[int, tuple[int, ...]] = {0: (1, 2), 1: (1, 3, 4, 6, 7, 9)}
"""The labels each game's moves call (``SBR n``), by game (0 the duel: SBR player; 1 the wolf: SBR
1 3 7 9 the wolf, k SBR 4 / 6 a lamb): a listing without one of them cannot play that game."""


def playable_variants(folder: Path, game: int) -> tuple[list[Variant], list[str]]:
    """The notebook's listings that can play ``game`` (they define every label its moves call), and a
    line for each left out saying why ("sums: no Lbl 1, 2"); one that can may still break the
    game, which is said when it plays."""
    offered: list[Variant] = []
    left_out: list[str] = []
    for variant in variants(folder):
        try:
            program = read_program(variant)
        except VariantUnreadable as error:
            left_out.append(f"{variant.name}: {str(error).removeprefix(f'The variant {variant.name} ').rstrip('.')}")
            continue
        labels = {step.digit for step in program.steps if INSTRUCTIONS[step.code].mnemonic == "Lbl"}
        missing = [str(n) for n in SBR_LABELS[game] if n not in labels]
        if missing:
            left_out.append(f"{variant.name}: no Lbl {', '.join(missing)}")
        else:
            offered.append(variant)
    return offered, left_out


def read_program(variant: Variant) -> Program:
    """The variant's program, or ``VariantUnreadable`` naming the listing, the line and the problem."""
    try:
        return parse_listing(read_page(variant.path))
    except ListingError as exc:
        raise VariantUnreadable(f"The variant {variant.name} is damaged: {exc}.") from exc
    except OSError as exc:
        raise VariantUnreadable(f"The variant {variant.name} cannot be read: {exc.strerror or exc}.") from exc


@dataclass(frozen=True)
class NotebookPage:
    """The page a resumed game's variant was played from, as a table read it for the screen: the
    variant's name and its listing's text (``listing_text``: what a new game sends back), or why
    it could not be read (``listing`` None)."""

    name: str
    listing: str | None
    refusal: str = ""


def page_program(folder: Path, name: str) -> Program:
    """The program on the notebook page ``name`` (a save's setting: checked as the notebook checks
    names, never a path out of the notebook); ``Refused`` says why not (``VariantUnreadable``)."""
    return read_program(Variant(name, Path(folder) / f"{check_name(name)}.txt"))


def broke(name: str, error: BaseException) -> str:
    return f"The variant {name} broke the game: {error}. The game is as it was."


def _started(variant: Variant, make: Callable[[Program], Any]) -> Any:
    program = read_program(variant)
    try:
        return make(program)
    except Refused:
        raise
    except (RuntimeError, ValueError) as exc:  # MachineDisagrees of either game
        raise VariantBroke(broke(variant.name, exc)) from exc


def start_wolf_variant(variant: Variant, **kwargs: Any) -> Any:
    """A new wolf-and-lambs session played by the variant (``WolfSession`` keywords pass through);
    ``VariantBroke`` if it does not set the pieces up as Deconchat's does."""
    from games.ti57_wolf.session import WolfSession

    return _started(variant, lambda program: WolfSession(program=program, **kwargs))


def start_duel_variant(variant: Variant, **kwargs: Any) -> Any:
    """A blind-duel session whose TI-57 will hold the variant (``DuelSession`` fields pass through)."""
    from games.ti57_duel.session import DuelSession

    return _started(variant, lambda program: DuelSession(program=program, **kwargs))


def played(name: str | None, run: Callable[[], Any]) -> Any:
    """``run()`` (a move on a session playing the variant ``name``); the program breaking the
    protocol becomes ``VariantBroke`` naming the variant and what it did (the session has
    already put the game back as it was).  With ``name`` None (Deconchat's) nothing is renamed."""
    try:
        return run()
    except Refused:
        raise
    except RuntimeError as exc:  # MachineDisagrees of either game
        if name is None:
            raise
        raise VariantBroke(broke(name, exc)) from exc
