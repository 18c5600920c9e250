"""The duel screen's keys: the bindings, which are on offer in each phase, and how keys and
clicks become the session's requests (the move limit, the seats, the lock, the cursor, a move).

A part of ``TI57DuelScreen`` (``screen.keys``; the wolf's ``keys.py`` is its twin): it reads the
table's last picture (``seen``) and sends the requests to the host's table, each naming who
looks.  A move is a direction, keyed on the TI-57 as ``code SBR player`` (1 NE ... 8 N); the
keypad digits are laid out as they point (7 8 9 / 4 6 / 1 2 3), or the arrows, or y u b n.
"""

from __future__ import annotations

from typing import Any, Protocol

from textual.app import App
from textual.binding import Binding

from arcade.screens.ti57_duel import render
from arcade.screens.ti57_duel.seen import SeenDuel
from arcade.screens.ti57_screen import TOGGLE_REGISTERS
from games.ti57_duel import DELTAS
from games.ti57_duel.session import DuelView, Phase


class DuelKeysScreen(Protocol):
    """What the keys use of the duel screen (named here: keys.py does not import the screen)."""

    seen: SeenDuel
    seat_choice: int
    cursor: tuple[int, int]
    busy: bool
    paused: bool

    @property
    def app(self) -> App[Any]: ...
    @property
    def viewer(self) -> int | None: ...
    def view(self) -> DuelView: ...
    def move(self, code: int) -> None: ...
    def wait_if_running(self) -> bool: ...
    def run_request(self, kind: str, name: str, *args: Any, **kwargs: Any) -> None: ...
    def say(self, text: str, *, show: bool = True) -> None: ...
    def redraw(self) -> None: ...


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


class DuelKeys:
    """Keys and clicks to the table's requests, and the keys on offer (``on_offer``: the screen's ``check_action``)."""

    def __init__(self, screen: DuelKeysScreen) -> None:
        self.screen = screen

    def on_offer(self, action: str) -> bool | None:
        """Textual's ``check_action``: a key of another phase is hidden (False: the footer holds one
        phase's keys), one of this phase that does nothing now is dimmed (None)."""
        screen = self.screen
        phases = ACTION_PHASES.get(action)
        seen = screen.seen
        if phases is not None and seen.phase not in phases:
            return False
        if screen.paused:
            return True if action == "pause" else None
        return None if action == "confirm" and seen.computer_to_act else True

    def limit(self, delta: int) -> None:
        """The move limit (or, at a draw, the extension) one more or one fewer."""
        screen = self.screen
        v = screen.seen.view
        if screen.wait_if_running():
            return
        if v.phase is Phase.LIMIT:
            screen.run_request("setting", "set_limit", max(1, min(99, v.limit + delta)))
        elif v.phase is Phase.DRAW:
            screen.run_request("setting", "set_extension", max(1, min(99, v.extension + delta)))

    def seats(self) -> None:
        """The next choice of who plays each side (before the duel starts)."""
        screen = self.screen
        if screen.wait_if_running() or screen.seen.phase is not Phase.LIMIT:
            return
        screen.seat_choice = (screen.seat_choice + 1) % (render.ELSEWHERE + 1)  # the last: Player 2 on another terminal
        screen.run_request("setting", "set_seats", render.SEAT_CHOICES[screen.seat_choice % render.ELSEWHERE])

    def lock(self) -> None:
        """The PIN lock on or off (two people sharing the keyboard)."""
        screen = self.screen
        v = screen.seen.view
        if screen.wait_if_running():
            return
        if v.phase is Phase.LIMIT and screen.seen.hot_seat and screen.seat_choice != render.ELSEWHERE:
            screen.run_request("lock", "set_lock", not v.locked)
        else:
            screen.say("The PIN lock is for two people sharing the keyboard.")

    def direction(self, code: int) -> None:
        """A direction key: the limit, the setting-up cursor, or the viewer's move."""
        screen = self.screen
        v = screen.seen.view
        if screen.wait_if_running():
            return
        if v.phase is Phase.LIMIT:
            self.limit(1 if code in (1, 2, 8) else -1 if code in (4, 5, 6) else 0)
        elif v.phase is Phase.SETUP and screen.viewer is not None:
            c, r = screen.cursor[0] + DELTAS[code][0], screen.cursor[1] + DELTAS[code][1]
            if 0 <= c < render.SIZE and 0 <= r < render.SIZE:
                screen.cursor = (c, r)
                screen.say("", show=False)
            else:
                screen.say("The edge of the board.", show=False)
            screen.redraw()
        elif v.phase is Phase.TURN and screen.viewer is not None:
            if v.to_move != screen.viewer:
                screen.say(f"It is Player {v.to_move}'s turn.")
                return
            refusal = screen.seen.refusal(code)  # the rules first: refused before any key
            if refusal is not None:
                screen.app.bell()
                screen.say(f"Refused, no move used: {refusal}.")
                return
            screen.say(f"You key {code} SBR {screen.viewer}: {render.ARROW[code]} {render.NAME[code]}.")
            screen.move(code)

    def clicked(self, square: tuple[int, int]) -> None:
        """A click on the board: the cursor while setting up, a move to a square next to the viewer's."""
        screen = self.screen
        v = screen.view()
        if v.phase is Phase.SETUP and v.me is not None and not screen.busy:
            screen.cursor = square
            screen.redraw()
        elif v.phase is Phase.TURN and v.me is not None and v.me.square is not None:
            delta = (square[0] - v.me.square[0], square[1] - v.me.square[1])
            code = next((d for d, dd in DELTAS.items() if dd == delta), None)
            if code is not None:
                self.direction(code)
