"""The listing loader: codes checked against mnemonics, bad lines named."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games.ti57_duel.driver import load_program as duel_program
from games.ti57_wolf.driver import load_program as wolf_program
from machines.ti57 import ListingError, Step, parse_listing


def test_both_listings_load_with_their_codes() -> None:
    duel = duel_program()
    assert duel.steps[4] == Step(86, False, 1)
    assert duel.steps[15] == Step(34, True, 5)
    assert duel.steps[28] == Step(39, True, 5)  # printed '2nd Inv Prd 5'
    assert duel.steps[43] == Step(33, False, 2)  # the corrected misprint
    assert duel.steps[46] == Step(19)  # printed '2nd Ct'
    assert duel.steps[25] == Step(61, True, None)  # INV SBR takes no digit
    assert any("step 43" in c for c in duel.comments)
    assert any("Deconchat" in c for c in duel.comments)
    wolf = wolf_program()
    assert wolf.steps[23] == Step(0) and wolf.steps[37] == Step(66)
    used = {s.code_text.split()[0] for s in wolf.steps}
    assert used == {"86", "32", "33", "34", "61", "-34", "56", "-61", "81", "51", "00", "65", "85", "66"}


def test_the_printed_misprint_is_caught() -> None:
    # the magazine printed step 43 as '33 1  RCL 2'
    with pytest.raises(ListingError) as info:
        parse_listing("42  65  -\n43  33 1  RCL 2\n")
    assert info.value.line_no == 2
    assert "33 1" in str(info.value) and "RCL 2" in str(info.value)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("00  32  STO", "needs its digit"),
        ("00  99  foo", "no instruction has key code 99"),
        ("50  81  R/S", "past 49"),
        ("00  81  R/S\n00  81  R/S", "listed twice"),
        ("hello", "expected"),
        ("00  81", "mnemonic is missing"),
        ("00  81  RST", "but the mnemonic says"),
        ("00  -34 5  SUM 5", "but the mnemonic says"),
        ("00  34 5  SUM 6", "but the mnemonic says"),
        ("00  34 5  SUM", "lacks the step's digit"),
        ("00  -01  1", "INV is not stored"),
        ("00  33 4  FROB 4", "unknown mnemonic"),
    ],
)
def test_bad_lines_are_named(text: str, problem: str) -> None:
    with pytest.raises(ListingError, match=problem) as info:
        parse_listing(text)
    assert info.value.line_no == len(text.splitlines())


def test_listing_round_trip_and_spellings() -> None:
    duel = duel_program()
    assert parse_listing(duel.listing()).steps == duel.steps
    text = "00\t86 6\t2nd Lbl 6\n01  -39 5  INV 2nd Prd 5\n02  19  2nd C.t\n03  76  2nd x≥t\n04  66  2nd x = t"
    p = parse_listing(text)
    assert [s.code_text for s in p.steps[:5]] == ["86 6", "-39 5", "19", "76", "66"]
    assert all(s.code == 0 for s in p.steps[5:])


SEEDS = Path(__file__).resolve().parents[3].parent / "shared" / "seeds"


def _printed_lines(name: str) -> list[str]:
    path = SEEDS / name
    if not path.exists():
        pytest.skip(f"seed {name} not beside the repository")
    return [ln for ln in path.read_text(encoding="utf-8").splitlines() if re.match(r"^\d\d\s+-?\d\d\b", ln)]


def test_the_duel_transcription_differs_from_the_print_only_at_step_43() -> None:
    printed = _printed_lines("002_747ee8b048f967ab.txt")
    assert len(printed) == 50
    with pytest.raises(ListingError) as info:
        parse_listing("\n".join(printed))
    assert info.value.line.startswith("43")
    fixed = [re.sub(r"^43\s+33 1\s+RCL 2", "43 33 2 RCL 2", ln) for ln in printed]
    assert parse_listing("\n".join(fixed)).steps == duel_program().steps


def test_the_wolf_transcription_is_the_print() -> None:
    printed = _printed_lines("003_54eb3b00bc46e111.txt")
    assert len(printed) == 50
    assert parse_listing("\n".join(printed)).steps == wolf_program().steps
