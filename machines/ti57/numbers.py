"""The TI-57's number model: 11 significant digits inside, chopped; 8 shown.

Facts (ti57-notes.md, "Numbers and display", and the ROM traced for issue 12): + and
- chop (truncate toward zero) to 11 digits, first chopping the smaller operand to
the larger one's 11-digit grid (2/3-1 = -0.3333333334); x and / follow the ROM's
digit loops, which with long operands can leave the last digit a unit or two off
the chopped exact result (see mul, div); the exponent runs -99..99; an overflow
leaves +-9.9999999999E99, an underflow 1E-99, and both are errors.  The display
rounds half away from zero to 8 digits.

Values are ``decimal.Decimal`` computed in explicit contexts (never the thread's
default context) or exact integers: no binary floating point.
"""

from __future__ import annotations

from decimal import ROUND_DOWN, ROUND_HALF_UP, Context, Decimal
from functools import lru_cache
from itertools import repeat

__all__ = [
    "CHOP",
    "WIDE",
    "ZERO",
    "ONE",
    "LIMIT",
    "TINY",
    "PI",
    "chop",
    "fit",
    "add",
    "sub",
    "mul",
    "product",
    "div",
    "divide",
    "quotient_underflow",
    "toward_zero",
    "display_overflows",
    "format_number",
    "shown_value",
    "format_entry",
]

DIGITS = 11
CHOP = Context(prec=DIGITS, rounding=ROUND_DOWN, Emax=999_999, Emin=-999_999, traps=[])
WIDE = Context(prec=60, rounding=ROUND_DOWN, Emax=999_999, Emin=-999_999, traps=[])
ROUND8 = Context(prec=8, rounding=ROUND_HALF_UP, Emax=999_999, Emin=-999_999, traps=[])
ZERO = Decimal(0)
ONE = Decimal(1)
LIMIT = Decimal("9.9999999999E99")
TINY = Decimal("1E-99")
PI = Decimal("3.1415926536")
_QUANTUM = {e: Decimal(1).scaleb(e) for e in range(-140, 130)}

_chop_plus = CHOP.plus
_wide_abs = WIDE.abs
_wide_mul = WIDE.multiply
_chop10_plus = Context(prec=10, rounding=ROUND_DOWN, Emax=999_999, Emin=-999_999, traps=[]).plus
_wide_add = WIDE.add
_chop_add = CHOP.add
_chop_mul = CHOP.multiply
_TEN_TO_10 = 10**10
_TEN_TO_11 = 10**11


def chop(value: Decimal) -> Decimal:
    """Truncate to 11 significant digits (no range check)."""
    return _chop_plus(value)


def fit(value: Decimal) -> tuple[Decimal, bool]:
    """Bring a chopped result into the machine's range; True when that is an error."""
    if not value:
        return ZERO, False
    e = value.adjusted()
    if e > 99:
        return (LIMIT if value > 0 else -LIMIT), True
    if e < -99:
        return (TINY if value > 0 else -TINY), True
    return value, False


def product(a: Decimal, b: Decimal) -> tuple[Decimal, bool]:
    """a x b as the chip's multiplication ends: in range, or the error.  It underflows
    as soon as the exponents' sum is below -99, even when the mantissas' product would
    bring it back to -99 (3E-50 x 4E-50 is 1E-99, flashing: ROM), and overflows at a sum
    of 99 as soon as the loop's sum does (_sum_overflows)."""
    if a and b:
        exponent = a.adjusted() + b.adjusted()
        if exponent < -99:
            return (TINY if (a < 0) == (b < 0) else -TINY), True
        if exponent == 99 and _sum_overflows(a, b):
            return (LIMIT if (a < 0) == (b < 0) else -LIMIT), True
    return fit(mul(a, b))


def _sum_overflows(a: Decimal, b: Decimal) -> bool:
    """Whether the multiplication loop's 11-digit sum overflows on the way (see mul): the
    chip then shifts it and counts the exponent up at once, so with the exponents summing
    to 99 the product overflows although the mantissas' product may be below 10 (1.5 x
    2E99 and 1.05 x 2E99 flash, 2E99 x 1.5 and 1.2 x 4E99 do not: ROM)."""
    multiplier = int(_wide_abs(a).scaleb(10 - a.adjusted()))
    multiplicand = int(_wide_abs(b).scaleb(10 - b.adjusted()))
    acc = 0
    for k in range(11):
        acc += multiplier % 10 * multiplicand
        if acc >= _TEN_TO_11:
            return True
        multiplier //= 10
        if k < 10:
            acc //= 10
    return False


def add(a: Decimal, b: Decimal) -> Decimal:
    """a + b as the TI-57 does it: the smaller operand is first chopped to the
    larger one's 11-digit grid, then the exact sum is chopped.  No range check.

    With equal signs chopping first changes nothing (the sum is at least as large
    as the larger operand, so its grid is as coarse, and truncations nest): one
    chopped addition.  With opposite signs the smaller operand is chopped first
    (2/3 - 1 = -0.3333333334, not -0.33333333334)."""
    if not b:
        return a
    if not a:
        return b
    if a.is_signed() == b.is_signed():
        return _chop_add(a, b)
    ea = a.adjusted()
    eb = b.adjusted()
    if ea >= eb:
        b = b.quantize(_quantum(ea - 10), ROUND_DOWN, WIDE)
    else:
        a = a.quantize(_quantum(eb - 10), ROUND_DOWN, WIDE)
    r = _chop_add(a, b)
    return r if r else ZERO


def _quantum(exponent: int) -> Decimal:
    q = _QUANTUM.get(exponent)
    return q if q is not None else Decimal(1).scaleb(exponent)


_MINUS_ONE = Decimal(-1)


def toward_zero(r: Decimal) -> Decimal:
    """Dsz's step on R0: magnitude down by 1, or 0 if that would change the sign.

    For |r| < 1E11 the 1 lies on r's 11-digit grid, so one chopped addition is the
    TI-57's sum exactly; beyond, the 1 is chopped away first (add)."""
    if r >= ONE:
        return _chop_add(r, _MINUS_ONE) if r.adjusted() <= 10 else add(r, _MINUS_ONE)
    if r <= _MINUS_ONE:
        return _chop_add(r, ONE) if r.adjusted() <= 10 else add(r, ONE)
    return ZERO


def sub(a: Decimal, b: Decimal) -> Decimal:
    return add(a, -b)


def mul(a: Decimal, b: Decimal) -> Decimal:
    """a x b as the chip multiplies, a being the first operand (the pending one in
    ``a * b =``) and b the second (the display).

    The ROM adds the display's 11-digit mantissa once per unit of each digit of
    the first operand, from its last digit up, shifting the 11-digit sum one place
    right after each digit (so the digits shifted out are lost); when the sum
    overflows it is shifted at once and the addend with it.  The product can thus
    end a unit or two below the chopped exact product (1.9267421857 squared is
    3.7123354498, exactly 3.71233545003...).  Operands with few digits (all that a
    keyboard entry has) give the exact product chopped."""
    exact = _wide_mul(a, b)
    r = _chop_plus(exact)
    if r == exact and _chop10_plus(b) == b:
        return r if r else ZERO  # the product fits and nothing is ever shifted out
    return _mul_digits(a, b)


@lru_cache(maxsize=2048)  # programs multiply by the same few values again and again
def _mul_digits(a: Decimal, b: Decimal) -> Decimal:
    """The ROM's multiplication loop (see mul)."""
    exact = _chop_mul(a, b)
    ea = a.adjusted()
    eb = b.adjusted()
    multiplier = int(_wide_abs(a).scaleb(10 - ea))
    multiplicand = int(_wide_abs(b).scaleb(10 - eb))
    if _significant(multiplier) + _significant(multiplicand) <= 11:
        return exact  # no digit is ever shifted out
    acc = 0
    for k in range(11):
        digit = multiplier % 10
        multiplier //= 10
        addend = multiplicand * 100  # two guard places below the 11 digits
        shifted = False
        for _ in repeat(None, digit):
            acc += addend // 100
            if acc >= _TEN_TO_11:
                acc //= 10
                addend //= 10
                shifted = True
        if k < 10 and not shifted:
            acc //= 10
    # acc holds the product's leading 11 digits: place them next to the exact product
    # (one place lower when the truncation crossed a power of ten: 9.99... for 10)
    size = _wide_abs(exact)
    r = Decimal(acc).scaleb(size.adjusted() - len(str(acc)) + 1, WIDE)
    lower = r.scaleb(-1, WIDE)
    if abs(WIDE.subtract(lower, size)) < abs(WIDE.subtract(r, size)):
        r = lower
    return -r if exact.is_signed() else r


def _significant(n: int) -> int:
    """Significant digits of an 11-digit mantissa (trailing zeros dropped)."""
    count = 11
    while count and not n % 10:
        n //= 10
        count -= 1
    return count


@lru_cache(maxsize=2048)  # programs divide by the same few values again and again
def div(a: Decimal, b: Decimal) -> Decimal:
    """a / b as the chip divides; the caller handles b == 0.

    The ROM develops 11 quotient digits by repeated subtraction, shifting the
    *divisor* one place right (and truncating it) for each digit instead of shifting
    the remainder left, so the last digits can come out a unit or two high:
    10.233295 / 1.5103388 = 6.7754963324 (exactly 6.77549633234...).  Checked digit
    for digit against the ROM on 1000 random quotients."""
    if not a:
        return ZERO
    ea = a.adjusted()
    eb = b.adjusted()
    # mantissas as 13-digit integers (units digit at position 12); exact for 11 digits
    remainder = int(_wide_abs(a).scaleb(12 - ea))
    divisor = int(_wide_abs(b).scaleb(12 - eb))
    exponent = ea - eb - 10
    if remainder < divisor:
        divisor //= 10
        exponent -= 1
    if not divisor % _TEN_TO_10:  # no digit of the divisor is ever dropped: plain division
        quotient = remainder * _TEN_TO_10 // divisor
    else:
        quotient = 0
        for _ in repeat(None, 11):
            if divisor:
                digit, remainder = divmod(remainder, divisor)
                quotient = quotient * 10 + digit
                divisor //= 10
            else:
                quotient *= 10
    r = Decimal(quotient).scaleb(exponent, WIDE)
    return -r if a.is_signed() != b.is_signed() else r


def divide(a: Decimal, b: Decimal) -> tuple[Decimal, bool]:
    """a / b with the chip's division by zero, an error that still gives a value:
    0 / 0 = 1 and a / 0 = +-9.9999999999E99 (ti57-notes.md, "Errors"; ROM: the
    same value comes back from the 0th root, 0 INV Prd n and x-bar with n = 0)."""
    if not b:
        if not a:
            return ONE, True
        return (-LIMIT if a < 0 else LIMIT), True
    if a and a.adjusted() - b.adjusted() >= 100:
        # the quotient's exponent is past 99 before its first digit is sought, even when
        # the mantissas' quotient would bring it back: 27 / 9.9E-99 overflows (ROM)
        return (-LIMIT if a.is_signed() != b.is_signed() else LIMIT), True
    q = div(a, b)
    if q and q.adjusted() < -99:
        return quotient_underflow(a, b), True
    return fit(q)


_STRAY_UNIT = Decimal("1E-109")


def quotient_underflow(a: Decimal, b: Decimal) -> Decimal:
    """What a division whose quotient is below 1E-99 leaves: 1E-99, flashing, with a
    stray last digit when the exponents differ by exactly -99 (the quotient's exponent
    fell to -100 only as its first digit was sought): the count of b's mantissa in 10,
    1E-99 / 2 = 1.0000000005E-99, 5E-99 / 9 = 1.0000000001E-99 (the first operand
    does not matter), 1 / 2E99 = 1.0000000005E-99.  Two or more below, 1E-99 (ROM,
    issue 40)."""
    r = TINY
    eb = b.adjusted()
    if a.adjusted() - eb == -99:
        r = TINY + _STRAY_UNIT * int(WIDE.divide_int(Decimal(10), WIDE.abs(b).scaleb(-eb)))
    return -r if a.is_signed() != b.is_signed() else r


# ---------------------------------------------------------------------------
# display


def _round_sig(value: Decimal, decimals: int) -> Decimal:
    return value.quantize(_QUANTUM[-decimals], ROUND_HALF_UP, WIDE)


def display_overflows(value: Decimal, fix: int | None) -> bool:
    """True when the display's rounding takes the value past 9.9999999 99.

    The ROM's display routine rounds the mantissa to the digits shown; from
    9.99999995E99 up (9.95E99 in Fix 1) that is an overflow, which raises the error
    flag again after the value is shown: the next key finds the machine in error
    (issue 40: after 100 +/- INV log and CE, RCL 2 flashes).  The display itself
    shows 9.9999999 99 (see _sci_parts)."""
    if value.adjusted() != 99 or not value:
        return False
    decimals = 7 if fix is None else min(fix, 7)
    return _round_sig(WIDE.abs(value).scaleb(-99), decimals) >= 10


def _sci_parts(value: Decimal, fix: int | None) -> tuple[str, int]:
    """Mantissa text and exponent for the scientific display."""
    neg = value.is_signed()
    v = -value if neg else value
    if not v:
        e = 0
        m = ZERO
    else:
        e = v.adjusted()
        m = v.scaleb(-e)
    decimals = 7 if fix is None else min(fix, 7)
    rounded = _round_sig(m, decimals)
    if rounded >= 10:
        if e + 1 > 99:  # 9.9999999999E99 shows 9.9999999 99, never 1. 100
            rounded = m.quantize(_QUANTUM[-decimals], ROUND_DOWN, WIDE)
        else:
            e += 1
            rounded = _round_sig(m.scaleb(-1), decimals)
    text = _plain(rounded, fix is None)
    return ("-" + text if neg else text), e


def _plain(value: Decimal, strip: bool) -> str:
    """Fixed-point text of a non-negative value, always with a decimal point."""
    text = format(value, "f")
    if "." not in text:
        return text + "."
    if strip:
        text = text.rstrip("0")
    return text


def format_number(value: Decimal, fix: int | None, sci: bool) -> str:
    """The display of a completed number: '20.', '0.5', '1.2345678 08', '1.5-08',
    with Fix n exactly n decimals as far as the 8 digits allow ('-0.0' keeps its
    sign) and EE mode scientific."""
    if not sci and value:
        a = -value if value < 0 else value
        if a >= Decimal("1E-7"):
            e = a.adjusted()
            int_digits = e + 1 if e >= 0 else 1
            if int_digits <= 8:
                decimals = 8 - int_digits
                if fix is not None:
                    decimals = min(decimals, fix)
                rounded = _round_sig(a, decimals)
                if rounded.adjusted() + 1 > int_digits:  # 9.99... rounded up to 10.0
                    decimals = max(0, decimals - 1) if fix is None else min(fix, max(0, 7 - int_digits))
                    rounded = _round_sig(a, decimals)
                if rounded < Decimal("1E8"):
                    text = _plain(rounded, fix is None)
                    return ("-" + text) if value < 0 else text
    elif not sci:
        # the display has 8 digits, the leading 0 among them: Fix 8 shows 0.0000000;
        # +/- on a completed zero shows -0. (ROM, issue 40)
        text = _plain(_round_sig(ZERO, min(fix, 7)), False) if fix else "0."
        return "-" + text if value.is_signed() else text
    mantissa, e = _sci_parts(value, fix)
    return f"{mantissa}{'-' if e < 0 else ' '}{abs(e):02d}"


def shown_value(value: Decimal, fix: int | None, sci: bool) -> Decimal:
    """The value as the display shows it (rounded to its digits, Fix and EE included)."""
    text = format_number(value, fix, sci)
    if len(text) > 3 and text[-3] in " -" and text[-2:].isdigit():
        exponent = int(text[-2:]) * (-1 if text[-3] == "-" else 1)
        return Decimal(text[:-3].rstrip(".") or "0").scaleb(exponent)
    return Decimal(text.rstrip(".") or "0")


def format_entry(mantissa: str, negative: bool, exponent: str | None, exp_negative: bool) -> str:
    """A number being keyed shows as typed: '20', '0.0', '2 05', '-1.5-08'."""
    text = ("-" if negative else "") + mantissa
    if exponent is None:
        return text
    return f"{text}{'-' if exp_negative else ' '}{exponent}"
