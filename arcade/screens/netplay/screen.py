"""``NetScreen``: a TI-57 game across two terminals, the same screen on either terminal.

The game runs once, on the hosting terminal's machine host (``games/net/``); this screen
holds a seat at it (``seats.py``: the host's, or the joined player's socket), draws the
views it receives -- its own player's only -- with the game's own render functions into the
TI-57 layout both games share (``arcade/screens/ti57_screen.py``), and sends its player's
requests.  A line above the footer says who is where, and on the host's terminal the line the
other player types.  Nothing is saved here: the host's game saves itself after every change.

A subclass (``duel.py``, ``wolf.py``) reads its game's view (``take_view``), draws it
(``frame``), names the players and turns keys into requests (``request``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar, Hashable

from textual.app import ComposeResult
from textual.binding import Binding

from arcade.runtime.link import TableNews
from arcade.screens.netplay.modes import close_mode
from arcade.screens.netplay.seats import HostedSeat, JoinedSeat, Seat, words
from arcade.screens.ti57_screen import TI57_CSS, TI57Screen
from arcade.widgets.dialogs import Question
from arcade.widgets.footer import KeysFooter
from arcade.widgets.ti57 import Shown
from arcade.widgets.words import Words

NET_CSS = Path(__file__).with_name("screen.tcss")

NET_BINDINGS = [
    Binding("g", "again", "New game", id="net.again"),
    Binding("r", "rejoin", "Join again", id="net.rejoin"),
    Binding("escape,backspace", "leave", "Leave", key_display="esc", id="net.leave"),
]
"""The keys of a game across two terminals, whichever the game (its own keys come first)."""


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


class NetScreen(TI57Screen):
    """One player's seat at a TI-57 game played across two terminals."""

    GAME_ID: ClassVar[str] = ""  # the game's own id: its help page (nothing is saved under it)
    CSS_PATH: ClassVar[Any] = [TI57_CSS, NET_CSS]

    def __init__(self, seat: Seat, *, you: Any = None, blink: bool = True) -> None:
        """``seat``: the host's (started on mount) or a joined one already connected (``you``: its player)."""
        super().__init__(blink=blink)
        self.seat = seat
        seat.owner = self  # it reports here from now on
        if you is None and isinstance(seat, HostedSeat):
            you = seat.player
        self.you: Any = None if you is None else self.read_you(you)  # this terminal's player: 1 or 2, a side
        self.peer: str | None = None  # the other player: "here" or "away" (None: no view yet)
        self.has_joined = False  # the other player has been here once
        self.ended: str | None = None  # the game is over for good (the host closed it, a player ended it)
        self.gone: str | None = None  # the link is down: the sentence that said so
        self.can_rejoin = False
        self.join_line: str | None = None  # the line the other player types (the host's terminal)
        self.where = ""  # where the game listens (the host's terminal)
        self.instant = True  # nothing is paced: the host's TI-57 answers at once
        self._shown = Shown("")
        self._early: list[tuple[str, Any]] | None = []  # what the seat said before this screen was mounted (None: since)

    # -- what a game fills in ------------------------------------------------------------------

    def take_view(self, data: Any) -> None:
        """Read the view received (``ValueError``: not one this arcade draws)."""
        raise NotImplementedError

    def read_you(self, you: Any) -> Any:
        """This terminal's player as the host names it."""
        return you

    def player_name(self, player: Any) -> str:
        return f"Player {player}"

    @property
    def other(self) -> str:
        """The other player, in words ("Player 2", "the lambs")."""
        return "the other player"

    def they(self, singular: str, plural: str) -> str:
        """The other player and a verb that agrees: "Player 2 types", "The lambs type" (capitalized)."""
        return f"{self.other.capitalize()} {plural if self.other == 'the lambs' else singular}"

    @property
    def others(self) -> str:
        """The other player's, possessive: "Player 2's", "the lambs'"."""
        return f"{self.other}'" if self.other.endswith("s") else f"{self.other}'s"

    def view_taken(self, *, first: bool) -> None:
        """A new view is drawn next: say its news (``first``: the first since joining, or since the link came back)."""

    def has_view(self) -> bool:
        raise NotImplementedError

    def over(self) -> bool:
        raise NotImplementedError

    # -- the screen ----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if isinstance(widget, KeysFooter):
                yield Words(id="net-line")
            yield widget

    def on_mount(self) -> None:
        self.redraw()
        early, self._early = self._early or [], None
        for kind, said in early:
            if kind == "message":
                self.net_message(said)
            else:
                self.net_gone(said[0], rejoin=said[1])
        if isinstance(self.seat, HostedSeat):
            self.seat.start()

    def on_unmount(self) -> None:
        self.seat.close()

    def on_table_news(self, message: TableNews) -> None:
        if isinstance(self.seat, HostedSeat):
            self.seat.heard(message.news)

    def save_held(self) -> bool:
        """Always: the host's game saves itself after every change, on the host's terminal."""
        return True

    def redraw(self) -> None:
        super().redraw()
        self.query_one("#net-line", Words).content = self.net_line()

    def footer_signature(self) -> Hashable:
        return (self.paused, self.ended, self.gone, self.peer, self.busy, *self.footer_state())

    def footer_state(self) -> tuple[Any, ...]:
        return ()

    def net_line(self) -> str:
        """Who is where: the line above the footer."""
        if self.ended is not None:
            return f"The game has ended: {self.ended}. Esc: back to the arcade."
        if self.gone is not None:
            return self.gone
        if isinstance(self.seat, JoinedSeat):
            if self.peer is None:
                return f"Joining the game at {self.seat.where}…"
            return f"Across two terminals: you are {self.player_name(self.you)}, at the game hosted on {self.seat.where}."
        if self.join_line is None:
            return "Opening the game to another terminal…"
        # the line first: a narrow terminal cuts the end of a line, and the line is what the other player needs
        if self.peer == "here":
            return f"{self.join_line}   {self.they('is', 'are')} here (this line joins again)"
        if self.has_joined:
            return f"{self.join_line}   {self.they('is', 'are')} away: the game waits"
        return f"{self.join_line}   ← {self.they('types', 'type')} this on the other terminal"

    # -- what the seat says ---------------------------------------------------------------------

    def net_message(self, message: dict[str, Any]) -> None:
        if self._early is not None:
            self._early.append(("message", message))
            return
        kind = message.get("type")
        if kind == "listening":
            self.listening(message)
        elif kind == "hello":
            self.you = self.read_you(message.get("you"))
        elif kind == "view":
            self.view_came(message)
        elif kind == "refused":
            self.busy = False
            self.app.bell()
            self.say(f"Refused: {words(message.get('reason', ''))}.")
            self.redraw()
        elif kind == "closed":
            self.game_ended(words(message.get("reason", "")))

    def listening(self, message: dict[str, Any]) -> None:
        self.join_line = words(message.get("join_line", ""))
        bind, port = str(message.get("bind", "")), message.get("port")
        self.where = f"[{bind}]:{port}" if ":" in bind else f"{bind}:{port}"
        resumed = "Your unfinished game goes on: " if message.get("resumed") else ""
        if bind.startswith("127.") or bind == "::1":
            who = self.they("joins", "join")
            self.say(f"{resumed}{who[0].lower() + who[1:] if resumed else who} with the line below, from this machine.")
        else:
            where = f"every address of this machine, port {port}" if bind in ("0.0.0.0", "::") else words(self.where)
            self.say(f"{resumed}Open on {where}: whoever can reach it may try the code, and nothing is encrypted.")
        self.redraw()

    def view_came(self, message: dict[str, Any]) -> None:
        try:
            self.take_view(message.get("view"))
        except ValueError as bad:
            self.seat.close()
            self.net_gone(f"The host sent what this arcade cannot draw ({words(bad, 120)}): the game is left.",
                          rejoin=False)
            return
        if self.you is None:
            self.you = self.read_you(message.get("you"))
        before, self.peer = self.peer, str(message.get("peer"))
        self.busy = False
        self.gone = None
        self.view_taken(first=before is None)
        if self.peer == "here" and before != "here" and isinstance(self.seat, HostedSeat):
            self.say(f"{self.they('is', 'are')} back: the game goes on." if self.has_joined
                     else f"{self.they('has', 'have')} joined: the game begins.")
            self.has_joined = True
        elif self.peer == "away" and before == "here":
            self.app.bell()
            self.say(f"{self.others[0].upper() + self.others[1:]} connection dropped: the game waits for them, saved; "
                     "they join again with the same line.")
        elif before is None and isinstance(self.seat, JoinedSeat):
            self.say(f"Joined: you are {self.player_name(self.you)}.")
        self.redraw()

    def game_ended(self, reason: str) -> None:
        self.ended = reason or "closed"
        self.busy = False
        self.say(f"The game has ended: {self.ended}.")
        self.redraw()

    def net_gone(self, sentence: str, *, rejoin: bool) -> None:
        """The link to the game ended (``sentence`` says so, once); ``rejoin``: r joins again."""
        if self._early is not None:
            self._early.append(("gone", (sentence, rejoin)))
            return
        if self.ended is not None:
            return
        self.gone, self.can_rejoin = sentence, rejoin
        self.busy = False
        self.peer = None
        self.app.bell()
        self.say(sentence)
        self.redraw()

    # -- requests ---------------------------------------------------------------------------------

    def request(self, request: dict[str, Any]) -> None:
        """Send this player's request (its answer: a new view for both, or a refusal for this one)."""
        if self.ended is not None or self.gone is not None:
            self.say("The game is not connected: " + (f"it has ended ({self.ended})." if self.ended else
                                                       "r joins again." if self.can_rejoin else "Esc: back."))
            return
        self.busy = True
        self.seat.send(request)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "rejoin":
            return isinstance(self.seat, JoinedSeat) and self.gone is not None and self.can_rejoin
        if action == "again":
            return self.ended is None and self.gone is None and self.has_view() and self.over()
        if action == "leave":
            return True
        return action == "pause" if self.paused else True

    def action_rejoin(self) -> None:
        if isinstance(self.seat, JoinedSeat) and self.gone is not None and self.can_rejoin:
            self.gone = None
            self.say(f"Joining again at {self.seat.where}…")
            self.seat.start()
            self.redraw()

    def action_again(self) -> None:
        if self.has_view() and self.over():
            self.request({"type": "again"})

    def action_leave(self) -> None:
        if self.ended is not None or (self.gone is not None and not self.can_rejoin):
            self.go()
            return
        self.app.push_screen(LeaveQuestion(isinstance(self.seat, HostedSeat), self.other), self._leave_answered)

    def _leave_answered(self, answer: str | None) -> None:
        if answer == "end" and self.gone is None:
            self.seat.leave()
        if answer in ("end", "go"):
            self.go()

    def go(self) -> None:
        """Back to the launcher; this game's screen closes (its seat with it)."""
        close_mode(self.app)

    def action_pause(self) -> None:
        self.paused = not self.paused
        self.say("Hidden: p shows the game again (it goes on meanwhile)." if self.paused else "")
