"""Error messages with line numbers, and trapping them."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from machines.cpc import CPC, RunState
from tests.machines.cpc.helpers import output, run_program
from tests.sizes import sizes


@pytest.mark.parametrize(
    "source, message",
    [
        ("10 PRINT 1\n20 PRINT 2+)\n", "Syntax error in 20"),
        ("10 PRINT 1\n20 PRINT 2+\n", "Operand missing in 20"),
        ('10 A$=5', "Type mismatch in 10"),
        ('10 A=1+"X"', "Type mismatch in 10"),
        ("10 DIM A(5)\n20 A(6)=1", "Subscript out of range in 20"),
        ("10 A(11)=1", "Subscript out of range in 10"),
        ("10 NEXT", "Unexpected NEXT in 10"),
        ("10 RETURN", "Unexpected RETURN in 10"),
        ("10 WEND", "Unexpected WEND in 10"),
        ("10 GOTO 99", "Line does not exist in 10"),
        ("10 READ A:READ B\n20 DATA 1", "DATA exhausted in 10"),
        ("10 DIM A(2)\n20 DIM A(3)", "Array already dimensioned in 20"),
        ("10 A=SQR(-1)", "Improper argument in 10"),
        ('10 A$=MID$("X",0)', "Improper argument in 10"),
        ("10 A=FNX(1)", "Unknown user function in 10"),
        ("10 RESUME", "Unexpected RESUME in 10"),
        ("10 FOR I=1 TO 2", "NEXT missing in 10"),
        ("10 WHILE 1", "WEND missing in 10"),
        ("10 ERROR 17", "Cannot CONTinue in 10"),
        ("10 ERROR 99", "Unknown error in 10"),
        ("10 A%=1E6", "Overflow in 10"),
        ("10 PRINT 1\\0", "Division by zero in 10"),
        ('10 A$=STRING$(200,"X")+STRING$(100,"Y")', "String too long in 10"),
    ],
)
def test_error_message_names_the_line_and_stops(source: str, message: str) -> None:
    cpc, state = run_program(source)
    assert state == RunState.ERROR
    if message.startswith("Syntax error"):  # the CPC then shows the line for editing
        assert cpc.transcript.endswith(message + "\n20 PRINT 2+)\n")
    else:
        assert cpc.transcript.endswith(message + "\nReady\n")


def test_read_errors_follow_the_rom_item_parser() -> None:
    # a word, or a number with junk after it: Syntax error reported in the DATA line
    assert output("10 READ A\n100 DATA ABC") == "Syntax error in 100\n100 DATA ABC\n"
    assert output("10 READ A\n100 DATA 12ABC") == "Syntax error in 100\n100 DATA 12ABC\n"
    assert output('10 READ A$\n100 DATA "AB"C') == 'Syntax error in 100\n100 DATA "AB"C\n'


def test_read_strings_skip_leading_spaces_and_keep_trailing_ones() -> None:
    src = '10 READ A$,B$,C$:PRINT "[";A$;"][";B$;"][";C$;"]"\n20 DATA  hello , "a, b" ,x'
    assert output(src) == "[hello ][a, b][x]\n"


def test_statements_before_a_bad_one_on_the_line_run() -> None:
    assert output('10 PRINT "A":B$=1:PRINT "C"') == "A\nType mismatch in 10\n"


def test_load_reports_malformed_lines_and_never_raises() -> None:
    cpc = CPC()
    problems = cpc.load_basic('10 PRINT "OK"\n20 PRINT (1\n30 X=\nhello\n40 FOR\n50 PRINT 1 @ 2\n')
    lines = sorted(p.line for p in problems)
    assert lines == [0, 20, 30, 40, 50]
    assert all(p.message for p in problems)
    assert cpc.run() == RunState.ERROR and cpc.error == (2, 20)
    assert cpc.transcript == "OK\nSyntax error in 20\n20 PRINT (1\n"


def test_an_error_handler_that_runs_off_the_end_is_resume_missing() -> None:
    assert output("10 ON ERROR GOTO 30\n20 ERROR 5\n30 PRINT \"H\"") == "H\nRESUME missing in 30\n"


def test_maths_errors_are_trapped_when_on_error_is_set() -> None:
    assert output("10 ON ERROR GOTO 100\n20 A=EXP(1000)\n30 END\n100 PRINT ERR:RESUME NEXT") == " 6 \n"


def test_on_error_goto_with_err_erl_and_resume_next() -> None:
    src = "\n".join([
        "10 ON ERROR GOTO 100",
        "20 A=LOG(0)",
        '30 PRINT "AFTER";ERR;ERL',
        "40 B(20)=1",
        '50 PRINT "DONE"',
        "60 END",
        '100 PRINT "TRAPPED";ERR;ERL:RESUME NEXT',
    ])
    # LOG(0) is Overflow (firmware REAL_log); RESUME clears ERR (ROM
    # restore_RESUME_data_or_error); ERL keeps the line
    assert output(src) == "TRAPPED 6  20 \nAFTER 0  20 \nTRAPPED 9  40 \nDONE\n"


def test_on_error_goto_0_inside_a_handler_reports_the_error() -> None:
    assert output("10 ON ERROR GOTO 100\n20 A=SQR(-1)\n100 ON ERROR GOTO 0") == "Improper argument in 20\n"


def test_resume_retries_and_resume_line_jumps() -> None:
    src = "\n".join([
        "10 ON ERROR GOTO 100",
        "20 A=10/D",
        '30 PRINT "A=";A',
        "40 ERROR 5",
        '50 PRINT "NOT HERE"',
        '60 PRINT "LINE 60":END',
        "100 IF ERL=40 THEN RESUME 60",
        "110 D=2:RESUME",
    ])
    assert output(src) == "A= 5 \nLINE 60\n"


def test_an_error_inside_the_handler_stops_the_program() -> None:
    assert output("10 ON ERROR GOTO 100\n20 ERROR 5\n100 NEXT") == "Unexpected NEXT in 100\n"


def test_stop_prints_break_and_run_continues() -> None:
    cpc, state = run_program('10 PRINT "A"\n20 STOP\n30 PRINT "B"')
    assert state == RunState.STOPPED
    assert cpc.transcript == "A\nBreak in 20\nReady\n"
    assert cpc.run() == RunState.ENDED
    assert cpc.transcript.endswith("Ready\nB\nReady\n")


def test_deeply_nested_expressions_fail_as_basic_errors_not_python_ones() -> None:
    cpc = CPC()
    problems = cpc.load_basic("10 PRINT " + "(" * 120 + "1" + ")" * 120)
    assert [p.line for p in problems] == [10]
    assert cpc.run() == RunState.ERROR and cpc.error == (16, 10)


def test_runaway_recursion_is_memory_full() -> None:
    assert output("10 GOSUB 10") == "Memory full in 10\n"
    assert output("10 DEF FNA(X)=FNA(X)+1\n20 PRINT FNA(1)") == "Memory full in 20\n"


_WORDS = (
    'PRINT INPUT FOR TO STEP NEXT IF THEN ELSE GOTO GOSUB RETURN DIM A B$ C% ( ) , ; : = + - * / ^ < > '
    '1 0 -1 10 3.5 "X" AND OR NOT MOD LEFT$ MID$ CHR$ VAL DATA READ WHILE WEND DEF FN FNA ON ERROR '
    'RESUME END STOP LOCATE MODE TAB USING "##" INKEY$ 1E40 &FF # REM ERASE EVERY AFTER DI EI WINDOW'
).split()


@sizes(everyday=50, soak=150)
def test_random_listings_never_raise_python_exceptions(examples: int) -> None:
    @settings(max_examples=examples, deadline=None)
    @given(st.lists(st.lists(st.sampled_from(_WORDS), min_size=1, max_size=8), min_size=1, max_size=6),
           st.sampled_from(["1\r", "A\r", "\r", "\x1b\x1b"]))
    def check(lines: list[list[str]], key: str) -> None:
        cpc = CPC(clock=lambda: 0.0)
        cpc.load_basic("\n".join(f"{10 * (n + 1)} {' '.join(words)}" for n, words in enumerate(lines)))
        cpc.run(500)
        cpc.type(key)
        cpc.run(500)
        assert cpc.internal_error is None, cpc.internal_error
        again = CPC()
        again.restore(cpc.snapshot())
        again.run(100)

    check()


@sizes(everyday=50, soak=150)
def test_any_text_as_a_listing_and_any_keys_never_raise(examples: int) -> None:
    @settings(max_examples=examples, deadline=None)
    @given(st.lists(st.text(max_size=40), min_size=1, max_size=5), st.text(max_size=6))
    def check(lines: list[str], keys: str) -> None:
        cpc = CPC(clock=lambda: 0.0)
        cpc.load_basic("\n".join(f"{10 * (n + 1)} {text}" for n, text in enumerate(lines)) + "\nrubbish")
        cpc.run(300)
        cpc.type(keys + "\r")
        cpc.run(300)
        assert cpc.internal_error is None, cpc.internal_error

    check()
