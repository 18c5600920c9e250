"""Program control, registers, flags, errors, the keyboard and snapshots."""

from __future__ import annotations

import json

import pytest

from machines.hp67 import HP67, PROGRAM_STEPS, StopReason, parse_listing
from machines.hp67.numbers import MAX

from .support import D, keys, machine_with, number_keys, run_label


def test_power_on_state() -> None:
    m = HP67()
    assert m.display == "0.00"
    assert m.x == 0 and m.pc == 1 and m.steps == 0 and m.flags == (False,) * 4
    assert all(m.register(r) == 0 for r in ["0", "9", "S0", "S9", "A", "E", "I"])
    # with no program, A-E are 1/x, sqrt x, y^x, R-down and x<>y; a gives Error
    assert keys(HP67(), "4", "A").x == D("0.25")
    assert keys(HP67(), "9", "B").x == 3
    assert keys(HP67(), "2", "ENTER", "5", "C").x == 32
    assert keys(HP67(), "2", "ENTER", "5", "E").x == 2
    assert keys(HP67(), "a").display == "Error"


def test_unused_steps_hold_rs() -> None:
    m = machine_with("*LBL A", "5")
    assert run_label(m) is StopReason.RUN_STOP
    assert m.pc == 4 and m.steps == 3  # stopped by the R/S in step 003
    m.press("R/S")
    assert m.run() is StopReason.RUN_STOP and m.pc == 5


def test_label_search_starts_after_the_stop_and_wraps() -> None:
    m = machine_with("*LBL A", "1", "R/S", "*LBL A", "2", "R/S")
    run_label(m)
    assert m.x == 1
    run_label(m)
    assert m.x == 2
    run_label(m)  # wraps round to step 001
    assert m.x == 1


def test_gto_searches_forward_from_the_next_step() -> None:
    m = machine_with("*LBL A", "GTO 1", "*LBL 1", "1", "GTO 1", "*LBL 1", "2", "RTN")
    run_label(m)
    assert (m.x, m.y) == (2, 1)  # the second LBL 1 (a search from step 001 would loop forever)
    assert m.steps == 8


def test_missing_label_stops_on_the_gto_with_error() -> None:
    m = machine_with("*LBL A", "1", "GTO 5", "RTN")
    assert run_label(m) is StopReason.ERROR
    assert m.display == "Error" and m.pc == 3
    assert keys(HP67(), "GTO 5").display == "Error"
    m2 = machine_with("*LBL A")
    assert keys(m2, "C").display == "Error"  # with a program, a missing label key is an Error


def test_three_return_levels_a_fourth_gsb_drops_the_oldest() -> None:
    m = machine_with(
        "*LBL A", "GSB 1", "1", "RTN",  # 001-004
        "*LBL 1", "GSB 2", "RTN",  # 005-007
        "*LBL 2", "GSB 3", "RTN",  # 008-010
        "*LBL 3", "GSB 4", "RTN",  # 011-013
        "*LBL 4", "5", "RTN",  # 014-016
    )
    assert run_label(m) is StopReason.RETURN
    assert m.x == 5 and m.pc == 8  # stopped by the RTN of LBL 1 (step 007): the first return was lost
    m2 = machine_with("*LBL A", "GSB 1", "1", "RTN", "*LBL 1", "GSB 2", "RTN", "*LBL 2", "2", "RTN")
    assert run_label(m2) is StopReason.RETURN
    assert (m2.x, m2.y) == (1, 2) and m2.pc == 5


def test_rtn_stop_then_rs_goes_on() -> None:
    m = machine_with("*LBL A", "1", "RTN", "2", "R/S")
    assert run_label(m) is StopReason.RETURN
    m.press("R/S")
    assert m.run() is StopReason.RUN_STOP and m.x == 2


def test_error_stops_on_the_failing_step_and_rs_repeats_it() -> None:
    m = machine_with("*LBL A", "0", "1/X", "RTN")
    assert run_label(m) is StopReason.ERROR
    assert m.pc == 3 and m.display == "Error"
    m.press("R/S")  # only clears the Error
    assert not m.error and not m.running
    m.press("R/S")
    assert m.run() is StopReason.ERROR and m.pc == 3


@pytest.mark.parametrize(
    ("pressed", "message"),
    [
        (("1", "ENTER", "0", "÷"), "division by zero"),
        (("1", "CHS", "√X"), "square root"),
        (("0", "LN"), "log"),
        (("0", "LOG"), "log"),
        (("0", "ENTER", "Yˣ"), "0^0"),
        (("2", "CHS", "ENTER", ".", "5", "Yˣ"), "negative base, fractional power"),
        (("2", "SIN⁻¹"), "asin > 1"),
        (("1", "CHS", "N!"), "negative factorial"),
        (("2", ".", "5", "N!"), "fractional factorial"),
        (("0", "1/X"), "1/0"),
        (("0", "ENTER", "5", "%CH"), "%CH from 0"),
        (("X̄",), "mean of no data"),
        (("2", "6", "STO I", "RCL (i)"), "(i) beyond 25"),
        (("1", "0", "STO I", "DSP (i)"), "DSP (i) >= 10"),
    ],
)
def test_improper_operations_give_error(pressed: tuple[str, ...], message: str) -> None:
    m = keys(HP67(), *pressed)
    assert m.display == "Error", message


def test_the_key_after_error_only_clears_it() -> None:
    m = keys(HP67(), "1", "ENTER", "0", "÷")
    m.press("5")
    assert not m.error and m.x == 0 and m.y == 1  # the failing ÷ left the stack alone; 5 not entered
    m.press("5")
    assert m.display == "5."


def test_after_error_a_prefixed_key_acts_without_its_prefix() -> None:
    m = keys(HP67(), "0", "1/X")
    m.press("√X")  # f clears the Error, then 9 is a digit
    assert m.display == "9."
    m = keys(HP67(), "0", "1/X", "RCL 4")  # RCL clears, 4 is a digit
    assert m.display == "4."


def test_storage_arithmetic_overflow_is_an_error_and_keeps_the_register() -> None:
    m = keys(HP67(), "1", "EEX", "9", "9", "STO 1", "ST× 1")
    assert m.display == "Error"
    assert m.register("1") == D("1E99")
    m = keys(HP67(), "1", "EEX", "5", "0", "STO 1", "ST× 1")
    assert m.register("1") == D("1E100") or m.error  # 1E100 is out of range
    assert m.error


def test_storage_arithmetic() -> None:
    m = keys(HP67(), "1", "0", "STO 7", "4", "ST+ 7", "ST× 7", "3", "ST- 7", "2", "ST÷ 7")
    assert m.register("7") == D("26.5")  # ((10 + 4) x 4 - 3) / 2
    assert m.x == 2


def test_indirect_registers() -> None:
    m = keys(HP67(), "3", ".", "7", "STO I", "4", "2", "STO (i)")
    assert m.register("3") == 42
    keys(m, "1", "2", "STO I", "5", "STO (i)", "2", "2", "STO I", "6", "STO (i)")
    assert m.register("S2") == 5 and m.register("C") == 6
    keys(m, "3", ".", "2", "CHS", "STO I", "RCL (i)")
    assert m.x == 42  # (i) uses int(|I|)
    keys(m, "3", "STO I", "1", "ST- (i)")
    assert m.register("3") == 41


def test_p_s_exchange_and_clear_registers() -> None:
    m = keys(HP67(), "5", "STO 3", "P⇄S")
    assert m.register("S3") == 5 and m.register("3") == 0
    keys(m, "7", "STO 3", "STO A", "STO I", "CLRG")
    assert m.register("3") == 0 and m.register("A") == 0 and m.register("I") == 0
    assert m.register("S3") == 5  # CLRG leaves the secondary registers
    keys(m, "9", "X⇄I")
    assert m.register("I") == 9 and m.x == 0


@pytest.mark.parametrize(
    ("start", "op", "after", "skipped"),
    [
        ("2.5", "DSZ I", "1.5", False),
        ("1.5", "DSZ I", "0.5", True),
        ("0.5", "DSZ I", "-0.5", True),
        ("5", "DSZ I", "4", False),
        ("1", "DSZ I", "0", True),
        ("-1", "ISZ I", "0", True),
        ("-2", "ISZ I", "-1", False),
        ("8", "ISZ I", "9", False),
    ],
)
def test_dsz_isz_skip_when_the_integer_part_becomes_zero(start: str, op: str, after: str, skipped: bool) -> None:
    m = machine_with("*LBL A", op, "1", "RTN")
    keys(m, *number_keys(start), "STO I", "CLX")
    run_label(m)
    assert m.register("I") == D(after)
    assert (m.x == 0) is skipped


def test_dsz_indirect_and_on_i_itself() -> None:
    m = machine_with("*LBL A", "DSZ (i)", "RTN")
    keys(m, "5", "STO 4", "4", "STO I")
    run_label(m)
    assert m.register("4") == 4
    keys(m, "2", "5", "STO I")
    run_label(m)
    assert m.register("I") == 24  # I = 25 points at I


def test_flags_f2_f3_cleared_by_their_test_f0_f1_not() -> None:
    m = machine_with("*LBL A", "SF0", "SF1", "SF2", "SF3", "F0?", "F1?", "F2?", "F3?", "RTN")
    run_label(m)
    assert m.flags == (True, True, False, False)
    m = machine_with("*LBL A", "CF2", "F2?", "1", "RTN")  # false test clears too (already clear) and skips
    run_label(m)
    assert m.x == 0


@pytest.mark.parametrize(
    ("test", "x", "y", "true"),
    [
        ("X=0?", "0", "5", True), ("X=0?", "1", "5", False),
        ("X≠0?", "1", "5", True), ("X≠0?", "0", "5", False),
        ("X<0?", "-1", "5", True), ("X<0?", "0", "5", False),
        ("X>0?", "1", "5", True), ("X>0?", "0", "5", False),
        ("X=Y?", "5", "5", True), ("X=Y?", "4", "5", False),
        ("X≠Y?", "4", "5", True), ("X≠Y?", "5", "5", False),
        ("X≤Y?", "5", "5", True), ("X≤Y?", "4", "5", True), ("X≤Y?", "6", "5", False),
        ("X>Y?", "6", "5", True), ("X>Y?", "5", "5", False),
    ],
)
def test_conditionals_skip_the_next_step_when_false(test: str, x: str, y: str, true: bool) -> None:
    m = machine_with("*LBL A", "RCL 1", "RCL 0", test, "STO 9", "RTN")
    keys(m, *number_keys(y), "STO 1", *number_keys(x), "STO 0", "7", "STO 9")
    run_label(m)
    assert (m.register("9") == D(x)) is true


def test_gto_gsb_indirect() -> None:
    m = machine_with("*LBL A", "GTO (i)", "*LBL C", "3", "RTN", "*LBL b", "2", "RTN")
    keys(m, "1", "2", "STO I")
    run_label(m)
    assert m.x == 3
    keys(m, "1", "6", "STO I")
    run_label(m)
    assert m.x == 2
    keys(m, "2", "0", "STO I")
    assert run_label(m) is StopReason.ERROR
    # a negative I jumps back int|I| steps from the GTO (i); GSB (i) returns after itself
    m = machine_with("*LBL A", "5", "RTN", "GTO (i)", "*LBL B", "GSB (i)", "7", "RTN")
    keys(m, "2", "CHS", "STO I", "GTO .004", "R/S")
    assert m.run() is StopReason.RETURN and m.x == 5 and m.pc == 4
    keys(m, "4", "CHS", "STO I", "CLX", "B")
    assert m.run() is StopReason.RETURN and (m.x, m.y) == (7, 5)


def test_pause_returns_and_the_program_goes_on() -> None:
    m = machine_with("*LBL A", "1", "PSE", "2", "RTN")
    assert run_label(m) is StopReason.PAUSE
    assert m.running and m.display == "1.00"
    assert m.run() is StopReason.RETURN and m.x == 2


def test_step_budget_and_any_key_stops_a_runaway_program() -> None:
    m = machine_with("*LBL A", "ISZ I", "GTO A")
    assert run_label(m, max_steps=1000) is StopReason.BUDGET
    assert m.steps == 1000 and m.running
    assert m.run(10) is StopReason.BUDGET and m.steps == 1010
    m.press("5")  # any key stops a running program and does nothing else
    assert not m.running and m.x == 0
    assert m.run() is StopReason.IDLE


def test_breakpoint_stops_before_the_step() -> None:
    m = machine_with("*LBL A", "1", "2", "3", "RTN")
    m.press("A")
    assert m.run(breakpoints=(4,)) is StopReason.BREAKPOINT
    assert m.pc == 4 and m.x == 12 and m.running
    assert m.run(breakpoints=(4,)) is StopReason.RETURN and m.x == 123


def test_keyboard_gto_and_rtn_move_the_pointer() -> None:
    m = machine_with("*LBL A", "1", "RTN", "*LBL 2", "2", "RTN")
    keys(m, "GTO 2")
    assert m.pc == 4 and not m.running
    m.press("R/S")
    m.run()
    assert m.x == 2
    keys(m, "RTN")
    assert m.pc == 1
    keys(m, "GTO .005")
    assert m.pc == 5


def test_unknown_keys_and_card_reader_are_refused() -> None:
    m = HP67()
    with pytest.raises(ValueError, match="no key"):
        m.press("FOO")
    with pytest.raises(ValueError, match="card"):
        m.press("W/DATA")
    assert m.display == "0.00"


def test_program_memory_is_224_steps() -> None:
    m = machine_with(*(["1"] * PROGRAM_STEPS))
    m.press("R/S")
    assert m.run(PROGRAM_STEPS) is StopReason.BUDGET
    assert m.pc == 1  # after step 224 comes step 001
    assert m.x == D("1111111111")


def test_snapshot_is_json_and_restores_everything() -> None:
    m = machine_with("*LBL A", "1", "2", "PSE", "ST+ (i)", "GSB 1", "R/S", "*LBL 1", "ISZ I", "GTO 1")
    keys(m, "3", "STO I", "SF2", "SCI", "DSP 4", "RAD", "4", "ENTER", "5", "P⇄S")
    m.press("A")
    m.run(3)
    state = json.loads(json.dumps(m.snapshot()))
    m.run(500)
    after = m.snapshot()
    twin = HP67.restore(state)
    assert twin.snapshot() == state
    twin.run(500)
    assert twin.snapshot() == after
    assert twin.view() == m.view()
    m.load_state(state)
    assert m.snapshot() == state


def test_view_is_display_formatted() -> None:
    m = keys(HP67(), "DSP 1", "4", "STO B", "ENTER", "6", ".", "4", "SF1")
    v = m.view()
    assert (v.x, v.y, v.z, v.t, v.last_x) == ("6.4", "4.0", "0.0", "0.0", "0.0")
    assert v.registers["B"] == "4.0" and set(v.registers) >= {"0", "9", "S0", "S9", "A", "E", "I"}
    assert len(v.registers) == 26
    assert v.flags == (False, True, False, True) and v.display == "6.4" and v.pc == 1


def test_load_accepts_listing_text() -> None:
    m = HP67()
    m.load("*LBL A 21 11\n2 02\nRTN 24\n")
    run_label(m)
    assert m.x == 2
    assert isinstance(parse_listing("*LBL A 21 11").steps[0].number, int)


# -- overflow in a running program (hp67-instruction-set.md 5) -----------------------------------

# Steps leading to one operation whose result leaves the range, and the saturated sign.
# The rule: any operation whose result overflows -- not only x -- saturates; a running
# program stops after it.
OVERFLOWING = [
    (("9", "EEX", "9", "9", "ENTER"), "+", 1),
    (("9", "EEX", "9", "9", "ENTER", "CHS", "9", "EEX", "9", "9"), "-", -1),
    (("9", "EEX", "9", "9", "ENTER"), "x", 1),
    (("9", "EEX", "9", "9", "ENTER", "CHS"), "x", -1),
    (("9", "EEX", "9", "9", "ENTER", ".", "1"), "÷", 1),
    (("1", "EEX", "5", "0"), "X²", 1),
    (("1", "0", "ENTER", "1", "0", "0"), "Yˣ", 1),
    (("2", "3", "1"), "eˣ", 1),
    (("1", "0", "0"), "10ˣ", 1),
    (("7", "0"), "N!", 1),
    (("9", "0"), "TAN", 1),
    (("2", "7", "0"), "TAN", 1),  # the microcode's infinite tangent is positive (issue 40, rule 12)
    (("9", "0", "CHS"), "TAN", 1),
    (("9", "EEX", "9", "9"), "R→D", 1),
    (("9", "EEX", "9", "9", "ENTER"), "%", 1),
    (("1", "EEX", "5", "0", "CHS", "ENTER", "1", "EEX", "6", "0"), "%CH", 1),
    (("9", "EEX", "9", "9", "ENTER"), "→P", 1),
    (("9", "EEX", "9", "9", "ENTER"), "HMS+", 1),
]


@pytest.mark.parametrize(("setup", "op", "sign"), OVERFLOWING)
def test_an_overflow_in_a_running_program_stops_it_on_the_next_step_without_error(
        setup: tuple[str, ...], op: str, sign: int) -> None:
    m = machine_with("*LBL A", *setup, op, "1", "R/S")
    op_step = len(setup) + 2
    assert run_label(m) is StopReason.OVERFLOW
    assert not m.error and not m.running
    assert m.pc == op_step + 1
    assert m.x == sign * MAX
    assert m.display == ("-" if sign < 0 else "") + "9.999999999 99"
    m.press("R/S")  # goes on from the step after the overflow
    assert m.run() is StopReason.RUN_STOP
    assert (m.x, m.y) == (1, sign * MAX)


@pytest.mark.parametrize(("setup", "op", "sign"), OVERFLOWING)
def test_an_overflow_from_the_keyboard_just_saturates(setup: tuple[str, ...], op: str, sign: int) -> None:
    m = keys(HP67(), *setup, op)
    assert not m.error and not m.running
    assert m.x == sign * MAX
    assert m.display == ("-" if sign < 0 else "") + "9.999999999 99"


@pytest.mark.parametrize(
    "body",
    [
        ("9", "EEX", "9", "9", "ENTER", "1", "x"),  # the largest number, not an overflow
        ("9", "EEX", "9", "9", "1/X"),  # a reciprocal never leaves the range
        ("1", "EEX", "9", "9", "CHS", "ENTER", "x"),  # underflow gives 0 and goes on
    ],
)
def test_a_result_in_range_or_an_underflow_does_not_stop_the_program(body: tuple[str, ...]) -> None:
    m = machine_with("*LBL A", *body, "7", "R/S")
    assert run_label(m) is StopReason.RUN_STOP
    assert m.x == 7 and m.pc == len(body) + 4


def test_storage_arithmetic_overflow_in_a_program_is_an_error_on_the_failing_step() -> None:
    m = machine_with("*LBL A", "1", "EEX", "9", "9", "STO 1", "ST× 1", "R/S")
    assert run_label(m) is StopReason.ERROR
    assert m.display == "Error" and m.pc == 7
    assert m.register("1") == D("1E99")
