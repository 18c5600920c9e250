"""Where the user's configuration lives, and the few choices the arcade remembers.

The configuration directory is ``platformdirs``' user config dir for
``vintage-arcade`` (``~/.config/vintage-arcade`` on Linux), or ``ARCADE_CONFIG_DIR``
when set (the tests set it, so a developer's own files never leak into them).
It holds ``keymap.toml`` (written by the user, read by ``arcade.shell.keymap``) and
``settings.toml`` (written by the arcade: the last theme chosen, who plays each side of
wolf and lambs).

Reading never raises: a settings file that cannot be read (any bytes: not UTF-8, UTF-16,
not TOML, nested deep, wrong types) is reported and the defaults are used; the next
choice writes a new one, after keeping the damaged one aside as
``settings.damaged-N.toml`` (never lost).  Writing is atomic (temporary file + ``os.replace``).
"""

from __future__ import annotations

import json
import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from platformdirs import user_config_dir

from arcade.storage.readback import Damaged, read_regular_file, sweep_temporaries
from arcade.storage.saves import write_atomically

APP_DIR_NAME = "vintage-arcade"
SETTINGS_FILE = "settings.toml"
KEYMAP_FILE = "keymap.toml"
WOLF_SEATS = "wolf-seats"


def config_dir() -> Path:
    """The user's configuration directory (it may not exist yet)."""
    override = os.environ.get("ARCADE_CONFIG_DIR")
    return Path(override) if override else Path(user_config_dir(APP_DIR_NAME, appauthor=False))


@dataclass
class Settings:
    """The remembered choices, and any problem met reading them."""

    theme: str | None = None
    wolf_seats: dict[str, str] | None = None
    """Who plays each side of wolf and lambs ("wolf"/"lambs" -> "person" or "computer LEVEL"), asked
    on the first game and changed by ``g``; None: never asked."""
    problems: list[str] = field(default_factory=list)
    damaged: bool = False  # the file is there but cannot be used: kept aside before it is rewritten


MAX_CONFIG_BYTES = 1024 * 1024
"""Larger than any settings or keymap file: a bigger one is damaged, not read."""


def read_bounded(path: Path, limit: int | None = None) -> bytes:
    """A regular file's bytes, at most ``limit`` (``MAX_CONFIG_BYTES``): ``ConfigUnreadable`` for a
    bigger file or for what is not a regular file (a FIFO or a device would never end)."""
    try:
        return read_regular_file(path, MAX_CONFIG_BYTES if limit is None else limit)
    except Damaged as error:
        raise ConfigUnreadable(str(error).removeprefix("it is ")) from None


def read_toml(path: Path) -> dict[str, Any]:
    """The TOML table in ``path``; ``ConfigUnreadable`` (a sentence without the file's name) for any
    damage: too big, not UTF-8 (a UTF-16 file...), not TOML, nested too deep.  FileNotFoundError
    passes through; any other exception is turned into ``ConfigUnreadable`` (reading is total)."""
    try:
        data = read_bounded(path)
    except FileNotFoundError:
        raise
    except OSError as error:
        raise ConfigUnreadable(f"cannot be read ({error.strerror or error})") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        utf16 = " (UTF-16? save it as UTF-8)" if data[:2] in (b"\xff\xfe", b"\xfe\xff") else ""
        raise ConfigUnreadable(f"not UTF-8 text{utf16}: byte {data[error.start]:#04x} at offset {error.start}") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigUnreadable(f"not valid TOML ({error})") from None
    except RecursionError:
        raise ConfigUnreadable("nested too deep to be a configuration file") from None
    except Exception as error:  # noqa: BLE001 - the last resort: a reader's fault is a damaged file, said
        raise ConfigUnreadable(f"cannot be read (a fault: {type(error).__name__})") from None


class ConfigUnreadable(ValueError):
    """A settings or keymap file that cannot be used; the reason says why."""


def load_settings(directory: Path) -> Settings:
    """The settings in ``directory``; missing file: defaults; unreadable or wrong: defaults and a problem.

    Never raises.  A damaged file is left where it is (the player may mend it); the arcade
    keeps it aside (``settings.damaged-N.toml``) before writing a new one over it
    (``save_settings``), so it is never lost."""
    path = directory / SETTINGS_FILE
    try:
        data = read_toml(path)
    except FileNotFoundError:
        return Settings()
    except ConfigUnreadable as error:
        return Settings(problems=[f"{path}: {error}; the defaults are used"], damaged=True)
    theme = data.get("theme")
    if theme is not None and not isinstance(theme, str):
        return Settings(problems=[f"{path}: 'theme' must be a string, not {type(theme).__name__}; the defaults are used"],
                        damaged=True)
    if theme is not None and (not theme or len(theme) > 100 or not theme.isprintable()):
        return Settings(problems=[f"{path}: 'theme' is not a theme name; the defaults are used"], damaged=True)
    seats = data.get(WOLF_SEATS)
    if seats is not None and not (isinstance(seats, dict) and set(seats) <= {"wolf", "lambs"}
                                  and all(isinstance(v, str) and 0 < len(v) <= 40 and v.isprintable()
                                          for v in seats.values())):
        return Settings(problems=[f"{path}: '{WOLF_SEATS}' is not a table of who plays the wolf and the lambs; "
                                  "the defaults are used"], damaged=True)
    return Settings(theme=theme, wolf_seats=dict(seats) if seats is not None else None)


def keep_damaged_aside(path: Path) -> Path | None:
    """Move a damaged ``path`` to ``NAME.damaged-N.EXT`` (a new N); the new path, None if nothing
    was there.  Raises OSError if it is there and cannot be moved."""
    if not path.exists():
        return None
    n = 1
    while (kept := path.with_name(f"{path.stem}.damaged-{n}{path.suffix}")).exists():
        n += 1
    os.replace(path, kept)
    return kept


def save_settings(directory: Path, settings: Settings) -> Path:
    """Write ``settings`` atomically; raises OSError if the directory cannot be written.

    A settings file the arcade cannot read is never overwritten: it is kept aside first
    (``save_settings_keeping`` says where)."""
    return save_settings_keeping(directory, settings)[0]


def save_settings_keeping(directory: Path, settings: Settings) -> tuple[Path, Path | None]:
    """``save_settings``, and where a damaged file it replaced was kept (None: there was none)."""
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / SETTINGS_FILE
    kept = keep_damaged_aside(path) if load_settings(directory).damaged else None
    sweep_temporaries(directory)  # what a kill during an earlier write left (only stale ones of ours)
    lines = ["# Written by the arcade: the choices it remembers between runs.\n"]
    if settings.theme is not None:
        # A JSON string is a valid TOML basic string (same escapes).
        lines.append(f"theme = {json.dumps(settings.theme)}\n")
    if settings.wolf_seats is not None:
        lines.append(f"\n[{WOLF_SEATS}]\n")
        lines += [f"{side} = {json.dumps(seat)}\n" for side, seat in sorted(settings.wolf_seats.items())]
    write_atomically(path, "".join(lines))
    return path, kept
