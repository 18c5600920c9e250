"""Numbers for compiled code: 5-byte real rounding, 16-bit integers, arithmetic and
the maths functions, with the ROM's maths errors.

Division by zero and overflow in real arithmetic are the ROM's *maths errors*
(``Errors.asm`` ``maths_error``): without ON ERROR GOTO they print their message and
the program goes on with the largest real; with it they are raised as errors.
"""

from __future__ import annotations

import math
from typing import Any, Callable

from machines.cpc import errors
from machines.cpc.errors import BasicError, error_message
from machines.cpc.numbers import (
    REAL_MAX,
    make_to_real,
    read_whole_number,
    to_int16,
    unsigned_to_int16,
)
from machines.cpc import reals
from machines.cpc.reals import MathsFault, make_operations
from machines.cpc.runtime import names as rt
from machines.cpc.runtime.host import Host
from machines.cpc.runtime.printing import on_stream

__all__ = ["bind", "maths_error"]


def maths_error(machine: Host, code: int) -> None:
    """The ROM's ``maths_error``: with any ON ERROR GOTO it is raised; without, its message
    is printed at the cursor, then a new line, and the caller goes on."""
    if machine._on_error >= 0:
        raise BasicError(code)

    def show() -> None:
        machine._print(error_message(code))
        machine._newline()
    on_stream(machine, 0, show)


def check_int(x: int) -> int:
    """An integer result must fit 16 bits."""
    if -32768 <= x <= 32767:
        return x
    raise BasicError(errors.OVERFLOW)


def int_divide(a: Any, b: Any) -> int | float:
    r"""``\``: both operands as signed 16-bit integers (40000 is Overflow); the one
    quotient that does not fit, -32768\-1, is given as the real 32768 (ROM
    ``infix_integer_division``)."""
    a, b = to_int16(a), to_int16(b)
    if b == 0:
        raise BasicError(errors.DIVISION_BY_ZERO)
    q = abs(a) // abs(b)
    q = q if (a >= 0) == (b >= 0) else -q
    return q if q != 32768 else 32768.0


def mod(a: Any, b: Any) -> int:
    """``MOD``: signed 16-bit operands; the remainder takes the dividend's sign."""
    a, b = to_int16(a), to_int16(b)
    if b == 0:
        raise BasicError(errors.DIVISION_BY_ZERO)
    r = abs(a) % abs(b)
    return r if a >= 0 else -r


# A real 0 may carry a sign on the CPC (-B of B=0 is -0; a division by it or of it keeps
# the sign, seen on the ROMs), but what INT, FIX and ROUND give back is an unsigned 0,
# and ABS leaves a 0 as it is: the 0 here is the integer 0, which has no sign.
def int_(x: Any) -> Any:
    return x if type(x) is int else (float(math.floor(x)) or 0)


def fix(x: Any) -> Any:
    return x if type(x) is int else (float(math.trunc(x)) or 0)


def abs_(x: Any) -> Any:
    return abs(x) if x else x


def sgn(x: Any) -> int:
    return (x > 0) - (x < 0)


def bind(machine: Host) -> dict[str, Callable[..., Any]]:
    """The numeric functions, closed over the machine (maths errors print on it; DEG,
    the random generator)."""

    def maths_error_going_on(code: int, sign: float) -> float:
        """A maths error in arithmetic: printed (if not raised), BASIC goes on with the largest real."""
        maths_error(machine, code)
        return -REAL_MAX if math.copysign(1.0, sign) < 0 else REAL_MAX  # a 0 may be -0 (ROM)

    def overflow(sign: float) -> float:
        return maths_error_going_on(errors.OVERFLOW, sign)

    real = make_to_real(overflow)
    def division_by_zero(dividend: float) -> float:
        return maths_error_going_on(errors.DIVISION_BY_ZERO, dividend)

    add, subtract, multiply, div = make_operations(overflow, division_by_zero)

    def firmware(routine: Callable[..., float], *args: Any) -> float:
        """A firmware maths routine (reals.py) on real arguments: Improper argument is
        an error; Overflow and Division by zero are maths errors, after which BASIC
        goes on with what the routine left (ROM ``read_real_param_and_validate``)."""
        try:
            return routine(*(float(a) for a in args))
        except MathsFault as fault:
            if fault.code == errors.IMPROPER_ARGUMENT:
                raise BasicError(errors.IMPROPER_ARGUMENT) from None
            maths_error(machine, fault.code)
            return fault.value

    def power(a: Any, b: Any) -> float:
        return firmware(reals.power, a, b)

    def trig(routine: Callable[[float, bool], float]) -> Callable[[Any], float]:
        def f(x: Any) -> float:
            return firmware(routine, x, machine._deg)
        return f

    def sqr(x: Any) -> float:
        return firmware(reals.sqr, x)

    def exp(x: Any) -> float:
        return firmware(reals.exp, x)

    def log(x: Any) -> float:
        # x <= 0: the firmware's sign test leaves the flags of an overflow (REAL_log),
        # so BASIC says "Overflow" and the accumulator keeps the argument
        return firmware(reals.log, x)

    def log10(x: Any) -> float:
        return firmware(reals.log10, x)

    def round_(x: Any, d: Any = 0) -> Any:
        """ROUND as the ROM does it (``round_accumulator``): x * 10^d by the firmware,
        rounded half up to a whole number (left as it is if that is past 32 bits or
        the scaling overflows), then divided back; an integer is kept unless d < 0."""
        d = to_int16(d)
        if not -39 <= d <= 39:
            raise BasicError(errors.IMPROPER_ARGUMENT)
        if type(x) is int and -32768 <= x <= 32767:  # wider: an integer sum gone real
            return x if d >= 0 else to_int16(round_real(float(x), d))
        return round_real(float(x), d)

    def round_real(x: float, d: int) -> float:
        y = reals.scale_by_power_of_ten(x, d) if d else x
        magnitude = abs(y)
        if magnitude >= 4294967296.0:
            return x
        n = math.floor(magnitude + 0.5)
        r = float(n if y >= 0 else -n)
        if not r:  # ROUND(x) of a real gives an unsigned 0, ROUND(x,d) a real one (ROMs)
            return math.copysign(0.0, x) if d else 0
        return reals.scale_by_power_of_ten(r, -d) if d else r

    rnd_seeded, rnd_next, rnd_value = reals.rnd_seeded, reals.rnd_next, reals.rnd_value

    def overflow_warning() -> None:
        maths_error(machine, errors.OVERFLOW)

    def rnd(x: Any) -> float:
        """RND (x > 0 or none): the next value; RND(0): the state's value again (after
        RANDOMIZE, the seed's, not the last RND's); RND(x < 0): reseeded by x, then the
        next value (BASIC ``variable_RND``)."""
        if x <= 0:
            if x == 0:
                return rnd_value(machine._rnd_state)
            machine._rnd_state = rnd_seeded(float(x))
        machine._rnd_state = state = rnd_next(machine._rnd_state)
        return rnd_value(state)

    def randomize(x: Any) -> None:
        if x is None:
            # the ROM asks again, with no "?Redo from start", until the line is a number
            # (an empty line is 0; too large a number is the maths error Overflow, then
            # the question again); BASIC ``command_RANDOMIZE``
            while (x := read_whole_number(machine._read_line("Random number seed ? ", False),
                                          overflow_warning)) is None:
                pass
        machine._rnd_state = rnd_seeded(float(x))

    def angle(deg: bool) -> None:
        machine._deg = deg

    return {
        rt.REAL: real, rt.ADD: add, rt.SUBTRACT: subtract, rt.MULTIPLY: multiply, rt.CINT: to_int16, rt.CHECK_INT: check_int, rt.UNT: unsigned_to_int16,
        rt.DIVIDE: div, rt.INT_DIVIDE: int_divide, rt.MOD: mod, rt.POWER: power,
        rt.INT: int_, rt.FIX: fix, rt.ABS: abs_, rt.ROUND: round_, rt.SGN: sgn, rt.SQR: sqr,
        rt.SIN: trig(reals.sin), rt.COS: trig(reals.cos), rt.TAN: trig(reals.tan), rt.ATN: trig(reals.atn),
        rt.EXP: exp, rt.LOG: log, rt.LOG10: log10, rt.FRE: machine.fre, rt.RND: rnd,
        rt.RANDOMIZE: randomize, rt.ANGLE: angle,
    }
