"""The pre-decoded fast closures do exactly what the general handlers do."""

from __future__ import annotations

import json
import random

import pytest

from games.ti57_duel.driver import load_program as duel_program
from games.ti57_wolf.driver import load_program as wolf_program
from machines.ti57 import TI57, parse_listing


def _twins(program) -> tuple[TI57, TI57]:
    fast, slow = TI57(), TI57()
    fast.load(program, fast=True)
    slow.load(program, fast=False)
    return fast, slow


def _same(a: TI57, b: TI57) -> None:
    assert json.dumps(a.snapshot(), sort_keys=True) == json.dumps(b.snapshot(), sort_keys=True)


@pytest.mark.parametrize("seed", range(6))
def test_fast_and_general_steps_agree_on_random_keys(seed: int) -> None:
    rng = random.Random(seed)
    keys = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", ".", "+/-", "SBR", "STO", "RCL", "CLR", "CE",
            "R/S", "+", "-", "=", "x<>t", "RST", "INV", "SUM", "GTO"]
    for program in (duel_program(), wolf_program()):
        fast, slow = _twins(program)
        for _ in range(400):
            k = rng.choice(keys)
            fast.press(k)
            slow.press(k)
            if fast.running:
                a, b = fast.run(max_steps=300), slow.run(max_steps=300)
                assert a == b
            _same(fast, slow)


AOS_PROGRAM = "\n".join(
    f"{i:02d}  {s}"
    for i, s in enumerate(
        [
            "86 1  2nd Lbl 1", "33 1  RCL 1", "55  *", "43  (", "33 2  RCL 2", "75  +", "03  3",
            "35  y^x", "02  2", "44  )", "45  /", "33 3  RCL 3", "65  -", "-35  INV y^x", "85  =",
            "32 4  STO 4", "84  +/-", "38 5  2nd Exc 5", "39 6  2nd Prd 6", "-39 2  2nd INV Prd 2",
            "19  2nd C.t", "56  2nd Dsz", "51 1  GTO 1", "81  R/S",
        ]
    )
)


@pytest.mark.parametrize("seed", range(8))
def test_fast_and_general_steps_agree_on_arithmetic(seed: int) -> None:
    rng = random.Random(seed)
    program = parse_listing(AOS_PROGRAM)
    fast, slow = _twins(program)
    for n in (1, 2, 3, 5, 6):
        digits = [str(rng.randint(0, 9)) for _ in range(rng.randint(1, 4))]
        keys = [*digits, ".", str(rng.randint(0, 9))] + (["+/-"] if rng.random() < 0.3 else []) + ["STO", str(n)]
        for k in keys:
            fast.press(k)
            slow.press(k)
    for k in ["5", "STO", "0", "RST", "R/S"]:
        fast.press(k)
        slow.press(k)
    while fast.running:
        a, b = fast.run(max_steps=97), slow.run(max_steps=97)
        assert a == b
        _same(fast, slow)
    _same(fast, slow)
