"""Saved games: one JSON file per game, written atomically, never silently lost.

A save holds whatever the game screen gives it (the driver's snapshot, which holds
the machine's whole state, and the move history) inside an envelope naming the
format version and the game.  Files live in the user's data directory
(``platformdirs``, which Textual already depends on) unless ``ARCADE_DATA_DIR``
points elsewhere (the tests do that).

Writing goes to a temporary file in the same directory, is flushed to disk, then
replaces the old save in one ``os.replace``: a crash mid-write leaves the previous
save intact.  A save that cannot be read is moved aside (``NAME.corrupt-N.json``),
reported by name, and never overwritten.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from platformdirs import user_data_dir

FORMAT_VERSION = 1
"""Bump when the envelope or a driver snapshot changes incompatibly."""


def write_atomically(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` in one step: a crash mid-write leaves the old file whole.

    The text goes to a temporary file in the same directory, is flushed to disk, then
    ``os.replace`` swaps it in; the temporary file is removed if anything fails.
    """
    fd, tmp = tempfile.mkstemp(prefix=f".{path.stem}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


class SaveError(Exception):
    """A save that cannot be used; the message names the file and says why."""


@dataclass(frozen=True)
class SaveInfo:
    game: str
    path: Path
    saved_at: str
    summary: str


def data_dir() -> Path:
    override = os.environ.get("ARCADE_DATA_DIR")
    return Path(override) if override else Path(user_data_dir("vintage-arcade", appauthor=False))


class SaveStore:
    """The saves directory: ``save``, ``load``, ``discard``, ``list``."""

    def __init__(self, directory: Path | None = None) -> None:
        self.directory = Path(directory) if directory is not None else data_dir() / "saves"

    def path_for(self, game: str) -> Path:
        if not game or not all(c.isalnum() or c in "-_" for c in game):
            raise ValueError(f"not a game id: {game!r}")
        return self.directory / f"{game}.json"

    def save(self, game: str, state: dict[str, Any], *, saved_at: str, summary: str = "") -> Path:
        """Write the save for ``game`` atomically; the previous save survives any failure."""
        target = self.path_for(game)
        self.directory.mkdir(parents=True, exist_ok=True)
        envelope = {
            "format": FORMAT_VERSION,
            "game": game,
            "saved_at": saved_at,
            "summary": summary,
            "state": state,
        }
        write_atomically(target, json.dumps(envelope, indent=1, sort_keys=True))
        return target

    def exists(self, game: str) -> bool:
        return self.path_for(game).is_file()

    def load(self, game: str) -> dict[str, Any] | None:
        """The saved state of ``game``, None if there is none.

        Raises SaveError for a file that cannot be used: unreadable or malformed ones are
        first moved aside so that the next save cannot overwrite them; a save from another
        format version is left in place and refused with the reason.
        """
        path = self.path_for(game)
        if not path.is_file():
            return None
        try:
            envelope = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(envelope, dict) or not isinstance(envelope.get("state"), dict):
                raise ValueError("it does not hold a saved game")
            if envelope.get("game") != game:
                raise ValueError(f"it is a save of {envelope.get('game')!r}, not {game!r}")
        except (OSError, UnicodeDecodeError, ValueError) as error:
            kept = self._set_aside(path)
            raise SaveError(f"the save {path.name} could not be read ({error}); it was kept as {kept.name}") from error
        version = envelope.get("format")
        if version != FORMAT_VERSION:
            kept = self._set_aside(path)
            raise SaveError(
                f"the save {path.name} was written by format version {version} of the arcade and this one "
                f"reads version {FORMAT_VERSION}; it was kept as {kept.name}"
            )
        return envelope["state"]

    def info(self, game: str) -> SaveInfo | None:
        """What the launcher shows about a save, without loading it into a game."""
        path = self.path_for(game)
        try:
            envelope = json.loads(path.read_text(encoding="utf-8"))
            return SaveInfo(game, path, str(envelope.get("saved_at", "")), str(envelope.get("summary", "")))
        except (OSError, UnicodeDecodeError, ValueError, AttributeError):
            return None

    def discard(self, game: str) -> None:
        self.path_for(game).unlink(missing_ok=True)

    def _set_aside(self, path: Path) -> Path:
        n = 1
        while (kept := path.with_name(f"{path.stem}.corrupt-{n}.json")).exists():
            n += 1
        os.replace(path, kept)
        return kept
