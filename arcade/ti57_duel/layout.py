"""What the duel screen shows: its widgets, and how a session's view fills them.

A mixin of ``TI57DuelScreen`` (kept apart to keep the screen short).  ``redraw`` draws the
view of whoever looks now (``view()``); ``wipe`` empties every widget that could hold
something private before a curtain goes up.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Header, Static

from arcade.ti57_duel import render
from arcade.widgets.grid import GridView, SquareBoard
from arcade.widgets.history import MoveHistory
from arcade.widgets.ti57 import KeyLog, RegisterPanel, Shown, TI57Display, key_lines
from arcade.widgets.words import Words, update_if_changed
from games.ti57_duel.session import DuelView, Phase


class DuelLayout:
    """Board and words on the left, the TI-57 on the right."""

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

    def redraw(self) -> None:
        """Everything from the session's view, for the current phase and viewer."""
        v = self.view()
        self.sub_title = render.public_sub_title(v)
        self.query_one("#board", SquareBoard).view = render.board_view(v, self.cursor, self.busy)
        update_if_changed(self.query_one("#info", Words), render.info_text(v, self.cursor))
        update_if_changed(self.query_one("#status", Words), render.status_text(v, self.instant))
        self.show_message(self.message)
        self.query_one("#led", TI57Display).shown = self._shown
        self._side_panels(v)
        self.refresh_footer()

    def _side_panels(self, v: DuelView) -> None:
        panel, log = self.query_one("#registers", RegisterPanel), self.query_one("#keylog", KeyLog)
        history = self.query_one("#history", MoveHistory)
        over = v.phase is Phase.OVER
        panel.display = self.registers_shown and bool(v.registers)
        if panel.display:
            panel.show(v, render.REGISTERS, v.hidden)
        history.display = over and self.history_shown and not self.registers_shown
        log.display = over and not self.registers_shown and not self.history_shown
        log.lines = tuple(key_lines(v.keys)) if log.display else ()
        if history.display:
            history.show(render.history_rows(v.turns), "Keys: " + " ".join(key_lines(v.keys[: v.setup_keys])))
        elif history.rows or history.header:
            history.show([], "")  # nothing of a duel in progress stays in the panel

    def wipe(self) -> None:
        """Empty every widget that could hold something private (before a curtain)."""
        self.app.clear_notifications()
        self._message = ""
        self.query_one("#board", SquareBoard).view = GridView(render.COLUMNS, render.ROWS)
        for name in ("#info", "#status", "#message"):
            update_if_changed(self.query_one(name, Words), "")
        self.query_one("#registers", RegisterPanel).content = ""
        self.query_one("#registers").display = False
        self.query_one("#keylog", KeyLog).lines = ()
        self.query_one("#led", TI57Display).shown = Shown("")
        history = self.query_one("#history", MoveHistory)
        if history.rows or history.header:
            history.show([], "")
