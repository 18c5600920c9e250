"""The firmware's 5-byte real arithmetic (machines/cpc/reals.py).

``firmware_maths.txt`` holds 750 answers of the CPC 6128 OS ROM's own maths routines,
run on a Z80 core by ``tools/cpc_rom_check.py`` (routine, operands and result as
5-byte hex, 1 if the routine succeeded): each must come out of our model to the bit.
The properties pin the rules the firmware follows, against exact rational arithmetic.
"""

from __future__ import annotations

import math
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from machines.cpc import reals

GOLDEN = Path(__file__).with_name("firmware_maths.txt")


def _golden_cases() -> list[list[str]]:
    return [line.split() for line in GOLDEN.read_text().splitlines() if line.strip()]


def _ours(name: str, x: float, y: float) -> tuple[bool, float]:
    routine, _, unit = name.partition("/")
    degrees = unit == "deg"
    try:
        if routine in ("sin", "cos", "tan", "atn"):
            r = getattr(reals, routine)(x, degrees)
        elif routine == "exp10":
            r = reals.scale_by_power_of_ten(x, int(y))
        else:
            function = {"add": reals.add, "mul": reals.multiply, "div": reals.divide,
                        "pow": reals.power}.get(routine)
            r = function(x, y) if function else getattr(reals, routine)(x)
    except reals.MathsFault:
        return False, math.nan
    return abs(r) <= reals.REAL_MAX, r


@pytest.mark.parametrize("case", _golden_cases(), ids=lambda c: f"{c[0]}-{c[1]}")
def test_every_maths_routine_agrees_with_the_firmware_to_the_bit(case: list[str]) -> None:
    if case[0] == "int40":  # 12 decimal digits read as a whole number, to a real
        n = int.from_bytes(bytes.fromhex(case[1]), "little")
        assert reals.to_bytes(reals.round_exact(n, 1)).hex() == case[2]
        return
    if case[0] == "digits":
        x = reals.from_bytes(bytes.fromhex(case[1]))
        assert reals.decimal_digits(x) == (int(case[2]), int(case[3]))
        return
    name, x_hex, y_hex, result_hex, done = case
    x, y = reals.from_bytes(bytes.fromhex(x_hex)), reals.from_bytes(bytes.fromhex(y_hex))
    ok, r = _ours(name, x, y)
    assert ok == (done == "1")
    if ok:
        assert reals.to_bytes(r).hex() == result_hex


def test_the_golden_file_covers_every_routine() -> None:
    names = {case[0].partition("/")[0] for case in _golden_cases()}
    assert names == {"add", "mul", "div", "exp10", "digits", "int40", "sin", "cos", "tan", "atn",
                     "log", "log10", "exp", "sqr", "pow"}


# --- the 5-byte format ------------------------------------------------------------------------
def test_constants_of_the_rom_decode_to_their_values() -> None:
    # FPMaths.asm: PI_const, ONE_const and the powers of ten, by their bytes
    assert reals.from_bytes(bytes.fromhex("a2da0f4982")) == pytest.approx(math.pi, rel=1e-9)
    assert reals.to_bytes(1.0).hex() == "0000000081"
    assert reals.to_bytes(10.0).hex() == "0000002084"
    assert reals.to_bytes(1e9).hex() == "00286b6e9e"
    assert reals.to_bytes(-0.5).hex() == "0000008080"
    assert reals.to_bytes(0.0) == bytes(5)


reals_strategy = st.builds(
    lambda m, e, negative: math.ldexp((m | 1 << 31) * (-1 if negative else 1), e - 32),
    st.integers(0, 2**31 - 1), st.integers(-127, 127), st.booleans(),
)


@given(reals_strategy)
def test_five_bytes_round_trip(x: float) -> None:
    assert reals.from_bytes(reals.to_bytes(x)) == x
    assert len(reals.to_bytes(x)) == 5


def _half_away(q: Fraction) -> Fraction:
    """q rounded to a 32-bit mantissa, half away from zero."""
    if q == 0:
        return Fraction(0)
    sign, q = (-1 if q < 0 else 1), abs(q)
    e = math.floor(math.log2(q))
    while Fraction(2) ** e > q:
        e -= 1
    while Fraction(2) ** (e + 1) <= q:
        e += 1
    scaled = q / Fraction(2) ** (e - 31)
    n = math.floor(scaled)
    if scaled - n >= Fraction(1, 2):
        n += 1
    return sign * n * Fraction(2) ** (e - 31)


moderate = st.builds(
    lambda m, e, negative, short: math.ldexp(((m >> 24 << 24) if short else m | 1 << 31) | 1 << 31,
                                             e - 32) * (-1 if negative else 1),
    st.integers(0, 2**32 - 1), st.integers(-30, 30), st.booleans(), st.booleans(),
)


@given(moderate, moderate)
def test_products_and_quotients_are_the_exact_result_rounded_half_away(a: float, b: float) -> None:
    assert Fraction(reals.multiply(a, b)) == _half_away(Fraction(a) * Fraction(b))
    assert Fraction(reals.divide(a, b)) == _half_away(Fraction(a) / Fraction(b))


@given(moderate, moderate)
def test_sums_of_like_signs_are_the_exact_sum_rounded_half_away(a: float, b: float) -> None:
    b = math.copysign(b, a)
    assert Fraction(reals.add(a, b)) == _half_away(Fraction(a) + Fraction(b))


@given(moderate, moderate)
def test_a_subtraction_is_exact_rounding_or_one_unit_more(a: float, b: float) -> None:
    """The firmware drops the bits of the smaller operand that fall past 40 bits, so
    the difference is the exact one rounded, or one unit further from zero -- and
    exactly rounded whenever the exponents are at most 8 apart."""
    b = -math.copysign(b, a)
    got = Fraction(reals.add(a, b))
    exact = _half_away(Fraction(a) + Fraction(b))
    gap = abs(math.frexp(a)[1] - math.frexp(b)[1])
    if gap <= 8 or gap >= 33:
        if gap <= 8:
            assert got == exact
        return
    unit = Fraction(2) ** (math.frexp(float(exact))[1] - 32) if exact else 0
    assert got == exact or abs(got) == abs(exact) + unit


def test_a_subtraction_the_firmware_truncates() -> None:
    # observed on the OS ROM (tools/cpc_rom_check.py): the exactly rounded difference
    # would end in ...cec8 / ...9b; the firmware's truncated operand gives one unit more
    assert reals.add(float.fromhex("-0x1.cee0c6c800000p+18"), float.fromhex("0x1.b807cf5e00000p-9")) \
        == float.fromhex("-0x1.cee0c69200000p+18")
    assert reals.add(float.fromhex("-0x1.6e846de200000p+19"), float.fromhex("0x1.ca4024b200000p-3")) \
        == float.fromhex("-0x1.6e8466ba00000p+19")


def test_an_operand_33_binary_places_smaller_is_ignored() -> None:
    assert reals.add(-2.0, math.ldexp(1.625, -32)) == -2.0
    assert reals.add(2.0**30, -0.2265625) == 2.0**30
    assert reals.add(2.0**31, 0.5) == 2.0**31 + 1  # 32 apart: the half still counts


@given(moderate, moderate)
def test_the_inlined_operations_agree_with_the_exact_ones(a: float, b: float) -> None:
    add, subtract, multiply, divide = reals.make_operations(lambda r: r, lambda d: math.nan)
    assert add(a, b) == reals.add(a, b)
    assert subtract(a, b) == reals.add(a, -b)
    assert multiply(a, b) == reals.multiply(a, b)
    assert divide(a, b) == reals.divide(a, b)


@given(st.integers(-32768, 32767), st.integers(-32768, 32767))
def test_integers_mixed_into_real_arithmetic_stay_exact(i: int, j: int) -> None:
    add, subtract, multiply, _ = reals.make_operations(lambda r: r, lambda d: math.nan)
    assert add(float(i), j) == i + j and subtract(float(i), j) == i - j
    assert Fraction(multiply(float(i), j)) == _half_away(Fraction(i * j))


# --- reading decimals and printing digits -----------------------------------------------------
@pytest.mark.parametrize("literal, value", [
    ("0.1", float(_half_away(Fraction(1, 10)))),
    ("9.87654321E-5", reals.divide(987654321.0, 1e13)),  # one division by 10^13
    ("1E-5", reals.divide(1.0, 1e5)),
    ("00012.5000", 12.5),
    ("1.5E+3", 1500.0),
])
def test_decimals_are_read_as_digits_then_scaled_by_a_power_of_ten(literal: str, value: float) -> None:
    assert reals.decimal_to_real(literal) == value


def test_digits_past_the_twelfth_are_counted_but_not_read() -> None:
    assert reals.decimal_to_real("123456789012345") == reals.decimal_to_real("123456789012000")
    assert reals.decimal_to_real("1.234567890129") == reals.decimal_to_real("1.23456789012")
    assert reals.decimal_to_real("123456789012345") != reals.decimal_to_real("123456799012345")


@given(st.integers(1, 999_999_999), st.integers(-30, 30))
def test_nine_digit_decimals_read_back_within_a_unit_of_the_format(n: int, k: int) -> None:
    x = reals.decimal_to_real(f"{n}E{k}")
    exact = Fraction(n) * Fraction(10) ** k
    assert abs(Fraction(x) - exact) <= 2 * Fraction(2) ** (math.frexp(x)[1] - 32)


@given(reals_strategy)
def test_printed_digits_are_within_the_formats_rounding(x: float) -> None:
    n, p = reals.decimal_digits(x)
    assert 3_125_000 <= n <= 999_999_999 or n == 0
    shown = Fraction(n) * Fraction(10) ** p
    assert abs(shown - abs(Fraction(x))) <= abs(Fraction(x)) * Fraction(3, 10**8)


def test_47_over_6_prints_its_ninth_digit_from_the_scaled_value() -> None:
    # the quotient is the correctly rounded 7.833333333954...; scaled by 10^9 and
    # then divided by 10 it becomes 783333333.954, which rounds to ...334
    assert reals.divide(47.0, 6.0) == float.fromhex("0x1.f55555560p+2")
    assert reals.decimal_digits(reals.divide(47.0, 6.0)) == (783333334, -8)
