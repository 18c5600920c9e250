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

import functools
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
    "to_bytes",
    "from_bytes",
    "MathsFault",
    "sin",
    "cos",
    "tan",
    "atn",
    "log",
    "log10",
    "exp",
    "power",
    "sqr",
    "RND_POWER_ON",
    "rnd_seeded",
    "rnd_next",
    "rnd_value",
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
    if p == 0:
        return math.copysign(0.0, b)
    if p != p or abs(p) == math.inf:
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
    if q == 0:
        return math.copysign(0.0, a)
    if abs(q) == math.inf:
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
            return math.copysign(0.0, b)
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


def make_operations(
    on_overflow: Callable[[float], float], on_division_by_zero: Callable[[float], float],
) -> tuple[Callable[[Any, Any], float], ...]:
    """``add``, ``subtract``, ``multiply`` and ``divide`` for compiled code: the
    functions above with their common case inlined (a sum, product or quotient that a
    float holds exactly or that lies off a half-way point), a result past the largest
    real handed to ``on_overflow(sign)`` and a division by 0 to
    ``on_division_by_zero(dividend)`` (the ROM's maths errors)."""
    exact_add, exact_multiply, exact_divide = add, multiply, divide
    frexp, ldexp, floor, copysign = _frexp, _ldexp, _floor, math.copysign
    two32, lowest, largest = _TWO32, _MIN_EXPONENT, REAL_MAX

    def finish(r: float) -> float:
        if -largest <= r <= largest:
            return r
        return on_overflow(r)

    # Each operation below rounds its float result t = m * 2**32 (m from frexp) the
    # firmware's way: w + (t - w > 0.5) with w = floor(t) is half away from zero for
    # either sign; a float exactly on a half may have been rounded there, so that case
    # (and unlike signs far apart, for the sum) goes to the exact functions above.
    def add_(a: Any, b: Any) -> float:
        s = a + b
        if s == 0:
            return copysign(0.0, b)  # a 0 sum has the second operand's sign (ROM)
        m, e = frexp(s)
        t = m * two32
        w = floor(t)
        d = t - w
        if d == 0:  # a result that fits 32 bits is the firmware's too, truncation or not
            if e < 128:
                return s if e >= lowest else 0.0
            return finish(s)
        if (a < 0) != (b < 0):
            x = a if a > 0 else -a
            y = b if b > 0 else -b
            if x > 256 * y or y > 256 * x:
                if x < y:
                    x, y = y, x
                # exponents more than 8 apart: the firmware truncates the smaller
                # operand to the larger one's 40 bits, and ignores it 33 or more
                # apart; otherwise the result is the exact sum's rounding
                big_exponent = frexp(x)[1]
                r = ldexp(y, 40 - big_exponent)
                if r != floor(r) or big_exponent - frexp(y)[1] >= 33:
                    return finish(exact_add(a, b))
        if d == 0.5:
            return finish(exact_add(a, b))
        if e < lowest:
            return 0.0
        return finish(ldexp(w + (d > 0.5), e - 32))

    def subtract_(a: Any, b: Any) -> float:
        s = a - b
        if s == 0:
            return copysign(0.0, -float(b))  # a + (-b): the sign of -b
        m, e = frexp(s)
        t = m * two32
        w = floor(t)
        d = t - w
        if d == 0:  # a result that fits 32 bits is the firmware's too, truncation or not
            if e < 128:
                return s if e >= lowest else 0.0
            return finish(s)
        if (a < 0) == (b < 0):
            x = a if a > 0 else -a
            y = b if b > 0 else -b
            if x > 256 * y or y > 256 * x:
                if x < y:
                    x, y = y, x
                # exponents more than 8 apart: the firmware truncates the smaller
                # operand to the larger one's 40 bits, and ignores it 33 or more
                # apart; otherwise the result is the exact sum's rounding
                big_exponent = frexp(x)[1]
                r = ldexp(y, 40 - big_exponent)
                if r != floor(r) or big_exponent - frexp(y)[1] >= 33:
                    return finish(exact_add(a, -b))
        if d == 0.5:
            return finish(exact_add(a, -b))
        if e < lowest:
            return 0.0
        return finish(ldexp(w + (d > 0.5), e - 32))

    def multiply_(a: Any, b: Any) -> float:
        p = a * b
        if p == 0:
            return copysign(0.0, b)  # a 0 product has the second operand's sign (ROM)
        m, e = frexp(p)
        t = m * two32
        w = floor(t)
        d = t - w
        if d == 0:
            if e < 128:
                return p + 0.0 if e >= lowest else 0.0
            return finish(p)
        if d == 0.5:
            return finish(exact_multiply(a, b))
        if e < lowest:
            return 0.0
        return finish(ldexp(w + (d > 0.5), e - 32))

    def divide_(a: Any, b: Any) -> float:
        try:
            q = a / b
        except ZeroDivisionError:
            return on_division_by_zero(a)
        if q == 0:
            return copysign(0.0, a)  # a 0 quotient keeps the dividend's sign (ROM)
        m, e = frexp(q)
        t = m * two32
        w = floor(t)
        d = t - w
        if d == 0:
            if e < 128:
                return q if e >= lowest else 0.0
            return finish(q)
        if d == 0.5:
            return finish(exact_divide(a, b))
        if e < lowest:
            return 0.0
        return finish(ldexp(w + (d > 0.5), e - 32))

    return add_, subtract_, multiply_, divide_


def _unchanged(x: float) -> float:
    return x


def _no_division_by_zero(dividend: float) -> float:
    raise ZeroDivisionError  # the series below never divide by 0: they test first


def _remembered(function: Callable[..., float]) -> Callable[..., float]:
    """The series functions are pure and cost some fifty rounded operations each in
    Python, so their last results are kept: a program often asks again for the same
    value (a table of angles, a loop converging on a fixed point)."""
    return functools.lru_cache(maxsize=512)(function)  # type: ignore[return-value]


# the series below use the inlined operations (same results as add, multiply, divide)
_add, _subtract, _multiply, _divide = make_operations(_unchanged, _no_division_by_zero)


# --- the 5-byte format ----------------------------------------------------------------------
def to_bytes(x: float) -> bytes:
    """A real as the CPC stores it: 4 mantissa bytes, low first, the top bit of the
    last one the sign (the mantissa's own top bit is implied), then the exponent + 128."""
    if x == 0:
        return bytes(5)
    m, e = _frexp(abs(x))
    mantissa = int(m * _TWO32)
    mantissa = (mantissa & 0x7FFFFFFF) | (0x80000000 if x < 0 else 0)
    return mantissa.to_bytes(4, "little") + bytes([e + 128])


def from_bytes(data: bytes) -> float:
    """The real held in 5 bytes (exponent 0 is zero, whatever the mantissa)."""
    if data[4] == 0:
        return 0.0
    mantissa = int.from_bytes(data[:4], "little")
    value = _ldexp(float(mantissa | 0x80000000), data[4] - 128 - 32)
    return -value if mantissa & 0x80000000 else value


def _constant(*data: int) -> float:
    return from_bytes(bytes(data))


class MathsFault(Exception):
    """A firmware maths routine gave up: ``code`` is the BASIC error it means
    (Overflow, Division by zero, Improper argument) and ``value`` what the routine
    left in the accumulator, which BASIC goes on with after an Overflow or Division
    by zero message."""

    def __init__(self, code: int, value: float) -> None:
        super().__init__(code, value)
        self.code = code
        self.value = value


_OVERFLOW, _DIVISION_BY_ZERO, _IMPROPER_ARGUMENT = 6, 11, 5

# the firmware's constants (FPMaths.asm, by their bytes)
_HALF = _constant(0x00, 0x00, 0x00, 0x00, 0x80)
_ONE = 1.0
_HALF_PI = _constant(0xA2, 0xDA, 0x0F, 0x49, 0x81)  # 1.57079633
_ONE_OVER_PI = _constant(0x6E, 0x83, 0xF9, 0x22, 0x7F)  # 0.318309886
_ONE_OVER_180 = _constant(0xB6, 0x60, 0x0B, 0x36, 0x79)  # 5.55556E-03
_PI_OVER_180 = _constant(0x13, 0x35, 0xFA, 0x0E, 0x7B)  # 1.74533E-02
_180_OVER_PI = _constant(0xD3, 0xE0, 0x2E, 0x65, 0x86)  # 57.2957795
_SIN_SERIES = (
    _constant(0x1B, 0x2D, 0x1A, 0xE6, 0x6E), _constant(0xF8, 0xFB, 0x07, 0x28, 0x74),
    _constant(0x01, 0x89, 0x68, 0x99, 0x79), _constant(0xE1, 0xDF, 0x35, 0x23, 0x7D),
    _constant(0x28, 0xE7, 0x5D, 0xA5, 0x80), _HALF_PI,
)
_ATN_SERIES = (
    _constant(0xFF, 0xC1, 0x03, 0x0F, 0x77), _constant(0x83, 0xFC, 0xE8, 0xEB, 0x79),
    _constant(0x6F, 0xCA, 0x78, 0x36, 0x7B), _constant(0xD5, 0x3E, 0xB0, 0xB5, 0x7C),
    _constant(0xB0, 0xC1, 0x8B, 0x09, 0x7D), _constant(0xAF, 0xE8, 0x32, 0xB4, 0x7D),
    _constant(0x74, 0x6C, 0x65, 0x62, 0x7D), _constant(0xD1, 0xF5, 0x37, 0x92, 0x7E),
    _constant(0x7A, 0xC3, 0xCB, 0x4C, 0x7E), _constant(0x83, 0xA7, 0xAA, 0xAA, 0x7F),
    _constant(0xFE, 0xFF, 0xFF, 0x7F, 0x80),
)
_LOG_SERIES = (
    _constant(0x4C, 0x4B, 0x57, 0x5E, 0x7F), _constant(0x0D, 0x08, 0x9B, 0x13, 0x80),
    _constant(0x23, 0x93, 0x38, 0x76, 0x80), _constant(0x20, 0x3B, 0xAA, 0x38, 0x82),
)
_ROOT_HALF = _constant(0x34, 0xF3, 0x04, 0x35, 0x80)  # 0.707106781
_LN_2 = _constant(0xF8, 0x17, 0x72, 0x31, 0x80)  # 0.693147181
_LOG10_2 = _constant(0x85, 0x9A, 0x20, 0x1A, 0x7F)  # 0.301029996
_EXP_P = (_constant(0xF4, 0x32, 0xEB, 0x0F, 0x73), _constant(0x08, 0xB8, 0xD5, 0x52, 0x7B), _HALF)
_EXP_Q = (_constant(0x09, 0x60, 0xDE, 0x01, 0x78), _constant(0xF8, 0x17, 0x72, 0x31, 0x7E))
_ONE_OVER_LN_2 = _constant(0x29, 0x3B, 0xAA, 0x38, 0x81)  # 1.44269504
_EXP_MAX = _constant(0xC7, 0x33, 0x0F, 0x30, 0x87)  # 88.0296919
_EXP_MIN = _constant(0xF8, 0x17, 0x72, 0xB1, 0x87)  # -88.7228391


def _binary_exponent(x: float) -> int:
    """The exponent byte less 128 (x not 0): x = 0.1mmm... (binary) * 2^that."""
    return _frexp(x)[1]


def _significant(x: float, limit: int) -> bool:
    """The firmware's test before a series (``x3492_code``): x is not 0 and its binary
    exponent is above ``limit`` (below that the series would change nothing)."""
    return x != 0 and _binary_exponent(x) > limit


def _horner(coefficients: tuple[float, ...], y: float) -> float:
    """``process_inline_parameters``: c0*y^n + ... in Horner's order, each step rounded."""
    p = coefficients[0]
    for c in coefficients[1:]:
        p = _add(_multiply(p, y), c)
    return p


def _nearest_integer(u: float) -> int:
    """``REAL_to_int``: the magnitude rounded half up, with u's sign; too large for 16
    bits is the firmware's failure (None-like, signalled by raising)."""
    magnitude = abs(u)
    if magnitude >= 65535.5:
        raise MathsFault(_IMPROPER_ARGUMENT, u)
    n = int(magnitude)
    if magnitude - n >= 0.5:
        n += 1
    return n if u >= 0 else -n


def _sine_of_half_turns(x: float, turns_per_unit: float, cosine: bool) -> float:
    """``REAL_sin``/``REAL_cosine`` after the tiny-argument test: x in half-turns,
    reduced to the nearest whole number of them, then the odd series in 2f."""
    u = _multiply(x, turns_per_unit)
    if cosine:
        u = _add(u, _HALF)
    n = _nearest_integer(u)
    f = _add(u, -float(n))
    if n & 1:
        f = -f
    if not _significant(f, -24):
        return 0.0
    z = f * 2  # the exponent byte incremented: exact
    return _multiply(_horner(_SIN_SERIES, _multiply(z, z)), z)


@_remembered
def sin(x: float, degrees: bool = False) -> float:
    if not _significant(x, -10 if degrees else -16):
        return _multiply(x, _PI_OVER_180) if degrees else x
    return _sine_of_half_turns(x, _ONE_OVER_180 if degrees else _ONE_OVER_PI, False)


@_remembered
def cos(x: float, degrees: bool = False) -> float:
    x = abs(x)
    if not _significant(x, -10 if degrees else -16):
        return _ONE
    return _sine_of_half_turns(x, _ONE_OVER_180 if degrees else _ONE_OVER_PI, True)


@_remembered
def tan(x: float, degrees: bool = False) -> float:
    """``REAL_tan``: SIN/COS with the firmware's own division (COS 0 is Division by zero)."""
    c = cos(x, degrees)
    s = sin(x, degrees)
    if c == 0:
        raise MathsFault(_DIVISION_BY_ZERO, REAL_MAX if s >= 0 else -REAL_MAX)
    return _divide(s, c)


@_remembered
def atn(x: float, degrees: bool = False) -> float:
    negative = x < 0
    t = abs(x)
    if _significant(t, -16):
        large = _binary_exponent(t) >= 1  # |x| >= 1: the series runs on 1/x
        if large:
            t = _divide(_ONE, t)
        t = _multiply(_horner(_ATN_SERIES, _multiply(t, t)), t)
        if large:
            t = _add(_HALF_PI, -t)
    if degrees:
        t = _multiply(t, _180_OVER_PI)
    return -t if negative else t


def _log(x: float, factor: float) -> float:
    """``REAL_log``: x = m * 2^e with m in [0.707, 1.414), log2(m) by the series in
    t = (m-1)/(m+1), then (e + log2 m) * factor.  x <= 0 is refused as an Overflow."""
    if x <= 0:
        raise MathsFault(_OVERFLOW, x)
    m, e = _frexp(x)
    if m < _ROOT_HALF:
        m *= 2
        e -= 1
    t = _divide(_add(m, -_ONE), _add(m, _ONE))
    log2_m = _multiply(_horner(_LOG_SERIES, _multiply(t, t)), t)
    return _multiply(_add(log2_m, float(e)), factor)


@_remembered
def log(x: float) -> float:
    return _log(x, _LN_2)


@_remembered
def log10(x: float) -> float:
    return _log(x, _LOG10_2)


@_remembered
def exp(x: float) -> float:
    """``REAL_exp``: x / ln 2 split into a nearest integer n and a fraction f, 2^f by
    a rational form, and n added to the exponent byte (which wraps, as on the CPC)."""
    if not _significant(x, -31):
        return _ONE
    if x >= _EXP_MAX:
        raise MathsFault(_OVERFLOW, REAL_MAX)
    if x < _EXP_MIN:
        return 0.0
    u = _multiply(x, _ONE_OVER_LN_2)
    n = _nearest_integer(u)
    f = _add(u, -float(n))
    y = _multiply(f, f)
    p = _horner(_EXP_P, y)
    qf = _multiply(_horner(_EXP_Q, y), f)
    r = _add(_divide(qf, _add(p, -qf)), _HALF)
    if r == 0:
        return 0.0
    m, e = _frexp(r)
    byte = (e + 128 + n + 1) & 0xFF
    if byte == 0:
        return 0.0
    return _ldexp(m, byte - 128)


@_remembered
def power(x: float, y: float) -> float:
    """``REAL_power``: y = 0 gives 1; a whole y below 39 in size by squaring and
    multiplying (then 1/... for a negative y); anything else as EXP(y * LOG(x)),
    a negative x only with a whole y."""
    if y == 0:
        return _ONE
    if x == 0:
        if y > 0:
            return 0.0
        raise MathsFault(_DIVISION_BY_ZERO, REAL_MAX)
    whole = y == int(y) and abs(y) < 2.0**32
    negative = x < 0 and whole and int(abs(y)) & 1 == 1
    base = abs(x)
    if whole and abs(y) < 39:
        count = int(abs(y))
        r = base
        for bit in bin(count)[3:]:
            r = _multiply(r, r)
            if r > REAL_MAX:
                if y < 0:
                    return 0.0
                raise MathsFault(_OVERFLOW, -REAL_MAX if negative else REAL_MAX)
            if bit == "1":
                r = _multiply(r, base)
                if r > REAL_MAX:
                    if y < 0:
                        return 0.0
                    raise MathsFault(_OVERFLOW, -REAL_MAX if negative else REAL_MAX)
        if y < 0:
            if r == 0:
                raise MathsFault(_DIVISION_BY_ZERO, REAL_MAX)
            r = _divide(_ONE, r)
        return -r if negative else r
    if x < 0 and not whole:
        raise MathsFault(_IMPROPER_ARGUMENT, x)
    product = _multiply(log(base), y)
    if product > REAL_MAX or product < -REAL_MAX:
        raise MathsFault(_OVERFLOW, REAL_MAX)
    r = exp(product)
    return -r if negative else r


@_remembered
def sqr(x: float) -> float:
    """``REAL_sqr`` is x^0.5 by REAL_power, i.e. EXP(0.5 * LOG(x))."""
    return power(x, _HALF)


# --- the random number generator (REAL_rnd, REAL_rnd0, REAL_RANDOMIZE_seed) ----------------
# Its state is 32 bits, kept by the firmware as two words (high at &B102, low at &B100).
RND_POWER_ON = 0x89656C07  # REAL_init_random_number_generator, called when BASIC starts


def rnd_seeded(x: float) -> int:
    """The state after ``RANDOMIZE x`` or ``RND(x)`` with x < 0: the power-on state with
    the real's four mantissa bytes (the sign bit in the top one) XORed in; 0 leaves it."""
    return RND_POWER_ON ^ int.from_bytes(to_bytes(x)[:4], "little") if x else RND_POWER_ON


def rnd_next(state: int) -> int:
    """The next state (``REAL_rnd``).  The firmware adds three of the four 16 x 16-bit
    products of a long multiplication by &6C078965 and the constant itself, but takes
    the high word by &6C07 where the low word belongs: so the high word is multiplied
    by &6C07 + &8965 = &F56C, and the low word by &8965 alone."""
    return ((state & 0xFFFF) * 0x8965 + ((state >> 16) * 0xF56C << 16) + 0x6C078965) & 0xFFFFFFFF


def rnd_value(state: int) -> float:
    """The real RND gives (``REAL_rnd0``): the state as a mantissa over 2^32, exactly
    (a 32-bit state fits the mantissa; 0 gives 0)."""
    return state / _TWO32
