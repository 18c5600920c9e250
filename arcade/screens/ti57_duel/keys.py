"""The duel screen's keys: the bindings, which are on offer in each phase, and how keys and
clicks become the session's requests (the move limit, the seats, the lock, the cursor, a move).

A mixin of ``TI57DuelScreen`` (the wolf's ``keys.py`` is its twin): it reads the table's last
picture (``seen``) and sends the requests to the host's table, each naming who looks.  A move
is a direction, keyed on the TI-57 as ``code SBR player`` (1 NE ... 8 N); the keypad digits
are laid out as they point (7 8 9 / 4 6 / 1 2 3), or the arrows, or y u b n.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Protocol

from textual.binding import Binding

from arcade.screens.ti57_duel import render
from arcade.screens.ti57_duel.seen import SeenDuel
from arcade.screens.ti57_screen import TOGGLE_REGISTERS, TI57Screen
from arcade.widgets.grid import BoardClicked
from games.ti57_duel import DELTAS
from games.ti57_duel.session import DuelView, Phase


class DuelScreenParts(Protocol):
    """What these keys use of the duel screen beyond the TI-57 layout both games share
    (``TI57Screen``): named here, so that keys.py need not import the screen that imports it."""

    seen: SeenDuel
    seat_choice: int
    cursor: tuple[int, int]

    @property
    def viewer(self) -> int | None: ...
    def view(self) -> DuelView: ...
    def move(self, code: int) -> None: ...
    def action_new_game(self) -> None: ...


if TYPE_CHECKING:
    class Base(DuelScreenParts, TI57Screen):
        """The duel screen as its keys see it (at run time the mixin's base is ``object``)."""
else:
    Base = object

DUEL_BINDINGS = [
    Binding("9,u", "direction(1)", "↗ NE (code 1)", show=False, id="duel.ne"),
    Binding("6,right,l", "direction(2)", "→ E (code 2)", show=False, id="duel.e"),
    Binding("3,n", "direction(3)", "↘ SE (code 3)", show=False, id="duel.se"),
    Binding("2,down,j", "direction(4)", "↓ S (code 4)", show=False, id="duel.s"),
    Binding("1,b", "direction(5)", "↙ SW (code 5)", show=False, id="duel.sw"),
    Binding("4,left,h", "direction(6)", "← W (code 6)", show=False, id="duel.w"),
    Binding("7,y", "direction(7)", "↖ NW (code 7)", show=False, id="duel.nw"),
    Binding("8,up,k", "direction(8)", "↑ N (code 8)", show=False, id="duel.n"),
    Binding("enter", "confirm", "OK", id="duel.confirm"),
    # one footer entry for the pair: as two ("+ +1 move  - -1 move") the draw's footer lost "? Help" at 100 columns
    Binding("plus,equals_sign", "limit(1)", "Moves", key_display="+/-", id="duel.more"),
    Binding("minus", "limit(-1)", "-1 move", show=False, id="duel.fewer"),
    Binding("c", "seats", "Seats", id="duel.seats"),
    Binding("L", "lock", "PIN lock", key_display="L", id="duel.lock"),
    Binding("e", "extend", "Extend", id="duel.extend"),
    Binding("x", "reveal", "End: reveal", id="duel.reveal"),
    Binding("g", "new_game", "New duel", id="duel.new-game"),
    TOGGLE_REGISTERS,
    Binding("s", "toggle_speed", "Speed", id="ti57.toggle-speed"),
    Binding("p", "pause", "Pause", show=False, id="duel.pause"),
    Binding("H", "toggle_history", "History", key_display="H", id="duel.toggle-history"),
    Binding("w", "export_history", "Write out", id="duel.export-history"),
    Binding("escape,backspace", "app.launcher", "Back", id="arcade.back"),
]

ACTION_PHASES: dict[str, frozenset[Phase]] = {
    "toggle_history": frozenset({Phase.OVER}), "export_history": frozenset({Phase.OVER}),
    "limit": frozenset({Phase.LIMIT, Phase.DRAW}), "seats": frozenset({Phase.LIMIT}), "lock": frozenset({Phase.LIMIT}),
    "extend": frozenset({Phase.DRAW}), "reveal": frozenset({Phase.DRAW}), "confirm": frozenset({Phase.LIMIT, Phase.SETUP}),
    "toggle_registers": frozenset({Phase.TURN, Phase.DRAW, Phase.OVER}), "toggle_speed": frozenset({Phase.TURN}),
    "new_game": frozenset(Phase) - {Phase.LIMIT}}
"""The phases in which an action is on offer (the others are always)."""


class DuelKeys(Base):
    """Keys and clicks to the session's requests, the keys on offer, the command palette's entries."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # False hides a key from the footer: only the keys of the current phase are on offer
        if self.paused:
            return action == "pause"
        phases = ACTION_PHASES.get(action)
        return not (action == "confirm" and self.seen.computer_to_act) and (phases is None or self.seen.phase in phases)

    def action_limit(self, delta: int) -> None:
        v = self.seen.view
        if self.wait_if_running():
            return
        if v.phase is Phase.LIMIT:
            self.run_request("setting", "set_limit", max(1, min(99, v.limit + delta)))
        elif v.phase is Phase.DRAW:
            self.run_request("setting", "set_extension", max(1, min(99, v.extension + delta)))

    def action_seats(self) -> None:
        if self.wait_if_running() or self.seen.phase is not Phase.LIMIT:
            return
        self.seat_choice = (self.seat_choice + 1) % (render.ELSEWHERE + 1)  # the last: Player 2 on another terminal
        self.run_request("setting", "set_seats", render.SEAT_CHOICES[self.seat_choice % render.ELSEWHERE])

    def action_lock(self) -> None:
        v = self.seen.view
        if self.wait_if_running():
            return
        if v.phase is Phase.LIMIT and self.seen.hot_seat and self.seat_choice != render.ELSEWHERE:
            self.run_request("lock", "set_lock", not v.locked)
        else:
            self.say("The PIN lock is for two people sharing the keyboard.")

    def action_direction(self, code: int) -> None:
        v = self.seen.view
        if self.wait_if_running():
            return
        if v.phase is Phase.LIMIT:
            self.action_limit(1 if code in (1, 2, 8) else -1 if code in (4, 5, 6) else 0)
        elif v.phase is Phase.SETUP and self.viewer is not None:
            c, r = self.cursor[0] + DELTAS[code][0], self.cursor[1] + DELTAS[code][1]
            if 0 <= c < render.SIZE and 0 <= r < render.SIZE:
                self.cursor, self._message = (c, r), ""
            else:
                self._message = "The edge of the board."
            self.redraw()
        elif v.phase is Phase.TURN and self.viewer is not None:
            if v.to_move != self.viewer:
                self.say(f"It is Player {v.to_move}'s turn.")
                return
            refusal = self.seen.refusal(code)  # the rules first: refused before any key
            if refusal is not None:
                self.app.bell()
                self.say(f"Refused, no move used: {refusal}.")
                return
            self.say(f"You key {code} SBR {self.viewer}: {render.ARROW[code]} {render.NAME[code]}.")
            self.move(code)

    def on_board_clicked(self, event: BoardClicked) -> None:
        v = self.view()
        if v.phase is Phase.SETUP and v.me is not None and not self.busy:
            self.cursor = event.square
            self.redraw()
        elif v.phase is Phase.TURN and v.me is not None and v.me.square is not None:
            delta = (event.square[0] - v.me.square[0], event.square[1] - v.me.square[1])
            code = next((d for d, dd in DELTAS.items() if dd == delta), None)
            if code is not None:
                self.action_direction(code)

    def palette_commands(self) -> list[tuple[str, str, Callable[[], Any]]]:
        return [
            ("Duel: new duel", "Back to the move limit", self.action_new_game),
            self.registers_command(),
            ("TI-57: toggle speed", "Instant, or the real Pause", self.action_toggle_speed),
            ("Duel: pause", "Hide everything", self.action_pause),
        ]
