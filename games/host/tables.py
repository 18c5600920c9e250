"""The games a machine host can open, by name, and what a table is.

A *table* is one game's session set up in the host, with the requests the screen may
send it.  Tables are found by name and imported only when opened: a host starts with
nothing but this package loaded, so a spare host is cheap to keep ready.
"""

from __future__ import annotations

import importlib
from typing import Any, ClassVar, Protocol

from games.host.job import Job


class Table(Protocol):
    """What the host asks of a game's table."""

    REQUESTS: ClassVar[frozenset[str]]
    """The names a screen may send (each a method taking the running ``Job`` first)."""
    STOPPED_BY: ClassVar[tuple[type[BaseException], ...]]
    """Exceptions meaning the player stopped the request (besides ``JobStopped``).

    A table may also name ``AT_ONCE``: requests carried out as they arrive, on the host's
    reader thread, beside the request running (they must be thread-safe)."""

    def picture(self) -> Any:
        """Everything the screen draws and decides from, after each request (plain, picklable data)."""


TABLES: dict[str, str] = {
    "echo": "games.host.echo:EchoTable",
    "hp67-othello": "games.othello.table:OthelloTable",
    "lazard-othello": "games.othello.table:OthelloTable",
    "match": "games.othello.match_table:MatchTable",
    "hp67-room": "games.workshop.room_table:CalculatorTable",
    "ti57-room": "games.workshop.room_table:CalculatorTable",
    "cpc-room": "games.workshop.cpc_room_table:CpcRoomTable",
    "ti57-wolf": "games.ti57_wolf.table:WolfTable",
    "ti57-duel": "games.ti57_duel.table:DuelTable",
    "net": "games.net.host_table:NetGameTable",
}
"""Game name -> ``module:class`` of its table (the class is called with the ``Open`` options)."""


class UnknownGame(LookupError):
    """An ``Open`` for a game no table is known for."""


def table_class(game: str) -> Any:
    """The class of ``game``'s table (imported now), or ``UnknownGame``."""
    where = TABLES.get(game)
    if where is None:
        raise UnknownGame(f"no table for the game {game!r}")
    module_name, _, class_name = where.partition(":")
    return getattr(importlib.import_module(module_name), class_name)


def open_table(game: str, options: dict[str, Any]) -> Table:
    """The table of ``game`` set up with ``options`` (the game's own name is passed as ``game``)."""
    table: Table = table_class(game)(game=game, **options)
    return table


def run_request(table: Table, job: Job, name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    """Carry out ``name`` on ``table`` for ``job`` (refused unless the table offers it)."""
    from games.session import Refused

    if name not in table.REQUESTS:
        raise Refused(f"the table offers no request {name!r}")
    return getattr(table, name)(job, *args, **kwargs)
