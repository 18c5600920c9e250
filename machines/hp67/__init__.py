"""An HP-67 programmable calculator (1976), with HP-97 key codes, faithful enough for a purist.

What it does as the real machine does (HP-67 Owner's Handbook, and the microcode
checks gathered in ``shared/reference/hp67-notes.md`` and ``hp67-instruction-set.md``):

* numbers: 10-digit decimal mantissa, two-digit exponent, rounding ties away from
  zero; overflow saturates to 9.999999999 99 (a running program stops, without
  ``Error``, on the step after the one that overflowed), underflow gives 0,
  storage-arithmetic overflow is ``Error``; ``Error`` for improper operations stops
  a running program on the failing step;
* the 4-level stack with LAST X and the HP-67's own stack lift: ENTER and CLX disable
  the lift for the next step only; every other program step (tests, GTO, LBL, STO...)
  enables it; digit entry spans consecutive digit steps; keyboard digits set F3;
* 26 registers (0-9, S0-S9 through P⇄S, A-E, I), indirect ``(i)`` addressing,
  DSZ/ISZ (skip when the integer part becomes 0), GTO/GSB (i) (negative I jumps back);
* flags 0-3, F2 and F3 cleared when tested; conditionals skip one step when false;
* 224 steps, unused ones holding R/S; labels searched forward from the next step with
  wrap to 001; three return levels (a fourth GSB drops the oldest);
* the whole programmable instruction set (display formats with FIX falling back to
  SCI, trigonometry in DEG/RAD/GRD with the microcode's argument reduction,
  polar/rectangular, H.MS, statistics, N!, %...).

W/PRGM mode (``switch('W/PRGM')``): keys record steps after the pointer, the
display shows the step number and the HP-67's key codes, SST, BST, GTO .nnn and
DEL move and edit.  The card reader reads and writes program cards (listings) and
data cards (registers) as text files (``cards``); the card-reader *instructions*
(W/DATA, MERGE...) are refused as steps with a clear message.  No printer: PRTX and
PRST only end digit entry, SPC does nothing at all (as on the HP-67).

R→D and the H.MS functions follow the microcode's own digit-by-digit routines; the other
transcendental functions are correct to the last digit of the reduced argument, and the
microcode's routines differ from them in the tenth digit for a few arguments in a hundred
(``docs/fidelity/hp67.md``, which also says how the emulator is checked against the ROM).

Public API::

    m = HP67()                              # powered on: RUN mode, FIX 2, all zero
    m.load(parse_listing(text))             # key a program in
    m.press('DSP 1'); m.press('E')          # keys by label or listing mnemonic
    m.run(max_steps=None) -> StopReason     # until R/S, RTN, Error, overflow, PSE or budget
    m.display, m.x, m.register('B'), m.flags, m.pc, m.steps
    m.switch('W/PRGM'); m.press('*LBL A'); m.press('SST'); m.press('DEL'); m.switch('RUN')
    m.write_program_card(path); m.read_program_card(path)   # ListingError names the line
    m.write_data_card(path); m.read_data_card(path)
    state = m.snapshot(); HP67.restore(state)   # JSON-able
"""

from __future__ import annotations

from machines.hp67.isa import Instruction
from machines.hp67.listing import PROGRAM_STEPS, ListingError, Program, Step, parse_listing
from machines.hp67.machine import HP67, HP67View
from machines.hp67.numbers import MachineError
from machines.hp67.ops import INSTRUCTIONS, StopReason, lookup

__all__ = [
    "HP67",
    "HP67View",
    "INSTRUCTIONS",
    "Instruction",
    "ListingError",
    "MachineError",
    "PROGRAM_STEPS",
    "Program",
    "Step",
    "StopReason",
    "lookup",
    "parse_listing",
]
