"""The TI-57 at the end of program memory: tests and Dsz on steps 48 and 49.

ti57-notes.md: "Running past step 49 is an error: the current display flashes, the
program stops and the pointer returns to 00 -- no wrap-around".  A test or Dsz on
step 49 goes past 49 whether it skips (to "51") or not (to 50); one on step 48 that
skips goes past 49 too.  Every case ends the same way: flashing, the display as it
was, pointer 00 -- never an IndexError, on the fast and on the generic step table,
run in one go or one step at a time.
"""

from __future__ import annotations

import json
from decimal import Decimal

import pytest

from machines.ti57 import TI57, Program, Step, StopReason

# (code, INV, R0, x, t): each test at its step, with the value that makes it skip or not
SKIPPING = [
    (56, False, "1", "7", "0"),   # Dsz: R0 1 -> 0, skips
    (56, True, "2", "7", "0"),    # INV Dsz: R0 2 -> 1, skips
    (66, False, "0", "7", "3"),   # x=t false: skips
    (66, True, "0", "3", "3"),    # INV x=t (x != t) false: skips
    (76, False, "0", "2", "3"),   # x>=t false: skips
    (76, True, "0", "3", "3"),    # INV x>=t (x < t) false: skips
]
NOT_SKIPPING = [
    (56, False, "2", "7", "0"),
    (56, True, "1", "7", "0"),
    (66, False, "0", "3", "3"),
    (66, True, "0", "7", "3"),
    (76, False, "0", "3", "3"),
    (76, True, "0", "2", "3"),
]


def machine(code: int, inv: bool, r0: str, x: str, t: str, *, at: int, fast: bool) -> TI57:
    """A TI-57 with the test at step ``at`` (Nop before it), R0, x and t set, pointer on the test."""
    steps = [Step(46)] * 50
    steps[at] = Step(code, inv)
    m = TI57()
    m.load(Program(tuple(steps)), fast=fast)
    state = m.snapshot()
    state.update(x=x, regs=[r0, "0", "0", "0", "0", "0", "0", t], pc=at)
    state["entry"][0] = False
    return TI57.restore(state)


def past_the_end(m: TI57, shown: str) -> None:
    assert m.flashing and not m.running and m.pc == 0
    assert m.display == shown


@pytest.mark.parametrize("fast", [True, False])
@pytest.mark.parametrize("case", SKIPPING + NOT_SKIPPING)
def test_a_test_or_dsz_on_step_49_runs_past_the_end(case: tuple, fast: bool) -> None:
    m = machine(*case, at=49, fast=fast)
    shown = m.display
    m.press("R/S")
    stop = m.run(max_steps=10)
    assert stop.reason is StopReason.ERROR and stop.steps == 2  # the test, then the error
    past_the_end(m, shown)


@pytest.mark.parametrize("fast", [True, False])
@pytest.mark.parametrize("case", SKIPPING)
def test_a_skip_from_step_48_runs_past_the_end(case: tuple, fast: bool) -> None:
    m = machine(*case, at=48, fast=fast)
    shown = m.display
    m.press("R/S")
    assert m.run(max_steps=10).reason is StopReason.ERROR
    past_the_end(m, shown)


@pytest.mark.parametrize("fast", [True, False])
@pytest.mark.parametrize("case", NOT_SKIPPING)
def test_no_skip_on_step_48_runs_step_49(case: tuple, fast: bool) -> None:
    m = machine(*case, at=48, fast=fast)
    m.press("R/S")
    stop = m.run(max_steps=10)
    assert stop.reason is StopReason.ERROR and stop.steps == 3  # the test, Nop at 49, the error


@pytest.mark.parametrize("case", SKIPPING + NOT_SKIPPING)
def test_one_step_at_a_time_from_step_49(case: tuple) -> None:
    """A budget of one step leaves the pointer on 50 (never 51); the next step is the error,
    and the snapshot taken in between restores."""
    m = machine(*case, at=49, fast=True)
    shown = m.display
    m.press("R/S")
    assert m.run(max_steps=1).reason is StopReason.BUDGET and m.pc == 50
    twin = TI57.restore(json.loads(json.dumps(m.snapshot())))
    for each in (m, twin):
        assert each.run(max_steps=1).reason is StopReason.ERROR
        past_the_end(each, shown)


@pytest.mark.parametrize("case", SKIPPING)
def test_sst_on_step_49_that_skips(case: tuple) -> None:
    m = machine(*case, at=49, fast=True)
    m.press("SST")
    assert m.pc == 50 and not m.flashing and not m.running
    m.press("SST")  # SST on 50 runs nothing
    assert m.pc == 50 and not m.flashing
    m.press("R/S")
    m.run(max_steps=5)
    assert m.flashing and m.pc == 0


def test_lrn_after_r_s_on_step_49_shows_step_49() -> None:
    """R/S on 49 leaves the pointer on 50; LRN then shows (and keys) step 49."""
    steps = [Step(0)] * 49 + [Step(81)]
    m = TI57()
    m.load(Program(tuple(steps)))
    m.press("GTO")
    m.press("2nd")
    m.press("4")
    m.press("9")
    m.press("R/S")
    m.run(max_steps=5)
    assert m.pc == 50 and not m.flashing
    m.press("LRN")
    assert m.learning and m.display == "49  81"
    m.press("5")  # keying step 49 leaves LRN mode
    assert not m.learning and m.program.steps[49] == Step(5)
    m.press("LRN")
    for key in ("Del", "Ins", "SST", "BST"):
        m.press(key)
    assert m.learning and 0 <= m.pc <= 49


@pytest.mark.parametrize(("keys", "angle"), [
    ("2nd sin", "Deg"), ("2nd sin", "Grad"), ("+/- 2nd sin", "Deg"),
])  # INV D.MS of 1E-99 is an error of its own on the ROM: test_rom_rules.py
def test_a_function_result_below_1e_99_underflows(keys: str, angle: str) -> None:
    """sin of 1E-99 in Deg is 1.7E-101: beyond the registers' two exponent digits, so an
    underflow (1E-99 flashing, as ln, e^x and 10^x underflow), and a snapshot restores."""
    m = TI57()
    for key in ["2nd", angle, "1", "EE", "9", "9", "+/-", "=", *keys.split()]:
        m.press(key)
    assert m.flashing and abs(m.x) == Decimal("1E-99")
    assert TI57.restore(json.loads(json.dumps(m.snapshot()))).snapshot() == m.snapshot()
