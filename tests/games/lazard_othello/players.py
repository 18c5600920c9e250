"""Deterministic opponents for whole games against Lazard's program, and the game loop."""

from __future__ import annotations

import random
from typing import Callable

from games.lazard_othello import LazardOthelloDriver, decode_board
from games.othello.driver import MoveRecord
from games.othello.referee import Disc, Position

Opponent = Callable[[Position], "int | None"]


def first_legal(position: Position) -> int | None:
    """The legal move with the lowest square index (a1, b1, ... order); None to pass."""
    moves = position.legal_moves()
    return min(moves) if moves else None


def seeded_random(seed: int) -> Opponent:
    rng = random.Random(seed)

    def choose(position: Position) -> int | None:
        moves = position.legal_moves()
        return rng.choice(moves) if moves else None

    return choose


def play_game(
    driver: LazardOthelloDriver,
    machine_color: Disc,
    opponent: Opponent,
    before_machine: Callable[[Position], None] | None = None,
) -> list[MoveRecord]:
    """A whole game; after every move the board read from ``B()`` must equal the referee's."""
    driver.new_game(machine_color)
    while not driver.is_over:
        if driver.machine_to_move:
            if before_machine is not None:
                before_machine(driver.position)
            driver.machine_move()
        else:
            driver.human_move(opponent(driver.position))
        decoded = decode_board(driver.machine.array("B"), driver.position.to_move)
        assert (decoded.black, decoded.white) == (driver.position.black, driver.position.white)
    return driver.history
