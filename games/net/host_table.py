"""A game across two terminals at the machine host's table: the ``GameServer`` runs in the host's process.

The hosting terminal's screen opens this table in its own machine host (``games/host/``), as
every game screen does, so the TI-57 runs there and never on the screen's event loop.  One
request, ``serve``, lasts the game's life: it starts the server (its own asyncio loop, in the
host's worker thread), tells the join line, then passes on every message the server delivers
to the host's seat (``LocalPlayer``: the same JSON a remote player receives) as a ``Note``,
until the screen stops it (it closes the game for both, saved) or the game ends.  The host
player's requests come as ``send``, carried out at once beside it (``AT_ONCE``): checked
there against the game's schema, then handed to the server's loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from pathlib import Path
from typing import Any, ClassVar

from games.host.job import Job
from games.net.protocol import BadMessage
from games.net.server import GameServer
from games.session import Refused

__all__ = ["NetGameTable", "STOP_LOOK"]

STOP_LOOK = 0.1
"""Seconds between two looks at whether the screen asked the game to stop."""
OPEN_WAIT = 30.0
"""Seconds a request waits for the server to be listening (a bound: it listens within milliseconds)."""


class NetGameTable:
    """One game across two terminals, hosted here: ``serve`` for its life, ``send`` for the host's requests."""

    REQUESTS: ClassVar[frozenset[str]] = frozenset({"serve", "send"})
    AT_ONCE: ClassVar[frozenset[str]] = frozenset({"send"})
    STOPPED_BY: ClassVar[tuple[type[BaseException], ...]] = ()

    def __init__(self, game: str = "net", *, net_game: str, bind: str = "127.0.0.1", port: int = 0,
                 save_path: str | None = None, limit: int = 20, extension: int = 10, first: str = "wolf",
                 referee: bool = True, host_side: str | None = None) -> None:
        self.options: dict[str, Any] = dict(
            game=net_game, bind=bind, port=port, save_path=Path(save_path) if save_path else None, limit=limit,
            extension=extension, first=first, referee=referee, host_side=host_side)
        self.server: GameServer | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._settled = threading.Event()  # listening, or failed to: a ``send`` waits for this, no longer

    def picture(self) -> None:
        """Nothing: the host's screen draws the messages its seat receives (``serve``'s notes)."""
        return None

    # -- the game's life ---------------------------------------------------------------------

    def serve(self, job: Job) -> str | None:
        """Listen, tell the join line, pass the host's messages on until stopped (then close the game for
        both, saved) or the game has ended; the reason it ended, if it did."""
        return asyncio.run(self._serve(job))

    async def _serve(self, job: Job) -> str | None:
        try:
            server = GameServer(**self.options)  # a save that does not read: ValueError, the request fails with it
            join_line = await server.start()  # OSError (the port taken, an address not this machine's): it fails
        finally:
            self._settled.set()
        self.server, self._loop = server, asyncio.get_running_loop()
        job.note({"type": "listening", "join_line": join_line, "bind": server.bind, "port": server.port,
                  "resumed": server.resumed, "game": server.game})
        try:
            while not job.stopped:
                try:
                    message = await asyncio.wait_for(server.host.receive(), STOP_LOOK)
                except asyncio.TimeoutError:
                    continue
                job.note(message)
                if message.get("type") == "closed":
                    return str(message.get("reason", ""))
            return None
        finally:
            self._loop = None
            with contextlib.suppress(Exception):
                await server.close("the host closed the game")

    def send(self, job: Job, request: dict[str, Any]) -> None:
        """A request of the host's player, checked here, played by the server's loop (its view comes as a note)."""
        self._settled.wait(OPEN_WAIT)
        server, loop = self.server, self._loop
        if server is None or loop is None:
            raise Refused("the game is not open" if server is None else "the game has ended")
        try:
            checked = server.check_request(dict(request))
        except BadMessage as bad:
            raise Refused(f"not a request of this game: {bad}") from None
        try:
            loop.call_soon_threadsafe(server.handle, server.host, checked)
        except RuntimeError:  # the loop closed meanwhile
            raise Refused("the game has ended") from None
