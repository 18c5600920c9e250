"""The pre-decoded fast closures do exactly what the general handlers do."""

from __future__ import annotations

import json
import random

import pytest

from games.ti57_duel.driver import load_program as duel_program
from games.ti57_wolf.driver import load_program as wolf_program
from machines.ti57 import TI57


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
