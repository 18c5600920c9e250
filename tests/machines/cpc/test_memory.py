"""The CPC 6128's memory for BASIC: FRE, DIM near the limit, Memory full, String space full.

The figures are the BASIC 1.1 ROM's (``machines/cpc/memory.py`` cites the routines):
42249 bytes free at power-on (&A67B - &0172); a real variable takes 9 bytes with a
one-letter name, an integer 6, a string 7 plus its text and 2; an array 6 + name + 2 per
dimension + its elements (5, 2 or 3 bytes each), whose bytes must fit 16 bits
(Subscript out of range) and then what is free (Memory full), checked before anything
is allocated.
"""

from __future__ import annotations

import json

import pytest

from machines.cpc import CPC, ReadyPrompt, RunState
from machines.cpc.memory import POWER_ON_FREE
from machines.cpc.runtime import arrays as arrays_module
from tests.machines.cpc.helpers import output, run_program


def test_a_6128_just_switched_on_has_42249_bytes_free() -> None:
    prompt = ReadyPrompt(CPC(clock=lambda: 0.0))
    prompt.type('PRINT FRE(0);FRE("")\r')
    while prompt.run(10_000) is not None:
        pass
    assert prompt.cpc.transcript.endswith(" 42249  42249 \nReady\n")
    assert POWER_ON_FREE == 0xA67B - 0x0172 == 42249


@pytest.mark.parametrize("dim, taken", [
    ("A(1)", 6 + 1 + 2 + 5 * 2),  # header: link, name, type, length, dimensions, one bound
    ("AB%(9)", 6 + 2 + 2 + 2 * 10),
    ("C$(4)", 6 + 1 + 2 + 3 * 5),  # string descriptors; the texts are in the strings area
    ("D(2,3)", 6 + 1 + 4 + 5 * 3 * 4),
    ("E%(1,1,1)", 6 + 1 + 6 + 2 * 8),
])
def test_dim_takes_the_arrays_bytes_and_erase_gives_them_back(dim: str, taken: int) -> None:
    name = dim.split("(")[0]
    # F and G are created first: a variable takes its room when a statement first names it
    text = output(f"10 F=0:G=0:F=FRE(0):DIM {dim}:G=FRE(0):ERASE {name}:PRINT F-G;FRE(0)-F")
    assert text == f" {taken}  0 \n"


def test_an_array_used_before_dim_takes_eleven_elements_per_subscript() -> None:
    assert output("10 F=0:X=0:F=FRE(0):X=A(3):PRINT F-FRE(0)") == f" {6 + 1 + 2 + 5 * 11} \n"
    assert output("10 F=0:X%=0:F=FRE(0):X%=B%(3,3):PRINT F-FRE(0)") == f" {6 + 1 + 4 + 2 * 121} \n"


def test_simple_variables_take_their_type_and_name() -> None:
    free = {}
    for line in ("A=1", "A%=1", "A$=\"\"", "AB=1"):
        cpc, _ = run_program(f"10 {line}:PRINT FRE(0)")
        free[line] = int(cpc.transcript.split()[0])
    # the same line with % instead of nothing: a 2-byte integer instead of a 5-byte real
    assert free["A%=1"] - free["A=1"] == 3
    # A$="" is one byte longer in the listing (the quotes, less the digit), 2 shorter as a variable
    assert free["A$=\"\""] - free["A=1"] == 2 - 1
    # a second letter: one more byte in the listing and one more in the variable's entry
    assert free["A=1"] - free["AB=1"] == 2


def test_a_variable_takes_its_room_when_a_statement_first_names_it_and_clear_gives_it_back() -> None:
    text = output('10 PRINT FRE(0):A=1:B%=2:C$="":ABC=1:A=2:PRINT FRE(0)\n'
                  '20 IF A=0 THEN Z=1\n'  # Z is never met: it takes nothing
                  '30 PRINT FRE(0):CLEAR:PRINT FRE(0)')
    start, created, later, cleared = (int(n) for n in text.split())
    assert start - created == 9 + 6 + 7 + 11 and later == created and cleared == start


def test_strings_take_their_text_and_two_bytes_and_give_it_back() -> None:
    text = output('10 F=0:P=0:Q=0:R=0:G=0:A$="":F=FRE(0):A$=STRING$(10,"X"):P=F-FRE(0):A$="AB":Q=F-FRE(0)\n'
                  '20 A$="":R=F-FRE(0):DIM S$(2):G=FRE(0):S$(1)=SPACE$(100):PRINT P;Q;R;G-FRE(0)')
    assert text == " 12  4  0  102 \n"


@pytest.mark.parametrize("statement, message", [
    ("DIM A(30000)", "Subscript out of range"),  # 150005 bytes do not fit 16 bits
    ("DIM A(20000,20000)", "Subscript out of range"),
    ("DIM A%(100,100,100)", "Subscript out of range"),
    ("DIM A(13107)", "Subscript out of range"),  # 5 x 13108 = 65540
    ("DIM A(13106)", "Memory full"),  # 5 x 13107 = 65535 fits 16 bits, not 42 KB
    ("DIM A%(32766)", "Memory full"),
    ("DIM A$(21844)", "Memory full"),
    ("DIM A(-1)", "Improper argument"),
    ("DIM A(32768)", "Overflow"),
    ("DIM A(5):A(-1)=1", "Improper argument"),
    ("DIM A(5):A(6)=1", "Subscript out of range"),
])
def test_dim_too_large_fails_as_on_the_cpc_without_the_host_allocating(statement, message, monkeypatch) -> None:
    made = []
    real_array = arrays_module.Array
    monkeypatch.setattr(arrays_module, "Array", lambda *a, **k: made.append(a) or real_array(*a, **k))
    cpc, state = run_program(f"10 {statement}")
    assert state is RunState.ERROR
    assert cpc.transcript == f"{message} in 10\nReady\n"
    assert all(len(dims) and max(dims[0]) <= 6 for dims in made), "the refused array was allocated"


def test_dim_succeeds_exactly_while_the_array_fits_in_what_fre_reports() -> None:
    probe = "10 PRINT FRE(0):DIM A(%d)"
    free = int(output(probe % 1000).split()[0])  # bounds of four digits: the same listing size
    largest = (free - (6 + 1 + 2)) // 5 - 1
    assert output(probe % largest) == f" {free} \n"
    assert output(probe % (largest + 1)) == f" {free} \nMemory full in 10\n"
    assert 8000 < largest < 8500  # about 42 KB of 5-byte reals


def test_thirty_thousand_long_strings_do_not_fit_string_space_full_comes_when_it_would() -> None:
    text = output('10 DIM A$(9999):F=FRE(0):ON ERROR GOTO 30\n'
                  '20 FOR I=0 TO 9999:A$(I)=STRING$(255,"X"):NEXT:PRINT "ALL":END\n'
                  '30 PRINT ERR;I;F\\257;FRE(0)<257:END')
    err, count, expected, full = text.split()
    assert err == "14" and count == expected and full == "-1"


def test_clear_and_run_give_everything_back() -> None:
    first, after_clear = output('10 PRINT FRE(0):DIM A(100):A$=SPACE$(50):CLEAR:PRINT FRE(0)').split()
    assert first == after_clear
    cpc, _ = run_program('10 DIM A(100):A$=SPACE$(50)')
    before = cpc.free_bytes()
    cpc.run()
    assert cpc.free_bytes() == before
    cpc.load_basic("10 PRINT FRE(0)")
    assert cpc.free_bytes() == POWER_ON_FREE - (5 + 1 + 1 + 2 + 3)  # PRINT, space, FRE, (0)


def test_memory_full_is_trapped_by_on_error_and_the_program_goes_on() -> None:
    text = output("10 ON ERROR GOTO 100\n20 DIM A(13000)\n30 DIM A(100):PRINT \"SMALL\":END\n100 PRINT ERR;ERL:RESUME NEXT")
    assert text == " 7  20 \nSMALL\n"


def test_a_snapshot_recounts_memory_and_refuses_arrays_larger_than_the_cpc() -> None:
    cpc, _ = run_program('10 DIM A%(2),B$(3):B$(1)=SPACE$(200):C$=STRING$(20,"Y")')
    snap = json.loads(json.dumps(cpc.snapshot()))
    twin = CPC(clock=lambda: 0.0)
    twin.restore(snap)
    assert twin.free_bytes() == cpc.free_bytes() < POWER_ON_FREE - 200 - 20
    snap["arrays"]["A%"] = {"dims": [30000], "data": [0] * 30000}  # fits 16 bits, not 42 KB
    with pytest.raises(ValueError, match=r"^snapshot field 'arrays': the variables, arrays and strings take"):
        twin.restore(snap)
    assert twin.free_bytes() == cpc.free_bytes()


def test_a_snapshot_keeps_which_variables_exist_and_an_older_one_counts_them_all() -> None:
    cpc, state = run_program("10 A=1:INPUT B$:C=3")
    assert state is RunState.WAITING_INPUT
    snap = json.loads(json.dumps(cpc.snapshot()))
    assert sorted(snap["created"]) == ["A!", "B$"]  # C's statement has not run yet
    twin = CPC(clock=lambda: 0.0)
    twin.restore(snap)
    assert twin.free_bytes() == cpc.free_bytes()
    del snap["created"]  # a snapshot saved before variables were created as met
    twin.restore(snap)
    assert twin.free_bytes() == cpc.free_bytes() - 9
    for cpc_ in (cpc, twin):
        cpc_.type("X\r")
        assert cpc_.run() is RunState.ENDED
    assert twin.free_bytes() == cpc.free_bytes()
