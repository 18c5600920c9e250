"""Hostile kinds of file, made on demand under a name in a folder: what the arcade's readers meet.

``plant(kind, path, outside, good)`` puts at ``path`` one of ``KINDS``; ``outside`` is a folder
out of the arcade's (for the links out), ``good`` the bytes of a file the reader would accept.
Shared by the tests of ``machines.files`` and of each reader and writer built on it.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any, Callable

HUGE = 300 * 1024 * 1024
"""A sparse file of this many bytes (the 300 MB card that froze the arcade): no disc space used."""

KINDS = ("fifo", "link_out", "dev_zero", "huge_sparse", "directory", "dangling_link_out", "link_to_fifo",
         "link_to_folder_out", "unreadable")
"""Every kind a reader must refuse without waiting, without reading it whole, and with a clear message."""

ACCEPTED = ("regular", "link_in")
"""The kinds a reader takes as the file itself."""


def plant(kind: str, path: Path, outside: Path, good: bytes) -> None:
    """Put a file of ``kind`` at ``path`` (``outside`` holds what links out point to)."""
    outside.mkdir(parents=True, exist_ok=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "regular":
        path.write_bytes(good)
    elif kind == "link_in":
        real = path.parent / f"real-{path.name}"
        real.write_bytes(good)
        path.symlink_to(real.name)
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "link_out":
        secret = outside / f"secret-{path.name}"
        secret.write_bytes(good)
        path.symlink_to(secret)
    elif kind == "dev_zero":
        path.symlink_to("/dev/zero")
    elif kind == "huge_sparse":
        with open(path, "wb") as handle:
            handle.write(good)
            handle.truncate(HUGE)
    elif kind == "directory":
        path.mkdir()
    elif kind == "dangling_link_out":
        path.symlink_to(outside / f"nothing-{path.name}")
    elif kind == "link_to_fifo":
        fifo = path.parent / f"fifo-{path.name}"
        os.mkfifo(fifo)
        path.symlink_to(fifo.name)
    elif kind == "link_to_folder_out":
        path.symlink_to(outside)
    elif kind == "unreadable":
        path.write_bytes(good)
        path.chmod(0)
    else:
        raise ValueError(kind)


def unreadable_is_readable() -> bool:
    """Root reads a file of mode 000: the ``unreadable`` kind then tests nothing."""
    return os.geteuid() == 0 if hasattr(os, "geteuid") else False


def outside_files(outside: Path) -> dict[str, bytes]:
    """What the folder out of the arcade's holds, to compare before and after (files only)."""
    return {p.name: p.read_bytes() for p in sorted(outside.iterdir()) if p.is_file() and not p.is_symlink()}


GENEROUS = 120.0
"""Seconds a read may take before it counts as blocked (a bound on a condition, never a duration asserted)."""


def finished(action: Callable[[], Any]) -> Any:
    """``action()``'s result, run in a thread: a reader that blocks (a FIFO opened for reading) fails
    the test instead of hanging the suite."""
    box: dict[str, Any] = {}

    def run() -> None:
        try:
            box["result"] = action()
        except BaseException as error:  # noqa: BLE001 - handed back to the test
            box["error"] = error

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(GENEROUS)
    assert not thread.is_alive(), "the reader blocked"
    if "error" in box:
        raise box["error"]
    return box.get("result")
