"""Statements and functions of Locomotive BASIC 1.1."""

from __future__ import annotations

import pytest

from tests.machines.cpc.helpers import output, run_program


def test_for_next_with_step_and_nesting() -> None:
    src = "10 FOR I=1 TO 3:FOR J=I TO 1 STEP -1:PRINT I*10+J;:NEXT J,I:PRINT:PRINT I;J"
    assert output(src) == " 11  22  21  33  32  31 \n 4  0 \n"


def test_for_whose_start_is_past_its_end_skips_to_after_its_next() -> None:
    assert output('10 FOR I=5 TO 1:PRINT "IN":NEXT:PRINT "OUT";I') == "OUT 5 \n"


def test_for_with_a_real_step_accumulates_in_5_byte_reals() -> None:
    assert output("10 FOR X=0 TO 1 STEP 0.25:PRINT X;:NEXT") == " 0  0.25  0.5  0.75  1 \n"


def test_integer_for_loop_overflows_past_32767() -> None:
    assert output("10 FOR I%=32766 TO 32767:PRINT I%;:NEXT") == " 32766  32767 \nOverflow in 10\n"


def test_if_then_else_on_one_line_and_nested() -> None:
    src = "\n".join([
        "10 FOR N=1 TO 3",
        '20 IF N=1 THEN PRINT "ONE"; ELSE IF N=2 THEN PRINT "TWO"; ELSE PRINT "MANY";',
        '30 PRINT "."',
        "40 NEXT",
        '50 IF 0 THEN PRINT "NO":PRINT "NOR THIS"',
        "60 IF 1 GOTO 80",
        '70 PRINT "SKIPPED"',
        '80 PRINT "END"',
    ])
    assert output(src) == "ONE.\nTWO.\nMANY.\nEND\n"


def test_while_wend() -> None:
    assert output("10 I=0:WHILE I<3:I=I+1:PRINT I;:WEND:PRINT") == " 1  2  3 \n"


def test_gosub_return_and_on_gosub_on_goto() -> None:
    src = "\n".join([
        "10 FOR K=0 TO 3:ON K GOSUB 100,200:NEXT",
        "20 ON 2 GOTO 30,40",
        '30 PRINT "THIRTY"',
        '40 PRINT "FORTY":END',
        '100 PRINT "A";:RETURN',
        '200 PRINT "B";:RETURN',
    ])
    assert output(src) == "ABFORTY\n"


def test_data_read_restore() -> None:
    src = '10 READ A,B$,C:PRINT A;B$;C:RESTORE 40:READ D:PRINT D\n30 DATA 1, "X, Y" ,2.5\n40 DATA 9'
    assert output(src) == " 1 X, Y 2.5 \n 9 \n"


def test_def_fn_with_parameters_shadowing_globals() -> None:
    src = '10 X=100:DEF FNH(X,Y)=SQR(X*X+Y*Y):DEF FNA$(S$)=S$+"!"\n20 PRINT FNH(3,4);X;FNA$("HI")'
    assert output(src) == " 5  100 HI!\n"


def test_defint_defstr_and_suffixes() -> None:
    src = '10 DEFINT I-K:DEFSTR S\n20 I=7/2:J=-2.5:S="TEXT":R=7/2:R%=2.4\n30 PRINT I;J;S;R;R%'
    assert output(src) == " 4 -3 TEXT 3.5  2 \n"


def test_arrays_dim_auto_dim_and_erase() -> None:
    src = "10 DIM A(2,3):A(2,3)=5:B(10)=7:PRINT A(2,3);B(10)\n20 ERASE A:DIM A(1):PRINT A(1)"
    assert output(src) == " 5  7 \n 0 \n"


def test_numeric_functions() -> None:
    src = ("10 PRINT ABS(-3);INT(-3.5);FIX(-3.5);ROUND(1234.5678,2);ROUND(1250,-2);CINT(-2.5)\n"
           "20 PRINT SGN(-9);SGN(0);SQR(16);EXP(0);LOG(1);LOG10(1000);UNT(65535);MAX(3,9,4);MIN(3,-9)\n"
           "30 DEG:PRINT SIN(30);COS(60);ATN(1):RAD:PRINT ROUND(ATN(1)*4,6)")
    assert output(src) == (
        " 3 -4 -3  1234.57  1300 -3 \n"
        "-1  0  4  1  0  3 -1  9 -9 \n"
        " 0.5  0.5  45 \n 3.141593 \n"
    )


def test_string_functions() -> None:
    src = ('10 A$="Amstrad CPC"\n'
           '20 PRINT LEFT$(A$,3);"|";RIGHT$(A$,3);"|";MID$(A$,4,3);"|";MID$(A$,9);"|";LEN(A$)\n'
           '30 PRINT UPPER$(A$);LOWER$("XY");ASC("A");CHR$(66);INSTR(A$,"CPC");INSTR(9,A$,"C");INSTR(A$,"Z")\n'
           '40 PRINT STRING$(3,"=");STRING$(2,42);SPACE$(2);"|";STR$(12);STR$(-1.5);VAL(" -12.5E1X");VAL("X")\n'
           '50 PRINT HEX$(255);" ";HEX$(10,4);" ";BIN$(5);" ";BIN$(5,8);" ";HEX$(-1)\n'
           '60 B$="ABCDEF":MID$(B$,2,2)="xyz":PRINT B$')
    assert output(src) == (
        "Ams|CPC|tra|CPC| 11 \n"
        "AMSTRAD CPCxy 65 B 9  9  0 \n"
        "===**  | 12-1.5-125  0 \n"
        "FF 000A 101 00000101 FFFF\n"
        "AxyDEF\n"
    )


def test_logical_operators_are_16_bit_and_comparisons_give_minus_one() -> None:
    src = "10 PRINT 12 AND 10;12 OR 10;12 XOR 10;NOT 5;-1 AND &FF;(2>1);(2<1)\n20 PRINT &X101;&HFFFF;17 MOD 5;-17 MOD 5;17\\5;-17\\5"
    assert output(src) == " 8  14  6 -6  255 -1  0 \n 5 -1  2 -2  3 -3 \n"


def test_operator_precedence() -> None:
    assert output("10 PRINT -2^2;2+3*4;10-4-3;2^3^2;1+2=3;NOT 1=2;7 MOD 4*2") == "-4  14  3  64 -1 -1  7 \n"


def test_string_comparison_and_concatenation() -> None:
    assert output('10 A$="ABC":PRINT A$<"ABD";A$="ABC";"B">A$;A$+"D"') == "-1 -1 -1 ABCD\n"


def test_rnd_is_in_range_and_repeatable_after_randomize() -> None:
    src = "10 RANDOMIZE 7:A=RND:B=RND(0):RANDOMIZE 7:C=RND\n20 PRINT A=B;A=C;A>=0 AND A<1"
    assert output(src) == "-1 -1 -1 \n"


def test_time_counts_in_300ths_of_a_second() -> None:
    clock = [10.0]
    from machines.cpc import CPC

    cpc = CPC(clock=lambda: clock[0])
    cpc.load_basic("10 T=TIME\n20 INPUT A\n30 PRINT TIME-T")
    cpc.run()
    clock[0] += 2.5
    cpc.type("1\r")
    cpc.run()
    assert cpc.transcript.endswith(" 750 \nReady\n")


def test_inkey_reads_typed_keys_without_waiting() -> None:
    cpc, state = run_program('10 A$=INKEY$:IF A$="" THEN 10\n20 PRINT ASC(A$)')
    assert state.name == "WAITING_KEY"
    cpc.type("\r")
    assert cpc.run().name == "ENDED"
    assert cpc.transcript == " 13 \nReady\n"


def test_variables_and_arrays_readable_by_a_driver() -> None:
    cpc, _ = run_program('10 DIM B(9),G(2,1):B(3)=-1:G(2,1)=5:N$="X":K%=3:M=1.5')
    assert cpc.variable("M") == 1.5 and cpc.variable("K%") == 3 and cpc.variable("N$") == "X"
    assert cpc.array("B")[3] == -1 and len(cpc.array("B")) == 10
    assert cpc.array("G") == [[0.0, 0.0], [0.0, 0.0], [0.0, 5.0]]
    with pytest.raises(KeyError):
        cpc.array("Z")


def test_ignored_sound_and_graphics_statements_do_not_stop_a_program() -> None:
    assert output('10 SOUND 1,200,10:ENV 1,1,1,1:PLOT 10,10:DRAW 20,20:PRINT "OK"') == "OK\n"


def test_print_using_numeric_fields() -> None:
    src = "\n".join([
        '10 PRINT USING "##.##";3.14159;-2.5;123.456',
        '20 PRINT USING "#,###.#";1234.56',
        '30 PRINT USING "$$##.##";5.5:PRINT USING "**$##.##";5.5:PRINT USING "**##";7',
        '40 PRINT USING "##.##^^^^";12345',
        '50 PRINT USING "###-";-5;5:PRINT USING "+###";-5;5',
        '60 PRINT USING "SCORE: ###";42:PRINT DEC$(3.14159,"##.##")',
    ])
    assert output(src) == (
        " 3.14-2.50%123.46\n1,234.6\n  $5.50\n***$5.50\n***7\n 1.23E+04\n"
        "  5-  5 \n  -5  +5\nSCORE:  42\n 3.14\n"
    )


def test_print_using_string_fields() -> None:
    assert output('10 PRINT USING "!";"HELLO":PRINT USING "\\  \\";"HELLO":PRINT USING "&!";"AB";"CD"') == (
        "H\nHELL\nABC\n"
    )


def test_for_checks_the_variable_of_its_matching_next() -> None:
    assert output("10 FOR I=1 TO 3:PRINT I;:NEXT J") == "Unexpected NEXT in 10\n"
    assert output("10 FOR I=1 TO 2:FOR J=1 TO 2:PRINT I;:NEXT I,J") == "Unexpected NEXT in 10\n"


def test_a_zero_step_ends_only_on_equality() -> None:
    assert output('10 FOR I=5 TO 5 STEP 0:PRINT "IN":NEXT:PRINT "DONE"') == "DONE\n"
    assert output("10 FOR I=1 TO 5 STEP 0:N=N+1:IF N=3 THEN I=5\n20 NEXT:PRINT N") == " 3 \n"


def test_wend_finds_its_while_past_loops_left_by_goto() -> None:
    src = "\n".join([
        "10 WHILE K<3:K=K+1",
        "20 FOR I=1 TO 9:IF I=2 THEN 40",
        "30 NEXT",
        "40 PRINT K;I;",
        "50 WEND:PRINT",
    ])
    assert output(src) == " 1  2  2  2  3  2 \n"


def test_nested_while_loops() -> None:
    src = "10 WHILE I<2:I=I+1:J=0:WHILE J<2:J=J+1:PRINT I*10+J;:WEND:WEND:PRINT"
    assert output(src) == " 11  12  21  22 \n"


def test_keywords_and_names_may_be_typed_in_lowercase() -> None:
    assert output('10 for i=1 to 2:print i;:next:Total=3:print TOTAL') == " 1  2  3 \n"


def test_keywords_are_whole_words_so_glued_text_is_a_name() -> None:
    assert output("10 FORI=5:PRINT FORI") == " 5 \n"


def test_a_keyword_glued_to_digits_is_a_name_as_on_the_cpc() -> None:
    assert output("10 GOTO100\n100 PRINT 1") == "Syntax error in 10\n10 GOTO100\n"


def test_run_inside_a_program_starts_again_with_variables_cleared() -> None:
    src = '10 N=N+1:PRINT N;:INPUT "AGAIN";A$:IF A$="Y" THEN RUN\n20 PRINT "BYE"'
    assert output(src, ["Y", "Y", "N"]) == " 1 AGAIN? Y\n 1 AGAIN? Y\n 1 AGAIN? N\nBYE\n"


def test_write_quotes_strings_and_separates_with_commas() -> None:
    assert output('10 WRITE 1,-2.5,"A,B":WRITE') == '1,-2.5,"A,B"\n\n'


def test_a_false_if_on_the_last_line_ends_the_program() -> None:
    # the jump past an IF without ELSE on the last line went beyond the compiled code
    assert output('10 PRINT "HI";A\n20 A=A+1:IF A<3 THEN GOTO 10') == "HI 0 \nHI 1 \nHI 2 \n"
    assert output("10 IF 0 THEN PRINT 1") == ""
