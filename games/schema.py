"""Reading a save: ``machines.fields`` with what a save adds, its paths and its error.

The sessions read their saves through ``Field`` (every reader is ``machines.fields.Field``'s):
paths start at ``state`` (``state.driver.history[3].square``), and a refusal is ``BadField``, a
``SaveUnreadable`` whose message names the field (``field 'state.moves[3].square': 99 is not
from 0 to 63``).  A machine's own refusal met while reading (its ``restore`` inside
``f.reading(...)``) becomes the save's, at the machine's path below the field.

No game knowledge here: the games say what their fields are.
"""

from __future__ import annotations

from typing import Any

from games.session import SaveUnreadable
from machines import fields

__all__ = ["BadField", "Field", "read_settings"]


class BadField(SaveUnreadable, fields.FieldError):
    """A field of a save that is missing, of the wrong type or out of range (``field 'state.moves[3]': ...``)."""

    kind = "field"


class Field(fields.Field):
    """One value of a save and where it is (``state`` and below)."""

    __slots__ = ()
    error = BadField
    root = "state"


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
