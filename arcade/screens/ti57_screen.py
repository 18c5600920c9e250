"""``TI57Screen``: the one layout of a TI-57 game (the blind duel, the wolf and the lambs).

Both games put the board the calculator never had beside the TI-57 that runs the game::

    TitleHeader  (arcade/widgets/header.py: a new title repaints, no layout)
    #game  ┌ #left ──────────────┐┌ #right ─────────────────────────────┐
           │ #board  SquareBoard ││ #led        TI57Display (the LED)   │
           │ #status Words       ││ #info       Words (whose turn, ...) │
           │ (#message)          ││ (#message)  Words: what ``say`` said│
           │                     ││ #registers  RegisterPanel R0-R7     │
           │                     ││ #keylog     KeyLog: keys typed      │
           │                     ││ #history    MoveHistory             │
           └─────────────────────┘└─────────────────────────────────────┘
    #paused  shown instead of #game while paused (nothing of the game shows)
    Footer       KeysFooter: the keys on offer, changed in place (arcade/widgets/footer.py)

A TI-57 game fills in (the rest is ``GameScreen``'s: the host's table, pause, saves, export)::

    MESSAGE_BESIDE   "board" or "machine": the column ``#message`` stands in
    PAUSED_TEXT      what the paused screen says
    CSS_PATH         [TI57_CSS, its own .tcss]: its widths and heights, every rule scoped by
                     its screen's class (Textual reads a screen's .tcss for the whole app: a
                     bare ``#left`` of one game reached the other once both had been open)
    frame()          a ``TI57Frame``: all the layout shows now, drawn from the session's view
    _shown           what the LED shows (``Shown``), kept as the host's pictures report it

and gets ``redraw()`` (the frame drawn: unchanged text is not repainted, new text repaints
without a new layout; only a panel shown or hidden lays out), ``wipe()`` (every widget
emptied: before a curtain nothing private stays), ``registers_shown`` / ``history_shown``
with ``i`` (``TOGGLE_REGISTERS``), and ``wait_if_running()``.  A new TI-57 game is a session
(``games/<game>/session.py``), a render module of pure functions from its view, this
screen's subclass with its bindings, a .tcss of a few lines, and the parts the subclass holds
(composition, not mixins): its keys (``keys.py`` in both games), its saves, and the workshop
(``arcade/screens/room/ti57_workshop.py``: ``W``, its program in the TI-57 room).  ``led`` is what
the LED shows; ``back_to_launcher()`` the arcade's list of games.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, ClassVar, Literal, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.reactive import reactive
from textual.widgets import Static

from arcade.screens.game_screen import GameScreen
from arcade.widgets.blank import Column, Row
from arcade.widgets.footer import KeysFooter
from arcade.widgets.header import TitleHeader
from arcade.widgets.grid import GridView, SquareBoard
from arcade.widgets.history import HistoryRow, MoveHistory
from arcade.widgets.ti57 import KeyLog, RegisterPanel, Shown, TI57Display, key_lines, register_text
from arcade.widgets.words import Words

TI57_CSS = Path(__file__).with_name("ti57_screen.tcss")
"""The layout's shared styles; a game's ``CSS_PATH`` lists it before its own .tcss."""

TOGGLE_REGISTERS = Binding("i", "toggle_registers", "Registers", id="ti57.toggle-registers")
"""``i`` in both games (placed in each game's table: the order is the footer's)."""


@dataclass(frozen=True)
class TI57Frame:
    """Everything the TI-57 layout shows at one moment (the LED apart: ``_shown``)."""

    sub_title: str  # the title bar: public words only
    board: GridView
    info: Text | str  # beside the LED: whose turn, what to press
    status: Text | str  # under the board
    calculator: Any  # the view the TI-57's panels read: registers, pc, steps, keys
    meanings: Sequence[str]  # what R0-R7 hold in this program
    hidden: tuple[int, ...] = ()  # registers that read "(hidden)"
    registers: bool = False  # the register panel shown
    keylog: bool = False  # the keys typed shown
    registers_in_log: bool = False
    """The registers shown in the key log's box, the keys not (a terminal too short for both):
    ``i`` then changes what the box holds, and nothing is laid out again."""
    history: tuple[list[HistoryRow], str] | None = None  # the move history's rows and first line, if shown


class TI57Screen(GameScreen):
    """The board on the left, the TI-57 on the right; a game fills in ``frame()``."""

    MACHINE = "TI-57"
    MESSAGE_BESIDE: ClassVar[Literal["board", "machine"]] = "machine"
    PAUSED_TEXT: ClassVar[str] = "Paused: the board and the TI-57 are hidden.\n\nPress p to go on."

    registers_shown: reactive[bool] = reactive(False, repaint=False)
    history_shown: reactive[bool] = reactive(False, repaint=False)

    def __init__(self, *, blink: bool = True) -> None:
        super().__init__()
        self.blink = blink  # a flashing display really blinks (off for screenshots and tests)
        self._shown = Shown("0")
        self._registers_drawn = False  # the registers are on screen (the panel, or the key log's box)

    def compose(self) -> ComposeResult:
        yield TitleHeader()
        with Row(id="game"):
            with Column(id="left"):
                yield SquareBoard(id="board")
                yield Words(id="status")
                if self.MESSAGE_BESIDE == "board":
                    yield Words(id="message")
            with Column(id="right"):
                yield TI57Display(id="led")
                yield Words(id="info")
                if self.MESSAGE_BESIDE == "machine":
                    yield Words(id="message")
                yield RegisterPanel(id="registers")
                yield KeyLog(id="keylog")
                yield MoveHistory(id="history")
        yield Static(self.PAUSED_TEXT, id="paused")
        yield KeysFooter(compact=True)

    def on_mount(self) -> None:
        self.query_one("#led", TI57Display).blink = self.blink

    def frame(self) -> TI57Frame:
        """What the layout shows now (a game draws it from its session's view)."""
        raise NotImplementedError

    def redraw(self) -> None:
        """The frame drawn into the widgets, the LED, and the footer if its keys changed."""
        f = self.frame()
        self.sub_title = f.sub_title
        self.query_one("#board", SquareBoard).view = f.board
        self.query_one("#info", Words).content = f.info
        self.query_one("#led", TI57Display).shown = self._shown
        self.query_one("#status", Words).content = f.status
        self.show_message(self.message)
        self._draw_panels(f)
        self.refresh_footer()

    def _draw_panels(self, f: TI57Frame) -> None:
        """The register panel, the key log and the move history as ``f`` has them: all ``i`` and
        ``h`` change (a whole redraw at each ``i`` took 0.4-1 ms of the key's way)."""
        self._registers_drawn = f.registers or f.registers_in_log
        panel = self.query_one("#registers", RegisterPanel)
        in_log = f.registers_in_log
        log_shown = f.keylog or in_log
        # hidden, the panel keeps its room unless a panel below needs it
        panel.display = (f.registers and not in_log) or not (log_shown or f.history is not None)
        panel.show(f.calculator if f.registers and not in_log else None, f.meanings, f.hidden)  # shown or hidden: a repaint
        log = self.query_one("#keylog", KeyLog)
        log.display = log_shown
        log.lines = tuple(key_lines(f.calculator.keys)) if log_shown else ()
        log.show_registers(register_text(f.calculator, f.meanings, f.hidden) if in_log else None)
        history = self.query_one("#history", MoveHistory)
        history.display = f.history is not None
        history.show(*(f.history or ([], "")))  # a hidden history holds nothing

    def wipe(self) -> None:
        """Empty every widget that could hold something private (before a curtain goes up)."""
        self.app.clear_notifications()
        self._message = ""
        board = self.query_one("#board", SquareBoard)
        board.view = GridView(board.view.columns, board.view.rows)  # the same size, nothing on it
        for name in ("#info", "#status", "#message"):
            self.query_one(name, Words).content = ""
        self.query_one("#registers", RegisterPanel).forget()
        self._registers_drawn = False
        log = self.query_one("#keylog", KeyLog)
        log.lines = ()
        log.show_registers(None)
        self.query_one("#led", TI57Display).shown = Shown("")
        self.query_one("#history", MoveHistory).show([], "")

    def wait_if_running(self) -> bool:
        """While the TI-57 runs a key waits: say so (True); False when the TI-57 is free."""
        if self.busy:
            self.say("Wait: the TI-57 is running.")
        return self.busy

    def action_toggle_registers(self) -> None:
        """Show the registers if they are not on screen, hide them if they are: what the player sees
        decides, not ``registers_shown`` (a curtain's wipe takes them off the screen)."""
        self.registers_shown = not self._registers_drawn
        self._draw_panels(self.frame())

    def action_toggle_history(self) -> None:
        self.history_shown = not self.history_shown
        self._draw_panels(self.frame())

    def registers_command(self) -> tuple[str, str, Callable[[], Any]]:
        """The command palette's entry for ``i``."""
        return ("TI-57: toggle registers", "R0-R7 and what they hold", self.action_toggle_registers)

    def back_to_launcher(self) -> None:
        """The arcade's list of games (an app that has none, a test's own, stays where it is)."""
        launcher = getattr(self.app, "action_launcher", None)
        if callable(launcher):
            launcher()

    @property
    def led(self) -> Shown:
        """What the LED shows, drawn at the next ``redraw`` (a game's parts set it as the table reports)."""
        return self._shown

    @led.setter
    def led(self, shown: Shown) -> None:
        self._shown = shown
