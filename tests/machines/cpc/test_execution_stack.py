"""The execution stack (FOR, WHILE, GOSUB) across the Ready prompt and inside programs.

ROM facts (Bread80/Amstrad-CPC-BASIC-Source, BASIC 1.1):
* ``ControlFlow.asm`` ``command_FOR``/``command_NEXT``: a FOR entry records the address
  of the NEXT that closes it (found in the text when the FOR runs); a NEXT closes only
  an entry that recorded its own address, passing over other FOR and WHILE entries and
  stopping at a GOSUB entry ("Unexpected NEXT").  WHILE/WEND work the same way.
* ``ProgramEntry.asm``: a typed line runs without clearing the stack
  (``REPL_tokenise_and_execute``); entering a program line, RUN and CLEAR do
  (``reset_exec_data`` -> ``prob_clear_execution_stack``), and CONT is no longer possible.
So a loop typed at the prompt keeps an entry keyed by an address in the input buffer,
which no program NEXT or WEND can match.
"""

from __future__ import annotations

import json

import pytest

from machines.cpc import CPC, RunState
from machines.cpc.ready import KEY_ESC, Mode, ReadyPrompt
from tests.machines.cpc.helpers import output

SLICE = 5_000


def prompt(program: str = "") -> ReadyPrompt:
    p = ReadyPrompt(CPC(clock=lambda: 0.0))
    return enter(p, program)


def enter(p: ReadyPrompt, keys: str, slices: int = 200) -> ReadyPrompt:
    """Type keys, then let what they started run (in slices) until it stops."""
    p.type(keys)
    for _ in range(slices):
        if p.mode is not Mode.RUNNING:
            break
        p.run(SLICE)
    assert p.mode is not Mode.RUNNING, "still running"
    return p


def break_in(p: ReadyPrompt, keys: str) -> ReadyPrompt:
    """Type keys that start an endless run, let it go a while, then ESC ESC."""
    p.type(keys)
    assert p.run(3_000) is RunState.BUDGET
    return enter(p, KEY_ESC + KEY_ESC)


def after(p: ReadyPrompt, keys: str) -> str:
    """What the screen's transcript gains while ``keys`` are typed and run."""
    mark = len(p.cpc.transcript)
    enter(p, keys)
    assert p.cpc.internal_error is None
    return p.cpc.transcript[mark:]


# --- loops typed at the prompt ----------------------------------------------------------------
@pytest.mark.parametrize("typed, closing, error", [
    ("FOR I=1 TO 100000:NEXT", "NEXT", "Unexpected NEXT"),
    ("FOR I=1 TO 100000:NEXT I", "NEXT I", "Unexpected NEXT"),
    ("WHILE 1:WEND", "WEND", "Unexpected WEND"),
])
def test_a_typed_loop_broken_leaves_no_loop_a_program_line_can_close(typed: str, closing: str, error: str) -> None:
    # the fault: the broken typed loop's entry sent the program's NEXT (or WEND) to a
    # statement of the typed line's numbering, inside the program
    p = prompt(f'10 PRINT "ten"\r20 {closing}\r30 PRINT "thirty"\r')
    break_in(p, typed + "\r")
    assert p.cpc.transcript.endswith("Break\nReady\n")
    assert after(p, "GOTO 20\r") == f"GOTO 20\n{error} in 20\nReady\n"


def test_a_typed_loop_broken_leaves_the_programs_own_loops_working() -> None:
    p = prompt('10 FOR K=1 TO 2:PRINT K;:NEXT:PRINT "end"\r')
    break_in(p, "FOR I=1 TO 100000:NEXT\r")
    assert after(p, "GOTO 10\r") == "GOTO 10\n 1  2 end\nReady\n"


def test_a_typed_next_does_not_close_a_loop_of_the_typed_line_before() -> None:
    p = prompt("10 REM\r")
    break_in(p, "FOR I=1 TO 100000:NEXT\r")
    assert after(p, "NEXT\r") == "NEXT\nUnexpected NEXT\nReady\n"


def test_a_program_broken_in_loops_then_a_typed_loop_broken_then_cont_goes_on() -> None:
    p = prompt("10 FOR J=1 TO 2:FOR I=1 TO 20000:NEXT:PRINT J;:NEXT\r")
    break_in(p, "RUN\r")
    break_in(p, "FOR K=1 TO 100000:NEXT\r")
    assert after(p, "CONT\r") == "CONT\n 1  2 \nReady\n"


# --- NEXT, WEND and RETURN typed after a break in the program ---------------------------------
@pytest.mark.parametrize("program, typed, error", [
    ("10 FOR J=1 TO 3\r20 FOR I=1 TO 100000:NEXT I\r30 NEXT J\r", "NEXT", "Unexpected NEXT"),
    ("10 FOR J=1 TO 3\r20 FOR I=1 TO 100000:NEXT I\r30 NEXT J\r", "NEXT J", "Unexpected NEXT"),
    ("10 WHILE 1\r20 X=X+1\r30 WEND\r", "WEND", "Unexpected WEND"),
])
def test_next_or_wend_typed_after_a_break_in_a_loop_is_unexpected(program: str, typed: str, error: str) -> None:
    # a typed NEXT is at another address than the program's: it closes nothing
    p = prompt(program)
    break_in(p, "RUN\r")
    assert after(p, typed + "\r") == f"{typed}\n{error}\nReady\n"


def test_return_typed_after_a_break_in_a_subroutine_goes_on_after_its_gosub() -> None:
    p = prompt('10 GOSUB 100:PRINT "back in 10"\r20 END\r100 FOR I=1 TO 100000:NEXT:RETURN\r')
    break_in(p, "RUN\r")
    assert p.cpc.transcript.endswith("Break in 100\nReady\n")
    assert after(p, "RETURN\r") == "RETURN\nback in 10\nReady\n"
    assert after(p, "CONT\r") == "CONT\nCannot CONTinue\nReady\n"


# --- GOSUB, GOTO and RESTORE typed into the program -------------------------------------------
def test_a_typed_gosub_runs_the_program_line_and_returns_to_the_typed_line() -> None:
    p = prompt('10 PRINT "ten"\r20 RETURN\r')
    assert after(p, 'GOSUB 10:PRINT "back"\r') == 'GOSUB 10:PRINT "back"\nten\nback\nReady\n'


def test_an_error_in_a_program_line_a_typed_line_went_to_names_the_line() -> None:
    p = prompt("10 X=SQR(-1)\r20 RETURN\r")
    assert after(p, 'GOSUB 10:PRINT "back"\r') == 'GOSUB 10:PRINT "back"\nImproper argument in 10\nReady\n'


def test_a_typed_line_can_restore_to_a_program_line_but_not_jump_to_itself() -> None:
    p = prompt("10 DATA 1,2\r20 DATA 3\r")
    assert after(p, "RESTORE 20:READ A:PRINT A\r") == "RESTORE 20:READ A:PRINT A\n 3 \nReady\n"
    assert after(p, 'PRINT "x":GOTO 0\r') == 'PRINT "x":GOTO 0\nx\nLine does not exist\nReady\n'


# --- editing a line clears the stack ----------------------------------------------------------
def test_entering_a_line_after_a_break_clears_the_loops_and_cont() -> None:
    p = prompt("10 FOR I=1 TO 100000\r20 NEXT\r")
    break_in(p, "RUN\r")
    enter(p, "30 REM\r")
    assert after(p, "GOTO 20\r") == "GOTO 20\nUnexpected NEXT in 20\nReady\n"
    assert after(p, "CONT\r") == "CONT\nCannot CONTinue\nReady\n"


# --- NEXT inside a program: the NEXT its FOR found, not the innermost loop --------------------
def test_a_next_closes_only_the_loop_whose_for_found_it() -> None:
    # line 10's FOR is closed by line 30's NEXT; line 40's NEXT closes nothing
    assert output("10 FOR I=1 TO 3\n20 GOTO 40\n30 NEXT\n40 NEXT\n") \
        == "Unexpected NEXT in 40\n"


def test_a_for_on_the_variable_of_an_outer_loop_does_not_replace_it() -> None:
    # two FORs on I with two NEXTs: two loops, each closed by its own NEXT; the outer
    # NEXT adds its step to what the inner loop left (4 + 1 > 2: done)
    assert output('10 FOR I=1 TO 2:FOR I=1 TO 3:PRINT I;:NEXT:PRINT "/";:NEXT:PRINT I\n') \
        == " 1  2  3 / 5 \n"


def test_a_for_run_again_replaces_its_own_loop_and_those_inside_it() -> None:
    src = "10 N=N+1:FOR I=1 TO 2:FOR J=1 TO 2:IF N<50 THEN 10\n20 NEXT:NEXT:PRINT N;FRE(0)\n"
    cpc = CPC(clock=lambda: 0.0)
    cpc.load_basic(src)
    assert cpc.run(100_000) is RunState.ENDED
    assert cpc.transcript.startswith(" 50 ")
    assert cpc.CS == []


def test_a_snapshot_inside_a_subroutine_a_typed_gosub_called_returns_to_the_typed_line() -> None:
    p = prompt('100 INPUT "n";N\r110 RETURN\r')
    p.type('GOSUB 100:PRINT "back";N\r')
    assert p.run(SLICE) is RunState.WAITING_INPUT
    snap = json.loads(json.dumps(p.snapshot()))
    q = ReadyPrompt(CPC(clock=lambda: 0.0))
    q.restore(snap)
    assert q.cpc._pc == p.cpc._pc < len(q.cpc._direct[0].code)  # inside the program, under the typed line
    assert q.cpc.CS == p.cpc.CS and q.snapshot() == snap
    q.type("7\r")
    assert q.run(SLICE) is RunState.ENDED and q.mode is Mode.READY
    assert q.cpc.transcript.endswith("n? 7\nback 7 \nReady\n")


def test_a_snapshot_from_before_the_typed_line_followed_the_program_still_restores() -> None:
    # snapshots used to count a running typed line's statements from 0
    p = prompt("10 REM\r")
    p.type('INPUT "n";N:PRINT N*2\r')
    assert p.run(SLICE) is RunState.WAITING_INPUT
    snap = json.loads(json.dumps(p.snapshot()))
    del snap["cpc"]["direct"]["after_program"]
    snap["cpc"]["direct"]["pc"] -= len(p.cpc._direct[0].code)
    q = ReadyPrompt(CPC(clock=lambda: 0.0))
    q.restore(snap)
    q.type("21\r")
    assert q.run(SLICE) is RunState.ENDED
    assert q.cpc.transcript.endswith("n? 21\n 42 \nReady\n")


def test_a_break_in_a_loop_of_a_subroutine_a_typed_gosub_called_goes_on_after_cont() -> None:
    # the program's loop stays on the stack, the typed GOSUB's entry goes: CONT finishes
    # the loop; the RETURN then has nowhere to go (the CPC would return into whatever
    # line was typed since: not checked on the ROM, this is the safe outcome chosen)
    p = prompt('100 FOR I=1 TO 20000:NEXT:PRINT "loop done"\r110 RETURN\r')
    break_in(p, 'GOSUB 100:PRINT "back"\r')
    assert p.cpc.transcript.endswith("Break in 100\nReady\n")
    assert [f[0] for f in p.cpc.CS] == [0] and p.cpc.CS[0][-1] == 22  # the FOR alone, its 22 bytes
    assert after(p, "CONT\r") == "CONT\nloop done\nUnexpected RETURN in 110\nReady\n"
