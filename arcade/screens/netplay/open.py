"""Opening a game across two terminals: hosted on this one (``arcade host``, the new-game dialogs), or joined.

The hosting terminal opens the game's screen at once, its seat the host's: the game starts
at the screen's machine host and listens (loopback unless a LAN address is asked for).  The
joining terminal does not know the game until the host says it: ``JoiningScreen`` connects,
and at the host's ``hello`` hands its connection to that game's screen.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen

from arcade.screens.netplay.duel import NetDuelScreen
from arcade.screens.netplay.modes import close_mode, open_mode
from arcade.screens.netplay.play import NET_CSS, NetScreenClass
from arcade.screens.netplay.seats import HostedSeat, JoinedSeat, words
from arcade.storage.saves import data_dir
from arcade.widgets.header import TitleHeader
from arcade.widgets.words import Words
from games.net.tables import GAMES

SCREENS: dict[str, NetScreenClass] = {"ti57-duel": NetDuelScreen}
"""The screen of each game across two terminals (the wolf's is added below: it imports more)."""


def _screens() -> dict[str, NetScreenClass]:
    if "ti57-wolf" not in SCREENS:
        from arcade.screens.netplay.wolf import NetWolfScreen

        SCREENS["ti57-wolf"] = NetWolfScreen
    return SCREENS


def save_path(game: str) -> Path:
    """Where the host keeps a game across two terminals: beside the saves, apart from the game at one keyboard's."""
    return data_dir() / "saves" / f"{game}-net.json"


def hosting(game: str, *, bind: str = "127.0.0.1", port: int = 0, **options: Any) -> Callable[[], Screen[None]]:
    """The screen that hosts ``game`` (``options``: the table's, e.g. ``limit``, ``first``, ``host_side``)."""
    if game not in GAMES:
        raise ValueError(f"no game {game!r} across two terminals: {', '.join(GAMES)}")
    screen = _screens()[game]
    return lambda: screen(HostedSeat(game, bind=bind, port=port, save_path=str(save_path(game)), **options))


def joining(host: str, port: int, code: str) -> Callable[[], Screen]:
    """The screen that joins the game at ``host:port`` with ``code`` (the game is the host's to say)."""
    return lambda: JoiningScreen(JoinedSeat(host, port, code))


def host_game(app: Any, game: str, **options: Any) -> None:
    """Host ``game`` from inside the arcade (a new-game dialog's "on another terminal")."""
    open_mode(app, hosting(game, **options))


class JoiningScreen(Screen[None]):
    """Connecting to a hosted game; the game's own screen takes over at the host's hello."""

    CSS_PATH = NET_CSS
    TITLE = "Joining a game across two terminals"
    BINDINGS = [
        Binding("r", "rejoin", "Try again", id="net.rejoin"),
        Binding("escape,backspace", "leave", "Back", key_display="esc", id="net.leave"),
    ]

    def __init__(self, seat: JoinedSeat) -> None:
        super().__init__()
        self.seat = seat
        seat.owner = self
        self.gone: str | None = None
        self.can_rejoin = False

    def compose(self) -> ComposeResult:
        yield TitleHeader()
        yield Words(id="joining")  # its keys in its words: no footer (this screen is replaced as soon as the host answers)

    def on_mount(self) -> None:
        self.sub_title = "across two terminals"
        self.show(f"Joining the game hosted at {self.seat.where}…")
        self.seat.start(self)

    def show(self, text: str) -> None:
        self.query_one("#joining", Words).content = text + ("\n\nr: try again.  Esc: back to the arcade." if self.can_rejoin
                                                           else "\n\nEsc: back to the arcade.")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "rejoin":  # no footer here: the screen says its keys in its words
            return True if self.gone is not None and self.can_rejoin else None
        return True

    def net_message(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "hello":
            screen = _screens().get(str(message.get("game")))
            if screen is None:
                self.seat.close()
                self.net_gone(f"The host offers a game this arcade does not play ({words(message.get('game'), 40)}).",
                              rejoin=False)
                return
            self.app.push_screen(screen(self.seat, you=message.get("you")))  # it takes the seat, connected (over this one)
        elif kind == "closed":
            self.net_gone(f"The host said no: {words(message.get('reason', ''))}.", rejoin=False)

    def net_gone(self, sentence: str, *, rejoin: bool) -> None:
        self.gone, self.can_rejoin = sentence, rejoin
        self.app.bell()
        self.show(sentence)

    def action_rejoin(self) -> None:
        if self.gone is not None and self.can_rejoin:
            self.gone, self.can_rejoin = None, False
            self.show(f"Joining the game hosted at {self.seat.where}…")
            self.seat.start(self)

    def action_leave(self) -> None:
        self.seat.close()
        close_mode(self.app)

    def on_unmount(self) -> None:
        if self.seat.owner is self:  # not handed to the game's screen
            self.seat.close()
