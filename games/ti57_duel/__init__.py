"""The blind duel ("Un combat singulier", J. Deconchat, L'Ordinateur de poche) on a TI-57."""

from __future__ import annotations

from games.ti57_duel.driver import COMPASS, DuelGame, MachineDisagrees, PlayerView, Turn, load_program
from games.ti57_duel.referee import DELTAS, Direction, DuelReferee, DuelStatus, IllegalMove, OffBoard

__all__ = [
    "COMPASS",
    "DELTAS",
    "Direction",
    "DuelGame",
    "DuelReferee",
    "DuelStatus",
    "IllegalMove",
    "MachineDisagrees",
    "OffBoard",
    "PlayerView",
    "Turn",
    "load_program",
]
