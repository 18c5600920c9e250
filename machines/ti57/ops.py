"""The TI-57's instruction set: one row per key code.

Each row names the instruction (code and mnemonic, from ``keys``), its semantics (a
function run for the key pressed on the keyboard or met in a program) and, where a
program step deserves it, a fast path: a maker that pre-decodes one program step
into a closure returning the next step number (or its bitwise complement when the
program stops there).  A fast path must do exactly what the semantics do;
tests/machines/ti57/test_step_table.py runs both on the same programs and compares.
``machine.py`` keeps the state, the keys, run() and the snapshot.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from functools import partial
from typing import Any, Callable, Protocol

from machines.ti57 import functions as fn
from machines.ti57.keys import INSTRUCTIONS, Step
from machines.ti57.listing import PROGRAM_STEPS
from machines.ti57.numbers import CHOP, ONE, PI, ZERO, add, fit, shown_value, sub, toward_zero

MINUS_ONE = Decimal(-1)
from machines.ti57.stops import StopReason

__all__ = ["Calculator", "Op", "OPS", "Semantics", "FastPath"]


class Calculator(Protocol):
    """What the instructions read and change of the TI-57 (``machine.TI57`` is the one): named
    here, so that this table need not import the machine that imports it."""

    x: Decimal
    regs: list[Decimal]
    entering: bool
    fix: int | None
    sci: bool
    angle: str
    pending: list[Any]  # the AOS's pending operations: the instructions only empty the list
    after_op: bool
    flashing: bool
    returns: list[int]
    _stop: StopReason | None
    _shown_ok: Decimal | None  # the last x whose display was seen not to round past the limit

    def _error(self) -> None: ...
    def _complete(self) -> None: ...
    def _set(self, result: tuple[Decimal, bool]) -> None: ...
    def _zero_entry(self) -> None: ...
    def _digit(self, d: int) -> None: ...
    def _point(self) -> None: ...
    def _change_sign(self) -> None: ...
    def _ee(self, inv: bool) -> None: ...
    def _binary(self, op: int, inv: bool) -> None: ...
    def _open(self) -> None: ...
    def _close(self, all_levels: bool) -> None: ...
    def _memory(self, code: int, inv: bool, n: int) -> None: ...
    def _dsz(self) -> bool: ...
    def _stat_add(self, inv: bool) -> None: ...
    def _operand_written(self, n: int, added: tuple[Decimal, bool] | None = None) -> None: ...
    def _stat_mean(self, inv: bool) -> None: ...
    def _stat_variance(self, inv: bool) -> None: ...
    def _polar(self, inv: bool) -> None: ...
    def _label(self, n: int) -> int | None: ...
    def _generic_step(self, s: Step, nxt: int) -> Callable[[], int]: ...


Semantics = Callable[[Calculator, bool, "int | None", "int | None"], "int | None"]
FastPath = Callable[[Calculator, Step, int], Callable[[], int]]


def _skip(nxt: int) -> int:
    """The step a test or Dsz skips to.  Skipping from step 49 runs past the last step, as
    skipping from 48 does: the program table's step 50 is that error (flashing, pointer to
    00; ti57-notes.md "Running past step 49 is an error"), never a step 51."""
    return min(nxt + 1, PROGRAM_STEPS)


# ---------------------------------------------------------------------------
# semantics: (machine, inv, digit, nxt) -> new step number or None
# ``nxt`` is the next step in a program, None from the keyboard.


def _h_point(m: Calculator, inv: bool, d: int | None, nxt: int | None) -> None:
    m._point()


def _h_sign(m: Calculator, inv: bool, d: int | None, nxt: int | None) -> None:
    m._change_sign()


def _h_ee(m: Calculator, inv: bool, d: int | None, nxt: int | None) -> None:
    m._ee(inv)


def _h_binary(m: Calculator, inv: bool, d: int | None, nxt: int | None, *, op: int) -> None:
    m._binary(op, inv and op == 35)


def _h_open(m: Calculator, inv: bool, d: int | None, nxt: int | None) -> None:
    m._open()


def _h_close(m: Calculator, inv: bool, d: int | None, nxt: int | None) -> None:
    m._close(False)


def _h_equals(m: Calculator, inv: bool, d: int | None, nxt: int | None) -> None:
    m._close(True)


def _h_ce(m: Calculator, inv: bool, d: int | None, nxt: int | None) -> None:
    # CE stops the flashing; clears a number being keyed, keeps a result and the
    # pending operations (MT 2-3, App. C).
    m.flashing = False
    if m.entering:
        m._zero_entry()


def _h_clr(m: Calculator, inv: bool, d: int | None, nxt: int | None) -> None:
    # CLR: display 0, pending operations and EE display gone; memories, Fix, program kept.
    m.flashing = False
    m._zero_entry()
    m.pending = []
    m.after_op = False
    m.sci = False


def _h_xt(m: Calculator, inv: bool, d: int | None, nxt: int | None) -> None:
    m._complete()
    m.x, m.regs[7] = m.regs[7], m.x
    m.after_op = False


def _h_ct(m: Calculator, inv: bool, d: int | None, nxt: int | None) -> None:
    m.regs[7] = ZERO  # leaves a number being keyed open


def _h_memory(m: Calculator, inv: bool, d: int | None, nxt: int | None, *, code: int) -> None:
    assert d is not None
    m._memory(code, inv, d)


def _h_pi(m: Calculator, inv: bool, d: int | None, nxt: int | None) -> None:
    m.entering = False
    m.x = PI
    m.after_op = False


def _h_nop(m: Calculator, inv: bool, d: int | None, nxt: int | None) -> None:
    return None


def _h_fix(m: Calculator, inv: bool, d: int | None, nxt: int | None) -> None:
    m._complete()
    m._shown_ok = None  # values seen under the old Fix are seen again
    m.fix = None if inv or d is None or d == 9 else d


def _h_angle(m: Calculator, inv: bool, d: int | None, nxt: int | None, *, mode: str) -> None:
    m.angle = mode  # does not complete a number being keyed


def _h_dsz(m: Calculator, inv: bool, d: int | None, nxt: int | None) -> int | None:
    zero = m._dsz()
    if nxt is None:
        return None  # from the keyboard: decrement only
    return _skip(nxt) if zero != inv else None


def _h_compare(m: Calculator, inv: bool, d: int | None, nxt: int | None, *, ge: bool) -> int | None:
    m._complete()
    if nxt is None:
        return None
    t = m.regs[7]
    yes = (m.x >= t) if ge else (m.x == t)  # all 11 digits
    return None if yes != inv else _skip(nxt)


def _h_gto(m: Calculator, inv: bool, d: int | None, nxt: int | None) -> int | None:
    assert d is not None
    m._complete()
    target = m._label(d)
    if target is None:
        m._error()  # missing label: flash, stop after the GTO step
        return None
    return target


def _h_sbr(m: Calculator, inv: bool, d: int | None, nxt: int | None) -> int | None:
    m._complete()
    assert nxt is not None
    if inv:
        if m.returns:
            return m.returns.pop()
        m._stop = StopReason.HALT  # INV SBR with nothing pending acts like R/S
        return None
    assert d is not None
    target = m._label(d)
    if len(m.returns) >= 2:
        m._error()  # a third level
        return None
    m.returns.append(nxt)  # before the label is looked for: a missing label leaves it,
    if target is None:  # and a later INV SBR comes back after this SBR (ROM, issue 40)
        m._error()
        return None
    return target


def _h_rst(m: Calculator, inv: bool, d: int | None, nxt: int | None) -> int | None:
    m.returns = []
    return 0


def _h_rs(m: Calculator, inv: bool, d: int | None, nxt: int | None) -> None:
    m._stop = StopReason.HALT  # a number being keyed stays open across R/S


def _h_pause(m: Calculator, inv: bool, d: int | None, nxt: int | None) -> None:
    m._stop = StopReason.PAUSE


def _h_label(m: Calculator, inv: bool, d: int | None, nxt: int | None) -> None:
    return None


def _h_stat(m: Calculator, inv: bool, d: int | None, nxt: int | None) -> None:
    m._stat_add(inv)


def _h_mean(m: Calculator, inv: bool, d: int | None, nxt: int | None) -> None:
    m._stat_mean(inv)


def _h_var(m: Calculator, inv: bool, d: int | None, nxt: int | None) -> None:
    m._stat_variance(inv)


def _h_polar(m: Calculator, inv: bool, d: int | None, nxt: int | None) -> None:
    m._polar(inv)


def _bind(f: Callable[..., Any], **kw: Any) -> Callable[..., Any]:
    """One semantics function for several codes (partial: no extra Python frame)."""
    return partial(f, **kw)


# ---------------------------------------------------------------------------
# fast program steps: same effect as the handler, fewer calls


def _f_digit(m: Calculator, s: Step, nxt: int) -> Callable[[], int]:
    d = s.code
    digit = m._digit

    def step() -> int:
        digit(d)
        return nxt

    return step


def _f_store(m: Calculator, s: Step, nxt: int) -> Callable[[], int]:
    n = s.digit
    assert n is not None
    if n > 7:
        return m._generic_step(s, nxt)
    complete = m._complete
    generic = m._generic_step(s, nxt)  # the same step through the semantics, for the rare cases

    def step() -> int:

        m.after_op = False  # see machine.KEEPS_AFTER_OPERATION
        if m.entering:
            complete()
            if m._stop is not None:
                return ~nxt
        x = m.x
        if x is not m._shown_ok:  # a value not yet seen at this Fix
            if x.adjusted() == 99:
                return generic()  # the value shown may round past the limit (machine._round_shown_value)
            m._shown_ok = x
        x = m.x
        if not x:
            x = m.x = ZERO  # a -0. shown by +/- is stored and shown as 0 (machine._complete)
        m.regs[n] = x
        if n >= 5 and m.pending:
            m._operand_written(n)  # R5 / R6 may hold a pending operand (machine)
        return nxt

    return step


def _f_recall(m: Calculator, s: Step, nxt: int) -> Callable[[], int]:
    n = s.digit
    assert n is not None
    if n > 7:
        return m._generic_step(s, nxt)
    complete = m._complete
    generic = m._generic_step(s, nxt)  # the same step through the semantics, for the rare cases

    def step() -> int:

        m.after_op = False  # see machine.KEEPS_AFTER_OPERATION
        if m.entering:
            complete()
            if m._stop is not None:
                return ~nxt
        x = m.regs[n]
        if x is not m._shown_ok:  # a value not yet seen at this Fix
            if x.adjusted() == 99:
                return generic()  # the value recalled may round past the limit
            m._shown_ok = x
        m.x = x
        return nxt

    return step


def _f_sum(m: Calculator, s: Step, nxt: int) -> Callable[[], int]:
    n = s.digit
    assert n is not None
    if n > 7:
        return m._generic_step(s, nxt)
    complete = m._complete
    generic = m._generic_step(s, nxt)  # the same step through the semantics, for the rare cases
    op = sub if s.inv else add

    def step() -> int:

        m.after_op = False  # see machine.KEEPS_AFTER_OPERATION
        if m.entering:
            complete()
            if m._stop is not None:
                return ~nxt
        x = m.x
        if x is not m._shown_ok:  # a value not yet seen at this Fix
            if x.adjusted() == 99:
                return generic()  # the value shown may round past the limit (machine._round_shown_value)
            m._shown_ok = x
        x = m.x
        if not x:
            m.x = ZERO  # a -0. shown by +/- becomes 0 (machine._complete)
        regs = m.regs
        if n >= 5 and m.pending:
            m._operand_written(n, (x, (x < 0) != s.inv))  # R5 / R6 may hold a pending operand (machine)
        value = op(regs[n], x)
        e = value.adjusted()
        if -99 <= e <= 99 or not value:
            regs[n] = value if value else ZERO  # as fit() leaves a zero sum
            return nxt
        regs[n], _ = fit(value)
        m._error()
        return ~nxt

    return step


def _f_dsz(m: Calculator, s: Step, nxt: int) -> Callable[[], int]:
    skip = _skip(nxt)
    complete = m._complete
    generic = m._generic_step(s, nxt)  # the same step through the semantics, for the rare cases
    inv = s.inv
    chop_add = CHOP.add

    def step() -> int:

        m.after_op = False  # see machine.KEEPS_AFTER_OPERATION
        if m.entering:
            complete()
            if m._stop is not None:
                return ~nxt
        x = m.x
        if x is not m._shown_ok:  # a value not yet seen at this Fix
            if not x:
                x = m.x = ZERO  # a -0. shown by +/- becomes 0 (machine._complete)
            elif x.adjusted() == 99:
                return generic()  # the value shown may round past the limit (machine._round_shown_value)
            m._shown_ok = x
        regs = m.regs
        r = regs[0]
        r = chop_add(r, MINUS_ONE) if r >= ONE and r.adjusted() <= 10 else toward_zero(r)  # numbers.toward_zero
        regs[0] = r
        if (not r) != inv:
            return skip
        return nxt

    return step


def _f_sbr(m: Calculator, s: Step, nxt: int) -> Callable[[], int]:
    if s.inv:
        complete = m._complete
        generic = m._generic_step(s, nxt)

        def ret() -> int:

            m.after_op = False  # see machine.KEEPS_AFTER_OPERATION
            if m.entering:
                complete()
                if m._stop is not None:
                    return ~nxt
            x = m.x
            if x is not m._shown_ok:  # a value not yet seen at this Fix
                if not x:
                    x = m.x = ZERO  # a -0. shown by +/- becomes 0 (machine._complete)
                elif x.adjusted() == 99:
                    return generic()  # the value shown may round past the limit
                m._shown_ok = x
            returns = m.returns
            if returns:
                return returns.pop()
            m._stop = StopReason.HALT
            return ~nxt

        return ret
    target = m._label(s.digit) if s.digit is not None else None
    if target is None:
        return m._generic_step(s, nxt)
    complete = m._complete
    generic = m._generic_step(s, nxt)  # the same step through the semantics, for the rare cases

    def call() -> int:

        m.after_op = False  # see machine.KEEPS_AFTER_OPERATION
        if m.entering:
            complete()
            if m._stop is not None:
                return ~nxt
        x = m.x
        if x is not m._shown_ok:  # a value not yet seen at this Fix
            if not x:
                x = m.x = ZERO  # a -0. shown by +/- becomes 0 (machine._complete)
            elif x.adjusted() == 99:
                return generic()  # the value shown may round past the limit (machine._round_shown_value)
            m._shown_ok = x
        returns = m.returns
        if len(returns) >= 2:
            m._error()
            return ~nxt
        returns.append(nxt)
        return target

    return call


def _f_gto(m: Calculator, s: Step, nxt: int) -> Callable[[], int]:
    target = m._label(s.digit) if s.digit is not None else None
    if target is None:
        return m._generic_step(s, nxt)
    complete = m._complete
    generic = m._generic_step(s, nxt)  # the same step through the semantics, for the rare cases

    def step() -> int:

        m.after_op = False  # see machine.KEEPS_AFTER_OPERATION
        if m.entering:
            complete()
            if m._stop is not None:
                return ~nxt
        x = m.x
        if x is not m._shown_ok:  # a value not yet seen at this Fix
            if not x:
                x = m.x = ZERO  # a -0. shown by +/- becomes 0 (machine._complete)
            elif x.adjusted() == 99:
                return generic()  # the value shown may round past the limit (machine._round_shown_value)
            m._shown_ok = x
        return target

    return step


def _f_compare(m: Calculator, s: Step, nxt: int) -> Callable[[], int]:
    """x=t (x>=t runs through its semantics)."""
    skip = _skip(nxt)
    complete = m._complete
    generic = m._generic_step(s, nxt)  # the same step through the semantics, for the rare cases
    inv = s.inv

    def step() -> int:

        m.after_op = False  # see machine.KEEPS_AFTER_OPERATION
        if m.entering:
            complete()
            if m._stop is not None:
                return ~nxt
        x = m.x
        if x is not m._shown_ok:  # a value not yet seen at this Fix
            if not x:
                x = m.x = ZERO  # a -0. shown by +/- becomes 0 (machine._complete)
            elif x.adjusted() == 99:
                return generic()  # the value shown may round past the limit (machine._round_shown_value)
            m._shown_ok = x
        if (m.x == m.regs[7]) != inv:
            return nxt
        return skip

    return step


def _f_quiet(m: Calculator, s: Step, nxt: int) -> Callable[[], int]:
    """Nop: nothing happens but the end of the state after an operation."""

    def step() -> int:

        m.after_op = False  # see machine.KEEPS_AFTER_OPERATION
        return nxt

    return step


def _f_label(m: Calculator, s: Step, nxt: int) -> Callable[[], int]:
    """Lbl: passed over, even the state after an operation is kept (2 + Lbl 1 + 3 = in a
    program refuses the second +; ROM)."""

    def step() -> int:
        return nxt

    return step


def _f_rst(m: Calculator, s: Step, nxt: int) -> Callable[[], int]:
    def step() -> int:
        m.after_op = False  # see machine.KEEPS_AFTER_OPERATION
        m.returns = []
        return 0

    return step


def _f_rs(m: Calculator, s: Step, nxt: int) -> Callable[[], int]:
    def step() -> int:
        m.after_op = False  # see machine.KEEPS_AFTER_OPERATION
        m._stop = StopReason.HALT
        return ~nxt

    return step


def _f_pause(m: Calculator, s: Step, nxt: int) -> Callable[[], int]:
    def step() -> int:
        m.after_op = False  # see machine.KEEPS_AFTER_OPERATION
        m._stop = StopReason.PAUSE
        return ~nxt

    return step


def _f_binary(m: Calculator, s: Step, nxt: int) -> Callable[[], int]:
    binary = m._binary
    complete = m._complete
    generic = m._generic_step(s, nxt)
    op, inv = s.code, s.inv and s.code == 35

    def step() -> int:
        if m.entering:
            complete()  # as the key does, before the rounding of the value shown
        x = m.x
        if x is not m._shown_ok:  # a value not yet seen at this Fix
            if x.adjusted() == 99:
                return generic()  # the value shown may round past the limit
            m._shown_ok = x
        binary(op, inv)
        return ~nxt if m._stop is not None else nxt

    return step


def _f_close(m: Calculator, s: Step, nxt: int) -> Callable[[], int]:
    close = m._close
    complete = m._complete
    generic = m._generic_step(s, nxt)
    all_levels = s.code == 85

    def step() -> int:
        if m.entering:
            complete()  # as the key does, before the rounding of the value shown
        x = m.x
        if x is not m._shown_ok:  # a value not yet seen at this Fix
            if x.adjusted() == 99:
                return generic()  # the value shown may round past the limit
            m._shown_ok = x
        close(all_levels)
        return ~nxt if m._stop is not None else nxt

    return step


def _f_sign(m: Calculator, s: Step, nxt: int) -> Callable[[], int]:
    change_sign = m._change_sign

    def step() -> int:

        m.after_op = False  # see machine.KEEPS_AFTER_OPERATION
        change_sign()
        return nxt

    return step


def _f_clear_t(m: Calculator, s: Step, nxt: int) -> Callable[[], int]:
    def step() -> int:
        m.after_op = False  # see machine.KEEPS_AFTER_OPERATION
        m.regs[7] = ZERO
        return nxt

    return step


def _f_memory(m: Calculator, s: Step, nxt: int) -> Callable[[], int]:
    """Exc and Prd: through the general memory routine, without the dispatch."""
    memory = m._memory
    generic = m._generic_step(s, nxt)
    code, inv, n = s.code, s.inv, s.digit

    def step() -> int:
        if m.entering or m.x.adjusted() == 99 or n > 7 or m.regs[n].adjusted() == 99:  # type: ignore[index]
            return generic()  # the value shown (or Exc's new one) may round past the limit
        m.after_op = False  # see machine.KEEPS_AFTER_OPERATION
        memory(code, inv, n)  # type: ignore[arg-type]
        return ~nxt if m._stop is not None else nxt

    return step


# ---------------------------------------------------------------------------
# functions of the display register (functions.py computes them)


def _h_function(m: Calculator, inv: bool, d: int | None, nxt: int | None, *, code: int) -> None:
    m._complete()
    x = m.x
    if code == 26 and not inv:
        # D.MS reads the digits the display shows, Fix included: pi D.MS takes
        # 3.1415927 (3.2377575), 10 / 7 = in Fix 2 takes 1.43 (ROM, issue 40)
        x = shown_value(x, m.fix, m.sci)
    m._set(fn.FUNCTIONS[code](x, inv))


def _h_trig(m: Calculator, inv: bool, d: int | None, nxt: int | None, *, code: int) -> None:
    m._complete()
    m._set(fn.TRIG[code](m.x, inv, m.angle))


def _h_digit(m: Calculator, inv: bool, d: int | None, nxt: int | None, *, digit: int) -> None:
    m._digit(digit)


# ---------------------------------------------------------------------------
# the table


@dataclass(frozen=True)
class Op:
    """One instruction: key code, mnemonic, semantics and an optional fast path."""

    code: int
    mnemonic: str
    semantics: Semantics
    fast: FastPath | None = None


def _row(code: int, semantics: Semantics, fast: FastPath | None = None) -> Op:
    return Op(code, INSTRUCTIONS[code].mnemonic, semantics, fast)


_ROWS: tuple[Op, ...] = (
    *(_row(d, _bind(_h_digit, digit=d), _f_digit) for d in range(10)),
    _row(83, _h_point),
    _row(84, _h_sign, _f_sign),
    _row(42, _h_ee),
    _row(75, _bind(_h_binary, op=75), _f_binary),
    _row(65, _bind(_h_binary, op=65), _f_binary),
    _row(55, _bind(_h_binary, op=55), _f_binary),
    _row(45, _bind(_h_binary, op=45), _f_binary),
    _row(35, _bind(_h_binary, op=35), _f_binary),
    _row(43, _h_open),
    _row(44, _h_close, _f_close),
    _row(85, _h_equals, _f_close),
    _row(14, _h_ce),
    _row(15, _h_clr),
    _row(22, _h_xt),
    _row(19, _h_ct, _f_clear_t),
    _row(32, _bind(_h_memory, code=32), _f_store),
    _row(33, _bind(_h_memory, code=33), _f_recall),
    _row(34, _bind(_h_memory, code=34), _f_sum),
    _row(38, _bind(_h_memory, code=38), _f_memory),
    _row(39, _bind(_h_memory, code=39), _f_memory),
    _row(30, _h_pi),
    _row(46, _h_nop, _f_quiet),
    _row(48, _h_fix),
    _row(50, _bind(_h_angle, mode="deg")),
    _row(60, _bind(_h_angle, mode="rad")),
    _row(70, _bind(_h_angle, mode="grad")),
    _row(56, _h_dsz, _f_dsz),
    _row(66, _bind(_h_compare, ge=False), _f_compare),
    _row(76, _bind(_h_compare, ge=True)),
    _row(51, _h_gto, _f_gto),
    _row(61, _h_sbr, _f_sbr),
    _row(71, _h_rst, _f_rst),
    _row(81, _h_rs, _f_rs),
    _row(36, _h_pause, _f_pause),
    _row(86, _h_label, _f_label),
    _row(88, _h_stat),
    _row(89, _h_mean),
    _row(80, _h_var),
    _row(27, _h_polar),
    *(_row(code, _bind(_h_function, code=code)) for code in fn.FUNCTIONS),
    *(_row(code, _bind(_h_trig, code=code)) for code in fn.TRIG),
)

OPS: dict[int, Op] = {op.code: op for op in _ROWS}
"""Every storable key code, once."""
