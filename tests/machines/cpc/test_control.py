"""Statement counter, budget, BREAK (ESC ESC), snapshot/restore."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from machines.cpc import CPC, RunState
from tests.machines.cpc.helpers import run_program


def test_budget_pauses_and_run_continues_exactly() -> None:
    src = "10 FOR I=1 TO 100:S=S+I:NEXT:PRINT S"
    cpc = CPC()
    cpc.load_basic(src)
    states = []
    while True:
        states.append(cpc.run(max_statements=37))
        if states[-1] != RunState.BUDGET:
            break
    assert states[-1] == RunState.ENDED and cpc.transcript == " 5050 \nReady\n"
    assert cpc.statements == 1 + 100 * 2 + 1 + 1  # FOR, (S=, NEXT) x100, PRINT, END-of-program


def test_a_runaway_program_is_stopped_by_its_budget() -> None:
    cpc, state = run_program("10 GOTO 10", budget=5000)
    assert state == RunState.BUDGET and cpc.statements == 5000


def test_escape_twice_breaks_and_once_then_a_key_resumes() -> None:
    cpc = CPC()
    cpc.load_basic("10 I=I+1:GOTO 10")
    assert cpc.run(1000) == RunState.BUDGET
    cpc.type("\x1b")
    before = cpc.statements
    assert cpc.run(1000) == RunState.WAITING_KEY and cpc.statements == before  # paused
    cpc.type("X")
    assert cpc.run(1000) == RunState.BUDGET
    cpc.type("\x1b\x1b")
    assert cpc.run(1000) == RunState.STOPPED
    assert cpc.transcript == "Break in 10\nReady\n"
    assert cpc.run(10) == RunState.BUDGET  # continues, as CONT


def test_run_after_the_end_starts_again_with_cleared_variables() -> None:
    cpc, state = run_program("10 A=A+1:PRINT A")
    assert state == RunState.ENDED
    assert cpc.run() == RunState.ENDED
    assert cpc.transcript == " 1 \nReady\n 1 \nReady\n"


def test_snapshot_restore_mid_input_and_mid_loop_is_exact() -> None:
    src = "\n".join([
        "10 DIM B(9):DEF FNS(X)=X*X",
        "20 FOR I=1 TO 9:B(I)=FNS(I):NEXT",
        "30 GOSUB 100",
        '40 INPUT "MORE";M$',
        "50 FOR J=1 TO 3:PRINT B(J)+LEN(M$);:NEXT",
        "60 END",
        "100 PRINT RND;:RETURN",
    ])
    cpc = CPC(clock=lambda: 0.0)
    cpc.load_basic(src)
    assert cpc.run() == RunState.WAITING_INPUT
    snap = json.loads(json.dumps(cpc.snapshot()))
    cpc.type("ABC\r")
    cpc.run()
    expected = cpc.transcript, cpc.screen_text(), cpc.statements

    other = CPC(clock=lambda: 0.0)
    other.restore(snap)
    assert other.array("B")[3] == 9
    other.type("ABC\r")
    assert other.run() == RunState.ENDED
    assert (other.transcript, other.screen_text(), other.statements) == expected


def test_snapshot_inside_a_loop_with_a_budget() -> None:
    cpc = CPC()
    cpc.load_basic("10 FOR I=1 TO 50:GOSUB 30:NEXT:PRINT T:END\n30 T=T+I:RETURN")
    cpc.run(55)
    snap = cpc.snapshot()
    cpc.run()
    again = CPC()
    again.restore(snap)
    again.run()
    assert again.transcript == cpc.transcript == " 1275 \nReady\n"


@pytest.mark.parametrize("name", ["hanoi", "adventure", "tables"])
@pytest.mark.parametrize("cut", [1, 17, 60, 250])
def test_restoring_a_snapshot_taken_anywhere_replays_identically(name: str, cut: int) -> None:
    corpus = Path(__file__).with_name("corpus")
    keys = [k + "\r" for k in (corpus / f"{name}.keys").read_text().splitlines()]

    def drive(cpc: CPC, keys: list[str]) -> None:
        while cpc.state not in (RunState.ENDED, RunState.ERROR):
            if cpc.state == RunState.WAITING_INPUT:
                cpc.type(keys.pop(0))
            cpc.run(100_000)

    original = CPC(clock=lambda: 0.0)
    original.load_basic((corpus / f"{name}.bas").read_text())
    pending = list(keys)
    state = original.run(cut)
    while state == RunState.WAITING_INPUT and pending and cut > 100:
        original.type(pending.pop(0))
        state = original.run(cut)
    snap = json.loads(json.dumps(original.snapshot()))
    copy = CPC(clock=lambda: 0.0)
    copy.restore(snap)
    drive(original, list(pending))
    drive(copy, list(pending))
    assert copy.transcript == original.transcript == (corpus / f"{name}.out").read_text()
    assert copy.screen_text() == original.screen_text() and copy.statements == original.statements


def test_on_break_cont_ignores_escape_and_on_break_gosub_calls_a_handler() -> None:
    cpc = CPC()
    cpc.load_basic("10 ON BREAK CONT\n20 I=I+1:GOTO 20")
    cpc.run(100)
    cpc.type("\x1b\x1b")
    assert cpc.run(100) == RunState.BUDGET
    cpc = CPC()
    cpc.load_basic('10 ON BREAK GOSUB 100\n20 IF F=0 THEN 20\n30 PRINT "OUT":END\n100 PRINT "ESC!":F=1:RETURN')
    cpc.run(100)
    cpc.type("\x1b\x1b")
    assert cpc.run(100) == RunState.ENDED
    assert cpc.transcript == "ESC!\nOUT\nReady\n"


def test_clear_input_empties_the_keyboard_buffer() -> None:
    cpc = CPC()
    cpc.load_basic('10 CLEAR INPUT:A$=INKEY$:PRINT "[";A$;"]";X')
    cpc.type("Q")
    cpc.run()
    assert cpc.transcript == "[] 0 \nReady\n"


def test_the_execution_stack_holds_506_bytes_as_on_the_cpc() -> None:
    cpc, state = run_program("10 N=N+1:GOSUB 10")
    assert state == RunState.ERROR and cpc.error == (7, 10)
    assert cpc.variable("N") == 85  # 84 GOSUB entries of 6 bytes fit
    cpc, _ = run_program("10 N=N+1:FOR I=1 TO 2:GOSUB 20:NEXT\n20 GOSUB 10")
    # each level stacks a real FOR (22 bytes) and two GOSUBs (6 + 6): 14 levels use
    # 476 bytes, the 15th fails at its second GOSUB (476 + 22 + 6 + 6 > 506)
    assert cpc.variable("N") == 15 and cpc.error == (7, 20)


def test_every_and_after_call_their_subroutines_on_the_50hz_clock() -> None:
    clock = [0.0]
    cpc = CPC(clock=lambda: clock[0])
    cpc.load_basic("\n".join([
        "10 EVERY 50,1 GOSUB 100:AFTER 120 GOSUB 200",
        "20 IF D=0 THEN 20",
        '30 PRINT "TICKS";T;"LEFT";REMAIN(1):END',
        "100 T=T+1:RETURN",
        '200 PRINT "ALARM":D=1:RETURN',
    ]))
    slices = 0
    while cpc.run(1000) != RunState.ENDED:  # half a second a slice
        clock[0] += 0.5
        slices += 1
    # EVERY 50 fired at 1 s and 2 s; AFTER 120 at 2.4 s, seen in the 2.5 s slice
    assert slices == 5
    assert cpc.transcript == "ALARM\nTICKS 2 LEFT 25 \nReady\n"


def test_di_holds_events_until_ei() -> None:
    clock = [0.0]
    cpc = CPC(clock=lambda: clock[0])
    cpc.load_basic('10 AFTER 10 GOSUB 100:DI\n20 IF N<3 THEN N=N+1:GOTO 20\n30 EI\n40 IF F=0 THEN 40\n50 END\n100 PRINT "FIRED AT";N:F=1:RETURN')
    cpc.run(2)
    clock[0] = 1.0
    assert cpc.run(10_000) == RunState.ENDED
    assert cpc.transcript == "FIRED AT 3 \nReady\n"


@pytest.mark.parametrize("slice_", [1, 7, 300, None])
def test_an_inkey_wait_is_reported_at_the_same_statement_however_run_is_sliced(slice_: int | None) -> None:
    cpc = CPC()
    cpc.load_basic('10 K$=INKEY$:IF K$="" THEN 10')
    while (state := cpc.run(slice_)) == RunState.BUDGET:
        pass
    assert state == RunState.WAITING_KEY and cpc.statements == 3072


def test_a_snapshot_saved_before_timers_owed_calls_still_restores() -> None:
    # no "timer_calls", and "in_event" a bool (True held every timer: level 4)
    clock = [0.0]
    cpc = CPC(clock=lambda: clock[0])
    cpc.load_basic("10 EVERY 1,1 GOSUB 100\n20 GOTO 20\n100 N=N+1:RETURN")
    cpc.run(3)
    old = cpc.snapshot()
    del old["timer_calls"]
    for in_event, level in ((True, 4), (False, 0)):
        old["in_event"] = in_event
        twin = CPC(clock=lambda: clock[0])
        twin.restore(old)
        assert twin._event_level == level and twin._calls == [0, 0, 0, 0]
