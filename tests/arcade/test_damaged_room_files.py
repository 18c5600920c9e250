"""Generated damage to the files the machine rooms read back: HP-67 cards, the TI-57 notebook, the
CPC disc's variants.  Each reader refuses with a clear word (``Refused`` or the room's message),
never another exception, and the damaged file stays where it was (the rooms never move or
rewrite a file they read)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, Callable

import pytest

from games.session import Refused
from games.workshop import hp67_variants, ti57_variants
from games.workshop import variants as cpc_variants
from games.workshop.hp67_room import HP67Room
from games.workshop.ti57_room import TI57Room
from tests.arcade.damage import BYTE_DAMAGES, Counts

ROOT = Path(__file__).resolve().parents[2]
REAL = {
    "hp67": (ROOT / "games/hp67_othello/othello.txt").read_bytes(),
    "ti57": (ROOT / "games/ti57_wolf/listing.txt").read_bytes(),
    "cpc": (ROOT / "games/lazard_othello/othello.bas").read_bytes(),
}


def room_campaign(root: Path, tries: int, seed: int) -> Counts:
    rng = random.Random(seed)
    counts = Counts()
    cards, notebook, disc = root / "cards", root / "notebook", root / "disc"
    for folder in (cards, notebook, disc):
        folder.mkdir(parents=True, exist_ok=True)
    hp67, ti57 = HP67Room(cards), TI57Room()
    for i in range(tries):
        machine = ("hp67", "ti57", "cpc")[i % 3]
        kind = rng.choice(sorted(BYTE_DAMAGES))
        data = BYTE_DAMAGES[kind](rng, REAL[machine])
        reads: list[Callable[[], Any]]
        if machine == "hp67":
            path = cards / "CARD.txt"
            reads = [lambda: hp67.read_card("CARD"), lambda: hp67_variants.variants(cards),
                     lambda: hp67_variants.read_program(hp67_variants.Variant("CARD", path))]
        elif machine == "ti57":
            path = notebook / "NOTE.txt"
            reads = [lambda: ti57.load_from_notebook(notebook, "NOTE"), lambda: ti57_variants.variants(notebook),
                     lambda: ti57_variants.read_program(ti57_variants.Variant("NOTE", path))]
        else:
            path = disc / "MINE.BAS"
            reads = [lambda: cpc_variants.variants(disc),
                     lambda: cpc_variants.read_listing(cpc_variants.Variant("MINE", path))]
        path.write_bytes(data)
        counts.tried += 1
        counts.kinds[kind] = counts.kinds.get(kind, 0) + 1
        for read in reads:
            try:
                read()
            except Refused:
                counts.refused += 1
            except Exception as error:  # noqa: BLE001 - counted
                counts.crashes += 1
                counts.failures.append(f"{machine} {kind}: {type(error).__name__}: {str(error)[:200]}")
        if path.read_bytes() != data:
            counts.lost += 1
            counts.failures.append(f"{machine} {kind}: the file changed")
    return counts


def test_generated_damaged_room_files_are_refused_never_raised(tmp_path: Path) -> None:
    counts = room_campaign(tmp_path, 60, seed=16)
    print(counts.line("damaged room files"), counts.kinds)
    assert counts.failures == [] and counts.crashes == 0 and counts.lost == 0


@pytest.mark.soak
def test_soak_damaged_room_files(tmp_path: Path) -> None:
    counts = room_campaign(tmp_path, 3000, seed=3000)
    print(counts.line("damaged room files (soak)"), counts.kinds)
    assert counts.failures == [] and counts.crashes == 0 and counts.lost == 0
