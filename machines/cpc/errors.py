"""Locomotive BASIC 1.1 error numbers and messages (ROM ``Errors.asm`` table)."""

from __future__ import annotations

__all__ = ["ERROR_MESSAGES", "BasicError", "error_message"]

ERROR_MESSAGES: dict[int, str] = {
    1: "Unexpected NEXT",
    2: "Syntax error",
    3: "Unexpected RETURN",
    4: "DATA exhausted",
    5: "Improper argument",
    6: "Overflow",
    7: "Memory full",
    8: "Line does not exist",
    9: "Subscript out of range",
    10: "Array already dimensioned",
    11: "Division by zero",
    12: "Invalid direct command",
    13: "Type mismatch",
    14: "String space full",
    15: "String too long",
    16: "String expression too complex",
    17: "Cannot CONTinue",
    18: "Unknown user function",
    19: "RESUME missing",
    20: "Unexpected RESUME",
    21: "Direct command found",
    22: "Operand missing",
    23: "Line too long",
    24: "EOF met",
    25: "File type error",
    26: "NEXT missing",
    27: "File already open",
    28: "Unknown command",
    29: "WEND missing",
    30: "Unexpected WEND",
    31: "File not open",
    32: "Broken in",
}


def error_message(code: int) -> str:
    """The ROM's text; 0 and numbers past the table read "Unknown error"."""
    return ERROR_MESSAGES.get(code, "Unknown error")


class BasicError(Exception):
    """A BASIC run-time error, carrying the ROM's error number.

    ``line`` is filled by whoever knows it (the statement loop, or READ for a bad
    DATA item, which the CPC reports against the DATA line)."""

    def __init__(self, code: int, line: int | None = None) -> None:
        super().__init__(error_message(code))
        self.code = code
        self.line = line
