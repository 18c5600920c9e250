"""The duel screen's saves: the save sealed in the host, the resume on the curtain, a locked save's PINs.

A mixin of ``TI57DuelScreen`` (kept apart to keep the screen short).  The save comes with
every picture, sealed by the session in the host: the screen only adds its panels' settings
and writes it.  A resume is a request too: a locked save's PINs go to the host, where the
seal's scrypt runs (never on the event loop); wrong PINs say so and leave the file as it was
(nothing is written meanwhile).  A save that does not restore, whatever the reason, is kept
aside and said, and a new duel begins.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from arcade.screens.ti57_duel.curtain import PinDialog
from arcade.screens.ti57_duel.seen import SeenDuel
from games.session import SaveUnreadable
from games.ti57_duel.session import DuelSession, LockedSave

if TYPE_CHECKING:
    from arcade.screens.ti57_screen import TI57Screen as Base
else:
    Base = object


class DuelSaves(Base):
    """Save, summary and resume for the duel screen (``GameSaves`` does the writing)."""

    seen: SeenDuel
    _locked_save: bool = False
    """A locked save waits for its PINs: nothing is written (nor discarded) meanwhile."""
    _resumed: dict[str, Any] | None = None  # the save a resume request reads

    def save_state(self) -> dict[str, Any] | None:
        """The session's sealed save, and the panels shown (nothing private: the TI-57 is sealed)."""
        state = self.seen.to_save()
        if state is not None:
            state["settings"] = {"instant": self.instant, "registers": self.registers_shown}
        return state

    def save_summary(self) -> str:
        return self.seen.summary()

    def save_held(self) -> bool:
        return self._locked_save or self.busy  # a locked save waiting for its PINs is never overwritten nor dropped

    @staticmethod
    def resume_question(state: dict[str, Any]) -> str:
        locked = " It is locked: both players' PINs open it." if DuelSession.locked_players(state) else ""
        return f"A saved duel is waiting.{locked} Resume it?"

    def resume(self, state: dict[str, Any], pins: tuple[str, ...] = ()) -> bool:
        """The saved duel, exactly, on the curtain (a locked one asks each player's PIN first); the
        host reads it (and opens the seal), the end comes back as a request's (``resume_done``)."""
        needed = DuelSession.locked_players(state)  # the save's fields only: no scrypt here
        if len(pins) < len(needed):
            self._locked_save = True
            player = needed[len(pins)]
            self.app.push_screen(PinDialog(f"The saved duel is locked. Player {player}, your PIN (Esc: leave it)."),
                                 lambda pin: self._pin_given(state, pins, pin))
            return True
        self.new_generation()
        self._resumed = state
        self.run_request("resume", "resume", state, tuple(pins))
        return True

    def resume_done(self) -> None:
        """The host holds the saved duel: the panels as they were saved."""
        state, self._resumed = self._resumed or {}, None
        self._locked_save = False
        settings = state.get("settings", {}) if isinstance(state.get("settings"), dict) else {}
        self.instant = bool(settings.get("instant", self.instant))
        self.registers_shown = bool(settings.get("registers", False))

    def resume_refused(self, error: BaseException) -> None:
        """Wrong PINs keep the file as it was; anything else is a damaged save: said, kept aside, a new duel."""
        self._resumed = None
        if isinstance(error, LockedSave):
            self.app.notify("Those PINs do not open the saved duel: it is kept as it was.",
                            title="Saved duel", severity="error", timeout=10, markup=False)
            self.app.action_launcher()  # type: ignore[attr-defined]
            return
        self._locked_save = False
        self.saves.resume_failed(error if isinstance(error, Exception) else SaveUnreadable(str(error)))
        self.new_game()

    def _pin_given(self, state: dict[str, Any], pins: tuple[str, ...], pin: str | None) -> None:
        if pin is None:
            self.app.notify("The locked duel is kept as it was.", title="Saved duel", markup=False)
            self.app.action_launcher()  # type: ignore[attr-defined]
            return
        if not self.saves.try_resume(state, (*pins, pin)):
            self.new_game()
