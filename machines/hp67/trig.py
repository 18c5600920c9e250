"""SIN, COS, TAN, →R and their inverses as the HP-67 microcode computes them, digit by digit.

The microcode works on a 14-digit decimal register (here a Python int below 10**14)
holding a 13-digit mantissa in digits 12..0, with the exponent kept apart.  Its steps,
each reproduced below with the machine's own truncations (issue 40, rule 12; read from
the HP-67 ROM running on ``tools/hp67_microcode.py`` and checked value by value on its
registers, then on thousands of random arguments):

1. Reduce the angle exactly: modulo a full turn, then quarter turns, then fold at the
   eighth (an angle of 45° or more becomes its complement, and tangent becomes
   cotangent).  RAD uses the ROM's π/4 = 0.7853981633975 (so 2π = 6.283185307180);
   DEG divides the folded angle by 45 (a 13-digit long division) and multiplies it by
   π/4 (a 13-digit product); GRD is DEG of 0.9 x, exact.
2. Pseudo-division: take away atan 10^-j (j = 1..6, the ROM's 13-digit table) as many
   times as it goes, digit j of a count; the remainder is the start of the tangent.
3. Pseudo-multiplication: rotate the vector (1, remainder) back by each counted
   atan 10^-j with shifts and additions only; tan = y / x by long division.
4. SIN and COS: t / √(1 + t²), the numerator rounded to 11 digits, the square of the
   13-digit t, a 12-digit square root.  →R: r / √(1 + t²) and t times that.
5. Round the 13-digit result once to 10 digits, half up.

SIN⁻¹, COS⁻¹, TAN⁻¹ and →P run the table of step 2 backwards (the last section below).

Where the microcode is surprising it says so.  The long division, for one, finishes its
last three quotient digits with the divisor's low three digits replaced by the
exponent's, because it parks the exponent there.
"""

from __future__ import annotations

from decimal import Context, Decimal

WORD = 10**14  # one register: 14 decimal digits
TOP = 10**13  # digit 13, above the 13-digit mantissa
UNIT = 10**12  # 1.000000000000 in a mantissa of digits 12..0

# atan 10^-j for j = 1..6, scaled so that digit 13 is the units (0.0996... for j = 1,
# then each times 10^(j-1)), as the ROM loads them; the last digits are the ROM's own.
ATAN_TABLE = (9966865249116, 9999666686667, 9999996666669, 9999999966667, 9999999999667, 9999999999997)
QUARTER_PI_13 = 7853981633975  # π/4 to 13 digits, a constant of the ROM
FORTY_FIVE = 4500000000000

_EXACT = Context(prec=200, Emax=10**6, Emin=-10**6)
_QUARTER_PI = Decimal("0.7853981633975")
_FULL_TURN = {"DEG": Decimal(360), "RAD": 8 * _QUARTER_PI}
_QUARTER_TURN = {"DEG": Decimal(90), "RAD": 2 * _QUARTER_PI}
_EIGHTH_TURN = {"DEG": Decimal(45), "RAD": _QUARTER_PI}
_NINE_TENTHS = Decimal("0.9")


# -- the microcode's arithmetic on registers --------------------------------------------------


def _long_divide(dividend: int, divisor: int, exponent: int) -> int:
    """13 quotient digits of dividend / divisor, by repeated subtraction, truncated.

    After the tenth digit the machine adds 1 to digit 3 of the remainder when that keeps
    it below the divisor, and it parks the exponent (three digits, ``exponent % 1000``) in
    the divisor's low three digits for the last three quotient digits.
    """
    remainder, quotient = dividend, 0
    for place in range(12, -1, -1):
        digit = 0
        while remainder >= divisor:
            remainder -= divisor
            digit += 1
        quotient += digit * 10**place
        if place == 3:
            remainder += 1000
            divisor = divisor - divisor % 1000 + exponent % 1000
            while remainder >= divisor:
                remainder -= 1000
        remainder = remainder * 10 % WORD
    return quotient


def _normalised(mantissa: int, exponent: int) -> tuple[int, int]:
    """Shift a nonzero quotient left until digit 12 is not 0; zero has exponent 0."""
    if not mantissa:
        return 0, 0
    while mantissa < UNIT:
        mantissa *= 10
        exponent -= 1
    return mantissa, exponent


def _square_root(mantissa: int, exponent: int) -> tuple[int, int]:
    """12 digits of √(mantissa × 10^exponent), digit by digit from 5 × the radicand: the
    subtrahends are the root so far followed by 5, 15, 25 ... in the next place."""
    remainder = 5 * mantissa % WORD
    if exponent % 2 == 0:
        remainder //= 10
    root = 0
    for place in range(12, 0, -1):
        digit = 0
        while True:
            subtrahend = root + digit * 10**place + 5 * 10 ** (place - 1)
            if remainder < subtrahend:
                break
            remainder -= subtrahend
            digit += 1
        root += digit * 10**place
        remainder = remainder * 10 % WORD
    return root, exponent // 2


def _rounded(mantissa: int, exponent: int, negative: bool) -> Decimal:
    """A 13-digit result rounded half up to the 10 digits of X."""
    digits = (mantissa + 500) // 1000
    if digits >= 10**10:
        digits //= 10
        exponent += 1
    value = _EXACT.scaleb(Decimal(digits), exponent - 9)  # no context of the caller's: it may trap
    return _EXACT.minus(value) if negative else value


# -- the angle -----------------------------------------------------------------------------


def _register(value: Decimal) -> tuple[int, int]:
    """An exact positive value of at most 13 digits as (mantissa of digits 12..0, exponent)."""
    exponent = value.adjusted()
    return int(_EXACT.scaleb(value, 12 - exponent)), exponent


def _reduce(x: Decimal, mode: str, function: str) -> tuple[int, int, bool, bool]:
    """(angle in radians as a mantissa of value m × 10^(e-13), e, cotangent?, negative?)
    for ``function`` "sin", "cos" or "tan" of x: the cosine works on the cofunction."""
    angle = _EXACT.abs(x)
    if mode == "GRD":
        angle, mode = _EXACT.multiply(angle, _NINE_TENTHS), "DEG"
    angle = _EXACT.remainder(angle, _FULL_TURN[mode])
    quarter = _QUARTER_TURN[mode]
    quarters = int(_EXACT.divide_int(angle, quarter))
    angle = _EXACT.subtract(angle, _EXACT.multiply(quarters, quarter))
    odd = quarters % 2 == 1
    cotangent = (function == "cos") != odd
    if function == "cos":
        negative = quarters in (1, 2)
    elif function == "sin":
        negative = (quarters >= 2) != (x < 0)
    else:
        negative = odd != (x < 0)
    if angle >= _EIGHTH_TURN[mode]:
        angle, cotangent = _EXACT.subtract(quarter, angle), not cotangent
    if not angle:
        return 0, 0, cotangent, negative
    mantissa, exponent = _register(angle)
    if mode == "RAD":
        return mantissa, exponent + 1, cotangent, negative
    eighths, exponent = _normalised(_long_divide(mantissa, FORTY_FIVE, exponent - 1), exponent - 1)
    radians = eighths * QUARTER_PI_13 // UNIT
    if radians >= TOP:
        radians //= 10
        exponent += 1
    return radians, exponent, cotangent, negative


# -- the tangent ---------------------------------------------------------------------------


def _tangent_vector(angle: int, exponent: int) -> tuple[int, int, int] | None:
    """(x - 1, y, places) with y/x = tan(angle) × 10^-places; None for an angle below 1E-7,
    whose tangent and sine the machine takes to be the angle itself."""
    stage = 0  # j - 1: which atan 10^-j the pseudo-division starts with
    if exponent == 0:
        angle = angle * 10 % WORD
    else:
        stage = -exponent - 1
        if stage >= 6:
            return None
    counts = []
    for j in range(stage, 6):
        step, count = ATAN_TABLE[j], 0
        while angle >= step:
            angle -= step
            count += 1
        angle = angle * 10 % WORD
        counts.append(count)
    # Pseudo-multiplication from j = 6 down: y is kept 10^j times larger than x, so
    # x -= y·10^-j is a shift by 2j places and y += x·10^-j a plain addition.
    counts.reverse()
    x, y, j = UNIT, angle // 100, 6
    for done, count in enumerate(counts, start=1):
        for _ in range(count):
            x, y = (x - (y % TOP) // 10 ** (2 * j)) % WORD, (x + y) % WORD
        if not any(counts[done:]):
            break
        j -= 1
        y = (y % TOP) // 10
    return (x - 1) % WORD, y, j  # the machine takes one unit off x before dividing


def _tangent(x: Decimal, mode: str, function: str) -> tuple[str, int, int, bool]:
    """("tan", t, exponent, negative) with t the 13-digit tangent (cotangent for the
    cofunction), or ("zero" | "infinite" | "tiny", mantissa, exponent, negative)."""
    angle, exponent, cotangent, negative = _reduce(x, mode, function)
    if not angle:
        return ("infinite" if cotangent else "zero"), 0, 0, negative
    vector = _tangent_vector(angle, exponent)
    if vector is None:
        return ("infinite-tiny" if cotangent else "tiny"), angle, exponent - 1, negative
    x_less_one, y, places = vector
    if cotangent:
        dividend, divisor, exponent = x_less_one, y, places
    else:
        dividend, divisor, exponent = y, x_less_one, -places
    if not divisor:
        return "infinite", 0, 0, negative
    t, exponent = _normalised(_long_divide(dividend, divisor, exponent), exponent)
    return ("tan" if t else "zero"), t, exponent, negative


def _over_hypotenuse(t: int, exponent: int) -> tuple[int, int, int, int]:
    """(t rounded to 11 digits, its exponent, √(1 + t²) to 12 digits, its exponent)."""
    # t rounded at its twelfth digit: digit 1 is doubled in place, and its carry adds 1 to
    # digit 2; the numerator keeps digits 12..2
    d1 = t // 10 % 10
    carry = d1 >= 5
    rounded = (t // 100 + carry) * 100
    square_of = t
    if rounded >= TOP:  # 9.99..95 carries to 10: the machine goes on with 1.0 and its junk
        square_of = UNIT + (2 * d1 % 10) * 10 + t % 10
        rounded, exponent = UNIT, exponent + 1
    root, root_exponent = _hypotenuse(square_of, exponent)
    return rounded, exponent, root, root_exponent


def _hypotenuse(t: int, exponent: int) -> tuple[int, int]:
    """√(1 + t²) to 12 digits: the square of the 13-digit t, truncated."""
    square = t * t // UNIT
    square_exponent = 2 * exponent
    if square >= TOP:
        square //= 10
        square_exponent += 1
    if square_exponent < 0:  # 1 + t²: t² shifted down to the units, truncated
        square = square // 10 ** min(-square_exponent, 14) + UNIT
        square_exponent = 0
    elif square_exponent < 12:
        square += 10 ** (12 - square_exponent)
    if square >= TOP:
        square //= 10
        square_exponent += 1
    return _square_root(square, square_exponent)


# -- the keys ------------------------------------------------------------------------------

_ONE = Decimal(1)


def tan(x: Decimal, mode: str) -> Decimal | None:
    """TAN; None where the tangent is infinite (the machine shows 9.999999999E99)."""
    kind, t, exponent, negative = _tangent(x, mode, "tan")
    if kind == "zero":
        return Decimal(0)
    if kind == "infinite":
        return None
    if kind == "infinite-tiny":  # the cotangent of a tiny angle: 1 / angle
        t, exponent = _normalised(_long_divide(UNIT, t, -exponent), -exponent)
    return _rounded(t, exponent, negative)


def sine(x: Decimal, mode: str, cosine: bool = False) -> Decimal:
    """SIN, or COS with ``cosine``: t / √(1 + t²)."""
    kind, t, exponent, negative = _tangent(x, mode, "cos" if cosine else "sin")
    if kind == "zero":
        return Decimal(0)
    if kind in ("infinite", "infinite-tiny"):
        return _EXACT.minus(_ONE) if negative else _ONE
    if kind == "tiny":
        return _rounded(t, exponent, negative)
    numerator, exponent, root, root_exponent = _over_hypotenuse(t, exponent)
    exponent -= root_exponent
    ratio, exponent = _normalised(_long_divide(numerator, root, exponent), exponent)
    return _rounded(ratio, exponent, negative)


def rectangular(r: Decimal, theta: Decimal, mode: str) -> tuple[Decimal, Decimal]:
    """→R: (r cos θ, r sin θ); r / √(1 + t²) with t the cotangent, and t times that."""
    if not r:
        return Decimal(0), Decimal(0)
    kind, t, exponent, _ = _tangent(theta, mode, "cos")
    sin_negative = (r < 0) != _reduce(theta, mode, "sin")[3]
    cos_negative = (r < 0) != _reduce(theta, mode, "cos")[3]
    radius, radius_exponent = _register(_EXACT.abs(r))
    if kind == "infinite":  # sin θ = 0
        return _rounded(radius, radius_exponent, cos_negative), Decimal(0)
    if kind == "zero":  # cos θ = 0
        return Decimal(0), _rounded(radius, radius_exponent, sin_negative)
    if kind in ("tiny", "infinite-tiny"):  # one side is r, the other r × angle
        side = radius * t // UNIT
        side_exponent = radius_exponent + exponent
        if side >= TOP:
            side //= 10
            side_exponent += 1
        if kind == "infinite-tiny":
            return _rounded(radius, radius_exponent, cos_negative), _rounded(side, side_exponent, sin_negative)
        return _rounded(side, side_exponent, cos_negative), _rounded(radius, radius_exponent, sin_negative)
    numerator, t_exponent, root, root_exponent = _over_hypotenuse(t, exponent)
    k_exponent = radius_exponent - root_exponent
    k, k_exponent = _normalised(_long_divide(radius, root, k_exponent), k_exponent)
    product = numerator * k // UNIT
    product_exponent = t_exponent + k_exponent
    if product >= TOP:
        product //= 10
        product_exponent += 1
    return _rounded(product, product_exponent, cos_negative), _rounded(k, k_exponent, sin_negative)


# -- the inverse functions: SIN⁻¹, COS⁻¹, TAN⁻¹ and →P (ROM 04402 to 04730) ------------------
#
# The arctangent runs the table above backwards.  An angle here is a pair (a, places): the
# value a × 10^-places, with a below 10^14.

HALF_PI_12 = 1570796326795  # π/2 to 12 places: twice the ROM's π/4, truncated
_PI_12 = 2 * HALF_PI_12  # π for →P of a negative x: π/2 + π/2, 3.141592653590


def _arctangent_below_one(t: int, exponent: int) -> tuple[int, int]:
    """atan of t × 10^(exponent-12), below 1 (t a mantissa of digits 12..0), in radians.

    The vector (1, t), its y kept 10^j times larger than its x, is turned back by
    atan 10^-j (j from where the digits of t begin to 6) as long as y stays positive:
    y -= x and x += y·10^-2j (the shifted y truncated), both from the old values.  The
    rest y / x comes from the 13-digit long division; the counted angles are then added
    back, a digit right (truncated) after each j, the adding stopping as soon as no count
    is left.  From 1E-7 down the angle is t itself.
    """
    first = -exponent - 1  # j - 1 of the first stage
    if first >= 6:
        return t, 12 - exponent
    x, y = UNIT, t
    counts = [0] * 6
    for stage in range(first, 6):
        shift = 10 ** (2 * (stage + 1))
        while y >= x:
            x, y = x + y // shift, y - x
            counts[stage] += 1
        y *= 10
    angle = _long_divide(y, x, 0)
    for stage in range(5, -1, -1):
        angle = (angle + counts[stage] * ATAN_TABLE[stage]) // 10
        if not any(counts[:stage]):
            return angle, 13 + stage
    raise AssertionError("unreachable: the loop returns at stage 0")


def _arctangent(t: int, exponent: int, complement: bool = False) -> tuple[int, int]:
    """atan t of a positive t (mantissa of digits 12..0, exponent), in radians; π/2 − atan t
    with ``complement``.

    From 1 up the machine works on 1/t (by the long division) and flips the complement;
    a complement is π/2 − the angle, both truncated to 12 places.  atan 1 is π/4 to 13
    places either way.
    """
    if exponent == 0 and t == UNIT:
        return QUARTER_PI_13, 13
    if exponent >= 0:
        t, exponent = _normalised(_long_divide(UNIT, t, -exponent), -exponent)
        complement = not complement
    angle, places = _arctangent_below_one(t, exponent)
    if complement:
        return HALF_PI_12 - angle // 10 ** (places - 12), 12
    return angle, places


def _in_register(angle: int, places: int) -> tuple[int, int]:
    """(mantissa of digits 12..0, exponent) of a nonzero angle × 10^-places, truncated."""
    digits = len(str(angle))
    exponent = digits - 1 - places
    if digits > 13:
        return angle // 10 ** (digits - 13), exponent
    return angle * 10 ** (13 - digits), exponent


def _in_mode(angle: int, places: int, mode: str, negative: bool) -> Decimal:
    """The angle in radians turned into ``mode`` and rounded: DEG and GRD divide it by
    π/2 (12 places) with the long division, times 100; DEG then takes a − a/10 of that,
    the tenth truncated."""
    if not angle:
        return Decimal(0)
    mantissa, exponent = _in_register(angle, places)
    if mode == "RAD":
        return _rounded(mantissa, exponent, negative)
    grads, exponent = _normalised(_long_divide(mantissa, HALF_PI_12, exponent + 2), exponent + 2)
    if mode == "DEG":
        grads, exponent = _normalised(grads - grads // 10, exponent)
    return _rounded(grads, exponent, negative)


def _arcsine(x: Decimal, cosine: bool = False) -> tuple[int, int]:
    """asin |x| in radians for 0 < |x| <= 1 (acos |x| with ``cosine``): atan of
    x / √(1 − x²), with 1 − x² truncated to 13 digits and the 12-digit square root."""
    size = _EXACT.abs(x)
    mantissa, exponent = _register(size)
    if size == 1:
        return (0, 12) if cosine else (HALF_PI_12, 12)
    rest = _EXACT.subtract(_ONE, _EXACT.multiply(size, size))
    rest_exponent = rest.adjusted()
    rest_mantissa = int(_EXACT.scaleb(rest, 12 - rest_exponent))  # int() truncates
    root, root_exponent = _square_root(rest_mantissa, rest_exponent)
    exponent -= root_exponent
    t, exponent = _normalised(_long_divide(mantissa, root, exponent), exponent)
    return _arctangent(t, exponent, complement=cosine)


def arctangent(x: Decimal, mode: str) -> Decimal:
    """TAN⁻¹."""
    if not x:
        return Decimal(0)
    return _in_mode(*_arctangent(*_register(_EXACT.abs(x))), mode, x < 0)


def arcsine(x: Decimal, mode: str) -> Decimal:
    """SIN⁻¹ of |x| <= 1."""
    if not x:
        return Decimal(0)
    return _in_mode(*_arcsine(x), mode, x < 0)


def arccosine(x: Decimal, mode: str) -> Decimal:
    """COS⁻¹ of |x| <= 1: for a positive x, π/2 − the arctangent SIN⁻¹ takes (flipped
    with the one at t = 1, so 0.9999999999 keeps its digits); for a negative x,
    π/2 + SIN⁻¹ |x|, truncated to 12 places."""
    if not x:
        return _in_mode(HALF_PI_12, 12, mode, False)
    if x > 0:
        return _in_mode(*_arcsine(x, cosine=True), mode, False)
    angle, places = _arcsine(x)
    return _in_mode(HALF_PI_12 + angle // 10 ** (places - 12), 12, mode, False)


def polar(x: Decimal, y: Decimal, mode: str) -> tuple[Decimal, Decimal]:
    """→P: (r, θ) with t = |y / x| by the long division, θ = atan t (π − atan t for a
    negative x, negative for a negative y) and r = |x|·√(1 + t²).

    A t below 1E-99 underflows to 0 before the arctangent: the angle is then 0 (or π),
    whatever the sign of y, so 1 ENTER 9.999999999E99 →P gives θ = 0.
    """
    if not x:
        return _EXACT.abs(y), _in_mode(HALF_PI_12, 12, mode, y < 0) if y else Decimal(0)
    x_mantissa, x_exponent = _register(_EXACT.abs(x))
    if not y:
        return _EXACT.abs(x), _in_mode(_PI_12, 12, mode, False) if x < 0 else Decimal(0)
    y_mantissa, y_exponent = _register(_EXACT.abs(y))
    t, exponent = _normalised(_long_divide(y_mantissa, x_mantissa, y_exponent - x_exponent),
                              y_exponent - x_exponent)
    if exponent < -99:  # y / x underflows
        return _EXACT.abs(x), _in_mode(_PI_12, 12, mode, False) if x < 0 else Decimal(0)
    angle, places = _arctangent(t, exponent)
    if x < 0:
        angle, places = _PI_12 - angle // 10 ** (places - 12), 12
    root, root_exponent = _hypotenuse(t, exponent)
    radius, radius_exponent = x_mantissa * root // UNIT, x_exponent + root_exponent
    if radius >= TOP:
        radius //= 10
        radius_exponent += 1
    return _rounded(radius, radius_exponent, False), _in_mode(angle, places, mode, y < 0)
