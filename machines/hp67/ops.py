"""The HP-67's instruction set as one table: mnemonic, key code, semantics, fast path.

Each row (``_row`` at the end) names an instruction, its HP-97 key code, its
family and the keys that enter it.  The family's semantics is a factory above:
it receives the machine, the instruction, its step number, the next step and
the step after that, and returns the closure ``load`` keeps for that step.  The
closure does the step's work and returns the number of the next step (negative:
the program stops there, ``machine._why`` says why).

Fast paths: + - x, storage arithmetic and FRC first try the C ``decimal``
operators under the 10-digit context, whose traps send the rare out-of-range
result to a careful path (saturate -- and stop a running program -- flush to
zero, or Error).  Sums go through ``num.SUM``, which also traps a sum that is not
exact: the machine drops the smaller operand's digits beyond its 13-digit register
before it rounds (``num.aligned_sum``).  Closures keep the registers and flags lists in cells (no
attribute lookups) and write the stack as plain attributes.

To add an instruction: write (or reuse) a factory with ``@semantics("family")``
and add a ``_row`` for it; ``machine.py`` needs no change.
"""

from __future__ import annotations

from decimal import Decimal
from enum import Enum
from typing import Callable, Protocol

from machines.hp67 import numbers as num
from machines.hp67.isa import (
    LABELS,
    PROGRAM_STEPS,
    REGISTER_INDEX,
    Instruction,
    spelling_key,
)
from machines.hp67.numbers import MachineError

LIFT, NO_LIFT, ENTRY = 0, 1, 2
I_REG = REGISTER_INDEX["I"]
RETURN_LEVELS = 3
ZERO = num.ZERO
ONE = Decimal(1)

StepFn = Callable[[], int]


class StopReason(str, Enum):
    """Why ``HP67.run`` returned."""

    RUN_STOP = "R/S"  # an R/S step stopped the program
    STEP = "SST"  # an SST on a GSB ran its subroutine to the first RTN that returned
    RETURN = "RTN"  # RTN with no pending return: back to the keyboard
    PAUSE = "PSE"  # a pause; the program is still running, ``run`` goes on
    ERROR = "Error"  # an improper operation or a missing label; stopped on that step
    OVERFLOW = "overflow"  # a result overflowed (shown saturated, no Error); stopped after that step
    BUDGET = "budget"  # ``max_steps`` ran out; the program is still running
    BREAKPOINT = "breakpoint"  # reached a step in ``breakpoints``; still running
    IDLE = "idle"  # no program was running


class Calculator(Protocol):
    """What the instructions read and change of the HP-67 (``machine.HP67`` is the one): named
    here, so that this table need not import the machine that imports it."""

    x: Decimal
    y: Decimal
    z: Decimal
    t: Decimal
    last_x: Decimal
    lift: int  # LIFT, NO_LIFT or ENTRY
    regs: list[Decimal]
    _flags: list[bool]
    returns: list[int]
    fmt: str
    digits: int
    angle: str
    e_mant: str
    e_neg: bool
    e_exp: str | None
    e_exp_neg: bool
    _why: StopReason
    _stepping: bool  # an SST on a GSB: stop at the first RTN that returns

    def find_label(self, label: str, start: int) -> int | None: ...
    def _entry_value(self) -> Decimal: ...
    def _entry_update(self) -> None: ...
    def _entry_add(self, ch: str) -> None: ...


# GTO (i) / GSB (i) with a negative I jumps back at most 999 steps: a larger |I| is an
# Error on that step (I = -5974 in issue 40, rule 10; -999 jumps and -1000 is an Error
# on the microcode).
BACKWARD_JUMP_LIMIT = 999


def indirect_label(i_value: Decimal) -> tuple[str | None, int]:
    """GTO (i)/GSB (i): I = 0-9 labels 0-9, 10-14 A-E, 15-19 a-e; negative: jump back int|I| steps."""
    k = int(abs(i_value))
    if i_value < 0 and k:  # -1 < I < 0 is label 0, as I = 0 (microcode; a random program's -0.663)
        if k > BACKWARD_JUMP_LIMIT:
            raise MachineError("GTO (i) / GSB (i) with I <= -1000")
        return None, k
    if k < 10:
        return str(k), 0
    if k < 20:
        return "ABCDEabcde"[k - 10], 0
    raise MachineError("GTO (i) / GSB (i) with I >= 20")


def _indirect_register(m: Calculator) -> int:
    k = int(abs(m.regs[I_REG]))
    if k > 25:
        raise MachineError("(i) with I beyond 25")
    return k


Factory = Callable[[Calculator, Instruction, int, int, int], StepFn]
_SEMANTICS: dict[str, Factory] = {}


def semantics(*ops: str) -> Callable[[Factory], Factory]:
    """Register a factory as the semantics of the instruction families ``ops``."""

    def register(fn: Factory) -> Factory:
        for op in ops:
            _SEMANTICS[op] = fn
        return fn

    return register


@semantics("digit")
def _digit(m: Calculator, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    ch = str(ins.arg)
    first_value = ZERO if ch == "." else Decimal(ch)

    def digit() -> int:
        if m.lift != ENTRY:
            if m.lift == LIFT:
                m.t = m.z
                m.z = m.y
                m.y = m.x
            m.e_mant = ch
            m.e_neg = False
            m.e_exp = None
            m.e_exp_neg = False
            m.lift = ENTRY
            m.x = first_value
        else:
            m._entry_add(ch)
        return nxt

    return digit


def _zero_mantissa(mantissa: str) -> bool:
    """True if the mantissa typed so far has no digit other than 0 (``''``, ``'0'``, ``'.'``, ``'0.00'``)."""
    return not mantissa.strip("0.")


@semantics("eex")
def _eex(m: Calculator, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    # What the microcode does (issue 40, HP-67 rule 4): EEX on a typed mantissa starts
    # its exponent, and once the exponent is started does nothing (6 EEX 1 EEX 2 is 6E12).
    # EEX with no mantissa typed, or a zero one, ends that number -- 0, or the 1 an earlier
    # EEX supplied -- and starts a new one from 1: 5 ENTER 0 EEX leaves 1, 0, 5; EEX 4 EEX
    # leaves 1 in X and 1E4 in Y.
    def eex() -> int:
        if m.lift == ENTRY:
            if not _zero_mantissa(m.e_mant):
                if m.e_exp is None:
                    m.e_exp = ""
                    m._entry_update()
                return nxt
            m.lift = LIFT
        if m.lift == LIFT:
            m.t, m.z, m.y = m.z, m.y, m.x
        m.e_mant, m.e_neg, m.e_exp, m.e_exp_neg = "", False, "", False  # the 1 is implied
        m.lift = ENTRY
        m._entry_update()
        return nxt

    return eex


@semantics("chs")
def _chs(m: Calculator, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    def chs() -> int:
        if m.lift == ENTRY:
            if m.e_exp is not None:
                m.e_exp_neg = not m.e_exp_neg
            elif _zero_mantissa(m.e_mant):
                return nxt  # 0 CHS shows 0.: a zero mantissa has no sign to change (rule 3)
            else:
                m.e_neg = not m.e_neg
            m._entry_update()
        else:
            m.x = -m.x
            m.lift = LIFT  # CHS on a finished number re-enables the lift
        return nxt

    return chs


@semantics("enter")
def _enter(m: Calculator, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    def enter() -> int:
        m.t = m.z
        m.z = m.y
        m.y = m.x
        m.lift = NO_LIFT
        return nxt

    return enter


@semantics("clx")
def _clx(m: Calculator, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    def clx() -> int:
        m.x = ZERO
        m.lift = NO_LIFT
        return nxt

    return clx


def _overflowed(m: Calculator, nxt: int) -> int:
    """A result overflowed: a running program stops, pointing at the next step (no Error).

    From the keyboard the return value is ignored: the result just saturates
    (hp67-instruction-set.md 5).
    """
    m._why = StopReason.OVERFLOW
    return -nxt


def _binary_careful(m: Calculator, careful: Callable[[Decimal, Decimal], Decimal], x: Decimal, nxt: int) -> int:
    """The slow path of + - x when the fast context trapped: saturate (and stop) or Error."""
    r = careful(m.y, x)
    m.last_x = x
    m.x = r
    m.y = m.z
    m.z = m.t
    m.lift = LIFT
    return _overflowed(m, nxt) if num.saturated(r) else nxt


def _binary(fast: Callable[[Decimal, Decimal], Decimal], careful: Callable[[Decimal, Decimal], Decimal]) -> Factory:
    """y op x: X <- result, LAST X <- x, the stack drops (T is duplicated)."""

    def factory(m: Calculator, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
        def binary() -> int:
            x = m.x
            try:
                r = fast(m.y, x)
            except ArithmeticError:
                r = careful(m.y, x)
            m.last_x = x
            m.x = r
            m.y = m.z
            m.z = m.t
            m.lift = LIFT
            return _overflowed(m, nxt) if num.saturated(r) else nxt

        return binary

    return factory


@semantics("add")
def _add(m: Calculator, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    # Written out (not through _binary) because + is among the program's hottest steps.
    add_exactly = num.SUM.add

    def add() -> int:
        x = m.x
        try:
            r = add_exactly(m.y, x)  # a rounded sum traps: the machine rounds it its own way
        except ArithmeticError:
            return _binary_careful(m, num.add, x, nxt)
        m.last_x = x
        m.x = r
        m.y = m.z
        m.z = m.t
        m.lift = LIFT
        return nxt

    return add


@semantics("sub")
def _sub(m: Calculator, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    subtract_exactly = num.SUM.subtract

    def sub() -> int:
        x = m.x
        try:
            r = subtract_exactly(m.y, x)
        except ArithmeticError:
            return _binary_careful(m, num.sub, x, nxt)
        m.last_x = x
        m.x = r
        m.y = m.z
        m.z = m.t
        m.lift = LIFT
        return nxt

    return sub


@semantics("mul")
def _mul(m: Calculator, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    def mul() -> int:
        x = m.x
        try:
            r = m.y * x
        except ArithmeticError:
            return _binary_careful(m, num.mul, x, nxt)
        m.last_x = x
        m.x = r
        m.y = m.z
        m.z = m.t
        m.lift = LIFT
        return nxt

    return mul


_SEMANTICS["div"] = _binary(lambda y, x: y / x, num.div)
_SEMANTICS["power"] = _binary(num.power, num.power)
_SEMANTICS["hms_add"] = _binary(num.hms_add, num.hms_add)


def _unary(fn: Callable[[Decimal], Decimal], can_overflow: bool = True) -> Factory:
    """X <- f(x), LAST X <- x."""

    def factory(m: Calculator, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
        def unary() -> int:
            x = m.x
            r = fn(x)
            m.last_x = x
            m.x = r
            m.lift = LIFT
            return _overflowed(m, nxt) if num.saturated(r) else nxt

        def bounded() -> int:
            x = m.x
            r = fn(x)
            m.last_x = x
            m.x = r
            m.lift = LIFT
            return nxt

        return unary if can_overflow else bounded

    return factory


def _angular(fn: Callable[[Decimal, str], Decimal]) -> Factory:
    def factory(m: Calculator, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
        def angular() -> int:
            x = m.x
            r = fn(x, m.angle)
            m.last_x = x
            m.x = r
            m.lift = LIFT
            return _overflowed(m, nxt) if num.saturated(r) else nxt

        return angular

    return factory


def _reciprocal(x: Decimal) -> Decimal:
    return num.div(ONE, x)


def _square(x: Decimal) -> Decimal:
    return num.mul(x, x)


_SEMANTICS.update({
    "int": _unary(num.integer_part, can_overflow=False),
    "abs": _unary(lambda x: abs(x) + ZERO, can_overflow=False),
    "reciprocal": _unary(_reciprocal),
    "sqrt": _unary(num.sqrt),
    "square": _unary(_square),
    "ln": _unary(num.ln),
    "exp": _unary(num.exp),
    "log": _unary(num.log10),
    "ten_to": _unary(num.ten_to),
    "factorial": _unary(num.factorial),
    "to_hms": _unary(num.to_hms),
    "from_hms": _unary(num.from_hms),
    "deg_to_rad": _unary(num.degrees_to_radians),
    "rad_to_deg": _unary(num.radians_to_degrees),
    "sin": _angular(num.sin),
    "cos": _angular(num.cos),
    "tan": _angular(num.tan),
    "asin": _angular(num.asin),
    "acos": _angular(num.acos),
    "atan": _angular(num.atan),
})


@semantics("frc")
def _frc(m: Calculator, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    # FRC keeps the sign (FRC -1.5 = -0.5); x % 1 is exact in the 10-digit context.
    def frc() -> int:
        x = m.x
        try:
            r = x % 1 + ZERO
        except ArithmeticError:  # beyond 10 integer digits the quotient does not fit
            r = num.fraction_part(x)
        m.last_x = x
        m.x = r
        m.lift = LIFT
        return nxt

    return frc


@semantics("rnd")
def _rnd(m: Calculator, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    def rnd() -> int:
        x = m.x
        m.last_x = x
        m.x = num.round_to_display(x, m.fmt, m.digits)
        m.lift = LIFT
        return nxt

    return rnd


def _percent_of(y: Decimal, x: Decimal) -> Decimal:
    return num.WIDE.divide(num.WIDE.multiply(y, x), 100)


def _percent_change_of(y: Decimal, x: Decimal) -> Decimal:
    return num.WIDE.divide(num.WIDE.multiply(num.WIDE.subtract(x, y), 100), y)


@semantics("percent")
def _percent(m: Calculator, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    def percent() -> int:  # Y stays, X <- x% of y
        x = m.x
        r = num.careful(_percent_of, m.y, x)  # one range check at the end, as the machine
        m.last_x = x
        m.x = r
        m.lift = LIFT
        return _overflowed(m, nxt) if num.saturated(r) else nxt

    return percent


@semantics("percent_change")
def _percent_change(m: Calculator, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    def percent_change() -> int:  # Y stays, X <- 100 (x - y) / y
        x, y = m.x, m.y
        r = num.careful(_percent_change_of, y, x)
        m.last_x = x
        m.x = r
        m.lift = LIFT
        return _overflowed(m, nxt) if num.saturated(r) else nxt

    return percent_change


@semantics("to_polar", "to_rectangular")
def _coordinates(m: Calculator, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    convert = num.to_polar if ins.op == "to_polar" else num.to_rectangular

    def coordinates() -> int:
        x = m.x
        # Two results in X and Y, no stack lift: Z and T stay, LAST X gets x.
        a, b = convert(x, m.y, m.angle)
        m.last_x = x
        m.x, m.y = a, b
        m.lift = LIFT
        return _overflowed(m, nxt) if num.saturated(a) else nxt

    return coordinates


@semantics("swap")
def _swap(m: Calculator, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    def swap() -> int:
        m.x, m.y = m.y, m.x
        m.lift = LIFT
        return nxt

    return swap


@semantics("roll_down")
def _roll_down(m: Calculator, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    def roll_down() -> int:
        m.x, m.y, m.z, m.t = m.y, m.z, m.t, m.x
        m.lift = LIFT
        return nxt

    return roll_down


@semantics("roll_up")
def _roll_up(m: Calculator, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    def roll_up() -> int:
        m.x, m.y, m.z, m.t = m.t, m.x, m.y, m.z
        m.lift = LIFT
        return nxt

    return roll_up


def _push(m: Calculator, value: Decimal) -> None:
    """Put a value in X, lifting the stack unless the lift is disabled."""
    if m.lift != NO_LIFT:
        m.t = m.z
        m.z = m.y
        m.y = m.x
    m.x = value
    m.lift = LIFT


@semantics("last_x")
def _last_x(m: Calculator, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    def last_x() -> int:
        _push(m, m.last_x)
        return nxt

    return last_x


@semantics("pi")
def _pi(m: Calculator, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    def pi() -> int:
        _push(m, num.PI)
        return nxt

    return pi


@semantics("recall")
def _recall(m: Calculator, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    regs = m.regs
    if ins.arg == "i":
        def recall_indirect() -> int:
            value = regs[_indirect_register(m)]
            if m.lift != NO_LIFT:
                m.t = m.z
                m.z = m.y
                m.y = m.x
            m.x = value
            m.lift = LIFT
            return nxt

        return recall_indirect
    k = int(ins.arg)  # type: ignore[arg-type]

    def recall() -> int:
        if m.lift != NO_LIFT:
            m.t = m.z
            m.z = m.y
            m.y = m.x
        m.x = regs[k]
        m.lift = LIFT
        return nxt

    return recall


@semantics("store")
def _store(m: Calculator, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    regs = m.regs
    if ins.arg == "i":
        def store_indirect() -> int:
            regs[_indirect_register(m)] = m.x
            m.lift = LIFT
            return nxt

        return store_indirect
    k = int(ins.arg)  # type: ignore[arg-type]

    def store() -> int:
        regs[k] = m.x
        m.lift = LIFT
        return nxt

    return store


_STORAGE_OPS: dict[str, tuple[Callable[[Decimal, Decimal], Decimal], Callable[[Decimal, Decimal], Decimal]]] = {
    "store_add": (num.SUM.add, num.aligned_sum),
    "store_sub": (num.SUM.subtract, num.aligned_difference),
    "store_mul": (lambda r, x: r * x, num.WIDE.multiply),
    "store_div": (lambda r, x: r / x, num.WIDE.divide),
}


def _storage_careful(op: Callable[[Decimal, Decimal], Decimal], r: Decimal, x: Decimal) -> Decimal:
    """Storage arithmetic that left the range: overflow is an Error (the register stays)."""
    try:
        return num.fit_strict(op(r, x))
    except ArithmeticError as exc:
        raise MachineError(f"storage arithmetic: {exc}") from None


@semantics("store_add", "store_sub", "store_mul", "store_div")
def _storage_arithmetic(m: Calculator, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    regs = m.regs
    fast, wide = _STORAGE_OPS[ins.op]
    indirect = ins.arg == "i"
    fixed = 0 if indirect else int(ins.arg)  # type: ignore[arg-type]

    def storage() -> int:
        k = _indirect_register(m) if indirect else fixed
        x = m.x
        try:
            regs[k] = fast(regs[k], x)
        except ArithmeticError:
            regs[k] = _storage_careful(wide, regs[k], x)
        m.lift = LIFT
        return nxt

    return storage


@semantics("dsz", "isz")
def _dsz_isz(m: Calculator, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    regs = m.regs
    delta = -ONE if ins.op == "dsz" else ONE
    add_exactly = num.SUM.add
    indirect = ins.arg == "i"
    fixed = 0 if indirect else int(ins.arg)  # type: ignore[arg-type]

    def counter() -> int:
        # Skip the next step when the integer part of the result is zero (0.5 -> -0.5 skips).
        k = _indirect_register(m) if indirect else fixed
        try:
            value = add_exactly(regs[k], delta)
        except ArithmeticError:
            value = num.add(regs[k], delta)
        regs[k] = value
        m.lift = LIFT
        return skip if -1 < value < 1 else nxt

    return counter


@semantics("swap_i")
def _swap_i(m: Calculator, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    regs = m.regs

    def swap_i() -> int:
        m.x, regs[I_REG] = regs[I_REG], m.x
        m.lift = LIFT
        return nxt

    return swap_i


@semantics("swap_ps")
def _swap_ps(m: Calculator, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    regs = m.regs

    def swap_ps() -> int:
        regs[0:10], regs[10:20] = regs[10:20], regs[0:10]
        m.lift = LIFT
        return nxt

    return swap_ps


@semantics("clear_registers")
def _clear_registers(m: Calculator, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    regs = m.regs

    def clear_registers() -> int:
        # CLRG clears the primary registers 0-9, A-E and I; the secondary ones stay.
        regs[0:10] = [ZERO] * 10
        regs[20:26] = [ZERO] * 6
        m.lift = LIFT
        return nxt

    return clear_registers


@semantics("angle", "format", "dsp", "dsp_i")
def _modes(m: Calculator, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    op, arg = ins.op, ins.arg

    def modes() -> int:
        if op == "angle":
            m.angle = str(arg)
        elif op == "format":
            m.fmt = str(arg)
        elif op == "dsp":
            m.digits = int(arg)  # type: ignore[arg-type]
        else:
            k = int(abs(m.regs[I_REG]))
            if k >= 10:
                raise MachineError("DSP (i) with I >= 10")
            m.digits = k
        if op == "angle" or m.lift == ENTRY:
            m.lift = LIFT
        # FIX, SCI, ENG, DSP n and DSP (i) end digit entry but otherwise leave the lift
        # as it was: 1 ENTER SCI 7 writes over the 1 (issue 40, HP-67 rule 1, microcode).
        return nxt

    return modes


@semantics("test_x")
def _test_x(m: Calculator, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    # A conditional skips exactly the next step when false, and enables the lift.
    if ins.arg == "=":
        def test() -> int:
            m.lift = LIFT
            return nxt if m.x == 0 else skip
    elif ins.arg == "#":
        def test() -> int:
            m.lift = LIFT
            return nxt if m.x != 0 else skip
    elif ins.arg == "<":
        def test() -> int:
            m.lift = LIFT
            return nxt if m.x < 0 else skip
    else:
        def test() -> int:
            m.lift = LIFT
            return nxt if m.x > 0 else skip
    return test


@semantics("test_xy")
def _test_xy(m: Calculator, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    if ins.arg == "=":
        def test() -> int:
            m.lift = LIFT
            return nxt if m.x == m.y else skip
    elif ins.arg == "#":
        def test() -> int:
            m.lift = LIFT
            return nxt if m.x != m.y else skip
    elif ins.arg == "<=":
        def test() -> int:
            m.lift = LIFT
            return nxt if m.x <= m.y else skip
    else:
        def test() -> int:
            m.lift = LIFT
            return nxt if m.x > m.y else skip
    return test


@semantics("set_flag", "clear_flag")
def _set_clear_flag(m: Calculator, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    flags = m._flags
    n = int(ins.arg)  # type: ignore[arg-type]
    value = ins.op == "set_flag"

    def set_clear() -> int:
        flags[n] = value
        m.lift = LIFT
        return nxt

    return set_clear


@semantics("test_flag")
def _test_flag(m: Calculator, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    flags = m._flags
    n = int(ins.arg)  # type: ignore[arg-type]
    if n >= 2:
        def test_and_clear() -> int:
            # Flags 2 and 3 are cleared by the test, whatever its result.
            was = flags[n]
            flags[n] = False
            m.lift = LIFT
            return nxt if was else skip

        return test_and_clear

    def test() -> int:
        m.lift = LIFT
        return nxt if flags[n] else skip

    return test


@semantics("sigma_plus", "sigma_minus")
def _sigma(m: Calculator, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    regs = m.regs
    sign = 1 if ins.op == "sigma_plus" else -1
    combine = num.WIDE.add if sign > 0 else num.WIDE.subtract

    def sigma() -> int:
        # S4 sum x, S5 sum x^2, S6 sum y, S7 sum y^2, S8 sum xy, S9 n; X shows n.  The
        # squares and the product keep their exponent beyond 99 until they are added, and
        # a sum beyond the range saturates, without Error and without stopping a program:
        # 1E60 ENTER 12 Σ+ Σ- leaves -9.999999999E99 in S7 (microcode; a random program).
        x, y = m.x, m.y
        wide = num.WIDE.multiply
        terms = (x, wide(x, x), y, wide(y, y), wide(x, y), ONE)
        new = [num.fit(combine(regs[14 + i], t)) for i, t in enumerate(terms)]
        regs[14:20] = new
        m.last_x = x
        m.x = regs[19]
        m.lift = NO_LIFT
        return nxt

    return sigma


@semantics("mean", "std_dev")
def _statistics(m: Calculator, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    regs = m.regs
    mean = ins.op == "mean"

    def statistics() -> int:
        n = regs[19]
        if mean:
            if not n:
                raise MachineError("mean of no data")
            mx, my = num.div(regs[14], n), num.div(regs[16], n)
        else:
            if n <= 1:
                raise MachineError("standard deviation needs two data")

            def deviation(s: Decimal, s2: Decimal) -> Decimal:
                # Each step rounded to ten digits, none saturated: (Σx)² beyond 10⁹⁹ stays
                # as it is until the root brings it back (microcode, after Σ+ saturated Σx²).
                wide = num.WIDE
                var = wide.divide(wide.subtract(s2, wide.divide(wide.multiply(s, s), n)), wide.subtract(n, ONE))
                # A negative variance (only Σ- can make one) gives the root of its size:
                # Σ+ Σ+ Σ- Σ+ S is 1.414213562 (issue 40, HP-67 rule 8, microcode).
                return num.fit(wide.sqrt(wide.abs(var)))

            mx, my = deviation(regs[14], regs[15]), deviation(regs[16], regs[17])
        # Two results written into X and Y without lifting the stack: Z and T keep their
        # values and LAST X gets the old X (n after Σ+) -- hp67-instruction-set.md 7.
        m.last_x = m.x
        m.x, m.y = mx, my
        m.lift = LIFT
        return nxt

    return statistics


@semantics("label")
def _label(m: Calculator, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    def label() -> int:
        m.lift = LIFT
        return nxt

    return label


def _static_target(m: Calculator, ins: Instruction, nxt: int) -> int | None:
    return m.find_label(str(ins.arg), nxt)


@semantics("goto")
def _goto(m: Calculator, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    target = _static_target(m, ins, nxt)  # the search from the next step, resolved once
    if target is None:
        def missing() -> int:
            raise MachineError(f"no label {ins.arg}")

        return missing

    def goto() -> int:
        m.lift = LIFT
        return target

    return goto


def _call(m: Calculator, ret: int, target: int) -> int:
    returns = m.returns
    if len(returns) >= RETURN_LEVELS:
        del returns[0]  # a fourth GSB silently drops the oldest return
    returns.append(ret)
    m.lift = LIFT
    return target


@semantics("gosub")
def _gosub(m: Calculator, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    target = _static_target(m, ins, nxt)
    if target is None:
        def missing() -> int:
            raise MachineError(f"no label {ins.arg}")

        return missing

    def gosub() -> int:
        return _call(m, nxt, target)

    return gosub


@semantics("goto_i", "gosub_i")
def _goto_indirect(m: Calculator, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    call = ins.op == "gosub_i"

    def goto_indirect() -> int:
        label, back = indirect_label(m.regs[I_REG])
        if label is None:
            target = (step - 1 - back) % PROGRAM_STEPS + 1
        else:
            found = m.find_label(label, nxt)
            if found is None:
                raise MachineError(f"no label {label}")
            target = found
        if call:
            return _call(m, nxt, target)
        m.lift = LIFT
        return target

    return goto_indirect


@semantics("rtn")
def _rtn(m: Calculator, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    def rtn() -> int:
        m.lift = LIFT
        if m.returns:
            if m._stepping:  # the subroutine an SST entered is back (microcode)
                m._stepping = False
                m._why = StopReason.STEP
                return -m.returns.pop()
            return m.returns.pop()
        m._why = StopReason.RETURN
        return -nxt

    return rtn


@semantics("run_stop")
def _run_stop(m: Calculator, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    def run_stop() -> int:
        m.lift = LIFT
        m._why = StopReason.RUN_STOP
        return -nxt

    return run_stop


@semantics("pause")
def _pause(m: Calculator, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    def pause() -> int:
        m.lift = LIFT
        m._why = StopReason.PAUSE
        return -nxt

    return pause


@semantics("print")
def _print(m: Calculator, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    def print_() -> int:  # no printer: ends digit entry, nothing else
        m.lift = LIFT
        return nxt

    return print_


@semantics("space")
def _space(m: Calculator, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    def space() -> int:  # SPC does not even end digit entry: 6 SPC 1 + gives 61
        return nxt

    return space


# -- the table ---------------------------------------------------------------------------

INSTRUCTIONS: list[Instruction] = []
BY_CODE: dict[tuple[int, ...], Instruction] = {}
BY_SPELLING: dict[str, Instruction] = {}
BY_KEYS: dict[tuple[str, ...], Instruction] = {}


def _row(mnemonic: str, code: tuple[int, ...], op: str, arg: str | int | None = None,
         keys: str | tuple[str, ...] = (), aliases: tuple[str, ...] = ()) -> None:
    keys_t = tuple(keys.split()) if isinstance(keys, str) else keys
    ins = Instruction(mnemonic, code, op, arg, keys_t or (mnemonic,), _SEMANTICS[op])
    INSTRUCTIONS.append(ins)
    assert code not in BY_CODE, mnemonic
    BY_CODE[code] = ins
    for spelling in (mnemonic, *aliases):
        key = spelling_key(spelling)
        assert BY_SPELLING.get(key, ins) is ins, spelling
        BY_SPELLING[key] = ins
    BY_KEYS.setdefault(ins.keys, ins)


def _build_table() -> None:
    """Every instruction: mnemonic, HP-97 key code, semantics (by family), argument, keys, spellings."""
    for d in range(10):
        _row(str(d), (d,), "digit", str(d), keys=(str(d),))
    _row(".", (-62,), "digit", ".", keys=(".",))
    _row("ENT↑", (-21,), "enter", keys=("ENTER",), aliases=("ENTER", "ENT", "ENT^"))
    _row("CHS", (-22,), "chs", keys=("CHS",))
    _row("EEX", (-23,), "eex", keys=("EEX",))
    _row("CLX", (-51,), "clx", keys=("CLX",))
    _row("+", (-55,), "add", keys=("+",))
    _row("-", (-45,), "sub", keys=("-",))
    _row("x", (-35,), "mul", keys=("×",), aliases=("×", "*"))
    _row("÷", (-24,), "div", keys=("÷",), aliases=("/",))
    _row("X<>Y", (-41,), "swap", keys="h 7", aliases=("X⇄Y", "XY"))
    _row("RDN", (-31,), "roll_down", keys="h 8", aliases=("R↓", "RDOWN"))
    _row("R↑", (16, -31), "roll_up", keys="h 9", aliases=("RUP", "R^"))
    _row("LSTX", (16, -63), "last_x", keys="h 0", aliases=("LASTX",))
    _row("X⇄I", (16, -41), "swap_i", keys=("h", "(i)"), aliases=("X<>I",))
    _row("P⇄S", (16, -51), "swap_ps", keys="f CHS", aliases=("P<>S",))
    _row("CLRG", (16, -53), "clear_registers", keys="f EEX", aliases=("CLREG",))
    _row("DEG", (16, -21), "angle", "DEG", keys="h ENTER")
    _row("RAD", (16, -22), "angle", "RAD", keys="h CHS")
    _row("GRD", (16, -23), "angle", "GRD", keys="h EEX")
    _row("Pi", (16, -24), "pi", keys="h 2", aliases=("π",))
    _row("FIX", (-11,), "format", "FIX", keys="f DSP")
    _row("SCI", (-12,), "format", "SCI", keys="g DSP")
    _row("ENG", (-13,), "format", "ENG", keys="h DSP")
    for n in range(10):
        _row(f"DSP {n}", (-63, n), "dsp", n, keys=("DSP", str(n)))
    _row("DSP (i)", (-63, 45), "dsp_i", keys=("DSP", "(i)"))
    _row("RND", (16, 24), "rnd", keys=("f", "(i)"))
    _row("INT", (16, 34), "int", keys="f .")
    _row("FRC", (16, 44), "frc", keys="g .", aliases=("FRAC",))
    _row("ABS", (16, 31), "abs", keys="h 6")
    _row("1/X", (52,), "reciprocal", keys="h 4")
    _row("√X", (54,), "sqrt", keys="f 9", aliases=("SQRT",))
    _row("X²", (53,), "square", keys="g 9", aliases=("X^2", "X2"))
    _row("Yˣ", (31,), "power", keys="h 5", aliases=("Y^X", "YX"))
    _row("LN", (32,), "ln", keys="f 7")
    _row("eˣ", (33,), "exp", keys="g 7", aliases=("E^X", "EXP"))
    _row("LOG", (16, 32), "log", keys="f 8")
    _row("10ˣ", (16, 33), "ten_to", keys="g 8", aliases=("10^X",))
    _row("SIN", (41,), "sin", keys="f 4")
    _row("COS", (42,), "cos", keys="f 5")
    _row("TAN", (43,), "tan", keys="f 6")
    _row("SIN⁻¹", (16, 41), "asin", keys="g 4", aliases=("ASIN", "ARCSIN"))
    _row("COS⁻¹", (16, 42), "acos", keys="g 5", aliases=("ACOS", "ARCCOS"))
    _row("TAN⁻¹", (16, 43), "atan", keys="g 6", aliases=("ATAN", "ARCTAN"))
    _row("X=0?", (16, -43), "test_x", "=", keys="f -")
    _row("X≠0?", (16, -42), "test_x", "#", keys="f +")
    _row("X<0?", (16, -45), "test_x", "<", keys="f ×")
    _row("X>0?", (16, -44), "test_x", ">", keys="f ÷")
    _row("X=Y?", (16, -33), "test_xy", "=", keys="g -")
    _row("X≠Y?", (16, -32), "test_xy", "#", keys="g +")
    _row("X≤Y?", (16, -35), "test_xy", "<=", keys="g ×")
    _row("X>Y?", (16, -34), "test_xy", ">", keys="g ÷")
    for n in range(4):
        _row(f"SF{n}", (16, 21, n), "set_flag", n, keys=("h", "-", str(n)))
        _row(f"CF{n}", (16, 22, n), "clear_flag", n, keys=("h", "+", str(n)))
        _row(f"F{n}?", (16, 23, n), "test_flag", n, keys=("h", "×", str(n)), aliases=(f"F?{n}",))
    _row("HMS→", (16, 36), "from_hms", keys="f 3", aliases=("HMS->", "->H"))
    _row("→HMS", (16, 35), "to_hms", keys="g 3", aliases=("->HMS", "H.MS"))
    _row("HMS+", (16, -55), "hms_add", keys="h .", aliases=("H.MS+",))
    _row("D→R", (16, 45), "deg_to_rad", keys="g 2", aliases=("D->R",))
    _row("R→D", (16, 46), "rad_to_deg", keys="f 2", aliases=("R->D",))
    _row("→P", (34,), "to_polar", keys="g 1", aliases=("->P", "R->P"))
    _row("→R", (44,), "to_rectangular", keys="f 1", aliases=("->R", "P->R"))
    _row("%", (55,), "percent", keys="f 0")
    _row("%CH", (16, 55), "percent_change", keys="g 0", aliases=("%CHG", "Δ%"))
    _row("N!", (16, 52), "factorial", keys="h ÷", aliases=("X!",))
    _row("Σ+", (56,), "sigma_plus", keys=("Σ+",), aliases=("SIGMA+", "S+"))
    _row("Σ-", (16, 56), "sigma_minus", keys=("h", "Σ+"), aliases=("SIGMA-", "S-"))
    _row("X̄", (16, 53), "mean", keys=("f", "Σ+"), aliases=("XBAR", "MEAN"))
    _row("S", (16, 54), "std_dev", keys=("g", "Σ+"), aliases=("SDEV",))
    _row("R/S", (51,), "run_stop", keys=("R/S",))
    _row("RTN", (24,), "rtn", keys="h GTO")
    _row("PSE", (16, 51), "pause", keys="h 1")
    # Printer instructions: on the HP-97 they print; on this machine (no printer) PRTX and
    # PRST end digit entry and do nothing else, SPC does nothing at all (microcode).
    _row("PRTX", (-14,), "print", keys="f R/S", aliases=("PRINTX", "-X-", "PRT"))
    _row("SPC", (16, -11), "space", keys="h R/S")
    _row("PRST", (16, -14), "print", keys="g R/S", aliases=("PRSTK",))
    for n, label in enumerate(LABELS):
        if n < 10:
            tail, key_tail = (n,), (label,)
        elif n < 15:
            tail, key_tail = (11 + n - 10,), (label,)
        else:
            tail, key_tail = (16, 11 + n - 15), ("f", label.upper())
        _row(f"*LBL {label}", (21, *tail), "label", label,
             keys=(("g", "SST", label.upper()) if n >= 15 else ("f", "SST", label)), aliases=(f"LBL {label}",))
        _row(f"GTO {label}", (22, *tail), "goto", label, keys=("GTO", *key_tail))
        _row(f"GSB {label}", (23, *tail), "gosub", label,
             keys=(("g", "GTO", label.upper()) if n >= 15 else ("f", "GTO", label)))
    _row("GTO (i)", (22, 45), "goto_i", keys=("GTO", "(i)"))
    _row("GSB (i)", (23, 45), "gosub_i", keys=("f", "GTO", "(i)"))
    for reg, code in [(str(n), n) for n in range(10)] + [(c, 11 + i) for i, c in enumerate("ABCDE")]:
        index = REGISTER_INDEX[reg]
        _row(f"STO {reg}", (35, code), "store", index, keys=("STO", reg))
        _row(f"RCL {reg}", (36, code), "recall", index, keys=("RCL", reg))
        if reg in "ABCDE":
            continue  # no storage arithmetic on A-E: STO + A is STO + then the A key
        for sym, key_sym, op in (("+", "+", "store_add"), ("-", "-", "store_sub"),
                                 ("x", "×", "store_mul"), ("÷", "÷", "store_div")):
            _row(f"ST{sym} {reg}", (35, -{"+": 55, "-": 45, "x": 35, "÷": 24}[sym], code), op, index,
                 keys=("STO", key_sym, reg), aliases=(f"STO{sym} {reg}",))
    _row("STO (i)", (35, 45), "store", "i", keys=("STO", "(i)"))
    _row("RCL (i)", (36, 45), "recall", "i", keys=("RCL", "(i)"))
    _row("STO I", (35, 46), "store", REGISTER_INDEX["I"], keys="h STO")
    _row("RCL I", (36, 46), "recall", REGISTER_INDEX["I"], keys="h RCL")
    for sym, key_sym, op, n in (("+", "+", "store_add", 55), ("-", "-", "store_sub", 45),
                                ("x", "×", "store_mul", 35), ("÷", "÷", "store_div", 24)):
        _row(f"ST{sym} (i)", (35, -n, 45), op, "i", keys=("STO", key_sym, "(i)"), aliases=(f"STO{sym} (i)",))
    _row("DSZ I", (16, 25, 46), "dsz", REGISTER_INDEX["I"], keys="f STO", aliases=("DSZ",))
    _row("ISZ I", (16, 26, 46), "isz", REGISTER_INDEX["I"], keys="f RCL", aliases=("ISZ",))
    _row("DSZ (i)", (16, 25, 45), "dsz", "i", keys="g STO")
    _row("ISZ (i)", (16, 26, 45), "isz", "i", keys="g RCL")


_build_table()


def lookup(mnemonic: str) -> Instruction | None:
    """The instruction a mnemonic names, or None."""
    return BY_SPELLING.get(spelling_key(mnemonic))
