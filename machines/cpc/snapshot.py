"""Reading a CPC snapshot back: every field checked for type and range before use.

``CPC.restore`` and ``ReadyPrompt.restore`` read what ``snapshot()`` wrote -- usually from a
save file, which may have been damaged or edited.  ``read_cpc`` checks every field
against what the machine can hold (screen cells, pens and inks in range, variables of
their type, arrays of their shape, program pointers inside the compiled program, stack
entries as the runtime makes them, memory within a CPC 6128's) and returns it as a
``CpcState`` ready to assign.  The first bad field raises ``ValueError`` whose message
starts ``snapshot field '<path>'``; since nothing is assigned before every field has
passed, a refused snapshot leaves the machine as it was.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from machines.cpc.compiler import CompiledProgram, compile_program
from machines.cpc.memory import (ELEMENT_BYTES, POWER_ON_FREE, array_bytes, fixed_bytes, strings_bytes,
                                 variable_bytes)
from machines.cpc.numbers import REAL_MAX
from machines.cpc.runtime.control import FOR, GOSUB, STACK_BYTES, WHILE, frame_bytes
from machines.cpc.screen import _CONTROL_PARAMS, MODE_WIDTH, ROWS, Screen, Window

__all__ = ["CpcState", "SnapshotReader", "read_cpc", "read_screen"]

_LINE_MAX = 65535
_BIG = 1 << 62  # counters (statements, ticks) far beyond any real session


class SnapshotReader:
    """Checks values found at a path in a snapshot; each failure names the path."""

    def __init__(self, prefix: str = "") -> None:
        self.prefix = prefix

    def fail(self, path: str, problem: str) -> ValueError:
        where = f"{self.prefix}.{path}" if self.prefix and path else (self.prefix or path)
        return ValueError(f"snapshot field '{where}': {problem}")

    @staticmethod
    def show(value: Any) -> str:
        """A short spelling of a value (never recursing into a deep list)."""
        if isinstance(value, (list, dict)):
            return f"a {'list' if isinstance(value, list) else 'object'} of {len(value)} items"
        text = repr(value) if not isinstance(value, int) or abs(value) < 10**30 else "a huge integer"
        return text if len(text) <= 40 else text[:37] + "..."

    def field(self, data: Any, key: str, path: str) -> Any:
        if not isinstance(data, dict):
            raise self.fail(path, f"{self.show(data)} is not an object")
        if key not in data:
            raise self.fail(f"{path}.{key}" if path else key, "is missing")
        return data[key]

    def dict(self, value: Any, path: str) -> dict:
        if not isinstance(value, dict):
            raise self.fail(path, f"{self.show(value)} is not an object")
        return value

    def list(self, value: Any, path: str, lo: int = 0, hi: int = _BIG) -> list:
        if not isinstance(value, list):
            raise self.fail(path, f"{self.show(value)} is not a list")
        if not lo <= len(value) <= hi:
            raise self.fail(path, f"has {len(value)} items, not {lo}..{hi}" if lo != hi else
                            f"has {len(value)} items, not {lo}")
        return value

    def int(self, value: Any, path: str, lo: int, hi: int) -> int:
        if type(value) is not int:
            raise self.fail(path, f"{self.show(value)} is not an integer")
        if not lo <= value <= hi:
            raise self.fail(path, f"{value} is out of range {lo}..{hi}")
        return value

    def choice(self, value: Any, path: str, allowed: tuple) -> Any:
        if type(value) not in (int, str, type(None)) or value not in allowed:
            raise self.fail(path, f"{self.show(value)} is not one of {', '.join(map(str, allowed))}")
        return value

    def bool(self, value: Any, path: str) -> bool:
        if type(value) is not bool:
            raise self.fail(path, f"{self.show(value)} is not true or false")
        return value

    def str(self, value: Any, path: str, hi: int = _BIG, char: bool = False) -> str:
        if type(value) is not str:
            raise self.fail(path, f"{self.show(value)} is not a string")
        if char and len(value) != 1:
            raise self.fail(path, f"{self.show(value)} is not one character")
        if len(value) > hi:
            raise self.fail(path, f"is {len(value)} characters long, more than {hi}")
        return value

    def real(self, value: Any, path: str, limit: float = REAL_MAX) -> float:
        if type(value) not in (int, float):
            raise self.fail(path, f"{self.show(value)} is not a number")
        try:
            x = float(value)
        except OverflowError:
            raise self.fail(path, f"{self.show(value)} is too large") from None
        if not math.isfinite(x) or abs(x) > limit:
            raise self.fail(path, f"{self.show(value)} is not a CPC real")
        return x

    def value(self, value: Any, path: str, suffix: str) -> Any:
        """A BASIC value of the type a variable's suffix gives."""
        if suffix == "$":
            return self.str(value, path, 255)
        if suffix == "%":
            return self.int(value, path, -32768, 32767)
        return self.real(value, path)


@dataclass
class CpcState:
    """A checked snapshot: everything ``CPC.restore`` assigns."""

    lines: dict[int, str]
    compiled: CompiledProgram  # compiled in a scratch namespace (slots, sizes, names)
    screen: Screen
    scalars: dict[int, Any]  # slot -> value
    created: list[int]  # the slots of the variables created so far in this run
    arrays: dict[int, tuple[tuple[int, ...], list]]  # slot -> (dims, flat data)
    array_bytes: dict[int, int]  # slot -> what the array takes of the CPC's memory
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
    events_on: bool
    in_event: bool
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
    rnd: tuple[int, float]
    deg: bool
    zone: int
    time: float
    transcript: str
    direct: dict[str, Any] | None


def read_lines(r: SnapshotReader, raw: Any) -> dict[int, str]:
    """The listing: line numbers 1..65535 spelt as ``str(n)``, bodies of one text line."""
    lines: dict[int, str] = {}
    for key, body in r.dict(raw, "lines").items():
        path = f"lines.{key}"
        if not (isinstance(key, str) and key.isdigit() and key.isascii() and str(int(key)) == key
                and 1 <= int(key) <= _LINE_MAX):
            raise r.fail(path, "is not a line number 1..65535")
        r.str(body, path, 255)
        if not body.strip() or any(c in body for c in "\r\n"):
            raise r.fail(path, "is not one line of program text")
        lines[int(key)] = body
    return dict(sorted(lines.items()))


def read_screen(r: SnapshotReader, raw: Any, path: str = "screen") -> Screen:
    """The text screen: mode, inks, border, 25 rows of cells, 8 windows, stream."""
    mode = r.choice(r.field(raw, "mode", path), f"{path}.mode", (0, 1, 2))
    width = MODE_WIDTH[mode]

    def colours(value: Any, where: str) -> list[int]:
        pair = r.list(value, where, 2, 2)
        return [r.int(c, f"{where}[{i}]", 0, 26) for i, c in enumerate(pair)]

    inks = [colours(v, f"{path}.inks[{i}]")
            for i, v in enumerate(r.list(r.field(raw, "inks", path), f"{path}.inks", 16, 16))]
    border = colours(r.field(raw, "border", path), f"{path}.border")
    chars = []
    for y, row in enumerate(r.list(r.field(raw, "chars", path), f"{path}.chars", ROWS, ROWS)):
        r.str(row, f"{path}.chars[{y}]")
        if len(row) != width:
            raise r.fail(f"{path}.chars[{y}]", f"has {len(row)} characters, not the {width} of MODE {mode}")
        chars.append(list(row))
    grids = []
    for name in ("pens", "papers"):
        grid = []
        for y, row in enumerate(r.list(r.field(raw, name, path), f"{path}.{name}", ROWS, ROWS)):
            cells = r.list(row, f"{path}.{name}[{y}]", width, width)
            for x, cell in enumerate(cells):
                if type(cell) is not int or not 0 <= cell <= 15:
                    r.int(cell, f"{path}.{name}[{y}][{x}]", 0, 15)
            grid.append(list(cells))
        grids.append(grid)
    windows = []
    for n, w in enumerate(r.list(r.field(raw, "windows", path), f"{path}.windows", 8, 8)):
        where = f"{path}.windows[{n}]"
        left = r.int(r.field(w, "left", where), f"{where}.left", 0, width - 1)
        right = r.int(r.field(w, "right", where), f"{where}.right", left, width - 1)
        top = r.int(r.field(w, "top", where), f"{where}.top", 0, ROWS - 1)
        bottom = r.int(r.field(w, "bottom", where), f"{where}.bottom", top, ROWS - 1)
        windows.append(Window(
            left=left, right=right, top=top, bottom=bottom,
            # a LOCATE outside the window or a wrap left pending: forced in later
            col=r.int(r.field(w, "col", where), f"{where}.col", 0, 1 << 20),
            row=r.int(r.field(w, "row", where), f"{where}.row", 0, 255),
            pen=r.int(r.field(w, "pen", where), f"{where}.pen", 0, 15),
            paper=r.int(r.field(w, "paper", where), f"{where}.paper", 0, 15),
        ))
    stream = r.int(r.field(raw, "stream", path), f"{path}.stream", 0, 7)
    pending = r.list(r.field(raw, "pending", path), f"{path}.pending", 0, 10)
    for i, code in enumerate(pending):
        r.int(code, f"{path}.pending[{i}]", 0, 0x10FFFF)
    if pending:
        code = pending[0]
        if code > 31 or not _CONTROL_PARAMS[code] or len(pending) - 1 >= _CONTROL_PARAMS[code]:
            raise r.fail(f"{path}.pending", "is not a control code waiting for its parameters")
    screen = Screen(mode=mode, chars=[["x"]])
    screen.inks, screen.border, screen.chars = inks, border, chars
    screen.pens, screen.papers = grids
    screen.windows, screen.stream, screen._pending = windows, stream, list(pending)
    return screen


def read_cpc(raw: Any, reader: SnapshotReader | None = None,
             compiled: CompiledProgram | None = None, fixed: int | None = None) -> CpcState:
    """Check a whole CPC snapshot.  ``compiled`` is the machine's own compiled program
    when the snapshot's listing is the one it holds, and ``fixed`` the bytes it takes
    (saves compiling and measuring it again)."""
    r = reader or SnapshotReader()
    if not isinstance(raw, dict):
        raise r.fail("", f"{r.show(raw)} is not an object")
    f = lambda key: r.field(raw, key, "")  # noqa: E731
    lines = read_lines(r, f("lines"))
    if compiled is None:
        compiled = compile_program(lines, {})
        fixed = None
    if fixed is None:
        fixed = fixed_bytes(lines, compiled.functions)
    screen = read_screen(r, f("screen"))
    code_size = len(compiled.code)

    direct = f("direct") if "direct" in raw else None
    direct_compiled = None
    if direct is not None:
        r.dict(direct, "direct")
        text = r.str(r.field(direct, "text", "direct"), "direct.text", 255)
        if any(c in text for c in "\r\n"):
            raise r.fail("direct.text", "is not one line")
        direct_compiled = compile_program({0: text}, {}, base=compiled)
        r.int(r.field(direct, "pc", "direct"), "direct.pc", 0, len(direct_compiled.code) - 1)
        r.choice(r.field(direct, "state", "direct"), "direct.state", _STATES)
        r.bool(r.field(direct, "stopped_after", "direct"), "direct.stopped_after")
    # a statement typed at the prompt can leave its own program points on the stack
    pc_limit = max(code_size, len(direct_compiled.code) if direct_compiled else 0) - 1
    suffix_of_slot = {slot: key[1] for key, slot in (direct_compiled or compiled).scalars.items()}

    def pc(value: Any, path: str) -> int:
        return r.int(value, path, 0, pc_limit)

    scalars: dict[int, Any] = {}
    for name, value in r.dict(f("scalars"), "scalars").items():
        key = _key(r, name, compiled.scalars, f"scalars.{name}")
        scalars[compiled.scalars[key]] = r.value(value, f"scalars.{name}", key[1])
    if "created" in raw:
        created = []
        for i, name in enumerate(r.list(f("created"), "created", 0, len(compiled.scalars))):
            created.append(compiled.scalars[_key(r, name, compiled.scalars, f"created[{i}]")])
        created = sorted(set(created))
    else:  # a snapshot from before variables were created as met: all of them are
        created = sorted(compiled.scalars.values())
    variables = sum(variable_bytes(k) for k, slot in compiled.scalars.items() if slot in set(created))
    arrays: dict[int, tuple[tuple[int, ...], list]] = {}
    sizes: dict[int, int] = {}
    text = strings_bytes(scalars.values())
    for name, arr in r.dict(f("arrays"), "arrays").items():
        where = f"arrays.{name}"
        key = _key(r, name, compiled.arrays, where)
        dims = r.list(r.field(arr, "dims", where), f"{where}.dims", 1, 3)
        size = 1
        for i, d in enumerate(dims):
            size *= r.int(d, f"{where}.dims[{i}]", 1, 32768)
        if size * ELEMENT_BYTES[key[1]] > 0xFFFF:
            raise r.fail(f"{where}.dims", "is larger than a CPC array can be")
        data = r.list(r.field(arr, "data", where), f"{where}.data", size, size)
        values = [r.value(v, f"{where}.data[{i}]", key[1]) for i, v in enumerate(data)]
        arrays[compiled.arrays[key]] = (tuple(dims), values)
        sizes[compiled.arrays[key]] = array_bytes(key, dims)
        text += strings_bytes(values)
    room = max(POWER_ON_FREE - fixed, 0)
    if variables + sum(sizes.values()) + text > room:
        raise r.fail("arrays", f"the variables, arrays and strings take {variables + sum(sizes.values()) + text}"
                               f" bytes, more than the {room} a CPC 6128 has left beside this program")
    functions: dict[int, str] = {}
    for name, fname in r.dict(f("functions"), "functions").items():
        where = f"functions.{name}"
        key = _key(r, name, compiled.functions, where)
        slot = compiled.functions[key]
        r.str(fname, where)
        if not fname.startswith(f"fn{slot}_") or not callable(compiled.namespace.get(fname)):
            raise r.fail(where, f"{r.show(fname)} is not a DEF FN of this program")
        functions[slot] = fname

    stack = []
    used = 0
    for n, frame in enumerate(r.list(f("stack"), "stack", 0, STACK_BYTES // 6)):
        where = f"stack[{n}]"
        r.list(frame, where, 1, 8)
        kind = r.choice(frame[0], f"{where}[0]", (FOR, GOSUB, WHILE))
        if kind == GOSUB:
            r.list(frame, where, 4, 4)
            entry = [GOSUB, pc(frame[1], f"{where}[1]"), r.choice(frame[2], f"{where}[2]", (0, 1))]
        elif kind == WHILE:
            r.list(frame, where, 4, 4)
            entry = [WHILE, pc(frame[1], f"{where}[1]"), pc(frame[2], f"{where}[2]")]
        else:
            r.list(frame, where, 8, 8)
            isint = r.bool(frame[5], f"{where}[5]")
            slot = r.int(frame[1], f"{where}[1]", 0, len(suffix_of_slot) - 1)
            if suffix_of_slot[slot] != ("%" if isint else "!"):
                raise r.fail(f"{where}[1]", f"{slot} is not the slot of an {'integer' if isint else 'real'} variable")
            if isint:
                end = r.int(frame[2], f"{where}[2]", -32768, 32767)
                step = r.int(frame[3], f"{where}[3]", -32768, 32767)
            else:
                end = r.real(frame[2], f"{where}[2]")
                step = r.real(frame[3], f"{where}[3]")
            sign = r.int(frame[6], f"{where}[6]", -1, 1)
            if sign != (step > 0) - (step < 0):
                raise r.fail(f"{where}[6]", f"{sign} is not the sign of the step {step}")
            entry = [FOR, slot, end, step, pc(frame[4], f"{where}[4]"), isint, sign]
        used += frame_bytes(entry)
        if used > STACK_BYTES:
            raise r.fail(where, "overflows the CPC's execution stack")
        r.int(frame[-1], f"{where}[{len(frame) - 1}]", used, used)
        entry.append(used)
        stack.append(entry)

    error = f("error")
    if error is not None:
        r.list(error, "error", 2, 2)
        error = (r.int(error[0], "error[0]", 0, 255), r.int(error[1], "error[1]", 0, _LINE_MAX))
    timers: list[list | None] = []
    for n, t in enumerate(r.list(f("timers"), "timers", 4, 4)):
        where = f"timers[{n}]"
        if t is None:
            timers.append(None)
            continue
        r.list(t, where, 4, 4)
        timers.append([r.bool(t[0], f"{where}[0]"), r.int(t[1], f"{where}[1]", 1, 1 << 32),
                       r.int(t[2], f"{where}[2]", -_BIG, _BIG), pc(t[3], f"{where}[3]")])
    err = r.list(f("err"), "err", 3, 3)
    rnd = r.list(f("rnd"), "rnd", 2, 2)
    line_ready = f("line_ready")
    if line_ready is not None:
        r.str(line_ready, "line_ready", 255)
    on_error = f("on_error")
    if type(on_error) is not int or on_error != -1:
        pc(on_error, "on_error")
    on_break = f("on_break")
    if on_break not in (-1, -2) or type(on_break) is not int:
        pc(on_break, "on_break")
    keys = r.list(f("keys"), "keys")
    for i, k in enumerate(keys):
        r.str(k, f"keys[{i}]", char=True)
    edit = r.list(f("edit"), "edit", 0, 255)
    for i, k in enumerate(edit):
        r.str(k, f"edit[{i}]", char=True)
    return CpcState(
        lines=lines, compiled=compiled, screen=screen, scalars=scalars, created=created, arrays=arrays,
        array_bytes=sizes, strings_bytes=text,
        functions=functions, stack=stack,
        state=r.choice(f("state"), "state", _STATES),
        statements=r.int(f("statements"), "statements", 0, _BIG),
        error=error,
        pc=pc(f("pc"), "pc"),
        data_ptr=r.int(f("data_ptr"), "data_ptr", 0, len(compiled.data)),
        on_error=on_error, on_break=on_break, timers=timers,
        events_on=r.bool(f("events_on"), "events_on"),
        in_event=r.bool(f("in_event"), "in_event"),
        in_handler=r.bool(f("in_handler"), "in_handler"),
        err=(r.int(err[0], "err[0]", 0, 255), r.int(err[1], "err[1]", 0, _LINE_MAX), pc(err[2], "err[2]")),
        stopped_after=r.bool(f("stopped_after"), "stopped_after"),
        keys=list(keys),
        esc_pending=r.bool(f("esc_pending"), "esc_pending"),
        break_requested=r.bool(f("break_requested"), "break_requested"),
        in_input=r.bool(f("in_input"), "in_input"),
        edit=list(edit), line_ready=line_ready,
        idle=r.int(f("idle"), "idle", 0, _BIG),
        rnd=(r.int(rnd[0], "rnd[0]", 0, 0xFFFFFFFF), r.real(rnd[1], "rnd[1]")),
        deg=r.bool(f("deg"), "deg"),
        zone=r.int(f("zone"), "zone", 1, 255),
        time=r.real(f("time"), "time", 1e12),
        transcript=r.str(f("transcript"), "transcript"),
        direct=direct,
    )


_STATES = ("ready", "ended", "stopped", "error", "waiting_input", "waiting_key", "budget")


def _key(r: SnapshotReader, name: Any, table: dict[tuple[str, str], int], path: str) -> tuple[str, str]:
    """A variable's snapshot name (``"A%"``) as a key of this program's table."""
    key = (name[:-1], name[-1]) if isinstance(name, str) and name else None
    if key not in table:
        raise r.fail(path, "is not a name this program uses")
    return key
