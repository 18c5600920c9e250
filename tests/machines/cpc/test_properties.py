"""Property tests: random keys and random programs never raise, and snapshots restore exactly.

Hypothesis types random characters (digits, letters, commas, quotes, RETURN, DEL, ESC)
into running programs that wait in INPUT, LINE INPUT, INKEY$ loops and CALL &BB18, and
into Lazard's Othello; it also writes random small programs from a grammar of
statements, wrong ones included (bad syntax, missing lines, NEXT without FOR, division
by zero, type mismatches...).  Whatever happens, no Python exception escapes ``run``,
``type`` or ``load_basic``, no interpreter fault is hidden as "Unknown error", and an
error is reported the BASIC way: ``cpc.error`` holds (number, line) and the screen says
"<message> in <line>".  A snapshot sent through JSON restores a CPC whose snapshot is
identical -- mid-INPUT, inside FOR loops, GOSUBs and WHILEs -- and which then answers the
same keys the same way.  The default run is derandomized and sized for the everyday suite
(``tests/sizes.py``); ``-m soak`` runs each property at its full size and tries many more.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.lazard_othello.driver import LISTING as OTHELLO
from machines.cpc import CPC, RunState
from machines.cpc.errors import error_message
from tests.sizes import sizes

PROFILE = dict(deadline=None, derandomize=True, database=None,
               suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
SOAK = dict(deadline=None, database=None, derandomize=False, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def new_cpc() -> CPC:
    return CPC(clock=lambda: 0.0)  # TIME is in the snapshot: freeze it


def state(cpc: CPC) -> str:
    return json.dumps(cpc.snapshot(), sort_keys=True)


def twin_of(cpc: CPC) -> CPC:
    """A new CPC restored from ``cpc``'s snapshot sent through JSON; the same snapshot."""
    twin = new_cpc()
    twin.restore(json.loads(json.dumps(cpc.snapshot())))
    assert state(twin) == state(cpc)
    assert twin.screen_text() == cpc.screen_text()
    return twin


def check_after_run(cpc: CPC, result: RunState, before: int, budget: int) -> None:
    """What must hold whenever ``run`` returns."""
    assert isinstance(result, RunState) and result is cpc.state
    assert getattr(cpc, "internal_error", None) is None, f"interpreter fault: {cpc.internal_error!r}"
    ran = cpc.statements - before
    assert 0 <= ran <= budget
    if result is RunState.BUDGET:
        assert ran == budget
    if result is RunState.ERROR:
        assert cpc.error is not None
        code, line = cpc.error
        assert 1 <= code <= 255 and (line in cpc.lines or line == 0), cpc.error
        assert f"{error_message(code)} in {line}\n" in cpc.transcript
    screen = cpc.screen_text()
    assert len(screen) == 25 and all(isinstance(row, str) for row in screen)


# An action: type some keys, or run for a budget of statements.
KEYS_ALPHABET = "0123456789-.,E AOXQYN\"abz?%\r\r\r\x7f\x1b"
ACTION = st.one_of(
    st.tuples(st.just("type"), st.text(alphabet=KEYS_ALPHABET, max_size=8)),
    st.tuples(st.just("run"), st.sampled_from([1, 2, 5, 17, 60, 300, 2000])),
)
ACTIONS = st.lists(ACTION, max_size=30)


def drive(cpc: CPC, actions: list[tuple[str, Any]]) -> list[Any]:
    """Do every action; what each run returned, with the statements and the screen."""
    trace: list[Any] = []
    for verb, arg in actions:
        if verb == "type":
            cpc.type(arg)
            trace.append(("typed", len(cpc.transcript)))
        else:
            before = cpc.statements
            result = cpc.run(max_statements=arg)
            check_after_run(cpc, result, before, arg)
            trace.append((result, cpc.statements, cpc.error, tuple(cpc.screen_text())))
    return trace


def check_twin(cpc: CPC, before: list[tuple[str, Any]], after: list[tuple[str, Any]]) -> None:
    drive(cpc, before)
    twin = twin_of(cpc)
    assert drive(twin, after) == drive(cpc, after)
    assert state(twin) == state(cpc)
    assert twin.transcript == cpc.transcript


# -- programs that wait for keys ----------------------------------------------------------------

INTERACTIVE = {
    "input": "\n".join([
        "10 DIM S(5)",
        "20 FOR I=1 TO 3",
        '30 INPUT "NUMBER";N',
        "40 S(I)=N:T=T+N",
        "50 GOSUB 200",
        "60 NEXT",
        '70 LINE INPUT "NAME? ",N$',
        '80 PRINT "HELLO ";N$;T',
        '90 INPUT "A,B$";A,B$',
        "100 PRINT A;B$:GOTO 20",
        '200 PRINT "SUM";T:RETURN',
    ]),
    "inkey": "\n".join([
        '10 K$=INKEY$:IF K$="" THEN C=C+1:GOTO 10',
        "20 PRINT ASC(K$);",
        '30 IF K$="Q" THEN END',
        "40 N=N+1:IF N MOD 5=0 THEN GOSUB 100",
        "50 GOTO 10",
        "100 FOR J=1 TO 3:PRINT J;:NEXT:PRINT:RETURN",
    ]),
    "trapped": "\n".join([
        "10 ON ERROR GOTO 100",
        '20 INPUT "X%";X%',
        "30 PRINT 100/X%,SQR(X%),LOG(X%)",
        "40 WHILE X%>0:X%=X%-1:PRINT X%;:WEND",
        "50 GOTO 20",
        '100 PRINT "ERR";ERR;"AT";ERL:RESUME NEXT',
    ]),
    "untrapped": "\n".join([
        "10 INPUT A$",
        "20 PRINT VAL(A$);LEFT$(A$,VAL(A$))",
        "30 PRINT 1/VAL(A$);CHR$(VAL(A$))",
        "40 GOTO 10",
    ]),
    "wait_key": "\n".join([
        '10 CALL &BB18:K$=INKEY$:PRINT "K";K$;',
        "20 X=X+1:IF X<4 THEN 10",
        '30 INPUT "AGAIN";Y$:IF Y$="N" THEN STOP ELSE X=0:GOTO 10',
    ]),
    "othello": OTHELLO,
}


@sizes(everyday=35, soak=250)
def test_random_keys_into_waiting_programs_never_raise(examples: int) -> None:
    @settings(max_examples=examples, **PROFILE)
    @given(st.sampled_from(sorted(INTERACTIVE)), ACTIONS)
    def check(name: str, actions) -> None:
        cpc = new_cpc()
        assert cpc.load_basic(INTERACTIVE[name]) == []
        drive(cpc, [("run", 500)] + actions)

    check()


@sizes(everyday=25, soak=200)
def test_snapshot_restores_an_identical_cpc_while_it_waits_for_keys(examples: int) -> None:
    @settings(max_examples=examples, **PROFILE)
    @given(st.sampled_from(sorted(INTERACTIVE)), ACTIONS, ACTIONS)
    def check(name: str, before, after) -> None:
        cpc = new_cpc()
        cpc.load_basic(INTERACTIVE[name])
        check_twin(cpc, [("run", 500)] + before, after)

    check()


# -- random programs from a grammar ------------------------------------------------------------

NUM_VARS = ["A", "B", "I", "J", "N%", "X!"]
STR_VARS = ["A$", "B$", "N$"]

number = st.sampled_from(["0", "1", "2", "3", "-1", "0.5", "10", "255", "32767", "1E38", "&FF", "&X101"])
num_var = st.sampled_from(NUM_VARS)
string = st.sampled_from(['""', '"X"', '"HELLO"', '"12"', '"3,4"'])
str_var = st.sampled_from(STR_VARS)


def _num_expr(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.one_of(
        st.tuples(children, st.sampled_from(["+", "-", "*", "/", "\\", "^", " MOD ", " AND ", " OR ", "=", "<", ">="]),
                  children).map("".join),
        children.map(lambda e: f"({e})"),
        children.map(lambda e: f"-{e}"),
        st.tuples(st.sampled_from(["ABS", "INT", "SQR", "SIN", "LOG", "EXP", "SGN", "FIX", "ROUND", "CINT"]),
                  children).map(lambda t: f"{t[0]}({t[1]})"),
        st.tuples(st.just("B("), children, st.just(")")).map("".join),
    )


num_expr = st.recursive(st.one_of(number, num_var), _num_expr, max_leaves=6)
str_expr = st.one_of(
    string, str_var,
    st.tuples(str_var, string).map(lambda t: f"{t[0]}+{t[1]}"),
    st.tuples(str_var, num_expr).map(lambda t: f"LEFT$({t[0]},{t[1]})"),
    st.tuples(string, num_expr).map(lambda t: f"MID$({t[0]},{t[1]})"),
    num_expr.map(lambda e: f"STR$({e})"),
    st.one_of(st.integers(0, 255).map(str), num_expr).map(lambda e: f"CHR$({e})"),
    st.one_of(st.integers(0, 40).map(str), num_expr).map(lambda e: f"SPACE$({e})"),
)
any_expr = st.one_of(num_expr, str_expr)
line_ref = st.integers(1, 13).map(lambda n: str(10 * n))  # 10-120 exist (some programs are shorter)


USING_TEMPLATES = ["###.##", "+#.##^^^^", "&", "!", "\\  \\", "**$##"]


def _statement(draw: Any) -> str:
    kind = draw(st.integers(0, 21))
    if kind == 0:
        return f"{draw(num_var)}={draw(num_expr)}"
    if kind == 1:
        return f"{draw(str_var)}={draw(str_expr)}"
    if kind == 2:
        sep = draw(st.sampled_from([";", ",", ""]))
        return f"PRINT {draw(any_expr)}{sep}"
    if kind == 3:
        var = draw(st.sampled_from(["I", "J", "K%"]))
        body = draw(st.sampled_from(["", ":PRINT I;", ":S=S+1", ":GOSUB 100"]))
        step = draw(st.sampled_from(["", " STEP 2", " STEP -1", " STEP 0.5"]))
        nxt = draw(st.sampled_from([f":NEXT {var}", ":NEXT", ""]))  # a FOR without NEXT is allowed
        return f"FOR {var}={draw(number)} TO {draw(number)}{step}{body}{nxt}"
    if kind == 4:
        return f"GOSUB {draw(line_ref)}"
    if kind == 5:
        return f"PRINT {draw(num_var)};{draw(str_var)};"
    if kind == 6:
        return f"GOTO {draw(line_ref)}"
    if kind == 7:
        return f"IF {draw(num_expr)} THEN {draw(line_ref)} ELSE PRINT {draw(any_expr)}"
    if kind == 8:
        return draw(st.sampled_from(["INPUT A", "INPUT \"?\";A$,B", "LINE INPUT N$", "A$=INKEY$"]))
    if kind == 9:
        return f"DIM B({draw(st.sampled_from(['3', '10', '-1', 'A', '40000']))})"
    if kind == 10:
        return f"B({draw(num_expr)})={draw(num_expr)}"
    if kind == 11:
        return f"WHILE {draw(num_var)}<{draw(number)}:{draw(num_var)}={draw(num_var)}+1:WEND"
    if kind == 12:
        return draw(st.sampled_from(["READ A", "READ A$", "RESTORE", "DATA 1,2,X,\"Y\"", "DATA"]))
    if kind == 13:
        return f"ON ERROR GOTO {draw(st.sampled_from(['0', '100', '110']))}"
    if kind == 14:
        return draw(st.sampled_from(["RESUME NEXT", "RESUME", "RESUME 10", "END", "STOP", "CLEAR", "ERASE B",
                                     "RETURN"]))
    if kind == 15:
        return f"ON {draw(num_expr)} GOSUB {draw(line_ref)},{draw(line_ref)}"
    if kind == 16:
        return f"DEF FNF(X)={draw(num_expr)}:PRINT FNF({draw(num_expr)})"
    if kind == 17:
        template = draw(st.sampled_from(USING_TEMPLATES))
        return f'PRINT USING "{template}";{draw(any_expr)}'
    if kind == 18:
        return draw(st.sampled_from(["LOCATE 1,1", "LOCATE 0,30", "MODE 0", "MODE 2", "CLS", "PEN 3", "PAPER 1",
                                     "INK 1,6", "BORDER 2", "ZONE 5", "WINDOW 2,20,3,10", "PRINT #1,\"W\"",
                                     "PRINT TAB(30);\"T\";SPC(5);\"S\"", "RANDOMIZE 7:PRINT RND"]))
    if kind == 19:  # wrong on purpose: syntax, types, structure
        return draw(st.sampled_from(["PRINT 1+", "A$=5", "A=\"X\"", "NEXT", "WEND", "X=(1", "GOTO", "FOR =1 TO",
                                     "PRINT FNZ(1)", "A=B(1,2,3)", "IF THEN", "ELSE", "GOSUB 9999", "A%=1E6",
                                     "PRINT 1/0", "A=SQR(-1)", "A$=STRING$(300,\"X\")", "ERROR 17", "RUN 9999",
                                     "POKE", "CALL", "LET", ":", "PRINT CHR$(300)", "A=ASC(\"\")"]))
    if kind == 20:
        return f"A%={draw(num_expr)}"
    return f"PRINT {draw(any_expr)};{draw(any_expr)}"


statement = st.composite(_statement)()


@st.composite
def programs(draw: Any) -> str:
    """Lines 10, 20... of one to three statements; line 100 a subroutine, 110 a handler."""
    count = draw(st.integers(1, 10))
    lines = []
    for n in range(1, count + 1):
        statements = draw(st.lists(statement, min_size=1, max_size=3))
        lines.append(f"{10 * n} {':'.join(statements)}")
    if draw(st.booleans()):
        lines.append("100 S=S+1:PRINT \"SUB\";S:RETURN")
    if draw(st.booleans()):
        lines.append("110 PRINT \"ERR\";ERR;ERL:RESUME NEXT")
    return "\n".join(lines)


@sizes(everyday=25, soak=150)
def test_random_programs_never_raise_and_report_errors_the_basic_way(examples: int) -> None:
    @settings(max_examples=examples, **PROFILE)
    @given(programs(), ACTIONS)
    def check(source: str, actions) -> None:
        cpc = new_cpc()
        problems = cpc.load_basic(source)
        assert all(str(p) for p in problems)
        drive(cpc, [("run", 300)] + actions)
        drive(cpc, [("run", 300)])  # RUN again after an end or an error, CONT after a break

    check()


@sizes(everyday=20, soak=150)
def test_random_programs_restore_identically(examples: int) -> None:
    @settings(max_examples=examples, **PROFILE)
    @given(programs(), ACTIONS, ACTIONS)
    def check(source: str, before, after) -> None:
        cpc = new_cpc()
        cpc.load_basic(source)
        check_twin(cpc, [("run", 1)] + before, after)

    check()


@pytest.mark.parametrize("line", ["10 A=ROUND(5)", "10 A=ROUND(5,-1)", "10 A=ROUND(2.5)", "10 A%=ROUND(7.5)",
                                  "10 A=ROUND(32767)+1", "10 A=ROUND(-4,2)"])
def test_a_rounded_integer_stored_in_a_real_restores_identically(line: str) -> None:
    """ROUND of an integer stays an integer (the ROM's ``round_accumulator``); stored in a real
    variable it is a real, so a snapshot taken then restores the same machine (a soak run found
    ``A=ROUND(5)`` keeping the integer 5 in A, restored as 5.0)."""
    cpc = new_cpc()
    cpc.load_basic(line + "\n20 PRINT A;A%")
    check_twin(cpc, [("run", 1)], [("run", 1)])


# -- snapshots inside loops, subroutines and INPUT --------------------------------------------------

NESTED = "\n".join([
    "10 DIM B(20):RANDOMIZE 3",
    "20 FOR I=1 TO 4",
    "30 GOSUB 100",
    "40 FOR J=I TO 6 STEP 2:B(I+J)=B(I+J)+I*J:NEXT J",
    "50 WHILE W<I:W=W+1:GOSUB 200:WEND",
    "60 NEXT I",
    '70 INPUT "N,S$";N,S$',
    "80 FOR K=1 TO N MOD 5:GOSUB 100:NEXT",
    "90 PRINT S$;B(5);W:GOTO 70",
    "100 T=T+1:IF T MOD 3=0 THEN GOSUB 200",
    "110 RETURN",
    "200 PRINT USING \"##.#\";RND*10;:R=R+1:RETURN",
])


@sizes(everyday=20, soak=150)
def test_a_snapshot_inside_for_gosub_while_or_input_restores_exactly(examples: int) -> None:
    @settings(max_examples=examples, **PROFILE)
    @given(st.integers(0, 400), st.lists(st.text(alphabet="0123456789,AB\r\x7f", max_size=6), max_size=6), ACTIONS)
    def check(cut: int, lines, after) -> None:
        cpc = new_cpc()
        assert cpc.load_basic(NESTED) == []
        before = [("run", cut)]
        for text in lines:
            before += [("type", text), ("run", 37)]
        drive(cpc, before)
        snap = cpc.snapshot()
        if not lines and 3 <= cut <= 82:  # statement 3 opens FOR I, statement 83 (INPUT) follows NEXT I
            assert cpc.state is RunState.BUDGET
            assert snap["stack"], "a cut inside the loops has FOR, GOSUB or WHILE frames"
        check_twin(cpc, [], after + [("type", "7,XY\r"), ("run", 5000)])

    check()


def test_mid_input_with_a_half_typed_line_and_keys_typed_ahead() -> None:
    cpc = new_cpc()
    cpc.load_basic(NESTED)
    assert cpc.run() is RunState.WAITING_INPUT
    cpc.type("3,A\x7fB")  # a half-typed, edited line: no RETURN yet
    assert cpc.run(100) is RunState.WAITING_INPUT
    snap = json.loads(json.dumps(cpc.snapshot()))
    assert snap["in_input"] and snap["edit"] == list("3,B")
    twin = new_cpc()
    twin.restore(snap)
    assert state(twin) == state(cpc)
    for machine in (cpc, twin):
        machine.type("C\r9,Z\r")  # the rest of the line, and the next one typed ahead
        machine.run(10_000)
    assert state(twin) == state(cpc)
    assert "BC" in cpc.transcript and "Z" in cpc.transcript


# -- event timers on a clock the test moves --------------------------------------------------------

TIMERS = "\n".join([
    "10 EVERY 5,1 GOSUB 100",
    "20 AFTER 12,2 GOSUB 200",
    "30 I=I+1:IF I MOD 500=0 THEN PRINT \"I\";I;REMAIN(1):EVERY 3,1 GOSUB 100",
    "40 K$=INKEY$:IF K$=\"Q\" THEN DI:PRINT \"DI\";TIME:EI",
    "50 IF K$=\"R\" THEN INPUT \"R\";R",
    "60 GOTO 30",
    "100 T=T+1:PRINT \"T\";T;:RETURN",
    "200 PRINT \"A\";:AFTER 7,2 GOSUB 200:RETURN",
])


class ManualClock:
    """A clock that moves only when the test says (binary fractions of a second: exact)."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


TIMER_ACTION = st.one_of(ACTION, st.tuples(st.just("tick"), st.sampled_from([0.0625, 0.125, 0.5, 1.0])))


def drive_with_clock(cpc: CPC, clock: ManualClock, actions: list[tuple[str, Any]]) -> list[Any]:
    trace: list[Any] = []
    for verb, arg in actions:
        if verb == "tick":
            clock.now += arg
        else:
            trace += drive(cpc, [(verb, arg)])
    return trace


@sizes(everyday=15, soak=100)
def test_event_timers_restore_identically(examples: int) -> None:
    @settings(max_examples=examples, **PROFILE)
    @given(st.lists(TIMER_ACTION, max_size=30), st.lists(TIMER_ACTION, max_size=30))
    def check(before, after) -> None:
        clock = ManualClock()
        cpc = CPC(clock=clock)
        assert cpc.load_basic(TIMERS) == []
        drive_with_clock(cpc, clock, [("run", 50), ("tick", 0.5), ("run", 300)] + before)
        twin_clock = ManualClock()
        twin_clock.now = clock.now
        twin = CPC(clock=twin_clock)
        twin.restore(json.loads(json.dumps(cpc.snapshot())))
        assert state(twin) == state(cpc)
        assert drive_with_clock(twin, twin_clock, after) == drive_with_clock(cpc, clock, after)
        assert state(twin) == state(cpc)

    check()


def test_the_timer_program_really_fires_its_events() -> None:
    clock = ManualClock()
    cpc = CPC(clock=clock)
    cpc.load_basic(TIMERS)
    for _ in range(6):
        cpc.run(200)
        clock.now += 0.125
    assert "T 1" in cpc.transcript and "A" in cpc.transcript


# -- slicing: how a caller cuts run() into budgets changes nothing --------------------------------


def run_sliced(cpc: CPC, total: int, size: int) -> None:
    """Run ``total`` statements in budgets of ``size`` (fewer if the program stops or waits)."""
    start = cpc.statements
    while cpc.statements - start < total:
        result = cpc.run(min(size, total - (cpc.statements - start)))
        if result is not RunState.BUDGET:
            break


@sizes(everyday=20, soak=100)
def test_a_program_does_the_same_however_run_is_sliced(examples: int) -> None:
    @settings(max_examples=examples, **PROFILE)
    @given(programs(), st.sampled_from([1, 2, 3, 7, 50, 255, 256, 257]), st.integers(1, 2000))
    def check(source: str, size: int, total: int) -> None:
        whole, sliced = new_cpc(), new_cpc()
        whole.load_basic(source)
        sliced.load_basic(source)
        run_sliced(whole, total, total)
        run_sliced(sliced, total, size)
        assert sliced.transcript == whole.transcript
        assert state(sliced) == state(whole)

    check()


@sizes(everyday=30, soak=100)
def test_keys_typed_at_the_same_statements_do_the_same_however_run_is_sliced(examples: int) -> None:
    @settings(max_examples=examples, **PROFILE)
    @given(st.sampled_from(sorted(INTERACTIVE)), st.sampled_from([1, 3, 7, 255, 256, 257]),
           st.lists(st.tuples(st.integers(1, 3000), st.text(alphabet=KEYS_ALPHABET, max_size=6)), max_size=8))
    def check(name: str, size: int, typing) -> None:
        whole, sliced = new_cpc(), new_cpc()
        for cpc in (whole, sliced):
            cpc.load_basic(INTERACTIVE[name])
        for total, text in typing:
            run_sliced(whole, total, total)
            run_sliced(sliced, total, size)
            assert sliced.statements == whole.statements
            whole.type(text)
            sliced.type(text)
        assert sliced.transcript == whole.transcript
        assert state(sliced) == state(whole)

    check()


@pytest.mark.parametrize("size", [1, 7, 255, 256, 300])
def test_a_due_timer_fires_at_the_same_statement_however_run_is_sliced(size: int) -> None:
    clock = ManualClock()
    cpc = CPC(clock=clock)
    cpc.load_basic("10 EVERY 50 GOSUB 100\n20 I=I+1:GOTO 20\n100 PRINT I;:RETURN")
    cpc.run(1)
    clock.now = 1.0  # 50 ticks: the timer is due
    run_sliced(cpc, 600, size)
    first = cpc.transcript.split()[0]
    assert first in ("0", "1"), f"the event was taken {first} loops late"


# -- the soak ----------------------------------------------------------------------------------


@pytest.mark.soak
@settings(max_examples=10_000, **SOAK)
@given(st.one_of(programs(), st.sampled_from(sorted(INTERACTIVE)).map(INTERACTIVE.get)),
       st.lists(ACTION, max_size=80), st.lists(ACTION, max_size=80))
def test_soak_random_programs_keys_and_snapshots(source: str, before, after) -> None:
    cpc = new_cpc()
    cpc.load_basic(source)
    check_twin(cpc, [("run", 300)] + before, after)
