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
from functools import lru_cache
from decimal import Decimal
from typing import Any

from machines.fields import Field
from machines.ti57.keys import INSTRUCTIONS, NO_DIGIT_WITH_INV, Step
from machines.ti57.listing import PROGRAM_STEPS

__all__ = ["CheckedState", "checked"]

_MACHINE = "TI-57"
_DIGITS = 11
_REQUIRED = ("x", "regs", "entry", "fix", "sci", "angle", "pending", "after_op", "flashing", "pc",
             "returns", "running", "steps", "keyboard", "program")
_OPTIONAL = ("learning", "hung")
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
    hung: bool = False


def _number(f: Field) -> Decimal:
    return f.decimal(digits=_DIGITS, machine=_MACHINE)


def _step(f: Field) -> Step:
    """One program step as ``Step.to_json`` writes it: [code (-code-100 with INV), digit]."""
    code_f, digit_f = f.list(2, 2)
    raw = code_f.int()
    inv = raw < 0
    code = -raw - 100 if inv else raw
    if code not in INSTRUCTIONS:
        code_f.fail("is not a key code the TI-57 stores")
    if inv and (code < 10 or code in _INV_DROPPED):
        code_f.refuse(f"the TI-57 stores no INV before {INSTRUCTIONS[code].mnemonic}")
    if INSTRUCTIONS[code].takes_digit and not (inv and code in NO_DIGIT_WITH_INV):
        return Step(code, inv, digit_f.int(0, 9))
    if not digit_f.is_null:
        digit_f.refuse(f"{INSTRUCTIONS[code].mnemonic} takes no digit")
    return Step(code, inv, None)


@lru_cache(maxsize=1)
def _stored_steps() -> dict[tuple[int, int | None], Step]:
    """Every step the TI-57 stores, by its JSON pair: ``_step`` asked once of each (a game
    restores its 50 steps at every undo and resume; looking them up here is quicker)."""
    table = {}
    for code in INSTRUCTIONS:
        for raw in (code, -code - 100):
            for digit in (None, *range(10)):
                try:
                    table[raw, digit] = _step(Field([raw, digit]))
                except ValueError:
                    pass
    return table


def _program(f: Field) -> tuple[Step, ...]:
    stored, program = _stored_steps(), []
    for step in f.list(PROGRAM_STEPS, PROGRAM_STEPS):
        pair = step.value
        plain = type(pair) is list and len(pair) == 2 and type(pair[0]) is int and type(pair[1]) in (int, type(None))
        known = stored.get((pair[0], pair[1])) if plain else None  # (not True for 1: the types are checked)
        program.append(_step(step) if known is None else known)  # not in the table: _step says why
    return tuple(program)


def _pending(f: Field) -> tuple[tuple[int, bool, Decimal, int | None] | None, ...]:
    out: list[tuple[int, bool, Decimal, int | None] | None] = []
    operations = parentheses = 0
    for entry in f.list(0, 13):
        if entry.is_null:
            parentheses += 1
            if parentheses > 9:
                entry.refuse("the TI-57 holds at most nine open parentheses")
            out.append(None)
            continue
        op_f, inv_f, operand_f, reg_f = entry.list(4, 4)
        op = op_f.choice(_OPERATIONS)
        inv = inv_f.bool()
        operand = _number(operand_f)
        if operations >= 4:
            entry.refuse("the TI-57 holds at most four pending operations")
        # the third and fourth pending operations keep their operand in R6 and R5 (chip)
        reg = reg_f.choice(((None,), (None,), (6,), (5,))[operations])
        operations += 1
        out.append((op, inv, operand, reg))
    return tuple(out)


def _entry(f: Field) -> tuple[bool, str, bool, str | None, bool, bool]:
    entering_f, mantissa_f, negative_f, exponent_f, exponent_negative_f, in_exponent_f = f.list(6, 6)
    entering = entering_f.bool()
    mantissa = mantissa_f.match(_MANTISSA, "a mantissa being keyed")
    if sum(c.isdigit() for c in mantissa) > _MANTISSA_DIGITS:
        mantissa_f.fail("has too many digits")
    negative = negative_f.bool()
    exponent = None if exponent_f.is_null else exponent_f.match(_EXPONENT, "a two-digit exponent")
    return entering, mantissa, negative, exponent, exponent_negative_f.bool(), in_exponent_f.bool()


def _keyboard(f: Field) -> tuple[bool, bool, int | None, bool, str | None]:
    second_f, inv_f, awaiting_f, await_inv_f, gto_f = f.list(5, 5)
    second, inv = second_f.bool(), inv_f.bool()
    awaiting = None if awaiting_f.is_null else awaiting_f.choice(_AWAITING)
    await_inv = await_inv_f.bool()
    gto = None if gto_f.is_null else gto_f.match(_GTO_DIGITS, "the first digit of GTO 2nd nn")
    if awaiting is not None and gto is not None:
        gto_f.refuse("GTO 2nd nn cannot be keyed while a key waits for its digit")
    return second, inv, awaiting, await_inv, gto


def checked(state: Any) -> CheckedState:
    """Every field of ``state`` checked; raises ValueError naming the first bad one."""
    f = Field(state)
    f.fields(_REQUIRED, _OPTIONAL, owner="the TI-57's snapshot")
    program = _program(f["program"])
    x = _number(f["x"])
    regs = tuple(f["regs"].each(_number, 8, 8))
    entry = _entry(f["entry"])
    fix = f["fix"].optional_int(0, 8)
    sci = f["sci"].bool()
    angle = f["angle"].choice(("deg", "rad", "grad"))
    pending = _pending(f["pending"])
    after_op = f["after_op"].bool()
    flashing = f["flashing"].bool()
    pc = f["pc"].int(0, PROGRAM_STEPS)
    returns = tuple(f["returns"].ints(1, PROGRAM_STEPS, 0, 2))
    running = f["running"].bool()
    steps = f["steps"].int(0, _STEPS_LIMIT)
    keyboard = _keyboard(f["keyboard"])
    learning = f["learning"].bool() if f.has("learning") else False
    hung = f["hung"].bool() if f.has("hung") else False
    if running and learning:
        f["running"].refuse("a program cannot run in LRN mode")
    if learning and pc >= PROGRAM_STEPS:
        f["pc"].refuse(f"LRN mode shows steps 00-{PROGRAM_STEPS - 1}, not {pc}")
    return CheckedState(
        program=program, x=x, regs=regs, entry=entry, fix=fix, sci=sci, angle=angle,  # type: ignore[arg-type]
        pending=pending, after_op=after_op, flashing=flashing, pc=pc, returns=returns, running=running,
        steps=steps, keyboard=keyboard, learning=learning, hung=hung,  # type: ignore[arg-type]
    )
