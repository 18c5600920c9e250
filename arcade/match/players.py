"""The two players of ``arcade match`` (HP-67 against CPC): their labels and how to make them.

Shared by the command line (``arcade.match_cli``) and the watch screen
(``arcade.match.screen``), which otherwise would import each other.
"""

from __future__ import annotations

from typing import Callable

from games.othello.driver import OthelloDriver

HP67_LABEL = "HP-67 Verniajou"
CPC_LABEL = "CPC Lazard"
PLAYERS = ("hp67", "cpc")


def hp67_player() -> OthelloDriver:
    """Verniajou's program on the HP-67, named short for the results table."""
    from games.hp67_othello.driver import HP67OthelloDriver

    driver = HP67OthelloDriver()
    driver.title = HP67_LABEL
    return driver


def cpc_player() -> OthelloDriver:
    """Lazard's program on the CPC 6128, named short for the results table."""
    from games.lazard_othello import LazardOthelloDriver

    driver = LazardOthelloDriver()
    driver.title = CPC_LABEL
    return driver


FACTORIES: dict[str, Callable[[], OthelloDriver]] = {"hp67": hp67_player, "cpc": cpc_player}
