"""Reading back what the arcade wrote, whatever the disk now holds: total, bounded, never blocking.

A file the arcade reads back (a save, settings, a keymap) may have been truncated by a
kill, edited by hand, replaced by random bytes, re-encoded as UTF-16, or made hostile:
nested a thousand levels deep (``json.loads`` and ``tomllib`` recurse), a 5,000-digit
number, a FIFO in its place.  The functions here turn all of that into one exception,
``Damaged``, whose message says what is wrong (without the file's name: the caller adds
it), or a clean value; ``shown`` makes any value a short printable line.

``sweep_temporaries`` removes what a writer killed mid-save left behind (see its text
for why it never removes a file another running arcade is writing).
"""

from __future__ import annotations

import json
import math
import os
import re
import time
import unicodedata
from pathlib import Path
from typing import Any

from games.files import FileRefused, read_file

MAX_NESTING = 64
"""Deeper than any save (about 8 levels): deeper JSON is refused (measured by a loop, never recursively)."""

STALE_TEMPORARY_SECONDS = 600.0
"""A temporary save file untouched this long has lost its writer (see ``sweep_temporaries``)."""

SUMMARY_CHARS = 120
"""The launcher's line for a save is cut there (a hand-edited summary can be anything)."""


class Damaged(ValueError):
    """What is wrong with a save file's bytes or envelope (the reason, without the file's name)."""


def shown(value: object, limit: int = SUMMARY_CHARS) -> str:
    """``value`` as one short printable line: "" if it is not a string; control characters dropped."""
    if not isinstance(value, str):
        return ""
    text = "".join(c if unicodedata.category(c)[0] != "C" else " " for c in value[: limit * 4])
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def nesting(value: Any, limit: int = MAX_NESTING) -> int:
    """How deep a parsed value's lists and tables go (``[]`` is 1, a number 0; counting stops past
    ``limit``).  A loop, not a recursion: any depth is measured without the recursion limit."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            inner: Any = item.values()
        elif isinstance(item, list):
            inner = item
        else:
            continue
        if depth > deepest:
            deepest = depth
            if deepest > limit:
                break
        stack.extend((child, depth + 1) for child in inner if isinstance(child, (dict, list)))
    return deepest


def _no_constant(name: str) -> Any:
    raise Damaged(f"it holds {name}, which is not a JSON number")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise Damaged(f"it holds the number {text[:20]}, too large for a save")
    return value


def parse_json(data: bytes, *, limit: int = MAX_NESTING) -> Any:
    """JSON from a file's bytes, or ``Damaged`` saying why not (never another exception)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise Damaged(f"it is not UTF-8 text (byte {data[error.start]:#04x} at offset {error.start})") from None
    too_deep = Damaged(f"it is nested more than {limit} levels deep")
    try:
        # The C scanner is linear in the text and meets deep nesting with a clean RecursionError;
        # what parses is then measured by a loop (a regular-expression pre-scan of the text can
        # be made quadratic by a hostile file).
        value = json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except Damaged:
        raise
    except RecursionError:
        raise too_deep from None
    except (ValueError, MemoryError) as error:  # JSONDecodeError is a ValueError
        raise Damaged(f"it is not JSON ({shown(str(error), 100)})") from None
    if nesting(value, limit) > limit:
        raise too_deep
    return value


def read_regular_file(path: Path, limit: int, *, folder: Path | None = None) -> bytes:
    """A regular file's bytes; ``Damaged`` for more than ``limit`` bytes (never read whole), for
    what is not a regular file (a FIFO, a device: they would never end), or, with ``folder``, for
    a link leading out of it; OSError passes through.  The arcade's one reader of files
    (``machines.files.read_file``, through ``games.files``)."""
    try:
        return read_file(path, limit, folder=folder)
    except FileRefused as error:
        raise Damaged(f"it {error.reason}") from None


_TEMPORARY = re.compile(r"^\.([A-Za-z0-9_-]+)\.[a-z0-9_]{8}\.tmp$")  # mkstemp(prefix=".NAME.", suffix=".tmp")


def sweep_temporaries(directory: Path, *, now: float | None = None,
                      age: float = STALE_TEMPORARY_SECONDS) -> list[Path]:
    """Remove the temporary save files a killed writer left in ``directory``; the names removed.

    Only names of our own pattern (``.NAME.xxxxxxxx.tmp``), only regular files, only those
    whose last change is more than ``age`` seconds old (a live writer's is seconds old at
    most); a file that cannot be removed is left.  Never raises."""
    now = time.time() if now is None else now
    removed: list[Path] = []
    try:
        candidates = [e for e in os.scandir(directory) if _TEMPORARY.match(e.name)]
    except OSError:
        return removed
    for entry in candidates:
        try:
            st = entry.stat(follow_symlinks=False)
            if not entry.is_file(follow_symlinks=False) or now - st.st_mtime <= age:
                continue
            os.unlink(entry.path)
        except OSError:
            continue
        removed.append(Path(entry.path))
    return removed
