"""Checking an HP-67 snapshot before ``HP67.load_state`` puts any of it in the machine.

Every field is checked for type and range against what the machine itself can hold
and what ``HP67.snapshot`` writes: numbers are decimal strings of at most 10 digits
with an exponent in -99..99 (no ``NaN``, ``Infinity``, floats or ``1e999``), the
program is a listing the HP-67 loads (at most 224 steps of its instruction set),
the run pointer is a step 001-224 (the machine never stands on step 000 in RUN
mode: ``GTO .000`` and the switch both go to 001), the W/PRGM pointer 000-224, at
most three return addresses.  Unknown keys are refused (a snapshot is never extended
by hand); ``program_mode`` may be missing (snapshots from before W/PRGM).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from decimal import Decimal
from typing import Any

from machines import snapcheck as sc
from machines.hp67.isa import PROGRAM_STEPS
from machines.hp67.listing import Program, parse_listing
from machines.hp67.ops import ENTRY, LIFT, NO_LIFT, RETURN_LEVELS

__all__ = ["CheckedState", "checked"]

_MACHINE = "HP-67"
_DIGITS = 10
_REQUIRED = ("program", "stack", "lift", "entry", "registers", "flags", "pc", "steps", "running",
             "error", "returns", "display_mode", "angle")
_OPTIONAL = ("program_mode",)
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


def _number(value: Any, path: str) -> Decimal:
    return sc.number(value, path, digits=_DIGITS, machine=_MACHINE)


@lru_cache(maxsize=8)
def _parsed(text: str) -> Program:
    """A listing read once: a game restores the same program at every undo and resume
    (a Program is immutable, so machines may share it)."""
    return parse_listing(text)


def _program(value: Any) -> tuple[Program, str]:
    if not isinstance(value, str):
        raise sc.refuse("program", f"{sc.described(value)} is not a listing (a string)")
    if len(value) > _MAX_PROGRAM_TEXT:
        raise sc.refuse("program", f"a text of {len(value)} characters is not an HP-67 listing")
    try:
        program = _parsed(value)
    except ValueError as error:  # ListingError names the line
        raise sc.refuse("program", f"not an HP-67 program: {error}") from None
    return program, value


def checked(state: Any) -> CheckedState:
    """Every field of ``state`` checked; raises ValueError naming the first bad one."""
    sc.fields(state, "", _REQUIRED, _OPTIONAL, machine=_MACHINE)
    program, program_text = _program(state["program"])
    stack = sc.items(state["stack"], "stack", 5)
    numbers = tuple(_number(v, f"stack[{i}]") for i, v in enumerate(stack))
    lift = sc.choice(state["lift"], "lift", (LIFT, NO_LIFT, ENTRY))
    entry = sc.items(state["entry"], "entry", 4)
    mantissa = sc.text(entry[0], "entry[0]", _MANTISSA, "a mantissa being keyed (10 digits, one point)")
    negative = sc.boolean(entry[1], "entry[1]")
    exponent = None if entry[2] is None else sc.text(entry[2], "entry[2]", _EXPONENT, "an exponent being keyed")
    exponent_negative = sc.boolean(entry[3], "entry[3]")
    registers = sc.items(state["registers"], "registers", 26)
    regs = tuple(_number(v, f"registers[{i}]") for i, v in enumerate(registers))
    flags = sc.items(state["flags"], "flags", 4)
    flag_values = tuple(sc.boolean(v, f"flags[{i}]") for i, v in enumerate(flags))
    pc = sc.integer(state["pc"], "pc", 1, PROGRAM_STEPS)
    steps = sc.integer(state["steps"], "steps", 0, _STEPS_LIMIT)
    running = sc.boolean(state["running"], "running")
    error = sc.boolean(state["error"], "error")
    if running and error:
        raise sc.refuse("running", "a program cannot run while the display shows Error")
    returns = sc.items(state["returns"], "returns", 0, RETURN_LEVELS)
    return_steps = tuple(sc.integer(v, f"returns[{i}]", 1, PROGRAM_STEPS) for i, v in enumerate(returns))
    display_mode = sc.items(state["display_mode"], "display_mode", 2)
    fmt = sc.choice(display_mode[0], "display_mode[0]", ("FIX", "SCI", "ENG"))
    digits = sc.integer(display_mode[1], "display_mode[1]", 0, 9)
    angle = sc.choice(state["angle"], "angle", ("DEG", "RAD", "GRD"))
    prgm, pointer = False, 0
    if "program_mode" in state:
        program_mode = sc.items(state["program_mode"], "program_mode", 2)
        prgm = sc.boolean(program_mode[0], "program_mode[0]")
        pointer = sc.integer(program_mode[1], "program_mode[1]", 0, PROGRAM_STEPS)
        if prgm and running:
            raise sc.refuse("running", "a program cannot run with the switch on W/PRGM")
    return CheckedState(
        program=program, program_text=program_text, stack=numbers, lift=lift,  # type: ignore[arg-type]
        entry=(mantissa, negative, exponent, exponent_negative), registers=regs,
        flags=flag_values, pc=pc, steps=steps, running=running, error=error,  # type: ignore[arg-type]
        returns=return_steps, fmt=fmt, digits=digits, angle=angle, prgm=prgm, pointer=pointer,
    )
