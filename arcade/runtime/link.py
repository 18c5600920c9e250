"""``TableLink``: a screen's machine host, the game open at it, and the request under way.

A game screen holds one link (composition, not a base class).  The link starts the host
-- a child process, or a thread of this one where a test asks for it -- opens the game's
table, sends requests, and posts everything the host says to its screen as one Textual
message, ``TableNews``, handled on the event loop.  Only the latest request is waited
for: news of a request replaced since (a new game over a machine's turn) is still a
picture of the game, but no longer an end to act on.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from textual.message import Message
from textual.message_pump import MessagePump

from games.host.client import HostClient
from games.host.news import Answer

HOST_MODE_VARIABLE = "ARCADE_MACHINE_HOST"
"""``thread`` runs the host in a thread of the arcade's process (the tests' default: no process to
start per test); anything else, a process of its own."""


@dataclass
class TableNews(Message):
    """What the host said (``games.host.news``), and the kind of request it was about ('' none)."""

    news: Any
    kind: str = ""


@dataclass
class Running:
    serial: int
    kind: str


class TableLink:
    """One screen's host and table."""

    def __init__(self, owner: MessagePump, game: str, **options: Any) -> None:
        self.owner = owner
        self.game = game
        self.options = options
        self.client: HostClient | None = None
        self.running: Running | None = None
        self.picture: Any = None
        self._kinds: dict[int, str] = {}
        self._pacing: dict[str, bool] = {}  # the screen's pause and speed, sent again to a new host

    @staticmethod
    def own_process() -> bool:
        return os.environ.get(HOST_MODE_VARIABLE, "process") != "thread"

    def start(self) -> None:
        """Start the host and open the game (at once: requests wait in order behind the opening)."""
        if self.client is not None and self.client.running:
            return
        self.client = HostClient(self._heard, own_process=self.own_process())
        self.client.start()
        if self._pacing:
            self.client.pace(**self._pacing)
        serial = self.client.new_serial()
        self._kinds[serial] = "open"
        self.client.open(self.game, serial=serial, **self.options)

    def _heard(self, news: Any) -> None:
        """On the client's reader thread: to the screen, as a message (thread-safe)."""
        kind = self._kinds.get(getattr(news, "serial", -1), "")
        self.owner.post_message(TableNews(news, kind))

    def request(self, kind: str, name: str, *args: Any, **kwargs: Any) -> int:
        """Send ``name``; it becomes the request under way (``kind`` names it for the screen)."""
        serial = self._send(kind, name, args, kwargs)
        self.running = Running(serial, kind)
        return serial

    def _send(self, kind: str, name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> int:
        self.start()
        assert self.client is not None
        serial = self.client.new_serial()
        self._kinds[serial] = kind  # noted first: the answer may come back before ``send_request`` returns
        self.client.send_request(serial, name, args, kwargs)
        return serial

    def ask(self, kind: str, name: str, *args: Any, **kwargs: Any) -> int:
        """Send ``name`` without making it the request under way (a quick question beside it)."""
        return self._send(kind, name, args, kwargs)

    @property
    def waiting(self) -> bool:
        """Something sent is not answered yet (or its answer not yet taken by the screen)."""
        return bool(self._kinds)

    @property
    def unanswered(self) -> frozenset[int]:
        """The serials of what was sent and is not answered yet (or its answer not yet taken by the screen)."""
        return frozenset(self._kinds)

    def is_current(self, news: Any) -> bool:
        return self.running is not None and getattr(news, "serial", None) == self.running.serial

    def ended(self, answer: Answer) -> bool:
        """Take an answer's picture; True if it ends the request under way (then none is)."""
        self._kinds.pop(answer.serial, None)
        if answer.picture is not None:
            self.picture = answer.picture
        if self.is_current(answer):
            self.running = None
            return True
        return False

    def stop(self) -> bool:
        """Ask the request under way to stop (it ends as stopped); False if none runs."""
        if self.running is None or self.client is None:
            return False
        self.client.stop(self.running.serial)
        return True

    def forget(self) -> None:
        """The request under way is no longer waited for (a new game): stopped, its end ignored."""
        self.stop()
        self.running = None

    def pace(self, *, paused: bool | None = None, instant: bool | None = None) -> None:
        """The pause and the speed, from now on (kept for the host started later)."""
        if paused is not None:
            self._pacing["paused"] = paused
        if instant is not None:
            self._pacing["instant"] = instant
        if self.client is not None:
            self.client.pace(paused=paused, instant=instant)

    def close(self) -> None:
        if self.client is not None:
            self.client.close()  # kept, closed: a test may still look at the game it held
        self.running = None
        self._kinds.clear()
