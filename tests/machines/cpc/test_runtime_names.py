"""The compiler/runtime contract: every name compiled code can use is bound.

The compiler emits runtime calls only through ``machines.cpc.runtime.names``; each
runtime module binds the names of its concern.  These tests close the loop from both
sides: the compiler's source has no runtime name written as text, every name of the
contract is bound (by the module that owns it), and the code compiled from a wide set
of programs uses no global the runtime does not define.
"""

from __future__ import annotations

import builtins
import dis
import io
import re
import tokenize
from pathlib import Path

import pytest

import machines.cpc.compiler as compiler_module
from machines.cpc import CPC
from machines.cpc.runtime import BINDERS, build_namespace, names

CORPUS = Path(__file__).with_name("corpus")
LAZARD = Path(__file__).resolve().parents[3] / "games" / "lazard_othello" / "othello.bas"

# a program touching every statement and function the compiler knows
EVERYTHING = """\
10 DEFINT I:DEFSTR S:DEFREAL R:DIM A(3),B%(2,2),C$(1,1,1):ERASE C$:DIM C$(2,2,2)
20 A(1)=1:B%(1,1)=2:C$(1,1,1)="X":X=A(1)+B%(1,1):S=C$(1,1,1)+"Y":E(1,1,1)=1:F$(1)="A":G$(1,1)="B"
30 FOR I=1 TO 3 STEP 1:NEXT I:FOR R=1 TO 2:NEXT:WHILE X<0:WEND
40 GOSUB 200:ON 1 GOSUB 200:ON 2 GOTO 50,50
50 IF X>1 THEN X=X-1 ELSE X=X+1
60 PRINT X;-X,"A";TAB(3);SPC(2);USING "##.#";X:PRINT #1,"W":WRITE X,"S"
70 INPUT "N";N:LINE INPUT "L";L$:INPUT #0,M
80 READ D,D$:RESTORE 80:RESTORE:DATA 1,"A"
90 MID$(S,1,1)="Z":X=ASC(S)+LEN(S)+VAL("1")+INSTR(S,"Z")+INSTR(1,S,"Z")
100 S=CHR$(65)+LEFT$(S,1)+RIGHT$(S,1)+MID$(S,1,1)+STR$(1)+STRING$(2,"A")+SPACE$(1)
110 S=HEX$(255,2)+BIN$(5,4)+DEC$(1.5,"#.#")+UPPER$("a")+LOWER$("A")+INKEY$+COPYCHR$(#0)
120 X=INT(1.5)+FIX(1.5)+ROUND(1.5,1)+CINT(1.5)+UNT(1)+SGN(-1)+SQR(4)+SIN(1)+COS(1)+TAN(1)
130 X=ATN(1)+EXP(1)+LOG(2)+LOG10(2)+FRE(0)+INKEY(1)+REMAIN(0)+RND(1)+RND+TIME+ERR+ERL
140 X=ABS(-1)+MAX(1,2)+MIN(1,2)+PI+POS(#0)+VPOS(#0)+(1 AND 2)+(1 OR 2)+(1 XOR 2)+(NOT 1)
150 I=I+1:X=7 MOD 2+7\\2+7/2+2^3:X%=X:DEF FNF(Q)=Q*2:X=FNF(2):DEF FNG$(Q$)=Q$:S=FNG$("A")
160 CLS:MODE 1:LOCATE 1,1:PEN 1:PAPER 0:INK 1,24:BORDER 1:ZONE 13:WINDOW #1,1,10,1,5
170 WINDOW SWAP 0,1:DEG:RAD:RANDOMIZE 1:RANDOMIZE:CALL &BB18:CLEAR INPUT:DI:EI
180 AFTER 50 GOSUB 200:EVERY 50,1 GOSUB 200:ON ERROR GOTO 0:ON BREAK GOSUB 200:ON BREAK STOP
190 ON BREAK CONT:ERROR 5:RESUME:RESUME NEXT:RESUME 10:CLEAR:STOP:END:RUN 10:RUN
200 RETURN
210 GOTO 999
220 FOR J=1 TO 2
"""


def _literal_texts(source: str) -> list[str]:
    """The literal parts of every string in a module's source (f-string fields removed)."""
    texts = []
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.STRING:
            text = tok.string
            if re.match(r"[rR]?[fF]", text):
                text = re.sub(r"\{[^{}]*(\{[^{}]*\}[^{}]*)*\}", "", text.replace("{{", "").replace("}}", ""))
            texts.append(text)
    return texts


def test_the_compiler_writes_no_runtime_name_as_text() -> None:
    source = Path(compiler_module.__file__).read_text()
    word = re.compile(r"(?<![A-Za-z0-9_@.])(%s)(?![A-Za-z0-9_@])" % "|".join(
        sorted((re.escape(n) for n in names.ALL), key=len, reverse=True)))
    offenders = [t for t in _literal_texts(source) if word.search(t)]
    # "V" is also the WHILE placeholder's letter in @V@ and a one-letter kind; both are
    # excluded by the @ boundaries and by being compared, not emitted
    assert [t for t in offenders if t not in ('"V"',)] == []


def test_every_name_of_the_contract_is_bound() -> None:
    ns = build_namespace(CPC())
    assert names.ALL - set(ns) == set()
    assert set(ns) - names.ALL == set()  # and the runtime binds nothing off the contract


@pytest.mark.parametrize("concern", sorted(BINDERS))
def test_each_runtime_module_binds_exactly_its_concern(concern: str) -> None:
    assert set(BINDERS[concern](CPC())) == names.BY_CONCERN[concern]


def _globals_used(functions: list) -> set[str]:
    used: set[str] = set()
    for f in functions:
        stack = [f.__code__]
        while stack:
            code = stack.pop()
            for ins in dis.get_instructions(code):
                if ins.opname in ("LOAD_GLOBAL", "LOAD_NAME", "STORE_GLOBAL"):
                    used.add(ins.argval)
            stack.extend(c for c in code.co_consts if hasattr(c, "co_code"))
    return used


def _programs() -> list[str]:
    texts = [p.read_text() for p in sorted(CORPUS.glob("*.bas"))]
    if LAZARD.exists():
        texts.append(LAZARD.read_text())
    return texts + [EVERYTHING]


def test_compiled_code_uses_only_names_the_runtime_binds() -> None:
    everything_compiled = False
    for text in _programs():
        cpc = CPC()
        cpc.load_basic(text)
        compiled = cpc._compile()
        own = {k for k in compiled.namespace if re.fullmatch(r"s\d+|fn\d+_\d+", k)}
        functions = [compiled.namespace[k] for k in own]
        unknown = _globals_used(functions) - names.ALL - own - set(dir(builtins))
        assert unknown == set(), unknown
        everything_compiled |= text is EVERYTHING
    assert everything_compiled


def test_the_everything_program_reaches_most_of_the_contract() -> None:
    cpc = CPC()
    assert cpc.load_basic(EVERYTHING) == []
    compiled = cpc._compile()
    functions = [v for k, v in compiled.namespace.items() if re.fullmatch(r"s\d+|fn\d+_\d+", k)]
    used = _globals_used(functions) & names.ALL
    # every name of the contract is emitted by some statement: none is dead
    assert names.ALL - used == set(), sorted(names.ALL - used)
