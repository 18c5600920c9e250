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

from arcade.screens.messages import MachineProgress
from arcade.screens.lazard_othello.variants import ProgramDialog, variant_doubts
from arcade.screens.othello.screen import OthelloScreen
from arcade.widgets.dialogs import SideDialog
from arcade.widgets.plain import visible
from arcade.widgets.cpc_screen import CpcScreen, CpcScreenView, CpcTyped, CpcTypingLeft
from games.othello.driver import MachineDisagrees, MoveRecord, OthelloDriver
from games.othello.referee import Disc, name
from games.othello.session import OthelloView

REAL_STATEMENTS_PER_SECOND = 730
"""A real CPC 6128 runs about 730 BASIC statements a second.  From bench/cpc_bench.py:
the emulator ran its 626,268 statements at 1,011,000 a second and scored 233,514 on
the bench64 scale, where bench64 puts a real CPC 6128 at 169: 1,011,000 x 169 / 233,514
= 730 statements a second on the same mix of loops, jumps, calls, tests and arithmetic.
One of the program's moves (about 4,200 statements) then takes some 6 seconds, the
"few seconds" a 1985 BASIC Othello took."""

REAL_SLICE = 73  # a tenth of a second of a real CPC


def seconds(statements: int) -> str:
    """How long a real CPC takes for ``statements`` BASIC statements."""
    s = statements / REAL_STATEMENTS_PER_SECOND
    return f"{s:.1f} s" if s < 60 else f"{int(s // 60)} min {round(s % 60):02d} s"


def program_notation(sq: int) -> str:
    """The program's name of a square: column letter, row digit (``C3``)."""
    return name(sq).upper()


def refusal(sq: int | None, reason: str) -> str:
    """``Illegal: A1 turns no disc over...``: the referee's reason, the square in the program's capitals."""
    if sq is None:
        return f"Illegal pass: {reason}."
    prefix = f"{name(sq)} "
    return f"Illegal: {program_notation(sq)} {reason.removeprefix(prefix)}." if reason.startswith(prefix) else f"Illegal: {program_notation(sq)}: {reason}."


class LazardOthelloScreen(OthelloScreen):
    """The rich board on the left; the CPC's monitor on the right."""

    GAME_ID = "lazard-othello"
    CSS_PATH = str(Path(__file__).with_name("screen.tcss"))  # absolute: subclasses elsewhere keep it
    TITLE = "Lazard Othello on the CPC 6128"
    MACHINE = "CPC"
    STEPS_PER_SECOND = REAL_STATEMENTS_PER_SECOND
    REAL_SLICE = REAL_SLICE
    SIDE_QUESTION = "New game. Which side does the CPC play? X (Black) moves first."
    PASS_HINT = "press 0 to pass (O RETURN O RETURN on the CPC)"
    RECORDING = "takes your move..."
    SCORE_GAP = "    "

    BINDINGS = [
        Binding("t", "type_on_cpc", "Type on CPC", id="cpc.type"),
        Binding("s", "toggle_speed", "Speed", id="cpc.toggle-speed"),
        Binding("w", "workshop", "Change the program", show=False, id="cpc.workshop"),
    ]

    typing: reactive[bool] = reactive(False, repaint=False)

    def __init__(self, driver_factory: Callable[[], OthelloDriver] | None = None, *, ask_side: bool = True) -> None:
        super().__init__(driver_factory, ask_side=ask_side)
        self.variant: str | None = None  # the name of the player's variant playing, if any
        self._rewind = False  # the next turn first rewinds a half-typed entry (``rewind_before_move``)

    # -- the CPC's panel --------------------------------------------------------------

    def compose_machine(self) -> ComposeResult:
        yield CpcScreen(id="cpc", classes="machine-panel")

    def on_mount(self) -> None:
        self.sub_title = "Locomotive BASIC 1.1"  # the title names the CPC; then OthelloScreen.on_mount

    def show_machine(self, view: OthelloView) -> None:
        if isinstance(view.machine, CpcScreenView) and (not self.busy or view.running == "person"):
            self.query_one("#cpc", CpcScreen).view = view.machine

    def show_progress(self, message: MachineProgress) -> None:
        if message.view is not None:
            self.query_one("#cpc", CpcScreen).view = message.view
        done = f"{message.steps:,}" + (f"/{message.total:,}" if message.total else "")
        self.show_message(f"The CPC runs: {done} statements, {seconds(message.steps)} of a real CPC.")

    # -- words ---------------------------------------------------------------------------

    def board_labels(self) -> dict[str, tuple[str, ...]]:
        return {"col_labels": tuple("ABCDEFGH")}  # the program's own letters

    def program_notation(self, sq: int) -> str:
        return program_notation(sq)

    def move_text(self, sq: int | None) -> str:
        return "Pass (O O)" if sq is None else program_notation(sq)

    def refusal(self, sq: int | None, reason: str) -> str:
        return refusal(sq, reason)

    def disc_tag(self, disc: Disc) -> str:
        return " X" if disc is Disc.BLACK else " O"

    def side_name(self, disc: Disc) -> str:
        return "X (Black)" if disc is Disc.BLACK else "O (White)"

    def score_text(self, black: int, white: int) -> str:
        return f"X {black} - O {white}"

    def dialog_score(self, black: int, white: int) -> str:
        return f"X (Black) {black}, O (White) {white}"

    def cursor_text(self, cursor: int) -> str:
        return f"cursor {program_notation(cursor)}"

    def typing_status(self) -> Text | None:
        return Text("Keys go to the CPC. Esc: the board", "bold reverse") if self.typing else None

    def machine_played(self, record: MoveRecord) -> str:
        played = "passes (Je passe.)" if record.square is None else f"plays {record.machine_notation}"
        return f"The CPC {played}: {self._last_time}."

    def key_sequence(self, record: MoveRecord) -> str:
        return " ".join(key.replace("\r", " RETURN") for key in record.keys)

    def speed_text(self) -> str:
        if self.instant:
            return "Instant speed."
        return f"Real CPC speed: about {REAL_STATEMENTS_PER_SECOND} BASIC statements a second."

    # -- actions ---------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        allowed = super().check_action(action, parameters)
        if action == "type_on_cpc" and self.paused:
            return False
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

    def turn_shown(self, record: MoveRecord) -> None:
        self._last_time = f"{record.machine_steps:,} statements, {seconds(record.machine_steps)} on a CPC"

    def start_game(self, machine_color: Disc) -> None:
        self.typing = False
        super().start_game(machine_color)

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

    def asked(self, kind: str, answer: Any) -> None:
        """The CPC's answer to a key typed on it: a whole move read, a refusal, or the next key awaited."""
        if not kind.startswith("typing-"):
            super().asked(kind, answer)
            return
        if kind == "typing-key" and answer.done:
            outcome = answer.result
            if outcome.kind == "move" and not self.busy:
                self.say(f"You play {self.move_text(outcome.square)}.")
                self._start_turn("person", outcome.square)
                return
            if outcome.kind == "refused":
                self.app.bell()
                self.say(refusal(outcome.square, outcome.text))
        elif answer.outcome == "refused":
            self.say(answer.text)
        elif answer.outcome == "failed":
            if answer.error == "MachineDisagrees":
                self.type_on_machine("rewind")
            self.say(f"{answer.error}: {answer.text}")
            self.render_view()
            return
        self.show_machine(self.view)

    # -- the workshop: change the program, play a variant (issue 15) ---------------------

    def action_workshop(self) -> None:
        """Open the program (the variant playing, or Lazard's) in the CPC room; F10 there comes back."""
        if self.busy:
            self.say(self.busy_text())
            return
        self.typing = False
        self.app.start_game("cpc-room")  # type: ignore[attr-defined]
        open_listing = getattr(self.app.screen, "open_listing", None)
        if callable(open_listing):
            open_listing((self.variant or "othello").lower(), back_to=self.GAME_ID)

    def action_new_game(self) -> None:
        """With variants saved in the CPC room, first ask which program plays."""
        from arcade.screens.room.cpc_disc import disc_dir

        disc = disc_dir()
        try:
            programs = any(p.suffix.upper() == ".BAS" for p in disc.iterdir())
        except OSError:
            programs = False  # no disc folder (or unreadable: ``variants`` would find none either)
        if not programs:
            super().action_new_game()  # no program on the disc: no question, no import of the variants' CPC
            return
        from games.workshop.variants import variants

        found = variants(disc)
        if not found:
            super().action_new_game()
            return

        def picked(answer: str | None) -> None:
            if answer is None:
                return
            variant = found[int(answer) - 1] if answer != "0" else None

            def chosen(side: str | None) -> None:
                if side in ("black", "white"):
                    self.start_program(variant, Disc.BLACK if side == "black" else Disc.WHITE)

            self.app.push_screen(SideDialog(self.SIDE_QUESTION), chosen)

        self.app.push_screen(ProgramDialog([v.name for v in found], variant_doubts(found)), picked)

    def start_program(self, variant: Any, machine_color: Disc) -> None:
        """A new game played by ``variant`` (None: Lazard's), started on a session of its own at the
        host's table: if the variant cannot start the game, the game in progress stays."""
        self.new_generation()
        self.saves.ready = True
        self._last_time = ""
        self.typing = False
        who = f"the variant {variant.name}" if variant is not None else "Lazard's program"
        self.say(f"New game: {who} plays {self.side_name(machine_color)} on the CPC.")
        if variant is None:
            self.run_request("program", "start", machine_color)
        else:
            self.run_request("program", "start_variant", variant, machine_color)

    def job_done(self, kind: str, result: Any) -> None:
        if kind == "program":
            self.variant = self.session.variant
            self.show_variant()
            kind = "new"
        super().job_done(kind, result)

    def job_failed(self, kind: str, error: BaseException) -> None:
        super().job_failed(kind, error)
        if self.variant is not None and isinstance(error, MachineDisagrees):
            from games.workshop.variants import broke

            self.say(broke(self.variant, error))

    def settings(self) -> dict[str, Any]:
        return {**super().settings(), "variant": self.variant}

    def apply_settings(self, settings: dict[str, Any]) -> None:
        super().apply_settings(settings)
        variant = settings.get("variant")
        self.variant = variant if isinstance(variant, str) else None
        self.show_variant()

    def show_variant(self) -> None:
        base = "Locomotive BASIC 1.1"  # the title names Lazard, Othello and the CPC 6128
        self.sub_title = f"your variant {visible(self.variant)}" if self.variant else base

    def palette_commands(self) -> list[tuple[str, str, Callable[[], Any]]]:
        return [
            ("CPC: change the program", "Open the listing in the CPC room; SAVE a variant, n plays it", self.action_workshop),
            *super().palette_commands(),
            ("CPC: type on the keyboard", "Keys go to the CPC as on the real machine", self.action_type_on_cpc),
            ("CPC: toggle speed", f"Instant, or a real CPC's {REAL_STATEMENTS_PER_SECOND} statements a second", self.action_toggle_speed),
        ]
