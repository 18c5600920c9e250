"""eˣ, 10ˣ and Yˣ as the HP-67 microcode computes them, digit by digit.

Registers are Python ints as in ``trig`` and ``logarithm``: a 13-digit mantissa in digits
12..0 of a 14-digit register, the exponent kept apart.  The steps (issue 40, rule 12;
read from the routine at 03471 of the HP-67 ROM running on ``tools/hp67_microcode.py``,
checked register by register, then on random arguments):

1. The argument is a 14-digit register P (units at digit 12, the tens in digit 13) and
   an exponent E: for eˣ the 10 digits of x, for 10ˣ x times the ROM's ln 10
   (2.302585092994), for Yˣ x times the 13-digit LN of y (``logarithm._ln13``); each
   product is truncated to the register.
2. Below 1 (E < 0) P is shifted right, the digits falling out dropped: first a tens digit
   into the units (E + 1), then -E places.
3. The multiple k of ln 10 is the integer quotient of P × 10^E by ln 10, one quotient
   digit per place of E, exact; the rest r is below ln 10.  A quotient of three digits
   overflows (x ≥ 230.2585...).  For a negative x, r becomes ln 10 - r and k becomes
   -(k + 1).
4. Pseudo-division: ln(1 + 10^-j) (the table of LN, j = 0..6) is taken from r as often
   as it goes, and r shifted left, seven stages whatever the argument.
5. Pseudo-multiplication, j = 6 down to 0: Y = 1 + what is left of r is multiplied by
   1 + 10^-j as often as counted.  The register holds (Y - 1) × 10^j, so each factor is
   an addition of the register shifted right j places (truncated) and of 1; between
   stages the register is shifted right one place (truncated).
6. eˣ is Y × 10^k, rounded once to 10 digits, half up.
"""

from __future__ import annotations

from decimal import Decimal

from machines.hp67.logarithm import LN_10, _ln13, _ln_step
from machines.hp67.trig import UNIT, _rounded

TOP = 10 * UNIT  # digit 13
_STAGES = 7
_BEYOND = Decimal("1E100")  # an overflow, for the caller's ``fit`` to saturate


def _powers_of_e(rest: int) -> int:
    """13 digits of e^rest (value × 10^12) for 0 <= rest < ln 10 (value × 10^12): steps 4, 5."""
    counts = []
    for j in range(_STAGES):
        step, count = _ln_step(j), 0
        while rest >= step:
            rest -= step
            count += 1
        counts.append(count)
        rest *= 10
    power = rest // 10  # (Y - 1) × 10^6, Y = 1 + the rest
    for j in range(_STAGES - 1, -1, -1):
        for _ in range(counts[j]):
            power += power // 10**j + UNIT
        if j:
            power //= 10
    return power + UNIT


def _exp_register(register: int, exponent: int, negative: bool) -> Decimal:
    """e to the ± (register × 10^(exponent - 12)), the register of 14 digits: steps 2, 3, 6.
    An overflow is 1E100 (the caller saturates it), an underflow 0."""
    if exponent < 0:
        if register >= TOP:
            register //= 10
            exponent += 1
        if exponent < 0:
            register = register // 10**-exponent if exponent > -14 else 0
            exponent = 0
    multiple, rest = 0, register
    for place in range(exponent + 1):
        if place:
            multiple *= 10
            if multiple >= 100:
                return Decimal(0) if negative else _BEYOND
            rest *= 10
        while rest >= LN_10:
            rest -= LN_10
            multiple += 1
    if negative:
        rest, multiple = LN_10 - rest, -multiple - 1
    return _rounded(_powers_of_e(rest), multiple, False)


def _product(x: Decimal, factor: int) -> tuple[int, int]:
    """|x| (10 digits) times a 13-digit factor, truncated to the 14-digit register."""
    exponent = x.adjusted()
    mantissa = int(abs(x).scaleb(9 - exponent))
    return mantissa * factor // 10**9, exponent


def exp(x: Decimal) -> Decimal:
    """eˣ, to the microcode's last digit: 7.389056099 for 2."""
    if not x:
        return Decimal(1)
    exponent = x.adjusted()
    return _exp_register(int(abs(x).scaleb(12 - exponent)), exponent, x < 0)


def ten_to(x: Decimal) -> Decimal:
    """10ˣ: eˣ of x times the ROM's ln 10, truncated to 13 digits."""
    if not x:
        return Decimal(1)
    register, exponent = _product(x, LN_10)
    return _exp_register(register, exponent, x < 0)


def power(y: Decimal, x: Decimal) -> Decimal:
    """|y|ˣ for y ≠ 0: eˣ of x times the unrounded 13-digit LN of |y|, truncated
    (7 ENTER 89 Yˣ is 1.635782512E75; the sign of a negative y is the caller's)."""
    ln_negative, ln_y, ln_exponent = _ln13(abs(y))
    if not x or not ln_y:
        return Decimal(1)
    register, exponent = _product(x, ln_y)
    return _exp_register(register, exponent + ln_exponent, ln_negative != (x < 0))
