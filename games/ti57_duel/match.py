"""Headless blind duels between computer players, played on the TI-57.

Each player chooses from its ``PlayerView`` only (own square, moves left, the
direction the TI-57 showed of the other's last move); the driver keys the move
(``n SBR p``) into the unmodified program, refereed exactly as a person's.  A game ends
on a capture or when the moves run out (a draw; no extension).  ``arcade match
ti57-duel`` prints these.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Protocol

from games.ti57_duel.driver import DuelGame, PlayerView, Turn
from games.ti57_duel.referee import DuelStatus, Square

__all__ = ["DuelGameResult", "play_game", "play_series", "totals"]


class DuelChooser(Protocol):
    player: int

    def place(self) -> Square: ...

    def choose(self, view: PlayerView) -> int: ...


PlayerFactory = Callable[[int, int], DuelChooser]  # (player, seed) -> a fresh player for one game
TurnObserver = Callable[[DuelGame, Turn], None]


@dataclass(frozen=True)
class DuelGameResult:
    number: int
    winner: int | None  # the capturing player, None for a draw
    moves: int  # moves played, the capture included

    def line(self) -> str:
        outcome = f"player {self.winner} captures" if self.winner else "draw"
        return f"game {self.number}: {outcome} after {self.moves} moves"


def play_game(
    p1: DuelChooser, p2: DuelChooser, moves: int = 20, number: int = 1, observer: TurnObserver | None = None
) -> DuelGameResult:
    """One duel: both start squares keyed, then moves until a capture or a draw."""
    game = DuelGame.start(p1.place(), p2.place(), moves=moves)
    players = {1: p1, 2: p2}
    while game.status is DuelStatus.IN_PROGRESS:
        mover = game.to_move
        turn = game.move(mover, players[mover].choose(game.view_for(mover)))
        if observer is not None:
            observer(game, turn)
    return DuelGameResult(number, game.winner, len(game.turns))


def play_series(
    p1: PlayerFactory,
    p2: PlayerFactory,
    games: int,
    seed: int = 0,
    moves: int = 20,
    observer: TurnObserver | None = None,
    on_game: Callable[[DuelGameResult], None] | None = None,
) -> list[DuelGameResult]:
    """``games`` duels with fresh players each game; player k of game n gets seed
    ``seed * 1_000_003 + 2 * n + k``, so the same seed replays the same series (and a
    player's draws do not depend on who sits opposite).  ``on_game`` hears each result."""
    results = []
    for number in range(1, games + 1):
        base = seed * 1_000_003 + 2 * number
        results.append(play_game(p1(1, base + 1), p2(2, base + 2), moves, number, observer))
        if on_game is not None:
            on_game(results[-1])
    return results


def totals(results: list[DuelGameResult]) -> tuple[int, int, int]:
    """(player 1 captures, player 2 captures, draws)."""
    one = sum(r.winner == 1 for r in results)
    two = sum(r.winner == 2 for r in results)
    return one, two, len(results) - one - two
