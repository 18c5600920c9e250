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
"""

from __future__ import annotations

import random
import threading
from pathlib import Path
from typing import Any, Callable

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Footer, Header
from textual.worker import get_current_worker

from arcade.messages import TurnFailed, TurnFinished
from arcade.ti57_duel.widgets import (
    BoardClicked,
    GridView,
    KeyLog,
    RegisterPanel,
    Shown,
    SquareBoard,
    TI57Display,
    key_lines,
    Words,
    update_if_changed,
)
from arcade.widgets.dialogs import GameOverDialog
from games.ti57_wolf import LAMB_MOVES, OPPOSITE, WOLF_MOVES, IllegalMove, Side, WolfGame
from games.ti57_wolf.referee import on_board

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


def square_text(sq: tuple[int, int]) -> str:
    return f"{sq[0]}.{sq[1]}"


def coin_toss() -> Side:
    """Heads the wolf starts, tails the lambs: the article's "pile ou face"."""
    return random.choice((Side.WOLF, Side.LAMBS))


class TI57WolfScreen(Screen[None]):
    """The 8x8 board on the left; the TI-57 (display, keys typed, registers) on the right."""

    GAME_ID = "ti57-wolf"
    CSS_PATH = Path(__file__).parent / "screen.tcss"  # absolute: subclasses live elsewhere
    TITLE = "Wolf and lambs on the TI-57"

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
        Binding("left", "diagonal('nw')", "Selected lamb ↖", show=False, id="wolf.lamb-left"),
        Binding("right", "diagonal('ne')", "Selected lamb ↗", show=False, id="wolf.lamb-right"),
        Binding("tab", "next_lamb(1)", "Next lamb", id="wolf.next-lamb"),
        Binding("shift+tab", "next_lamb(-1)", "Previous lamb", show=False, id="wolf.previous-lamb"),
        Binding("t", "take_back", "Take back", id="wolf.take-back"),
        Binding("p", "toggle_purist", "Purist", id="wolf.toggle-purist"),
        Binding("i", "toggle_registers", "Registers", id="ti57.toggle-registers"),
        Binding("g", "new_game", "New game", id="wolf.new-game"),
        Binding("escape,backspace", "app.launcher", "Back", id="arcade.back"),
    ]

    busy: reactive[bool] = reactive(False)
    registers_shown: reactive[bool] = reactive(False)
    selected: reactive[int | None] = reactive(None)

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
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one("#board", SquareBoard).boxed = True
        self.query_one("#led", TI57Display).blink = self.blink
        self._message = self._toss_words()
        self.redraw()

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
        off = [f"{'W' if i == 0 else i} {square_text(sq)}" for i, sq in enumerate((g.board.wolf, *g.board.lambs)) if not on_board(sq)]
        if off:
            t.append("Off the board: " + ", ".join(off) + "\n")
        t.append("Referee ", "")
        t.append("off (purist)" if not g.referee_enabled else "on", "bold")
        t.append("  p: toggle")
        return t

    def status_text(self) -> Text:
        g = self.game
        t = Text(no_wrap=True, overflow="ellipsis", end="")
        w = g.board.wolf
        t.append(f"W {square_text(w)}  ", "bold")
        t.append("  ".join(f"{k}:{square_text(s)}" for k, s in enumerate(g.board.lambs, start=1)))
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
        panel.display = self.registers_shown
        log.display = not self.registers_shown
        if self.registers_shown:
            panel.show(g.machine.view(), REGISTERS)
        else:
            log.lines = tuple(key_lines(g.keys))
        self._refresh_footer()

    def _refresh_footer(self) -> None:
        """Refresh the footer only when the keys on offer change (it is costly to redraw)."""
        g = self.game
        signature = g.collision is not None
        if signature != getattr(self, "_footer_signature", None):
            self._footer_signature = signature
            self.refresh_bindings()

    def say(self, text: str) -> None:
        self._message = text
        update_if_changed(self.query_one("#message", Words), text)

    # -- actions ---------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        g = self.game
        if action == "take_back":
            return g.collision is not None
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
                g.referee.wolf_target(key)
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
                g.referee.lamb_target(k, key)
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
        g.referee_enabled = not g.referee_enabled
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
        self._shown = Shown(self.game.machine.display)
        self._over_announced = False
        self._message = "New game. " + self._toss_words()
        self.redraw()

    # -- the worker ------------------------------------------------------------------

    def _start_job(self, kind: str, **kw: Any) -> None:
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
            except IllegalMove as refused:
                self.post_message(TurnFailed(generation, f"Refused: {refused}."))
                return
            except Exception as error:  # the machine disagreeing with the referee: a bug, shown
                self.post_message(TurnFailed(generation, f"{type(error).__name__}: {error}"))
                return
        self.post_message(TurnFinished(generation, record))

    def on_turn_failed(self, message: TurnFailed) -> None:
        if message.generation != self._generation:
            return
        self.busy = False
        self._shown = Shown(self.game.machine.display, self.game.machine.flashing, "stopped")
        self.say(message.text)
        self.redraw()

    def on_turn_finished(self, message: TurnFinished) -> None:
        if message.generation != self._generation:
            return
        self.busy = False
        g = self.game
        record = message.record
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
            ("TI-57: toggle registers", "R0-R7 and what they hold", self.action_toggle_registers),
        ]


def _add(square: tuple[int, int], step: tuple[int, int]) -> tuple[int, int]:
    return square[0] + step[0], square[1] + step[1]
