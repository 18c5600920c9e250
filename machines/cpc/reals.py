"""The CPC firmware's 5-byte real arithmetic, to the bit.

A real is a 32-bit mantissa (top bit implied, its place holding the sign) and an
exponent byte biased by 128: every such value is exactly a Python float, so reals are
kept as floats and only the *operations* follow the firmware (OS ROM ``FPMaths.asm``,
Bread80/CPC6128-Firmware-Source):

* the firmware works on a 40-bit mantissa (32 bits and a rounding byte) and rounds
  half up on the rounding byte's top bit (``Process_REAL_at_HL``): for products and
  quotients, and sums of like signs, that is the exact result rounded half away
  from zero;
* a subtraction (``REAL_addition`` with unlike signs) first shifts the smaller
  operand right into those 40 bits and drops what falls off, so when the exponents
  differ by more than 8 the difference is taken from a truncated operand and can
  come out one unit above the exact result's rounding;
* decimal text is read as up to 12 significant digits, an exact integer rounded to a
  real, then scaled by the firmware's powers of ten (10^1..10^13, 10^13 at a time)
  with rounded multiplications or divisions (BASIC ``convert_decimal``, firmware
  ``REAL_10A``);
* a real is printed from 9 decimal digits got the same way: scaled by powers of ten
  into 999999999.5 > x >= 3124999.98, then rounded to an integer
  (``REAL_prepare_for_decimal``), which is why 47/6 prints 7.83333334.

Overflow and underflow are left to the callers (``numbers.make_to_real``): these
functions return a float that may lie beyond the largest real, or 0 for underflow.
"""

from __future__ import annotations

import math
from typing import Any, Callable

__all__ = [
    "round_exact",
    "add",
    "multiply",
    "divide",
    "scale_by_power_of_ten",
    "decimal_to_real",
    "decimal_digits",
    "make_operations",
    "REAL_MAX",
]

_frexp = math.frexp
_ldexp = math.ldexp
_floor = math.floor
_TWO32 = 4294967296.0
_MIN_EXPONENT = -127  # frexp exponent of the smallest real, 0.5 * 2**-127
REAL_MAX = (1 - 2.0**-32) * 2.0**127  # largest 5-byte real, about 1.70141183E+38


def round_exact(numerator: int, denominator: int) -> float:
    """The positive or negative rational numerator/denominator rounded to a 32-bit
    mantissa, half away from zero (0 below the smallest real; a value past the largest
    real is returned as is, above REAL_MAX, for the caller to report)."""
    if numerator == 0:
        return 0.0
    negative = (numerator < 0) != (denominator < 0)
    n, d = abs(numerator), abs(denominator)
    # scale so that the quotient has 33 integer bits: 32 kept and the half bit
    shift = 33 - (n.bit_length() - d.bit_length())
    q = (n << shift) // d if shift >= 0 else n // (d << -shift)
    if q >> 33:
        q >>= 1
        shift -= 1
    elif not q >> 32:
        shift += 1
        q = (n << shift) // d if shift >= 0 else n // (d << -shift)
    mantissa = (q >> 1) + (q & 1)
    r = _ldexp(float(mantissa), -(shift - 1))
    if r and _frexp(r)[1] < _MIN_EXPONENT:
        return 0.0
    return -r if negative else r


def _round_float(x: float) -> float:
    """A float rounded half away from zero to 32 bits; ``nan`` when the float sits
    exactly on a half (it may itself have been rounded there: the caller decides)."""
    m, e = _frexp(x)
    t = abs(m) * _TWO32
    whole = _floor(t)
    if t - whole == 0.5:
        return math.nan
    r = _ldexp(_floor(t + 0.5), e - 32)
    if e < _MIN_EXPONENT:
        return 0.0
    return r if m > 0 else -r


def multiply(a: float, b: float) -> float:
    """``REAL_multiplication``: the exact product rounded half away from zero."""
    p = a * b
    if p == 0 or p != p or abs(p) == math.inf:
        return p
    r = _round_float(p)
    if r == r:
        return r
    na, da = a.as_integer_ratio()
    nb, db = b.as_integer_ratio()
    return round_exact(na * nb, da * db)


def divide(a: float, b: float) -> float:
    """``REAL_division`` (b not 0): the exact quotient rounded half away from zero."""
    q = a / b
    if q == 0 or abs(q) == math.inf:
        return q
    r = _round_float(q)
    if r == r:
        return r
    na, da = a.as_integer_ratio()
    nb, db = b.as_integer_ratio()
    return round_exact(na * db, da * nb)


def add(a: float, b: float) -> float:
    """``REAL_addition``.  Like signs, or unlike ones whose magnitudes are within a
    factor 256 (exponents at most 8 apart, so nothing is dropped): the exact sum
    rounded half away from zero.  Otherwise the firmware's subtraction is followed
    step by step on integers."""
    if a == 0:
        return float(b)
    if b == 0:
        return float(a)
    if (a > 0) == (b > 0) or (abs(a) <= 256 * abs(b) and abs(b) <= 256 * abs(a)):
        s = a + b
        if s == 0:
            return 0.0
        r = _round_float(s)
        if r == r:
            return r
        na, da = a.as_integer_ratio()
        nb, db = b.as_integer_ratio()
        return round_exact(na * db + nb * da, da * db)
    return _subtract_truncated(a, b)


def _subtract_truncated(a: float, b: float) -> float:
    """Unlike signs, exponents more than 8 apart: the smaller mantissa is shifted right
    into 40 bits (32 and a rounding byte) and what falls off is lost; the difference
    is normalised and rounded on the rounding byte's top bit."""
    big, small = (a, b) if abs(a) >= abs(b) else (b, a)
    mb, eb = _frexp(abs(big))
    ms, es = _frexp(abs(small))
    gap = eb - es
    if gap >= 33:  # the smaller operand is ignored altogether
        return float(big)
    big40 = int(mb * _TWO32) << 8
    small40 = (int(ms * _TWO32) << 8) >> gap
    r = big40 - small40  # positive: the gap is more than 8
    exponent = eb
    while not r >> 39:
        r <<= 1
        exponent -= 1
    mantissa = (r >> 8) + ((r >> 7) & 1)
    value = _ldexp(float(mantissa), exponent - 32)
    if exponent < _MIN_EXPONENT:
        return 0.0
    return value if big > 0 else -value


# powers of ten as the firmware holds them (``powers_of_10_constants``: all exact)
_POWERS_OF_TEN = tuple(float(10**k) for k in range(14))


def scale_by_power_of_ten(x: float, k: int) -> float:
    """x * 10^k the firmware's way (``REAL_exp_A``): by 10^13 as often as needed,
    then by the rest, each step a rounded multiplication (k > 0) or division (k < 0)."""
    step = multiply if k > 0 else divide
    k = abs(k)
    while k > 13:
        x = step(x, _POWERS_OF_TEN[13])
        k -= 13
        if x == 0 or abs(x) == math.inf:
            return x
    if k:
        x = step(x, _POWERS_OF_TEN[k])
    return x


_SIGNIFICANT_DIGITS = 12  # the conversion buffer keeps 12 digits (copy_while_decimal_digits)


def decimal_to_real(literal: str) -> float:
    """A non-negative decimal literal (digits, an optional point and an optional
    exponent, as the lexer or VAL found it) converted as BASIC's ``convert_decimal``
    does: 12 significant digits as an exact integer, rounded to a real, then scaled."""
    mantissa, _, exponent_text = literal.upper().partition("E")
    whole, _, fraction = mantissa.partition(".")
    digits = (whole + fraction).lstrip("0")
    places = len(fraction)
    exponent = 0
    if exponent_text:
        sign = -1 if exponent_text.startswith("-") else 1
        magnitude = int(exponent_text.lstrip("+-"))
        exponent = sign * (magnitude if magnitude < 100 else 127)
    if not digits:
        return 0.0
    extra = max(len(digits) - _SIGNIFICANT_DIGITS, 0)
    n = int(digits[:_SIGNIFICANT_DIGITS])
    k = exponent + extra - places
    x = round_exact(n, 1)
    if k:
        x = scale_by_power_of_ten(x, k)
    return x


# REAL_prepare_for_decimal's bounds (bytes f0 1f bc 3e 96 and fe 27 6b 6e 9e)
_LOWER_BOUND = _ldexp(float(0xBEBC1FF0), 0x96 - 128 - 32)  # 3124999.98...
_UPPER_BOUND = _ldexp(float(0xEE6B27FE), 0x9E - 128 - 32)  # 999999999.5


def decimal_digits(x: float) -> tuple[int, int]:
    """``REAL_prepare_for_decimal`` for a real other than 0: an integer N (7 to 10
    digits) and a power of ten p with |x| shown as N * 10^p."""
    x = abs(x)
    binary_exponent = _frexp(x)[1]
    # the firmware's guess of the decimal exponent: 77/256 per binary digit
    power = ((binary_exponent * 77) >> 8) - 9
    if power:
        x = scale_by_power_of_ten(x, -power)
    while x < _LOWER_BOUND:
        x = multiply(x, 10.0)
        power -= 1
    while x >= _UPPER_BOUND:
        x = divide(x, 10.0)
        power += 1
    n = int(x)
    if x - n >= 0.5:  # REAL_to_bin rounds half up
        n += 1
    return n, power


def make_operations(on_overflow: Callable[[float], float]) -> tuple[Callable[[Any, Any], float], ...]:
    """``add``, ``subtract``, ``multiply`` and ``divide`` for compiled code: the
    functions above with their common case inlined (a sum, product or quotient that a
    float holds exactly or that lies off a half-way point), and a result past the
    largest real handed to ``on_overflow(sign)`` (the ROM's maths error)."""
    exact_add, exact_multiply, exact_divide = add, multiply, divide
    frexp, ldexp, floor = _frexp, _ldexp, _floor
    two32, lowest, largest = _TWO32, _MIN_EXPONENT, REAL_MAX

    def finish(r: float) -> float:
        if -largest <= r <= largest:
            return r
        return on_overflow(r)

    def rounded(x: float) -> float:
        """x to 32 bits half away from zero, or nan exactly on a half."""
        m, e = frexp(x)
        if m > 0:
            t = m * two32
            w = floor(t)
            if t - w == 0.5:
                return math.nan
            r = ldexp(floor(t + 0.5), e - 32)
        else:
            t = -m * two32
            w = floor(t)
            if t - w == 0.5:
                return math.nan
            r = -ldexp(floor(t + 0.5), e - 32)
        if e < lowest:
            return 0.0
        if e >= 128:
            return finish(r)
        return r

    def add_(a: Any, b: Any) -> float:
        if (a > 0) == (b > 0) and a and b:
            r = rounded(a + b)
            if r == r:
                return r
        return finish(exact_add(a, b))

    def subtract_(a: Any, b: Any) -> float:
        if (a > 0) != (b > 0) and a and b:
            r = rounded(a - b)
            if r == r:
                return r
        return finish(exact_add(a, -b))

    def multiply_(a: Any, b: Any) -> float:
        p = a * b
        if p:
            r = rounded(p)
            if r == r:
                return r
            return finish(exact_multiply(a, b))
        return 0.0

    def divide_(a: Any, b: Any) -> float:
        q = a / b
        if q:
            r = rounded(q)
            if r == r:
                return r
            return finish(exact_divide(a, b))
        return 0.0

    return add_, subtract_, multiply_, divide_
