"""TI-57 keys, key codes and mnemonics.

Key code = row x 10 + column; a second function adds 5 to the column (5 -> 0);
INV shows as a minus sign; the digit keys store 00-09 (TI Reference Guide, MT
App. F; ti57-notes.md "Keys, codes, program memory").  STO, RCL, SUM, Prd, Exc,
GTO, SBR, Lbl and Fix take their digit in the same step ("merged codes").
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "Instruction",
    "INSTRUCTIONS",
    "PRIMARY_LEGENDS",
    "SECOND_LEGENDS",
    "DIGIT_LEGENDS",
    "second_of",
    "Step",
]


@dataclass(frozen=True)
class Instruction:
    """One key code: its mnemonic, its keyboard legend and whether a digit follows."""

    code: int
    mnemonic: str  # as printed in listings, without '2nd' and 'Inv'
    legend: str  # what press() takes
    second: bool  # a second function (2nd before it)
    takes_digit: bool = False
    aliases: tuple[str, ...] = ()


_TABLE: tuple[Instruction, ...] = (
    Instruction(13, "lnx", "lnx", False, aliases=("ln x", "ln")),
    Instruction(14, "CE", "CE", False),
    Instruction(15, "CLR", "CLR", False),
    Instruction(18, "log", "log", True),
    Instruction(19, "C.t", "C.t", True, aliases=("Ct", "C t")),
    Instruction(22, "x<>t", "x<>t", False, aliases=("x⇌t", "x:t", "x<->t")),
    Instruction(23, "x2", "x2", False, aliases=("x²", "x^2")),
    Instruction(24, "sqrt", "sqrt", False, aliases=("√x", "√")),
    Instruction(25, "1/x", "1/x", False),
    Instruction(26, "D.MS", "D.MS", True, aliases=("DMS",)),
    Instruction(27, "P>R", "P>R", True, aliases=("P→R", "P-R")),
    Instruction(28, "sin", "sin", True),
    Instruction(29, "cos", "cos", True),
    Instruction(20, "tan", "tan", True),
    Instruction(32, "STO", "STO", False, True),
    Instruction(33, "RCL", "RCL", False, True),
    Instruction(34, "SUM", "SUM", False, True),
    Instruction(35, "y^x", "y^x", False, aliases=("yx", "yˣ")),
    Instruction(36, "Pause", "Pause", True),
    Instruction(38, "Exc", "Exc", True, True),
    Instruction(39, "Prd", "Prd", True, True),
    Instruction(30, "pi", "pi", True, aliases=("π",)),
    Instruction(42, "EE", "EE", False),
    Instruction(43, "(", "(", False),
    Instruction(44, ")", ")", False),
    Instruction(45, "/", "/", False, aliases=("÷",)),
    Instruction(46, "Nop", "Nop", True),
    Instruction(48, "Fix", "Fix", True, True),
    Instruction(49, "Int", "Int", True),
    Instruction(40, "|x|", "|x|", True),
    Instruction(51, "GTO", "GTO", False, True),
    Instruction(55, "*", "*", False, aliases=("×", "x")),
    Instruction(56, "Dsz", "Dsz", True),
    Instruction(50, "Deg", "Deg", True),
    Instruction(61, "SBR", "SBR", False, True),
    Instruction(65, "-", "-", False, aliases=("−",)),
    Instruction(66, "x=t", "x=t", True),
    Instruction(60, "Rad", "Rad", True),
    Instruction(71, "RST", "RST", False),
    Instruction(75, "+", "+", False),
    Instruction(76, "x>=t", "x>=t", True, aliases=("x≥t",)),
    Instruction(70, "Grad", "Grad", True),
    Instruction(81, "R/S", "R/S", False),
    Instruction(83, ".", ".", False),
    Instruction(84, "+/-", "+/-", False),
    Instruction(85, "=", "=", False),
    Instruction(86, "Lbl", "Lbl", True, True),
    Instruction(88, "S+", "S+", True, aliases=("Σ+",)),
    Instruction(89, "mean", "mean", True, aliases=("x̄", "xbar")),
    Instruction(80, "s2", "s2", True, aliases=("σ²", "σ2")),
) + tuple(Instruction(d, str(d), str(d), False) for d in range(10))

INSTRUCTIONS: dict[int, Instruction] = {i.code: i for i in _TABLE}
"""Every storable key code (00-09 digits included)."""

DIGIT_LEGENDS = tuple(str(d) for d in range(10))
PRIMARY_LEGENDS: dict[str, int] = {i.legend: i.code for i in _TABLE if not i.second}
PRIMARY_LEGENDS.update({"2nd": 11, "INV": 12})
SECOND_LEGENDS: dict[str, int] = {i.legend: i.code for i in _TABLE if i.second}

# Physical positions of the digit keys: 2nd before a digit is ignored.
_DIGIT_KEY_CODES = {7: 52, 8: 53, 9: 54, 4: 62, 5: 63, 6: 64, 1: 72, 2: 73, 3: 74, 0: 82}


def second_of(code: int) -> int | None:
    """The second function printed above a primary key, if any (column + 5)."""
    if code < 10:
        return None
    row, col = divmod(code, 10)
    second = row * 10 + (col + 5) % 10
    return second if second in INSTRUCTIONS and INSTRUCTIONS[second].second else None


@dataclass(frozen=True)
class Step:
    """One program step: a key code, INV, and the merged digit for STO 3, Lbl 1..."""

    code: int
    inv: bool = False
    digit: int | None = None

    @property
    def code_text(self) -> str:
        """The key code as the TI-57 shows it: '86 1', '-34 5', '56', '01'."""
        c = f"-{self.code:02d}" if self.inv else f"{self.code:02d}"
        return c if self.digit is None else f"{c} {self.digit}"

    @property
    def mnemonic(self) -> str:
        ins = INSTRUCTIONS[self.code]
        parts = []
        if ins.second:
            parts.append("2nd")
        if self.inv:
            parts.append("INV")
        parts.append(ins.mnemonic)
        if self.digit is not None:
            parts.append(str(self.digit))
        return " ".join(parts)

    def to_json(self) -> list[int | None]:
        return [-self.code - 100 if self.inv else self.code, self.digit]

    @classmethod
    def from_json(cls, data: list[int | None]) -> Step:
        code, digit = data
        assert code is not None
        if code < 0:
            return cls(-code - 100, True, digit)
        return cls(code, False, digit)


NO_DIGIT_WITH_INV = {61, 48}  # INV SBR (return) and INV Fix take no digit
