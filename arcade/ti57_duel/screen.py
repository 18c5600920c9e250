"""The blind duel: two humans, one keyboard, one TI-57 that alone knows both squares.

The screen shows one player at a time, and only what that player may know (their
own square, the direction the opponent last moved, the moves left, the TI-57's
display).  Between any two players a full, opaque hand-off screen covers everything:
before it goes up the notifications are cleared and the private widgets are wiped,
so nothing of the other player is left on screen, in a background screen or in the
title.  The key log (which would give the start squares away) stays hidden until the
game is over.

All work on the driver happens in one thread worker at a time; the worker only
posts messages.  A move is instant for the emulator; the worker then paces the
TI-57's Pause (about ¾ s) and the stop, so the players see the display as on the
machine while the UI keeps running.

Issue 8 in a hidden-move game: the save (after every turn and on quit) holds the
whole TI-57 and the driver, but a resumed duel always opens on the hand-off screen,
and the launcher's summary only says what both players may know.  Undo is offered
on the hand-off that follows a move, to the player who made it, until Enter lifts
that curtain; there is no redo.  Pause (p) wipes the private view and puts the
hand-off back before it returns.  The move history and key log are shown, and
exported, only once the game is over.
"""

from __future__ import annotations

import threading
import time
from datetime import datetime, timezone
from pathlib import Path
from dataclasses import dataclass
from typing import Any, Callable

from rich.text import Text
from textual.color import Color
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Header, Static
from textual.worker import get_current_worker

from arcade.gamesave import ResumeDialog, set_aside_unusable, write_save
from arcade.messages import TurnFailed, TurnFinished
from arcade.ti57_common import TI57GameScreen, turn_failed
from arcade.widgets.history import HistoryRow, MoveHistory
from arcade.widgets.grid import BoardClicked, GridView, SquareBoard
from arcade.widgets.ti57 import PAUSE_SECONDS, KeyLog, RegisterPanel, Shown, TI57Display, key_lines
from arcade.widgets.words import Words, update_if_changed
from games.ti57_duel import DELTAS, DuelGame, DuelStatus, IllegalMove, Turn

SIZE = 10
COLUMNS = tuple(range(SIZE))
ROWS = tuple(range(SIZE - 1, -1, -1))  # row 9 (north) at the top
ARROW = {1: "↗", 2: "→", 3: "↘", 4: "↓", 5: "↙", 6: "←", 7: "↖", 8: "↑"}
NAME = {1: "NE", 2: "E", 3: "SE", 4: "S", 5: "SW", 6: "W", 7: "NW", 8: "N"}
DEFAULT_MOVES = 20
DEFAULT_EXTENSION = 10  # the article: "10 STO 0 par exemple, ce qui donnera 10 coups de plus"

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


def square_text(sq: tuple[int, int]) -> str:
    """The program's notation: column + row / 10, shown in Fix 1."""
    return f"{sq[0]}.{sq[1]}"


def history_rows(turns: list[Turn]) -> list[HistoryRow]:
    """One row per move (for a finished game only): who, the direction and the square the Pause showed, the keys."""
    rows = []
    for n, t in enumerate(turns, 1):
        where = f"{ARROW[t.direction]} {NAME[t.direction]} to {t.displays[0]}" if t.displays else f"{ARROW[t.direction]} {NAME[t.direction]}"
        shown = " then ".join(t.displays) + (" flashing" if t.flashing else "")
        rows.append(HistoryRow(n, f"Player {t.player}", where, " ".join(t.keys), f"shows {shown}"))
    return rows


def history_text(game: DuelGame, title: str) -> str:
    """A finished duel as plain text: the set-up, every move, every key to replay it on a TI-57."""
    s1, s2 = game.square_of(1), game.square_of(2)
    lines = [
        f"# {title}",
        "# machine: TI-57, program by J. Deconchat (L'Ordinateur de poche)",
        f"# move limit {game.moves}, both players together",
        f"# written {datetime.now(timezone.utc).isoformat(timespec='seconds')}",
        "",
        f"{'n':>3}  {'who':<9} {'move':<14} {'TI-57 keys':<10} display",
    ]
    for row in history_rows(game.turns):
        lines.append(f"{row.number:>3}  {row.who:<9} {row.standard:<14} {row.machine:<10} {row.keys}".rstrip())
    lines += ["", "Every key, in order, to replay the duel on a TI-57 (start squares included):"]
    lines += [f"  {line}" for line in key_lines(game.keys)]
    lines.append("")
    if game.status is DuelStatus.CAPTURE:
        lines.append(f"Player {game.winner} captured Player {3 - (game.winner or 1)} on {square_text(s1)}.")
    else:
        lines.append(f"A draw: Player 1 on {square_text(s1)}, Player 2 on {square_text(s2)}.")
    return "\n".join(lines) + "\n"


@dataclass
class DisplayShown(Message):
    """The worker, pacing a move: the TI-57 now shows ``shown``."""

    generation: int
    shown: Shown


class HandOff(Screen[str | None]):
    """The curtain between two players: opaque, public words only, Enter alone lifts it."""

    GAME_ID = "ti57-duel"  # ? shows the duel's help (public) and this curtain's keys

    DEFAULT_CSS = """
    HandOff { align: center middle; background: $background; }
    HandOff > Static {
        width: 60; height: auto; padding: 1 2; border: thick $accent; text-align: center;
    }
    """

    BINDINGS = [
        Binding("enter", "reveal", "Show my view", id="duel.handoff-reveal"),
        Binding("u,ctrl+z", "undo", "Take my move back", id="duel.undo"),
        Binding("escape,backspace", "app.launcher", "Back", id="arcade.back"),
    ]

    def __init__(self, player: int, text: str, undo_for: int | None = None) -> None:
        super().__init__()
        self.player = player
        self.text = text
        self.undo_for = undo_for
        """The player who just moved and may take it back, until Enter; None: no undo here."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            return self.undo_for is not None
        return True

    def action_undo(self) -> None:
        if self.undo_for is not None:
            self.dismiss("undo")

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(self.text, id="handoff-text")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.title = "Blind duel on the TI-57"
        self.sub_title = f"hand-off to Player {self.player}"

    def action_reveal(self) -> None:
        self.dismiss(None)


class DuelResumeDialog(ResumeDialog):
    """The resume question, opaque like every curtain of the duel (a default modal shows the board through)."""

    def on_mount(self) -> None:
        # inline, so that no rule of the see-through Question can win over it
        self.styles.background = Color.parse(self.app.get_css_variables()["background"])


class TI57DuelScreen(TI57GameScreen):
    """Board and words on the left, the TI-57 on the right; one player's view at a time."""

    GAME_ID = "ti57-duel"
    CSS_PATH = Path(__file__).parent / "screen.tcss"  # absolute: subclasses live elsewhere
    TITLE = "Blind duel on the TI-57"

    DEFAULT_CSS = """
    TI57DuelScreen #paused { display: none; height: 1fr; content-align: center middle; text-style: bold; }
    TI57DuelScreen.-paused #game { display: none; }
    TI57DuelScreen.-paused #paused { display: block; }
    TI57DuelScreen #history { display: none; height: 1fr; }
    """

    BINDINGS = [
        Binding("9,u", "direction(1)", "↗ NE (code 1)", show=False, id="duel.ne"),
        Binding("6,right,l", "direction(2)", "→ E (code 2)", show=False, id="duel.e"),
        Binding("3,n", "direction(3)", "↘ SE (code 3)", show=False, id="duel.se"),
        Binding("2,down,j", "direction(4)", "↓ S (code 4)", show=False, id="duel.s"),
        Binding("1,b", "direction(5)", "↙ SW (code 5)", show=False, id="duel.sw"),
        Binding("4,left,h", "direction(6)", "← W (code 6)", show=False, id="duel.w"),
        Binding("7,y", "direction(7)", "↖ NW (code 7)", show=False, id="duel.nw"),
        Binding("8,up,k", "direction(8)", "↑ N (code 8)", show=False, id="duel.n"),
        Binding("enter", "confirm", "OK", id="duel.confirm"),
        Binding("plus,equals_sign", "limit(1)", "+1 move", id="duel.more"),
        Binding("minus", "limit(-1)", "-1 move", id="duel.fewer"),
        Binding("e", "extend", "Extend", id="duel.extend"),
        Binding("x", "reveal", "End: reveal", id="duel.reveal"),
        Binding("g", "new_game", "New duel", id="duel.new-game"),
        Binding("i", "toggle_registers", "Registers", id="ti57.toggle-registers"),
        Binding("s", "toggle_speed", "Speed", id="ti57.toggle-speed"),
        Binding("p", "pause", "Pause", show=False, id="duel.pause"),
        Binding("H", "toggle_history", "Move history (game over)", show=False, key_display="H", id="duel.toggle-history"),
        Binding("w", "export_history", "Export the moves (game over)", show=False, id="duel.export-history"),
        Binding("escape,backspace", "app.launcher", "Back", id="arcade.back"),
    ]

    busy: reactive[bool] = reactive(False)
    phase: reactive[str] = reactive("limit", bindings=True)
    """limit (public) -> setup (private) -> turn (private) -> draw (public) / over (public)."""
    viewer: reactive[int | None] = reactive(None, bindings=True)
    """The player whose private view is on screen; None: nothing private is shown."""
    registers_shown: reactive[bool] = reactive(False)
    instant: reactive[bool] = reactive(False)
    paused: reactive[bool] = reactive(False, bindings=True)
    history_shown: reactive[bool] = reactive(False)

    def __init__(self, *, pause_seconds: float = PAUSE_SECONDS, blink: bool = True) -> None:
        super().__init__()
        self.pause_seconds = pause_seconds
        self.blink = blink
        self.game: DuelGame | None = None
        self.limit = DEFAULT_MOVES
        self.extension = DEFAULT_EXTENSION
        self.cursor: tuple[int, int] = (4, 4)
        self._setup_player = 1
        self._lock = threading.Lock()
        self._generation = 0
        self._shown = Shown("0")
        self._message = ""
        self._resume_for: int | None = None
        self._paused_for: int | None = None  # whose private view the pause wiped
        self._undo: dict[str, Any] | None = None  # the game before the last move, until the hand-off is lifted
        self._save_ready = False  # nothing is saved (nor discarded) until the resume question is answered
        self.exported: Path | None = None

    # -- layout ----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="game"):
            with Vertical(id="left"):
                yield SquareBoard(id="board")
                yield Words(id="status")
                yield Words(id="message")
            with Vertical(id="right"):
                yield TI57Display(id="led")
                yield Words(id="info")
                yield RegisterPanel(id="registers")
                yield KeyLog(id="keylog")
                yield MoveHistory(id="history")
        yield Static("Paused: everything is hidden.\n\nPress p to go on (the hand-off comes first).", id="paused")
        yield Footer(compact=True)

    def on_screen_suspend(self) -> None:
        # Leaving for the launcher (not a help page) must not leave a private view behind.
        if self.viewer is not None and not isinstance(self.app.screen, ModalScreen):
            self._resume_for = self.viewer
            self.wipe()

    def on_screen_resume(self) -> None:
        if self._resume_for is not None:
            player, self._resume_for = self._resume_for, None
            self.hand_off(player, "Back to the duel.")

    def on_mount(self) -> None:
        self.query_one("#led", TI57Display).blink = self.blink
        self.query_one("#registers").display = False
        self.query_one("#keylog").display = False
        self.redraw()
        self.call_after_refresh(self.offer_resume)

    # -- what is on screen -----------------------------------------------------------

    def _public_sub_title(self) -> str:
        g = self.game
        if self.phase == "limit" or g is None:
            return "setting up"
        if self.phase == "setup":
            return f"Player {self._setup_player} chooses a start square"
        if self.phase == "turn":
            return f"Player {g.to_move} to move, {g.moves_left} moves left"
        if self.phase == "draw":
            return "a draw: the moves are used up"
        return f"Player {g.winner} captured" if g.status is DuelStatus.CAPTURE else "game over"

    def board_view(self) -> GridView:
        g = self.game
        pieces: dict[tuple[int, int], tuple[str, str]] = {}
        marks: dict[tuple[int, int], str] = {}
        cursor = None
        if self.phase == "setup" and self.viewer is not None:
            cursor = self.cursor
        elif self.phase == "turn" and g is not None and self.viewer is not None:
            me = g.view_for(self.viewer)
            if me.square is not None:
                pieces[me.square] = (str(self.viewer), "grid--mine")
                if me.to_move and not self.busy:
                    c, r = me.square
                    for d in g.legal_directions(self.viewer):
                        dc, dr = DELTAS[d]
                        marks[(c + dc, r + dr)] = ARROW[d]
        elif self.phase == "over" and g is not None:
            s1, s2 = g.square_of(1), g.square_of(2)
            if s1 == s2:
                pieces[s1] = ("X", "grid--capture")
            else:
                pieces[s1] = ("1", "grid--mine")
                pieces[s2] = ("2", "grid--other")
        return GridView(COLUMNS, ROWS, pieces, marks, cursor=cursor)

    def info_text(self) -> Text:
        g = self.game
        t = Text(no_wrap=True, overflow="ellipsis", end="")
        if self.phase == "limit" or g is None:
            t.append("Blind duel: two players, one TI-57\n", "bold")
            t.append(f"Move limit: {self.limit}", "bold reverse")
            t.append(" (both players together)\n")
            t.append("+ / - change it, Enter to start.\n")
            t.append("Then each player, alone at the\nscreen, picks a secret start square.")
            return t
        if self.phase == "setup" and self.viewer is not None:
            p = self.viewer
            t.append(f"Player {p}: your secret start square\n", "bold reverse")
            t.append(f"Cursor on {square_text(self.cursor)}", "bold")
            t.append(f" (column {self.cursor[0]}, row {self.cursor[1]})\n")
            t.append("Move the cursor, Enter to key it in:\n")
            t.append(f"  {square_text(self.cursor)} STO {p} then CLR\n")
            t.append(f"Move limit {g.moves}, both players.")
            return t
        if self.phase == "turn" and self.viewer is not None:
            me = g.view_for(self.viewer)
            other = 3 - self.viewer
            head = f"Player {self.viewer}: your move" if me.to_move else f"Player {self.viewer}"
            t.append(head + "\n", "bold reverse")
            if me.square is not None:
                t.append("You are on ")
                t.append(square_text(me.square), "bold")
                t.append(f" (column {me.square[0]}, row {me.square[1]})\n")
            if me.opponent_last_direction is None:
                t.append(f"Player {other} has not moved yet\n")
            else:
                d = me.opponent_last_direction
                t.append(f"Player {other} last went ")
                t.append(f"{ARROW[d]} {NAME[d]}", "bold")
                t.append(f" (code {d})\n")
            t.append(f"Moves left: {me.moves_left} (both players)\n")
            if me.own_last_displays:
                t.append("Your last turn showed " + " then ".join(me.own_last_displays))
            return t
        if self.phase == "draw":
            t.append("Draw: the moves are used up\n", "bold reverse")
            t.append("The TI-57 ran past step 49: the last\ndirection flashes.\n")
            t.append(f"Extend by {self.extension} moves", "bold")
            t.append(f" (CLR, {self.extension} STO 0)?\n")
            t.append("+/- change, e extend, x end & reveal")
            return t
        # over: everything may be known
        s1, s2 = g.square_of(1), g.square_of(2)
        if g.status is DuelStatus.CAPTURE:
            t.append(f"Player {g.winner} captured Player {3 - (g.winner or 1)}!\n", "bold reverse")
            t.append(f"Both on {square_text(s1)}: 1/x of 0 flashed 9.9 99\n")
        else:
            t.append("Game over: a draw\n", "bold reverse")
            t.append("No capture before the moves ran out\n")
        t.append(f"Player 1 on {square_text(s1)}, Player 2 on {square_text(s2)}\n")
        t.append(f"{len(g.turns)} moves played. g: new duel")
        return t

    def status_text(self) -> Text:
        t = Text(no_wrap=True, overflow="ellipsis", end="")
        if self.phase in ("setup", "turn") and self.viewer is not None:
            t.append("7 8 9  ↖ ↑ ↗   arrows, y u b n\n4   6  ←   →   " + ("Enter: place here" if self.phase == "setup" else "i: registers"))
            t.append("\n1 2 3  ↙ ↓ ↘   ")
            t.append("s: speed " + ("instant" if self.instant else "real pause"))
        return t

    def redraw(self) -> None:
        """Everything from the model, for the current phase and viewer."""
        self.sub_title = self._public_sub_title()
        self.query_one("#board", SquareBoard).view = self.board_view()
        update_if_changed(self.query_one("#info", Words), self.info_text())
        update_if_changed(self.query_one("#status", Words), self.status_text())
        update_if_changed(self.query_one("#message", Words), self._message)
        self.query_one("#led", TI57Display).shown = self._shown
        self._show_side_panels()
        self._refresh_footer()

    def _show_side_panels(self) -> None:
        g = self.game
        panel = self.query_one("#registers", RegisterPanel)
        log = self.query_one("#keylog", KeyLog)
        private = self.phase in ("setup", "turn")
        if private and self.viewer is None:
            panel.display = log.display = False
            return
        over = self.phase == "over"
        panel.display = self.registers_shown and g is not None
        if panel.display and g is not None:
            hidden = () if over else ((2 if self.viewer == 1 else 1),) if self.viewer else (1, 2)
            panel.show(g.machine.view(), REGISTERS, hidden)
        history = self.query_one("#history", MoveHistory)
        history.display = over and self.history_shown and not self.registers_shown
        log.display = over and not self.registers_shown and not self.history_shown
        if log.display and g is not None:
            log.lines = tuple(key_lines(g.keys))
        if history.display and g is not None:
            history.show(history_rows(g.turns), "Keys: " + " ".join(key_lines(g.keys[: self._setup_key_count(g)])))
        elif history.rows or history.header:
            history.show([], "")  # nothing of a game in progress stays in the panel

    @staticmethod
    def _setup_key_count(g: DuelGame) -> int:
        """The keys before the first move: the limit and both start squares."""
        return len(g.keys) - sum(len(t.keys) for t in g.turns)

    def footer_signature(self) -> tuple[str, int | None, bool]:
        return (self.phase, self.viewer, self.paused)

    def wipe(self) -> None:
        """Empty every widget that could hold something private (before a curtain)."""
        self.app.clear_notifications()
        self.viewer = None
        self._message = ""
        self.query_one("#board", SquareBoard).view = GridView(COLUMNS, ROWS)
        update_if_changed(self.query_one("#info", Words), "")
        update_if_changed(self.query_one("#status", Words), "")
        update_if_changed(self.query_one("#message", Words), "")
        self.query_one("#registers", RegisterPanel).content = ""
        self.query_one("#registers").display = False
        self.query_one("#keylog", KeyLog).lines = ()
        history = self.query_one("#history", MoveHistory)
        if history.rows or history.header:
            history.show([], "")

    def hand_off(self, player: int, why: str, undo_for: int | None = None) -> None:
        """Cover everything, then show ``player``'s view once they press Enter.

        ``undo_for``: the player who just moved may take the move back (u) until Enter.
        """
        self.wipe()
        self.sub_title = self._public_sub_title()
        moves = f"\n\n{self.game.moves_left} moves left for both players." if self.game and self.phase == "turn" else ""
        undo = f"\n\nPlayer {undo_for}: u takes your move back (only before Enter)." if undo_for else ""
        text = (
            f"{why}\n\nPass the keyboard to Player {player}.\n\n"
            f"Press Enter when only Player {player} is looking.{moves}{undo}"
        )

        def lifted(answer: str | None) -> None:
            if answer == "undo" and self._undo is not None:
                self.undo_move()
                return
            self._undo = None  # Enter: the move is the other player's to answer now
            self.viewer = player
            self.redraw()

        self.app.push_screen(HandOff(player, text, undo_for if self._undo is not None else None), lifted)

    # -- undo, pause, history (issue 8) ---------------------------------------------------

    def undo_move(self) -> None:
        """Take the last move back (its player asked, on the hand-off): the TI-57 as before it."""
        state, self._undo = self._undo, None
        if state is None:
            return
        self._generation += 1
        self.game = DuelGame.restore(state["game"])
        self._shown = Shown(*state["shown"])
        self.phase = "turn"
        player = self.game.to_move
        self.save_game()
        self.hand_off(player, f"Player {player}'s move was taken back: the TI-57 is as before it.")

    def action_pause(self) -> None:
        if self.paused:
            self.paused = False
            player, self._paused_for = self._paused_for, None
            if player is not None and self.phase in ("setup", "turn"):
                self.hand_off(player, "Back from the pause.")
            else:
                self.redraw()
            return
        if self.busy:
            self.say("Wait: the TI-57 is running.")
            return
        self._paused_for = self.viewer
        self.wipe()  # nothing private stays in a widget, a toast or the title
        self.paused = True
        self.sub_title = "paused"

    def action_toggle_history(self) -> None:
        if self.phase != "over":
            return
        self.history_shown = not self.history_shown
        self.redraw()

    def action_export_history(self) -> None:
        if self.phase != "over" or self.game is None:
            return
        self.export_moves(history_text(self.game, self.TITLE))

    # -- saves -----------------------------------------------------------------------

    def save_state(self) -> dict[str, Any] | None:
        """The whole TI-57 and driver, and where the duel stands; None when there is nothing to keep."""
        g = self.game
        if g is None or self.phase in ("limit", "over"):
            return None
        return {
            "phase": self.phase,
            "setup_player": self._setup_player,
            "extension": self.extension,
            "game": g.snapshot(),
            "shown": [self._shown.text, self._shown.flashing, self._shown.state],
            "settings": {"instant": self.instant, "registers": self.registers_shown},
        }

    def save_summary(self) -> str:
        """Only what both players may know: the phase, whose turn, the moves left."""
        g = self.game
        if g is None:
            return ""
        if self.phase == "setup":
            return f"setting up, Player {self._setup_player} chooses a start square"
        if self.phase == "draw":
            return "a draw: extend or end"
        return f"move {len(g.turns) + 1}, Player {g.to_move} to move, {g.moves_left} moves left"

    def save_game(self) -> Path | None:
        """Write the save (a move in progress: the last one stands); failures are reported."""
        if not self._save_ready or self.busy:
            return None
        return write_save(self, self.GAME_ID, self.save_state(), self.save_summary())

    def offer_resume(self) -> None:
        self.offer_saved_game(
            lambda state: f"A saved duel is waiting ({self.save_summary_of(state)}). Resume it?", DuelResumeDialog
        )

    @staticmethod
    def save_summary_of(state: dict[str, Any]) -> str:
        phase = state.get("phase")
        turns = len(state.get("game", {}).get("turns", []))
        return "setting up" if phase == "setup" else "a draw" if phase == "draw" else f"move {turns + 1}"

    def resume(self, state: dict[str, Any]) -> bool:
        """The saved duel, exactly; a private phase opens on the hand-off, never on a player's view."""
        try:
            game = DuelGame.restore(state["game"])
            phase = state["phase"]
            if phase not in ("setup", "turn", "draw"):
                raise ValueError(f"unknown phase {phase!r}")
            setup_player = int(state.get("setup_player", 1))
            shown = Shown(*state.get("shown", [game.machine.display, game.machine.flashing, "stopped"]))
            game.view_for(1)  # decodes the squares: a damaged snapshot fails here, not later
        except Exception as error:
            set_aside_unusable(self, self.GAME_ID, error)
            self.action_new_game()
            return False
        self._generation += 1
        self.game, self.phase, self._setup_player = game, phase, setup_player
        self.limit = game.moves
        self.extension = int(state.get("extension", self.extension))
        self._shown = shown
        self._undo = None
        settings = state.get("settings", {})
        self.instant = bool(settings.get("instant", self.instant))
        self.registers_shown = bool(settings.get("registers", False))
        if phase == "setup":
            self.cursor = (4, 4)
            self.hand_off(setup_player, "The saved duel resumes: choosing the start squares.")
        elif phase == "turn":
            self.hand_off(game.to_move, "The saved duel resumes.")
        else:
            self.viewer = None
            self.wipe()
            self._message = "The saved duel resumes at its draw."
            self.redraw()
        return True

    # -- actions ---------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # False hides a key from the footer: only the keys of the current phase are shown
        if self.paused:
            return action == "pause"
        if action in ("toggle_history", "export_history"):
            return self.phase == "over"
        if action == "limit":
            return self.phase in ("limit", "draw")
        if action in ("extend", "reveal"):
            return self.phase == "draw"
        if action == "confirm":
            return self.phase in ("limit", "setup")
        if action == "toggle_registers":
            return self.phase in ("turn", "draw", "over")
        if action == "toggle_speed":
            return self.phase == "turn"
        if action == "new_game":
            return self.phase != "limit"
        return True

    def action_limit(self, delta: int) -> None:
        if self.phase == "limit":
            self.limit = max(1, min(99, self.limit + delta))
        elif self.phase == "draw":
            self.extension = max(1, min(99, self.extension + delta))
        self.redraw()

    def action_direction(self, code: int) -> None:
        if self.busy:
            self.say("Wait: the TI-57 is running.")
            return
        if self.phase == "limit":
            self.action_limit(1 if code in (1, 2, 8) else -1 if code in (4, 5, 6) else 0)
            return
        if self.phase == "setup" and self.viewer is not None:
            dc, dr = DELTAS[code]
            c, r = self.cursor[0] + dc, self.cursor[1] + dr
            if 0 <= c < SIZE and 0 <= r < SIZE:
                self.cursor = (c, r)
                self._message = ""
            else:
                self._message = "The edge of the board."
            self.redraw()
            return
        if self.phase != "turn" or self.viewer is None or self.game is None:
            return
        g = self.game
        if g.to_move != self.viewer:
            self.say(f"It is Player {g.to_move}'s turn.")
            return
        try:
            g.check_move(self.viewer, code)  # the driver's rules: refused before any key
        except IllegalMove as refused:
            self.app.bell()
            self.say(f"Refused, no move used: {refused}.")
            return
        self._undo = {"game": g.snapshot(), "shown": [self._shown.text, self._shown.flashing, self._shown.state]}
        self.say(f"You key {code} SBR {self.viewer}: {ARROW[code]} {NAME[code]}.")
        self._start_job("move", player=self.viewer, code=code)

    def action_confirm(self) -> None:
        if self.busy:
            return
        if self.phase == "limit":
            self._generation += 1
            self.game = DuelGame(self.limit)  # keys "20 STO 0 2nd Fix 1 CLR": no secret yet
            self._shown = Shown(self.game.machine.display)
            self.phase = "setup"
            self._setup_player = 1
            self.cursor = (4, 4)
            self._save_ready = True
            self.save_game()
            self.hand_off(1, f"New duel: {self.limit} moves for both players.")
        elif self.phase == "setup" and self.viewer is not None:
            self._start_job("place", player=self.viewer, square=self.cursor)

    @on(BoardClicked)
    def _clicked(self, event: BoardClicked) -> None:
        if self.phase == "setup" and self.viewer is not None and not self.busy:
            self.cursor = event.square
            self.redraw()
        elif self.phase == "turn" and self.viewer is not None and self.game is not None:
            me = self.game.view_for(self.viewer)
            if me.square is None:
                return
            delta = (event.square[0] - me.square[0], event.square[1] - me.square[1])
            code = next((d for d, dd in DELTAS.items() if dd == delta), None)
            if code is not None:
                self.action_direction(code)

    def action_extend(self) -> None:
        if self.phase != "draw" or self.game is None or self.busy:
            return
        self._start_job("extend", moves=self.extension)

    def action_reveal(self) -> None:
        if self.phase != "draw":
            return
        self.phase = "over"
        self.viewer = None
        self._message = "The players agreed to stop: both squares revealed."
        self.redraw()

    def action_new_game(self) -> None:
        """Back to the move limit (a move in progress is dropped)."""
        self._generation += 1
        self.busy = False
        self.game = None
        self.phase = "limit"
        self._undo = None
        self.history_shown = False
        self.wipe()
        self._shown = Shown("0")
        self.redraw()
        self.save_game()  # no duel any more: its save goes

    def action_toggle_registers(self) -> None:
        self.registers_shown = not self.registers_shown
        self.redraw()

    def action_toggle_speed(self) -> None:
        self.instant = not self.instant
        self.say("Instant: no pause." if self.instant else f"Real pace: the Pause shows ~{self.pause_seconds:g} s.")
        update_if_changed(self.query_one("#status", Words), self.status_text())

    # -- the worker ------------------------------------------------------------------

    def _start_job(self, kind: str, **kw: Any) -> None:
        self.busy = True
        self.sub_title = f"Player {kw.get('player', '')}: the TI-57 runs" if "player" in kw else "the TI-57 runs"
        self.query_one("#board", SquareBoard).view = self.board_view()
        self._shown = Shown("", state="running")
        self.query_one("#led", TI57Display).shown = self._shown
        self._job(self._generation, kind, kw)

    @work(thread=True, exclusive=True, exit_on_error=False, group="ti57-duel", description="The TI-57 runs")
    def _job(self, generation: int, kind: str, kw: dict[str, Any]) -> None:
        worker = get_current_worker()
        game = self.game
        if game is None:
            return
        with self._lock:
            try:
                if kind == "place":
                    game.place(kw["player"], kw["square"])
                    record: Any = ("place", kw["player"])
                elif kind == "extend":
                    game.extend(kw["moves"])
                    record = ("extend", kw["moves"])
                else:
                    turn = game.move(kw["player"], kw["code"])
                    record = turn
                    hold = 0.0 if self.instant else self.pause_seconds
                    for i, text in enumerate(turn.displays):
                        last = i == len(turn.displays) - 1
                        state = "stopped" if last else "pause"
                        self.post_message(DisplayShown(generation, Shown(text, turn.flashing and last, state)))
                        if not self._sleep(worker, hold):
                            return
            except Exception as error:
                self.post_message(turn_failed(generation, error, IllegalMove))
                return
        self.post_message(TurnFinished(generation, record))

    @staticmethod
    def _sleep(worker: Any, seconds: float) -> bool:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if worker.is_cancelled:
                return False
            time.sleep(min(0.05, end - time.monotonic()) if end > time.monotonic() else 0)
        return not worker.is_cancelled

    def on_display_shown(self, message: DisplayShown) -> None:
        if message.generation != self._generation:
            return
        self._shown = message.shown
        self.query_one("#led", TI57Display).shown = message.shown
        if message.shown.state == "pause":  # the mover's new square, as the machine shows it
            self.query_one("#board", SquareBoard).view = self.board_view()
            update_if_changed(self.query_one("#info", Words), self.info_text())

    def on_turn_failed(self, message: TurnFailed) -> None:
        if message.generation != self._generation:
            return
        self.busy = False
        self._undo = None
        self._shown = Shown(self.game.machine.display if self.game else "", bool(self.game and self.game.machine.flashing))
        self.say(message.text)
        self.redraw()

    def on_turn_finished(self, message: TurnFinished) -> None:
        if message.generation != self._generation:
            return
        self.busy = False
        g = self.game
        assert g is not None
        record = message.record
        self._shown = Shown(g.machine.display, g.machine.flashing, "stopped")
        if isinstance(record, tuple) and record[0] == "place":
            if record[1] == 2:
                self.phase = "turn"
            else:
                self._setup_player = 2
            self.save_game()
            player = record[1]
            if player == 1:
                self._setup_player = 2
                self.cursor = (4, 4)
                self.hand_off(2, "Player 1 has keyed a start square.")
            else:
                self.phase = "turn"
                self.hand_off(1, "Both start squares are keyed. Player 1 moves first.")
            return
        if isinstance(record, tuple) and record[0] == "extend":
            self.phase = "turn"
            self.save_game()
            self.hand_off(g.to_move, f"The duel goes on: CLR, {record[1]} STO 0 gave {record[1]} more moves.")
            return
        turn = record
        if g.status is not DuelStatus.IN_PROGRESS:
            self._undo = None  # the end is shown to both: no taking back
        if g.status is DuelStatus.CAPTURE:
            self.phase = "over"
            self.viewer = None
            self._message = f"Capture! {turn.direction} SBR {turn.player} landed on Player {3 - turn.player}."
            self.app.clear_notifications()
            self.redraw()
        elif g.status is DuelStatus.DRAW:
            self.phase = "draw"
            self.viewer = None
            self.wipe()
            self._message = f"Player {turn.player}'s move used the last one: the display flashes {g.machine.display}."
            self.redraw()
        else:
            self.hand_off(
                g.to_move,
                f"Player {turn.player} has moved {ARROW[turn.direction]} {NAME[turn.direction]} (code {turn.direction}).",
                undo_for=turn.player,
            )
        self.save_game()

    def palette_commands(self) -> list[tuple[str, str, Callable[[], Any]]]:
        return [
            ("Duel: new duel", "Back to the move limit", self.action_new_game),
            ("TI-57: toggle registers", "R0-R7 and what they hold", self.action_toggle_registers),
            ("TI-57: toggle speed", "Instant, or the real Pause", self.action_toggle_speed),
            ("Duel: pause", "Hide everything", self.action_pause),
        ]
