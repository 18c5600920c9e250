"""The Ready prompt, driven key by key as a machine-room screen would drive it."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings, strategies as st

from machines.cpc import CPC, RunState
from machines.cpc.ready import (
    KEY_CLR,
    KEY_COPY,
    KEY_COPY_LEFT,
    KEY_COPY_UP,
    KEY_DEL,
    KEY_ESC,
    KEY_LEFT,
    KEY_RIGHT,
    Mode,
    ReadyPrompt,
    list_form,
    renumber,
)

SLICE = 5_000


def prompt(disc: Path | None = None) -> ReadyPrompt:
    return ReadyPrompt(CPC(clock=lambda: 0.0), disc)


def enter(p: ReadyPrompt, keys: str, slices: int = 200) -> ReadyPrompt:
    """Type keys, then let a program started by them run (in slices) until it stops."""
    p.type(keys)
    for _ in range(slices):
        if p.mode is not Mode.RUNNING:
            break
        p.run(SLICE)
    return p


def since(p: ReadyPrompt, mark: int) -> str:
    return p.cpc.transcript[mark:]


def mark(p: ReadyPrompt) -> int:
    return len(p.cpc.transcript)


def test_typed_lines_are_stored_and_a_number_alone_deletes() -> None:
    p = enter(prompt(), '20 print "b"\r10 PRINT "a"\r30 x=1\r30\r')
    assert p.cpc.lines == {10: 'PRINT "a"', 20: 'print "b"'}
    assert p.mode is Mode.READY


def test_list_with_ranges_shows_keywords_in_capitals() -> None:
    p = enter(prompt(), '10 print "hi";a$:rem keep this\r20 goto 10\r30 data abc,def\r40 end\r')
    m = mark(p)
    enter(p, "list\r")
    assert since(p, m) == (
        'list\n10 PRINT "hi";a$:REM keep this\n20 GOTO 10\n30 DATA abc,def\n40 END\nReady\n'
    )
    for command, shown in (("LIST 20", [20]), ("LIST 20-30", [20, 30]), ("LIST -20", [10, 20]),
                           ("LIST 30-", [30, 40])):
        m = mark(p)
        enter(p, command + "\r")
        listed = [int(line.split()[0]) for line in since(p, m).splitlines()[1:-1]]
        assert listed == shown, command


def test_run_runs_the_program_and_comes_back_to_ready() -> None:
    p = enter(prompt(), '10 FOR I=1 TO 3:PRINT I;:NEXT\r20 PRINT "done"\r')
    m = mark(p)
    enter(p, "RUN\r")
    assert since(p, m) == "RUN\n 1  2  3 done\nReady\n"
    assert p.mode is Mode.READY
    m = mark(p)
    enter(p, "RUN 20\r")
    assert since(p, m) == "RUN 20\ndone\nReady\n"


def test_new_forgets_the_program() -> None:
    p = enter(prompt(), "10 PRINT 1\rNEW\rLIST\r")
    assert p.cpc.lines == {}
    assert p.cpc.transcript.endswith("NEW\nReady\nLIST\nReady\n")


def test_direct_mode_statements_run_at_once() -> None:
    p = prompt()
    m = mark(p)
    enter(p, "PRINT 2+2\rA=5:B$=\"X\"\rPRINT A*2;B$\r")
    assert since(p, m) == "PRINT 2+2\n 4 \nReady\nA=5:B$=\"X\"\nReady\nPRINT A*2;B$\n 10 X\nReady\n"


def test_direct_mode_sees_the_programs_variables_after_it_ran() -> None:
    p = enter(prompt(), "10 A=6:DIM T(3):T(2)=7\rRUN\r")
    m = mark(p)
    enter(p, "PRINT A*T(2)\r")
    assert since(p, m) == "PRINT A*T(2)\n 42 \nReady\n"


def test_direct_mode_errors_have_no_line_number() -> None:
    p = prompt()
    m = mark(p)
    enter(p, "PRINT 2+)\rX=5+\rPRINT 1/0\r")
    assert since(p, m) == (
        "PRINT 2+)\nSyntax error\nReady\nX=5+\nOperand missing\nReady\nPRINT 1/0\nDivision by zero\n"
        " 1.70141E+38 \nReady\n"
    )


def test_esc_esc_breaks_then_direct_assignments_and_cont_go_on() -> None:
    # the workshop's way to set a position: break, assign, CONT
    p = enter(prompt(), '10 WHILE A<1000:A=A+1:WEND\r20 PRINT "A=";A\r')
    p.type("RUN\r")
    assert p.run(50) is RunState.BUDGET
    enter(p, KEY_ESC + KEY_ESC)
    assert p.mode is Mode.READY and p.cpc.state is RunState.STOPPED
    assert "Break in 10\nReady\n" in p.cpc.transcript
    m = mark(p)
    enter(p, "A=999\rCONT\r")
    assert since(p, m) == "A=999\nReady\nCONT\nA= 1000 \nReady\n"


def test_cont_after_an_edit_cannot_continue() -> None:
    p = enter(prompt(), "10 GOTO 10\r")
    p.type("RUN\r")
    p.run(100)
    enter(p, KEY_ESC + KEY_ESC + "20 END\rCONT\r")
    assert p.cpc.transcript.endswith("CONT\nCannot CONTinue\nReady\n")


def test_keys_typed_while_running_reach_the_prompt_after_a_break() -> None:
    p = enter(prompt(), "10 GOTO 10\r")
    p.type("RUN\r")
    p.run(100)
    p.type(KEY_ESC + KEY_ESC + "PRINT 7\r")
    enter(p, "")
    assert p.cpc.transcript.endswith("Break in 10\nReady\nPRINT 7\n 7 \nReady\n")


def test_edit_puts_the_line_in_the_editor_with_the_cpc_keys() -> None:
    p = enter(prompt(), "10 PRINT 12345\r")
    enter(p, "EDIT 10\r")
    assert p.mode is Mode.EDIT and p.line == "10 PRINT 12345" and p.cursor == 0
    # to the 3, rub out the 2 (DEL), delete the 3 (CLR), type 9; then the end, add 6
    p.type(KEY_RIGHT * 11 + KEY_DEL + KEY_CLR + "9")
    assert p.line == "10 PRINT 1945" and p.cursor == 11
    p.type(KEY_RIGHT * 10 + "6" + KEY_LEFT * 100 + KEY_LEFT)
    assert p.cursor == 0
    enter(p, "\r")
    assert p.cpc.lines == {10: "PRINT 19456"} and p.mode is Mode.READY


def test_edit_with_a_new_number_copies_the_line() -> None:
    p = enter(prompt(), "10 PRINT 1\rEDIT 10\r")
    enter(p, KEY_CLR + "2\r")
    assert p.cpc.lines == {10: "PRINT 1", 20: "PRINT 1"}


def test_edit_of_a_missing_line_is_an_error() -> None:
    p = enter(prompt(), "EDIT 99\r")
    assert p.cpc.transcript.endswith("EDIT 99\nLine does not exist\nReady\n")


def test_escape_abandons_the_line_being_edited() -> None:
    p = enter(prompt(), "10 PRINT 1\rEDIT 10\r")
    enter(p, "XYZ" + KEY_ESC)
    assert p.cpc.lines == {10: "PRINT 1"} and p.mode is Mode.READY and p.line == ""


def test_a_syntax_error_while_running_opens_the_line_in_the_editor() -> None:
    p = enter(prompt(), "10 PRINT 1\r20 PRINT 2+)\r")
    enter(p, "RUN\r")
    assert p.mode is Mode.EDIT and p.line == "20 PRINT 2+)" and p.cursor == 0
    enter(p, KEY_RIGHT * 11 + KEY_CLR + "2\r")
    assert p.cpc.lines[20] == "PRINT 2+2"
    m = mark(p)
    enter(p, "RUN\r")
    assert since(p, m) == "RUN\n 1 \n 4 \nReady\n"
    # the edited line is on the screen where the faulty one was printed
    rows = [r.rstrip() for r in p.cpc.screen_text()]
    assert rows[rows.index("Syntax error in 20") + 1] == "20 PRINT 2+2"


def test_auto_numbers_lines_until_escape() -> None:
    p = enter(prompt(), "AUTO\r")
    assert p.mode is Mode.AUTO and p.line == "10 "
    enter(p, "PRINT 1\rPRINT 2\r")
    assert p.line == "30 "
    enter(p, KEY_ESC)
    assert p.mode is Mode.READY and p.cpc.lines == {10: "PRINT 1", 20: "PRINT 2"}


def test_auto_with_start_and_step_offers_existing_lines_for_editing() -> None:
    p = enter(prompt(), "105 PRINT 5\rAUTO 100,5\r")
    enter(p, "PRINT 0\r")
    assert p.line == "105 PRINT 5" and p.cursor == 4
    enter(p, "\r\r" + KEY_ESC)  # keep 105; an empty 110 is not stored
    assert p.cpc.lines == {100: "PRINT 0", 105: "PRINT 5"}


def test_delete_ranges() -> None:
    program = "".join(f"{n} PRINT {n}\r" for n in (10, 20, 30, 40, 50))
    for command, left in (("DELETE 20", [10, 30, 40, 50]), ("DELETE 20-40", [10, 50]),
                          ("DELETE -30", [40, 50]), ("DELETE 30-", [10, 20])):
        p = enter(prompt(), program + command + "\r")
        assert sorted(p.cpc.lines) == left, command
        assert p.cpc.transcript.endswith(command + "\nReady\n")


def test_renum_moves_the_references_with_the_lines() -> None:
    lines = {
        5: 'ON X GOSUB 5,7:IF X THEN 7 ELSE 9',
        7: 'PRINT "GOTO 5":REM GOTO 7',
        9: 'RESTORE 11:GOTO 5',
        11: 'DATA 5,7',
    }
    assert renumber(lines) == {
        10: 'ON X GOSUB 10,20:IF X THEN 20 ELSE 30',
        20: 'PRINT "GOTO 5":REM GOTO 7',
        30: 'RESTORE 40:GOTO 10',
        40: 'DATA 5,7',
    }
    assert renumber(lines, 100, 9, 5) == {5: lines[5].replace("ELSE 9", "ELSE 100"), 7: lines[7],
                                           100: 'RESTORE 105:GOTO 5', 105: 'DATA 5,7'}


def test_renum_keeps_what_it_cannot_resolve_and_refuses_a_clash() -> None:
    assert renumber({10: "GOTO 99:GOTO 0", 20: "ON ERROR GOTO 0"}, 100) == {
        100: "GOTO 99:GOTO 0", 110: "ON ERROR GOTO 0"}
    p = enter(prompt(), "10 PRINT 1\r20 PRINT 2\rRENUM 5,20\r")
    assert p.cpc.transcript.endswith("RENUM 5,20\nImproper argument\nReady\n")
    assert p.cpc.lines == {10: "PRINT 1", 20: "PRINT 2"}
    enter(p, "RENUM 100,,50\rLIST\r")
    assert p.cpc.lines == {100: "PRINT 1", 150: "PRINT 2"}


def test_the_renumbered_program_runs_as_before() -> None:
    source = '10 GOSUB 40\r20 IF A<3 THEN 10\r30 END\r40 A=A+1:PRINT A;:RETURN\r'
    p = enter(prompt(), source + "RUN\r")
    before = p.cpc.transcript.split("RUN\n")[-1]
    enter(p, "RENUM 1000,10,7\rRUN\r")
    assert p.cpc.transcript.split("RUN\n")[-1] == before == " 1  2  3 \nReady\n"
    assert sorted(p.cpc.lines) == [1000, 1007, 1014, 1021]


def test_save_load_and_cat_on_a_folder_disc(tmp_path: Path) -> None:
    p = enter(prompt(tmp_path), '10 PRINT "saved"\r20 END\rSAVE "hello"\r')
    assert (tmp_path / "HELLO.BAS").read_bytes() == b'10 PRINT "saved"\r\n20 END\r\n'
    enter(p, "NEW\rLOAD \"hello\"\r")
    assert p.cpc.lines == {10: 'PRINT "saved"', 20: "END"}
    m = mark(p)
    enter(p, "CAT\r")
    assert since(p, m) == "CAT\nDrive A: user  0\n\nHELLO   .BAS  1K\n\n177K free\nReady\n"
    m = mark(p)
    enter(p, 'NEW\rRUN "HELLO.BAS"\r')
    assert since(p, m) == 'NEW\nReady\nRUN "HELLO.BAS"\nsaved\nReady\n'


def test_load_reads_listings_written_elsewhere_and_reports_a_missing_file(tmp_path: Path) -> None:
    (tmp_path / "OTHER.BAS").write_text("20 print 2\n10 print 1\n\nnot a line\n")
    p = enter(prompt(tmp_path), 'LOAD "other"\rLOAD "nothere"\r')
    assert p.cpc.lines == {10: "print 1", 20: "print 2"}
    assert p.cpc.transcript.endswith('LOAD "nothere"\nNOTHERE.BAS not found\nReady\n')


def test_disc_commands_without_a_disc_or_name_are_errors(tmp_path: Path) -> None:
    p = enter(prompt(), 'SAVE "X"\r')
    assert p.cpc.transcript.endswith("File not open\nReady\n")
    p = enter(prompt(tmp_path), 'SAVE ""\rSAVE "A/B"\r')
    assert p.cpc.transcript.endswith('SAVE ""\nSyntax error\nReady\nSAVE "A/B"\nImproper argument\nReady\n')
    assert list(tmp_path.iterdir()) == []


def test_copy_cursor_copies_from_the_screen() -> None:
    p = enter(prompt(), "10 PRINT 42\rLIST\r")
    # the copy cursor starts at the edit cursor; up 2 rows ("Ready", then the listed
    # line) reaches "10 PRINT 42"
    p.type(KEY_COPY_UP * 2 + KEY_COPY * 11)
    assert p.line == "10 PRINT 42"
    p.type(KEY_DEL + KEY_DEL + "7")
    enter(p, "\r")
    assert p.cpc.lines == {10: "PRINT 7"}
    assert p.copy_cursor is None


def test_copy_cursor_moves_left_and_stops_at_the_edges() -> None:
    p = enter(prompt(), "LIST\r")
    p.type(KEY_COPY_LEFT * 5 + KEY_COPY_UP * 99)
    assert p.copy_cursor == (0, 0)


def test_a_long_line_wraps_and_scrolls_while_typed() -> None:
    p = enter(prompt(), "".join(f"{n} REM {n}\r" for n in range(1, 30)))
    text = "100 PRINT " + '"' + "X" * 120 + '"'
    enter(p, text + "\r")
    assert p.cpc.lines[100] == 'PRINT "' + "X" * 120 + '"'
    rows = [r.rstrip() for r in p.cpc.screen_text()]
    assert "".join(rows[-5:-1]).startswith(text)
    enter(p, "Y" * 300)
    assert len(p.line) == 255


def test_list_form_capitalises_keywords_only() -> None:
    assert list_form('for i=1 to 9:print chr$(65);"for":next') == 'FOR i=1 TO 9:PRINT CHR$(65);"for":NEXT'
    assert list_form("a=fnsq(2)' rem as typed") == "a=FNsq(2)' rem as typed"


def test_list_form_shows_number_constants_by_their_values() -> None:
    # LIST on the CPC 6128's ROMs (tools/cpc_rom_check.py): a line holds numbers as
    # values, and they are listed as PRINT shows them, but with all 9 digits
    assert list_form("PRINT 1.50;007;.5;1E3;1.5E10;1E20;40000;943820910E-2;&ff;&h1f;&X0101;&x1;0.0001;"
                     "123456789012;1.23456789E-5:GOTO 020") == (
        "PRINT 1.5;7;0.5;1000;1.5E+10;1E+20;40000;9438209.1;&FF;&1F;&X101;&X1;0.0001;"
        "1.23456789E+11;1.23456789E-05:GOTO 20")
    assert list_form("A=2.:B=.0:PRINT A1.5;0;10;32767;32768;&0;&X0;1e-40") == (
        "A=2:B=0:PRINT A1.5;0;10;32767;32768;&0;&X0;0")
    assert list_form('PRINT "1.50":DATA 1.50') == 'PRINT "1.50":DATA 1.50'


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["10 PRINT 1\r", "20 GOTO 10\r", "LIST\r", "RUN\r", "NEW\r", "CONT\r",
                                 "EDIT 10\r", "AUTO\r", "DELETE 10\r", "RENUM\r", "PRINT A\r", "A=1\r",
                                 KEY_ESC, KEY_LEFT, KEY_RIGHT, KEY_DEL, KEY_CLR, KEY_COPY, KEY_COPY_UP,
                                 "X", "\r", "GOTO 20\r", "LIST -\r", "PRINT 2+\r"]), max_size=25))
def test_any_keys_leave_a_working_prompt(keys: list[str]) -> None:
    p = prompt()
    for k in keys:
        enter(p, k, slices=3)
    assert p.internal_error is None and p.cpc.internal_error is None
    if p.mode is Mode.RUNNING:
        enter(p, KEY_ESC + KEY_ESC)
    enter(p, KEY_ESC + "PRINT 6*7\r")
    assert p.cpc.transcript.endswith("PRINT 6*7\n 42 \nReady\n")


def test_snapshot_and_restore_keep_the_prompt_and_a_running_direct_statement() -> None:
    import json

    p = enter(prompt(), "10 A=1\r20 GOTO 20\rRUN\r", slices=1)
    enter(p, KEY_ESC + KEY_ESC + "AUTO 100\rPRINT A\r")
    p.type("PRI")
    snap = json.loads(json.dumps(p.snapshot()))
    q = prompt()
    q.restore(snap)
    assert (q.mode, q.line, q.cursor) == (Mode.AUTO, "110 PRI", 7)
    assert q.cpc.screen_text() == p.cpc.screen_text()
    enter(q, "NT A\r")
    assert q.cpc.lines[110] == "PRINT A" and (q.mode, q.line) == (Mode.AUTO, "120 ")
    # a direct loop interrupted mid-way goes on from the same place after restore
    r = enter(prompt(), "10 DATA 5\r")
    r.type("FOR I=1 TO 3000:S=S+I:NEXT:READ D:PRINT S;D\r")
    r.run(100)
    snap = json.loads(json.dumps(r.snapshot()))
    s = prompt()
    s.restore(snap)
    m = mark(s)
    enter(s, "")
    assert since(s, m) == " 4501500  5 \nReady\n"
