"""The host's side of a game across two terminals: one process owns the session, each player gets only their view.

``GameServer`` holds one table (``games.net.tables``) and seats the host, in its own
process, as the first player (``host``, a ``LocalPlayer``); it listens (loopback unless
told otherwise) for the one remote player, who must first send the join code::

    -> {"type": "join", "code": "..."}
    <- {"type": "hello", "protocol": 1, "game": "ti57-duel", "you": 2}
    <- {"type": "view", "seq": 1, "you": 2, "peer": "here", "paused": false, "view": {...}}
    -> {"type": "move", "direction": 3, "id": 7}
    <- {"type": "view", "seq": 2, ...}                 (both players: each their own)
    <- {"type": "refused", "id": 7, "reason": "..."}   (a refused request: nothing changed)
    <- {"type": "closed", "reason": "..."}             (then the connection closes)

A wrong code is answered only after a delay that doubles with each wrong try (bounded), one
try at a time, and closes the connection.  A line that is not a request of the game (not
JSON, too long, a field missing or out of range, a line begun and never finished) closes
that connection and changes nothing.  A dropped connection pauses the game (requests are
refused while the other player is away) and keeps it saved; the same code joins again and
the game goes on.  Either player's ``leave``, or ``close()``, ends it for both, saved.
No exception leaves the server: an unexpected one is kept in ``faults`` and costs only
the connection it came from.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import socket
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from games.files import FileRefused, read_file
from games.net.protocol import (
    MAX_VIEW_LINE,
    PROTOCOL,
    BadMessage,
    LineReader,
    Schema,
    Text,
    code_matches,
    decode,
    encode,
    new_code,
    penalty,
)
from games.net.tables import GAMES, DuelTable, NetTable, WolfTable
from games.session import Refused
from games.ti57_wolf.referee import Side

__all__ = ["GameServer", "LocalPlayer", "SAVE_FORMAT", "read_save", "write_save"]

JOIN = Schema({"join": {"code": Text(64)}})
LEAVE = {"leave": {}, "again": {}}
SAVE_FORMAT = 1
"""The arcade's save envelope (``arcade/storage/saves.py``): format, game, saved_at, summary, state."""
MAX_SAVE_BYTES = 16 * 1024 * 1024
MAX_BUFFERED = 1024 * 1024
"""Bytes waiting to be sent to a player who does not read: past this, that connection is dropped."""
MAX_ADDRESSES = 1024
"""Remote addresses whose wrong codes are remembered; past this the longest idle is forgotten."""


def _player_json(player: Any) -> Any:
    return player.value if isinstance(player, Side) else player


def _player_name(player: Any) -> str:
    return f"The {player.value}" if isinstance(player, Side) else f"Player {player}"


def address_key(peer: Any) -> str:
    """Who knocks, for the wrong-code delay: the remote IP address (an IPv6 one by its /64, the block
    one machine is given; an IPv4 one mapped into IPv6 as itself); "?" when the socket does not say."""
    host = peer[0] if isinstance(peer, tuple) and peer else None
    try:
        address = ipaddress.ip_address(str(host).split("%", 1)[0])
    except ValueError:
        return "?"
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address)


def outward_address(version: int = 4) -> str | None:
    """This machine's address on the network its default route leaves by (None: no route): a datagram
    socket "connected" to a documentation address, which sends nothing, names the interface it would use."""
    family, target = (socket.AF_INET6, "2001:db8::1") if version == 6 else (socket.AF_INET, "192.0.2.1")
    try:
        with socket.socket(family, socket.SOCK_DGRAM) as probe:
            probe.connect((target, 9))
            address = probe.getsockname()[0]
    except OSError:
        return None
    return str(address).split("%", 1)[0]


@dataclass
class _Door:
    """One remote address at the door: its wrong codes so far, its tries one at a time, its connections joining."""

    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    wrong_tries: int = 0
    joining: int = 0


def write_save(path: Path, game: str, state: dict[str, Any], summary: str, host: Any = None) -> None:
    """The arcade's envelope, written whole or not at all (a temporary file, then a rename); ``host``: the
    host's seat (wolf and lambs: the side the host plays), kept beside the state."""
    envelope = {"format": SAVE_FORMAT, "game": game, "saved_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                "summary": summary, "state": state}
    if host is not None:
        envelope["host"] = host
    text = json.dumps(envelope, sort_keys=True, separators=(",", ":"))
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.tmp")
    temporary.write_text(text, encoding="utf-8")
    temporary.replace(path)


def read_save(path: Path, game: str) -> dict[str, Any] | None:
    """The state kept in ``path`` for ``game`` (None: no file); ``ValueError`` if it is not one."""
    envelope = read_envelope(path, game)
    return None if envelope is None else envelope["state"]


def read_envelope(path: Path, game: str) -> dict[str, Any] | None:
    """The envelope kept in ``path`` for ``game`` (None: no file); ``ValueError`` if it is not one."""
    try:
        data = read_file(path, MAX_SAVE_BYTES)
    except FileNotFoundError:
        return None
    except (OSError, FileRefused) as error:
        raise ValueError(f"the save {path.name} cannot be read: {error}") from None
    try:
        envelope = json.loads(data)
    except ValueError:
        raise ValueError(f"the save {path.name} is not JSON") from None
    if not isinstance(envelope, dict) or envelope.get("format") != SAVE_FORMAT or envelope.get("game") != game \
            or not isinstance(envelope.get("state"), dict):
        raise ValueError(f"the save {path.name} is not a save of {game}")
    return envelope


class LocalPlayer:
    """The host's own seat: the same messages a remote player gets, the same requests, no socket."""

    def __init__(self, server: GameServer, player: Any) -> None:
        self.server = server
        self.player = player
        self.messages: asyncio.Queue[dict[str, Any]] = asyncio.Queue()

    def deliver(self, message: dict[str, Any]) -> None:
        # through JSON as on the wire: the host's screen reads exactly what a remote one would
        self.messages.put_nowait(json.loads(encode(message, MAX_VIEW_LINE)))

    async def receive(self) -> dict[str, Any]:
        return await self.messages.get()

    async def send(self, request: dict[str, Any]) -> None:
        """A request as the remote player would send it; a malformed one raises ``BadMessage``."""
        message = self.server.check_request(json.loads(json.dumps(request)))
        self.server.handle(self, message)


@dataclass
class _Remote:
    """The remote player's connection."""

    player: Any
    writer: asyncio.StreamWriter
    max_buffered: int = MAX_BUFFERED
    closed: bool = False

    def deliver(self, message: dict[str, Any]) -> None:
        if self.closed:
            return
        transport = self.writer.transport
        if transport.is_closing() or transport.get_write_buffer_size() > self.max_buffered:
            self.drop()  # a player who does not read is not waited for
            return
        self.writer.write(encode(message, MAX_VIEW_LINE))

    def drop(self) -> None:
        self.closed = True
        self.writer.transport.abort()


@dataclass
class GameServer:
    """One game across two terminals: ``await start()``, give ``join_line`` to the other player."""

    game: str
    bind: str = "127.0.0.1"
    port: int = 0
    table: NetTable | None = None
    save_path: Path | None = None
    code: str = field(default_factory=new_code)
    limit: int = 20
    extension: int = 10
    first: str = "wolf"
    referee: bool = True
    host_side: str | None = None
    """Wolf and lambs: the side the host plays ("wolf" or "lambs"; None: the side that moves first)."""
    join_timeout: float = 10.0
    line_timeout: float = 10.0
    penalty_first: float = 0.25
    penalty_most: float = 5.0
    max_waiting: int = 32
    """Connections that have not yet given the right code, at once: more are closed at once."""
    max_waiting_per_address: int = 4
    """... of them from one address (``address_key``): one guesser cannot fill the door for everyone."""

    def __post_init__(self) -> None:
        if self.game not in GAMES:
            raise ValueError(f"no game {self.game!r} across two terminals: {', '.join(GAMES)}")
        self.resumed = False
        """The game came from the save (``save_path``)."""
        if self.table is None:
            self.table = self._new_table()
        if self.table.game != self.game:
            raise ValueError(f"a table of {self.table.game} is not a game of {self.game}")
        self.host = LocalPlayer(self, self.table.players[0])
        self._requests = Schema({**self.table.schema.requests, **LEAVE})
        self.remote: _Remote | None = None
        self.seq = 0
        self.ended: str | None = None
        self.saved: dict[str, Any] | None = None
        self.wrong_tries = 0
        """Wrong codes so far, from every address (each address is slowed by its own: ``_doors``)."""
        self.penalties: list[float] = []
        self.faults: list[str] = []
        self._waiting = 0
        self._doors: OrderedDict[str, _Door] = OrderedDict()
        self._server: asyncio.AbstractServer | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._keep()

    def _new_table(self, fresh: bool = False) -> NetTable:
        """The game of the save (``save_path``), or a new one (``fresh``: always a new one)."""
        envelope = read_envelope(self.save_path, self.game) if self.save_path is not None and not fresh else None
        state = None if envelope is None else envelope["state"]
        self.resumed = state is not None
        if self.game == DuelTable.game:
            return DuelTable.new(self.limit, self.extension) if state is None else DuelTable.from_save(state)
        if state is not None:
            host = envelope.get("host") if envelope is not None else None
            return WolfTable.from_save(state, Side(host) if host in ("wolf", "lambs") else None)
        return WolfTable.new(Side(self.first), self.referee, Side(self.host_side) if self.host_side else None)

    # ---------------------------------------------------------------- life

    async def start(self) -> str:
        """Listen; the line the other player types is returned (and kept in ``join_line``)."""
        self._server = await asyncio.start_server(self._serve, self.bind, self.port)
        self.port = self._server.sockets[0].getsockname()[1]
        self._send_views()
        return self.join_line

    @property
    def join_line(self) -> str:
        """``arcade join HOST:PORT CODE``; listening on every address (0.0.0.0, ::), HOST is this machine's
        address on its network as another machine would reach it (``outward_address``)."""
        address = self.bind
        if address in ("0.0.0.0", "::"):
            address = outward_address(6 if address == "::" else 4) or address
        host = f"[{address}]" if ":" in address else address
        return f"arcade join {host}:{self.port} {self.code}"

    async def close(self, reason: str = "the host closed the game") -> None:
        """End the game for both players, saved."""
        self._end(reason)
        if self._server is not None:
            self._server.close()
        for task in list(self._tasks):  # before waiting on the server: it may wait for its connections
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._server is not None:
            await self._server.wait_closed()

    def _end(self, reason: str) -> None:
        if self.ended is not None:
            return
        self._keep()
        self.ended = reason
        closed = {"type": "closed", "reason": reason}
        self.host.deliver(closed)
        if self.remote is not None:
            self.remote.deliver(closed)
            self.remote.writer.close()
            self.remote = None

    @property
    def paused(self) -> bool:
        return self.remote is None

    # ---------------------------------------------------------------- requests

    def check_request(self, message: Any) -> dict[str, Any]:
        if not isinstance(message, dict):
            raise BadMessage("a message is a JSON object")
        assert self.table is not None
        return self._requests.check(message)

    def handle(self, seat: LocalPlayer | _Remote, message: dict[str, Any]) -> None:
        """A checked request from ``seat``'s player: played by the table, or refused with the reason."""
        assert self.table is not None
        kind = message["type"]
        if kind == "leave":
            self._end(f"{_player_name(seat.player)} ended the game")
            return
        if self.ended is not None:
            return self._refuse(seat, message, "the game has ended")
        if self.paused:
            return self._refuse(seat, message, "the other player is away: the game waits for them to join again")
        if kind == "again":
            return self._again(seat, message)
        try:
            self.table.apply(seat.player, message)
        except Refused as refusal:
            return self._refuse(seat, message, str(refusal))
        except Exception as error:  # noqa: BLE001 - a machine that disagrees: the session kept the game as it was
            self.faults.append(f"{type(error).__name__}: {error}")
            return self._refuse(seat, message, f"the TI-57 could not play it ({type(error).__name__})")
        self._keep()
        self._send_views()

    def _again(self, seat: LocalPlayer | _Remote, message: dict[str, Any]) -> None:
        """A new game at the same table, once this one is over: the same seats, settings and code."""
        assert self.table is not None
        if not self.table.over:
            return self._refuse(seat, message, "a new game starts once this one is over")
        old = self.table
        if isinstance(old, DuelTable):
            self.limit = old.session.limit
        elif isinstance(old, WolfTable):
            self.first, self.host_side = old.session.first.value, _player_json(old.players[0])
            self.referee = old.session.game.referee_enabled
        self.table = self._new_table(fresh=True)
        self._keep()
        self._send_views()

    def _refuse(self, seat: LocalPlayer | _Remote, message: dict[str, Any], reason: str) -> None:
        seat.deliver({"type": "refused", "id": message.get("id"), "request": message["type"], "reason": reason[:500]})

    def _send_views(self) -> None:
        assert self.table is not None
        self.seq += 1
        seats: list[LocalPlayer | _Remote] = [self.host]
        if self.remote is not None:
            seats.append(self.remote)
        for seat in seats:
            seat.deliver({"type": "view", "seq": self.seq, "you": _player_json(seat.player),
                          "peer": "away" if self.paused else "here", "paused": self.paused,
                          "view": self.table.view_json(seat.player)})

    def _keep(self) -> None:
        """The save, in memory and (given a path) on disk; a finished game leaves none."""
        assert self.table is not None
        if self.ended is not None:
            return
        self.saved = self.table.to_save()
        if self.save_path is None:
            return
        try:
            if self.saved is None:
                self.save_path.unlink(missing_ok=True)
            else:
                write_save(self.save_path, self.game, self.saved, self.table.summary(), _player_json(self.table.players[0]))
        except OSError as error:
            self.faults.append(f"the save was not written: {error}")

    # ---------------------------------------------------------------- connections

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        if task is not None:
            self._tasks.add(task)
        try:
            await self._connection(reader, writer)
        except asyncio.CancelledError:
            pass
        except Exception as error:  # noqa: BLE001 - nothing a connection does reaches the event loop
            self.faults.append(f"{type(error).__name__}: {error}")
        finally:
            if task is not None:
                self._tasks.discard(task)
            if self.remote is not None and self.remote.writer is writer:
                self._drop_remote()
            await self._hang_up(reader, writer)

    async def _hang_up(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """Close after what was written has gone (a last ``closed``), never waiting long on the peer.

        Our side ends first (``write_eof``), then what the peer still sends is read and dropped for
        a bounded time: closing a socket with unread bytes would reset the connection, and the peer
        would lose the ``closed`` line that says why."""
        with contextlib.suppress(Exception):
            if writer.can_write_eof() and not writer.transport.is_closing():
                writer.write_eof()
                await asyncio.wait_for(self._discard(reader), self.line_timeout)
        with contextlib.suppress(Exception):
            writer.close()
            await asyncio.wait_for(writer.wait_closed(), self.line_timeout)
        with contextlib.suppress(Exception):
            writer.transport.abort()

    @staticmethod
    async def _discard(reader: asyncio.StreamReader, most: int = 4 * MAX_VIEW_LINE) -> None:
        while most > 0:
            chunk = await reader.read(65536)
            if not chunk:
                return
            most -= len(chunk)

    async def _connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        def say_closed(reason: str) -> None:
            with contextlib.suppress(Exception):
                writer.write(encode({"type": "closed", "reason": reason}))

        if self.ended is not None:
            return say_closed("the game has ended")
        door = self._door(address_key(writer.get_extra_info("peername")))
        if self._waiting >= self.max_waiting or door.joining >= self.max_waiting_per_address:
            return say_closed("too many connections are joining: try again")
        lines = LineReader(reader, self.line_timeout)
        self._waiting += 1
        door.joining += 1
        try:
            try:
                message = JOIN.check(decode(await lines.line(idle_timeout=self.join_timeout)))
            except BadMessage as bad:
                return say_closed(f"not a join: {bad}")
            except EOFError:
                return None
            async with door.lock:  # one try at a time from an address: its delays add up, no one else's
                if not code_matches(message["code"], self.code):
                    self.wrong_tries += 1
                    door.wrong_tries += 1
                    delay = penalty(door.wrong_tries, self.penalty_first, self.penalty_most)
                    self.penalties.append(delay)
                    del self.penalties[:-100]
                    await asyncio.sleep(delay)
                    return say_closed("that is not this game's code")
                door.wrong_tries = 0
        finally:
            self._waiting -= 1
            door.joining -= 1
        if self.ended is not None:
            return say_closed("the game has ended")
        if self.remote is not None:  # the same player again, the old connection not yet seen dead
            old, self.remote = self.remote, None
            old.deliver({"type": "closed", "reason": "you joined again from another connection"})
            old.drop()
        assert self.table is not None
        remote = self.remote = _Remote(self.table.players[1], writer)
        remote.deliver({"type": "hello", "protocol": PROTOCOL, "game": self.game, "you": _player_json(remote.player)})
        self._send_views()
        while self.remote is remote and not remote.closed:
            try:
                request = self.check_request(decode(await lines.line()))
            except BadMessage as bad:
                remote.deliver({"type": "closed", "reason": f"not a request of this game: {bad}"})
                return None
            except EOFError:
                return None
            self.handle(remote, request)
        return None

    def _door(self, key: str) -> _Door:
        """The door of an address (remembered, most recent last); the longest idle forgotten past ``MAX_ADDRESSES``."""
        door = self._doors.pop(key, None) or _Door()
        self._doors[key] = door
        if len(self._doors) > MAX_ADDRESSES:
            idle = next((k for k, d in self._doors.items() if d.joining == 0 and not d.lock.locked() and k != key), None)
            if idle is not None:
                del self._doors[idle]
        return door

    def _drop_remote(self) -> None:
        """The remote player is gone: the game pauses, saved, and the host is told."""
        self.remote = None
        if self.ended is None:
            self._keep()
            self._send_views()
