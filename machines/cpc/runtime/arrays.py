"""Arrays for compiled code: DIM, ERASE, element access with the ROM's checks.

An array is a flat list with its dimensions (upper bound + 1 each); a program that
uses an array before DIM gets it auto-dimensioned 0..10 per subscript, as on the CPC.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from machines.cpc import errors
from machines.cpc.errors import BasicError
from machines.cpc.runtime import names as rt

if TYPE_CHECKING:
    from machines.cpc.machine import CPC

__all__ = ["Array", "bind", "nest"]


class Array:
    """A DIMmed array: upper bounds + 1 per dimension and a flat value list."""

    __slots__ = ("dims", "data", "d0")

    def __init__(self, dims: tuple[int, ...], default: Any) -> None:
        self.dims = dims
        size = 1
        for d in dims:
            size *= d
        self.data = [default] * size
        self.d0 = dims[0] if len(dims) == 1 else -1  # the fast path of one subscript


def default_value(suffix: str) -> Any:
    """What a fresh variable or element of that type holds."""
    return "" if suffix == "$" else 0 if suffix == "%" else 0.0


def nest(data: list, dims: tuple[int, ...]) -> list:
    """A flat array as nested lists, first subscript outermost."""
    if len(dims) == 1:
        return list(data)
    step = len(data) // dims[0]
    return [nest(data[i * step:(i + 1) * step], dims[1:]) for i in range(dims[0])]


def bind(machine: CPC) -> dict[str, Callable[..., Any]]:
    """The array functions, closed over the machine's array slots (``ARRS``)."""
    ARRS = machine.ARRS

    def autodim(k: int, n: int) -> Array:
        arr = Array((11,) * n, default_value(machine._array_types[k]))
        ARRS[k] = arr
        return arr

    def g1(k: int, i: int) -> Any:
        a = ARRS[k]
        if a is None:
            a = autodim(k, 1)
        if 0 <= i < a.d0:
            return a.data[i]
        raise BasicError(errors.SUBSCRIPT_OUT_OF_RANGE)

    def s1(k: int, i: int, v: Any) -> None:
        a = ARRS[k]
        if a is None:
            a = autodim(k, 1)
        if 0 <= i < a.d0:
            a.data[i] = v
            return
        raise BasicError(errors.SUBSCRIPT_OUT_OF_RANGE)

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
                raise BasicError(errors.SUBSCRIPT_OUT_OF_RANGE)
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

    def dim(k: int, bounds: tuple[int, ...]) -> None:
        if ARRS[k] is not None:
            raise BasicError(errors.ARRAY_ALREADY_DIMENSIONED)
        for b in bounds:
            if b < 0:
                raise BasicError(errors.SUBSCRIPT_OUT_OF_RANGE)
        ARRS[k] = Array(tuple(b + 1 for b in bounds), default_value(machine._array_types[k]))

    def erase(k: int) -> None:
        ARRS[k] = None

    return {
        rt.ARRAY_GET[0]: g1, rt.ARRAY_GET[1]: g2, rt.ARRAY_GET[2]: g3,
        rt.ARRAY_SET[0]: s1, rt.ARRAY_SET[1]: s2, rt.ARRAY_SET[2]: s3,
        rt.DIM: dim, rt.ERASE: erase,
    }
