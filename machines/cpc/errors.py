"""Locomotive BASIC 1.1 error numbers and messages (ROM ``Errors.asm`` table).

Code raises errors by name (``BasicError(errors.SUBSCRIPT_OUT_OF_RANGE)``), as PC-BASIC's
error module does; the numbers are the ROM's, which ``ERR`` returns and ``ERROR n`` takes.
"""

from __future__ import annotations

__all__ = ["ERROR_MESSAGES", "BasicError", "error_message"]

UNKNOWN_ERROR = 0
UNEXPECTED_NEXT = 1
SYNTAX_ERROR = 2
UNEXPECTED_RETURN = 3
DATA_EXHAUSTED = 4
IMPROPER_ARGUMENT = 5
OVERFLOW = 6
MEMORY_FULL = 7
LINE_DOES_NOT_EXIST = 8
SUBSCRIPT_OUT_OF_RANGE = 9
ARRAY_ALREADY_DIMENSIONED = 10
DIVISION_BY_ZERO = 11
INVALID_DIRECT_COMMAND = 12
TYPE_MISMATCH = 13
STRING_SPACE_FULL = 14
STRING_TOO_LONG = 15
STRING_EXPRESSION_TOO_COMPLEX = 16
CANNOT_CONTINUE = 17
UNKNOWN_USER_FUNCTION = 18
RESUME_MISSING = 19
UNEXPECTED_RESUME = 20
DIRECT_COMMAND_FOUND = 21
OPERAND_MISSING = 22
LINE_TOO_LONG = 23
EOF_MET = 24
FILE_TYPE_ERROR = 25
NEXT_MISSING = 26
FILE_ALREADY_OPEN = 27
UNKNOWN_COMMAND = 28
WEND_MISSING = 29
UNEXPECTED_WEND = 30
FILE_NOT_OPEN = 31
BROKEN_IN = 32

ERROR_MESSAGES: dict[int, str] = {
    UNEXPECTED_NEXT: "Unexpected NEXT",
    SYNTAX_ERROR: "Syntax error",
    UNEXPECTED_RETURN: "Unexpected RETURN",
    DATA_EXHAUSTED: "DATA exhausted",
    IMPROPER_ARGUMENT: "Improper argument",
    OVERFLOW: "Overflow",
    MEMORY_FULL: "Memory full",
    LINE_DOES_NOT_EXIST: "Line does not exist",
    SUBSCRIPT_OUT_OF_RANGE: "Subscript out of range",
    ARRAY_ALREADY_DIMENSIONED: "Array already dimensioned",
    DIVISION_BY_ZERO: "Division by zero",
    INVALID_DIRECT_COMMAND: "Invalid direct command",
    TYPE_MISMATCH: "Type mismatch",
    STRING_SPACE_FULL: "String space full",
    STRING_TOO_LONG: "String too long",
    STRING_EXPRESSION_TOO_COMPLEX: "String expression too complex",
    CANNOT_CONTINUE: "Cannot CONTinue",
    UNKNOWN_USER_FUNCTION: "Unknown user function",
    RESUME_MISSING: "RESUME missing",
    UNEXPECTED_RESUME: "Unexpected RESUME",
    DIRECT_COMMAND_FOUND: "Direct command found",
    OPERAND_MISSING: "Operand missing",
    LINE_TOO_LONG: "Line too long",
    EOF_MET: "EOF met",
    FILE_TYPE_ERROR: "File type error",
    NEXT_MISSING: "NEXT missing",
    FILE_ALREADY_OPEN: "File already open",
    UNKNOWN_COMMAND: "Unknown command",
    WEND_MISSING: "WEND missing",
    UNEXPECTED_WEND: "Unexpected WEND",
    FILE_NOT_OPEN: "File not open",
    BROKEN_IN: "Broken in",
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
