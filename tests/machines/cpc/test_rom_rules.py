"""Locomotive BASIC 1.1 against its ROMs (issue 40): one test per rule, named after
it, then the neighbours the rule implies.  The examples are what the CPC 6128's own
ROMs printed; the neighbours follow from the ROM source (Bread80's commented BASIC
and firmware), and the arithmetic ones were run on the OS ROM's maths routines
(``tools/cpc_rom_check.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from machines.cpc import CPC, RunState, reals
from tests.machines.cpc.helpers import output, run_program


# --- 1. a PRINT ending in SPC(n) or TAB(n) keeps the line open ------------------------------
def test_print_ending_in_spc_or_tab_keeps_the_line_open() -> None:
    assert output('10 PRINT "AB";SPC(2)\n20 PRINT "CD"') == "AB  CD\n"
    assert output('10 PRINT "AB";TAB(6)\n20 PRINT "CD"') == "AB   CD\n"


def test_only_an_expression_item_ends_the_line() -> None:
    assert output('10 PRINT SPC(3)\n20 PRINT "X"') == "   X\n"
    assert output('10 PRINT "A";SPC(1);"B"\n20 PRINT "C"') == "A B\nC\n"
    assert output('10 PRINT TAB(3);\n20 PRINT "X"') == "  X\n"
    assert output('10 PRINT "A",\n20 PRINT "B"') == "A            B\n"


# --- 2. an item ending exactly at column 40 gets no line break from BASIC -------------------
def test_item_ending_at_column_40_gets_no_line_break_from_basic() -> None:
    assert output('10 PRINT STRING$(40,"X");1') == "X" * 40 + " 1 \n"


@pytest.mark.parametrize("width", [38, 39])
def test_items_that_do_not_fit_still_start_a_new_line(width: int) -> None:
    # " 1 " needs 3 columns: after 38 or 39 characters it does not fit
    assert output(f'10 PRINT STRING$({width},"X");1') == "X" * width + "\n 1 \n"


def test_the_pending_wrap_counts_as_column_one_for_zones_and_tab() -> None:
    cpc, _ = run_program('10 PRINT STRING$(40,"X");"Y",5;TAB(30);"Z"')
    assert cpc.transcript.startswith("X" * 40 + "Y" + " " * 12 + " 5 " + " " * 13 + "Z\n")
    rows = cpc.screen_text()
    assert rows.index("X" * 40) + 1 == rows.index(("Y" + " " * 12 + " 5 " + " " * 13 + "Z").ljust(40))


def test_mode_2_and_a_window_wrap_the_same_way() -> None:
    assert output('10 MODE 2:PRINT STRING$(80,"X");1') == "X" * 80 + " 1 \n"
    assert output('10 WINDOW 1,10,1,25:PRINT STRING$(10,"X");"AB"') == "X" * 10 + "AB\n"


# --- 3. maths warnings print at the cursor ----------------------------------------------------
def test_maths_warnings_print_at_the_cursor() -> None:
    assert output('10 PRINT "AB";1/0') == "ABDivision by zero\n 1.70141E+38 \n"


def test_overflow_warnings_print_at_the_cursor_too() -> None:
    assert output('10 PRINT "AB";1E38*10') == "ABOverflow\n 1.70141E+38 \n"
    assert output('10 PRINT "AB";:A=EXP(100):PRINT "C"') == "ABOverflow\nC\n"
    assert output('10 PRINT "A":PRINT 1/0') == "A\nDivision by zero\n 1.70141E+38 \n"


# --- 4. LOG(0) is Overflow -------------------------------------------------------------------
def test_log_of_zero_is_overflow() -> None:
    assert output("10 PRINT LOG(0)") == "Overflow\n 0 \n"


def test_log_of_a_negative_number_is_overflow_and_keeps_it() -> None:
    assert output("10 PRINT LOG(-2.5);LOG10(0)") == "Overflow\n-2.5 Overflow\n 0 \n"
    assert output("10 ON ERROR GOTO 100\n20 A=LOG10(-1)\n30 END\n100 PRINT ERR;ERL:RESUME NEXT") == " 6  20 \n"


# --- 5. the last digit of real arithmetic ----------------------------------------------------
def test_the_last_digit_of_real_arithmetic() -> None:
    assert output("10 PRINT 47/6") == " 7.83333334 \n"
    assert output("10 PRINT -(9.87654321E-5+7)") == "-7.00009877 \n"
    assert output("10 PRINT COS(982)") == "-0.249627587 \n"
    assert output("10 A=-1:FOR I=1 TO 17:A=A+0.1:NEXT:PRINT A") == " 0.700000001 \n"


def test_the_last_digit_neighbours() -> None:
    # run on the OS ROM's routines (tools/cpc_rom_check.py), printed by BASIC's rules
    src = "10 PRINT 1/3;2/3;SQR(2);SIN(1);EXP(1);LOG(10);ATN(1)*4;2^0.5"
    assert output(src) == (
        " 0.333333333  0.666666667  1.41421356 \n 0.841470985  2.71828183  2.30258509 \n"
        " 3.14159265  1.41421356 \n"
    )


def test_sqr_is_exp_of_half_the_log_so_perfect_squares_come_out_whole() -> None:
    assert output("10 PRINT SQR(4);SQR(9);SQR(16);4^0.5") == " 2  3  4  2 \n"


def test_sin_and_cos_past_65535_half_turns_are_improper_arguments() -> None:
    assert output("10 PRINT SIN(205000)") != "Improper argument in 10\n"
    assert output("10 PRINT SIN(206000)") == "Improper argument in 10\n"
    assert output("10 DEG:PRINT COS(1.17E7)") != "Improper argument in 10\n"  # 65000 half-turns
    assert output("10 DEG:PRINT COS(1.18E7)") == "Improper argument in 10\n"


# --- 6. \ and MOD ---------------------------------------------------------------------------
def test_integer_division_and_mod_take_signed_16_bit_operands() -> None:
    assert output("10 PRINT -32768\\-1") == " 32768 \n"
    assert output("10 PRINT 40000\\3") == "Overflow in 10\n"
    assert output("10 PRINT 3893 MOD 38140") == "Overflow in 10\n"


@given(st.integers(-32768, 32767), st.integers(-32768, 32767).filter(bool))
def test_integer_division_and_mod_neighbours(a: int, b: int) -> None:
    q = abs(a) // abs(b) * (1 if (a < 0) == (b < 0) else -1)
    r = abs(a) % abs(b) * (1 if a >= 0 else -1)
    shown_q = f" {q} " if q >= 0 else f"{q} "
    shown_r = f" {r} " if r >= 0 else f"{r} "
    assert output(f"10 PRINT {a}\\{b};{a} MOD {b}".replace("--", "- -")) == shown_q + shown_r + "\n"


def test_the_quotient_32768_is_a_real_that_goes_on_as_one() -> None:
    assert output("10 A=-32768:B=A\\-1+1:PRINT B") == " 32769 \n"
    assert output("10 A%=-32768\\-1") == "Overflow in 10\n"


# --- 8. MID$ assignment on an empty string ---------------------------------------------------
def test_mid_assignment_on_an_empty_string_does_nothing() -> None:
    assert output('10 A$="":MID$(A$,2,2)="XY":PRINT "[";A$;"]"') == "[]\n"


def test_mid_assignment_past_the_end_does_nothing_but_position_0_is_improper() -> None:
    assert output('10 A$="AB":MID$(A$,3)="XY":PRINT A$') == "AB\n"
    assert output('10 A$="AB":MID$(A$,2)="XY":PRINT A$') == "AX\n"
    assert output('10 A$="AB":MID$(A$,0)="XY":PRINT A$') == "Improper argument in 10\n"


# a real 0 has a sign on the CPC, seen only when it is divided by 0 (A and B are 0 here):
# -B is -0; a 0 sum has the second operand's sign (x-y is x+(-y)), a 0 product the
# right operand's, a 0 quotient the dividend's; ABS leaves a 0 as it is; INT, FIX and
# ROUND(x) give an unsigned 0, ROUND(x,d) one with x's sign.  Seen on the ROMs (seed 41).
@pytest.mark.parametrize("expression, negative", [
    ("-B", True), ("B", False), ("0", False), ("1", False), ("-1", True),
    ("(-B)*(-2)", True), ("B*2", False), ("2*(-B)", True), ("(-2)*B", False), ("B*(-B)", True),
    ("(-B)-0", True), ("0-B", True), ("-B-B", True), ("-B+B", False), ("B-B", True), ("-B-(-B)", False),
    ("1.5-1.5", True), ("-1.5+1.5", False), ("1-1", False), ("(-B)/(-2)", True), ("B/(-2)", False),
    ("-ABS(B)", True), ("ABS(-B)", True), ("-INT(B)", False), ("-FIX(-0.5)", False), ("-ROUND(B)", False),
    ("-ROUND(0.04,1)", True), ("-ROUND(-0.04,1)", False), ("-ROUND(B,2)", True),
    ("(-B-(-B+B)+(-B*5-B))*(-(5-5.0))/-1", False),
])
def test_a_zero_divided_by_zero_keeps_its_sign(expression: str, negative: bool) -> None:
    sign = "-" if negative else " "
    assert output(f"10 PRINT ({expression})/A") == f"Division by zero\n{sign}1.70141E+38 \n"


# a number in a program line is read as convert_string_to_number reads it, blanks
# between its digits, around the point and the E skipped (seen on the ROMs)
@pytest.mark.parametrize("line, shown", [
    ("10 PRINT 5 6", " 56 \n"),
    ("10 A=1 2:PRINT A", " 12 \n"),
    ("10 PRINT 1 .5;2. 5;3 E 2;4 e -1;5 E+ 1", " 1.5  2.5  300  0.4  50 \n"),
    ("10 X=3:PRINT X*2 0", " 60 \n"),
    ("10 PRINT 1 .;7", " 1  7 \n"),
    ("10 PRINT 1 E", " 1  0 \n"),  # an E with no digits after it is a variable
    ("10 IF 1 THEN PRINT 1 ELSE PRINT 2", " 1 \n"),
    ("10 PRINT 5 6;A%@", " 56  0 \nSyntax error in 10\n10 PRINT 56;A%@\n"),
])
def test_blanks_inside_a_number_constant_are_skipped(line: str, shown: str) -> None:
    assert output(line) == shown


# --- 7. PRINT USING --------------------------------------------------------------------------
def test_print_using() -> None:
    assert output('10 PRINT USING "#.##^^^^";7.17') == " .72E+01\n"
    assert output('10 PRINT USING "#.##";-0.5') == "-.50\n"
    assert output('10 PRINT USING "##.";16') == "16.\n"
    assert output('10 PRINT USING "######";1.1E21') == "% 11000E+17\n"
    assert output('10 PRINT USING "##";-0.4') == " 0\n"


@pytest.mark.parametrize("fmt, value, shown", [
    # the sign takes the first digit place of an exponent field, a space if positive
    ("#.##^^^^", -7.17, "-.72E+01"),
    ("##.##^^^^", 7.17, " 7.17E+00"),
    ("+#.##^^^^", 7.17, "+7.17E+00"),
    # the 0 before the point only where a place is left after the sign
    ("#.##", 0.5, "0.50"),
    ("##.##", -0.5, "-0.50"),
    ("+#.##", -0.5, "-0.50"),
    (".##", 0.5, ".50"),
    # a point with no decimals after it is printed
    ("###.", -16, "-16."),
    # 21 digits or more before the point: the exponent form, flagged
    ("##.##", 1e20, "% 1.00E+20"),
    ("##.##", 9e19, "%90000000000000000000."),
    # digits all 0: no sign, and the 0 before the point comes back
    ("#.#", -0.04, "0.0"),
    ("###", -0.3, "  0"),
    # seen on the ROMs (tools/cpc_rom_check.py): 0 in the exponent form has E+00;
    # the fixed form shows at most 20 digits, so decimals past them are dropped
    ("#.##^^^^", 0, " .00E+00"),
    ("+#.###", -7.13266119e19, "%-71326611900000000000."),
    ("+#.###", 4.939e31, "%+4.939E+31"),
    ("#,###.##", 2.6294778e26, "%  262.95E+24"),  # a place in four kept for commas
])
def test_print_using_neighbours(fmt: str, value: float, shown: str) -> None:
    assert output(f'10 PRINT USING "{fmt}";{value!r}'.replace("e+", "E+").replace("e-", "E-")) == shown + "\n"


# one flag, one %: however many reasons a field has to overflow (21 digits or more, no
# place for the sign or currency, no digit place, digits past the places before the point),
# the ROM sets one bit and writes one % (do_number_to_string).  Every line below is what
# the CPC 6128's ROMs printed.
@pytest.mark.parametrize("fmt, values, shown", [
    # the campaign's difference (seed 17): fixed form past 20 digits, and a minus sign with
    # no place before the point
    (".###", "-ROUND(845775474E1*508225641E10,2)", "%-.430E+29"),
    (".###", "1E30;-1E30;-1E25;-1E20;1E20;-1E19;1E19",
     "%.100E+31%-.100E+31%-.100E+26%-.100E+21%.100E+21%-10000000000000000000.%10000000000000000000."),
    ("##.##", "1E30;-1E30", "% 1.00E+30%-1.00E+30"),
    ("+.###", "1E30;-1E30", "%+.100E+31%-.100E+31"),
    (".###-", "1E30;-1E30", "%.100E+31 %.100E+31-"),
    ("**##.#", "1E30;-1E30", "%*100.0E+28%-100.0E+28"),
    ("$$##.##", "1E30;-1E30;1E9", "% $10.00E+29%-$10.00E+29%$1000000000.00"),
    ("#,###.##", "1E30;-1E30;-1E19", "%  100.00E+28% -100.00E+28%-10,000,000,000,000,000,000."),
    # an exponent field whose sign has no place before the point: % even for a positive
    (".###^^^^", "1;-1;0;1E30;-1E-30", "%.100E+01%-.100E+01%.000E+00%.100E+31%-.100E-29"),
    ("$$^^^^", "0;1;-1", "% $E+00%$1E+00%-$1E+00"),
    # no digit place left: one is added, before the point or after it
    ("#^^^^", "1;-1;0;123;-123", "%1E+00%-1E+00% E+00%1E+02%-1E+02"),
    ("#.^^^^", "1;-1;0;123;-123", "% .1E+01%-.1E+01% .0E+00% .1E+03%-.1E+03"),
    # places enough: no %
    ("##^^^^", "1;-1;0;123;-123", " 1E+00-1E+00 0E+00 1E+02-1E+02"),
    ("+.##^^^^", "1;-1;0;123;-123", "+.10E+01-.10E+01+.00E+00+.12E+03-.12E+03"),
    (".##^^^^-", "1;-1;0;123;-123", ".10E+01 .10E+01-.00E+00 .12E+03 .12E+03-"),
    ("$$.##^^^^", "1;-1;1E30", " $.10E+01-$.10E+01 $.10E+31"),
    ("**.##^^^^", "1;-1;1E30", "*1.00E+00-1.00E+00*1.00E+30"),
    ("**$^^^^", "0;1;-1", "*$0E+00*$1E+00-$1E+00"),
    # 0 in the exponent form: one 0 before the point, where a place was left for it
    ("###^^^^", "0;-0;1", "  0E+00  0E+00 10E-01"),
    ("####,.#^^^^", "0;1", "    0.0E+00  100.0E-02"),
    ("#^^^^-", "0;1;-1", "0E+00 1E+00 1E+00-"),
    # a + takes a place: the 0 before the point fills it, and the field overflows
    ("+.####", "0.5;-0.5;0;1", "%+0.5000-.5000%+0.0000%+1.0000"),
    ("+.#", "0.04;-0.04", "%+0.0%+0.0"),
    ("$$.#", "0.5;-0.5;0", "$0.5-$.5$0.0"),
    # commas are written in the exponent form too, a place in four theirs; one may
    # follow ** or $$ at once
    ("##,###^^^^", "1234567;-1234567", " 1,235E+03-1,235E+03"),
    ("**,###^^^^", "1234567;-1234567", "*1,235E+03-1,235E+03"),
    ("#,#######.#^^^^", "-1234567;0", " -123,456.7E+01        0.0E+00"),
    ("$$#,####.###^^^^", "774", " $77,400.000E-02"),
    ("**$#,##.#^^^^-", "0;-354", "*****$0.0E+00 $35,400.0E-02-"),
    ("+#,###", "-522E10;-52401E17", "%-5,220,000,000,000%-5,240E+18"),
])
def test_print_using_field_overflow_is_flagged_once(fmt: str, values: str, shown: str) -> None:
    assert output(f'10 PRINT USING "{fmt}";{values}') == shown + "\n"


# the ROM prints a template as it goes: its text before an error stays on the screen
@pytest.mark.parametrize("program, shown", [
    ('10 PRINT USING "abc";1', "abc\nImproper argument in 10\n"),  # no field at all
    ('10 PRINT USING "+.^^^^";1', "+.^^^^\nImproper argument in 10\n"),  # "+." needs a #
    ('10 PRINT "Q";:PRINT USING "zz";"X"', "Qzz\nImproper argument in 10\n"),
    ('10 PRINT USING "ab#";"X"', "ab\nType mismatch in 10\n"),
    ('10 PRINT USING "#a";1;"X"', "1a\nType mismatch in 10\n"),
    ('10 PRINT USING "x&y";1', "x\nType mismatch in 10\n"),
    ("10 ON ERROR GOTO 100\n20 PRINT USING \"abc\";1:PRINT \"N\"\n30 END\n100 PRINT \"E\";ERR:RESUME NEXT",
     "abcE 5 \nN\n"),
    # a numeric field has 20 places at most (sign, currency and point included, not ^^^^)
    ('10 PRINT USING "##########.##########";1', "Improper argument in 10\n"),
    ('10 PRINT USING "**#########.#########";1', "Improper argument in 10\n"),
    ('10 PRINT USING "##########.#########";1', "         1.000000000\n"),
    ('10 PRINT USING "$$########.#########";1', "        $1.000000000\n"),
    ('10 PRINT USING "##########.#########^^^^";1', " 100000000.000000000E-08\n"),
    ('10 PRINT DEC$(1,"#######.#############")', "Improper argument in 10\n"),
    ('10 PRINT DEC$(1,"abc")', "Improper argument in 10\n"),
])
def test_print_using_prints_as_it_goes(program: str, shown: str) -> None:
    assert output(program) == shown


# the other currency sign: ££ (character &A3) floats as $$ does, alone or after ** (ROM
# test_for_currency_symbols); a field's sign is doubled, so $£ is no field.  Printed by the ROMs.
@pytest.mark.parametrize("program, shown", [
    ('10 PRINT USING "\u00a3\u00a3##.##";12.5', " \u00a312.50\n"),
    ('10 PRINT USING "**\u00a3##.##";-3.25', "**-\u00a33.25\n"),
    ('10 PRINT USING "+\u00a3\u00a3#.#";7', " +\u00a37.0\n"),
    ('10 PRINT USING "\u00a3\u00a3#,###.##";1234.5', " \u00a31,234.50\n"),
    ('10 PRINT USING "\u00a3\u00a3.##^^^^";123', " \u00a3.12E+03\n"),
    ('10 PRINT USING "\u00a3\u00a3";5', "\u00a35\n"),
    ('10 PRINT USING "**\u00a3";5', "*\u00a35\n"),
    ('10 PRINT USING "\u00a3\u00a3##-";-5', "  \u00a35-\n"),
    ('10 PRINT USING "\u00a3\u00a3##.##";99999', "%\u00a399999.00\n"),
    ('10 PRINT DEC$(99.5,"\u00a3\u00a3###.#")', "  \u00a399.5\n"),
    ('10 PRINT USING "$\u00a3##.##";12.5', "$\u00a312.50\n"),  # not one sign twice: text, then ##.##
    ('10 PRINT USING "\u00a3##.##";12.5', "\u00a312.50\n"),  # a single sign is text
])
def test_print_using_floats_the_pound_sign_as_the_dollar(program: str, shown: str) -> None:
    assert output(program) == shown


# --- 9. a trapped READ of a word into a number, then RESUME NEXT -------------------------------
def test_trapped_read_of_a_word_then_resume_next() -> None:
    src = "\n".join([
        "10 ON ERROR GOTO 100",
        '20 A=5:READ A:PRINT "A=";A',
        '30 READ B:PRINT "B=";B',
        "40 END",
        "50 DATA HELLO,7",
        '100 PRINT "ERR";ERR;ERL:RESUME NEXT',
    ])
    assert output(src) == "ERR 2  50 \nA= 0 \nERR 2  50 \nB= 0 \n"


def test_trapped_read_neighbours() -> None:
    # what was read of a number before the text is kept; the items before it are read
    src = "\n".join([
        "10 ON ERROR GOTO 100",
        "20 READ A,B,C:PRINT A;B;C",
        "30 RESTORE 60:READ D$,E:PRINT D$;E",
        "40 END",
        "50 DATA 1,12AB,3",
        "60 DATA WORD,4",
        '100 PRINT "ERR";ERR;ERL:RESUME NEXT',
    ])
    assert output(src) == "ERR 2  50 \n 1  12  0 \nWORD 4 \n"


def test_after_a_bad_item_the_data_pointer_is_back_where_the_read_began() -> None:
    # seen on the ROMs (tools/cpc_rom_check.py): the items the failed READ had read
    # are read again, and a bad quoted string item is stored before its error
    src = "\n".join([
        "10 ON ERROR GOTO 900",
        "40 READ A,B%:PRINT A;B%:READ C:PRINT C",
        "45 DATA 0.19663752,WORD,12AB",
        "50 RESTORE 55:READ A$,B:PRINT A$;B:READ C$:PRINT C$",
        '55 DATA "X"Y,5',
        "890 END",
        '900 PRINT "E";ERR;ERL:RESUME NEXT',
    ])
    assert output(src) == "E 2  45 \n 0.19663752  0 \n 0.19663752 \nE 2  55 \nX 0 \nE 2  55 \nX\n"


def test_untrapped_read_of_a_word_stops_at_the_data_line() -> None:
    assert output("10 READ A\n20 DATA X").startswith("Syntax error in 20\n")


_TRAP = "10 ON ERROR GOTO 100\n{}\n90 END\n100 PRINT \"E\";ERR;ERL:RESUME NEXT"


# a DATA item the number reader gives up on (a sign, a point or & with no digit) is a
# Type mismatch of the READ itself (ERL its line), the variable left as it was, the DATA
# pointer back where the READ began; a word is still a Syntax error of the DATA line.
# Every expected line was printed by the ROMs.
@pytest.mark.parametrize("lines, shown", [
    ("20 A=5:B=6:READ A,B:PRINT A;B\n30 READ C:PRINT C\n50 DATA 3,-,7", "E 13  20 \n 3  6 \n 3 \n"),
    ("20 A=5:B=6:READ A,B:PRINT A;B\n30 READ C:PRINT C\n50 DATA 3,.,7", "E 13  20 \n 3  6 \n 3 \n"),
    ('20 A$="Q":READ A$,B:PRINT A$;B\n30 READ C$:PRINT C$\n50 DATA X,+,7', "E 13  20 \nX 0 \nX\n"),
    ("20 A%=5:READ A%:PRINT A%\n40 DATA &", "E 13  20 \n 5 \n"),
    ("20 A=5:READ A:PRINT A\n40 DATA -X", "E 13  20 \n 5 \n"),
    ("20 A=5:READ A:PRINT A\n40 DATA .E5", "E 13  20 \n 5 \n"),
    ("20 A=5:READ A:PRINT A\n40 DATA  -  ", "E 13  20 \n 5 \n"),
    ("20 A=5:READ A:PRINT A\n40 DATA &X", "E 13  20 \n 5 \n"),
    ("20 A=5:READ A:PRINT A\n40 DATA &X2", "E 13  20 \n 5 \n"),
    ("20 READ A:PRINT A\n40 DATA - .", "E 13  20 \n 0 \n"),
    # neighbours read as before: too large is Overflow of the READ, text after a
    # number a Syntax error of the DATA line
    ("20 A=5:READ A:PRINT A\n40 DATA 1E99", "E 6  20 \n 5 \n"),
    ("20 READ A:PRINT A\n40 DATA 1E", "E 2  40 \n 1 \n"),
    ("20 A=5:READ A:PRINT A\n30 READ C:PRINT C\n50 DATA -5-", "E 2  50 \n-5 \nE 2  50 \n-5 \n"),
])
def test_read_of_an_item_the_number_reader_refuses_is_a_type_mismatch(lines: str, shown: str) -> None:
    assert output(_TRAP.format(lines)) == shown


@pytest.mark.parametrize("item", ["-", "+", ".", "-.", "&", "&H", "&X 2"])
def test_untrapped_read_of_a_lone_sign_or_point_stops_at_the_read(item: str) -> None:
    assert output(f"10 A=5:READ A\n20 DATA {item}") == "Type mismatch in 10\n"


# --- 10. a syntax error partway through a line ------------------------------------------------
def test_syntax_error_partway_through_a_line() -> None:
    cpc, _ = run_program('10 PRINT "A";1;A%%')
    assert cpc.transcript == 'A 1  0 \nSyntax error in 10\n10 PRINT "A";1;A%%\n'
    src = "\n".join([
        "10 ON ERROR GOTO 100",
        '20 PRINT "X":PRINT "A";1;A%%:PRINT "B"',
        '30 PRINT "C":END',
        '100 PRINT "ERR";ERR;ERL:RESUME NEXT',
    ])
    assert output(src) == "X\nA 1  0 ERR 2  20 \nB\nC\n"


@pytest.mark.parametrize("line, shown", [
    # seen on the ROMs (tools/cpc_rom_check.py, seed 41): the line editor shows the line
    # as LIST does, its numbers by their values
    ('10 PRINT "P";943820910E-2;A%@:PRINT "Q"', '10 PRINT "P";9438209.1;A%@:PRINT "Q"'),
    ('10 PRINT "P";-891370916E-8;A%`:PRINT "Q"', '10 PRINT "P";-8.91370916;A%`:PRINT "Q"'),
])
def test_the_line_after_a_syntax_error_is_shown_as_listed(line: str, shown: str) -> None:
    cpc, _ = run_program(line)
    assert cpc.transcript.endswith("Syntax error in 10\n" + shown + "\n")


@pytest.mark.parametrize("line, printed", [
    ('10 A=1:PRINT A:B=2%%:PRINT "NO"', " 1 \n"),  # statements before the fault run
    ('10 PRINT "A";:PRINT 5;@', "A 5 "),  # a character no token starts
    ('10 PRINT "A"`', "A"),
    ('10 PRINT USING "##";5;%', " 5"),
])
def test_syntax_error_partway_neighbours(line: str, printed: str) -> None:
    cpc, _ = run_program(line)
    assert cpc.transcript.startswith(printed)
    assert "Syntax error in 10\n" in cpc.transcript
    assert cpc.error == (2, 10)


def test_resume_next_after_a_faulty_statement_goes_on_in_the_same_line() -> None:
    src = "\n".join([
        "10 ON ERROR GOTO 100",
        '20 PRINT "P";:X=5%%:PRINT "Q";:Y=@:PRINT "R"',
        "30 END",
        '100 PRINT "!";:RESUME NEXT',
    ])
    assert output(src) == "P!Q!R\n"


def test_round_scales_by_the_firmware_and_rounds_half_up_within_32_bits() -> None:
    # ROM round_accumulator: REAL_10A, REAL_TO_BINARY (half up), BINARY_TO_REAL, REAL_10A back
    assert output("10 PRINT ROUND(2.5);ROUND(-2.5);ROUND(3.14159,2);ROUND(1234.5,-2)") == (
        " 3 -3  3.14  1200 \n"
    )
    assert output("10 A%=155:PRINT ROUND(A%,-1);ROUND(A%,2);ROUND(1E20,2);ROUND(-4.56E9)") == (
        " 160  155  1E+20 -4.56E+09 \n"
    )
    assert output("10 PRINT ROUND(1,40)") == "Improper argument in 10\n"


def test_and_or_xor_not_take_signed_16_bit_operands_like_backslash_and_mod() -> None:
    # run on the CPC 6128's ROMs: the same operand conversion as \ and MOD
    assert output("10 PRINT 65535 AND 1") == "Overflow in 10\n"
    assert output("10 PRINT NOT 40000") == "Overflow in 10\n"
    assert output("10 PRINT 32767.6 AND 1") == "Overflow in 10\n"
    assert output("10 PRINT -1 AND 32767;&FFFF AND 255;1.5 XOR 3;UNT(65535)") == " 32767  255  1 -1 \n"


def test_a_line_filled_to_the_edge_counts_as_ended_for_ready_and_messages() -> None:
    # seen on the ROMs (tools/cpc_rom_check.py): no CR LF before "Ready" or an error
    # message when the wrap is pending; the screen puts them on the next row anyway
    cpc, _ = run_program('10 PRINT STRING$(35,"X");SPC(5);')
    assert cpc.transcript == "X" * 35 + " " * 5 + "Ready\n"
    rows = cpc.screen_text()
    assert rows[rows.index("X" * 35 + " " * 5) + 1].startswith("Ready")
    assert output('10 PRINT STRING$(40,"X");:ERROR 5') == "X" * 40 + "Improper argument in 10\n"
    assert output('10 PRINT STRING$(39,"X");') == "X" * 39 + "\n"


def test_read_into_an_integer_rounds_and_any_read_error_rewinds_the_statement() -> None:
    # seen on the ROMs: 145.6 read into B% is 146; an Overflow while storing also
    # sends the DATA pointer back to where the READ began
    src = "\n".join([
        "10 ON ERROR GOTO 900",
        "40 READ A,B%:PRINT A;B%:READ C:PRINT C",
        "45 DATA ,115506538E4,6",
        "50 RESTORE 55:READ A,B%:PRINT A;B%",
        "55 DATA 1,145.6,7",
        "890 END",
        '900 PRINT "E";ERR;ERL:RESUME NEXT',
    ])
    assert output(src) == "E 6  40 \n 0  0 \n 0 \n 1  146 \n"
    assert output("10 READ B%:PRINT B%\n45 DATA 40000") == "Overflow in 10\n"


def test_round_of_an_integer_product_gone_real_is_a_real() -> None:
    # seen on the ROMs: 27924*9916 overflows 16 bits and becomes a real, which ROUND
    # rounds as a real (it is no Overflow)
    assert output("10 PRINT ROUND(ROUND((27924*9916),-3),1);ROUND(30000+30000,-2)") == " 276894000  60000 \n"


# --- RND is the firmware's generator (REAL_rnd, REAL_rnd0, REAL_RANDOMIZE_seed) ---------------
# firmware_rnd.txt: the 5-byte reals the ROMs gave (PEEK of the variable), written by
# ``tools/cpc_rom_check.py OS.rom BASIC.rom --golden FILE``: from power-on, after RANDOMIZE
# of 20 seeds and after RND of their negatives
_RND_CASES = [line.split(" | ") for line in
              (Path(__file__).with_name("firmware_rnd.txt")).read_text().splitlines()]


@pytest.mark.parametrize("first, reals_hex", _RND_CASES, ids=[case[0] for case in _RND_CASES])
def test_rnd_is_the_firmwares_generator_to_the_byte(first: str, reals_hex: str) -> None:
    expected = reals_hex.split()
    cpc, _ = run_program(f"10 DIM R(20):{first}:R(0)=A:FOR I=1 TO {len(expected) - 1}:R(I)=RND:NEXT")
    got = cpc.array("R")[: len(expected)]
    assert [reals.to_bytes(x).hex() for x in got] == expected


def test_rnd_0_is_the_state_so_after_randomize_it_is_the_seeds_value() -> None:
    # seen on the ROMs: RND(0) gives the generator's state, not the last RND
    assert output("10 PRINT RND(0);RND;RND(0):PRINT RND(5)") == " 0.536703827  0.271940658  0.271940658 \n 0.528612386 \n"
    assert output("10 RANDOMIZE 0.1:PRINT RND(0);RND;RND") == " 0.772119569  0.885239785  0.235754041 \n"
    assert output("10 PRINT RND(-0.1);RND(0.1);RND(0)") == " 0.885239785  0.235754041  0.235754041 \n"


def test_run_new_and_clear_do_not_reseed() -> None:
    # seen on the ROMs: only switching on seeds the generator
    cpc = CPC(clock=lambda: 0.0)
    cpc.load_basic("10 PRINT RND;RND(0)\n20 CLEAR:PRINT RND")
    cpc.run()
    cpc.run()
    assert cpc.transcript.endswith(" 0.271940658  0.271940658 \n 0.528612386 \nReady\n"
                                   " 0.021330127  0.021330127 \n 0.175138616 \nReady\n")


def test_a_seeds_sign_and_high_word_are_forgotten() -> None:
    # the state's top bit never reaches the next state, and the high word is multiplied by
    # a multiple of 4 each time: RANDOMIZE 7 and -7 differ from power-on only in RND(0)
    # (seen on the ROMs), and RND(-1) is RND(1) from power-on
    power_on = output("10 PRINT RND;RND;RND")
    assert output("10 RANDOMIZE 7:PRINT RND(0);RND;RND") == " 0.911703827  0.771940658  0.528612386 \n"
    assert output("10 RANDOMIZE -7:PRINT RND(0);RND;RND") == " 0.411703827  0.771940658  0.528612386 \n"
    assert output("10 PRINT RND(-1);RND;RND") == power_on == " 0.271940658  0.528612386  0.021330127 \n"


def test_randomize_alone_asks_again_without_redo_until_a_number() -> None:
    # seen on the ROMs: no "?Redo from start"; 12x and "1 2"-like typing follow the ROM's
    # number reading, an empty line is 0
    src = "10 RANDOMIZE:PRINT RND(0)"
    assert output(src, ["abc", "12x", " 5 "]) == ("Random number seed ? abc\nRandom number seed ? 12x\n"
                                                  "Random number seed ?  5 \n 0.661703827 \n")
    assert output(src, [""]) == "Random number seed ? \n 0.536703827 \n"
    assert output(src, ["&FF"]) == "Random number seed ? &FF\n 0.962485077 \n"


@pytest.mark.parametrize("seed", ["0", "1", "-1", "7", "0.1", "-3.5", "1E38", "-1E-38", "12345.678"])
def test_rnd_state_goes_through_a_snapshot(seed: str) -> None:
    cpc = CPC(clock=lambda: 0.0)
    cpc.load_basic(f"10 RANDOMIZE {seed}:PRINT RND\n20 PRINT RND;RND(0)")
    cpc.run(2)
    copy = CPC(clock=lambda: 0.0)
    copy.restore(cpc.snapshot())
    assert copy.snapshot()["rnd"] == cpc.snapshot()["rnd"] == reals.rnd_next(reals.rnd_seeded(
        reals.decimal_to_real(seed.lstrip("-")) * (-1 if seed[0] == "-" else 1)))
    cpc.run()
    copy.run()
    assert copy.transcript == cpc.transcript


def test_a_snapshot_from_before_keeps_its_state_and_drops_its_last_value() -> None:
    cpc = CPC(clock=lambda: 0.0)
    cpc.load_basic("10 PRINT RND(0)")
    snap = cpc.snapshot()
    snap["rnd"] = [0x40000000, 0.3]  # [state, last value], as saved before RND was the firmware's
    cpc.restore(snap)
    assert cpc.run() == RunState.ENDED and cpc.transcript.endswith(" 0.25 \nReady\n")


# --- numbers are read as BASIC's convert_string_to_number reads them (VAL, INPUT, RANDOMIZE) ---
def test_numbers_are_read_with_blanks_inside() -> None:
    # seen on the ROMs: blanks are skipped after a sign, between digits, around the point and the E
    assert output('10 PRINT VAL("1 2");VAL(". 5");VAL("- 3");VAL("1 e 2");VAL(" 7");VAL("1e")') == (
        " 12  0.5 -3  100  7  1 \n")
    assert output("10 INPUT A:PRINT A", ["1 2"]) == "? 1 2\n 12 \n"
    assert output("10 INPUT A:PRINT A", [" - 3"]) == "?  - 3\n-3 \n"


@pytest.mark.parametrize("text, value", [("1  .5", "1.5"), ("&h 1f", "31"), ("& 7", "7"), ("&X101", "5"),
                                         ("12abc", "12"), ("abc", "0"), ("", "0"), ("1E+", "1"), ("2E 3", "2000"),
                                         ("&FFFF", "-1"), ("-.5", "-0.5"), ("1.2.3", "1.2")])
def test_numbers_read_with_blanks_neighbours(text: str, value: str) -> None:
    assert output(f'10 PRINT VAL("{text}")') == (value if value.startswith("-") else " " + value) + " \n"


def test_a_sign_or_point_with_no_digit_is_refused() -> None:
    # seen on the ROMs: VAL gives up with Type mismatch, INPUT asks again, so does RANDOMIZE
    for text in ("+", ".", "&", "+.", "-", "&G"):
        assert output(f'10 PRINT VAL("{text}")') == "Type mismatch in 10\n", text
    assert output("10 INPUT A:PRINT A", ["+", "."]) == "? +\n?Redo from start\n? .\n?Redo from start\n? "
    assert output("10 INPUT A:PRINT A", ["1e", "1d2"]) == "? 1e\n?Redo from start\n? 1d2\n?Redo from start\n? "


def test_a_number_too_large_to_read_is_the_maths_error_overflow() -> None:
    # seen on the ROMs: printed (then the reading gives up), or raised under ON ERROR GOTO
    assert output('10 PRINT VAL("3E100")') == "Overflow\nType mismatch in 10\n"
    assert output('10 PRINT VAL("&10000")') == "Overflow\nType mismatch in 10\n"
    assert output("10 INPUT A,B:PRINT A;B", ["1,1E39", "2,3"]) == "? 1,1E39\nOverflow\n?Redo from start\n? 2,3\n 2  3 \n"
    assert output("10 INPUT A,B:PRINT A;B", ["&10000,1", "2,3"]) == (
        "? &10000,1\nOverflow\n?Redo from start\n? 2,3\n 2  3 \n")
    assert output("10 RANDOMIZE:PRINT RND(0)", ["3E100", "2"]) == (
        "Random number seed ? 3E100\nOverflow\nRandom number seed ? 2\n 0.536703827 \n")
    trapped = '10 ON ERROR GOTO 900\n20 INPUT;"",X:PRINT "/";X\n890 END\n900 PRINT "E";ERR;ERL:RESUME NEXT'
    assert output(trapped, ["3E100"]) == "3E100E 6  20 \n/ 0 \n"


def test_right_longer_than_the_string_is_the_whole_string() -> None:
    # seen on the ROMs
    assert output('10 W$=" A b ":PRINT RIGHT$(W$,6);"|";RIGHT$(W$,255);"|";RIGHT$("",3);"|"') == " A b | A b ||\n"


# --- timers: the firmware's event priorities ------------------------------------------------
def _timed(program: str) -> str:
    """The program run with time passing as it runs: a 50th of a second every 16 times
    the machine looks at its clock (after each statement while a timer is set)."""
    looks = [0]

    def clock() -> float:
        looks[0] += 1
        return looks[0] // 16 / 50

    cpc = CPC(clock=clock)
    cpc.load_basic(program)
    assert cpc.run(100_000) == RunState.ENDED
    return cpc.transcript.removesuffix("Ready\n")


def test_a_higher_timer_interrupts_a_lower_timers_subroutine() -> None:
    # seen on the ROMs (tools/cpc_rom_check.py --timers): timer 3 set inside timer
    # 2's subroutine runs while that one waits for it
    assert _timed('10 AFTER 3,2 GOSUB 100:WHILE LEN(Q$)<3:WEND:PRINT Q$;F\n20 END\n'
                  '100 Q$=Q$+"a":AFTER 1,3 GOSUB 200:WHILE F=0:WEND:Q$=Q$+"b":RETURN\n'
                  '200 Q$=Q$+"c":F=1:RETURN') == "acb 1 \n"


def test_a_lower_timer_waits_for_a_higher_timers_subroutine() -> None:
    # seen on the ROMs: timer 2 set inside timer 3's subroutine runs after its RETURN
    assert _timed('10 AFTER 1,3 GOSUB 100:WHILE LEN(Q$)<3:WEND:PRINT Q$\n20 END\n'
                  '100 Q$=Q$+"a":AFTER 1,2 GOSUB 200:FOR I=1 TO 60:NEXT:Q$=Q$+"b":RETURN\n'
                  '200 Q$=Q$+"c":RETURN') == "abc\n"


def test_a_timer_never_interrupts_its_own_subroutine() -> None:
    # seen on the ROMs: an EVERY whose subroutine outlasts its period is not
    # re-entered (the depth stays 1)
    assert _timed('10 EVERY 1,1 GOSUB 100:WHILE N<5:WEND:PRINT M\n20 END\n'
                  '100 D=D+1:M=MAX(M,D):FOR I=1 TO 40:NEXT:N=N+1:D=D-1:IF N=5 THEN R=REMAIN(1)\n'
                  '110 RETURN') == " 1 \n"


def test_after_the_interrupting_subroutine_the_lower_level_holds_again() -> None:
    # seen on the ROMs: timer 3 interrupts timer 2's subroutine; once it returns,
    # timer 1 (due meanwhile) still waits for timer 2's subroutine to end
    assert _timed('10 AFTER 1,2 GOSUB 100:WHILE LEN(Q$)<4:WEND:PRINT Q$\n20 END\n'
                  '100 Q$=Q$+"a":AFTER 1,3 GOSUB 200:AFTER 1,1 GOSUB 300:FOR I=1 TO 80:NEXT:Q$=Q$+"b":RETURN\n'
                  '200 Q$=Q$+"c":RETURN\n300 Q$=Q$+"d":RETURN') == "acbd\n"


# --- timers: the calls owed (the firmware's event count) ----------------------------------
def test_a_call_that_fell_due_is_made_even_after_remain() -> None:
    # seen on the ROMs: AFTER fell due under DI, REMAIN (0: it is spent) does not take
    # the call back, EI lets it in
    assert _timed('10 DI:AFTER 1,1 GOSUB 100:FOR I=1 TO 100:NEXT:R=REMAIN(1):EI:FOR I=1 TO 100:NEXT:PRINT N;R\n'
                  '20 END\n100 N=N+1:RETURN') == " 1  0 \n"


def test_a_new_after_takes_the_calls_owed_to_its_own_subroutine() -> None:
    # seen on the ROMs: the call owed from the first AFTER is made (by the second's
    # line), and the second still runs
    assert _timed('10 DI:AFTER 1,1 GOSUB 100:FOR I=1 TO 100:NEXT:AFTER 500,1 GOSUB 200:EI:FOR I=1 TO 100:NEXT:'
                  'PRINT N;M;REMAIN(1)>0\n20 END\n100 N=N+1:RETURN\n200 M=M+1:RETURN') == " 0  1 -1 \n"


def _clocked(program: str, steps: list[tuple[int, float]]) -> CPC:
    """Run ``program`` in slices of statements, setting the clock (seconds) before each."""
    clock = [0.0]
    cpc = CPC(clock=lambda: clock[0])
    cpc.load_basic(program)
    for statements, seconds in steps:
        clock[0] = seconds
        cpc.run(statements)
    return cpc


def test_every_owes_a_call_per_period_while_di_holds_them() -> None:
    # seen on the ROMs: 14 frames under DI made 14 calls after EI; here 0.3 s, 15 frames
    program = ('10 DI:EVERY 1,1 GOSUB 100:FOR I=1 TO 50:NEXT:R=REMAIN(1):EI:FOR I=1 TO 50:NEXT:PRINT N:END\n'
               '100 N=N+1:RETURN')
    assert _clocked(program, [(2, 0.0), (10_000, 0.3)]).transcript == " 15 \nReady\n"


def test_a_timer_owes_127_calls_at_most() -> None:
    # the firmware's event count stops at 127
    program = ('10 DI:EVERY 1,1 GOSUB 100:FOR I=1 TO 50:NEXT:R=REMAIN(1):EI:FOR I=1 TO 50:NEXT:PRINT N:END\n'
               '100 N=N+1:RETURN')
    assert _clocked(program, [(2, 0.0), (10_000, 10.0)]).transcript == " 127 \nReady\n"


def test_the_timers_are_looked_at_from_the_statement_after_the_first_after() -> None:
    # not only from the run's next 256 statements: the AFTER, due at once, is called
    # after the FOR statement, in the one run() that set it
    looks = [0]

    def clock() -> float:  # power-on and the AFTER at 0 s, then 1 s
        looks[0] += 1
        return 0.0 if looks[0] <= 2 else 1.0

    cpc = CPC(clock=clock)
    cpc.load_basic('10 AFTER 1 GOSUB 100:FOR I=1 TO 5:NEXT:PRINT N;I:END\n100 N=I:RETURN')
    assert cpc.run(10_000) == RunState.ENDED
    assert cpc.transcript == " 1  6 \nReady\n"


# --- found with the timers campaign (seed 52), beside the timers ----------------------------
def test_a_number_read_into_a_real_variable_is_a_real() -> None:
    # seen on the ROMs: DATA -32768 read into C is a real, so ROUND(C,-3) is -33000
    # (an integer there would be Overflow); an integer variable still rounds it
    assert output("10 READ C:PRINT ROUND(C,-3);C+1\n20 DATA -32768") == "-33000 -32767 \n"
    assert output("10 READ C,D\n20 PRINT ROUND(D,-4);ROUND(C,-3)\n30 DATA ,32767") == " 30000  0 \n"
    assert output("10 READ C%:PRINT ROUND(C%,-3)\n20 DATA 32767") == "Overflow in 10\n"


def test_val_of_a_whole_number_in_16_bits_is_an_integer() -> None:
    # seen on the ROMs: ROUND of it to -3 places leaves 16 bits (Overflow), unlike
    # ROUND of a real; stored in a real variable it is a real
    assert output('10 PRINT ROUND(VAL("-32768"),-3)') == "Overflow in 10\n"
    assert output('10 PRINT ROUND(VAL("&7FFF"),-3)') == "Overflow in 10\n"
    assert output('10 PRINT ROUND(VAL(" 3 2767abc"),-3)') == "Overflow in 10\n"
    assert output('10 PRINT ROUND(VAL("32767")-VAL("1"),-3)') == "Overflow in 10\n"


def test_val_of_a_point_an_exponent_or_a_wider_number_is_a_real() -> None:
    # seen on the ROMs
    assert output('10 PRINT ROUND(VAL("32767.0"),-3);ROUND(VAL("32767E0"),-3);ROUND(VAL("-32769"),-3)') == (
        " 33000  33000 -33000 \n")
    assert output('10 A=VAL("32767"):PRINT ROUND(A,-3);ROUND(VAL("5")+VAL("32760")+0.5,-3)') == " 33000  33000 \n"
    assert output('10 PRINT ROUND(-VAL("-32768"),-3);ROUND(VAL("200")*VAL("200"),-3);VAL("7")/2') == (
        " 33000  40000  3.5 \n")


def test_a_line_keeps_the_blanks_typed_at_its_end() -> None:
    # seen on the ROMs: the line editor shows them after a Syntax error
    assert output("10 PRINT 1:X \n20 PRINT 2") == " 1 \nSyntax error in 10\n10 PRINT 1:X \n"
    assert output("10 READ A:PRINT A\n20 DATA 1,WORD ") == " 1 \n"
