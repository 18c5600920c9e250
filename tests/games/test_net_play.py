"""The hidden-move games across two terminals (``games.net``), on loopback with port 0.

Whole games between the host's seat and a joined client (both games, every outcome); a raw
client that records every byte it receives, compared between games that differ only in the
other player's squares (what it receives must not change); wrong codes, garbage, oversized,
truncated and stalled lines, dropped connections.  Every wait is bounded; nothing is timed.
"""

from __future__ import annotations

import asyncio
import json
import math
import random
from pathlib import Path
from typing import Any

import pytest

from games.net import GameClient, GameClosed, GameServer, parse_address
from games.net.protocol import CODE_ALPHABET, CODE_LENGTH, MAX_LINE, BadMessage, decode, new_code, penalty
from games.net.server import _Remote, address_key, read_save
from games.net.tables import DuelTable, WolfTable
from games.ti57_duel.referee import DELTAS, on_board
from games.ti57_wolf.referee import Side
from tests.games.wolf_scripts import GAMES as WOLF_GAMES
from tests.games.wolf_scripts import PURIST_TO_A_COLLISION
from tests.games.wolf_scripts import moves as wolf_moves

WAIT = 10.0
"""The most any step waits for the other end (a bound, never a measure)."""


@pytest.fixture(autouse=True)
async def nothing_reaches_the_event_loop() -> Any:
    """No exception escapes to the event loop (an unhandled one in a callback or a task)."""
    loop = asyncio.get_running_loop()
    escaped: list[dict[str, Any]] = []
    loop.set_exception_handler(lambda _loop, context: escaped.append(context))
    yield
    await asyncio.sleep(0)
    loop.set_exception_handler(None)
    assert escaped == []


class Player:
    """A seat (the host's ``LocalPlayer`` or a ``GameClient``) and the messages it received."""

    def __init__(self, seat: Any) -> None:
        self.seat = seat
        self.view: dict[str, Any] = {}
        self.seq = 0
        self.log: list[dict[str, Any]] = []

    async def next(self) -> dict[str, Any]:
        message = await asyncio.wait_for(self.seat.receive(), WAIT)
        self.log.append(message)
        if message["type"] == "view":
            self.view, self.seq = message["view"], message["seq"]
        return message

    async def at(self, seq: int) -> dict[str, Any]:
        while self.seq < seq:
            await self.next()
        return self.view

    async def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        """Send, then the view or refusal that answers it."""
        await self.seat.send(request)
        while True:
            message = await self.next()
            if message["type"] in ("view", "refused"):
                return message


async def seated(server: GameServer) -> tuple[Player, Player, GameClient]:
    """The server started, a client joined; both players at the same view."""
    await server.start()
    host = Player(server.host)
    client = GameClient("127.0.0.1", server.port, server.code)
    hello = await asyncio.wait_for(client.connect(), WAIT)
    assert hello["you"] == (2 if server.game == "ti57-duel" else server.table.players[1].value)
    guest = Player(client)
    await guest.next()
    await host.at(guest.seq)
    assert host.view and guest.view and not server.paused
    return host, guest, client


def duel_state(server: GameServer) -> str:
    """All a duel is (its save is sealed afresh each time: it cannot be compared)."""
    s = server.table.session
    return json.dumps([s.phase.value, s.setup_player, s.undo_for, s.news, s.game.snapshot()], sort_keys=True)


async def play(mover: Player, other: Player, request: dict[str, Any]) -> dict[str, Any]:
    """A request that must be played: both players then hold the new view."""
    answer = await mover.ask(request)
    assert answer["type"] == "view", answer
    await other.at(mover.seq)
    return answer["view"]


# ---------------------------------------------------------------- whole duels


async def duel_setup(host: Player, guest: Player, one: tuple[int, int], two: tuple[int, int]) -> None:
    await play(host, guest, {"type": "place", "square": list(one)})
    await play(guest, host, {"type": "place", "square": list(two)})
    assert host.view["phase"] == "turn" and host.view["me"]["square"] == list(one)
    assert guest.view["me"]["square"] == list(two) and guest.view["registers"][1] == ""


async def test_duel_ends_in_a_capture() -> None:
    server = GameServer("ti57-duel", limit=20)
    host, guest, client = await seated(server)
    await duel_setup(host, guest, (2, 2), (4, 3))
    await play(host, guest, {"type": "move", "direction": 2})  # 1: 2.2 -> 3.2 (E)
    assert guest.view["me"]["opponent_last_direction"] == 2
    refused = await host.ask({"type": "move", "direction": 2})
    assert refused["type"] == "refused" and "not your move" in refused["reason"]
    view = await play(guest, host, {"type": "move", "direction": 4})  # 2: 4.3 -> 4.2 (S)
    assert view["phase"] == "turn"
    await play(host, guest, {"type": "move", "direction": 2})  # 1: 3.2 -> 4.2: the capture
    for p in (host, guest):
        assert p.view["phase"] == "over" and p.view["winner"] == 1
        assert p.view["squares"] == [[4, 2], [4, 2]] and len(p.view["turns"]) == 3
    assert server.saved is None and server.faults == []
    await client.close()
    await server.close()


async def test_duel_reaches_its_limit_is_extended_by_agreement_then_captured() -> None:
    server = GameServer("ti57-duel", limit=2, extension=3)
    host, guest, client = await seated(server)
    await duel_setup(host, guest, (0, 0), (5, 0))
    await play(host, guest, {"type": "move", "direction": 2})  # 1.0
    await play(guest, host, {"type": "move", "direction": 6})  # 4.0: the second and last move
    assert host.view["phase"] == guest.view["phase"] == "draw"
    assert "squares" not in host.view and "squares" not in guest.view
    await play(host, guest, {"type": "extend"})  # asked: nothing keyed until the other agrees
    assert guest.view["offer"] == {"what": "extend", "by": 1} and guest.view["phase"] == "draw"
    await play(guest, host, {"type": "extend"})
    assert host.view["phase"] == "turn" and host.view["moves_left"] == 3 and host.view["offer"] is None
    await play(host, guest, {"type": "move", "direction": 2})  # 2.0
    await play(guest, host, {"type": "move", "direction": 6})  # 3.0
    await play(host, guest, {"type": "move", "direction": 2})  # 3.0: captured on the last move left
    assert guest.view["phase"] == "over" and guest.view["winner"] == 1
    await client.close()
    await server.close()


async def test_duel_drawn_and_ended_by_agreement_reveals_both_squares() -> None:
    server = GameServer("ti57-duel", limit=2)
    host, guest, client = await seated(server)
    await duel_setup(host, guest, (9, 9), (0, 0))
    await play(host, guest, {"type": "move", "direction": 5})  # SW: 8.8
    undone = await play(host, guest, {"type": "undo"})  # the mover takes it back before the answer
    assert undone["phase"] == "turn" and undone["to_move"] == 1 and undone["me"]["square"] == [9, 9]
    await play(host, guest, {"type": "move", "direction": 6})  # W: 8.9
    assert (await guest.ask({"type": "undo"}))["type"] == "refused"  # not the guest's move to take back
    await play(guest, host, {"type": "move", "direction": 2})  # E: 1.0 -- the limit
    assert (await host.ask({"type": "undo"}))["type"] == "refused"  # answered: no taking back
    await play(guest, host, {"type": "end"})
    assert host.view["offer"] == {"what": "end", "by": 2}
    await play(host, guest, {"type": "end"})
    for p in (host, guest):
        assert p.view["phase"] == "over" and p.view["winner"] is None
        assert p.view["squares"] == [[8, 9], [1, 0]]
    await client.close()
    await server.close()


# ---------------------------------------------------------------- whole games of wolf and lambs


@pytest.mark.parametrize("name", sorted(WOLF_GAMES))
async def test_wolf_and_lambs_played_to_the_end(name: str) -> None:
    script, first, reason = WOLF_GAMES[name]
    server = GameServer("ti57-wolf", first=first.value)
    host, guest, client = await seated(server)
    players = {first: host, (Side.LAMBS if first is Side.WOLF else Side.WOLF): guest}
    assert host.view["first"] == first.value and client.you != first.value
    for move in wolf_moves(script):
        mover = players[move.side]
        other = guest if mover is host else host
        if move.side is Side.WOLF:
            await play(mover, other, {"type": "wolf", "key": move.key})
        else:
            assert (await other.ask({"type": "lamb", "lamb": move.lamb, "key": move.key}))["type"] == "refused"
            await play(mover, other, {"type": "lamb", "lamb": move.lamb, "key": move.key})
    result = host.view["result"]
    assert host.view == guest.view | {"can_undo": host.view["can_undo"]}
    assert host.view["phase"] == "over" and result["reason"] == reason
    winner = Side.WOLF if "wolf reaches" in name or "lambs stuck" in name else Side.LAMBS
    assert result["winner"] == winner.value
    await client.close()
    await server.close()
    assert server.faults == []


async def test_wolf_undo_is_the_movers_until_answered() -> None:
    server = GameServer("ti57-wolf", first="wolf")
    host, guest, client = await seated(server)
    await play(host, guest, {"type": "wolf", "key": 7})
    assert guest.view["can_undo"] is False and host.view["can_undo"] is True
    assert (await guest.ask({"type": "undo"}))["type"] == "refused"
    assert (await guest.ask({"type": "wolf", "key": 1}))["type"] == "refused"  # the guest plays the lambs
    await play(host, guest, {"type": "undo"})
    assert guest.view["moves_played"] == 0 and guest.view["to_move"] == "wolf"
    await client.close()
    await server.close()


# ---------------------------------------------------------------- what the joined player receives


class RawClient:
    """A protocol client by hand: every byte it receives is kept."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.received = bytearray()
        self.lines: list[dict[str, Any]] = []

    @classmethod
    async def join(cls, server: GameServer, code: str | None = None) -> RawClient:
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        raw = cls(reader, writer)
        await raw.write({"type": "join", "code": server.code if code is None else code})
        return raw

    async def write(self, message: dict[str, Any] | bytes) -> None:
        self.writer.write(message if isinstance(message, bytes) else json.dumps(message).encode() + b"\n")
        await self.writer.drain()

    async def line(self) -> dict[str, Any]:
        data = await asyncio.wait_for(self.reader.readline(), WAIT)
        self.received += data
        if not data.endswith(b"\n"):
            raise EOFError(data)
        self.lines.append(json.loads(data))
        return self.lines[-1]

    async def until(self, kind: str, seq: int = 0) -> dict[str, Any]:
        while True:
            message = await self.line()
            if message["type"] == kind and message.get("seq", seq) >= seq:
                return message

    async def closed(self) -> dict[str, Any]:
        """The ``closed`` message, then the end of the stream (our side is closed too: the server
        only half-closes, and a writer left open is a socket the test leaks)."""
        message = await self.until("closed")
        assert await asyncio.wait_for(self.reader.read(), WAIT) == b""
        self.close()
        return message

    def close(self) -> None:
        self.writer.transport.abort()


def walk(start: tuple[int, int], directions: list[int]) -> list[tuple[int, int]] | None:
    squares = [start]
    for d in directions:
        c, r = squares[-1]
        nxt = (c + DELTAS[d][0], r + DELTAS[d][1])
        if not on_board(nxt):
            return None
        squares.append(nxt)
    return squares


Square = tuple[int, int]


def hidden_pair(seed: int, moves: int) -> tuple[tuple[Square, Square], Square, list[int], list[int]]:
    """Two start squares for the player whose square is hidden, one for the other, and both players'
    directions: every walk stays on the board, and the hidden player's walks never cross the other's
    (no capture: both duels run to their limit)."""
    rng = random.Random(seed)
    squares = [(c, r) for c in range(10) for r in range(10)]
    while True:
        a, b, seen = rng.sample(squares, 3)
        hidden_moves = [rng.randint(1, 8) for _ in range(moves)]
        seen_moves = [rng.randint(1, 8) for _ in range(moves)]
        walks = walk(a, hidden_moves), walk(b, hidden_moves), walk(seen, seen_moves)
        if all(walks) and not (set(walks[0]) | set(walks[1])) & set(walks[2]):  # type: ignore[arg-type]
            return (a, b), seen, hidden_moves, seen_moves


async def duel_received(one: Square, two: Square, d1: list[int], d2: list[int]) -> tuple[bytes, bytes, dict]:
    """A duel played to its limit and ended by agreement: the bytes the joined player (a raw client)
    received before the end, the host's messages before the end (as JSON), and the joined player's last view."""
    server = GameServer("ti57-duel", limit=2 * len(d1), code="samecodeeach1")
    await server.start()
    host = Player(server.host)
    raw = await RawClient.join(server)
    await raw.until("view")
    await host.ask({"type": "place", "square": list(one)})
    await raw.until("view", host.seq)
    await raw.write({"type": "place", "square": list(two)})
    await host.at((await raw.until("view", host.seq + 1))["seq"])
    for a, b in zip(d1, d2):
        await host.ask({"type": "move", "direction": a})
        await raw.until("view", host.seq)
        await raw.write({"type": "move", "direction": b})
        await host.at((await raw.until("view", host.seq + 1))["seq"])
    assert host.view["phase"] == "draw"
    guest_before_end, host_before_end = bytes(raw.received), json.dumps(host.log).encode()
    await host.ask({"type": "end"})
    await raw.write({"type": "end"})
    final = (await raw.until("view", host.seq + 1))["view"]
    raw.close()
    await server.close()
    assert server.faults == []
    return guest_before_end, host_before_end, final


def views_in(received: bytes) -> list[dict[str, Any]]:
    lines = [json.loads(line) for line in received.splitlines()]
    return [m["view"] for m in lines if m["type"] == "view"]


@pytest.mark.parametrize("seed", range(4))
async def test_the_joined_player_receives_nothing_of_the_other_square_before_the_end(seed: int) -> None:
    """Two duels alike but for player 1's squares: player 2 receives the same bytes, to the last one
    before the end (so nothing in them comes from player 1's square); the end reveals both."""
    (a, b), two, d1, d2 = hidden_pair(seed, moves=3)
    first, _, final_a = await duel_received(a, two, d1, d2)
    second, _, final_b = await duel_received(b, two, d1, d2)
    assert first == second
    views = views_in(first)
    assert len(views) >= 2 * len(d1) + 2 and all(v["phase"] != "over" for v in views)
    assert all("squares" not in v and "turns" not in v and "keys" not in v for v in views)
    assert all(v["registers"][1] == "" for v in views if v["registers"])
    assert final_a["squares"][0] == list(walk(a, d1)[-1]) and final_b["squares"][0] == list(walk(b, d1)[-1])


@pytest.mark.parametrize("seed", range(4, 7))
async def test_the_host_receives_nothing_of_the_joined_player_square_before_the_end(seed: int) -> None:
    """The same the other way: the host's seat is sent only player 1's view."""
    (a, b), one, d2, d1 = hidden_pair(seed, moves=3)
    _, first, final_a = await duel_received(one, a, d1, d2)
    _, second, final_b = await duel_received(one, b, d1, d2)
    assert first == second
    views = [m["view"] for m in json.loads(first) if m["type"] == "view"]
    assert len(views) >= 2 * len(d1) + 2 and all(v["registers"][2] == "" for v in views if v["registers"])
    assert final_a["squares"][1] == list(walk(a, d2)[-1]) and final_b["squares"][1] == list(walk(b, d2)[-1])


# ---------------------------------------------------------------- codes


def test_codes_are_random_and_long_enough() -> None:
    codes = {new_code() for _ in range(50)}
    assert len(codes) == 50
    assert all(len(c) == CODE_LENGTH and set(c) <= set(CODE_ALPHABET) for c in codes)
    assert CODE_LENGTH * math.log2(len(set(CODE_ALPHABET))) >= 40


def test_the_delay_after_a_wrong_code_grows_and_is_bounded() -> None:
    delays = [penalty(n, 0.25, 5.0) for n in range(0, 200)]
    assert delays[0] == 0 and delays[1] == 0.25 and delays[2] == 0.5 and delays[3] == 1.0
    assert all(x <= y for x, y in zip(delays, delays[1:])) and max(delays) == 5.0


async def test_wrong_codes_are_refused_slowed_and_change_nothing() -> None:
    server = GameServer("ti57-duel", penalty_first=0.001, penalty_most=0.004)
    await server.start()
    before = server.table.to_save()
    for guess in ("a" * CODE_LENGTH, server.code[:-1], server.code + "x", "é" * 3, ""):
        raw = await RawClient.join(server, guess)
        reason = (await raw.closed())["reason"]
        assert "code" in reason or "join" in reason
    assert server.wrong_tries == 4  # the non-ASCII one is not a join at all
    assert server.penalties == [0.001, 0.002, 0.004, 0.004]
    assert server.remote is None and server.paused and server.table.to_save()["limit"] == before["limit"]
    host, guest = Player(server.host), Player(GameClient("127.0.0.1", server.port, server.code))
    await guest.seat.connect()  # the right code still joins
    await guest.next()
    assert guest.view["viewer"] == 2 and not server.paused and server.faults == []
    await guest.seat.close()
    await server.close()


async def until(condition: Any) -> None:
    """Wait, bounded, for ``condition()`` to hold (the server's tasks run meanwhile)."""

    async def poll() -> None:
        while not condition():
            await asyncio.sleep(0.01)

    await asyncio.wait_for(poll(), WAIT)


async def knock(server: GameServer, code: str | None, source: str) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A connection from the loopback address ``source`` (the whole of 127/8 is loopback) sending a join."""
    reader, writer = await asyncio.open_connection("127.0.0.1", server.port, local_addr=(source, 0))
    if code is not None:
        writer.write(json.dumps({"type": "join", "code": code}).encode() + b"\n")
        await writer.drain()
    return reader, writer


async def test_a_wrong_code_slows_its_own_address_only() -> None:
    """A guesser's delay is theirs: the rightful player, from another address, joins at once meanwhile."""
    server = GameServer("ti57-duel", penalty_first=600.0, penalty_most=600.0)  # far past any bound of this test
    await server.start()
    guesser, guess = await knock(server, "a" * CODE_LENGTH, "127.0.0.2")
    await until(lambda: server.wrong_tries == 1)
    _, again = await knock(server, server.code, "127.0.0.2")  # the right code, from the guesser's address: queued
    client = GameClient("127.0.0.1", server.port, server.code)
    hello = await asyncio.wait_for(client.connect(), WAIT)  # not behind the guesser's 600 s
    assert hello["you"] == 2 and not server.paused
    assert server.penalties == [600.0] and not guesser.at_eof()  # the wrong try is still waiting its answer
    assert server._doors["127.0.0.2"].joining == 2 and server._doors["127.0.0.2"].lock.locked()
    for writer in (guess, again):
        writer.transport.abort()
    await client.close()
    await server.close()


async def test_one_address_cannot_fill_the_door_for_another() -> None:
    server = GameServer("ti57-wolf", max_waiting_per_address=2)
    await server.start()
    silent = [await knock(server, None, "127.0.0.3") for _ in range(2)]  # connected, never a join line
    await until(lambda: server._waiting == 2)
    reader, writer = await knock(server, server.code, "127.0.0.3")
    assert "too many" in json.loads(await asyncio.wait_for(reader.readline(), WAIT))["reason"]
    client = GameClient("127.0.0.1", server.port, server.code)
    await asyncio.wait_for(client.connect(), WAIT)
    assert not server.paused
    for _, w in [*silent, (reader, writer)]:
        w.transport.abort()
    await client.close()
    await server.close()


def test_an_address_is_known_by_its_ip_an_ipv6_one_by_its_block() -> None:
    assert address_key(("192.0.2.7", 5000)) == "192.0.2.7"
    assert address_key(("::ffff:192.0.2.7", 5000, 0, 0)) == "192.0.2.7"
    assert address_key(("2001:db8:1:2:aaaa::1", 5000, 0, 0)) == address_key(("2001:db8:1:2:bbbb::9", 1, 0, 0))
    assert address_key(("2001:db8:1:2::1", 5000, 0, 0)) != address_key(("2001:db8:1:3::1", 5000, 0, 0))
    assert address_key(None) == "?" and address_key(("not an address", 1)) == "?"


async def test_a_client_with_a_wrong_code_gets_game_closed() -> None:
    server = GameServer("ti57-wolf", penalty_first=0.001)
    await server.start()
    client = GameClient("127.0.0.1", server.port, new_code())
    with pytest.raises(GameClosed, match="code"):
        await asyncio.wait_for(client.connect(), WAIT)
    await server.close()


# ---------------------------------------------------------------- hostile and broken lines


def test_decode_refuses_what_is_not_a_plain_object() -> None:
    for line in (b"", b"garbage", b"\xff\xfe", b"[1,2]", b'"move"', b'{"a": NaN}', b'{"a": 1, "a": 2}',
                 b"[" * 40 + b"]" * 40, b'{"a":' * 5000, b"1" * 5000, b"{" + b" " * MAX_LINE + b"}"):
        with pytest.raises(BadMessage):
            decode(line)


HOSTILE = [
    b"garbage\n",
    b"\x00\xff\xfe\n",
    b"[1, 2, 3]\n",
    b'{"type": "move"}\n',
    b'{"type": "move", "direction": 9}\n',
    b'{"type": "move", "direction": true}\n',
    b'{"type": "move", "direction": 3, "player": 1}\n',
    b'{"type": "place", "square": [3, 10]}\n',
    b'{"type": "place", "square": [3]}\n',
    b'{"type": "move", "direction": 3, "direction": 4}\n',
    b'{"type": "reveal"}\n',
    b'{"type": "wolf", "key": 1}\n',
    b'{"type": "move", "direction": 1e999}\n',
    b'{"type": "move", "direction": ' + b"9" * 6000 + b"}\n",
    b'{"type": "move", "direction": 3, "id": -1}\n',
    b"[" * 10000 + b"\n",
    b"x" * (MAX_LINE + 10) + b"\n",
    b"y" * (3 * MAX_LINE),
]


@pytest.mark.parametrize("line", HOSTILE, ids=range(len(HOSTILE)))
async def test_a_hostile_line_closes_that_connection_and_changes_nothing(line: bytes, tmp_path: Path) -> None:
    server = GameServer("ti57-duel", save_path=tmp_path / "duel.json")
    host, guest, client = await seated(server)
    await play(host, guest, {"type": "place", "square": [3, 3]})
    await client.close()
    before = duel_state(server)
    raw = await RawClient.join(server)
    await raw.until("view")
    raw.writer.write(line)
    await raw.closed()
    assert duel_state(server) == before
    assert server.faults == [] and server.paused
    # the player joins again and the duel goes on
    client = GameClient("127.0.0.1", server.port, server.code)
    await client.connect()
    guest = Player(client)
    await guest.next()
    await play(guest, host, {"type": "place", "square": [6, 6]})
    assert host.view["phase"] == "turn" and guest.view["me"]["square"] == [6, 6]
    await client.close()
    await server.close()


async def test_a_client_that_stalls_is_dropped() -> None:
    server = GameServer("ti57-duel", line_timeout=0.05)
    await server.start()
    raw = await RawClient.join(server)
    await raw.until("view")
    await raw.write(b'{"type": "pla')  # and never the rest
    assert "in time" in (await raw.closed())["reason"]
    assert server.paused and server.faults == []
    await server.close()


async def test_a_silent_connection_is_not_seated() -> None:
    server = GameServer("ti57-duel", join_timeout=0.05)
    await server.start()
    reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
    data = await asyncio.wait_for(reader.read(), WAIT)
    assert json.loads(data)["type"] == "closed" and server.paused
    writer.transport.abort()
    await server.close()


async def test_a_truncated_line_at_a_dropped_connection_plays_nothing() -> None:
    server = GameServer("ti57-duel")
    host, guest, client = await seated(server)
    await duel_setup(host, guest, (1, 1), (8, 8))
    await play(host, guest, {"type": "move", "direction": 2})
    await client.close()
    await host.next()  # the host is told the other is away
    raw = await RawClient.join(server)
    await raw.until("view")
    await raw.write(b'{"type": "move", "direc')
    raw.writer.write_eof()  # the connection ends mid-line
    assert await asyncio.wait_for(raw.reader.read(), WAIT) == b""  # nothing more: no view, no refusal
    raw.close()
    while not server.paused:
        await host.next()
    assert server.table.session.game.to_move == 2 and len(server.table.session.game.turns) == 1
    assert server.faults == []
    await server.close()


# ---------------------------------------------------------------- pauses, saves, the end


async def test_a_connection_dropped_mid_move_pauses_saved_and_resumes_on_the_same_code(tmp_path: Path) -> None:
    path = tmp_path / "duel.json"
    server = GameServer("ti57-duel", save_path=path)
    host, guest, client = await seated(server)
    await duel_setup(host, guest, (1, 1), (8, 8))
    raw = await RawClient.join(server)  # the same player from a new connection: the old one goes
    with pytest.raises(GameClosed, match="again"):
        while True:
            await client.receive()
    await raw.until("view")
    await raw.write({"type": "move", "direction": 3})  # not the guest's move: refused, connection kept
    assert (await raw.until("refused"))["reason"] == "it is not your move"
    await host.ask({"type": "move", "direction": 2})
    seen = (await raw.until("view", host.seq))["view"]
    await raw.write({"type": "move", "direction": 6})  # the guest moves and hangs up at once
    raw.writer.write_eof()
    while host.log[-1].get("peer") != "away":
        await host.next()
    raw.close()
    assert host.view["phase"] == "turn" and host.view["to_move"] == 1 and server.paused
    refused = await host.ask({"type": "move", "direction": 2})
    assert refused["type"] == "refused" and "away" in refused["reason"]
    assert server.saved is not None and read_save(path, "ti57-duel") == server.saved
    # joining again with the same code: the guest's square and move are there
    client = GameClient("127.0.0.1", server.port, server.code)
    await client.connect()
    guest = Player(client)
    await guest.next()
    assert guest.view["me"]["square"] == [7, 8] and seen["me"]["square"] == [8, 8]
    await play(host, guest, {"type": "move", "direction": 2})
    assert guest.view["me"]["opponent_last_direction"] == 2
    await client.close()
    await server.close()


async def test_closing_the_host_ends_it_for_both_saved_and_it_resumes_from_the_file(tmp_path: Path) -> None:
    path = tmp_path / "duel.json"
    server = GameServer("ti57-duel", save_path=path)
    host, guest, client = await seated(server)
    await duel_setup(host, guest, (1, 1), (8, 8))
    await play(host, guest, {"type": "move", "direction": 3})
    views = (host.view, guest.view)
    await server.close()
    with pytest.raises(GameClosed, match="host closed"):
        while True:
            await asyncio.wait_for(client.receive(), WAIT)
    assert (await host.next())["type"] == "closed"
    resumed = GameServer("ti57-duel", save_path=path)
    assert resumed.code != server.code
    for player, view in zip((1, 2), views):  # the news says it resumed; taking the move back ends with the host
        now = resumed.table.view_json(player)
        assert now == view | {"news": now["news"], "undo_for": None} and "resumes" in now["news"]
    host, guest, client = await seated(resumed)
    await play(guest, host, {"type": "move", "direction": 6})
    await client.close()
    await resumed.close()


@pytest.mark.parametrize("who", ["host", "guest"])
async def test_either_player_ends_the_game(who: str, tmp_path: Path) -> None:
    server = GameServer("ti57-wolf", first="lambs", save_path=tmp_path / "wolf.json")
    host, guest, client = await seated(server)
    board = (await play(host, guest, {"type": "lamb", "lamb": 1, "key": 6}))["board"]
    if who == "host":
        await host.seat.send({"type": "leave"})
        with pytest.raises(GameClosed, match="The lambs ended"):
            while True:
                await asyncio.wait_for(client.receive(), WAIT)
    else:
        await client.leave()
        assert (await host.next()) == {"type": "closed", "reason": "The wolf ended the game"}
    assert server.ended and server.saved is not None and server.saved["first"] == "lambs"
    late = await RawClient.join(server)
    assert "ended" in (await late.closed())["reason"]
    await server.close()
    assert server.faults == []
    resumed = GameServer("ti57-wolf", save_path=tmp_path / "wolf.json")  # the side that moved first hosts again
    host, guest, client = await seated(resumed)
    assert host.view["moves_played"] == 1 and host.view["board"] == board and client.you == "wolf"
    await play(guest, host, {"type": "wolf", "key": 1})
    await client.close()
    await resumed.close()


async def test_purist_wolf_takes_back_a_refused_move_across_the_terminals() -> None:
    server = GameServer("ti57-wolf", first="lambs", referee=False)
    host, guest, client = await seated(server)  # the host plays the lambs, the guest the wolf
    for move in wolf_moves(PURIST_TO_A_COLLISION):
        if move.side is Side.WOLF:
            await play(guest, host, {"type": "wolf", "key": move.key})
        else:
            await play(host, guest, {"type": "lamb", "lamb": move.lamb, "key": move.key})
    await play(guest, host, {"type": "wolf", "key": 7})  # onto lamb 3: the TI-57 flashes
    assert host.view["phase"] == "flashing" and host.view["take_back_key"] == 3
    assert (await host.ask({"type": "take_back"}))["type"] == "refused"  # the wolf's to take back
    assert (await host.ask({"type": "lamb", "lamb": 1, "key": 4}))["type"] == "refused"
    await play(guest, host, {"type": "take_back"})
    assert host.view["phase"] == "turn" and host.view["board"]["wolf"] == [5, 5] and not host.view["flashing"]
    await client.close()
    await server.close()
    assert server.faults == []


async def test_the_host_plays_the_side_chosen_kept_in_the_save_and_a_finished_game_starts_again(tmp_path: Path) -> None:
    path = tmp_path / "wolf.json"
    script, first, _ = WOLF_GAMES["wolf blocked"]  # the lambs start
    server = GameServer("ti57-wolf", first=first.value, host_side="wolf", save_path=path)
    host, guest, client = await seated(server)  # the host plays the wolf, the guest the lambs, who move first
    assert client.you == "lambs" and host.view["to_move"] == "lambs"
    moves = wolf_moves(script)
    await play(guest, host, {"type": "lamb", "lamb": moves[0].lamb, "key": moves[0].key})
    assert json.loads(path.read_text())["host"] == "wolf"
    await server.close()
    await client.close()  # the guest's side of the closed game
    resumed = GameServer("ti57-wolf", save_path=path)  # hosting again: the host keeps their side
    host, guest, client = await seated(resumed)
    assert resumed.resumed and client.you == "lambs" and host.view["moves_played"] == 1
    assert (await host.ask({"type": "again"}))["type"] == "refused"  # not before the end
    for move in moves[1:]:
        if move.side is Side.WOLF:
            await play(host, guest, {"type": "wolf", "key": move.key})
        else:
            await play(guest, host, {"type": "lamb", "lamb": move.lamb, "key": move.key})
    assert host.view["phase"] == "over" and not path.exists()  # a finished game leaves no save
    view = await play(guest, host, {"type": "again"})  # either player starts the next one
    assert view["moves_played"] == 0 and view["phase"] == "turn" and view["first"] == "lambs"
    assert host.view == guest.view | {"can_undo": host.view["can_undo"]} and path.exists()
    await play(guest, host, {"type": "lamb", "lamb": 1, "key": 6})
    await client.close()
    await resumed.close()
    assert resumed.faults == []


async def test_a_finished_duel_starts_again_with_its_limit() -> None:
    server = GameServer("ti57-duel", limit=2)
    host, guest, client = await seated(server)
    await duel_setup(host, guest, (0, 0), (9, 9))
    await play(host, guest, {"type": "move", "direction": 1})
    await play(guest, host, {"type": "move", "direction": 5})
    await play(host, guest, {"type": "end"})
    await play(guest, host, {"type": "end"})
    assert host.view["phase"] == "over" and guest.view["squares"] == [[1, 1], [8, 8]]
    view = await play(host, guest, {"type": "again"})
    assert view["phase"] == "setup" and view["limit"] == 2 and view["me"]["square"] is None
    assert "squares" not in guest.view and guest.view["moves_played"] == 0
    await client.close()
    await server.close()


def test_the_tables_refuse_what_no_player_may_do() -> None:
    duel = DuelTable.new(limit=4)
    with pytest.raises(Exception, match="not your start square"):
        duel.apply(2, {"type": "place", "square": [1, 1]})
    assert duel.view_json(2)["me"]["square"] is None
    wolf = WolfTable.new(Side.LAMBS)
    assert wolf.players == (Side.LAMBS, Side.WOLF)
    with pytest.raises(Exception, match="you play the lambs"):
        wolf.apply(Side.LAMBS, {"type": "wolf", "key": 1})


class StuckTransport:
    """A transport whose peer reads nothing: what is written piles up."""

    def __init__(self) -> None:
        self.written, self.aborted = 0, False

    def is_closing(self) -> bool:
        return self.aborted

    def get_write_buffer_size(self) -> int:
        return self.written

    def write(self, data: bytes) -> None:
        self.written += len(data)

    def abort(self) -> None:
        self.aborted = True


class StuckWriter:
    def __init__(self) -> None:
        self.transport = StuckTransport()

    def write(self, data: bytes) -> None:
        self.transport.write(data)


def test_a_player_who_does_not_read_is_dropped_not_waited_for() -> None:
    remote = _Remote(2, StuckWriter(), max_buffered=1000)  # type: ignore[arg-type]
    view = {"type": "view", "view": {"news": "x" * 300}}
    for _ in range(3):  # each ~335 bytes: under the bound when written
        remote.deliver(view)
    assert not remote.closed and remote.writer.transport.written > 1000
    remote.deliver(view)  # over the bound: dropped, not written
    assert remote.closed and remote.writer.transport.aborted
    written = remote.writer.transport.written
    remote.deliver(view)
    assert remote.writer.transport.written == written


def test_the_join_line_address_is_read_back() -> None:
    assert parse_address("127.0.0.1:4711") == ("127.0.0.1", 4711)
    assert parse_address("[::1]:80") == ("::1", 80)
    for bad in ("127.0.0.1", ":80", "host:0", "host:65536", "host:x1"):
        with pytest.raises(ValueError):
            parse_address(bad)
