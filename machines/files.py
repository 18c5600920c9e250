"""The player's files (cards, notebook pages, disc listings): read and written so that no file can hurt.

A folder the arcade keeps files in may hold anything by the time it is read: a FIFO under
a card's name (an ``open`` that never returns), a 300 MB card, a symbolic link to
``/dev/zero`` (a read that never ends) or to a file outside the folder, a directory, a
file nobody may read.  And a folder the arcade writes in may hold a link planted under
the name of the temporary file it is about to write.  Here is the one way the machines,
the games and the arcade read and write those files:

- ``read_file`` reads only a regular file, at most ``limit`` bytes (each kind of file
  says its bound: a card, a page, a disc file), never blocking on opening (a FIFO), and
  never through a link leading out of ``folder``;
- ``files_in`` lists the regular files of a folder (links staying inside it included);
- ``write_file`` writes a new file under a random name created exclusively (``O_EXCL``,
  ``O_NOFOLLOW``), then renames it over the old one, which is first kept under a backup
  name (``NAME.BAK`` as AMSDOS did): nothing outside the folder is ever written.

Each refusal is a ``FileRefused`` (an ``OSError``, so a caller's ``except OSError`` says it)
whose message says what the file is and why it is not read or written.
"""

from __future__ import annotations

import os
import secrets
import stat
from pathlib import Path

__all__ = ["FileRefused", "backup_of", "files_in", "inside", "read_file", "read_head", "write_file"]

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)


class FileRefused(OSError):
    """A file the arcade will not read or write; the message names it and says why (``reason``:
    the same words without the name, for a caller that names the file its own way)."""

    reason: str = ""


def _refused(name: str, reason: str) -> FileRefused:
    error = FileRefused(f"{name} {reason}")
    error.reason = reason
    return error


def _kind(mode: int) -> str:
    """What a file that is not a regular file is, in words."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"


def inside(path: Path, folder: Path) -> bool:
    """``path``, its links followed, lies in ``folder`` (its own links followed too)."""
    real = os.path.realpath(path)
    root = os.path.realpath(folder)
    return os.path.commonpath([real, root]) == root and real != root


def _resolved(path: Path, folder: Path | None) -> Path:
    """The file to open: ``path`` itself, or, when ``folder`` is given, where its links lead, which
    must lie inside ``folder`` (a link out is refused)."""
    if folder is None:
        return path
    if not inside(path, folder):
        raise _refused(path.name, f"leads out of its folder (a link to {os.path.realpath(path)})")
    return Path(os.path.realpath(path))


def read_file(path: str | os.PathLike[str], limit: int, *, folder: Path | None = None) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them, or ``FileRefused`` saying
    why not: not a regular file (a FIFO is opened without blocking and never read), longer than
    ``limit`` (never read whole: a sparse or growing file is cut at ``limit + 1``), or, with
    ``folder``, a link leading out of it.  A missing or unreadable file is the usual ``OSError``."""
    return _read(Path(path), limit, folder, whole=True)


def read_head(path: str | os.PathLike[str], count: int, *, folder: Path | None = None) -> bytes:
    """The first ``count`` bytes (or fewer) of the regular file ``path``, whatever its length: to
    tell a kind of file by its first line; refused as ``read_file`` refuses, but for the length."""
    return _read(Path(path), count, folder, whole=False)


def _read(path: Path, limit: int, folder: Path | None, *, whole: bool) -> bytes:
    target = _resolved(path, folder)
    flags = os.O_RDONLY | _NONBLOCK | _CLOEXEC | getattr(os, "O_NOCTTY", 0)
    if folder is not None:
        flags |= _NOFOLLOW  # resolved above: a link swapped in since is not followed
    try:
        fd = os.open(target, flags)
    except OSError as error:
        if error.filename is None:
            error.filename = str(path)
        raise
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise _refused(path.name, f"is {_kind(st.st_mode)}, not a regular file")
    except BaseException:
        os.close(fd)
        raise
    with os.fdopen(fd, "rb") as handle:
        if not whole:
            return handle.read(limit)
        if st.st_size > limit:
            raise _refused(path.name, f"is {st.st_size:,} bytes long, more than any such file holds ({limit:,})")
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise _refused(path.name, f"is more than {limit:,} bytes long, more than any such file holds")
    return data


def files_in(folder: Path, suffixes: tuple[str, ...] = ()) -> list[Path]:
    """The regular files of ``folder`` (whose name ends in one of ``suffixes``, any case), sorted by
    name: links only when they lead to a regular file inside ``folder``; nothing for a folder that
    cannot be read.  Nothing is opened (a FIFO is seen, never waited for)."""
    wanted = tuple(s.lower() for s in suffixes)
    found: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return []
    for entry in entries:
        if wanted and not entry.name.lower().endswith(wanted):
            continue
        try:
            if entry.is_symlink():
                path = Path(entry.path)
                if not inside(path, folder) or not stat.S_ISREG(os.stat(path).st_mode):
                    continue
            elif not entry.is_file(follow_symlinks=False):
                continue
        except (OSError, ValueError):
            continue
        found.append(Path(entry.path))
    return sorted(found, key=lambda p: p.name)


def backup_of(path: Path, suffix: str = ".BAK") -> Path:
    """Where the previous version of ``path`` is kept: its name with ``suffix`` for its extension."""
    return path.with_suffix(suffix)


def _create_exclusively(folder: Path, stem: str) -> tuple[int, Path]:
    """A new file of a random name in ``folder``, opened for writing: never an existing file nor a link."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC
    for _ in range(100):
        temporary = folder / f".{stem}.{secrets.token_hex(4)}.tmp"
        try:
            return os.open(temporary, flags, 0o644), temporary
        except FileExistsError:
            continue
    raise _refused(str(folder), "has no room for a temporary file")


def write_file(path: str | os.PathLike[str], data: bytes, *, folder: Path | None = None,
               backup: str | None = ".BAK") -> Path | None:
    """Put ``data`` in ``path`` whole or not at all; the previous version, if ``path`` was a file,
    is kept as ``backup_of(path, backup)`` (none if ``backup`` is None); returns where it was kept.

    The data goes to a new file of a random name, created exclusively and never through a link,
    flushed, then renamed over ``path`` (a rename replaces a link, it never writes through one).
    ``FileRefused`` if ``path`` is a folder, a FIFO or a device, or ``folder`` is given and
    ``path`` is not directly in it."""
    path = Path(path)
    parent = path.parent
    if folder is not None and os.path.realpath(parent) != os.path.realpath(folder):
        raise _refused(path.name, f"is not in the folder {folder}")
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        st = None
    if st is not None and not (stat.S_ISREG(st.st_mode) or stat.S_ISLNK(st.st_mode)):
        raise _refused(path.name, f"is {_kind(st.st_mode)}: it is not written over")
    fd, temporary = _create_exclusively(parent, path.stem)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        kept = None
        if backup is not None and st is not None and stat.S_ISREG(st.st_mode):
            kept = _keep_previous(path, backup_of(path, backup))
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    return kept


def _keep_previous(path: Path, kept: Path) -> Path:
    """A second name for the file at ``path`` (a hard link: the file stays where it is until
    replaced, so a crash meanwhile loses nothing); an old backup there goes, a link included."""
    try:
        st = os.lstat(kept)
    except FileNotFoundError:
        st = None
    if st is not None:
        if not (stat.S_ISREG(st.st_mode) or stat.S_ISLNK(st.st_mode)):
            raise _refused(kept.name, f"is {_kind(st.st_mode)}: the previous {path.name} cannot be kept there")
        os.unlink(kept)
    try:
        if os.link not in os.supports_follow_symlinks:
            raise OSError("no link(2) that keeps a link a link here")
        os.link(path, kept, follow_symlinks=False)
    except OSError:  # no hard links on this file system: a copy, made as carefully
        data = read_file(path, os.lstat(path).st_size)
        fd, temporary = _create_exclusively(path.parent, kept.stem)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
            os.replace(temporary, kept)
        except BaseException:
            temporary.unlink(missing_ok=True)
            raise
    return kept
