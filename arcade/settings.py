"""Where the user's configuration lives, and the few choices the arcade remembers.

The configuration directory is ``platformdirs``' user config dir for
``vintage-arcade`` (``~/.config/vintage-arcade`` on Linux), or ``ARCADE_CONFIG_DIR``
when set (the tests set it, so a developer's own files never leak into them).
It holds ``keymap.toml`` (written by the user, read by ``arcade.keymap``) and
``settings.toml`` (written by the arcade: the last theme chosen).

Reading never raises: a settings file that cannot be read is reported and ignored,
and the next choice rewrites it.  Writing is atomic (temporary file + ``os.replace``).
"""

from __future__ import annotations

import json
import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from platformdirs import user_config_dir

from arcade.saves import write_atomically

APP_DIR_NAME = "vintage-arcade"
SETTINGS_FILE = "settings.toml"
KEYMAP_FILE = "keymap.toml"


def config_dir() -> Path:
    """The user's configuration directory (it may not exist yet)."""
    override = os.environ.get("ARCADE_CONFIG_DIR")
    return Path(override) if override else Path(user_config_dir(APP_DIR_NAME, appauthor=False))


@dataclass
class Settings:
    """The remembered choices, and any problem met reading them."""

    theme: str | None = None
    problems: list[str] = field(default_factory=list)


def load_settings(directory: Path) -> Settings:
    """The settings in ``directory``; missing file: defaults; unreadable: defaults and a problem."""
    path = directory / SETTINGS_FILE
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings()
    except OSError as error:
        return Settings(problems=[f"{path}: cannot be read ({error.strerror or error})"])
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        return Settings(problems=[f"{path}: not valid TOML ({error}); the defaults are used"])
    theme = data.get("theme")
    if theme is not None and not isinstance(theme, str):
        return Settings(problems=[f"{path}: 'theme' must be a string, not {type(theme).__name__}"])
    return Settings(theme=theme)


def save_settings(directory: Path, settings: Settings) -> Path:
    """Write ``settings`` atomically; raises OSError if the directory cannot be written."""
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / SETTINGS_FILE
    lines = ["# Written by the arcade: the choices it remembers between runs.\n"]
    if settings.theme is not None:
        # A JSON string is a valid TOML basic string (same escapes).
        lines.append(f"theme = {json.dumps(settings.theme)}\n")
    write_atomically(path, "".join(lines))
    return path
