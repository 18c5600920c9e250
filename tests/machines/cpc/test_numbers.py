"""Locomotive's numeric model and number printing."""

from __future__ import annotations

from hypothesis import given, strategies as st

from machines.cpc.numbers import format_number, str_number, to_int16, to_real
from tests.machines.cpc.helpers import output


def test_print_puts_a_sign_place_before_and_a_space_after_numbers() -> None:
    assert output("10 PRINT 1;-1;0;\"|\";3.5") == " 1 -1  0 | 3.5 \n"


def test_nine_significant_digits_and_exponent_forms() -> None:
    src = "10 PRINT 1/3:PRINT 2/3:PRINT 123456789:PRINT 1234567890:PRINT 1E9:PRINT 0.001:PRINT -1E20"
    assert output(src) == (
        " 0.333333333 \n 0.666666667 \n 123456789 \n 1.23457E+09 \n 1E+09 \n 0.001 \n-1E+20 \n"
    )


def test_fixed_form_while_at_most_nine_decimals_are_needed() -> None:
    # the ROM's unformatted_scale_and_exp_if_needed: 1E-9 still prints in full, a
    # fraction needing more than 9 decimals switches to the exponent form
    src = "10 PRINT 1E-7:PRINT 1E-9:PRINT 1E-10:PRINT 1/3000:PRINT 0.0123:PRINT 12345.6789"
    assert output(src) == (
        " 0.0000001 \n 0.000000001 \n 1E-10 \n 3.33333E-04 \n 0.0123 \n 12345.6789 \n"
    )


def test_str_has_the_sign_place_but_no_trailing_space() -> None:
    assert str_number(5) == " 5" and str_number(-5) == "-5" and str_number(0.5) == " 0.5"
    assert format_number(2.0) == " 2 "


def test_integer_assignment_rounds_half_away_from_zero() -> None:
    assert output("10 A%=2.5:B%=-2.5:C%=2.49:D%=-0.5:PRINT A%;B%;C%;D%") == " 3 -3  2 -1 \n"
    assert to_int16(32767.4) == 32767


def test_integer_overflow_is_an_error() -> None:
    assert output("10 A%=32767:A%=A%+1") == "Overflow in 10\n"


def test_integer_sums_beyond_16_bits_become_reals() -> None:
    assert output("10 A%=300:PRINT A%*A%") == " 90000 \n"


def test_reals_have_a_32_bit_mantissa() -> None:
    # 2^33+1 needs 34 bits and cannot be held; 2^31+1 (32 bits) can
    assert to_real(2.0**33 + 1) == 2.0**33
    assert to_real(2.0**31 + 1) == 2.0**31 + 1
    assert output("10 A=8589934593:PRINT A-8589934592") == " 0 \n"


def test_division_by_zero_reports_and_continues_without_on_error() -> None:
    assert output("10 A=1/0:PRINT \"GOES ON\";A") == "Division by zero\nGOES ON 1.70141E+38 \n"


@given(st.floats(min_value=-1e30, max_value=1e30, allow_nan=False).filter(lambda x: x == 0 or abs(x) > 1e-37))
def test_rounding_to_the_mantissa_is_stable_and_close(x: float) -> None:
    r = to_real(x)
    assert to_real(r) == r
    assert abs(r - x) <= abs(x) * 2.0**-32


@given(st.integers(min_value=-32768, max_value=32767))
def test_integers_print_like_str(n: int) -> None:
    assert format_number(n) == (" " if n >= 0 else "") + str(n) + " "


def test_real_overflow_reports_and_continues_with_the_largest_real() -> None:
    assert output('10 A=1E38*10:PRINT A;:PRINT "ON"') == "Overflow\n 1.70141E+38 ON\n"
    assert output("10 ON ERROR GOTO 50\n20 A=1E38*10\n30 END\n50 PRINT ERR;ERL:RESUME NEXT") == " 6  20 \n"


def test_integer_products_past_16_bits_print_as_reals() -> None:
    assert output("10 A%=10000:PRINT A%*A%;300*300;STR$(100000*100000)") == " 100000000  90000  1E+10\n"
