"""Wolf and lambs across two terminals: each player plays their side on their own keyboard.

Nothing is hidden in this game; what two terminals change is who holds the keys.  The view
comes from the host (``games/net/tables.py``), read back into the session's own
``WolfSessionView`` (``games/net/views.py``) and drawn by the wolf screen's render functions
(``arcade/screens/ti57_wolf/render.py``, ``export.py``).  The keys are the wolf screen's: 7 ↖,
9 ↗, 1 ↙, 3 ↘ for the wolf; a lamb chosen with 1-4 or Tab, then 7 or 9; t takes back a move
the TI-57 refused (purist); z takes back your own last move until the other has answered.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult

from arcade.screens.netplay.play import NET_CSS, NetPlay, net_bindings
from arcade.screens.ti57_screen import TI57_CSS, TI57Frame, TI57Screen
from arcade.screens.ti57_wolf import render
from arcade.screens.ti57_wolf.export import history_header, history_rows, history_text
from arcade.screens.ti57_wolf.keys import LAMB_KEYS_WORDS, WOLF_BINDINGS
from arcade.widgets.grid import BoardClicked, GridView, SquareBoard
from arcade.widgets.ti57 import Shown
from games.net.views import wolf_view_from_json
from games.ti57_wolf.referee import Side
from games.ti57_wolf.session import MoveLine, Phase, WolfMove, WolfSessionView
from games.ti57_wolf.table import WolfPicture

KEPT = {"wolf.up-left", "wolf.up-right", "wolf.down-left", "wolf.down-right", "wolf.key-1", "wolf.key-2",
        "wolf.key-3", "wolf.key-4", "wolf.key-6", "wolf.lamb-left", "wolf.lamb-right", "wolf.next-lamb",
        "wolf.previous-lamb", "wolf.take-back", "wolf.undo", "wolf.pause", "wolf.toggle-history",
        "wolf.export-history", "ti57.toggle-registers"}
"""The wolf screen's keys that mean the same across two terminals (the referee, redo, the computer's pace
and a new game's seats are the host's choices, or one keyboard's)."""

NET_WOLF_BINDINGS = net_bindings(WOLF_BINDINGS, KEPT)


class NetWolfScreen(TI57Screen):
    """Wolf and lambs, one side of it, across two terminals."""

    GAME_ID = "ti57-wolf"  # its help page (nothing is saved under it)
    CSS_PATH = [TI57_CSS, NET_CSS]
    TITLE = "Wolf and lambs on the TI-57, across two terminals"
    BINDINGS = NET_WOLF_BINDINGS

    def __init__(self, seat: Any, *, you: Any = None, blink: bool = True) -> None:
        super().__init__(blink=blink)
        self.wolf: WolfSessionView | None = None  # the last view received (None: none yet)
        self.history: tuple[MoveLine, ...] = ()
        self.selected: int | None = None
        self.net = NetPlay(self, seat, you)  # the seat, who is where, the keys of two terminals (``play.py``)
        self.parts.append(self.net)

    # -- the view received -------------------------------------------------------------------

    def take_view(self, data: Any) -> None:
        received = wolf_view_from_json(data)
        self.wolf, self.history = received.view, received.history
        if received.view.to_move is not Side.LAMBS or received.view.phase is not Phase.TURN:
            self.selected = None

    def read_you(self, you: Any) -> Any:
        return Side(you) if you in ("wolf", "lambs") else None

    def player_name(self, player: Any) -> str:
        return f"the {player.value}" if isinstance(player, Side) else "a player"

    @property
    def other(self) -> str:
        if not isinstance(self.net.you, Side):
            return "the other player"
        return "the lambs" if self.net.you is Side.WOLF else "the wolf"

    def has_view(self) -> bool:
        return self.wolf is not None

    def over(self) -> bool:
        return self.wolf is not None and self.wolf.phase is Phase.OVER

    def my_turn(self) -> bool:
        v = self.wolf
        return v is not None and v.to_move is self.net.you and v.phase is not Phase.OVER

    def view_taken(self, *, first: bool) -> None:
        v = self.wolf
        assert v is not None
        self._shown = Shown(v.display, v.flashing, "stopped")
        if first and self.net.peer != "here" and v.phase is not Phase.OVER:
            return  # the host's own line ("joins with the line below") stays said
        if v.phase is Phase.OVER and v.result is not None:
            self.say(f"Game over: the {v.result.winner.value} {render.wins(v.result.winner)} ({v.result.reason}). "
                     "g: a new game.")
        elif v.phase is Phase.FLASHING:
            self.say("The TI-57 refused the wolf's move: its display flashes." + (" t takes it back." if self.my_turn()
                                                                                     else ""))
        elif v.last_move is not None and self.my_turn():
            self.say(f"{self.net.they('has', 'have')} moved: your move.")

    def compose(self) -> ComposeResult:
        yield from self.net.compose(super().compose())

    def on_mount(self) -> None:
        self.query_one("#board", SquareBoard).boxed = True

    def save_held(self) -> bool:
        """Always: the host's game saves itself after every change, on the host's terminal."""
        return True

    # -- drawing -----------------------------------------------------------------------------

    def frame(self) -> TI57Frame:
        v = self.wolf
        if v is None:
            return TI57Frame(sub_title="across two terminals", board=GridView(render.COLUMNS, render.ROWS, {}, {},
                                                                              render.DARK, None),
                             info="The game is being set up on the host's TI-57…", status="", calculator=_NO_VIEW,
                             meanings=render.REGISTERS)
        mine = self.my_turn()
        return TI57Frame(
            sub_title=render.sub_title(v), board=render.board_view(v, self.selected if mine else None, self.busy or not mine),
            info=render.turn_text(v, self.selected, switch=False) if mine or v.phase is Phase.OVER else self.waiting_text(v),
            status=self.status_text(v), calculator=v, meanings=render.REGISTERS, registers=self.registers_shown,
            keylog=not self.history_shown and not self.registers_shown,
            history=(history_rows(list(self.history)), history_header(v)) if self.history_shown else None)

    def waiting_text(self, v: WolfSessionView) -> Text:
        t = Text(no_wrap=True, overflow="ellipsis", end="")
        t.append(f"{'W' if v.to_move is Side.WOLF else '1-4'} The {v.to_move.value} to move\n", "bold reverse")
        t.append(f"{self.net.they('plays', 'play')} on the other terminal\n")
        t.append("Referee ")
        t.append("off (purist)" if not v.referee_enabled else "on", "bold")
        return t

    def status_text(self, v: WolfSessionView) -> Text:
        """The pieces as the registers hold them, and who plays where (two lines: the line of the two
        terminals takes the third's row on a 24-row terminal)."""
        t = Text(no_wrap=True, overflow="ellipsis", end="")
        t.append(f"W {v.register_texts[0]}  ", "bold")
        t.append("  ".join(f"{k}: {v.register_texts[k]}" for k in (1, 2, 3, 4)))
        if isinstance(self.net.you, Side):
            t.append(f"\nYou play the {self.net.you.value}, here", "dim")
        return t

    def footer_signature(self) -> tuple[Any, ...]:
        v = self.wolf
        return (self.paused, self.busy) if v is None else (self.paused, self.busy, v.phase, v.to_move, v.can_undo)

    # -- keys ----------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "net":
            return self.net.offers(str(parameters[0]))
        v = self.wolf
        # as at one keyboard: t only while the display flashes, Tab only on the lambs' turn (hidden otherwise)
        if action == "take_back" and not (v is not None and v.phase is Phase.FLASHING and self.net.you is Side.WOLF):
            return False
        if action == "next_lamb" and not (self.my_turn() and self.net.you is Side.LAMBS):
            return False
        if self.paused:
            return None  # the game hidden: its keys wait, dimmed
        if action == "undo":
            return True if v is not None and v.can_undo else None
        return True

    def action_net(self, key: str) -> None:
        self.net.key(key)

    def _ready(self) -> bool:
        """Can this player move now?  If not, say why."""
        v = self.wolf
        if v is None or self.busy:
            return False
        if v.phase is Phase.OVER:
            self.say("The game is over: g, a new game.")
            return False
        if v.phase is Phase.FLASHING:
            self.app.bell()
            self.say("The display flashes: the wolf's move was refused" + (": t takes it back." if self.net.you is Side.WOLF
                                                                           else "; the wolf takes it back."))
            return False
        if v.to_move is not self.net.you:
            self.say(f"It is {self.net.others} move, on the other terminal.")
            return False
        return True

    def play(self, move: WolfMove, words: str) -> None:
        keys = f"SBR {move.key}" if move.side is Side.WOLF else f"{move.lamb} SBR {move.key}"
        self.say(f"{words}: {keys}.")
        request = ({"type": "wolf", "key": move.key} if move.side is Side.WOLF
                   else {"type": "lamb", "lamb": move.lamb, "key": move.key})
        self.net.request(request)
        self.redraw()

    def action_diagonal(self, name: str) -> None:
        if not self._ready():
            return
        if self.net.you is Side.WOLF:
            self.play(WolfMove.wolf(render.WOLF_KEY[name]), f"The wolf {render.ARROW[name]}")
        elif self.selected is None:
            self.say("Choose a lamb first: 1-4, Tab or click.")
        elif name not in render.LAMB_KEY:
            self.app.bell()
            self.say(f"Refused: lambs only go forward (↖ or ↗), not {render.ARROW[name]}.")
        else:
            self.play(WolfMove.of_lamb(self.selected, render.LAMB_KEY[name]), f"Lamb {self.selected} {render.ARROW[name]}")

    def action_digit(self, n: int) -> None:
        if self.net.you is Side.WOLF:
            if n in (1, 3):
                self.action_diagonal("sw" if n == 1 else "se")
            else:
                self.app.bell()
                self.say("The wolf moves on the diagonals: 7 ↖ 9 ↗ 1 ↙ 3 ↘.")
        elif n in (1, 2, 3, 4):
            self.select(n)
        else:
            self.app.bell()
            self.say(f"{LAMB_KEYS_WORDS}.")

    def select(self, k: int) -> None:
        v = self.wolf
        if v is None or not self.my_turn() or self.net.you is not Side.LAMBS or self.busy:
            return
        self.selected = k
        self.say(f"Lamb {k} on {v.register_texts[k]}: {LAMB_KEYS_WORDS}.")
        self.redraw()

    def action_next_lamb(self, step: int) -> None:
        current = self.selected or (0 if step > 0 else 5)
        self.select((current - 1 + step) % 4 + 1)

    def on_board_clicked(self, event: BoardClicked) -> None:
        v = self.wolf
        if v is None or not self.my_turn():
            return
        if self.net.you is Side.LAMBS and event.square in v.board.lambs:
            self.select(v.board.lambs.index(event.square) + 1)
            return
        origin = v.board.wolf if self.net.you is Side.WOLF else (v.board.lambs[self.selected - 1] if self.selected else None)
        if origin is not None:
            step = (event.square[0] - origin[0], event.square[1] - origin[1])
            name = next((n for n, d in render.STEP.items() if d == step), None)
            if name is not None:
                self.action_diagonal(name)

    def action_take_back(self) -> None:
        v = self.wolf
        if v is not None and v.phase is Phase.FLASHING and self.net.you is Side.WOLF and not self.busy:
            self.say(f"Taking it back as an owner would: CLR, SBR {v.take_back_key}.")
            self.net.request({"type": "take_back"})

    def action_undo(self) -> None:
        if self.wolf is not None and self.wolf.can_undo and not self.busy:
            self.say("Your move is taken back.")
            self.net.request({"type": "undo"})

    def action_export_history(self) -> None:
        v = self.wolf
        if v is None:
            return
        story = "the referee on" if v.referee_enabled else "no referee (purist)"
        picture = WolfPicture(view=v, history=self.history, referee_story=story, summary="", save=None)
        self.saves.export(history_text(picture, "Wolf and lambs on the TI-57, across two terminals"))

    def palette_commands(self) -> list[tuple[str, str, Any]]:
        return [self.registers_command(), ("Wolf: leave", "End or leave the game across two terminals", self.net.leave)]


class _NoView:
    """The TI-57's panels before the first view: nothing in them."""

    registers: tuple[str, ...] = ("",) * 8
    pc = 0
    steps = 0
    keys: tuple[str, ...] = ()


_NO_VIEW = _NoView()
