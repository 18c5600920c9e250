"""Start Lazard's program from any position, as a person does it on the CPC.

There is no "set up a position" in the program, but a CPC owner needs none: break the
program where it waits for the player (``Colonne?``) with ESC ESC, type assignments to
its variables at the ``Ready`` prompt, then ``CONT``.  The program keeps its state in

* ``B(cell)``: the board, cell = 10*row + column, 0 empty, 1 white (O), 2 black (X);
* ``C``: discs placed so far by both sides (the move counter of the 18-move switch and
  of the full-board test), so ``discs on the board - 4``;
* ``P``: passes in a row (0 after any move).

When the set position has the program to move, the player hands it the turn with a
pass (``O`` RETURN ``O`` RETURN), which the program trusts (the article: "si vous êtes
contraint de passer").  A variant listing that keeps these variables and prompts can be
set up the same way; that is the protocol a variant must keep.
"""

from __future__ import annotations

from games.lazard_othello.driver import PASS_KEYS, LazardOthelloDriver, cell_of, decode_board
from games.othello.driver import MachineDisagrees
from games.othello.referee import Disc, Position
from machines.cpc import RunState
from machines.cpc.ready import KEY_ESC, KEY_RETURN, Mode, ReadyPrompt

__all__ = ["assignments", "set_position"]

_CODE = {Disc.WHITE: 1, Disc.BLACK: 2}
_LINE = 200  # characters per typed line: the CPC takes 255
_BUDGET = 20_000  # statements for a direct line or to get back to ``Colonne?``


def assignments(current: list[int], position: Position) -> list[str]:
    """``B(cell)=v`` for every square that differs, then ``C`` and ``P``: what a person types."""
    wanted = {cell_of(sq): _CODE.get(position.at(sq), 0) for sq in range(64)}  # type: ignore[arg-type]
    parts = [f"B({cell})={v}" for cell, v in sorted(wanted.items()) if int(current[cell]) != v]
    parts += [f"C={64 - position.empties - 4}", "P=0"]
    lines: list[str] = []
    for part in parts:
        if lines and len(lines[-1]) + 1 + len(part) <= _LINE:
            lines[-1] += ":" + part
        else:
            lines.append(part)
    return lines


def set_position(driver: LazardOthelloDriver, position: Position, machine_color: Disc) -> list[str]:
    """A new game on ``driver`` from ``position``, the program playing ``machine_color``.

    Returns what was typed.  Raises MachineDisagrees if the program (a variant, say) does
    not get to ``Colonne?``, refuses a line, or reads back another board.
    """
    driver.new_game(machine_color)
    if driver.machine_to_move:  # the program opens the game: let it, to reach Colonne?
        driver.machine_move()
    machine = driver.machine
    if machine.state is not RunState.WAITING_INPUT or not driver.display.startswith("Colonne?"):
        raise MachineDisagrees(f"the program is not waiting for a column: {driver.display!r}")
    typed = [KEY_ESC + KEY_ESC]
    machine.type(KEY_ESC + KEY_ESC)
    if machine.run(max_statements=_BUDGET) is not RunState.STOPPED:
        raise MachineDisagrees(f"ESC ESC did not break the program: {driver.display!r}")
    prompt = ReadyPrompt(machine)
    for line in [*assignments(list(machine.array("B")), position), "CONT"]:
        typed.append(line + KEY_RETURN)
        prompt.type(line + KEY_RETURN)
        state = prompt.run(_BUDGET)
        if line != "CONT" and (prompt.mode is not Mode.READY or state is not RunState.ENDED):
            raise MachineDisagrees(f"the CPC did not take {line!r}: {driver.display!r}")
    if machine.state is not RunState.WAITING_INPUT or not driver.display.startswith("Colonne?"):
        raise MachineDisagrees(f"after CONT the program does not ask for a column: {driver.display!r}")
    driver.position = position
    driver.history = []
    driver.finished = False
    driver.check_board(decode_board(list(machine.array("B")), position.to_move))
    if driver.machine_to_move:
        for key in PASS_KEYS:  # the program believes the pass and plays: machine_move() runs it
            machine.type(key)
            typed.append(key)
    return typed
