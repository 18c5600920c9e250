"""The duel screen's saves: the session's sealed save, the resume on the curtain, a locked save's PINs.

A mixin of ``TI57DuelScreen`` (kept apart to keep the screen short): it reads the screen's
``session`` and replaces it on resume.  A locked save asks each player's PIN before it
opens; wrong PINs say so and leave the file as it was (nothing is written meanwhile).  A save
that does not restore, whatever the reason, is kept aside and said, and a new duel begins.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from arcade.game_saves import NOT_MADE
from arcade.ti57_duel.curtain import PinDialog
from games.ti57_duel.session import DuelSession, LockedSave


class DuelSaves:
    """Save, summary and resume for the duel screen (``GameScreen`` does the writing)."""

    session: DuelSession
    _locked_save: bool = False
    """A locked save waits for its PINs: nothing is written (nor discarded) meanwhile."""

    def save_state(self) -> dict[str, Any] | None:
        """The session's sealed save, and the panels shown (nothing private: the TI-57 is sealed).
        A move's job makes it as it ends (``JobEnd``)."""
        state = self.session.to_save()
        if state is not None:
            state["settings"] = {"instant": self.instant, "registers": self.registers_shown}
        return state

    def save_summary(self) -> str:
        return self.session.summary()

    def save_game(self, made: Any = NOT_MADE) -> Path | None:
        if self._locked_save or self.busy:
            return None  # a locked save waiting for its PINs is never overwritten nor dropped
        return super().save_game(made)  # type: ignore[misc]

    @staticmethod
    def resume_question(state: dict[str, Any]) -> str:
        locked = " It is locked: both players' PINs open it." if DuelSession.locked_players(state) else ""
        return f"A saved duel is waiting.{locked} Resume it?"

    def resume(self, state: dict[str, Any], pins: tuple[str, ...] = ()) -> bool:
        """The saved duel, exactly, on the curtain (a locked one asks each player's PIN first)."""
        needed = DuelSession.locked_players(state)
        if len(pins) < len(needed):
            self._locked_save = True
            player = needed[len(pins)]
            self.app.push_screen(PinDialog(f"The saved duel is locked. Player {player}, your PIN (Esc: leave it)."),
                                 lambda pin: self._pin_given(state, pins, pin))
            return True
        try:
            session = DuelSession.from_save(state, pins)
        except LockedSave:
            self.app.notify("Those PINs do not open the saved duel: it is kept as it was.",
                            title="Saved duel", severity="error", timeout=10, markup=False)
            self.app.action_launcher()
            return True
        except Exception as error:  # noqa: BLE001 - SaveUnreadable, or as a last resort a fault: said, kept aside
            self._locked_save = False
            self.resume_failed(error)
            return False
        self._locked_save = False
        self.new_generation()
        self.session = session
        settings = state.get("settings", {}) if isinstance(state.get("settings"), dict) else {}
        self.instant = bool(settings.get("instant", self.instant))
        self.registers_shown = bool(settings.get("registers", False))
        self.sync()
        return True

    def _pin_given(self, state: dict[str, Any], pins: tuple[str, ...], pin: str | None) -> None:
        if pin is None:
            self.app.notify("The locked duel is kept as it was.", title="Saved duel", markup=False)
            self.app.action_launcher()
            return
        if not self.try_resume(state, (*pins, pin)):  # type: ignore[attr-defined]
            self.new_game()  # type: ignore[attr-defined]
