"""The HP-67's notation: key codes, mnemonic spellings, registers and labels.

The instruction table itself, one row per instruction with its semantics, is
``machines.hp67.ops``.  Each instruction has one canonical mnemonic (spelled as
the Othello seed or the HP-97 printer spells it), its merged HP-97 key code (the
code decides what a step does; a listing's mnemonic is only checked against it),
the HP-67 keystrokes that enter it (used when a key sequence is cut short after
``Error``), and the spellings a listing or ``press`` may use.

Operands: registers are numbered as the machine does for ``(i)``: 0-9 primary,
10-19 secondary S0-S9, 20-24 A-E, 25 I.
"""

from __future__ import annotations

import re
from functools import lru_cache
from dataclasses import dataclass, field
from typing import Any, Callable

PROGRAM_STEPS = 224

REGISTER_NAMES: tuple[str, ...] = (
    tuple(str(n) for n in range(10)) + tuple(f"S{n}" for n in range(10)) + tuple("ABCDE") + ("I",)
)
REGISTER_INDEX: dict[str, int] = {name: i for i, name in enumerate(REGISTER_NAMES)}
LABELS: tuple[str, ...] = tuple(str(n) for n in range(10)) + tuple("ABCDE") + tuple("abcde")

# Names of card-reader instructions: the emulator has no card reader and refuses them.
CARD_READER = ("W/DATA", "WDATA", "WDTA", "MERGE", "MRG", "W/PRGM", "WPRGM", "RDATA")


@dataclass(frozen=True, slots=True)
class Instruction:
    """One programmable instruction."""

    mnemonic: str
    code: tuple[int, ...]
    op: str  # the family, which names the semantics (see ops.py)
    arg: str | int | None = None
    keys: tuple[str, ...] = ()
    # ops.py: (machine, instruction, step, next, after next) -> the step's closure
    semantics: Callable[..., Any] | None = field(default=None, compare=False, repr=False)

    @property
    def code_text(self) -> str:
        return format_code(self.code)


def format_code(code: tuple[int, ...]) -> str:
    """``(35, -45, 45)`` -> ``'35-45 45'``, as the HP-97 prints it."""
    parts = []
    for i, n in enumerate(code):
        text = f"-{-n:02d}" if n < 0 else f"{n:02d}"
        parts.append(text if (i == 0 or n < 0) else " " + text)
    return "".join(parts)


_CODE_TOKEN = re.compile(r"-?\d{2}(?:-\d{2})*", re.ASCII)


def parse_code(text: str) -> tuple[int, ...]:
    """``'35-45 45'`` -> ``(35, -45, 45)``; raises ValueError if it is not a key code."""
    tokens = text.split()
    if not tokens or not all(_CODE_TOKEN.fullmatch(t) for t in tokens):
        raise ValueError(f"not a key code: {text!r}")
    return tuple(int(n) for n in re.findall(r"-?\d{2}", "".join(tokens), re.ASCII))


_SYMBOLS = (
    ("×", "*"), ("÷", "/"), ("≠", "#"), ("!=", "#"), ("≤", "<="), ("⇄", "<>"), ("↔", "<>"),
    ("<->", "<>"), ("⇆", "<>"), ("↓", "DN"), ("↑", "UP"), ("ˣ", "^X"), ("²", "^2"), ("√", "SQRT"),
    ("⁻¹", "-1"), ("→", "->"), ("Σ", "SIGMA"), ("X\u0304", "XBAR"), ("π", "PI"), ("−", "-"),
)
_LABELLED = re.compile(r"(?i:(LBL|GTO|GSB))\s*([A-Ea-e])")


@lru_cache(maxsize=4096)
def spelling_key(text: str) -> str:
    """A mnemonic reduced to a comparison key: case, spaces and symbol variants folded.

    The case of a label letter is kept (``LBL A`` and ``LBL a`` are different labels).
    """
    t = " ".join(text.split())
    if len(t) > 1 and t.startswith("*"):  # the printer's mark of a label step, *LBL A; '*' alone is x
        t = t[1:].lstrip()
    m = _LABELLED.fullmatch(t)
    if m:
        return m.group(1).upper() + m.group(2)
    u = t.upper()
    for old, new in _SYMBOLS:
        u = u.replace(old, new)
    u = u.replace(" ", "")
    if u == "X":
        return "*"
    if u.startswith("STX") or u.startswith("STO*"):
        u = "ST*" + u.removeprefix("STX").removeprefix("STO*")
    if u.startswith("STO") and u[3:4] in ("+", "-", "/"):
        u = "ST" + u[3:]
    return u




_STORAGE_ARITHMETIC_ON_LETTER = re.compile(r"ST([-+*/])([A-E])")
_OPERATOR_KEY = {"+": "+", "-": "-", "*": "×", "/": "÷"}


def storage_arithmetic_on_letter(mnemonic: str) -> tuple[str, str, str] | None:
    """``'ST+ A'`` -> ``('STO', '+', 'A')``: the keys of storage arithmetic on A-E, which
    the HP-67 does not have (only 0-9 and (i)); None for any other mnemonic."""
    m = _STORAGE_ARITHMETIC_ON_LETTER.fullmatch(spelling_key(mnemonic))
    if m is None or not mnemonic.rstrip().endswith(m.group(2)):
        return None
    return ("STO", _OPERATOR_KEY[m.group(1)], m.group(2))


_CARD_READER_KEYS = frozenset(spelling_key(n) for n in CARD_READER)


def is_card_reader(mnemonic: str) -> bool:
    return spelling_key(mnemonic) in _CARD_READER_KEYS


# -- the HP-67's own key codes (what its display shows in W/PRGM) ---------------------------
# Row and column of each key on the HP-67 keyboard: A-E; Σ+ GTO DSP (i) SST; f g STO RCL h;
# ENTER CHS EEX CLX; - 7 8 9; + 4 5 6; × 1 2 3; ÷ 0 . R/S.  A digit key shows its digit
# (01 for 1) when it is a digit or an operand, its row and column when a prefix f, g or h
# makes it a function (h 7 is x⇄y, 35 52).
_KEY_POSITION: dict[str, int] = {
    "A": 11, "B": 12, "C": 13, "D": 14, "E": 15,
    "Σ+": 21, "GTO": 22, "DSP": 23, "(i)": 24, "SST": 25,
    "f": 31, "g": 32, "STO": 33, "RCL": 34, "h": 35,
    "ENTER": 41, "CHS": 42, "EEX": 43, "CLX": 44,
    "-": 51, "7": 52, "8": 53, "9": 54,
    "+": 61, "4": 62, "5": 63, "6": 64,
    "×": 71, "1": 72, "2": 73, "3": 74,
    "÷": 81, "0": 82, ".": 83, "R/S": 84,
}
_PREFIXES = ("f", "g", "h")


def hp67_key_codes(keys: tuple[str, ...]) -> tuple[int, ...]:
    """The HP-67 key codes of a keystroke sequence: ``('h', '7')`` -> ``(35, 52)``."""
    codes = []
    for i, key in enumerate(keys):
        if key.isdigit() and not (i and keys[i - 1] in _PREFIXES):
            codes.append(int(key))
        else:
            codes.append(_KEY_POSITION[key])
    return tuple(codes)
