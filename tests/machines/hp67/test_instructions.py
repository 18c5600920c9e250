"""Each family of the instruction set against the handbook (and the microcode facts)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from machines.hp67 import HP67, INSTRUCTIONS, StopReason
from machines.hp67.numbers import MAX

from .support import D, keys, machine_with, number_keys, run_label


def calc(*pressed: str) -> HP67:
    return keys(HP67(), *pressed)


def x_after(x: str, *ops: str, y: str | None = None, mode: str | None = None) -> Decimal:
    pressed: list[str] = []
    if mode:
        pressed.append(mode)
    if y is not None:
        pressed += [*number_keys(y), "ENTER"]
    pressed += number_keys(x)
    m = calc(*pressed, *ops)
    assert not m.error, ops
    return m.x


@pytest.mark.parametrize(
    ("x", "op", "expected"),
    [
        ("7.25", "INT", "7"), ("-7.25", "INT", "-7"), ("7.25", "FRC", "0.25"), ("-1.5", "FRC", "-0.5"),
        ("-3", "ABS", "3"), ("4", "1/X", "0.25"), ("3", "1/X", "0.3333333333"), ("2", "√X", "1.414213562"),
        ("12", "X²", "144"), ("1", "LN", "0"), ("10", "LN", "2.302585093"), ("1", "eˣ", "2.718281828"),
        ("1000", "LOG", "3"), ("2", "LOG", "0.3010299957"), ("3", "10ˣ", "1000"), ("0.5", "10ˣ", "3.162277660"),
        ("5", "N!", "120"), ("0", "N!", "1"), ("69", "N!", "1.711224524E98"),
        ("1.5", "→HMS", "1.3"), ("1.3", "HMS→", "1.5"), ("2.758", "→HMS", "2.4528800"),
        ("180", "D→R", "3.141592654"), ("3.141592654", "R→D", "180.0000000"),
    ],
)
def test_one_number_functions(x: str, op: str, expected: str) -> None:
    assert x_after(x, op) == D(expected)


def test_factorial_of_70_and_more_saturates() -> None:
    assert x_after("70", "N!") == MAX


@pytest.mark.parametrize(
    ("y", "x", "op", "expected"),
    [
        ("7", "2", "+", "9"), ("7", "2", "-", "5"), ("7", "2", "x", "14"), ("7", "2", "÷", "3.5"),
        ("2", "10", "Yˣ", "1024"), ("-2", "3", "Yˣ", "-8"), ("2", "0.5", "Yˣ", "1.414213562"),
        ("4", "-1", "Yˣ", "0.25"),
        ("1.3", "1.45", "HMS+", "3.15"),
    ],
)
def test_two_number_functions(y: str, x: str, op: str, expected: str) -> None:
    assert x_after(x, op, y=y) == D(expected)


def test_percent_and_percent_change_keep_y() -> None:
    m = calc("2", "0", "0", "ENTER", "1", "5", "%")
    assert (m.x, m.y, m.last_x) == (30, 200, 15)
    m = calc("5", "0", "ENTER", "6", "0", "%CH")
    assert (m.x, m.y) == (20, 50)


@pytest.mark.parametrize(
    ("mode", "x", "op", "expected"),
    [
        ("DEG", "30", "SIN", "0.5"), ("DEG", "180", "SIN", "0"), ("DEG", "60", "COS", "0.5"),
        ("DEG", "90", "COS", "0"), ("DEG", "45", "TAN", "1"), ("DEG", "-390", "SIN", "-0.5"),
        ("DEG", "0.5", "SIN⁻¹", "30"), ("DEG", "0", "COS⁻¹", "90"), ("DEG", "1", "TAN⁻¹", "45"),
        ("RAD", "1", "SIN", "0.8414709848"), ("RAD", "3.141592654", "SIN", "-4.1E-10"),
        ("RAD", "1", "TAN⁻¹", "0.7853981634"),
        ("GRD", "100", "SIN", "1"), ("GRD", "50", "TAN", "1"), ("GRD", "1", "SIN⁻¹", "100"),
    ],
)
def test_trigonometry_in_each_angle_mode(mode: str, x: str, op: str, expected: str) -> None:
    assert x_after(x, op, mode=mode) == D(expected)


def test_tan_90_degrees_saturates() -> None:
    assert x_after("90", "TAN") == MAX


def test_pi_respects_the_stack_lift() -> None:
    m = calc("5", "ENTER", "Pi")
    assert (m.x, m.y) == (D("3.141592654"), 5)


def test_polar_and_rectangular() -> None:
    m = calc("3", "ENTER", "4", "→P")
    assert (m.x, m.y) == (5, D("36.86989765"))
    m = calc("3", "0", "ENTER", "2", "→R")
    assert (m.x, m.y) == (D("1.732050808"), 1)
    m = calc("RAD", "Pi", "ENTER", "1", "→R")
    assert m.x == -1 and m.y == D("-4.1E-10")


def test_statistics() -> None:
    m = calc("2", "ENTER", "1", "Σ+", "4", "ENTER", "3", "Σ+")
    assert m.x == 2  # n
    assert [m.register(f"S{i}") for i in range(4, 10)] == [4, 10, 6, 20, 14, 2]
    keys(m, "X̄")
    assert (m.x, m.y) == (2, 3)
    keys(m, "S")
    assert (m.x, m.y) == (D("1.414213562"), D("1.414213562"))
    keys(m, "4", "ENTER", "3", "Σ-")
    assert m.register("S9") == 1 and m.register("S4") == 1


def test_rnd_rounds_to_the_display() -> None:
    m = calc("2", ".", "3", "4", "5", "RND")
    assert (m.x, m.last_x) == (D("2.35"), D("2.345"))
    m = calc("SCI", "DSP 1", "1", "2", "3", "4", "5", "RND")
    assert m.x == 12000


def test_display_format_instructions_and_dsp_i() -> None:
    m = machine_with("*LBL A", "SCI", "DSP 3", "RTN")
    keys(m, "1", "2", "3", "4")
    run_label(m)
    assert m.display == "1.234 03"
    keys(m, "2", "STO I", "FIX", "DSP (i)", "5", ".", "1", "2", "3", "ENTER")
    assert m.display == "5.12"


def test_printer_instructions_print_nothing() -> None:
    m = machine_with("*LBL A", "6", "PRTX", "1", "PRST", "SPC", "RTN")
    assert run_label(m) is StopReason.RETURN
    assert (m.x, m.y) == (1, 6)  # PRTX ended the digit entry


def test_every_instruction_has_a_key_code_and_runs() -> None:
    codes = {i.code for i in INSTRUCTIONS}
    assert len(codes) == len(INSTRUCTIONS)
    for ins in INSTRUCTIONS:
        if ins.op in ("goto", "gosub", "label", "rtn", "run_stop", "pause", "goto_i", "gosub_i"):
            continue
        m = keys(HP67(), "2", "ENTER", "3", "STO I")
        m.press(ins.mnemonic)  # never an exception of Python's own
