"""The hidden-move games across two terminals: a host that owns the game, a client that joins it.

Each player is sent only their own player's view, as JSON lines (``protocol.py``); the
host's process plays the session (``tables.py``, ``server.py``); the joining player's
terminal receives and asks (``client.py``).  See ``docs/netplay.md``.
"""

from games.net.client import GameClient, GameClosed, parse_address
from games.net.server import GameServer, LocalPlayer

__all__ = ["GameClient", "GameClosed", "GameServer", "LocalPlayer", "parse_address"]
