"""Start Verniajou's program from any position, as a person does it on the HP-67.

The program keeps the whole board in registers 1-8, one row each in base 4 (column c
at 4^(c-1): 0 the calculator's disc, 1 empty, 2 its opponent's), and nothing else that
lasts from move to move: registers 9 and A-D are set afresh by every search and E by
LBL A and LBL B.  The author himself says to key registers 1-8 by hand if LBL E is
removed ("vous devrez entrer les mémoires 1 à 8 à la main").  So, after ``DSP 1``,
``E``, ``R/S`` or ``CHS R/S`` (which picks the calculator's colour), a person keys
``value STO n`` for every row that differs, then ``CLX`` ("si vous faites d'autres
choses entre temps, appuyez sur CLX avant d'appuyer sur B"), and the game goes on as a
first move does: ``B`` lets the calculator play, ``row.col B`` enters the player's.
"""

from __future__ import annotations

from games.hp67_othello.driver import CALCULATOR, EMPTY, OPPONENT, HP67OthelloDriver, to_program_square
from games.othello.driver import MachineDisagrees
from games.othello.referee import Disc, Position

__all__ = ["encode_rows", "set_position"]


def encode_rows(position: Position, machine_color: Disc) -> dict[int, int]:
    """Register n (1-8) -> the base-4 value of its row, as the program codes it."""
    digit = {machine_color: CALCULATOR, machine_color.opponent: OPPONENT, None: EMPTY}
    rows = {register: 0 for register in range(1, 9)}
    for sq in range(64):
        register, col = to_program_square(sq)
        rows[register] += digit[position.at(sq)] * 4 ** (col - 1)
    return rows


def set_position(driver: HP67OthelloDriver, position: Position, machine_color: Disc) -> list[str]:
    """A new game on ``driver`` from ``position``, the calculator playing ``machine_color``.

    Returns the keys pressed after the new game's.  Raises MachineDisagrees if the
    registers read back another board.
    """
    driver.new_game(machine_color)
    machine = driver.machine
    keys: list[str] = []
    for register, value in encode_rows(position, machine_color).items():
        if machine.register(str(register)) != value:
            keys += [*str(value), f"STO {register}"]
    keys.append("CLX")
    for key in keys:
        machine.press(key)
    if machine.running or machine.error or machine.display != "0.0":
        raise MachineDisagrees(f"after keying the registers the HP-67 shows {machine.display!r}")
    driver.position = position
    driver.history = []
    driver.check_board(driver.decode_board(position.to_move))
    return keys
