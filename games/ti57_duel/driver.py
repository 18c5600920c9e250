"""The blind duel ("Un combat singulier", J. Deconchat) played on an emulated TI-57.

The driver speaks to the machine only through keys, as two players passing one
calculator would, and reads its registers:

* set-up (article): ``20 STO 0`` (moves for both players together), ``2nd Fix 1``,
  then each player keys a secret start square ``c.r STO 1`` / ``c.r STO 2``; the driver
  presses CLR after each so the next player does not see it.
* ``n SBR 1`` moves player 1 in direction n, ``m SBR 2`` player 2.  What the keys
  really do (listing steps): Lbl 1 stores n in R7, the "flag" of player 1; Lbl 2 puts
  n in R6, swaps it into R0 (the move count goes to R3) and decodes it with the
  Dsz loop of SBR 7 into R4 (column) + R5 / 10 (row); ``RCL 6, x=t`` sends player 1 to
  RST (step 00, SUM 1) and player 2 on to SUM 2.  Both reach Lbl 6: **Pause shows the
  mover's new square**, ``RCL 1 - RCL 2 = 1/x`` fails only when the squares are equal
  (the capture: ``9.9 99`` flashes, the program stops, the move is not counted), C.t
  clears the flag, **R/S stops on the direction** (``1.0``) after Dsz counts the move.
  When the count reaches 0 the Dsz skips R/S and running past step 49 flashes the
  direction: the draw.  Codes outside 1-8 would also move (9 = 1, 0 = 1, 1.5 = 2);
  the driver offers 1-8 only and refuses a move off the board before any key.
* capture and draw are read from the machine: flashing with R1 = R2 is a capture,
  flashing with R0 = 0 is a draw.  The referee checks that it agrees.
* after a draw, ``extend(n)`` presses CLR (the article's "CLR ou INV EE": only CLR or
  CE stop the flashing on the real machine) and ``n STO 0``, as the article suggests.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from importlib import resources
from typing import Any

from games.schema import Field
from games.ti57_duel.referee import (
    BOARD_SIZE,
    DELTAS,
    Direction,
    DuelReferee,
    DuelStatus,
    IllegalMove,
    OffBoard,
    Square,
    on_board,
)
from machines.ti57 import TI57, Program, StopReason, parse_listing

__all__ = [
    "DuelGame",
    "DuelStatus",
    "Direction",
    "IllegalMove",
    "OffBoard",
    "MachineDisagrees",
    "PlayerView",
    "Turn",
    "load_program",
    "decode_square",
    "COMPASS",
]

STEP_BUDGET = 10_000  # a duel move runs 35-63 steps; more means something is wrong
"""Program steps for one whole move, however many times it pauses (each Pause is a stop of its own)."""
MAX_PAUSES = 9
"""A duel move pauses once (the mover's square); a move that pauses more is refused (its displays,
Pauses and stop, are at most 10 in a save)."""
COMPASS = {d.value: d.name for d in Direction}
MAX_MOVES = 9999  # keyed as digits into R0; the article uses 20
MAX_KEYS = 300_000
"""More keys than a duel can press (3 a move, the limit extended again and again)."""
KEYS = frozenset({*"0123456789", ".", "STO", "2nd", "Fix", "CLR", "SBR"})
"""Every key the driver presses (``_keys``): a saved key log holds no other."""


def _key(f: Field) -> str:
    key = f.str(10)
    if key not in KEYS:
        f.fail("is not a key the duel presses")
    return key


def _square(f: Field) -> Square:
    c, r = f.list(2, 2)
    return c.int(0, BOARD_SIZE - 1), r.int(0, BOARD_SIZE - 1)


def _turn(f: Field) -> Turn:
    player, direction, keys, displays, flashing, status, steps = f.list(7, 7)
    return Turn(player.int(1, 2), direction.int(1, 8), tuple(keys.each(_key, 3, 3)),
                tuple(displays.each(lambda d: d.str(20), max_len=10)), flashing.bool(), status.enum(DuelStatus),
                steps.int(0, STEP_BUDGET * 10))


def _replay(f: Field, starts: list[Square], turns: list[Turn], referee: DuelReferee) -> None:
    """The turns, played from the start squares, must lead to the referee's squares, in turn."""
    squares = list(starts)
    for i, turn in enumerate(turns):  # read from f's turns, one for one
        if turn.player != 1 + i % 2:
            f["turns"][i].refuse("is not the turn of the player who moves then")
        c, r = squares[turn.player - 1]
        dc, dr = DELTAS[turn.direction]
        squares[turn.player - 1] = (c + dc, r + dr)
        if not on_board(squares[turn.player - 1]):
            f["turns"][i].refuse("leaves the board")
        captured = squares[0] == squares[1]
        if captured != (turn.status is DuelStatus.CAPTURE) or (captured and i != len(turns) - 1):
            f["turns"][i].refuse("does not say whether it captured")
    if tuple(squares) != referee.squares:
        f["referee"].refuse(f"does not hold the squares {f['turns'].path} lead to")


class MachineDisagrees(RuntimeError):
    """The machine's registers or display differ from the referee's: a bug, never hidden."""


def hung_text(machine: TI57) -> str:
    """A program that hung its TI-57 (``TI57.hung``: a workshop variant could), in words."""
    return (f"the TI-57 hung at step {machine.pc:02d}, as the real one does on a factor below 1E-89 times 0: "
            "its ROM loops for ever and the move never ends")


def load_program() -> Program:
    """The listing as transcribed (with its one correction, step 43)."""
    text = resources.files("games.ti57_duel").joinpath("listing.txt").read_text(encoding="utf-8")
    return parse_listing(text)


def decode_square(value: Decimal) -> Square:
    """Column + row / 10 back to (column, row)."""
    tenths = value * 10
    if tenths != tenths.to_integral_value():
        raise MachineDisagrees(f"register value {value} is not a square")
    col, row = divmod(int(tenths), 10)
    return col, row


def square_keys(square: Square) -> list[str]:
    c, r = square
    return [*str(c), ".", str(r)]


@dataclass(frozen=True)
class Turn:
    """One player's move as the machine showed it."""

    player: int
    direction: int
    keys: tuple[str, ...]
    displays: tuple[str, ...]  # in order: the pause (new square), then the stop
    flashing: bool  # the last display flashed (capture or draw)
    status: DuelStatus
    steps: int  # program steps the machine ran


@dataclass(frozen=True)
class PlayerView:
    """What one player may know when holding the calculator."""

    player: int
    square: Square | None  # own square (None before the start square is keyed)
    opponent_last_direction: int | None  # the program's code, 1-8
    opponent_last_direction_name: str | None  # compass name: 'NE', 'E', ... 'N'
    moves_left: int  # for both players together (R0)
    own_last_displays: tuple[str, ...]  # what the machine showed during this player's last turn
    display: str  # the display now (after the opponent's turn: the opponent's direction)
    flashing: bool
    to_move: bool
    status: DuelStatus
    winner: int | None


@dataclass
class DuelGame:
    """A duel in progress on its own TI-57."""

    moves: int = 20
    machine: TI57 = field(default_factory=TI57)
    keys: list[str] = field(default_factory=list)
    turns: list[Turn] = field(default_factory=list)
    placed: list[bool] = field(default_factory=lambda: [False, False])
    to_move: int = 1
    status: DuelStatus = DuelStatus.NOT_STARTED
    winner: int | None = None
    referee: DuelReferee | None = None
    _starts: list[Square | None] = field(default_factory=lambda: [None, None])
    program: Program | None = field(default=None, repr=False, compare=False)  # a workshop variant; None: the listing

    def __post_init__(self) -> None:
        if not isinstance(self.moves, int) or not 1 <= self.moves <= MAX_MOVES:
            raise ValueError(f"the move limit must be a whole number from 1 to {MAX_MOVES}, not {self.moves!r}")
        self.machine.load(self.program or load_program())
        self._keys([*str(self.moves), "STO", "0", "2nd", "Fix", "1", "CLR"])

    # ---------------------------------------------------------------- set-up

    def place(self, player: int, square: Square) -> None:
        """Key a player's secret start square (``c.r STO n``, then CLR to hide it)."""
        if player not in (1, 2):
            raise IllegalMove(f"there is no player {player}: players are 1 and 2")
        if self.status is not DuelStatus.NOT_STARTED:
            raise IllegalMove("the game has started: start squares are set")
        if not on_board(square):
            raise OffBoard(f"{square} is not a square of the 10 x 10 board (columns and rows 0-9)")
        self._keys([*square_keys(square), "STO", str(player), "CLR"])
        self.placed[player - 1] = True
        self._starts[player - 1] = square
        if all(self.placed):
            s1, s2 = self._starts
            assert s1 is not None and s2 is not None
            self.referee = DuelReferee((s1, s2), self.moves)
            self.status = DuelStatus.IN_PROGRESS
            self._agree()

    @classmethod
    def start(cls, square1: Square, square2: Square, moves: int = 20) -> DuelGame:
        game = cls(moves)
        game.place(1, square1)
        game.place(2, square2)
        return game

    # ----------------------------------------------------------------- play

    def square_of(self, player: int) -> Square:
        """A player's square, read from R1 / R2."""
        return decode_square(self.machine.register(player))

    @property
    def moves_left(self) -> int:
        return int(self.machine.register(0))

    def check_move(self, player: int, direction: int) -> None:
        """Raise IllegalMove (OffBoard) if ``direction SBR player`` would be refused; nothing is pressed."""
        if self.status is DuelStatus.NOT_STARTED or self.referee is None:
            raise IllegalMove("both start squares must be keyed first")
        self.referee.check(player, direction)

    def move(self, player: int, direction: int) -> Turn:
        """``direction SBR player``; IllegalMove (OffBoard) before any key when refused."""
        if self.status is DuelStatus.NOT_STARTED:
            raise IllegalMove("both start squares must be keyed first")
        assert self.referee is not None
        expected = self.referee.play(player, direction)  # raises IllegalMove, nothing pressed
        keys = [str(direction), "SBR", str(player)]
        self._keys(keys)
        displays: list[str] = []
        steps = 0
        while True:
            stop = self.machine.run(STEP_BUDGET - steps)
            steps += stop.steps
            displays.append(stop.display)
            if self.machine.hung:
                raise MachineDisagrees(hung_text(self.machine))
            if stop.reason is StopReason.PAUSE and len(displays) <= MAX_PAUSES and steps < STEP_BUDGET:
                continue
            if stop.reason in (StopReason.PAUSE, StopReason.BUDGET):  # the wolf's words, with the counts
                pauses = len(displays) - (stop.reason is StopReason.BUDGET)
                raise MachineDisagrees(f"the program did not stop as expected ({stop.reason.value}): one move ran "
                                       f"{steps:,} steps through {pauses} Pause{'' if pauses == 1 else 's'} "
                                       "without stopping")
            break
        m = self.machine
        if m.flashing and m.register(1) == m.register(2):
            self.status, self.winner = DuelStatus.CAPTURE, player
        elif m.flashing and not m.register(0):
            self.status = DuelStatus.DRAW
            self.to_move = 3 - player
        elif m.flashing:
            raise MachineDisagrees(f"the display flashes {m.display} with no capture and moves left")
        else:
            self.to_move = 3 - player
        turn = Turn(player, direction, tuple(keys), tuple(displays), m.flashing, self.status, steps)
        self.turns.append(turn)
        self.referee = expected
        self._agree()
        return turn

    def extend(self, moves: int) -> None:
        """After a draw: CLR, then ``moves STO 0`` -- that many more moves, squares kept."""
        if not isinstance(moves, int) or not 1 <= moves <= MAX_MOVES:
            raise ValueError(f"extend by a whole number of moves from 1 to {MAX_MOVES}, not {moves!r}")
        if self.status is not DuelStatus.DRAW:
            raise IllegalMove("only a drawn game can be extended")
        assert self.referee is not None
        self._keys(["CLR", *str(moves), "STO", "0"])
        self.status = DuelStatus.IN_PROGRESS
        self.referee = self.referee.extend(moves)
        self._agree()

    def view_for(self, player: int) -> PlayerView:
        """What ``player`` may know: own square, the opponent's last direction, moves left."""
        if player not in (1, 2):
            raise ValueError(f"there is no player {player}: players are 1 and 2")
        own = [t for t in self.turns if t.player == player]
        theirs = [t for t in self.turns if t.player != player]
        last = theirs[-1].direction if theirs else None
        return PlayerView(
            player=player,
            square=self.square_of(player) if self.placed[player - 1] else None,
            opponent_last_direction=last,
            opponent_last_direction_name=COMPASS.get(last) if last is not None else None,
            moves_left=self.moves_left,
            own_last_displays=own[-1].displays if own else (),
            display=self.machine.display,
            flashing=self.machine.flashing,
            to_move=self.to_move == player and self.status is DuelStatus.IN_PROGRESS,
            status=self.status,
            winner=self.winner,
        )

    def legal_directions(self, player: int) -> list[int]:
        """The directions that keep ``player`` on the board (for a UI's hints)."""
        c, r = self.square_of(player)
        return [d for d, (dc, dr) in DELTAS.items() if on_board((c + dc, r + dr))]

    # ------------------------------------------------------------- snapshot

    def snapshot(self) -> dict[str, Any]:
        ref = self.referee
        return {
            "moves": self.moves,
            "machine": self.machine.snapshot(),
            "keys": list(self.keys),
            "turns": [
                [t.player, t.direction, list(t.keys), list(t.displays), t.flashing, t.status.value, t.steps]
                for t in self.turns
            ],
            "placed": list(self.placed),
            "starts": [list(s) if s else None for s in self._starts],
            "to_move": self.to_move,
            "status": self.status.value,
            "winner": self.winner,
            "referee": None
            if ref is None
            else [[list(s) for s in ref.squares], ref.moves_left, ref.to_move, ref.status.value, ref.winner],
        }

    @classmethod
    def restore(cls, state: dict[str, Any]) -> DuelGame:
        """A game exactly as snapshot() saw it (no key is pressed)."""
        return cls.read(Field(state, "snapshot", secret=True))

    @classmethod
    def read(cls, f: Field) -> DuelGame:
        """A game from a saved snapshot, every field checked for type, range and agreement with the
        others (``BadField`` names the first that is not); the TI-57 checks its own."""
        moves = f["moves"].int(1, MAX_MOVES)
        keys = f["keys"].each(_key, max_len=MAX_KEYS)
        turns = f["turns"].each(_turn, max_len=MAX_KEYS // 3)
        placed = f["placed"].each(lambda p: p.bool(), 2, 2)
        starts_f = f["starts"].list(2, 2)
        starts = [None if s.is_null else _square(s) for s in starts_f]
        for i, (p, s) in enumerate(zip(placed, starts)):
            if p != (s is not None):
                starts_f[i].refuse(f"does not agree with {f['placed'][i].path}")
        to_move = f["to_move"].int(1, 2)
        status = f["status"].enum(DuelStatus)
        winner = f["winner"].optional_int(1, 2)
        if (winner is not None) != (status is DuelStatus.CAPTURE):
            f["winner"].refuse(f"does not agree with {f['status'].path}")
        ref_f = f["referee"]
        if ref_f.is_null:
            referee = None
            if all(placed) or status is not DuelStatus.NOT_STARTED or turns:
                ref_f.refuse("is missing although both start squares are keyed")
        else:
            sq_f, left_f, ref_to_move, ref_status, ref_winner = ref_f.list(5, 5)
            squares = sq_f.list(2, 2)
            referee = DuelReferee((_square(squares[0]), _square(squares[1])), left_f.int(0, MAX_MOVES),
                                  ref_to_move.int(1, 2), ref_status.enum(DuelStatus), ref_winner.optional_int(1, 2))
            if not all(placed):
                ref_f.refuse("is there although a start square is missing")
            if (referee.to_move, referee.status, referee.winner) != (to_move, status, winner):
                ref_f.refuse(f"does not agree with {f['to_move'].path}, status and winner")
            _replay(f, starts, turns, referee)  # type: ignore[arg-type]
        machine = f["machine"]
        with machine.reading("TI-57 snapshot"):
            ti57 = TI57.restore(machine.shallow())
        game = object.__new__(cls)
        game.moves, game.machine, game.keys, game.turns = moves, ti57, keys, turns
        game.placed, game._starts, game.to_move, game.status, game.winner = placed, starts, to_move, status, winner
        game.referee = referee
        game.program = None
        return game

    # ------------------------------------------------------------ internals

    def _keys(self, keys: list[str]) -> None:
        for k in keys:
            self.machine.press(k)
            self.keys.append(k)

    def _agree(self) -> None:
        """The machine's registers and the referee's model must match."""
        ref = self.referee
        assert ref is not None
        machine_view = (self.square_of(1), self.square_of(2), self.moves_left, self.status, self.winner)
        referee_view = (ref.squares[0], ref.squares[1], ref.moves_left, ref.status, ref.winner)
        if machine_view != referee_view:
            raise MachineDisagrees(f"machine {machine_view} but referee {referee_view}")
