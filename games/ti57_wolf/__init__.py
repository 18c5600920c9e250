"""The wolf and the lambs ("Le loup et les agneaux", J. Deconchat, L'Ordinateur de poche) on a TI-57."""

from __future__ import annotations

from games.ti57_wolf.driver import (
    OPPOSITE,
    MachineDisagrees,
    MoveRecord,
    WolfGame,
    WolfView,
    decode_square,
    load_program,
    square_text,
)
from games.ti57_wolf.referee import (
    LAMB_MOVES,
    MOVE_NAMES,
    START,
    WOLF_MOVES,
    Board,
    IllegalMove,
    Result,
    Side,
    WolfReferee,
    result_of,
)

__all__ = [
    "Board",
    "IllegalMove",
    "LAMB_MOVES",
    "MOVE_NAMES",
    "MachineDisagrees",
    "MoveRecord",
    "OPPOSITE",
    "Result",
    "START",
    "Side",
    "WOLF_MOVES",
    "WolfGame",
    "WolfReferee",
    "WolfView",
    "decode_square",
    "load_program",
    "result_of",
    "square_text",
]
