"""INPUT, LINE INPUT, ?Redo from start, type-ahead, DEL, INKEY$."""

from __future__ import annotations

from machines.cpc import CPC, RunState
from tests.machines.cpc.helpers import output, run_program


def test_prompt_forms() -> None:
    src = '10 INPUT A\n20 INPUT "AGE";B\n30 INPUT "NAME: ",N$\n40 PRINT A;B;N$'
    assert output(src, ["1", "2", "ZOE"]) == "? 1\nAGE? 2\nNAME: ZOE\n 1  2 ZOE\n"


def test_bad_number_and_wrong_count_redo_from_start() -> None:
    src = '10 INPUT "X,Y";X,Y:PRINT X*Y'
    assert output(src, ["3", "3,4,5", "a,4", "3,4"]) == (
        "X,Y? 3\n?Redo from start\nX,Y? 3,4,5\n?Redo from start\nX,Y? a,4\n?Redo from start\nX,Y? 3,4\n 12 \n"
    )


def test_integer_input_past_16_bits_is_overflow_not_redo() -> None:
    # seen on the ROMs: the number is read, then storing it in the integer fails
    assert output("10 INPUT A%:PRINT A%", ["40000"]) == "? 40000\nOverflow in 10\n"
    assert output("10 INPUT A%:PRINT A%", ["-32768.4"]) == "? -32768.4\n-32768 \n"
    src = '10 ON ERROR GOTO 900\n20 INPUT A,B%:PRINT A;B%\n890 END\n900 PRINT "E";ERR;ERL;A;B%:RESUME NEXT'
    assert output(src, ["5,40000"]) == "? 5,40000\nE 6  20  5  0 \n 5  0 \n"


_TRAPPED_INPUT = '10 ON ERROR GOTO 100\n20 {}:PRINT X\n30 END\n100 PRINT "E";ERR;ERL:RESUME NEXT'


def test_items_are_read_in_order_before_their_count_is_checked() -> None:
    # seen on the ROMs (tools/cpc_rom_check.py, seed 42): a number too large is Overflow
    # even in a line with too many or too few items, unless an item before it is wrong
    # or it has no variable
    assert output(_TRAPPED_INPUT.format("INPUT X"), ["&10000,5"]) == "? &10000,5\nE 6  20 \n 0 \n"
    assert output(_TRAPPED_INPUT.format("INPUT X"), ["3E100,5"]) == "? 3E100,5\nE 6  20 \n 0 \n"
    assert output(_TRAPPED_INPUT.format("INPUT X,Y"), ["5,3E100,7"]) == "? 5,3E100,7\nE 6  20 \n 0 \n"
    assert output(_TRAPPED_INPUT.format("INPUT X,Y"), ["3E100"]) == "? 3E100\nE 6  20 \n 0 \n"
    assert output("10 INPUT X:PRINT X", ["&10000,5", "3"]) == (
        "? &10000,5\nOverflow\n?Redo from start\n? 3\n 3 \n")
    assert output("10 INPUT X,Y:PRINT X", ["abc,3E100", "3,4"]) == "? abc,3E100\n?Redo from start\n? 3,4\n 3 \n"
    assert output("10 INPUT X:PRINT X", ["5,3E100", "3"]) == "? 5,3E100\n?Redo from start\n? 3\n 3 \n"
    assert output("10 INPUT X$,Y:PRINT X$", ['"A"B,3E100', "3,4"]) == (
        '? "A"B,3E100\n?Redo from start\n? 3,4\n3\n')
    assert output("10 INPUT X,Y:PRINT X", ["1,2,3E100", "3,4"]) == "? 1,2,3E100\n?Redo from start\n? 3,4\n 3 \n"


def test_strings_can_be_quoted_to_hold_commas_and_unquoted_keep_inner_spaces() -> None:
    src = '10 INPUT A$,B$,C:PRINT "[";A$;"][";B$;"]";C'
    assert output(src, ['"HELLO, WORLD",  two  words ,7']) == (
        '? "HELLO, WORLD",  two  words ,7\n[HELLO, WORLD][two  words ] 7 \n'
    )


def test_line_input_takes_the_whole_line() -> None:
    assert output('10 LINE INPUT "TEXT:",L$:PRINT L$', ['a, "b", c']) == 'TEXT:a, "b", c\na, "b", c\n'


def test_keys_typed_ahead_feed_the_next_input_and_del_edits() -> None:
    cpc = CPC()
    cpc.load_basic('10 INPUT A$:INPUT B$:PRINT A$+B$')
    cpc.type("AX\x7fB\rC\r")
    assert cpc.run() == RunState.ENDED
    assert cpc.transcript == "? AB\n? C\nABC\nReady\n"


def test_run_returns_while_waiting_and_echoes_typed_keys_on_screen() -> None:
    cpc, state = run_program('10 INPUT "GUESS";G')
    assert state == RunState.WAITING_INPUT
    cpc.type("4")
    assert cpc.run() == RunState.WAITING_INPUT
    assert "GUESS? 4" in cpc.screen_text()[cpc.screen.row]
    cpc.type("2\r")
    assert cpc.run() == RunState.ENDED and cpc.variable("G") == 42


def test_inkey_polling_reports_waiting_for_a_key() -> None:
    cpc, state = run_program('10 K$=INKEY$:IF K$="" THEN 10\n20 PRINT "GOT ";K$')
    assert state == RunState.WAITING_KEY
    assert cpc.run() == RunState.WAITING_KEY
    cpc.type("Z")
    assert cpc.run() == RunState.ENDED
    assert cpc.transcript == "GOT Z\nReady\n"


def test_call_bb18_waits_for_a_key_as_the_firmware_does() -> None:
    cpc, state = run_program('10 PRINT "PRESS A KEY":CALL &BB18:PRINT "THANKS"')
    assert state == RunState.WAITING_KEY and cpc.run() == RunState.WAITING_KEY
    cpc.type(" ")
    assert cpc.run() == RunState.ENDED
    assert cpc.transcript == "PRESS A KEY\nTHANKS\nReady\n"


def test_inkey_n_tests_the_next_typed_key_by_its_key_number() -> None:
    src = "\n".join([
        "10 IF INKEY(69)=0 THEN PRINT \"A\";:GOTO 10",
        "20 IF INKEY(47)=0 THEN PRINT \"SPACE\";:GOTO 10",
        "30 IF INKEY(8)=0 THEN PRINT \"LEFT\":END",
        "40 GOTO 10",
    ])
    cpc = CPC()
    cpc.load_basic(src)
    cpc.type("a \xf2")
    assert cpc.run(10_000) == RunState.ENDED
    assert cpc.transcript == "ASPACELEFT\nReady\n"


def test_input_with_a_leading_semicolon_keeps_the_cursor_on_the_line() -> None:
    assert output('10 INPUT;"A";A:PRINT " GOT";A', ["7"]) == "A? 7 GOT 7 \n"


def test_del_after_reading_the_transcript_still_rubs_out_the_echo() -> None:
    cpc, _ = run_program("10 INPUT A$:PRINT A$")
    cpc.type("XY")
    assert cpc.transcript == "? XY"
    cpc.type("\x7fZ\r")
    cpc.run()
    assert cpc.transcript == "? XZ\nXZ\nReady\n"
