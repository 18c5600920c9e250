"""Whole wolf-and-lambs games as scripts, shared by the session and screen tests.

"W1" is the wolf's ``SBR 1``, "L26" is ``2 SBR 6``.  The scripts were found by random
play on the referee alone (games/ti57_wolf/referee.py), which knows nothing of the TI-57.
"""

from __future__ import annotations

from games.ti57_wolf.referee import Side
from games.ti57_wolf.session import WolfMove

W_ROW_1 = "W7 L46 W7 L26 W1 L24 W7 L26 W1 L24 W1 L36 W7"  # the wolf starts: ↙ ↘ ... row 1
BLOCKED = "L26 W1 L36 W1 L16 W1 L24 W7 L46 W1 L24"  # the lambs start and pen the wolf in
ALL_ROW_8 = (
    "L34 W7 L34 W3 L24 W1 L36 W9 L44 W1 L34 W1 L44 W1 L46 W9 L44 W1 L26 W7 L16 W1 L26 W9 L46 W3 L46 W7 "
    "L26 W1 L44 W9 L36 W9 L14 W3 L26 W9 L26 W3 L16 W1 L14 W9 L16 W7 L26 W3 L14 W7 L36 W1 L16 W1 L34"
)
LAMBS_STUCK = (
    "L46 W1 L36 W9 L36 W1 L34 W7 L34 W1 L16 W7 L34 W3 L34 W9 L16 W9 L26 W7 L26 W3 L24 W7 L26 W7 L34 W9 "
    "L24 W1 L14 W1 L14 W7 L26 W3 L24 W7 L16 W9 L16 W1"
)
PURIST_TO_A_COLLISION = "L34 W1 L36 W7 L36 W7 L16"
"""The lambs start; then the wolf's ↘ (SBR 7) from 5.5 lands on lamb 3 at 6.4."""

GAMES = {  # script, who starts, the referee's reason for the end
    "wolf reaches row 1": (W_ROW_1, Side.WOLF, "the wolf reached row 1"),
    "wolf blocked": (BLOCKED, Side.LAMBS, "the wolf is blocked"),
    "lambs reach row 8": (ALL_ROW_8, Side.LAMBS, "all the lambs reached row 8"),
    "lambs stuck": (LAMBS_STUCK, Side.LAMBS, "the lambs cannot move"),
}


def moves(script: str) -> list[WolfMove]:
    return [
        WolfMove.wolf(int(m[1])) if m[0] == "W" else WolfMove.of_lamb(int(m[1]), int(m[2])) for m in script.split()
    ]
