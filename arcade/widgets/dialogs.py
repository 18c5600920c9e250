"""Small modal questions shared by the game screens: opaque, keyboard first, mouse too."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static

from arcade.widgets.plain import plain


class Question(ModalScreen[str | None]):
    """A question whose answers are buttons; subclasses bind one key per answer."""

    DEFAULT_CSS = """
    Question { align: center middle; background: $background 60%; }
    Question > Vertical {
        width: 64; height: auto; padding: 1 2;
        border: thick $accent; background: $surface;
    }
    Question #question { margin-bottom: 1; }
    Question Horizontal { height: auto; align-horizontal: center; }
    Question Button { margin: 0 1; min-width: 16; }
    """

    ANSWERS: list[tuple[str, str]] = []
    """``(value, button label)``: the buttons, in order."""
    FIRST_OF_A_GAME = False
    """The first question of a new game (which side, which program): the toasts of the game before
    that only said where a file went (its export) go (``ArcadeApp.clear_passing_toasts``)."""

    BINDINGS = [
        Binding("escape,backspace", "answer('')", "Cancel", key_display="esc", id="dialog.cancel"),  # backspace: Esc is slow under tmux
        Binding("left", "app.focus_previous", "Previous", show=False, id="dialog.previous"),
        Binding("right", "app.focus_next", "Next", show=False, id="dialog.next"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(plain(self.question, lines=True), id="question")
            with Horizontal():
                for value, label in self.ANSWERS:  # a label may hold a file's name: plain text
                    yield Button(plain(label), id=f"answer-{value}", variant="primary")

    def on_mount(self) -> None:
        clear = getattr(self.app, "clear_passing_toasts", None)
        if self.FIRST_OF_A_GAME and clear is not None:
            clear()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss((event.button.id or "").removeprefix("answer-") or None)

    def action_answer(self, value: str) -> None:
        self.dismiss(value or None)


class ResumeDialog(Question):
    """A saved game exists: go on with it, or start a new one."""

    ANSWERS = [("resume", "Resume (r)"), ("new", "New game (n)")]
    BINDINGS = [
        Binding("r", "answer('resume')", "Resume", id="resume.resume"),
        Binding("n", "answer('new')", "New game", id="resume.new"),
    ]


class SideDialog(Question):
    """New game: which side does the machine play?  Black moves first."""

    ANSWERS = [("black", "Black (b): it starts"), ("white", "White (w): you start")]
    FIRST_OF_A_GAME = True
    BINDINGS = [
        Binding("b", "answer('black')", "Machine plays Black", id="newgame.machine-black"),
        Binding("w", "answer('white')", "Machine plays White", id="newgame.machine-white"),
    ]


class GameOverDialog(Question):
    """The score, and a way to start again."""

    ANSWERS = [("new", "New game (n)"), ("board", "Look at the board (Esc)")]
    BINDINGS = [
        Binding("n", "answer('new')", "New game", id="gameover.new"),
        Binding("l", "answer('launcher')", "Launcher", id="gameover.launcher"),
    ]


class DiscardDialog(Question):
    """Before a new game throws away the one in progress: say so, and let the player keep it."""

    ANSWERS = [("new", "New game (y)"), ("keep", "Keep playing (Esc)")]
    BINDINGS = [Binding("y", "answer('new')", "New game", id="discard.confirm")]


class NamedFileDialog(ModalScreen[tuple[str, str] | None]):
    """A name, then one of a few things to do with the file of that name (a card, a notebook page).

    Dismissed with ``(action, name)``: Enter in the name field does the first action; Esc gives None.
    A subclass sets the words and the buttons, and binds Esc with an id of its own."""

    DEFAULT_CSS = """
    NamedFileDialog { align: center middle; background: $background 60%; }
    NamedFileDialog > Vertical { width: 64; height: auto; padding: 1 2; border: thick $accent; background: $surface; }
    NamedFileDialog Horizontal { height: auto; margin-top: 1; }
    NamedFileDialog Button { margin: 0 1 0 0; }
    """
    TITLE_TEXT = ""  # followed by the names known so far
    PLACEHOLDER = ""
    ACTIONS: list[tuple[str, str]] = []
    """``(action, button label)``; the first is what Enter does."""

    def __init__(self, names: list[str]) -> None:
        super().__init__()
        self.names = names

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(plain(f"{self.TITLE_TEXT}: {', '.join(self.names) if self.names else 'none yet'}"))  # files' names
            yield Input(placeholder=self.PLACEHOLDER, id="file-name")
            with Horizontal():
                for i, (action, label) in enumerate(self.ACTIONS):
                    yield Button(plain(label), id=action, variant="primary" if i == 0 else "default")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss((self.ACTIONS[0][0], event.value))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss((event.button.id or self.ACTIONS[0][0], self.query_one(Input).value))

    def action_dismiss_none(self) -> None:
        self.dismiss(None)


class MessageLog(ModalScreen[None]):
    """Every message of the game so far, whole and newest last: what a small message area cut short."""

    DEFAULT_CSS = """
    MessageLog { align: center middle; background: $background 60%; }
    MessageLog > VerticalScroll {
        width: 90%; max-width: 100; height: 80%; padding: 0 1;
        border: thick $accent; background: $surface;
    }
    MessageLog .message { margin-bottom: 1; }
    """

    BINDINGS = [
        Binding("escape,backspace,L,q", "dismiss", "Close", key_display="esc", id="messages.close"),
    ]

    def __init__(self, messages: list[str]) -> None:
        super().__init__()
        self.messages = messages

    def compose(self) -> ComposeResult:
        with VerticalScroll() as scroll:
            scroll.border_title = "Messages (Esc closes)"
            for text in self.messages or ["No message yet."]:
                yield Static(plain(text, lines=True), classes="message")

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).scroll_end(animate=False)
