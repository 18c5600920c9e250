"""Generated damage to what the TI-57 reads back: snapshots and listings.

Real snapshots (power-on, the duel and the wolf programs in mid-game, a program left
running on its budget, LRN mode, pending operations, a number being keyed) are damaged
at random (tests/machines/damage.py); each damaged one is refused with a ValueError
naming the field, or restores a TI-57 that then takes keys and runs.  Random
corruptions of the two real listings are refused with a ListingError naming the right
line, or read into a program that runs.  The suite runs a fixed seed (a few hundred
tries, well under a second); ``-m soak`` runs thousands with fresh seeds.
"""

from __future__ import annotations

import json
import random
from importlib import resources
from typing import Any

import pytest

from machines.ti57 import EDIT_KEYS, PRIMARY_LEGENDS, SECOND_LEGENDS, TI57, ListingError, Program, parse_listing
from tests.machines.damage import Tally, listing_campaign, run_campaigns, snapshot_campaign, soak

LISTINGS = [resources.files(f"games.{name}").joinpath("listing.txt").read_text(encoding="utf-8")
            for name in ("ti57_duel", "ti57_wolf")]
PRIMARY = sorted(PRIMARY_LEGENDS)
SECOND = sorted(SECOND_LEGENDS)


def _keys(m: TI57, rng: random.Random, count: int) -> None:
    for _ in range(count):
        r = rng.random()
        keys = [rng.choice(PRIMARY)] if r < 0.6 else ["2nd", rng.choice(SECOND)] if r < 0.92 else [rng.choice(EDIT_KEYS)]
        for key in keys:
            m.press(key)
        if m.running:
            m.run(max_steps=rng.choice((1, 7, 60, 400)))


def real_snapshots(seed: int = 7) -> list[dict[str, Any]]:
    """Snapshots of machines in many states, as a game or the room would save them."""
    rng = random.Random(seed)
    out = [TI57().snapshot()]
    for text in LISTINGS:
        m = TI57()
        m.load(parse_listing(text))
        for key in ("RST", "R/S"):
            m.press(key)
        m.run(max_steps=25)
        out.append(m.snapshot())  # running, stopped on its budget
        for length in (5, 20, 60):
            _keys(m, rng, length)
            out.append(m.snapshot())
    m = TI57()
    for key in "( 2 + 3 * ( 4 y^x 5 * 6 EE 7 +/-".split():
        m.press(key)
    out.append(m.snapshot())  # pending operations (R6, R5 in use) and an exponent being keyed
    m.press("LRN")
    for key in ("STO", "3", "INV", "SBR", "2nd", "Dsz", "GTO"):
        m.press(key)
    out.append(m.snapshot())  # LRN mode, GTO waiting for its digit
    for snapshot in out:
        assert TI57.restore(json.loads(json.dumps(snapshot))).snapshot() == snapshot
    return out


def exercise(m: TI57) -> None:
    """A restored machine takes keys, runs and saves again."""
    assert isinstance(m.display, str) and m.view().display == m.display
    for key in ("R/S", "5", "+", "2nd", "sin", "="):
        m.press(key)
    m.run(max_steps=200)
    for key in ("CLR", "LRN", "SST", "BST", "LRN", "RST", "R/S"):
        m.press(key)
    m.run(max_steps=200)
    assert isinstance(m.display, str)
    again = TI57.restore(json.loads(json.dumps(m.snapshot())))
    assert again.snapshot() == m.snapshot()


def load(program: Program) -> None:
    m = TI57()
    m.load(program)
    for key in ("RST", "R/S"):
        m.press(key)
    m.run(max_steps=300)
    assert isinstance(m.display, str)


def campaigns(seed: int, snapshots: int = 800, listings: int = 1000) -> tuple[Tally, Tally]:
    rng = random.Random(seed)
    snap = Tally("TI-57 damaged snapshots")
    snapshot_campaign(snap, real_snapshots(), TI57.restore, exercise, rng, snapshots)
    listing = Tally("TI-57 damaged listings")
    listing_campaign(listing, LISTINGS, parse_listing, ListingError, lambda e: e.line_no, load, rng, listings)
    return snap, listing


def test_real_snapshots_taken_mid_program_restore_exactly() -> None:
    snapshots = real_snapshots()
    assert len(snapshots) >= 10 and any(s["running"] for s in snapshots) and any(s["pending"] for s in snapshots)
    for snapshot in snapshots:
        twin = TI57.restore(json.loads(json.dumps(snapshot)))
        assert twin.snapshot() == snapshot
        original = TI57.restore(snapshot)
        for m in (twin, original):  # the same keys give the same machine
            m.press("R/S")
            m.run(max_steps=300)
        assert twin.snapshot() == original.snapshot()


def test_damaged_snapshots_and_listings_are_refused_by_name_or_work() -> None:
    run_campaigns(campaigns, seed=16, snapshots=250, listings=300)  # the soak: thousands, fresh seeds


@pytest.mark.soak
def test_damage_soak() -> None:
    soak(campaigns, rounds=20, snapshots=5000, listings=5000)


@pytest.mark.parametrize("line", [
    "04  86 1  2nd Lbl ²", "04  86 ²  2nd Lbl 1", "٠٤  86 1  2nd Lbl 1", "04  ٨٦ 1  2nd Lbl 1",
    "04  86 1  2nd Lbl ١", "04  86 1  2nd Lbl １", "04  86 1  2nd Lbl 1²", "04  -33 ３  RCL 3",
])
def test_a_listing_with_a_digit_that_is_not_ascii_is_refused_on_its_line(line: str) -> None:
    text = "# a listing\n00  86 0  2nd Lbl 0\n\n" + line + "\n05  81  R/S\n"
    with pytest.raises(ListingError) as caught:
        parse_listing(text)
    assert caught.value.line_no == 4 and str(caught.value).startswith("line 4:")


def test_lines_are_counted_at_newlines_only() -> None:
    """A form feed or U+2028 inside a line does not move the line numbers an editor shows."""
    with pytest.raises(ListingError) as caught:
        parse_listing("00  86 0  2nd Lbl 0\x0c\n01  81  R/S\u2028\n02  99  nothing\n")
    assert caught.value.line_no == 3
    with pytest.raises(ListingError) as caught:
        parse_listing("00  86 0  2nd Lbl 0\x0c\n01  81  R/S\n02  99  nothing\n")
    assert caught.value.line_no == 3
