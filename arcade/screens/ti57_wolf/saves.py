"""The wolf screen's saves: the table's save with the panels shown, and the resume.

A mixin of ``WolfScreenCore`` (kept apart to keep the screen short): the save is the last
picture's (``WolfPicture.save``), the resume a request at the table whose end comes back as
a job's.  A game not begun, or finished, is not kept; a save that does not restore, whatever
the reason, is kept aside and said (``GameSaves.resume_failed``), and a new game begins.
"""

from __future__ import annotations

from typing import Any

from games.ti57_wolf.table import WolfPicture


class WolfSaves:
    """Save, summary and resume for the wolf screen (``GameScreen`` does the writing)."""

    picture: WolfPicture | None
    _resumed_settings: dict[str, Any]

    def save_state(self) -> dict[str, Any] | None:
        """The table's save and the panels shown; a game not begun, or finished, is not kept."""
        picture = self.picture
        if picture is None or picture.save is None:
            return None
        settings = {"registers": self.registers_shown, "history": self.history_shown,  # type: ignore[attr-defined]
                    "instant": self.instant}  # type: ignore[attr-defined]
        return {**picture.save, "settings": settings}

    def save_summary(self) -> str:
        return self.picture.summary if self.picture is not None else ""

    def offer_resume(self) -> None:
        self.saves.offer(self.resume_question)  # type: ignore[attr-defined]

    @staticmethod
    def resume_question(state: dict[str, Any]) -> str:
        return f"A saved game of wolf and lambs is waiting at move {len(state.get('game', {}).get('history', []))}. Resume it?"

    def offer_again(self) -> None:
        """After the host's end: its last save offered again."""
        self.saves.offer(self.resume_question)  # type: ignore[attr-defined]

    def resume(self, state: dict[str, Any], **program: Any) -> bool:
        """Go on with a saved game exactly as it was (today's saves and the older screen's): read at
        the table; its end (``_resumed``, or ``job_failed``) comes back as a job's."""
        settings = state.get("settings") if isinstance(state.get("settings"), dict) else {}
        self._resumed_settings = dict(settings or {})
        self.new_generation()  # type: ignore[attr-defined]
        self.run_request("resume", "resume", state, **program)  # type: ignore[attr-defined]
        return True

    def _resumed(self) -> None:
        """The saved game is at the table: the panels as they were, the computer plays if it is to."""
        settings = self._resumed_settings
        self.registers_shown = bool(settings.get("registers", False))
        self.history_shown = bool(settings.get("history", False))
        self.instant = bool(settings.get("instant", self.instant))  # type: ignore[has-type]
        self._game_on_board(f"Resumed the saved game at move {self.picture.view.moves_played if self.picture else 0}.")  # type: ignore[attr-defined]
