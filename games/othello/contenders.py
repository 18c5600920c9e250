"""The programs ``arcade match othello --black A --white B`` can measure.

``hp67`` is Verniajou's program on the HP-67, ``lazard`` Lazard's on the CPC, and a
path is a variant listing: Locomotive BASIC (``.bas``, entered as typed at the CPC's
``Ready`` prompt, its problems reported when a game starts) or an HP-67 listing
(``.txt``, the format of ``games/hp67_othello/othello.txt``, keyed in with the
machine's listing loader).  A variant is played by the original's driver, so it must
keep the original's protocol: its prompts and board variables (Lazard: ``Colonne?``,
``Rangee?``, ``Je joue en``, ``B()``, ``C``, ``P``; HP-67: registers 1-8, LBL A, B, E
and the stops of the user's guide).
"""

from __future__ import annotations

from pathlib import Path

from games.othello.measure import Contender

__all__ = ["HP67_LABEL", "LAZARD_LABEL", "VariantUnreadable", "contender"]

HP67_LABEL = "HP-67 Verniajou"
LAZARD_LABEL = "CPC Lazard"


class VariantUnreadable(ValueError):
    """The listing cannot be read or keyed in at all; the message names the file and line."""


def _hp67(label: str, text: str | None = None) -> Contender:
    from games.hp67_othello.driver import HP67OthelloDriver
    from games.hp67_othello.position_setup import set_position
    from machines.hp67 import ListingError, parse_listing

    program = None
    if text is not None:
        try:
            program = parse_listing(text)
            HP67OthelloDriver(program)  # a listing without LBL A is refused here
        except (ListingError, ValueError) as error:
            raise VariantUnreadable(f"{label}: {error}") from error
    def shows(driver: HP67OthelloDriver) -> str:
        m = driver.machine
        return f"{'Error' if m.error else m.display} at step {m.pc:03d}"

    return Contender(label, lambda: HP67OthelloDriver(program), set_position, shows)  # type: ignore[arg-type]


def _lazard(label: str, text: str | None = None) -> Contender:
    from games.lazard_othello.driver import LISTING, LazardOthelloDriver
    from games.lazard_othello.position_setup import set_position

    listing = LISTING if text is None else text
    def shows(driver: LazardOthelloDriver) -> str:
        """The screen's last two lines but BASIC's own ``Ready``: an error's ``... in 560``, a prompt."""
        lines = [line.strip() for line in driver.screen_text() if line.strip() and line.strip() != "Ready"]
        return " / ".join(lines[-2:])

    return Contender(label, lambda: LazardOthelloDriver(listing), set_position, shows)  # type: ignore[arg-type]


def contender(spec: str, label: str | None = None) -> Contender:
    """``hp67``, ``lazard`` (or ``cpc``), or the path of a ``.bas`` or ``.txt`` variant listing."""
    if spec.lower() == "hp67":
        return _hp67(label or HP67_LABEL)
    if spec.lower() in ("lazard", "cpc"):
        return _lazard(label or LAZARD_LABEL)
    path = Path(spec)
    kind = path.suffix.lower()
    if kind not in (".bas", ".txt"):
        raise VariantUnreadable(f"{spec}: not hp67, lazard, nor a listing (.bas for the CPC, .txt for the HP-67)")
    # only a regular file, no longer than a card or a CPC disc holds (a FIFO, /dev/zero: refused)
    from machines.cpc.ready import DISC_FILE_BYTES
    from machines.files import read_file
    from machines.hp67.cards import CARD_BYTES

    try:  # an HP-67 listing is UTF-8 (its ×, ≤, ≠); a CPC listing is bytes, each a character
        data = read_file(path, CARD_BYTES if kind == ".txt" else DISC_FILE_BYTES)
        text = data.decode("utf-8" if kind == ".txt" else "latin-1")
    except (OSError, UnicodeDecodeError) as error:
        raise VariantUnreadable(f"{spec}: {getattr(error, 'strerror', None) or error}") from error
    label = label or path.name
    return _lazard(label, text) if kind == ".bas" else _hp67(label, text)
