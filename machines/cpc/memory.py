"""What a CPC 6128 has for BASIC, and what a program's text, variables, arrays and strings take.

Facts from the BASIC 1.1 ROM (disassembly by Bread80, ``Amstrad-CPC-BASIC-Source``):

* HIMEM is &A67B.  ``clear_program`` writes an empty program's three zero bytes from
  &016F, so variables start at &0172 and ``FRE(0)`` on a 6128 just switched on is
  &A67B - &0172 = 42249 bytes.  Everything below comes out of those bytes.
* A program line takes 2 bytes (its length) + 2 (its number) + its tokens + 1 (the end
  marker).  Keywords are one byte (functions two: &FF and the code), a variable is a
  type token, a 2-byte offset and its name, a number 1 to 6 bytes, a string its text and
  quotes; spaces are kept.  ``program_bytes`` counts that from our lexer's tokens: a close
  estimate, not the ROM's tokeniser byte for byte.
* A simple variable takes 2 (link) + name + 1 (type) + its value: 5 for a real, 2 for an
  integer, 3 for a string's descriptor (``prob_alloc_space_for_new_var``); a DEF FN 2 +
  name + 1 + 2.  A string's text lives in the strings area below HIMEM with 2 bytes in
  front of it (``alloc_C_bytes_in_string_space``); the empty string takes none.
* An array takes 2 (link) + name + 1 (type) + 2 (its length) + 1 (dimensions) + 2 per
  dimension, then its elements (``create_and_alloc_space_for_array``).  The elements'
  bytes are multiplied out in 16 bits: past 65535 it is *Subscript out of range*
  (so ``DIM A(30000)``, 150005 bytes, fails that way); what fits in 16 bits but not in
  memory is *Memory full*.  A negative bound is *Improper argument*
  (``eval_expr_as_positive_int_or_error``).  A string that does not fit is *String space
  full* (error 14).

A simple variable is created, as on the CPC, when a statement naming it first runs
(``CPC._first_run``), and RUN and CLEAR forget them all.  What this model simplifies
(docs/machines.md): every DEF FN the program names counts from the moment the program
is entered (the ROM allocates each when its DEF FN runs); strings are freed as soon as they are replaced, so there is never garbage to
collect and ``FRE("")`` (which collects on the CPC) gives the same figure as ``FRE(0)``;
a string constant assigned from the program text takes string space here (the ROM
points into the program until it is edited); temporary strings of an expression and the
execution stack are not counted.  A program that does not fit is refused as it is typed or
LOADed (Memory full).
"""

from __future__ import annotations

from typing import Any, Iterable

from machines.cpc.lexer import LexError, tokenize

__all__ = ["HIMEM", "PROGRAM_END", "POWER_ON_FREE", "ELEMENT_BYTES", "array_bytes", "elements_bytes", "line_bytes",
           "fixed_bytes", "program_bytes", "string_bytes", "strings_bytes", "variable_bytes"]

HIMEM = 0xA67B
PROGRAM_END = 0x0172  # the first byte after an empty program (ROM clear_program)
POWER_ON_FREE = HIMEM - PROGRAM_END  # 42249, FRE(0) on a 6128 just switched on
ELEMENT_BYTES = {"%": 2, "$": 3, "!": 5}  # an integer, a string descriptor, a real

_FUNCTIONS = frozenset("""
ABS ASC ATN BIN$ CHR$ CINT COPYCHR$ COS CREAL DEC$ EOF EXP FIX FRE HEX$ INKEY INKEY$ INP INSTR INT
JOY LEFT$ LEN LOG LOG10 LOWER$ MAX MID$ MIN PEEK POS REMAIN RIGHT$ RND ROUND SGN SIN SPACE$ SQ
SQR STR$ STRING$ TAN TEST TESTR UNT UPPER$ VAL VPOS ERL ERR HIMEM XPOS YPOS DERR PI TIME
""".split())
_LINE_NUMBER_AFTER = frozenset({"GOTO", "GOSUB", "THEN", "ELSE", "RESTORE", "RESUME", "RUN"})


def line_bytes(body: str) -> int:
    """Bytes a stored line takes in the program area (an estimate from its tokens)."""
    try:
        tokens = tokenize(body)
    except LexError:
        return 5 + len(body)
    size = 5
    literal_spaces = 0
    previous = None
    for tok in tokens:
        kind = tok.kind
        if kind == "kw":
            size += 2 if tok.value in _FUNCTIONS else 1
        elif kind == "id":
            size += 3 + len(str(tok.value))
        elif kind == "num":
            value = tok.value
            if previous is not None and previous.kind == "kw" and previous.value in _LINE_NUMBER_AFTER:
                size += 3
            elif isinstance(value, float):
                size += 6
            elif tok.text.startswith("&") or not 0 <= value <= 255:
                size += 3
            else:
                size += 1 if value <= 9 else 2
        elif kind == "str":
            size += len(str(tok.value)) + 2
            literal_spaces += str(tok.value).count(" ")
        elif kind in ("rem", "data"):
            size += len(str(tok.value))
            literal_spaces += str(tok.value).count(" ")
        elif kind == "op":
            size += len(str(tok.value))
        previous = tok
    return size + max(body.count(" ") - literal_spaces, 0)


def program_bytes(lines: dict[int, str]) -> int:
    """Bytes of the program area past an empty program's."""
    return sum(line_bytes(body) for body in lines.values())


def variable_bytes(key: tuple[str, str]) -> int:
    """A simple variable's entry: link, name, type byte, value."""
    return 3 + len(key[0]) + ELEMENT_BYTES[key[1]]


def function_bytes(key: tuple[str, str]) -> int:
    """A DEF FN's entry: link, name, type byte, pointer to its definition."""
    return 5 + len(key[0])


def elements_bytes(suffix: str, dims: Iterable[int]) -> int:
    """Bytes of an array's elements (``dims``: upper bound + 1 each), not limited to 16 bits."""
    size = ELEMENT_BYTES[suffix]
    for d in dims:
        size *= d
    return size


def array_bytes(key: tuple[str, str], dims: tuple[int, ...] | list[int]) -> int:
    """An array's whole entry: header and elements."""
    return 6 + len(key[0]) + 2 * len(dims) + elements_bytes(key[1], dims)


def string_bytes(text: str) -> int:
    """A string's room in the strings area: its text and 2 bytes in front; none if empty."""
    return len(text) + 2 if text else 0


def strings_bytes(values: Iterable[Any]) -> int:
    """The strings area taken by these values (numbers take none there)."""
    return sum(len(v) + 2 for v in values if type(v) is str and v)


def fixed_bytes(lines: dict[int, str], functions: Iterable[tuple[str, str]]) -> int:
    """What a program takes before it runs: its text and its DEF FNs."""
    return program_bytes(lines) + sum(function_bytes(k) for k in functions)
