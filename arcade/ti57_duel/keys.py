"""The duel screen's keys: the bindings, which are on offer in each phase, and how keys and
clicks become the session's requests (the move limit, the seats, the lock, the cursor, a move).

A mixin of ``TI57DuelScreen`` (the wolf's ``keys.py`` is its twin): it reads the session and
the view of whoever looks now, and starts a move in the screen's worker (``_person_job``).  A move
is a direction, keyed on the TI-57 as ``code SBR player`` (1 NE ... 8 N); the keypad digits
are laid out as they point (7 8 9 / 4 6 / 1 2 3), or the arrows, or y u b n.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Protocol

from textual.binding import Binding

from arcade.jobs import JobContext
from arcade.ti57_duel import render
from arcade.ti57_screen import TOGGLE_REGISTERS, TI57Screen
from arcade.widgets.grid import BoardClicked
from games.session import Refused
from games.ti57_duel import DELTAS
from games.ti57_duel.session import DuelSession, DuelView, Moved, Phase


class DuelScreenParts(Protocol):
    """What these keys use of the duel screen beyond the TI-57 layout both games share
    (``TI57Screen``): named here, so that keys.py need not import the screen that imports it."""

    session: DuelSession
    seat_choice: int
    cursor: tuple[int, int]
    _frozen: DuelView | None = None  # the view kept on screen while a move runs

    @property
    def viewer(self) -> int | None: ...
    def view(self) -> DuelView: ...
    def _person_job(self, ctx: JobContext, code: int) -> Moved | tuple[int, int]: ...
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
        return not (action == "confirm" and self.session.computer_to_act) and (phases is None or self.session.phase in phases)

    def action_limit(self, delta: int) -> None:
        s = self.session
        if s.phase is Phase.LIMIT:
            s.set_limit(max(1, min(99, s.limit + delta)))
        elif s.phase is Phase.DRAW:
            s.set_extension(max(1, min(99, s.extension + delta)))
        self.redraw()

    def action_seats(self) -> None:
        self.seat_choice = (self.seat_choice + 1) % len(render.SEAT_CHOICES)
        self.session = DuelSession(seats=render.SEAT_CHOICES[self.seat_choice], limit=self.session.limit,
                                   seal_cost=self.session.seal_cost)
        self.redraw()

    def action_lock(self) -> None:
        s = self.session
        if s.phase is Phase.LIMIT and s.hot_seat:
            s.lock = not s.lock
            self.say("Locked: each player chooses a PIN with the start square." if s.lock else "No PIN lock.")
        else:
            self.say("The PIN lock is for two people sharing the keyboard.")
        self.redraw()

    def action_direction(self, code: int) -> None:
        s = self.session
        if self.wait_if_running():
            return
        if s.phase is Phase.LIMIT:
            self.action_limit(1 if code in (1, 2, 8) else -1 if code in (4, 5, 6) else 0)
        elif s.phase is Phase.SETUP and self.viewer is not None:
            c, r = self.cursor[0] + DELTAS[code][0], self.cursor[1] + DELTAS[code][1]
            if 0 <= c < render.SIZE and 0 <= r < render.SIZE:
                self.cursor, self._message = (c, r), ""
            else:
                self._message = "The edge of the board."
            self.redraw()
        elif s.phase is Phase.TURN and self.viewer is not None:
            if s.actor != self.viewer:
                self.say(f"It is Player {s.actor}'s turn.")
                return
            try:
                s.check_move(code)  # the rules first: refused before any key
            except Refused as refused:
                self.app.bell()
                self.say(f"Refused, no move used: {refused}.")
                return
            self.say(f"You key {code} SBR {self.viewer}: {render.ARROW[code]} {render.NAME[code]}.")
            self._frozen = self.view()
            self.run_job("move", lambda ctx: self._person_job(ctx, code))

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
