"""Locomotive BASIC's numeric model: 5-byte reals, 16-bit integers, and how numbers print.

A CPC real is a 4-byte mantissa (32 significant bits, the top one implied by the sign
bit) with a 1-byte exponent biased by 128 (cpcwiki "Technical information about
Locomotive BASIC").  Reals are Python floats holding exactly such values; the
firmware's arithmetic, its decimal reading and its 9 printed digits are in
``reals.py``.  Integers (``%``) are signed 16-bit: storing outside -32768..32767 is
``Overflow``; storing a real into an integer rounds half away from zero (2.5 -> 3).
"""

from __future__ import annotations

import math
from typing import Callable

from machines.cpc import errors
from machines.cpc.errors import BasicError
from machines.cpc.reals import REAL_MAX, decimal_digits, decimal_to_real

__all__ = [
    "REAL_MAX",
    "to_real",
    "make_to_real",
    "to_int16",
    "unsigned_to_int16",
    "format_number",
    "str_number",
    "read_number",
    "parse_number_prefix",
    "read_whole_number",
]

_TWO32 = 4294967296.0
_DIGITS = frozenset("0123456789")
_frexp = math.frexp
_ldexp = math.ldexp
_floor = math.floor


def _raise_overflow(sign: float) -> float:
    raise BasicError(errors.OVERFLOW)


def make_to_real(on_overflow: Callable[[float], float] = _raise_overflow) -> Callable[[float], float]:
    """A ``to_real`` whose overflow is handled by ``on_overflow(sign)``: the machine
    passes the ROM's maths error, which prints "Overflow" and goes on with the
    largest real unless ON ERROR GOTO is active."""

    def to_real(x: float) -> float:
        """Round a value to the CPC's 32-bit mantissa (half away from zero, as the
        ROM's rounding byte does); overflow beyond about 1.7E38, underflow to 0."""
        m, e = _frexp(x)
        if m > 0:
            if m >= 1.0:  # infinity
                return on_overflow(1.0)
            r = _ldexp(_floor(m * _TWO32 + 0.5), e - 32)
        elif m < 0:
            if m <= -1.0:
                return on_overflow(-1.0)
            r = -_ldexp(_floor(-m * _TWO32 + 0.5), e - 32)
        elif m == 0.0:
            return 0.0
        else:  # not a number
            return on_overflow(1.0)
        if e >= 127:  # rounding may carry into 2**127
            if abs(r) > REAL_MAX:
                return on_overflow(r)
        elif e < -127:
            return 0.0
        return r

    return to_real


to_real = make_to_real()


def to_int16(x: float | int) -> int:
    """CINT: round half away from zero, then check the 16-bit range (``Overflow``)."""
    if type(x) is not int:
        if x != x:
            raise BasicError(errors.OVERFLOW)
        x = int(x + 0.5) if x >= 0 else -int(0.5 - x)
    if -32768 <= x <= 32767:
        return x
    raise BasicError(errors.OVERFLOW)


def unsigned_to_int16(x: float | int) -> int:
    """Bitwise operands and ``UNT``: values 32768..65535 are taken as their 16-bit pattern."""
    if type(x) is not int:
        x = int(x + 0.5) if x >= 0 else -int(0.5 - x)
    if -32768 <= x <= 32767:
        return x
    if 32768 <= x <= 65535:
        return x - 65536
    raise BasicError(errors.OVERFLOW)


def _round_half_up(digits: str, keep: int) -> tuple[str, int]:
    """Keep ``keep`` digits of a decimal digit string, rounding half up on the first
    dropped digit (ROM ``prob_round_last_digit``); returns the digits and 1 if the
    carry ran off the front (999999.5 -> 100000, one more in the exponent)."""
    head = digits[:keep].ljust(keep, "0")
    if len(digits) <= keep or digits[keep] < "5":
        return head, 0
    rounded = str(int(head) + 1)
    if len(rounded) > keep:
        return rounded[:keep], 1
    return rounded.rjust(keep, "0"), 0


_EXPONENT_DIGITS = 6  # the exponent form keeps 6 significant digits


def _real_digits(x: float, listing: bool = False) -> str:
    """A real as the CPC shows it.  The firmware first gives 9 significant digits
    (trailing zeros dropped).  The ROM (``unformatted_scale_and_exp_if_needed``)
    keeps the fixed form while the integer part has at most 9 digits and the
    fraction needs at most 9 decimals, so 0.000000001 prints in full but 1/3000 does
    not; otherwise it takes the exponent form, where a number of 7 or more digits is
    rounded half up to 6 (``unformatted_scale_loop``: 1.23457E+09, and then the
    zeros are kept: 1.30000E+09), and the exponent has two digits.  LIST (``listing``)
    calls the same routine without PRINT's format bit: the exponent form keeps all 9
    digits (1.23456789E+11)."""
    if x == 0:
        return "0"
    n, power = decimal_digits(x)  # the firmware's 9 digits (reals.py)
    text = str(n)
    exponent = len(text) - 1 + power
    digits = text.rstrip("0") or "0"
    decimals = len(digits) - 1 - exponent
    if exponent < 9 and decimals <= 9:
        if exponent >= 0:
            whole = digits[: exponent + 1].ljust(exponent + 1, "0")
            frac = digits[exponent + 1 :]
        else:
            whole = "0"
            frac = "0" * (-exponent - 1) + digits
        body = whole + ("." + frac if frac else "")
    else:
        if len(digits) > _EXPONENT_DIGITS and not listing:
            digits, carry = _round_half_up(digits, _EXPONENT_DIGITS)
            exponent += carry
        body = digits[0] + ("." + digits[1:] if len(digits) > 1 else "")
        body += "E" + ("-" if exponent < 0 else "+") + "%02d" % abs(exponent)
    return ("-" if x < 0 else "") + body


def str_number(x: float | int) -> str:
    """``STR$``: a leading space for a positive number (or zero), no trailing space."""
    if type(x) is int:
        if -32768 <= x <= 32767:
            return (" " + str(x)) if x >= 0 else str(x)
        x = to_real(float(x))  # an integer sum past 16 bits is a real on the CPC
    if x == int(x) and abs(x) < 1e9:
        i = int(x)
        return (" " + str(i)) if x >= 0 else str(i)
    body = _real_digits(x)
    return body if body.startswith("-") else " " + body


def listed_number(x: float | int) -> str:
    """A number constant of a program line as LIST and the line editor show it: the
    value the line holds, not its spelling (ROM ``detokenise_numeric_literal``:
    1.50 is 1.5, 007 is 7, 943820910E-2 is 9438209.1)."""
    if type(x) is int:
        return str(x)
    if x == int(x) and abs(x) < 1e9:
        return str(int(x))
    return _real_digits(x, listing=True)


def format_number(x: float | int) -> str:
    """``PRINT`` of a number: ``STR$`` plus one trailing space."""
    return str_number(x) + " "


_BLANKS = " \t\n"  # what the ROM's number reading skips (skip_space_tab_or_line_feed)
_HEX_DIGITS = "0123456789ABCDEF"


def _skip_blanks(text: str, i: int) -> int:
    n = len(text)
    while i < n and text[i] in _BLANKS:
        i += 1
    return i


def _digits(text: str, i: int) -> tuple[str, int, str]:
    """Decimal digits from ``i``, blanks before each skipped (``copy_while_decimal_digits``):
    the digits, where reading stopped (before the blanks that precede the next character)
    and that character upper-cased ('' at the end)."""
    got = []
    n = len(text)
    while True:
        j = _skip_blanks(text, i)
        if j < n and text[j] in _DIGITS:
            got.append(text[j])
            i = j + 1
        else:
            return "".join(got), i, text[j].upper() if j < n else ""


def read_number(text: str, start: int = 0,
                on_overflow: Callable[[], None] | None = None) -> tuple[float | int, int] | None:
    """A number read from ``text`` at ``start`` as BASIC's ``convert_string_to_number``
    reads it (VAL, INPUT, READ, RANDOMIZE's question): the value and where reading
    stopped, or None where the ROM gives up (a sign or a point with no digit, '&' with
    no digit).  Blanks are skipped before the number, after a sign, between digits, around
    the point and the E, and after '&' and its H or X.  Text that does not start a number
    reads as 0 with nothing used.  A decimal beyond the largest real, or '&' digits beyond
    16 bits, is the ROM's maths error Overflow: ``on_overflow()`` is called (it raises the
    error or prints the warning) and, if it returns, the reading gives up (None); with no
    ``on_overflow``, BasicError(OVERFLOW) is raised."""
    n = len(text)
    i = _skip_blanks(text, start)
    sign = 1
    if i < n and text[i] in "+-":
        sign = -1 if text[i] == "-" else 1
        i = _skip_blanks(text, i + 1)
    elif i < n and text[i] == "&":
        return _read_based(text, i, on_overflow)
    elif not (i < n and (text[i] in _DIGITS or text[i] == ".")):
        return 0, i
    # convert_decimal: a digit must come first, or a point then (after blanks) a digit
    j = _skip_blanks(text, i + 1) if i < n and text[i] == "." else i
    if not (j < n and text[j] in _DIGITS):
        return None
    whole, i, after = _digits(text, i)
    fraction, real = "", False
    if after == ".":
        real = True
        fraction, i, after = _digits(text, _skip_blanks(text, i) + 1)
    exponent = 0
    if after == "E":  # test_for_and_eval_exponent: else the E is left unread
        j = _skip_blanks(text, _skip_blanks(text, i) + 1)
        negative = j < n and text[j] == "-"
        if j < n and text[j] in "+-":
            j = _skip_blanks(text, j + 1)
        k = j
        while k < n and text[k] in _DIGITS:
            k += 1
        if k > j:
            real = True
            magnitude = int(text[j:k])
            magnitude = magnitude if magnitude < 100 else 127  # eval_exponent
            exponent = -magnitude if negative else magnitude
            i = k
    if not real:
        value = int(whole) * sign
        if -32768 <= value <= 32767:
            return value, i
    literal = f"{whole or '0'}.{fraction}E{exponent}"
    value = decimal_to_real(literal)
    if value > REAL_MAX:
        return _overflow(on_overflow)
    return value * sign, i


def _overflow(on_overflow: Callable[[], None] | None) -> None:
    if on_overflow is None:
        raise BasicError(errors.OVERFLOW)
    on_overflow()
    return None


def _read_based(text: str, i: int, on_overflow: Callable[[], None] | None) -> tuple[int, int] | None:
    """``&`` (hexadecimal), ``&H`` or ``&X`` (binary) and digits (``convert_hex_or_binary_to_HL``):
    an integer, its 16 bits signed; past 16 bits is Overflow."""
    n = len(text)
    i = _skip_blanks(text, i + 1)
    base = 16
    if i < n and text[i].upper() in "HX":
        base = 2 if text[i].upper() == "X" else 16
        i = _skip_blanks(text, i + 1)
    allowed = _HEX_DIGITS[:base]
    j = i
    while j < n and text[j].upper() in allowed:
        j += 1
    if j == i:
        return None
    value = int(text[i:j], base)
    if value > 65535:
        return _overflow(on_overflow)
    return (value - 65536 if value > 32767 else value), j


def parse_number_prefix(text: str) -> tuple[float | int, int]:
    """The number at the start of ``text`` (``read_number``): the value and how many
    characters were used, (0, 0) if none or where the ROM gives up."""
    read = read_number(text)
    if read is None or read[1] == _skip_blanks(text, 0):
        return 0, 0
    return read


def read_whole_number(text: str, on_overflow: Callable[[], None] | None = None) -> float | int | None:
    """``text`` read as one number with only blanks after it (INPUT's items, RANDOMIZE's
    question): its value, 0 for blank text, None if it is not (``read_number``)."""
    read = read_number(text, 0, on_overflow)
    if read is None or _skip_blanks(text, read[1]) < len(text):
        return None
    return read[0]
