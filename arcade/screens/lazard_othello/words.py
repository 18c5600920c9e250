"""What the Lazard Othello screen says in the program's own way: squares in capitals (``C3``), the
sides as X and O, a pass typed as ``O RETURN O RETURN``, a turn's time on a real CPC."""

from __future__ import annotations

from arcade.screens.othello.words import Labels, OthelloWords
from games.othello.driver import MoveRecord
from games.othello.referee import Disc, name
from games.othello.session import OthelloView

REAL_STATEMENTS_PER_SECOND = 730
"""A real CPC 6128 runs about 730 BASIC statements a second.  From bench/cpc_bench.py:
the emulator ran its 626,268 statements at 1,011,000 a second and scored 233,514 on
the bench64 scale, where bench64 puts a real CPC 6128 at 169: 1,011,000 x 169 / 233,514
= 730 statements a second on the same mix of loops, jumps, calls, tests and arithmetic.
One of the program's moves (about 4,200 statements) then takes some 6 seconds, the
"few seconds" a 1985 BASIC Othello took."""


def seconds(statements: int) -> str:
    """How long a real CPC takes for ``statements`` BASIC statements."""
    s = statements / REAL_STATEMENTS_PER_SECOND
    return f"{s:.1f} s" if s < 60 else f"{int(s // 60)} min {round(s % 60):02d} s"


def program_notation(sq: int) -> str:
    """The program's name of a square: column letter, row digit (``C3``)."""
    return name(sq).upper()


def refusal(sq: int | None, reason: str) -> str:
    """``Illegal: A1 turns no disc over...``: the referee's reason, the square in the program's capitals."""
    if sq is None:
        return f"Illegal pass: {reason}."
    prefix = f"{name(sq)} "
    return f"Illegal: {program_notation(sq)} {reason.removeprefix(prefix)}." if reason.startswith(prefix) else f"Illegal: {program_notation(sq)}: {reason}."


def turn_time(record: MoveRecord) -> str:
    """``4,213 statements, 5.8 s on a CPC``: a turn's work, and how long a real CPC takes for it."""
    return f"{record.machine_steps:,} statements, {seconds(record.machine_steps)} on a CPC"


class CpcWords(OthelloWords):
    """The words of Lazard's program on the CPC 6128."""

    PASS_HINT = "press 0 to pass (O RETURN O RETURN on the CPC)"
    RECORDING = "takes your move..."
    SCORE_GAP = "    "
    COLUMN_LABELS: Labels = tuple("ABCDEFGH")  # the program's own letters

    @property
    def side_question(self) -> str:
        return f"New game. Which side does the {self.machine} play? X (Black) moves first."

    def written_by(self, view: OthelloView) -> str:
        return "Locomotive BASIC 1.1"  # the title names Lazard, Othello and the CPC 6128

    def program_notation(self, sq: int) -> str:
        return program_notation(sq)

    def move_text(self, sq: int | None) -> str:
        return "Pass (O O)" if sq is None else program_notation(sq)

    def refusal(self, sq: int | None, reason: str) -> str:
        return refusal(sq, reason)

    def disc_tag(self, disc: Disc) -> str:
        return " X" if disc is Disc.BLACK else " O"

    def side_name(self, disc: Disc) -> str:
        return "X (Black)" if disc is Disc.BLACK else "O (White)"

    def score_text(self, black: int, white: int) -> str:
        return f"X {black} - O {white}"

    def dialog_score(self, black: int, white: int) -> str:
        return f"X (Black) {black}, O (White) {white}"

    def cursor_text(self, cursor: int) -> str:
        return f"cursor {program_notation(cursor)}"

    def machine_played(self, record: MoveRecord) -> str:
        played = "passes (Je passe.)" if record.square is None else f"plays {record.machine_notation}"
        return f"The {self.machine} {played}: {turn_time(record)}."

    def program_plays(self, variant: str | None) -> str:
        return f"the variant {variant}" if variant is not None else "Lazard's program"

    def key_sequence(self, record: MoveRecord) -> str:
        return " ".join(key.replace("\r", " RETURN") for key in record.keys)
