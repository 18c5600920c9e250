"""Setting an Othello position on each machine as a person does, then playing on from it.

HP-67: ``value STO n`` for the rows that differ, then CLX; CPC: ESC ESC at ``Colonne?``,
``B(cell)=v``/``C=``/``P=`` typed at the Ready prompt, ``CONT``.  The board each driver
reads back from the machine's own memory must be the referee's, and the programs must
then play legal moves from it (every move is refereed by the drivers).
"""

from __future__ import annotations

import random

import pytest

from games.hp67_othello.driver import HP67OthelloDriver
from games.hp67_othello.position_setup import encode_rows
from games.hp67_othello.position_setup import set_position as set_hp67
from games.lazard_othello import LazardOthelloDriver, cell_of, decode_board
from games.lazard_othello.position_setup import assignments
from games.lazard_othello.position_setup import set_position as set_cpc
from games.othello.referee import Disc, Position


def random_position(seed: int, plies: int) -> Position:
    """A position after ``plies`` random moves (passes when needed) that is not over."""
    rng = random.Random(seed)
    while True:
        position = Position.initial()
        for _ in range(plies):
            if position.is_over:
                break
            legal = position.legal_moves()
            position = position.play(rng.choice(legal) if legal else None)
        if not position.is_over and position.legal_mask():
            return position


POSITIONS = [random_position(seed, plies) for seed, plies in ((1, 3), (2, 6), (3, 11), (4, 24), (5, 40))]


@pytest.mark.parametrize("machine_color", [Disc.BLACK, Disc.WHITE])
@pytest.mark.parametrize("index", range(len(POSITIONS)))
def test_hp67_registers_keyed_by_hand_hold_the_position(index: int, machine_color: Disc) -> None:
    position = POSITIONS[index]
    driver = HP67OthelloDriver()
    keys = set_hp67(driver, position, machine_color)
    assert keys[-1] == "CLX" and all(k.startswith("STO ") or k in "0123456789" for k in keys[:-1])
    assert driver.decode_board(position.to_move) == position
    for register, value in encode_rows(position, machine_color).items():
        assert driver.machine.register(str(register)) == value
    assert driver.display == "0.0" and driver.history == []
    # and the program plays on from it, refereed (its own move or the other side's)
    if driver.machine_to_move:
        record = driver.machine_move()
        assert record.square is None or record.square in position.legal_moves()
    else:
        driver.human_move(position.legal_moves()[0])
    assert driver.decode_board() == driver.position


@pytest.mark.parametrize("machine_color", [Disc.BLACK, Disc.WHITE])
@pytest.mark.parametrize("index", range(len(POSITIONS)))
def test_cpc_break_assignments_and_cont_hold_the_position(index: int, machine_color: Disc) -> None:
    position = POSITIONS[index]
    driver = LazardOthelloDriver()
    typed = set_cpc(driver, position, machine_color)
    machine = driver.machine
    assert typed[0] == "\x1b\x1b" and "CONT\r" in typed
    transcript = machine.transcript
    assert "Break in 320\nReady\n" in transcript and "CONT\nColonne?" in transcript
    assert decode_board(list(machine.array("B")), position.to_move) == position
    assert int(machine.variable("C")) == 60 - position.empties
    for sq in range(64):
        expected = {Disc.WHITE: 1, Disc.BLACK: 2, None: 0}[position.at(sq)]
        assert int(machine.array("B")[cell_of(sq)]) == expected
    if driver.machine_to_move:
        assert typed[-2:] == ["O\r", "O\r"]  # the pass the program trusts hands it the move
        record = driver.machine_move()
        assert record.square is not None and record.square in position.legal_moves()
    else:
        driver.human_move(position.legal_moves()[-1])
    assert decode_board(list(machine.array("B")), driver.position.to_move) == driver.position


def test_cpc_assignments_type_only_the_squares_that_differ_and_fit_a_line() -> None:
    start = Position.initial()
    cells = [-1] * 100
    for sq in range(64):
        cells[cell_of(sq)] = {Disc.WHITE: 1, Disc.BLACK: 2, None: 0}[start.at(sq)]
    after = start.play(start.legal_moves()[0])
    lines = assignments(cells, after)
    typed = ":".join(lines).split(":")
    assert sorted(t for t in typed if t.startswith("B(")) == sorted(
        f"B({cell_of(sq)})=2" for sq in range(64) if after.at(sq) is not start.at(sq)
    )
    assert typed[-2:] == ["C=1", "P=0"]
    full = assignments([0] * 100, POSITIONS[-1])
    assert all(len(line) <= 200 for line in full) and len(full) > 1
