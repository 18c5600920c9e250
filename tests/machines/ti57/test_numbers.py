"""11-digit chopping and the 8-digit display (ti57-notes "Numbers and display")."""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from machines.ti57.numbers import LIMIT, add, div, fit, format_entry, format_number, mul, sub
from tests.machines.ti57.conftest import keyed


def test_add_chops_the_smaller_operand_to_the_larger_ones_grid() -> None:
    two_thirds = div(D(2), D(3))
    assert two_thirds == D("0.66666666666")  # 11 digits, chopped
    assert add(two_thirds, D(-1)) == D("-0.3333333334")  # ten 3s, not 0.33333333334
    assert sub(D(1), two_thirds) == D("0.3333333334")


def test_multiplication_and_division_chop_to_eleven_digits() -> None:
    assert mul(D("1.2345678901"), D(3)) == D("3.7037036703")
    assert div(D(1), D(3)) == D("0.33333333333")
    assert div(D(-1), D(3)) == D("-0.33333333333")  # toward zero
    assert add(D("99999999999"), D(1)) == D("1.0000000000E11")
    assert add(D("99999999999"), D("0.9")) == D("99999999999")


def test_range_errors() -> None:
    assert fit(D("1E100")) == (LIMIT, True)
    assert fit(D("-1E100")) == (-LIMIT, True)
    assert fit(D("1E-100")) == (D("1E-99"), True)
    assert fit(D("9.9999999999E99")) == (LIMIT, False)


@pytest.mark.parametrize(
    ("value", "fix", "sci", "shown"),
    [
        ("20", None, False, "20."),
        ("0.5", None, False, "0.5"),
        ("123456789", None, False, "1.2345679 08"),
        ("99999999.5", None, False, "1. 08"),
        ("0.000000015", None, False, "1.5-08"),
        ("0.0000001", None, False, "0.0000001"),
        ("3.1415926536", None, False, "3.1415927"),
        ("-2.5", None, False, "-2.5"),
        ("0.25", 1, False, "0.3"),
        ("-0.25", 1, False, "-0.3"),
        ("9.99", 1, False, "10.0"),
        ("-0.04", 1, False, "-0.0"),
        ("0", 1, False, "0.0"),
        ("0", None, False, "0."),
        ("45.25", 4, False, "45.2500"),
        ("1.1", 1, False, "1.1"),
        ("9.9999999999E99", 1, False, "9.9 99"),
        ("9.9999999999E99", None, False, "9.9999999 99"),
        ("123456789", 1, False, "1.2 08"),
        ("2", None, True, "2. 00"),
        ("2", 2, False, "2.00"),
        ("-1E-50", None, False, "-1.-50"),
    ],
)
def test_display(value: str, fix: int | None, sci: bool, shown: str) -> None:
    assert format_number(D(value), fix, sci) == shown


def test_a_number_being_keyed_shows_as_typed() -> None:
    assert format_entry("20", False, None, False) == "20"
    assert format_entry("0.0", False, None, False) == "0.0"
    assert keyed("2 0").display == "20"
    assert keyed("0 0 . 0").display == "0.0"
    assert keyed(". 5").display == "0.5"
    assert keyed("1 2 3 4 5 6 7 8 9").display == "12345678"  # 8 digits, the 9th ignored
    assert keyed("0 . 1 2 3 4 5 6 7 8").display == "0.1234567"  # the leading 0 counts
    assert keyed("1 . 5 EE 8 +/-").display == "1.5-08"
    assert keyed("2 EE 1 2 3").display == "2 23"  # the exponent keeps its last two digits
    assert keyed("2 0 =").display == "20."  # completed: with its point


def test_chopping_shows_through_the_keyboard() -> None:
    m = keyed("2 / 3 - 1 =")
    assert m.x == D("-0.3333333334")
    assert m.display == "-0.3333333"
    m = keyed("1 / 3 * 3 =")
    assert m.x == D("0.99999999999")
    assert m.display == "1."  # the display rounds, the inside does not


def test_fix_rounds_the_display_only() -> None:
    m = keyed("2nd Fix 2 2 / 3 =")
    assert m.display == "0.67"
    assert m.x == D("0.66666666666")
    assert keyed("2nd Fix 2 2 / 3 = INV 2nd Fix").display == "0.6666667"
    assert keyed("2nd Fix 2 2 / 3 = 2nd Fix 9").display == "0.6666667"
