"""The duel's words and board, drawn from a session's view (``games.ti57_duel.session.DuelView``).

Pure functions: a view in, text or a ``GridView`` out.  A view already holds only what its
viewer may know, so nothing here can show the other player's square: it is not there.
"""

from __future__ import annotations

from datetime import datetime, timezone

from rich.text import Text

from arcade.widgets.grid import GridView
from arcade.widgets.history import HistoryRow
from arcade.widgets.ti57 import key_lines
from games.session import Seat
from games.ti57_duel import DELTAS, DuelStatus, Turn
from games.ti57_duel.session import DuelView, Phase

SIZE = 10
COLUMNS = tuple(range(SIZE))
ROWS = tuple(range(SIZE - 1, -1, -1))  # row 9 (north) at the top
ARROW = {1: "↗", 2: "→", 3: "↘", 4: "↓", 5: "↙", 6: "←", 7: "↖", 8: "↑"}
NAME = {1: "NE", 2: "E", 3: "SE", 4: "S", 5: "SW", 6: "W", 7: "NW", 8: "N"}

REGISTERS = (
    "moves left (Dsz)",
    "player 1's square",
    "player 2's square",
    "count kept in a move",
    "the move (col + row/10)",
    "row step / 10",
    "direction code",
    "t: player 1's flag",
)

SEAT_CHOICES: tuple[tuple[Seat, Seat], ...] = (
    (Seat(), Seat()),
    (Seat(), Seat("computer", "hunter")),
    (Seat(), Seat("computer", "random")),
    (Seat("computer", "hunter"), Seat()),
    (Seat("computer", "random"), Seat()),
    (Seat("computer", "hunter"), Seat("computer", "random")),
)
"""What ``c`` goes through on the move-limit page: who sits in each seat."""
ELSEWHERE = len(SEAT_CHOICES)
"""``c``'s last choice, after the seats above: Player 2 on another terminal (Enter hosts the duel there)."""


def seat_text(seat: Seat) -> str:
    return "a person" if seat.kind == "person" else f"the computer ({seat.level})"


def square_text(sq: tuple[int, int]) -> str:
    """The program's notation: column + row / 10, shown in Fix 1."""
    return f"{sq[0]}.{sq[1]}"


def board_view(view: DuelView, cursor: tuple[int, int], busy: bool) -> GridView:
    """The viewer's pawn and where it may go; both pawns once the duel is over; nothing else."""
    pieces: dict[tuple[int, int], tuple[str, str]] = {}
    marks: dict[tuple[int, int], str] = {}
    if view.phase is Phase.SETUP and view.me is not None:
        return GridView(COLUMNS, ROWS, cursor=cursor)
    if view.me is not None and view.me.square is not None:
        pieces[view.me.square] = (str(view.viewer), "grid--mine")
        if not busy:
            c, r = view.me.square
            for d in view.legal:
                marks[(c + DELTAS[d][0], r + DELTAS[d][1])] = ARROW[d]
    elif view.squares is not None:
        s1, s2 = view.squares
        if s1 == s2:
            pieces[s1] = ("X", "grid--capture")
        else:
            pieces[s1] = ("1", "grid--mine")
            pieces[s2] = ("2", "grid--other")
    return GridView(COLUMNS, ROWS, pieces, marks)


def info_text(view: DuelView, cursor: tuple[int, int], elsewhere: bool = False) -> Text:
    """``elsewhere``: Player 2 on another terminal (the move-limit page's last seat choice)."""
    t = Text(no_wrap=True, overflow="ellipsis", end="")
    if view.phase is Phase.LIMIT:
        t.append("Blind duel: two players, one TI-57\n", "bold")
        t.append(f"Move limit: {view.limit}", "bold reverse")
        t.append(" for both (+ / -)\n")
        if elsewhere:
            t.append("Player 1: you, here\nPlayer 2: on another terminal\nNo curtain, no PIN: each sees their own\n")
            t.append("c: seats  Enter: host it", "dim")
            return t
        t.append(f"Player 1: {seat_text(view.seats[0])}\nPlayer 2: {seat_text(view.seats[1])}\n")
        lock = "on" if view.locked else "off" if view.seats == (Seat(), Seat()) else "off (two people only)"
        t.append(f"PIN lock: {lock}\n")
        t.append("c: seats  L: PIN lock  Enter: start", "dim")
        return t
    me, p = view.me, view.viewer
    if view.phase is Phase.SETUP and me is not None:
        t.append(f"Player {p}: your secret start square\n", "bold reverse")
        t.append(f"Cursor on {square_text(cursor)}", "bold")
        t.append(f" (column {cursor[0]}, row {cursor[1]})\n")
        t.append("Move the cursor, Enter to key it in:\n")
        t.append(f"  {square_text(cursor)} STO {p} then CLR\n")
        t.append(f"Move limit {view.limit}, both players." + ("\nYou choose a PIN next." if view.locked else ""))
        return t
    if view.phase is Phase.TURN and me is not None:
        other = 3 - (p or 1)
        moved = "you have moved, " if me.own_last_displays else ""  # (across two terminals: seen before one's first move)
        t.append((f"Player {p}: your move" if me.to_move else f"Player {p}: {moved}Player {other} is next")
                 + "\n", "bold reverse")
        if me.square is not None:
            t.append("You are on ")
            t.append(square_text(me.square), "bold")
            t.append(f" (column {me.square[0]}, row {me.square[1]})\n")
        d = me.opponent_last_direction
        if d is None:
            t.append(f"Player {other} has not moved yet\n")
        else:
            t.append(f"Player {other} last went ")
            t.append(f"{ARROW[d]} {NAME[d]}", "bold")
            t.append(f" (code {d})\n")
        t.append(f"Moves left: {me.moves_left} (both players)\n")
        if me.own_last_displays and me.to_move:  # (not while the TI-57 still shows them)
            t.append("Your last turn showed " + " then ".join(me.own_last_displays))
        return t
    if view.phase is Phase.DRAW:
        t.append("Draw: the moves are used up\n", "bold reverse")
        t.append("The TI-57 ran past step 49: the last\ndirection flashes.\n")
        t.append(f"Extend by {view.extension} moves", "bold")
        t.append(f" (CLR, {view.extension} STO 0)?\n")
        t.append("+/- change, e extend, x end & reveal")
        return t
    if view.phase is Phase.OVER and view.squares is not None:
        s1, s2 = view.squares
        if view.status is DuelStatus.CAPTURE:
            t.append(f"Player {view.winner} captured Player {3 - (view.winner or 1)}!\n", "bold reverse")
            t.append(f"Both on {square_text(s1)}: 1/x of 0 flashed 9.9 99\n")
        else:
            t.append("Game over: a draw\n", "bold reverse")
            t.append("No capture before the moves ran out\n")
        t.append(f"Player 1 on {square_text(s1)}, Player 2 on {square_text(s2)}\n")
        t.append(f"{view.moves_played} moves played. g: new duel")
        return t
    if view.phase is Phase.TURN:  # two computers: only what both may know
        t.append(f"Player {view.to_move} to move\n", "bold reverse")
        t.append(f"Moves left: {view.moves_left} (both players)\n{view.moves_played} moves played")
    return t


def status_text(view: DuelView, instant: bool | None) -> Text:
    """The keypad's picture; ``instant``: the Pause's pace (None: no pace to choose, across two terminals)."""
    t = Text(no_wrap=True, overflow="ellipsis", end="")
    if view.me is not None and view.phase in (Phase.SETUP, Phase.TURN):
        right = "Enter: place here" if view.phase is Phase.SETUP else "i: registers"
        t.append(f"7 8 9  ↖ ↑ ↗   arrows, y u b n\n4   6  ←   →   {right}\n1 2 3  ↙ ↓ ↘")
        if view.phase is Phase.TURN and instant is not None:  # s acts only on a turn: the Pause it paces
            t.append("   s: Pause " + ("instant" if instant else "real"))
    return t


def public_sub_title(view: DuelView) -> str:
    """The title bar: what everyone may read."""
    if view.phase is Phase.LIMIT:
        return "setting up"
    if view.phase is Phase.SETUP:
        return f"Player {view.setup_player} chooses a start square"
    if view.phase is Phase.HANDOFF:
        return f"hand-off to Player {view.handoff_to}"
    if view.phase is Phase.TURN:
        return f"Player {view.to_move} to move, {view.moves_left} moves left"
    if view.phase is Phase.DRAW:
        return "a draw: the moves are used up"
    return f"Player {view.winner} captured" if view.status is DuelStatus.CAPTURE else "game over"


def handoff_text(view: DuelView) -> str:
    """The curtain's words: public only."""
    player = view.handoff_to
    moves = f"\n\n{view.moves_left} moves left for both players." if view.moves_left is not None else ""
    undo = f"\n\nPlayer {view.undo_for}: u takes your move back (only before Enter)." if view.undo_for else ""
    lock = ""
    if view.locked:  # before the turns (no moves left counted yet) the player has no PIN to give
        lock = (f"\n\nPlayer {player} lifts it with a PIN." if view.moves_left is not None
                else f"\n\nPlayer {player} chooses a PIN with the start square.")
    return (f"{view.news}\n\nPass the keyboard to Player {player}.\n\n"
            f"Press Enter when only Player {player} is looking.{lock}{moves}{undo}")


def history_rows(turns: tuple[Turn, ...]) -> list[HistoryRow]:
    """One row per move (a finished duel only): who, the direction and the square the Pause showed, the keys."""
    rows = []
    for n, t in enumerate(turns, 1):
        where = f"{ARROW[t.direction]} {NAME[t.direction]}" + (f" to {t.displays[0]}" if t.displays else "")
        shown = " then ".join(t.displays) + (" flashing" if t.flashing else "")
        rows.append(HistoryRow(n, f"Player {t.player}", where, " ".join(t.keys), f"shows {shown}"))
    return rows


def history_text(view: DuelView, title: str) -> str:
    """A finished duel as plain text: the set-up, every move, every key to replay it on a TI-57."""
    assert view.squares is not None, "the moves are written only once the duel is over"
    s1, s2 = view.squares
    lines = [
        f"# {title}",
        "# machine: TI-57, program by J. Deconchat (L'Ordinateur de poche)",
        f"# move limit {view.limit}, both players together",
        f"# players: 1 {seat_text(view.seats[0])}, 2 {seat_text(view.seats[1])}",
        f"# written {datetime.now(timezone.utc).isoformat(timespec='seconds')}",
        "",
        f"{'n':>3}  {'who':<9} {'move':<14} {'TI-57 keys':<10} display",
    ]
    for row in history_rows(view.turns):
        lines.append(f"{row.number:>3}  {row.who:<9} {row.standard:<14} {row.machine:<10} {row.keys}".rstrip())
    lines += ["", "Every key, in order, to replay the duel on a TI-57 (start squares included):"]
    lines += [f"  {line}" for line in key_lines(view.keys)]
    lines.append("")
    if view.status is DuelStatus.CAPTURE:
        lines.append(f"Player {view.winner} captured Player {3 - (view.winner or 1)} on {square_text(s1)}.")
    else:
        lines.append(f"A draw: Player 1 on {square_text(s1)}, Player 2 on {square_text(s2)}.")
    return "\n".join(lines) + "\n"
