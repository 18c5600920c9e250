"""The CPC's ``Ready`` prompt, headless: what a person types after switching on.

A screen drives it key by key (``type``) and runs the program in slices (``run``),
as it drives the machine itself::

    prompt = ReadyPrompt(CPC(), disc=Path("disc"))
    prompt.type('10 PRINT "HI"\\rRUN\\r')
    while prompt.mode is Mode.RUNNING:
        prompt.run(10_000)

Typed lines go through the CPC's line editor: left/right move the cursor, typing
inserts, DEL rubs out the character on the left and CLR the one under the cursor,
ESC abandons the line.  The copy cursor (SHIFT + cursor keys) moves over the screen
and COPY copies the character under it into the line, as on the CPC.  A line that
starts with a number is stored (a number alone deletes that line); anything else is
a command (``LIST``, ``RUN``, ``NEW``, ``CONT``, ``EDIT``, ``AUTO``, ``DELETE``,
``RENUM``, ``SAVE``/``LOAD``/``CAT`` on a folder that plays the disc, ``GOTO n``) or a
statement run at once on the program's variables (``PRINT 2+2``, ``A=5``).  Programs
are saved as ASCII listings (``NAME.BAS``), as ``SAVE "name",A`` does.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Callable

from machines.cpc import errors
from machines.cpc.errors import BasicError, error_message
from machines.cpc.lexer import KEYWORDS, list_form
from machines.cpc.machine import CPC, RunState
from machines.cpc.memory import POWER_ON_FREE, line_bytes
from machines.fields import Field
from machines.files import FileRefused, files_in, read_head, write_file

__all__ = ["Mode", "ReadyPrompt", "KEY_RETURN", "KEY_DEL", "KEY_CLR", "KEY_ESC", "KEY_LEFT",
           "KEY_RIGHT", "KEY_UP", "KEY_DOWN", "KEY_COPY", "KEY_COPY_UP", "KEY_COPY_DOWN",
           "KEY_COPY_LEFT", "KEY_COPY_RIGHT", "list_form", "renumber"]

KEY_RETURN = "\r"
KEY_DEL = "\x7f"
KEY_CLR = "\x10"
KEY_ESC = "\x1b"
KEY_UP, KEY_DOWN, KEY_LEFT, KEY_RIGHT = "\xf0", "\xf1", "\xf2", "\xf3"
# SHIFT + cursor keys move the copy cursor; COPY copies the character under it
KEY_COPY_UP, KEY_COPY_DOWN, KEY_COPY_LEFT, KEY_COPY_RIGHT = "\xf4", "\xf5", "\xf6", "\xf7"
KEY_COPY = "\xe0"

_LINE_LIMIT = 255
_LINE_MAX = 65535
_DISC_KBYTES = 178  # a formatted CPC data disc
DISC_FILE_BYTES = _DISC_KBYTES * 1024
"""The longest file read from the disc: no file on a CPC data disc is longer than the disc."""
_LOAD_LIMIT = 4 * POWER_ON_FREE  # an ASCII listing longer than this cannot fit once tokenised


class Mode(str, Enum):
    """What the keys are doing."""

    READY = "ready"  # typing a line at the Ready prompt
    AUTO = "auto"  # typing lines numbered by AUTO
    EDIT = "edit"  # EDIT n (or a Syntax error): the line is in the editor
    RUNNING = "running"  # a program (or a direct statement) runs; keys go to it


@dataclass
class _Editor:
    """The line being typed: its text, the cursor in it, where it starts on the screen
    and how much of the screen it covered when last drawn."""

    text: list[str] = field(default_factory=list)
    cursor: int = 0
    row: int = 0
    col: int = 0
    drawn: int = 0
    copy: tuple[int, int] | None = None  # the copy cursor (row, col) when in use


class ReadyPrompt:
    """The Ready prompt of one CPC, with an optional folder as its disc."""

    def __init__(self, cpc: CPC | None = None, disc: Path | None = None) -> None:
        self.cpc = cpc or CPC()
        self.disc = disc
        self.mode = Mode.READY
        self._auto: tuple[int, int] | None = None  # next line number, step
        self.internal_error: Exception | None = None  # a fault of this prompt, if any
        # the commands the prompt itself carries out; any other line is a direct statement
        self._commands: dict[str, Callable[[str], None]] = {
            "LIST": self._list, "DELETE": self._delete, "NEW": self._new, "RENUM": self._renum,
            "AUTO": self._auto_command, "EDIT": self._edit, "RUN": self._run, "GOTO": self._goto,
            "CONT": self._cont, "SAVE": self._save, "LOAD": self._load_command, "CAT": self._cat,
        }
        self._editor = self._new_editor("")

    # --- the public face --------------------------------------------------------------------
    @property
    def line(self) -> str:
        """The text in the line editor."""
        return "".join(self._editor.text)

    @property
    def cursor(self) -> int:
        """The edit cursor's index in ``line``."""
        return self._editor.cursor

    @property
    def copy_cursor(self) -> tuple[int, int] | None:
        """The copy cursor's (row, column) on the screen, or None when it is not shown."""
        return self._editor.copy

    def type(self, keys: str) -> None:
        """Press keys, one after the other."""
        for key in keys:
            if self.mode is Mode.RUNNING:
                self.cpc.type(key)
            else:
                self._edit_key(key)

    def reset(self) -> None:
        """Ctrl+Shift+Esc: the machine reset (nothing survives, not even a program that
        ignores ESC with ON BREAK CONT), the prompt back at its first Ready."""
        self.cpc.reset()
        self.mode = Mode.READY
        self._auto = None
        self.internal_error = None
        self._editor = self._new_editor("")

    def run(self, max_statements: int | None = None) -> RunState | None:
        """While a program runs, run up to ``max_statements`` of it; None otherwise.
        When it ends, fails or breaks, the prompt is back (a Syntax error opens the
        faulty line in the editor, as on the CPC)."""
        if self.mode is not Mode.RUNNING:
            return None
        state = self.cpc.run(max_statements)
        if state in (RunState.ENDED, RunState.ERROR, RunState.STOPPED):
            error = self.cpc.error
            if state is RunState.ERROR and error and error[0] == errors.SYNTAX_ERROR \
                    and error[1] in self.cpc.lines and self.cpc.lines_shown_for_edit:
                # the machine has printed "nnn text" for editing: take it over
                self._editor = self._editor_on_screen(f"{error[1]} {list_form(self.cpc.lines[error[1]])}")
                self.mode = Mode.EDIT
            else:
                self._back_to_prompt()
            self.type(self.cpc.take_keys())  # typed ahead: now for the prompt
        return state

    def snapshot(self) -> dict:
        """The prompt and its machine as plain JSON-able data."""
        ed = self._editor
        return {
            "cpc": self.cpc.snapshot(),
            "mode": self.mode.value,
            "auto": list(self._auto) if self._auto else None,
            "editor": {"text": "".join(ed.text), "cursor": ed.cursor, "row": ed.row, "col": ed.col,
                       "drawn": ed.drawn, "copy": list(ed.copy) if ed.copy else None},
        }

    def restore(self, snap: dict) -> None:
        """Put the prompt and its machine back as ``snapshot()`` saw them.  Every field
        is checked first: a damaged snapshot raises ValueError naming the field
        (``snapshot field 'editor.cursor': ...``) and nothing changes."""
        f = Field(snap)
        machine = self.cpc.check_snapshot(f["cpc"])
        mode = Mode(f["mode"].choice([m.value for m in Mode]))
        auto = None if f["auto"].is_null else tuple(f["auto"].ints(1, 1 << 62, 2, 2))
        e = f["editor"]
        text = e["text"].str(_LINE_LIMIT + 8)
        cursor = e["cursor"].int(0, len(text))
        row = e["row"].int(-64, 255)
        col = e["col"].int(0, 255)
        drawn = e["drawn"].int(0, _LINE_LIMIT + 8)
        copy_f = e["copy"]
        copy = None
        if not copy_f.is_null:
            copy_row, copy_col = copy_f.list(2, 2)
            copy = (copy_row.int(0, 24), copy_col.int(0, 79))
        self.cpc.apply_snapshot(machine)
        self.mode = mode
        self._auto = auto
        self._editor = _Editor(list(text), cursor, row, col, drawn, copy)

    # --- the line editor ------------------------------------------------------------------------
    def _new_editor(self, text: str, cursor: int | None = None) -> _Editor:
        w = self.cpc.screen.windows[0]
        if w.col >= w.width:
            self.cpc.newline()
        ed = _Editor(list(text), len(text) if cursor is None else cursor, w.row, w.col)
        self._editor = ed
        self._draw()
        return ed

    def _editor_on_screen(self, text: str) -> _Editor:
        """The line the machine has just printed (and ended with a new line) becomes
        the edited line, cursor at its start."""
        w = self.cpc.screen.windows[0]
        rows = max(1, -(-len(text) // w.width))
        ed = _Editor(list(text), 0, max(w.row - rows, 0), 0, len(text))
        self._editor = ed
        self._draw()
        return ed

    def _position(self, index: int) -> tuple[int, int]:
        ed = self._editor
        width = self.cpc.screen.windows[0].width
        offset = ed.col + index
        return ed.row + offset // width, offset % width

    def _draw(self) -> None:
        """Redraw the line from where it starts and put the cursor in it, scrolling the
        window when the line grows past its bottom."""
        ed = self._editor
        screen = self.cpc.screen
        w = screen.windows[0]
        saved = screen.stream
        screen.stream = 0
        span = max(len(ed.text), ed.drawn)
        last_row, _ = self._position(max(span, len(ed.text) + 1) - 1)
        while last_row >= w.height:
            screen.scroll()
            ed.row -= 1
            last_row -= 1
            if ed.copy is not None:
                ed.copy = (ed.copy[0] - 1, ed.copy[1])
        for i in range(span):
            r, c = self._position(i)
            if r < 0:
                continue
            ch = ed.text[i] if i < len(ed.text) else " "
            screen.chars[w.top + r][w.left + c] = ch
            screen.pens[w.top + r][w.left + c] = w.pen
            screen.papers[w.top + r][w.left + c] = w.paper
        ed.drawn = len(ed.text)
        w.row, w.col = self._position(ed.cursor)
        screen.stream = saved

    def _edit_key(self, key: str) -> None:
        ed = self._editor
        if key == KEY_RETURN:
            self._enter()
            return
        if key == KEY_ESC:
            self._escape()
            return
        if key == KEY_LEFT:
            ed.cursor = max(ed.cursor - 1, 0)
        elif key == KEY_RIGHT:
            ed.cursor = min(ed.cursor + 1, len(ed.text))
        elif key in (KEY_UP, KEY_DOWN):
            width = self.cpc.screen.windows[0].width
            step = -width if key == KEY_UP else width
            if 0 <= ed.cursor + step <= len(ed.text):
                ed.cursor += step
        elif key == KEY_DEL:
            if ed.cursor:
                del ed.text[ed.cursor - 1]
                ed.cursor -= 1
        elif key == KEY_CLR:
            if ed.cursor < len(ed.text):
                del ed.text[ed.cursor]
        elif key in (KEY_COPY_UP, KEY_COPY_DOWN, KEY_COPY_LEFT, KEY_COPY_RIGHT):
            self._move_copy_cursor(key)
        elif key == KEY_COPY:
            self._copy()
        elif key >= " " and len(ed.text) < _LINE_LIMIT:
            ed.text.insert(ed.cursor, key)
            ed.cursor += 1
        self._draw()

    def _move_copy_cursor(self, key: str) -> None:
        ed = self._editor
        w = self.cpc.screen.windows[0]
        row, col = ed.copy if ed.copy is not None else self._position(ed.cursor)
        if key == KEY_COPY_UP:
            row = max(row - 1, 0)
        elif key == KEY_COPY_DOWN:
            row = min(row + 1, w.height - 1)
        elif key == KEY_COPY_LEFT:
            col = max(col - 1, 0)
        else:
            col = min(col + 1, w.width - 1)
        ed.copy = (row, col)

    def _copy(self) -> None:
        """COPY: the character under the copy cursor goes into the line; the copy
        cursor moves right (to the next row at the window's edge)."""
        ed = self._editor
        if ed.copy is None or len(ed.text) >= _LINE_LIMIT:
            return
        w = self.cpc.screen.windows[0]
        row, col = ed.copy
        ed.text.insert(ed.cursor, self.cpc.screen.chars[w.top + row][w.left + col])
        ed.cursor += 1
        col += 1
        if col >= w.width:
            row, col = min(row + 1, w.height - 1), 0
        ed.copy = (row, col)

    def _finish_line(self) -> str:
        """RETURN: the cursor leaves the line, which goes to the transcript as typed."""
        ed = self._editor
        text = "".join(ed.text)
        ed.cursor = len(ed.text)
        ed.copy = None
        self._draw()
        self.cpc.echo(text)
        self.cpc.newline()
        return text

    def _escape(self) -> None:
        """ESC abandons the line (and AUTO or EDIT): "*Break*" is not shown by BASIC
        1.1's editor, the line is simply left on the screen."""
        self._editor.cursor = len(self._editor.text)
        self._editor.copy = None
        self._draw()
        self.cpc.echo("".join(self._editor.text))
        self.cpc.newline()
        self._auto = None
        self._back_to_prompt(ready=False)

    def _back_to_prompt(self, ready: bool = False) -> None:
        if ready:
            self.cpc.write("Ready")
            self.cpc.newline()
        self.mode = Mode.READY
        self._new_editor("")

    def _say(self, text: str) -> None:
        w = self.cpc.screen.windows[0]
        if w.col:
            self.cpc.newline()
        self.cpc.write(text)
        self.cpc.newline()

    # --- lines and commands -----------------------------------------------------------------------
    def _enter(self) -> None:
        text = self._finish_line()
        auto = self.mode is Mode.AUTO
        self.mode = Mode.READY
        try:
            self._execute(text.lstrip(), auto)  # a line keeps its blanks at the end (ROM)
        except BasicError as exc:
            self._auto = None
            if not isinstance(exc, _Quiet):
                self._say(error_message(exc.code))
            self._back_to_prompt(ready=True)
        except Exception as exc:  # a fault of this prompt: keep the cause, keep the machine
            self.internal_error = exc
            self._auto = None
            self.mode = Mode.READY
            self._say(error_message(errors.UNKNOWN_ERROR))
            self._back_to_prompt(ready=True)

    def _execute(self, text: str, auto: bool) -> None:
        number = re.match(r"(\d+)\s?", text)
        if number:
            self._store(int(number.group(1)), text[number.end():], auto)
            return
        text = text.rstrip()
        if not text:
            self._next_line_prompt()
            return
        word = re.match(r"[A-Za-z]+", text)
        command = word.group(0).upper() if word else ""
        rest = text[word.end():].strip() if word else text
        handler = self._commands.get(command)
        if handler is not None and (not rest or not rest[0].isalpha() or command in ("RUN", "LOAD", "SAVE")):
            handler(rest)
            return
        self._run_direct(text)

    def _store(self, number: int, body: str, auto: bool) -> None:
        if not 1 <= number <= _LINE_MAX:
            raise BasicError(errors.IMPROPER_ARGUMENT)
        lines = dict(self.cpc.lines)
        if body.strip():
            lines[number] = body
        elif not auto:  # a number alone deletes the line (in AUTO it leaves it as it was)
            lines.pop(number, None)
        if lines != self.cpc.lines:
            self.cpc.set_program(lines)
        if auto and self._auto is not None:
            start, step = self._auto
            self._auto = (number + step, step)
            self._auto_line()
            return
        self._next_line_prompt()

    def _next_line_prompt(self) -> None:
        if self._auto is not None:
            self._auto_line()
        else:
            self._new_editor("")

    def _auto_line(self) -> None:
        assert self._auto is not None
        number, _ = self._auto
        if number > _LINE_MAX:
            self._auto = None
            self._back_to_prompt(ready=False)
            return
        self.mode = Mode.AUTO
        existing = self.cpc.lines.get(number)
        text = f"{number} " + (existing or "")
        self._new_editor(text, cursor=len(f"{number} ") if existing else None)

    @staticmethod
    def _range(rest: str) -> tuple[int, int]:
        """``n``, ``n-m``, ``-m``, ``n-`` or nothing: the line numbers they cover."""
        m = re.fullmatch(r"\s*(\d*)\s*(-?)\s*(\d*)\s*", rest)
        if not m:
            raise BasicError(errors.SYNTAX_ERROR)
        lo, dash, hi = m.groups()
        first = int(lo) if lo else 1
        last = int(hi) if hi else (_LINE_MAX if dash or not lo else first)
        if first > _LINE_MAX or last > _LINE_MAX:
            raise BasicError(errors.IMPROPER_ARGUMENT)
        return first, last

    def _list(self, rest: str) -> None:
        first, last = self._range(rest)
        for number, body in self.cpc.lines.items():
            if first <= number <= last:
                self._say(f"{number} {list_form(body)}")
        self._back_to_prompt(ready=True)

    def _delete(self, rest: str) -> None:
        first, last = self._range(rest)
        self.cpc.set_program({n: b for n, b in self.cpc.lines.items() if not first <= n <= last})
        self._back_to_prompt(ready=True)

    def _new(self, rest: str) -> None:
        self.cpc.set_program({})
        self._back_to_prompt(ready=True)

    def _renum(self, rest: str) -> None:
        args = [a.strip() for a in rest.split(",")] if rest else []
        if len(args) > 3 or any(a and not a.isdigit() for a in args):
            raise BasicError(errors.SYNTAX_ERROR)
        values = [int(a) if a else None for a in args] + [None] * (3 - len(args))
        new = values[0] if values[0] is not None else 10
        old = values[1] if values[1] is not None else 0
        step = values[2] if values[2] is not None else 10
        self.cpc.set_program(renumber(self.cpc.lines, new, old, step))
        self._back_to_prompt(ready=True)

    def _auto_command(self, rest: str) -> None:
        args = [a.strip() for a in rest.split(",")] if rest else []
        if len(args) > 2 or any(a and not a.isdigit() for a in args):
            raise BasicError(errors.SYNTAX_ERROR)
        start = int(args[0]) if args and args[0] else 10
        step = int(args[1]) if len(args) > 1 and args[1] else 10
        if step == 0 or not 1 <= start <= _LINE_MAX:
            raise BasicError(errors.IMPROPER_ARGUMENT)
        self._auto = (start, step)
        self._auto_line()

    def _edit(self, rest: str) -> None:
        if not rest.strip().isdigit():
            raise BasicError(errors.SYNTAX_ERROR)
        number = int(rest)
        if number not in self.cpc.lines:
            raise BasicError(errors.LINE_DOES_NOT_EXIST)
        self.mode = Mode.EDIT
        self._new_editor(f"{number} {list_form(self.cpc.lines[number])}", cursor=0)

    def _run(self, rest: str) -> None:
        if rest.startswith('"'):
            self._load(rest)
            rest = ""
        line = int(rest) if rest.strip().isdigit() else None
        if rest.strip() and line is None:
            raise BasicError(errors.SYNTAX_ERROR)
        self.cpc.start_at(line, clear=True)
        self.mode = Mode.RUNNING

    def _goto(self, rest: str) -> None:
        if not rest.strip().isdigit():
            raise BasicError(errors.SYNTAX_ERROR)
        self.cpc.start_at(int(rest), clear=False)
        self.mode = Mode.RUNNING

    def _cont(self, rest: str) -> None:
        if not self.cpc.can_continue:
            raise BasicError(errors.CANNOT_CONTINUE)
        self.mode = Mode.RUNNING

    def _run_direct(self, text: str) -> None:
        self.cpc.direct(text)
        self.mode = Mode.RUNNING

    # --- the disc -------------------------------------------------------------------------------
    def _disc_name(self, rest: str) -> Path:
        m = re.match(r'"([^"]*)"?', rest)
        if self.disc is None:
            raise BasicError(errors.FILE_NOT_OPEN)
        if not m or not m.group(1).strip():
            raise BasicError(errors.SYNTAX_ERROR)
        name = m.group(1).strip().upper()
        if not re.fullmatch(r"[A-Z0-9_$&#!-]{1,8}(\.[A-Z0-9_$&#!-]{0,3})?", name):
            raise BasicError(errors.IMPROPER_ARGUMENT)
        return self.disc / name

    def _save(self, rest: str) -> None:
        """SAVE: the file is written whole and never through a link; the file of that name it
        replaces is kept as ``NAME.BAK``, as AMSDOS keeps it."""
        path = self._disc_name(rest)
        if not path.suffix:
            path = path.with_suffix(".BAS")
        path.parent.mkdir(parents=True, exist_ok=True)
        text = "".join(f"{n} {b}\r\n" for n, b in self.cpc.lines.items())
        try:
            write_file(path, text.encode("latin-1", "replace"), folder=self.disc, backup=".BAK")
        except FileRefused as exc:
            self._refused(exc)
        self._back_to_prompt(ready=True)

    def _refused(self, exc: FileRefused) -> None:
        """A file of the disc's folder that is no CPC file (a FIFO, a link out of the disc, too long): said, nothing done."""
        self._say(str(exc))
        raise _Quiet()

    def _load(self, rest: str) -> None:
        path = self._disc_name(rest)
        candidates = [path] if path.suffix else [path, path.with_suffix(".BAS")]
        found = next((p for p in candidates if os.path.lexists(p) and not p.is_dir()), None)
        if found is None:
            shown = candidates[-1].name
            self._say(f"{shown} not found")
            raise _Quiet()
        try:  # a regular file of the disc's folder, read no further than any listing a CPC could hold
            data = read_head(found, _LOAD_LIMIT + 1, folder=self.disc)
        except FileRefused as exc:
            self._refused(exc)
        if len(data) > _LOAD_LIMIT:  # more text than any program a CPC can hold
            raise BasicError(errors.MEMORY_FULL)
        text = data.decode("latin-1")
        prompt_lines: dict[int, str] = {}
        size = 0  # what the lines take of the CPC's memory, counted as they come
        for raw in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
            m = re.match(r"\s*(\d+) ?(.*)$", raw)
            if m and m.group(2).strip() and 1 <= int(m.group(1)) <= _LINE_MAX:
                number, body = int(m.group(1)), m.group(2)[:_LINE_LIMIT]
                old = prompt_lines.get(number)
                size += line_bytes(body) - (line_bytes(old) if old is not None else 0)
                if size > POWER_ON_FREE:  # the CPC stops with Memory full; here nothing is kept
                    raise BasicError(errors.MEMORY_FULL)
                prompt_lines[number] = body
        self.cpc.set_program(prompt_lines)  # compiled once, in linear time

    def _load_command(self, rest: str) -> None:
        self._load(rest)
        self._back_to_prompt(ready=True)

    def _cat(self, rest: str) -> None:
        if self.disc is None:
            raise BasicError(errors.FILE_NOT_OPEN)
        self._say("Drive A: user  0")
        self.cpc.newline()
        files = [p for p in files_in(self.disc) if not p.name.startswith(".")]  # a temporary file starts with "."
        used = 0
        entries = []
        for p in files:
            stem, _, ext = _cat_name(p.name).partition(".")
            try:
                size = p.stat().st_size
            except OSError:
                continue
            kbytes = max(1, -(-size // 1024))
            used += kbytes
            entries.append(f"{stem[:8]:<8}.{ext[:3]:<3}{kbytes:>3}K")
        width = self.cpc.screen.windows[0].width
        per_row = max(1, (width + 2) // 18)
        for i in range(0, len(entries), per_row):
            self._say("  ".join(entries[i:i + per_row]))
        self.cpc.newline()
        self._say(f"{max(_DISC_KBYTES - used, 0)}K free")
        self._back_to_prompt(ready=True)


def _cat_name(name: str) -> str:
    """A file's name as CAT shows it: capitals, and ``?`` for what no CPC name holds."""
    return "".join(c if " " < c < "\x7f" else "?" for c in name.upper())


class _Quiet(BasicError):
    """An error whose message has already been shown (``NAME.BAS not found``)."""

    def __init__(self) -> None:
        super().__init__(errors.UNKNOWN_ERROR)


_JUMP_LIST = re.compile(r"(?i)(?<![A-Za-z0-9.])(GOTO|GOSUB)(\s+)(\d+(?:\s*,\s*\d+)*)")
_JUMP_ONE = re.compile(r"(?i)(?<![A-Za-z0-9.])(THEN|ELSE|RESTORE|RESUME|RUN)(\s+)(\d+)")


def renumber(lines: dict[int, str], new: int = 10, old: int = 0, step: int = 10) -> dict[int, str]:
    """RENUM new,old,step: lines from ``old`` on are numbered ``new``, ``new+step``, ...
    and every GOTO, GOSUB (with ON's lists), THEN, ELSE, RESTORE, RESUME and RUN that
    names one of them follows (outside strings, REM and DATA).  Improper argument if
    the new numbers would pass 65535 or run into the lines kept below ``old``."""
    if step < 1 or new < 1:
        raise BasicError(errors.IMPROPER_ARGUMENT)
    moved = [n for n in sorted(lines) if n >= old]
    kept = [n for n in sorted(lines) if n < old]
    mapping = {n: new + i * step for i, n in enumerate(moved)}
    if moved and (mapping[moved[-1]] > _LINE_MAX or (kept and new <= kept[-1])):
        raise BasicError(errors.IMPROPER_ARGUMENT)

    def renamed(d: re.Match) -> str:
        return str(mapping.get(int(d.group(0)), int(d.group(0))))

    def fix(m: re.Match) -> str:
        return m.group(1) + m.group(2) + re.sub(r"\d+", renamed, m.group(3))

    def change(segment: str) -> str:
        return _JUMP_ONE.sub(fix, _JUMP_LIST.sub(fix, segment))

    out: dict[int, str] = {}
    for number in sorted(lines):
        out[mapping.get(number, number)] = _outside_strings(lines[number], change)
    return out


def _outside_strings(body: str, change) -> str:
    """Apply ``change`` to the parts of a line that are program text (not strings, REM
    or DATA)."""
    parts = re.split(r'("[^"]*"?)', body)
    out = []
    stop = False
    for part in parts:
        if stop or part.startswith('"'):
            out.append(part)
            continue
        m = re.search(r"(?i)(?<![A-Za-z0-9.])(REM|DATA)(?![A-Za-z0-9.])|'", part)
        if m:
            out.append(change(part[:m.start()]) + part[m.start():])
            stop = True
        else:
            out.append(change(part))
    return "".join(out)
