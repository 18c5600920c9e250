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

Reading is total: whatever bytes the file holds (truncated, not UTF-8, nested a
thousand levels deep, NaN, a huge file, a summary that is not text), ``load`` and
``check`` either give an envelope or raise ``SaveError`` naming the file and the
reason, and ``info`` gives a line or None.  A damaged save that cannot be moved aside
(a read-only data directory) is left in place, remembered for the rest of the run by
path, size and modification time (``stuck``), reported once (``SaveError.reported_before``
tells the later callers), never read again while it is unchanged, and never
overwritten nor discarded by this run.

A kill during a save leaves a ``.NAME.xxxxxxxx.tmp`` file (``mkstemp``'s name) beside
the saves; the first read of a saves directory in a run removes those of our own
naming pattern whose last change is older than ``readback.STALE_TEMPORARY_SECONDS``.  A save
is written, flushed and renamed in one go within a fraction of a second, so a
temporary file untouched for that long has no writer left: another arcade running
on the same directory at that moment is writing a fresh one, which is kept.

A game saves after every move: ``save(..., later=True)`` only takes a frozen copy of
the state on the caller's thread (``marshal``, ~8x faster than the JSON encoder: the
game goes on changing its own objects while the copy waits) and leaves the rest to one
writer thread (``arcade/storage/writer.py``), in the order asked: the JSON text, the
directory, the disk (``fsync``, ``os.replace``).  So the event loop, at a turn's end, never
waits for a disk.  The copy lives in memory only: the file holds the same text as a save written at
once (hidden information is hidden by the session's ``to_save``, before the copy).  A state
already made JSON text (``StateText``: an Othello table's host encodes its own save) is put in
the envelope as it is: the arcade's process neither copies nor encodes it.
Every read (``load``, ``exists``, ``info``, ``discard``) first waits for the writes
asked before it (``flush``), and so does the end of the program.
"""

from __future__ import annotations

import json
import marshal
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from platformdirs import user_data_dir

from arcade.storage.readback import Damaged, nesting, parse_json, read_regular_file, shown, sweep_temporaries
from arcade.storage.writer import _writer, flush, save_text, write_atomically

__all__ = ["FORMAT_VERSION", "MAX_SAVE_BYTES", "Damaged", "SaveError", "SaveInfo", "SaveStore", "StateText", "data_dir",
           "flush", "nesting", "parse_json", "read_envelope", "read_regular_file", "shown", "stuck", "sweep_temporaries",
           "write_atomically"]

_NO_FOLLOW = {"follow_symlinks": False} if os.link in os.supports_follow_symlinks else {}
"""``os.link`` keeping a link a link where the system can (Linux's ``link`` does it anyway)."""

FORMAT_VERSION = 1
"""Bump when the envelope or a driver snapshot changes incompatibly."""

MAX_SAVE_BYTES = 64 * 1024 * 1024
"""Larger than any save (a CPC game's is about 50 KB): a bigger file is damaged, not read."""


class SaveError(Exception):
    """A save that cannot be used; the message names the file and says why.

    ``reported_before``: the same damaged file (left in place: it could not be moved)
    was already reported in this run; callers do not report it again."""

    def __init__(self, message: str, *, reported_before: bool = False) -> None:
        super().__init__(message)
        self.reported_before = reported_before


@dataclass(frozen=True)
class SaveInfo:
    game: str
    path: Path
    saved_at: str
    summary: str


def data_dir() -> Path:
    override = os.environ.get("ARCADE_DATA_DIR")
    return Path(override) if override else Path(user_data_dir("vintage-arcade", appauthor=False))


def read_envelope(path: Path, game: str) -> dict[str, Any]:
    """The envelope in ``path``, checked (a saved game of ``game``); ``Damaged`` or OSError if not
    (a link leading out of the saves' folder is damaged: nothing outside is read)."""
    envelope = parse_json(read_regular_file(path, MAX_SAVE_BYTES, folder=path.parent))
    if not isinstance(envelope, dict) or not isinstance(envelope.get("state"), dict):
        raise Damaged("it does not hold a saved game")
    if envelope.get("game") != game:
        raise Damaged(f"it is a save of {shown(repr(envelope.get('game')), 40)}, not {game!r}")
    return envelope


def _stamp(path: Path) -> tuple[int, int, int] | None:
    """What tells a file apart from a later one at the same path (None: no file, or no access)."""
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size, st.st_ino)


_stuck: dict[Path, tuple[tuple[int, int, int] | None, str]] = {}
"""Damaged saves that could not be moved aside in this run: path -> (stamp, the report)."""
_swept: set[Path] = set()


def stuck(path: Path) -> str | None:
    """The report of a damaged file left at ``path`` in this run, if the file there is still that one."""
    known = _stuck.get(path)
    if known is None:
        return None
    if known[0] != _stamp(path):  # replaced (or removed) since: it is read afresh
        del _stuck[path]
        return None
    return known[1]


class StateText(str):
    """A save's state already made JSON text (an object's, compact), put in the envelope as it is.

    A game whose state lives in its machine host may have the host encode it (its own process,
    beside the machine): the arcade's then neither copies nor encodes tens of kilobytes at every
    move (a Lazard save with its undo steps: ~120 KB of JSON, 1.4 ms to encode, 0.2 ms to copy)."""

    def with_member(self, name: str, value: Any) -> StateText:
        """The object with ``name: value`` as its last member (the screen's settings in a host's save)."""
        member = json.dumps(name) + ":" + save_text(value)
        return StateText(f"{self[:-1]},{member}}}" if self.strip() != "{}" else f"{{{member}}}")


def envelope_text(envelope: dict[str, Any]) -> str:
    """``save_text(envelope)``, a ``StateText`` in it put in as it is."""
    return "{" + ",".join(f"{json.dumps(key)}:{value if isinstance(value, StateText) else save_text(value)}"
                          for key, value in sorted(envelope.items())) + "}"


class SaveStore:
    """The saves directory: ``save``, ``load``, ``check``, ``info``, ``discard``."""

    def __init__(self, directory: Path | None = None) -> None:
        self.directory = Path(directory) if directory is not None else data_dir() / "saves"

    def path_for(self, game: str) -> Path:
        if not game or not all(c.isalnum() or c in "-_" for c in game):
            raise ValueError(f"not a game id: {game!r}")
        return self.directory / f"{game}.json"

    def sweep(self) -> None:
        """Once per run and directory: the temporary files of killed saves go."""
        if self.directory not in _swept:
            _swept.add(self.directory)
            sweep_temporaries(self.directory)

    def save(self, game: str, state: dict[str, Any] | StateText, *, saved_at: str, summary: str = "",
             later: bool = False, failed: Callable[[Exception], None] | None = None) -> Path:
        """Write the save for ``game`` atomically; the previous save survives any failure.

        ``later``: only a frozen copy is taken now (``marshal``: the caller may change the
        state as soon as this returns); the writer thread makes the text and writes it, and
        an error there (a disk's, or a state that is not JSON) goes to ``failed`` (in that thread).
        A damaged save that could not be moved aside is never overwritten: it is moved
        aside now, or the save is refused (``SaveError``).  A ``StateText`` state is text already:
        the envelope is made around it at once, and only the disk is left to the writer."""
        target = self.path_for(game)
        if stuck(target) is not None:
            flush()
            if self._set_aside(target) is None:
                raise SaveError(f"the damaged save {target.name} is in the way and cannot be moved aside; "
                                "this game is not saved")
            _stuck.pop(target, None)
        envelope = {
            "format": FORMAT_VERSION,
            "game": game,
            "saved_at": saved_at,
            "summary": summary,
            "state": state,
        }
        if later and isinstance(state, StateText):
            _writer.put(target, envelope_text(envelope), failed)  # text already: written as it is (its folder made there)
        elif later:
            _writer.put(target, marshal.dumps(envelope), failed)  # ValueError: not plain data
        else:
            text = envelope_text(envelope) if isinstance(state, StateText) else save_text(envelope)
            self.directory.mkdir(parents=True, exist_ok=True)
            flush()  # after the writes asked before it
            write_atomically(target, text)
        return target

    def exists(self, game: str) -> bool:
        flush()
        try:
            return self.path_for(game).is_file()
        except OSError:
            return False

    def check(self, game: str) -> SaveInfo | None:
        """The launcher's line for ``game``'s save (None: no save), its envelope read and checked.

        Raises SaveError as ``load`` does (the damaged file kept aside, or left and remembered)."""
        envelope = self._envelope(game)
        if envelope is None:
            return None
        return SaveInfo(game, self.path_for(game), shown(envelope.get("saved_at"), 40), shown(envelope.get("summary")))

    def load(self, game: str) -> dict[str, Any] | None:
        """The saved state of ``game``, None if there is none.

        Raises SaveError for a file that cannot be used: unreadable, malformed ones, and
        saves from another format version, are first moved aside so that the next save
        cannot overwrite them (or, if they cannot be moved, left in place, remembered and
        reported once)."""
        envelope = self._envelope(game)
        return None if envelope is None else envelope["state"]

    def info(self, game: str) -> SaveInfo | None:
        """What the launcher shows about a save, without moving anything: None if there is none
        or it cannot be read (never raises)."""
        try:
            path = self.path_for(game)
            flush()
            if stuck(path) is not None:
                return None
            envelope = read_envelope(path, game)
            if envelope.get("format") != FORMAT_VERSION:
                return None
            return SaveInfo(game, path, shown(envelope.get("saved_at"), 40), shown(envelope.get("summary")))
        except Exception:  # noqa: BLE001 - a line for the launcher: any failure is "no line"
            return None

    def discard(self, game: str) -> None:
        """Remove the save of ``game`` (a finished game); a damaged file left in place stays."""
        flush()
        path = self.path_for(game)
        if stuck(path) is None:
            path.unlink(missing_ok=True)

    def keep_aside(self, game: str, reason: str) -> str:
        """A save that read but cannot be used: moved aside (its new name said) or left in place
        and remembered for the run; the sentence to report."""
        path = self.path_for(game)
        flush()  # no write of this game still on its way
        kept = self._set_aside(path, "unusable")
        if kept is not None:
            return f"The save {path.name} {reason}; it was kept as {kept.name}"
        report = f"The save {path.name} {reason}; it could not be moved aside, so it is left in place and not read again"
        _stuck[path] = (_stamp(path), report)
        return report

    def _envelope(self, game: str) -> dict[str, Any] | None:
        path = self.path_for(game)
        flush()
        self.sweep()
        known = stuck(path)
        if known is not None:
            raise SaveError(known, reported_before=True)
        try:
            if not path.is_file():
                return None
            envelope = read_envelope(path, game)
        except (OSError, Damaged) as error:
            reason = str(error) if isinstance(error, Damaged) else (error.strerror or str(error))
            raise self._refused(path, f"could not be read ({reason})") from None
        version = envelope.get("format")
        if version != FORMAT_VERSION:
            raise self._refused(path, f"was written by format version {shown(repr(version), 20)} of the arcade "
                                      f"and this one reads version {FORMAT_VERSION}")
        return envelope

    def _refused(self, path: Path, why: str) -> SaveError:
        """Keep ``path`` aside (or leave and remember it) and say so."""
        kept = self._set_aside(path)
        if kept is not None:
            return SaveError(f"the save {path.name} {why}; it was kept as {kept.name}")
        message = (f"the save {path.name} {why}; it could not be moved aside (read-only?), so it is left "
                   "in place and not read again in this run")
        _stuck[path] = (_stamp(path), message)
        return SaveError(message)

    def _set_aside(self, path: Path, label: str = "corrupt") -> Path | None:
        """Move ``path`` to ``NAME.LABEL-N.json`` (a new N: nothing kept is overwritten); None if it cannot be."""
        for n in range(1, 100_000):
            kept = path.with_name(f"{path.stem}.{label}-{n}.json")
            try:
                if os.path.lexists(kept):
                    continue
                # fails if another run took that name meanwhile: never overwritten; a link is kept as a
                # link (following it would bring a file from outside the folder into it)
                os.link(path, kept, **_NO_FOLLOW)
            except FileExistsError:
                continue
            except OSError:  # no hard links here (or no right to write): a plain rename
                try:
                    if os.path.lexists(kept):
                        continue
                    os.replace(path, kept)
                except OSError:
                    return None
                return kept
            try:
                os.unlink(path)
            except OSError:
                try:
                    os.unlink(kept)
                except OSError:
                    pass
                return None
            return kept
        return None
