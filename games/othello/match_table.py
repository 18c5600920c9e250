"""HP-67 against CPC at a machine host's table: a series played in the host, move by move to the screen.

``series`` runs ``games.othello.match.play_series`` with the host's ``Job``: it tells the screen
what to show (``MatchMoves``: the moves since the last news, copies of the referee's board after
each, and the HP-67's display and the CPC's screen as after the last), waits a little after each
move when the player watches, holds while paused, and stops when asked.  At instant speed the
machines play dozens of moves a second, more than anyone follows: the moves go out together at
the job's progress pace (twelve times a second), the board drawn once for each batch.  Nothing of
a driver ever reaches the screen.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Callable, ClassVar

from games.host.job import Job, JobStopped
from games.othello.driver import MoveRecord, OthelloDriver
from games.othello.match import GameResult, MatchGame, play_series
from games.othello.referee import Disc

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


@dataclass(frozen=True)
class MatchMove:
    """A move of the series, played and checked: copies of the referee's board after it."""

    game_number: int
    turn: int
    record: MoveRecord
    mover: str  # the player's label
    cells: tuple[Disc | None, ...]
    legal: frozenset[int]
    black: str
    white: str
    over: bool
    score: tuple[int, int]


@dataclass(frozen=True)
class MatchMoves:
    """The moves played since the last news, in order, and the machines as after the last of them."""

    moves: tuple[MatchMove, ...]
    led: str  # the HP-67's display
    cpc: Any  # the CPC's screen (CpcScreenView)


class MatchTable:
    """A series of games between the two machines, in the host."""

    REQUESTS: ClassVar[frozenset[str]] = frozenset({"series"})
    STOPPED_BY: ClassVar[tuple[type[BaseException], ...]] = ()

    def __init__(self, game: str = "match") -> None:
        self.game = game

    def picture(self) -> None:
        return None  # the series' news is its moves; nothing stands between two series

    def series(self, job: Job, games: int, first: str, watch_delay: float = 0.4,
               pause_after: int | None = None) -> list[GameResult]:
        """Play ``games`` games, ``first`` playing Black in the first, colours alternating."""
        made: dict[str, OthelloDriver] = {}

        def player(key: str) -> Callable[[], OthelloDriver]:
            def make() -> OthelloDriver:
                made[key] = FACTORIES[key]()
                return made[key]
            return make

        second = "cpc" if first == "hp67" else "hp67"
        state: dict[str, Any] = {"game": None, "number": 0, "turn": 0, "moves": 0, "sent": time.monotonic()}
        unsent: list[MatchMove] = []

        def send() -> None:
            """The moves not told yet, with the machines' screens as they are now (after the last)."""
            if unsent:
                job.note(MatchMoves(tuple(unsent), led=made["hp67"].display,
                                    cpc=made["cpc"].machine_view()))  # type: ignore[attr-defined]
                unsent.clear()
            state["sent"] = time.monotonic()

        def observer(game: MatchGame, record: MoveRecord) -> None:
            job.check()
            if game is not state["game"]:
                state["game"], state["turn"] = game, 0
                state["number"] += 1
            state["turn"] += 1
            state["moves"] += 1
            if state["moves"] == pause_after:
                job.pacing.paused = True  # here, before the news leaves: no later move can slip out
            pos = game.position
            mover = game.black if record.player is Disc.BLACK else game.white
            unsent.append(MatchMove(
                game_number=state["number"], turn=state["turn"], record=record, mover=mover.title,
                cells=tuple(pos.at(sq) for sq in range(64)),
                legal=frozenset(pos.legal_moves()) if not pos.is_over else frozenset(),
                black=game.black.title, white=game.white.title, over=pos.is_over, score=pos.score()))
            if (not job.pacing.instant or job.pacing.paused
                    or time.monotonic() - state["sent"] >= 1 / job.progress_per_second):
                send()  # watching: each move; instant: together, at the progress pace; paused: where it holds
            if not job.pacing.instant and not job.sleep(watch_delay * (3 if pos.is_over else 1)):
                raise JobStopped(job.serial)
            if job.pacing.paused:
                send()  # paused since: the board where it holds
            if not job.hold_while_paused():
                raise JobStopped(job.serial)

        results = play_series(player(first), player(second), games, observer=observer)
        send()  # the last moves, before the answer
        return results
