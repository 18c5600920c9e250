"""Checking an HP-67 snapshot before ``HP67.load_state`` puts any of it in the machine.

Every field is checked for type and range against what the machine itself can hold
and what ``HP67.snapshot`` writes: numbers are decimal strings of at most 10 digits
with an exponent in -99..99 (no ``NaN``, ``Infinity``, floats or ``1e999``), the
program is a listing the HP-67 loads (at most 224 steps of its instruction set),
the run pointer is a step 001-224 (in RUN mode the top of memory, 000, is pc 1 with
``program_mode``'s pointer 0; any other pointer there means 001), the W/PRGM pointer 000-224, at
most three return addresses.  Unknown keys are refused (a snapshot is never extended
by hand); ``program_mode`` may be missing (snapshots from before W/PRGM);
``pending_keys``, the keys of a prefix left waiting after an Error, is written only
when there is one and must be the start of an instruction; ``stepping`` (true while an
SST runs the subroutine of a GSB) only while it is true.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from decimal import Decimal
from typing import Any

from machines.fields import Field
from machines.hp67.isa import PROGRAM_STEPS
from machines.hp67.listing import Program, parse_listing
from machines.hp67.ops import BY_KEYS, ENTRY, LIFT, NO_LIFT, RETURN_LEVELS

__all__ = ["CheckedState", "checked"]

_MACHINE = "HP-67"
_DIGITS = 10
_REQUIRED = ("program", "stack", "lift", "entry", "registers", "flags", "pc", "steps", "running",
             "error", "returns", "display_mode", "angle")
_OPTIONAL = ("program_mode", "pending_keys", "stepping")
# Every unfinished key sequence of an instruction: what a prefix left after an Error can be.
PREFIXES = frozenset(keys[:n] for keys in BY_KEYS for n in range(1, len(keys)))
_PREFIX_KEYS = sorted({key for keys in PREFIXES for key in keys})
_MAX_PROGRAM_TEXT = 100_000
# The mantissa being keyed: up to 10 digits with at most one point; the exponent's last two digits.
_MANTISSA = re.compile(r"(?=(?:\D*\d){0,10}\D*$)\d*\.?\d*", re.ASCII)
_EXPONENT = re.compile(r"\d{0,2}", re.ASCII)
_STEPS_LIMIT = 2**63 - 1


@dataclass(frozen=True)
class CheckedState:
    """A snapshot's fields, every one valid, as the machine keeps them."""

    program: Program
    program_text: str
    stack: tuple[Decimal, Decimal, Decimal, Decimal, Decimal]
    lift: int
    entry: tuple[str, bool, str | None, bool]
    registers: tuple[Decimal, ...]
    flags: tuple[bool, bool, bool, bool]
    pc: int
    steps: int
    running: bool
    error: bool
    returns: tuple[int, ...]
    fmt: str
    digits: int
    angle: str
    prgm: bool
    pointer: int
    pending: tuple[str, ...] = ()
    stepping: bool = False


def _number(f: Field) -> Decimal:
    return f.decimal(digits=_DIGITS, machine=_MACHINE)


@lru_cache(maxsize=8)
def _parsed(text: str) -> Program:
    """A listing read once: a game restores the same program at every undo and resume
    (a Program is immutable, so machines may share it)."""
    return parse_listing(text)


def _program(f: Field) -> tuple[Program, str]:
    text = f.str(_MAX_PROGRAM_TEXT)
    try:
        return _parsed(text), text
    except ValueError as error:  # ListingError names the line
        f.refuse(f"is not an HP-67 program: {error}")


def checked(state: Any) -> CheckedState:
    """Every field of ``state`` checked; raises ValueError naming the first bad one."""
    f = Field(state)
    f.fields(_REQUIRED, _OPTIONAL, owner="the HP-67's snapshot")
    program, program_text = _program(f["program"])
    stack = tuple(_number(v) for v in f["stack"].list(5, 5))
    lift = f["lift"].choice((LIFT, NO_LIFT, ENTRY))
    entry = f["entry"].list(4, 4)
    mantissa = entry[0].match(_MANTISSA, "a mantissa being keyed (10 digits, one point)")
    negative = entry[1].bool()
    exponent = None if entry[2].is_null else entry[2].match(_EXPONENT, "an exponent being keyed")
    exponent_negative = entry[3].bool()
    registers = tuple(_number(v) for v in f["registers"].list(26, 26))
    flags = tuple(v.bool() for v in f["flags"].list(4, 4))
    pc = f["pc"].int(1, PROGRAM_STEPS)
    steps = f["steps"].int(0, _STEPS_LIMIT)
    running = f["running"].bool()
    error = f["error"].bool()
    if running and error:
        f["running"].refuse("a program cannot run while the display shows Error")
    returns = tuple(f["returns"].ints(1, PROGRAM_STEPS, 0, RETURN_LEVELS))
    display_mode = f["display_mode"].list(2, 2)
    fmt = display_mode[0].choice(("FIX", "SCI", "ENG"))
    digits = display_mode[1].int(0, 9)
    angle = f["angle"].choice(("DEG", "RAD", "GRD"))
    prgm, pointer = False, 0
    if f.has("program_mode"):
        program_mode = f["program_mode"].list(2, 2)
        prgm = program_mode[0].bool()
        pointer = program_mode[1].int(0, PROGRAM_STEPS)
        if prgm and running:
            f["running"].refuse("a program cannot run with the switch on W/PRGM")
    pending: tuple[str, ...] = ()
    if f.has("pending_keys"):
        pending = tuple(f["pending_keys"].each(lambda k: k.choice(_PREFIX_KEYS), 1, 3))
        if pending not in PREFIXES:
            f["pending_keys"].refuse("is not the start of an HP-67 instruction")
        if error or running or prgm:
            f["pending_keys"].refuse("a prefix waits only while the keyboard is idle in RUN mode")
    stepping = False
    if f.has("stepping"):
        stepping = f["stepping"].bool()
        if stepping and not running:
            f["stepping"].refuse("an SST runs a subroutine only while the program runs")
    return CheckedState(
        program=program, program_text=program_text, stack=stack, lift=lift,  # type: ignore[arg-type]
        entry=(mantissa, negative, exponent, exponent_negative), registers=registers,
        flags=flags, pc=pc, steps=steps, running=running, error=error,  # type: ignore[arg-type]
        returns=returns, fmt=fmt, digits=digits, angle=angle, prgm=prgm, pointer=pointer,
        pending=pending, stepping=stepping,
    )
