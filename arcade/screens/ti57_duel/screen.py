"""The blind duel: one TI-57 that alone knows both squares, shown one player at a time.

The duel runs at a table of the machine host (``games/ti57_duel/table.py``): the session,
its TI-57, the computer players and the save's seal live there, never on this screen.  The
screen sends requests (a limit, a square, a move, the computer's turn, undo, resume...), each
naming who looks (``viewer``), and draws the last picture the host made for that viewer
(``seen.py``): nothing of the player who is not looking ever reaches it.  The TI-57 layout is
the one both TI-57 games share (``arcade/screens/ti57_screen.py``: ``frame()``, with ``render.py``).
The screen holds its parts: ``keys`` (keys and clicks become requests, ``keys.py``), ``saves``
(the sealed save, the resume and its PINs, ``saves.py``) and ``workshop`` (``W``, the program
of a new duel, ``arcade/screens/room/ti57_workshop.py``); the curtain and PIN dialogs are
``curtain.py``'s.  Between two people an opaque curtain (``curtain.HandOff``, a PIN in a locked
duel: its scrypt runs in the host) covers everything, after every private widget and
notification is wiped.  With the computer in a seat there is no curtain; it plays at the table,
paced like a person, its Pause (its square) never sent.  A person's move shows the TI-57's
Pause to the mover, as the table's notes (``DuelDisplay``) tell it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, ClassVar

from textual.reactive import reactive
from textual.screen import ModalScreen

from arcade.screens.room.ti57 import notebook_dir
from arcade.screens.room.ti57_workshop import TI57Workshop, workshop_binding
from arcade.screens.ti57_duel import render
from arcade.screens.ti57_duel.curtain import PIN_RULE, DuelResumeDialog, HandOff, PinDialog, pin_refusal
from arcade.screens.ti57_duel.keys import DUEL_BINDINGS, DuelKeys
from arcade.screens.ti57_duel.saves import DuelSaves
from arcade.screens.ti57_duel.seen import SeenDuel
from arcade.screens.ti57_screen import TI57_CSS, TI57Frame, TI57Screen
from arcade.widgets.dialogs import DiscardDialog
from arcade.widgets.grid import BoardClicked
from arcade.widgets.grid import SquareBoard
from arcade.widgets.ti57 import PAUSE_SECONDS, Shown, TI57Display, key_lines
from arcade.widgets.words import Words
from games.host.news import Answer
from games.session import SaveUnreadable
from games.ti57_duel.seal import DEFAULT_COST, KdfCost
from games.ti57_duel.session import DuelView, LockedSave, Phase, WrongPin, WrongPins
from games.ti57_duel.table import COMPUTER_THINKS, DuelDisplay, PersonMoved
from games.workshop.ti57_variants import VariantBroke, VariantUnreadable


class TI57DuelScreen(TI57Screen):
    """Board and words on the left, the TI-57 on the right; one player's view at a time."""

    GAME_ID = "ti57-duel"
    CSS_PATH = [TI57_CSS, Path(__file__).parent / "screen.tcss"]
    TITLE = "Blind duel on the TI-57"
    MESSAGE_BESIDE = "board"
    PAUSED_TEXT = "Paused: everything is hidden.\n\nPress p to go on (the hand-off comes first)."
    BINDINGS = [*DUEL_BINDINGS, workshop_binding("duel")]
    HOSTED_ERRORS: ClassVar[dict[str, Callable[[str], BaseException]]] = {
        "WrongPin": WrongPin, "WrongPins": WrongPins, "LockedSave": LockedSave, "SaveUnreadable": SaveUnreadable,
        "VariantBroke": VariantBroke, "VariantUnreadable": VariantUnreadable}

    instant: reactive[bool] = reactive(False, repaint=False)  # toggle_speed draws the status

    def __init__(self, *, pause_seconds: float = PAUSE_SECONDS, blink: bool = True,
                 computer_thinks: float = COMPUTER_THINKS, seal_cost: KdfCost = DEFAULT_COST) -> None:
        super().__init__(blink=blink)
        self.pause_seconds = pause_seconds
        self.seen = SeenDuel()  # the table's last picture: all the screen knows of the duel
        self.keys = DuelKeys(self)
        self.duel_save = DuelSaves(self, self.seen)
        self.workshop = TI57Workshop(self, game_index=0)
        self.seat_choice = 0
        self.cursor: tuple[int, int] = (4, 4)
        self._frozen: DuelView | None = None  # the mover's view at their Pause, kept while the move runs
        self._covered = False  # the duel left the screen while a private view was up
        self._cover_due = False  # ... during a request: the curtain goes back once it ends
        self._handoff: HandOff | None = None  # the curtain up, waiting for its lift's answer
        self._said_after = ""  # a refusal, said again once the viewer's picture is back
        # each new duel keeps the seal's cost (tests pass a low one); the computer paced like a person
        self.open_table(seal_cost=seal_cost, pause_seconds=pause_seconds, computer_thinks=computer_thinks,
                        notebook=str(notebook_dir()))  # a resumed variant's page is read there

    @property
    def phase(self) -> str:
        return self.seen.phase.value

    @property
    def viewer(self) -> int | None:
        """The player whose private view is on screen (None: nothing private is)."""
        return None if self.paused or self._covered else self.seen.view.viewer

    def view(self) -> DuelView:
        if self.busy and self._frozen is not None:
            return self._frozen
        return self.seen.view

    def frame(self) -> TI57Frame:
        """The view of whoever looks now; the key log, or the history, once the duel is over."""
        v = self.view()
        over, registers, history = v.phase is Phase.OVER, self.registers_shown, self.history_shown
        return TI57Frame(
            sub_title=self.workshop.titled(render.public_sub_title(v)),
            board=render.board_view(v, self.cursor, self.busy),
            info=render.info_text(v, self.cursor, self.seat_choice == render.ELSEWHERE),
            status=render.status_text(v, self.instant),
            calculator=v, meanings=render.REGISTERS, hidden=v.hidden, registers=registers and bool(v.registers),
            keylog=over and not registers and not history,
            history=(render.history_rows(v.turns), "Keys: " + " ".join(key_lines(v.keys[: v.setup_keys])))
            if over and history and not registers else None)

    def on_mount(self) -> None:
        self.redraw()
        self.after_first_frame(self.saves.offer, self.duel_save.question, DuelResumeDialog)

    def on_screen_suspend(self) -> None:
        # Leaving for the launcher (not a help page) must not leave a private view behind.
        if self.viewer is not None and not isinstance(self.app.screen, (ModalScreen, HandOff)):
            self._covered = True
            self.wipe()
            self._cover_due = True
            if not self.busy:
                self.sync()  # the curtain back at the table (the picture then public)

    def on_screen_resume(self) -> None:
        if self._covered:
            self._covered = False
            self.sync()

    def footer_signature(self) -> tuple[Any, ...]:
        return (self.phase, self.viewer, self.paused)

    def sync(self) -> None:
        """Follow the table's last picture: the curtain when it is down, the picture of whoever looks
        (asked for if the last is not theirs), the computer when it acts.  A request's end syncs again.
        The title names the variant playing, whatever is on screen."""
        self._follow_table()
        self.sub_title = self.workshop.titled(self.sub_title or "")

    def _follow_table(self) -> None:
        seen = self.seen
        if self.busy:
            return
        if self._cover_due:
            self._cover_due = False
            self.run_request("cover", "cover", "Back to the duel.")  # answered with the public picture
            return
        if self.paused or self._covered:
            return
        v = seen.view
        if v.phase is Phase.HANDOFF:
            self.wipe()
            self.sub_title = render.public_sub_title(v)
            if self._handoff is None:
                self._handoff = HandOff(v.handoff_to or 1, render.handoff_text(v), v.undo_for, seen.pin_needed,
                                        self._lift)
                self.app.push_screen(self._handoff, self._curtain_answered)
            return
        if seen.picture is not None and seen.looks != seen.picture.viewer:
            self.run_request("look", "look", viewer=seen.looks)  # the picture of the player who looks now
            return
        state = "" if v.phase is Phase.SETUP else "stopped"
        self._shown = Shown("0") if v.phase is Phase.LIMIT else Shown(v.display, v.flashing, state)
        if v.phase is Phase.OVER:
            self.app.clear_notifications()
        if v.news and (v.phase in (Phase.DRAW, Phase.OVER) or not seen.hot_seat):
            self.say(v.news, show=False)  # with no curtain, the news (the computer's move): the redraw shows it
        if self._said_after:
            self.say(self._said_after, show=False)
            self._said_after = ""
        self.redraw()
        if seen.computer_to_act:
            self.run_request("computer", "computer", viewer=seen.looks)

    def _lift(self, pin: str | None) -> None:
        """The curtain asks the table to lift it for its player (their PIN checked in the host)."""
        handoff = self._handoff
        if handoff is not None:
            self.run_request("reveal", "reveal", pin, viewer=handoff.player)

    def _curtain_answered(self, answer: str | None) -> None:
        handoff, self._handoff = self._handoff, None
        self._message = ""
        if answer == "undo" and handoff is not None:
            self.run_request("undo", "undo", viewer=handoff.undo_for)
            return
        self.sync()

    # -- the table's answers ------------------------------------------------------------

    def picture_changed(self, picture: Any) -> None:
        if picture is not None:
            self.seen.picture = picture

    def fault_of(self, answer: Answer) -> BaseException:
        """The duel's own refusals by their names (a wrong PIN, a locked save...), as the screen knows them."""
        known = self.HOSTED_ERRORS.get(answer.error)
        if known is not None and answer.outcome in ("refused", "failed"):
            try:
                return known(answer.text)
            except Exception:  # noqa: BLE001 - named as the base does
                pass
        return super().fault_of(answer)

    def table_note(self, kind: str, payload: Any) -> None:
        """The TI-57's displays during a move: the Pause (the mover's own, with their new square), the stop."""
        if isinstance(payload, PersonMoved) and self.table is not None and self.table.running is not None:
            self.table.running.kind = "computer"  # the person's move is keyed: the computer's reply runs on
            return
        if not isinstance(payload, DuelDisplay) or self.paused or self._covered:
            return
        shown = Shown(payload.text, payload.flashing, payload.state)
        self._shown = shown
        self.query_one("#led", TI57Display).shown = shown
        if payload.view is not None and payload.state == "pause" and payload.view.viewer == self.viewer:
            self._frozen = payload.view
            self.sub_title = render.public_sub_title(payload.view)  # the title tells what the body tells
            self.query_one("#board", SquareBoard).view = render.board_view(payload.view, self.cursor, True)
            self.query_one("#info", Words).content = render.info_text(payload.view, self.cursor)

    def job_done(self, kind: str, result: Any) -> None:
        self._frozen = None
        if kind == "resume":
            self.duel_save.resumed()
            self.workshop.page_read(result)  # the variant's page, read at the table: the next duel's program
        elif kind == "start":
            self.cursor, self.saves.ready, self.duel_save.locked = (4, 4), True, False  # a new duel replaces a save
        elif kind == "place":
            self.cursor = (4, 4)
        elif kind == "lock":
            self.say("Locked: each player chooses a PIN with the start square." if self.seen.view.locked
                     else "No PIN lock.")
        self.saves.save()  # the save the host sealed with this picture
        if kind == "reveal" and self._handoff is not None:
            self._handoff.dismiss(None)  # its answer syncs
            return
        self.sync()

    def job_failed(self, kind: str, error: BaseException) -> None:
        self._frozen = None
        if kind == "resume":
            self.duel_save.refused(error)
            return
        if kind == "reveal" and self._handoff is not None:
            text = str(error)
            self._handoff.refused(f"{text[:1].upper()}{text[1:]}." if isinstance(error, WrongPin) else text)
            return
        if kind == "place":
            self.say(f"Refused: {error}.")  # a locked duel with no PIN (Esc): Enter asks again
        else:
            super().job_failed(kind, error)
        if kind == "computer":
            self.redraw()  # not again: a fault would repeat
            return
        self._said_after = self.message  # a refused request is answered with the public picture: the
        self.sync()  # viewer's is asked for again, and the refusal said over its news

    def job_stopped(self, kind: str) -> None:
        self._frozen = None
        self.sync()

    # -- actions ---------------------------------------------------------------------

    def action_confirm(self) -> None:
        v = self.seen.view
        if self.busy:
            return
        if v.phase is Phase.LIMIT and self.seat_choice == render.ELSEWHERE:  # hosted here, joined from another
            from arcade.screens.netplay.open import host_game

            host_game(self.app, "ti57-duel", limit=v.limit)
        elif v.phase is Phase.LIMIT:
            self.new_generation()
            self.run_request("start", "start", **self.workshop.table_program())  # keys "20 STO 0 2nd Fix 1 CLR"
        elif v.phase is Phase.SETUP and self.viewer is not None:
            if v.locked:
                self.app.push_screen(PinDialog(f"Player {self.viewer}: choose a PIN ({PIN_RULE}). It lifts your "
                                               "curtain and, with the other player's, opens the save.",
                                               pin_refusal), self._place)
            else:
                self._place(None)

    def _place(self, pin: str | None) -> None:
        if not self.wait_if_running():
            self.run_request("place", "place", self.cursor, pin, viewer=self.viewer)

    def move(self, code: int) -> None:
        """``code SBR player`` at the table; the Pause and the stop come as its notes."""
        self._frozen = self.view()
        self.run_request("move", "move", code, viewer=self.viewer)

    def action_extend(self) -> None:
        if self.seen.phase is Phase.DRAW and not self.busy:
            self.run_request("extend", "extend")

    def action_reveal(self) -> None:
        if self.seen.phase is Phase.DRAW and not self.busy:
            self.run_request("end", "end")  # a finished duel is not kept

    def action_new_game(self) -> None:
        """A duel in progress is thrown away only once the players say so; then the program is chosen."""

        def chosen(name: str | None, listing: str | None) -> None:
            self.workshop.use(name, listing)
            self.new_game()
            self.say(f"New duel: {self.workshop.program_text()} plays.")

        if self.seen.phase is Phase.OVER:
            self.workshop.choose_program(chosen)
            return
        ask = DiscardDialog("Start a new duel? The duel in progress will be lost.")
        self.app.push_screen(ask, lambda answer: self.workshop.choose_program(chosen) if answer == "new" else None)

    def screenshot_refusal(self) -> str | None:
        """Why a screenshot now would write something private to a file (asked by the app before one)."""
        return "No screenshot of a private view: it would keep a square in a file." if self.viewer is not None else None

    def new_game(self) -> None:
        """Back to the move limit, the same seats (a move in progress is dropped; the duel's save goes)."""
        self.new_generation()
        self._frozen = None
        self.history_shown = False
        self.wipe()
        self._shown = Shown("0")
        self.run_request("new", "new_duel")

    def offer_again(self) -> None:
        self.saves.offer(self.duel_save.question, DuelResumeDialog)

    def action_toggle_speed(self) -> None:
        self.instant = not self.instant
        self.say("Instant: no pause." if self.instant else f"Real pace: the Pause shows ~{self.pause_seconds:g} s.")
        self.query_one("#status", Words).content = render.status_text(self.view(), self.instant)

    def action_pause(self) -> None:
        if self.paused:
            self.paused = False
            self.sync()
            return
        if self.wait_if_running():
            return
        self.wipe()  # nothing private stays in a widget, a toast or the title
        self.paused = True
        self.sub_title = "paused"
        self.run_request("cover", "cover", "Back from the pause.")  # the same player lifts the curtain again

    def action_toggle_history(self) -> None:
        if self.seen.phase is Phase.OVER:
            super().action_toggle_history()

    def action_export_history(self) -> None:
        if self.seen.phase is Phase.OVER:
            self.saves.export(render.history_text(self.seen.view, self.TITLE))


    # -- keys (``keys.py``), saves (``saves.py``), the workshop -----------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.keys.on_offer(action)

    def action_limit(self, delta: int) -> None:
        self.keys.limit(delta)

    def action_seats(self) -> None:
        self.keys.seats()

    def action_lock(self) -> None:
        self.keys.lock()

    def action_direction(self, code: int) -> None:
        self.keys.direction(code)

    def on_board_clicked(self, event: BoardClicked) -> None:
        self.keys.clicked(event.square)

    def action_change_program(self) -> None:
        self.workshop.change_program()

    def palette_commands(self) -> list[tuple[str, str, Callable[[], Any]]]:
        return [
            ("Duel: new duel", "Back to the move limit", self.action_new_game),
            self.registers_command(),
            ("TI-57: toggle speed", "Instant, or the real Pause", self.action_toggle_speed),
            ("Duel: pause", "Hide everything", self.action_pause),
            self.workshop.palette_command(),
        ]

    def save_state(self) -> dict[str, Any] | None:
        return self.workshop.noted(self.duel_save.state())

    def save_summary(self) -> str:
        return self.duel_save.summary()

    def save_held(self) -> bool:
        return not self.duel_save.may_write()  # a locked save waiting for its PINs is never overwritten nor dropped

    def resume(self, state: dict[str, Any], pins: tuple[str, ...] = ()) -> bool:
        return self.duel_save.resume(state, pins, **self.workshop.saved_page(state))
