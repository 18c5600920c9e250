"""The app's own key bindings, on every screen.

They live in a module of their own so that the app (which declares them) and the
keymap (which lists them and checks a user's keymap against them) both read them
without importing each other.
"""

from __future__ import annotations

from textual.binding import Binding

APP_BINDINGS: list[Binding] = [
    Binding("question_mark,f1", "help", "Help", key_display="?", id="arcade.help"),
    # Players reach for Ctrl+C to leave a terminal game: it quits, saving (Textual only hints).
    Binding("ctrl+c", "quit", "Quit", show=False, priority=True, id="arcade.quit-ctrl-c"),
]
