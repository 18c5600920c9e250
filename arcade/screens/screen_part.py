"""``ScreenPart``: what a part a game screen holds must answer to live with the screen.

A game screen (``arcade/screens/game_screen.py``) keeps its parts in ``GameScreen.parts``: each is
told when the screen is mounted and when it goes, hears the machine host's news, and adds its
state to what decides the footer's keys.  ``NetPlay`` (``arcade/screens/netplay/play.py``,
``screen.net``) is one.
"""

from __future__ import annotations

from typing import Hashable, Protocol

from arcade.runtime.link import TableNews


class ScreenPart(Protocol):
    """A part a game screen holds that lives with it (``GameScreen.parts``), as ``NetPlay`` (``screen.net``)."""

    def mounted(self) -> None:
        """The screen is mounted (after the screen's own ``on_mount``)."""

    def unmounted(self) -> None:
        """The screen goes."""

    def table_news(self, message: TableNews) -> None:
        """What a machine host said to the screen."""

    def footer_state(self) -> Hashable:
        """What decides the part's keys on offer: the footer is redrawn when it changes."""
