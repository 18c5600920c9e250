"""The joining player's side: connect with the code, receive this player's views, send requests.

What the ``arcade join`` screen will use.  The host's lines are data too: each is read
bounded (``MAX_VIEW_LINE``), decoded as strict JSON and must be an object with a known
``type``; anything else ends the connection (``GameClosed``).
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from games.net.protocol import MAX_VIEW_LINE, BadMessage, LineReader, decode, encode

__all__ = ["GameClient", "GameClosed", "parse_address"]

KINDS = ("hello", "view", "refused", "closed")


class GameClosed(ConnectionError):
    """The game's connection ended; ``reason`` says why (the host's words, or what went wrong).

    ``by_host``: the host said so (a ``closed`` line: the game has ended, or the code was wrong);
    otherwise the connection itself ended, and joining again with the code goes on."""

    def __init__(self, reason: str, *, by_host: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.by_host = by_host


def parse_address(text: str) -> tuple[str, int]:
    """``HOST:PORT`` (``[::1]:PORT`` for IPv6) as typed after ``arcade join``."""
    host, sep, port = text.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"{text!r} is not HOST:PORT")
    return host.strip("[]"), int(port)


class GameClient:
    """One remote player: ``await connect()``, then ``receive()`` messages and ``send()`` requests."""

    def __init__(self, host: str, port: int, code: str, line_timeout: float = 30.0) -> None:
        self.host, self.port, self.code = host, port, code
        self.line_timeout = line_timeout
        self.you: Any = None
        self.game: str | None = None
        self.view: dict[str, Any] | None = None
        """The last view received (the player's own)."""
        self._reader: LineReader | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._next_id = 0

    async def connect(self) -> dict[str, Any]:
        """Join with the code: the host's ``hello`` (``GameClosed`` if the code is refused)."""
        reader, self._writer = await asyncio.open_connection(self.host, self.port, limit=MAX_VIEW_LINE)
        self._reader = LineReader(reader, self.line_timeout, MAX_VIEW_LINE)
        await self._write({"type": "join", "code": self.code})
        hello = await self.receive()
        if hello["type"] != "hello":
            raise GameClosed(f"the host answered {hello['type']!r}, not hello", by_host=True)
        self.you, self.game = hello.get("you"), hello.get("game")
        return hello

    async def receive(self) -> dict[str, Any]:
        """The next message; ``GameClosed`` once the game's connection is over (its reason said)."""
        if self._reader is None:
            raise GameClosed("not connected")
        try:
            message = decode(await self._reader.line(), MAX_VIEW_LINE, containers=None)
        except (BadMessage, EOFError, OSError) as error:
            await self.close()
            raise GameClosed(f"the connection ended ({error})") from None
        if message.get("type") not in KINDS:
            await self.close()
            raise GameClosed("the host sent a message this client does not know")
        if message["type"] == "closed":
            await self.close()
            raise GameClosed(str(message.get("reason", "closed")), by_host=True)
        if message["type"] == "view" and isinstance(message.get("view"), dict):
            self.view = message["view"]
        return message

    async def send(self, request: dict[str, Any]) -> int:
        """A request (``{"type": "move", "direction": 3}``...); its ``id`` is returned (a refusal echoes it)."""
        self._next_id += 1
        await self._write({**request, "id": self._next_id})
        return self._next_id

    def send_nowait(self, request: dict[str, Any]) -> int:
        """``send`` without waiting for the bytes to leave (a request is ~100 bytes): in the order called."""
        if self._writer is None or self._writer.is_closing():
            raise GameClosed("not connected")
        self._next_id += 1
        self._writer.write(encode({**request, "id": self._next_id}))
        return self._next_id

    async def leave(self) -> None:
        """End the game for both players (the host keeps it saved)."""
        with contextlib.suppress(OSError, GameClosed):
            await self._write({"type": "leave"})
        await self.close()

    async def _write(self, message: dict[str, Any]) -> None:
        if self._writer is None or self._writer.is_closing():
            raise GameClosed("not connected")
        self._writer.write(encode(message))
        await self._writer.drain()

    def abort(self) -> None:
        """Close now, not waiting for the other end (a screen that goes away)."""
        writer, self._writer = self._writer, None
        if writer is not None:
            writer.close()

    async def close(self) -> None:
        writer, self._writer = self._writer, None
        if writer is not None:
            writer.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer.wait_closed(), 5)
