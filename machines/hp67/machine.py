"""The HP-67 itself: stack, registers, flags, program memory and the keyboard.

The instructions themselves are ``ops.py``, one table.  Speed comes from the
design, not from tricks: ``load`` turns each of the 224 program steps into the
closure its row's semantics makes, which does the step's work and returns the
number of the next step (negative: the program stops there).  Branch targets
are resolved at load time (the search from the next step with wrap-around is a
property of the program), the stack lives in plain attributes, registers and
flags in lists the closures hold directly.

Stack lift (``hp67-notes.md`` 2.1, checked on the microcode): one state
``lift`` holds LIFT (enabled), NO_LIFT (after ENTER or CLX) or ENTRY (digit
entry in progress, lift enabled).  Every step other than ENTER, CLX, digit
entry and Σ± sets LIFT, so a disabled lift lasts exactly one step.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal, localcontext
from typing import Any, Iterable

from machines.hp67 import numbers as num
from machines.hp67.isa import PROGRAM_STEPS, REGISTER_INDEX, REGISTER_NAMES, Instruction, is_card_reader
from machines.hp67.listing import Program, parse_listing
from machines.hp67.numbers import CONTEXT, MachineError
from machines.hp67.ops import (
    BY_KEYS,
    ENTRY,
    I_REG,
    LIFT,
    ZERO,
    StepFn,
    StopReason,
    indirect_label,
    lookup,
)

__all__ = ["HP67", "HP67View", "StopReason"]


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
            label, offset = indirect_label(self.regs[I_REG])
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
        return ins.semantics(self, ins, step, nxt, skip)  # type: ignore[misc]


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


