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

A game saves after every move: ``save(..., later=True)`` turns the state into text at
once (compact JSON, the C encoder) and leaves the disk (``fsync``, ``os.replace``) to
one writer thread, in the order asked, so the event loop never waits for a disk.
Every read (``load``, ``exists``, ``info``, ``discard``) first waits for the writes
asked before it (``flush``), and so does the end of the program.
"""

from __future__ import annotations

import atexit
import json
import os
import tempfile
import threading
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

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


class _Writer:
    """One thread writing saves in the order they were asked; ``flush`` waits for all of them."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._queue: deque[tuple[Path, str, Callable[[Exception], None] | None]] = deque()
        self._writing = False
        self._thread: threading.Thread | None = None

    def put(self, path: Path, text: str, failed: Callable[[Exception], None] | None) -> None:
        with self._cond:
            self._queue.append((path, text, failed))
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="arcade-saves", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait for the writes asked so far; False if ``timeout`` seconds passed first."""
        with self._cond:
            return self._cond.wait_for(lambda: not (self._queue or self._writing), timeout)

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._queue:
                    self._cond.wait()
                path, text, failed = self._queue.popleft()
                self._writing = True
            try:
                write_atomically(path, text)
            except Exception as error:  # noqa: BLE001 - reported; the writer lives on (flush never hangs)
                if failed is not None:
                    failed(error)
            finally:
                with self._cond:
                    self._writing = False
                    self._cond.notify_all()


EXIT_FLUSH_LIMIT = 30.0
"""Seconds the end of the program waits for the saves asked for (a disk that never answers ends nothing)."""

_writer = _Writer()
flush = _writer.flush
atexit.register(flush, EXIT_FLUSH_LIMIT)


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

    def save(self, game: str, state: dict[str, Any], *, saved_at: str, summary: str = "",
             later: bool = False, failed: Callable[[Exception], None] | None = None) -> Path:
        """Write the save for ``game`` atomically; the previous save survives any failure.

        ``later``: only the text is made now (a state that is not JSON raises here); the
        writer thread writes it, and a disk error goes to ``failed`` (in that thread)."""
        target = self.path_for(game)
        self.directory.mkdir(parents=True, exist_ok=True)
        envelope = {
            "format": FORMAT_VERSION,
            "game": game,
            "saved_at": saved_at,
            "summary": summary,
            "state": state,
        }
        text = json.dumps(envelope, sort_keys=True, separators=(",", ":"))  # no indent: the C encoder, ~5x faster
        if later:
            _writer.put(target, text, failed)
        else:
            flush()  # after the writes asked before it
            write_atomically(target, text)
        return target

    def exists(self, game: str) -> bool:
        flush()
        return self.path_for(game).is_file()

    def load(self, game: str) -> dict[str, Any] | None:
        """The saved state of ``game``, None if there is none.

        Raises SaveError for a file that cannot be used: unreadable or malformed ones are
        first moved aside so that the next save cannot overwrite them; a save from another
        format version is left in place and refused with the reason.
        """
        path = self.path_for(game)
        flush()
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
        flush()
        try:
            envelope = json.loads(path.read_text(encoding="utf-8"))
            return SaveInfo(game, path, str(envelope.get("saved_at", "")), str(envelope.get("summary", "")))
        except (OSError, UnicodeDecodeError, ValueError, AttributeError):
            return None

    def discard(self, game: str) -> None:
        flush()
        self.path_for(game).unlink(missing_ok=True)

    def _set_aside(self, path: Path) -> Path:
        n = 1
        while (kept := path.with_name(f"{path.stem}.corrupt-{n}.json")).exists():
            n += 1
        os.replace(path, kept)
        return kept
