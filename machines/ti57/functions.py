"""The TI-57's one-operand functions and statistics, as value -> (result, error).

Facts from ti57-notes.md ("Functions, statistics and entry details") and from the
original ROM run instruction by instruction (issue 12):

* ln x is a pseudo-division: the mantissa m is multiplied by (1 + 10^-j), j = 1..10,
  as often as the product stays below 10, adding a table constant ln(1 + 10^-j) each
  time; ln m = ln 10 - the sum, and ln x = e*ln 10 + ln m.  The table holds 10
  decimals and is not quite ln(1 + 10^-j) (ln 1.001 is 0.0009995002, and from j = 5 on
  the constant is 10^-j), so the last digits are the chip's own.
* e^x is the same process run forwards (pseudo-multiplication): x = n*ln 10 + r, and r
  is spent on the same constants while a product starting at 1 is multiplied by
  (1 + 10^-j) with 10 decimals (e = 2.7182818301).  e^-x is 1 / e^x.
* ln 10 is 2.302585093 everywhere (10 digits); 10^x is e^(x * 2.302585093) with the
  product chopped to 11 digits, which is why 10^44 comes out as 9.99999998 43.
* No binary floating point: every value is a Decimal, computed in explicit contexts.
"""

from __future__ import annotations

from decimal import ROUND_DOWN, Context, Decimal

from machines.ti57.numbers import CHOP, LIMIT, ONE, PI, TINY, ZERO, add, chop, div, divide, fit, mul, product, sub

__all__ = [
    "FUNCTIONS",
    "TRIG",
    "PI",
    "power",
    "power_error_flips",
    "power_error_keeps_inverse",
    "ChipHang",
    "check_product",
    "exp",
    "ln",
    "ten_to",
    "polar_to_rect",
    "rect_to_polar",
    "square_root",
]

Result = tuple[Decimal, bool]

HANG_EXPONENT = -90  # a factor this small times 0 never comes back (see check_product)


class ChipHang(Exception):
    """The calculator stops answering: the ROM loops for ever, no key is read again."""


def check_product(a: Decimal, b: Decimal) -> None:
    """Raise ChipHang for the chip's multiplication of a by b = 0 when a is 1E-90 or less.

    The product's mantissa is 0 and the multiplying loop shifts it ten places, one
    exponent less each time; at 1E-100 the underflow routine ends by way of the
    normalisation that resets the loop's counter (C = A) and returns into the loop,
    which then never ends (ROM traced on the simulated chip, addresses 0x61f-0x628 and
    0x7e9-0x7f8: 1 EE 90 +/- x 0 = hangs, 9.9 EE 89 +/- x 0 = gives 0; 0 x 1 EE 95 +/-
    = and divisions are not affected).
    """
    if not b and a and a.adjusted() <= HANG_EXPONENT:
        raise ChipHang

LN10 = Decimal("2.302585093")
"""The chip's ln 10 (10 digits): the scale of both ln and e^x."""
_LN10_UNITS = 23025850930  # ln 10 in units of 1E-10
# ln(1 + 10^-j) as the ROM's table holds it, in units of 1E-10 (j = 1..10)
_LN_TABLE = (953101798, 99503308, 9995002, 999950, 100000, 10000, 1000, 100, 10, 1)
_TEN = 10**10  # 1.0 with 10 decimals
_WIDE = Context(prec=300, rounding=ROUND_DOWN, Emax=999_999, Emin=-999_999, traps=[])  # exact for 1E99


def _ln_mantissa(m: Decimal) -> Decimal:
    """ln m for 1 <= m < 10 by pseudo-division (see the module docstring)."""
    p = int(m.scaleb(10))
    spent = 0
    for j, constant in enumerate(_LN_TABLE, start=1):
        shift = 10**j
        while True:
            q = p + p // shift
            if q >= 10 * _TEN:
                break
            p = q
            spent += constant
    return Decimal(_LN10_UNITS - spent).scaleb(-10)


def ln(x: Decimal) -> Decimal:
    """ln of a positive value: e*ln 10 + ln m, added as the chip adds (11 digits)."""
    e = x.adjusted()
    return add(chop(Decimal(e) * LN10), chop(_ln_mantissa(x.scaleb(-e))))


def _exp_product(r_units: int) -> int:
    """e^r for 0 <= r < ln 10 (r in units of 1E-12): the product, in units of 1E-10."""
    p = _TEN
    for j, constant in enumerate(_LN_TABLE, start=1):
        c = constant * 100
        shift = 10**j
        while r_units >= c:
            r_units -= c
            p += p // shift
    return p


_FAR_OUT = Decimal("1E12")


def _exp_parts(a: Decimal) -> tuple[int, Decimal, Decimal]:
    """a >= 0 split as n*ln 10 + r; returns n, r and e^a = mantissa * 10^n."""
    if a >= _FAR_OUT:  # far past the range either way: no fraction left
        return 999, ZERO, ONE
    n = int(_WIDE.divide_int(a, LN10))
    r = _WIDE.subtract(a, n * LN10)
    p = _exp_product(int(r.scaleb(12)))
    return n, r, Decimal(p).scaleb(-10)


def exp(x: Decimal) -> Result:
    """e^x; an exponent past 99 either way flashes the limit or 1E-99."""
    a = -x if x < 0 else x
    n, _r, mantissa = _exp_parts(a)
    if n > 99:
        return (TINY, True) if x < 0 else (LIMIT, True)
    value = chop(mantissa.scaleb(n))
    if x < 0:
        return divide(ONE, value)  # an underflow keeps a stray unit (numbers.quotient_underflow)
    return value, False


def ten_to(x: Decimal) -> Result:
    """10^x = e^(x * 2.302585093), the product chopped to 11 digits.

    ROM quirk (issue 12): when the result is below 1E-99 and the product lands
    within 1E-5 above a multiple of ln 10 (10^-100, 10^-110, 10^-100.000001...),
    the chip flashes 9.9999999 99 instead of 1.-99; 10^-99 is 1.-99 without error
    and 10^-101, 10^-102 flash 1.-99."""
    return _exp_of_product(chop(mul(x, LN10)))


def _exp_of_product(y: Decimal) -> Result:
    """e^y for 10^x and y^x: below 1E-99, a y within 1E-5 above a multiple of ln 10
    flashes 9.9999999 99 (10^-100, 10 y^x 100 +/-), not 1.-99 (ROM).  A product far
    out of range has no such fraction: it underflows the way the true result does
    (.444 y^x 78 EE 17 = and 5 y^x 78 EE 17 +/- = flash 1.-99; ROM, issue 40)."""
    if y < 0 and -y < _FAR_OUT:
        n, r, _m = _exp_parts(-y)
        if n > 99 and r < Decimal("0.00001"):
            return LIMIT, True
    return exp(y)


def square_root(a: Decimal) -> Decimal:
    """sqrt of a >= 0 as the ROM develops it, digit by digit in 13-digit registers.

    Root A, digit weight B and remainder C: for each digit, C loses A twice per step
    while A grows by B; then either C moves one place left or, when its top digit
    is taken, A and B move right (dropping A's last digit).  The root's last two
    digits are then cleared, so sqrt 2 keeps 10 digits (1.414213562) and sqrt 50
    only 9 (7.07106781).  Checked digit for digit against the ROM on 500 radicands."""
    if not a:
        return ZERO
    e = a.adjusted()
    mantissa = int(a.scaleb(10 - e))  # 11 digits
    c = mantissa * (100 if e % 2 else 10)  # an odd exponent puts the mantissa one digit higher
    root, weight, top = 0, 10**11, 10**12
    while weight:
        twice = False  # the first step of a digit subtracts A once
        while True:
            if twice:
                c -= root
            c -= root
            borrow = c < 0
            root += weight
            if borrow or c < root:
                break
            twice = True
        root -= weight
        c += root
        if c >= top:
            root //= 10
            weight //= 10
        else:
            c *= 10
        weight //= 10
    digits = str(root // 100 * 100).lstrip("0")[:11]
    return Decimal((0, tuple(int(d) for d in digits), e // 2 - len(digits) + 1))


def _sqrt(x: Decimal, inv: bool) -> Result:
    err = x < 0
    return square_root(-x if err else x), err


def _square(x: Decimal, inv: bool) -> Result:
    return product(x, x)


def _reciprocal(x: Decimal, inv: bool) -> Result:
    """1/x; an underflow keeps a stray unit, as any division's (1 / 9E99 leaves
    1.0000000001E-99, 1 / 2E99 1.0000000005E-99; ROM)."""
    if not x:
        return LIMIT, True
    return divide(ONE, x)


def _ln(x: Decimal, inv: bool) -> Result:
    if inv:
        return exp(x)
    if not x:
        return -LIMIT, True
    err = x < 0
    r = ln(-x if err else x)
    return (r if r else ZERO), err


def _log(x: Decimal, inv: bool) -> Result:
    if inv:
        return ten_to(x)
    if not x:
        return -LIMIT, True
    err = x < 0
    r = div(ln(-x if err else x), LN10)
    return (r if r else ZERO), err


def power(y: Decimal, x: Decimal, inv: bool) -> Result:
    """y^x = e^(x ln y) and the x-th root (INV) = e^(ln y / x), with 11-digit steps,
    as the chip does; so a power of integers can land just below the integer (3 y^x 4
    = 80.999999951, and Int gives 80 on the real machine too), and the cube root of
    3 is 1.4422495691 (ROM; e^(ln 3 * (1/3)) would give ...690)."""
    if not y:
        if inv and not x:
            return ONE, True  # 0 INV y^x 0: 1, flashing (ROM, issue 40)
        if not x:
            return ONE, False
        return (ZERO, False) if x > 0 else (LIMIT, True)
    err = y < 0
    ln_y = ln(-y if err else y)
    if inv:
        # the 0th root divides by zero the chip's way: ln y / 0 is 1 for y = 1 (so
        # e, 2.7182818), +-9.9999999999E99 otherwise; it flashes (ROM, issue 40)
        exponent, e1 = divide(ln_y, x)
    else:
        # a product below 1E-99 is an underflow: e^0 = 1, flashing (2 y^x 1 EE 99 +/- =; ROM)
        exponent, e1 = fit(chop(mul(ln_y, x)))
    r, e2 = _exp_of_product(exponent)
    return r, err or e1 or e2


def _power_error_remainder(y: Decimal, x: Decimal, inv: bool) -> tuple[Decimal, Decimal] | None:
    """(x ln y, its remainder by ln 10) when y^x or the x-th root (INV) errs in e^ with a
    fraction left: the exponent is past 99 either way and x ln y (ln y / x) is not a
    whole multiple of ln 10.  None otherwise."""
    if not y or (inv and not x):
        return None
    ln_y = ln(-y if y < 0 else y)
    product, underflow = divide(ln_y, x) if inv else fit(chop(mul(ln_y, x)))
    if underflow and product.adjusted() < 0:
        return None
    a = -product if product < 0 else product
    if a < 100 * LN10:
        return None  # no exponent past 99: an underflow, if any, is the division's
    fraction = _WIDE.remainder(a, LN10)
    if not fraction or (product < 0 and fraction < Decimal("0.00001")):
        return None
    return product, fraction


def power_error_flips(y: Decimal, x: Decimal, inv: bool) -> bool:
    """True when y^x or the x-th root (INV) errs in e^ with a fraction left.

    Completed by an inverse operation key (-, /, INV y^x) such an error flips the sign
    of its exponent (machine._binary); 10 y^x 110, whose e^ step has nothing left to
    multiply, 10^-100 (see _exp_of_product), an exponent below 1E-99 and the 0th root
    (a division by zero, before e^) do not (ROM, issue 40)."""
    return _power_error_remainder(y, x, inv) is not None


def power_error_keeps_inverse(y: Decimal, x: Decimal, inv: bool) -> bool:
    """Whether the inverse key completing a flipped y^x or root error keeps its INV.

    The chip keeps the key's INV in the flag digit of the number (D13, beside the signs
    of mantissa and exponent) and e^ doubles that digit to turn the remainder's signs
    into the result's; the INV bit becomes 8 and, on an overflow, 8 + 4 is corrected
    to 2 as a decimal digit, the exponent's sign: INV is lost unless the remainder
    (x ln y modulo ln 10) is below 1, whose negative exponent the doubling makes the
    INV bit again.  On an underflow it is always kept (ROM, issue 40: 10 y^x 101 /
    CE 2 = gives 1.9999999999E-98, 70 y^x 90 / CE 2 = 4.9999999999E-99)."""
    found = _power_error_remainder(y, x, inv)
    if found is None:
        return True
    product, fraction = found
    return product < 0 or fraction < 1


# ---------------------------------------------------------------------------
# trigonometry: the ROM's routine (traced instruction by instruction)
#
# The angle goes to radians (degrees / 57.295779513, grads / 63.661977237, both by
# the chip's division), loses whole turns of 2 pi by a long division whose divisor
# is 6.283185307 (its last digit dropped), then right angles of 1.5707963268; an
# angle above pi/4 is taken from pi/2.  What is left (below 1E-4: sin = tan = the
# angle, cos = 1) is spent on arctan(10^-j), j = 1..10, rotating the vector (1, 0)
# by (1, 10^-j) each time with 12-decimal truncated shifts: y / x is then the
# tangent, and sin = 1 / sqrt(1 + cot^2), cos = 1 / sqrt(1 + tan^2), all with the
# chip's own division, multiplication and root.

_PER_RADIAN = {"deg": Decimal("57.295779513"), "grad": Decimal("63.661977237")}
_QUARTER_PI = Decimal("0.7853981634")
_HALF_PI = Decimal("1.5707963268")
_TWO_PI = Decimal("6.2831853072")
_TWO_PI_DIVISOR = 6283185307  # 2 pi as the reducing long division holds it
_SMALL_ANGLE = Decimal("0.0001")
# arctan(10^-j) in units of 1E-12, as the ROM's table holds them (j = 1..10)
_ATAN_TABLE = (99668652491, 9999666691, 999999667) + tuple(10 ** (12 - j) for j in range(4, 11))


def _octant(x: Decimal, angle: str) -> tuple[bool, int, bool, Decimal]:
    """(negative, right angles, taken from pi/2, what is left in [0, pi/4])."""
    r = x if angle == "rad" else div(x, _PER_RADIAN[angle])
    negative = r < 0
    a = -r if negative else r
    if a >= _TWO_PI:
        e = a.adjusted()
        rest = int(a.scaleb(10 - e))
        for _ in range(e):
            rest = rest % _TWO_PI_DIVISOR * 10
        a = Decimal(rest).scaleb(-10)
    if a >= _TWO_PI:
        a -= _TWO_PI
    quarter = 0
    if a >= _SMALL_ANGLE:
        while a >= _HALF_PI:
            a -= _HALF_PI  # exact: the chip keeps 12 decimals here
            quarter += 1
    swap = a >= _QUARTER_PI
    return negative, quarter % 4, swap, (_HALF_PI - a if swap else a)


def _vector(phi: Decimal) -> tuple[Decimal, Decimal]:
    """(x, y) with y / x = tan phi, by pseudo-division on the arctan table."""
    theta = int(phi.scaleb(12))
    x, y = 10**12, 0
    for j, constant in enumerate(_ATAN_TABLE, start=1):
        shift = 10**j
        while theta >= constant:
            theta -= constant
            x, y = x - y // shift, y + x // shift
    return Decimal(x // 100).scaleb(-10), Decimal(y // 100).scaleb(-10)


def _sin_cos(x: Decimal, angle: str) -> tuple[Decimal, Decimal]:
    negative, quarter, swap, phi = _octant(x, angle)
    if phi < _SMALL_ANGLE and not quarter and not swap:
        s, c = phi, ONE  # sin x = x for a small angle
    elif not phi:
        s, c = ZERO, ONE
    else:
        vx, vy = _vector(phi)
        cot = div(vx, vy)
        tan = div(vy, vx)
        s = div(ONE, square_root(add(mul(cot, cot), ONE)))
        c = div(ONE, square_root(add(mul(tan, tan), ONE)))
    if swap:
        s, c = c, s
    for _ in range(quarter):
        s, c = c, -s
    s = -s if negative else s
    return (s if s else ZERO), (c if c else ZERO)


def _tan(x: Decimal, angle: str) -> Result:
    negative, quarter, swap, phi = _octant(x, angle)
    odd = quarter % 2 == 1
    # an odd quarter is taken as -tan(pi/2 - a): with a exactly pi/4 (135 degrees,
    # 150 grads) that is the 45-degree case, 1.0000000001 (ROM, issue 40)
    flip = True if odd and swap and phi == _QUARTER_PI else swap != odd
    minus = odd != negative
    if phi < _SMALL_ANGLE and not quarter and not swap:
        t = phi
    elif not phi:
        if flip:  # tan 90 flashes 9.9999999 99, tan 270 its negative
            return (-LIMIT if (quarter == 3) != negative else LIMIT), True
        t = ZERO
    else:
        vx, vy = _vector(phi)
        t = div(vx, vy) if flip else div(vy, vx)
    t = -t if minus else t
    return fit(t if t else ZERO)


_PI_CHIP = Decimal("3.1415926536")
_HALF_PI_UNITS = 1570796326800


def _arctan_units(a: Decimal) -> int:
    """arctan of a >= 0 in units of 1E-12: the vector (1, a) is turned back onto the
    axis by the arctan(10^-j) table (j = 1..10); from 1 up, pi/2 - arctan(1/a)."""
    if a >= 1:
        return _HALF_PI_UNITS - _arctan_turn(div(ONE, a))
    return _arctan_turn(a)


def _arctan_turn(a: Decimal) -> int:
    """The vector (1, a), a <= 1, turned back onto the axis: the angle in 1E-12 rad.

    After each j the ROM goes on to j + 1 only while y keeps a digit above its last
    two (y >= 1E-10): through j = 10 that changes nothing (x / 10^j is larger), but
    it can take one step more, j = 11, adding 1E-11 while y >= x / 10^11 (the loop
    traced for INV sin 0.7347924 and INV tan 0.14653150078; ROM, issue 40)."""
    x, y, total = 10**12, int(a.scaleb(12)), 0
    for j, constant in enumerate(_ATAN_TABLE, start=1):
        shift = 10**j
        while y >= x // shift:
            x, y = x + y // shift, y - x // shift
            total += constant
    if y >= 100:  # j = 11: x / 10^11 is 10 to 14 and y below 10^11 leaves x as it is
        total += 10 * (y // (x // 10**11))
    return total

def _arctan(a: Decimal) -> Decimal:
    """arctan of a >= 0 in radians, 10 decimals kept; a tiny argument is its own
    arctangent with all its digits (1 EE 78 +/- INV tan in Deg gives 5.729578-77, not
    0; ROM, issue 40), as sin and tan of a tiny angle are the angle."""
    if a < _SMALL_ANGLE:
        return a
    return Decimal(_arctan_units(a) // 100).scaleb(-10)


def _from_radians(r: Decimal, angle: str) -> Decimal:
    """An angle in radians, in the current mode."""
    if angle == "rad":
        return r
    return mul(r, _PER_RADIAN[angle])


def _trig(which: str):
    def apply(x: Decimal, inv: bool, angle: str) -> Result:
        if inv:
            if which != "tan" and abs(x) > 1:
                return x, True  # the argument flashes
            a = -x if x < 0 else x
            if which == "tan":
                rad = _arctan(a)
            else:
                # through arctan of s / sqrt(1 - s^2), with the chip's operations
                c = square_root(sub(ONE, mul(a, a)))
                if a < _SMALL_ANGLE:
                    rad = a  # a tiny sine is its own arcsine, all its digits (ROM)
                else:
                    rad = _arctan(div(a, c)) if c else _HALF_PI
                if which == "cos":  # pi/2 - arcsin, the arcsin cut to 10 decimals first
                    r = add(_HALF_PI, rad) if x < 0 else sub(_HALF_PI, rad)
                    r = r if angle == "rad" else mul(r, _PER_RADIAN[angle])
                    return (r if r else ZERO), False
            r = _from_radians(rad, angle)
            r = -r if x < 0 else r
            return (r if r else ZERO), False
        if which == "tan":
            return _tan(x, angle)
        sine, cosine = _sin_cos(x, angle)
        return (sine if which == "sin" else cosine), False

    return apply


def polar_to_rect(radius: Decimal, theta: Decimal, angle: str) -> tuple[Result, Decimal]:
    """P>R: (y, error) for the display and x for t.  As the ROM does it:
    x = cos theta * r, then y = tan theta * x; on the vertical axis (cos = 0)
    y = +-r and x is exactly 0."""
    sine, cosine = _sin_cos(theta, angle)
    if not cosine:
        x, y = ZERO, (radius if sine > 0 else -radius)
    else:
        check_product(cosine, radius)
        x, err = product(cosine, radius)  # under- and overflowing as the chip's x does
        tangent = _tan(theta, angle)[0]
        check_product(tangent, x)  # r = 0 and an angle below 1E-90 rad: the ROM hangs
        y, err_y = product(tangent, x)
        return (y, err or err_y), x
    return fit(y if y else ZERO), fit(x if x else ZERO)[0]


def _underflows(a: Decimal, b: Decimal) -> bool:
    """The chip's a x b underflows (numbers.product)."""
    return bool(a) and bool(b) and a.adjusted() + b.adjusted() < -99


def _turned(a: Decimal, b: Decimal) -> Decimal:
    """What an underflowing a x b of INV P>R leaves (ROM): a's mantissa, positive, with
    b's exponent, whose sign is turned when b is positive (2E-50 x 2E-50 leaves 2E50,
    -1E-60 x -1E-60 leaves 1E-60)."""
    mantissa = (-a if a < 0 else a).scaleb(-a.adjusted())
    return mantissa.scaleb(-b.adjusted() if b > 0 else b.adjusted())


def rect_to_polar(x: Decimal, y: Decimal, angle: str) -> tuple[Decimal, Result]:
    """INV P>R: (r, (theta, error)); theta runs from -90 to 270 degrees, the origin
    gives 45 and r = 0.  theta = arctan(y / x) by the ROM's arctan, r = sqrt(x^2 + y^2)
    by the chip's operations."""
    # the squares and their sum stay in the registers' range: (1E60, 1) gives
    # r = sqrt(9.9999999999E99) = 9.99999999E49 (ROM)
    factor = y
    if _underflows(x, x):
        # ROM: x^2 is 1E-99, and the multiplication's way out of its underflow leaves the
        # next one, y^2, multiplying y by x turned: (1E-50, 4) gives r = sqrt(4E50) = 2E25,
        # (1E-70, 1E-70) r = 1
        square_x, err_x, factor = TINY, True, _turned(x, x)
    else:
        square_x, err_x = fit(mul(x, x))
        if err_x and x < 0:
            # ROM: x^2 overflowing leaves the next multiplication x's mantissa with its
            # exponent's sign turned (1E-95 for x = -1E95) times y: with y = 0 and x from
            # -1E90 down, the tiny factor times 0 hangs the calculator (seed 52 session 155)
            check_product((-x).scaleb(-2 * x.adjusted()), y)
    if _underflows(y, factor):
        # ROM: the second multiplication underflowing leaves y turned as the sum, x^2 lost:
        # (5, 1E-60) gives r = 1E30, (5, -1E-60) 1E-30, (-3E-86, 1.5E-85) 1.2247448710E43
        # and the product's 1E-99 added to it: (0, -5E-97) gives r = sqrt(5.01E-97) (ROM,
        # seed 53 program session 113)
        total, err_y, err_sum = add(_turned(y, factor), TINY), True, False
    else:
        square_y, err_y = fit(mul(y, factor))
        total, err_sum = fit(add(square_x, -square_y if square_y < 0 else square_y))
    r = square_root(total)
    err = err_x or err_y or err_sum
    if not x and not y:
        return ZERO, (_from_radians(_arctan(ONE), angle), False)
    if not x:
        rad = _HALF_PI if y > 0 else -_HALF_PI
    else:
        ratio, err_ratio = divide(y, x)  # an underflow flashes (ROM)
        err = err or err_ratio
        rad = _arctan(-ratio if ratio < 0 else ratio)
        rad = -rad if ratio < 0 else rad
        if x < 0:  # the arctan, cut to 10 decimals, goes to the other side: pi + it
            rad = add(_PI_CHIP, rad)
    theta = rad if angle == "rad" else mul(rad, _PER_RADIAN[angle])
    return fit(r)[0], ((theta if theta else ZERO), err)


def _int(x: Decimal, inv: bool) -> Result:
    whole = x.to_integral_value(rounding=ROUND_DOWN)
    r = sub(x, whole) if inv else whole
    return (r if r else ZERO), False


def _abs(x: Decimal, inv: bool) -> Result:
    return (-x if x < 0 else x), False


_SIXTY = Decimal(60)
_HUNDREDTH = Decimal("0.01")
_DMS_LIMIT = Decimal("9.9999999999E97")


def _dms(x: Decimal, inv: bool) -> Result:
    """D.MMSS -> degrees (INV: back); minutes/seconds over 60 are not checked (1.7 -> 2.1666667).
    D.MS is given the value as displayed (ops: pi D.MS takes 3.1415927)."""
    neg = x < 0
    a = -x if neg else x
    d = a.to_integral_value(rounding=ROUND_DOWN)
    if a and a.adjusted() >= 98 and not inv:
        return (-_DMS_LIMIT if neg else _DMS_LIMIT), True  # as INV D.MS below (ROM: 1E98 D.MS)
    if not inv:
        # ROM: on DDMM.SS the seconds become minutes (SS / 60 added to DDMM, held in
        # 11 digits), then the sum is read again as DD.MMmm and the minutes become
        # degrees (MM.mm / 60 added to DD).  Seconds past 60 carry into the degrees
        # that way: 0.99999 (99' 99.9") gives 1.0110833 (ROM, issue 40).
        ddmm_ss = a.scaleb(2)
        ddmm = ddmm_ss.to_integral_value(rounding=ROUND_DOWN)
        ddmm_mm = add(ddmm, div((ddmm_ss - ddmm).scaleb(2), _SIXTY))
        d = ddmm_mm.scaleb(-2).to_integral_value(rounding=ROUND_DOWN)
        minutes = ddmm_mm - d.scaleb(2)
        r = add(d, div(minutes, _SIXTY)) if minutes else d
        if not r:
            return ZERO, False  # a value shown as -0.000 gives 0 (ROM; INV D.MS keeps -0.000)
    else:
        if a and not -98 <= a.adjusted() <= 97:
            # out of the routine's range (x * 100 or the seconds leave the registers):
            # the error leaves +-9.9999999999E97 (ROM, 1E98 and 9.9E-99 both)
            return (-_DMS_LIMIT if neg else _DMS_LIMIT), True
        # ROM, with the chip's operations: the fraction's minutes become DD.MMmmmm in
        # 11 digits, whose fraction of a minute then becomes seconds (1582.2942198 gives
        # 1582.1739190, not ...191; 3.3670223706 gives 3.2201280533)
        minutes = mul(sub(a, d), _SIXTY)
        dd_mm = add(d, minutes.scaleb(-2))
        exact = dd_mm.as_tuple().exponent >= -2  # type: ignore[operator]
        ddmm = dd_mm if exact else dd_mm.quantize(_HUNDREDTH, rounding=ROUND_DOWN)
        r = add(ddmm, mul(sub(dd_mm, ddmm), _SIXTY).scaleb(-2))
    return (-r if neg else r), False


FUNCTIONS = {
    13: _ln,
    18: _log,
    23: _square,
    24: _sqrt,
    25: _reciprocal,
    26: _dms,
    40: _abs,
    49: _int,
}
TRIG = {28: _trig("sin"), 29: _trig("cos"), 20: _trig("tan")}
