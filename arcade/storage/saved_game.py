"""``SavedGame``: what ``GameScreen`` does with saves -- after every turn, on closing, the
resume question on opening, and the moves exported beside the saves.

A mixin of ``GameScreen`` (``arcade/screens/game_screen.py``, whose docstring lists the whole
interface): a game's screen fills in ``save_state``, ``save_summary``, ``resume`` and
``new_game``.  Nothing a save holds can crash the screen: a save that cannot be read,
described or resumed is reported, kept aside, and a new game begins.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, ClassVar

from textual.screen import Screen

from arcade.storage.resume import ResumeDialog, export_text, read_save, set_aside_unusable, write_save
from arcade.storage.saves import flush as flush_saves
from arcade.widgets.words import said_path


NOT_MADE: Any = object()
"""``SavedGame.save_game``'s ``made`` when no save was made ahead: ``save_state()`` makes it."""


class SavedGame(Screen[None]):
    """Saves, resume and export for a game screen."""

    GAME_ID: ClassVar[str] = ""
    save_ready: bool
    """Nothing is saved (nor discarded) until the resume question is answered."""
    exported: Path | None

    if TYPE_CHECKING:
        def say(self, text: str) -> None: ...

    def on_unmount(self) -> None:
        self.save_game()
        flush_saves()  # closing: on disk before the screen is gone

    def save_state(self) -> dict[str, Any] | None:
        return None  # what the save holds now (None: nothing to keep, the save is discarded)

    def save_summary(self) -> str:
        return ""  # the launcher's line for the save: public only ("move N" = moves played)

    def save_game(self, made: Any = NOT_MADE) -> Path | None:
        """Write the save (the disk in the saves' writer thread); a failure is reported, never raised.

        ``made``: what ``save_state()`` returns, made ahead by a job's worker as the job's last step
        (``made_save``: the job has the session to itself until it ends); it is this save's alone,
        handed to the writer uncopied.  Made on the event loop, a TI-57 turn's save (the state, then
        its frozen copy) was ~0.7 ms of the turn's end, and a key pressed then waited for it."""
        if not self.save_ready:
            return None
        try:
            state = self.save_state() if made is NOT_MADE else made
            summary = self.save_summary()
        except Exception as error:  # noqa: BLE001 - a session that cannot say its state: the last save stays
            said: set[tuple[str, object]] = self.__dict__.setdefault("_save_failures_said", set())
            if self.is_mounted and (type(error).__name__, "state") not in said:
                said.add((type(error).__name__, "state"))
                self.notify(f"The game could not be saved (a fault: {type(error).__name__}); the last save is kept",
                            severity="error", markup=False)
            return None
        return write_save(self, self.GAME_ID, state, summary, later=True)

    def made_save(self) -> Any:
        """In a job's worker, as its last step: ``save_state()`` for ``save_game(made)``, or ``NOT_MADE``
        if it failed there (the end makes it again on the event loop, where a fault is said)."""
        try:
            return self.save_state()
        except Exception:  # noqa: BLE001 - said by the end's own attempt
            return NOT_MADE

    def offer_saved_game(self, question: Callable[[dict[str, Any]], str],
                         dialog: type[ResumeDialog] = ResumeDialog) -> None:
        """On opening: a saved game is offered (resume or new); none, or unreadable: a new game.

        Nothing a save holds can crash the screen before or after the question: a save the
        question cannot even describe, or that fails to resume in any way, is reported with
        the file and the reason, kept aside, and a new game begins."""
        state = read_save(self, self.GAME_ID)  # unreadable: reported and kept aside
        if state is None:
            self.save_ready = True
            self.new_game()
            return
        try:
            text = question(state)
        except Exception as error:  # noqa: BLE001 - a damaged save must not stop the screen
            self.save_ready = True
            self.resume_failed(error)
            self.new_game()
            return

        def answered(answer: str | None) -> None:
            self.save_ready = True
            if answer == "new":
                self.new_game()
            elif not self.try_resume(state):
                self.new_game()

        self.app.push_screen(dialog(text), answered)

    def try_resume(self, state: dict[str, Any], *args: Any) -> bool:
        """``resume(state)``, where any exception is a damaged save (reported as a fault), never a crash."""
        try:
            return self.resume(state, *args)
        except Exception as error:  # noqa: BLE001 - the last resort: a fault in the checks is said, not raised
            self.resume_failed(error)
            return False

    def resume(self, state: dict[str, Any]) -> bool:
        """Go on with a saved game; False (after ``resume_failed``) if it cannot be."""
        return False

    def resume_failed(self, error: BaseException) -> None:
        """A save that read but does not make a game: kept aside under another name, and said."""
        set_aside_unusable(self, self.GAME_ID, error)
        self.say("The saved game could not be resumed (see the note); a new game instead.")

    def new_game(self) -> None:
        """Start a new game the way the game starts one (a question, a limit...)."""

    def export_moves(self, text: str) -> Path | None:
        """Write the moves beside the saves and say where (a failure is reported by ``export_text``)."""
        path = export_text(self, self.GAME_ID, text)
        if path is not None:
            self.exported = path
            self.say(f"Moves written to {path.name}, beside the saves in {said_path(path.parent)}")
        return path
