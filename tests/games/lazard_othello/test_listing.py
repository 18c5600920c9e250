"""The reconstructed listing says what it is and holds the seed's fixed facts."""

from __future__ import annotations

import re

from games.lazard_othello import LISTING, cell_of, decode_board, square_of
from games.othello.referee import Disc, Position, parse
from machines.cpc import CPC
from tests.games.lazard_othello.lazard_model import VALUES


def lines() -> dict[int, str]:
    out: dict[int, str] = {}
    for text in LISTING.splitlines():
        number, _, body = text.partition(" ")
        out[int(number)] = body
    return out


def test_listing_is_entered_without_a_problem() -> None:
    assert CPC().load_basic(LISTING) == []


def test_line_numbers_ascend_and_fit_the_cpc_line_length() -> None:
    numbers = [int(t.split(" ", 1)[0]) for t in LISTING.splitlines()]
    assert numbers == sorted(set(numbers))
    assert all(len(body) <= 255 for body in lines().values())


def test_header_says_reconstruction_and_credits_lazard_and_the_magazine() -> None:
    header = " ".join(body for n, body in lines().items() if n < 90).upper()
    assert "RECONSTRUCTION" in header
    assert "LAZARD" in header
    assert "JEUX & STRATEGIE N.35 (1985)" in header


def test_square_values_are_the_data_lines_150_to_220() -> None:
    listing = lines()
    data_lines = sorted(n for n, body in listing.items() if body.startswith("DATA"))
    assert data_lines[:8] == [150, 160, 170, 180, 190, 200, 210, 220]
    table = tuple(tuple(int(v) for v in listing[n][4:].split(",")) for n in data_lines[:8])
    assert table == VALUES
    # directions after the table: the seed's +-1 +-9 +-10 +-11
    assert sorted(int(v) for v in listing[230][4:].split(",")) == [-11, -10, -9, -1, 1, 9, 10, 11]


def test_seed_values_corner_40_and_its_neighbours_3_0_3() -> None:
    for r, c in ((0, 0), (0, 7), (7, 0), (7, 7)):
        assert VALUES[r][c] == 40
    assert (VALUES[0][1], VALUES[1][1], VALUES[1][0]) == (3, 0, 3)
    assert all(v >= 0 for row in VALUES for v in row)


def test_value_table_has_the_board_symmetries() -> None:
    assert all(row == row[::-1] for row in VALUES)
    assert VALUES == VALUES[::-1]
    assert all(VALUES[r][c] == VALUES[c][r] for r in range(8) for c in range(8))


def test_the_values_are_explained_in_rem_lines() -> None:
    rems = " ".join(body for n, body in lines().items() if 125 <= n < 150)
    for word in ("coin 40", "3,0,3", "bords 15 et 10", "2e rangee 5", "centre 8 et 10", "betonner"):
        assert word in rems


def test_program_uses_only_common_locomotive_basic() -> None:
    """No WHILE, no DEF FN, no graphics or firmware calls: what every CPC type-in used."""
    words = set(re.findall(r"\b[A-Z]+\$?", re.sub(r'"[^"]*"|REM.*', "", LISTING)))
    keywords = words - {"A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N", "P", "Q",
                        "R", "S", "T", "U", "V", "W", "X", "Y", "Z", "Z", "A$", "C$", "R$", "G$"}
    assert keywords <= {
        "DEFINT", "DIM", "FOR", "TO", "NEXT", "READ", "DATA", "GOTO", "GOSUB", "RETURN", "IF", "THEN",
        "ELSE", "MODE", "PRINT", "INPUT", "UPPER$", "OR", "AND", "ASC", "LEN", "CLS", "CHR$", "MOD", "END",
    }


def test_cell_mapping_corners_and_round_trip() -> None:
    assert [cell_of(parse(s)) for s in ("a1", "h1", "a8", "h8", "d3")] == [11, 18, 81, 88, 34]
    assert all(square_of(cell_of(sq)) == sq for sq in range(64))


def test_decode_board_reads_the_start_position_from_the_program() -> None:
    cpc = CPC()
    cpc.load_basic(LISTING)
    cpc.run()  # stops at "Vous prenez les X ou les O?"
    assert decode_board(cpc.array("B"), Disc.BLACK) == Position.initial()
