"""`arcade web` (``arcade/web/server.py``), the real server, driven by a websocket client on 127.0.0.1 (issue 42).

The server runs as ``python -m arcade web --port 0`` (a free port, which it prints); aiohttp's
client (a dependency of textual-serve) plays the browser's part of textual-serve's protocol:
``["stdin", keys]``, ``["resize", {...}]`` as JSON text, the terminal's output as binary.
Every wait is on a condition with a generous bound.
"""

from __future__ import annotations

import asyncio
import io
import json
import os
import re
import signal
import sys
from collections.abc import AsyncIterator
from contextlib import redirect_stdout
from pathlib import Path

import pytest

pytest.importorskip("textual_serve", reason="the web extra is not installed (pip install -e '.[web]')")
aiohttp = pytest.importorskip("aiohttp", reason="the web extra is not installed (pip install -e '.[web]')")

from arcade.web import server as web  # noqa: E402
from arcade.storage.saves import SaveStore  # noqa: E402
from tests.arcade.pty_arcade import ROOT, WAIT  # noqa: E402

CLOSED = {aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSING, aiohttp.WSMsgType.CLOSED}
"""What a websocket reads once the other side closed it."""

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="finds the sessions' processes in /proc")

GAME = "hp67-othello"
ESCAPES = re.compile(rb"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-Z\\-_])")


def children(pid: int) -> list[int]:
    """The live processes whose parent is ``pid``."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            found.append(int(stat.parent.name))
    return found


def alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


async def until(condition, what: str) -> None:
    """Wait (a bound, not a measure) until ``condition()`` holds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + WAIT
    while not condition():
        if loop.time() > deadline:
            raise TimeoutError(f"never happened: {what}")
        await asyncio.sleep(0.05)


class Served:
    """A running ``arcade web`` process and its address."""

    def __init__(self, proc: asyncio.subprocess.Process, url: str, data_dir: Path) -> None:
        self.proc, self.url, self.data_dir = proc, url, data_dir
        self.ws_url = url.replace("http://", "ws://") + "ws"

    async def stop(self, signum: int = signal.SIGINT) -> tuple[int, str]:
        """Send ``signum``; the exit status and everything the server printed."""
        self.proc.send_signal(signum)
        out, _ = await asyncio.wait_for(self.proc.communicate(), WAIT)
        return self.proc.returncode or 0, out.decode(errors="replace")


@pytest.fixture
async def serve(arcade_data_dir: Path) -> AsyncIterator:
    started: list[Served] = []

    async def start(*args: str) -> Served:
        env = {**os.environ, "ARCADE_DATA_DIR": str(arcade_data_dir),
               "ARCADE_CONFIG_DIR": str(arcade_data_dir / "config")}
        env.pop("TEXTUAL_DRIVER", None)
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "arcade", "web", "--port", "0", *args, cwd=ROOT, env=env,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
        assert proc.stdout is not None
        line = await asyncio.wait_for(proc.stdout.readline(), WAIT)
        match = re.search(rb"http://127\.0\.0\.1:\d+/", line)
        assert match, f"the server did not say where it serves: {line!r}"
        served = Served(proc, match.group().decode(), arcade_data_dir)
        started.append(served)
        return served

    yield start
    for served in started:
        if served.proc.returncode is None:
            for pid in children(served.proc.pid):
                os.kill(pid, signal.SIGKILL)
            served.proc.kill()
            await served.proc.wait()


class Tab:
    """A browser's websocket, the screen it received so far."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.screen = b""

    @property
    def text(self) -> str:
        return ESCAPES.sub(b"", self.screen).decode("utf-8", "replace").replace(" ", "")

    async def wait_for_text(self, words: str) -> None:
        async def read() -> None:
            while words.replace(" ", "") not in self.text:
                message = await self.ws.receive()
                if message.type == aiohttp.WSMsgType.BINARY:
                    self.screen += message.data
                elif message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING):
                    raise AssertionError(f"the session ended before {words!r}: {self.text[-300:]!r}")
        await asyncio.wait_for(read(), WAIT)

    async def press(self, keys: str) -> None:
        await self.ws.send_str(json.dumps(["stdin", keys]))


async def start_game(tab: Tab) -> None:
    await tab.wait_for_text("you start")
    await tab.press("w")  # a key changes the screen: the player's game starts
    await tab.wait_for_text("Your move")


def saved_state(served: Served) -> dict | None:
    return SaveStore(served.data_dir / "saves").load(GAME)


async def test_a_session_plays_and_closing_its_socket_ends_its_arcade(serve) -> None:
    served = await serve("--game", GAME)
    async with aiohttp.ClientSession() as client:
        async with client.ws_connect(served.ws_url + "?width=100&height=32") as ws:
            tab = Tab(ws)
            for message in (["blur"], ["focus"], ["resize", {"width": 100, "height": 32}], ["ping", "1"]):
                await ws.send_str(json.dumps(message))  # what a page sends besides keys: the session goes on
            await start_game(tab)
            arcades = children(served.proc.pid)
            assert len(arcades) == 1, f"one process per session, no shell beside it: {arcades}"
            command = Path(f"/proc/{arcades[0]}/cmdline").read_bytes().split(b"\0")
            assert command[1:4] == [b"-m", b"arcade", b"--game"], command
            await until(lambda: saved_state(served) is not None, "the new game's save")
            (served.data_dir / "saves" / f"{GAME}.json").unlink()
        await until(lambda: not alive(arcades[0]), "the arcade's end after its tab closed")
    state = saved_state(served)
    assert state is not None and state["moves"] == [], "the closed tab's game was not saved"
    assert served.proc.returncode is None, "the server ended with its session"
    status, out = await served.stop()
    assert status == 0 and "Traceback" not in out, out


async def test_sessions_are_capped(serve) -> None:
    served = await serve("--max-sessions", "1")
    async with aiohttp.ClientSession() as client:
        async with client.ws_connect(served.ws_url) as ws:
            await Tab(ws).wait_for_text("Choose a game")
            async with client.get(served.url) as page:
                assert page.status == 503 and "The arcade is full" in await page.text()
            async with client.ws_connect(served.ws_url) as second:
                turned_away = Tab(second)
                message = await asyncio.wait_for(second.receive(), WAIT)
                turned_away.screen += message.data if message.type == aiohttp.WSMsgType.BINARY else b""
                closing = await asyncio.wait_for(second.receive(), WAIT)
                assert closing.type == aiohttp.WSMsgType.CLOSE and closing.data == 1013
                assert "Thearcadeisfull" in turned_away.text
            assert len(children(served.proc.pid)) == 1, "the turned-away tab started an arcade"
        await until(lambda: not children(served.proc.pid), "the first session's end")
        async with client.get(served.url) as page:
            assert page.status == 200 and "The arcade is full" not in await page.text()
    await served.stop()


async def test_ctrl_c_stops_the_server_and_its_sessions_with_their_games_saved(serve) -> None:
    served = await serve("--game", GAME)
    async with aiohttp.ClientSession() as client:
        async with client.ws_connect(served.ws_url + "?width=100&height=32") as ws:
            await start_game(Tab(ws))
            await until(lambda: saved_state(served) is not None, "the new game's save")
            (served.data_dir / "saves" / f"{GAME}.json").unlink()
            arcades = children(served.proc.pid)
            status, out = await served.stop(signal.SIGINT)
    assert status == 0, out
    assert "Traceback" not in out and "Event loop is closed" not in out, out
    await until(lambda: not any(alive(pid) for pid in arcades), "the sessions' arcades ended")
    state = saved_state(served)
    assert state is not None and state["moves"] == [], "the game of a session open at Ctrl+C was not saved"


async def test_a_malformed_message_ends_its_session_only(serve) -> None:
    served = await serve()
    async with aiohttp.ClientSession() as client:
        async with client.ws_connect(served.ws_url) as ws:
            await Tab(ws).wait_for_text("Choose a game")
            arcades = children(served.proc.pid)
            await ws.send_str('{"not": "an envelope"}')
            # read on, as a browser does, until the server's close: its close handshake waits for the answer
            while (await asyncio.wait_for(ws.receive(), WAIT)).type not in CLOSED:
                pass
        await until(lambda: not any(alive(pid) for pid in arcades), "the arcade's end")
        async with client.ws_connect(served.ws_url) as ws:  # the server serves on
            await Tab(ws).wait_for_text("Choose a game")
    status, out = await served.stop(signal.SIGTERM)
    assert status == 0 and "Traceback" not in out, out


async def test_another_sites_page_and_a_foreign_host_name_are_refused(serve) -> None:
    """A page of another site opening a session (its Origin), a host name made to resolve to
    127.0.0.1 (DNS rebinding): refused; the arcade's own page and its websocket are served."""
    served = await serve()
    port = served.url.rsplit(":", 1)[1].strip("/")
    async with aiohttp.ClientSession() as client:
        async with client.get(served.url, headers={"Host": f"rebound.example:{port}"}) as page:
            assert page.status == 403
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await client.ws_connect(served.ws_url, headers={"Origin": "http://elsewhere.example"})
        assert refused.value.status == 403
        assert not children(served.proc.pid), "a refused websocket started an arcade"
        async with client.ws_connect(served.ws_url, headers={"Origin": served.url.rstrip("/")}) as ws:
            await Tab(ws).wait_for_text("Choose a game")
    await served.stop()


def test_the_page_names_no_other_host() -> None:
    """textual-serve's page asked a font host for its font; ours takes everything from the server
    (the browser test checks every request the page makes)."""
    page = (web.PAGE_DIR / "index.html").read_text()
    assert "/static/fonts/RobotoMono" in page
    assert not re.search(r"https?://|//[a-z]", page, re.IGNORECASE), "the page names another host"


def test_another_address_is_said_to_let_anyone_in() -> None:
    server = web.server_class()("exec true", host="0.0.0.0", port=0, max_sessions=2)
    server.url = "http://0.0.0.0:8000/"
    said = io.StringIO()
    with redirect_stdout(said):
        server.announce()
    assert "anyone who can reach this address can start sessions" in said.getvalue()
    loopback = web.server_class()("exec true", host="127.0.0.1", port=0, max_sessions=2)
    said = io.StringIO()
    with redirect_stdout(said):
        loopback.announce()
    assert "anyone" not in said.getvalue()

