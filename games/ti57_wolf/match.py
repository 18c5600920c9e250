"""Headless wolf-and-lambs games between computer players, played on the TI-57.

Each move is chosen by a player from the board decoded from the machine and keyed
into the unmodified program by the driver (``SBR n`` for the wolf, ``k SBR p`` for a
lamb), refereed exactly as a person's move.  ``arcade match ti57-wolf`` prints these.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Protocol

from games.ti57_wolf.driver import MoveRecord, WolfGame
from games.ti57_wolf.referee import Board, Side

__all__ = ["WolfGameResult", "play_game", "play_series", "MAX_PLIES"]

MAX_PLIES = 400  # every lamb move goes forward: a game has at most 28 lamb moves


class WolfChooser(Protocol):
    def choose(self, board: Board) -> int: ...


class LambsChooser(Protocol):
    def choose(self, board: Board) -> tuple[int, int]: ...


MoveObserver = Callable[[WolfGame, MoveRecord], None]


@dataclass(frozen=True)
class WolfGameResult:
    number: int
    first: Side
    winner: Side
    reason: str
    plies: int  # moves played, both sides

    def line(self) -> str:
        verdict = "wolf wins" if self.winner is Side.WOLF else "lambs win"
        return f"game {self.number}: {self.first.value} first, {verdict} ({self.reason}) after {self.plies} moves"


def play_game(
    wolf: WolfChooser,
    lambs: LambsChooser,
    first: Side = Side.WOLF,
    number: int = 1,
    observer: MoveObserver | None = None,
) -> WolfGameResult:
    """One game from the article's set-up; each move keyed into the TI-57 by the driver."""
    game = WolfGame(first=first)
    for _ in range(MAX_PLIES):
        result = game.result()
        if result is not None:
            return WolfGameResult(number, first, result.winner, result.reason, len(game.history))
        if game.to_move is Side.WOLF:
            record = game.wolf_move(wolf.choose(game.board))
        else:
            k, key = lambs.choose(game.board)
            record = game.lamb_move(k, key)
        if observer is not None:
            observer(game, record)
    raise RuntimeError(f"the game did not end within {MAX_PLIES} moves")


def play_series(
    wolf: WolfChooser,
    lambs: LambsChooser,
    games: int,
    first: Side | None = None,
    observer: MoveObserver | None = None,
    on_game: Callable[[WolfGameResult], None] | None = None,
) -> list[WolfGameResult]:
    """``games`` games between the same two players; ``first=None`` alternates, wolf first in game 1.
    ``on_game`` hears each result as soon as its game ends."""
    results = []
    for number in range(1, games + 1):
        side = first if first is not None else (Side.WOLF if number % 2 else Side.LAMBS)
        results.append(play_game(wolf, lambs, side, number, observer))
        if on_game is not None:
            on_game(results[-1])
    return results


def totals(results: list[WolfGameResult]) -> tuple[int, int]:
    """(wolf wins, lambs wins)."""
    wolf = sum(r.winner is Side.WOLF for r in results)
    return wolf, len(results) - wolf
