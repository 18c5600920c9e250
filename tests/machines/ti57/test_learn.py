"""LRN mode, SST, BST, Ins and Del: what a machine-room screen needs (issue 15).

Expected displays were read from the original ROM run instruction by instruction.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.ti57_duel.driver import load_program as duel_program
from games.ti57_wolf.driver import load_program as wolf_program
from machines.ti57 import PRIMARY_LEGENDS, SECOND_LEGENDS, TI57, Program, StopReason
from machines.ti57.keys import INSTRUCTIONS, Step
from machines.ti57.machine import EDIT_KEYS
from tests.sizes import sizes

from .conftest import keyed


@pytest.mark.parametrize(
    "keys, shown",
    [
        ("LRN", "00  00"),  # step number, then the code stored there
        ("LRN 3", "01  00"),
        ("LRN 3 2", "02  00"),
        ("LRN STO", "00  32 0"),  # a merged key waits for its digit, shown as 0
        ("LRN STO 1", "01  00"),
        ("LRN INV SUM", "00 -34 0"),  # INV shows as a minus sign
        ("LRN STO 1 BST", "00  32 1"),
        ("LRN 1 2 3 BST BST Ins", "01  00"),  # Ins opens an empty step
        ("LRN 1 2 3 BST BST Del", "01  03"),  # Del closes the gap
        ("LRN 1 2 3 BST BST Del LRN", "0"),  # LRN again: back to the calculator display
        ("LRN 1 2 3 LRN RST LRN", "00  01"),
        ("LRN GTO 2nd", "00  51 0"),
        ("LRN 1 2 BST BST Ins 7 BST SST", "01  01"),
        ("LRN 1 SST SST LRN RST LRN BST", "00  01"),  # BST stops at 00
        ("LRN 1 + 2 = R/S LRN RST SST SST SST", "2"),  # SST in RUN mode runs one step
        ("LRN 1 + 2 = R/S LRN RST SST SST SST SST LRN", "04  81"),
        ("LRN 1 + 2 = R/S LRN RST SST SST BST BST", "1."),  # BST moves back without running
        ("LRN 5 BST LRN SST", "5"),
    ],
)
def test_lrn_mode_display_and_editing_keys(keys: str, shown: str) -> None:
    assert keyed(keys).display == shown


def test_keying_step_49_leaves_lrn_mode_with_the_pointer_on_49() -> None:
    m = keyed("LRN " + " ".join(str(i % 10) for i in range(50)))
    assert not m.learning and m.display == "0"
    m.press("LRN")
    assert m.display == "49  09"


def _keys_of(step: Step) -> list[str]:
    ins = INSTRUCTIONS[step.code]
    keys = (["INV"] if step.inv else []) + (["2nd"] if ins.second else []) + [ins.legend]
    return keys + ([str(step.digit)] if step.digit is not None else [])


@pytest.mark.parametrize("program", [duel_program(), wolf_program()], ids=["duel", "wolf"])
def test_a_listing_keyed_in_lrn_mode_is_the_listing(program: Program) -> None:
    m = TI57()
    m.press("LRN")
    for step in program.steps[:49]:
        for k in _keys_of(step):
            m.press(k)
    assert m.learning and m.pc == 49
    m.press("LRN")
    assert m.program.steps[:49] == program.steps[:49]


def test_a_program_keyed_in_lrn_mode_runs_and_pauses() -> None:
    m = keyed("LRN 2nd Lbl 1 2 2nd Pause x2 R/S LRN SBR 1")
    first = m.run()
    assert first.reason is StopReason.PAUSE and first.display == "2"
    second = m.run()
    assert second.reason is StopReason.HALT and second.display == "4."


def test_sst_runs_one_step_and_keeps_an_error_flashing() -> None:
    m = keyed("LRN 0 1/x 5 LRN RST SST SST")
    assert m.flashing and m.pc == 2
    m.press("SST")  # flashing: SST does nothing until CE or CLR
    assert m.pc == 2


def test_second_function_of_the_editing_keys_is_stored() -> None:
    m = keyed("LRN 2nd SST 2nd BST 2nd LRN")  # Pause, Nop, D.MS
    assert [s.code for s in m.program.steps[:3]] == [36, 46, 26]


def test_ins_and_del_shift_the_program_and_keep_fifty_steps() -> None:
    m = TI57()
    m.load(duel_program())
    m.press("LRN")
    m.press("Ins")
    assert m.program.steps[0] == Step(0) and m.program.steps[1:] == duel_program().steps[:49]
    m.press("Del")  # the step that fell off 49 does not come back
    assert m.program.steps[:49] == duel_program().steps[:49] and m.program.steps[49] == Step(0)


EDIT = st.sampled_from(sorted(EDIT_KEYS))
KEY = st.one_of(st.sampled_from(sorted(PRIMARY_LEGENDS)), st.sampled_from(sorted(SECOND_LEGENDS)), EDIT)


@sizes(everyday=50, soak=150)
def test_editing_never_raises_and_snapshots_keep_lrn_mode(examples: int) -> None:
    @settings(max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(st.lists(KEY, max_size=60), st.lists(KEY, max_size=30))
    def check(before: list[str], after: list[str]) -> None:
        m = TI57()
        for k in before:
            m.press(k)
            if m.running:
                m.run(max_steps=200)
        assert 0 <= m.pc <= 50 and len(m.program.steps) == 50 and m.display
        twin = TI57.restore(json.loads(json.dumps(m.snapshot())))
        assert twin.display == m.display and twin.learning == m.learning
        for k in after:
            m.press(k)
            twin.press(k)
            if m.running:
                m.run(max_steps=200)
                twin.run(max_steps=200)
        assert json.dumps(twin.snapshot(), sort_keys=True) == json.dumps(m.snapshot(), sort_keys=True)

    check()
