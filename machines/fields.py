"""One reader for what comes back from a file: a JSON-like value read at a path, every field checked.

A machine's snapshot (``HP67.restore``, ``TI57.restore``, the CPC's and its Ready prompt's
``restore``) and a game's save (every session's ``from_save``, through ``games.schema``) are data
a disk, an editor or a hostile player hands back.  Both read it through ``Field``: a value and
its path (``stack[2]``, ``screen.windows[3].paper``; ``.`` is the snapshot itself).  Each reader
(``int``, ``str``, ``list``, ``choice``...) returns a plain value of the type asked, or raises the
field's ``error`` naming the path and saying what is wrong; for a machine that is
``SnapshotFieldError``, a ``ValueError`` reading ``snapshot field 'stack[2]': 'NaN' is not a
finite number of the HP-67``.

Every reader refuses alike: a bool where a number is wanted (``true`` is not 1), NaN and
infinities, a value out of its range, a list of the wrong length, a missing key (and, where
``fields`` says so, an unknown one), nesting deeper than a limit (measured without recursion,
before anything walks it).  A value shown in a message is short and safe at any size or depth,
spelt as JSON spells it (``null``, ``true``, ``NaN``).

Adding a field: read it beside its neighbours, ``f["new"].int(0, 9)``.  A kind of value no
reader here checks is added here, once, not in a machine or a game.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Collection, Iterator, Sequence
from contextlib import contextmanager
from decimal import Decimal, InvalidOperation
from enum import Enum
from functools import lru_cache
from typing import Any, ClassVar, NoReturn, TypeVar

__all__ = ["MAX_DEPTH", "Field", "FieldError", "SnapshotFieldError", "nesting_depth", "shown"]

MAX_DEPTH = 48
"""No save or snapshot nests deeper than this (a CPC snapshot, the deepest, is about 8 levels)."""

E = TypeVar("E", bound=Enum)
T = TypeVar("T")

_SHOWN = 40  # characters of a value shown in a message
_NUMBER_TEXT = 40  # characters of a calculator's number, at most, in a snapshot
_STEP = re.compile(r"\.[^.\[]*|\[\d+\]")
_SHOWN_STEPS = 12  # a path into a deep nest is shown this far, then "..."
# What str(Decimal) writes for a finite number (ASCII digits only, no NaN or Infinity).
_DECIMAL = re.compile(r"-?(?:\d+(?:\.\d*)?|\.\d+)(?:E[-+]?\d+)?", re.ASCII)


class FieldError(ValueError):
    """A field that is missing, of the wrong type or out of range: ``path`` names it (``''`` is
    the value read from the top, shown ``'.'``), ``problem`` says why, ``kind`` starts the message."""

    kind: ClassVar[str] = "field"

    def __init__(self, path: str, problem: str) -> None:
        super().__init__(f"{self.kind} '{path or '.'}': {problem}")
        self.path = path
        self.problem = problem


class SnapshotFieldError(FieldError):
    """A field of a machine's snapshot (``snapshot field 'stack[2]': ...``)."""

    kind = "snapshot field"


def shown(value: Any) -> str:
    """A short picture of any value for a message, as JSON spells it (never a long or deep one)."""
    if value is None:
        return "null"
    if value is True or value is False:
        return "true" if value else "false"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, float) and not math.isfinite(value):
        return "NaN" if value != value else ("Infinity" if value > 0 else "-Infinity")
    if isinstance(value, int) and value.bit_length() > 128:
        return "a huge integer"  # (repr of a 5,000-digit int raises)
    text = repr(value[:_SHOWN]) if isinstance(value, str) else repr(value)
    return text if len(text) <= _SHOWN else text[:_SHOWN - 3] + "..."


def nesting_depth(value: Any, limit: int = MAX_DEPTH) -> tuple[int, str]:
    """How deep ``value`` nests (stopping past ``limit``) and the path of its deepest part; no recursion.

    Only containers are walked (a save's thousands of numbers are counted a list at a time), and
    a path is kept as links, spelt once at the end."""
    deepest, trail = 0, None
    stack: list[tuple[Any, int, Any]] = [(value, 0, None)]
    while stack:
        node, depth, at = stack.pop()
        if not isinstance(node, _NESTS) or not node:
            continue
        depth += 1
        is_object = isinstance(node, dict)
        if depth > deepest:
            deepest, trail = depth, (at, next(iter(node)), ".") if is_object else (at, 0, "[")
            if deepest > limit:
                break
        if is_object:
            stack.extend((v, depth, (at, k, ".")) for k, v in node.items() if isinstance(v, _NESTS))
        else:
            stack.extend((v, depth, (at, i, "[")) for i, v in enumerate(node) if isinstance(v, _NESTS))
    steps = []
    while trail is not None:
        trail, key, kind = trail
        steps.append(f".{key}" if kind == "." else f"[{key}]")
    return deepest, "".join(reversed(steps))


_NESTS = (dict, list, tuple)


_new = object.__new__


def _below(path: str, key: str) -> str:
    """An object's ``key`` below ``path``."""
    return f"{path}.{key}" if path else key


def _join(path: str, inner: str) -> str:
    """``inner`` (a key, ``[3]``, ``a.b[2]`` or nothing) below ``path``."""
    if not inner:
        return path
    if not path or inner.startswith("["):
        return path + inner
    return f"{path}.{inner}"


@lru_cache(maxsize=4096)
def _calculator_number(text: str, digits: int, machine: str) -> Decimal | str:
    """``text`` read as a number of ``machine``, or what is wrong with it (a snapshot's registers
    come back at every undo and resume: each text is read once)."""
    if not _DECIMAL.fullmatch(text):
        return f"is not a finite number of the {machine}"
    try:
        result = Decimal(text)
    except InvalidOperation:  # the pattern admits only what Decimal reads; kept for safety
        return f"is not a finite number of the {machine}"
    _sign, coefficient, exponent = result.as_tuple()
    assert isinstance(exponent, int)
    if len(coefficient) > digits:
        return f"has more than the {machine}'s {digits} digits"
    if result and not -99 <= result.adjusted() <= 99:
        return f"is beyond the {machine}'s exponent range -99..99"
    if not result and not -99 - digits <= exponent <= 99:
        return f"is a zero with an exponent the {machine} cannot hold"
    return result


class Field:
    """One value read from a file and where it is; the readers check it and return it plain.

    ``error`` is the ``FieldError`` a refusal raises, ``root`` the path of a value
    read from the top: a machine's snapshot here, a game's save in ``games.schema``.  A field
    made with ``secret=True`` never puts a value in a message (the duel's sealed part).
    """

    __slots__ = ("value", "_parent", "_key", "_secret")
    error: ClassVar[type[FieldError]] = SnapshotFieldError
    root: ClassVar[str] = ""

    def __init__(self, value: Any, path: str | None = None, secret: bool = False) -> None:
        self.value = value
        self._parent: Field | None = None
        self._key: str | int = self.root if path is None else path  # a field read from the top: its path
        self._secret = secret

    def __repr__(self) -> str:
        return f"{type(self).__name__}({shown(self.value)}, {self.path!r})"

    def _at(self, value: Any, key: str | int) -> Field:
        """The value at ``key`` (an object's key or a list's index) below this field.  Only the
        value and where it hangs are kept: a path is spelt, and secrecy looked up, when asked."""
        child = _new(type(self))
        child.value = value
        child._parent = self
        child._key = key
        return child

    @property
    def path(self) -> str:
        """Where the value is (``state.moves[3]``)."""
        if self._parent is None:
            return self._key  # type: ignore[return-value]
        above, key = self._parent.path, self._key
        return f"{above}[{key}]" if type(key) is int else _below(above, key)  # type: ignore[arg-type]

    @property
    def secret(self) -> bool:
        """Whether values may not be shown in messages (set on the field read from the top)."""
        f = self
        while f._parent is not None:
            f = f._parent
        return f._secret

    # -- refusing ------------------------------------------------------------------------------

    def fail(self, problem: str) -> NoReturn:
        """Refuse this field: ``problem`` says what is wrong (the value is shown first unless secret)."""
        raise self.error(self.path, problem if self.secret else f"{shown(self.value)} {problem}")

    def refuse(self, problem: str) -> NoReturn:
        """Refuse this field with ``problem`` alone (a cross-field lie: no value to show)."""
        raise self.refusal(problem)

    def refusal(self, problem: str) -> FieldError:
        """The error ``refuse`` raises, for a caller raising it itself (``raise f.refusal(...) from
        None`` in an ``except``: the damage's own exception is no part of the refusal)."""
        return self.error(self.path, problem)

    # -- objects -------------------------------------------------------------------------------

    def _object(self) -> dict[Any, Any]:
        if not isinstance(self.value, dict):
            self.fail("is not an object")
        return self.value

    def table(self) -> dict[str, Any]:
        """An object whose keys are all text."""
        for key in self._object():
            if not isinstance(key, str):
                self.refuse(f"has a key {shown(key)} that is not text")
        return self.value

    def fields(self, required: Collection[str], optional: Collection[str] = (), *, owner: str) -> dict[str, Any]:
        """An object with every ``required`` key, perhaps some ``optional`` ones, and no other
        (an unknown one is not a field of ``owner``, e.g. "the HP-67's snapshot")."""
        value = self._object()
        for key in required:
            if key not in value:
                raise self.error(_below(self.path, key), "is missing")
        for key in value:
            if key not in required and key not in optional:
                name = key if isinstance(key, str) else shown(key)
                raise self.error(_below(self.path, name), f"is not a field of {owner}")
        return value

    def has(self, key: str) -> bool:
        return key in self._object()

    def __getitem__(self, key: str | int) -> Field:
        """An object's key (required) or a list's item."""
        if type(key) is str:
            value = self._object()
            if key not in value:
                raise self.error(_below(self.path, key), "is missing")
            return self._at(value[key], key)
        items = self._items(0, None)
        if not -len(items) <= key < len(items):
            raise self.error(f"{self.path}[{key}]", "is missing")
        index = key % len(items)
        return self._at(items[index], index)

    def get(self, key: str, default: Any = None) -> Field:
        """An object's key, or ``default`` (itself then checked by the caller's reader) when absent."""
        return self._at(self._object().get(key, default), key)

    def items(self) -> Iterator[tuple[str, Field]]:
        for key, value in self.table().items():
            yield key, self._at(value, key)

    # -- lists ---------------------------------------------------------------------------------

    def _items(self, min_len: int, max_len: int | None) -> Sequence[Any]:
        value = self.value
        if not isinstance(value, (list, tuple)):
            self.fail("is not a list")
        n = len(value)
        if n < min_len or (max_len is not None and n > max_len):
            want = f"exactly {min_len}" if min_len == max_len else (
                f"{min_len} to {max_len}" if max_len is not None else f"at least {min_len}")
            self.refuse(f"has {n} items, not {want}")
        return value

    def list(self, min_len: int = 0, max_len: int | None = None) -> list[Field]:
        """A list of ``min_len`` to ``max_len`` items (``list(n, n)``: exactly n), each a field."""
        at = self._at
        return [at(v, i) for i, v in enumerate(self._items(min_len, max_len))]

    def each(self, read: Callable[[Field], T], min_len: int = 0, max_len: int | None = None) -> list[T]:
        """``read`` applied to every item of a list."""
        at = self._at
        return [read(at(v, i)) for i, v in enumerate(self._items(min_len, max_len))]

    def ints(self, lo: int, hi: int, min_len: int = 0, max_len: int | None = None) -> list[int]:
        """A list of whole numbers from ``lo`` to ``hi`` (as ``each(lambda i: i.int(lo, hi))``, for
        long lists: a screen's cells are checked without a field each)."""
        items = self._items(min_len, max_len)
        for v in items:
            if type(v) is not int or not lo <= v <= hi:
                for item in self.list():
                    item.int(lo, hi)
        return list(items)

    # -- scalars -------------------------------------------------------------------------------

    @property
    def is_null(self) -> bool:
        return self.value is None

    def int(self, lo: int | None = None, hi: int | None = None) -> int:
        """A whole number (not a bool, not 3.0) from ``lo`` to ``hi``."""
        v = self.value
        if type(v) is not int and (not isinstance(v, int) or isinstance(v, bool)):
            self.fail("is not a whole number")
        if (lo is not None and v < lo) or (hi is not None and v > hi):
            self._out_of(lo, hi)
        return v

    def _out_of(self, lo: Any, hi: Any) -> NoReturn:
        if lo is not None and hi is not None:
            self.fail(f"is not from {lo} to {hi}")
        self.fail(f"is not at least {lo}" if lo is not None else f"is not at most {hi}")

    def optional_int(self, lo: int | None = None, hi: int | None = None) -> int | None:
        return None if self.value is None else self.int(lo, hi)

    def number(self, lo: float | None = None, hi: float | None = None) -> float:
        """A finite number (an int or a float, not a bool, not NaN nor an infinity) from ``lo`` to ``hi``."""
        v = self.value
        if not isinstance(v, (int, float)) or isinstance(v, bool):
            self.fail("is not a number")
        if isinstance(v, float) and not math.isfinite(v):
            self.fail("is not a finite number")
        if (lo is not None and v < lo) or (hi is not None and v > hi):
            self._out_of(lo, hi)
        return v

    def bool(self) -> bool:
        if not isinstance(self.value, bool):
            self.fail("is not true or false")
        return self.value

    def str(self, max_len: int = 100_000, *, empty: bool = True) -> str:
        """Text of at most ``max_len`` characters (not empty when ``empty`` is false)."""
        v = self.value
        if not isinstance(v, str):
            self.fail("is not text")
        if len(v) > max_len:
            self.refuse(f"is text of {len(v)} characters, more than {max_len}")
        if not empty and not v:
            self.refuse("is empty")
        return v

    def optional_str(self, max_len: int = 100_000) -> str | None:
        return None if self.value is None else self.str(max_len)

    def match(self, pattern: re.Pattern[str], what: str) -> str:
        """Text that ``pattern`` matches in full (``what`` names it: "a mantissa being keyed")."""
        if not isinstance(self.value, str):
            self.fail("is not text")
        if not pattern.fullmatch(self.value):
            self.fail(f"is not {what}")
        return self.value

    def choice(self, options: Sequence[T]) -> T:
        """One of ``options``, compared with its type (1 is not true, "1" is not 1)."""
        v = self.value
        for option in options:
            if type(v) is type(option) and v == option:
                return option
        self.fail(f"is not one of {', '.join(o if isinstance(o, str) else shown(o) for o in options)}")

    def enum(self, kind: type[E]) -> E:
        """A member of ``kind`` saved by its value."""
        return kind(self.choice([m.value for m in kind]))

    def enum_name(self, kind: type[E]) -> E:
        """A member of ``kind`` saved by its name."""
        return kind[self.choice(list(kind.__members__))]

    def hex(self, n_bytes: int | None = None) -> bytes:
        """Bytes written as hexadecimal text (exactly ``n_bytes`` of them if given)."""
        v = self.str()
        try:
            data = bytes.fromhex(v)
        except ValueError:
            self.fail("is not hexadecimal")
        if n_bytes is not None and len(data) != n_bytes:
            self.refuse(f"holds {len(data)} bytes, not {n_bytes}")
        return data

    def decimal(self, *, digits: int, machine: str) -> Decimal:
        """A calculator's number as its snapshot writes it (``str(Decimal)``): finite, at most
        ``digits`` significant digits, exponent -99..99 (a zero of any sign)."""
        v = self.value
        if not isinstance(v, str):
            self.fail(f"is not a number of the {machine} (a decimal string)")
        number = _calculator_number(v, digits, machine) if len(v) <= _NUMBER_TEXT else None
        if not isinstance(number, Decimal):
            self.fail(number or f"is not a finite number of the {machine}")
        return number

    # -- depth, and what another reader refuses ------------------------------------------------

    def shallow(self, limit: int = MAX_DEPTH) -> Any:
        """The value, refused if it nests deeper than ``limit`` (before anything walks it)."""
        depth, where = nesting_depth(self.value, limit)
        if depth > limit:
            steps = _STEP.findall(where)
            inner = "".join(steps[:_SHOWN_STEPS]) + ("..." if len(steps) > _SHOWN_STEPS else "")
            raise self.error(_join(self.path, inner.lstrip(".")), f"nests deeper than {limit} levels")
        return self.value

    @contextmanager
    def reading(self, what: str) -> Iterator[None]:
        """Refusals raised inside by another reader (a machine's ``restore``: ``SnapshotFieldError``),
        or anything else a damaged value makes it raise, become this field's, naming ``what`` was read."""
        try:
            yield
        except FieldError as error:
            if isinstance(error, self.error):
                raise
            path = _join(self.path, error.path)
            raise self.error(path, "is damaged" if self.secret else error.problem) from None
        except RecursionError:
            raise self.error(self.path, f"{what} nests too deep") from None
        except Exception as error:  # noqa: BLE001 - any damage in a part another module reads
            detail = "" if self.secret else f" ({type(error).__name__}: {str(error)[:200]})"
            raise self.error(self.path, f"is not a valid {what}{detail}") from None
