"""The duel screen's saves: the save sealed in the host, the resume on the curtain, a locked save's PINs.

A part of ``TI57DuelScreen`` (``screen.duel_save``).  The save comes with every picture, sealed by
the session in the host: the screen only adds its panels' settings and writes it.  A resume is
a request too: a locked save's PINs go to the host, where the seal's scrypt runs (never on the
event loop); wrong PINs say so and leave the file as it was (nothing is written meanwhile).  A
save that does not restore, whatever the reason, is kept aside and said, and a new duel begins.
"""

from __future__ import annotations

from typing import Any

from arcade.screens.ti57_duel.curtain import PinDialog
from arcade.screens.ti57_duel.seen import SeenDuel
from arcade.screens.ti57_screen import TI57Screen
from games.session import SaveUnreadable
from games.ti57_duel.session import DuelSession, LockedSave


class DuelSaves:
    """Save, summary and resume of the duel on ``screen`` (``GameScreen`` does the writing)."""

    def __init__(self, screen: TI57Screen, seen: SeenDuel) -> None:
        self.screen = screen
        self.seen = seen  # the table's last picture: its save is sealed
        self.locked = False
        """A locked save waits for its PINs: nothing is written (nor discarded) meanwhile."""
        self._resumed: dict[str, Any] | None = None  # the save a resume request reads

    def state(self) -> dict[str, Any] | None:
        """The session's sealed save, and the panels shown (nothing private: the TI-57 is sealed)."""
        state = self.seen.to_save()
        if state is not None:
            state["settings"] = {"instant": self.screen.instant, "registers": self.screen.registers_shown}
        return state

    def summary(self) -> str:
        return self.seen.summary()

    def may_write(self) -> bool:
        """A locked save waiting for its PINs is never overwritten nor dropped; nor is one written mid-request."""
        return not (self.locked or self.screen.busy)

    @staticmethod
    def question(state: dict[str, Any]) -> str:
        locked = " It is locked: both players' PINs open it." if DuelSession.locked_players(state) else ""
        return f"A saved duel is waiting.{locked} Resume it?"

    def resume(self, state: dict[str, Any], pins: tuple[str, ...] = (), **page: str) -> bool:
        """The saved duel, exactly, on the curtain (a locked one asks each player's PIN first); the
        host reads it (and opens the seal), the end comes back as a request's (``resumed``).
        ``page``: the notebook page of the variant it was played with, read by the table."""
        needed = DuelSession.locked_players(state)  # the save's fields only: no scrypt here
        if len(pins) < len(needed):
            self.locked = True
            player = needed[len(pins)]
            self.screen.app.push_screen(
                PinDialog(f"The saved duel is locked. Player {player}, your PIN (Esc: leave it)."),
                lambda pin: self._pin_given(state, pins, pin))
            return True
        self.screen.new_generation()
        self._resumed = state
        self.screen.run_request("resume", "resume", state, tuple(pins), **page)
        return True

    def resumed(self) -> None:
        """The host holds the saved duel: the panels as they were saved."""
        state, self._resumed = self._resumed or {}, None
        self.locked = False
        settings = state.get("settings", {}) if isinstance(state.get("settings"), dict) else {}
        self.screen.instant = bool(settings.get("instant", self.screen.instant))
        self.screen.registers_shown = bool(settings.get("registers", False))

    def refused(self, error: BaseException) -> None:
        """Wrong PINs keep the file as it was; anything else is a damaged save: said, kept aside, a new duel."""
        self._resumed = None
        if isinstance(error, LockedSave):
            self.screen.app.notify("Those PINs do not open the saved duel: it is kept as it was.",
                                   title="Saved duel", severity="error", timeout=10, markup=False)
            self.screen.back_to_launcher()
            return
        self.locked = False
        self.screen.saves.resume_failed(error if isinstance(error, Exception) else SaveUnreadable(str(error)))
        self.screen.new_game()

    def _pin_given(self, state: dict[str, Any], pins: tuple[str, ...], pin: str | None) -> None:
        if pin is None:
            self.screen.app.notify("The locked duel is kept as it was.", title="Saved duel", markup=False)
            self.screen.back_to_launcher()
            return
        if not self.screen.saves.try_resume(state, (*pins, pin)):
            self.screen.new_game()
