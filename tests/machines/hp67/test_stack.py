"""The HP-67's stack lift, as the microcode does it (hp67-notes.md 2.1-2.2, instruction-set 7).

CLX and ENTER disable the lift for the very next step only; every other program step
enables it; RCL and LSTX respect a disabled lift.  The Othello listing depends on this
at LBL e / LBL 0 (``F3? CLX X=0? GTO 0 | *LBL 0 RCL 9 ...``).
"""

from __future__ import annotations

import pytest

from .support import D, keys, machine_with, run_label, stack


def loaded(*body: str):
    """A machine holding ``*LBL A, body..., RTN``, R0 = 7 and the stack 1 2 3 4."""
    m = machine_with("*LBL A", *body, "RTN", "*LBL 1", "RTN")
    keys(m, "7", "STO 0", "1", "ENTER", "2", "ENTER", "3", "ENTER", "4")
    assert stack(m) == (4, 3, 2, 1)
    return m


def test_clx_then_rcl_overwrites_x() -> None:
    m = loaded("CLX", "RCL 0")
    run_label(m)
    assert stack(m) == (7, 3, 2, 1)


@pytest.mark.parametrize(
    "between",
    [
        ("X=0?",),  # a true test
        ("X≠0?", "*LBL 1"),  # a false test (skipping a LBL)
        ("GTO 1",),  # GTO then the label
        ("*LBL 1",),  # falling through a label
        ("SF0",),
        ("STO 1",),
        ("ST+ 1",),
        ("DSZ I",),
        ("PRTX",),
    ],
)
def test_any_other_step_after_clx_enables_the_lift(between: tuple[str, ...]) -> None:
    body = ("CLX", *between, "RCL 0")
    if between == ("GTO 1",):
        body = ("CLX", "GTO 1", "*LBL 1", "RCL 0")
    m = loaded(*body)
    run_label(m)
    assert stack(m)[:3] == (7, 0, 3)


def test_clx_test_then_lastx_lifts() -> None:
    m = loaded("+", "CLX", "X=0?", "LSTX")
    run_label(m)
    assert stack(m)[:2] == (4, 0)


def test_enter_then_rcl_overwrites_the_copy() -> None:
    m = loaded("ENTER", "RCL 0")
    run_label(m)
    assert stack(m) == (7, 4, 3, 2)


def test_enter_duplicates_x_whatever_the_lift() -> None:
    m = loaded("CLX", "ENTER")
    run_label(m)
    assert stack(m) == (0, 0, 3, 2)


def test_spc_does_not_end_digit_entry() -> None:
    m = machine_with("*LBL A", "6", "SPC", "1", "RTN")
    run_label(m)
    assert m.x == 61


def test_program_digits_form_one_number() -> None:
    m = machine_with("*LBL A", "1", "0", "x", "RTN")
    keys(m, "4")
    run_label(m)
    assert m.x == 40
    for body, value in ((("." , "1"), "0.1"), (("1", ".", "1"), "1.1"), (("1", "CHS"), "-1"), (("2", "EEX", "3"), "2000")):
        m = machine_with("*LBL A", *body, "STO E", "RTN")
        run_label(m)
        assert m.register("E") == D(value)


def test_digit_entry_lifts_when_enabled_and_not_after_enter() -> None:
    m = machine_with("*LBL A", "RCL 0", "5", "RTN")
    keys(m, "3", "STO 0", "CLX")
    run_label(m)
    assert stack(m)[:2] == (5, 3)
    m = machine_with("*LBL A", "ENTER", "5", "RTN")
    keys(m, "3")
    run_label(m)
    assert stack(m)[:3] == (5, 3, 0)


def test_stop_ends_digit_entry_and_typed_digits_lift() -> None:
    # The R/S step ends entry and enables the lift: keys typed at the stop start a new number.
    m = machine_with("*LBL A", "1", "2", "R/S", "+", "RTN")
    run_label(m)
    assert m.display == "12.00"
    keys(m, "3")
    assert stack(m)[:2] == (3, 12)
    m.press("R/S")
    m.run()
    assert m.x == 15


def test_keyboard_rs_leaves_a_disabled_lift_alone() -> None:
    m = machine_with("*LBL A", "R/S", "RCL 0", "RTN")
    keys(m, "7", "STO 0", "4")
    run_label(m)
    keys(m, "5", "ENTER", "R/S")
    m.run()
    assert stack(m)[:3] == (7, 5, 4)


def test_chs_on_a_finished_number_enables_the_lift() -> None:
    m = keys(machine_with("*LBL A"), "5", "ENTER", "CHS", "2")
    assert stack(m)[:3] == (2, -5, 5)


def test_keyboard_digits_set_f3_program_digits_do_not() -> None:
    m = machine_with("*LBL A", "CF3", "5", "RTN")
    keys(m, "1")
    assert m.flags[3]
    run_label(m)
    assert not m.flags[3]


def test_sigma_plus_disables_the_lift() -> None:
    m = keys(machine_with("*LBL A"), "2", "ENTER", "1", "Σ+", "7")
    assert m.x == 7 and m.y == 2  # n = 1 was overwritten
    assert m.last_x == 1


def test_lastx_is_set_by_arithmetic_not_by_stores_or_tests() -> None:
    m = machine_with("*LBL A", "+", "STO 1", "RCL 1", "X<>Y", "RDN", "X≠0?", "LSTX", "RTN")
    keys(m, "5", "ENTER", "3")
    run_label(m)
    assert m.x == 3
    m = keys(machine_with("*LBL A"), "7", ".", "2", "INT", "LSTX")
    assert stack(m)[:2] == (D("7.2"), 7)
    m = keys(machine_with("*LBL A"), "7", ".", "2", "FRC", "LSTX")
    assert stack(m)[:2] == (D("7.2"), D("0.2"))


def test_stack_rolls_and_exchanges() -> None:
    m = keys(machine_with("*LBL A"), "1", "ENTER", "2", "ENTER", "3", "ENTER", "4")
    assert stack(keys(m, "RDN")) == (3, 2, 1, 4)
    assert stack(keys(m, "R↑")) == (4, 3, 2, 1)
    assert stack(keys(m, "X<>Y")) == (3, 4, 2, 1)
    assert stack(keys(m, "+")) == (7, 2, 1, 1)  # T is duplicated when the stack drops


def test_the_othello_edge_idiom_multiplies_by_the_cleared_zero() -> None:
    """Steps 44-47 and 63-71 of the listing: off the board, CLX makes the multiplier 0.

    With the HP-67 rule, RCL 9 after ``CLX X=0? GTO 0 / LBL 0`` lifts the 0, and the
    direction's hypothetical count (the fraction .3 of R9) is dropped: R9 goes back to 2.
    A machine with neutral tests would overwrite the 0 and multiply by the 9 below it (R9 = -25).
    """
    m = machine_with(
        "*LBL A", "9", "ENTER", "SF3", "F3?", "CLX", "X=0?", "GTO 0", "RTN",  # a 9 below the 0
        "*LBL 0", "RCL 9", "FRC", "ST- 9", "1", "0", "x", "x", "ST- 9", "RTN",
    )
    keys(m, "2", ".", "3", "STO 9")
    run_label(m)
    assert m.register("9") == 2
    # the same with an own disc at the end (X = -1): the 3 discs are won
    m = machine_with("*LBL A", "1", "CHS", "GTO 0", "*LBL 0", "RCL 9", "FRC", "ST- 9", "1", "0", "x", "x", "ST- 9", "RTN")
    keys(m, "2", ".", "3", "STO 9")
    run_label(m)
    assert m.register("9") == 5


# -- two-result functions write X and Y without lifting (hp67-instruction-set.md 7) ----------

# x = 2, 4, 9 and y = 1, 3, 5 accumulated so that Z = 3 and T = 1 are left on the stack.
THREE_PAIRS = ("1", "ENTER", "2", "Σ+", "3", "ENTER", "4", "Σ+", "5", "ENTER", "9", "Σ+")


def test_mean_writes_its_two_results_without_lifting_the_stack() -> None:
    m = keys(machine_with("*LBL A"), *THREE_PAIRS)
    assert stack(m) == (3, 5, 3, 1) and m.last_x == 9  # n = 3 in X
    keys(m, "X̄")
    assert stack(m) == (5, 3, 3, 1)  # x mean, y mean; Z and T keep their values
    assert m.last_x == 3  # the old X: n


def test_standard_deviation_writes_its_two_results_without_lifting_the_stack() -> None:
    m = keys(machine_with("*LBL A"), *THREE_PAIRS, "S")
    # sx = sqrt(((2-5)^2 + (4-5)^2 + (9-5)^2) / 2) = sqrt(13); sy = sqrt(8 / 2) = 2
    assert stack(m) == (D("3.605551275"), 2, 3, 1)
    assert m.last_x == 3


@pytest.mark.parametrize("op", ["X̄", "S"])
def test_mean_and_deviation_in_a_program_keep_z_and_t_and_set_lastx(op: str) -> None:
    m = machine_with("*LBL A", op, "RTN")
    keys(m, *THREE_PAIRS, "6")  # Σ+ disabled the lift: 6 replaces n
    assert stack(m) == (6, 5, 3, 1)
    run_label(m)  # the label key enables the lift; x̄ and s still do not lift
    assert stack(m)[2:] == (3, 1)
    assert m.last_x == 6


@pytest.mark.parametrize(
    ("op", "x", "y", "results"),
    [
        ("→P", "4", "3", (5, D("36.86989765"))),
        ("→R", "2", "30", (D("1.732050808"), 1)),
    ],
)
def test_polar_rectangular_are_two_result_neighbours_without_lift(op: str, x: str, y: str, results) -> None:
    m = keys(machine_with("*LBL A"), "8", "ENTER", "6", "ENTER", *y, "ENTER", *x)
    assert stack(m) == (D(x), D(y), 6, 8)
    keys(m, op)
    assert stack(m) == (*results, 6, 8)
    assert m.last_x == D(x)
