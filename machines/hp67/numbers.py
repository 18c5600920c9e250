"""The HP-67's numbers: a ten-digit decimal mantissa and a two-digit exponent.

Every result is rounded to 10 significant digits, ties away from zero (the
machine's rounding), then brought into range: beyond 9.999999999E99 it
saturates (no error), below 1E-99 it becomes 0.  The C ``decimal`` module does
the arithmetic: binary floating point would break the Othello listing, which
extracts columns as ``FRC(r.c) x 10`` and uses them as exponents of 4.

R→D, the hours-minutes-seconds functions, SIN, COS, TAN, →R, LN, LOG, eˣ, 10ˣ and Yˣ are
computed as the microcode computes them, digit by digit on its 13-digit register (``trig``
for the trigonometry, ``logarithm`` for the logarithms, ``exponential`` for the powers), so
their last digit is the machine's; so are + and -, which drop the smaller operand's digits
beyond that register before rounding.  The inverse trigonometric functions and →P are
computed to 30 digits and rounded once; the microcode's own routines differ from that in
the tenth digit for a few arguments in a hundred (``docs/fidelity/hp67.md``).
"""

from __future__ import annotations

import functools
import math
from typing import Any, Callable
from decimal import (
    ROUND_DOWN,
    ROUND_HALF_UP,
    Context,
    Decimal,
    DivisionByZero,
    Inexact,
    InvalidOperation,
    Overflow,
    Subnormal,
    Underflow,
    localcontext,
)

from machines.hp67 import exponential, logarithm, trig


class MachineError(ArithmeticError):
    """An improper operation: the machine shows ``Error`` (and a running program stops)."""


# The fast context: operators under it round as the machine does; leaving the
# range raises, and the careful path (``fit``) saturates or flushes to zero.
CONTEXT = Context(
    prec=10,
    rounding=ROUND_HALF_UP,
    Emax=99,
    Emin=-99,
    traps=[Overflow, Underflow, Subnormal, DivisionByZero, InvalidOperation],
)
# Same rounding, unbounded exponent: to see how far out of range a result is.
WIDE = Context(prec=10, rounding=ROUND_HALF_UP, Emax=999999, Emin=-999999, traps=[DivisionByZero, InvalidOperation])
# Working precision for transcendental functions, rounded once to 10 digits afterwards.
HIGH = Context(prec=30, rounding=ROUND_HALF_UP, Emax=999999, Emin=-999999, traps=[DivisionByZero, InvalidOperation])

ZERO = Decimal(0)
ONE = Decimal(1)
MAX = Decimal("9.999999999E99")
NEG_MAX = -MAX
PI_HIGH = Decimal("3.14159265358979323846264338327950288")
PI = WIDE.plus(PI_HIGH)  # the pi key: 3.141592654


def fit(value: Decimal) -> Decimal:
    """Round to 10 digits; saturate beyond the largest number; underflow gives 0.

    A saturated result is the very object ``MAX`` or ``NEG_MAX`` (every other result
    is a new object), so ``saturated`` can tell an overflow from a result that merely
    equals 9.999999999E99 -- a running program stops on the first, not on the second.
    """
    value = WIDE.plus(value)
    if not value:
        return ZERO
    exponent = value.adjusted()
    if exponent > 99:
        return MAX if value > 0 else NEG_MAX
    if exponent < -99:
        return ZERO
    return value


def saturated(value: Decimal) -> bool:
    """True if ``value`` is what ``fit`` returned for a result beyond the range (an overflow)."""
    return value is MAX or value is NEG_MAX


def fit_strict(value: Decimal) -> Decimal:
    """Like ``fit`` but overflow is an error (storage arithmetic, checked on the microcode)."""
    value = WIDE.plus(value)
    if value and value.adjusted() > 99:
        raise MachineError("storage arithmetic overflow")
    return fit(value)


def careful(op: Callable[[Decimal, Decimal], Decimal], a: Decimal, b: Decimal) -> Decimal:
    """Redo a binary operation that left the fast context's range (or failed)."""
    try:
        return fit(op(a, b))
    except (DivisionByZero, InvalidOperation) as exc:
        raise MachineError(str(exc)) from None


# The fast context for + and -: like CONTEXT, but a sum that is not exact also traps, and
# goes to ``aligned_sum``.  Only a rounded sum can differ from the machine's.
SUM = CONTEXT.copy()
SUM.traps[Inexact] = True
_ALIGN = Context(prec=30, rounding=ROUND_DOWN, Emax=999999, Emin=-999999)


def _cut(small: Decimal, exponent: int) -> Decimal:
    """``small`` shifted into the 13-digit register of a number of ``exponent``: the
    digits that fall out are dropped (toward zero)."""
    return _ALIGN.quantize(small, _ALIGN.scaleb(ONE, exponent - 12))


def aligned_sum(a: Decimal, b: Decimal) -> Decimal:
    """a + b as the microcode adds: the operand of the smaller exponent is shifted right
    in the 13-digit register of the other, the digits shifted out are dropped, and only
    then is the sum rounded (half up, WIDE).  1 - 3.046019501E-4 is 0.9996953981, from
    0.999695398050, not 0.9996953980 (issue 40, rule 12; microcode)."""
    if a and b:
        ea, eb = a.adjusted(), b.adjusted()
        if ea - eb > 3:  # nearer exponents keep every digit of both
            b = _cut(b, ea)
        elif eb - ea > 3:
            a = _cut(a, eb)
    return WIDE.add(a, b)


def aligned_difference(a: Decimal, b: Decimal) -> Decimal:
    return aligned_sum(a, WIDE.minus(b))


def add(a: Decimal, b: Decimal) -> Decimal:
    return careful(aligned_sum, a, b)


def sub(a: Decimal, b: Decimal) -> Decimal:
    return careful(aligned_difference, a, b)


def mul(a: Decimal, b: Decimal) -> Decimal:
    return careful(WIDE.multiply, a, b)


def div(a: Decimal, b: Decimal) -> Decimal:
    if not b:
        raise MachineError("division by zero")
    return careful(WIDE.divide, a, b)


def is_integer(x: Decimal) -> bool:
    return x == x.to_integral_value(ROUND_DOWN)


def integer_part(x: Decimal) -> Decimal:
    return x.to_integral_value(ROUND_DOWN) + ZERO  # + 0 drops a negative zero


def fraction_part(x: Decimal) -> Decimal:
    return WIDE.subtract(x, x.to_integral_value(ROUND_DOWN)) + ZERO


# -- functions computed in 30 digits and rounded once -------------------------------------


def _high(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Run ``fn`` in the 30-digit context and fit its result(s) to the machine."""

    @functools.wraps(fn)
    def wrapper(*args: Any) -> Any:
        try:
            with localcontext(HIGH):
                result = fn(*args)
        except (DivisionByZero, InvalidOperation) as exc:
            raise MachineError(str(exc)) from None
        if isinstance(result, tuple):
            return tuple(fit(r) for r in result)
        return fit(result)

    return wrapper


@_high
def sqrt(x: Decimal) -> Decimal:
    if x < 0:
        raise MachineError("square root of a negative number")
    return x.sqrt()


def ln(x: Decimal) -> Decimal:
    """LN as the microcode computes it (``logarithm``): π LN is 1.144729886."""
    if x <= 0:
        raise MachineError("logarithm of a number <= 0")
    return fit(logarithm.ln(x))


def log10(x: Decimal) -> Decimal:
    """LOG: the microcode's 13-digit LN divided by its ln 10; π LOG is 0.4971498727, not
    the correctly rounded 0.4971498728 (issue 40, rule 12)."""
    if x <= 0:
        raise MachineError("logarithm of a number <= 0")
    return fit(logarithm.log10(x))


def exp(x: Decimal) -> Decimal:
    """eˣ as the microcode computes it (``exponential``): 2 eˣ is 7.389056099."""
    return fit(exponential.exp(x))


@functools.lru_cache(maxsize=1024)
def power(y: Decimal, x: Decimal) -> Decimal:
    """Yˣ: eˣ of x times the microcode's 13-digit LN of y, so 7 ENTER 89 Yˣ is
    1.635782512E75, not the correctly rounded ...513 (issue 40, rule 12).  A negative y
    needs an integer x and gives the sign of its odd powers; 0 needs x > 0.

    Remembered: the digit-by-digit route is slow, and a program tends to raise the same
    few numbers to the same few powers (the Othello listing's 4^column)."""
    if not y:
        if x > 0:
            return ZERO
        raise MachineError("0 to a power <= 0")
    result = fit(exponential.power(y, x))
    if y > 0:
        return result
    if not is_integer(x):
        raise MachineError("negative number to a non-integer power")
    if not result or x.adjusted() >= 10 or not int(x) % 2:  # beyond 10 digits x is even
        return result
    return NEG_MAX if result is MAX else -result


def ten_to(x: Decimal) -> Decimal:
    """10ˣ: eˣ of x times the ROM's ln 10, truncated to 13 digits."""
    return fit(exponential.ten_to(x))


@_high
def factorial(x: Decimal) -> Decimal:
    if x < 0 or not is_integer(x):
        raise MachineError("factorial of a negative or non-integer number")
    if x >= 70:
        return MAX * 10  # saturates
    return Decimal(math.factorial(int(x)))


# -- angles ----------------------------------------------------------------------------

# SIN, COS, TAN and →R are the microcode's own digit-by-digit routines (``trig``): its
# exact reduction with pi/4 = 0.7853981633975, pseudo-division by its atan 10^-j table,
# pseudo-multiplication, 13-digit division and 12-digit square root, rounded once.  So
# DEG and GRD are exact at quarter turns (cos 90 = 0, TAN 90 overflows), and in RAD
# sin(3.141592654) is -4.1E-10, not the true -4.102067615E-10 (issue 40, rule 12).


def sin(x: Decimal, mode: str) -> Decimal:
    return fit(trig.sine(x, mode))


def cos(x: Decimal, mode: str) -> Decimal:
    return fit(trig.sine(x, mode, cosine=True))


def tan(x: Decimal, mode: str) -> Decimal:
    t = trig.tan(x, mode)
    return MAX if t is None else fit(t)  # TAN 90 deg: 9.999999999E99 whatever the sign


# SIN⁻¹, COS⁻¹, TAN⁻¹ and →P are the microcode's routine too (``trig``, ROM 04402 to
# 04730): the atan table run backwards, π/2 = 1.570796326795, the degrees and grads by a
# long division by that π/2, so TAN⁻¹ 1 is 45 exactly and π/4 in RAD is 0.7853981634.


def atan(x: Decimal, mode: str) -> Decimal:
    return fit(trig.arctangent(x, mode))


def asin(x: Decimal, mode: str) -> Decimal:
    if abs(x) > 1:
        raise MachineError("arc sine of a number beyond 1")
    return fit(trig.arcsine(x, mode))


def acos(x: Decimal, mode: str) -> Decimal:
    if abs(x) > 1:
        raise MachineError("arc cosine of a number beyond 1")
    return fit(trig.arccosine(x, mode))


def to_polar(x: Decimal, y: Decimal, mode: str) -> tuple[Decimal, Decimal]:
    """(r, theta) from rectangular (x, y), as the microcode computes them."""
    r, theta = trig.polar(x, y, mode)
    return fit(r), fit(theta)


def to_rectangular(r: Decimal, theta: Decimal, mode: str) -> tuple[Decimal, Decimal]:
    """(x, y) from polar (r, theta), as the microcode computes them."""
    x, y = trig.rectangular(r, theta, mode)
    return fit(x), fit(y)


# -- degrees and radians -----------------------------------------------------------------

# The microcode's quarter turn in radians, pi/4 to 13 digits (a constant of the ROM).
QUARTER_PI_13 = 7853981633975


def radians_to_degrees(x: Decimal) -> Decimal:
    """R→D as the microcode does it: x / (pi/4) by a 13-place long division whose first
    quotient place may be 0 (so 12 or 13 significant digits, the rest dropped), times 45,
    rounded once (1 2 R→D is 687.5493542; issue 40, rule 12; 300 random cases)."""
    if not x:
        return ZERO
    mantissa, e = _register(x)
    quotient = (mantissa * 10**12) // QUARTER_PI_13
    result = fit(Decimal(quotient * 45).scaleb(e - 11, WIDE))
    return result if x > 0 else (-result if not saturated(result) else NEG_MAX)


def degrees_to_radians(x: Decimal) -> Decimal:
    """D→R: x / 57.2957795131, rounded once (matches the microcode on 300 random cases)."""
    return div(x, Decimal("57.2957795131"))


# -- hours, minutes, seconds -----------------------------------------------------------
#
# The microcode converts between hours and H.MMSS digit by digit on its 13-digit
# register (issue 40, rule 12; read from the HP-67 ROM and checked on 400 random cases
# each).  The 10-digit mantissa sits in digits 12..3; P marks the lowest digit of the
# hours, or of the minutes for the second pass.  →HMS multiplies the digits below P by
# 0.6 as ``F - 4 * (F // 10)`` (a shift right drops a digit) and rounds at digit 3;
# HMS→ divides by 0.6 as ``F + c + c/10 + c/100 ...`` with c = 0.6 F, each shift
# dropping a digit, and rounds once at the end.


def _register(x: Decimal) -> tuple[int, int]:
    """|x| as (13-digit register mantissa, exponent): 2.5 -> (2500000000000, 0)."""
    a = abs(x)
    e = a.adjusted()
    return int(a.scaleb(9 - e)) * 1000, e


def _hms_passes(e: int, first: int) -> tuple[int, int]:
    """The two values of P for a number of exponent e (the microcode counts them from 12)."""
    p = 12 if e <= -3 else first - e
    return (p, 13) if p + 1 == 13 else (p, p + 2)


def unconverted(x: Decimal) -> Decimal:
    """x with no fraction left to convert, as a new object: an X that overflowed on an
    earlier step is no new overflow (``saturated`` tells by identity), so a running program
    goes on past HMS→ or →HMS of it (microcode; a random program resumed after N! overflowed)."""
    return x.copy_sign(x)


def to_hms(x: Decimal) -> Decimal:
    """Decimal hours to H.MMSSss as the microcode does it."""
    if not x or x.adjusted() >= 9:
        return unconverted(x)
    r, e = _register(x)
    for p in ((13, 12) if e <= -3 else (11 - e, 9 - e)):
        field = 10 ** (p + 1)
        f = r % field
        r += (f - 4 * (f // 10)) - f  # x 0.6 below P
        r += r % 1000  # rounded at digit 3
        r -= r % 1000
    result = fit(Decimal(r // 1000).scaleb(e - 9, WIDE))
    return -result if x < 0 else result


def from_hms(x: Decimal) -> Decimal:
    """H.MMSSss to decimal hours as the microcode does it."""
    if not x or x.adjusted() >= 9:
        return unconverted(x)
    r, e = _register(x)
    done = 0
    for p in _hms_passes(e, 9):
        field = 10 ** (p + 1)
        f = ((r % field) // 10 + done) % field
        done, c = f, f - 4 * (f // 10)
        while True:  # f / 0.6 = f + 0.6 f (1 + 1/10 + 1/100 ...)
            done = (done + c) % field
            c //= 10
            if not c:
                break
        r -= r % field
    r += 10 * done
    while r >= 10**13:
        r //= 10
        e += 1
    while r < 10**12:
        r *= 10
        e -= 1
    r += 500  # rounded once, at digit 3
    if r >= 10**13:
        r //= 10
        e += 1
    result = fit(Decimal(r // 1000).scaleb(e - 9, WIDE))
    return -result if x < 0 else result


def hms_add(y: Decimal, x: Decimal) -> Decimal:
    """HMS+: both to hours, added and rounded to ten digits, back to H.MMSS (microcode),
    so minutes or seconds of 60 or more carry: 0 HMS+ 0.8 is 1.2 (issue 40, rule 9)."""
    hours = fit(WIDE.add(from_hms(y), from_hms(x)))
    return hours if saturated(hours) else to_hms(hours)  # the sum's overflow stops a program


# -- the display -----------------------------------------------------------------------


def _mantissa_exponent(a: Decimal, decimals: int) -> tuple[Decimal, int]:
    """|a| > 0 as m x 10^e with 1 <= m < 10 rounded to ``decimals`` places."""
    e = a.adjusted()
    m = a.scaleb(-e).quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP)
    if m >= 10:
        e += 1
        m = (m / 10).quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP)
    return m, e


def _without_exponent_carry(a: Decimal, decimals: int) -> tuple[Decimal, int, int]:
    """(mantissa, exponent, decimals) of the display of ``a``, with as many more decimals
    as it takes for the rounding not to carry the exponent past 99."""
    m, e = _mantissa_exponent(a, decimals)
    while e > 99 and decimals < 9:
        decimals += 1
        m, e = _mantissa_exponent(a, decimals)
    return m, e, decimals


def _fixed(m: Decimal, decimals: int) -> str:
    text = f"{m:.{decimals}f}"
    return text if decimals else text + "."


def _exponent(e: int) -> str:
    return f" -{-e:02d}" if e < 0 else f" {e:02d}"


def format_number(value: Decimal, mode: str, digits: int) -> str:
    """The LED text of ``value`` in FIX, SCI or ENG with ``digits`` (DSP n) decimals."""
    sign = "-" if value < 0 else ""
    a = abs(value)
    if mode == "FIX":
        if not a:
            return _fixed(ZERO, digits)
        integer_digits = max(a.adjusted() + 1, 1)
        if a.adjusted() < 10:
            decimals = min(digits, 10 - integer_digits)
            q = a.quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP)
            if q:  # too small for FIX n: the machine falls back to SCI with all nine decimals
                return sign + _fixed(q, decimals)
        mode, digits = "SCI", 9
    if not a:
        return _fixed(ZERO, digits) + _exponent(0)
    m, e = _mantissa_exponent(a, digits)
    if e > 99:
        # Rounding for the display would carry the exponent to 100: the machine rounds one
        # digit further right instead, until it does not carry -- 9.99612E99 in SCI 2 shows
        # 9.996 99, 9.999999999E99 all ten digits (issue 40, HP-67 rule 7, microcode).
        m, e, digits = _without_exponent_carry(a, digits)
        return sign + _fixed(m, digits) + _exponent(e)
    if mode == "SCI":
        return sign + _fixed(m, digits) + _exponent(e)
    # ENG: n+1 significant digits, exponent a multiple of three
    shift = e % 3
    decimals = max(digits - shift, 0)
    return sign + _fixed(m.scaleb(shift), decimals) + _exponent(e - shift)


def round_to_display(value: Decimal, mode: str, digits: int) -> Decimal:
    """RND: the number rounded to the digits the display format keeps.

    In FIX that is n decimals even when the display has fallen back to SCI because
    the number rounds to zero there: 1E-9 in FIX 2 shows 1.000000000 -09 but RND
    gives 0 (issue 40, HP-67 rule 2, microcode).  Beyond ten integer digits FIX has
    no decimals left and the number stays as it is.
    """
    a = abs(value)
    if not a:
        return ZERO
    if mode == "FIX":
        if a.adjusted() < 10:
            decimals = min(digits, 10 - max(a.adjusted() + 1, 1))
            q = a.quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP)
            return fit(q if value > 0 else -q)
        mode, digits = "SCI", 9  # too large for FIX: shown in SCI with nine decimals
    m, e, _ = _without_exponent_carry(a, digits)  # ENG shows the same n+1 significant digits as SCI
    r = m.scaleb(e)
    return fit(r if value > 0 else -r)
