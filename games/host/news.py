"""What crosses the pipe between a screen and its machine host: requests one way, news the other.

Everything here is a frozen dataclass of plain values (and the games' own frozen views),
pickled by ``multiprocessing``'s connection between two processes of this arcade -- never
across a network.  A request carries a ``serial``; every piece of news about it carries
the same one, so a screen can drop news of a request it no longer waits for.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# -- the screen to the host ----------------------------------------------------------------


@dataclass(frozen=True)
class Open:
    """Set up the table of ``game`` (a name in ``games.host.tables``) with ``options``."""

    serial: int
    game: str
    options: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Request:
    """Ask the table for ``name`` (one of its ``REQUESTS``) with these arguments; one runs at a time."""

    serial: int
    name: str
    args: tuple[Any, ...] = ()
    kwargs: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Pace:
    """How the machine runs from now on: acted on at once, even in the middle of a request."""

    paused: bool | None = None
    instant: bool | None = None


@dataclass(frozen=True)
class Stop:
    """Stop the request ``serial`` if it still runs (the player pressed Esc); it ends as stopped."""

    serial: int


@dataclass(frozen=True)
class Close:
    """The screen is done with the host: it ends (what is saved was saved by the screen)."""


# -- the host to the screen ----------------------------------------------------------------


@dataclass(frozen=True)
class Started:
    """The host runs and reads requests."""

    pid: int


@dataclass(frozen=True)
class Progress:
    """The machine has run ``steps`` of the request ``serial`` (of ``total`` when known); ``view``:
    the machine between two slices, when the table shows one."""

    serial: int
    steps: int
    total: int | None = None
    view: Any = None


@dataclass(frozen=True)
class Note:
    """News a request tells before its end (the person's move recorded, a display held on screen)."""

    serial: int
    payload: Any


@dataclass(frozen=True)
class Answer:
    """The end of a request.  ``outcome``: ``done`` (``result`` holds what it returned),
    ``stopped`` (by the player; the game is as before it), ``refused`` (``text`` says why; the
    game unchanged) or ``failed`` (a fault: ``error`` names its type, ``text`` says it, ``trace``
    for a report).  ``picture`` is the table's picture after it, whatever the outcome."""

    serial: int
    outcome: str
    result: Any = None
    text: str = ""
    error: str = ""
    trace: str = ""
    picture: Any = None

    @property
    def done(self) -> bool:
        return self.outcome == "done"


@dataclass(frozen=True)
class HostGone:
    """Not sent by the host: what the screen's side reports when the host has ended unasked
    (``exitcode``: its status, when known)."""

    exitcode: int | None = None
    why: str = ""


OUTCOMES = ("done", "stopped", "refused", "failed")
