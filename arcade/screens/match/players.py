"""The two players of ``arcade match`` (HP-67 against CPC): their labels and how to make them.

They live with the match's table (``games/othello/match_table.py``: the host makes them);
the command line and the watch screen read them from here.
"""

from __future__ import annotations

from games.othello.match_table import CPC_LABEL, FACTORIES, HP67_LABEL, PLAYERS, cpc_player, hp67_player

__all__ = ["CPC_LABEL", "FACTORIES", "HP67_LABEL", "PLAYERS", "cpc_player", "hp67_player"]
