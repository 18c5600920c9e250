"""What a game screen asks of the arcade's app, named as Protocols: a screen needs no import of the
shell (``arcade/shell/app.py``'s ``ArcadeApp`` has both; ``arcade match --watch``'s app a launcher only).

An app without what is asked (a test's own app) is left as it is: nothing to go back to.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable


@runtime_checkable
class Launcher(Protocol):
    """An app with a list of games to go back to."""

    def action_launcher(self) -> None: ...


@runtime_checkable
class GameStarter(Protocol):
    """An app that opens a game, or a machine's room, by its catalog id."""

    def start_game(self, game_id: str) -> None: ...


def back_to_launcher(app: object) -> None:
    """Back to the list of games (``arcade match --watch``: its app asks before leaving)."""
    if isinstance(app, Launcher):
        app.action_launcher()


def start_game(app: object, game_id: str) -> bool:
    """Open ``game_id`` (a game, or a machine's room); False if the app opens no games."""
    if isinstance(app, GameStarter):
        app.start_game(game_id)
        return True
    return False
