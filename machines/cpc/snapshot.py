"""Reading a CPC snapshot back: every field checked for type and range before use.

``CPC.restore`` and ``ReadyPrompt.restore`` read what ``snapshot()`` wrote -- usually from a
save file, which may have been damaged or edited.  ``read_cpc`` checks every field (through
``machines.fields``) against what the machine can hold (screen cells, pens and inks in range,
variables of their type, arrays of their shape, program pointers inside the compiled program,
stack entries as the runtime makes them, memory within a CPC 6128's) and returns it as a
``CpcState`` ready to assign.  The first bad field raises ``ValueError`` whose message starts
``snapshot field '<path>'``; since nothing is assigned before every field has passed, a refused
snapshot leaves the machine as it was.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from typing import Any

from machines.cpc.compiler import CompiledProgram, compile_program
from machines.cpc.memory import (ELEMENT_BYTES, POWER_ON_FREE, array_bytes, fixed_bytes, strings_bytes,
                                 variable_bytes)
from machines.cpc.numbers import REAL_MAX
from machines.cpc.runtime.control import FOR, GOSUB, STACK_BYTES, WHILE, frame_bytes
from machines.cpc.screen import _CONTROL_PARAMS, MODE_WIDTH, ROWS, Screen, Window
from machines.fields import Field

__all__ = ["CpcState", "read_cpc", "read_screen"]

_LINE_MAX = 65535
_BIG = 1 << 62  # counters (statements, ticks) and texts (the transcript) far beyond any real session
_STATES = ("ready", "ended", "stopped", "error", "waiting_input", "waiting_key", "budget")


def _real(f: Field, limit: float = REAL_MAX) -> float:
    """A number a CPC real variable holds."""
    if abs(f.number()) > limit:
        f.fail("is not a CPC real")
    return float(f.value)


def _basic(f: Field, suffix: str) -> Any:
    """A BASIC value of the type a variable's suffix gives."""
    if suffix == "$":
        return f.str(255)
    if suffix == "%":
        return f.int(-32768, 32767)
    return _real(f)


def _basic_list(f: Field, suffix: str, size: int) -> list[Any]:
    """An array's ``size`` values (integer arrays, the most common, without a field each)."""
    if suffix == "%":
        return f.ints(-32768, 32767, size, size)
    return f.each(lambda v: _basic(v, suffix), size, size)


def _char(f: Field) -> str:
    """One typed character."""
    if len(f.str(_BIG)) != 1:
        f.fail("is not one character")
    return f.value


def _key(f: Field, name: Any, table: dict[tuple[str, str], int]) -> tuple[str, str]:
    """A variable's snapshot name (``"A%"``) as a key of this program's table."""
    key = (name[:-1], name[-1]) if isinstance(name, str) and name else None
    if key not in table:
        f.refuse("is not a name this program uses")
    return key


_TYPED_NAMES = 4096  # names a typed line may add beside the program's (each takes memory when made)


def _typed_key(f: Field, name: Any, table: dict[tuple[str, str], int], typed: set) -> tuple[str, str]:
    """A name of this program's table, or one a line typed at the Ready prompt made
    (a BASIC variable name not in the program)."""
    if isinstance(name, str) and name and (name[:-1], name[-1]) in table:
        return (name[:-1], name[-1])
    if not (isinstance(name, str) and _NAME.fullmatch(name)):
        f.refuse("is not a BASIC variable name")
    key = (name[:-1], name[-1])
    typed.add(key)
    if len(typed) > _TYPED_NAMES:
        f.refuse("is one name too many beside the program's")
    return key


_NAME = re.compile(r"[A-Z][A-Z0-9.]{0,39}[%!$]")


def _with_typed(table: dict[tuple[str, str], int], read: dict) -> dict[tuple[str, str], int]:
    """The program's table and, after it, the names typed lines made (the tuple keys of
    ``read``), numbered in their order as ``CPC._adopt_variable`` numbers them."""
    out = dict(table)
    for key in read:
        if isinstance(key, tuple) and key not in out:
            out[key] = len(out)
    return out


@dataclass
class CpcState:
    """A checked snapshot: everything ``CPC.restore`` assigns."""

    lines: dict[int, str]
    compiled: CompiledProgram  # compiled in a scratch namespace (slots, sizes, names)
    screen: Screen
    scalars: dict[int | tuple[str, str], Any]  # slot (or a typed line's name) -> value
    created: list[int | tuple[str, str]]  # the variables created so far in this run
    arrays: dict[int | tuple[str, str], tuple[tuple[int, ...], list]]  # slot or name -> (dims, flat data)
    array_bytes: dict[int | tuple[str, str], int]  # slot or name -> what the array takes of the memory
    strings_bytes: int  # what the strings' text takes in the strings area
    functions: dict[int, str]  # slot -> generated function name
    stack: list[list]
    state: str
    statements: int
    error: tuple[int, int] | None
    pc: int
    data_ptr: int
    on_error: int
    on_break: int
    timers: list[list | None]
    timer_calls: list[tuple[int, int]]  # per timer: calls owed, their subroutine's pc
    events_on: bool
    in_event: int  # 0, or 1 + the timer whose subroutine runs
    in_handler: bool
    err: tuple[int, int, int]
    stopped_after: bool
    keys: list[str]
    esc_pending: bool
    break_requested: bool
    in_input: bool
    edit: list[str]
    line_ready: str | None
    idle: int
    rnd: int
    deg: bool
    zone: int
    time: float
    transcript: str
    direct: dict[str, Any] | None


def read_lines(f: Field) -> dict[int, str]:
    """The listing: line numbers 1..65535 spelt as ``str(n)``, bodies of one text line."""
    lines: dict[int, str] = {}
    for key, body_f in f.items():
        if not (key.isascii() and key.isdigit() and len(key) <= 5 and str(int(key)) == key
                and 1 <= int(key) <= _LINE_MAX):
            body_f.refuse("is not a line number 1..65535")
        body = body_f.str(255)
        if "\n" in body or "\r" in body or not body.strip():
            body_f.refuse("is not one line of program text")
        lines[int(key)] = body
    return dict(sorted(lines.items()))


def read_screen(f: Field) -> Screen:
    """The text screen: mode, inks, border, 25 rows of cells, 8 windows, stream."""
    mode = f["mode"].choice((0, 1, 2))
    width = MODE_WIDTH[mode]
    inks = [ink.ints(0, 26, 2, 2) for ink in f["inks"].list(16, 16)]
    border = f["border"].ints(0, 26, 2, 2)
    chars = []
    for row in f["chars"].list(ROWS, ROWS):
        if len(row.str()) != width:
            row.refuse(f"has {len(row.value)} characters, not the {width} of MODE {mode}")
        chars.append(list(row.value))
    pens = [row.ints(0, 15, width, width) for row in f["pens"].list(ROWS, ROWS)]
    papers = [row.ints(0, 15, width, width) for row in f["papers"].list(ROWS, ROWS)]
    windows = [_window(w, width) for w in f["windows"].list(8, 8)]
    stream = f["stream"].int(0, 7)
    pending = f["pending"].ints(0, 0x10FFFF, 0, 10)
    if pending:
        code = pending[0]
        if code > 31 or not _CONTROL_PARAMS[code] or len(pending) - 1 >= _CONTROL_PARAMS[code]:
            f["pending"].refuse("is not a control code waiting for its parameters")
    screen = Screen(mode=mode, chars=[["x"]])
    screen.inks, screen.border, screen.chars = inks, border, chars
    screen.pens, screen.papers = pens, papers
    screen.windows, screen.stream, screen._pending = windows, stream, pending
    return screen


def _window(w: Field, width: int) -> Window:
    left = w["left"].int(0, width - 1)
    right = w["right"].int(left, width - 1)
    top = w["top"].int(0, ROWS - 1)
    bottom = w["bottom"].int(top, ROWS - 1)
    return Window(
        left=left, right=right, top=top, bottom=bottom,
        # a LOCATE outside the window or a wrap left pending: forced in later
        col=w["col"].int(0, 1 << 20), row=w["row"].int(0, 255), pen=w["pen"].int(0, 15), paper=w["paper"].int(0, 15),
    )


def _event_level(f: Field) -> int:
    """0, or 1 + the timer whose subroutine runs; saved as a bool before event levels,
    when True held every timer, as level 4 does."""
    if isinstance(f.value, bool):
        return 4 if f.value else 0
    return f.int(0, 4)


def read_cpc(f: Field, compiled: CompiledProgram | None = None, fixed: int | None = None) -> CpcState:
    """Check a whole CPC snapshot.  ``compiled`` is the machine's own compiled program
    when the snapshot's listing is the one it holds, and ``fixed`` the bytes it takes
    (saves compiling and measuring it again)."""
    f.table()
    lines = read_lines(f["lines"])
    if compiled is None:
        compiled = compile_program(lines, {})
        fixed = None
    if fixed is None:
        fixed = fixed_bytes(lines, compiled.functions)
    screen = read_screen(f["screen"])
    code_size = len(compiled.code)

    # variables a typed line made (not in the program) are kept by name: the machine
    # gives them slots after the program's as it restores them
    typed: set[tuple[str, str]] = set()

    def slot_of(key: tuple[str, str], table: dict[tuple[str, str], int]) -> int | tuple[str, str]:
        return table.get(key, key)

    scalars: dict[int | tuple[str, str], Any] = {}
    for name, value in f["scalars"].items():
        key = _typed_key(value, name, compiled.scalars, typed)
        scalars[slot_of(key, compiled.scalars)] = _basic(value, key[1])
    created_keys: set[tuple[str, str]] = set()
    if f.has("created"):
        for name in f["created"].list(0, len(compiled.scalars) + _TYPED_NAMES):
            key = _typed_key(name, name.value, compiled.scalars, typed)
            if key not in compiled.scalars and slot_of(key, compiled.scalars) not in scalars:
                name.refuse("is a variable made by a typed line without a value")
            created_keys.add(key)
    else:  # a snapshot from before variables were created as met: all of them are
        created_keys = set(compiled.scalars)
    variables = sum(variable_bytes(k) for k in created_keys)
    created = sorted((slot_of(k, compiled.scalars) for k in created_keys), key=str)
    arrays: dict[int | tuple[str, str], tuple[tuple[int, ...], list]] = {}
    sizes: dict[int | tuple[str, str], int] = {}
    text_bytes = strings_bytes(scalars.values())
    for name, arr in f["arrays"].items():
        key = _typed_key(arr, name, compiled.arrays, typed)
        dims = arr["dims"].ints(1, 32768, 1, 3)
        size = math.prod(dims)
        if size * ELEMENT_BYTES[key[1]] > 0xFFFF:
            arr["dims"].refuse("is larger than a CPC array can be")
        values = _basic_list(arr["data"], key[1], size)
        arrays[slot_of(key, compiled.arrays)] = (tuple(dims), values)
        sizes[slot_of(key, compiled.arrays)] = array_bytes(key, dims)
        text_bytes += strings_bytes(values)
    room = max(POWER_ON_FREE - fixed, 0)
    taken = variables + sum(sizes.values()) + text_bytes
    if taken > room:
        f["arrays"].refuse(f"the variables, arrays and strings take {taken}"
                           f" bytes, more than the {room} a CPC 6128 has left beside this program")

    direct = f["direct"] if f.has("direct") else None
    direct_compiled = None
    if direct is not None and not direct.is_null:
        text = direct["text"].str(255)
        if any(c in text for c in "\r\n"):
            direct["text"].refuse("is not one line")
        # the typed line is compiled after the names earlier typed lines made, in their
        # order, as the machine restoring the snapshot will have them
        base = replace(compiled, scalars=_with_typed(compiled.scalars, scalars),
                       arrays=_with_typed(compiled.arrays, arrays))
        direct_compiled = compile_program({0: text}, {}, base=base)
        direct["pc"].int(0, len(direct_compiled.code) - 1)
        direct["state"].choice(_STATES)
        direct["stopped_after"].bool()
    # a statement typed at the prompt can leave its own program points on the stack
    pc_limit = max(code_size, len(direct_compiled.code) if direct_compiled else 0) - 1
    suffix_of_slot = {slot: key[1] for key, slot in (direct_compiled or compiled).scalars.items()}

    def pc(at: Field) -> int:
        return at.int(0, pc_limit)

    functions: dict[int, str] = {}
    for name, fname in f["functions"].items():
        slot = compiled.functions[_key(fname, name, compiled.functions)]
        if not fname.str().startswith(f"fn{slot}_") or not callable(compiled.namespace.get(fname.value)):
            fname.fail("is not a DEF FN of this program")
        functions[slot] = fname.value

    stack = []
    used = 0
    for frame in f["stack"].list(0, STACK_BYTES // 6):
        kind = frame.list(1, 8)[0].choice((FOR, GOSUB, WHILE))
        if kind == GOSUB:
            items = frame.list(4, 4)
            entry = [GOSUB, pc(items[1]), items[2].int(0, 5)]
        elif kind == WHILE:
            items = frame.list(4, 4)
            entry = [WHILE, pc(items[1]), pc(items[2])]
        else:
            items = frame.list(8, 8)
            isint = items[5].bool()
            slot = items[1].int(0, len(suffix_of_slot) - 1)
            if suffix_of_slot[slot] != ("%" if isint else "!"):
                items[1].refuse(f"{slot} is not the slot of an {'integer' if isint else 'real'} variable")
            if isint:
                end, step = items[2].int(-32768, 32767), items[3].int(-32768, 32767)
            else:
                end, step = _real(items[2]), _real(items[3])
            sign = items[6].int(-1, 1)
            if sign != (step > 0) - (step < 0):
                items[6].refuse(f"{sign} is not the sign of the step {step}")
            entry = [FOR, slot, end, step, pc(items[4]), isint, sign]
        used += frame_bytes(entry)
        if used > STACK_BYTES:
            frame.refuse("overflows the CPC's execution stack")
        items[-1].int(used, used)
        entry.append(used)
        stack.append(entry)

    error = None
    if not f["error"].is_null:
        code, line = f["error"].list(2, 2)
        error = (code.int(0, 255), line.int(0, _LINE_MAX))
    timers: list[list | None] = []
    for t in f["timers"].list(4, 4):
        if t.is_null:
            timers.append(None)
            continue
        on, interval, count, at = t.list(4, 4)
        timers.append([on.bool(), interval.int(1, 1 << 32), count.int(-_BIG, _BIG), pc(at)])
    timer_calls = []  # absent from snapshots saved before timers owed calls
    for owed in f.get("timer_calls", [[0, 0]] * 4).list(4, 4):
        count, at = owed.list(2, 2)
        timer_calls.append((count.int(0, 127), pc(at)))
    err = f["err"].list(3, 3)
    rnd = f["rnd"]
    if isinstance(rnd.value, list):  # saved before RND was the firmware's: [state, last value]
        rnd, last = rnd.list(2, 2)
        _real(last)
    line_ready = f["line_ready"].optional_str(255)
    on_error = -1 if f["on_error"].value == -1 and type(f["on_error"].value) is int else pc(f["on_error"])
    on_break = f["on_break"].value if f["on_break"].value in (-1, -2) and type(f["on_break"].value) is int \
        else pc(f["on_break"])
    keys = f["keys"].each(_char)
    edit = f["edit"].each(_char, 0, 255)
    return CpcState(
        lines=lines, compiled=compiled, screen=screen, scalars=scalars, created=created, arrays=arrays,
        array_bytes=sizes, strings_bytes=text_bytes,
        functions=functions, stack=stack,
        state=f["state"].choice(_STATES),
        statements=f["statements"].int(0, _BIG),
        error=error,
        pc=pc(f["pc"]),
        data_ptr=f["data_ptr"].int(0, len(compiled.data)),
        on_error=on_error, on_break=on_break, timers=timers, timer_calls=timer_calls,
        events_on=f["events_on"].bool(),
        in_event=_event_level(f["in_event"]),
        in_handler=f["in_handler"].bool(),
        err=(err[0].int(0, 255), err[1].int(0, _LINE_MAX), pc(err[2])),
        stopped_after=f["stopped_after"].bool(),
        keys=keys,
        esc_pending=f["esc_pending"].bool(),
        break_requested=f["break_requested"].bool(),
        in_input=f["in_input"].bool(),
        edit=edit, line_ready=line_ready,
        idle=f["idle"].int(0, _BIG),
        rnd=rnd.int(0, 0xFFFFFFFF),
        deg=f["deg"].bool(),
        zone=f["zone"].int(1, 255),
        time=_real(f["time"], 1e12),
        transcript=f["transcript"].str(_BIG),
        direct=None if direct is None else direct.value,
    )
