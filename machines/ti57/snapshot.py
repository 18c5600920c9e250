"""Checking a TI-57 snapshot before ``TI57.restore`` builds a machine from it.

Every field is checked for type and range against what the machine itself can hold
and what ``TI57.snapshot`` writes: numbers are decimal strings of at most 11 digits
with an exponent in -99..99 (no ``NaN``, ``Infinity``, floats or ``1E999``); the
program is 50 steps, each a key code the TI-57 stores, with its digit exactly when
the code takes one (INV never before a digit, GTO or Lbl); the pointer is 00-50 (50:
stopped by R/S on step 49); at most two return addresses 01-50; the AOS stack holds
at most four operations and nine parentheses, levels 3 and 4 in R6 and R5 as the chip
keeps them.  Unknown keys are refused (a snapshot is never extended by hand);
``learning`` may be missing (snapshots from before LRN mode).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from machines import snapcheck as sc
from machines.ti57.keys import INSTRUCTIONS, NO_DIGIT_WITH_INV, Step
from machines.ti57.listing import PROGRAM_STEPS

__all__ = ["CheckedState", "checked"]

_MACHINE = "TI-57"
_DIGITS = 11
_REQUIRED = ("x", "regs", "entry", "fix", "sci", "angle", "pending", "after_op", "flashing", "pc",
             "returns", "running", "steps", "keyboard", "program")
_OPTIONAL = ("learning",)
_INV_DROPPED = frozenset({51, 86})  # the ROM stores no INV before GTO and Lbl (nor a digit)
_OPERATIONS = (75, 65, 55, 45, 35)
_MANTISSA = re.compile(r"(?:\d{1,10}(?:\.\d{0,10})?)?", re.ASCII)
_MANTISSA_DIGITS = 10
_EXPONENT = re.compile(r"\d{1,2}", re.ASCII)
_GTO_DIGITS = re.compile(r"\d?", re.ASCII)
_AWAITING = tuple(sorted(code for code, ins in INSTRUCTIONS.items() if ins.takes_digit))
_STEPS_LIMIT = 2**63 - 1


@dataclass(frozen=True)
class CheckedState:
    """A snapshot's fields, every one valid, as the machine keeps them."""

    program: tuple[Step, ...]
    x: Decimal
    regs: tuple[Decimal, ...]
    entry: tuple[bool, str, bool, str | None, bool, bool]
    fix: int | None
    sci: bool
    angle: str
    pending: tuple[tuple[int, bool, Decimal, int | None] | None, ...]
    after_op: bool
    flashing: bool
    pc: int
    returns: tuple[int, ...]
    running: bool
    steps: int
    keyboard: tuple[bool, bool, int | None, bool, str | None]
    learning: bool


def _number(value: Any, path: str) -> Decimal:
    return sc.number(value, path, digits=_DIGITS, machine=_MACHINE)


def _step(value: Any, path: str) -> Step:
    """One program step as ``Step.to_json`` writes it: [code (-code-100 with INV), digit]."""
    pair = sc.items(value, path, 2)
    raw = pair[0]
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise sc.refuse(f"{path}[0]", f"{sc.described(raw)} is not a key code (an integer)")
    inv = raw < 0
    code = -raw - 100 if inv else raw
    if code not in INSTRUCTIONS:
        raise sc.refuse(f"{path}[0]", f"{raw} is not a key code the TI-57 stores")
    if inv and (code < 10 or code in _INV_DROPPED):
        raise sc.refuse(f"{path}[0]", f"the TI-57 stores no INV before {INSTRUCTIONS[code].mnemonic}")
    wants_digit = INSTRUCTIONS[code].takes_digit and not (inv and code in NO_DIGIT_WITH_INV)
    if wants_digit:
        digit: int | None = sc.integer(pair[1], f"{path}[1]", 0, 9)
    elif pair[1] is not None:
        raise sc.refuse(f"{path}[1]", f"{INSTRUCTIONS[code].mnemonic} takes no digit")
    else:
        digit = None
    return Step(code, inv, digit)


def _pending(value: Any) -> tuple[tuple[int, bool, Decimal, int | None] | None, ...]:
    entries = sc.items(value, "pending", 0, 13)
    out: list[tuple[int, bool, Decimal, int | None] | None] = []
    operations = parentheses = 0
    for i, entry in enumerate(entries):
        path = f"pending[{i}]"
        if entry is None:
            parentheses += 1
            if parentheses > 9:
                raise sc.refuse(path, "the TI-57 holds at most nine open parentheses")
            out.append(None)
            continue
        fields = sc.items(entry, path, 4)
        op = sc.choice(fields[0], f"{path}[0]", _OPERATIONS)
        inv = sc.boolean(fields[1], f"{path}[1]")
        operand = _number(fields[2], f"{path}[2]")
        if operations >= 4:
            raise sc.refuse(path, "the TI-57 holds at most four pending operations")
        # the third and fourth pending operations keep their operand in R6 and R5 (chip)
        reg = sc.choice(fields[3], f"{path}[3]", ((None,), (None,), (6,), (5,))[operations])
        operations += 1
        out.append((op, inv, operand, reg))
    return tuple(out)


def _entry(value: Any) -> tuple[bool, str, bool, str | None, bool, bool]:
    entry = sc.items(value, "entry", 6)
    entering = sc.boolean(entry[0], "entry[0]")
    mantissa = sc.text(entry[1], "entry[1]", _MANTISSA, "a mantissa being keyed")
    if sum(c.isdigit() for c in mantissa) > _MANTISSA_DIGITS:
        raise sc.refuse("entry[1]", f"{sc.described(mantissa)} has too many digits")
    negative = sc.boolean(entry[2], "entry[2]")
    exponent = None if entry[3] is None else sc.text(entry[3], "entry[3]", _EXPONENT, "a two-digit exponent")
    exponent_negative = sc.boolean(entry[4], "entry[4]")
    in_exponent = sc.boolean(entry[5], "entry[5]")
    return entering, mantissa, negative, exponent, exponent_negative, in_exponent


def _keyboard(value: Any) -> tuple[bool, bool, int | None, bool, str | None]:
    keyboard = sc.items(value, "keyboard", 5)
    second = sc.boolean(keyboard[0], "keyboard[0]")
    inv = sc.boolean(keyboard[1], "keyboard[1]")
    awaiting = None if keyboard[2] is None else sc.choice(keyboard[2], "keyboard[2]", _AWAITING)
    await_inv = sc.boolean(keyboard[3], "keyboard[3]")
    gto = None if keyboard[4] is None else sc.text(keyboard[4], "keyboard[4]", _GTO_DIGITS,
                                                   "the first digit of GTO 2nd nn")
    if awaiting is not None and gto is not None:
        raise sc.refuse("keyboard[4]", "GTO 2nd nn cannot be keyed while a key waits for its digit")
    return second, inv, awaiting, await_inv, gto


def checked(state: Any) -> CheckedState:
    """Every field of ``state`` checked; raises ValueError naming the first bad one."""
    sc.fields(state, "", _REQUIRED, _OPTIONAL, machine=_MACHINE)
    program = tuple(_step(s, f"program[{i}]")
                    for i, s in enumerate(sc.items(state["program"], "program", PROGRAM_STEPS)))
    x = _number(state["x"], "x")
    regs = tuple(_number(r, f"regs[{i}]") for i, r in enumerate(sc.items(state["regs"], "regs", 8)))
    entry = _entry(state["entry"])
    fix = None if state["fix"] is None else sc.integer(state["fix"], "fix", 0, 8)
    sci = sc.boolean(state["sci"], "sci")
    angle = sc.choice(state["angle"], "angle", ("deg", "rad", "grad"))
    pending = _pending(state["pending"])
    after_op = sc.boolean(state["after_op"], "after_op")
    flashing = sc.boolean(state["flashing"], "flashing")
    pc = sc.integer(state["pc"], "pc", 0, PROGRAM_STEPS)
    returns = tuple(sc.integer(r, f"returns[{i}]", 1, PROGRAM_STEPS)
                    for i, r in enumerate(sc.items(state["returns"], "returns", 0, 2)))
    running = sc.boolean(state["running"], "running")
    steps = sc.integer(state["steps"], "steps", 0, _STEPS_LIMIT)
    keyboard = _keyboard(state["keyboard"])
    learning = sc.boolean(state["learning"], "learning") if "learning" in state else False
    if running and learning:
        raise sc.refuse("running", "a program cannot run in LRN mode")
    if learning and pc >= PROGRAM_STEPS:
        raise sc.refuse("pc", f"LRN mode shows steps 00-{PROGRAM_STEPS - 1}, not {pc}")
    return CheckedState(
        program=program, x=x, regs=regs, entry=entry, fix=fix, sci=sci, angle=angle,  # type: ignore[arg-type]
        pending=pending, after_op=after_op, flashing=flashing, pc=pc, returns=returns, running=running,
        steps=steps, keyboard=keyboard, learning=learning,  # type: ignore[arg-type]
    )
