"""The wolf screen's saves: the table's save with the panels shown, and the resume.

A part of ``TI57WolfScreen`` (``screen.wolf_save``): the save is the last picture's
(``WolfPicture.save``), the resume a request at the table whose end comes back as a job's.  A
game not begun, or finished, is not kept; a save that does not restore, whatever the reason,
is kept aside and said (``GameSaves.resume_failed``), and a new game begins.
"""

from __future__ import annotations

from typing import Any, Protocol

from games.ti57_wolf.table import WolfPicture


class WolfSavesScreen(Protocol):
    """What the saves use of the wolf screen (named here: this module does not import the screen)."""

    picture: WolfPicture | None
    instant: bool
    registers_shown: bool
    history_shown: bool

    def new_generation(self) -> int: ...
    def run_request(self, kind: str, name: str, *args: Any, **kwargs: Any) -> None: ...


class WolfSaves:
    """Save, summary and resume of wolf and lambs on ``screen`` (``GameScreen`` does the writing)."""

    def __init__(self, screen: WolfSavesScreen) -> None:
        self.screen = screen
        self._settings: dict[str, Any] = {}  # the panels of the save being resumed

    def state(self) -> dict[str, Any] | None:
        """The table's save and the panels shown; a game not begun, or finished, is not kept."""
        screen = self.screen
        picture = screen.picture
        if picture is None or picture.save is None:
            return None
        settings = {"registers": screen.registers_shown, "history": screen.history_shown, "instant": screen.instant}
        return {**picture.save, "settings": settings}

    def summary(self) -> str:
        picture = self.screen.picture
        return picture.summary if picture is not None else ""

    @staticmethod
    def question(state: dict[str, Any]) -> str:
        return f"A saved game of wolf and lambs is waiting at move {len(state.get('game', {}).get('history', []))}. Resume it?"

    def resume(self, state: dict[str, Any], **page: str) -> bool:
        """Go on with a saved game exactly as it was (today's saves and the older screen's): read at
        the table, with the notebook's ``page`` of its variant; its end comes back as a job's."""
        settings = state.get("settings") if isinstance(state.get("settings"), dict) else {}
        self._settings = dict(settings or {})
        self.screen.new_generation()
        self.screen.run_request("resume", "resume", state, **page)
        return True

    def resumed(self) -> str:
        """The saved game is at the table: the panels as they were; what to say."""
        screen, settings = self.screen, self._settings
        screen.registers_shown = bool(settings.get("registers", False))
        screen.history_shown = bool(settings.get("history", False))
        screen.instant = bool(settings.get("instant", screen.instant))
        return f"Resumed the saved game at move {screen.picture.view.moves_played if screen.picture else 0}."
