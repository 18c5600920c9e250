"""The CPC 6128 running Locomotive BASIC 1.1: program store, run loop, keyboard, screen.

``run()`` executes compiled statements in a tight loop until the program ends, stops,
fails, waits for a key, or the statement budget is spent; it returns a ``RunState``.
Everything the machine holds can be saved with ``snapshot()`` (plain JSON data) and put
back with ``restore()``: the compiled code is rebuilt from the listing, deterministically.
"""

from __future__ import annotations

import time
from enum import Enum
from typing import Any, Callable

from machines.cpc import errors, reals
from machines.cpc.compiler import CompiledProgram, Problem, compile_program, var_key
from machines.cpc.errors import BasicError, error_message
from machines.cpc.lexer import LexError, list_form, tokenize
from machines.cpc.memory import POWER_ON_FREE, fixed_bytes, program_bytes, variable_bytes
from machines.cpc.numbers import read_whole_number, to_int16
from machines.cpc.runtime import build_namespace, names
from machines.cpc.runtime.arrays import Array, default_value, nest
from machines.cpc.runtime.maths import maths_error
from machines.cpc.runtime.control import (FOR, ProgramEnd, ProgramStop, TimersStart, WaitForInput, WaitForKey,
                                          frame_bytes)
from machines.cpc.runtime.strings import UPPER
from machines.cpc.screen import PALETTE_RGB, Screen
from machines.cpc.snapshot import CpcState, read_cpc
from machines.fields import Field

__all__ = ["CPC", "RunState"]


class RunState(str, Enum):
    """Why ``run()`` returned."""

    READY = "ready"  # nothing run yet since the listing was entered
    ENDED = "ended"  # END, or the last line was passed ("Ready")
    STOPPED = "stopped"  # STOP or ESC ESC ("Break in N"); run() continues (CONT)
    ERROR = "error"  # a BASIC error stopped the program ("... in N")
    WAITING_INPUT = "waiting_input"  # INPUT / LINE INPUT wants a line ending with RETURN
    WAITING_KEY = "waiting_key"  # the program keeps polling INKEY$ with no key typed
    BUDGET = "budget"  # max_statements were run; run() continues


_RESTART = (RunState.READY, RunState.ENDED, RunState.ERROR)
_IDLE_POLLS = 1000  # empty INKEY$ polls in a row that count as "waiting for a key"
TRANSCRIPT_KEPT = 256 * 1024
"""Characters of output the transcript keeps (the latest); a CPC itself keeps only its
screen, and a program printing in a loop must not fill the host's memory."""



BANNER = (
    " Amstrad 128K Microcomputer  (v3)\n\n"
    " \xa91985 Amstrad Consumer Electronics plc\n"
    "           and Locomotive Software Ltd.\n\n"
    " BASIC 1.1\n\nReady\n"
)


class CPC:
    """An Amstrad CPC 6128 just switched on: BASIC 1.1, MODE 1, Ready.

    ``clock`` returns seconds (for TIME); tests pass a fake one to freeze time."""

    def __init__(self, clock: Callable[[], float] | None = None) -> None:
        self._clock = clock or time.monotonic
        self._t0 = self._clock()
        self.screen = Screen()
        self._transcript: list[str] = []
        self._transcript_size = 0  # characters in ``_transcript``
        self._transcript_dropped = 0  # characters printed since power-on and no longer kept
        self.screen.write(BANNER.replace("\n", "\r\n"))
        self.lines: dict[int, str] = {}
        self.problems: list[Problem] = []
        self.state = RunState.READY
        self.statements = 0
        self.error: tuple[int, int] | None = None  # (error number, line) of the last failure
        self.internal_error: Exception | None = None  # a fault of this interpreter, if any
        self._keys: list[str] = []
        self._esc_pending = False
        self._break_requested = False
        self._idle = 0
        self._in_input = False
        self._edit: list[str] = []
        self._line_ready: str | None = None
        self._rnd_state = reals.RND_POWER_ON  # RANDOMIZE, RND: the firmware's generator
        self._deg = False
        self._zone = 13
        self._compiled: CompiledProgram | None = None
        self._direct: tuple | None = None  # the program put aside while a direct statement runs
        self._direct_text = ""
        # the CPC's memory for BASIC (machines/cpc/memory.py): what the program's text,
        # variables and DEF FNs take, what its arrays take, what its strings' text takes
        self._mem_fixed = 0
        self._mem_vars = 0
        self._mem_arrays = 0
        self._mem_strings = 0
        self._allocated = bytearray()  # per variable slot: created yet in this run
        self._var_bytes: list[int] = []  # per variable slot: what creating it takes
        self._reset_run_state()

    # --- the public face -----------------------------------------------------------------
    @property
    def transcript(self) -> str:
        """What was written to the screen since power-on (banner excluded), with each
        new line as '\\n'; typed input echoed as on the screen.  Only the latest
        ``TRANSCRIPT_KEPT`` characters or so are kept (``printed`` counts them all)."""
        text = "".join(self._transcript)
        self._transcript = [text]  # joined once; later output appends to the list
        return text

    @property
    def printed(self) -> int:
        """Characters written to the transcript since power-on: a mark for ``transcript_since``."""
        return self._transcript_dropped + self._transcript_size

    def transcript_since(self, mark: int) -> str:
        """What was written after ``printed`` was ``mark`` (as much of it as is kept)."""
        return self.transcript[max(mark - self._transcript_dropped, 0):]

    def _record(self, text: str) -> None:
        """Add output to the transcript, dropping the oldest once it holds twice what it keeps.
        Only text is kept (anything else is a Type mismatch before it reaches the transcript)."""
        if type(text) is not str:
            raise TypeError("only text is printed")
        self._transcript.append(text)
        self._transcript_size += len(text)
        if self._transcript_size > 2 * TRANSCRIPT_KEPT:
            self._keep_transcript("".join(self._transcript))

    def _keep_transcript(self, text: str) -> None:
        kept = text[-TRANSCRIPT_KEPT:]
        self._transcript_dropped += len(text) - len(kept)
        self._transcript = [kept]
        self._transcript_size = len(kept)

    def screen_text(self) -> list[str]:
        """The 25 text rows as the screen shows them."""
        return self.screen.text_lines()

    @property
    def pen(self) -> list[list[int]]:
        """Per cell, the hardware colour (0..26) of the ink the character was drawn in."""
        inks = [i[0] for i in self.screen.inks]
        return [[inks[p] for p in row] for row in self.screen.pens]

    @property
    def paper(self) -> list[list[int]]:
        """Per cell, the hardware colour (0..26) of the background."""
        inks = [i[0] for i in self.screen.inks]
        return [[inks[p] for p in row] for row in self.screen.papers]

    @property
    def cursor(self) -> tuple[int, int]:
        """Stream 0's text cursor as (row, column) on the screen, 0-based, for a widget
        to draw (a cursor past the right edge is shown on the last column)."""
        w = self.screen.windows[0]
        return (w.top + min(w.row, w.height - 1), w.left + min(w.col, w.width - 1))

    @property
    def border(self) -> int:
        return self.screen.border[0]

    palette_rgb = PALETTE_RGB

    def load_basic(self, source: str) -> list[Problem]:
        """Enter a whole listing as if typed after NEW.  Lines are ``number text``; a
        line with a number only deletes that line.  Returns the problems found (bad line
        numbers, statements that will raise Syntax error or Type mismatch when run);
        the program is entered regardless, as on the machine."""
        self.lines = {}
        problems: list[Problem] = []
        for raw_number, raw in enumerate(source.splitlines(), 1):
            # blanks after the text are kept, as the ROM keeps them in the line (the
            # line editor shows them after a Syntax error)
            text = raw.lstrip().replace("\t", " ")
            if not text.strip():
                continue
            digits = ""
            while len(digits) < len(text) and "0" <= text[len(digits)] <= "9":
                digits += text[len(digits)]
            if not digits:
                problems.append(Problem(0, f"text line {raw_number} has no line number: {text[:30]!r}"))
                continue
            number = int(digits)
            if not 1 <= number <= 65535:
                problems.append(Problem(number, f"text line {raw_number}: line number out of range"))
                continue
            body = text[len(digits):]
            if body.startswith(" "):
                body = body[1:]
            if body.strip() == "":
                self.lines.pop(number, None)
                continue
            if len(body) > 255:
                problems.append(Problem(number, "Line too long"))
                continue
            self.lines[number] = body
        self._compiled = None
        compiled = self._compile()
        self.problems = problems + compiled.problems
        self.state = RunState.READY
        return list(self.problems)

    def type(self, text: str) -> None:
        """Type characters on the keyboard: '\\r' is RETURN, '\\x7f' or '\\b' DEL,
        '\\x1b' ESC (twice breaks the program, as on the CPC), '\\xf0'-'\\xf3' the
        cursor keys up, down, left, right (the codes INKEY$ returns for them)."""
        for ch in text:
            if ch == "\x1b":
                if self._esc_pending:
                    self._esc_pending = False
                    self._break_requested = True
                else:
                    self._esc_pending = True
                continue
            if self._esc_pending:  # any other key after one ESC resumes; the key is used up
                self._esc_pending = False
                continue
            self._keys.append(ch)
        self._idle = 0
        if self._in_input:
            self._pump_keys()

    def run(self, max_statements: int | None = None) -> RunState:
        """Start the program (after entering it, or after it ended or failed, as RUN) or
        continue it (after INPUT, an INKEY$ wait, a spent budget, STOP or a break),
        until one of those happens again.  Returns why it stopped."""
        if self.state in _RESTART:
            self._start()
        elif self.state == RunState.STOPPED:
            self._pc = self._compiled.next_of[self._pc] if self._stopped_after else self._pc
        self.state = RunState.BUDGET
        state = self._execute(max_statements)
        if self._direct is not None and state in (RunState.ENDED, RunState.ERROR, RunState.STOPPED):
            self._end_direct()
        return state

    def reset(self) -> None:
        """Ctrl+Shift+Esc: the machine as just switched on (program, variables, screen,
        keys and ON BREAK all gone), whatever the program was doing."""
        self.__init__(self._clock)  # type: ignore[misc]

    def free_bytes(self) -> int:
        """What is left of the CPC's memory for arrays and strings (``FRE(0)``)."""
        return max(POWER_ON_FREE - self._mem_fixed - self._mem_vars - self._mem_arrays - self._mem_strings, 0)

    def fre(self, x: Any) -> float:
        """FRE(0), FRE(""): bytes free.  The CPC collects its strings' garbage for FRE("");
        here replaced strings are freed at once, so both give the collected figure."""
        return float(self.free_bytes())

    # --- what the Ready prompt (ready.py) asks of the machine ------------------------------
    def set_program(self, lines: dict[int, str]) -> list[Problem]:
        """Replace the program after an edit (a typed line, NEW, DELETE, RENUM, LOAD).
        As on the CPC, variables are cleared and CONT is no longer possible.  A
        program larger than the CPC's memory for BASIC is refused (Memory full) and
        the program is left as it was."""
        if program_bytes(lines) > POWER_ON_FREE:
            raise BasicError(errors.MEMORY_FULL)
        self.lines = dict(sorted(lines.items()))
        self._compiled = None
        self.problems = list(self._compile().problems)
        self.state = RunState.READY
        return list(self.problems)

    def start_at(self, line: int | None = None, clear: bool = True) -> None:
        """RUN [n] (``clear``) or a direct GOTO n (variables kept): the next ``run()``
        starts there.  BasicError ``Line does not exist`` if there is no line n."""
        compiled = self._compile()
        pc = 0
        if line is not None:
            if line not in compiled.line_start:
                raise BasicError(errors.LINE_DOES_NOT_EXIST)
            pc = compiled.line_start[line]
        if clear:
            self._start()
        self.error = None
        self._pc = pc
        self.state = RunState.BUDGET

    @property
    def can_continue(self) -> bool:
        """CONT would go on: the program stopped (STOP, ESC ESC) and was not edited."""
        return self.state in (RunState.STOPPED, RunState.BUDGET, RunState.WAITING_KEY)

    def direct(self, text: str) -> None:
        """Prepare a statement line typed at the Ready prompt (``PRINT A``, ``A=5``) to run
        on the program's variables; the next ``run()`` runs it.  When it is done the
        program is back as it was, so CONT still goes on after a break."""
        if _defines_function(text):  # ROM: DEF FN is for programs only
            raise BasicError(errors.INVALID_DIRECT_COMMAND)
        base = self._compile()
        ns = dict(base.namespace)  # the same runtime and state lists, its own statements
        compiled = compile_program({0: text}, ns, base=base)
        compiled.data = base.data  # READ in direct mode reads the program's DATA
        self._adopt_names(base, compiled)
        self.V.extend(default_value(k[1]) for k in list(compiled.scalars)[len(self.V):])
        new = list(compiled.scalars)[len(self._var_bytes):]
        self._var_bytes.extend(variable_bytes(k) for k in new)
        self._allocated.extend(bytes(len(new)))
        self._arm(compiled)
        self.ARRS.extend([None] * (len(compiled.arrays) - len(self.ARRS)))
        self.FNS.extend([self._undefined_fn] * (len(compiled.functions) - len(self.FNS)))
        self._array_types.update({slot: key for key, slot in compiled.arrays.items()})
        self._direct = (self._compiled, self._code, self._pc, self.state, self._stopped_after)
        self._direct_text = text
        self._compiled, self._code, self._pc = compiled, compiled.code, compiled.line_start[0]
        self.error = None
        self.state = RunState.BUDGET

    @staticmethod
    def _adopt_names(base: CompiledProgram, typed: CompiledProgram) -> None:
        """Variables, arrays and functions a typed line names for the first time stay
        the program's (with the slots the line gave them) until the program is edited
        or the machine reset, as the CPC keeps them: the next typed line finds them."""
        for table, new in ((base.scalars, typed.scalars), (base.arrays, typed.arrays),
                           (base.functions, typed.functions)):
            for key, slot in new.items():
                table.setdefault(key, slot)
        base.deftypes.update(typed.deftypes)

    def _adopt_variable(self, key: tuple[str, str]) -> int:
        """Give a variable not named by the program a slot of its own (a snapshot's
        variable that was created by a typed line); returns the slot."""
        compiled = self._compile()
        slot = compiled.scalars.get(key)
        if slot is None:
            slot = compiled.scalars[key] = len(self.V)
            self.V.append(default_value(key[1]))
            self._var_bytes.append(variable_bytes(key))
            self._allocated.append(0)
        return slot

    def _adopt_array(self, key: tuple[str, str]) -> int:
        """``_adopt_variable`` for an array a typed line dimensioned."""
        compiled = self._compile()
        slot = compiled.arrays.get(key)
        if slot is None:
            slot = compiled.arrays[key] = len(self.ARRS)
            self.ARRS.append(None)
            self._array_types[slot] = key
        return slot

    def _leave_direct(self) -> None:
        assert self._direct is not None
        self._compiled, self._code, self._pc, state, self._stopped_after = self._direct
        self._direct = None
        self.state = state

    def _end_direct(self) -> None:
        """A typed line has ended, failed or been broken.  If it stopped inside the
        program (it jumped there, or a RETURN took it back there), the program stands
        where it stopped; otherwise the program is as it was before the line.

        The entries the typed line put on the execution stack (its FOR, WHILE and GOSUB)
        are dropped; the program's own stay, even those stacked above them (a loop in a
        subroutine the typed line called, broken, goes on after CONT).  The ROM keeps
        the typed line's entries too, keyed by input-buffer addresses that no program
        NEXT or WEND can match, which is the same as dropping them, except for a RETURN
        after a break in a subroutine a typed GOSUB called: on the CPC it returns into
        whatever line was typed since; here it is an Unexpected RETURN (not checked on
        the ROM, chosen as the safe outcome)."""
        assert self._direct is not None
        program = self._direct[0]
        first = len(program.code)  # the typed line's first pc
        where, state, after = self._pc, self.state, self._stopped_after
        self._leave_direct()
        if where < first:  # stopped inside the program: it stays there
            self._pc, self.state, self._stopped_after = where, state, after
        kept = [f[:-1] for f in self.CS if (f[4] if f[0] == FOR else f[1]) < first]
        if len(kept) < len(self.CS):
            used = 0
            for f in kept:  # each entry's last item: the stack's size with it (control.push)
                used += frame_bytes(f)
                f.append(used)
            self.CS[:] = kept

    @property
    def lines_shown_for_edit(self) -> bool:
        """The last stop was a Syntax error in a program line, which was then printed
        for the line editor (``_report_error``)."""
        return bool(self.error and self.error[0] == errors.SYNTAX_ERROR and self._direct is None
                    and self.error[1] in self.lines)

    def write(self, text: str) -> None:
        """Print text at stream 0's cursor (the Ready prompt's own output)."""
        self._print(text)

    def take_keys(self) -> str:
        """The keys typed but not yet read by the program (they go to the Ready prompt
        when the program stops, as the CPC's key buffer does)."""
        keys = "".join(self._keys)
        self._keys.clear()
        return keys

    def echo(self, text: str) -> None:
        """Record typed text in the transcript (the Ready prompt drew it already)."""
        self._record(text)

    def newline(self) -> None:
        self._newline()

    def variable(self, name: str) -> int | float | str:
        """A program variable's value by its BASIC name (``"M"``, ``"A%"``, ``"N$"``)."""
        key = self._key(name)
        slot = self._compiled.scalars.get(key) if self._compiled else None
        if slot is None:
            return "" if key[1] == "$" else (0 if key[1] == "%" else 0.0)
        return self.V[slot]

    def array(self, name: str) -> list:
        """A program array as nested Python lists (``array("B")[i]``); KeyError if the
        program has not dimensioned it (or used it) yet."""
        key = self._key(name)
        slot = self._compiled.arrays.get(key) if self._compiled else None
        if slot is None or self.ARRS[slot] is None:
            raise KeyError(f"array {name} is not dimensioned")
        arr = self.ARRS[slot]
        return nest(arr.data, arr.dims)

    def _key(self, name: str) -> tuple[str, str]:
        name = name.strip().upper()
        if not name or not name[0].isalpha():
            raise KeyError(f"not a BASIC variable name: {name!r}")
        suffix = name[-1] if name[-1] in "%!$" else ""
        base = name[:-1] if suffix else name
        deftypes = self._compiled.deftypes if self._compiled else {}
        return var_key(base, suffix, deftypes)

    # --- compile and start ---------------------------------------------------------------
    def _compile(self) -> CompiledProgram:
        if self._compiled is None:
            ns = self._namespace()
            self._compiled = compile_program(self.lines, ns)
            self._code = self._compiled.code
            self._mem_fixed = fixed_bytes(self.lines, self._compiled.functions)
            self._reset_run_state()
        return self._compiled

    def _reset_run_state(self) -> None:
        """RUN: clear variables, arrays, functions, stacks, DATA pointer, error trap."""
        compiled = self._compiled
        if compiled is None:
            self.V: list = []
            self.ARRS: list = []
            self.FNS: list = []
            self.CS: list = []
            self._pc = 0
        else:
            self.V[:] = [default_value(k[1]) for k in compiled.scalars]
            self.ARRS[:] = [None] * len(compiled.arrays)
            self.FNS[:] = [self._undefined_fn] * len(compiled.functions)
            self.CS.clear()
            self._array_types = {slot: key for key, slot in compiled.arrays.items()}
            self._var_bytes = [variable_bytes(k) for k in compiled.scalars]
            self._forget_variables()
        self._pc = 0
        self._mem_arrays = self._mem_strings = 0
        self._data_ptr = 0
        self._on_error = -1
        self._on_break = -1  # -1 ESC ESC stops; -2 ON BREAK CONT ignores it; else GOSUB target
        # AFTER/EVERY timers 0-3: None or [every, period, due tick, target pc]
        self._timers: list[list | None] = [None, None, None, None]
        # per timer, the calls that fell due and are not made yet (the firmware's event
        # count, at most 127) and the subroutine they go to (the last AFTER/EVERY's)
        self._calls = [0, 0, 0, 0]
        self._call_targets = [0, 0, 0, 0]
        self._events_on = True
        self._event_level = 0  # 0, or 1 + the timer whose subroutine runs (the highest)
        self._in_handler = False
        self._err = 0
        self._erl = 0
        self._err_pc = 0
        self._stopped_after = False
        self._in_input = False
        self._line_ready = None
        self._edit = []

    def _forget_variables(self) -> None:
        """RUN, CLEAR: no simple variable exists any more; each is created again when a
        statement naming it first runs."""
        self._allocated = bytearray(len(self._var_bytes))
        self._mem_vars = 0
        if self._compiled is not None:
            self._arm(self._compiled)
        if self._direct is not None:  # CLEAR typed at the prompt: the program's statements too
            self._arm(self._direct[0])

    def _arm(self, compiled: CompiledProgram) -> None:
        """Every statement naming variables runs ``_first_run`` once before its own code."""
        code, plain = compiled.code, compiled.plain_code
        for i, slots in enumerate(compiled.refs):
            code[i] = self._first_run(code, i, plain[i], slots) if slots else plain[i]

    def _first_run(self, code: list, i: int, statement: Callable[[], int],
                   slots: tuple[int, ...]) -> Callable[[], int]:
        def first() -> int:
            self._create_variables(slots)
            code[i] = statement  # from now on, the statement alone
            return statement()
        return first

    def _create_variables(self, slots: tuple[int, ...]) -> None:
        """The variables a statement names take their room as it first runs (ROM
        ``prob_alloc_space_for_new_var``): Memory full if there is none."""
        allocated = self._allocated
        for slot in slots:
            if slot < len(allocated) and not allocated[slot]:
                size = self._var_bytes[slot]
                if size > self.free_bytes():
                    raise BasicError(errors.MEMORY_FULL)
                allocated[slot] = 1
                self._mem_vars += size

    @staticmethod
    def _undefined_fn(*args: Any) -> Any:
        raise BasicError(errors.UNKNOWN_USER_FUNCTION)

    def _start(self) -> None:
        self._compile()
        self._reset_run_state()
        self._zone = 13
        self._deg = False
        self.error = None

    # --- the statement loop --------------------------------------------------------------
    def _execute(self, max_statements: int | None) -> RunState:
        compiled = self._compiled
        code = self._code
        line_of = compiled.line_of
        budget = max_statements if max_statements is not None else 1 << 62
        done = 0
        pc = self._pc
        while True:
            if self._esc_pending:  # one ESC pauses the CPC until the next key
                self._pc = pc
                self.statements += done
                return self._set(RunState.WAITING_KEY)
            if self._break_requested:
                self._break_requested = False
                if self._on_break >= 0:  # ON BREAK GOSUB: the break calls the handler
                    self._in_input = False
                    try:
                        self._compiled.namespace[names.PUSH]([1, pc, 0])
                    except BasicError as exc:  # no room on the stack for the call
                        self._pc = pc
                        self.statements += done
                        return self._report_error(exc.code, line_of[pc])
                    pc = self._on_break
                    continue
                if self._on_break == -1:
                    self._pc = pc
                    self.statements += done
                    return self._finish_break(pc, after=False)
            if done >= budget:
                self._pc = pc
                self.statements += done
                return self._set(RunState.BUDGET)
            # chunks end at absolute multiples of 256 statements, so where run() stops
            # for an INKEY$ wait does not depend on how the caller slices it
            n = 256 - (self.statements + done) % 256
            if n > budget - done:
                n = budget - done
            i = 0
            try:
                if self._timers_active:
                    # the firmware looks at its event timers after every statement
                    fire = self._fire_timer
                    for i in range(n):
                        pc = fire(code[pc]())
                else:
                    for i in range(n):
                        pc = code[pc]()
                done += n
                if self._idle >= _IDLE_POLLS and (self.statements + done) % 256 == 0:
                    self._idle = 0
                    self._pc = pc
                    self.statements += done
                    return self._set(RunState.WAITING_KEY)
                continue
            except TimersStart:  # from the next statement on, the timers are looked at
                done += i + 1
                pc = compiled.next_of[pc]
                continue
            except WaitForInput:
                done += i
                self._pc = pc
                self.statements += done
                return self._set(RunState.WAITING_INPUT)
            except WaitForKey:
                done += i
                self._pc = pc
                self.statements += done
                return self._set(RunState.WAITING_KEY)
            except ProgramEnd:
                done += i + 1
                self.statements += done
                self._pc = pc
                self._ready_prompt()
                return self._set(RunState.ENDED)
            except ProgramStop:
                done += i + 1
                self.statements += done
                self._pc = pc
                return self._finish_break(pc, after=True)
            except BasicError as exc:
                done += i + 1
                err = exc
            except (TypeError, ValueError):
                done += i + 1
                err = BasicError(errors.TYPE_MISMATCH)
            except (OverflowError, ZeroDivisionError) as exc:
                done += i + 1
                err = BasicError(errors.OVERFLOW if isinstance(exc, OverflowError) else errors.DIVISION_BY_ZERO)
            except RecursionError:
                done += i + 1
                err = BasicError(errors.MEMORY_FULL)
            except IndexError:
                done += i + 1
                err = BasicError(errors.SUBSCRIPT_OUT_OF_RANGE)
            except Exception as exc:  # an interpreter fault: stop the program, keep the cause
                done += i + 1
                self.internal_error = exc
                err = BasicError(errors.UNKNOWN_ERROR)
            # a BASIC error: trap it (ON ERROR GOTO) or stop with the message
            line = err.line if err.line is not None else line_of[min(pc, len(line_of) - 1)]
            self._in_input = False
            self.screen.stream = 0
            if self._on_error >= 0 and not self._in_handler:
                self._err, self._erl, self._err_pc = err.code, line, pc
                self._in_handler = True
                pc = self._on_error
                continue
            self._pc = pc
            self.statements += done
            return self._report_error(err.code, line)

    def _report_error(self, code: int, line: int) -> RunState:
        """Stop with "<message> in <line>", then Ready (or, after a Syntax error, the
        faulty line shown for editing, as the CPC drops into its line editor)."""
        self.error = (code, line)
        self.screen.stream = 0
        self._new_line_if_needed()
        if self._direct is not None and line == 0:  # in a typed line: the message alone
            self._print(error_message(code))
            self._newline()
            self._ready_prompt()
            return self._set(RunState.ERROR)
        self._print(f"{error_message(code)} in {line}")
        self._newline()
        if code == errors.SYNTAX_ERROR and line in self.lines:
            self._print(f"{line} {list_form(self.lines[line])}")
            self._newline()
        else:
            self._ready_prompt()
        return self._set(RunState.ERROR)

    @property
    def _timers_active(self) -> bool:
        return self._timers != [None, None, None, None] or self._calls != [0, 0, 0, 0]

    def _ticks(self) -> int:
        """The 50 Hz frame count the firmware's event timers use."""
        return int((self._clock() - self._t0) * 50)

    def _count_calls(self, now: int) -> None:
        """The calls the timers owe up to frame ``now``: an EVERY one per period, an AFTER
        one (and it is gone).  They wait through DI, REMAIN, a new AFTER/EVERY and a
        subroutine that outlasts its period (the firmware counts its event's kicks)."""
        for n, t in enumerate(self._timers):
            if t is not None and now >= t[2]:
                if t[0]:
                    due = 1 + (now - t[2]) // t[1]
                    t[2] += due * t[1]
                else:
                    due = 1
                    self._timers[n] = None
                self._calls[n] = min(self._calls[n] + due, 127)

    def _fire_timer(self, pc: int) -> int:
        """Between statements: the most urgent timer owed a call calls its subroutine
        (as a GOSUB that returns to ``pc``), unless DI holds them.  Timer 3 is the most
        urgent: a timer's subroutine holds back its own timer and the lower ones, and
        is interrupted by a higher one (the firmware's event priorities); RETURN
        lowers the level again."""
        self._count_calls(self._ticks())
        level = self._event_level
        if not self._events_on or level > 3:
            return pc
        calls = self._calls
        for n in (3, 2, 1, 0):
            if n < level:
                break
            if calls[n]:
                calls[n] -= 1
                self._compiled.namespace[names.PUSH]([1, pc, level + 1])
                self._event_level = n + 1
                return self._call_targets[n]
        return pc

    def _set(self, state: RunState) -> RunState:
        self.state = state
        return state

    def _finish_break(self, pc: int, after: bool) -> RunState:
        self._stopped_after = after
        self._in_input = False
        self.screen.stream = 0
        self._new_line_if_needed()
        line = self._compiled.line_of[min(pc, len(self._compiled.line_of) - 1)]
        self._print("Break" if self._direct is not None and line == 0 else f"Break in {line}")
        self._newline()
        self._ready_prompt()
        return self._set(RunState.STOPPED)

    def _ready_prompt(self) -> None:
        self._new_line_if_needed()
        self._print("Ready")
        self._newline()

    # --- output ------------------------------------------------------------------------------
    def _print(self, text: str) -> None:
        self._record(text)
        screen = self.screen
        if screen._pending or any(c < " " for c in text):
            screen.write(text)
            return
        put = screen.put_char
        for ch in text:
            put(ch)

    def _newline(self) -> None:
        self._record("\n")
        self.screen.newline()

    def _new_line_if_needed(self) -> None:
        # the ROM asks for the validated cursor: a line filled to the right edge has
        # its wrap pending and counts as a new line already ("...X" then "Ready")
        if 0 < self.screen.col < self.screen.width:
            self._newline()

    def _print_item(self, text: str) -> None:
        """A PRINT item that does not fit in what is left of the line starts a new one."""
        screen = self.screen
        col = screen.col
        # the ROM asks for the validated cursor: after a character in the last column
        # the wrap is pending and the next item starts at column 0 (only the screen wraps)
        if col and col < screen.width:
            size = len(text)
            if size and min(text) < " ":  # control codes take no room (ROM PRINT_do_string)
                size = _printed_size(text)
            if col + size > screen.width:
                self._newline()
        self._print(text)

    # --- keyboard and INPUT ----------------------------------------------------------------
    def _pump_keys(self) -> None:
        keys = self._keys
        while keys and self._line_ready is None:
            ch = keys.pop(0)
            if ch == "\r" or ch == "\n":
                self._line_ready = "".join(self._edit)
            elif ch in ("\x7f", "\b"):
                if self._edit:
                    self._edit.pop()
                    while self._transcript and not self._transcript[-1]:
                        self._transcript.pop()
                    if self._transcript:  # the echoed character goes from the transcript too
                        self._transcript[-1] = self._transcript[-1][:-1]
                        self._transcript_size -= 1
                    self.screen.backspace()
            elif ch >= " " and len(self._edit) < 255:
                self._edit.append(ch)
                self._print(ch)

    def _read_line(self, prompt: str, keep_line: bool) -> str:
        if not self._in_input:
            self._in_input = True
            self._edit = []
            self._line_ready = None
            self._print(prompt)
        self._pump_keys()
        if self._line_ready is None:
            raise WaitForInput()
        line = self._line_ready
        self._line_ready = None
        self._in_input = False
        self._edit = []
        if not keep_line:
            self._newline()
        return line

    def _input(self, prompt: str, keep_line: bool, targets: list) -> None:
        while True:
            line = self._read_line(prompt, keep_line)
            # RETURN alone is one empty item: 0 or "" for a single variable, and
            # "?Redo from start" when more are asked for (ROM input_parse_buffer)
            items = _split_input(line)
            # the items are read in order, each as its variable's kind, until one is
            # wrong; only then is their count checked (ROM), so a number too large is
            # Overflow even in a line with too many or too few items
            values: list | None = []
            for index, (kind, _) in enumerate(targets):
                item = items[index] if index < len(items) else None
                if item is None:
                    values = None
                    break
                if kind == "s":
                    values.append(item)
                    continue
                # an empty item is 0; a number too large for a real (or '&' digits
                # past 16 bits) is the maths error Overflow: raised under ON ERROR
                # GOTO, else printed before "?Redo from start" (seen on the ROMs)
                value = read_whole_number(item, self._overflow_warning)
                if value is None:
                    values = None
                    break
                values.append(value)
            if len(items) != len(targets):
                values = None
            if values is not None:
                # stored in order: an integer variable given a number past 16 bits is
                # Overflow, after the variables before it have their values (ROM)
                for (_, setter), value in zip(targets, values):
                    setter(value)
                return
            self._print("?Redo from start")
            self._newline()

    def _overflow_warning(self) -> None:
        maths_error(self, errors.OVERFLOW)

    def _line_input(self, prompt: str, keep_line: bool, setter: Callable[[str], None]) -> None:
        setter(self._read_line(prompt, keep_line))

    def _inkey(self) -> str:
        if self._keys:
            self._idle = 0
            return self._keys.pop(0)
        self._idle += 1
        return ""

    def _inkey_n(self, n: Any) -> int:
        """INKEY(n): 0 if the next typed key is key number n (it is used up), else -1.
        Typed keys are taps, so a key counts as pressed once."""
        n = to_int16(n)
        if not 0 <= n <= 79:
            raise BasicError(errors.IMPROPER_ARGUMENT)
        if self._keys and KEY_NUMBERS.get(self._keys[0].translate(UPPER)) == n:
            self._keys.pop(0)
            self._idle = 0
            return 0
        self._idle += 1
        return -1

    # --- the runtime the compiled code calls --------------------------------------------------
    def _namespace(self) -> dict[str, Any]:
        """The globals compiled statements run in (see ``machines/cpc/runtime``)."""
        return build_namespace(self)

    # --- snapshot ------------------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        """The whole machine as plain JSON-able data (a direct-mode statement that is
        running is kept as its text and position; variables it created are not)."""
        if self._direct is None:
            return self._snapshot_program()
        direct = {"text": self._direct_text, "pc": self._pc, "state": self.state.value,
                  "stopped_after": self._stopped_after, "after_program": True}
        inside = (self._compiled, self._code, self._pc, self.state, self._stopped_after)
        self._leave_direct()
        try:
            snap = self._snapshot_program()
        finally:
            self._direct = (self._compiled, self._code, self._pc, self.state, self._stopped_after)
            self._compiled, self._code, self._pc, self.state, self._stopped_after = inside
        snap["direct"] = direct
        return snap

    def _snapshot_program(self) -> dict[str, Any]:
        compiled = self._compiled
        arrays = {}
        fns = {}
        if compiled is not None:
            for key, slot in compiled.arrays.items():
                arr = self.ARRS[slot]
                if arr is not None:
                    arrays["%s%s" % key] = {"dims": list(arr.dims), "data": list(arr.data)}
            for key, slot in compiled.functions.items():
                f = self.FNS[slot]
                if f is not self._undefined_fn:
                    fns["%s%s" % key] = f.__name__
        return {
            "lines": {str(k): v for k, v in self.lines.items()},
            "state": self.state.value,
            "statements": self.statements,
            "error": list(self.error) if self.error else None,
            "pc": self._pc,
            "scalars": {"%s%s" % k: self.V[s] for k, s in compiled.scalars.items()} if compiled else {},
            "created": ["%s%s" % k for k, s in compiled.scalars.items()
                        if s < len(self._allocated) and self._allocated[s]] if compiled else [],
            "arrays": arrays,
            "functions": fns,
            "stack": [list(f) for f in self.CS],
            "data_ptr": self._data_ptr,
            "on_error": self._on_error,
            "on_break": self._on_break,
            "timers": [list(t) if t else None for t in self._timers],
            "timer_calls": [[c, at] for c, at in zip(self._calls, self._call_targets)],
            "events_on": self._events_on,
            "in_event": self._event_level,
            "in_handler": self._in_handler,
            "err": [self._err, self._erl, self._err_pc],
            "stopped_after": self._stopped_after,
            "keys": list(self._keys),
            "esc_pending": self._esc_pending,
            "break_requested": self._break_requested,
            "in_input": self._in_input,
            "edit": list(self._edit),
            "line_ready": self._line_ready,
            "idle": self._idle,
            "rnd": self._rnd_state,
            "deg": self._deg,
            "zone": self._zone,
            "time": self._clock() - self._t0,
            "screen": self.screen.to_json(),
            "transcript": self.transcript[-TRANSCRIPT_KEPT:],
        }

    def restore(self, snap: dict[str, Any]) -> None:
        """Put the machine back exactly as ``snapshot()`` saw it.  Every field is checked
        first (``snapshot.read_cpc``): a damaged snapshot raises ValueError naming the
        field (``snapshot field 'screen.pens[3][7]': ...``) and the machine is unchanged."""
        self.apply_snapshot(self.check_snapshot(snap))

    def check_snapshot(self, snap: Any) -> CpcState:
        """The snapshot (a plain value, or a ``Field`` read from a larger one) read and checked,
        nothing changed (ValueError on a bad field)."""
        f = snap if isinstance(snap, Field) else Field(snap)
        program = self._direct[0] if self._direct is not None else self._compiled
        raw = f.value
        same = program is not None and isinstance(raw, dict) and isinstance(raw.get("lines"), dict) \
            and raw["lines"] == {str(k): v for k, v in self.lines.items()}
        return read_cpc(f, program if same else None, self._mem_fixed if same else None)

    def apply_snapshot(self, st: CpcState) -> None:
        """Assign a checked snapshot (``check_snapshot``)."""
        if self._direct is not None:
            self._leave_direct()
        self.screen = st.screen
        if st.lines == self.lines and self._compiled is not None:
            compiled = self._compiled  # the same listing compiles to the same code
            self._reset_run_state()
        else:
            self.lines = dict(st.lines)
            self._compiled = None
            compiled = self._compile()
        self.problems = list(compiled.problems)
        for slot, value in st.scalars.items():
            self.V[self._adopt_variable(slot) if isinstance(slot, tuple) else slot] = value
        for slot in st.created:
            slot = self._adopt_variable(slot) if isinstance(slot, tuple) else slot
            self._allocated[slot] = 1
            self._mem_vars += self._var_bytes[slot]
        for slot, (dims, data) in st.arrays.items():
            size = st.array_bytes[slot]
            slot = self._adopt_array(slot) if isinstance(slot, tuple) else slot
            self.ARRS[slot] = Array(dims, 0, size, data)
        self._mem_arrays = sum(st.array_bytes.values())
        self._mem_strings = st.strings_bytes
        ns = compiled.namespace
        for slot, fname in st.functions.items():
            self.FNS[slot] = ns[fname]
        self.CS[:] = st.stack
        self.state = RunState(st.state)
        self.statements = st.statements
        self.error = st.error
        self._pc = st.pc
        self._data_ptr = st.data_ptr
        self._on_error = st.on_error
        self._on_break = st.on_break
        self._timers = st.timers
        self._calls = [c for c, _ in st.timer_calls]
        self._call_targets = [at for _, at in st.timer_calls]
        self._events_on = st.events_on
        self._event_level = st.in_event
        self._in_handler = st.in_handler
        self._err, self._erl, self._err_pc = st.err
        self._stopped_after = st.stopped_after
        self._keys = st.keys
        self._esc_pending = st.esc_pending
        self._break_requested = st.break_requested
        self._in_input = st.in_input
        self._edit = st.edit
        self._line_ready = st.line_ready
        self._idle = st.idle
        self._rnd_state = st.rnd
        self._deg = st.deg
        self._zone = st.zone
        self._t0 = self._clock() - st.time
        self._transcript_dropped = 0
        self._keep_transcript(st.transcript)
        self._direct = None
        if st.direct:
            self.direct(st.direct["text"])
            pc, first = st.direct["pc"], len(compiled.code)
            if st.direct.get("after_program") is not True and pc + first < len(self._code):
                pc += first  # a snapshot from before the typed line's pcs followed the program's counted from 0
            self._pc = pc
            self.state = RunState(st.direct["state"])
            self._stopped_after = st.direct["stopped_after"]


# Key numbers of the CPC keyboard (User Instructions, key numbers chart) for INKEY(n);
# the cursor keys are typed as the codes INKEY$ gives for them, CHR$(240)-CHR$(243).
KEY_NUMBERS: dict[str, int] = {
    "\xf0": 0, "\xf3": 1, "\xf1": 2, "\xf2": 8, "\r": 18, "[": 17, "]": 19, "\\": 22,
    "^": 24, "-": 25, "@": 26, "P": 27, ";": 28, ":": 29, "/": 30, ".": 31,
    "0": 32, "9": 33, "O": 34, "I": 35, "L": 36, "K": 37, "M": 38, ",": 39,
    "8": 40, "7": 41, "U": 42, "Y": 43, "H": 44, "J": 45, "N": 46, " ": 47,
    "6": 48, "5": 49, "R": 50, "T": 51, "G": 52, "F": 53, "B": 54, "V": 55,
    "4": 56, "3": 57, "E": 58, "W": 59, "S": 60, "D": 61, "C": 62, "X": 63,
    "1": 64, "2": 65, "Q": 67, "\t": 68, "A": 69, "Z": 71, "\x7f": 79,
}

def _split_input(line: str) -> list[str | None]:
    """The comma-separated items of an INPUT line (ROM ``input_parse_buffer``): leading
    spaces skipped, quotes protect commas, an unquoted item runs to the next comma.
    A quoted item followed by more than spaces is None, and ends the list."""
    items: list[str | None] = []
    i = 0
    n = len(line)
    while True:
        while i < n and line[i] == " ":
            i += 1
        if i < n and line[i] == '"':
            j = line.find('"', i + 1)
            if j < 0:
                items.append(line[i + 1:])
                i = n
            else:
                items.append(line[i + 1: j])
                i = j + 1
                while i < n and line[i] == " ":
                    i += 1
                if i < n and line[i] != ",":
                    items[-1] = None
                    return items
        else:
            j = line.find(",", i)
            if j < 0:
                j = n
            items.append(line[i:j])
            i = j
        if i < n and line[i] == ",":
            i += 1
            continue
        break
    return items


def _defines_function(text: str) -> bool:
    """The typed line has a DEF statement (outside strings and REM)."""
    try:
        tokens = tokenize(text)
    except LexError:
        return False  # the compiler reports it as it does for a program line
    return any(tok.kind == "kw" and tok.value == "DEF" for tok in tokens)


def _printed_size(text: str) -> int:
    """Characters a string puts on the line: control codes and their parameter bytes
    do not count, except CHR$(1)'s parameter, which is drawn."""
    size = 0
    skip = 0
    for ch in text:
        if skip:
            skip -= 1
            continue
        code = ord(ch)
        if code >= 32:
            size += 1
        elif code == 1:
            size += 1
            skip = 1
        else:
            skip = _PARAMS[code]
    return size


_PARAMS = (0, 1, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1,
           0, 0, 0, 0, 0, 0, 1, 1, 0, 9, 4, 0, 3, 2, 0, 2)
