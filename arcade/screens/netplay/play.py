"""``NetPlay``: what a TI-57 game's screen holds to be played across two terminals (``screen.net``).

The game runs once, on the hosting terminal's machine host (``games/net/``); the part holds
this terminal's seat at it (``seats.py``: the host's, or the joined player's socket) and
reports to it, keeps who is where (this terminal's player, the other one, the join line, a
link gone or a game ended) and draws it in the line above the footer (``#net-line``), sends
the player's requests, and answers the keys every game across two terminals has
(``NET_BINDINGS``: a new game, join again, leave; and the game's own p, which hides the game
here): each is ``net('<key>')``, one screen action passed to ``NetPlay.key``.  Nothing is saved
here: the host's game saves itself after every change.

The part lives with its screen as a part ``GameScreen`` holds (``screen.parts``: mounted,
unmounted, the host's news, the footer's state).  The screen (``duel.py``, ``wolf.py``: each
under its game's TI-57 layout, ``arcade/screens/ti57_screen.py``) reads its game's view and
draws it with the game's own render functions; it gives the part what only the game knows
(``NetGameScreen``), puts the part's line in its layout (``compose``) and passes on its one
action (``action_net``) and ``check_action``'s question about it (``offers``).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any, Callable, Collection, Iterable, Protocol

from textual.app import App
from textual.binding import Binding
from textual.screen import Screen
from textual.widget import Widget

from arcade.runtime.link import TableNews
from arcade.screens.netplay.modes import close_mode
from arcade.screens.netplay.seats import HostedSeat, JoinedSeat, Seat, words
from arcade.widgets.dialogs import Question
from arcade.widgets.footer import KeysFooter
from arcade.widgets.ti57 import Shown
from arcade.widgets.words import Words

NET_CSS = Path(__file__).with_name("screen.tcss")

NET_BINDINGS = [
    Binding("g", "net('again')", "New game", id="net.again"),
    Binding("r", "net('rejoin')", "Join again", id="net.rejoin"),
    Binding("escape,backspace", "net('leave')", "Leave", key_display="esc", id="net.leave"),
]
"""The keys of a game across two terminals, whichever the game (its own keys come first)."""


def net_bindings(game: Iterable[Binding], kept: Collection[str], *own: Binding) -> list[Binding]:
    """A net screen's keys: the game's that mean the same across two terminals (``kept``, by id), its
    pause made the part's (p hides the game here; the game goes on at the host), the screen's ``own``,
    then ``NET_BINDINGS``."""
    return [*(replace(b, action="net('pause')") if b.action == "pause" else b for b in game if b.id in kept),
            *own, *NET_BINDINGS]


class LeaveQuestion(Question):
    """Esc on a game across two terminals: the host's game ends with its screen; a joined player may just go."""

    BINDINGS = [
        Binding("enter", "answer('go')", "Leave", id="net.leave-confirm", show=False),
        Binding("e", "answer('end')", "End it for both", id="net.leave-end"),
    ]

    def __init__(self, hosting: bool, other: str) -> None:
        if hosting:
            question = (f"Leave the game? It ends for both of you, saved on this terminal: host it again "
                        f"to go on (with a new line for {other}).")
            self.ANSWERS = [("end", "End it (Enter)"), ("", "Stay (Esc)")]
        else:
            question = ("Leave the game? It waits, saved on the host's terminal: arcade join with the same "
                        "line goes on. Or end it for both (e).")
            self.ANSWERS = [("go", "Leave (Enter)"), ("end", "End it for both (e)"), ("", "Stay (Esc)")]
        super().__init__(question)
        self.hosting = hosting

    def action_answer(self, value: str) -> None:
        self.dismiss(("end" if self.hosting and value == "go" else value) or None)


class NetGameScreen(Protocol):
    """What ``NetPlay`` needs of its screen: Textual's app, the game's busy and paused, and what only the game knows."""

    busy: bool
    paused: bool
    instant: bool
    led: Shown

    @property
    def app(self) -> App[Any]: ...

    def take_view(self, data: Any) -> None:
        """Read the view received (``ValueError``: not one this arcade draws)."""

    def read_you(self, you: Any) -> Any:
        """This terminal's player as the host names it (None: not one of this game's)."""

    def player_name(self, player: Any) -> str:
        """A player in words ("Player 1", "the wolf")."""

    @property
    def other(self) -> str:
        """The other player, in words ("Player 2", "the lambs")."""

    def view_taken(self, *, first: bool) -> None:
        """A new view is drawn next: say its news (``first``: the first since joining, or since the link came back)."""

    def has_view(self) -> bool: ...
    def over(self) -> bool: ...
    def say(self, text: str, *, show: bool = True) -> None: ...

    def redraw(self) -> None:
        """The game's frame drawn (the part draws its own line after it)."""


class NetScreenClass(Protocol):
    """A game's screen across two terminals, made with its seat (``you``: the joined player, as the host named it)."""

    def __call__(self, seat: Seat, *, you: Any = None) -> Screen[None]: ...


class NetPlay:
    """One player's seat at a TI-57 game played across two terminals (see the module)."""

    def __init__(self, screen: NetGameScreen, seat: Seat, you: Any = None) -> None:
        """``seat``: the host's (started on mount) or a joined one already connected (``you``: its player)."""
        self.screen = screen
        screen.instant = True  # nothing is paced: the host's TI-57 answers at once
        screen.led = Shown("")  # nothing on the LED before the first view
        self.seat = seat
        seat.owner = self  # it reports here from now on
        if you is None and isinstance(seat, HostedSeat):
            you = seat.player
        self.you: Any = None if you is None else screen.read_you(you)  # this terminal's player: 1 or 2, a side
        self.peer: str | None = None  # the other player: "here" or "away" (None: no view yet)
        self.has_joined = False  # the other player has been here once
        self.ended: str | None = None  # the game is over for good (the host closed it, a player ended it)
        self.gone: str | None = None  # the link is down: the sentence that said so
        self.can_rejoin = False
        self.join_line: str | None = None  # the line the other player types (the host's terminal)
        self.where = ""  # where the game listens (the host's terminal)
        self._line = Words(id="net-line")  # who is where, above the footer
        self._early: list[tuple[str, Any]] | None = []  # what the seat said before the screen was mounted (None: since)

    # -- words -----------------------------------------------------------------------------------

    def they(self, singular: str, plural: str) -> str:
        """The other player and a verb that agrees: "Player 2 types", "The lambs type" (capitalized)."""
        other = self.screen.other
        return f"{other.capitalize()} {plural if other == 'the lambs' else singular}"

    @property
    def others(self) -> str:
        """The other player's, possessive: "Player 2's", "the lambs'"."""
        other = self.screen.other
        return f"{other}'" if other.endswith("s") else f"{other}'s"

    def line(self) -> str:
        """Who is where: the line above the footer."""
        if self.ended is not None:
            return f"The game has ended: {self.ended}. Esc: back to the arcade."
        if self.gone is not None:
            return self.gone
        if isinstance(self.seat, JoinedSeat):
            if self.peer is None:
                return f"Joining the game at {self.seat.where}…"
            return (f"Across two terminals: you are {self.screen.player_name(self.you)}, "
                    f"at the game hosted on {self.seat.where}.")
        if self.join_line is None:
            return "Opening the game to another terminal…"
        # the line first: a narrow terminal cuts the end of a line, and the line is what the other player needs
        if self.peer == "here":
            return f"{self.join_line}   {self.they('is', 'are')} here (this line joins again)"
        if self.has_joined:
            return f"{self.join_line}   {self.they('is', 'are')} away: the game waits"
        return f"{self.join_line}   ← {self.they('types', 'type')} this on the other terminal"

    def show(self) -> None:
        """The screen's frame drawn, and the line of the two terminals."""
        self.screen.redraw()
        self._line.content = self.line()

    # -- the part's life with its screen (``GameScreen.parts``) --------------------------------------

    def compose(self, widgets: Iterable[Widget]) -> Iterable[Widget]:
        """The screen's widgets with the line of the two terminals above its footer."""
        for widget in widgets:
            if isinstance(widget, KeysFooter):
                yield self._line
            yield widget

    def mounted(self) -> None:
        """The screen is mounted: what the seat said before is said now; the host's seat starts."""
        self.show()
        early, self._early = self._early or [], None
        for kind, said in early:
            if kind == "message":
                self.net_message(said)
            else:
                self.net_gone(said[0], rejoin=said[1])
        if isinstance(self.seat, HostedSeat):
            self.seat.start(self.screen)

    def unmounted(self) -> None:
        self.seat.close()

    def table_news(self, message: TableNews) -> None:
        """What the screen's machine host said (the host's seat only has one)."""
        if isinstance(self.seat, HostedSeat):
            self.seat.heard(message.news)

    def footer_state(self) -> tuple[Any, ...]:
        """What decides the part's keys on offer (``offers``)."""
        return (self.ended, self.gone, self.peer)

    # -- what the seat says ---------------------------------------------------------------------

    def net_message(self, message: dict[str, Any]) -> None:
        if self._early is not None:
            self._early.append(("message", message))
            return
        screen = self.screen
        kind = message.get("type")
        if kind == "listening":
            self.listening(message)
        elif kind == "hello":
            self.you = screen.read_you(message.get("you"))
        elif kind == "view":
            self.view_came(message)
        elif kind == "refused":
            screen.busy = False
            screen.app.bell()
            screen.say(f"Refused: {words(message.get('reason', ''))}.")
            self.show()
        elif kind == "closed":
            self.game_ended(words(message.get("reason", "")))

    def listening(self, message: dict[str, Any]) -> None:
        self.join_line = words(message.get("join_line", ""))
        bind, port = str(message.get("bind", "")), message.get("port")
        self.where = f"[{bind}]:{port}" if ":" in bind else f"{bind}:{port}"
        resumed = "Your unfinished game goes on: " if message.get("resumed") else ""
        if bind.startswith("127.") or bind == "::1":
            who = self.they("joins", "join")
            self.screen.say(f"{resumed}{who[0].lower() + who[1:] if resumed else who} with the line below, "
                            "from this machine.")
        else:
            where = f"every address of this machine, port {port}" if bind in ("0.0.0.0", "::") else words(self.where)
            self.screen.say(f"{resumed}Open on {where}: whoever can reach it may try the code, and nothing is encrypted.")
        self.show()

    def view_came(self, message: dict[str, Any]) -> None:
        screen = self.screen
        try:
            screen.take_view(message.get("view"))
        except ValueError as bad:
            self.seat.close()
            self.net_gone(f"The host sent what this arcade cannot draw ({words(bad, 120)}): the game is left.",
                          rejoin=False)
            return
        if self.you is None:
            self.you = screen.read_you(message.get("you"))
        before, self.peer = self.peer, str(message.get("peer"))
        screen.busy = False
        self.gone = None
        screen.view_taken(first=before is None)
        if self.peer == "here" and before != "here" and isinstance(self.seat, HostedSeat):
            screen.say(f"{self.they('is', 'are')} back: the game goes on." if self.has_joined
                       else f"{self.they('has', 'have')} joined: the game begins.")
            self.has_joined = True
        elif self.peer == "away" and before == "here":
            screen.app.bell()
            screen.say(f"{self.others[0].upper() + self.others[1:]} connection dropped: the game waits for them, "
                       "saved; they join again with the same line.")
        elif before is None and isinstance(self.seat, JoinedSeat):
            screen.say(f"Joined: you are {screen.player_name(self.you)}.")
        self.show()

    def game_ended(self, reason: str) -> None:
        self.ended = reason or "closed"
        self.screen.busy = False
        self.screen.say(f"The game has ended: {self.ended}.")
        self.show()

    def net_gone(self, sentence: str, *, rejoin: bool) -> None:
        """The link to the game ended (``sentence`` says so, once); ``rejoin``: r joins again."""
        if self._early is not None:
            self._early.append(("gone", (sentence, rejoin)))
            return
        if self.ended is not None:
            return
        self.gone, self.can_rejoin = sentence, rejoin
        self.screen.busy = False
        self.peer = None
        self.screen.app.bell()
        self.screen.say(sentence)
        self.show()

    # -- requests and keys -----------------------------------------------------------------------

    @property
    def connected(self) -> bool:
        return self.ended is None and self.gone is None

    def request(self, request: dict[str, Any]) -> None:
        """Send this player's request (its answer: a new view for both, or a refusal for this one)."""
        if not self.connected:
            self.screen.say("The game is not connected: " + (f"it has ended ({self.ended})." if self.ended else
                                                              "r joins again." if self.can_rejoin else "Esc: back."))
            return
        self.screen.busy = True
        self.seat.send(request)

    def key(self, key: str) -> None:
        """One of the keys every game across two terminals has: the screen's ``action_net(key)``."""
        keys: dict[str, Callable[[], None]] = {"again": self.again, "rejoin": self.rejoin, "leave": self.leave,
                                               "pause": self.pause}
        keys[key]()

    def offers(self, action: str) -> bool | None:
        """Textual's ``check_action`` for ``net(action)``: the keys every game across two terminals has."""
        if action == "rejoin":  # only on the joined terminal, whose link is down: hidden elsewhere
            if not isinstance(self.seat, JoinedSeat):
                return False
            return True if self.gone is not None and self.can_rejoin else None
        if action == "again":
            return True if self.connected and self.screen.has_view() and self.screen.over() else None
        return True  # leave, pause

    def rejoin(self) -> None:
        if isinstance(self.seat, JoinedSeat) and self.gone is not None and self.can_rejoin:
            self.gone = None
            self.screen.say(f"Joining again at {self.seat.where}…")
            self.seat.start(self.screen)
            self.show()

    def again(self) -> None:
        if self.screen.has_view() and self.screen.over():
            self.request({"type": "again"})

    def leave(self) -> None:
        if self.ended is not None or (self.gone is not None and not self.can_rejoin):
            self.go()
            return
        self.screen.app.push_screen(LeaveQuestion(isinstance(self.seat, HostedSeat), self.screen.other),
                                    self._leave_answered)

    def _leave_answered(self, answer: str | None) -> None:
        if answer == "end" and self.gone is None:
            self.seat.leave()
        if answer in ("end", "go"):
            self.go()

    def go(self) -> None:
        """Back to the launcher; this game's screen closes (its seat with it)."""
        close_mode(self.screen.app)

    def pause(self) -> None:
        """p hides the game on this terminal; the game goes on at the host."""
        screen = self.screen
        screen.paused = not screen.paused
        screen.say("Hidden: p shows the game again (it goes on meanwhile)." if screen.paused else "")
