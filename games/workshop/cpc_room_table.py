"""The CPC room's machine at a machine host's table: it runs for as long as the room is open.

``run`` is one request that lasts the room's life: it types the keys waiting, runs the
program in slices and sends what the CPC shows (a ``Note``, at most ``FRAME`` apart while
a program runs); it holds while the room is not on screen (the screen's pause).  Keys
come as ``feed``, carried out at once beside it (``AT_ONCE``: the room's queue is
thread-safe), so a ``10 GOTO 10`` never keeps a key from the CPC.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import ClassVar

from games.host.job import Job
from games.workshop.cpc_room import CpcRoom, RoomView

SLICE = 2_000
"""BASIC statements between two looks at the keys, the pause and the stop."""
FRAME = 1 / 30
"""A running program's screen is sent at most this often."""
IDLE_WAIT = 0.25
"""The idle machine wakes this often to look at the pause and the stop."""


class CpcRoomTable:
    """One CPC switched on, its disc a folder, in the host."""

    REQUESTS: ClassVar[frozenset[str]] = frozenset({"run", "feed", "look"})
    AT_ONCE: ClassVar[frozenset[str]] = frozenset({"feed", "look"})
    STOPPED_BY: ClassVar[tuple[type[BaseException], ...]] = ()

    def __init__(self, game: str = "cpc-room", disc: str = "") -> None:
        self.room = CpcRoom(Path(disc) if disc else None)

    def picture(self) -> RoomView:
        return self.room.view()

    def look(self, job: Job) -> None:
        """Nothing to do: the answer's picture is what the CPC shows now."""

    def feed(self, job: Job, keys: str, clear_notice: bool = True) -> None:
        """Keys for the CPC (or ``BREAK``, ``RESET``); the running ``run`` types them."""
        self.room.feed(keys)
        if clear_notice:
            self.room.clear_notice()

    def run(self, job: Job) -> None:
        """Type, run and show, until the screen stops it (the room closes)."""
        room = self.room
        sent = 0.0
        while not job.stopped:
            if not job.hold_while_paused():
                return
            if not room.busy and not room.wait_for_keys(IDLE_WAIT):
                continue
            view = room.step(SLICE)
            now = time.monotonic()
            if not view.running or now - sent >= FRAME:
                sent = now
                job.note(view)
