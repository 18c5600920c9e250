"""Behaviours observed on the BASIC 1.1 ROM (issue 12), one test per fact, then the
neighbours the rule behind each fact implies."""

from __future__ import annotations

from hypothesis import given, strategies as st

from machines.cpc.numbers import str_number
from machines.cpc.using import format_using
from tests.machines.cpc.helpers import output, run_program


# --- number printing: 9 digits in the fixed form, 6 in the exponent form ---------------
def test_exponent_form_prints_six_significant_digits() -> None:
    src = "10 PRINT 1234567890:PRINT 2^31:PRINT 0.000123456789"
    assert output(src) == " 1.23457E+09 \n 2.14748E+09 \n 1.23457E-04 \n"


def test_overflow_value_prints_as_1_70141E38() -> None:
    assert output("10 A=1E38*10:PRINT A") == "Overflow\n 1.70141E+38 \n"


def test_fixed_form_keeps_up_to_nine_digits() -> None:
    assert output("10 PRINT 999999999:PRINT 1/3:PRINT -123456.789") == (
        " 999999999 \n 0.333333333 \n-123456.789 \n"
    )


def test_exponent_rounding_is_half_up_on_the_nine_digits_and_keeps_its_zeros() -> None:
    # ROM unformatted_scale_loop: 7 or more digits are rounded to 6 (the 7th decides,
    # half up) and the rounded digits are printed as they are, zeros included
    assert output("10 PRINT 1234565000:PRINT 1234564900:PRINT 1299999600:PRINT 9999997E8") == (
        " 1.23457E+09 \n 1.23456E+09 \n 1.30000E+09 \n 1.00000E+15 \n"
    )


def test_exponent_form_with_few_digits_prints_only_those() -> None:
    assert output("10 PRINT 1E9:PRINT 15E9:PRINT 1.25E-11:PRINT 123456E20") == (
        " 1E+09 \n 1.5E+10 \n 1.25E-11 \n 1.23456E+25 \n"
    )


def test_boundaries_between_fixed_and_exponent_forms() -> None:
    # at most 9 digits before the point; at most 9 decimals after it (999999999.2 is
    # held as 999999999.25, 999999999.6 as 999999999.5, which rounds to 10 digits)
    assert output("10 PRINT 999999999.2:PRINT 999999999.6:PRINT 1E-9:PRINT 1.5E-9:PRINT 0.00012345") == (
        " 999999999 \n 1E+09 \n 0.000000001 \n 1.5E-09 \n 0.00012345 \n"
    )


def test_negative_numbers_and_str_use_the_same_digits() -> None:
    assert output('10 PRINT -1234567890:PRINT "[";STR$(2^31);"]";"[";STR$(-0.000123456789);"]"') == (
        "-1.23457E+09 \n[ 2.14748E+09][-1.23457E-04]\n"
    )


@given(st.floats(min_value=1e10, max_value=1e37) | st.floats(min_value=1e-37, max_value=1e-11))
def test_exponent_form_never_shows_more_than_six_digits(x: float) -> None:
    text = str_number(x).strip()
    mantissa, _, exponent = text.partition("E")
    assert exponent, text
    assert len(mantissa.replace(".", "")) <= 6
    assert abs(float(text) - x) <= abs(x) * 5.1e-6


# --- PRINT USING rounds half up ------------------------------------------------------------
def test_print_using_rounds_decimal_digits_half_up() -> None:
    assert output('10 PRINT USING "#####";1234.5:PRINT USING "##.#";123.45') == " 1235\n%123.5\n"


def test_print_using_half_up_neighbours() -> None:
    # the decision is made on the 9 decimal digits, so binary 0.125 and 2.675 round up
    # too, and negative numbers round away from zero
    assert format_using("#.##", (0.125,))[0] == "0.13"
    assert format_using("#.##", (2.675,))[0] == "2.68"
    assert format_using("#####", (-1234.5,))[0] == "-1235"
    assert format_using("###", (0.5,))[0] == "  1"
    assert format_using("**##.#", (2.25,))[0] == "***2.3"
    assert format_using("#,###.##", (1234.565,))[0] == "1,234.57"


def test_print_using_rounding_that_widens_the_number_gives_percent() -> None:
    assert format_using("##", (99.5,))[0] == "%100"
    assert format_using("#.#", (9.95,))[0] == "%10.0"
    assert format_using("##", (99.4,))[0] == "99"


def test_print_using_exponent_fields_round_half_up() -> None:
    assert format_using("##.##^^^^", (12345,))[0] == " 1.23E+04"
    assert format_using("##.##^^^^", (12350,))[0] == " 1.24E+04"
    assert format_using("##.##^^^^", (99950,))[0] == " 1.00E+05"
    assert format_using("+#.#^^^^", (-0.00012345,))[0] == "-1.2E-04"
    assert output('10 PRINT DEC$(1234.5,"#####")') == " 1235\n"


# --- INPUT: RETURN alone ---------------------------------------------------------------
def test_input_empty_answer_gives_zero_or_empty_string_without_redo() -> None:
    src = '10 A=7:B$="X":INPUT A:INPUT B$:PRINT A;"[";B$;"]"'
    assert output(src, ["", ""]) == "? \n? \n 0 []\n"


def test_input_empty_answer_with_several_variables_is_one_item_too_few() -> None:
    # run on the CPC 6128's ROMs (tools/cpc_rom_check.py, seed 43): the empty line is
    # one empty item, so a second variable finds none (ROM input_parse_buffer)
    src = '10 INPUT "N,S,I";N,S$,I%:PRINT N;"[";S$;"]";I%'
    assert output(src, ["", "1,A,2"]) == "N,S,I? \n?Redo from start\nN,S,I? 1,A,2\n 1 [A] 2 \n"
    assert output("10 INPUT A,B:PRINT A;B", ["", "3,4"]) == "? \n?Redo from start\n? 3,4\n 3  4 \n"
    assert output("10 INPUT A$,B:PRINT A$;B", ["", "3,4"]) == "? \n?Redo from start\n? 3,4\n3 4 \n"


def test_input_empty_items_inside_an_answer_are_zero_but_the_count_still_counts() -> None:
    src = '10 INPUT A,B:PRINT A;B'
    assert output(src, [","]) == "? ,\n 0  0 \n"
    assert output(src, ["5", " ,2"]) == "? 5\n?Redo from start\n?  ,2\n 0  2 \n"
    # spaces are not an empty answer: one item for two variables
    assert output(src, ["  ", "1,2"]) == "?   \n?Redo from start\n? 1,2\n 1  2 \n"


# --- POS and VPOS settle a pending wrap --------------------------------------------------
def _pos_vpos(src: str) -> tuple[float, float, list[str]]:
    cpc, _ = run_program(src)
    return cpc.variable("P"), cpc.variable("V"), cpc.screen_text()


def test_pos_and_vpos_settle_the_wrap_pending_after_column_40() -> None:
    p, v, _ = _pos_vpos('10 MODE 1:LOCATE 40,24:PRINT "Z";:P=POS(#0):V=VPOS(#0)')
    assert (p, v) == (1, 25)


def test_vpos_alone_settles_the_wrap_too() -> None:
    p, v, _ = _pos_vpos('10 MODE 1:LOCATE 40,3:PRINT "Z";:V=VPOS(#0):P=POS(#0)')
    assert (p, v) == (1, 4)


def test_settling_the_wrap_on_the_last_line_scrolls() -> None:
    p, v, rows = _pos_vpos('10 MODE 1:LOCATE 1,25:PRINT "A";:LOCATE 40,25:PRINT "Z";:P=POS(#0):V=VPOS(#0)'
                             "\n20 CALL &BB18")  # waits for a key: no "Ready" to scroll
    assert (p, v) == (1, 25)
    assert rows[23].startswith("A") and rows[23].endswith("Z") and rows[24].strip() == ""


def test_pending_wrap_in_other_modes_and_windows() -> None:
    p, v, _ = _pos_vpos('10 MODE 0:LOCATE 20,1:PRINT "Z";:P=POS(#0):V=VPOS(#0)')
    assert (p, v) == (1, 2)
    p, v, _ = _pos_vpos('10 MODE 2:LOCATE 80,10:PRINT "Z";:P=POS(#0):V=VPOS(#0)')
    assert (p, v) == (1, 11)
    src = '10 MODE 1:WINDOW #1,11,20,5,8:LOCATE #1,10,2:PRINT #1,"Z";:P=POS(#1):V=VPOS(#1)'
    p, v, _ = _pos_vpos(src)
    assert (p, v) == (1, 3)


def test_a_character_short_of_the_edge_leaves_nothing_to_settle() -> None:
    p, v, _ = _pos_vpos('10 MODE 1:LOCATE 39,24:PRINT "Z";:P=POS(#0):V=VPOS(#0)')
    assert (p, v) == (40, 24)


def test_pos_settles_a_locate_beyond_the_right_edge() -> None:
    p, v, _ = _pos_vpos('10 MODE 1:LOCATE 45,2:P=POS(#0):V=VPOS(#0)')
    assert (p, v) == (1, 3)


# --- Operand missing; READ of a word -------------------------------------------------------
def test_x_equals_5_plus_is_error_22_operand_missing() -> None:
    cpc, state = run_program("10 X=5+")
    assert cpc.error == (22, 10)
    assert cpc.transcript.endswith("Operand missing in 10\nReady\n")


def test_operand_missing_neighbours() -> None:
    for src in ("10 X=", "10 PRINT 2*:PRINT 3", "10 IF 1 THEN X=- ELSE 20\n20 END", "10 A$=\"A\"+",
                "10 X=(", "10 X=SIN("):
        cpc, _ = run_program(src)
        assert cpc.error == (22, 10), (src, cpc.transcript)
    cpc, _ = run_program("10 X=5+)")  # a token that cannot start an operand stays a Syntax error
    assert cpc.error == (2, 10)


def test_operand_missing_can_be_trapped() -> None:
    assert output('10 ON ERROR GOTO 100\n20 X=5+\n30 END\n100 PRINT ERR;ERL:RESUME NEXT') == " 22  20 \n"


def test_read_of_a_word_is_a_syntax_error_at_the_data_line() -> None:
    cpc, _ = run_program("10 READ N\n20 PRINT N\n500 DATA HELLO")
    assert cpc.error == (2, 500)
    assert cpc.transcript == "Syntax error in 500\n500 DATA HELLO\n"


def test_read_of_a_word_gives_erl_the_data_line() -> None:
    src = "10 ON ERROR GOTO 100\n20 READ A,N\n30 END\n100 PRINT ERR;ERL:END\n200 DATA 5,SIX"
    assert output(src) == " 2  200 \n"


def test_read_neighbours_string_and_empty_items() -> None:
    # the word is fine for a string; an empty numeric item reads as 0
    assert output('10 READ A$,B,C:PRINT A$;B;C\n20 DATA HELLO,,7') == "HELLO 0  7 \n"
