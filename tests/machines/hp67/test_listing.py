"""The listing loader: mnemonic and key code must agree; bad lines are named."""

from __future__ import annotations

import pytest

from machines.hp67 import PROGRAM_STEPS, ListingError, parse_listing
from machines.hp67.isa import format_code, parse_code


def test_seed_style_lines() -> None:
    program = parse_listing(
        """
        # a comment line
        *LBL A   21 11
        ST- (i)  35-45 45    # trailing comment
        003  STx 0  35-35 00
        X#0?     16-42
        x        -35
        Y^X      31
        RDN      -31
        *LBL a   21 16 11
        SF2      16 21 02
        """
    )
    assert [s.instruction.mnemonic for s in program.steps] == [
        "*LBL A", "ST- (i)", "STx 0", "X≠0?", "x", "Yˣ", "RDN", "*LBL a", "SF2"
    ]
    assert program.listing()[1] == (2, "ST- (i)", "35-45 45")
    assert parse_listing(program.text()).listing() == program.listing()


@pytest.mark.parametrize(
    ("text", "line", "problem"),
    [
        ("*LBL A 21 11\nX≤y? 16-36\n", 2, "16-36 is not an HP-97 key code; X≤Y? is 16-35"),
        ("*LBL A 21 11\n\nX=0? 16-42\n", 3, "does not match key code 16-42 (X≠0?)"),
        ("*LBL A 21 12\n", 1, "does not match key code 21 12 (*LBL B)"),
        ("*LBL a 21 11\n", 1, "does not match"),
        ("FOO 24\n", 1, "mnemonic 'FOO' does not match key code 24 (RTN)"),
        ("RTN\n", 1, "missing HP-97 key code"),
        ("21 11\n", 1, "missing mnemonic"),
        ("W/DATA 16-61\n", 1, "card-reader"),
        ("001 RTN 24\n003 RTN 24\n", 2, "step number 003 out of order (expected 002)"),
    ],
)
def test_bad_lines_name_the_line_and_the_problem(text: str, line: int, problem: str) -> None:
    with pytest.raises(ListingError) as caught:
        parse_listing(text)
    assert caught.value.line == line
    assert problem in str(caught.value)
    assert str(caught.value).startswith(f"line {line}: ")


def test_program_must_fit_in_224_steps() -> None:
    parse_listing("RTN 24\n" * PROGRAM_STEPS)
    with pytest.raises(ListingError, match=f"line {PROGRAM_STEPS + 1}: the program does not fit in 224 steps"):
        parse_listing("RTN 24\n" * (PROGRAM_STEPS + 1))


def test_key_code_text() -> None:
    assert parse_code("35-45 45") == (35, -45, 45)
    assert parse_code("16 21 02") == (16, 21, 2)
    assert parse_code("-62") == (-62,)
    for code in [(35, -45, 45), (16, -36), (2,), (-63, 2), (21, 16, 11)]:
        assert parse_code(format_code(code)) == code
    with pytest.raises(ValueError):
        parse_code("GTO")
