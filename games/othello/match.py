"""Machine against machine: two Othello programs, each on its own emulated machine.

Each program believes it plays a human: the other program's move is typed into it
as a human's would be.  The referee stands between them: every move is checked
before it is typed, and each driver checks its machine's board after every move
(``MachineDisagrees`` otherwise), so a match is also a long consistency test.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from games.othello.driver import MoveRecord, OthelloDriver, SliceCallback
from games.othello.referee import Disc, Position

DriverFactory = Callable[[], OthelloDriver]
MoveObserver = Callable[["MatchGame", MoveRecord], None]


@dataclass
class MatchGame:
    """One game between two drivers; ``black`` and ``white`` each play their own colour."""

    black: OthelloDriver
    white: OthelloDriver
    moves: list[MoveRecord] = field(default_factory=list)
    position: Position = field(default_factory=Position.initial)

    def start(self) -> None:
        self.black.new_game(machine_color=Disc.BLACK)
        self.white.new_game(machine_color=Disc.WHITE)
        self.moves.clear()
        self.position = Position.initial()

    @property
    def is_over(self) -> bool:
        return self.position.is_over

    @property
    def to_move(self) -> OthelloDriver:
        return self.black if self.position.to_move is Disc.BLACK else self.white

    def play_turn(self, on_slice: SliceCallback | None = None) -> MoveRecord:
        """The side to move thinks; its move is typed into the other machine as a human move."""
        mover = self.to_move
        other = self.white if mover is self.black else self.black
        record = mover.machine_move(on_slice=on_slice)
        other.human_move(record.square)  # the referee inside checks it again
        self.position = self.position.play(record.square)
        for driver in (self.black, self.white):
            if driver.position != self.position:
                raise AssertionError(f"{driver.title} is out of step with the match referee")
        self.moves.append(record)
        return record

    def play_to_end(self, observer: MoveObserver | None = None, max_turns: int = 130) -> Position:
        for _ in range(max_turns):
            if self.is_over:
                return self.position
            record = self.play_turn()
            if observer:
                observer(self, record)
        raise RuntimeError(f"the game did not end within {max_turns} turns")


@dataclass(frozen=True)
class GameResult:
    number: int
    black: str
    white: str
    black_discs: int
    white_discs: int
    turns: int

    @property
    def winner(self) -> str:
        if self.black_discs == self.white_discs:
            return "draw"
        return self.black if self.black_discs > self.white_discs else self.white


def play_series(
    first: DriverFactory,
    second: DriverFactory,
    games: int,
    observer: MoveObserver | None = None,
) -> list[GameResult]:
    """``games`` games, ``first`` playing black in the odd-numbered ones, colours alternating."""
    results: list[GameResult] = []
    a, b = first(), second()
    for number in range(1, games + 1):
        black, white = (a, b) if number % 2 else (b, a)
        game = MatchGame(black=black, white=white)
        game.start()
        final = game.play_to_end(observer)
        bd, wd = final.score()
        results.append(GameResult(number, black.title, white.title, bd, wd, len(game.moves)))
    return results


def results_table(results: list[GameResult]) -> str:
    """A plain-text table of the games and the totals, as ``arcade match`` prints it."""
    if not results:
        return "no games played"
    names = sorted({r.black for r in results} | {r.white for r in results})
    width = max(len(n) for n in names + ["black", "white"])
    lines = [f"{'game':>4}  {'black':<{width}}  {'white':<{width}}  score  winner"]
    for r in results:
        lines.append(f"{r.number:>4}  {r.black:<{width}}  {r.white:<{width}}  {r.black_discs:>2}-{r.white_discs:<2}  {r.winner}")
    lines.append("")
    for n in names:
        wins = sum(r.winner == n for r in results)
        discs = sum(r.black_discs if r.black == n else r.white_discs for r in results)
        lines.append(f"{n:<{width}}  wins {wins}  discs {discs}")
    draws = sum(r.winner == "draw" for r in results)
    lines.append(f"{'draws':<{width}}  {draws}")
    return "\n".join(lines)
