"""What an attacker did at the Ready prompt, each tried with its neighbours (issue 41).

Typed variables overwrote each other; a printing loop kept every line in the host's
memory; ``PRINT USING``, ``DEC$`` and ``RND`` ended in "Unknown error" (a Python fault
shown as a BASIC error) and ``RND(1,2)`` left every later RUN failing; a listing of many
bad lines compiled in quadratic time and LOAD ignored the CPC's memory.  The cases are
generated; the random fuzz of typed lines is ``test_prompt_attack.py``.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

from machines.cpc import CPC, ReadyPrompt
from machines.cpc import compiler
from machines.cpc.errors import ERROR_MESSAGES
from machines.cpc import machine as cpc_machine
from machines.cpc.machine import TRANSCRIPT_KEPT
from machines.cpc.memory import POWER_ON_FREE
from machines.cpc.ready import Mode
from tests.sizes import sizes


def _prompt(disc: Path | None = None) -> ReadyPrompt:
    return ReadyPrompt(CPC(clock=lambda: 0.0), disc)


def _enter(p: ReadyPrompt, line: str, budget: int = 200_000) -> str:
    """Type a line and RETURN, run what it starts; what the machine printed meanwhile."""
    mark = p.cpc.printed
    p.type(line + "\r")
    ran = 0
    while p.mode is Mode.RUNNING:
        assert ran < budget, f"{line!r} still running"
        before = p.cpc.statements
        p.run(5_000)
        ran += p.cpc.statements - before + 1
    assert p.cpc.internal_error is None and p.internal_error is None
    return p.cpc.transcript_since(mark)


def _said(p: ReadyPrompt, line: str) -> list[str]:
    """The lines printed after the echoed one, ``Ready`` excluded."""
    return [s for s in _enter(p, line).split("\n")[1:] if s and s != "Ready"]


# -- variables typed at the prompt ---------------------------------------------------------

def _random_value(rng: random.Random, suffix: str) -> tuple[str, str]:
    """(BASIC literal, what PRINT shows) for a value of the suffix's type."""
    if suffix == "$":
        text = "".join(rng.choice("ABCXYZ 019") for _ in range(rng.randrange(0, 12)))
        return f'"{text}"', text
    n = rng.randrange(-32768, 32768) if suffix == "%" else rng.randrange(-999_999, 1_000_000)
    return str(n), (f" {n} " if n >= 0 else f"{n} ")


@pytest.mark.parametrize("seed", range(12))
def test_variables_typed_at_the_prompt_keep_their_own_values(seed: int) -> None:
    """Names of every type, typed in random order, some assigned twice: each PRINT gives
    that name's last value; the transcript and a snapshot still read, and a fresh
    machine restored from the snapshot gives the same values."""
    rng = random.Random(seed)
    names = sorted({rng.choice("ABXYZ") + rng.choice(("", "1", "Q", "AB")) + rng.choice("%!$")
                    for _ in range(10)})
    p = _prompt()
    if rng.random() < 0.5:  # with a program whose own variables come first, or none
        _enter(p, "10 A%=1:B$=\"P\":C=2")
    last: dict[str, str] = {}
    for _ in range(30):
        name = rng.choice(names)
        literal, shown = _random_value(rng, name[-1])
        assert _said(p, f"{name}={literal}") == []
        last[name] = shown
        probe = rng.choice(sorted(last))
        assert _said(p, f"PRINT {probe}") == [last[probe]][:len(last[probe])]
    for name in sorted(last):
        assert _said(p, f"PRINT {name}") == [last[name]][:len(last[name])]  # an empty string: no line
    snap = json.loads(json.dumps(p.snapshot()))
    fresh = _prompt()
    fresh.restore(snap)
    for name in sorted(last):
        assert _said(fresh, f"PRINT {name}") == [last[name]][:len(last[name])]
    assert fresh.cpc.free_bytes() == p.cpc.free_bytes()


@pytest.mark.parametrize("earlier", ["", "X=1", "A$=\"S\":B%=2", "Q=1:DIM W(3):R=2"])
def test_a_typed_loop_caught_in_a_snapshot_goes_on_in_a_fresh_machine(earlier: str) -> None:
    """A FOR typed at the prompt, stopped half-way in a snapshot, after other typed names:
    restored on a fresh machine it counts on with its own variable."""
    p = _prompt()
    if earlier:
        _enter(p, earlier)
    p.type("FOR K=1 TO 3000:T=T+K:NEXT:PRINT T;K\r")
    p.run(1_001)
    assert p.mode is Mode.RUNNING
    fresh = _prompt()
    fresh.restore(json.loads(json.dumps(p.snapshot())))
    for machine in (p, fresh):
        while machine.mode is Mode.RUNNING:
            machine.run(5_000)
        assert machine.cpc.transcript.rstrip().split("\n")[-2] == " 4501500  3001 "


def test_arrays_typed_at_the_prompt_are_kept_and_def_fn_is_for_programs() -> None:
    p = _prompt()
    assert _said(p, "DIM Q(5),N$(2)") == []
    _enter(p, 'Q(2)=4:N$(1)="HI"')
    assert _said(p, "PRINT Q(2);N$(1)") == [" 4 HI"]
    fresh = _prompt()
    fresh.restore(json.loads(json.dumps(p.snapshot())))
    assert _said(fresh, "PRINT Q(2);N$(1)") == [" 4 HI"]
    assert _said(p, "DEF FNA(X)=X*2") == [ERROR_MESSAGES[12]]  # Invalid direct command
    assert _said(p, '10 DEF FNA(X)=X*2:PRINT FNA(3)') == []
    assert _said(p, "RUN") == [" 6 "]


# -- the transcript is bounded ---------------------------------------------------------------

@pytest.mark.parametrize("shape", [
    '10 PRINT "HELLO ";I:I=I+1:GOTO 10',
    '10 PRINT STRING$(255,"X"):GOTO 10',
    '10 PRINT "A";:GOTO 10',
    '10 PRINT CHR$(7);CHR$(1);CHR$(27);"]2;T";CHR$(13):GOTO 10',
    '10 WHILE 1:PRINT I,I*2,STR$(I):I=I+1:WEND',
])
@sizes(everyday=16 * 1024, soak=TRANSCRIPT_KEPT, name="kept")
def test_a_printing_loop_keeps_a_bounded_transcript(shape: str, kept: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Many thousands of lines printed: what is kept stays under twice the kept size,
    ``printed`` counts every character, and the latest output is what is kept.  The everyday
    run keeps 16K characters (the same trims, a sixteenth of the printing); the soak the CPC's
    own ``TRANSCRIPT_KEPT``."""
    monkeypatch.setattr(cpc_machine, "TRANSCRIPT_KEPT", kept)
    p = _prompt()
    _enter(p, shape)
    p.type("RUN\r")
    for _ in range(2_000):
        if p.cpc.printed > 3 * kept:
            break
        p.run(4_000)
    assert p.mode is Mode.RUNNING
    assert p.cpc.printed > 3 * kept
    text = p.cpc.transcript
    assert kept <= len(text) <= 2 * kept
    assert sum(sys.getsizeof(piece) for piece in p.cpc._transcript) < 3 * kept + 100_000
    assert p.cpc.transcript_since(p.cpc.printed - 10) == text[-10:]
    assert p.cpc.transcript_since(0) == text  # what is no longer kept is simply gone
    snap = p.snapshot()
    assert len(snap["cpc"]["transcript"]) == kept  # a save holds the latest only
    p.type("\x1b\x1b")
    p.run(10)
    assert p.mode is Mode.READY


# -- faults are the CPC's errors, and leave the machine whole --------------------------------

_VALUES = ("1E28", "-1E28", "1E38", "1.7E38", "-1.7E38", "2.9E-39", "0", "-0.5", "32768", "1E10", "123456789")
_FORMATS = ('"#"', '"##.##"', '"+#.#"', '"#,###.##"', '"**$#.##"', '"##.##^^^^"', '"#.' + "#" * 60 + '"', '"&"')


def _cases() -> list[str]:
    cases = [f"PRINT USING {f};{v}" for f in _FORMATS for v in _VALUES]
    cases += [f"PRINT DEC$({v},{f})" for f in _FORMATS for v in _VALUES]
    cases += ["PRINT RND" + a for a in ("", "(1)", "(0)", "(-1)", "(1,2)", "(1,2,3)", "()", "(", '("A")')]
    cases += [f"X={e}" for e in ("RND(1,2)", "INT(1,2)", "ABS()", "MAX()", "MIN(1)", "ROUND(1,2,3)")]
    return cases


@pytest.mark.parametrize("line", _cases())
def test_a_fault_is_a_cpc_error_or_a_result_and_the_machine_stays_whole(line: str) -> None:
    """Typed, then as a program line: never "Unknown error"; afterwards a program
    still runs (a bad line does not break compilation of the others)."""
    p = _prompt()
    said = _said(p, line)
    assert "Unknown error" not in said
    assert all(s.strip() for s in said)
    _enter(p, f"10 {line}")
    _enter(p, '20 PRINT "ALIVE"')
    assert not [pr for pr in p.cpc.problems if "not understood" in pr.message]
    out = _said(p, "RUN")
    assert "Unknown error" not in " ".join(out)
    if p.mode is Mode.EDIT:  # a Syntax error opened line 10 in the editor: leave it
        p.type("\x1b")
    assert _said(p, "RUN 20") == ["ALIVE"]
    assert _said(p, "PRINT 2+2") == [" 4 "]


# -- LOAD and typed lines against the CPC's memory -------------------------------------------

def _listing(lines: int, body: str = "X=RND(1,2)+") -> str:
    return "".join(f"{n} {body}\r\n" for n in range(1, lines + 1))


@pytest.mark.parametrize("lines", [65535, 20_000, 5_000, 3_000])
def test_load_refuses_what_a_cpc_cannot_hold_and_keeps_the_program(
        tmp_path: Path, lines: int, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "BIG.BAS").write_text(_listing(lines))
    p = _prompt(tmp_path)
    _enter(p, '10 PRINT "MINE"')
    calls = []
    real = compiler.compile_program

    def counted(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(sys.modules["machines.cpc.machine"], "compile_program", counted)
    assert _said(p, 'LOAD "BIG"') == [ERROR_MESSAGES[7]]  # Memory full
    monkeypatch.undo()
    assert calls == []  # refused before anything was compiled
    assert p.cpc.lines == {10: 'PRINT "MINE"'}
    assert _said(p, "RUN") == ["MINE"]


def test_load_takes_what_fits_and_a_typed_line_past_the_memory_is_refused(tmp_path: Path) -> None:
    filler = 'REM ' + "X" * 240
    (tmp_path / "FIT.BAS").write_text(_listing(100) + _listing(150, filler).replace("\r\n", "\n"))
    p = _prompt(tmp_path)
    assert _said(p, 'LOAD "FIT"') == []
    assert len(p.cpc.lines) == 150  # the second lines 1-100 replaced the first ones
    number = 2000
    while (said := _said(p, f"{number} {filler}")) == []:
        assert number < 2200, "never refused"
        number += 1
    assert said == [ERROR_MESSAGES[7]] and number not in p.cpc.lines  # Memory full
    assert p.cpc.free_bytes() < 260  # refused only when the line would not fit
    assert _said(p, f"{number} REM") == []  # a small line still fits


def _compiler_lines_run(program: dict[int, str]) -> int:
    """Lines of ``compiler.py`` run to compile a program (a count of work, not a time)."""
    count = 0
    target = compiler.__file__

    def local(frame, event, arg):
        nonlocal count
        if event == "line":
            count += 1
        return local

    def tracer(frame, event, arg):
        return local if frame.f_code.co_filename == target else None

    sys.settrace(tracer)
    try:
        compiler.compile_program(program, {})
    finally:
        sys.settrace(None)
    return count


@pytest.mark.parametrize("body", ["X=RND(1,2)+", "FOR I=1 TO", "IF X THEN PRINT +", "FOR I=1 TO 2", "WHILE 1",
                                  "RESTORE 5:PRINT (", "NEXT I,J"])
def test_a_listing_of_many_bad_lines_compiles_in_linear_work(body: str) -> None:
    """Four times the lines cost about four times the compiler's work (quadratic: sixteen; a
    quadratic part of one traced line per pair of lines already shows at these sizes)."""
    small = _compiler_lines_run({n: body for n in range(1, 151)})
    large = _compiler_lines_run({n: body for n in range(1, 601)})
    assert large < 4.6 * small


# -- the reset (Ctrl+Shift+Esc) ---------------------------------------------------------------

_RESET_CASES = {
    "ON BREAK CONT loop": ("10 ON BREAK CONT\r20 I=I+1:GOTO 20\rRUN\r", Mode.RUNNING),
    "ON BREAK GOSUB loop": ("10 ON BREAK GOSUB 30\r20 GOTO 20\r30 RETURN\rRUN\r", Mode.RUNNING),
    "INPUT wait": ('10 ON BREAK CONT:INPUT "N";N\rRUN\r', Mode.RUNNING),
    "INKEY$ wait": ("10 ON BREAK CONT\r20 IF INKEY$=\"\" THEN 20\rRUN\r", Mode.RUNNING),
    "direct loop": ("ON BREAK CONT:WHILE 1:X=X+1:WEND\r", Mode.RUNNING),
    "AUTO": ("AUTO 100\r100 PRINT\r", Mode.AUTO),
    "EDIT": ("10 PRINT 1\rEDIT 10\r\xf3\xf3", Mode.EDIT),
    "half a line": ("10 PRI", Mode.READY),
}


@pytest.mark.parametrize("case", sorted(_RESET_CASES))
def test_a_reset_ends_anything_and_gives_the_machine_as_switched_on(case: str) -> None:
    keys, mode = _RESET_CASES[case]
    p = _prompt()
    p.type(keys)
    for _ in range(5):
        p.run(3_000)
    if p.mode is Mode.RUNNING:  # ESC ESC: ignored by ON BREAK CONT, a handler's call for ON BREAK GOSUB
        p.type("\x1b\x1b")
    for _ in range(3):
        p.run(3_000)
    assert p.mode is mode
    fresh = _prompt()
    p.reset()
    assert p.mode is Mode.READY and p.line == ""
    assert p.cpc.lines == {} and p.cpc.free_bytes() == POWER_ON_FREE
    assert p.cpc.screen_text() == fresh.cpc.screen_text() and p.cpc.transcript == ""
    assert p.run(1_000) is None  # nothing runs
    assert _said(p, "PRINT X;N") == [" 0  0 "]
    assert _said(p, "10 PRINT 5") == [] and _said(p, "RUN") == [" 5 "]
