"""Machine against machine: the HP-67 program plays Lazard's BASIC Othello on the CPC.

The series runs at a machine host's table (``games/othello/match_table.py``), in a
process of its own; the host sends ``MatchMoves``: the moves since its last news (copies of
the match referee's board after each) and the HP-67's display and the CPC's screen after the
last, which the screen posts to itself in a ``MatchMoved``, so no widget ever reads a driver.
Both machines play as fast as the emulators go; the host waits a little between moves
(``s``: watch or instant) so a person can follow, and sends each.  At instant speed the
machines play dozens of moves a second, more than anyone follows: the host sends them
together, twelve times a second, and the screen draws each batch once: every move in the move
list, the last on the board.  At their real speeds the HP-67 would take 20 minutes or more a
move, the CPC 6.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.screen import ModalScreen, Screen
from textual.widgets import Header, Static

from arcade.runtime.link import TableLink, TableNews
from arcade.screens.arcade_app import back_to_launcher
from arcade.screens.match.players import HP67_LABEL
from arcade.screens.tall_terminal import ROOMY_BREAKPOINTS
from arcade.widgets.board import GLYPH, BoardView, OthelloBoard
from arcade.widgets.cpc_screen import CpcScreen
from arcade.widgets.footer import KeysFooter
from arcade.widgets.led import LedDisplay
from arcade.widgets.tail import TailLog
from games.host.news import Answer, HostGone, Note
from games.othello.match import GameResult, results_table
from games.othello.match_table import MatchMove, MatchMoves
from games.othello.referee import Disc, Position

WATCH_DELAY = 0.4  # seconds between two moves when watching
MAX_GAMES = 20


@dataclass
class MatchMoved(Message):
    """Moves of the match were played and checked: the host's ``MatchMoves``, copies of what to show."""

    generation: int
    moves: MatchMoves


@dataclass
class SeriesFinished(Message):
    generation: int
    results: list[GameResult]


@dataclass
class SeriesFailed(Message):
    generation: int
    text: str


class ResultsDialog(ModalScreen[str | None]):
    """The results table of a series."""

    DEFAULT_CSS = """
    ResultsDialog { align: center middle; background: $background 60%; }
    ResultsDialog > Vertical { width: 72; height: auto; padding: 1 2; border: thick $accent; background: $surface; }
    ResultsDialog #table { margin-bottom: 1; }
    """

    BINDINGS = [
        Binding("escape,enter,backspace", "dismiss('')", "Close", id="results.close"),
        Binding("n", "dismiss('new')", "New series", id="results.new"),
    ]

    def __init__(self, table: str, heading: str = "") -> None:
        super().__init__()
        self.table = table
        self.heading = heading

    def compose(self) -> ComposeResult:
        with Vertical():
            if self.heading:
                yield Static(Text(self.heading, "bold"), id="heading")
            yield Static(Text(self.table, no_wrap=True), id="table")
            yield Static("n: a new series    Enter or Esc: back to the board")


def finished_games(moves: list[MatchMove]) -> list[GameResult]:
    """The results of the games played to their end among ``moves`` (a stopped series)."""
    return [
        GameResult(m.game_number, m.black, m.white, m.score[0], m.score[1], m.turn) for m in moves if m.over
    ]


class MatchScreen(Screen[None]):
    """Board, move list and result on the left; the HP-67's display above the CPC's screen on the right."""

    GAME_ID = "match"  # its catalog entry, once the launcher has room for it (arcade.screens.match.app shows the help itself)
    CSS_PATH = str(Path(__file__).with_name("screen.tcss"))  # absolute: subclasses elsewhere keep it
    TITLE = "HP-67 against CPC"
    VERTICAL_BREAKPOINTS = ROOMY_BREAKPOINTS  # roomy: the match in the middle (screen.tcss)

    BINDINGS = [
        Binding("enter,n", "new_series", "Start", id="match.start"),
        Binding("plus,equals_sign", "games(1)", "More games", key_display="+", id="match.more-games"),
        Binding("minus", "games(-1)", "Fewer", key_display="-", id="match.fewer-games"),
        # p pauses a running series and lets a paused one go on: two bindings, so that
        # the footer says which (check_action offers the one that applies)
        Binding("p", "pause", "Pause", id="match.pause"),
        Binding("p", "go_on", "Go on", id="match.go-on"),
        Binding("s", "toggle_speed", "Speed", id="match.toggle-speed"),
        # Back stops a running series and shows the games finished so far; with none running, it leaves.
        Binding("escape,backspace", "back", "Back", id="arcade.back"),
    ]

    running: reactive[bool] = reactive(False, bindings=True)
    instant: reactive[bool] = reactive(False)
    paused: reactive[bool] = reactive(False, bindings=True)

    def __init__(self, games: int = 2, first: str = "hp67", *, autostart: bool = False, instant: bool = False) -> None:
        super().__init__()
        self.games = games
        self.first = first
        self.autostart = autostart
        self.set_reactive(MatchScreen.instant, instant)
        self.pause_after: int | None = None  # pause the series after this many moves (screenshots, demos)
        self._generation = 0
        self.table = TableLink(self, "match")
        self.results: list[GameResult] = []
        self.moves: list[MatchMove] = []  # the series' moves so far, as the host sent them
        self.stopped = False  # Back stopped the series before its end
        self._current = ""

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="match"):
            with Vertical(id="left"):
                yield OthelloBoard(id="board")
                yield Static(id="status")
                yield TailLog(id="moves", max_lines=2000)
            with Vertical(id="machines"):
                yield LedDisplay(id="led")
                yield CpcScreen(id="cpc")
        yield KeysFooter(compact=True)

    def on_mount(self) -> None:
        self.sub_title = "Verniajou (HP-67) vs Lazard (CPC 6128)"  # whole in an 80-column header
        board = self.query_one("#board", OthelloBoard)
        board.compact = True
        board.show_legal = False
        board.can_focus = False
        self.query_one("#led", LedDisplay).border_title = "HP-67"
        self.query_one("#board", OthelloBoard).view = BoardView(cells=tuple(Position.initial().at(sq) for sq in range(64)))
        self._show_status()
        if self.autostart:
            self.call_after_refresh(self.action_new_series)

    # -- what is shown -----------------------------------------------------------------

    def _show_status(self, moved: MatchMove | None = None) -> None:
        t = Text(no_wrap=True, overflow="ellipsis")
        if self.paused:
            t.append("[paused] ", "bold reverse")
        if moved is None:
            if self.running:
                t.append("The machines set up their boards...")
            elif self.results or self.stopped:
                n = len(self.results)
                state = "stopped" if self.stopped else "over"
                t.append(f"Series {state}: {n} game{'s' * (n != 1)} finished.\n", "bold")
                t.append("Enter/n: another series")
            else:
                t.append(f"A series of {self.games} game{'s' * (self.games > 1)}, colours alternating.\n", "bold")
                t.append("Enter: start   + / -: games")
        else:
            black, white = moved.score
            t.append(f"Game {moved.game_number} of {self.games}  ", "bold")
            t.append(f"{GLYPH[Disc.BLACK]} {black:>2} {GLYPH[Disc.WHITE]} {white:>2}\n", "bold")
            if moved.over:
                winner = "a draw" if black == white else (moved.black if black > white else moved.white)
                t.append(f"Over: {winner}" + (" wins" if black != white else ""), "bold reverse")
            else:
                t.append(f"{GLYPH[Disc.BLACK]} {moved.black}  {GLYPH[Disc.WHITE]} {moved.white}")
        self.query_one("#status", Static).update(t, layout=False)  # two lines, always (the CSS's height)

    # -- actions -------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The same keys before, during and between series (``running`` and ``paused`` refresh
        the bindings when they change): Start and the number of games dimmed while a series runs,
        Pause dimmed before; p is Pause or Go on, the other hidden."""
        if action in ("games", "new_series"):
            return None if self.running else True
        if action == "pause":
            return False if self.paused and self.running else (True if self.running else None)
        if action == "go_on":
            return self.running and self.paused
        return True

    def action_games(self, delta: int) -> None:
        self.games = max(1, min(MAX_GAMES, self.games + delta))
        self._show_status()

    def action_toggle_speed(self) -> None:
        self.instant = not self.instant
        self.notify("Instant: as fast as the emulators go." if self.instant else f"Watching: {WATCH_DELAY} s between moves.",
                    markup=False)

    def action_go_on(self) -> None:
        self.action_pause()

    def action_pause(self) -> None:
        self.paused = not self.paused
        self._show_status(self.moves[-1] if self.moves else None)

    def watch_paused(self, paused: bool) -> None:
        self.table.pace(paused=paused)

    def watch_instant(self, instant: bool) -> None:
        self.table.pace(instant=instant)

    def action_back(self) -> None:
        if not self.running:
            back_to_launcher(self.app)
            return
        self._generation += 1  # the series stops at its next move; its news is no longer read
        self.table.forget()
        self.stopped = True
        self.running = False
        self.paused = False
        self.results = finished_games(self.moves)
        playing = self.moves[-1].game_number if self.moves and not self.moves[-1].over else None
        heading = f"Stopped during game {playing} of {self.games}." if playing else "Stopped."
        heading += f" {len(self.results)} game{'s' * (len(self.results) != 1)} finished."
        self._show_status()
        self.app.push_screen(ResultsDialog(results_table(self.results), heading), self._after_results)

    def _after_results(self, answer: str | None) -> None:
        if answer == "new":
            self.action_new_series()

    def action_new_series(self) -> None:
        self.stopped = False
        self._generation += 1
        self.results = []
        self.moves = []
        self.paused = False
        self.table.forget()
        self.query_one("#moves", TailLog).clear()
        self.running = True
        self._show_status()
        self.table.pace(paused=False, instant=self.instant)
        self.table.request("series", "series", self.games, self.first, WATCH_DELAY, self.pause_after)

    def on_unmount(self) -> None:
        self._generation += 1
        self.table.close()

    # -- the table's news ------------------------------------------------------------------

    def on_table_news(self, message: TableNews) -> None:
        """The host's news as the screen's own messages: a move, the series' end, a fault."""
        news = message.news
        if isinstance(news, Note) and self.table.is_current(news) and isinstance(news.payload, MatchMoves):
            self.post_message(MatchMoved(self._generation, news.payload))
        elif isinstance(news, Answer):
            if not self.table.ended(news):
                return
            if news.done:
                self.post_message(SeriesFinished(self._generation, news.result))
            elif news.outcome != "stopped":
                self.post_message(SeriesFailed(self._generation, f"{news.error or 'Refused'}: {news.text}"))
        elif isinstance(news, HostGone) and self.running:
            self.post_message(SeriesFailed(self._generation, f"The machines stopped working (status {news.exitcode})."))

    # -- the worker's news ---------------------------------------------------------------------

    def on_match_moved(self, message: MatchMoved) -> None:
        """Moves of the series: each in the move list, the last on the board and the machines' screens."""
        if message.generation != self._generation or not message.moves.moves:
            return
        batch = message.moves
        before = len(self.moves)
        self.moves.extend(batch.moves)
        if self.pause_after is not None and before < self.pause_after <= len(self.moves):
            self.paused = True  # the host holds there already
        lines: list[Text] = []
        for move in batch.moves:
            lines += self._listed(move)
        self.query_one("#moves", TailLog).write_lines(lines)
        self.show_move(batch.moves[-1], batch)

    def show_move(self, move: MatchMove, machines: MatchMoves) -> None:
        """The board and the status as after ``move``; the HP-67's display and the CPC's screen as ``machines``'."""
        record = move.record
        board = self.query_one("#board", OthelloBoard)
        board.view = BoardView(
            cells=move.cells,
            last=record.square,
            flipped=frozenset(record.flipped),
            col_labels=tuple("abcdefgh"),
        )
        self.query_one("#led", LedDisplay).text = machines.led
        self.query_one("#cpc", CpcScreen).view = machines.cpc
        self._show_status(move)

    @staticmethod
    def _listed(move: MatchMove) -> list[Text]:
        """``move``'s lines in the move list (and its game's first and last)."""
        record = move.record
        lines = []
        if move.turn == 1:
            lines.append(Text(f"-- game {move.game_number}: {GLYPH[Disc.BLACK]} {move.black}", "italic"))
        where = "pass" if record.square is None else record.standard_notation
        who = "HP-67" if move.mover == HP67_LABEL else "CPC"
        lines.append(Text(f"{move.turn:>2} {GLYPH[record.player]} {who:<5} {where:<4} {record.machine_notation}"))
        if move.over:
            black, white = move.score
            lines.append(Text(f"-- game {move.game_number} over: {GLYPH[Disc.BLACK]} {black}-{white} {GLYPH[Disc.WHITE]}", "bold"))
        return lines

    def on_series_finished(self, message: SeriesFinished) -> None:
        if message.generation != self._generation:
            return
        self.running = False
        self.results = message.results
        self._show_status()
        self.app.push_screen(ResultsDialog(results_table(message.results)), self._after_results)

    def on_series_failed(self, message: SeriesFailed) -> None:
        if message.generation != self._generation:
            return
        self.running = False
        self.query_one("#status", Static).update(Text(message.text, "bold"))
        self.query_one("#moves", TailLog).write_lines([Text(message.text, "bold")])
