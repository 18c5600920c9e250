"""A blind duel as a session: phases, turns, seats, hand-offs, undo, saves and views, without Textual.

The duel's life (``Phase``)::

    LIMIT --start--> HANDOFF(1) --reveal--> SETUP(1) --place--> HANDOFF(2) --reveal--> SETUP(2)
      --place--> HANDOFF(1) --reveal--> TURN(1) --move--> HANDOFF(2) --reveal--> TURN(2) ...
    a capture --> OVER;  the last move --> DRAW --extend--> HANDOFF / --end--> OVER

The hand-off is the curtain between two people sharing one keyboard: nothing private is
in its view, and only the next player lifts it (with their PIN in a locked duel).  The
player who just moved may take the move back while the curtain is down (``undo``), never
after.  With a computer in a seat there is no curtain (one person looks); the computer
plays through the TI-57's keys like a person (``play_computer``), knowing only what its
seat may know (``games.ti57_duel.computer``).  Two people on two terminals (``apart``,
``games.net``) need no curtain either: each terminal is sent its own player's view only,
and the mover may take a move back until the other has moved.

``view(viewer)`` is all a front-end may show: player 1's view never holds player 2's
square (nor its register, nor the keys that placed it), and the reverse; ``view(None)``
is the public view.  Both squares, the keys and the moves are in a view only once the
duel is over.  Saves (``to_save``) seal the TI-57 and the moves (``seal.py``): nothing
in the file reads as a square, a key or a register.  A locked duel's save gives each
player who chose a PIN an envelope that PIN alone opens (a key share and that player's
own squares); the TI-57, whose registers and key log mix both squares, opens only with
every PIN chosen so far.
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass, field
from enum import Enum
from functools import lru_cache
from typing import Any, Callable

from games.schema import Field, read_settings
from games.session import Refused, SaveUnreadable, Seat
from games.ti57_duel import seal as sealing
from games.ti57_duel.driver import MAX_MOVES, DuelGame, MachineDisagrees, PlayerView, Turn
from games.ti57_duel.referee import DELTAS, DuelStatus, IllegalMove, Square, on_board

__all__ = [
    "SCHEMA",
    "DuelSession",
    "DuelView",
    "LockedSave",
    "Moved",
    "Phase",
    "WrongPin",
    "WrongPins",
]

SCHEMA = 3
"""1 (implicit) was the screen's plain save: ``phase``, ``game`` (the driver's snapshot) ...
2 sealed the driver's snapshot with a key stream, locked under all the PINs chosen together;
3 seals with AES-GCM, each player's envelope under their own PIN (``seal.py``).  An unlocked
save of 2 is read and sealed anew as 3; a locked one is refused (its seal gave way in minutes)."""
DEFAULT_LIMIT = 20
DEFAULT_EXTENSION = 10  # the article: "10 STO 0 par exemple, ce qui donnera 10 coups de plus"
PIN_DIGITS = (6, 12)
"""Six digits at least: a million guesses, each paying the seal's scrypt (``docs/reliability.md``)."""
SETTINGS = {"instant": "bool", "registers": "bool", "variant": "name"}
"""The duel screen's choices kept beside the session's save (``arcade/screens/ti57_duel/saves.py``)."""


class Phase(Enum):
    LIMIT = "limit"  # choosing the move limit (public)
    SETUP = "setup"  # a player keys a secret start square (private)
    TURN = "turn"  # a player moves (private)
    HANDOFF = "handoff"  # the curtain between two people (public)
    DRAW = "draw"  # the moves are used up: extend or end (public)
    OVER = "over"  # captured, or a draw the players ended: everything may be known


class WrongPin(Refused):
    """A PIN that is not the player's: nothing is shown."""


class LockedSave(Refused):
    """A locked duel's save: it opens only with both players' PINs (``players``: whose are needed)."""

    def __init__(self, text: str, players: tuple[int, ...] = (1, 2)) -> None:
        super().__init__(text)
        self.players = players


class WrongPins(LockedSave):
    """The PINs given do not open the save; the file is left as it was."""


@dataclass(frozen=True)
class DuelView:
    """What one viewer may see now (``viewer`` None: anyone, e.g. the hand-off)."""

    viewer: int | None
    phase: Phase
    seats: tuple[Seat, Seat]
    limit: int
    extension: int
    setup_player: int
    handoff_to: int | None
    undo_for: int | None
    news: str
    locked: bool
    moves_left: int | None
    moves_played: int
    to_move: int | None
    status: DuelStatus
    winner: int | None
    display: str = ""
    flashing: bool = False
    me: PlayerView | None = None  # the viewer's own: square, the other's last direction...
    legal: tuple[int, ...] = ()  # directions that stay on the board, when it is the viewer's move
    registers: tuple[str, ...] = ()  # R0-R7; a hidden one is ""
    hidden: tuple[int, ...] = (1, 2)
    pc: int = 0
    steps: int = 0
    squares: tuple[Square, Square] | None = None  # only when over
    keys: tuple[str, ...] = ()  # only when over
    turns: tuple[Turn, ...] = ()  # only when over
    setup_keys: int = 0  # how many of ``keys`` came before the first move (over only)


@dataclass(frozen=True)
class Moved:
    """A move played: the TI-57's turn, and the mover's own view just after it (for the mover only)."""

    turn: Turn
    mover_view: DuelView


def _check_limit(n: int, what: str) -> int:
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= MAX_MOVES:
        raise Refused(f"{what} must be a whole number from 1 to {MAX_MOVES}, not {n!r}")
    return n


def _check_pin(pin: Any) -> str:
    low, high = PIN_DIGITS
    if not isinstance(pin, str) or not pin.isdigit() or not low <= len(pin) <= high or not pin.isascii():
        raise Refused(f"a PIN is {low} to {high} digits")
    return pin


def _read_seat(f: Field) -> Seat:
    kind, level = f.list(2, 2)
    from games.ti57_duel.computer import DUEL_LEVELS  # noqa: PLC0415 - a seat's level is one of these

    return Seat(kind.choice(("person", "computer")), None if level.is_null else level.choice(DUEL_LEVELS))


@lru_cache(maxsize=1)
def _listing_json() -> list[Any]:
    return DuelGame().machine.snapshot()["program"]


def _player_key(key: str, players: Field) -> bool:
    if key not in ("1", "2"):
        players.refuse("name a player that is not 1 or 2")
    return True


def default_player_for(seat: Seat, player: int, seed: int | None) -> Any:
    """The computer for a seat (imported only when a computer sits)."""
    from games.ti57_duel.computer import duel_player

    return duel_player(seat.level or "hunter", player, seed)


@dataclass
class DuelSession:
    """One blind duel from the move limit to its end."""

    seats: tuple[Seat, Seat] = (Seat(), Seat())
    limit: int = DEFAULT_LIMIT
    extension: int = DEFAULT_EXTENSION
    lock: bool = False
    seed: int | None = None
    player_for: Callable[[Seat, int, int | None], Any] = default_player_for
    phase: Phase = Phase.LIMIT
    game: DuelGame | None = None
    setup_player: int = 1
    handoff_to: int | None = None
    after_handoff: Phase | None = None
    undo_for: int | None = None
    news: str = ""
    _undo: dict[str, Any] | None = field(default=None, repr=False)
    seal_cost: sealing.KdfCost = sealing.DEFAULT_COST
    """scrypt's cost for a PIN (tests pass a low one; a resumed save keeps the one it was sealed with)."""
    _pins: dict[int, str] = field(default_factory=dict, repr=False)  # player -> digest, in memory only
    _pin_salt: bytes = field(default_factory=sealing.new_salt, repr=False)  # in memory only
    _envelopes: dict[int, _Envelope] = field(default_factory=dict, repr=False)  # locked: player -> key, salt, share
    _seal_key: bytes = field(default_factory=sealing.new_key, repr=False)  # unlocked, or no PIN chosen yet
    _computers: dict[int, Any] = field(default_factory=dict, repr=False)
    program: Any = field(default=None, repr=False)  # a workshop variant (machines.ti57 Program); None: the listing
    apart: bool = False
    """Two people on two terminals (``games.net``): no curtain, each terminal is sent only its own
    player's view; the mover may take a move back until the other has answered it."""

    def __post_init__(self) -> None:
        for seat in self.seats:
            if seat.kind not in ("person", "computer"):
                raise Refused(f"a seat is a person or the computer, not {seat.kind!r}")

    # -- who is who ------------------------------------------------------------------

    def is_person(self, player: int) -> bool:
        return self.seats[player - 1].kind == "person"

    @property
    def hot_seat(self) -> bool:
        """Two people share the keyboard: a curtain goes up between them."""
        return self.is_person(1) and self.is_person(2) and not self.apart

    @property
    def actor(self) -> int | None:
        """The player who must act now (None: nobody, or the curtain is down)."""
        if self.phase is Phase.SETUP:
            return self.setup_player
        if self.phase is Phase.TURN and self.game is not None:
            return self.game.to_move
        return None

    @property
    def computer_to_act(self) -> bool:
        return self.actor is not None and not self.is_person(self.actor)

    @property
    def viewer(self) -> int | None:
        """Whose private view a front-end shows now (None: the public view)."""
        if self.phase not in (Phase.SETUP, Phase.TURN):
            return None
        if self.hot_seat:
            return self.actor
        people = [p for p in (1, 2) if self.is_person(p)]
        return people[0] if people else None

    # -- the set-up ------------------------------------------------------------------

    def set_limit(self, n: int) -> None:
        if self.phase is not Phase.LIMIT:
            raise Refused("the move limit is set before the duel starts")
        self.limit = _check_limit(n, "the move limit")

    def set_extension(self, n: int) -> None:
        if self.phase is not Phase.DRAW:
            raise Refused("the extension is chosen at a draw")
        self.extension = _check_limit(n, "the extension")

    def start(self) -> None:
        """Key ``limit STO 0, 2nd Fix 1`` (no secret yet); player 1 chooses first."""
        if self.phase is not Phase.LIMIT:
            raise Refused("the duel has started")
        if self.lock and not self.hot_seat:
            raise Refused("the PIN lock is for two people sharing the keyboard")
        self.game = DuelGame(self.limit, program=self.program)
        self.setup_player = 1
        self._hand_off(1, Phase.SETUP, f"New duel: {self.limit} moves for both players.")

    def place(self, square: Square, pin: str | None = None) -> None:
        """The setting-up player's secret start square (``c.r STO n``, CLR); a locked duel needs a PIN."""
        if self.phase is not Phase.SETUP or self.game is None:
            raise Refused("start squares are keyed while setting up")
        player = self.setup_player
        if not (isinstance(square, tuple) and len(square) == 2 and on_board(square)):
            raise IllegalMove(f"{square!r} is not a square of the 10 x 10 board (columns and rows 0-9)")
        if self.lock and self.is_person(player):
            pin = _check_pin(pin)
        self.game.place(player, square)
        if self.lock and pin is not None and self.is_person(player):
            self._pins[player] = sealing.pin_digest(pin, self._pin_salt)
            salt = sealing.new_salt()
            self._envelopes[player] = _Envelope(sealing.pin_key(pin, salt, self.seal_cost), salt, sealing.new_key())
        if player == 1:
            self.setup_player = 2
            self._hand_off(2, Phase.SETUP, "Player 1 has keyed a start square.")
        else:
            self._hand_off(1, Phase.TURN, "Both start squares are keyed. Player 1 moves first.")

    # -- the curtain -----------------------------------------------------------------

    def needs_pin(self, player: int) -> bool:
        return self.lock and player in self._pins

    def reveal(self, pin: str | None = None) -> None:
        """Lift the curtain for the player it waits for (their PIN, in a locked duel)."""
        if self.phase is not Phase.HANDOFF or self.handoff_to is None or self.after_handoff is None:
            raise Refused("there is no curtain to lift")
        player = self.handoff_to
        if self.needs_pin(player):
            if not isinstance(pin, str) or not hmac.compare_digest(sealing.pin_digest(pin, self._pin_salt),
                                                                  self._pins[player]):
                raise WrongPin(f"that is not Player {player}'s PIN: nothing is shown")
        self.phase, self.handoff_to, self.after_handoff = self.after_handoff, None, None
        self._undo, self.undo_for = None, None  # the move is the other player's to answer now

    def cover(self, why: str = "") -> None:
        """Put the curtain back (a pause, leaving the screen): the same player lifts it again."""
        if self.phase not in (Phase.SETUP, Phase.TURN):
            return
        player = self.viewer
        if player is None or not self.hot_seat:
            return
        self._hand_off(player, self.phase, why or self.news)

    # -- play ------------------------------------------------------------------------

    def check_move(self, direction: int) -> None:
        """Raise ``Refused`` if the player to move may not go ``direction``; nothing is keyed."""
        if self.phase is not Phase.TURN or self.game is None:
            raise Refused("no move can be played now")
        self.game.check_move(self.game.to_move, direction)

    def move(self, direction: int) -> Moved:
        """``direction SBR p`` for the player to move; a refusal keys nothing."""
        self.check_move(direction)
        g = self.game
        assert g is not None
        before = g.snapshot()
        try:
            turn = g.move(g.to_move, direction)
        except MachineDisagrees:  # a program (a workshop variant) broke the protocol: the duel stays
            self.game = DuelGame.restore(before)
            raise
        mover_view = self._private_view(turn.player)
        if g.status is DuelStatus.CAPTURE:
            self._set(Phase.OVER, f"Capture! {turn.direction} SBR {turn.player} landed on Player {3 - turn.player}.")
        elif g.status is DuelStatus.DRAW:
            self._set(Phase.DRAW, f"Player {turn.player}'s move used the last one: the display flashes {g.machine.display}.")
        else:
            news = f"Player {turn.player} has moved {_ARROW[direction]} {_NAME[direction]} (code {direction})."
            self._hand_off(g.to_move, Phase.TURN, news)
            if self.phase is Phase.HANDOFF or self.apart:
                self._undo, self.undo_for = before, turn.player
        return Moved(turn, mover_view)

    def undo(self) -> None:
        """The mover takes the move back, on the curtain that follows it (never after it is lifted);
        apart, until the other player moves."""
        if self.phase is not (Phase.TURN if self.apart else Phase.HANDOFF) or self._undo is None \
                or self.undo_for is None:
            raise Refused("a move can only be taken back by its player, before the next player lifts the curtain")
        player, state = self.undo_for, self._undo
        self.game = DuelGame.restore(state)
        self._undo, self.undo_for = None, None
        self._hand_off(player, Phase.TURN, f"Player {player}'s move was taken back: the TI-57 is as before it.")

    def extend(self) -> None:
        """At a draw: CLR, ``extension STO 0``; squares kept (the article's suggestion)."""
        if self.phase is not Phase.DRAW or self.game is None:
            raise Refused("only a drawn duel can be extended")
        n = self.extension
        self.game.extend(n)
        self._hand_off(self.game.to_move, Phase.TURN, f"The duel goes on: CLR, {n} STO 0 gave {n} more moves.")

    def end(self) -> None:
        """At a draw, the players agree to stop: both squares are revealed."""
        if self.phase is not Phase.DRAW:
            raise Refused("only a drawn duel can be ended this way")
        self._set(Phase.OVER, "The players agreed to stop: both squares revealed.")

    def play_computer(self) -> Moved | Square:
        """The computer in the acting seat plays (a start square, or a move), through the keys."""
        player = self.actor
        if player is None or self.is_person(player):
            raise Refused("it is not the computer's turn")
        computer = self._computers.get(player)
        if computer is None:
            seed = None if self.seed is None else self.seed * 2 + player
            computer = self._computers[player] = self.player_for(self.seats[player - 1], player, seed)
        g = self.game
        assert g is not None
        if self.phase is Phase.SETUP:
            square = tuple(computer.place())
            self.place((int(square[0]), int(square[1])))
            return square  # type: ignore[return-value]
        return self.move(int(computer.choose(g.view_for(player))))

    # -- views -----------------------------------------------------------------------

    def view(self, viewer: int | None = None) -> DuelView:
        """Exactly what ``viewer`` may see now; ``None`` (or a viewer not in a private phase): public."""
        if viewer not in (None, 1, 2):
            raise ValueError(f"there is no player {viewer}: players are 1 and 2")
        if viewer is not None and self.game is not None and self._may_see(viewer):
            return self._private_view(viewer)
        return self._public_view()

    def _may_see(self, viewer: int) -> bool:
        if self.phase is Phase.SETUP:
            return (viewer == self.setup_player or self.apart) and self.is_person(viewer)
        if self.phase is Phase.TURN:
            return self.is_person(viewer) and (viewer == self.game.to_move or not self.hot_seat)  # type: ignore[union-attr]
        return False

    def _common(self, viewer: int | None) -> dict[str, Any]:
        g = self.game
        return dict(
            viewer=viewer, phase=self.phase, seats=self.seats, limit=self.limit, extension=self.extension,
            setup_player=self.setup_player, handoff_to=self.handoff_to, undo_for=self.undo_for,
            news=self.news, locked=self.lock,
            moves_left=g.moves_left if g is not None and g.referee is not None else None,
            moves_played=len(g.turns) if g is not None else 0,
            to_move=g.to_move if g is not None and self.phase in (Phase.TURN, Phase.HANDOFF, Phase.DRAW) else None,
            status=g.status if g is not None else DuelStatus.NOT_STARTED,
            winner=g.winner if g is not None else None,
        )

    def _public_view(self) -> DuelView:
        g = self.game
        if g is None or self.phase in (Phase.LIMIT, Phase.HANDOFF, Phase.SETUP, Phase.TURN):
            # the display after a move shows that move's direction: for the next player only
            return DuelView(**self._common(None))
        m = g.machine.view()
        over = self.phase is Phase.OVER
        hidden = () if over else (1, 2)
        registers = tuple("" if n in hidden else v for n, v in enumerate(m.registers))
        extra: dict[str, Any] = {}
        if over:
            extra = dict(
                squares=(g.square_of(1), g.square_of(2)), keys=tuple(g.keys), turns=tuple(g.turns),
                setup_keys=len(g.keys) - sum(len(t.keys) for t in g.turns),
            )
        return DuelView(**self._common(None), display=m.display, flashing=m.flashing, registers=registers,
                        hidden=hidden, pc=m.pc, steps=m.steps, **extra)

    def _private_view(self, viewer: int) -> DuelView:
        g = self.game
        assert g is not None
        me = g.view_for(viewer)
        m = g.machine.view()
        hidden = (3 - viewer,)
        registers = tuple("" if n in hidden else v for n, v in enumerate(m.registers))
        legal: tuple[int, ...] = ()
        if me.to_move and me.square is not None:
            c, r = me.square
            legal = tuple(d for d, (dc, dr) in DELTAS.items() if on_board((c + dc, r + dr)))
        return DuelView(**self._common(viewer), display=m.display, flashing=m.flashing, me=me, legal=legal,
                        registers=registers, hidden=hidden, pc=m.pc, steps=m.steps)

    def summary(self) -> str:
        """The launcher's line: public only; "move N" is the number of moves played."""
        g = self.game
        lock = ", locked" if self.lock else ""
        if g is None or self.phase is Phase.LIMIT:
            return ""
        if g.referee is None:
            return f"setting up, Player {self.setup_player} chooses a start square{lock}"
        if self.phase is Phase.DRAW:
            return f"a draw: extend or end{lock}"
        if self.phase is Phase.OVER:
            return "over"
        return f"move {len(g.turns)}, Player {g.to_move} to move, {g.moves_left} moves left{lock}"

    # -- saves -----------------------------------------------------------------------

    def to_save(self) -> dict[str, Any] | None:
        """A save that tells nothing private at a glance (None: nothing to keep)."""
        g = self.game
        if g is None or self.phase in (Phase.LIMIT, Phase.OVER):
            return None
        if self.phase in (Phase.SETUP, Phase.TURN):
            resume_to, after = self.actor, self.phase
        else:
            resume_to, after = self.handoff_to, self.after_handoff
        secret = {"game": g.snapshot(), "news": self.news}
        state: dict[str, Any] = {
            "schema": SCHEMA,
            "phase": self.phase.value if self.phase is Phase.DRAW else Phase.HANDOFF.value,
            "handoff_to": resume_to,
            "after_handoff": after.value if after is not None else None,
            "setup_player": self.setup_player,
            "limit": self.limit,
            "extension": self.extension,
            "seats": [[s.kind, s.level] for s in self.seats],
            "lock": self.lock,
        }
        if self.lock and self._envelopes:
            state["seal"] = {"kdf": self.seal_cost.to_json(), "players": {
                str(p): {"salt": _hex(e.salt), "sealed": sealing.seal(self._own_secret(p, e), e.key, f"player {p}")}
                for p, e in sorted(self._envelopes.items())}}
            state["sealed"] = sealing.seal(secret, self._machine_key(), "machine")
        else:  # unlocked, or locked with no PIN chosen yet: the TI-57 holds no square
            state["seal_key"] = _hex(self._seal_key)
            state["sealed"] = sealing.seal(secret, self._seal_key, "machine")
        return state

    def _own_secret(self, player: int, envelope: _Envelope) -> dict[str, Any]:
        """What a player's PIN alone opens: their share of the TI-57's key and their own squares."""
        g = self.game
        assert g is not None
        return {"share": _hex(envelope.share), "start": list(g._starts[player - 1] or ()),
                "square": list(g.square_of(player))}

    def _machine_key(self) -> bytes:
        return sealing.machine_key([e.share for _, e in sorted(self._envelopes.items())])

    @classmethod
    def locked_players(cls, state: Any) -> tuple[int, ...]:
        """Whose PINs a save needs before it opens (empty: it is not locked, or too damaged to say:
        ``from_save`` then says what is wrong)."""
        if not (isinstance(state, dict) and state.get("schema") == SCHEMA and state.get("lock") is True):
            return ()
        seal = state.get("seal")
        chosen = seal.get("players") if isinstance(seal, dict) else None
        if not isinstance(chosen, dict) or not set(chosen) <= {"1", "2"}:
            return ()
        return tuple(sorted(int(p) for p in chosen))

    @classmethod
    def from_save(cls, state: Any, pins: tuple[str, ...] = (),
                  player_for: Callable[[Seat, int, int | None], Any] | None = None) -> DuelSession:
        """The saved duel, exactly, resuming on the curtain (a draw: on the public draw).

        Reads schema 2 and today's plain save; ``SaveUnreadable`` says why not, naming the field
        (never a value from the sealed part: both players read the message), ``LockedSave``
        (``WrongPins``) that the PINs are missing (wrong) -- then nothing was changed.  Every field
        is checked, the turns must replay to the squares kept, the TI-57 must hold them, and the next
        step (a start square, a move, an extension) is tried on a copy of the TI-57.
        """
        extra = {} if player_for is None else {"player_for": player_for}
        try:
            return cls._read_save(Field(state, "state"), tuple(pins), extra)
        except (SaveUnreadable, LockedSave):
            raise
        except Exception as error:  # noqa: BLE001 - a gap in the checks still never crashes the arcade
            raise SaveUnreadable(f"the save cannot be read ({type(error).__name__})") from None

    @classmethod
    def _read_save(cls, f: Field, pins: tuple[str, ...], extra: dict[str, Any]) -> DuelSession:
        f.table()
        f.shallow()
        read_settings(f.get("settings", {}), SETTINGS)
        schema = f.get("schema", 1).int()
        if schema == 1:
            return cls._read_plain(f, extra)
        if schema not in (2, SCHEMA):
            f["schema"].fail(f"is not a duel save schema this arcade reads (1 to {SCHEMA})")
        lock = f["lock"].bool()
        seats = tuple(f["seats"].each(_read_seat, 2, 2))
        limit = f["limit"].int(1, MAX_MOVES)
        extension = f["extension"].int(1, MAX_MOVES)
        setup_player = f["setup_player"].int(1, 2)
        phase = f["phase"].enum(Phase)
        handoff_to = f.get("handoff_to").optional_int(1, 2)
        after_f = f.get("after_handoff")
        after = None if after_f.is_null else after_f.enum(Phase)
        if lock and not all(seat.kind == "person" for seat in seats):
            f["lock"].refuse("is set, but a locked duel is for two people sharing the keyboard")
        session = cls(seats=seats, limit=limit, extension=extension, lock=lock, **extra)  # type: ignore[arg-type]
        sealed = f["sealed"]
        if schema == 2:
            opened = session._open_earlier(f, sealed)
        elif f.has("seal"):
            if not lock:
                f["seal"].refuse("is there, but the duel is not locked")
            opened = session._open_locked(f["seal"], sealed, pins)
        else:
            session._seal_key = f["seal_key"].hex(32)
            opened = _opened(sealed, lambda part: sealing.open_sealed(part, session._seal_key, "machine"))
        secret = Field(opened, sealed.path, secret=True)
        secret.table()
        secret.shallow()
        game = DuelGame.read(secret["game"])  # its program: the listing or a variant's (sealed, so not damaged by chance)
        if game.moves != limit:
            f["limit"].refuse("is not the move limit the sealed game was started with")
        for p, envelope in session._envelopes.items():
            if not game.placed[p - 1] or envelope.squares != (game._starts[p - 1], game.square_of(p)):
                f["seal"]["players"][str(p)].refuse("does not hold the squares of the sealed game")
        if lock and any(game.placed[p - 1] and p not in session._envelopes for p in (1, 2)):
            f["seal"].refuse("has no envelope for a player who keyed a start square")
        session.game, session.news = game, secret.get("news", "").str(1000)
        session.setup_player = setup_player
        session._resume(f, secret["game"], phase, handoff_to, after)
        return session

    def _open_earlier(self, f: Field, sealed: Field) -> Any:
        """Schema 2: an unlocked save is read and will be sealed anew; a locked one is refused."""
        if self.lock:
            f["schema"].refuse("is 2: this locked duel was sealed the earlier way, which its opponent could open "
                               "in minutes; it cannot be resumed, start a new duel")
        key = f["seal_key"].hex(32)
        opened = _opened(sealed, lambda part: sealing.open_earlier(part, key))
        if isinstance(opened, dict) and opened.get("pins") == {}:
            opened = {k: v for k, v in opened.items() if k != "pins"}
        return opened

    def _open_locked(self, seal: Field, sealed: Field, pins: tuple[str, ...]) -> Any:
        """Each player's envelope with their PIN (one scrypt each), then the TI-57 with their shares."""
        kdf = seal["kdf"]
        kdf["kdf"].choice(("scrypt",))
        try:
            self.seal_cost = sealing.KdfCost(kdf["log2_n"].int(), kdf["r"].int(), kdf["p"].int())
        except ValueError as error:
            kdf.refuse(str(error))
        players = seal["players"]
        needed = tuple(sorted(int(p) for p, _ in players.items() if _player_key(p, players)))
        if needed not in ((1,), (1, 2)):
            players.refuse("are not player 1, or players 1 and 2")
        if len(pins) < len(needed):
            raise LockedSave("this duel is locked: it opens with the players' PINs", needed)
        for p, pin in zip(needed, pins):
            envelope = players[str(p)]
            salt = envelope["salt"].hex(16)
            if not isinstance(pin, str):
                raise WrongPins(f"Player {p}'s PIN does not open this duel: nothing was changed", needed)
            key = sealing.pin_key(pin, salt, self.seal_cost)
            try:
                own = Field(sealing.open_sealed(envelope["sealed"].value, key, f"player {p}"),
                            envelope["sealed"].path, secret=True)
            except sealing.WrongKey as error:
                raise WrongPins(f"Player {p}'s PIN does not open this duel: nothing was changed", needed) from error
            squares = (_square(own["start"]), _square(own["square"]))
            self._envelopes[p] = _Envelope(key, salt, own["share"].hex(32), squares)
            self._pins[p] = sealing.pin_digest(pin, self._pin_salt)
        return _opened(sealed, lambda part: sealing.open_sealed(part, self._machine_key(), "machine"))

    @classmethod
    def _read_plain(cls, f: Field, extra: dict[str, Any]) -> DuelSession:
        """Today's (pre-session) save: ``phase``, ``setup_player``, ``extension``, ``game``, ``shown``
        (written before the workshop: its program is the listing)."""
        game_f = Field(f["game"].value, f["game"].path, secret=True)  # values never shown: the squares
        game = DuelGame.read(game_f)
        if game.machine.snapshot()["program"] != _listing_json():
            game_f["machine"]["program"].refuse("is another program than the duel's")
        phase = f["phase"].enum(Phase)
        extension = f.get("extension", DEFAULT_EXTENSION).int(1, MAX_MOVES)
        setup_player = f.get("setup_player", 1).int(1, 2)
        f.get("shown", []).each(lambda v: v.value if v.value is None or isinstance(v.value, bool) else v.str(100),
                               max_len=3)
        session = cls(limit=game.moves, extension=extension, **extra)
        session.game, session.setup_player = game, setup_player
        if phase is Phase.SETUP:
            session._resume(f, game_f, Phase.HANDOFF, setup_player, Phase.SETUP)
        elif phase is Phase.TURN:
            session._resume(f, game_f, Phase.HANDOFF, game.to_move, Phase.TURN)
        else:
            session._resume(f, game_f, phase, None, None)
        return session

    def _resume(self, f: Field, game_f: Field, phase: Phase, handoff_to: int | None, after: Phase | None) -> None:
        """Resume where the save says, once the sealed game is known to be that moment's, and to play on."""
        g = self.game
        assert g is not None
        try:
            for p in (1, 2):
                if g.placed[p - 1]:
                    g.square_of(p)  # a damaged snapshot fails here, not in the middle of a game
            if g.referee is not None:
                g._agree()
        except MachineDisagrees:
            game_f["machine"].refuse("does not hold the squares and moves left of the game")
        if phase is Phase.DRAW:
            if g.status is not DuelStatus.DRAW:
                f["phase"].refuse("is a draw, but the saved game is not drawn")
            self._try_next(game_f, lambda copy: copy.extend(self.extension))
            self._set(Phase.DRAW, "The saved duel resumes at its draw.")
            return
        if phase is not Phase.HANDOFF:
            f["phase"].refuse(f"is {phase.value!r}: a duel resumes on the curtain or at a draw")
        if handoff_to is None:
            f["handoff_to"].refuse("is missing: the curtain waits for a player")
        if after not in (Phase.SETUP, Phase.TURN):
            f["after_handoff"].refuse("is not the set-up or a turn")
        if after is Phase.TURN:
            if g.status is not DuelStatus.IN_PROGRESS or g.to_move != handoff_to:
                f["handoff_to"].refuse("is not the player to move in the saved game")
            player = g.to_move
            c, r = g.referee.squares[player - 1]  # type: ignore[union-attr]
            direction = next(d for d, (dc, dr) in DELTAS.items() if on_board((c + dc, r + dr)))
            self._try_next(game_f, lambda copy: copy.move(player, direction))
        else:
            if g.referee is not None or handoff_to != self.setup_player or g.placed[handoff_to - 1] \
                    or (handoff_to == 2 and not g.placed[0]):
                f["handoff_to"].refuse("is not the player to key a start square in the saved game")
            free = next(sq for sq in ((0, 0), (9, 9)) if not g.placed[0] or g._starts[0] != sq)
            self._try_next(game_f, lambda copy: copy.place(handoff_to, free))
        word = "choosing the start squares" if after is Phase.SETUP else f"Player {handoff_to} to move"
        self._hand_off(handoff_to, after, f"The saved duel resumes: {word}.")

    def _try_next(self, game_f: Field, step: Callable[[DuelGame], Any]) -> None:
        """The next step, played on a copy of the TI-57: a state it cannot play on from is damage."""
        assert self.game is not None
        try:
            copy = DuelGame.restore(self.game.snapshot())
            step(copy)
            self._private_view(1), self._private_view(2), self._public_view()  # noqa: B018
        except Exception as error:  # noqa: BLE001 - whatever the damaged TI-57 does
            game_f["machine"].refuse(f"does not play on from the saved state ({type(error).__name__})")

    # -- internals -------------------------------------------------------------------

    def _set(self, phase: Phase, news: str) -> None:
        self.phase, self.news = phase, news
        self.handoff_to = self.after_handoff = self.undo_for = None
        self._undo = None

    def _hand_off(self, player: int, after: Phase, news: str) -> None:
        """The curtain for ``player`` between two people; straight on otherwise."""
        self._set(after, news)
        if self.hot_seat:
            self.phase, self.handoff_to, self.after_handoff = Phase.HANDOFF, player, after


def _hex(data: bytes) -> str:
    return data.hex()


@dataclass(frozen=True)
class _Envelope:
    """A locked duel's player: the key their PIN gave (scrypt, once), its salt, their share of the
    TI-57's key, and (read back from a save) the squares it held."""

    key: bytes
    salt: bytes
    share: bytes
    squares: tuple[Square, Square] | None = None


def _square(f: Field) -> Square:
    c, r = f.list(2, 2)
    return c.int(0, 9), r.int(0, 9)


def _opened(sealed: Field, open_part: Callable[[Any], Any]) -> Any:
    """The sealed TI-57 opened, or the field refused: once the keys are right, a part that does not
    open was changed."""
    try:
        return open_part(sealed.value)
    except sealing.WrongKey:
        sealed.refuse("does not open: it was damaged")


_ARROW = {1: "↗", 2: "→", 3: "↘", 4: "↓", 5: "↙", 6: "←", 7: "↖", 8: "↑"}
_NAME = {1: "NE", 2: "E", 3: "SE", 4: "S", 5: "SW", 6: "W", 7: "NW", 8: "N"}
