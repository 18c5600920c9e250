"""``python -m games.host``: a machine host on this process's stdin and stdout (started by a screen).

The protocol uses the original stdout; anything the games print goes to stderr instead,
so that a stray ``print`` can never break a message.
"""

from __future__ import annotations

import os
import sys

from games.host.server import serve
from games.host.wire import Wire


def main() -> None:
    protocol_out = os.dup(1)
    os.dup2(2, 1)  # print() from here on reaches stderr, not the screen's pipe
    sys.stdout = sys.stderr
    parent = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else None
    serve(Wire(os.dup(0), protocol_out), parent)


if __name__ == "__main__":
    main()
