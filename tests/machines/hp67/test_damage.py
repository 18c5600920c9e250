"""Generated damage to what the HP-67 reads back: snapshots and listings.

Real snapshots (power-on, the Othello program stopped on its budget mid-search with
returns pending, random keys on Othello and on random programs, W/PRGM mode, a number
being keyed with its exponent) are damaged at random (tests/machines/damage.py); each
damaged one is refused with a ValueError naming the field -- and ``load_state`` then
leaves the machine exactly as it was -- or restores an HP-67 that takes keys and runs.
Random corruptions of the Othello listing are refused with a ListingError naming the
right line, or read into a program that runs.  The suite runs a fixed seed (a few hundred
tries, well under a second); ``-m soak`` runs thousands with fresh seeds.
"""

from __future__ import annotations

import json
import random
from importlib import resources
from typing import Any

import pytest

from machines.hp67 import HP67, INSTRUCTIONS, ListingError, Program, parse_listing
from tests.machines.damage import Tally, listing_campaign, run_campaigns, snapshot_campaign, soak
from tests.machines.hp67.test_properties import KEYBOARD, MNEMONICS, SPELLINGS, SWITCH, random_program

OTHELLO_TEXT = resources.files("games.hp67_othello").joinpath("othello.txt").read_text(encoding="utf-8")
OTHELLO = parse_listing(OTHELLO_TEXT)


def _keys(m: HP67, rng: random.Random, count: int) -> None:
    for _ in range(count):
        key = rng.choice([rng.choice(KEYBOARD), rng.choice(SWITCH), rng.choice(MNEMONICS), rng.choice(SPELLINGS),
                          f"GTO .{rng.randrange(225):03d}"])
        if key in SWITCH:
            m.switch(key)
        else:
            m.press(key)
        if m.running:
            m.run(max_steps=rng.choice((1, 3, 20, 150)))


def real_snapshots(seed: int = 7) -> list[dict[str, Any]]:
    """Snapshots of machines in many states, as the game or the room would save them."""
    rng = random.Random(seed)
    out = [HP67().snapshot()]
    m = HP67()
    m.load(OTHELLO)
    m.press("A")
    for budget in (40, 400, 4000):
        m.run(max_steps=budget)
        out.append(m.snapshot())  # mid-program, running on its budget
    for program in (OTHELLO, None, random_program([rng.randrange(len(INSTRUCTIONS)) for _ in range(30)])):
        m = HP67()
        if program is not None:
            m.load(program)
        for length in (5, 25, 60):
            _keys(m, rng, length)
            out.append(m.snapshot())
    m = HP67()
    for key in ("1", ".", "5", "EEX", "1", "2", "CHS"):
        m.press(key)
    out.append(m.snapshot())  # a number being keyed, negative exponent
    m.load(OTHELLO)
    m.switch("W/PRGM")
    for key in ("SST", "SST", "SST", "1", "+"):
        m.press(key)
    out.append(m.snapshot())  # W/PRGM, program edited, not yet compiled
    assert any(s["returns"] for s in out) and any(s["running"] for s in out)
    for snapshot in out:
        assert HP67.restore(json.loads(json.dumps(snapshot))).snapshot() == snapshot
    return out


def exercise(m: HP67) -> None:
    """A restored machine takes keys, runs and saves again."""
    assert isinstance(m.display, str) and m.view().display == m.display
    if m.prgm:
        m.press("SST")
        m.switch("RUN")
    m.run(max_steps=100)
    for key in ("CLX", "1", "ENTER", "2", "+", "A"):
        m.press(key)
    m.run(max_steps=200)
    for key in ("R/S", "RTN", "R/S"):
        m.press(key)
    m.run(max_steps=100)
    assert isinstance(m.display, str)
    again = HP67.restore(json.loads(json.dumps(m.snapshot())))
    assert again.snapshot() == m.snapshot()


class Keeper:
    """``load_state`` on one long-lived machine: a refused snapshot leaves it unchanged."""

    def __init__(self) -> None:
        self.machine = HP67()
        self.machine.load(OTHELLO)

    def restore(self, state: Any) -> HP67:
        before = self.machine.snapshot()
        try:
            self.machine.load_state(state)
        except ValueError:
            assert self.machine.snapshot() == before
            raise
        return HP67.restore(state)


def load(program: Program) -> None:
    m = HP67()
    m.load(program)
    for key in ("A", "R/S"):
        m.press(key)
        m.run(max_steps=300)
    assert isinstance(m.display, str)


def campaigns(seed: int, snapshots: int = 600, listings: int = 150) -> tuple[Tally, Tally]:
    rng = random.Random(seed)
    snap = Tally("HP-67 damaged snapshots")
    snapshot_campaign(snap, real_snapshots(), Keeper().restore, exercise, rng, snapshots)
    listing = Tally("HP-67 damaged listings")
    listing_campaign(listing, [OTHELLO_TEXT], parse_listing, ListingError, lambda e: e.line, load, rng, listings)
    return snap, listing


def test_real_snapshots_taken_mid_program_restore_exactly() -> None:
    for snapshot in real_snapshots():
        twin = HP67.restore(json.loads(json.dumps(snapshot)))
        assert twin.snapshot() == snapshot
        original = HP67.restore(snapshot)
        for m in (twin, original):  # the same keys give the same machine
            if m.prgm:
                m.switch("RUN")
            m.run(max_steps=500)
            m.press("R/S")
            m.run(max_steps=500)
        assert twin.snapshot() == original.snapshot()


def test_damaged_snapshots_and_listings_are_refused_by_name_or_work() -> None:
    run_campaigns(campaigns, seed=16, snapshots=200, listings=60)  # the soak: thousands, fresh seeds


@pytest.mark.soak
def test_damage_soak() -> None:
    soak(campaigns, rounds=10, snapshots=3000, listings=600)


@pytest.mark.parametrize(("field", "value"), [
    ("pc", 0), ("pc", 225), ("pc", True), ("pc", 1.0), ("stack", ["NaN", "0", "0", "0", "0"]),
    ("stack", ["Infinity", "0", "0", "0", "0"]), ("stack", ["1E999", "0", "0", "0", "0"]),
    ("stack", [1.5, "0", "0", "0", "0"]), ("stack", ["12345678901", "0", "0", "0", "0"]),
    ("program", "hello"), ("program", "001  *LBL A  21 11\n002  W/DATA  16-41\n"), ("program", 5),
    ("returns", [1, 2, 3, 4]), ("returns", [0]), ("flags", [1, 0, 0, 0]), ("display_mode", ["FIX", 10]),
    ("angle", "deg"), ("lift", 3), ("steps", -1), ("program_mode", [True, 225]), ("error", None),
])
def test_the_issue_s_snapshots_are_refused_by_field(field: str, value: Any) -> None:
    m = HP67()
    m.load(OTHELLO)
    state = m.snapshot()
    state[field] = value
    before = m.snapshot()
    with pytest.raises(ValueError, match=rf"^snapshot field '{field}(\[\d\])?': "):
        HP67.restore(state)
    with pytest.raises(ValueError, match=rf"^snapshot field '{field}"):
        m.load_state(state)
    assert m.snapshot() == before


def test_not_an_object_missing_and_unknown_keys_are_refused() -> None:
    state = HP67().snapshot()
    for bad, path in ([], "."), ("x", "."), ({**state, "extra": 1}, "extra"), (
            {k: v for k, v in state.items() if k != "registers"}, "registers"):
        with pytest.raises(ValueError, match=rf"^snapshot field '{path}'"):
            HP67.restore(bad)
    without = {k: v for k, v in state.items() if k != "program_mode"}  # before W/PRGM existed
    assert HP67.restore(without).mode == "RUN"


@pytest.mark.parametrize("line", ["٠٠٢  RCL 1  34 ٠١", "002  RCL 1  ３4 01", "002  RCL 1  34 0²"])
def test_a_listing_with_a_digit_that_is_not_ascii_is_refused_on_its_line(line: str) -> None:
    with pytest.raises(ListingError) as caught:
        parse_listing("# test\n001  *LBL A  21 11\n" + line + "\n003  RTN  24\n")
    assert caught.value.line == 3 and str(caught.value).startswith("line 3:")
