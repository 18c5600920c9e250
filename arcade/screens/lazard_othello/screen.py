"""Lazard Othello: Emmanuel Lazard's BASIC Othello (J&S n°35, reconstructed) on an emulated CPC 6128.

Beside the rich board, the CPC's own 40x25 screen in its colours.  The player plays on
the board (cursor, Enter, click) and the driver types the column letter and the row
digit as the program asks for them; or presses ``t`` and types on the CPC's keyboard
directly, the driver's referee still judging what the program read
(``LazardOthelloDriver.type_key``).

The turn flow, saves, undo, history, pause and stop are ``OthelloScreen``'s; the CPC's
screen comes as the driver's frozen ``CpcScreenView`` (cells and colours).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.reactive import reactive

from arcade.screens.lazard_othello.variants import CpcWorkshop
from arcade.screens.lazard_othello.words import REAL_STATEMENTS_PER_SECOND, CpcWords, seconds
from arcade.screens.messages import MachineProgress
from arcade.screens.othello.screen import OthelloScreen
from arcade.widgets.cpc_screen import CpcScreen, CpcScreenView, CpcTyped, CpcTypingLeft
from games.host.news import Answer
from games.othello.driver import OthelloDriver
from games.othello.session import OthelloView

REAL_SLICE = 73  # a tenth of a second of a real CPC

TYPING = Text("Keys go to the CPC. Esc: the board", "bold reverse")
"""The status line while the keys go to the CPC."""


class LazardOthelloScreen(OthelloScreen):
    """The rich board on the left; the CPC's monitor on the right; its workshop (``CpcWorkshop``)
    and words (``CpcWords``) held as parts."""

    GAME_ID = "lazard-othello"
    CSS_PATH = str(Path(__file__).with_name("screen.tcss"))  # absolute: subclasses elsewhere keep it
    TITLE = "Lazard Othello on the CPC 6128"
    MACHINE = "CPC"
    STEPS_PER_SECOND = REAL_STATEMENTS_PER_SECOND
    REAL_SLICE = REAL_SLICE

    BINDINGS = [
        Binding("t", "type_on_cpc", "Type on CPC", id="cpc.type"),
        Binding("s", "toggle_speed", "Speed", id="cpc.toggle-speed"),
        Binding("w", "workshop", "Change the program", show=False, id="cpc.workshop"),
    ]

    typing: reactive[bool] = reactive(False, repaint=False)

    def __init__(self, driver_factory: Callable[[], OthelloDriver] | None = None, *, ask_side: bool = True) -> None:
        super().__init__(driver_factory, ask_side=ask_side, words=CpcWords(self.MACHINE))
        self.workshop = CpcWorkshop(self)
        self._rewind = False  # the next turn first rewinds a half-typed entry (``rewind_before_move``)

    # -- the CPC's panel --------------------------------------------------------------

    def compose_machine(self) -> ComposeResult:
        yield CpcScreen(id="cpc", classes="machine-panel")

    def on_mount(self) -> None:
        self.show_variant()  # the title names the CPC; then OthelloScreen.on_mount

    def show_machine(self, view: OthelloView) -> None:
        if isinstance(view.machine, CpcScreenView) and (not self.busy or view.running == "person"):
            self.query_one("#cpc", CpcScreen).view = view.machine

    def show_progress(self, message: MachineProgress) -> None:
        super().show_progress(message)
        if message.view is not None:
            self.query_one("#cpc", CpcScreen).view = message.view
        done = f"{message.steps:,}" + (f"/{message.total:,}" if message.total else "")
        self.show_message(f"The CPC runs: {done} statements, {seconds(message.steps)} of a real CPC.")

    def machine_status(self) -> Text | None:
        return TYPING if self.typing else None

    def speed_text(self) -> str:
        if self.instant:
            return "Instant speed."
        return f"Real CPC speed: about {REAL_STATEMENTS_PER_SECOND} BASIC statements a second."

    # -- actions ---------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        allowed = super().check_action(action, parameters)
        if action == "type_on_cpc" and self.paused:
            return None
        if self.typing and action in ("play", "pass_turn", "new_game", "toggle_legal", "type_on_cpc", "toggle_speed"):
            return False  # the keys go to the CPC: the footer offers its keys, not the board's
        return allowed

    def footer_signature(self) -> tuple[object, ...]:
        return (super().footer_signature(), self.typing)

    def before_human_move(self) -> None:
        self._rewind = self.typing  # a half-typed entry on the CPC gives way to the board's move

    def rewind_before_move(self) -> bool:
        """The rewind restores the CPC (its program recompiled): at the table, as the move's first part."""
        rewind, self._rewind = self._rewind, False
        return rewind

    def type_on_machine(self, what: str, key: str = "") -> None:
        """``begin``, ``key`` or ``rewind`` typing on the CPC's keyboard, at the table (answered in order)."""
        if self.table is not None:
            self.table.ask(f"typing-{what}", "typing", what, key)

    def human_turn_begins(self) -> None:
        if self.typing:
            self.type_on_machine("begin")

    def game_ended(self) -> None:
        self.typing = False

    def game_starts(self) -> None:
        self.typing = False

    def action_type_on_cpc(self) -> None:
        if self.busy or not self.view.person_to_move:
            self.say("The CPC is not asking for your move.")
            return
        self.typing = True
        self.type_on_machine("begin")
        self.say("Type as on the CPC: a letter, RETURN, a digit, RETURN (O O passes).")

    def watch_typing(self, typing: bool) -> None:
        if not self.is_mounted:  # its first value, asked for (by a footer's check) before the screen is all there
            return
        cpc = self.query_one("#cpc", CpcScreen)
        cpc.typing = typing
        self.set_class(typing, "-typing")
        self.update_status()
        self.refresh_footer()

    @on(CpcTypingLeft)
    def _typing_left(self, event: CpcTypingLeft) -> None:
        if not self.busy:
            self.type_on_machine("rewind")
        self.typing = False
        self.say("Back to the board.")
        self.render_view()

    @on(CpcTyped)
    def _typed(self, event: CpcTyped) -> None:
        if self.busy or self.paused:
            self.say("Wait: the CPC is not asking for your move.")
            return
        self.type_on_machine("key", event.key)

    def asked(self, kind: str, answer: Answer) -> None:
        """The CPC's answer to a key typed on it: a whole move read, a refusal, or the next key awaited."""
        if not kind.startswith("typing-"):
            super().asked(kind, answer)
            return
        if kind == "typing-key" and answer.done:
            outcome = answer.result
            if outcome.kind == "move" and not self.busy:
                self.say(f"You play {self.words.move_text(outcome.square)}.")
                self.turns.start("person", outcome.square)
                return
            if outcome.kind == "refused":
                self.app.bell()
                self.say(self.words.refusal(outcome.square, outcome.text))
        elif answer.outcome == "refused":
            self.say(answer.text)
        elif answer.outcome == "failed":
            if answer.error == "MachineDisagrees":
                self.type_on_machine("rewind")
            self.say(f"{answer.error}: {answer.text}")
            self.render_view()
            return
        self.show_machine(self.view)

    def action_workshop(self) -> None:
        """The keys go back to the board before the CPC room opens (F10 there comes back)."""
        if not self.busy:
            self.typing = False
        super().action_workshop()

    def palette_commands(self) -> list[tuple[str, str, Callable[[], Any]]]:
        return [
            ("CPC: change the program", "Open the listing in the CPC room; SAVE a variant, n plays it", self.action_workshop),
            *super().palette_commands(),
            ("CPC: type on the keyboard", "Keys go to the CPC as on the real machine", self.action_type_on_cpc),
            ("CPC: toggle speed", f"Instant, or a real CPC's {REAL_STATEMENTS_PER_SECOND} statements a second", self.action_toggle_speed),
        ]
