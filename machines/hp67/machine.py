"""The HP-67 itself: stack, registers, flags, program memory and the keyboard.

Speed comes from the design, not from tricks: ``load`` turns each of the 224
program steps into a Python closure that does the step's work and returns the
number of the next step (negative: the program stops there).  Branch targets
are resolved at load time (the search from the next step with wrap-around is a
property of the program), the stack lives in plain attributes, registers and
flags in lists the closures hold directly, and the arithmetic runs in the C
``decimal`` module under a 10-digit context whose traps send the rare
out-of-range result to a careful path (saturate, flush to zero, or Error).

Stack lift (``hp67-notes.md`` 2.1, checked on the microcode): one state
``lift`` holds LIFT (enabled), NO_LIFT (after ENTER or CLX) or ENTRY (digit
entry in progress, lift enabled).  Every step other than ENTER, CLX, digit
entry and Σ± sets LIFT, so a disabled lift lasts exactly one step.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal, localcontext
from enum import Enum
from typing import Any, Callable, Iterable

from machines.hp67 import numbers as num
from machines.hp67.isa import (
    BY_KEYS,
    INSTRUCTIONS,
    REGISTER_INDEX,
    REGISTER_NAMES,
    Instruction,
    is_card_reader,
    lookup,
)
from machines.hp67.listing import PROGRAM_STEPS, Program, parse_listing
from machines.hp67.numbers import CONTEXT, MachineError

LIFT, NO_LIFT, ENTRY = 0, 1, 2
I_REG = REGISTER_INDEX["I"]
RETURN_LEVELS = 3
ZERO = num.ZERO
ONE = Decimal(1)

StepFn = Callable[[], int]


class StopReason(str, Enum):
    """Why ``run`` returned."""

    RUN_STOP = "R/S"  # an R/S step stopped the program
    RETURN = "RTN"  # RTN with no pending return: back to the keyboard
    PAUSE = "PSE"  # a pause; the program is still running, ``run`` goes on
    ERROR = "Error"  # an improper operation or a missing label; stopped on that step
    OVERFLOW = "overflow"  # a result overflowed (shown saturated, no Error); stopped after that step
    BUDGET = "budget"  # ``max_steps`` ran out; the program is still running
    BREAKPOINT = "breakpoint"  # reached a step in ``breakpoints``; still running
    IDLE = "idle"  # no program was running


@dataclass(frozen=True)
class HP67View:
    """A read-only picture of the machine for an inspector panel (display-formatted)."""

    x: str
    y: str
    z: str
    t: str
    last_x: str
    registers: dict[str, str]
    flags: tuple[bool, bool, bool, bool]
    pc: int
    steps: int
    display: str


class HP67:
    """A powered-on HP-67 in RUN mode: FIX 2, DEG, everything zero, all 224 steps R/S."""

    __slots__ = (
        "x", "y", "z", "t", "last_x", "lift", "regs", "_flags", "pc", "steps", "running", "error",
        "returns", "fmt", "digits", "angle", "e_mant", "e_neg", "e_exp", "e_exp_neg",
        "program", "_table", "_why", "_labels", "_targets",
    )

    def __init__(self) -> None:
        self.x = self.y = self.z = self.t = self.last_x = ZERO
        self.lift = LIFT
        self.regs: list[Decimal] = [ZERO] * 26
        self._flags: list[bool] = [False] * 4
        self.pc = 1
        self.steps = 0
        self.running = False
        self.error = False
        self.returns: list[int] = []
        self.fmt = "FIX"
        self.digits = 2
        self.angle = "DEG"
        self.e_mant = ""
        self.e_neg = False
        self.e_exp: str | None = None
        self.e_exp_neg = False
        self._why = StopReason.IDLE
        self.load(Program(()))

    # -- program memory ------------------------------------------------------------

    def load(self, program: Program | str) -> None:
        """Key a program into memory (steps after it hold R/S); the pointer goes to step 001."""
        if isinstance(program, str):
            program = parse_listing(program)
        self.program = program
        self.pc = 1
        self.returns = []
        self.running = False
        self._compile()

    def _instruction_at(self, step: int) -> Instruction:
        if step <= len(self.program.steps):
            return self.program.steps[step - 1].instruction
        return _RUN_STOP

    def _compile(self) -> None:
        labels: dict[str, list[int]] = {}
        for step in range(1, PROGRAM_STEPS + 1):
            ins = self._instruction_at(step)
            if ins.op == "label":
                labels.setdefault(str(ins.arg), []).append(step)
        self._labels = labels
        self._targets = {}
        table: list[StepFn] = [_never]
        for step in range(1, PROGRAM_STEPS + 1):
            table.append(self._make(self._instruction_at(step), step))
        self._table = table

    def find_label(self, label: str, start: int) -> int | None:
        """The first step holding LBL ``label`` at or after ``start``, wrapping to 001."""
        steps = self._labels.get(label)
        if not steps:
            return None
        for s in steps:
            if s >= start:
                return s
        return steps[0]

    @property
    def has_program(self) -> bool:
        return bool(self.program.steps)

    # -- reading the machine ---------------------------------------------------------

    @property
    def display(self) -> str:
        """The LED text now: ``'192.0'``, ``'0.0'``, ``'Error'``, ``'12.'`` during entry..."""
        if self.error:
            return "Error"
        if self.lift == ENTRY and not self.running:
            return self._entry_text()
        return num.format_number(self.x, self.fmt, self.digits)

    def register(self, name: str) -> Decimal:
        """Register ``'0'``-``'9'``, ``'S0'``-``'S9'``, ``'A'``-``'E'`` or ``'I'``."""
        try:
            return self.regs[REGISTER_INDEX[name.strip()]]
        except KeyError:
            raise KeyError(f"no register {name!r}: use 0-9, S0-S9, A-E or I") from None

    @property
    def flags(self) -> tuple[bool, bool, bool, bool]:
        return tuple(self._flags)  # type: ignore[return-value]

    def format(self, value: Decimal) -> str:
        """A value as the display would show it in the current mode."""
        return num.format_number(value, self.fmt, self.digits)

    def view(self) -> HP67View:
        return HP67View(
            x=self.format(self.x), y=self.format(self.y), z=self.format(self.z), t=self.format(self.t),
            last_x=self.format(self.last_x),
            registers={name: self.format(v) for name, v in zip(REGISTER_NAMES, self.regs)},
            flags=self.flags, pc=self.pc, steps=self.steps, display=self.display,
        )

    # -- running ---------------------------------------------------------------------

    def run(self, max_steps: int | None = None, *, breakpoints: Iterable[int] = ()) -> StopReason:
        """Execute the running program until it stops, or ``max_steps`` steps, or a breakpoint.

        A breakpoint stops *before* the step is executed (never on the first step of this call),
        leaving the program running so the next ``run`` carries on.
        """
        if self.error or not self.running:
            return StopReason.IDLE
        budget = 10**15 if max_steps is None else max(int(max_steps), 0)
        table = self._table
        pc = self.pc
        executed = 0
        reason = StopReason.BUDGET
        bps = frozenset(breakpoints)
        try:
            with localcontext(CONTEXT):
                if budget:
                    executed = 1
                    pc = table[pc]()
                    if pc > 0:
                        if bps:
                            for executed in range(2, budget + 1):
                                if pc in bps:
                                    executed -= 1
                                    reason = StopReason.BREAKPOINT
                                    break
                                pc = table[pc]()
                                if pc <= 0:
                                    break
                        else:
                            for executed in range(2, budget + 1):
                                pc = table[pc]()
                                if pc <= 0:
                                    break
        except ArithmeticError:  # MachineError, or a decimal signal an operation did not expect
            self.error = True
            self.running = False
            if self.lift == ENTRY:
                self.lift = LIFT
            self.pc = pc
            self.steps += executed
            return StopReason.ERROR
        if pc <= 0:
            pc = -pc
            reason = self._why
            self.running = reason is StopReason.PAUSE
        self.pc = pc
        self.steps += executed
        return reason

    # -- the keyboard ------------------------------------------------------------------

    def press(self, key: str) -> None:
        """Press one key (``'7'``, ``'R/S'``, ``'A'``) or enter one instruction (``'RCL 4'``).

        As in RUN mode: a label key or R/S starts the program (``run`` executes it); any key
        pressed while a program runs stops it; after ``Error`` the first key only clears it.
        Raises ValueError for a key the machine does not have (nothing changes then).
        """
        key = key.strip()
        action = self._resolve(key)
        if self.running:
            self.running = False
            if self.lift == ENTRY:
                self.lift = LIFT
            return
        with localcontext(CONTEXT):
            if self.error:
                self.error = False
                self._replay(_keys_of(action)[1:])
                return
            self._act(action)

    def press_all(self, keys: Iterable[str]) -> None:
        for key in keys:
            self.press(key)

    def _resolve(self, key: str) -> Instruction | str:
        if key in _LABEL_KEYS or key in ("R/S", "RTN") or key.upper().startswith("GTO ."):
            if key.upper().startswith("GTO ."):
                digits = key[5:].strip()
                if not (digits.isdigit() and len(digits) == 3 and 0 <= int(digits) <= PROGRAM_STEPS):
                    raise ValueError(f"GTO . needs a three-digit step 000-{PROGRAM_STEPS}: {key!r}")
                return "GTO ." + digits
            return key
        ins = lookup(key)
        if ins is None:
            if is_card_reader(key):
                raise ValueError(f"{key} is a card-reader function; this HP-67 has no card reader")
            raise ValueError(f"the HP-67 has no key or instruction {key!r}")
        return ins

    def _replay(self, keys: tuple[str, ...]) -> None:
        """After Error the first key only clears it; the rest act as keys of their own.

        Each of the rest is a key like any other: one that fails shows Error again, so
        the key after it only clears it (STO ÷ E on 0 ÷ 0: ÷ fails, E clears); one that
        starts the program (R/S, a label) is stopped by the key after it.
        """
        while keys:
            if self.error:
                self.error = False
                keys = keys[1:]
                continue
            if self.running:
                self.running = False
                self._end_entry()
                keys = keys[1:]
                continue
            for length in range(len(keys), 0, -1):
                part = keys[:length]
                if part in BY_KEYS:
                    self._act(BY_KEYS[part])
                    break
                if length == 1 and part[0] in _LABEL_KEYS | {"R/S"}:
                    self._act(part[0])
                    break
            else:
                return  # a lone prefix (f, g, h, STO, GTO...) waits for keys that never come
            keys = keys[length:]

    def _act(self, action: Instruction | str) -> None:
        try:
            self._act_unchecked(action)
        except ArithmeticError:
            self.error = True
            if self.lift == ENTRY:
                self.lift = LIFT

    def _act_unchecked(self, action: Instruction | str) -> None:
        if isinstance(action, str):
            if action == "R/S":
                if self.lift == ENTRY:
                    self.lift = LIFT  # the key ends digit entry and leaves the lift flag alone
                self.running = True
            elif action == "RTN":
                self.lift = LIFT  # keyboard RTN enables the lift (microcode)
                self.pc = 1
                self.returns = []
            elif action.startswith("GTO ."):
                self._end_entry()
                self.pc = max(int(action[5:]), 1)
            else:
                self._start_label(action)
            return
        op = action.op
        if op in ("goto", "gosub", "goto_i", "gosub_i"):
            target = self._keyboard_target(action)
            self.lift = LIFT
            self.pc = target
            if op.startswith("gosub"):
                self.returns = []
                self.running = True
            return
        if op in ("run_stop",):
            self._act_unchecked("R/S")
            return
        if op == "rtn":
            self._act_unchecked("RTN")
            return
        if op in ("label", "pause"):
            self._end_entry()
            return
        self._make(action, 0)()
        if op == "digit" or op == "eex":
            self._flags[3] = True  # keyboard digit entry sets F3 (HP-67 quick reference card)

    def _end_entry(self) -> None:
        if self.lift == ENTRY:
            self.lift = LIFT

    def _keyboard_target(self, ins: Instruction) -> int:
        if ins.op in ("goto_i", "gosub_i"):
            label, offset = _indirect_label(self.regs[I_REG])
            if label is None:
                return (self.pc - 1 - offset - 1) % PROGRAM_STEPS + 1
        else:
            label = str(ins.arg)
        target = self.find_label(label, self.pc)
        if target is None:
            raise MachineError(f"no label {label}")
        return target

    def _start_label(self, label: str) -> None:
        self.lift = LIFT
        if not self.has_program and label in "ABCDE":
            # With no program in memory the top row keys do 1/x, sqrt x, y^x, R-down, x<>y.
            default = {"A": "1/X", "B": "√X", "C": "Yˣ", "D": "RDN", "E": "X<>Y"}[label]
            self._make(lookup(default), 0)()  # type: ignore[arg-type]
            return
        target = self.find_label(label, self.pc)
        if target is None:
            raise MachineError(f"no label {label}")
        self.pc = target
        self.returns = []
        self.running = True

    # -- digit entry -----------------------------------------------------------------

    def _entry_value(self) -> Decimal:
        mant = self.e_mant if self.e_mant.strip(".") else "0"
        text = ("-" if self.e_neg else "") + mant
        if self.e_exp is not None:
            text += "E" + ("-" if self.e_exp_neg else "") + (self.e_exp or "0")
            return num.fit(Decimal(text))
        return Decimal(text)

    def _entry_text(self) -> str:
        mant = self.e_mant if "." in self.e_mant else self.e_mant + "."
        text = ("-" if self.e_neg else "") + mant
        if self.e_exp is not None:
            text += " " + ("-" if self.e_exp_neg else "") + self.e_exp.rjust(2, "0")
        return text

    def _entry_add(self, ch: str) -> None:
        if self.e_exp is not None:
            if ch != ".":
                self.e_exp = (self.e_exp + ch)[-2:]  # of three exponent digits the last two stay
        elif ch == ".":
            if "." not in self.e_mant:
                self.e_mant += "."
        elif sum(c.isdigit() for c in self.e_mant) < 10:
            self.e_mant += ch
        self.x = self._entry_value()

    # -- snapshot ----------------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        """The whole state as JSON-able data (the program included)."""
        return {
            "program": self.program.text(),
            "stack": [str(v) for v in (self.x, self.y, self.z, self.t, self.last_x)],
            "lift": self.lift,
            "entry": [self.e_mant, self.e_neg, self.e_exp, self.e_exp_neg],
            "registers": [str(v) for v in self.regs],
            "flags": list(self._flags),
            "pc": self.pc,
            "steps": self.steps,
            "running": self.running,
            "error": self.error,
            "returns": list(self.returns),
            "display_mode": [self.fmt, self.digits],
            "angle": self.angle,
        }

    @classmethod
    def restore(cls, state: dict[str, Any]) -> HP67:
        """A machine in the state ``snapshot`` returned."""
        machine = cls()
        machine.load_state(state)
        return machine

    def load_state(self, state: dict[str, Any]) -> None:
        """Put this machine (in place) into a state ``snapshot`` returned."""
        if state["program"] != self.program.text():
            self.load(parse_listing(state["program"]))
        self.x, self.y, self.z, self.t, self.last_x = (Decimal(v) for v in state["stack"])
        self.lift = int(state["lift"])
        self.e_mant, self.e_neg, self.e_exp, self.e_exp_neg = state["entry"]
        self.regs[:] = [Decimal(v) for v in state["registers"]]
        self._flags[:] = [bool(f) for f in state["flags"]]
        self.pc = int(state["pc"])
        self.steps = int(state["steps"])
        self.running = bool(state["running"])
        self.error = bool(state["error"])
        self.returns = [int(r) for r in state["returns"]]
        self.fmt, self.digits = state["display_mode"][0], int(state["display_mode"][1])
        self.angle = state["angle"]

    # -- the instruction set: one closure per step --------------------------------------

    def _make(self, ins: Instruction, step: int) -> StepFn:
        nxt = step % PROGRAM_STEPS + 1
        skip = nxt % PROGRAM_STEPS + 1
        return _FACTORIES[ins.op](self, ins, step, nxt, skip)


def _never() -> int:
    raise AssertionError("step 000 is never executed")


_LABEL_KEYS = frozenset("ABCDEabcde")
_RUN_STOP = lookup("R/S")
assert _RUN_STOP is not None


def _keys_of(action: Instruction | str) -> tuple[str, ...]:
    if isinstance(action, Instruction):
        return action.keys
    if action in ("a", "b", "c", "d", "e"):
        return ("f", action.upper())
    if action == "RTN":
        return ("h", "GTO")
    if action.startswith("GTO ."):
        return ("GTO", ".", *action[5:])
    return (action,)


def _indirect_label(i_value: Decimal) -> tuple[str | None, int]:
    """GTO (i)/GSB (i): I = 0-9 labels 0-9, 10-14 A-E, 15-19 a-e; negative: jump back int|I| steps."""
    k = int(abs(i_value))
    if i_value < 0:
        return None, k
    if k < 10:
        return str(k), 0
    if k < 20:
        return "ABCDEabcde"[k - 10], 0
    raise MachineError("GTO (i) / GSB (i) with I >= 20")


def _indirect_register(m: HP67) -> int:
    k = int(abs(m.regs[I_REG]))
    if k > 25:
        raise MachineError("(i) with I beyond 25")
    return k


# Each factory receives (machine, instruction, step, next step, step after next) and
# returns the closure for that step.  Closures keep the registers and flags lists in
# cells (no attribute lookups) and write the stack as plain attributes.

Factory = Callable[[HP67, Instruction, int, int, int], StepFn]
_FACTORIES: dict[str, Factory] = {}


def _factory(*ops: str) -> Callable[[Factory], Factory]:
    def register(fn: Factory) -> Factory:
        for op in ops:
            _FACTORIES[op] = fn
        return fn

    return register


@_factory("digit")
def _digit(m: HP67, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
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


@_factory("eex")
def _eex(m: HP67, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    def eex() -> int:
        if m.lift != ENTRY:
            if m.lift == LIFT:
                m.t, m.z, m.y = m.z, m.y, m.x
            m.e_mant, m.e_neg, m.e_exp, m.e_exp_neg = "1", False, "", False
            m.lift = ENTRY
        elif m.e_exp is None:
            if not any(c.isdigit() for c in m.e_mant):
                m.e_mant = "1"
            m.e_exp = ""
        m.x = m._entry_value()
        return nxt

    return eex


@_factory("chs")
def _chs(m: HP67, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    def chs() -> int:
        if m.lift == ENTRY:
            if m.e_exp is not None:
                m.e_exp_neg = not m.e_exp_neg
            else:
                m.e_neg = not m.e_neg
            m.x = m._entry_value()
        else:
            m.x = -m.x
            m.lift = LIFT  # CHS on a finished number re-enables the lift
        return nxt

    return chs


@_factory("enter")
def _enter(m: HP67, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    def enter() -> int:
        m.t = m.z
        m.z = m.y
        m.y = m.x
        m.lift = NO_LIFT
        return nxt

    return enter


@_factory("clx")
def _clx(m: HP67, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    def clx() -> int:
        m.x = ZERO
        m.lift = NO_LIFT
        return nxt

    return clx


def _overflowed(m: HP67, nxt: int) -> int:
    """A result overflowed: a running program stops, pointing at the next step (no Error).

    From the keyboard the return value is ignored: the result just saturates
    (hp67-instruction-set.md 5).
    """
    m._why = StopReason.OVERFLOW
    return -nxt


def _binary_careful(m: HP67, careful: Callable[[Decimal, Decimal], Decimal], x: Decimal, nxt: int) -> int:
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

    def factory(m: HP67, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
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


@_factory("add")
def _add(m: HP67, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    # Written out (not through _binary) because + is among the program's hottest steps.
    def add() -> int:
        x = m.x
        try:
            r = m.y + x
        except ArithmeticError:
            return _binary_careful(m, num.add, x, nxt)
        m.last_x = x
        m.x = r
        m.y = m.z
        m.z = m.t
        m.lift = LIFT
        return nxt

    return add


@_factory("sub")
def _sub(m: HP67, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    def sub() -> int:
        x = m.x
        try:
            r = m.y - x
        except ArithmeticError:
            return _binary_careful(m, num.sub, x, nxt)
        m.last_x = x
        m.x = r
        m.y = m.z
        m.z = m.t
        m.lift = LIFT
        return nxt

    return sub


@_factory("mul")
def _mul(m: HP67, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
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


_FACTORIES["div"] = _binary(lambda y, x: y / x, num.div)
_FACTORIES["power"] = _binary(num.power, num.power)
_FACTORIES["hms_add"] = _binary(num.hms_add, num.hms_add)


def _unary(fn: Callable[[Decimal], Decimal], can_overflow: bool = True) -> Factory:
    """X <- f(x), LAST X <- x."""

    def factory(m: HP67, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
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
    def factory(m: HP67, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
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


_FACTORIES.update({
    "int": _unary(num.integer_part, can_overflow=False),
    "frc": _unary(num.fraction_part, can_overflow=False),
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
    "deg_to_rad": _unary(lambda x: num.mul(x, num.fit(num.PI_HIGH / 180))),
    "rad_to_deg": _unary(lambda x: num.mul(x, num.fit(180 / num.PI_HIGH))),
    "sin": _angular(num.sin),
    "cos": _angular(num.cos),
    "tan": _angular(num.tan),
    "asin": _angular(num.asin),
    "acos": _angular(num.acos),
    "atan": _angular(num.atan),
})


@_factory("frc")
def _frc(m: HP67, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
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


@_factory("rnd")
def _rnd(m: HP67, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
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


@_factory("percent")
def _percent(m: HP67, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    def percent() -> int:  # Y stays, X <- x% of y
        x = m.x
        r = num.careful(_percent_of, m.y, x)  # one range check at the end, as the machine
        m.last_x = x
        m.x = r
        m.lift = LIFT
        return _overflowed(m, nxt) if num.saturated(r) else nxt

    return percent


@_factory("percent_change")
def _percent_change(m: HP67, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    def percent_change() -> int:  # Y stays, X <- 100 (x - y) / y
        x, y = m.x, m.y
        r = num.careful(_percent_change_of, y, x)
        m.last_x = x
        m.x = r
        m.lift = LIFT
        return _overflowed(m, nxt) if num.saturated(r) else nxt

    return percent_change


@_factory("to_polar", "to_rectangular")
def _coordinates(m: HP67, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
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


@_factory("swap")
def _swap(m: HP67, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    def swap() -> int:
        m.x, m.y = m.y, m.x
        m.lift = LIFT
        return nxt

    return swap


@_factory("roll_down")
def _roll_down(m: HP67, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    def roll_down() -> int:
        m.x, m.y, m.z, m.t = m.y, m.z, m.t, m.x
        m.lift = LIFT
        return nxt

    return roll_down


@_factory("roll_up")
def _roll_up(m: HP67, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    def roll_up() -> int:
        m.x, m.y, m.z, m.t = m.t, m.x, m.y, m.z
        m.lift = LIFT
        return nxt

    return roll_up


def _push(m: HP67, value: Decimal) -> None:
    """Put a value in X, lifting the stack unless the lift is disabled."""
    if m.lift != NO_LIFT:
        m.t = m.z
        m.z = m.y
        m.y = m.x
    m.x = value
    m.lift = LIFT


@_factory("last_x")
def _last_x(m: HP67, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    def last_x() -> int:
        _push(m, m.last_x)
        return nxt

    return last_x


@_factory("pi")
def _pi(m: HP67, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    def pi() -> int:
        _push(m, num.PI)
        return nxt

    return pi


@_factory("recall")
def _recall(m: HP67, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
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


@_factory("store")
def _store(m: HP67, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
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
    "store_add": (lambda r, x: r + x, num.WIDE.add),
    "store_sub": (lambda r, x: r - x, num.WIDE.subtract),
    "store_mul": (lambda r, x: r * x, num.WIDE.multiply),
    "store_div": (lambda r, x: r / x, num.WIDE.divide),
}


def _storage_careful(op: Callable[[Decimal, Decimal], Decimal], r: Decimal, x: Decimal) -> Decimal:
    """Storage arithmetic that left the range: overflow is an Error (the register stays)."""
    try:
        return num.fit_strict(op(r, x))
    except ArithmeticError as exc:
        raise MachineError(f"storage arithmetic: {exc}") from None


@_factory("store_add", "store_sub", "store_mul", "store_div")
def _storage_arithmetic(m: HP67, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
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


@_factory("dsz", "isz")
def _dsz_isz(m: HP67, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    regs = m.regs
    delta = -ONE if ins.op == "dsz" else ONE
    indirect = ins.arg == "i"
    fixed = 0 if indirect else int(ins.arg)  # type: ignore[arg-type]

    def counter() -> int:
        # Skip the next step when the integer part of the result is zero (0.5 -> -0.5 skips).
        k = _indirect_register(m) if indirect else fixed
        try:
            value = regs[k] + delta
        except ArithmeticError:
            value = num.add(regs[k], delta)
        regs[k] = value
        m.lift = LIFT
        return skip if -1 < value < 1 else nxt

    return counter


@_factory("swap_i")
def _swap_i(m: HP67, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    regs = m.regs

    def swap_i() -> int:
        m.x, regs[I_REG] = regs[I_REG], m.x
        m.lift = LIFT
        return nxt

    return swap_i


@_factory("swap_ps")
def _swap_ps(m: HP67, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    regs = m.regs

    def swap_ps() -> int:
        regs[0:10], regs[10:20] = regs[10:20], regs[0:10]
        m.lift = LIFT
        return nxt

    return swap_ps


@_factory("clear_registers")
def _clear_registers(m: HP67, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    regs = m.regs

    def clear_registers() -> int:
        # CLRG clears the primary registers 0-9, A-E and I; the secondary ones stay.
        regs[0:10] = [ZERO] * 10
        regs[20:26] = [ZERO] * 6
        m.lift = LIFT
        return nxt

    return clear_registers


@_factory("angle", "format", "dsp", "dsp_i")
def _modes(m: HP67, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
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
        m.lift = LIFT
        return nxt

    return modes


@_factory("test_x")
def _test_x(m: HP67, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
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


@_factory("test_xy")
def _test_xy(m: HP67, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
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


@_factory("set_flag", "clear_flag")
def _set_clear_flag(m: HP67, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    flags = m._flags
    n = int(ins.arg)  # type: ignore[arg-type]
    value = ins.op == "set_flag"

    def set_clear() -> int:
        flags[n] = value
        m.lift = LIFT
        return nxt

    return set_clear


@_factory("test_flag")
def _test_flag(m: HP67, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
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


@_factory("sigma_plus", "sigma_minus")
def _sigma(m: HP67, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    regs = m.regs
    sign = 1 if ins.op == "sigma_plus" else -1

    def sigma() -> int:
        # S4 sum x, S5 sum x^2, S6 sum y, S7 sum y^2, S8 sum xy, S9 n; X shows n.
        x, y = m.x, m.y
        terms = (x, num.mul(x, x), y, num.mul(y, y), num.mul(x, y), ONE)
        new = [num.fit_strict(num.WIDE.add(regs[14 + i], t if sign > 0 else -t)) for i, t in enumerate(terms)]
        regs[14:20] = new
        m.last_x = x
        m.x = regs[19]
        m.lift = NO_LIFT
        return nxt

    return sigma


@_factory("mean", "std_dev")
def _statistics(m: HP67, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
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
                var = num.div(num.sub(s2, num.div(num.mul(s, s), n)), num.sub(n, ONE))
                return num.sqrt(max(var, ZERO))

            mx, my = deviation(regs[14], regs[15]), deviation(regs[16], regs[17])
        # Two results written into X and Y without lifting the stack: Z and T keep their
        # values and LAST X gets the old X (n after Σ+) -- hp67-instruction-set.md 7.
        m.last_x = m.x
        m.x, m.y = mx, my
        m.lift = LIFT
        return nxt

    return statistics


@_factory("label")
def _label(m: HP67, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    def label() -> int:
        m.lift = LIFT
        return nxt

    return label


def _static_target(m: HP67, ins: Instruction, nxt: int) -> int | None:
    return m.find_label(str(ins.arg), nxt)


@_factory("goto")
def _goto(m: HP67, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    target = _static_target(m, ins, nxt)  # the search from the next step, resolved once
    if target is None:
        def missing() -> int:
            raise MachineError(f"no label {ins.arg}")

        return missing

    def goto() -> int:
        m.lift = LIFT
        return target

    return goto


def _call(m: HP67, ret: int, target: int) -> int:
    returns = m.returns
    if len(returns) >= RETURN_LEVELS:
        del returns[0]  # a fourth GSB silently drops the oldest return
    returns.append(ret)
    m.lift = LIFT
    return target


@_factory("gosub")
def _gosub(m: HP67, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    target = _static_target(m, ins, nxt)
    if target is None:
        def missing() -> int:
            raise MachineError(f"no label {ins.arg}")

        return missing

    def gosub() -> int:
        return _call(m, nxt, target)

    return gosub


@_factory("goto_i", "gosub_i")
def _goto_indirect(m: HP67, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    call = ins.op == "gosub_i"

    def goto_indirect() -> int:
        label, back = _indirect_label(m.regs[I_REG])
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


@_factory("rtn")
def _rtn(m: HP67, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    def rtn() -> int:
        m.lift = LIFT
        if m.returns:
            return m.returns.pop()
        m._why = StopReason.RETURN
        return -nxt

    return rtn


@_factory("run_stop")
def _run_stop(m: HP67, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    def run_stop() -> int:
        m.lift = LIFT
        m._why = StopReason.RUN_STOP
        return -nxt

    return run_stop


@_factory("pause")
def _pause(m: HP67, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    def pause() -> int:
        m.lift = LIFT
        m._why = StopReason.PAUSE
        return -nxt

    return pause


@_factory("print")
def _print(m: HP67, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    def print_() -> int:  # no printer: ends digit entry, nothing else
        m.lift = LIFT
        return nxt

    return print_


@_factory("space")
def _space(m: HP67, ins: Instruction, step: int, nxt: int, skip: int) -> StepFn:
    def space() -> int:  # SPC does not even end digit entry: 6 SPC 1 + gives 61
        return nxt

    return space


_missing = {i.op for i in INSTRUCTIONS} - set(_FACTORIES)
assert not _missing, f"instructions without behaviour: {_missing}"
