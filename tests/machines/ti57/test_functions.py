"""Functions against the original ROM (issue 12).

Every expected value below was read from the TI-57 ROM run instruction by instruction
(the display register's 11 digits and the flashing state), not computed from the
model: a change in the algorithms shows up here digit for digit.
"""

from __future__ import annotations

import pathlib
import re
from decimal import Decimal

import pytest

from machines.ti57 import TI57
from machines.ti57.functions import LN10, ln, square_root

from .conftest import keyed


def _x(keys: str) -> tuple[Decimal, bool, str]:
    m = keyed(keys)
    return m.x, m.flashing, m.display


# --- ')' with no '(' ------------------------------------------------------


@pytest.mark.parametrize(
    "keys, shown",
    [
        ("2 + 3 ) x2 =", "25."),  # the fact
        ("2 * 3 ) + 1 =", "7."),  # neighbours: any pending operation, any later one
        ("2 + 3 * 4 ) =", "14."),
        ("1 + ( 2 + 3 ) ) x2 =", "36."),  # the second ')' finds no '(' left
        ("2 + 3 ) ) =", "5."),
    ],
)
def test_close_parenthesis_without_open_completes_pending_operations(keys: str, shown: str) -> None:
    assert keyed(keys).display == shown


# --- overflow and underflow of y^x and 10^x ----------------------------------


@pytest.mark.parametrize(
    "keys, value, flashing",
    [
        ("1 0 y^x 1 0 0 =", "9.9999999999E99", True),  # the fact
        ("2 y^x 3 3 3 =", "9.9999999999E99", True),
        ("2 y^x 3 3 2 =", "8.7490041555E99", False),
        ("1 0 y^x 9 9 =", "9.9999999305E98", False),  # shows 9.9999999 98
        ("1 0 y^x 1 0 0 +/- =", "9.9999999999E99", True),  # the 10^-100 quirk, through y^x
        ("1 0 0 y^x 5 0 +/- =", "9.9999999999E99", True),
        ("1 0 y^x 1 0 1 +/- =", "1E-99", True),
        ("2 y^x 1 0 0 0 +/- =", "1E-99", True),
        ("1 0 y^x 9 9 +/- =", "1.0000000069E-99", False),
    ],
)
def test_power_overflow_flashes_the_limit(keys: str, value: str, flashing: bool) -> None:
    x, flash, _ = _x(keys)
    assert (x, flash) == (Decimal(value), flashing)


@pytest.mark.parametrize(
    "power, value, flashing",
    [
        ("1 0 0 +/-", "9.9999999999E99", True),  # the facts: -100 overflows,
        ("9 9 +/-", "1.0000000069E-99", False),  # -99 is 1.-99 without error,
        ("1 0 2 +/-", "1E-99", True),  # -102 underflows
        # the rule: x * 2.302585093 chopped; below 1E-99, a product within 1E-5 above
        # a multiple of ln 10 overflows, anything else underflows
        ("1 0 1 +/-", "1E-99", True),
        ("1 1 0 +/-", "9.9999999999E99", True),
        ("1 1 1 +/-", "1E-99", True),
        ("1 2 0 +/-", "9.9999999999E99", True),
        ("1 0 0 . 0 0 0 0 0 1 +/-", "9.9999999999E99", True),
        ("1 0 0 . 0 0 0 0 1 +/-", "1E-99", True),
        ("1 0 0 . 5 +/-", "1E-99", True),
        ("1 0 1 0 +/-", "1E-99", True),
        ("1 0 0 0 +/-", "9.9999999999E99", True),
        ("9 8 +/-", "1.0000000039E-98", False),
        ("1 0 0", "9.9999999999E99", True),
    ],
)
def test_ten_to_the_x_at_the_bottom_of_the_range(power: str, value: str, flashing: bool) -> None:
    x, flash, _ = _x(f"{power} INV 2nd log")
    assert (x, flash) == (Decimal(value), flashing)


@pytest.mark.parametrize(
    "power, value",
    [
        ("4 3", "1E43"),  # the product has 9 decimals below 100: exact
        ("5 0", "1E50"),  # 50 * 2.302585093 has no 9th decimal: exact
        ("4 4", "9.9999999800E43"),  # from 44 on the product loses its 9th decimal
        ("4 5", "9.9999999503E44"),
        ("4 9", "9.9999999305E48"),
        ("4 4 +/-", "1.0000000020E-44"),
    ],
)
def test_ten_to_an_integer_is_exact_while_the_product_keeps_its_digits(power: str, value: str) -> None:
    assert _x(f"{power} INV 2nd log")[0] == Decimal(value)


# --- exactness of the trigonometric functions -----------------------------


@pytest.mark.parametrize(
    "keys",
    ["9 0 2nd cos", "1 8 0 2nd sin", "2nd Grad 1 0 0 2nd cos", "2 7 0 2nd cos", "3 6 0 2nd sin",
     "9 0 +/- 2nd cos", "2nd Grad 2 0 0 2nd sin", "2nd Rad 2nd pi 2nd sin"],
)
def test_trig_is_exactly_zero_on_the_axes(keys: str) -> None:
    x, flash, shown = _x(keys)
    assert x == 0 and not flash and shown == "0."


def test_polar_to_rectangular_at_90_degrees_leaves_exactly_zero_in_t() -> None:
    m = keyed("2 x<>t 9 0 2nd P>R")
    assert m.display == "2." and m.register(7) == 0


def test_polar_to_rectangular_of_pi_radians_shows_zero() -> None:
    m = keyed("2nd Rad 2 x<>t 2nd pi 2nd P>R")
    assert m.display == "0." and m.x == 0 and m.register(7) == Decimal(-2)


def test_cos_30_radians_shows_0_1542515() -> None:
    # true cos 30 = 0.15425144988 would show 0.1542514; the chip loses 30 rad's
    # turns by a long division on 6.283185307 and rotates by its arctan table
    m = keyed("2nd Rad 3 0 2nd cos")
    assert m.x == Decimal("0.15425145072") and m.display == "0.1542515"


@pytest.mark.parametrize(
    "keys, value",
    [  # neighbours read from the ROM: each octant, each angle mode, big and tiny angles
        ("1 2nd sin", "0.017452406284"),
        ("4 5 2nd tan", "1.0000000001"),  # 45 degrees is taken from 90: 1 / 0.99999999986
        ("3 0 2nd cos", "0.86602540407"),
        ("5 3 . 3 7 9 9 +/- 2nd tan", "-1.3455147536"),
        ("2nd Rad 9 4 . 9 0 1 6 2 2nd sin", "0.60823921165"),
        ("2nd Rad 4 0 0 2nd sin", "-0.85091936614"),
        ("2nd Rad 1 EE 5 +/- 2nd sin", "0.00001"),  # below 1E-4 the sine is the angle
        ("2nd Rad 1 EE 3 +/- 2nd sin", "0.00099999980101"),
        ("1 8 0 . 0 0 0 0 1 2nd sin", "-1.7450000017E-7"),
        ("3 6 0 . 0 0 0 0 1 2nd sin", "1.7450000000E-7"),
        ("2nd Grad 5 0 2nd sin", "0.70710678138"),
    ],
)
def test_trig_matches_the_rom_digit_for_digit(keys: str, value: str) -> None:
    assert keyed(keys).x == Decimal(value)


def test_no_binary_floating_point_in_the_machine() -> None:
    root = pathlib.Path(__file__).resolve().parents[3] / "machines" / "ti57"
    for path in root.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"\bfloat\(|\bimport math\b|\bmath\.", text), path.name


# --- the digit-by-digit algorithms ----------------------------------------


@pytest.mark.parametrize(
    "keys, value",
    [
        ("2 sqrt", "1.414213562"),
        ("5 0 sqrt", "7.07106781"),  # odd exponent, top digit taken: only 9 digits
        ("3 3 sqrt", "5.744562646"),  # odd exponent but 10 digits
        ("3 2 sqrt", "5.65685424"),
        ("2 4 9 5 . 1 9 1 7 sqrt", "49.95189385"),
        (". 2 2 6 2 8 3 4 sqrt", "0.47569254770"),
        ("1 INV lnx", "2.7182818301"),  # e
        (". 5 INV 2nd log", "3.1622776605"),
        ("3 y^x 4 =", "80.999999951"),
        ("2 y^x 1 0 =", "1024.0000033"),
        ("7 y^x 2 =", "48.999999971"),
        ("1 . 5 y^x 3 =", "3.3750000099"),
        ("8 INV y^x 3 =", "1.9999999981"),
        ("9 9 . 5 INV 2nd log", "3.1622776491E99"),  # shows 3.1622776 99
        ("2 lnx", "0.6931471810"),
        ("3 lnx", "1.0986122886"),
        ("2 2nd log", "0.30102999585"),
        ("1 2 3 4 5 2nd log", "4.0914910942"),
        ("1 EE 5 0 lnx", "115.12925465"),
        ("1 EE 5 0 +/- lnx", "-115.12925465"),
        ("2 3 0 . 2 5 INV lnx", "9.9152680210E99"),
    ],
)
def test_transcendentals_match_the_rom_digit_for_digit(keys: str, value: str) -> None:
    assert _x(keys)[0] == Decimal(value)


def test_int_of_three_to_the_fourth_is_80() -> None:
    assert keyed("3 y^x 4 = 2nd Int").display == "80."


def test_ten_to_the_99_shows_9_9999999_98() -> None:
    assert keyed("1 0 y^x 9 9 =").display == "9.9999999 98"


def test_ten_to_99_5_shows_3_1622776_99() -> None:
    assert keyed("9 9 . 5 INV 2nd log").display == "3.1622776 99"


def test_e_to_the_x_range() -> None:
    assert _x("2 3 0 . 2 6 INV lnx")[:2] == (Decimal("9.9999999999E99"), True)
    assert _x("2 3 1 +/- INV lnx")[:2] == (Decimal("1E-99"), True)
    assert keyed("2 2 7 +/- INV lnx").display == "2.6010734-99"


def test_ln_is_the_chips_ln10_times_the_exponent_plus_ln_of_the_mantissa() -> None:
    assert ln(Decimal(10)) == LN10
    assert ln(Decimal("1E50")) == Decimal("115.12925465")
    assert ln(Decimal(1)) == 0


@pytest.mark.parametrize("value", ["2", "3", "0.5", "1E-99", "9.9999999999E99", "12345.678", "0.0001"])
def test_square_root_never_exceeds_the_true_root(value: str) -> None:
    """Neighbours of sqrt 2: the chip's root is truncated, with 9 or 10 digits."""
    r = square_root(Decimal(value))
    assert r * r <= Decimal(value)
    assert len(r.normalize().as_tuple().digits) <= 10


def test_functions_complete_a_number_and_keep_pending_operations() -> None:
    m = TI57()
    for k in "2 + 3 x2 =".split():
        m.press(k)
    assert m.display == "11."


@pytest.mark.parametrize(
    "keys, value",
    [  # inverse functions and INV P>R, values read from the ROM
        ("1 INV 2nd tan", "44.999999992"),  # pi/2 - arctan(1/1) on the table
        ("1 INV 2nd sin", "89.999999999"),
        (". 5 INV 2nd sin", "30.000000016"),
        ("1 +/- INV 2nd cos", "179.99999999"),
        ("1 x<>t 1 INV 2nd P>R", "44.999999992"),
        ("4 +/- x<>t 3 +/- INV 2nd P>R", "216.86989763"),
        ("0 x<>t 1 +/- INV 2nd P>R", "-89.999999999"),
        ("0 x<>t 0 INV 2nd P>R", "44.999999992"),  # the origin: 45 degrees, r = 0
    ],
)
def test_inverse_trig_matches_the_rom(keys: str, value: str) -> None:
    assert keyed(keys).x == Decimal(value)


def test_rectangular_to_polar_radius_is_the_chips_root() -> None:
    assert keyed("1 x<>t 1 INV 2nd P>R").register(7) == Decimal("1.414213562")
    assert keyed("4 +/- x<>t 3 +/- INV 2nd P>R").register(7) == 5


@pytest.mark.parametrize(
    "keys, value",
    [  # 11-digit operands: the chip's multiplication and division lose the last digits
        ("2 / 3 = x2", "0.44444444440"),  # exactly 0.44444444442...
        ("1 0 . 2 3 3 2 9 5 / 1 . 5 1 0 3 3 8 8 =", "6.7754963324"),
        ("1 . 0 0 9 1 9 4 + 7 . 4 EE 9 +/- = 1/x", "0.99088975230"),
    ],
)
def test_multiplication_and_division_of_long_operands_follow_the_rom(keys: str, value: str) -> None:
    assert keyed(keys).x == Decimal(value)


def test_variance_is_formed_as_the_rom_forms_it() -> None:
    # (sum y^2 - (sum y)^2 / n) / n with the chip's operations (ROM: 1427434.1594)
    m = keyed("7 9 8 . 0 6 2nd S+ 9 6 . 7 3 6 2nd S+ 2 9 0 8 2nd S+ 2nd s2")
    assert m.x == Decimal("1427434.1594")
