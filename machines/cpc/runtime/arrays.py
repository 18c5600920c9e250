"""Arrays for compiled code: DIM, ERASE, element access with the ROM's checks.

An array is a flat list with its dimensions (upper bound + 1 each); a program that
uses an array before DIM gets it auto-dimensioned 0..10 per subscript, as on the CPC.
An array's bytes are counted against the CPC's memory (``machines/cpc/memory.py``)
*before* the host allocates it, so ``DIM A(20000,20000)`` fails at once; storing a
string in a string array counts its text in the strings area.
"""

from __future__ import annotations

from typing import Any, Callable

from machines.cpc import errors
from machines.cpc.errors import BasicError
from machines.cpc.memory import array_bytes, elements_bytes, string_bytes
from machines.cpc.runtime import names as rt
from machines.cpc.runtime.host import Host

__all__ = ["Array", "bind", "nest"]


class Array:
    """A DIMmed array: upper bounds + 1 per dimension and a flat value list."""

    __slots__ = ("dims", "data", "d0", "nbytes")

    def __init__(self, dims: tuple[int, ...], default: Any, nbytes: int = 0,
                 data: list | None = None) -> None:
        self.dims = dims
        if data is None:
            size = 1
            for d in dims:
                size *= d
            data = [default] * size
        self.data = data
        self.d0 = dims[0] if len(dims) == 1 else -1  # the fast path of one subscript
        self.nbytes = nbytes  # what it takes of the CPC's memory (its strings' text apart)


def default_value(suffix: str) -> Any:
    """What a fresh variable or element of that type holds."""
    return "" if suffix == "$" else 0 if suffix == "%" else 0.0


def nest(data: list, dims: tuple[int, ...]) -> list:
    """A flat array as nested lists, first subscript outermost."""
    if len(dims) == 1:
        return list(data)
    step = len(data) // dims[0]
    return [nest(data[i * step:(i + 1) * step], dims[1:]) for i in range(dims[0])]


def _subscript_error(i: int) -> int:
    """A subscript outside the array: a negative one is read as a positive integer
    first (ROM ``read_array_dimensions``), hence Improper argument."""
    return errors.IMPROPER_ARGUMENT if i < 0 else errors.SUBSCRIPT_OUT_OF_RANGE


def bind(machine: Host) -> dict[str, Callable[..., Any]]:
    """The array functions, closed over the machine's array slots (``ARRS``)."""
    ARRS = machine.ARRS

    def create(k: int, dims: tuple[int, ...]) -> Array:
        """Room for the array is checked before anything is allocated (ROM
        ``create_and_alloc_space_for_array``): past 16 bits Subscript out of range,
        past what is free Memory full."""
        key = machine._array_types[k]
        if elements_bytes(key[1], dims) > 0xFFFF:
            raise BasicError(errors.SUBSCRIPT_OUT_OF_RANGE)
        nbytes = array_bytes(key, dims)
        if nbytes > machine.free_bytes():
            raise BasicError(errors.MEMORY_FULL)
        arr = Array(dims, default_value(key[1]), nbytes)
        machine._mem_arrays += nbytes
        ARRS[k] = arr
        return arr

    def autodim(k: int, n: int) -> Array:
        return create(k, (11,) * n)

    def g1(k: int, i: int) -> Any:
        a = ARRS[k]
        if a is None:
            a = autodim(k, 1)
        if 0 <= i < a.d0:
            return a.data[i]
        raise BasicError(_subscript_error(i))

    def s1(k: int, i: int, v: Any) -> None:
        a = ARRS[k]
        if a is None:
            a = autodim(k, 1)
        if 0 <= i < a.d0:
            a.data[i] = v
            return
        raise BasicError(_subscript_error(i))

    def flat(k: int, idx: tuple[int, ...]) -> tuple[Array, int]:
        a = ARRS[k]
        if a is None:
            a = autodim(k, len(idx))
        dims = a.dims
        if len(dims) != len(idx):
            raise BasicError(errors.SUBSCRIPT_OUT_OF_RANGE)
        off = 0
        for i, d in zip(idx, dims):
            if not 0 <= i < d:
                raise BasicError(_subscript_error(i))
            off = off * d + i
        return a, off

    def g2(k: int, i: int, j: int) -> Any:
        a, off = flat(k, (i, j))
        return a.data[off]

    def s2(k: int, i: int, j: int, v: Any) -> None:
        a, off = flat(k, (i, j))
        a.data[off] = v

    def g3(k: int, i: int, j: int, m: int) -> Any:
        a, off = flat(k, (i, j, m))
        return a.data[off]

    def s3(k: int, i: int, j: int, m: int, v: Any) -> None:
        a, off = flat(k, (i, j, m))
        a.data[off] = v

    def store_string(a: Array, off: int, v: str) -> None:
        """A string element: its text goes to the strings area (String space full)."""
        grow = string_bytes(v) - string_bytes(a.data[off])
        if grow > 0 and grow > machine.free_bytes():
            raise BasicError(errors.STRING_SPACE_FULL)
        machine._mem_strings += grow
        a.data[off] = v

    def ss1(k: int, i: int, v: str) -> None:
        a = ARRS[k]
        if a is None:
            a = autodim(k, 1)
        if not 0 <= i < a.d0:
            raise BasicError(_subscript_error(i))
        store_string(a, i, v)

    def ss2(k: int, i: int, j: int, v: str) -> None:
        store_string(*flat(k, (i, j)), v)

    def ss3(k: int, i: int, j: int, m: int, v: str) -> None:
        store_string(*flat(k, (i, j, m)), v)

    def dim(k: int, bounds: tuple[int, ...]) -> None:
        if ARRS[k] is not None:
            raise BasicError(errors.ARRAY_ALREADY_DIMENSIONED)
        for b in bounds:
            if b < 0:  # ROM eval_expr_as_positive_int_or_error
                raise BasicError(errors.IMPROPER_ARGUMENT)
        create(k, tuple(b + 1 for b in bounds))

    def erase(k: int) -> None:
        a = ARRS[k]
        if a is not None:
            machine._mem_arrays -= a.nbytes
            if machine._array_types[k][1] == "$":
                machine._mem_strings -= sum(len(v) + 2 for v in a.data if v)
        ARRS[k] = None

    return {
        rt.ARRAY_GET[0]: g1, rt.ARRAY_GET[1]: g2, rt.ARRAY_GET[2]: g3,
        rt.ARRAY_SET[0]: s1, rt.ARRAY_SET[1]: s2, rt.ARRAY_SET[2]: s3,
        rt.STRING_ARRAY_SET[0]: ss1, rt.STRING_ARRAY_SET[1]: ss2, rt.STRING_ARRAY_SET[2]: ss3,
        rt.DIM: dim, rt.ERASE: erase,
    }
