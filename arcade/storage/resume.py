"""The game-screen side of saves, resume and move export, for any game (no game knowledge).

Used by the Othello screens (``arcade/screens/othello/screen.py``) and the TI-57 screens.  The protocol the app and launcher rely on is the screen's:
``GAME_ID``, ``save_state()`` and ``save_game()`` (the app's quit calls it on every
open game screen); what is written goes through ``SaveStore`` (atomic; a save that
cannot be read is kept aside and reported by name).
"""

from __future__ import annotations

import threading
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable

from textual.binding import Binding
from textual.screen import Screen

from arcade.storage.saves import Damaged, SaveError, SaveStore, StateText, read_regular_file, shown
from arcade.widgets.dialogs import Question
from arcade.widgets.words import path_lines


class ResumeDialog(Question):
    """A saved game exists: go on with it, or start a new one."""

    ANSWERS = [("resume", "Resume (r)"), ("new", "New game (n)")]
    BINDINGS = [
        Binding("r", "answer('resume')", "Resume", id="resume.resume"),
        Binding("n", "answer('new')", "New game", id="resume.new"),
    ]


def now_text() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def write_save(screen: Screen[Any], game_id: str, state: dict[str, Any] | StateText | None, summary: str,
               *, later: bool = False, not_before: threading.Event | None = None,
               between: Callable[[], None] | None = None, handed_over: bool = False) -> Path | None:
    """Write ``state`` as the save of ``game_id`` (None: discard it); a failure is reported, never raised.

    ``later``: the disk is left to the saves' writer thread (the event loop never waits for
    it), which starts on it once ``not_before`` is set and gives way to keys by ``between``
    (``SaveStore.save``); a disk error is
    then reported from there.  ``handed_over``: ``state`` is this save's alone (``SaveStore.save``)."""
    store = SaveStore()

    def report(error: Exception) -> None:
        said: set[tuple[str, object]] = screen.__dict__.setdefault("_save_failures_said", set())
        kind = (type(error).__name__, getattr(error, "errno", None) or str(error))
        if kind in said:  # a read-only directory fails every move the same way: said once per screen
            return
        said.add(kind)
        if screen.is_mounted:
            screen.notify(f"The game could not be saved: {error}", severity="error", markup=False)

    def report_later(error: Exception) -> None:  # in the writer thread
        try:  # posted, not awaited: the event loop may itself be waiting for this thread (``flush``)
            screen.call_later(report, error)
        except Exception:  # noqa: BLE001 - the app has ended: nobody to tell
            pass

    try:
        if state is None:
            store.discard(game_id)
            return None
        return store.save(game_id, state, saved_at=now_text(), summary=summary,
                          later=later, failed=report_later if later else None, not_before=not_before, between=between,
                          handed_over=handed_over)
    except (OSError, ValueError, TypeError, SaveError) as error:
        report(error)
        return None


def read_save(screen: Screen[Any], game_id: str) -> dict[str, Any] | None:
    """The saved state of ``game_id``, or None (none, or unreadable: then reported once and kept aside)."""
    try:
        return SaveStore().load(game_id)
    except SaveError as error:
        if not error.reported_before:  # a file left in place (read-only) is reported once a run
            screen.notify(str(error), title="Saved game", severity="error", timeout=12, markup=False)
        return None


def fault_text(error: BaseException) -> str:
    """An exception as the player reads it: its type and (shortened) message."""
    from games.session import SaveUnreadable  # here: the launcher's imports stay free of games

    detail = shown(str(error), 300)
    if isinstance(error, SaveUnreadable):
        return f"could not be restored ({detail})"
    kind = getattr(error, "kind", type(error).__name__)  # a fault in the machine host names its own type
    return f"could not be restored (a fault: {kind}{': ' + detail if detail else ''})"


def set_aside_unusable(screen: Screen[Any], game_id: str, error: BaseException) -> None:
    """A save that read but did not restore: kept under another name (or left in place and not read
    again in this run) and said, with the file and the reason."""
    screen.notify(SaveStore().keep_aside(game_id, fault_text(error)),
                  title="Saved game", severity="error", timeout=15, markup=False)


def export_text(screen: Screen[Any], game_id: str, text: str) -> Path | None:
    """Write an exported move list beside the saves; say where (or why not).

    Named by the second it was written (short: a line of a toast); a second export within the
    same second, of other moves (a new game exported at once), goes beside it (``-2``...), never
    over it; the same moves again are the same file."""
    directory = SaveStore().directory
    stamp = f"{game_id}-{datetime.now(timezone.utc):%Y%m%d-%H%M%S}"
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
        screen.notify(f"Could not write the moves: {error}", severity="error", markup=False)
        return None
    where = "\n".join(path_lines(path.parent, 34))  # a toast's width: the folder broken only after a '/'
    screen.notify(f"Moves written to\n{path.name}\nin the folder\n{where}", title="Export", timeout=8, markup=False)
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
