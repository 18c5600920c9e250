"""The wolf and the lambs on an emulated TI-57: the board the calculator never had.

The board is the driver's, decoded from the machine's registers (lambs R1-R4, wolf
R7); the screen draws it, sends the keys a TI-57 owner would type (``SBR n`` for the
wolf, ``k SBR 4`` / ``k SBR 6`` for lamb k) and shows the display.  The keys on the
keyboard follow the board as drawn (row 8 at the top, as the article's keypad picture
has it): 7 goes up-left, 9 up-right, 1 down-left, 3 down-right.  The program swaps
the article's 3 and 7 (its Lbl 7 falls into Lbl 3), so 7 keys ``SBR 3`` and 3 keys
``SBR 7``; the key log shows what was really typed.

With the referee on, an illegal move is refused with the reason before any key
reaches the machine.  Purist mode switches it off: only the program's own check
stands, so a wolf landing on a lamb gets the TI-57's flashing refusal, and the
screen offers to take it back as an owner would (CLR, then the opposite key).

Games are kept (issue 8): after every move, and when the app quits, the driver's
snapshot (the TI-57's whole state), the undo steps and the panels shown are saved
through ``SaveStore``; opening the game again offers to resume it.  Undo and redo
restore whole-move snapshots (``Timeline``), so the program never learns of them.
The move history lists every move on the board's squares and as the keys typed,
and exports the whole key sequence to replay the game on a real TI-57.
"""

from __future__ import annotations

import random
import threading
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.widgets import Footer, Header, Static
from textual.worker import get_current_worker

from arcade.gamesave import set_aside_unusable, write_save
from arcade.messages import TurnFailed, TurnFinished
from arcade.ti57_common import TI57GameScreen, turn_failed
from arcade.widgets.grid import BoardClicked, GridView, SquareBoard
from arcade.widgets.ti57 import KeyLog, RegisterPanel, Shown, TI57Display, key_lines
from arcade.widgets.words import Words, update_if_changed
from arcade.widgets.dialogs import GameOverDialog
from arcade.widgets.history import HistoryRow, MoveHistory
from games.ti57_wolf import LAMB_MOVES, OPPOSITE, START, WOLF_MOVES, IllegalMove, MoveRecord, Side, WolfGame, square_text
from games.ti57_wolf.referee import on_board
from games.timeline import Timeline

SAVED_UNDO_STEPS = 40
"""Undo steps kept in a save (a TI-57 snapshot is small)."""

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


def is_take_back(history: list[MoveRecord], i: int) -> bool:
    """The i-th record is the owner's take-back (CLR, opposite key) of a refused wolf move."""
    return i > 0 and history[i - 1].flashing and history[i - 1].side is Side.WOLF and history[i].side is Side.WOLF


def record_keys(history: list[MoveRecord], i: int) -> str:
    """The keys of the i-th move as typed on a TI-57 (a take-back starts with its CLR)."""
    return " ".join((("CLR",) if is_take_back(history, i) else ()) + history[i].keys)


def history_rows(history: list[MoveRecord]) -> list[HistoryRow]:
    """One row per move: who, the board's squares (from-to), the program's keys."""
    wolf, lambs = START.wolf, list(START.lambs)
    rows = []
    for i, r in enumerate(history):
        if r.lamb is None:
            dc, dr = WOLF_MOVES[r.key]
            before, wolf = wolf, (wolf[0] + dc, wolf[1] + dr)
            after, who = wolf, "wolf"
        else:
            dc, dr = LAMB_MOVES[r.key]
            before = lambs[r.lamb - 1]
            after = lambs[r.lamb - 1] = (before[0] + dc, before[1] + dr)
            who = f"lamb {r.lamb}"
        squares = f"{square_text(before)}-{square_text(after)}"
        if r.flashing:
            squares += " refused"
        elif is_take_back(history, i):
            squares += " back"
        keys = record_keys(history, i)
        rows.append(HistoryRow(i + 1, who, squares, keys, f"shows {r.display}" + (" flashing" if r.flashing else "")))
    return rows


def setup_keys(keys: list[str]) -> list[str]:
    """The set-up keys of a game: up to the first CLR (``... 2nd Fix 1 CLR``)."""
    return keys[: keys.index("CLR") + 1] if "CLR" in keys else list(keys)


def history_text(game: WolfGame, first: Side, title: str) -> str:
    """The whole game as plain text: the set-up, every move in both notations, every key to replay it."""
    lines = [
        f"# {title}",
        "# machine: TI-57, program by J. Deconchat (L'Ordinateur de poche)",
        f"# the {first.value} started (coin toss); referee {'on' if game.referee_enabled else 'off (purist)'}",
        f"# written {datetime.now(timezone.utc).isoformat(timespec='seconds')}",
        "",
        "Set-up keys: " + "   ".join(key_lines(setup_keys(game.keys))),
        "",
        f"{'n':>3}  {'who':<7} {'squares':<16} {'TI-57 keys':<12} display",
    ]
    for row in history_rows(game.history):
        lines.append(f"{row.number:>3}  {row.who:<7} {row.standard:<16} {row.machine:<12} {row.keys}".rstrip())
    lines += ["", "Every key, in order, to replay the game on a TI-57:"]
    lines += [f"  {line}" for line in key_lines(game.keys)]
    result = game.result()
    lines.append("")
    if result is not None:
        lines.append(f"Game over: the {result.winner.value} won ({result.reason}).")
    elif game.collision is not None:
        lines.append(f"In progress: the display flashes (SBR {game.collision} refused); CLR, SBR {OPPOSITE[game.collision]} takes it back.")
    else:
        lines.append(f"In progress: the {game.to_move.value} to move.")
    return "\n".join(lines) + "\n"


def coin_toss() -> Side:
    """Heads the wolf starts, tails the lambs: the article's "pile ou face"."""
    return random.choice((Side.WOLF, Side.LAMBS))


class TI57WolfScreen(TI57GameScreen):
    """The 8x8 board on the left; the TI-57 (display, keys typed, registers) on the right."""

    GAME_ID = "ti57-wolf"
    CSS_PATH = Path(__file__).parent / "screen.tcss"  # absolute: subclasses live elsewhere
    TITLE = "Wolf and lambs on the TI-57"

    DEFAULT_CSS = """
    TI57WolfScreen #paused { display: none; height: 1fr; content-align: center middle; text-style: bold; }
    TI57WolfScreen.-paused #game { display: none; }
    TI57WolfScreen.-paused #paused { display: block; }
    TI57WolfScreen #history { height: 1fr; }
    """

    BINDINGS = [
        Binding("7,y", "diagonal('nw')", "↖ up-left", show=False, id="wolf.up-left"),
        Binding("9,u", "diagonal('ne')", "↗ up-right", show=False, id="wolf.up-right"),
        Binding("b", "diagonal('sw')", "↙ wolf down-left", show=False, id="wolf.down-left"),
        Binding("n", "diagonal('se')", "↘ wolf down-right", show=False, id="wolf.down-right"),
        Binding("1", "digit(1)", "Wolf ↙ / lamb 1", show=False, id="wolf.key-1"),
        Binding("2", "digit(2)", "Lamb 2", show=False, id="wolf.key-2"),
        Binding("3", "digit(3)", "Wolf ↘ / lamb 3", show=False, id="wolf.key-3"),
        Binding("4", "digit(4)", "Lamb 4 / selected lamb ↖ (SBR 4)", show=False, id="wolf.key-4"),
        Binding("6", "digit(6)", "Selected lamb ↗ (SBR 6)", show=False, id="wolf.key-6"),
        # WASD and h j k l: a / h / ← and d / l / → move the chosen lamb, w s / k j / ↑ ↓ choose one
        Binding("left,a,h", "diagonal('nw')", "Selected lamb ↖", show=False, id="wolf.lamb-left"),
        Binding("right,d,l", "diagonal('ne')", "Selected lamb ↗", show=False, id="wolf.lamb-right"),
        Binding("tab,s,j,down", "next_lamb(1)", "Next lamb", key_display="tab", id="wolf.next-lamb"),
        Binding("shift+tab,w,k,up", "next_lamb(-1)", "Previous lamb", show=False, id="wolf.previous-lamb"),
        Binding("t", "take_back", "Take back", id="wolf.take-back"),
        Binding("r", "toggle_purist", "Purist", id="wolf.toggle-purist"),
        # u is ↗ (y u b n): undo is z / Ctrl+Z, redo U / Ctrl+Y
        Binding("z,ctrl+z", "undo", "Undo a move", id="wolf.undo"),
        Binding("U,ctrl+y", "redo", "Redo", show=False, key_display="U", id="wolf.redo"),
        Binding("p", "pause", "Pause", show=False, id="wolf.pause"),
        Binding("H", "toggle_history", "Move history", show=False, key_display="H", id="wolf.toggle-history"),
        Binding("x", "export_history", "Export the moves", show=False, id="wolf.export-history"),
        Binding("i", "toggle_registers", "Registers", id="ti57.toggle-registers"),
        Binding("g", "new_game", "New game", id="wolf.new-game"),
        Binding("escape,backspace", "app.launcher", "Back", id="arcade.back"),
    ]

    busy: reactive[bool] = reactive(False)
    registers_shown: reactive[bool] = reactive(False)
    selected: reactive[int | None] = reactive(None)
    paused: reactive[bool] = reactive(False, bindings=True)
    history_shown: reactive[bool] = reactive(False)

    def __init__(self, *, coin: Callable[[], Side] = coin_toss, purist: bool = False, blink: bool = True) -> None:
        super().__init__()
        self.coin = coin
        self.purist = purist
        self.blink = blink
        self.game = WolfGame(coin(), referee_enabled=not purist)
        self._lock = threading.Lock()
        self._generation = 0
        self._shown = Shown(self.game.machine.display)
        self._message = ""
        self._over_announced = False
        self.first = self.game.to_move  # who the coin toss sent first (kept in saves and exports)
        self.timeline: Timeline[dict[str, Any]] = Timeline(limit=500)
        self._before: dict[str, Any] | None = None  # the game before the move in progress
        self._save_ready = False  # no save is written (nor discarded) until the resume question is answered
        self.exported: Path | None = None

    # -- layout ----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="game"):
            with Vertical(id="left"):
                yield SquareBoard(id="board")
                yield Words(id="status")
            with Vertical(id="right"):
                yield TI57Display(id="led")
                yield Words(id="info")
                yield Words(id="message")
                yield RegisterPanel(id="registers")
                yield KeyLog(id="keylog")
                yield MoveHistory(id="history")
        yield Static("Paused: the board and the TI-57 are hidden.\n\nPress p to go on.", id="paused")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one("#board", SquareBoard).boxed = True
        self.query_one("#led", TI57Display).blink = self.blink
        self._message = self._toss_words()
        self.redraw()
        self.call_after_refresh(self.offer_resume)

    def _toss_words(self) -> str:
        first = self.game.to_move
        return f"Coin toss: {'heads' if first is Side.WOLF else 'tails'}, the {first.value} start{'s' if first is Side.WOLF else ''}."

    # -- what is on screen -----------------------------------------------------------

    def board_view(self) -> GridView:
        g = self.game
        board = g.board
        pieces: dict[tuple[int, int], tuple[str, str]] = {}
        for k, lamb in enumerate(board.lambs, start=1):
            pieces[lamb] = (str(k), "grid--selected" if k == self.selected else "grid--lamb")
        pieces[board.wolf] = ("W", "grid--wolf")  # drawn last: a refused wolf sits on its lamb
        marks: dict[tuple[int, int], str] = {}
        cursor = None
        if not self.busy and g.result() is None and g.collision is None and g.referee_enabled:
            if g.to_move is Side.WOLF:
                for name, key in WOLF_KEY.items():
                    if key in g.legal_wolf_moves():
                        marks[_add(board.wolf, STEP[name])] = ARROW[name]
            elif self.selected is not None:
                lamb = board.lambs[self.selected - 1]
                for name, key in LAMB_KEY.items():
                    if (self.selected, key) in g.legal_lamb_moves():
                        marks[_add(lamb, STEP[name])] = ARROW[name]
        if self.selected is not None and g.to_move is Side.LAMBS:
            cursor = board.lambs[self.selected - 1]
        return GridView(COLUMNS, ROWS, pieces, marks, DARK, cursor)

    def info_text(self) -> Text:
        g = self.game
        t = Text(no_wrap=True, overflow="ellipsis", end="")
        result = g.result()
        if result is not None:
            t.append(f"The {result.winner.value} win{'s' if result.winner is Side.WOLF else ''}!\n", "bold reverse")
            t.append(f"{result.reason[0].upper()}{result.reason[1:]}.\n")
            t.append("g: new game (a new coin toss)\n")
        elif g.collision is not None:
            t.append("The TI-57 refused the wolf's move\n", "bold reverse")
            back = OPPOSITE[g.collision]
            t.append(f"t: take it back (CLR, SBR {back})\n")
        elif g.to_move is Side.WOLF:
            t.append("W The wolf to move\n", "bold reverse")
            t.append("7 ↖  9 ↗  1 ↙  3 ↘  (or y u b n)\n")
        else:
            t.append("1-4 The lambs to move\n", "bold reverse")
            if self.selected is None:
                t.append("Choose a lamb: 1-4, Tab or click\n")
            else:
                t.append(f"Lamb {self.selected}: ", "bold")
                t.append("4/7/← ↖   6/9/→ ↗   Tab\n")
        off = [f"{'W' if i == 0 else i} {g.register_text(i)}" for i, sq in enumerate((g.board.wolf, *g.board.lambs)) if not on_board(sq)]
        if off:
            t.append("Off the board: " + ", ".join(off) + "\n")
        t.append("Referee ", "")
        t.append("off (purist)" if not g.referee_enabled else "on", "bold")
        t.append("  r: toggle")
        return t

    def status_text(self) -> Text:
        g = self.game
        t = Text(no_wrap=True, overflow="ellipsis", end="")
        t.append(f"W {g.register_text(0)}  ", "bold")
        t.append("  ".join(f"{k}:{g.register_text(k)}" for k in (1, 2, 3, 4)))
        t.append("\n(col.row as in R1-R4, R7)", "dim")
        return t

    def redraw(self) -> None:
        g = self.game
        result = g.result()
        if result is not None:
            self.sub_title = f"the {result.winner.value} won"
        elif g.collision is not None:
            self.sub_title = "the display flashes"
        else:
            self.sub_title = f"the {g.to_move.value} to move" + (" (purist)" if not g.referee_enabled else "")
        self.query_one("#board", SquareBoard).view = self.board_view()
        update_if_changed(self.query_one("#info", Words), self.info_text())
        update_if_changed(self.query_one("#status", Words), self.status_text())
        update_if_changed(self.query_one("#message", Words), self._message)
        self.query_one("#led", TI57Display).shown = self._shown
        panel = self.query_one("#registers", RegisterPanel)
        log = self.query_one("#keylog", KeyLog)
        history = self.query_one("#history", MoveHistory)
        panel.display = self.registers_shown
        history.display = self.history_shown and not self.registers_shown
        log.display = not self.registers_shown and not self.history_shown
        if self.registers_shown:
            panel.show(g.machine.view(), REGISTERS)
        elif not self.history_shown:
            log.lines = tuple(key_lines(g.keys))
        if self.history_shown:
            self._show_history()
        self._refresh_footer()

    def _show_history(self) -> None:
        header = "Set-up: " + " ".join(key_lines(setup_keys(self.game.keys)))
        self.query_one("#history", MoveHistory).show(history_rows(self.game.history), header)

    def footer_signature(self) -> tuple[bool, bool, bool]:
        return (self.game.collision is not None, self.timeline.can_undo, self.busy)

    # -- actions ---------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        g = self.game
        if self.paused:
            return action == "pause"  # the board is hidden: only p (and Esc, ?) work
        if action == "take_back":
            return g.collision is not None
        if action == "undo":
            return True if self.timeline.can_undo and not self.busy else None
        return True

    def _ready(self) -> bool:
        """Can a move be played now?  If not, say why."""
        if self.busy:
            self.say("Wait: the TI-57 is running.")
            return False
        g = self.game
        result = g.result()
        if result is not None:
            self.say(f"The game is over: the {result.winner.value} won ({result.reason}). g: new game.")
            return False
        if g.collision is not None:
            self.app.bell()
            self.say(f"The display flashes: the TI-57 refused SBR {g.collision}. Press t to take it back.")
            return False
        return True

    def action_diagonal(self, name: str) -> None:
        if not self._ready():
            return
        if self.game.to_move is Side.WOLF:
            self.wolf_move(name)
        elif self.selected is None:
            self.say("Choose a lamb first: 1-4, Tab or click.")
        elif name not in LAMB_KEY:
            self.app.bell()
            self.say(f"Refused: lambs only go forward (↖ or ↗), not {ARROW[name]}.")
        else:
            self.lamb_move(self.selected, LAMB_KEY[name])

    def action_digit(self, n: int) -> None:
        g = self.game
        if g.to_move is Side.WOLF and g.result() is None:
            if n in (1, 3):
                self.action_diagonal("sw" if n == 1 else "se")
            else:
                self.app.bell()
                self.say("The wolf moves on the diagonals: 7 ↖ 9 ↗ 1 ↙ 3 ↘.")
            return
        if n == 6 or (n == 4 and self.selected is not None):
            if self.selected is None:
                self.say("Choose a lamb first: 1-4, Tab or click.")
                return
            self.action_diagonal("nw" if n == 4 else "ne")  # k SBR 4 / k SBR 6, as typed on the TI-57
            return
        self.select(n)

    def select(self, k: int) -> None:
        if self.game.to_move is not Side.LAMBS:
            return
        self.selected = k
        sq = self.game.board.lambs[k - 1]
        self.say(f"Lamb {k} on {square_text(sq)}: now its direction (4 ↖ or 6 ↗).")
        self.redraw()

    def action_next_lamb(self, step: int) -> None:
        current = self.selected or (0 if step > 0 else 5)
        self.select((current - 1 + step) % 4 + 1)

    @on(BoardClicked)
    def _clicked(self, event: BoardClicked) -> None:
        g = self.game
        sq = event.square
        if g.to_move is Side.LAMBS and sq in g.board.lambs:
            self.select(g.board.lambs.index(sq) + 1)
            return
        origin = g.board.wolf if g.to_move is Side.WOLF else (g.board.lambs[self.selected - 1] if self.selected else None)
        if origin is None:
            return
        step = (sq[0] - origin[0], sq[1] - origin[1])
        name = next((n for n, d in STEP.items() if d == step), None)
        if name is not None:
            self.action_diagonal(name)

    def wolf_move(self, name: str) -> None:
        key = WOLF_KEY[name]
        g = self.game
        if g.referee_enabled:
            try:
                g.check_wolf_move(key)
            except IllegalMove as refused:
                self.app.bell()
                self.say(f"Refused {ARROW[name]}: {refused}.")
                return
        self.say(f"The wolf {ARROW[name]}: SBR {key}.")
        self._start_job("wolf", key=key)

    def lamb_move(self, k: int, key: int) -> None:
        g = self.game
        if g.referee_enabled:
            try:
                g.check_lamb_move(k, key)
            except IllegalMove as refused:
                self.app.bell()
                self.say(f"Refused: {refused}.")
                return
        self.say(f"Lamb {k} {'↖' if key == 4 else '↗'}: {k} SBR {key}.")
        self._start_job("lamb", lamb=k, key=key)

    def action_take_back(self) -> None:
        g = self.game
        if g.collision is None or self.busy:
            return
        self.say(f"Taking it back as an owner would: CLR, SBR {OPPOSITE[g.collision]}.")
        self._start_job("take_back")

    def action_toggle_purist(self) -> None:
        g = self.game
        if self.busy:
            return
        if g.collision is not None:
            self.say("Take the refused move back first (t), then switch the referee on.")
            return
        try:
            g.set_referee(not g.referee_enabled)
        except IllegalMove as refused:
            self.app.bell()
            self.say(f"The referee stays off: {refused} (z: undo).")
            return
        self.purist = not g.referee_enabled
        self.say(
            "Purist: no referee. Only the program's own check stands (the wolf landing on a lamb)."
            if self.purist
            else "Referee on: illegal moves are refused before they reach the TI-57."
        )
        self.redraw()

    def action_toggle_registers(self) -> None:
        self.registers_shown = not self.registers_shown
        self.redraw()

    def action_new_game(self) -> None:
        """A new coin toss and a freshly keyed set-up (a move in progress is dropped)."""
        self._generation += 1
        self.busy = False
        self.selected = None
        self.game = WolfGame(self.coin(), referee_enabled=not self.purist)
        self.first = self.game.to_move
        self.timeline.clear()
        self._before = None
        self._save_ready = True
        self._shown = Shown(self.game.machine.display)
        self._over_announced = False
        self._message = "New game. " + self._toss_words()
        self.redraw()
        self.save_game()  # the new game replaces the save of the old one

    # -- undo, redo, pause, history ------------------------------------------------------

    def _state(self) -> dict[str, Any]:
        return {"game": self.game.snapshot(), "shown": [self._shown.text, self._shown.flashing, self._shown.state]}

    def _go_to(self, state: dict[str, Any]) -> None:
        """Put the game (and its TI-57) back as ``state`` holds it, and show it."""
        self._generation += 1
        self.game = WolfGame.restore(state["game"])
        self.purist = not self.game.referee_enabled
        text, flashing, shown_state = state.get("shown") or [self.game.machine.display, self.game.machine.flashing, "stopped"]
        self._shown = Shown(text, flashing, shown_state)
        self.selected = None
        self._over_announced = self.game.result() is not None
        self.redraw()
        self.save_game()

    def action_undo(self) -> None:
        if self.busy:
            self.say("Wait: the TI-57 is running.")
            return
        if not self.timeline.can_undo:
            self.say("Nothing to undo.")
            return
        self._go_to(self.timeline.undo(self._state()))
        self.say(f"Undone: back to move {len(self.game.history) + 1}, the {self.game.to_move.value} to move (U: redo).")

    def action_redo(self) -> None:
        if self.busy:
            self.say("Wait: the TI-57 is running.")
            return
        if not self.timeline.can_redo:
            self.say("Nothing to redo.")
            return
        self._go_to(self.timeline.redo(self._state()))
        self.say(f"Redone: {len(self.game.history)} moves played.")

    def action_pause(self) -> None:
        self.paused = not self.paused
        if self.paused:
            self.app.clear_notifications()
        self.say("Paused." if self.paused else "Go on.")

    def action_toggle_history(self) -> None:
        self.history_shown = not self.history_shown

    def watch_history_shown(self, shown: bool) -> None:
        if self.is_mounted:
            self.redraw()  # the history takes the key log's place

    def action_export_history(self) -> None:
        self.export_moves(history_text(self.game, self.first, self.TITLE))

    # -- saves -----------------------------------------------------------------------

    def save_state(self) -> dict[str, Any] | None:
        """What a save holds: the game (TI-57 snapshot and driver), the undo steps, the panels."""
        if not self.game.history or self.game.result() is not None:
            return None  # nothing played yet, or finished: nothing to offer again
        timeline = self.timeline.to_json()
        return {
            "game": self.game.snapshot(),
            "first": self.first.value,
            "shown": [self._shown.text, self._shown.flashing, "stopped"],
            "timeline": {"past": timeline["past"][-SAVED_UNDO_STEPS:], "future": timeline["future"][-SAVED_UNDO_STEPS:]},
            "settings": {"registers": self.registers_shown, "history": self.history_shown},
        }

    def save_summary(self) -> str:
        g = self.game
        turn = "the display flashes" if g.collision is not None else f"the {g.to_move.value} to move"
        return f"move {len(g.history)}, {turn}" + (" (purist)" if not g.referee_enabled else "")

    def save_game(self) -> Path | None:
        """Write the save (a game not begun or finished is not kept); failures are reported."""
        if not self._save_ready or self.busy:
            return None  # a move in progress: the save after the last move stands
        return write_save(self, self.GAME_ID, self.save_state(), self.save_summary())

    def offer_resume(self) -> None:
        """On opening: a saved game is offered; without one the coin toss stands."""
        self.offer_saved_game(
            lambda state: "A saved game of wolf and lambs is waiting at move "
            f"{len(state.get('game', {}).get('history', []))}. Resume it?"
        )

    def resume(self, state: dict[str, Any]) -> bool:
        """Go on with a saved game exactly as it was; a save that does not restore is kept aside."""
        try:
            game = WolfGame.restore(state["game"])
            game.view()  # decodes the board: a damaged snapshot fails here, not later
            timeline = Timeline.from_json(state.get("timeline", {}))
            first = Side(state.get("first", game.to_move.value))
            text, flashing, shown_state = state.get("shown") or [game.machine.display, game.machine.flashing, "stopped"]
        except Exception as error:  # a save from a changed driver, a hand-edited file...
            set_aside_unusable(self, self.GAME_ID, error)
            self.action_new_game()
            return False
        self._generation += 1
        self.game, self.first = game, first
        self.purist = not game.referee_enabled
        self.timeline = Timeline(past=timeline.past, future=timeline.future, limit=self.timeline.limit)
        self._shown = Shown(text, flashing, shown_state)
        self.selected = None
        self._over_announced = False
        settings = state.get("settings", {})
        self.registers_shown = bool(settings.get("registers", False))
        self.history_shown = bool(settings.get("history", False))
        self._message = f"Resumed the saved game at move {len(game.history)}."
        self.redraw()
        return True

    # -- the worker ------------------------------------------------------------------

    def _start_job(self, kind: str, **kw: Any) -> None:
        self._before = self._state()
        self.busy = True
        self._shown = Shown("", state="running")
        self.query_one("#led", TI57Display).shown = self._shown
        self.query_one("#board", SquareBoard).view = self.board_view()
        self._job(self._generation, self.game, kind, kw)

    @work(thread=True, exclusive=True, exit_on_error=False, group="ti57-wolf", description="The TI-57 runs")
    def _job(self, generation: int, game: WolfGame, kind: str, kw: dict[str, Any]) -> None:
        worker = get_current_worker()
        with self._lock:
            if worker.is_cancelled:
                return
            try:
                if kind == "wolf":
                    record = game.wolf_move(kw["key"])
                elif kind == "lamb":
                    record = game.lamb_move(kw["lamb"], kw["key"])
                else:
                    record = game.take_back()
            except Exception as error:
                self.post_message(turn_failed(generation, error, IllegalMove))
                return
        self.post_message(TurnFinished(generation, record))

    def on_turn_failed(self, message: TurnFailed) -> None:
        if message.generation != self._generation:
            return
        self.busy = False
        self._before = None
        self._shown = Shown(self.game.machine.display, self.game.machine.flashing, "stopped")
        self.say(message.text)
        self.redraw()

    def on_turn_finished(self, message: TurnFinished) -> None:
        if message.generation != self._generation:
            return
        self.busy = False
        g = self.game
        record = message.record
        if self._before is not None:
            self.timeline.record(self._before)
            self._before = None
        self._shown = Shown(record.display, record.flashing, "stopped")
        if record.lamb is not None:
            sq = g.board.lambs[record.lamb - 1]
            self._message = (
                f"{record.lamb} SBR {record.key}: the TI-57 shows the step {record.display}; "
                f"RCL {record.lamb} would show {square_text(sq)}."
            )
            self.selected = None
        elif record.flashing:
            lamb = next((k for k, s in enumerate(g.board.lambs, start=1) if s == g.board.wolf), None)
            self._message = (
                f"SBR {record.key} put the wolf on lamb {lamb}: GTO 8 finds no label, the display "
                f"flashes, R7 keeps {record.display}."
            )
        else:
            self._message = f"SBR {record.key}: the wolf is on {record.display}."
        self.redraw()
        self.save_game()
        result = g.result()
        if result is not None and not self._over_announced:
            self._over_announced = True
            self.app.clear_notifications()
            verdict = f"The {result.winner.value} win{'s' if result.winner is Side.WOLF else ''}: {result.reason}."

            def after(answer: str | None) -> None:
                if answer == "new":
                    self.action_new_game()
                elif answer == "launcher":
                    self.app.action_launcher()

            self.app.push_screen(GameOverDialog(f"Game over. {verdict}"), after)

    def palette_commands(self) -> list[tuple[str, str, Callable[[], Any]]]:
        return [
            ("Wolf: new game", "A new coin toss", self.action_new_game),
            ("Wolf: toggle purist", "Switch the referee off or on", self.action_toggle_purist),
            ("Wolf: undo", "Take back the last move (whole snapshots)", self.action_undo),
            ("Wolf: redo", "Play again what was undone", self.action_redo),
            ("Wolf: pause", "Hide the board", self.action_pause),
            ("Wolf: toggle move history", "Every move: squares and TI-57 keys", self.action_toggle_history),
            ("Wolf: export moves", "Write the moves and every key as text", self.action_export_history),
            ("TI-57: toggle registers", "R0-R7 and what they hold", self.action_toggle_registers),
        ]


def _add(square: tuple[int, int], step: tuple[int, int]) -> tuple[int, int]:
    return square[0] + step[0], square[1] + step[1]
