"""The two hidden-move games as the network serves them: who may ask what, and each player's view as JSON.

A table holds one session (``games.ti57_duel.session``, ``games.ti57_wolf.session``) and
is the only place the network touches it.  A request names no player: the server says
whose connection it came from, and the table lets each player do only what the session
would let that player do at one keyboard (their own start square, their own move, take
back their own move, agree to end or extend a drawn duel).  Refusals raise
``games.session.Refused`` and change nothing.

The views are written field by field (``duel_view_json``, ``wolf_view_json``): a field is
on the wire only if it is named here, and the duel's squares, keys and turns only once the
duel is over -- whatever the session's view may grow to hold later.
"""

from __future__ import annotations

from typing import Any, Protocol

from games.net.protocol import Int, Pair, Schema
from games.session import Refused
from games.ti57_duel.driver import MAX_MOVES, PlayerView, Turn
from games.ti57_duel.session import DuelSession, DuelView
from games.ti57_duel.session import Phase as DuelPhase
from games.ti57_wolf.driver import MoveRecord
from games.ti57_wolf.referee import Board, Side
from games.ti57_wolf.session import Phase as WolfPhase
from games.ti57_wolf.session import WolfMove, WolfSession, WolfSessionView

__all__ = ["DuelTable", "GAMES", "NetTable", "WolfTable", "duel_view_json", "wolf_view_json"]


class NetTable(Protocol):
    """What the server needs of a game: its players (the host's first), requests, views, saves."""

    game: str
    players: tuple[Any, Any]
    schema: Schema

    @property
    def over(self) -> bool: ...

    def apply(self, player: Any, request: dict[str, Any]) -> None: ...

    def view_json(self, player: Any) -> dict[str, Any]: ...

    def to_save(self) -> dict[str, Any] | None: ...

    def summary(self) -> str: ...


# ---------------------------------------------------------------- the blind duel


def _square(square: tuple[int, int] | None) -> list[int] | None:
    return None if square is None else [square[0], square[1]]


def _me_json(me: PlayerView) -> dict[str, Any]:
    """The viewer's own: the session gives it to its own player only."""
    return {
        "player": me.player,
        "square": _square(me.square),
        "opponent_last_direction": me.opponent_last_direction,
        "opponent_last_direction_name": me.opponent_last_direction_name,
        "moves_left": me.moves_left,
        "own_last_displays": list(me.own_last_displays),
        "display": me.display,
        "flashing": me.flashing,
        "to_move": me.to_move,
        "status": me.status.value,
        "winner": me.winner,
    }


def _turn_json(turn: Turn) -> list[Any]:
    return [turn.player, turn.direction, list(turn.keys), list(turn.displays), turn.flashing, turn.status.value]


def duel_view_json(view: DuelView) -> dict[str, Any]:
    """A duel view as plain data: the squares, keys and turns only when the duel is over."""
    out: dict[str, Any] = {
        "viewer": view.viewer,
        "phase": view.phase.value,
        "limit": view.limit,
        "extension": view.extension,
        "setup_player": view.setup_player,
        "undo_for": view.undo_for,
        "news": view.news,
        "moves_left": view.moves_left,
        "moves_played": view.moves_played,
        "to_move": view.to_move,
        "status": view.status.value,
        "winner": view.winner,
        "display": view.display,
        "flashing": view.flashing,
        "me": None if view.me is None else _me_json(view.me),
        "legal": list(view.legal),
        "registers": list(view.registers),
        "hidden": list(view.hidden),
        "pc": view.pc,
        "steps": view.steps,
    }
    if view.phase is DuelPhase.OVER:
        assert view.squares is not None
        out.update(squares=[_square(sq) for sq in view.squares], keys=list(view.keys),
                   turns=[_turn_json(t) for t in view.turns], setup_keys=view.setup_keys)
    return out


class DuelTable:
    """A blind duel between two terminals: player 1 hosts, player 2 joins."""

    game = "ti57-duel"
    players = (1, 2)
    schema = Schema({
        "place": {"square": Pair(Int(0, 9), Int(0, 9))},
        "move": {"direction": Int(1, 8)},
        "undo": {},
        "extend": {},
        "end": {},
    })

    def __init__(self, session: DuelSession) -> None:
        if not session.is_person(1) or not session.is_person(2) or session.lock:
            raise Refused("a duel across two terminals is two people, with no PIN lock")
        session.apart = True
        if session.phase is DuelPhase.HANDOFF:  # a save resumes on the curtain: apart there is none
            session.reveal()
        self.session = session
        self.offer: tuple[str, int] | None = None
        """At a draw: ("end" or "extend", the player who asked); the other agreeing does it."""

    @classmethod
    def new(cls, limit: int = 20, extension: int = 10) -> DuelTable:
        if not isinstance(extension, int) or isinstance(extension, bool) or not 1 <= extension <= MAX_MOVES:
            raise Refused(f"the extension must be a whole number from 1 to {MAX_MOVES}, not {extension!r}")
        session = DuelSession(apart=True, extension=extension)
        session.set_limit(limit)
        session.start()
        return cls(session)

    @classmethod
    def from_save(cls, state: Any) -> DuelTable:
        return cls(DuelSession.from_save(state))

    @property
    def over(self) -> bool:
        return self.session.phase is DuelPhase.OVER

    def apply(self, player: int, request: dict[str, Any]) -> None:
        s, kind = self.session, request["type"]
        if kind == "place":
            if s.phase is not DuelPhase.SETUP or s.setup_player != player:
                raise Refused("it is not your start square to key now")
            column, row = request["square"]
            s.place((column, row))
        elif kind == "move":
            if s.phase is not DuelPhase.TURN or s.game is None or s.game.to_move != player:
                raise Refused("it is not your move")
            s.move(request["direction"])
        elif kind == "undo":
            if s.undo_for != player:
                raise Refused("only the player who just moved takes it back, before the other moves")
            s.undo()
        else:  # "extend" or "end": both players agree at a draw
            if s.phase is not DuelPhase.DRAW:
                raise Refused("only a drawn duel is extended or ended")
            if self.offer != (kind, 3 - player):
                self.offer = (kind, player)
                return
            s.extend() if kind == "extend" else s.end()
        self.offer = None

    def view_json(self, player: int) -> dict[str, Any]:
        view = self.session.view(player)
        if view.viewer not in (None, player):  # the session's promise, checked where it matters
            raise AssertionError(f"a view for player {view.viewer} about to reach player {player}")
        out = duel_view_json(view)
        out["offer"] = None if self.offer is None else {"what": self.offer[0], "by": self.offer[1]}
        return out

    def to_save(self) -> dict[str, Any] | None:
        return self.session.to_save()

    def summary(self) -> str:
        return self.session.summary()


# ---------------------------------------------------------------- wolf and lambs


def _board_json(board: Board) -> dict[str, Any]:
    return {"wolf": list(board.wolf), "lambs": [list(sq) for sq in board.lambs]}


def _record_json(record: MoveRecord | None) -> dict[str, Any] | None:
    if record is None:
        return None
    return {"side": record.side.value, "lamb": record.lamb, "key": record.key, "keys": list(record.keys),
            "display": record.display, "flashing": record.flashing}


def wolf_view_json(view: WolfSessionView) -> dict[str, Any]:
    """Wolf and lambs hide nothing: the board and the TI-57 as both players see them."""
    return {
        "phase": view.phase.value,
        "board": _board_json(view.board),
        "to_move": view.to_move.value,
        "first": view.first.value,
        "result": None if view.result is None else {"winner": view.result.winner.value, "reason": view.result.reason},
        "display": view.display,
        "flashing": view.flashing,
        "collision": view.collision,
        "take_back_key": view.take_back_key,
        "referee_enabled": view.referee_enabled,
        "legal_wolf_moves": list(view.legal_wolf_moves),
        "legal_lamb_moves": [list(m) for m in view.legal_lamb_moves],
        "last_move": _record_json(view.last_move),
        "moves_played": view.moves_played,
        "register_texts": list(view.register_texts),
        "off_board": list(view.off_board),
        "registers": list(view.registers),
        "pc": view.pc,
        "steps": view.steps,
        "keys": list(view.keys),
        "setup_keys": list(view.setup_keys),
    }


class WolfTable:
    """Wolf and lambs between two terminals: the host plays one side (by default the side that moves
    first), the other player joins for the other."""

    game = "ti57-wolf"
    schema = Schema({
        "wolf": {"key": Int(1, 9)},
        "lamb": {"lamb": Int(1, 4), "key": Int(1, 9)},
        "take_back": {},
        "undo": {},
    })

    def __init__(self, session: WolfSession, host: Side | None = None) -> None:
        if any(seat.kind != "person" for seat in session.seats.values()):
            raise Refused("wolf and lambs across two terminals is two people")
        self.session = session
        mine = session.first if host is None else Side(host)
        self.players: tuple[Side, Side] = (mine, Side.LAMBS if mine is Side.WOLF else Side.WOLF)

    @classmethod
    def new(cls, first: Side = Side.WOLF, referee: bool = True, host: Side | None = None) -> WolfTable:
        return cls(WolfSession(first, referee=referee), host)

    @classmethod
    def from_save(cls, state: Any, host: Side | None = None) -> WolfTable:
        return cls(WolfSession.from_save(state), host)

    @property
    def over(self) -> bool:
        return self.session.phase is WolfPhase.OVER

    def may_undo(self, side: Side) -> bool:
        """A player takes back their own last move, until the other has answered it."""
        history = self.session.game.history
        return self.session.phase is not WolfPhase.OVER and bool(history) and history[-1].side is side \
            and self.session.timeline.can_undo

    def apply(self, side: Side, request: dict[str, Any]) -> None:
        s, kind = self.session, request["type"]
        if kind in ("wolf", "lamb", "take_back") and (Side.WOLF if kind != "lamb" else Side.LAMBS) is not side:
            raise Refused(f"you play the {side.value}")
        if kind == "wolf":
            s.play(WolfMove.wolf(request["key"]))
        elif kind == "lamb":
            s.play(WolfMove.of_lamb(request["lamb"], request["key"]))
        elif kind == "take_back":
            s.take_back()
        else:
            if not self.may_undo(side):
                raise Refused("only the player who just moved takes it back, before the other moves")
            s.undo()

    def view_json(self, side: Side) -> dict[str, Any]:
        out = wolf_view_json(self.session.view(side))
        out["can_undo"] = self.may_undo(side)
        out["history"] = [[line.number, line.who, line.squares, line.keys, line.shows] for line in self.session.history()]
        return out

    def to_save(self) -> dict[str, Any] | None:
        """The session's save; none once the game is over (as at one keyboard: a finished game is not kept)."""
        return None if self.over else self.session.to_save()

    def summary(self) -> str:
        return self.session.summary()


GAMES = {DuelTable.game: DuelTable, WolfTable.game: WolfTable}
