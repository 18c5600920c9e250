"""The wolf screen's keys: the bindings, and how keys and clicks become the moves a TI-57 owner types.

Keys follow the board as drawn (row 8 at the top, the article's keypad picture): 7 ↖,
9 ↗, 1 ↙, 3 ↘ for the wolf (also y u b n); a lamb is chosen with 1-4, Tab or a click,
then moved with 7 ↖ or 9 ↗ (y u, ← →): a digit 1-4 always names a lamb, never a direction
(it once meant ↖ for ``4`` once a lamb was chosen, ``k SBR 4`` as typed on the TI-57).
A part of ``TI57WolfScreen`` (``screen.keys``): it reads the last picture's view and calls the screen's ``play``.
"""

from __future__ import annotations

from typing import Any, Protocol

from textual.app import App
from textual.binding import Binding

from arcade.screens.ti57_screen import TOGGLE_REGISTERS
from arcade.screens.ti57_wolf import render
from games.ti57_wolf.referee import Side
from games.ti57_wolf.session import Phase, WolfMove, WolfSessionView
from games.ti57_wolf.table import WolfPicture


class MoveKeysScreen(Protocol):
    """What the keys use of the wolf screen (named here: keys.py does not import the screen)."""

    picture: WolfPicture | None  # the table's last picture (None: no game yet)
    selected: int | None
    shown_view: WolfSessionView  # the view last drawn: keys act on what the screen shows
    busy: bool

    @property
    def app(self) -> App[Any]: ...
    def play(self, move: WolfMove, words: str, refusal: str = ...) -> None: ...
    def wait_if_running(self) -> bool: ...
    def say(self, text: str, *, show: bool = True) -> None: ...
    def redraw(self) -> None: ...


LAMB_KEYS_WORDS = "7 ↖ or 9 ↗ moves it (← →), 1-4 chooses another lamb"
"""Which key is which on the lambs' turn: a digit 1-4 is a lamb, 7 and 9 its direction."""

WOLF_BINDINGS = [
    Binding("7,y", "diagonal('nw')", "↖ up-left", show=False, id="wolf.up-left"),
    Binding("9,u", "diagonal('ne')", "↗ up-right", show=False, id="wolf.up-right"),
    Binding("b", "diagonal('sw')", "↙ wolf down-left", show=False, id="wolf.down-left"),
    Binding("n", "diagonal('se')", "↘ wolf down-right", show=False, id="wolf.down-right"),
    Binding("1", "digit(1)", "Wolf ↙ / lamb 1", show=False, id="wolf.key-1"),
    Binding("2", "digit(2)", "Lamb 2", show=False, id="wolf.key-2"),
    Binding("3", "digit(3)", "Wolf ↘ / lamb 3", show=False, id="wolf.key-3"),
    Binding("4", "digit(4)", "Lamb 4", show=False, id="wolf.key-4"),
    Binding("6", "digit(6)", "(says: a lamb goes 7 ↖ or 9 ↗)", show=False, id="wolf.key-6"),
    # WASD and h j k l: a / h / ← and d / l / → move the chosen lamb, w s / k j / ↑ ↓ choose one
    Binding("left,a,h", "diagonal('nw')", "Selected lamb ↖", show=False, id="wolf.lamb-left"),
    Binding("right,d,l", "diagonal('ne')", "Selected lamb ↗", show=False, id="wolf.lamb-right"),
    Binding("tab,s,j,down", "next_lamb(1)", "Next lamb", key_display="tab", id="wolf.next-lamb"),
    Binding("shift+tab,w,k,up", "next_lamb(-1)", "Previous lamb", show=False, id="wolf.previous-lamb"),
    Binding("t", "take_back", "Take back", id="wolf.take-back"),
    Binding("r", "toggle_purist", "Purist", id="wolf.toggle-purist"),
    # u is ↗ (y u b n): undo is z / Ctrl+Z, redo U / Ctrl+Y
    Binding("z,ctrl+z", "undo", "Undo", id="wolf.undo"),
    Binding("U,ctrl+y", "redo", "Redo", show=False, key_display="U", id="wolf.redo"),
    Binding("p", "pause", "Pause", show=False, id="wolf.pause"),
    Binding("H", "toggle_history", "Move history", show=False, key_display="H", id="wolf.toggle-history"),
    Binding("x", "export_history", "Export the moves", show=False, id="wolf.export-history"),
    TOGGLE_REGISTERS,
    Binding("f", "toggle_speed", "Computer's pace", show=False, id="wolf.toggle-pace"),
    Binding("g", "new_game", "New game", id="wolf.new-game"),
    Binding("escape,backspace", "app.launcher", "Back", id="arcade.back"),
]


class MoveKeys:
    """Keys and clicks to moves, as the TI-57 would be keyed."""

    def __init__(self, screen: MoveKeysScreen) -> None:
        self.screen = screen

    def _ready(self) -> bool:
        """Can a person play now?  If not, say why."""
        screen = self.screen
        if screen.wait_if_running():
            return False
        if screen.picture is None:
            screen.say("Wait: the TI-57 is being set up.")
            return False
        view = screen.shown_view
        if view.phase is Phase.OVER and view.result is not None:
            screen.say(f"The game is over: the {view.result.winner.value} won ({view.result.reason}). g: new game.")
            return False
        if view.phase is Phase.FLASHING:
            screen.app.bell()
            screen.say(f"The display flashes: the TI-57 refused SBR {view.collision}. Press t to take it back.")
            return False
        if view.computer_to_move:
            screen.say(f"The computer plays the {view.to_move.value}: wait for its move.")
            return False
        return True

    def diagonal(self, name: str) -> None:
        """7 9 1 3 (y u b n): the wolf's way, or the chosen lamb's."""
        screen = self.screen
        if not self._ready():
            return
        view = screen.shown_view
        if view.to_move is Side.WOLF:
            screen.play(WolfMove.wolf(render.WOLF_KEY[name]), f"The wolf {render.ARROW[name]}", f"Refused {render.ARROW[name]}")
        elif screen.selected is None:
            screen.say("Choose a lamb first: 1-4, Tab or click.")
        elif name not in render.LAMB_KEY:
            screen.app.bell()
            screen.say(f"Refused: lambs only go forward (↖ or ↗), not {render.ARROW[name]}.")
        else:
            screen.play(WolfMove.of_lamb(screen.selected, render.LAMB_KEY[name]), f"Lamb {screen.selected} {render.ARROW[name]}")

    def digit(self, n: int) -> None:
        """A digit names a lamb (1-4); on the wolf's turn 1 and 3 are its ways down."""
        screen = self.screen
        view = screen.shown_view
        if view.to_move is Side.WOLF and view.phase is not Phase.OVER:
            if n in (1, 3):
                self.diagonal("sw" if n == 1 else "se")
            else:
                screen.app.bell()
                screen.say("The wolf moves on the diagonals: 7 ↖ 9 ↗ 1 ↙ 3 ↘.")
        elif n in (1, 2, 3, 4):
            self.select(n)
        elif view.to_move is Side.LAMBS and view.phase is not Phase.OVER:
            screen.app.bell()
            screen.say(f"{LAMB_KEYS_WORDS}.")

    def select(self, k: int) -> None:
        screen = self.screen
        view = screen.shown_view
        if view.to_move is not Side.LAMBS or view.computer_to_move or screen.busy or screen.picture is None:
            return
        screen.selected = k
        screen.say(f"Lamb {k} on {view.register_texts[k]}: {LAMB_KEYS_WORDS}.")
        screen.redraw()

    def next_lamb(self, step: int) -> None:
        current = self.screen.selected or (0 if step > 0 else 5)
        self.select((current - 1 + step) % 4 + 1)

    def clicked(self, square: tuple[int, int]) -> None:
        """A click on a lamb chooses it; on a square next to the piece to move, moves it there."""
        screen = self.screen
        view = screen.shown_view
        if view.to_move is Side.LAMBS and square in view.board.lambs:
            self.select(view.board.lambs.index(square) + 1)
            return
        origin = view.board.wolf if view.to_move is Side.WOLF else (
            view.board.lambs[screen.selected - 1] if screen.selected else None)
        if origin is not None:
            step = (square[0] - origin[0], square[1] - origin[1])
            name = next((n for n, d in render.STEP.items() if d == step), None)
            if name is not None:
                self.diagonal(name)
