"""The TI-57's one-operand functions and statistics, as value -> (result, error).

Facts from ti57-notes.md ("Functions, statistics and entry details"): the error value
each function leaves (it flashes), the exact trigonometric values at the axes, the
angle range of INV P>R, and the square root's 9-10 digits.  Transcendental guard
digits are not the chip's: see ``numbers.from_float``.
"""

from __future__ import annotations

import math
from decimal import ROUND_DOWN, Context, Decimal

from machines.ti57.numbers import CHOP, LIMIT, ONE, PI, TINY, ZERO, chop, div, fit, from_float, mul, sub

__all__ = ["FUNCTIONS", "power", "to_radians_factor"]

Result = tuple[Decimal, bool]
_LN = Context(prec=20, Emax=999_999, Emin=-999_999, traps=[])
_FULL_TURN = {"deg": Decimal(360), "rad": None, "grad": Decimal(400)}


def _sqrt(x: Decimal, inv: bool) -> Result:
    err = x < 0
    a = -x if err else x
    if not a:
        return ZERO, err
    r = _LN.sqrt(a)
    # The chip's root keeps 10 digits when the exponent is even, 9 when odd
    # (sqrt 2 = 1.414213562, sqrt 3 = 1.732050807, sqrt 0.5 = 0.707106781).
    keep = 10 if a.adjusted() % 2 == 0 else 9
    r = Context(prec=keep, rounding=ROUND_DOWN).plus(r)
    return r, err


def _square(x: Decimal, inv: bool) -> Result:
    return fit(mul(x, x))


def _reciprocal(x: Decimal, inv: bool) -> Result:
    if not x:
        return LIMIT, True
    return fit(div(ONE, x))


def _ln(x: Decimal, inv: bool) -> Result:
    if inv:
        return _exp(x)
    if not x:
        return -LIMIT, True
    err = x < 0
    r = chop(_LN.ln(-x if err else x))
    return (r if r else ZERO), err


def _exp(x: Decimal) -> Result:
    if x > Decimal("230.2585093"):
        return LIMIT, True
    if x < Decimal("-240"):
        return TINY, True
    return fit(chop(_LN.exp(x)))


def _log(x: Decimal, inv: bool) -> Result:
    if inv:
        if x > Decimal("99.99999999999"):
            return LIMIT, True
        if x < Decimal("-110"):
            return TINY, True
        return fit(chop(_LN.power(Decimal(10), x)))
    if not x:
        return -LIMIT, True
    err = x < 0
    r = chop(_LN.log10(-x if err else x))
    return (r if r else ZERO), err


def power(y: Decimal, x: Decimal, inv: bool) -> Result:
    """y^x (INV: the x-th root of y), through ln and e^x with 11-digit steps, as the
    chip does; so a power of integers can land just below the integer
    (3 y^x 4 = then Int gives 80 on the real machine too)."""
    if inv:
        if not x:
            return LIMIT, True
        x = div(ONE, x)
    if not y:
        if not x:
            return ONE, False
        return (ZERO, False) if x > 0 else (LIMIT, True)
    err = y < 0
    ln_y = chop(_LN.ln(-y if err else y))
    p = mul(x, ln_y)
    r, e2 = _exp(p)
    return r, err or e2


def to_radians_factor(angle: str) -> float:
    return {"deg": math.pi / 180, "rad": 1.0, "grad": math.pi / 200}[angle]


def _exact_trig(x: Decimal, angle: str, which: str) -> Decimal | None | str:
    """Exact sin/cos/tan at multiples of 30 degrees (or 50 grads): None if not exact.

    The chip is exact at the axes (cos 90 = 0, sin 30 = 0.5); 'inf' for tan at 90.
    """
    turn = _FULL_TURN[angle]
    if turn is None:
        return None
    twelfth = turn / 12
    q = x / twelfth
    if q != q.to_integral_value():
        return None
    k = int(q) % 12  # multiples of 30 degrees
    sin_table = {0: 0, 3: 1, 6: 0, 9: -1, 1: "0.5", 5: "0.5", 7: "-0.5", 11: "-0.5"}
    cos_k = (k + 3) % 12
    if which == "sin":
        v = sin_table.get(k)
        return None if v is None else Decimal(v)
    if which == "cos":
        v = sin_table.get(cos_k)
        return None if v is None else Decimal(v)
    s, c = sin_table.get(k), sin_table.get(cos_k)
    if s is None or c is None:
        return None
    if Decimal(c) == 0:
        return "+inf" if Decimal(s) > 0 else "-inf"
    return Decimal(s) / Decimal(c)


def _trig(which: str):
    fn = {"sin": math.sin, "cos": math.cos, "tan": math.tan}[which]
    inverse = {"sin": math.asin, "cos": math.acos, "tan": math.atan}[which]

    def apply(x: Decimal, inv: bool, angle: str) -> Result:
        factor = to_radians_factor(angle)
        if inv:
            if which != "tan" and abs(x) > 1:
                return x, True
            return from_float(inverse(float(x)) / factor), False
        exact = _exact_trig(x, angle, which)
        if isinstance(exact, str):
            return (LIMIT if exact == "+inf" else -LIMIT), True
        if exact is not None:
            return exact, False
        if abs(x) > Decimal("1E12"):
            return ZERO, False
        reduced = math.fmod(float(x), 360.0 if angle == "deg" else 400.0 if angle == "grad" else 2 * math.pi)
        return fit(from_float(fn(reduced * factor)))

    return apply


def _int(x: Decimal, inv: bool) -> Result:
    whole = x.to_integral_value(rounding=ROUND_DOWN)
    r = sub(x, whole) if inv else whole
    return (r if r else ZERO), False


def _abs(x: Decimal, inv: bool) -> Result:
    return (-x if x < 0 else x), False


def _dms(x: Decimal, inv: bool) -> Result:
    """D.MMSS -> degrees (INV: back); minutes/seconds over 60 are not checked (1.7 -> 2.1666667)."""
    neg = x < 0
    a = -x if neg else x
    d = a.to_integral_value(rounding=ROUND_DOWN)
    if not inv:
        f = (a - d) * 100
        mm = f.to_integral_value(rounding=ROUND_DOWN)
        ss = (f - mm) * 100
        r = CHOP.plus(d + CHOP.divide(mm, 60) + CHOP.divide(ss, 3600))
    else:
        rem = (a - d) * 60
        mm = rem.to_integral_value(rounding=ROUND_DOWN)
        ss = (rem - mm) * 60
        r = CHOP.plus(d + mm / 100 + ss / 10000)
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
__all__ += ["TRIG", "PI"]
