"""Listings: one program step per line, mnemonic then HP-97 key code, ``#`` comments.

    # the Othello program, step 1
    001  *LBL A    21 11
         ST- (i)   35-45 45     # a step number (three digits) is optional

The key code decides the instruction; the mnemonic must be one of its spellings
(``x`` ``×`` ``STx 0`` ``X#0?`` ``Y^X`` ...), so a typo in either is caught.
A bad line raises ``ListingError`` naming the line and the problem.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from machines.hp67.isa import (
    PROGRAM_STEPS,
    Instruction,
    format_code,
    is_card_reader,
    parse_code,
    storage_arithmetic_on_letter,
)
from machines.hp67.ops import BY_CODE, lookup

__all__ = ["PROGRAM_STEPS", "ListingError", "Program", "Step", "parse_listing"]

_COMMENT = re.compile(r"(^|\s)#.*$")
# ASCII digits only: an Arabic-Indic or fullwidth digit is refused with its line, not read as one.
_CODE_TOKEN = re.compile(r"-?\d{2}(?:-\d{2})*", re.ASCII)
_STEP_NUMBER = re.compile(r"\d{3}", re.ASCII)


class ListingError(ValueError):
    """A listing line that cannot be loaded; ``line`` is its 1-based number in the text."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line
        self.problem = message


@dataclass(frozen=True, slots=True)
class Step:
    number: int  # 1..224
    instruction: Instruction
    written: str  # the mnemonic as the listing spells it
    line: int  # where it came from in the text


@dataclass(frozen=True)
class Program:
    """A parsed program: steps 1..len(steps); the rest of memory holds R/S."""

    steps: tuple[Step, ...]

    def __len__(self) -> int:
        return len(self.steps)

    def listing(self) -> list[tuple[int, str, str]]:
        """(step number, canonical mnemonic, key code) for every step."""
        return [(s.number, s.instruction.mnemonic, s.instruction.code_text) for s in self.steps]

    def text(self) -> str:
        """The program as a listing that ``parse_listing`` reads back."""
        return "\n".join(f"{n:03d}  {m:<10} {c}" for n, m, c in self.listing()) + "\n"


def parse_listing(text: str) -> Program:
    """Parse a listing; raises ``ListingError`` (with the line number) on the first bad line."""
    steps: list[Step] = []
    # Lines are counted at each "\n" (as an editor numbers them), not at every character
    # str.splitlines takes for a line break (form feed, U+2028...).
    for line_number, raw in enumerate(text.split("\n"), start=1):
        line = _COMMENT.sub("", raw).strip()
        if not line:
            continue
        tokens = line.split()
        if len(tokens) > 1 and _STEP_NUMBER.fullmatch(tokens[0]):
            number = int(tokens.pop(0))
            if number != len(steps) + 1:
                raise ListingError(line_number, f"step number {number:03d} out of order (expected {len(steps) + 1:03d})")
        code_tokens: list[str] = []
        while tokens and _CODE_TOKEN.fullmatch(tokens[-1]):
            code_tokens.insert(0, tokens.pop())
        mnemonic = " ".join(tokens)
        if not mnemonic:
            raise ListingError(line_number, f"missing mnemonic before key code {' '.join(code_tokens)!r}")
        if is_card_reader(mnemonic):
            raise ListingError(line_number, f"{mnemonic} is a card-reader instruction, not supported as a program step")
        if storage_arithmetic_on_letter(mnemonic):
            raise ListingError(line_number, f"{mnemonic}: the HP-67 has storage arithmetic on registers 0-9 "
                                            "and (i) only, not on A-E")
        if not code_tokens:
            raise ListingError(line_number, f"missing HP-97 key code after {mnemonic!r}")
        code = parse_code(" ".join(code_tokens))
        instruction = BY_CODE.get(code)
        if instruction is None:
            hint = ""
            named = lookup(mnemonic)
            if named is not None:
                hint = f"; {named.mnemonic} is {named.code_text}"
            raise ListingError(line_number, f"{format_code(code)} is not an HP-97 key code{hint}")
        if lookup(mnemonic) is not instruction:
            raise ListingError(
                line_number,
                f"mnemonic {mnemonic!r} does not match key code {instruction.code_text} ({instruction.mnemonic})",
            )
        if len(steps) >= PROGRAM_STEPS:
            raise ListingError(line_number, f"the program does not fit in {PROGRAM_STEPS} steps")
        steps.append(Step(len(steps) + 1, instruction, mnemonic, line_number))
    return Program(tuple(steps))
