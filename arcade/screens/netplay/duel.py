"""The blind duel across two terminals: this terminal's player's view only, so no curtain and no PIN.

The view comes from the host (``games/net/tables.py``: ``duel_view_json``), read back into the
session's own ``DuelView`` (``games/net/views.py``) and drawn by the duel's render functions
(``arcade/screens/ti57_duel/render.py``), the ones the duel at one keyboard draws with.  The
keys are the duel's: a direction keys ``code SBR player`` on the host's TI-57; Enter keys the
start square under the cursor; z takes a move back until the other has answered it; at a draw
e (extend) and x (end and reveal) are offers the other player accepts with the same key.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding

from arcade.screens.netplay.play import NET_CSS, NetPlay, net_bindings
from arcade.screens.ti57_duel import render
from arcade.screens.ti57_duel.keys import DUEL_BINDINGS
from arcade.screens.ti57_duel.seen import initial_view
from arcade.screens.ti57_screen import TI57_CSS, TI57Frame, TI57Screen
from arcade.widgets.grid import BoardClicked
from arcade.widgets.ti57 import Shown, key_lines
from games.net.views import duel_view_from_json
from games.ti57_duel import DELTAS
from games.ti57_duel.session import DuelView, Phase

KEPT = {"duel.ne", "duel.e", "duel.se", "duel.s", "duel.sw", "duel.w", "duel.nw", "duel.n", "duel.confirm",
        "duel.extend", "duel.reveal", "ti57.toggle-registers", "duel.pause", "duel.toggle-history",
        "duel.export-history"}
"""The duel's keys that mean the same across two terminals (the move limit, the seats, the lock, the
speed and a new duel are the host's choices, made before hosting)."""

NET_DUEL_BINDINGS = net_bindings(DUEL_BINDINGS, KEPT, Binding("z,ctrl+z", "undo", "Take back", id="net.undo"))

PHASES: dict[str, frozenset[Phase]] = {
    "confirm": frozenset({Phase.SETUP}), "extend": frozenset({Phase.DRAW}), "reveal": frozenset({Phase.DRAW}),
    "toggle_registers": frozenset({Phase.TURN, Phase.DRAW, Phase.OVER}),
    "toggle_history": frozenset({Phase.OVER}), "export_history": frozenset({Phase.OVER}),
}


class NetDuelScreen(TI57Screen):
    """The blind duel, one player's side of it, across two terminals."""

    GAME_ID = "ti57-duel"  # its help page (nothing is saved under it)
    CSS_PATH = [TI57_CSS, NET_CSS]
    TITLE = "Blind duel on the TI-57, across two terminals"
    MESSAGE_BESIDE: ClassVar[Any] = "board"
    BINDINGS = NET_DUEL_BINDINGS

    def __init__(self, seat: Any, *, you: Any = None, blink: bool = True) -> None:
        super().__init__(blink=blink)
        self.duel: DuelView | None = None  # the last view received (None: none yet)
        self.offer: tuple[str, int] | None = None  # at a draw: (what, who) asked first
        self.cursor: tuple[int, int] = (4, 4)
        self._before: DuelView | None = None  # the view before the last one received
        self.net = NetPlay(self, seat, you)  # the seat, who is where, the keys of two terminals (``play.py``)
        self.parts.append(self.net)

    # -- the view received -------------------------------------------------------------------

    def take_view(self, data: Any) -> None:
        before = self._before = self.duel
        received = duel_view_from_json(data)
        if received.view.viewer not in (None, self.net.you) and self.net.you is not None:
            raise ValueError("a view made for the other player")
        self.duel, self.offer = received.view, received.offer
        if before is not None and before.phase is not Phase.SETUP and received.view.phase is Phase.SETUP:
            self.cursor = (4, 4)  # a new duel
            self.history_shown = False

    def read_you(self, you: Any) -> Any:
        return you if you in (1, 2) else None

    def player_name(self, player: Any) -> str:
        return f"Player {player}"

    def has_view(self) -> bool:
        return self.duel is not None

    def over(self) -> bool:
        return self.duel is not None and self.duel.phase is Phase.OVER

    @property
    def other(self) -> str:
        return f"Player {3 - self.net.you}" if self.net.you in (1, 2) else "the other player"

    def view_taken(self, *, first: bool) -> None:
        v, before = self.duel, self._before
        assert v is not None
        self._shown = Shown(v.display, v.flashing, "" if v.phase is Phase.SETUP else "stopped")
        changed = before is None or before.phase is not v.phase or before.setup_player != v.setup_player
        if v.phase is Phase.OVER:
            self.say(f"{v.news} H: every move, g: a new duel." if v.news else "The duel is over: g, a new duel.")
        elif first and self.net.peer != "here":
            return  # the host's own line ("joins with the line below") stays said
        elif v.news and changed:
            self.say(v.news)
        elif v.phase is Phase.TURN and v.me is not None and v.me.to_move and v.moves_played:
            d = v.me.opponent_last_direction
            self.say(f"{self.other} went {render.ARROW[d]} {render.NAME[d]}: your move." if d else "Your move.")

    def compose(self) -> ComposeResult:
        yield from self.net.compose(super().compose())

    def save_held(self) -> bool:
        """Always: the host's game saves itself after every change, on the host's terminal."""
        return True

    # -- drawing -----------------------------------------------------------------------------

    def frame(self) -> TI57Frame:
        v = self.duel or initial_view()
        mine = v.me is not None and v.me.to_move and v.phase is Phase.TURN
        over, registers, history = v.phase is Phase.OVER, self.registers_shown, self.history_shown
        placed = v.phase is Phase.SETUP and v.me is not None and v.me.square is not None
        board = (render.board_view(replace(v, phase=Phase.TURN, legal=()), self.cursor, True) if placed  # mine, waiting
                 else render.board_view(v, self.cursor, self.busy or not mine))
        return TI57Frame(
            sub_title=render.public_sub_title(v) if self.duel is not None else "across two terminals",
            board=board,
            info=self.info_text(v), status=render.status_text(v, None),
            calculator=v, meanings=render.REGISTERS, hidden=v.hidden, registers=registers and bool(v.registers),
            keylog=over and not registers and not history,
            history=(render.history_rows(v.turns), "Keys: " + " ".join(key_lines(v.keys[: v.setup_keys])))
            if over and history and not registers else None)

    def info_text(self, v: DuelView) -> Text | str:
        """The duel's own words, but for what differs with no curtain: waiting for the other's square, a draw's offers."""
        if self.duel is None:
            return "The duel is being set up on the host's TI-57…"
        if v.phase is Phase.SETUP and v.me is not None and v.setup_player != self.net.you:
            t = Text(no_wrap=True, overflow="ellipsis", end="")
            t.append(f"Player {self.net.you}: your secret start square\n", "bold reverse")
            if v.me.square is not None:
                t.append(f"Yours is {render.square_text(v.me.square)}. Player {v.setup_player} keys theirs now.\n")
            else:
                t.append(f"Player {v.setup_player} keys theirs first.\n")
                t.append(f"Cursor on {render.square_text(self.cursor)}: Enter once it is your turn.\n")
            t.append(f"Move limit {v.limit}, both players.")
            return t
        if v.phase is Phase.DRAW:
            t = Text(no_wrap=True, overflow="ellipsis", end="")
            t.append("Draw: the moves are used up\n", "bold reverse")
            t.append(f"Extend by {v.extension} moves (CLR, {v.extension} STO 0),\nor end and reveal both squares?\n")
            if self.offer is None:
                t.append("e: extend, x: end. Both must agree.")
            else:
                what, who = self.offer
                key = "e" if what == "extend" else "x"
                t.append(f"You ask to {what}: waiting for {self.other}." if who == self.net.you
                         else f"{self.other} asks to {what}: {key} agrees.", "bold")
            return t
        return render.info_text(v, self.cursor)

    def footer_signature(self) -> tuple[Any, ...]:
        v = self.duel
        state = () if v is None else (v.phase, v.undo_for == self.net.you, v.setup_player == self.net.you)
        return (self.paused, self.busy, *state)

    # -- keys ----------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "net":
            return self.net.offers(str(parameters[0]))
        v = self.duel
        phases = PHASES.get(action)
        if phases is not None and (v is None or v.phase not in phases):
            return False  # a key of another phase: the footer holds one phase's keys at 80 columns
        if self.paused:
            return None  # the game hidden: its keys wait, dimmed
        if action == "undo":
            return True if v is not None and v.undo_for == self.net.you else None
        return True

    def action_net(self, key: str) -> None:
        self.net.key(key)

    def action_direction(self, code: int) -> None:
        v = self.duel
        if v is None or self.busy:
            return
        if v.phase is Phase.SETUP:
            c, r = self.cursor[0] + DELTAS[code][0], self.cursor[1] + DELTAS[code][1]
            if 0 <= c < render.SIZE and 0 <= r < render.SIZE:
                self.cursor, self._message = (c, r), ""
            else:
                self._message = "The edge of the board."
            self.redraw()
        elif v.phase is Phase.TURN and v.me is not None:
            if not v.me.to_move:
                self.say(f"It is {self.other}'s move, on the other terminal.")
                return
            if code not in v.legal:
                self.app.bell()
                self.say(f"Refused, no move used: {render.ARROW[code]} {render.NAME[code]} leaves the board.")
                return
            self.say(f"You key {code} SBR {self.net.you}: {render.ARROW[code]} {render.NAME[code]}.")
            self.net.request({"type": "move", "direction": code})

    def on_board_clicked(self, event: BoardClicked) -> None:
        v = self.duel
        if v is None:
            return
        if v.phase is Phase.SETUP:
            self.cursor = event.square
            self.redraw()
        elif v.phase is Phase.TURN and v.me is not None and v.me.square is not None:
            delta = (event.square[0] - v.me.square[0], event.square[1] - v.me.square[1])
            code = next((d for d, dd in DELTAS.items() if dd == delta), None)
            if code is not None:
                self.action_direction(code)

    def action_confirm(self) -> None:
        v = self.duel
        if v is None or v.phase is not Phase.SETUP or self.busy:
            return
        if v.setup_player != self.net.you:
            self.say(f"Player {v.setup_player} keys a start square first.")
            return
        self.say(f"You key {render.square_text(self.cursor)} STO {self.net.you}, then CLR.")
        self.net.request({"type": "place", "square": list(self.cursor)})

    def action_undo(self) -> None:
        if self.duel is not None and self.duel.undo_for == self.net.you:
            self.say("Your move is taken back.")
            self.net.request({"type": "undo"})

    def action_extend(self) -> None:
        if self.duel is not None and self.duel.phase is Phase.DRAW:
            self.net.request({"type": "extend"})

    def action_reveal(self) -> None:
        if self.duel is not None and self.duel.phase is Phase.DRAW:
            self.net.request({"type": "end"})

    def action_toggle_history(self) -> None:
        if self.over():
            super().action_toggle_history()

    def action_export_history(self) -> None:
        if self.duel is not None and self.over():
            self.saves.export(render.history_text(self.duel, "Blind duel on the TI-57, across two terminals"))

    def palette_commands(self) -> list[tuple[str, str, Any]]:
        return [self.registers_command(), ("Duel: leave", "End or leave the duel across two terminals", self.net.leave)]
