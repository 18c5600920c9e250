"""``GameSaves``: a game screen's saves -- after every turn and on closing, the resume question on
opening, a save that does not restore kept aside, and the moves exported beside the saves.

A part every ``GameScreen`` owns (``screen.saves``, ``arcade/screens/game_screen.py``).  The
screen gives what only the game knows (``SavedScreen``: ``save_state``, ``save_summary``,
``save_held``, ``resume``, ``new_game``, ``say``); this part decides when to write, and what
the player is told.  Nothing a save holds can crash the screen: a save that cannot be read,
described or resumed is reported with the file and the reason, kept aside, and a new game
begins.  The files themselves are ``SaveStore``'s (``arcade/storage/saves.py``: atomic, in the
saves' writer thread, a damaged file kept aside and never overwritten).
"""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Protocol

from textual.app import App
from textual.notifications import SeverityLevel

from arcade.storage.saves import Damaged, SaveError, SaveStore, StateText, flush, read_regular_file, shown
from arcade.widgets.dialogs import ResumeDialog
from arcade.widgets.words import path_lines, said_path


class SavedScreen(Protocol):
    """What ``GameSaves`` needs of its screen: Textual's ``notify`` and a few hooks of the game."""

    @property
    def app(self) -> App[Any]: ...

    @property
    def is_mounted(self) -> bool: ...

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = True) -> None: ...

    def call_later(self, callback: Callable[..., Any], *args: Any) -> bool: ...

    def save_state(self) -> dict[str, Any] | StateText | None:
        """What the save holds now (None: nothing to keep, the save is discarded; a ``StateText``: already JSON)."""

    def save_summary(self) -> str:
        """The launcher's line for the save: public only ("move N" = moves played)."""

    def save_held(self) -> bool:
        """The last save stays as it is for now, neither written over nor discarded."""

    def resume(self, state: dict[str, Any], *args: Any) -> bool:
        """Go on with a saved game; False (after ``GameSaves.resume_failed``) if it cannot be."""

    def new_game(self) -> None:
        """Start a new game the way the game starts one (a question, a limit...)."""

    def say(self, text: str) -> None:
        """Tell the player ``text`` in the screen's message area."""


def now_text() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def fault_text(error: BaseException) -> str:
    """An exception as the player reads it: its type and (shortened) message."""
    from games.session import SaveUnreadable  # here: the launcher's imports stay free of games

    detail = shown(str(error), 300)
    if isinstance(error, SaveUnreadable):
        return f"could not be restored ({detail})"
    kind = getattr(error, "kind", type(error).__name__)  # a fault in the machine host names its own type
    return f"could not be restored (a fault: {kind}{': ' + detail if detail else ''})"


class GameSaves:
    """A game screen's saves, resume and export (see the module)."""

    def __init__(self, screen: SavedScreen, game_id: str) -> None:
        self.screen = screen
        self.game_id = game_id
        self.ready = False
        """Nothing is saved (nor discarded) until the resume question is answered."""
        self.exported: Path | None = None
        """The last file of moves exported."""
        self._failures_said: set[tuple[str, object]] = set()  # a read-only folder fails every move alike: said once

    # -- writing -------------------------------------------------------------------------------

    def save(self) -> Path | None:
        """Write the game as it is now (the disk in the saves' writer thread; None: the save is
        discarded, or nothing is written yet); a failure is reported, never raised."""
        if not self.ready or self.screen.save_held():
            return None
        try:
            state = self.screen.save_state()
            summary = self.screen.save_summary()
        except Exception as error:  # noqa: BLE001 - a session that cannot say its state: the last save stays
            self._report(f"The game could not be saved (a fault: {type(error).__name__}); the last save is kept",
                         (type(error).__name__, "state"))
            return None
        store = SaveStore()
        try:
            if state is None:
                store.discard(self.game_id)
                return None
            return store.save(self.game_id, state, saved_at=now_text(), summary=summary,
                              later=True, failed=self._failed_later)
        except (OSError, ValueError, TypeError, SaveError) as error:
            self._failed(error)
            return None

    def close(self) -> None:
        """The screen closes: the game saved, and on the disk before the screen is gone."""
        self.save()
        flush()

    def _failed(self, error: Exception) -> None:
        self._report(f"The game could not be saved: {error}",
                     (type(error).__name__, getattr(error, "errno", None) or str(error)))

    def _failed_later(self, error: Exception) -> None:  # in the writer thread
        try:  # posted, not awaited: the event loop may itself be waiting for this thread (``flush``)
            self.screen.call_later(self._failed, error)
        except Exception:  # noqa: BLE001 - the app has ended: nobody to tell
            pass

    def _report(self, text: str, kind: tuple[str, object]) -> None:
        if kind in self._failures_said or not self.screen.is_mounted:
            return
        self._failures_said.add(kind)
        self.screen.notify(text, severity="error", markup=False)

    # -- opening: the resume question ----------------------------------------------------------

    def offer(self, question: Callable[[dict[str, Any]], str], dialog: type[ResumeDialog] = ResumeDialog) -> None:
        """On opening: a saved game is offered (resume or new); none, or unreadable: a new game.

        Nothing a save holds can crash the screen before or after the question: a save the
        question cannot even describe, or that fails to resume in any way, is reported with
        the file and the reason, kept aside, and a new game begins."""
        state = self._read()  # unreadable: reported and kept aside
        if state is None:
            self.ready = True
            self.screen.new_game()
            return
        try:
            text = question(state)
        except Exception as error:  # noqa: BLE001 - a damaged save must not stop the screen
            self.ready = True
            self.resume_failed(error)
            self.screen.new_game()
            return

        def answered(answer: str | None) -> None:
            self.ready = True
            if answer == "new":
                self.screen.new_game()
            elif not self.try_resume(state):
                self.screen.new_game()

        self.screen.app.push_screen(dialog(text), answered)

    def _read(self) -> dict[str, Any] | None:
        """The saved state, or None (none, or unreadable: then reported once and kept aside)."""
        try:
            return SaveStore().load(self.game_id)
        except SaveError as error:
            if not error.reported_before:  # a file left in place (read-only) is reported once a run
                self.screen.notify(str(error), title="Saved game", severity="error", timeout=12, markup=False)
            return None

    def try_resume(self, state: dict[str, Any], *args: Any) -> bool:
        """``resume(state)``, where any exception is a damaged save (reported as a fault), never a crash."""
        try:
            return self.screen.resume(state, *args)
        except Exception as error:  # noqa: BLE001 - the last resort: a fault in the checks is said, not raised
            self.resume_failed(error)
            return False

    def resume_failed(self, error: BaseException) -> None:
        """A save that read but does not make a game: kept under another name (or left in place and
        not read again in this run) and said, with the file and the reason."""
        self.screen.notify(SaveStore().keep_aside(self.game_id, fault_text(error)),
                           title="Saved game", severity="error", timeout=15, markup=False)
        self.screen.say("The saved game could not be resumed (see the note); a new game instead.")

    # -- export --------------------------------------------------------------------------------

    def export(self, text: str) -> Path | None:
        """Write the moves beside the saves and say where (or why not).

        Named by the second it was written (short: a line of a toast); a second export within the
        same second, of other moves (a new game exported at once), goes beside it (``-2``...), never
        over it; the same moves again are the same file."""
        directory = SaveStore().directory
        stamp = f"{self.game_id}-{datetime.now(timezone.utc):%Y%m%d-%H%M%S}"
        try:
            directory.mkdir(parents=True, exist_ok=True)
            for n in range(1, 1000):
                path = directory / (f"{stamp}.txt" if n == 1 else f"{stamp}-{n}.txt")
                try:
                    with open(path, "x", encoding="utf-8") as out:
                        out.write(text)
                    break
                except FileExistsError:
                    if _holds(path, text):
                        break  # exported already, the same moves
            else:
                raise OSError(f"too many exports named {stamp}")
        except (OSError, UnicodeDecodeError) as error:
            self.screen.notify(f"Could not write the moves: {error}", severity="error", markup=False)
            return None
        where = "\n".join(path_lines(path.parent, 34))  # a toast's width: the folder broken only after a '/'
        self.screen.notify(f"Moves written to\n{path.name}\nin the folder\n{where}", title="Export", timeout=8,
                           markup=False)
        self.exported = path
        self.screen.say(f"Moves written to {path.name}, beside the saves in {said_path(path.parent)}")
        return path


def _holds(path: Path, text: str) -> bool:
    """``path`` is a regular file (not a link, not a FIFO planted under an export's name: it is
    never waited for) holding ``text`` exactly; read no further than ``text``'s length."""
    data = text.encode("utf-8")
    try:
        if path.is_symlink():
            return False
        return read_regular_file(path, len(data)) == data
    except (Damaged, OSError):
        return False
