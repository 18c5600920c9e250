"""The card reader: program and data cards as files in the listing format the games use."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from games.hp67_othello.driver import load_program
from machines.hp67 import HP67, ListingError, parse_listing
from machines.hp67.isa import REGISTER_NAMES

from .support import D, keys, machine_with

OTHELLO_LISTING = Path(__file__).parents[3] / "games" / "hp67_othello" / "othello.txt"


def test_a_program_card_written_and_read_back_holds_the_same_program(tmp_path: Path) -> None:
    m = HP67()
    m.load(load_program())
    card = tmp_path / "othello.card"
    m.write_program_card(card)
    other = HP67()
    other.read_program_card(card)
    assert other.program.text() == m.program.text()
    keys(other, "DSP 1", "E")
    other.run()
    assert other.display == "192.0"  # the Othello program starts as the author's guide says


def test_a_program_card_is_a_listing_and_a_game_listing_is_a_program_card(tmp_path: Path) -> None:
    m = machine_with("*LBL A", "1", "STO (i)", "RTN")
    card = tmp_path / "small.card"
    m.write_program_card(card)
    assert parse_listing(card.read_text(encoding="utf-8")).text() == m.program.text()
    other = HP67()
    other.read_program_card(OTHELLO_LISTING)  # the game's own file, header comments and all
    assert other.program.text() == load_program().text()


@pytest.mark.parametrize(
    ("text", "line", "problem"),
    [
        ("*LBL A  21 11\n1  01\nSTO J  35 99\n", 3, "not an HP-97 key code"),
        ("# a card\n\n*LBL A  21 12\n", 3, "does not match"),
        ("W/DATA  16-61\n", 1, "card-reader"),
    ],
)
def test_a_bad_program_card_names_the_line_and_changes_nothing(tmp_path: Path, text: str, line: int,
                                                              problem: str) -> None:
    m = machine_with("*LBL B", "7", "RTN")
    before = m.snapshot()
    card = tmp_path / "bad.card"
    card.write_text(text, encoding="utf-8")
    with pytest.raises(ListingError) as bad:
        m.read_program_card(card)
    assert bad.value.line == line and problem in bad.value.problem
    assert m.snapshot() == before


def test_a_data_card_records_the_26_registers_and_reads_them_back(tmp_path: Path) -> None:
    m = HP67()
    values = [Decimal(n * 7 - 50).scaleb(n % 5 * 11 - 20) for n in range(26)]
    m.regs[:] = values
    card = tmp_path / "regs.data"
    m.write_data_card(card)
    lines = [ln for ln in card.read_text(encoding="utf-8").splitlines() if not ln.startswith("#")]
    assert [ln.split()[0] for ln in lines] == list(REGISTER_NAMES)
    other = HP67()
    other.read_data_card(card)
    assert other.regs == values


def test_a_data_card_may_list_only_some_registers(tmp_path: Path) -> None:
    m = keys(HP67(), "3", "STO 4")
    card = tmp_path / "some.data"
    card.write_text("# two registers\nA  -1.5   # comment\ns2 1E-50\n", encoding="utf-8")
    m.read_data_card(card)
    assert (m.register("A"), m.register("S2"), m.register("4")) == (D("-1.5"), D("1E-50"), 3)


@pytest.mark.parametrize(
    ("text", "line", "problem"),
    [
        ("0 1\nJ 2\n", 2, "no register"),
        ("0 1\n\n1 x.5\n", 3, "not a number"),
        ("0 12345678901\n", 1, "not an HP-67 number"),
        ("0 1E100\n", 1, "not an HP-67 number"),
        ("0 NaN\n", 1, "not an HP-67 number"),
        ("0 1\n0 2\n", 2, "twice"),
        ("0 1 2\n", 1, "a register and a value"),
    ],
)
def test_a_bad_data_card_names_the_line_and_changes_nothing(tmp_path: Path, text: str, line: int,
                                                           problem: str) -> None:
    m = keys(HP67(), "9", "STO 0")
    card = tmp_path / "bad.data"
    card.write_text(text, encoding="utf-8")
    with pytest.raises(ListingError) as bad:
        m.read_data_card(card)
    assert bad.value.line == line and problem in bad.value.problem
    assert m.register("0") == 9 and m.register("1") == 0


def test_a_card_that_is_not_text_is_refused_on_line_1(tmp_path: Path) -> None:
    card = tmp_path / "binary.card"
    card.write_bytes(b"\xff\xfe\x00garbage")
    m = HP67()
    for read in (m.read_program_card, m.read_data_card):
        with pytest.raises(ListingError) as bad:
            read(card)
        assert bad.value.line == 1


def test_writing_a_card_replaces_it_whole_keeps_the_old_one_and_leaves_no_scratch_file(tmp_path: Path) -> None:
    card = tmp_path / "prog.card"
    old = "old contents, much longer than the new card will be\n" * 50
    card.write_text(old, encoding="utf-8")
    m = machine_with("*LBL A", "RTN")
    assert m.write_program_card(card) == tmp_path / "prog.bak"
    assert parse_listing(card.read_text(encoding="utf-8")).text() == m.program.text()
    assert (tmp_path / "prog.bak").read_text(encoding="utf-8") == old
    assert sorted(p.name for p in tmp_path.iterdir()) == ["prog.bak", "prog.card"]
