"""Ten-digit arithmetic and the display, against the handbook and the microcode facts."""

from __future__ import annotations

from decimal import Decimal

import pytest

from machines.hp67 import HP67
from machines.hp67.numbers import CONTEXT, MAX, format_number

from .support import D, keys


def calc(*pressed: str) -> HP67:
    return keys(HP67(), *pressed)


@pytest.mark.parametrize(
    ("pressed", "expected"),
    [
        (("2", "ENTER", "3", "÷"), "0.6666666667"),
        (("1", "ENTER", "3", "÷", "CHS"), "-0.3333333333"),
        # 10.000000005 is a tie: the machine rounds it away from zero
        (("2", ".", "0", "0", "0", "0", "0", "0", "0", "0", "1", "ENTER", "5", "x"), "10.00000001"),
        (("2", ".", "0", "0", "0", "0", "0", "0", "0", "0", "1", "CHS", "ENTER", "5", "x"), "-10.00000001"),
        # 0.3333333333 x 3 = 0.9999999999 exactly, no rounding up
        (("1", "ENTER", "3", "÷", "3", "x"), "0.9999999999"),
        ((".", "1", "ENTER", ".", "2", "+"), "0.3"),
        (("4", "ENTER", "8", "Yˣ"), "65536"),
        # the Othello listing's column extraction: 21845 / 4^8, FRC, x 4
        (("2", "1", "8", "4", "5", "ENTER", "6", "5", "5", "3", "6", "÷", "FRC", "4", "x"), "1.333312988"),
    ],
)
def test_ten_digit_rounding(pressed: tuple[str, ...], expected: str) -> None:
    assert calc(*pressed).x == Decimal(expected)


def test_results_keep_ten_significant_digits() -> None:
    m = calc("7", "ENTER", "1", "1", "÷")
    assert m.x == D("0.6363636364")
    assert len(m.x.as_tuple().digits) == 10


def test_overflow_saturates_without_error() -> None:
    m = calc("1", "EEX", "9", "9", "ENTER", "x")
    assert m.x == MAX and not m.error
    assert m.display == "9.999999999 99"
    m = calc("1", "CHS", "EEX", "9", "9", "ENTER", "1", "EEX", "9", "9", "x")
    assert m.x == -MAX
    assert calc("1", "EEX", "9", "9", "CHS", "ENTER", "1", "EEX", "9", "9", "x").x == 1  # CHS after EEX: 1E-99


def test_underflow_gives_zero() -> None:
    m = calc("1", "EEX", "9", "9", "CHS", "ENTER", "x")
    assert m.x == 0 and not m.error
    assert m.display == "0.00"


@pytest.mark.parametrize(
    ("value", "mode", "digits", "shown"),
    [
        ("192", "FIX", 1, "192.0"),
        ("0", "FIX", 1, "0.0"),
        ("6.4", "FIX", 1, "6.4"),
        ("0", "FIX", 2, "0.00"),
        ("-0", "FIX", 2, "0.00"),
        ("-2.5", "FIX", 2, "-2.50"),
        ("192", "FIX", 0, "192."),
        ("2.345", "FIX", 2, "2.35"),  # display rounding: ties away from zero
        ("-2.345", "FIX", 2, "-2.35"),
        # FIX falls back to SCI with all nine decimals when the number does not fit
        ("0.002", "FIX", 2, "2.000000000 -03"),
        ("0.00001", "FIX", 2, "1.000000000 -05"),
        ("1E10", "FIX", 2, "1.000000000 10"),
        ("0.005", "FIX", 2, "0.01"),
        # FIX never shows more than ten digits
        ("123456.789", "FIX", 5, "123456.7890"),
        ("9999999999", "FIX", 2, "9999999999."),
        ("12345", "SCI", 2, "1.23 04"),
        ("0.000123", "SCI", 3, "1.230 -04"),
        ("9.99", "SCI", 1, "1.0 01"),
        ("12345", "ENG", 0, "10. 03"),
        ("12345", "ENG", 2, "12.3 03"),
        ("0.0012345", "ENG", 3, "1.235 -03"),
        ("123456", "ENG", 5, "123.456 03"),
    ],
)
def test_display_formats(value: str, mode: str, digits: int, shown: str) -> None:
    assert format_number(Decimal(value), mode, digits) == shown


def test_display_modes_through_keys() -> None:
    m = calc("1", "2", "3", "4", "5", "ENG", "DSP 0")
    assert m.display == "10. 03"
    m = calc("1", "2", "3", "4", "5", "SCI", "DSP 2")
    assert m.display == "1.23 04"
    m = calc("SCI", "DSP 2", "FIX", "DSP 1", "1", "9", "2", "ENTER")
    assert m.display == "192.0"


@pytest.mark.parametrize(
    ("pressed", "shown"),
    [
        (("1", "2", "3"), "123."),
        ((".",), "."),
        ((".", "5"), ".5"),
        (("1", "2", "CHS"), "-12."),
        (("EEX", "3"), "1. 03"),
        (("2", "EEX", "1", "2", "3"), "2. 23"),  # of three exponent digits the last two stay
        (("9", "EEX", "9", "9", "CHS"), "9. -99"),
    ],
)
def test_digit_entry_display(pressed: tuple[str, ...], shown: str) -> None:
    assert calc(*pressed).display == shown


def test_entry_values() -> None:
    assert calc("9", "EEX", "9", "9", "CHS").x == D("9E-99")
    assert calc("EEX", "3").x == 1000
    assert calc("1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "1", "2").x == D("1234567890")  # ten digits at most
    assert calc("1", ".", "5", ".", "2").x == D("1.52")  # a second point is ignored


# -- property: the four operations are the exact result rounded to 10 digits, ties away from 0 --

from fractions import Fraction  # noqa: E402

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from tests.sizes import sizes  # noqa: E402


def round_ten_digits(q: Fraction) -> Decimal:
    """Independent of ``decimal``: exact rational -> 10 significant digits, half away from zero."""
    if q == 0:
        return Decimal(0)
    sign = -1 if q < 0 else 1
    q = abs(q)
    e = 0
    while q >= 10:
        q /= 10
        e += 1
    while q < 1:
        q *= 10
        e -= 1
    scaled = q * 10**9
    n = int(scaled)
    if scaled - n >= Fraction(1, 2):
        n += 1
    if n == 10**10:
        n //= 10
        e += 1
    return Decimal(sign * n).scaleb(e - 9)


ten_digit = st.builds(
    lambda mantissa, exponent: Decimal(mantissa).scaleb(exponent),
    st.integers(-(10**10) + 1, 10**10 - 1),
    st.integers(-30, 30),
)


@sizes(everyday=70, soak=200)
def test_arithmetic_is_exact_then_rounded(examples: int) -> None:
    @settings(max_examples=examples, deadline=None)
    @given(ten_digit, ten_digit, st.sampled_from(["+", "-", "x", "÷"]))
    def check(y: Decimal, x: Decimal, op: str) -> None:
        if op == "÷" and x == 0:
            return
        m = HP67()
        m.y, m.x = y, x  # the registers hold any ten-digit value
        m.press(op)
        exact = {"+": Fraction(y) + Fraction(x), "-": Fraction(y) - Fraction(x),
                 "x": Fraction(y) * Fraction(x), "÷": Fraction(y) / Fraction(x) if x else Fraction(0)}[op]
        assert m.x == round_ten_digits(exact)
        assert m.last_x == x

    check()


# -- trigonometric argument reduction (hp67-instruction-set.md 15) ---------------------------

PI_12 = D("3.14159265359")  # the machine's pi for reduction, 12 digits
HALF_PI_12 = PI_12 / 2  # 1.570796326795, exact


def test_rectangular_of_1_and_pi_in_rad_leaves_exactly_minus_4_1e_minus_10_in_y() -> None:
    m = calc("RAD", "Pi", "ENTER", "1", "→R")
    assert m.y == D("-4.1E-10")  # not the true sine of 3.141592654, -4.102067615E-10
    assert m.x == -1


# In RAD the machine takes away the nearest multiple k of pi/2 held to 12 digits; near a
# multiple the remainder r = x - k pi/2 is tiny and sin r = r, cos r = 1 to ten digits.
# Each case: keys giving x, the function, and the value the rule predicts from r.
@pytest.mark.parametrize(
    ("pressed", "op", "expected"),
    [
        (("Pi",), "SIN", lambda x: -(x - 2 * HALF_PI_12)),  # -4.1E-10
        (("Pi", "CHS"), "SIN", lambda x: -(x + 2 * HALF_PI_12)),  # +4.1E-10
        (("Pi",), "COS", lambda x: D(-1)),
        (("Pi",), "TAN", lambda x: x - 2 * HALF_PI_12),  # 4.1E-10
        (("Pi", "2", "÷"), "COS", lambda x: -(x - HALF_PI_12)),  # -2.05E-10
        (("Pi", "2", "÷"), "SIN", lambda x: D(1)),
        (("Pi", "2", "÷"), "TAN", lambda x: -1 / (x - HALF_PI_12)),  # -4878048780
        (("Pi", "2", "x"), "SIN", lambda x: x - 4 * HALF_PI_12),  # 8.2E-10
        (("Pi", "3", "x", "2", "÷"), "COS", lambda x: x - 3 * HALF_PI_12),  # 6.15E-10
        (("Pi", "3", "x", "2", "÷"), "SIN", lambda x: D(-1)),
        (("Pi", "1", "0", "0", "x"), "SIN", lambda x: x - 200 * HALF_PI_12),  # 100 pi: the error grows with k
    ],
)
def test_rad_reduces_the_argument_with_a_pi_held_to_12_digits(pressed: tuple[str, ...], op: str, expected) -> None:
    m = calc("RAD", *pressed)
    x = m.x
    keys(m, op)
    assert not m.error
    assert m.x == CONTEXT.plus(expected(x))  # the remainder worked out exactly, then rounded to 10 digits


def test_sine_of_a_sixth_of_pi_in_rad_shows_0_5000000001() -> None:
    assert calc("RAD", "Pi", "6", "÷", "SIN").display == "0.50"
    assert calc("RAD", "Pi", "6", "÷", "SIN").x == D("0.5000000001")


# DEG and GRD reduce by exact quarter turns of their own unit: exact zeros and ones.
@pytest.mark.parametrize(
    ("mode", "x", "op", "expected"),
    [
        ("DEG", "180", "SIN", 0), ("DEG", "360", "SIN", 0), ("DEG", "-180", "SIN", 0), ("DEG", "90", "COS", 0),
        ("DEG", "270", "COS", 0), ("DEG", "-90", "COS", 0), ("DEG", "180", "TAN", 0), ("DEG", "180", "COS", -1),
        ("DEG", "450", "SIN", 1), ("DEG", "3600090", "COS", 0), ("DEG", "3600030", "SIN", D("0.5")),
        ("GRD", "200", "SIN", 0), ("GRD", "100", "COS", 0), ("GRD", "300", "COS", 0), ("GRD", "200", "TAN", 0),
        ("GRD", "300", "SIN", -1), ("GRD", "50", "TAN", 1),
    ],
)
def test_deg_and_grd_are_exact_at_quarter_turns(mode: str, x: str, op: str, expected) -> None:
    m = calc(mode, *x.lstrip("-"), *(["CHS"] if x.startswith("-") else []), op)
    assert m.x == expected and not m.error


# The microcode's infinite tangent is 9.999999999E99 whatever the side (90, -90, 270,
# -270, 450 and 630 degrees all give it; issue 40, rule 12).
@pytest.mark.parametrize(("mode", "x"), [("DEG", "90"), ("DEG", "270"), ("GRD", "100"), ("GRD", "300"),
                                         ("DEG", "-90"), ("DEG", "-270"), ("DEG", "450")])
def test_tangent_at_a_quarter_turn_in_deg_and_grd_saturates_positive(mode: str, x: str) -> None:
    m = calc(mode, *x.lstrip("-"), *(["CHS"] if x.startswith("-") else []), "TAN")
    assert m.x == MAX and not m.error


@pytest.mark.parametrize(("mode", "x", "expected"), [
    ("DEG", "179.9999999", "1.745329252E-9"),  # sin(1E-7 degree)
    ("GRD", "199.9999999", "1.570796327E-9"),  # sin(1E-7 grad)
    ("DEG", "89.99999999", "1.745329252E-10"),  # cos(1E-8 degree), computed as the sine of the remainder
])
def test_deg_and_grd_near_a_quarter_turn_keep_ten_digits_of_the_small_remainder(mode: str, x: str,
                                                                               expected: str) -> None:
    op = "COS" if x.startswith("89") else "SIN"
    assert calc(mode, *x, op).x == D(expected)
