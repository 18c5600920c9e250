"""HP-67 Othello variants: program cards written in the HP-67 room, played as the original
is, and a variant that breaks the protocol named with what it did."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.othello.referee import Disc
from games.session import Refused
from games.workshop import hp67_room
from games.workshop.hp67_room import HP67Room
from games.workshop.hp67_variants import VariantBroke, VariantUnreadable, start_variant, variants


def written(tmp_path: Path, name: str, keys: str = "", *, othello: bool = True) -> HP67Room:
    room = HP67Room(tmp_path)
    if othello:
        room.open_game(hp67_room.GAME_LISTINGS[0])
    room.switch("W/PRGM")
    for key in keys.split():
        room.key(key)
    room.switch("RUN")
    assert room.write_card(name), room.message
    return room


def test_a_card_written_in_the_room_is_a_variant_the_game_plays(tmp_path: Path) -> None:
    written(tmp_path, "mine")
    HP67Room(tmp_path).write_card("regs", "data")  # a data card is not a program
    found = variants(tmp_path)
    assert [v.name for v in found] == ["mine"]
    session = start_variant(found[0], Disc.WHITE)
    assert session.settings["variant"] == "mine"
    assert session.phase.name == "TURN"


def test_a_variant_that_breaks_the_protocol_is_named_with_what_it_did(tmp_path: Path) -> None:
    written(tmp_path, "nolabel", "f SST B R/S", othello=False)  # no LBL A: not an Othello program
    written(tmp_path, "silent", "f SST A R/S", othello=False)  # LBL A, but E answers nothing
    by_name = {v.name: v for v in variants(tmp_path)}
    with pytest.raises(VariantBroke, match="nolabel broke the game: .*LBL A"):
        start_variant(by_name["nolabel"], Disc.WHITE)
    with pytest.raises(VariantBroke, match="silent broke the game: .*192.0"):
        start_variant(by_name["silent"], Disc.WHITE)
    assert issubclass(VariantBroke, Refused)


def test_a_damaged_variant_card_is_unreadable(tmp_path: Path) -> None:
    written(tmp_path, "mine")
    path = tmp_path / "mine.txt"
    path.write_text(path.read_text(encoding="utf-8").replace("STO E      35 15", "STO Q      35 99"), encoding="utf-8")
    with pytest.raises(VariantUnreadable, match="mine is damaged: line"):
        start_variant(variants(tmp_path)[0], Disc.WHITE)
