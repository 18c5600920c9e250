"""A TI-57 programmable calculator, key for key.

The semantics follow ti57-notes.md (TI's manuals checked against the original ROM);
the comments cite it where the machine is surprising.  This module keeps the
state, the keys, run() and the snapshot; what each key code does is one row of
``ops.OPS`` (semantics and, for program steps, a fast path).  Speed: a loaded
program is pre-decoded into a table of 51 closures (one per step plus the "past
step 49" error), each returning the next step number, or its bitwise complement
when the program stops there; ``run`` is a tight loop over that table.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from itertools import repeat
from typing import Any, Callable

from machines.ti57 import functions as fn
from machines.ti57 import snapshot as snapshot_fields
from machines.ti57.keys import INSTRUCTIONS, NO_DIGIT_WITH_INV, PRIMARY_LEGENDS, SECOND_LEGENDS, Step, second_of
from machines.ti57.listing import PROGRAM_STEPS, Program
from machines.ti57.numbers import (
    LIMIT,
    ONE,
    ZERO,
    add,
    display_overflows,
    divide,
    fit,
    format_entry,
    format_number,
    mul,
    product,
    sub,
    toward_zero,
)
from machines.ti57.ops import OPS
from machines.ti57.stops import StopReason

__all__ = ["TI57", "Stop", "StopReason", "MachineView", "UnknownKey", "PAUSE_SECONDS", "EDIT_KEYS"]

PAUSE_SECONDS = 0.75
"""How long the real machine shows a Pause ("about 3/4 of a second", TI Reference Guide)."""

PAREN = None  # a '(' on the pending stack
EDIT_KEYS = ("LRN", "SST", "BST", "Ins", "Del")
"""Keys with no key code: they move the pointer or edit the program (Ins, Del: 2nd STO, 2nd EE)."""
_EDIT_SECOND = {"STO": "Ins", "EE": "Del"}
_SECOND_OF_EDIT = {"LRN": "D.MS", "SST": "Pause", "BST": "Nop"}
_INV_DROPPED = {51, 86}  # the ROM stores no INV before GTO and Lbl (nor before a digit)
KEEPS_AFTER_OPERATION = frozenset((75, 65, 55, 45, 35, 43, 44, 85))
"""Operations, '(', ')' and '=': every other key ends the state 'an operation was just pressed'
(ROM: 2 + STO 1 = and 2 + CE = give 4 without error, 2 + +/- = gives 0)."""
_ROUNDING_KEYS = frozenset((75, 65, 55, 45, 35, 43, 44, 85, 32, 33, 34, 38, 39, 48, 56, 66, 76, 49, 40, 51, 61))
# The rounding comes after the key for the operations: their pending operand keeps the
# value (Fix 0 9.6 EE 99 - CE 9 EE 99 = gives 6E98; ROM).  In a program STO n, SUM n,
# Prd n, RCL n and Exc n are one step: the value is stored unrounded, and RCL and Exc
# round only what they bring (ROM).
_OPERATIONS = frozenset((75, 65, 55, 45, 35))
_KEY_ROUNDS_BEFORE = _ROUNDING_KEYS - _OPERATIONS
_KEY_ROUNDS_AFTER = _OPERATIONS | {22, 33, 38, 48}  # x<>t, RCL, Exc, Fix: the new value shown is rounded too
_STEP_ROUNDS_BEFORE = _KEY_ROUNDS_BEFORE - {32, 33, 34, 38, 39}
_STEP_ROUNDS_AFTER = _KEY_ROUNDS_AFTER | {32, 34, 39}
_COMPLETING_PREFIXES = frozenset((32, 33, 34, 38, 39, 48, 51, 61))  # STO RCL SUM Exc Prd Fix GTO SBR: complete when pressed
_DIGIT_TEXT = "0123456789"
_PRECEDENCE = {75: 1, 65: 1, 55: 2, 45: 2, 35: 3}
_OP_SYMBOL = {75: "+", 65: "-", 55: "*", 45: "/", 35: "y^x"}




def sum_keeps_flag(register: Decimal, term: Decimal, term_negative: bool) -> bool:
    """Whether the chip's addition of `term` to `register` keeps the register's flag digit
    (where a pending operand holds its operation's INV).  Of two like signs the mantissas
    are added and the digit kept only when the term's exponent is the larger; of unlike
    signs it is kept when the register is the larger in magnitude (no sign change, not
    0).  A zero counts as exponent 0 and a zero term takes the sign it is added with
    (INV SUM of 0 subtracts a -0).  Surveyed on the ROM with SUM, INV SUM, Σ+, INV Σ+."""
    if (register < 0) == term_negative:
        return (register.adjusted() if register else 0) < (term.adjusted() if term else 0)
    return abs(register) > abs(term)

class UnknownKey(ValueError):
    """press() was given something that is not a TI-57 key legend."""


@dataclass(frozen=True)
class Stop:
    """Why run() returned, with what the display showed at that moment."""

    reason: StopReason
    display: str
    flashing: bool
    steps: int  # program steps run by this call


@dataclass(frozen=True)
class MachineView:
    """What a register panel shows; frozen so a UI can keep it."""

    display: str
    flashing: bool
    registers: tuple[str, ...]  # R0-R7 in the display format (R7 is t)
    pc: int
    steps: int
    running: bool
    pending: tuple[str, ...]  # pending AOS operations, oldest first: '2 +', '(', ...
    fix: int | None
    angle: str
    learning: bool = False  # LRN mode: the display shows the step number and its code


@dataclass(slots=True)
class _Pending:
    """A pending AOS operation; levels 3 and 4 keep their operand in R6 / R5."""

    op: int
    inv: bool
    value: Decimal
    reg: int | None


_OPERAND_REGISTERS = (5, 6)  # the 4th and 3rd pending levels keep their operand there


class TI57:
    """A powered-on TI-57: R0-R7 zero, no Fix, Deg, display 0, pointer 00, steps 00."""

    def __init__(self) -> None:
        self.x: Decimal = ZERO
        self.regs: list[Decimal] = [ZERO] * 8
        # number being keyed: power-on (like CLR) shows an open '0', not '0.'
        self.entering = True
        self.e_mant = "0"
        self.e_neg = False
        self.e_exp: str | None = None
        self.e_exp_neg = False
        self.e_in_exp = False
        # modes
        self.fix: int | None = None
        self.sci = False
        self.angle = "deg"
        # AOS
        self.pending: list[_Pending | None] = []
        self.after_op = False
        # flow
        self.flashing = False
        self.pc = 0
        self.returns: list[int] = []
        self.running = False
        self.steps = 0
        # keyboard prefixes
        self._second = False
        self._inv = False
        self._awaiting: int | None = None  # a merged key waiting for its digit
        self._await_inv = False
        self._gto_abs: str | None = None  # GTO 2nd n n from the keyboard
        # LRN mode: keys are stored at the pointer instead of being executed
        self.learning = False
        # the ROM looping for ever (functions.check_product): a dark display, no key read
        self.hung = False
        # run bookkeeping
        self._stop: StopReason | None = None
        self._shown_ok: Decimal | None = None  # see ops: x last seen not to round past the limit
        self.program = Program(tuple(Step(0) for _ in range(PROGRAM_STEPS)))
        self._compile(fast=True)

    # ------------------------------------------------------------------ API

    def load(self, program: Program, fast: bool = True) -> None:
        """Put a parsed listing in program memory (as keyed in LRN mode); pointer to 00."""
        self.program = program
        self.pc = 0
        self.returns = []
        self.running = False
        self._compile(fast)

    @property
    def display(self) -> str:
        if self.hung:
            return ""  # the chip no longer runs its display loop
        if self.learning:
            return self._learn_display()
        if self.entering:
            return format_entry(self.e_mant, self.e_neg, self.e_exp, self.e_exp_neg)
        return format_number(self.x, self.fix, self.sci)

    def register(self, n: int) -> Decimal:
        if not 0 <= n <= 7:
            raise IndexError(f"the TI-57 has registers 0-7, not {n}")
        return self.regs[n]

    def press(self, key: str) -> None:
        """One key as a person types it: '7', 'SBR', '2nd', 'Fix', 'R/S'...

        A second-function legend ('log', 'Fix'...) may follow '2nd' or stand alone: it
        names one key either way.  A key that starts the program (R/S, SBR n) only sets
        it running; run() runs it.
        While a program runs, R/S stops it and other keys are ignored.  A hung
        calculator (see ``hung``) reads no key at all.
        """
        if self.hung:
            if key not in PRIMARY_LEGENDS and key not in SECOND_LEGENDS and key not in EDIT_KEYS:
                raise UnknownKey(f"not a TI-57 key: {key!r}")
            return
        try:
            self._press(key)
        except fn.ChipHang:
            self._hang()

    def _hang(self) -> None:
        self.hung = True
        self.flashing = False

    def _press(self, key: str) -> None:
        if self.running:
            if key == "R/S":
                self.running = False
            elif key not in PRIMARY_LEGENDS and key not in SECOND_LEGENDS and key not in EDIT_KEYS:
                raise UnknownKey(f"not a TI-57 key: {key!r}")
            return
        if self._second and key in _SECOND_OF_EDIT:
            key = _SECOND_OF_EDIT[key]  # 2nd LRN is D.MS, 2nd SST Pause, 2nd BST Nop
        elif key in EDIT_KEYS or (self._second and key in _EDIT_SECOND):
            self._edit_key(_EDIT_SECOND[key] if key in _EDIT_SECOND else key)
            return
        if key == "2nd" and self.learning and self._awaiting is not None:
            return  # GTO 2nd nn is not stored: the step still waits for its digit
        if key == "2nd":
            if self._awaiting == 51:  # GTO 2nd n n: an absolute step number
                self._awaiting = None
                self._gto_abs = ""
                return
            self._second = True
            return
        if key == "INV":
            self._inv = not self._inv
            return
        second, self._second = self._second, False
        if key in PRIMARY_LEGENDS:
            code = PRIMARY_LEGENDS[key]
            if second and code >= 10:
                sc = second_of(code)
                if sc is None:
                    self._inv = False
                    self._awaiting = None
                    return  # a key with no second function: the prefix is used up
                code = sc
        elif key in SECOND_LEGENDS:
            code = SECOND_LEGENDS[key]  # the legend names the function: '2nd' may be left out
        else:
            raise UnknownKey(f"not a TI-57 key: {key!r}")
        if self._gto_abs is not None:
            if code < 10:
                self._gto_abs += str(code)
                if len(self._gto_abs) == 2:
                    target = int(self._gto_abs)
                    self._gto_abs = None
                    self._complete()
                    if target >= PROGRAM_STEPS:
                        self._error()
                    else:
                        self.pc = target
                return
            self._gto_abs = None
        if self._awaiting is not None:
            waiting, inv = self._awaiting, self._await_inv
            self._awaiting = None
            if code < 10:
                self._inv = False
                if self.learning:
                    self._learn(Step(waiting, inv and waiting not in _INV_DROPPED, code))
                else:
                    self._keyboard(waiting, inv, code)
                return
        inv, self._inv = self._inv, False
        ins = INSTRUCTIONS[code]
        if ins.takes_digit and not (inv and code in NO_DIGIT_WITH_INV) and (code != 86 or self.learning):
            # (Lbl from the keyboard takes no digit: 2 5 2nd Lbl 1 shows 251; ROM)
            self._awaiting, self._await_inv = code, inv
            if code in _COMPLETING_PREFIXES and not self.learning:
                self._round_shown_value(code, inv)
                self._complete()  # 4 1 STO shows 41. before the register digit (ROM, issue 40)
            return
        if self.learning:
            self._learn(Step(code, inv and code >= 10 and code not in _INV_DROPPED))
            return
        self._round_shown_value(code, inv)
        self._keyboard(code, inv, None)

    def run(self, max_steps: int | None = None) -> Stop:
        """Run until the program stops (R/S, Pause, error) or max_steps have run.

        A Pause returns StopReason.PAUSE with the value shown; the real machine shows
        it for about 3/4 s (PAUSE_SECONDS) and goes on, so call run() again.  Pauses
        in a row are separate stops, each one more 3/4 s, as on the machine.  Without
        max_steps a program that never stops never returns: a UI passes a budget and
        gets StopReason.BUDGET (still running) back.
        """
        if not self.running:
            return Stop(StopReason.IDLE, self.display, self.flashing, 0)
        if self.hung:  # busy for ever, as the calculator: its budget is spent
            return Stop(StopReason.BUDGET, self.display, False, max_steps or 0)
        self._stop = None
        table = self._table
        pc = self.pc
        budget = max_steps if max_steps is not None else 1 << 62
        n = 0
        try:
            for _ in repeat(None, budget):
                n += 1
                pc = table[pc]()
                if pc < 0:
                    pc = ~pc
                    break
            else:
                self.pc = pc
                self.steps += n
                return Stop(StopReason.BUDGET, self.display, self.flashing, n)
        except fn.ChipHang:
            self._hang()
            self.pc = pc
            self.steps += n
            return Stop(StopReason.BUDGET, self.display, False, n)
        self.pc = pc
        self.steps += n
        reason = self._stop or StopReason.HALT
        self._stop = None
        if reason is not StopReason.PAUSE:
            self.running = False
        return Stop(reason, self.display, self.flashing, n)

    def view(self) -> MachineView:
        return MachineView(
            display=self.display,
            flashing=self.flashing,
            registers=tuple(format_number(r, self.fix, self.sci) for r in self.regs),
            pc=self.pc,
            steps=self.steps,
            running=self.running,
            pending=self._pending_text(),
            fix=self.fix,
            angle=self.angle,
            learning=self.learning,
        )

    # ------------------------------------------------------------ snapshot

    def snapshot(self) -> dict[str, Any]:
        """The whole machine as JSON-able data (program included)."""
        return {
            "x": str(self.x),
            "regs": [str(r) for r in self.regs],
            "entry": [self.entering, self.e_mant, self.e_neg, self.e_exp, self.e_exp_neg, self.e_in_exp],
            "fix": self.fix,
            "sci": self.sci,
            "angle": self.angle,
            "pending": [None if p is None else [p.op, p.inv, str(p.value), p.reg] for p in self.pending],
            "after_op": self.after_op,
            "flashing": self.flashing,
            "pc": self.pc,
            "returns": list(self.returns),
            "running": self.running,
            "steps": self.steps,
            "keyboard": [self._second, self._inv, self._awaiting, self._await_inv, self._gto_abs],
            "learning": self.learning,
            "program": [s.to_json() for s in self.program.steps],
        } | ({"hung": True} if self.hung else {})

    @classmethod
    def restore(cls, state: dict[str, Any]) -> TI57:
        """A machine in the state ``snapshot`` returned.

        Every field is checked first (``machines.ti57.snapshot``): a bad one raises
        ValueError starting ``snapshot field '<path>'``; unknown keys are refused.
        """
        c = snapshot_fields.checked(state)
        m = cls()
        m.load(Program(c.program))
        m.x = c.x
        m.regs = list(c.regs)
        (m.entering, m.e_mant, m.e_neg, m.e_exp, m.e_exp_neg, m.e_in_exp) = c.entry
        m.fix = c.fix
        m.sci = c.sci
        m.angle = c.angle
        m.pending = [None if p is None else _Pending(*p) for p in c.pending]
        m.after_op = c.after_op
        m.flashing = c.flashing
        m.pc = c.pc
        m.returns = list(c.returns)
        m.running = c.running
        m.steps = c.steps
        m._second, m._inv, m._awaiting, m._await_inv, m._gto_abs = c.keyboard
        m.learning = c.learning
        m.hung = c.hung
        return m

    # --------------------------------------------------------- LRN mode

    def _learn_display(self) -> str:
        """'04  86 1', '05 -34 5', '06  00': step number and the code stored there (a
        merged key waiting for its digit shows 0 in its place, as the real display)."""
        if self._awaiting is not None:
            step = Step(self._awaiting, self._await_inv and self._awaiting not in _INV_DROPPED, 0)
        else:
            step = self.program.steps[self.pc]
        text = step.code_text
        return f"{self.pc:02d} {text if text.startswith('-') else ' ' + text}"

    def _learn(self, step: Step) -> None:
        """Store a step at the pointer and move on; keying step 49 leaves LRN mode."""
        steps = list(self.program.steps)
        steps[self.pc] = step
        self._reprogram(steps)
        if self.pc == PROGRAM_STEPS - 1:
            self.learning = False  # the pointer stays on 49 (ROM)
        else:
            self.pc += 1

    def _reprogram(self, steps: list[Step]) -> None:
        self.program = Program(tuple(steps), self.program.comments)
        self._compile(fast=True)

    def _edit_key(self, key: str) -> None:
        """LRN, SST, BST, Ins and Del: the keys that have no code of their own."""
        self._second = False
        self._inv = False
        self._awaiting = None
        self._gto_abs = None
        if key == "LRN":
            self.learning = not self.learning
            if self.learning:
                # the ROM shows the steps in the display register: the calculation is
                # cleared as by CLR (pending operations, the error, EE), R0-R7 and Fix
                # kept; LRN again shows an open 0 (2 + 3 LRN LRN 4 = gives 4; ROM)
                self.flashing = False
                self._zero_entry()
                self.pending = []
                self.after_op = False
                self.sci = False
            if self.learning and self.pc >= PROGRAM_STEPS:
                # R/S on step 49 leaves the pointer on 50, a step LRN cannot show or key:
                # LRN shows step 49 (not checked on the ROM; it keeps every key usable).
                self.pc = PROGRAM_STEPS - 1
        elif key == "BST":
            self.pc = max(0, self.pc - 1)
        elif key == "SST":
            if self.learning:
                self.pc = min(PROGRAM_STEPS - 1, self.pc + 1)
            else:
                self.single_step()
        elif self.learning:  # Ins and Del act in LRN mode only
            steps = list(self.program.steps)
            if key == "Ins":
                steps.insert(self.pc, Step(0))
                steps.pop()  # step 49 falls off
            else:
                steps.pop(self.pc)
                steps.append(Step(0))
            self._reprogram(steps)

    def single_step(self) -> Stop:
        """SST in RUN mode: run the step at the pointer, then stop (an error flashes,
        a Pause or R/S just ends the step)."""
        if self.running or self.flashing or self.pc >= PROGRAM_STEPS:
            return Stop(StopReason.IDLE, self.display, self.flashing, 0)
        self.running = True
        stop = self.run(max_steps=1)
        self.running = False
        return stop

    # ---------------------------------------------------------- internals

    def _pending_text(self) -> tuple[str, ...]:
        out = []
        for p in self.pending:
            if p is None:
                out.append("(")
            else:
                value = self.regs[p.reg] if p.reg is not None else p.value
                sym = "INV y^x" if (p.op == 35 and p.inv) else _OP_SYMBOL[p.op]
                out.append(f"{format_number(value, self.fix, self.sci)} {sym}")
        return tuple(out)

    def _error(self) -> None:
        """Flash the display; a running program stops after this step."""
        self.flashing = True
        self._stop = StopReason.ERROR

    def _round_shown_value(self, code: int, inv: bool) -> None:
        """The keys that complete the number through the ROM's rounding of the value
        shown raise the error again when that rounding passes 9.9999999 99: after
        100 +/- INV log and CE, RCL (at once), +, STO, Fix, Int... flash; digits,
        lnx, sin, sqrt, x<>t, +/-, EE, C.t, Deg do not (ROM, issue 40).  The same
        steps of a program do it too, and the program stops there (ROM: after 100 +/-
        INV log CE, a program STO 3 R/S stops on STO 3, flashing).  The operations, and
        in a program the memory steps, round after they act (_KEY_ROUNDS_AFTER)."""
        if code in _ROUNDING_KEYS:
            self._complete()  # the rounding follows the completion: 9.6 EE 99 + in Fix 0
            if code in _OPERATIONS:
                return  # rounded after the key (_KEY_ROUNDS_AFTER)
        elif code == 42 and inv and not self.entering:
            self._complete()  # (INV EE leaves a number being keyed open; a -0. becomes 0.)
        else:
            return
        if not self.flashing and display_overflows(self.x, self.fix):
            self._error()
            self.x = self._past_limit(self.x)

    def _round_new_value(self) -> None:
        """RCL, Exc or x<>t of 9.9999999999E99 flashes at once, as Fix 0 on 9.6E99; the
        value becomes the limit even when the display flashes already (ROM: 9.99999998E99
        recalled after 1 / 0 = is 9.9999999999E99)."""
        if display_overflows(self.x, self.fix):
            if not self.flashing:
                self._error()
            self.x = self._past_limit(self.x)

    @staticmethod
    def _past_limit(value: Decimal) -> Decimal:
        """What a value whose display rounds past 9.9999999 99 becomes: the limit (ROM:
        9.6E99 in Fix 0 turns into 9.9999999999E99 at the next operation)."""
        return fit(value.scaleb(1))[0]

    def _complete(self) -> None:
        """End the number being keyed: its value goes to the display register.  A -0.
        shown by +/- on a completed zero becomes 0. here (ROM: RCL 1 +/- + shows 0.)."""
        if not self.entering:
            if not self.x and self.x.is_signed():
                self.x = ZERO
            return
        self.entering = False
        mant = self.e_mant or "0"
        text = f"{'-' if self.e_neg else ''}{mant}E{'-' if self.e_exp_neg else ''}{self.e_exp or '0'}"
        value, err = fit(Decimal(text))
        self.x = value
        if err:
            self._error()

    def _set(self, result: tuple[Decimal, bool]) -> None:
        value, err = result
        if value and not -99 <= value.adjusted() <= 99:
            # A function left the range the registers hold (sin of 1E-99 in Deg is
            # 1.7E-101, INV D.MS of 1E-99 3.6E-100): an underflow, 1E-99 flashing, as
            # ln, e^x and 10^x underflow (ti57-notes.md).
            value, err = fit(value)
        if not err and value.adjusted() == 99 and display_overflows(value, self.fix):
            value, err = self._past_limit(value), True  # a result shown past 9.9999999 99 (ROM: Int of it)
        self.x = value
        self.after_op = False
        if err:
            self._error()

    # --- number entry -------------------------------------------------

    def _zero_entry(self) -> None:
        """The display after power-on, CLR, or CE on an entry: an open '0'."""
        self.x = ZERO
        self.entering = True
        self.e_mant, self.e_neg, self.e_exp, self.e_exp_neg, self.e_in_exp = "0", False, None, False, False

    def _digit(self, d: int) -> None:
        if not self.entering:
            self.entering = True
            self.e_mant, self.e_neg, self.e_exp, self.e_exp_neg, self.e_in_exp = "", False, None, False, False
            self.after_op = False
        mant = self.e_mant
        if self.e_in_exp:
            self.e_exp = ((self.e_exp or "00") + _DIGIT_TEXT[d])[-2:]
        elif mant == "0":
            self.e_mant = _DIGIT_TEXT[d]
        elif len(mant) < 8 or sum(c.isdigit() for c in mant) < 8:  # 8 digits at most
            self.e_mant = mant + _DIGIT_TEXT[d]

    def _point(self) -> None:
        """The decimal point; during an exponent it ends the exponent and further
        digits go back to the mantissa (ROM, issue 40: 6.6 / 8.4 = EE EE 5 . 4 keeps
        0.7857143 05, the mantissa being full)."""
        if not self.entering:
            self._digit(0)
        self.e_in_exp = False
        if "." not in self.e_mant:
            self.e_mant = (self.e_mant or "0") + "."

    def _change_sign(self) -> None:
        if self.entering:
            if self.e_in_exp:
                self.e_exp_neg = not self.e_exp_neg
            else:
                self.e_neg = not self.e_neg
        else:
            self.x = self.x.copy_negate()  # a completed zero too: RCL 1 +/- shows -0. (ROM, issue 40)

    def _ee(self, inv: bool) -> None:
        if inv:
            # INV EE ends the scientific display; a number being keyed stays open and
            # further digits go back to its mantissa (2 EE INV EE 5 = gives 25).
            self.sci = False
            self.e_in_exp = False
            return
        if not self.entering:
            # EE after a result starts an exponent on the digits as displayed (MT 2-10).
            shown = self.display
            exp, exp_neg = "00", False
            if len(shown) > 3 and shown[-3] in " -" and shown[-2:].isdigit():
                exp, exp_neg = shown[-2:], shown[-3] == "-"
                shown = shown[:-3]
            neg = shown.startswith("-")
            self.entering = True
            self.e_mant, self.e_neg = shown.lstrip("-"), neg
            self.e_exp, self.e_exp_neg = exp, exp_neg
            self.after_op = False
        elif self.e_exp is None:
            self.e_exp, self.e_exp_neg = "00", False
        self.e_in_exp = True
        self.sci = True

    # --- AOS -------------------------------------------------------------

    def _n_ops(self) -> int:
        pending = self.pending
        return len(pending) - pending.count(PAREN)

    def _apply(self, p: _Pending, x: Decimal) -> Decimal:
        a = self.regs[p.reg] if p.reg is not None else p.value
        op = p.op
        if op == 75:
            r, err = fit(add(a, x))
        elif op == 65:
            r, err = fit(sub(a, x))
        elif op == 55:
            fn.check_product(a, x)
            r, err = product(a, x)
        elif op == 45:
            r, err = divide(a, x)
        else:
            r, err = fn.power(a, x, p.inv)
            if p.reg is not None:  # the chip leaves the exponent in R6 / R5
                self.regs[p.reg] = x
        if r.adjusted() == 99 and display_overflows(r, self.fix):
            # -9.9999999999E99 + 0 flashes; an error's value too: in Fix 0, -1E100 as
            # computed, 0 lnx y^x 1 = gives 9.9999999999E99 (ROM)
            r, err = self._past_limit(r), True
        if err:
            self._error()
        return r

    def _binary(self, op: int, inv: bool) -> None:
        if self.after_op:
            self._error()  # two operations in a row: the second is refused,
            self.after_op = False  # and the next one is not (ROM: 2 + + = gives 4)
            return
        self._complete()
        x = self.x
        prec = _PRECEDENCE[op]
        pending = self.pending
        while pending and pending[-1] is not None and _PRECEDENCE[pending[-1].op] >= prec:
            p = pending.pop()
            assert p is not None
            if p.op == 35 and (op == 65 or op == 45 or inv) and self._power_error_flips(p, x):
                # An inverse key (-, /, INV y^x) completing a y^x or a root that over- or
                # underflows in e^: the error's exponent changes sign.  On an overflow
                # whose remainder (x ln y modulo ln 10) is 1 or more the key loses its
                # INV (- is kept as +, / as x, INV y^x as y^x) and only the pending
                # operations above its level are completed; otherwise it goes on as
                # usual (ROM, issue 40: 10 y^x 101 / CE 3 = gives 2.9999999999E-98,
                # 5 - 3 * 10 y^x 101 - CE 7 = gives -2; 69 INV y^x .017 / CE 3 = gives
                # 3.3333333333E-99).
                keeps = self._power_error_keeps_inverse(p, x)
                x = self._apply(p, x)
                x = x.scaleb(-2 * x.adjusted())
                if not keeps:
                    op, inv = (75 if op == 65 else 55 if op == 45 else 35), False
                    prec += 1
                continue
            x = self._apply(p, x)
        self.x = x
        n = self._n_ops()
        if n >= 4:
            self._error()  # a 5th pending operation is refused
            return
        reg = 6 if n == 2 else 5 if n == 3 else None
        if reg is not None:
            self.regs[reg] = x
        pending.append(_Pending(op, inv, x, reg))
        self.after_op = True

    def _power_error_flips(self, p: _Pending, x: Decimal) -> bool:
        return fn.power_error_flips(self.regs[p.reg] if p.reg is not None else p.value, x, p.inv)

    def _power_error_keeps_inverse(self, p: _Pending, x: Decimal) -> bool:
        return fn.power_error_keeps_inverse(self.regs[p.reg] if p.reg is not None else p.value, x, p.inv)

    def _drop_last_operation(self) -> None:
        """The operation just pressed leaves the pending list, with the parentheses
        opened after it (see _close; ROM: 2 + 3 * ( ) = gives 5, 2 + 3 ( = gives 3)."""
        pending = self.pending
        for i in range(len(pending) - 1, -1, -1):
            if pending[i] is not None:
                del pending[i:]
                break

    def _open(self) -> None:
        if self.pending.count(PAREN) >= 9:
            self._error()  # a 10th parenthesis is refused
            return
        self._complete()
        self.pending.append(PAREN)
        self.after_op = True  # an operation, ')' or '=' right after '(' is refused (ROM)

    def _close(self, all_levels: bool) -> None:
        if self.after_op:
            # '=' or ')' right after an operation or '(': an error that drops that
            # operation; the key then completes what is left, and the next operation
            # key is still refused (ROM, issue 40: 1 + 2 * = 3 = shows 3. then 3.)
            self._error()
            self._drop_last_operation()
        self._complete()
        pending = self.pending
        if not all_levels and PAREN not in pending:
            all_levels = True  # ')' with no '(' open completes everything pending (ROM)
        x = self.x
        while pending:
            p = pending.pop()
            if p is None:
                if not all_levels:
                    break
                continue
            x = self._apply(p, x)
        self.x = x

    # --- memories -------------------------------------------------------

    def _memory(self, code: int, inv: bool, n: int) -> None:
        self._complete()
        if n > 7:
            self._error()  # registers 8 and 9 do not exist (MT App. C #10)
            return
        if n in _OPERAND_REGISTERS and code != 33 and self.pending:
            self._operand_written(n, (self.x, (self.x < 0) != inv) if code == 34 else None)
        regs = self.regs
        x = self.x
        if code == 32:
            regs[n] = x
        elif code == 33:
            self.x = regs[n]
            self.after_op = False
        elif code == 38:
            regs[n], self.x = x, regs[n]
            self.after_op = False
        else:
            r = regs[n]
            if code == 34:
                value, err = fit(sub(r, x) if inv else add(r, x))
            elif inv:
                # 0 INV Prd 1 leaves 9.9999999999E99 in R1, or 1 when R1 is 0 (0 / 0; ROM)
                value, err = divide(r, x)
            else:
                fn.check_product(r, x)
                value, err = product(r, x)
            regs[n] = value
            if err:
                self._error()  # the limit stays in the memory and the display flashes

    def _operand_written(self, n: int, added: tuple[Decimal, bool] | None = None) -> None:
        """STO, SUM, Prd, Exc or Σ+ writes R5 or R6 while it holds a pending operation's
        operand (called before the write).  The chip keeps that operation's INV in the
        operand's flag digit: a STO, Exc or Prd rewrites the digit and the operation loses
        its INV (/ becomes x, - becomes +, a root y^x).  A sum (SUM, Σ+'s xy, INV for a
        subtraction; `added` is the term and whether it counts as negative) keeps the digit
        only where the chip's addition leaves it (sum_keeps_flag; ROM, issue 40:
        2 + 3 x ( 5 / 4 SUM 6 CE 2 ) = gives 56, 2 + 3 x ( 5 / 50 SUM 6 CE 2 ) = 84.5)."""
        if added is not None and sum_keeps_flag(self.regs[n], *added):
            return
        for i, p in enumerate(self.pending):
            if p is not None and p.reg == n:
                op = 55 if p.op == 45 else 75 if p.op == 65 else p.op
                self.pending[i] = _Pending(op, False, p.value, n)

    def _dsz(self) -> bool:
        """R0 toward zero by 1; becomes 0 if it would change sign.  True when R0 is 0."""
        self._complete()
        r = toward_zero(self.regs[0])
        self.regs[0] = r
        return not r

    # --- statistics ----------------------------------------------------

    def _stat_add(self, inv: bool) -> None:
        self._complete()
        y = self.x
        t = self.regs[7]
        regs = self.regs
        f = sub if inv else add
        fn.check_product(y, t)  # x t with t = 0 and x below 1E-90 hangs (ROM)
        if self.pending:  # R5 gets Σxy: it may hold the 4th pending level's operand
            xy = product(y, t)[0]
            self._operand_written(5, (xy, (xy < 0) != inv))
        err = False
        # a square or a product out of range is the limit (or 1E-99) before it is added:
        # 1 EE 60 S+ 1 EE 60 INV S+ leaves R2 = 0 (ROM, issue 40)
        for i, (v, e) in enumerate(((ONE, False), (y, False), product(y, y), (t, False), product(t, t), product(y, t))):
            regs[i], e2 = fit(f(regs[i], v))
            err = err or e or e2
        regs[7] = f(t, ONE)
        self.x = regs[0]
        self.after_op = False
        if err:
            self._error()

    def _stat_mean(self, inv: bool) -> None:
        self._complete()
        # n = 0 is a division by zero like any other: 1 if the sum is 0 too (ROM)
        self._set(divide(self.regs[3] if inv else self.regs[1], self.regs[0]))

    def _stat_variance(self, inv: bool) -> None:
        self._complete()
        n = self.regs[0]
        s, s2 = (self.regs[3], self.regs[4]) if inv else (self.regs[1], self.regs[2])
        # (sum y^2 - (sum y)^2 / n) / n, in this order (ROM, digit for digit); with
        # n = 0 both divisions are divisions by zero (0 / 0 = 1): -9.9999999 99 flashes
        square, err = product(s, s)
        if err and s.adjusted() > 0:
            # the square overflows to the limit, and the division that follows divides it by
            # sum y, not n (0 for a negative sum): ROM, sum y = 3E50, sum y^2 = 3, n = 2 gives
            # -1.6666667 49 whatever n; sums at the limit and n = -2, -4.9999999999E99
            mean_square, err2 = (divide(LIMIT, s)[0] if s > 0 else ZERO), False
        else:
            mean_square, err2 = divide(square, n)
        difference, err3 = fit(sub(s2, mean_square))  # each result brought into the range
        variance, err4 = divide(difference, n)
        self._set((variance, err or err2 or err3 or err4))

    # --- polar / rectangular -------------------------------------------

    def _polar(self, inv: bool) -> None:
        """P>R: r in t, angle in x -> y displayed, x in t.  INV: x in t, y in x -> angle, r in t."""
        self._complete()
        if not inv:
            shown, self.regs[7] = fn.polar_to_rect(self.regs[7], self.x, self.angle)
            self._set(shown)
            return
        self.regs[7], shown = fn.rect_to_polar(self.regs[7], self.x, self.angle)
        self._set(shown)

    # --- labels and flow -------------------------------------------------

    def _label(self, n: int) -> int | None:
        """The step after the first 'Lbl n' (a search from step 00), or None."""
        i = self._labels.get(n)
        return None if i is None else i + 1

    # --------------------------------------------------------------- keys

    def _keyboard(self, code: int, inv: bool, digit: int | None) -> None:
        """A key (with its digit) pressed in RUN mode, not in a program."""
        self._stop = None
        if code not in KEEPS_AFTER_OPERATION:
            self.after_op = False
        if code == 81:  # R/S: run from the pointer, unless the display flashes
            if not self.flashing:
                self.running = True
            return
        if code == 61 and not inv:
            assert digit is not None
            self._complete()
            target = self._label(digit)
            if target is None:
                self._error()  # the pointer stays where it was
            else:
                self.pc = target
                if not self.flashing:  # while flashing SBR only moves the pointer
                    self.returns = []  # a keyboard SBR forgets a pending return
                    self.running = True
            self._stop = None
            return
        if code == 51:
            assert digit is not None
            self._complete()
            target = self._label(digit)
            if target is None:
                self._error()
            else:
                self.pc = target
            self._stop = None
            return
        if code in (36, 86):  # Pause and Lbl do nothing from the keyboard
            return
        if code == 61:  # INV SBR from the keyboard only completes the number
            self._complete()
            return
        if code == 71:
            self.pc = 0
            self.returns = []
            return
        self._execute(code, inv, digit, None)
        if code in _KEY_ROUNDS_AFTER:
            self._round_new_value()
        self._stop = None

    def _execute(self, code: int, inv: bool, digit: int | None, nxt: int | None) -> int | None:
        """Run one instruction's semantics (ops.OPS).  ``nxt`` is the next step when in a
        program (None from the keyboard); returns a new step number for a jump/skip."""
        return OPS[code].semantics(self, inv, digit, nxt)

    # ------------------------------------------------------------ compile

    def _compile(self, fast: bool) -> None:
        steps = self.program.steps
        self._labels: dict[int, int] = {}
        for i, s in enumerate(steps):
            if s.code == 86 and s.digit is not None and s.digit not in self._labels:
                self._labels[s.digit] = i
        table: list[Callable[[], int]] = []
        for i, s in enumerate(steps):
            maker = OPS[s.code].fast if fast else None
            table.append(maker(self, s, i + 1) if maker else self._generic_step(s, i + 1))
        table.append(self._past_end)
        self._table = table

    def _past_end(self) -> int:
        # MT App. C #13: running past step 49 flashes the display; the pointer goes to 00.
        self.flashing = True
        self._stop = StopReason.ERROR
        return ~0

    def _generic_step(self, s: Step, nxt: int) -> Callable[[], int]:
        semantics = OPS[s.code].semantics
        code, inv, digit = s.code, s.inv, s.digit
        clears = code not in KEEPS_AFTER_OPERATION and code != 86  # a Lbl step is passed over (ROM)
        rounds = code in _STEP_ROUNDS_BEFORE or (code == 42 and inv)
        rounds_after = code in _STEP_ROUNDS_AFTER

        def step() -> int:
            if clears:
                self.after_op = False
            if rounds:
                self._round_shown_value(code, inv)
            r = semantics(self, inv, digit, nxt)
            if rounds_after:
                self._round_new_value()
            target = nxt if r is None else r
            return ~target if self._stop is not None else target

        return step


