"""A game's table at a machine host, driven as a screen would: a request, its news, its answer.

Shared by the TI-57 tables' tests.  Every news arrives through the real wire (pickled), from a
host in a thread of the test (``own_process=False``: the same server) or in its own process.
"""

from __future__ import annotations

import queue
import time
from dataclasses import dataclass
from typing import Any

from games.host.client import HostClient
from games.host.news import Answer, Note, Started

BOUND = 20.0  # seconds: a generous bound on a wait, never a measure


@dataclass(frozen=True)
class Reply:
    """A request's end and the notes told before it, in order."""

    answer: Answer
    notes: tuple[Any, ...]

    @property
    def picture(self) -> Any:
        return self.answer.picture

    @property
    def outcome(self) -> str:
        return self.answer.outcome


class TableAtHost:
    """One host with one game's table open."""

    def __init__(self, game: str, *, own_process: bool = False, **options: Any) -> None:
        self.news: queue.Queue[Any] = queue.Queue()
        self.client = HostClient(self.news.put, own_process=own_process)
        self.client.start()
        self.next_news(Started)
        opened = self.wait(self.client.open(game, **options))
        assert opened.outcome == "done", opened.answer.trace or opened.answer.text
        self.opened = opened

    @property
    def table(self) -> Any:
        """The table itself (a host in a thread only): the test's look behind the screen."""
        assert self.client.host is not None
        return self.client.host.table

    def next_news(self, kind: type | tuple[type, ...], serial: int | None = None) -> Any:
        end = time.monotonic() + BOUND
        while time.monotonic() < end:
            try:
                news = self.news.get(timeout=0.05)
            except queue.Empty:
                continue
            if isinstance(news, kind) and (serial is None or getattr(news, "serial", None) == serial):
                return news
        raise AssertionError(f"no {kind} within {BOUND} s")

    def send(self, name: str, *args: Any, **kwargs: Any) -> int:
        return self.client.request(name, *args, **kwargs)

    def wait(self, serial: int) -> Reply:
        """Everything the request ``serial`` tells, until its answer."""
        notes = []
        while True:
            news = self.next_news((Note, Answer), serial)
            if isinstance(news, Answer):
                return Reply(news, tuple(notes))
            notes.append(news.payload)

    def ask(self, name: str, *args: Any, **kwargs: Any) -> Reply:
        return self.wait(self.send(name, *args, **kwargs))

    def done(self, name: str, *args: Any, **kwargs: Any) -> Reply:
        """``ask``, which must be carried out."""
        reply = self.ask(name, *args, **kwargs)
        assert reply.outcome == "done", f"{name}: {reply.outcome} {reply.answer.text} {reply.answer.trace}"
        return reply

    def refused(self, name: str, *args: Any, **kwargs: Any) -> Reply:
        reply = self.ask(name, *args, **kwargs)
        assert reply.outcome == "refused", f"{name}: {reply.outcome} {reply.answer.trace}"
        return reply

    def close(self) -> None:
        self.client.close()

    def __enter__(self) -> TableAtHost:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()
