"""Reading saved JSON field by field: every value checked for type and range, every refusal naming its field.

A save is data the player's disk hands back, perhaps damaged, perhaps hand-edited.  The
sessions read theirs through ``Field``: a value and its path (``state.driver.history[3].square``).
Each reader (``int``, ``word``, ``list``...) returns a plain value of the type asked, or raises
``BadField`` -- a ``SaveUnreadable`` whose message names the field and says what is wrong
(``field 'state.moves[3].square': 99 is not from 0 to 63``).  A bool is not an int here, NaN
and infinities are not numbers, and nesting deeper than any save's is refused before anything
walks it (no ``RecursionError``).

A ``Field`` made with ``secret=True`` never puts a value in a message: the duel's sealed
part holds both players' squares, and a refusal is shown to both players.

No game knowledge here: the games say what their fields are.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Collection, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from enum import Enum
from typing import Any, NoReturn, TypeVar

from games.session import SaveUnreadable

__all__ = ["MAX_DEPTH", "BadField", "Field", "nesting_depth", "read_settings"]

MAX_DEPTH = 48
"""No save nests deeper than this (a CPC snapshot, the deepest, is about 8 levels)."""

E = TypeVar("E", bound=Enum)

_STEP = re.compile(r"\.[^.\[]*|\[\d+\]")
_SHOWN_STEPS = 12  # a path into a deep nest is shown this far, then "..."
_MACHINE_FIELD = re.compile(r"^snapshot field '([^']*)'(?::\s*)?(.*)$", re.DOTALL)


class BadField(SaveUnreadable):
    """A field of a save that is missing, of the wrong type or out of range (``path`` names it)."""

    def __init__(self, path: str, problem: str) -> None:
        super().__init__(f"field '{path}': {problem}")
        self.path = path
        self.problem = problem


def nesting_depth(value: Any, limit: int = MAX_DEPTH) -> tuple[int, str]:
    """How deep ``value`` nests (stopping past ``limit``) and the path of its deepest part; no recursion."""
    deepest, where = 0, ""
    stack: list[tuple[Any, int, str]] = [(value, 0, "")]
    while stack:
        node, depth, path = stack.pop()
        if depth > deepest:
            deepest, where = depth, path
            if deepest > limit:
                break
        if isinstance(node, dict):
            stack.extend((v, depth + 1, f"{path}.{k}") for k, v in node.items())
        elif isinstance(node, list):
            stack.extend((v, depth + 1, f"{path}[{i}]") for i, v in enumerate(node))
    return deepest, where


def _shown(value: Any) -> str:
    """A short picture of a value for a message (never a long or deep one)."""
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


@dataclass(frozen=True)
class Field:
    """One value of a save and where it is; the readers check it and return it plain."""

    value: Any
    path: str = "state"
    secret: bool = False

    # -- refusing ----------------------------------------------------------------------

    def fail(self, problem: str) -> NoReturn:
        """Refuse this field: ``problem`` says what is wrong (the value is added unless secret)."""
        raise BadField(self.path, problem if self.secret else f"{_shown(self.value)} {problem}")

    def refuse(self, problem: str) -> NoReturn:
        """Refuse this field with ``problem`` alone (a cross-field lie: no value to show)."""
        raise BadField(self.path, problem)

    # -- containers ----------------------------------------------------------------------

    def table(self) -> dict[str, Any]:
        if not isinstance(self.value, dict):
            self.fail("is not a table")
        for key in self.value:
            if not isinstance(key, str):
                raise BadField(self.path, f"has a key {_shown(key)} that is not a word")
        return self.value

    def has(self, key: str) -> bool:
        return key in self.table()

    def __getitem__(self, key: str | int) -> Field:
        """A table's key (required) or a list's item."""
        if isinstance(key, int):
            items = self.list()
            if not -len(items) <= key < len(items):
                raise BadField(f"{self.path}[{key}]", "is missing")
            return items[key]
        table = self.table()
        if key not in table:
            raise BadField(f"{self.path}.{key}", "is missing")
        return Field(table[key], f"{self.path}.{key}", self.secret)

    def get(self, key: str, default: Any = None) -> Field:
        """A table's key, or ``default`` (itself then checked by the caller's reader) when absent."""
        table = self.table()
        return Field(table.get(key, default), f"{self.path}.{key}", self.secret)

    def items(self) -> Iterator[tuple[str, Field]]:
        for key, value in self.table().items():
            yield key, Field(value, f"{self.path}.{key}", self.secret)

    def list(self, min_len: int = 0, max_len: int | None = None) -> list[Field]:
        if not isinstance(self.value, list):
            self.fail("is not a list")
        n = len(self.value)
        if n < min_len or (max_len is not None and n > max_len):
            want = f"exactly {min_len}" if min_len == max_len else (
                f"{min_len} to {max_len}" if max_len is not None else f"at least {min_len}")
            raise BadField(self.path, f"has {n} items, not {want}")
        return [Field(v, f"{self.path}[{i}]", self.secret) for i, v in enumerate(self.value)]

    def each(self, read: Callable[[Field], Any], min_len: int = 0, max_len: int | None = None) -> list[Any]:
        """``read`` applied to every item of a list."""
        return [read(item) for item in self.list(min_len, max_len)]

    # -- scalars ------------------------------------------------------------------------

    @property
    def is_null(self) -> bool:
        return self.value is None

    def int(self, lo: int | None = None, hi: int | None = None) -> int:
        """A whole number (not a bool, not 3.0) from ``lo`` to ``hi``."""
        v = self.value
        if not isinstance(v, int) or isinstance(v, bool):
            self.fail("is not a whole number")
        if (lo is not None and v < lo) or (hi is not None and v > hi):
            if lo is not None and hi is not None:
                self.fail(f"is not from {lo} to {hi}")
            self.fail(f"is not {'at least ' + str(lo) if lo is not None else 'at most ' + str(hi)}")
        return v

    def optional_int(self, lo: int | None = None, hi: int | None = None) -> int | None:
        return None if self.value is None else self.int(lo, hi)

    def number(self, lo: float | None = None, hi: float | None = None) -> float:
        """A finite number (int or float, not a bool, not NaN nor an infinity)."""
        v = self.value
        if not isinstance(v, (int, float)) or isinstance(v, bool):
            self.fail("is not a number")
        if isinstance(v, float) and not math.isfinite(v):
            self.fail("is not a finite number")
        if (lo is not None and v < lo) or (hi is not None and v > hi):
            self.fail(f"is not from {lo} to {hi}")
        return v

    def bool(self) -> bool:
        if not isinstance(self.value, bool):
            self.fail("is not true or false")
        return self.value

    def str(self, max_len: int = 100_000, *, empty: bool = True) -> str:
        v = self.value
        if not isinstance(v, str):
            self.fail("is not text")
        if len(v) > max_len:
            raise BadField(self.path, f"is text of {len(v)} characters, more than {max_len}")
        if not empty and not v:
            raise BadField(self.path, "is empty")
        return v

    def optional_str(self, max_len: int = 100_000) -> str | None:
        return None if self.value is None else self.str(max_len)

    def word(self, choices: Collection[str]) -> str:
        """One of a few words (an enum's value written as text)."""
        v = self.str(200)
        if v not in choices:
            self.fail(f"is not one of {', '.join(sorted(map(str, choices)))}")
        return v

    def enum(self, kind: type[E]) -> E:
        """A member of ``kind`` saved by its value."""
        by_value = {m.value: m for m in kind}
        v = self.value
        if not isinstance(v, (str, int)) or isinstance(v, bool) or v not in by_value or not any(
                type(v) is type(m) or isinstance(m, type(v)) for m in by_value):
            self.fail(f"is not one of {', '.join(sorted(str(v) for v in by_value))}")
        return by_value[v]

    def enum_name(self, kind: type[E]) -> E:
        """A member of ``kind`` saved by its name."""
        v = self.str(200)
        if v not in kind.__members__:
            self.fail(f"is not one of {', '.join(kind.__members__)}")
        return kind[v]

    def hex(self, n_bytes: int | None = None) -> bytes:
        v = self.str()
        try:
            data = bytes.fromhex(v)
        except ValueError:
            self.fail("is not hexadecimal")
        if n_bytes is not None and len(data) != n_bytes:
            raise BadField(self.path, f"holds {len(data)} bytes, not {n_bytes}")
        return data

    def shallow(self, limit: int = MAX_DEPTH) -> Any:
        """The value, refused if it nests deeper than ``limit`` (before anything walks it)."""
        depth, where = nesting_depth(self.value, limit)
        if depth > limit:
            steps = _STEP.findall(where)
            shown = "".join(steps[:_SHOWN_STEPS]) + ("..." if len(steps) > _SHOWN_STEPS else "")
            raise BadField(f"{self.path}{shown}", f"nests deeper than {limit} levels")
        return self.value

    # -- what another reader refuses -------------------------------------------------------

    @contextmanager
    def reading(self, what: str) -> Iterator[None]:
        """Refusals raised inside (a machine's ``restore``: ``ValueError("snapshot field 'x': ...")``,
        or anything else a damaged value makes it raise) become this field's, naming ``what`` was read."""
        try:
            yield
        except BadField:
            raise
        except RecursionError:
            raise BadField(self.path, f"{what} nests too deep") from None
        except Exception as error:  # noqa: BLE001 - any damage in a part another module reads
            text = str(error)
            found = _MACHINE_FIELD.match(text)
            if found:
                inner, problem = found.groups()
                path = f"{self.path}.{inner}" if inner and not inner.startswith("[") else f"{self.path}{inner}"
                raise BadField(path, "is damaged" if self.secret else (problem or "is damaged")) from None
            detail = "" if self.secret else f" ({type(error).__name__}: {text[:200]})"
            raise BadField(self.path, f"is not a valid {what}{detail}") from None


def read_settings(f: Field, known: dict[str, str]) -> dict[str, Any]:
    """A screen's choices kept in a save: the ``known`` ones of their kind ("bool", or "name": text or
    null); any other key is kept only if it holds a plain value (null, true/false, text, a finite number)."""
    out: dict[str, Any] = {}
    for key, value in f.items():
        kind = known.get(key)
        if kind == "bool":
            out[key] = value.bool()
        elif kind == "name":
            out[key] = value.optional_str(200)
        elif value.value is None or isinstance(value.value, bool):
            out[key] = value.value
        elif isinstance(value.value, str):
            out[key] = value.str(1000)
        else:
            out[key] = value.number()
    return out
