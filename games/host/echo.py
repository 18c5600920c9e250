"""A table with no game, for the host's own tests and bench: it counts, sleeps, fails and grows.

It stands for a machine that runs in slices (``count``), a wait (``wait``), a refusal, a
fault and a crash of the whole host, so the protocol is tested with no emulator behind it.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, ClassVar

from games.host.job import Job
from games.session import Refused


@dataclass(frozen=True)
class EchoPicture:
    total: int
    calls: int


class EchoTable:
    REQUESTS: ClassVar[frozenset[str]] = frozenset({"count", "wait", "refuse", "fail", "crash", "note", "pid"})
    STOPPED_BY: ClassVar[tuple[type[BaseException], ...]] = ()

    def __init__(self, game: str = "echo", start: int = 0) -> None:
        self.total = start
        self.calls = 0

    def picture(self) -> EchoPicture:
        return EchoPicture(self.total, self.calls)

    def count(self, job: Job, steps: int, slice_steps: int = 100) -> int:
        """Run ``steps`` steps in slices; a stop leaves the total as before (as a machine's turn)."""
        self.calls += 1
        done = 0
        job.total = steps
        while done < steps:
            done += min(slice_steps, steps - done)
            if not job.go_on(done):
                job.check()
        self.total += steps
        return self.total

    def wait(self, job: Job, seconds: float) -> bool:
        self.calls += 1
        if not job.sleep(seconds):
            job.check()
        return True

    def note(self, job: Job, payload: Any, held: bool = False, then_wait: float = 0.0) -> Any:
        """``payload`` as news before the end (``held``: news the request may outrun), then a wait."""
        job.note(payload, held=held)
        if then_wait and not job.sleep(then_wait):
            job.check()
        return payload

    def refuse(self, job: Job, why: str) -> None:
        raise Refused(why)

    def fail(self, job: Job, why: str) -> None:
        raise RuntimeError(why)

    def crash(self, job: Job, status: int = 3) -> None:
        os._exit(status)

    def pid(self, job: Job) -> int:
        return os.getpid()
