"""`arcade web`: the arcade in a browser, one arcade process per tab (textual-serve, the ``web`` extra).

textual-serve gives the page (xterm.js) and runs one ``python -m arcade`` per websocket under
Textual's web driver; ``arcade/runtime/web_driver.py`` makes each end as in a terminal.  This module
adds what the arcade needs around it:

- loopback by default; another address is said plainly to let anyone who reaches it start
  sessions (textual-serve has no authentication), and sessions are capped;
- the session's command is ``exec python -m arcade``: no ``/bin/sh`` stays beside each arcade;
- what a browser sends is data: size-limited, validated, a malformed message ends its session;
- the page asks nothing of the internet (textual-serve's own asks a font host for its font:
  ``page/index.html`` takes it from the server);
- Ctrl+C (or SIGTERM) stops the server at once: every session is asked to quit (its games
  saved: the driver takes it as a hang-up), ``SHUTDOWN`` seconds at most are given to them, and
  any arcade still ending ends on its own (its input gone).
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import ipaddress
import json
import shlex
import signal
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from arcade.shell import catalog

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
DEFAULT_MAX_SESSIONS = 4
"""Sized for 2 cores: a machine at full speed takes most of a core, an idle one next to nothing."""
SHUTDOWN = 0.6
"""Seconds the sessions have to save and end when the server stops (then it goes; they end on their own)."""
MAX_MESSAGE = 64 * 1024
"""Bytes of one websocket message from a browser (a paste, at most): more closes the session."""
SIZE_LIMITS = (10, 1000)
"""Columns or rows a browser may ask for."""
HERE = Path(__file__).parent
PAGE_DIR = HERE / "page"
NEEDS_EXTRA = "arcade web needs textual-serve: pip install 'vintage-arcade[web]' (or pip install -e '.[web]')"


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="arcade web",
        description="Serve the arcade to web browsers: each tab plays its own arcade, run on this machine.",
    )
    p.add_argument("--host", default=DEFAULT_HOST,
                   help=f"the address to listen on (default {DEFAULT_HOST}: this machine only); anyone who can"
                   " reach another address can start sessions, there is no password")
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"the port (default {DEFAULT_PORT}; 0: any free one)")
    p.add_argument("--max-sessions", type=int, default=DEFAULT_MAX_SESSIONS, metavar="N",
                   help=f"arcades running at once (default {DEFAULT_MAX_SESSIONS}, for 2 cores); more tabs are turned away")
    p.add_argument("--game", metavar="NAME", help="each tab opens this game rather than the launcher")
    return p


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:  # a host name: it may resolve anywhere
        return False


def session_command(game: str | None = None) -> str:
    """The shell command textual-serve runs per session: ``exec`` leaves the arcade alone, no shell beside it."""
    words = [sys.executable, "-m", "arcade"] + (["--game", game] if game else [])
    return "exec " + " ".join(shlex.quote(word) for word in words)


def clamp_size(value: object, default: int) -> int:
    """A size a browser gave: an integer within ``SIZE_LIMITS``, else ``default``."""
    try:
        number = int(str(value))
    except ValueError:
        return default
    return max(SIZE_LIMITS[0], min(SIZE_LIMITS[1], number))


def main(argv: list[str]) -> int:
    p = parser()
    args = p.parse_args(argv)
    if args.max_sessions < 1:
        p.error("--max-sessions must be 1 or more")
    if not 0 <= args.port <= 65535:
        p.error("--port must be between 0 and 65535")
    if args.game is not None:
        try:
            entry = catalog.get(args.game)
        except LookupError as error:
            p.error(str(error))
        if not entry.available:
            p.error(f"{entry.title} ({entry.id}) is coming soon: its screen is not written yet")
    try:
        server_type = server_class()
    except ImportError:
        print(NEEDS_EXTRA, file=sys.stderr)
        return 2
    server = server_type(session_command(args.game), host=args.host, port=args.port, max_sessions=args.max_sessions)
    return asyncio.run(server.serve_until_stopped())


@dataclass(eq=False)
class Session:
    """One tab: its websocket and the task that relays it (ended by closing the websocket)."""

    websocket: Any
    task: asyncio.Task[Any] | None = field(default=None)
    service: Any = None  # textual-serve's AppService: its arcade process, once started


@functools.cache
def server_class() -> type:
    """The arcade's server class, built on textual-serve's ``Server`` (imported only here: the extra is optional)."""
    import aiohttp_jinja2
    import jinja2
    import textual_serve
    from aiohttp import WSCloseCode, WSMsgType, web
    from textual_serve.app_service import AppService
    from textual_serve.server import Server

    class ArcadeServer(Server):  # type: ignore[misc, valid-type]
        """textual-serve's server with a cap on sessions, checked messages, a local page and a quick stop."""

        def __init__(self, command: str, *, host: str, port: int, max_sessions: int) -> None:
            super().__init__(command, host=host, port=port, title="Vintage machine arcade")
            self.max_sessions = max_sessions
            self.sessions: set[Session] = set()
            self.url = ""
            """``http://HOST:PORT/`` once listening (the port chosen, for ``--port 0``)."""

        # -- the aiohttp application --------------------------------------------------------

        def web_app(self) -> web.Application:
            app = web.Application(client_max_size=MAX_MESSAGE)
            aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(PAGE_DIR), autoescape=True)
            app.add_routes([
                web.get("/", self.handle_index, name="index"),
                web.get("/ws", self.handle_websocket, name="websocket"),
                web.get("/download/{key}", self.handle_download, name="download"),
                web.static("/static", Path(textual_serve.__file__).parent / "static", name="static"),
            ])
            return app

        def refusal(self, request: web.Request) -> str | None:
            """Why a request is refused, if it is: on loopback the page's host must be this machine (a
            web site made to resolve to 127.0.0.1 must not reach the arcade), and a websocket opened by a
            page must come from the arcade's own page (no other site's page opens sessions)."""
            host = request.host.rsplit(":", 1)[0].strip("[]") if request.host else ""
            if is_loopback(self.host) and not is_loopback(host):
                return f"the arcade answers only to this machine's own addresses, not {request.host!r}"
            origin = request.headers.get("Origin")
            if request.path == "/ws" and origin is not None and origin.split("://", 1)[-1] != request.host:
                return "a websocket from another site's page"
            return None

        async def handle_index(self, request: web.Request) -> web.Response:
            """The page: the terminal, or "full" (503) while every session is taken."""
            if (reason := self.refusal(request)) is not None:
                raise web.HTTPForbidden(text=f"arcade web: {reason}")
            full = len(self.sessions) >= self.max_sessions
            context = {
                "full": full,
                "max_sessions": self.max_sessions,
                "font_size": clamp_size(request.query.get("fontsize", "16"), 16),
                "websocket_url": f"ws://{request.host}/ws",
            }
            response = aiohttp_jinja2.render_template("index.html", request, context)
            if full:
                response.set_status(503)
            return response

        # -- a session ----------------------------------------------------------------------

        async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
            if (reason := self.refusal(request)) is not None:
                raise web.HTTPForbidden(text=f"arcade web: {reason}")
            websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE)
            if len(self.sessions) >= self.max_sessions:
                await websocket.prepare(request)
                await websocket.send_bytes(
                    f"\r\n  The arcade is full: {self.max_sessions} playing. Try again later.\r\n".encode()
                )
                await websocket.close(code=WSCloseCode.TRY_AGAIN_LATER, message=b"the arcade is full")
                return websocket
            session = Session(websocket, asyncio.current_task())
            self.sessions.add(session)  # counted before the first await: no two tabs take the last place
            try:
                width = clamp_size(request.query.get("width", "80"), 80)
                height = clamp_size(request.query.get("height", "24"), 24)
                await websocket.prepare(request)
                service = AppService(self.command, write_bytes=websocket.send_bytes, write_str=websocket.send_str,
                                     close=websocket.close, download_manager=self.download_manager)
                await service.start(width, height)
                session.service = service
                try:
                    await self.relay(websocket, service)
                finally:
                    await service.stop()  # "quit": the arcade saves and ends; waits for its output's end
            finally:
                self.sessions.discard(session)
            return websocket

        async def relay(self, websocket: web.WebSocketResponse, service: AppService) -> None:
            """The browser's messages to the arcade, each checked; a malformed one ends the session."""
            async for message in websocket:
                if message.type != WSMsgType.TEXT:
                    continue
                try:
                    envelope = json.loads(message.data)
                except ValueError:
                    break
                if not (isinstance(envelope, list) and 1 <= len(envelope) <= 2 and isinstance(envelope[0], str)):
                    break
                kind, data = envelope[0], (envelope[1] if len(envelope) == 2 else None)  # ["focus"], ["blur"]
                if kind == "stdin" and isinstance(data, str):
                    await service.send_bytes(data.encode("utf-8", "replace"))
                elif kind == "resize" and isinstance(data, dict):
                    await service.set_terminal_size(clamp_size(data.get("width"), 80), clamp_size(data.get("height"), 24))
                elif kind == "ping" and isinstance(data, (str, int, float)) and len(str(data)) <= 64:
                    await websocket.send_json(["pong", data])
                elif kind == "blur":
                    await service.blur()
                elif kind == "focus":
                    await service.focus()
                else:
                    break
            await websocket.close()

        # -- running and stopping ------------------------------------------------------------

        async def serve_until_stopped(self) -> int:
            """Serve until Ctrl+C or SIGTERM; then end the sessions (``SHUTDOWN`` s at most) and return."""
            loop = asyncio.get_running_loop()
            stop = asyncio.Event()
            for name in ("SIGINT", "SIGTERM", "SIGHUP"):  # Ctrl+C, a polite kill, its terminal closed
                try:
                    loop.add_signal_handler(getattr(signal, name), stop.set)
                except (AttributeError, NotImplementedError, RuntimeError):  # Windows
                    pass
            runner = web.AppRunner(self.web_app(), handle_signals=False, shutdown_timeout=0.1, access_log=None)
            await runner.setup()
            try:
                site = web.TCPSite(runner, self.host, self.port)
                try:
                    await site.start()
                except OSError as error:
                    print(f"arcade web: cannot listen on {self.host}:{self.port}: {error.strerror or error}",
                          file=sys.stderr)
                    return 1
                port = runner.addresses[0][1] if runner.addresses else self.port
                host = f"[{self.host}]" if ":" in self.host else self.host
                self.url = f"http://{host}:{port}/"
                self.announce()
                await stop.wait()
                print("arcade web: stopping; the sessions save their games", flush=True)
                await self.end_sessions()
            finally:
                await runner.cleanup()
            return 0

        def announce(self) -> None:
            print(f"arcade web: serving the arcade on {self.url}  (Ctrl+C stops it)", flush=True)
            plural = "" if self.max_sessions == 1 else "s"
            print(f"arcade web: at most {self.max_sessions} session{plural} at once", flush=True)
            if not is_loopback(self.host):
                print(f"arcade web: WARNING: listening on {self.host}: anyone who can reach this address can"
                      " start sessions and play here (there is no password); use the default"
                      f" {DEFAULT_HOST} to keep it to this machine", flush=True)

        async def end_sessions(self) -> None:
            """Every arcade asked to quit (it saves its games) and every websocket closed, all at once;
            ``SHUTDOWN`` seconds for them all (a page that never answers the close is left)."""
            sessions = list(self.sessions)
            for session in sessions:
                if session.service is not None:
                    await session.service.send_meta({"type": "quit"})  # to the arcade's pipe: no wait on a browser
            closing = [asyncio.ensure_future(session.websocket.close(code=WSCloseCode.GOING_AWAY,
                                                                     message=b"the server is stopping"))
                       for session in sessions]
            tasks = [session.task for session in sessions if session.task is not None]
            if closing or tasks:
                await asyncio.wait([*closing, *tasks], timeout=SHUTDOWN)
            for closer in closing:
                closer.cancel()

    return ArcadeServer
