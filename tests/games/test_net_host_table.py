"""The game across two terminals hosted at a machine host's table (``games/net/host_table.py``).

The host's player speaks through the host's pipe (``send``, and the notes of ``serve``); the other
player joins over loopback with a ``GameClient``, as ``arcade join`` does.  Run with the host in a
thread and as the real process.  Every wait is bounded; nothing is timed.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from games.host.client import HostClient
from games.host.news import Note, Started
from games.net import GameClient
from games.net.server import read_save
from tests.games.test_host import BOUND, Listener


class HostedGame:
    """A machine host with the ``net`` table, ``serve`` running: the host player's messages in order."""

    def __init__(self, mode: str, **options: Any) -> None:
        self.listener = Listener()
        self.client = HostClient(self.listener, own_process=mode == "process")
        self.client.start()
        self.listener.next(Started)
        assert self.listener.answer(self.client.open("net", **options)).done
        self.serve = self.client.request("serve")
        self.messages: list[dict[str, Any]] = []

    def next(self) -> dict[str, Any]:
        note = self.listener.next(Note, self.serve)
        self.messages.append(note.payload)
        return note.payload

    def until(self, kind: str, **fields: Any) -> dict[str, Any]:
        while True:
            message = self.next()
            if message["type"] == kind and all(message.get(k) == v for k, v in fields.items()):
                return message

    def send(self, request: dict[str, Any]) -> Any:
        return self.listener.answer(self.client.request("send", request))


@pytest.mark.parametrize("mode", ["thread", "process"])
def test_a_duel_hosted_at_the_table_and_joined_over_loopback(mode: str, tmp_path: Path) -> None:
    path = tmp_path / "duel.json"
    hosted = HostedGame(mode, net_game="ti57-duel", limit=5, save_path=str(path))
    listening = hosted.until("listening")
    assert listening["join_line"].startswith("arcade join 127.0.0.1:") and listening["resumed"] is False
    _, _, address, code = listening["join_line"].split()
    assert hosted.until("view", peer="away")["view"]["phase"] == "setup"

    async def guest() -> list[dict[str, Any]]:
        client = GameClient("127.0.0.1", int(address.rpartition(":")[2]), code)
        await asyncio.wait_for(client.connect(), BOUND)
        seen = [await asyncio.wait_for(client.receive(), BOUND)]
        await asyncio.to_thread(hosted.until, "view", peer="here")
        assert hosted.send({"type": "place", "square": [2, 2]}).done  # the host's request, through the pipe
        while seen[-1]["view"]["setup_player"] != 2:
            seen.append(await asyncio.wait_for(client.receive(), BOUND))
        await client.send({"type": "place", "square": [7, 7]})
        while seen[-1]["view"]["phase"] != "turn":
            seen.append(await asyncio.wait_for(client.receive(), BOUND))
        await client.close()  # dropped: the host is told, the game is saved
        return seen

    seen = asyncio.run(guest())
    assert all("[2, 2]" not in json.dumps(m) and "2.2" not in json.dumps(m["view"]["registers"]) for m in seen)
    away = hosted.until("view", peer="away")
    assert away["paused"] and away["view"]["me"]["square"] == [2, 2]
    assert read_save(path, "ti57-duel") is not None
    refused = hosted.send({"type": "move", "direction": 9})  # not a request of the game: refused at the table
    assert refused.outcome == "refused" and "not a request" in refused.text
    hosted.client.close()  # the host's terminal closes: the game ends for both, saved
    assert read_save(path, "ti57-duel") is not None


def test_a_port_already_taken_fails_the_serve_with_its_reason() -> None:
    first = HostedGame("thread", net_game="ti57-wolf")
    port = int(first.until("listening")["port"])
    second = HostedGame("thread", net_game="ti57-wolf", port=port)
    answer = second.listener.answer(second.serve)
    assert answer.outcome == "failed" and answer.error == "OSError" and "in use" in answer.text
    assert second.send({"type": "wolf", "key": 1}).outcome == "refused"  # never open: refused, not waited for
    second.client.close()
    first.client.close()


def test_a_game_ended_by_the_other_player_ends_the_serve() -> None:
    hosted = HostedGame("thread", net_game="ti57-wolf", first="lambs")
    _, _, address, code = hosted.until("listening")["join_line"].split()

    async def leave() -> None:
        client = GameClient("127.0.0.1", int(address.rpartition(":")[2]), code)
        await asyncio.wait_for(client.connect(), BOUND)
        await client.leave()

    asyncio.run(leave())
    assert hosted.until("closed")["reason"] == "The wolf ended the game"
    assert hosted.listener.answer(hosted.serve).result == "The wolf ended the game"
    hosted.client.close()
