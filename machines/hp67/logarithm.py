"""LN and LOG as the HP-67 microcode computes them, digit by digit.

Registers are Python ints below 10**14 (14 decimal digits), as in ``trig``; the 13-digit
mantissa sits in digits 12..0.  The steps (issue 40, rule 12; read from the HP-67 ROM
running on ``tools/hp67_microcode.py``, checked register by register, then on hundreds of
random arguments):

1. Bring x = m × 10^e to a y in (0.1, 1] whose logarithm is found, and keep u = 1 - y:
   for e = 0, u = (x - 1) / x by the 13-digit long division (so ln x = -ln(1/x)); for
   e = -1, u = 1 - x; otherwise u = 1 - m/10 and ln x = (e + 1) ln 10 + ln(m/10).  When u
   starts with zeros the work starts at the power of ten where its digits begin.
2. Pseudo-division: multiply y by 1 + 10^-j (j = 0, 1, ...: seven stages) as often as
   the product stays at most 1, done on u as u + u·10^-j - 10^-j with the shifted u
   truncated; count the factors.
3. -ln y is the remainder u plus the counted ln(1 + 10^-j) from the ROM's table, summed
   from the last stage back, each stage one digit to the right (truncated).
4. The multiple of ln 10 = 2.302585092994 is added digit by digit of the exponent, again
   shifting right (truncated) between digits.
5. LOG divides that 13-digit LN by ln 10 with the same long division.
6. The 13-digit result is rounded once to 10 digits, half up.
"""

from __future__ import annotations

from decimal import Decimal

from machines.hp67.trig import UNIT, WORD, _long_divide, _normalised, _rounded

TOP = 10 * UNIT  # digit 13
LN_10 = 2302585092994  # ln 10 to 13 digits, a constant of the ROM

# ln(1 + 10^-j) × 10^(12+j) for j = 0..5 as the ROM loads them; from j = 6 on, the ROM
# builds 10^12 - 5 × 10^(11-j) (the next term of the series is below the last digit).
_LN_TABLE = (693147180560, 953101798043, 995033085317, 999500333084, 999950003333, 999995000033)
_STAGES = 7


def _ln_step(j: int) -> int:
    return _LN_TABLE[j] if j < len(_LN_TABLE) else UNIT - 5 * 10 ** (11 - j)


def _complement(mantissa: int, exponent: int) -> tuple[int, int, bool]:
    """(u scaled so that 10^(12 + start) is 1, start, y is 1/x?) for x = mantissa × 10^e,
    mantissa the 10 digits of x; step 1 above.  u = 0 means x = 1."""
    if exponent == 0:
        dividend, shifts = (mantissa - 10**9) * 1000, 0
        if not dividend:
            return 0, 0, True
        while dividend < UNIT:
            dividend *= 10
            shifts += 1
        quotient = _long_divide(dividend, mantissa * 1000, shifts)
        zeros = _leading_zeros(quotient)  # u < 1: at least one
        return quotient * 10**zeros // 10, shifts + zeros - 1, True
    u = (10**10 - mantissa) * 1000  # 1 - m/10, units at digit 13
    start = 0
    if exponent == -1:  # y = x itself: start where the digits of u begin
        while u < UNIT:
            u *= 10
            start += 1
    return u // 10, start, False


def _leading_zeros(register: int) -> int:
    zeros = 0
    while register < UNIT:
        register *= 10
        zeros += 1
    return zeros


def _minus_ln(u: int, start: int) -> tuple[int, int]:
    """(-ln y scaled by 10^(12 + start), the last stage) from u = 1 - y scaled by
    10^(12 + start): the pseudo-division, then the table summed back (steps 2 and 3)."""
    counts = []
    j = start
    while True:
        count = 0
        while True:
            shifted = (u + u // 10**j) * 10 % WORD  # the digit above digit 12 is lost
            if shifted < TOP:  # y (1 + 10^-j) would pass 1
                break
            u = (shifted - TOP) // 10
            count += 1
        counts.append(count)
        if len(counts) == _STAGES or j == 11:
            break
        u = u * 10 % WORD
        j += 1
    total = u * 10 % WORD
    for stage in range(j, start - 1, -1):
        total = total // 10 + counts[stage - start] * _ln_step(stage)
    return total, j


def _ln13(x: Decimal) -> tuple[bool, int, int]:
    """(negative, 13-digit mantissa, exponent) of ln x, x > 0 with at most 10 digits."""
    exponent = x.adjusted()
    mantissa = int(x.scaleb(9 - exponent))
    u, start, inverted = _complement(mantissa, exponent)
    if not u:
        return False, 0, 0
    total, _ = _minus_ln(u, start)
    if exponent in (0, -1):  # ln x = -ln(1/x), or ln x = ln y itself
        result, result_exponent = _normalised(total, -start)
        return not inverted, result, result_exponent
    if exponent >= 1:  # (e + 1) ln 10 - (-ln y) = (ln 10 - (-ln y)) + e ln 10
        multiple, result, negative = exponent, LN_10 - total, False
    else:  # -((-ln y) + (-e - 1) ln 10)
        multiple, result, negative = -exponent - 1, total, True
    digits = [int(d) for d in str(multiple)]
    for place, digit in enumerate(reversed(digits)):  # lowest digit first, shifting right
        result += digit * LN_10
        if place < len(digits) - 1:
            result //= 10
    result_exponent = len(digits) - 1
    if result >= TOP:
        result //= 10
        result_exponent += 1
    result, result_exponent = _normalised(result, result_exponent)
    return negative, result, result_exponent


def ln(x: Decimal) -> Decimal:
    """LN of x > 0, to the microcode's last digit."""
    negative, mantissa, exponent = _ln13(x)
    return _rounded(mantissa, exponent, negative) if mantissa else Decimal(0)


def log10(x: Decimal) -> Decimal:
    """LOG of x > 0: the 13-digit LN divided by ln 10 (the long division parks the LN's
    exponent in the divisor's low digits, as it does everywhere)."""
    negative, mantissa, exponent = _ln13(x)
    if not mantissa:
        return Decimal(0)
    quotient, exponent = _normalised(_long_divide(mantissa, LN_10, exponent), exponent)
    return _rounded(quotient, exponent, negative)
