"""The change measured: program A against program B over seeded openings, colours swapped.

Each opening is played twice, A black then A white.  Each program starts from the
opening's position as a person would set it on its machine (``Contender.set_position``:
registers keyed on the HP-67, a break, assignments and CONT on the CPC); then, as in
``games/othello/match.py``, each move is typed into the other machine and every move and
board is refereed.

A program that breaks the game's protocol -- an illegal move, no answer within its
driver's budget, a BASIC or calculator error, a board that is not the referee's --
loses that game, with a message saying what it did; the series goes on.

The score of a game for A is 1, ½ or 0; the interval printed is the Wilson score
interval (95%, z = 1.96) on the mean score, each game counted as one trial.  A draw
counts as half a win in the proportion; this makes the interval slightly wider than
the per-game variance would, never narrower.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

from games.othello.driver import OthelloDriver
from games.othello.openings import Opening
from games.othello.referee import Disc, Position

__all__ = ["Contender", "MeasuredGame", "Tally", "play_game", "play_series", "summary_lines", "tally", "wilson"]

MAX_TURNS = 130  # 60 moves and passes: a longer game is the drivers' bug, reported


@dataclass(frozen=True)
class Contender:
    """One side of the measure: a name, a fresh driver per game, and how to set a position on it."""

    label: str
    make: Callable[[], OthelloDriver]
    set_position: Callable[[OthelloDriver, Position, Disc], list[str]]
    shows: Callable[[OthelloDriver], str] = lambda driver: driver.display  # what the machine shows, for a report


@dataclass(frozen=True)
class MeasuredGame:
    """One game's outcome; ``forfeit`` is the colour that broke the protocol (None: played out)."""

    number: int
    opening: int
    opening_moves: str
    black: str
    white: str
    a_color: Disc
    black_discs: int
    white_discs: int
    turns: int
    forfeit: Disc | None = None
    reason: str = ""

    @property
    def a_score(self) -> float:
        """1 for a win of A, ½ for a draw, 0 for a loss."""
        if self.forfeit is not None:
            return 0.0 if self.forfeit is self.a_color else 1.0
        mine, theirs = self._a_discs()
        return 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0

    @property
    def a_disc_difference(self) -> int | None:
        """A's discs minus B's at the end; None when the game was forfeited."""
        if self.forfeit is not None:
            return None
        mine, theirs = self._a_discs()
        return mine - theirs

    def _a_discs(self) -> tuple[int, int]:
        if self.a_color is Disc.BLACK:
            return self.black_discs, self.white_discs
        return self.white_discs, self.black_discs

    def line(self) -> str:
        """The line printed for the game."""
        head = f"game {self.number:>3}  opening {self.opening:>3} ({self.opening_moves})  X {self.black}  O {self.white}"
        if self.forfeit is not None:
            loser = self.black if self.forfeit is Disc.BLACK else self.white
            return f"{head}  forfeit: {loser} loses, {self.reason}"
        if self.black_discs == self.white_discs:
            verdict = "draw"
        else:
            verdict = (self.black if self.black_discs > self.white_discs else self.white) + " wins"
        return f"{head}  {self.black_discs}-{self.white_discs}  {verdict}"


def _described(error: Exception, contender: Contender, driver: OthelloDriver | None) -> str:
    """What the machine did, in words, and what it shows; an unexpected exception keeps its type's name."""
    text = str(error).replace("\n", " / ")
    if type(error).__name__ not in ("MachineDisagrees", "IllegalMove"):
        text = f"{type(error).__name__}: {text}"
    if driver is not None:
        try:
            shown = contender.shows(driver)
        except Exception:  # noqa: BLE001 - the report must not fail on a broken machine
            shown = ""
        if shown and shown not in text:
            text += f" (the machine shows: {shown})"
    return text


def play_game(number: int, opening_number: int, opening: Opening, black: Contender, white: Contender,
              a_color: Disc) -> MeasuredGame:
    """Set the opening on both machines and play it out, refereed; never raises for a program's fault."""
    sides = {Disc.BLACK: black, Disc.WHITE: white}
    drivers: dict[Disc, OthelloDriver] = {}
    position = opening.position
    turns = 0

    def result(forfeit: Disc | None = None, reason: str = "") -> MeasuredGame:
        b, w = position.score()
        return MeasuredGame(number, opening_number, opening.notation, black.label, white.label, a_color,
                            b, w, turns, forfeit, reason)

    for color, contender in sides.items():
        driver: OthelloDriver | None = None
        try:
            driver = contender.make()
            driver.title = contender.label
            contender.set_position(driver, opening.position, color)
            drivers[color] = driver
        except Exception as error:  # noqa: BLE001 - a variant's failure is a result, not a crash
            return result(color, f"setting up the opening: {_described(error, contender, driver)}")
    while not position.is_over:
        if turns >= MAX_TURNS:
            return result(position.to_move, f"the game did not end within {MAX_TURNS} turns")
        mover, other = position.to_move, position.to_move.opponent
        try:
            record = drivers[mover].machine_move()
        except Exception as error:  # noqa: BLE001
            return result(mover, f"on its move: {_described(error, sides[mover], drivers[mover])}")
        try:
            after = position.play(record.square)
        except Exception as error:  # noqa: BLE001 - the driver should have caught it; say so anyway
            return result(mover, f"played {record.machine_notation}: {_described(error, sides[mover], None)}")
        try:
            drivers[other].human_move(record.square)
        except Exception as error:  # noqa: BLE001
            return result(other, f"taking {record.standard_notation} from {sides[mover].label}: "
                                 f"{_described(error, sides[other], drivers[other])}")
        position = after
        turns += 1
    return result()


def play_series(a: Contender, b: Contender, openings: list[Opening],
                on_game: Callable[[MeasuredGame], None] | None = None) -> list[MeasuredGame]:
    """Every opening twice: A black, then A white."""
    games: list[MeasuredGame] = []
    for index, opening in enumerate(openings, 1):
        for a_color in (Disc.BLACK, Disc.WHITE):
            black, white = (a, b) if a_color is Disc.BLACK else (b, a)
            game = play_game(len(games) + 1, index, opening, black, white, a_color)
            games.append(game)
            if on_game is not None:
                on_game(game)
    return games


@dataclass(frozen=True)
class Tally:
    """A's totals over a series."""

    wins: int
    draws: int
    losses: int
    disc_differences: tuple[int, ...]  # games played to the end only
    forfeits_a: int
    forfeits_b: int

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        return self.wins + self.draws / 2

    @property
    def mean_disc_difference(self) -> float | None:
        if not self.disc_differences:
            return None
        return sum(self.disc_differences) / len(self.disc_differences)


def tally(games: list[MeasuredGame]) -> Tally:
    scores = [g.a_score for g in games]
    return Tally(
        wins=scores.count(1.0),
        draws=scores.count(0.5),
        losses=scores.count(0.0),
        disc_differences=tuple(d for g in games if (d := g.a_disc_difference) is not None),
        forfeits_a=sum(g.forfeit is g.a_color for g in games),
        forfeits_b=sum(g.forfeit is not None and g.forfeit is not g.a_color for g in games),
    )


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``score / n`` (``score`` may hold halves)."""
    if n <= 0:
        raise ValueError("no games, no interval")
    p = score / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def summary_lines(a_label: str, b_label: str, games: list[MeasuredGame]) -> list[str]:
    """The totals, from A's side; the last line is ``A scores P% (95% CI LO-HI) over G games``."""
    t = tally(games)
    lines = [f"{a_label} against {b_label}: {_plural(t.wins, 'win')}, {_plural(t.draws, 'draw')}, "
             f"{t.losses} {'loss' if t.losses == 1 else 'losses'}"]
    mean = t.mean_disc_difference
    played = len(t.disc_differences)
    if mean is None:
        lines.append("mean disc difference: none (no game was played to the end)")
    else:
        lines.append(f"mean disc difference {mean:+.1f} ({a_label} minus {b_label}, over the {played} "
                     f"game{'s' if played != 1 else ''} played to the end)")
    if t.forfeits_a or t.forfeits_b:
        lines.append(f"forfeits: {a_label} {t.forfeits_a}, {b_label} {t.forfeits_b}")
    if not games:
        lines.append(f"{a_label} played no game")
        return lines
    lo, hi = wilson(t.score, t.games)
    lines.append("score: a win 1, a draw 1/2; interval: Wilson score interval, 95%")
    lines.append(f"{a_label} scores {100 * t.score / t.games:.1f}% (95% CI {100 * lo:.1f}-{100 * hi:.1f}) "
                 f"over {t.games} game{'s' if t.games != 1 else ''}")
    return lines
