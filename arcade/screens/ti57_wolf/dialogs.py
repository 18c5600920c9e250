"""The wolf's two questions: who sits where in a new game, and what now that the game is over.

Both answer with the screen's own keys: ``g`` is the wolf screen's new game (``n`` is
the wolf's ↘ there), so the game-over dialog says and takes ``g``.
"""

from __future__ import annotations

from dataclasses import dataclass

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


@dataclass(frozen=True)
class OtherTerminal:
    """The new game's answer when the other side plays on another terminal: ``here``, the side played here."""

    here: Side

    @property
    def there(self) -> Side:
        return Side.LAMBS if self.here is Side.WOLF else Side.WOLF


class WolfGameOver(Question):
    """The result, and the screen's own key for a new game."""

    ANSWERS = [("new", "New game (g)"), ("board", "Look at the board (Esc)")]
    BINDINGS = [
        Binding("g", "answer('new')", "New game", id="wolf.gameover.new"),
        Binding("l", "answer('launcher')", "Launcher", id="wolf.gameover.launcher"),
    ]


class NewWolfGame(ModalScreen[dict[Side, Seat] | OtherTerminal | None]):
    """Who plays the wolf and who plays the lambs: a person, the computer at a level, or (``o``) a
    person on another terminal, the game then hosted here (``OtherTerminal``)."""

    DEFAULT_CSS = """
    NewWolfGame { align: center middle; background: $background 60%; }
    NewWolfGame > Vertical { width: 64; height: auto; padding: 1 2; border: thick $accent; background: $surface; }
    NewWolfGame #seats { height: 4; margin-bottom: 1; }
    NewWolfGame Horizontal { height: auto; align-horizontal: center; }
    NewWolfGame Button { margin: 0 1; min-width: 12; }
    """

    AUTO_FOCUS = "#start"  # Enter starts; w and l change the seats
    BINDINGS = [
        Binding("w", "next_seat('wolf')", "Wolf: person or computer", id="wolf.newgame.wolf"),
        Binding("l", "next_seat('lambs')", "Lambs: person or computer", id="wolf.newgame.lambs"),
        Binding("o", "other_terminal", "Player 2: on another terminal", id="wolf.newgame.other-terminal"),
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
        self.elsewhere: Side | None = None  # the side played on another terminal (None: both here)

    def compose(self) -> ComposeResult:
        with Vertical():
            if self.first:
                yield Static(self.FIRST, id="first")
            yield Static("New game: a coin toss decides who starts.", id="title")
            yield Static(self._seats_text(), id="seats", markup=False)
            with Horizontal():
                yield Button("Wolf (w)", id="seat-wolf")
                yield Button("Lambs (l)", id="seat-lambs")
                yield Button("Remote (o)", id="other-terminal")
                yield Button("Start (Enter)", id="start", variant="primary")

    def on_mount(self) -> None:
        clear = getattr(self.app, "clear_passing_toasts", None)  # a new game's first question (Question's too)
        if clear is not None:
            clear()

    def _seats_text(self) -> Text:
        t = Text(no_wrap=True, overflow="ellipsis", end="")
        for side in Side:
            t.append(f"{side.value.capitalize():<6} ", "bold")
            if self.elsewhere is None:
                t.append(seat_label(self.seats[side]) + "\n")
            else:
                t.append("Player 2: on another terminal\n" if side is self.elsewhere else "you, here\n")
        t.append("o: the other side on another terminal.  Enter: host it." if self.elsewhere is not None
                 else "w, l: change who plays a side.  o: another terminal.", "dim")
        return t

    def action_other_terminal(self) -> None:
        """Player 2 on another terminal: the lambs, then the wolf, then both sides back here."""
        self.elsewhere = {None: Side.LAMBS, Side.LAMBS: Side.WOLF, Side.WOLF: None}[self.elsewhere]
        self.query_one("#seats", Static).update(self._seats_text())

    def action_next_seat(self, side: str) -> None:
        self.elsewhere = None  # both sides here again
        which = Side(side)
        choices = CHOICES[which]
        current = self.seats[which]
        index = choices.index(current) if current in choices else -1
        self.seats[which] = choices[(index + 1) % len(choices)]
        self.query_one("#seats", Static).update(self._seats_text())

    def action_start(self) -> None:
        if self.elsewhere is not None:
            self.dismiss(OtherTerminal(Side.LAMBS if self.elsewhere is Side.WOLF else Side.WOLF))
            return
        self.dismiss(dict(self.seats))

    def action_cancel(self) -> None:
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "start":
            self.action_start()
        elif event.button.id == "other-terminal":
            self.action_other_terminal()
        else:
            self.action_next_seat((event.button.id or "").removeprefix("seat-"))
