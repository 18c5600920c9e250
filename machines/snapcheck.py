"""Reading a machine snapshot back field by field, refusing the first bad one.

A snapshot comes back from a file the player (or a damaged disk) may have changed, so a
machine's ``restore`` checks every field for type and range before it builds anything.
The first bad field raises ``ValueError`` whose message starts ``snapshot field '<path>'``
(``'stack[2]'``, ``'entry[0]'``; ``'.'`` is the snapshot itself) and says why, so a caller
can show it as it is.  Values are described by their type or a short ``repr``, never by a
full ``repr`` (a list nested a thousand deep must not raise ``RecursionError`` here).
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from typing import Any, Iterable, Sequence

__all__ = [
    "refuse",
    "described",
    "fields",
    "boolean",
    "integer",
    "choice",
    "items",
    "text",
    "number",
]

# What str(Decimal) writes for a finite number (ASCII digits only, no NaN or Infinity).
_DECIMAL = re.compile(r"-?(?:\d+(?:\.\d*)?|\.\d+)(?:E[-+]?\d+)?", re.ASCII)
_MAX_NUMBER_TEXT = 40


def refuse(path: str, why: str) -> ValueError:
    """The error for a bad field (raise it)."""
    return ValueError(f"snapshot field '{path or '.'}': {why}")


def described(value: Any) -> str:
    """A short description of any JSON value, safe for any depth."""
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, (list, tuple)):
        return "a list"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def fields(value: Any, path: str, required: Iterable[str], optional: Iterable[str] = (), *,
           machine: str) -> dict[str, Any]:
    """An object with exactly these keys (optional ones may be missing); unknown keys are refused."""
    if not isinstance(value, dict):
        raise refuse(path, f"a snapshot of the {machine} is a JSON object, not {described(value)}")
    required = tuple(required)
    allowed = set(required) | set(optional)
    for key in required:
        if key not in value:
            raise refuse(_join(path, key), "missing")
    for key in value:
        if key not in allowed:
            name = key if isinstance(key, str) else described(key)
            raise refuse(_join(path, str(name)), f"not a field of the {machine}'s snapshot")
    return value


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def boolean(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        raise refuse(path, f"{described(value)} is not true or false")
    return value


def integer(value: Any, path: str, low: int, high: int) -> int:
    """An integer (not a boolean, not a float) in low..high."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise refuse(path, f"{described(value)} is not an integer")
    if not low <= value <= high:
        raise refuse(path, f"{value} is not in {low}..{high}")
    return value


def choice(value: Any, path: str, options: Sequence[Any]) -> Any:
    """One of ``options`` (compared with its type: 1 is not True)."""
    for option in options:
        if type(value) is type(option) and value == option:
            return option
    raise refuse(path, f"{described(value)} is not one of {', '.join(described(o) for o in options)}")


def items(value: Any, path: str, low: int, high: int | None = None) -> list[Any]:
    """A list of ``low`` items (``low``..``high`` when ``high`` is given)."""
    if not isinstance(value, (list, tuple)):
        raise refuse(path, f"{described(value)} is not a list")
    high = low if high is None else high
    if not low <= len(value) <= high:
        wanted = str(low) if low == high else f"{low} to {high}"
        raise refuse(path, f"a list of {len(value)} items, not {wanted}")
    return list(value)


def text(value: Any, path: str, pattern: re.Pattern[str], what: str) -> str:
    """A string matching ``pattern`` in full."""
    if not isinstance(value, str):
        raise refuse(path, f"{described(value)} is not a string")
    if not pattern.fullmatch(value):
        raise refuse(path, f"{described(value)} is not {what}")
    return value


def number(value: Any, path: str, *, digits: int, machine: str) -> Decimal:
    """A decimal string as the machine's snapshot writes it: finite, at most ``digits``
    significant digits, exponent -99..99 (zero of any sign)."""
    if not isinstance(value, str):
        raise refuse(path, f"{described(value)} is not a number of the {machine} (a decimal string)")
    if len(value) > _MAX_NUMBER_TEXT or not _DECIMAL.fullmatch(value):
        raise refuse(path, f"{described(value)} is not a finite number of the {machine}")
    try:
        result = Decimal(value)
    except InvalidOperation:  # the pattern admits only what Decimal reads; kept for safety
        raise refuse(path, f"{described(value)} is not a finite number of the {machine}") from None
    sign, coefficient, exponent = result.as_tuple()
    assert isinstance(exponent, int)
    if len(coefficient) > digits:
        raise refuse(path, f"{described(value)} has more than the {machine}'s {digits} digits")
    if result and not -99 <= result.adjusted() <= 99:
        raise refuse(path, f"{described(value)} is beyond the {machine}'s exponent range -99..99")
    if not result and not -99 - digits <= exponent <= 99:
        raise refuse(path, f"{described(value)} is a zero with an exponent the {machine} cannot hold")
    return result
