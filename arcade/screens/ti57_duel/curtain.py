"""The duel's curtains: the hand-off between two people, the PIN prompt, the opaque resume question.

Each covers the whole screen with the background colour: nothing of a player's view shows
through, and their words are public.
"""

from __future__ import annotations

from typing import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.color import Color
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Header, Input, Static

from arcade.widgets.dialogs import ResumeDialog
from arcade.widgets.footer import KeysFooter
from games.ti57_duel.session import PIN_DIGITS

PIN_LENGTH = PIN_DIGITS[1]
PIN_RULE = f"{PIN_DIGITS[0]} to {PIN_DIGITS[1]} digits"
"""What a PIN is, in the dialogs' words (six digits at least: ``docs/reliability.md`` says why)."""


def pin_refusal(pin: str) -> str | None:
    """Why the PIN box keeps this PIN (None: the session may take it): said inside the box, which
    stays open, so that the digits typed next go to the PIN, not to the board's cursor."""
    low, high = PIN_DIGITS
    if low <= len(pin) <= high:
        return None
    size = "Too short" if len(pin) < low else "Too long"
    return f"{size}: a PIN is {low} to {high} digits, this one has {len(pin)}. Type it again."


class HandOff(Screen[str | None]):
    """The curtain between two players: opaque, public words only; Enter (and a PIN, if locked) lifts it.

    ``lift(pin)`` asks the host's table to lift it; the screen then dismisses the curtain, or
    hands it the refusal to show (``refused``: "that is not Player 2's PIN"), and it stays up.
    """

    GAME_ID = "ti57-duel"  # ? shows the duel's help (public) and this curtain's keys
    AUTO_FOCUS = None  # the PIN field takes the keys only once Enter asked for it

    DEFAULT_CSS = """
    HandOff { align: center middle; background: $background; }
    HandOff > Vertical { width: 64; height: auto; }
    HandOff #handoff-text { width: 100%; height: auto; padding: 1 2; border: thick $accent; text-align: center; }
    HandOff #pin { display: none; width: 100%; margin-top: 1; }
    HandOff.-pin #pin { display: block; }
    HandOff #pin-message { height: auto; color: $text-warning; text-align: center; }
    """

    BINDINGS = [
        Binding("enter", "reveal", "Show my view", id="duel.handoff-reveal"),
        Binding("u,ctrl+z", "undo", "Take my move back", id="duel.undo"),
        Binding("escape,backspace", "app.launcher", "Back", id="arcade.back"),
    ]

    def __init__(self, player: int, text: str, undo_for: int | None, needs_pin: bool,
                 lift: Callable[[str | None], None]) -> None:
        super().__init__()
        self.player = player
        self.text = text
        self.undo_for = undo_for
        """The player who just moved and may take it back, until the curtain lifts; None: no undo here."""
        self.needs_pin = needs_pin
        self.lift = lift
        self.asking = False  # a lift asked, not yet answered: Enter waits

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical():
            yield Static(self.text, id="handoff-text")
            yield Input(placeholder=f"Player {self.player}'s PIN, then Enter", password=True,
                        max_length=PIN_LENGTH, restrict=r"[0-9]*", id="pin")
            yield Static("", id="pin-message")
        yield KeysFooter(compact=True)

    def on_mount(self) -> None:
        self.title = "Blind duel on the TI-57"
        self.sub_title = f"hand-off to Player {self.player}"
        self.query_one("#pin", Input).disabled = True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            return True if self.undo_for is not None and not self.has_class("-pin") else None
        return True

    def action_undo(self) -> None:
        if self.undo_for is not None:
            self.dismiss("undo")

    def action_reveal(self) -> None:
        if not self.needs_pin:
            self._try(None)
            return
        self.add_class("-pin")
        self.refresh_bindings()
        pin = self.query_one("#pin", Input)
        pin.disabled = False
        pin.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        pin, event.input.value = event.value, ""
        self._try(pin)

    def _try(self, pin: str | None) -> None:
        if not self.asking:
            self.asking = True
            self.lift(pin)

    def refused(self, text: str) -> None:
        """The table kept the curtain down (a wrong PIN): said, and Enter may try again."""
        self.asking = False
        self.app.bell()
        self.query_one("#pin-message", Static).update(text)


class PinDialog(ModalScreen[str | None]):
    """Ask one player for a PIN (choosing one, or opening a locked save); opaque; Esc cancels."""

    DEFAULT_CSS = """
    PinDialog { align: center middle; background: $background; }
    PinDialog > Vertical { width: 64; height: auto; padding: 1 2; border: thick $accent; background: $surface; }
    PinDialog #pin-question { margin-bottom: 1; }
    PinDialog #pin-message { color: $text-warning; }
    """

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="dialog.cancel")]

    def __init__(self, question: str, check: Callable[[str], str | None] | None = None) -> None:
        super().__init__()
        self.question = question
        self.check = check

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.question, id="pin-question")
            yield Input(placeholder=f"{PIN_RULE}, then Enter", password=True, max_length=PIN_LENGTH,
                        restrict=r"[0-9]*", id="pin")
            yield Static("", id="pin-message")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        refusal = self.check(event.value) if self.check is not None else None
        if refusal is not None:
            event.input.value = ""
            self.query_one("#pin-message", Static).update(refusal)
            return
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)


class DuelResumeDialog(ResumeDialog):
    """The resume question, opaque like every curtain of the duel (a default modal shows the board through)."""

    def on_mount(self) -> None:
        # inline, so that no rule of the see-through Question can win over it
        self.styles.background = Color.parse(self.app.get_css_variables()["background"])
