"""The wolf's two questions: who sits where in a new game, and what now that the game is over.

Both answer with the screen's own keys: ``g`` is the wolf screen's new game (``n`` is
the wolf's ↘ there), so the game-over dialog says and takes ``g``.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from arcade.screens.ti57_wolf.render import seat_label
from arcade.widgets.dialogs import Question
from games.session import Seat
from games.ti57_wolf.computer import LAMB_LEVELS, WOLF_LEVELS
from games.ti57_wolf.referee import Side

CHOICES: dict[Side, tuple[Seat, ...]] = {
    Side.WOLF: (Seat(), *(Seat("computer", level) for level in WOLF_LEVELS)),
    Side.LAMBS: (Seat(), *(Seat("computer", level) for level in LAMB_LEVELS)),
}
"""What each seat can be, in the order ``w`` / ``l`` step through them."""


def seat_setting(seat: Seat) -> str:
    """A seat as the settings file keeps it: "person", or "computer LEVEL"."""
    return "person" if seat.kind == "person" else f"computer {seat.level}"


def seat_from_setting(side: Side, text: str) -> Seat | None:
    """The seat a setting names, if it is one this side can have (None: an unknown or old one)."""
    seat = Seat() if text == "person" else Seat("computer", text.removeprefix("computer ").strip() or None)
    return seat if seat in CHOICES[side] else None


class WolfGameOver(Question):
    """The result, and the screen's own key for a new game."""

    ANSWERS = [("new", "New game (g)"), ("board", "Look at the board (Esc)")]
    BINDINGS = [
        Binding("g", "answer('new')", "New game", id="wolf.gameover.new"),
        Binding("l", "answer('launcher')", "Launcher", id="wolf.gameover.launcher"),
    ]


class NewWolfGame(ModalScreen[dict[Side, Seat] | None]):
    """Who plays the wolf and who plays the lambs: a person, or the computer at a level."""

    DEFAULT_CSS = """
    NewWolfGame { align: center middle; background: $background 60%; }
    NewWolfGame > Vertical { width: 64; height: auto; padding: 1 2; border: thick $accent; background: $surface; }
    NewWolfGame #seats { height: 4; margin-bottom: 1; }
    NewWolfGame Horizontal { height: auto; align-horizontal: center; }
    NewWolfGame Button { margin: 0 1; min-width: 14; }
    """

    AUTO_FOCUS = "#start"  # Enter starts; w and l change the seats
    BINDINGS = [
        Binding("w", "next_seat('wolf')", "Wolf: person or computer", id="wolf.newgame.wolf"),
        Binding("l", "next_seat('lambs')", "Lambs: person or computer", id="wolf.newgame.lambs"),
        Binding("enter,g", "start", "Start (a coin toss)", id="wolf.newgame.start"),
        Binding("escape,backspace", "cancel", "Cancel", key_display="esc", id="wolf.newgame.cancel"),
    ]

    FIRST = ("Who plays each side? A person (two people share the keyboard), or the computer.\n"
             "Remembered for the next time; g (new game) asks again.")
    """The words of the question on the first game ever (no choice remembered)."""

    def __init__(self, seats: dict[Side, Seat], *, first: bool = False) -> None:
        super().__init__()
        self.seats = {side: seats.get(side, Seat()) for side in Side}
        self.first = first

    def compose(self) -> ComposeResult:
        with Vertical():
            if self.first:
                yield Static(self.FIRST, id="first")
            yield Static("New game: a coin toss decides who starts.", id="title")
            yield Static(self._seats_text(), id="seats", markup=False)
            with Horizontal():
                yield Button("Wolf (w)", id="seat-wolf")
                yield Button("Lambs (l)", id="seat-lambs")
                yield Button("Start (Enter)", id="start", variant="primary")

    def on_mount(self) -> None:
        clear = getattr(self.app, "clear_passing_toasts", None)  # a new game's first question (Question's too)
        if clear is not None:
            clear()

    def _seats_text(self) -> Text:
        t = Text(no_wrap=True, overflow="ellipsis", end="")
        for side in Side:
            t.append(f"{side.value.capitalize():<6} ", "bold")
            t.append(seat_label(self.seats[side]) + "\n")
        t.append("w, l: change who plays a side.  Enter: start.", "dim")
        return t

    def action_next_seat(self, side: str) -> None:
        which = Side(side)
        choices = CHOICES[which]
        current = self.seats[which]
        index = choices.index(current) if current in choices else -1
        self.seats[which] = choices[(index + 1) % len(choices)]
        self.query_one("#seats", Static).update(self._seats_text())

    def action_start(self) -> None:
        self.dismiss(dict(self.seats))

    def action_cancel(self) -> None:
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "start":
            self.action_start()
        else:
            self.action_next_seat((event.button.id or "").removeprefix("seat-"))
