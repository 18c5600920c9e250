"""What the TI-57 game screens (the blind duel, the wolf and the lambs) do alike.

Both show one TI-57 beside a board, run the machine in one thread worker at a time,
save after every move and on quit (``arcade.gamesave``), and export the key sequence.
The base holds only the parts that are the same word for word; every game keeps its
own bindings, layout, phases and privacy rules.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Hashable

from textual.screen import Screen

from arcade.gamesave import ResumeDialog, export_text, read_save
from arcade.messages import TurnFailed
from arcade.widgets.words import Words, update_if_changed


def turn_failed(generation: int, error: Exception, refusal: type[Exception]) -> TurnFailed:
    """The worker's report of a move that did not happen: the referee's refusal with its reason,
    or anything else (the machine disagreeing with the referee: a bug, shown as such)."""
    if isinstance(error, refusal):
        return TurnFailed(generation, f"Refused: {error}.")
    return TurnFailed(generation, f"{type(error).__name__}: {error}")


class TI57GameScreen(Screen[None]):
    """The base of the TI-57 game screens: messages, pause class, footer refresh, saves and export."""

    GAME_ID = ""
    _message: str
    _save_ready: bool
    exported: Path | None
    # what each game supplies
    save_game: Callable[[], Path | None]
    resume: Callable[[dict[str, Any]], bool]
    action_new_game: Callable[[], None]
    footer_signature: Callable[[], Hashable]
    """What decides the keys on offer (the footer is redrawn only when it changes)."""

    def on_unmount(self) -> None:
        self.save_game()

    def _refresh_footer(self) -> None:
        """Refresh the footer only when the keys on offer change (it is costly to redraw)."""
        signature = self.footer_signature()
        if signature != getattr(self, "_footer_signature", None):
            self._footer_signature = signature
            self.refresh_bindings()

    def say(self, text: str) -> None:
        self._message = text
        update_if_changed(self.query_one("#message", Words), text)

    def watch_paused(self, paused: bool) -> None:
        self.set_class(paused, "-paused")

    def export_moves(self, text: str) -> None:
        """Write the moves beside the saves and say where (a failure is reported by ``export_text``)."""
        path = export_text(self, self.GAME_ID, text)
        if path is not None:
            self.exported = path
            self.say(f"Moves written to {path.name}.")

    def offer_saved_game(self, question: Callable[[dict[str, Any]], str],
                         dialog: type[ResumeDialog] = ResumeDialog) -> None:
        """On opening: a saved game is offered; nothing is saved (nor discarded) until this is answered."""
        state = read_save(self, self.GAME_ID)
        if state is None:
            self._save_ready = True
            return

        def answered(answer: str | None) -> None:
            self._save_ready = True
            if answer == "new":
                self.action_new_game()
            else:
                self.resume(state)

        self.app.push_screen(dialog(question(state)), answered)
