"""The words of an Othello screen: what it says about squares, moves, sides and the game's state.

A part the screen holds (``OthelloScreen.words``): a machine's words override the few that
differ (the program's notation, how it names the sides).  Everything here reads the
session's frozen ``OthelloView`` and what the screen passes in (is the machine busy, the
machine's own status line), never a driver nor the screen.
"""

from __future__ import annotations

from typing import Mapping

from rich.text import Text

from arcade.widgets.board import ASCII_GLYPH, GLYPH
from games.othello.driver import MoveRecord
from games.othello.referee import Disc, name
from games.othello.session import OthelloView, Phase

Labels = tuple[str, ...]
"""A board's column or row labels, one a square."""


def program_by(title: str) -> str:
    """Who wrote a program, from its driver's title ("Othello (J.-M. Verniajou, 2016)" -> "J.-M.
    Verniajou, 2016"): the sub-title beside a screen title that already says "Othello on the HP-67"."""
    head, _, rest = title.partition(" (")
    return rest.removesuffix(")") if rest else head


class OthelloWords:
    """Texts for the status lines, the messages, the dialogs and the history."""

    PASS_HINT = "press 0 to pass"
    RECORDING = "records your move..."
    SCORE_GAP = "  "
    COLUMN_LABELS: Labels = tuple("abcdefgh")
    ROW_LABELS: Labels = tuple("12345678")

    def __init__(self, machine: str = "machine") -> None:
        self.machine = machine
        self.glyphs: Mapping[Disc, str] = GLYPH

    def use_ascii(self, ascii_only: bool) -> None:
        """``--ascii``: the sides' X and O instead of ● and ○ (the app says which, once the screen is on it)."""
        self.glyphs = ASCII_GLYPH if ascii_only else GLYPH

    @property
    def side_question(self) -> str:
        return f"New game. Which side does the {self.machine} play? Black moves first."

    def written_by(self, view: OthelloView) -> str:
        """Who wrote the program playing: the sub-title beside a title that names the machine."""
        return program_by(view.title or "")

    def program_notation(self, sq: int) -> str:
        return name(sq)

    def move_text(self, sq: int | None) -> str:
        return "Pass" if sq is None else f"{name(sq)} ({self.program_notation(sq)})"

    def refusal(self, sq: int | None, reason: str) -> str:
        """``Illegal: a1 (8.1) turns no disc over...``: the square named once, the referee's reason."""
        if sq is None:
            return f"Illegal pass: {reason}."
        prefix = f"{name(sq)} "
        if reason.startswith(prefix):
            return f"Illegal: {self.move_text(sq)} {reason.removeprefix(prefix)}."
        return f"Illegal: {self.move_text(sq)}: {reason}."

    def glyph(self, disc: Disc) -> str:
        return self.glyphs[disc]

    def disc_tag(self, disc: Disc) -> str:
        """A side's own name beside its disc (the CPC's X and O); none by default: ● and ○ say it."""
        return ""

    def side_name(self, disc: Disc) -> str:
        return disc.label

    def score_text(self, black: int, white: int) -> str:
        return f"{self.glyph(Disc.BLACK)} {black} - {self.glyph(Disc.WHITE)} {white}"

    def dialog_score(self, black: int, white: int) -> str:
        return f"Black {black}, White {white}"

    def cursor_text(self, cursor: int) -> str:
        return f"cursor {name(cursor)}"

    def machine_played(self, record: MoveRecord) -> str:
        played = "passes" if record.square is None else f"plays {record.standard_notation} ({record.machine_notation})"
        return f"The {self.machine} {played}."

    def program_plays(self, variant: str | None) -> str:
        """Who plays a new game: the player's variant by name, or the machine's own program."""
        return f"your variant {variant}" if variant is not None else "the original program"

    def key_sequence(self, record: MoveRecord) -> str:
        """The keys of a turn as the history shows them (a machine shows them its own way)."""
        return " ".join(record.keys)

    def history_header(self, view: OthelloView) -> str:
        return ""

    def busy_text(self) -> str:
        return f"Wait: the {self.machine} is busy (s: instant speed, Esc: stop it)."

    def verdict(self, view: OthelloView) -> str:
        """Who won a finished game, in a sentence's first words."""
        winner = view.winner
        if winner is None:
            return "A draw"
        return f"The {self.machine} wins" if winner is view.machine_color else "You win"

    def score_line(self, view: OthelloView) -> Text:
        """``● 2 you  ○ 2 HP-67``: each side's disc, count and player.  A machine may tag the sides
        (the CPC's X and O); a tag that would repeat the glyph (``--ascii``) is left out."""
        t = Text(no_wrap=True, overflow="ellipsis")
        black, white = view.score
        for disc, count in ((Disc.BLACK, black), (Disc.WHITE, white)):
            who = self.machine if disc is view.machine_color else "you"
            glyph, tag = self.glyph(disc), self.disc_tag(disc)
            if tag.strip() == glyph:
                tag = ""
            t.append(f"{glyph}{tag} {count:>2}", "bold")
            t.append(f" {who}{self.SCORE_GAP if disc is Disc.BLACK else ''}")
        return t

    def state_line(self, view: OthelloView, *, busy: bool, machine_status: Text | None = None) -> Text:
        """What happens now (the person's move being recorded, the machine thinking, the end...);
        ``machine_status``: a line of the machine's own in place of "Your move" (the CPC's typing)."""
        t = Text(no_wrap=True, overflow="ellipsis")
        if view.phase is Phase.NEW:
            t.append("Choose a side to start (n).")
        elif view.phase is Phase.OVER:
            black, white = view.score
            winner = view.winner
            if winner is None:
                t.append(f"Game over: a draw, {black}-{white}.", "bold")
            else:
                who = f"the {self.machine}" if winner is view.machine_color else "you"
                t.append(f"Game over: {who} won {max(black, white)}-{min(black, white)}.", "bold")
        elif view.running == "person":
            t.append(f"{self.glyph(view.human_color)} The {self.machine} {self.RECORDING}", "bold")
        elif busy and view.machine_to_move:
            t.append(f"{self.glyph(view.machine_color)} The {self.machine} is thinking...", "bold")
        elif view.machine_to_move:
            t.append(f"{self.glyph(view.machine_color)} Stopped: g lets the {self.machine} think.", "bold")
        elif machine_status is not None:
            t.append_text(machine_status)
        else:
            t.append(f"{self.glyph(view.human_color)} Your move", "bold reverse")
        return t

    def status_text(self, view: OthelloView, cursor: int, width: int = 37, *, busy: bool = False,
                    machine_status: Text | None = None) -> Text:
        """The score with the cursor at its right, then the state; the cursor gets a line of its own
        when the two do not fit side by side (it stays there while the machine records a move)."""
        score = self.score_line(view)
        where = self.cursor_text(cursor) if view.phase is not Phase.NEW else ""
        state = self.state_line(view, busy=busy, machine_status=machine_status)
        t = score.copy()
        gap = width - score.cell_len - len(where)
        if where and gap >= 2:
            t.append(" " * gap + where, "dim" if busy else "")
            t.append("\n")
            t.append_text(state)
        else:
            t.append("\n")
            t.append_text(state)
            if where:
                t.append("\n" + where)
        return t
