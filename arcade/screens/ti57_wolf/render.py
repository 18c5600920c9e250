"""What the wolf screen draws, from the session's view alone: the board, the turn panel, the status line.

Pure functions of ``WolfSessionView`` (and the screen's own choices: the chosen lamb,
busy): no widget, no machine.  The keys follow the board as drawn (row 8 at the top,
the article's keypad picture): 7 ↖, 9 ↗, 1 ↙, 3 ↘.  The program swaps the article's 3
and 7 (its Lbl 7 falls into Lbl 3), so ↖ keys ``SBR 3`` and ↘ keys ``SBR 7``.
"""

from __future__ import annotations

from rich.text import Text

from arcade.widgets.grid import GridView
from games.session import Seat
from games.ti57_wolf.driver import MoveRecord
from games.ti57_wolf.referee import LAMB_MOVES, START, WOLF_MOVES, Side
from games.ti57_wolf.session import Phase, WolfSessionView

COLUMNS = tuple(range(1, 9))
ROWS = tuple(range(8, 0, -1))  # row 8 (the wolf's) at the top
DARK = frozenset((c, r) for c in COLUMNS for r in ROWS if (c + r) % 2 == 0)

ARROW = {"nw": "↖", "ne": "↗", "sw": "↙", "se": "↘"}
STEP = {"nw": (-1, 1), "ne": (1, 1), "sw": (-1, -1), "se": (1, -1)}
WOLF_KEY = {name: next(k for k, d in WOLF_MOVES.items() if d == step) for name, step in STEP.items()}
"""The SBR label that really makes each move: ↖ SBR 3, ↗ SBR 9, ↙ SBR 1, ↘ SBR 7."""
LAMB_KEY = {name: next(k for k, d in LAMB_MOVES.items() if d == step) for name, step in STEP.items() if step in LAMB_MOVES.values()}
"""↖ is ``k SBR 4``, ↗ is ``k SBR 6``: lambs only go forward."""

REGISTERS = (
    "lamb number k (Dsz)",
    "lamb 1's square",
    "lamb 2's square",
    "lamb 3's square",
    "lamb 4's square",
    "step -0.9 (SBR 3, 4)",
    "step 1.1 (SBR 1, 6, 9)",
    "t: the wolf's square",
)


def add(square: tuple[int, int], step: tuple[int, int]) -> tuple[int, int]:
    return square[0] + step[0], square[1] + step[1]


def seat_label(seat: Seat) -> str:
    """Who sits in a seat, in the one wording of the status line, the new-game dialog and the export."""
    if seat.kind == "person":
        return "a person"
    return f"the computer, {seat.level}" if seat.level else "the computer"


def seat_words(view: WolfSessionView, side: Side) -> str:
    return seat_label(dict(view.seats)[side])


def wins(side: Side) -> str:
    return "wins" if side is Side.WOLF else "win"


def board_view(view: WolfSessionView, selected: int | None, busy: bool) -> GridView:
    """The pieces, the chosen lamb's (or the wolf's) legal moves as arrows, the cursor on the chosen lamb."""
    board = view.board
    pieces: dict[tuple[int, int], tuple[str, str]] = {}
    for k, lamb in enumerate(board.lambs, start=1):
        pieces[lamb] = (str(k), "grid--selected" if k == selected else "grid--lamb")
    pieces[board.wolf] = ("W", "grid--wolf")  # drawn last: a refused wolf sits on its lamb
    marks: dict[tuple[int, int], str] = {}
    if not busy and view.phase is Phase.TURN and view.referee_enabled and not view.computer_to_move:
        if view.to_move is Side.WOLF:
            for name, key in WOLF_KEY.items():
                if key in view.legal_wolf_moves:
                    marks[add(board.wolf, STEP[name])] = ARROW[name]
        elif selected is not None:
            for name, key in LAMB_KEY.items():
                if (selected, key) in view.legal_lamb_moves:
                    marks[add(board.lambs[selected - 1], STEP[name])] = ARROW[name]
    cursor = board.lambs[selected - 1] if selected is not None and view.to_move is Side.LAMBS else None
    return GridView(COLUMNS, ROWS, pieces, marks, DARK, cursor)


def turn_text(view: WolfSessionView, selected: int | None, switch: bool = True) -> Text:
    """Whose turn and what to press (four lines, fixed: the panel never needs a new layout); ``switch``: r
    switches the referee (not across two terminals: it is set when the game is hosted)."""
    t = Text(no_wrap=True, overflow="ellipsis", end="")
    if view.phase is Phase.OVER and view.result is not None:
        t.append(f"The {view.result.winner.value} {wins(view.result.winner)}!\n", "bold reverse")
        t.append(f"{view.result.reason[0].upper()}{view.result.reason[1:]}.\n")
        t.append("g: new game (a new coin toss)\n")
    elif view.phase is Phase.FLASHING:
        t.append("The TI-57 refused the wolf's move\n", "bold reverse")
        t.append(f"t: take it back (CLR, SBR {view.take_back_key})\n")
    elif view.computer_to_move:
        who = "wolf" if view.to_move is Side.WOLF else "lambs"
        t.append(f"{'W' if who == 'wolf' else '1-4'} The {who} to move\n", "bold reverse")
        t.append(f"The computer ({dict(view.seats)[view.to_move].level}) plays\n")
    elif view.to_move is Side.WOLF:
        t.append("W The wolf to move\n", "bold reverse")
        t.append("7 ↖  9 ↗  1 ↙  3 ↘  (or y u b n)\n")
    else:
        t.append("1-4 The lambs to move\n", "bold reverse")
        if selected is None:
            t.append("Choose a lamb: 1-4, Tab or click\n")
        else:
            t.append(f"Lamb {selected}: ", "bold")
            t.append("7 ↖ or 9 ↗  (1-4: another)\n")
    if view.off_board:
        off = [f"{'W' if i == 0 else i} {view.register_texts[i]}" for i in view.off_board]
        t.append("Off the board: " + ", ".join(off) + "\n")
    t.append("Referee ")
    t.append("off (purist)" if not view.referee_enabled else "on", "bold")
    if switch:
        t.append("  r: switch")
    return t


def status_text(view: WolfSessionView) -> Text:
    """The pieces as the registers hold them (R7, R1-R4) and who sits where."""
    t = Text(no_wrap=True, overflow="ellipsis", end="")
    t.append(f"W {view.register_texts[0]}  ", "bold")
    t.append("  ".join(f"{k}: {view.register_texts[k]}" for k in (1, 2, 3, 4)))
    t.append(f"\nWolf:  {seat_words(view, Side.WOLF)}", "dim")
    t.append(f"\nLambs: {seat_words(view, Side.LAMBS)}", "dim")
    return t


def sub_title(view: WolfSessionView) -> str:
    if view.phase is Phase.OVER and view.result is not None:
        return f"the {view.result.winner.value} won"
    if view.phase is Phase.FLASHING:
        return "the display flashes"
    return f"the {view.to_move.value} to move" + (" (purist)" if not view.referee_enabled else "")


def waiting_view(first: Side, seats: dict[Side, Seat], referee: bool) -> WolfSessionView:
    """What the screen shows before the table's first picture: no game yet (the board is drawn empty)."""
    return WolfSessionView(
        phase=Phase.TURN, board=START, to_move=first, first=first, result=None, display="", flashing=False,
        collision=None, take_back_key=None, referee_enabled=referee, legal_wolf_moves=(), legal_lamb_moves=(),
        last_move=None, moves_played=0, register_texts=("",) * 5, off_board=(), registers=("",) * 8, pc=0,
        steps=0, keys=(), setup_keys=(), seats=tuple(seats.items()), computer_to_move=False, can_undo=False,
        can_redo=False, referee_changes=())


def move_words(record: MoveRecord, view: WolfSessionView, *, by_computer: bool = False) -> str:
    """A move said in the game's words (which piece went where); what the TI-57 showed and which
    register holds what is the registers panel's (``i``) and the key log's, not the status line's."""
    if record.flashing:
        lamb = next((k for k, s in enumerate(view.board.lambs, start=1) if s == view.board.wolf), None)
        return (f"The wolf landed on lamb {lamb}'s square: the TI-57 refuses it and its display flashes. "
                "t: take it back.")
    if record.lamb is not None:
        arrow = next((ARROW[n] for n, k in LAMB_KEY.items() if k == record.key), f"(SBR {record.key})")
        where = view.register_texts[record.lamb]
        return (f"The computer moved lamb {record.lamb} {arrow} to {where}." if by_computer
                else f"Lamb {record.lamb} went {arrow} to {where}.")
    arrow = next((ARROW[n] for n, k in WOLF_KEY.items() if k == record.key), f"(SBR {record.key})")
    return (f"The computer moved the wolf {arrow} to {record.display}." if by_computer
            else f"The wolf went {arrow} to {record.display}.")
