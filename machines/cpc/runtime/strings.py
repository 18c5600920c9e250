"""String functions for compiled code, with the ROM's argument checks (0..255)."""

from __future__ import annotations

from typing import Any

from machines.cpc import errors
from machines.cpc.errors import BasicError
from machines.cpc.numbers import read_number, str_number, to_int16, unsigned_to_int16
from machines.cpc.runtime import names as rt
from machines.cpc.runtime.host import Host
from machines.cpc.runtime.maths import maths_error
from machines.cpc.using import format_using

__all__ = ["bind", "byte", "UPPER", "LOWER"]

# UPPER$/LOWER$ change only the letters a-z/A-Z (the CPC's other characters are graphics)
UPPER = {c: c - 32 for c in range(ord("a"), ord("z") + 1)}
LOWER = {c: c + 32 for c in range(ord("A"), ord("Z") + 1)}


def byte(n: Any) -> int:
    """An argument that must be 0..255 (a count, a character code)."""
    n = to_int16(n)
    if not 0 <= n <= 255:
        raise BasicError(errors.IMPROPER_ARGUMENT)
    return n


def _start(n: Any) -> int:
    """A 1-based position in a string: 1..255."""
    n = to_int16(n)
    if not 1 <= n <= 255:
        raise BasicError(errors.IMPROPER_ARGUMENT)
    return n


def cat(a: str, b: str) -> str:
    s = a + b
    if len(s) > 255:
        raise BasicError(errors.STRING_TOO_LONG)
    return s


def chr_(n: Any) -> str:
    return chr(byte(n))


def asc(s: str) -> int:
    if not s:
        raise BasicError(errors.IMPROPER_ARGUMENT)
    return ord(s[0])


def left(s: str, n: Any) -> str:
    return s[: byte(n)]


def right(s: str, n: Any) -> str:
    """RIGHT$: the last n characters, the whole string when n is longer."""
    n = byte(n)
    return s[max(len(s) - n, 0):] if n else ""


def mid(s: str, start: Any, n: Any = 255) -> str:
    start = _start(start)
    return s[start - 1: start - 1 + byte(n)]


def midset(s: str, start: Any, n: Any, new: str) -> str:
    """``MID$(a$,start,n)=new$``: the new text overwrites, never lengthens; a start
    past the end copies nothing (ROM ``calc_substring_length`` clips the count to 0),
    only a start of 0 is Improper argument."""
    start = _start(start)
    if start > len(s):
        return s
    n = min(byte(n), len(new), len(s) - start + 1)
    return s[: start - 1] + new[:n] + s[start - 1 + n:]


def string(n: Any, c: Any) -> str:
    n = byte(n)
    if type(c) is str:
        if not c:
            raise BasicError(errors.IMPROPER_ARGUMENT)
        return c[0] * n
    return chr(byte(c)) * n


def space(n: Any) -> str:
    return " " * byte(n)


def instr(a: Any, b: Any, c: Any = None) -> int:
    if c is None:
        if type(a) is not str:
            raise BasicError(errors.TYPE_MISMATCH)
        start, s, t = 1, a, b
    else:
        if type(a) is str:
            raise BasicError(errors.TYPE_MISMATCH)
        start, s, t = _start(a), b, c
    if start > len(s):
        return 0
    return s.find(t, start - 1) + 1


def _width(w: Any) -> int:
    w = byte(w)
    if w > 16:
        raise BasicError(errors.IMPROPER_ARGUMENT)
    return w


def hex_(n: Any, w: Any = 0) -> str:
    return ("%X" % (unsigned_to_int16(n) & 0xFFFF)).rjust(_width(w), "0")


def bin_(n: Any, w: Any = 0) -> str:
    return format(unsigned_to_int16(n) & 0xFFFF, "b").rjust(_width(w), "0")


def dec(n: Any, fmt: str) -> str:
    return format_using(fmt, (n,))[0]


def bind(machine: Host) -> dict[str, Any]:
    """The string functions; storing a string variable counts its text in the machine's
    strings area (``machines/cpc/memory.py``)."""

    def store(old: str, new: str) -> str:
        grow = (len(new) + 2 if new else 0) - (len(old) + 2 if old else 0)
        if grow > 0 and grow > machine.free_bytes():
            raise BasicError(errors.STRING_SPACE_FULL)
        machine._mem_strings += grow
        return new

    def overflow_warning() -> None:
        maths_error(machine, errors.OVERFLOW)

    def val(s: str) -> float | int:
        """VAL: the number at the start of s (``read_number``; what follows is ignored), 0
        for text that starts no number, Type mismatch where the ROM gives up ("+", ".",
        "&"), which it does after the maths error of a number too large.  A whole
        number in 16 bits (or an & form) is an integer, as the ROM reads it: ROUND of
        VAL("32767") to -3 places is Overflow (seen on the ROMs)."""
        read = read_number(s, 0, overflow_warning)
        if read is None:
            raise BasicError(errors.TYPE_MISMATCH)
        return read[0]

    return {
        rt.STRING_STORE: store,
        rt.CONCAT: cat, rt.CHR: chr_, rt.ASC: asc, rt.LEFT: left, rt.RIGHT: right, rt.MID: mid,
        rt.MID_ASSIGN: midset, rt.STR: str_number, rt.VAL: val, rt.STRING: string, rt.SPACE: space,
        rt.INSTR: instr, rt.HEX: hex_, rt.BIN: bin_, rt.DEC: dec,
        rt.UPPER_TABLE: UPPER, rt.LOWER_TABLE: LOWER,
    }


