"""Reading a TI-57 listing as printed: one step a line, number, key code, mnemonic.

``04  86 1  2nd Lbl 1``, ``15  -34 5  Inv SUM 5``, ``46  19  2nd C.t``, ``10  01  1``.
The loader decodes the key code and checks that the printed mnemonic names the same
instruction, so a misprint is caught with its line number instead of being run.
Lines starting with '#' and blank lines are comments (attribution, corrections).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from machines.ti57.keys import INSTRUCTIONS, NO_DIGIT_WITH_INV, Step

__all__ = ["ListingError", "Program", "parse_listing", "PROGRAM_STEPS"]

PROGRAM_STEPS = 50


class ListingError(ValueError):
    """A listing line that cannot be loaded; names the line and the problem."""

    def __init__(self, line_no: int, line: str, problem: str) -> None:
        super().__init__(f"line {line_no}: {problem}: {line.strip()!r}")
        self.line_no = line_no
        self.line = line
        self.problem = problem


@dataclass(frozen=True)
class Program:
    """50 steps (unlisted steps are code 00, as after power-on) and the comment lines."""

    steps: tuple[Step, ...]
    comments: tuple[str, ...] = ()

    def listing(self) -> str:
        return "\n".join(f"{i:02d}  {s.code_text:<6} {s.mnemonic}" for i, s in enumerate(self.steps))


# ASCII only: a superscript or Arabic-Indic digit is not a TI-57 digit (it is refused with its line).
_LINE = re.compile(r"^\s*(\d{1,2})\s+(-?\d{2})(?:\s+(.*?))?\s*$", re.ASCII)
_DIGIT_AND_REST = re.compile(r"(\d)\s+(.*)$", re.ASCII)
_DIGITS = "0123456789"


def _normalise(text: str) -> list[str]:
    """Tokens of a printed mnemonic, case-folded, with '2nd' dropped."""
    text = text.replace("\u2212", "-").strip()
    tokens = text.split()
    out: list[str] = []
    for tok in tokens:
        low = tok.lower()
        if low == "2nd":
            continue
        out.append(low)
    return out


_NAMES: dict[str, int] = {}
for _ins in INSTRUCTIONS.values():
    for _name in (_ins.mnemonic, _ins.legend, *_ins.aliases):
        _NAMES[_name.lower().replace(" ", "")] = _ins.code


def _check_mnemonic(step: Step, mnemonic: str) -> str | None:
    """None when the printed mnemonic names ``step``, else the problem."""
    tokens = _normalise(mnemonic)
    inv = False
    if tokens and tokens[0] == "inv":
        inv, tokens = True, tokens[1:]
    elif len(tokens) > 1 and tokens[1] == "inv":  # '2nd Inv Prd 5' with 2nd already dropped
        inv, tokens = True, tokens[:1] + tokens[2:]
    digit: int | None = None
    if INSTRUCTIONS[step.code].takes_digit and not (step.inv and step.code in NO_DIGIT_WITH_INV):
        if not tokens or len(tokens[-1]) != 1 or tokens[-1] not in _DIGITS:
            return "the mnemonic lacks the step's digit"
        digit = int(tokens[-1])
        tokens = tokens[:-1]
    name = "".join(tokens)
    code = _NAMES.get(name)
    if code is None:
        return f"unknown mnemonic {mnemonic.strip()!r}"
    if code != step.code or inv != step.inv or digit != step.digit:
        return f"key code {step.code_text} is {step.mnemonic}, but the mnemonic says {mnemonic.strip()!r}"
    return None


def parse_listing(text: str) -> Program:
    """Parse a listing; raise ListingError naming the first bad line."""
    steps: list[Step | None] = [None] * PROGRAM_STEPS
    comments: list[str] = []
    # Lines are counted at each "\n" (as an editor numbers them), not at every character
    # str.splitlines takes for a line break (form feed, U+2028...).
    for line_no, line in enumerate(text.split("\n"), start=1):
        stripped = line.strip()
        if not stripped:
            continue
        if stripped.startswith("#"):
            comments.append(stripped.lstrip("#").strip())
            continue
        m = _LINE.match(line)
        if not m:
            raise ListingError(line_no, line, "expected 'step  code [digit]  mnemonic'")
        number, code_text, rest = int(m.group(1)), m.group(2), (m.group(3) or "")
        if number >= PROGRAM_STEPS:
            raise ListingError(line_no, line, f"step {number} is past 49")
        if steps[number] is not None:
            raise ListingError(line_no, line, f"step {number:02d} is listed twice")
        inv = code_text.startswith("-")
        code = int(code_text.lstrip("-"))
        ins = INSTRUCTIONS.get(code)
        if ins is None:
            raise ListingError(line_no, line, f"no instruction has key code {code:02d}")
        if inv and code < 10:
            raise ListingError(line_no, line, "INV is not stored before a digit")
        digit: int | None = None
        if ins.takes_digit and not (inv and code in NO_DIGIT_WITH_INV):
            dm = _DIGIT_AND_REST.match(rest)
            if not dm:
                raise ListingError(line_no, line, f"key code {code_text} needs its digit")
            digit, rest = int(dm.group(1)), dm.group(2)
        if not rest:
            raise ListingError(line_no, line, "the mnemonic is missing")
        step = Step(code, inv, digit)
        problem = _check_mnemonic(step, rest)
        if problem:
            raise ListingError(line_no, line, problem)
        steps[number] = step
    return Program(tuple(s if s is not None else Step(0) for s in steps), tuple(comments))
