"""The wolf screen's saves: the session's save with the panels shown, and the resume.

A mixin of ``WolfScreenCore`` (kept apart to keep the screen short, as the duel's
``DuelSaves``): it reads the screen's ``session`` and replaces it on resume.  A game not
begun, or finished, is not kept; a save that does not restore, whatever the reason, is kept
aside and said (``GameScreen.resume_failed``), and the game on screen goes on.
"""

from __future__ import annotations

from typing import Any

from games.ti57_wolf.session import Phase, WolfSession


class WolfSaves:
    """Save, summary and resume for the wolf screen (``GameScreen`` does the writing)."""

    session: WolfSession
    _session_args: dict[str, Any]

    def save_state(self) -> dict[str, Any] | None:
        """The session's save and the panels shown; a game not begun, or finished, is not kept."""
        session = self.session
        if not session.moves_played or session.phase is Phase.OVER:
            return None
        settings = {"registers": self.registers_shown, "history": self.history_shown, "instant": self.instant}
        return {**self.session.to_save(), "settings": settings}

    def save_summary(self) -> str:
        return self.session.summary()

    def offer_resume(self) -> None:
        self.offer_saved_game(lambda state: "A saved game of wolf and lambs is waiting at move "
                              f"{len(state.get('game', {}).get('history', []))}. Resume it?")

    def resume(self, state: dict[str, Any]) -> bool:
        """Go on with a saved game exactly as it was (today's saves and the older screen's)."""
        try:
            session = WolfSession.from_save(state, **self._session_args)
        except Exception as error:  # noqa: BLE001 - SaveUnreadable or, last resort, a fault: said, kept aside
            self.resume_failed(error)
            return False
        self.new_generation()
        self.session = session
        self.purist = not session.view().referee_enabled
        settings = state.get("settings") if isinstance(state.get("settings"), dict) else {}
        self.registers_shown = bool(settings.get("registers", False))
        self.history_shown = bool(settings.get("history", False))
        self.instant = bool(settings.get("instant", self.instant))
        self._reset(f"Resumed the saved game at move {session.moves_played}.")
        self.computer_turn()
        return True
