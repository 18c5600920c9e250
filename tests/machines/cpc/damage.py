"""Generated damage for CPC and Ready-prompt snapshots, and random lines for the prompt.

``damage(snapshot, rng)`` returns a copy of a real snapshot hurt at one random place: a
value of the wrong type or out of range, a deleted key, a list cut short or grown,
deep nesting, a huge number.  ``snapshot_campaign`` restores many such copies: each
must either be refused with ``ValueError("snapshot field '<path>': ...")`` leaving the
machine exactly as it was, or give a machine that then runs and takes keys without any
other exception.  ``prompt_campaign`` types random program lines and direct-mode lines
at the Ready prompt with a statement budget: every outcome must be a BASIC error or a
result.  Both return counts (tried, refused, accepted, crashes) for the report.
"""

from __future__ import annotations

import copy
import json
import random
import traceback
from dataclasses import dataclass, field
from typing import Any, Callable

from machines.cpc import CPC, ReadyPrompt, RunState
from machines.cpc.ready import Mode


@dataclass
class Counts:
    tried: int = 0
    refused: int = 0
    accepted: int = 0
    crashes: list[str] = field(default_factory=list)

    def line(self, what: str) -> str:
        return (f"{what}: tried {self.tried}, refused {self.refused}, accepted {self.accepted}, "
                f"crashes {len(self.crashes)}")


def _paths(value: Any, path: tuple = ()) -> list[tuple]:
    """Every place in a JSON value (the root excluded)."""
    out = []
    if isinstance(value, dict):
        for k, v in value.items():
            out.append(path + (k,))
            out.extend(_paths(v, path + (k,)))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out.append(path + (i,))
            out.extend(_paths(v, path + (i,)))
    return out


def _nested(depth: int) -> Any:
    value: Any = 0
    for _ in range(depth):
        value = [value]
    return value


def _wrong_value(rng: random.Random, old: Any) -> Any:
    pool = [
        None, True, False, 0, -1, -7, 1, 2, 3, 7, 15, 16, 26, 27, 31, 40, 79, 80, 255, 256, 506,
        32767, 32768, -32769, 65535, 65536, 2**31, 2**40, -2**40, 10**30, 1.5, -0.5, 1e300,
        1e39, "NaN", "x", "", "\n", "é" * 300, "A" * 300, [], [0], [[]], {}, {"a": 1},
        _nested(rng.choice((5, 50, 1000))),
    ]
    if isinstance(old, bool):
        pool += [0, 1, "true"]
    elif isinstance(old, int):
        pool += [old + 1, old - 1, -old, old * 1000 + 7, float(old), str(old)]
    elif isinstance(old, float):
        pool += [float("nan"), float("inf"), -float("inf"), int(old), str(old)]
    elif isinstance(old, str):
        pool += [old + "x", old[:-1], old * 3, old.upper(), 5, ["x"]]
    return rng.choice(pool)


_PATHS: dict[int, list[list[tuple]]] = {}


def damage(snap: Any, rng: random.Random) -> tuple[Any, str]:
    """A copy of ``snap`` hurt at one random place, and what was done (the containers on
    the way to that place are copied; ``snap`` itself is left whole)."""
    groups = _PATHS.get(id(snap))
    if groups is None:  # by where they lead (two levels), so the screen's 3000 cells do not drown the rest
        by_head: dict[tuple, list[tuple]] = {}
        for p in _paths(snap):
            by_head.setdefault(p[:2], []).append(p)
        groups = _PATHS[id(snap)] = list(by_head.values())
    path = rng.choice(rng.choice(groups))
    snap = copy.copy(snap)
    parent = snap
    for step in path[:-1]:
        parent[step] = copy.copy(parent[step])
        parent = parent[step]
    last = path[-1]
    old = parent[last] = copy.deepcopy(parent[last])
    how = rng.random()
    if how < 0.12 and isinstance(parent, dict):
        del parent[last]
        return snap, f"deleted {path}"
    if how < 0.22 and isinstance(old, list):
        cut = rng.randrange(len(old) + 1) if old else 0
        parent[last] = old[:cut] if rng.random() < 0.7 else old + old[: rng.randrange(1, 4)] + [0]
        return snap, f"resized list {path}"
    if how < 0.27 and isinstance(old, dict) and old:
        key = rng.choice(list(old))
        old[key + "X" if isinstance(key, str) else key] = old.pop(key)
        return snap, f"renamed key in {path}"
    if how < 0.32 and isinstance(old, str) and old:
        i = rng.randrange(len(old))
        parent[last] = old[:i] + rng.choice("\x00\r\n\"\x7f\xff€9-A:") + old[i + 1:]
        return snap, f"changed a character of {path}"
    parent[last] = new = _wrong_value(rng, old)
    shown = f"a list nested {_depth(new)} deep" if isinstance(new, list) else repr(new)[:40]
    return snap, f"{path} = {shown}"


def _depth(value: Any) -> int:
    depth = 0
    while isinstance(value, list) and value:
        value, depth = value[0], depth + 1
    return depth


def _state(snapshot: Callable[[], Any]) -> str:
    return json.dumps(snapshot(), sort_keys=True)


def _exercise_cpc(cpc: CPC, rng: random.Random) -> None:
    for _ in range(3):
        cpc.run(rng.choice((1, 50, 500)))
        assert cpc.internal_error is None, repr(cpc.internal_error)
        cpc.type(rng.choice(("5\r", "A\r", "\x1b\x1b", "", "\r", "O\r")))
    cpc.screen_text(), cpc.pen, cpc.paper, cpc.cursor, cpc.transcript
    json.dumps(cpc.snapshot())


def _exercise_prompt(prompt: ReadyPrompt, rng: random.Random) -> None:
    for _ in range(3):
        if prompt.mode is Mode.RUNNING:
            prompt.run(rng.choice((1, 50, 500)))
        else:
            prompt.type(rng.choice(("PRINT 1\r", "LIST\r", "\xf0\xf3X\x7f", "RUN\r", "CONT\r", "\xf4\xe0")))
        assert prompt.internal_error is None and prompt.cpc.internal_error is None
        prompt.type(rng.choice(("5\r", "\x1b", "\r", "")))
    prompt.cpc.screen_text(), prompt.cpc.cursor, prompt.line, prompt.copy_cursor
    json.dumps(prompt.snapshot())


def snapshot_campaign(snapshots: list[tuple[str, Any]], tries: int, seed: int,
                      prompt: bool = False) -> Counts:
    """Restore ``tries`` damaged copies of the snapshots (CPC ones, or Ready-prompt ones
    with ``prompt``) into a machine in a known state."""
    rng = random.Random(seed)
    counts = Counts()
    targets: dict[str, tuple[Any, str]] = {}
    for n in range(tries):
        name, snap = snapshots[n % len(snapshots)]
        hurt, what = damage(snap, rng)
        if name not in targets:  # a machine holding the undamaged snapshot: the state to keep
            target: Any = ReadyPrompt(CPC(clock=lambda: 0.0)) if prompt else CPC(clock=lambda: 0.0)
            target.restore(snap)
            targets[name] = target, _state(target.snapshot)
        target, before = targets[name]
        counts.tried += 1
        try:
            target.restore(hurt)
        except ValueError as exc:
            counts.refused += 1
            if not str(exc).startswith("snapshot field '") or _state(target.snapshot) != before:
                counts.crashes.append(f"{name}: {what}: refused badly: {exc}")
                del targets[name]
            continue
        except Exception:  # noqa: BLE001 - what the campaign is looking for
            counts.crashes.append(f"{name}: {what}: restore raised\n{traceback.format_exc()}")
            del targets[name]
            continue
        counts.accepted += 1
        try:
            if prompt:
                _exercise_prompt(target, rng)
            else:
                _exercise_cpc(target, rng)
        except Exception:  # noqa: BLE001
            counts.crashes.append(f"{name}: {what}: accepted, then\n{traceback.format_exc()}")
        try:
            target.restore(snap)  # back to the state to keep (the same listing: quick)
        except Exception:  # noqa: BLE001
            counts.crashes.append(f"{name}: {what}: the undamaged snapshot no longer restores")
            del targets[name]
    return counts


# -- real snapshots to damage ------------------------------------------------------------------

RICH = "\n".join([
    "10 DEFINT I:DIM A$(3),R(2,2),N%(4):DEF FNS(X)=X*X",
    "20 EVERY 50 GOSUB 200:ON ERROR GOTO 300:ON BREAK GOSUB 400",
    "30 WINDOW #1,2,20,3,10:PAPER #1,2:PEN #1,3:INK 2,6,9:BORDER 4",
    "40 FOR I=1 TO 3:A$(I)=STRING$(I,64+I):R(I-1,I-1)=FNS(I)/3:N%(I)=I*7:NEXT",
    "50 K=0:WHILE K<2:K=K+1:GOSUB 100:WEND",
    "60 PRINT #1,\"HELLO\";CHR$(31);:INPUT \"NAME\";N$:LINE INPUT L$:PRINT N$;L$",
    "70 FOR J=1 TO 1000:X=X+J:NEXT J:PRINT X:END",
    "100 FOR Q=1 TO 2:PRINT Q;:NEXT:RETURN",
    "200 PRINT \"T\";:RETURN",
    "300 PRINT ERR;ERL:RESUME NEXT",
    "400 PRINT \"B\":RETURN",
])


def real_snapshots(othello: str) -> tuple[list[tuple[str, Any]], list[tuple[str, Any]]]:
    """CPC snapshots (Lazard's Othello mid-game and mid-move, a program with arrays,
    strings, DEF FN, timers, windows and a stack) and Ready-prompt snapshots (a line
    being typed, a direct statement running, a program running from the prompt)."""
    cpcs: list[tuple[str, Any]] = []
    game = CPC(clock=lambda: 0.0)
    game.load_basic(othello)
    game.run(100_000)
    cpcs.append(("othello asks X or O", json.loads(json.dumps(game.snapshot()))))
    game.type("X\r")
    game.run(100_000)
    game.type("D\r")
    game.run(100_000)
    game.type("3\r")
    game.run(1_500)
    cpcs.append(("othello thinking", json.loads(json.dumps(game.snapshot()))))
    game.run(100_000)
    cpcs.append(("othello asks a column", json.loads(json.dumps(game.snapshot()))))
    rich = CPC(clock=lambda: 0.0)
    rich.load_basic(RICH)
    rich.run(40)
    cpcs.append(("rich mid-loop", json.loads(json.dumps(rich.snapshot()))))
    rich.run(100_000)
    rich.type("AB\r")
    cpcs.append(("rich in INPUT", json.loads(json.dumps(rich.snapshot()))))
    rich.type("\x1b\x1b")
    rich.run(10)
    cpcs.append(("rich after a break", json.loads(json.dumps(rich.snapshot()))))

    prompts: list[tuple[str, Any]] = []
    p = ReadyPrompt(CPC(clock=lambda: 0.0))
    p.type('10 FOR I=1 TO 500:A$=A$+"X":NEXT\r20 PRINT LEN(A$)\rAUTO 30,5\r30 REM\r\x1b')
    p.type("10 PRI\xf2\xf2\xf4\xf4\xe0")
    prompts.append(("prompt editing", json.loads(json.dumps(p.snapshot()))))
    p.type("\x1bRUN\r")
    p.run(200)
    prompts.append(("prompt running", json.loads(json.dumps(p.snapshot()))))
    p.run(100_000)
    p.type("FOR K=1 TO 100000:NEXT\r")
    p.run(50)
    prompts.append(("prompt direct statement", json.loads(json.dumps(p.snapshot()))))
    q = ReadyPrompt(CPC(clock=lambda: 0.0))
    q.cpc.load_basic(othello)
    q.type("RUN\r")
    q.run(100_000)
    q.type("O\r")
    q.run(3_000)
    prompts.append(("prompt othello", json.loads(json.dumps(q.snapshot()))))
    return cpcs, prompts


# -- random lines typed at the Ready prompt -----------------------------------------------------

_WORDS = (
    "PRINT", "?", "A", "B$", "C%", "I", "A(", "B$(", "C%(", "=", "+", "-", "*", "/", "\\", "^", "(", ")", ",",
    ";", ":", '"', '"HI"', "1", "0", "-1", "255", "256", "32767", "32768", "1E38", "1E39", ".5", "&FF",
    "FOR", "TO", "STEP", "NEXT", "WHILE", "WEND", "GOTO", "GOSUB", "RETURN", "IF", "THEN", "ELSE", "ON",
    "ERROR", "RESUME", "DIM", "ERASE", "CLEAR", "DEF", "FN", "FNF(", "READ", "DATA", "RESTORE", "INPUT",
    "LINE INPUT", "STRING$(", "SPACE$(", "MID$(", "LEFT$(", "CHR$(", "ASC(", "LEN(", "VAL(", "STR$(",
    "FRE(", "INKEY$", "LOCATE", "MODE", "PEN", "PAPER", "INK", "BORDER", "WINDOW", "#1", "CLS",
    "EVERY", "AFTER", "DI", "EI", "END", "STOP", "CONT", "RUN", "LIST", "NEW", "DELETE", "RENUM",
    "AUTO", "EDIT", "CALL", "&BB18", "TAB(", "SPC(", "USING", '"##.#"', "MOD", "AND", "OR", "NOT",
    "20000", "13106", "9999", "10", "20", "100", "65535", "65536",
    "RND(", "DEC$(", "HEX$(", "BIN$(", "ROUND(", "INSTR(", "MAX(", "MIN(", "INT(", "FIX(", "ABS(", "SGN(",
    "SQR(", "LOG(", "EXP(", "SIN(", "ATN(", "UPPER$(", "RIGHT$(", "INKEY(", "POS(#0)", "VPOS(#0)", "ERR",
    "ERL", "TIME", "PI", "1E28", "-1E38", "1.7E38", "2.9E-39", "-32768", "&X101", '"#"', '"+##.##^^^^"',
    '"&"', '"!"', "XOR", "<", ">", "<=", "<>", "X", "Y", "S$", "ZONE", "DEFINT", "DEFSTR", "DEFREAL",
    "SWAP", "WRITE", "RANDOMIZE", "ERROR", "ON BREAK CONT", "ON BREAK GOSUB", "COPYCHR$(#0)",
)
_SHAPES = (
    "{n} {s}", "{n} {s}", "{s}", "{n}", "{n} FOR I=1 TO {k}:{s}:NEXT", "DIM A({k}):{s}",
    "{n} DIM A$({k}):FOR I=0 TO {k}:A$(I)=STRING$(255,\"X\"):NEXT", "RUN", "RUN {n}", "GOTO {n}",
    "LIST", "CONT", "RENUM {n},{m},{k}", "DELETE {m}-{n}", "AUTO {n},{k}", "EDIT {n}", "NEW",
    "{n} GOTO {m}", "{n} GOSUB {m}:RETURN", "PRINT FRE(0);FRE(\"\")", "{n} WHILE 1:{s}:WEND",
    "X={k}", "S$=\"{k}\"", "PRINT X;S$;{s}", "PRINT {s}", "?{s}", "X={s}", "S$={s}",
    "PRINT USING {s}", "{n} PRINT {s}",
)


def random_line(rng: random.Random) -> str:
    statement = " ".join(rng.choice(_WORDS) for _ in range(rng.randrange(1, 9)))
    return rng.choice(_SHAPES).format(
        n=rng.choice((10, 20, 30, 40, 100, 65535, 0, 65536)), m=rng.choice((10, 20, 30, 5, 99999)),
        k=rng.choice((1, 3, 10, 100, 9999, 13106, 32767, -1, 0)), s=statement)


def prompt_campaign(lines: int, seed: int, budget: int = 20_000) -> Counts:
    """Type ``lines`` random lines (program lines, commands, direct statements, stray
    keys) at one Ready prompt, running what starts for at most ``budget`` statements
    (then ESC ESC).  Refused: the line ended in a BASIC error message; accepted: it
    gave a result; a crash is any Python exception or interpreter fault, an "Unknown
    error" (a Python fault shown as a BASIC error) or a line the compiler did not
    understand (``Problem`` "not understood")."""
    from machines.cpc.errors import ERROR_MESSAGES

    rng = random.Random(seed)
    counts = Counts()
    prompt = ReadyPrompt(CPC(clock=lambda: 0.0))
    messages = tuple(ERROR_MESSAGES.values()) + ("Unknown error",)
    for _ in range(lines):
        line = random_line(rng)
        keys = line + rng.choice(("\r", "\r", "\r", "\x7f\r", "\x1b", "\xf2X\r", "\xf4\xe0\r"))
        counts.tried += 1
        mark = prompt.cpc.printed
        try:
            prompt.type(keys)
            ran = 0
            while prompt.mode is Mode.RUNNING:
                if ran >= budget:
                    prompt.type("\x1b\x1b")
                before = prompt.cpc.statements
                state = prompt.run(2_000)
                ran += prompt.cpc.statements - before
                if state is RunState.WAITING_INPUT or state is RunState.WAITING_KEY:
                    prompt.type(rng.choice(("1\r", "A\r", "\r", " ")))
                if ran > 3 * budget:
                    raise AssertionError(f"still running after ESC ESC: {line!r}")
            if prompt.internal_error is not None or prompt.cpc.internal_error is not None:
                raise AssertionError(f"interpreter fault {prompt.internal_error or prompt.cpc.internal_error!r}")
            prompt.cpc.screen_text(), prompt.cpc.cursor, prompt.line
            json.dumps(prompt.snapshot())
            said = prompt.cpc.transcript_since(mark)
            if "Unknown error" in said:
                raise AssertionError(f"Unknown error: {said[-200:]!r}")
            faults = [p for p in prompt.cpc.problems if "not understood" in p.message]
            if faults:
                raise AssertionError(f"compiler fault: {faults[0]}")
        except Exception:  # noqa: BLE001 - what the campaign is looking for
            counts.crashes.append(f"{line!r}\n{traceback.format_exc()}")
            prompt = ReadyPrompt(CPC(clock=lambda: 0.0))
            continue
        if any(m in said for m in messages):
            counts.refused += 1
        else:
            counts.accepted += 1
        if rng.random() < 0.02:
            prompt = ReadyPrompt(CPC(clock=lambda: 0.0))  # a fresh machine now and then
    return counts
