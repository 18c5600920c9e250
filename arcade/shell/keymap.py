"""The user's keymap file: binding ids mapped to keys, applied with ``App.set_keymap``.

Every ``Binding`` of the arcade has an ``id`` (``othello.left``, ``duel.confirm``,
``arcade.help``...).  ``keymap.toml`` in the configuration directory (see
``arcade.storage.settings``), or the file given with ``--keymap``, gives some of them other
keys::

    # keymap.toml: binding id = "keys", comma-separated Textual key names
    "othello.left" = "a,left"
    "othello.right" = "d,right"

    [othello]            # the same thing as a table: othello.up, othello.down
    up = "w"
    down = ["s", "down"]  # a list works too

The keys given replace the binding's own keys (keep ``left`` in the list to keep
the arrow).  ``arcade --list-bindings`` prints every id with its keys.

A bad file never stops the arcade: a syntax error ignores the whole file, an
unknown id or key name ignores that entry, and every problem is reported (on
stderr and in a notification) with the file's name.

Checking a file costs only the screens it names: the shell's screens are always
known, and a game's screen (with its driver and machine) is imported only when an
id of the file matches the binding ids its catalog entry declares.  This module
never imports the app: the app's own bindings live in ``arcade.shell.bindings``.
"""

from __future__ import annotations

import difflib
import importlib
import string
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Collection, Iterable, Iterator, Mapping

from textual.binding import Binding
from textual.dom import DOMNode
from textual.keys import Keys

from arcade.runtime.textual_compat import key_name
from arcade.shell import catalog
from arcade.shell.bindings import APP_BINDINGS
from arcade.storage.settings import ConfigUnreadable, read_bounded

MODIFIERS = frozenset({"ctrl", "shift", "alt", "meta", "super", "hyper"})
NAMED_KEYS = frozenset(k.value for k in Keys) | frozenset(key_name(c) for c in string.printable.strip())


MAX_ENTRIES = 1000
"""More entries than binding ids exist (a few hundred): the file is not a keymap."""
MAX_PROBLEMS = 12
"""Problems reported one by one; after them, one line (a damaged file must not flood the screen)."""


@dataclass
class Keymap:
    """What a keymap file asked for, as far as it could be understood."""

    bindings: dict[str, str] = field(default_factory=dict)  # binding id -> "key,key"
    problems: list[str] = field(default_factory=list)
    path: Path | None = None


@dataclass(frozen=True)
class BindingInfo:
    """One remappable binding, as ``--list-bindings`` shows it."""

    id: str
    keys: str
    description: str
    owner: str  # the class that declares it


def valid_key(key: str) -> bool:
    """Is ``key`` a key Textual can report (``a``, ``?``, ``ctrl+z``, ``question_mark``, ``f5``)?"""
    *mods, base = key.split("+") if key != "+" else ["+"]
    if any(m not in MODIFIERS for m in mods):
        return False
    return len(base) == 1 and base.isprintable() or base in NAMED_KEYS


def _flatten(table: dict[str, Any], prefix: str = "") -> Iterator[tuple[str, Any]]:
    """``{"othello": {"left": "a"}}`` (TOML's dotted keys and tables) -> ``("othello.left", "a")``."""
    for name, value in table.items():
        full = f"{prefix}.{name}" if prefix else name
        if isinstance(value, dict):
            yield from _flatten(value, full)
        else:
            yield full, value


def parse_keymap(text: str, known_ids: Collection[str] | None = None, origin: str = "keymap") -> Keymap:
    """Read a keymap's TOML text; ``known_ids`` (when given) catches misspelt binding ids."""
    result = Keymap()
    try:
        data = tomllib.loads(text)
        entries = list(_flatten(data))
    except tomllib.TOMLDecodeError as error:
        result.problems.append(f"{origin}: not valid TOML ({error}); no key is remapped")
        return result
    except RecursionError:
        result.problems.append(f"{origin}: nested too deep to be a keymap; no key is remapped")
        return result
    if len(entries) > MAX_ENTRIES:
        result.problems.append(f"{origin}: {len(entries)} entries, more than a keymap can have "
                               f"(the arcade has a few hundred binding ids at most); no key is remapped")
        return result
    for binding_id, value in entries:
        if len(result.problems) > MAX_PROBLEMS:  # said in one line below: no flood of notes
            continue
        if isinstance(value, str):
            keys = [k.strip() for k in value.split(",")]
        elif isinstance(value, list) and all(isinstance(k, str) for k in value):
            keys = [k.strip() for k in value]
        else:
            result.problems.append(f"{origin}: {binding_id[:60]}: expected a string of keys or a list of keys, "
                                   f"got {_short(repr(value))}")
            continue
        if known_ids is not None and binding_id not in known_ids:
            close = difflib.get_close_matches(binding_id, list(known_ids), n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            result.problems.append(f"{origin}: unknown binding id {_short(repr(binding_id))}{hint}; ignored")
            continue
        bad = [k for k in keys if not k or not valid_key(k)]
        if bad or not keys:
            shown = _short(", ".join(repr(k) for k in bad) or "none")
            result.problems.append(f"{origin}: {binding_id}: not a key name: {shown}; ignored")
            continue
        result.bindings[binding_id] = ",".join(keys)
    if len(result.problems) > MAX_PROBLEMS:
        result.problems[MAX_PROBLEMS:] = [f"{origin}: more problems after these; the entries after them are ignored"]
    return result


def _short(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _read_text(path: Path) -> str:
    """The keymap file's text; ``ConfigUnreadable`` when it is too big or not UTF-8."""
    try:
        data = read_bounded(path)
    except (FileNotFoundError, ConfigUnreadable):
        raise
    except OSError as error:
        raise ConfigUnreadable(f"cannot be read ({error.strerror or error})") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        utf16 = " (UTF-16? save it as UTF-8)" if data[:2] in (b"\xff\xfe", b"\xfe\xff") else ""
        raise ConfigUnreadable(f"cannot be read: not UTF-8 text{utf16}: byte {data[error.start]:#04x} at offset {error.start}") from None


def load_keymap(path: Path, known_ids: Collection[str] | None = None, *, required: bool = False) -> Keymap:
    """The keymap in ``path``; a missing file is no keymap (a problem only if ``required``).

    Never raises: a damaged file (any bytes) is reported and no key is remapped.  The file
    is the player's own and the arcade never writes it, so it stays where it is."""
    try:
        text = _read_text(path)
        keymap = parse_keymap(text, known_ids, origin=str(path))
    except FileNotFoundError:
        problems = [f"{path}: no such keymap file"] if required else []
        return Keymap(problems=problems, path=path)
    except ConfigUnreadable as error:
        return Keymap(problems=[f"{path}: {error}; no key is remapped"], path=path)
    except Exception as error:  # noqa: BLE001 - the last resort: a fault in the checks is a bad file, said
        return Keymap(problems=[f"{path}: cannot be used ({type(error).__name__}); no key is remapped"], path=path)
    keymap.path = path
    return keymap


def _all_subclasses(cls: type) -> Iterator[type]:
    for sub in cls.__subclasses__():
        yield sub
        yield from _all_subclasses(sub)


SHELL_MODULES = ("arcade.shell.launcher", "arcade.screens.help", "arcade.widgets.dialogs", "arcade.widgets.too_small")
"""The screens and dialogs every game shares: light, always imported with the app."""


def _import_screens(binding_ids: Iterable[str] | None) -> None:
    """Import the shell, and the screens that declare ``binding_ids`` (None: every screen).

    A game's screen costs its driver and its machine: it is imported only when a keymap
    names one of its ids, or for the whole table (``--list-bindings``).
    """
    for name in SHELL_MODULES:
        importlib.import_module(name)
    if binding_ids is None:
        screens = set(catalog.all_screens())
    else:
        screens = {s for b in binding_ids for s in catalog.screens_for_binding(b)}
    for screen in sorted(screens):
        try:
            catalog.load(screen)
        except (ImportError, AttributeError):  # a game whose screen or machine is not installed
            continue


def _owners() -> Iterator[tuple[str, list[Binding]]]:
    """Every class of the arcade imported so far with bindings of its own, and those bindings."""
    yield "ArcadeApp", APP_BINDINGS
    for cls in _all_subclasses(DOMNode):
        own = [b for b in cls.__dict__.get("BINDINGS", ()) if isinstance(b, Binding)]
        if own:
            yield cls.__name__, own


def binding_table(binding_ids: Iterable[str] | None = None) -> list[BindingInfo]:
    """Every binding with an id of every screen and widget the arcade can show.

    With ``binding_ids``, only the screens that may declare those ids are imported
    (the shell's are always there): enough to check a keymap, at a fraction of the cost.
    """
    _import_screens(None if binding_ids is None else list(binding_ids))
    seen: dict[str, BindingInfo] = {}
    for owner, bindings in _owners():
        for binding in bindings:
            if binding.id and binding.id not in seen:
                seen[binding.id] = BindingInfo(binding.id, binding.key, binding.description, owner)
    return sorted(seen.values(), key=lambda b: b.id)


def _normalized(keys: str) -> list[str]:
    return [k.strip() if len(k.strip()) != 1 else key_name(k.strip()) for k in keys.split(",")]


def find_clashes(keymap: Mapping[str, str]) -> list[str]:
    """Keys the keymap gives to two bindings of one screen (the app's own bindings included)."""
    _import_screens(keymap)  # the screens whose keys the keymap moves
    app_bindings = APP_BINDINGS
    found: dict[tuple[str, tuple[str, ...]], set[str]] = {}
    for cls in _all_subclasses(DOMNode):
        own = [b for k in reversed(cls.__mro__) for b in k.__dict__.get("BINDINGS", ()) if isinstance(b, Binding)]
        if not any(b.id in keymap for b in own):
            continue
        owners: dict[str, set[str]] = {}
        for binding in own + app_bindings:
            ident = binding.id or binding.action
            for key in _normalized(keymap.get(binding.id or "", binding.key)):
                owners.setdefault(key, set()).add(ident)
        for key, ids in sorted(owners.items()):
            if len(ids) > 1 and ids & keymap.keys():
                found.setdefault((key, tuple(sorted(ids))), set()).add(cls.__name__)
    return [
        f"keymap: {key!r} is given to {' and '.join(ids)} (on {', '.join(sorted(screens))}); only one will work"
        for (key, ids), screens in sorted(found.items())
    ]


def known_binding_ids(mentioned: Iterable[str] | None = None) -> set[str]:
    """The binding ids that exist; with ``mentioned`` (a keymap's ids), found importing only their screens."""
    return {b.id for b in binding_table(mentioned)}


def read_keymap_ids(path: Path) -> list[str]:
    """The binding ids a keymap file names, before checking them (none if it cannot be read)."""
    try:
        names = [name for name, _ in _flatten(tomllib.loads(_read_text(path)))]
        return names if len(names) <= MAX_ENTRIES else []  # load_keymap says why it is refused
    except Exception:  # noqa: BLE001 - any damage: no ids (load_keymap says what is wrong)
        return []
