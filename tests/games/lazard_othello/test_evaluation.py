"""What the BASIC program plays equals the Python statement of Lazard's rule.

``lazard_model`` computes each move from the referee's flips and the square values
alone; here every move the program makes in whole games is compared with it, and
the games are chosen so the comparison could fail: moves before the 18th where the
"+ taken" rule would have played elsewhere, moves after it where "- taken" would have,
ties settled by the scan order, the 18th and 19th moves themselves.
"""

from __future__ import annotations

from collections import Counter

import pytest

from games.lazard_othello import LISTING, LazardOthelloDriver
from games.othello.referee import Disc, Position, parse
from tests.games.lazard_othello.lazard_model import (
    SWITCH_MOVE,
    VALUES,
    has_tie_for_best,
    lazard_choice,
    move_number,
)
from tests.games.lazard_othello.players import first_legal, play_game, seeded_random


def checked_games(games: list[tuple[Disc, object]], values=VALUES, listing: str = LISTING) -> Counter:
    """Play the games, asserting every machine move; count what the moves put to the test."""
    seen: Counter = Counter()
    driver = LazardOthelloDriver(listing)
    for machine_color, opponent in games:
        expected: list[tuple[Position, int | None]] = []

        def note(position: Position) -> None:
            choice = lazard_choice(position, values)
            expected.append((position, choice))
            number = move_number(position)
            other = lazard_choice(position, values, sign=+1 if number <= SWITCH_MOVE else -1)
            if other != choice:
                seen["before 18 differs" if number <= SWITCH_MOVE else "after 18 differs"] += 1
                if number in (SWITCH_MOVE, SWITCH_MOVE + 1):
                    seen[f"move {number} differs"] += 1
            if has_tie_for_best(position, values):
                seen["tie"] += 1
            if choice != lazard_choice(position, VALUES):
                seen["differs from the published table"] += 1

        history = play_game(driver, machine_color, opponent, before_machine=note)
        played = [record.square for record in history if record.by_machine]
        assert played == [choice for _, choice in expected]
        seen["moves"] += len(played)
    return seen


GAMES = [(color, seeded_random(seed)) for seed in range(4) for color in (Disc.WHITE, Disc.BLACK)] + [
    (Disc.WHITE, first_legal),
    (Disc.BLACK, first_legal),
]


def test_program_plays_the_rule_before_and_after_move_18() -> None:
    seen = checked_games(GAMES)
    assert seen["moves"] > 250
    assert seen["before 18 differs"] >= 5
    assert seen["after 18 differs"] >= 5
    assert seen["tie"] >= 5


def test_program_switches_rule_exactly_after_the_18th_move() -> None:
    """Games where the 18th and the 19th move are the program's and the two rules disagree there."""
    seen = checked_games(SWITCH_GAMES)
    assert seen["move 18 differs"] >= 1 and seen["move 19 differs"] >= 1


SWITCH_GAMES = [(Disc.WHITE, seeded_random(9)), (Disc.BLACK, seeded_random(5))]


@pytest.mark.parametrize(
    "mutant",
    [
        ("550 IF C<18 THEN", "550 IF C<17 THEN"),  # switches one move early
        ("550 IF C<18 THEN", "550 IF C<19 THEN"),  # one move late
        ("555 IF Z>K THEN", "555 IF Z>=K THEN"),  # the last best square wins a tie
        ("530 FOR S=11 TO 88:", "530 FOR S=88 TO 11 STEP -1:"),  # scans from h8 backwards
        ("1040 IF B(U)=Q THEN N=N+L", "1040 IF B(U)=Q THEN N=N+SGN(L)"),  # counts lines, not discs
    ],
    ids=["switch-early", "switch-late", "last-tie", "reverse-scan", "lines-not-discs"],
)
def test_a_changed_rule_is_caught(mutant: tuple[str, str]) -> None:
    """The comparison is sharp: each one-token change of the rule makes it fail."""
    old, new = mutant
    assert old in LISTING
    with pytest.raises(AssertionError, match="assert \\["):
        checked_games(SWITCH_GAMES + GAMES[:2], listing=LISTING.replace(old, new))


def test_opening_moves_worked_by_hand() -> None:
    """Black's four openings all score 8 - 1: the first in scan order, d3, is played.
    White's answers to d3: c3 scores 10 - 1, c5 and e3 only 8 - 1."""
    driver = LazardOthelloDriver()
    driver.new_game(Disc.BLACK)
    assert driver.machine_move().machine_notation == "D3"
    driver.new_game(Disc.WHITE)
    driver.human_move(parse("d3"))
    record = driver.machine_move()
    assert (record.machine_notation, record.square) == ("C3", parse("c3"))


def betonner(values: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """The article's suggestion: add 10 to the two outer rows and columns."""
    outer = {0, 1, 6, 7}
    return tuple(tuple(v + 10 * (r in outer or c in outer) for c, v in enumerate(row)) for r, row in enumerate(values))


def test_the_program_plays_by_its_data_lines_betonner_variant() -> None:
    """Edit lines 150-220 as the article invites: the program follows the new table."""
    variant_values = betonner(VALUES)
    lines = LISTING.splitlines()
    for index, line in enumerate(lines):
        number = int(line.split(" ", 1)[0])
        if 150 <= number <= 220:
            lines[index] = f"{number} DATA " + ",".join(map(str, variant_values[number // 10 - 15]))
    variant = "\n".join(lines) + "\n"
    seen = checked_games([(Disc.WHITE, seeded_random(2)), (Disc.BLACK, seeded_random(3))], variant_values, variant)
    assert seen["moves"] > 50
    assert seen["differs from the published table"] >= 5


@pytest.mark.soak
@pytest.mark.parametrize("seed", range(100))
def test_soak_rule_in_random_games(seed: int) -> None:
    checked_games([(Disc.WHITE, seeded_random(1000 + seed)), (Disc.BLACK, seeded_random(2000 + seed))])
