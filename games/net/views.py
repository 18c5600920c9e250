"""A player's view as it arrives from the host, read back into the session's own view.

``duel_view_json`` and ``wolf_view_json`` (``tables.py``) write a view out field by field;
these read it back into ``DuelView`` and ``WolfSessionView``, so that a screen draws a view
from across the network with the very functions it draws a local one with.  The host's
lines are data: every field is checked (``machines.fields``), and anything else -- a field
missing, of the wrong kind, out of range -- raises ``BadView`` (a ``ValueError``) naming it.
What the wire never carries (the seats: two people; the curtain: there is none) is filled in.
"""

from __future__ import annotations

from typing import Any, ClassVar

from games.session import Seat
from games.ti57_duel.driver import MAX_MOVES, PlayerView, Turn
from games.ti57_duel.referee import DuelStatus
from games.ti57_duel.session import DuelView
from games.ti57_duel.session import Phase as DuelPhase
from games.ti57_wolf.driver import MoveRecord
from games.ti57_wolf.referee import Board, Result, Side
from games.ti57_wolf.session import Phase as WolfPhase
from games.ti57_wolf.session import MoveLine, WolfSessionView
from machines.fields import Field, FieldError

__all__ = ["BadView", "DuelNetView", "WolfNetView", "duel_view_from_json", "wolf_view_from_json"]

TEXT = 200
"""Characters of a short text field (a display, a register, a key)."""
MANY = 10_000
"""Items of a long list (the keys of a finished duel)."""
TWO_PEOPLE = (Seat(), Seat())


class BadView(FieldError):
    """A view from the host that is not one this arcade draws."""

    kind = "view field"


class ViewField(Field):
    __slots__ = ()
    error = BadView
    root: ClassVar[str] = "view"


def _text(f: Field, most: int = TEXT) -> str:
    """A text a screen shows: printable, one line (no terminal control, no escape sequence)."""
    text = f.str(most)
    if not text.isprintable():
        f.fail("is not printable text")
    return text


def _optional_text(f: Field, most: int = TEXT) -> str | None:
    return None if f.is_null else _text(f, most)


def _texts(f: Field, max_len: int = MANY) -> tuple[str, ...]:
    return tuple(f.each(_text, 0, max_len))


def _square(f: Field, size: int) -> tuple[int, int]:
    column, row = f.list(2, 2)
    return column.int(0, size - 1), row.int(0, size - 1)


def _optional_square(f: Field, size: int) -> tuple[int, int] | None:
    return None if f.is_null else _square(f, size)


# ---------------------------------------------------------------- the blind duel


class DuelNetView:
    """A duel view from the host and what only the network adds: a draw's offer (``offer``: what, by whom)."""

    def __init__(self, view: DuelView, offer: tuple[str, int] | None) -> None:
        self.view = view
        self.offer = offer


def _player_view(f: Field) -> PlayerView:
    return PlayerView(
        player=f["player"].int(1, 2), square=_optional_square(f["square"], 10),
        opponent_last_direction=f["opponent_last_direction"].optional_int(1, 8),
        opponent_last_direction_name=_optional_text(f["opponent_last_direction_name"], 2),
        moves_left=f["moves_left"].int(-1, 10 * MAX_MOVES), own_last_displays=_texts(f["own_last_displays"], 8),
        display=_text(f["display"], TEXT), flashing=f["flashing"].bool(), to_move=f["to_move"].bool(),
        status=DuelStatus(f["status"].choice([s.value for s in DuelStatus])), winner=f["winner"].optional_int(1, 2))


def _turn(f: Field) -> Turn:
    player, direction, keys, displays, flashing, status = f.list(6, 6)
    return Turn(player=player.int(1, 2), direction=direction.int(1, 8), keys=_texts(keys, 64),
                displays=_texts(displays, 8), flashing=flashing.bool(),
                status=DuelStatus(status.choice([s.value for s in DuelStatus])), steps=0)


def duel_view_from_json(data: Any) -> DuelNetView:
    """``duel_view_json``'s output (and the table's ``offer``) read back; ``BadView`` names a field that is not right."""
    f = ViewField(data)
    over = f["phase"].choice([p.value for p in DuelPhase]) == DuelPhase.OVER.value
    squares = None
    if over:
        one, two = f["squares"].list(2, 2)
        squares = (_square(one, 10), _square(two, 10))
    offer_f = f.get("offer")
    offer = None if offer_f.is_null else (offer_f["what"].choice(["end", "extend"]), offer_f["by"].int(1, 2))
    view = DuelView(
        viewer=f["viewer"].optional_int(1, 2), phase=DuelPhase(f["phase"].value), seats=TWO_PEOPLE,
        limit=f["limit"].int(1, MAX_MOVES), extension=f["extension"].int(1, MAX_MOVES),
        setup_player=f["setup_player"].int(1, 2), handoff_to=None, undo_for=f["undo_for"].optional_int(1, 2),
        news=_text(f["news"], 1000), locked=False, moves_left=f["moves_left"].optional_int(-1, 10 * MAX_MOVES),
        moves_played=f["moves_played"].int(0, MANY), to_move=f["to_move"].optional_int(1, 2),
        status=DuelStatus(f["status"].choice([s.value for s in DuelStatus])), winner=f["winner"].optional_int(1, 2),
        display=_text(f["display"], TEXT), flashing=f["flashing"].bool(),
        me=None if f["me"].is_null else _player_view(f["me"]), legal=tuple(f["legal"].ints(1, 8, 0, 8)),
        registers=_texts(f["registers"], 8), hidden=tuple(f["hidden"].ints(0, 7, 0, 8)), pc=f["pc"].int(0, 1000),
        steps=f["steps"].int(0), squares=squares,
        keys=_texts(f["keys"]) if over else (), turns=tuple(f["turns"].each(_turn, 0, MANY)) if over else (),
        setup_keys=f["setup_keys"].int(0, MANY) if over else 0)
    return DuelNetView(view, offer)


# ---------------------------------------------------------------- wolf and lambs


def _piece(f: Field) -> tuple[int, int]:
    """A piece's square: on the board 1-8, or off it (purist: the TI-57 lets a piece walk off)."""
    column, row = f.list(2, 2)
    return column.int(-99, 99), row.int(-99, 99)


def _record(f: Field) -> MoveRecord | None:
    if f.is_null:
        return None
    return MoveRecord(side=Side(f["side"].choice([s.value for s in Side])), lamb=f["lamb"].optional_int(1, 4),
                      key=f["key"].int(1, 9), keys=_texts(f["keys"], 64), display=_text(f["display"], TEXT),
                      flashing=f["flashing"].bool(), steps=0)


class WolfNetView:
    """A wolf-and-lambs view from the host, and the game's moves as the history panel lists them."""

    def __init__(self, view: WolfSessionView, history: tuple[MoveLine, ...]) -> None:
        self.view = view
        self.history = history


def _line(f: Field) -> MoveLine:
    number, who, squares, keys, shows = f.list(5, 5)
    return MoveLine(number.int(0, MANY), _text(who), _text(squares), _text(keys), _text(shows))


def wolf_view_from_json(data: Any) -> WolfNetView:
    """``WolfTable.view_json``'s output read back (two people: the seats are persons); ``BadView`` names a bad field."""
    f = ViewField(data)
    history = tuple(f.get("history", []).each(_line, 0, MANY))
    return WolfNetView(_wolf_view(f), history)


def _wolf_view(f: Field) -> WolfSessionView:
    board = f["board"]
    lambs = board["lambs"].list(4, 4)
    result_f = f["result"]
    result = None if result_f.is_null else Result(Side(result_f["winner"].choice([s.value for s in Side])),
                                                     _text(result_f["reason"], TEXT))
    return WolfSessionView(
        phase=WolfPhase(f["phase"].choice([p.value for p in WolfPhase])),
        board=Board(_piece(board["wolf"]), tuple(_piece(lamb) for lamb in lambs)),  # type: ignore[arg-type]
        to_move=Side(f["to_move"].choice([s.value for s in Side])), first=Side(f["first"].choice([s.value for s in Side])),
        result=result, display=_text(f["display"], TEXT), flashing=f["flashing"].bool(),
        collision=f["collision"].optional_int(1, 9), take_back_key=f["take_back_key"].optional_int(1, 9),
        referee_enabled=f["referee_enabled"].bool(), legal_wolf_moves=tuple(f["legal_wolf_moves"].ints(1, 9, 0, 4)),
        legal_lamb_moves=tuple((pair[0].int(1, 4), pair[1].int(1, 9))
                               for pair in (m.list(2, 2) for m in f["legal_lamb_moves"].list(0, 8))),
        last_move=_record(f["last_move"]), moves_played=f["moves_played"].int(0, MANY),
        register_texts=_texts(f["register_texts"], 5), off_board=tuple(f["off_board"].ints(0, 4, 0, 5)),
        registers=_texts(f["registers"], 8), pc=f["pc"].int(0, 1000), steps=f["steps"].int(0),
        keys=_texts(f["keys"]), setup_keys=_texts(f["setup_keys"], 64),
        seats=((Side.WOLF, Seat()), (Side.LAMBS, Seat())), computer_to_move=False,
        can_undo=f.get("can_undo", False).bool(), can_redo=False, referee_changes=())
