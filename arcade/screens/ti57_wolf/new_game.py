"""A new game of wolf and lambs: which program plays, who plays each side, the coin toss.

A part of ``TI57WolfScreen`` (``screen.new_games``).  ``g`` asks which program plays (when the
notebook holds listings, ``arcade/screens/room/ti57_workshop.py``), then who plays each side
(``NewWolfGame``); the coin is tossed here and its result sent with the new game.  The first
game ever asks who plays (two people at one keyboard was the silent default); after that the
seats last chosen play, remembered in the settings.  Without a configuration directory (the
tests' apps) nothing can be remembered: nothing is asked, the seats given stand.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Protocol

from textual.app import App

from arcade.screens.room.ti57_workshop import TI57Workshop
from arcade.screens.ti57_wolf import render
from arcade.screens.ti57_wolf.dialogs import NewWolfGame, OtherTerminal, seat_from_setting, seat_setting
from games.session import Seat
from games.ti57_wolf.referee import Side
from games.ti57_wolf.table import WolfPicture


def coin_toss() -> Side:
    """Heads the wolf starts, tails the lambs: the article's "pile ou face"."""
    return random.choice((Side.WOLF, Side.LAMBS))


def toss_words(first: Side) -> str:
    return f"Coin toss: {'heads' if first is Side.WOLF else 'tails'}, the {first.value} start{'s' if first is Side.WOLF else ''}."


class NewGamesScreen(Protocol):
    """What a new game uses of the wolf screen (named here: this module does not import the screen)."""

    first: Side  # who starts: the last coin toss
    seats: dict[Side, Seat]
    purist: bool
    picture: WolfPicture | None
    paused: bool
    workshop: TI57Workshop

    @property
    def app(self) -> App[Any]: ...
    def say(self, text: str, *, show: bool = True) -> None: ...
    def new_generation(self) -> int: ...
    def run_request(self, kind: str, name: str, *args: Any, **kwargs: Any) -> None: ...


class NewGames:
    """The questions before a new game, the coin toss, and the request that sets the game up."""

    def __init__(self, screen: NewGamesScreen, coin: Callable[[], Side]) -> None:
        self.screen = screen
        self.coin = coin
        self.words = ""  # said again once the new game sent is at the table
        self._chosen: tuple[str | None, str | None] | None = None  # the program chosen, until the seats are

    def ask(self) -> None:
        """``g``: which program plays, then who plays each side, then a new coin toss and a freshly keyed set-up."""
        screen = self.screen
        if screen.paused:
            return

        def chosen(name: str | None, listing: str | None) -> None:
            self._chosen = (name, listing)
            if not screen.paused:
                screen.app.push_screen(NewWolfGame(dict(screen.seats)), self.seated)

        screen.workshop.choose_program(chosen)

    def seated(self, seats: dict[Side, Seat] | OtherTerminal | None) -> None:
        """Who plays each side (None: the question was left, this game goes on): remembered, and played;
        or the other side on another terminal: the game is hosted here."""
        screen = self.screen
        chosen, self._chosen = self._chosen, None
        if isinstance(seats, OtherTerminal):
            from arcade.screens.netplay.open import host_game

            host_game(screen.app, "ti57-wolf", first=self.coin().value, host_side=seats.here.value,
                      referee=not screen.purist)
            return
        if seats is None:
            screen.say("No new game: this one goes on.")
            return
        if chosen is not None:
            screen.workshop.use(*chosen)
        remember = getattr(screen.app, "remember_wolf_seats", None)
        if remember is not None:  # the next first game starts with these seats
            remember({side.value: seat_setting(seat) for side, seat in seats.items()})
        screen.first = self.coin()
        self.send(seats, f"New game. {toss_words(screen.first)}")
        self.words = f"{self.words} {screen.workshop.program_text().capitalize()} plays."
        screen.say(self.words)

    def send(self, seats: dict[Side, Seat], words: str) -> None:
        """A new game at the table: the coin toss's ``first``, the referee, the seats, the program;
        ``words`` are said once it is there (the game replaces the save of the old one)."""
        screen = self.screen
        screen.new_generation()
        screen.seats = dict(seats)
        self.words = words
        screen.say(words)
        screen.run_request("new", "new_game", screen.first, referee=not screen.purist, seats=dict(seats),
                           **screen.workshop.table_program())

    def remembered_seats(self) -> dict[Side, Seat] | None:
        """Who plays each side as last chosen (the settings), None if never chosen; an unknown seat
        there (an older level) is a person."""
        kept = getattr(self.screen.app, "remembered_wolf_seats", None)
        if kept is None:
            return None
        return {side: seat_from_setting(side, kept.get(side.value, "person")) or Seat() for side in Side}

    def first_of_screen(self) -> None:
        """On opening (no save) or "new" at the resume question: the coin toss stands; the first game
        ever asks who plays each side, later ones play the seats last chosen."""
        screen = self.screen
        if screen.picture is not None:  # after a game (a save that did not resume): a new toss
            screen.first = self.coin()
        remembered = self.remembered_seats()
        if remembered is None and getattr(screen.app, "config_dir", None) is not None:
            screen.app.push_screen(NewWolfGame(dict(screen.seats), first=True), self._first_seats)
            return
        if remembered is not None and remembered != screen.seats:
            self.send(remembered, f"{toss_words(screen.first)} {self.seats_words(remembered)}")
        else:
            self.send(screen.seats, toss_words(screen.first))

    def _first_seats(self, seats: dict[Side, Seat] | OtherTerminal | None) -> None:
        """The first game's answer: remembered, and played; Esc: two people, asked again next time; the
        other side on another terminal: hosted (this terminal's game starts with two people meanwhile)."""
        if isinstance(seats, OtherTerminal):
            screen = self.screen
            self.send(screen.seats, toss_words(screen.first))
            self.seated(seats)
            return
        if seats is None:
            screen = self.screen
            self.send(screen.seats, f"{toss_words(screen.first)} Two people share the keyboard (g: who plays).")
            return
        self.seated(seats)

    def seats_words(self, seats: dict[Side, Seat] | None = None) -> str:
        seats = seats or self.screen.seats
        return f"Wolf: {render.seat_label(seats[Side.WOLF])}; lambs: {render.seat_label(seats[Side.LAMBS])} (g: change)."
