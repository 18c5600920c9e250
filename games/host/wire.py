"""Framed pickles over a pair of pipes: how a screen and its own host process talk.

Both ends are this arcade's own processes on one machine (the host is the screen's
child), so its own objects cross as pickles: a 4-byte length, then the pickle.  Nothing
that comes from a network ever goes through here.
"""

from __future__ import annotations

import os
import pickle
import struct
import threading
from typing import Any

HEADER = struct.Struct(">I")
LARGEST = 256 * 1024 * 1024
"""The largest message either end accepts (a CPC game's save with its undo steps is well under 1 MB)."""


class WireClosed(EOFError):
    """The other end has closed its pipe (or sent something that is not a message)."""


class Wire:
    """One end: reads from ``read_fd``, writes to ``write_fd`` (each owned by the wire)."""

    def __init__(self, read_fd: int, write_fd: int) -> None:
        self.read_fd = read_fd
        self.write_fd = write_fd
        self._write_lock = threading.Lock()
        self.closed = False

    def send(self, message: Any) -> None:
        data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
        if len(data) > LARGEST:
            raise ValueError(f"a message of {len(data)} bytes is over the wire's {LARGEST}")
        frame = HEADER.pack(len(data)) + data
        with self._write_lock:
            if self.closed:  # never a write to a closed descriptor: its number may be another pipe's by now
                raise WireClosed("the wire is closed")
            view = memoryview(frame)
            while view:
                try:
                    written = os.write(self.write_fd, view)
                except (BrokenPipeError, OSError) as error:
                    raise WireClosed(str(error)) from None
                view = view[written:]

    def _read_exactly(self, n: int) -> bytes:
        chunks: list[bytes] = []
        while n:
            try:
                chunk = os.read(self.read_fd, min(n, 1 << 20))
            except OSError as error:
                raise WireClosed(str(error)) from None
            if not chunk:
                raise WireClosed("end of the pipe")
            chunks.append(chunk)
            n -= len(chunk)
        return b"".join(chunks)

    def recv(self) -> Any:
        (size,) = HEADER.unpack(self._read_exactly(HEADER.size))
        if size > LARGEST:
            raise WireClosed(f"a message of {size} bytes announced: not this arcade's")
        return pickle.loads(self._read_exactly(size))

    def close(self) -> None:
        """Close both ends (call it once the thread reading this wire has ended: a descriptor's number
        is reused by the next pipe opened, and a read still under way would take that pipe's data)."""
        with self._write_lock:
            if self.closed:
                return
            self.closed = True
            for fd in {self.read_fd, self.write_fd}:
                try:
                    os.close(fd)
                except OSError:
                    pass
