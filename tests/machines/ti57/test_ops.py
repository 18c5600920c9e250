"""The instruction table: one row per key code, each with its mnemonic and semantics."""

from __future__ import annotations

import pytest

from machines.ti57 import TI57, parse_listing
from machines.ti57.keys import INSTRUCTIONS
from machines.ti57.ops import OPS


def test_every_key_code_has_exactly_one_row() -> None:
    assert set(OPS) == set(INSTRUCTIONS)
    for code, op in OPS.items():
        assert op.code == code
        assert op.mnemonic == INSTRUCTIONS[code].mnemonic
        assert callable(op.semantics)


@pytest.mark.parametrize("code", sorted(c for c, op in OPS.items() if op.fast is not None))
def test_each_fast_path_builds_a_step_that_returns_a_step_number(code: int) -> None:
    ins = INSTRUCTIONS[code]
    digit = " 1" if ins.takes_digit else ""
    m = TI57()
    m.load(parse_listing(f"00  86 1  2nd Lbl 1\n01  {code:02d}{digit}  {ins.mnemonic}{digit}"))
    step = OPS[code].fast(m, m.program.steps[1], 2)  # type: ignore[misc]
    target = step()
    assert isinstance(target, int) and (0 <= target <= 50 or 0 <= ~target <= 50)
