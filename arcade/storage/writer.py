"""The saves' writer: one thread writing saves atomically, in the order they were asked.

``arcade/storage/saves.py`` says what a save is and reads them; here is how one reaches the disk.
``write_atomically`` writes a temporary file beside the target, flushes it to disk and
renames it over the target.  ``_writer`` is the thread ``SaveStore.save(..., later=True)``
hands a ``marshal`` copy to (the event loop never waits for a disk); it makes the JSON
(``save_text``) and writes it.  ``flush`` waits for everything asked so far (every read
does, and so does the end of the program).
"""

from __future__ import annotations

import atexit
import json
import marshal
import os
import tempfile
import threading
from collections import deque
from pathlib import Path
from typing import Any, Callable

__all__ = ["flush", "save_text", "write_atomically"]


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


def save_text(envelope: dict[str, Any]) -> str:
    """A save's text: compact JSON with sorted keys (no indent: the C encoder, ~5x faster)."""
    return json.dumps(envelope, sort_keys=True, separators=(",", ":"))


_Item = tuple[Path, "str | bytes", "Callable[[Exception], None] | None"]
"""A queued save: where, what (``marshal`` bytes of the envelope, or text), who hears of a failure."""


class _Writer:
    """One thread writing saves in the order they were asked; ``flush`` waits for all of them."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._queue: deque[_Item] = deque()
        self._writing = False
        self._thread: threading.Thread | None = None

    def put(self, path: Path, text: str | bytes, failed: Callable[[Exception], None] | None) -> None:
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
                if isinstance(text, bytes):
                    text = save_text(marshal.loads(text))  # not JSON: reported here
                path.parent.mkdir(parents=True, exist_ok=True)  # here, not on the event loop: a disk call
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
