"""The moves of a game as rows for the history panel and as a text a player can keep.

The exported text lists every turn in the standard notation and the program's own,
with the keys pressed on the machine, so the game can be replayed on the real one.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Callable

from arcade.widgets.board import GLYPH
from arcade.widgets.history import HistoryRow
from games.othello.driver import MoveRecord
from games.othello.referee import Disc
from games.othello.session import OthelloView, Phase

KeySequence = Callable[[MoveRecord], str]


def history_rows(history: list[MoveRecord], machine_color: Disc, machine: str, keys: KeySequence) -> list[HistoryRow]:
    """One row per turn: who, the standard square (or 'pass'), the program's notation, the keys."""
    rows = []
    for n, record in enumerate(history, 1):
        who = f"{GLYPH[record.player]} {machine if record.by_machine else 'you'}"
        standard = "pass" if record.square is None else record.standard_notation
        rows.append(HistoryRow(n, who, standard, record.machine_notation, keys(record)))
    return rows


def history_text(view: OthelloView, machine: str, keys: KeySequence, header: str = "", title: str = "") -> str:
    """The whole game as plain text: a heading, the moves, the score."""
    lines = [
        f"# {title or view.title}",
        f"# machine: {view.machine_name}",
        f"# the {machine} plays {view.machine_color.label}, you play {view.human_color.label}",
        f"# written {datetime.now(timezone.utc).isoformat(timespec='seconds')}",
        "",
    ]
    if header:
        lines += [header, ""]
    lines.append(f"{'n':>3}  {'player':<12} {'move':<5} {'program':<8} keys")
    for row in history_rows(list(view.history), view.machine_color, machine, keys):
        who = row.who.split(" ", 1)[1]
        player = f"{'Black' if row.who.startswith(GLYPH[Disc.BLACK]) else 'White'} {who}"
        lines.append(f"{row.number:>3}  {player:<12} {row.standard:<5} {row.machine:<8} {row.keys}".rstrip())
    black, white = view.score
    lines.append("")
    if view.phase is Phase.OVER:
        winner = view.winner
        verdict = "a draw" if winner is None else (f"the {machine} wins" if winner is view.machine_color else "you win")
        lines.append(f"Game over, {verdict}: Black {black}, White {white}.")
    else:
        lines.append(f"Game in progress: Black {black}, White {white}; {view.to_move.label} to move.")
    return "\n".join(lines) + "\n"
