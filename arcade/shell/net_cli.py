"""``arcade host GAME`` and ``arcade join HOST:PORT CODE``: a TI-57 hidden-move game across two terminals.

    arcade host ti57-duel [--port N] [--bind ADDR] [--limit N]
    arcade host ti57-wolf [--port N] [--bind ADDR] [--side wolf|lambs]
    arcade join HOST:PORT CODE

The arguments are checked here, before the arcade opens: a bad one is said in one line on
stderr, with the usage, and the status is 2 (argparse's), never a traceback.  The screens are
``arcade/screens/netplay/``; what crosses the network, ``games/net/`` (docs/netplay.md).
"""

from __future__ import annotations

import argparse
import ipaddress
import random
import socket
from typing import Any, Callable

from arcade.widgets.plain import visible

GAMES = ("ti57-duel", "ti57-wolf")
LOOPBACK = "127.0.0.1"
CODE_LETTERS = "23456789abcdefghjkmnpqrstuvwxyz"
"""The join code's alphabet (``games.net.protocol.CODE_ALPHABET``, checked equal by a test: not imported,
so that the command line reads without importing a game)."""
CODE_LENGTH = 12


def host_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="arcade host",
        description="Host a TI-57 hidden-move game for two people on two terminals: this terminal plays the first "
        "player, and shows the line the other player types (arcade join HOST:PORT CODE). Each terminal is sent "
        "only its own player's view. Loopback (this machine) unless --bind gives a LAN address.",
    )
    p.add_argument("game", choices=GAMES, metavar="GAME", help=f"the game: {' or '.join(GAMES)}")
    p.add_argument("--port", type=int, default=0, metavar="N", help="the port to listen on (default: any free one)")
    p.add_argument("--bind", default=LOOPBACK, metavar="ADDR",
                   help="the address to listen on (default 127.0.0.1: this machine only); a LAN address such as "
                   "192.168.1.5, or 0.0.0.0 for all, lets another machine join")
    p.add_argument("--limit", type=int, default=20, metavar="N", help="the blind duel's move limit (default 20)")
    p.add_argument("--side", choices=("wolf", "lambs"), default=None,
                   help="wolf and lambs: the side this terminal plays (default: the side the coin toss starts)")
    return p


def join_parser() -> argparse.ArgumentParser:
    return argparse.ArgumentParser(
        prog="arcade join",
        description="Join a TI-57 game hosted on another terminal, with the line the host's screen shows.",
        epilog="example: arcade join 127.0.0.1:40123 k3j4h5g6f7d8",
    )


def parse_host(argv: list[str]) -> tuple[str, dict[str, Any]]:
    """``arcade host``'s arguments: the game and the hosting screen's options (exits 2 on a bad one)."""
    p = host_parser()
    args = p.parse_args(argv)
    if not 0 <= args.port <= 65535:
        p.error(f"--port {args.port} is not a port: 1 to 65535 (or 0, any free one)")
    if not 1 <= args.limit <= 99:
        p.error(f"--limit {args.limit} is not a move limit: 1 to 99")
    if args.side is not None and args.game != "ti57-wolf":
        p.error("--side is for ti57-wolf (in the blind duel the host is Player 1)")
    bind = args.bind.strip()
    try:
        address = ipaddress.ip_address(bind.strip("[]"))
    except ValueError:
        p.error(f"--bind {visible(bind)!r} is not an IP address of this machine (e.g. 127.0.0.1, 192.168.1.5, 0.0.0.0)")
    bind = str(address)
    problem = cannot_listen(bind, args.port)
    if problem is not None:
        p.error(problem)
    options: dict[str, Any] = {"bind": bind, "port": args.port}
    if args.game == "ti57-duel":
        options["limit"] = args.limit
    else:
        first = random.choice(("wolf", "lambs"))  # the coin toss: heads the wolf starts
        options.update(first=first, host_side=args.side or first)
    return args.game, options


def cannot_listen(bind: str, port: int) -> str | None:
    """Why the game could not listen on ``bind:port`` now (None: it can): tried, then let go at once."""
    family = socket.AF_INET6 if ":" in bind else socket.AF_INET
    try:
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as asyncio's server does
            probe.bind((bind, port))
    except OSError as error:
        where = f"[{bind}]:{port}" if ":" in bind else f"{bind}:{port}"
        return f"cannot listen on {where}: {error.strerror or error}"
    return None


def parse_join(argv: list[str]) -> tuple[str, int, str]:
    """``arcade join``'s arguments: host, port and code (exits 2 on a bad one)."""
    p = join_parser()
    p.add_argument("address", metavar="HOST:PORT", help="where the game is hosted, as the host's line says")
    p.add_argument("code", metavar="CODE", help="the join code, as the host's line says")
    args = p.parse_args(argv)
    host, sep, port = args.address.rpartition(":")
    host = host.strip()
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        p.error(f"{visible(args.address)!r} is not HOST:PORT (e.g. 127.0.0.1:40123, or [::1]:40123)")
    if not host.isascii() or not host.isprintable() or any(c in host for c in " /\\@?#"):
        p.error(f"{visible(host)!r} is not a host name or an address")
    code = args.code.strip().lower()
    if len(code) != CODE_LENGTH or not set(code) <= set(CODE_LETTERS):
        p.error(f"{visible(args.code)!r} is not a join code: {CODE_LENGTH} letters and digits, as the host's line shows")
    return host, int(port), code


def opening(command: str, argv: list[str]) -> Callable[[], Any]:
    """The screen the arcade opens on for ``arcade host ...`` or ``arcade join ...`` (exits 2 on a bad argument)."""
    if command == "host":
        game, options = parse_host(argv)
        from arcade.screens.netplay.open import hosting

        return hosting(game, **options)
    host, port, code = parse_join(argv)
    from arcade.screens.netplay.open import joining

    return joining(host, port, code)
