"""The text screen model: modes, cursor, wrapping, scrolling, colours, control codes."""

from __future__ import annotations

from machines.cpc import CPC, PALETTE_RGB
from tests.machines.cpc.helpers import run_program


def test_power_on_is_mode_1_with_the_banner_and_ready() -> None:
    cpc = CPC()
    rows = cpc.screen_text()
    assert len(rows) == 25 and all(len(r) == 40 for r in rows)
    assert rows[0].startswith(" Amstrad 128K Microcomputer") and rows[5].startswith(" BASIC 1.1")
    assert rows[7].rstrip() == "Ready" and cpc.transcript == ""
    assert cpc.pen[0][1] == 24 and cpc.paper[0][1] == 1 and cpc.border == 1


def test_modes_give_20_40_80_columns_and_clear() -> None:
    for mode, width in ((0, 20), (1, 40), (2, 80)):
        cpc, _ = run_program(f'10 MODE {mode}:PRINT "X"')
        rows = cpc.screen_text()
        assert len(rows) == 25 and len(rows[0]) == width and rows[0].rstrip() == "X"


def test_locate_column_then_row_and_pos_vpos() -> None:
    cpc, _ = run_program('10 CLS:LOCATE 5,3:PRINT "HI";:P=POS(#0):V=VPOS(#0)')
    assert cpc.screen_text()[2] == "    HI" + " " * 34
    assert (cpc.variable("P"), cpc.variable("V")) == (7, 3)


def test_long_text_wraps_and_the_bottom_line_scrolls() -> None:
    src = '10 MODE 1:FOR I=1 TO 30:PRINT "LINE";I:NEXT:PRINT STRING$(45,"*")'
    cpc, _ = run_program(src)
    rows = cpc.screen_text()
    # 30 lines, 2 of stars, Ready and the cursor's empty line: 9 scrolled away
    assert rows[0].rstrip() == "LINE 10" and rows[20].rstrip() == "LINE 30"
    assert rows[21] == "*" * 40 and rows[22].rstrip() == "*****"
    assert rows[23].rstrip() == "Ready" and rows[24].strip() == ""


def test_an_item_that_does_not_fit_starts_a_new_line() -> None:
    cpc, _ = run_program('10 MODE 1:PRINT STRING$(35,"-");12345678')
    assert cpc.screen_text()[0] == "-" * 35 + " " * 5
    assert cpc.screen_text()[1].startswith(" 12345678 ")


def test_comma_zones_and_tab() -> None:
    cpc, _ = run_program('10 MODE 1:PRINT 1,2,3,4:ZONE 5:PRINT "A","B":PRINT TAB(10);"T"')
    rows = cpc.screen_text()
    assert rows[0].rstrip() == " 1" + " " * 11 + " 2" + " " * 11 + " 3"
    assert rows[1].rstrip() == " 4"
    assert rows[2].rstrip() == "A    B"
    assert rows[3].rstrip() == "         T"


def test_pen_paper_ink_border_per_cell() -> None:
    cpc, _ = run_program('10 MODE 1:PEN 2:PAPER 3:PRINT "A";:PEN 1:PAPER 0:PRINT "B":INK 2,0:BORDER 5')
    assert cpc.screen_text()[0].startswith("AB")
    assert cpc.pen[0][0] == 0 and cpc.paper[0][0] == 6  # pen 2 re-inked to black; pen 3 bright red
    assert cpc.pen[0][1] == 24 and cpc.paper[0][1] == 1
    assert cpc.border == 5
    assert PALETTE_RGB[6] == "#FF0000" and PALETTE_RGB[24] == "#FFFF00" and len(PALETTE_RGB) == 27


def test_pen_numbers_wrap_to_the_mode() -> None:
    cpc, _ = run_program("10 MODE 1:PEN 6:PRINT \"X\"")
    assert cpc.screen.pens[0][0] == 2


def test_control_codes_in_strings() -> None:
    src = '10 MODE 1:PRINT CHR$(31);CHR$(3);CHR$(2);"AT";CHR$(15);CHR$(3);"R";CHR$(12);"CLEARED"'
    cpc, _ = run_program(src)
    rows = cpc.screen_text()
    assert rows[0].rstrip() == "CLEARED" and rows[1].strip() == "Ready"
    cpc2, _ = run_program('10 MODE 1:PRINT CHR$(31);CHR$(3);CHR$(2);"AT";CHR$(15);CHR$(3);"R"')
    assert cpc2.screen_text()[1].startswith("  ATR")
    assert cpc2.screen.pens[1][4] == 3


def test_cls_clears_and_homes() -> None:
    cpc, _ = run_program('10 PRINT "OLD":CLS:PRINT "NEW"')
    assert cpc.screen_text()[0].rstrip() == "NEW" and "OLD" not in "".join(cpc.screen_text())


def test_windows_have_their_own_cursor_paper_and_scrolling() -> None:
    src = "\n".join([
        "10 MODE 1:WINDOW #1,21,30,2,4:PAPER #1,2:CLS #1",
        '20 FOR I=1 TO 5:PRINT #1,"W";I:NEXT',
        '30 PRINT "MAIN";POS(#1);VPOS(#1)',
        '40 LOCATE #1,3,1:PRINT #1,"AT";',
    ])
    cpc, _ = run_program(src)
    rows = cpc.screen_text()
    assert rows[0].startswith("MAIN 1  3 ")  # stream 0 untouched by #1's output
    assert rows[1][20:30] == "W AT      "  # W 4 scrolled to the top, AT located over it
    assert rows[2][20:30] == "W 5       " and rows[3][20:30] == " " * 10
    assert cpc.paper[1][20:30] == [20] * 10 and cpc.paper[1][30] == 1 and cpc.paper[0][20] == 1


def test_window_for_stream_0_confines_print_and_ready() -> None:
    cpc, _ = run_program('10 MODE 1:WINDOW 1,10,20,25:PRINT "BOTTOM"')
    rows = cpc.screen_text()
    assert rows[19].rstrip() == "BOTTOM" and rows[20].rstrip() == "Ready"
    assert all(not r.strip() for r in rows[:19])


def test_cursor_position_for_a_widget() -> None:
    cpc, _ = run_program('10 MODE 1:LOCATE 5,3:PRINT "AB";:INPUT X')
    assert cpc.cursor == (2, 8)  # after "AB? "


def test_copychr_reads_the_character_under_the_cursor() -> None:
    cpc, _ = run_program('10 MODE 1:PRINT "HELLO":LOCATE 2,1:C$=COPYCHR$(#0):PRINT EOF;C$')
    assert cpc.variable("C$") == "E" and cpc.screen_text()[0].startswith("H-1 E")
