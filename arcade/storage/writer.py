"""The saves' writer: one thread turning saves into JSON and writing them atomically, in order.

``arcade/storage/saves.py`` says what a save is and reads them; here is how one reaches the disk.
``write_atomically`` writes a temporary file beside the target, flushes it to disk and
renames it over the target.  ``_writer`` is the thread ``SaveStore.save(..., later=True)``
hands a ``marshal`` copy to; ``flush`` waits for everything asked so far (every read
does, and so does the end of the program).  The JSON is made a piece at a time
(``save_text_in_pieces``), the writer resting between pieces and taking again the JSON of
the large parts that did not change since that file's last save, and a save waits for the
frame of the turn it follows (``not_before``): it shares the interpreter with the event
loop, and a turn's frames took twice as long while a save was written.
"""

from __future__ import annotations

import atexit
import json
import marshal
import os
import tempfile
import threading
import time
from collections import deque
from pathlib import Path
from typing import Any, Callable

__all__ = ["NOT_BEFORE_LIMIT", "PIECE", "flush", "save_text", "save_text_in_pieces", "write_atomically"]


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


_encode = json.JSONEncoder(sort_keys=True, separators=(",", ":")).encode

SPLIT_DEPTH = 5
"""Containers down to this depth are encoded piece by piece (``save_text_in_pieces``)."""
PIECE = 16_384
"""Characters encoded between two moments the writer lets the other threads run."""
GIVE_WAY = 0.001
"""Seconds the writer rests after each piece: it takes the interpreter ~0.3 ms in every 1.3."""


def _give_way() -> None:
    time.sleep(GIVE_WAY)  # the GIL to the event loop for a while: a frame, a key (the save can wait)


KEEP_FROM, KEEP_UP_TO = 4096, 65536
"""Items of a list whose ``marshal`` copy weighs this many bytes have their JSON kept for the next
saves: an undo step (a CPC snapshot is some 16 kB)."""
KEPT_SAVES = 3
"""The JSON kept for a file weighs at most this many times its last save (the oldest parts go first)."""


def save_text_in_pieces(envelope: dict[str, Any], give_way: Callable[[], None] | None = None,
                        kept: dict[bytes, str] | None = None) -> str:
    """``save_text(envelope)``, the same text, encoded a piece at a time, the interpreter given
    to the other threads after every ``PIECE`` characters or so.

    The C encoder holds the interpreter (the GIL) for a whole call: a Lazard save with its
    undo steps (150-300 KB of JSON) held it 4-10 ms, while the screen drew the turn's end
    and a key pressed meanwhile waited for it.  Dicts and lists down to ``SPLIT_DEPTH`` are
    put together here from their items' JSON, as ``json.dumps`` does (sorted keys, no
    spaces); what lies deeper, or a dict whose keys are not all strings, is one call.  The
    writer rests ``GIVE_WAY`` after each piece: it shared the interpreter evenly with the
    event loop before, and a turn's frames took twice as long while a save was written.
    ``give_way`` is what it does between two pieces (by default, that rest).

    ``kept``: the JSON of the large items of lists in the saves before (by their ``marshal``
    copy, of ``KEEP_FROM`` to ``KEEP_UP_TO`` bytes), taken again for any that has not changed;
    this save's are added, the newest last, and the oldest go once ``kept`` weighs
    ``KEPT_SAVES`` times this save.  A game is saved after every turn with its undo steps, and
    only the newest step is new: a Lazard save took 3.2 ms a turn to encode, 1.75 with the
    steps kept (a whole game, headless).  Two values with the same ``marshal`` copy are equal,
    types included (1, 1.0 and True differ there), so their JSON is the same text.  A list's
    small items (under ``KEEP_FROM``) are encoded in one call each."""
    pieces: list[str] = []
    done = 0
    rest = give_way or _give_way

    def add(text: str) -> None:
        nonlocal done
        pieces.append(text)
        done += len(text)
        if done >= PIECE:
            done = 0
            rest()

    def item(value: Any, depth: int) -> None:
        """An item of a list: its JSON taken from ``kept`` if it is there."""
        if kept is None or not isinstance(value, (dict, list, tuple)):
            encode(value, depth)
            return
        try:
            key = marshal.dumps(value, 0)  # version 0: no references nor interning, the same bytes for equal values
        except ValueError:  # not plain data: json says what (below)
            key = b""
        if len(key) < KEEP_FROM:
            add(_encode(value))  # small: one call
            return
        if len(key) > KEEP_UP_TO:
            encode(value, depth)
            return
        text = kept.pop(key, None)
        if text is None:
            start = len(pieces)
            encode(value, depth)
            text = "".join(pieces[start:])
        else:
            add(text)
        kept[key] = text  # the newest last

    def encode(value: Any, depth: int) -> None:
        if depth < SPLIT_DEPTH and isinstance(value, dict) and all(isinstance(k, str) for k in value):
            pieces.append("{")
            for i, key in enumerate(sorted(value)):
                pieces.append(("," if i else "") + _encode(key) + ":")
                encode(value[key], depth + 1)
            pieces.append("}")
        elif depth < SPLIT_DEPTH and isinstance(value, (list, tuple)):
            pieces.append("[")
            for i, each in enumerate(value):
                if i:
                    pieces.append(",")
                item(each, depth + 1)
            pieces.append("]")
        else:
            add(_encode(value))

    encode(envelope, 0)
    whole = "".join(pieces)
    if kept:
        size = sum(len(text) for text in kept.values())
        for key in list(kept):  # the oldest first
            if size <= KEPT_SAVES * len(whole):
                break
            size -= len(kept.pop(key))
    return whole


_Item = tuple[Path, "str | bytes | dict[str, Any]", "Callable[[Exception], None] | None", "threading.Event | None",
              "Callable[[], None] | None"]
"""A queued save: where, what (``marshal`` bytes or text), who hears of a failure, ``not_before``, ``between``."""


class _Writer:
    """One thread writing saves in the order they were asked; ``flush`` waits for all of them.

    A queued save is ``bytes`` (a ``marshal`` copy of the envelope: made into text here),
    a ``dict`` (an envelope handed over: nothing else holds it, made into text here too)
    or ``str`` (text already).  A save may come with ``not_before`` (an event: the frame of
    the turn it follows) and ``between`` (called before the save and between its pieces: it
    waits while a key is on its way to the screen); ``flush`` lifts both."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._queue: deque[_Item] = deque()
        self._writing = False
        self._hurry = 0  # flushes waiting: nothing waits for a frame or a key meanwhile
        self._gate: threading.Event | None = None  # what the save being written waits for
        self._thread: threading.Thread | None = None
        self._kept: dict[Path, dict[bytes, str]] = {}  # each file's large parts as last written (save_text_in_pieces)

    def put(self, path: Path, text: str | bytes | dict[str, Any], failed: Callable[[Exception], None] | None,
            not_before: threading.Event | None = None, between: Callable[[], None] | None = None) -> None:
        with self._cond:
            self._queue.append((path, text, failed, not_before, between))
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="arcade-saves", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait for the writes asked so far (none waits for its ``not_before`` any more); False
        if ``timeout`` seconds passed first."""
        with self._cond:
            self._hurry += 1
            try:
                for _path, _text, _failed, gate, _between in self._queue:
                    if gate is not None:
                        gate.set()
                if self._gate is not None:
                    self._gate.set()
                return self._cond.wait_for(lambda: not (self._queue or self._writing), timeout)
            finally:
                self._hurry -= 1

    def _courteous(self, between: Callable[[], None] | None) -> Callable[[], None]:
        """What the writer does between two pieces of a save: rest, then ``between()`` unless a flush waits."""

        def give_way() -> None:
            _give_way()
            if between is not None and not self._hurry:
                between()

        return give_way

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._queue:
                    self._cond.wait()
                path, text, failed, gate, between = self._queue.popleft()
                self._writing = True
                self._gate = gate
            try:
                if gate is not None:
                    gate.wait(NOT_BEFORE_LIMIT)
                if between is not None and not self._hurry:
                    between()
                if not isinstance(text, str):
                    envelope = marshal.loads(text) if isinstance(text, bytes) else text
                    text = save_text_in_pieces(envelope, self._courteous(between),  # not JSON: reported here
                                               self._kept.setdefault(path, {}))
                    path.parent.mkdir(parents=True, exist_ok=True)
                write_atomically(path, text)
            except Exception as error:  # noqa: BLE001 - reported; the writer lives on (flush never hangs)
                if failed is not None:
                    failed(error)
            finally:
                with self._cond:
                    self._writing = False
                    self._gate = None
                    self._cond.notify_all()


NOT_BEFORE_LIMIT = 0.25
"""Longest a save waits for its ``not_before`` (the screen's next frame) before it is written anyway."""

EXIT_FLUSH_LIMIT = 30.0
"""Seconds the end of the program waits for the saves asked for (a disk that never answers ends nothing)."""

_writer = _Writer()
flush = _writer.flush
atexit.register(flush, EXIT_FLUSH_LIMIT)
