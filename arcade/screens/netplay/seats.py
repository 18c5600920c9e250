"""A net screen's seat at the game: the host's (the game at its machine host) or the joined player's (a socket).

Both give the screen the same thing: the messages of ``games/net`` (``hello``, ``view``,
``refused``, ``closed``, and the host's ``listening``) as plain dicts, and the end of the link
in one sentence; both take the same requests.  So one screen draws either side.

- ``HostedSeat``: the game runs at the screen's own machine host (``games/net/host_table.py``),
  in a process of its own as every game's; the ``serve`` request lasts the game's life, its
  notes are the host player's messages; a request goes as ``send``, beside it.
- ``JoinedSeat``: a ``GameClient`` on the app's event loop (it only reads and writes a socket);
  a dropped connection can be joined again with the same code (``rejoin``).
"""

from __future__ import annotations

import asyncio
import socket
from typing import Any, Protocol


from arcade.runtime.link import TableLink
from arcade.widgets.plain import visible
from games.host.news import Answer, HostGone, Note
from games.net.client import GameClient, GameClosed

CONNECT_WAIT = 30.0
"""Seconds a join waits for the host's hello (a wrong code is answered after its delay, at most 5 s)."""


def words(text: Any, most: int = 300) -> str:
    """Text from the other terminal, shown as it is (no control character; the screens' ``Words`` read no
    markup), and not too long."""
    return visible(str(text)[:most])


class SeatOwner(Protocol):
    """What a seat reports to, on the event loop: the joining screen, then the game screen's ``NetPlay``."""

    def net_message(self, message: dict[str, Any]) -> None: ...
    def net_gone(self, sentence: str, *, rejoin: bool) -> None: ...


class HostedSeat:
    """The hosting terminal's seat: the game at this screen's machine host, the socket there too."""

    hosting = True

    def __init__(self, game: str, **options: Any) -> None:
        self.owner: Any = None  # the game screen's NetPlay, once it takes the seat
        self.game = game
        self.options = options
        self.link: TableLink | None = None

    @property
    def player(self) -> Any:
        """The host's player: Player 1 of the duel; in wolf and lambs the side chosen, or the side that starts
        (a game resumed from its save keeps the side played then: the views say so)."""
        if self.game == "ti57-duel":
            return 1
        return self.options.get("host_side") or self.options.get("first", "wolf")

    def start(self, screen: Any) -> None:
        """Start ``screen``'s machine host (its news goes to ``screen`` as ``TableNews``), open the game
        there, and serve it for the game's life."""
        self.link = TableLink(screen, "net", net_game=self.game, **self.options)
        self.link.request("serve", "serve")

    def heard(self, news: Any) -> None:
        """What the host said (the screen passes on its ``TableNews``)."""
        owner: SeatOwner = self.owner
        if self.link is None:
            return
        if isinstance(news, Note) and isinstance(news.payload, dict):
            owner.net_message(news.payload)
        elif isinstance(news, Answer):
            current = self.link.ended(news)
            if news.outcome == "refused":
                owner.net_message({"type": "refused", "reason": news.text})
            elif news.outcome == "failed" and current:
                why = words(news.text) or news.error
                owner.net_gone(f"The game could not be hosted: {why}.", rejoin=False)
            elif news.outcome == "failed":
                owner.net_message({"type": "refused", "reason": f"{news.error}: {news.text}"})
        elif isinstance(news, HostGone):
            self.link.close()
            owner.net_gone("The game's host process stopped: the game is saved; host it again to go on.",
                           rejoin=False)

    def send(self, request: dict[str, Any]) -> None:
        if self.link is not None:
            self.link.ask("send", "send", request)

    def leave(self) -> None:
        self.send({"type": "leave"})

    def close(self) -> None:
        """The screen goes: the game ends for both, saved (the host's table closes it as its request stops)."""
        if self.link is not None:
            self.link.close()


class JoinedSeat:
    """The joining terminal's seat: a connection to the host's game, with the code."""

    hosting = False

    def __init__(self, host: str, port: int, code: str) -> None:
        self.owner: Any = None  # the joining screen, then the game screen's NetPlay (the connection goes on)
        self.host, self.port, self.code = host, port, code
        self.client: GameClient | None = None
        self.worker: Any = None
        self.where = words(f"[{host}]:{port}" if ":" in host else f"{host}:{port}")

    def start(self, screen: Any) -> None:
        """Connect and read, in a worker of ``screen``'s app (the connection outlives the joining screen)."""
        self.worker = screen.app.run_worker(self._run(), group="net", exclusive=True, exit_on_error=False)

    async def _run(self) -> None:
        client = self.client = GameClient(self.host, self.port, self.code)
        try:
            hello = await asyncio.wait_for(client.connect(), CONNECT_WAIT)
            self.owner.net_message(hello)
            while True:  # the owner may change meanwhile: the game's screen takes the seat from the joining one
                self.owner.net_message(await client.receive())
        except GameClosed as closed:
            if closed.by_host:
                self.owner.net_message({"type": "closed", "reason": closed.reason})
            else:
                self.gone(f"The connection to the host at {self.where} was lost: the game waits there, saved; "
                          "r joins again.")
        except asyncio.TimeoutError:
            self.gone(f"The host at {self.where} did not answer: r tries again.")
        except socket.gaierror:
            self.gone(f"{words(self.host)} is not an address this machine can find: check the join line.", rejoin=False)
        except ConnectionRefusedError:
            self.gone(f"Nothing answers at {self.where}: is the game hosted there? r tries again.")
        except OSError as error:
            self.gone(f"The host at {self.where} cannot be reached ({words(error.strerror or error)}): r tries again.")
        finally:
            client.abort()

    def gone(self, sentence: str, *, rejoin: bool = True) -> None:
        owner: SeatOwner = self.owner
        owner.net_gone(sentence, rejoin=rejoin)

    def send(self, request: dict[str, Any]) -> None:
        client = self.client
        try:
            if client is None:
                raise GameClosed("not connected")
            client.send_nowait(request)
        except (GameClosed, OSError):
            self.owner.net_message({"type": "refused", "reason": "not connected to the host"})

    def leave(self) -> None:
        self.send({"type": "leave"})

    def close(self) -> None:
        """The screen goes: the connection drops (the game waits at the host, saved: joining again goes on)."""
        if self.worker is not None:
            self.worker.cancel()
        if self.client is not None:
            self.client.abort()


Seat = HostedSeat | JoinedSeat
"""Either side's seat."""

__all__ = ["HostedSeat", "JoinedSeat", "Seat", "SeatOwner", "words"]
