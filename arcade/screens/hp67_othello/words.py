"""What the HP-67 Othello screen says in its own way: the program's ``row.col`` squares, and the
keys of a turn as they are pressed on a real HP-67 (displays in brackets)."""

from __future__ import annotations

from arcade.screens.hp67_othello.printer import key_sequence
from arcade.screens.othello.words import Labels, OthelloWords
from games.othello.driver import MoveRecord
from games.othello.referee import name
from games.othello.session import OthelloView


class HP67Words(OthelloWords):
    """The words of Verniajou's program on the HP-67."""

    PASS_HINT = "press 0 to pass (0 R/S)"

    def program_notation(self, sq: int) -> str:
        """The square in the program's ``row.col``, as the driver names it (imported here: the driver
        brings the emulator, which the launch's first frame does not need)."""
        from games.hp67_othello.driver import program_notation

        return program_notation(sq)

    def program_labels(self) -> tuple[Labels, Labels]:
        """The board's columns and rows in the program's ``row.col``."""
        columns = tuple(self.program_notation(c).split(".")[1] for c in range(8))  # squares a1..h1
        rows = tuple(self.program_notation(r * 8).split(".")[0] for r in range(8))  # a1..a8
        return columns, rows

    def cursor_text(self, cursor: int) -> str:
        return f"cursor {name(cursor)} = {self.program_notation(cursor)}"

    def program_plays(self, variant: str | None) -> str:
        return f"your variant {variant}" if variant is not None else "Verniajou's program"

    def key_sequence(self, record: MoveRecord) -> str:
        return key_sequence(record.keys, record.displays, by_machine=record.by_machine)

    def history_header(self, view: OthelloView) -> str:
        if not view.new_game_keys:
            return ""
        return "start: " + key_sequence(list(view.new_game_keys), list(view.new_game_displays), by_machine=True)
