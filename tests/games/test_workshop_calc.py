"""The calculator rooms' headless models (games.workshop): keying, editing, running, stopping, cards.

HP-67 displays in W/PRGM are the HP-67's own key codes (row and column of each key, a
digit as itself: HP-67 Owner's Handbook; ``001 31 25 11`` is f LBL A); TI-57 LRN displays
are the ones tests/machines/ti57/test_learn.py read from the ROM.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.workshop import hp67_room, ti57_room
from games.workshop.hp67_room import HP67Room, KeyAssembler
from games.workshop.ti57_room import TI57Room


def keyed(room, keys: str):
    for key in keys.split():
        room.key(key)
    return room


def run_out(room, limit: int = 1000) -> None:
    """Run slices until the program stops (a bounded number, not a time)."""
    for _ in range(limit):
        if not room.run_slice():
            return
    raise AssertionError("the program never stopped")


# -- HP-67 ------------------------------------------------------------------------------

def test_assembler_gathers_prefixed_keys_into_instructions() -> None:
    keys = KeyAssembler()
    assert [keys.feed(k) for k in "f SST A".split()] == [None, None, "*LBL A"]
    assert [keys.feed(k) for k in "STO + 3".split()] == [None, None, "ST+ 3"]
    assert [keys.feed(k) for k in "GTO . 0 1 2".split()] == [None, None, None, None, "GTO .012"]
    assert [keys.feed(k) for k in "h SST".split()] == [None, "BST"]
    assert [keys.feed(k) for k in "h CLX".split()] == [None, "DEL"]
    assert [keys.feed(k) for k in "f A".split()] == [None, "a"]
    assert keys.feed("f") is None and keys.feed("g") is None and keys.pending == ("g",)  # g replaces f
    assert keys.feed("9") == "X²"
    with pytest.raises(ValueError):
        keys.feed("(i)")  # nothing on its own
    assert keys.pending == ()


def test_hp67_keying_a_program_shows_step_numbers_and_key_codes(tmp_path: Path) -> None:
    room = HP67Room(tmp_path)
    room.switch("W/PRGM")
    assert room.view().display == "000"
    shown = []
    for keys in ("f SST A", "1", "+", "h GTO"):
        keyed(room, keys)
        shown.append(room.view().display)
    assert shown == ["001   31 25 11", "002         01", "003         61", "004      35 22"]
    room.key("f")
    assert room.view().prefix == "f"  # the pending prefix is lit
    room.key("g")
    assert room.view().prefix == "g"
    room.key("h")
    room.key("SST")  # h SST: BST
    assert room.view().display == "003         61" and room.view().prefix == ""
    keyed(room, "GTO . 0 0 1")
    assert room.view().display == "001   31 25 11"
    keyed(room, "SST")
    assert room.view().display == "002         01" and room.view().mnemonic == "1"
    keyed(room, "h CLX")  # DEL: step 2 goes, the pointer shows step 1
    assert room.view().display == "001   31 25 11"
    keyed(room, "2")  # inserted after step 1
    assert room.view().display == "002         02"
    keyed(room, "SST")
    assert room.view().display == "003         61"
    room.switch("RUN")
    keyed(room, "5 A")
    assert room.running and room.view().display == ""  # dark while it runs
    run_out(room)
    assert room.view().display == "7.00"


def test_hp67_runaway_program_is_stopped_by_any_key(tmp_path: Path) -> None:
    room = HP67Room(tmp_path)
    room.switch("W/PRGM")
    keyed(room, "f SST A GTO A")
    room.switch("RUN")
    keyed(room, "A")
    assert all(room.run_slice() for _ in range(20))  # it loops for ever
    room.key("7")  # any key stops a running HP-67
    assert not room.run_slice()
    assert not room.running and "stopped" in room.view().message
    keyed(room, "7")  # the keyboard works again
    assert room.view().display == "7."


def test_hp67_program_and_data_cards_round_trip(tmp_path: Path) -> None:
    room = HP67Room(tmp_path)
    room.open_game(hp67_room.GAME_LISTINGS[0])
    keyed(room, "4 2 STO 3 1 . 5 CHS STO E")
    assert room.write_card("othello-copy") and room.write_card("regs", "data")
    assert set(room.card_names()) == {"othello-copy", "regs"}
    other = HP67Room(tmp_path)
    assert other.read_card("othello-copy") and other.read_card("regs"), other.message
    assert other.machine.program.text() == room.machine.program.text()
    assert len(other.machine.program.steps) == 199
    assert other.machine.register("3") == 42 and str(other.machine.register("E")) == "-1.5"
    card = (tmp_path / "othello-copy.txt").read_text(encoding="utf-8")
    assert card.startswith("# Othello for the HP-67") and "Verniajou" in card  # the attribution stays
    assert other.write_card("copy-of-copy")
    assert (tmp_path / "copy-of-copy.txt").read_text(encoding="utf-8").count("Jean-Marc Verniajou") == card.count("Jean-Marc Verniajou")


def test_hp67_othello_listing_opens_in_w_prgm(tmp_path: Path) -> None:
    room = HP67Room(tmp_path)
    assert room.open_game(hp67_room.GAME_LISTINGS[0])
    assert "199 steps" in room.message
    room.switch("W/PRGM")
    keyed(room, "SST")
    assert room.view().display == "001   31 25 11"  # LBL A: HP-97 21 11 in the listing
    keyed(room, "SST SST")
    assert room.view().display == "003      33 15" and room.view().mnemonic == "STO E"


def test_hp67_damaged_card_is_reported_and_changes_nothing(tmp_path: Path) -> None:
    room = HP67Room(tmp_path)
    room.open_game(hp67_room.GAME_LISTINGS[0])
    before = room.machine.program.text()
    (tmp_path / "bad.txt").write_text("001  *LBL A  21 11\n002  FOO  99-99\n", encoding="utf-8")
    (tmp_path / "binary.txt").write_bytes(b"\xff\xfe\x00garbage")
    (tmp_path / "baddata.txt").write_text("# HP-67 data card: register, value\nQ 3\n", encoding="utf-8")
    for name in ("bad", "binary", "baddata"):
        assert not room.read_card(name)
        assert "damaged" in room.message and "line" in room.message
    assert not room.read_card("missing") and "not read" in room.message
    assert not room.write_card("../escape") and "not written" in room.message
    assert room.machine.program.text() == before


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cut=st.integers(0, 5000), junk=st.text(max_size=12))
def test_hp67_any_damage_to_a_card_is_read_or_reported(tmp_path: Path, cut: int, junk: str) -> None:
    room = HP67Room(tmp_path)
    room.open_game(hp67_room.GAME_LISTINGS[0])
    room.write_card("card")
    path = tmp_path / "card.txt"
    text = path.read_text(encoding="utf-8")
    path.write_text(text[:cut] + junk + text[cut + len(junk):], encoding="utf-8")
    before = room.machine.program.text()
    if not room.read_card("card"):
        assert room.machine.program.text() == before and "card" in room.message


# -- TI-57 ------------------------------------------------------------------------------

def test_ti57_lrn_mode_shows_step_and_code_and_edits() -> None:
    room = TI57Room()
    keyed(room, "LRN")
    assert room.view().mode == "LRN" and room.view().display == "00  00"
    room.key("2nd")
    assert room.view().prefix == "2nd"
    room.key("Lbl")
    assert room.view().display == "00  86 0" and room.view().prefix == "Lbl"  # waits for its digit
    keyed(room, "1 + 1 = 2nd Pause GTO 1")
    assert room.view().display == "06  00"
    keyed(room, "BST")
    assert room.view().display == "05  51 1" and room.view().mnemonic == "GTO 1"
    keyed(room, "BST BST Ins")  # an empty step opens at 03
    assert room.view().display == "03  00"
    keyed(room, "2nd Del")
    assert room.view().display == "03  85"
    keyed(room, "INV SUM")
    assert room.view().display == "03 -34 0"
    keyed(room, "5 BST")
    assert room.view().display == "03 -34 5"
    keyed(room, "2nd Del LRN")
    assert room.view().mode == "RUN"


def test_ti57_run_pause_and_stop() -> None:
    room = TI57Room()
    keyed(room, "LRN 2nd Lbl 1 + 1 = 2nd Pause GTO 1 LRN RST R/S")
    assert room.running and room.view().display == ""
    shown = []
    for _ in range(3):
        assert room.run_slice()
        assert room.view().paused
        shown.append(room.view().display)
    assert shown == ["1.", "2.", "3."]  # each Pause shows the display, then it goes on
    room.key("5")  # ignored while it runs, with a word why
    assert room.running and "R/S" in room.view().message
    room.key("R/S")
    assert not room.run_slice() and not room.running
    assert room.view().display == "3."


def test_ti57_runaway_program_is_stopped() -> None:
    room = TI57Room()
    keyed(room, "LRN 2nd Lbl 1 GTO 1 LRN RST R/S")
    assert all(room.run_slice() for _ in range(20))
    room.request_stop()  # Esc in the room
    assert not room.run_slice() and not room.running
    keyed(room, "R/S")
    assert room.run_slice() and room.running
    room.switch_off_on()  # stops it too, and forgets it
    assert not room.running and not room.run_slice() and room.view().display == "0"


@pytest.mark.parametrize("listing", ti57_room.GAME_LISTINGS, ids=lambda g: g.package)
def test_ti57_game_listing_opens_and_steps(listing) -> None:
    room = TI57Room()
    assert room.open_game(listing)
    program = room.machine.program
    keyed(room, "LRN")
    assert room.view().display.split(None, 1) == ["00", program.steps[0].code_text]
    keyed(room, "SST SST")
    assert room.view().step == 2 and room.view().code == program.steps[2].code_text


def test_ti57_bad_listing_is_reported() -> None:
    room = TI57Room()
    assert not room.open_listing("00 99 Foo\n", "mine")
    assert room.message.startswith("mine: line")


def test_ti57_a_tiny_factor_times_0_hangs_it_and_only_switching_off_and_on_brings_it_back() -> None:
    """1 EE 90 +/- x 0 = sets the real TI-57's ROM looping for ever: dark, deaf to keys, until off and on."""
    room = keyed(TI57Room(), "7 STO 3 1 EE 9 0 +/- * 0 =")
    view = room.view()
    assert view.hung and view.display == "" and not view.running
    assert view.message == ti57_room.HUNG + "." and "switch it off and on" in view.message
    keyed(room, "CLR 5 R/S")  # no key is read, each says why
    assert room.view().display == "" and room.view().message == ti57_room.HUNG + "."
    assert not room.save_to_notebook(Path("/nonexistent"), "lost") and "hangs" in room.message
    room.switch_off_on()
    view = room.view()
    assert not view.hung and view.display == "0" and view.mode == "RUN" and view.step == 0
    assert view.message == ti57_room.SWITCHED_OFF_AND_ON and "program and registers are lost" in view.message
    assert room.machine.register(3) == 0  # nothing kept, as on the real one
    keyed(room, "2 + 3 =")
    assert room.view().display == "5." and room.view().message == ""


def test_ti57_a_program_that_hangs_ends_its_run_and_is_switched_off_and_on() -> None:
    """Before: the host ran slices of a hung machine for ever ("running…", R/S and Esc ignored)."""
    room = keyed(TI57Room(), "LRN 1 STO 1 1 EE 9 0 +/- * 0 = R/S LRN RST R/S")
    assert room.running
    run_out(room, limit=5)
    view = room.view()
    assert view.hung and not view.running and view.display == ""
    assert view.message.startswith(ti57_room.HUNG) and "(step" in view.message
    assert not room.open_listing("00  01  1\n", "mine") and "not keyed in" in room.message
    room.switch_off_on()
    assert not room.hung and room.view().display == "0"
    assert all(step.code == 0 for step in room.machine.program.steps)  # the program is lost
    assert room.machine.register(1) == 0
