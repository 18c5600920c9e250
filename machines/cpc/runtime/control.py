"""Control flow for compiled code: errors, END and STOP, the execution stack (GOSUB,
FOR, WHILE), RUN and CLEAR, DATA/READ/RESTORE and INPUT.

The ROM's execution stack holds 506 bytes, from &AE71 up to the &B06C limit checked
in ``possibly_alloc_A_bytes_on_execution_stack``; entries take 6 bytes (GOSUB), 7
(WHILE), 16 (FOR with an integer) or 22 (FOR with a real).  A stack entry is a list
``[kind, ...]`` whose last item is the stack's size in bytes with it:
GOSUB ``[1, return pc, from a timer]``, WHILE ``[2, pc, wend pc]``,
FOR ``[0, slot, end, step, body pc, integer, sign of step]``.
"""

from __future__ import annotations

from typing import Any

from machines.cpc import errors
from machines.cpc.errors import BasicError
from machines.cpc.numbers import parse_number_prefix, read_number
from machines.cpc.runtime import names as rt
from machines.cpc.runtime.arrays import default_value
from machines.cpc.runtime.host import Host

__all__ = ["ProgramEnd", "ProgramStop", "WaitForInput", "WaitForKey", "FOR", "GOSUB", "WHILE", "bind",
           "frame_bytes"]

STACK_BYTES = 506
FOR, GOSUB, WHILE = 0, 1, 2  # stack entry kinds
_FRAME_BYTES = {GOSUB: 6, WHILE: 7}


def frame_bytes(frame: list) -> int:
    """The bytes a stack entry takes on the ROM's execution stack."""
    kind = frame[0]
    return _FRAME_BYTES[kind] if kind else (16 if frame[5] else 22)


class ProgramEnd(Exception):
    """END, or the last line was passed."""


class ProgramStop(Exception):
    """STOP: "Break in N", CONT goes on after it."""


class WaitForInput(Exception):
    """INPUT needs a line ending with RETURN; the statement runs again when typed."""


class WaitForKey(Exception):
    """CALL &BB18 needs a key; the statement runs again when one is typed."""


class TimersStart(Exception):
    """AFTER or EVERY set the first timer: the statement is done, and the statement loop
    goes on from the next one looking at the timers after every statement (it does
    not while none is set)."""


def bind(machine: Host) -> dict[str, Any]:
    """The flow functions, closed over the machine's control stack (``CS``)."""
    CS = machine.CS

    def err(code: int) -> Any:
        raise BasicError(code)

    def falloff() -> None:
        """Running past the last line: END, unless an error handler never RESUMEd."""
        if machine._in_handler:
            raise BasicError(errors.RESUME_MISSING)
        raise ProgramEnd()

    def push(frame: list) -> None:
        """Stack an entry; its last item is the stack's size in bytes with it."""
        used = (CS[-1][-1] if CS else 0) + frame_bytes(frame)
        if used > STACK_BYTES:
            raise BasicError(errors.MEMORY_FULL)
        frame.append(used)
        CS.append(frame)

    def ret() -> int:
        while CS:
            f = CS.pop()
            if f[0] == GOSUB:
                if f[2]:  # the end of a timer's subroutine: the level it interrupted (+1)
                    machine._event_level = f[2] - 1
                return f[1]
        raise BasicError(errors.UNEXPECTED_RETURN)

    def forpush(slot: int, end: Any, step: Any, body: int, isint: bool) -> None:
        # a FOR whose loop is already on the stack (in this subroutine) replaces that
        # entry and whatever was stacked above it: ROM command_FOR looks for an entry
        # with its own NEXT, as NEXT does; the FOR is known here by its body's pc
        for n in range(len(CS) - 1, -1, -1):
            f = CS[n]
            if f[0] == GOSUB:
                break
            if f[0] == FOR and f[4] == body:
                del CS[n:]
                break
        push([FOR, slot, end, step, body, isint, (step > 0) - (step < 0)])

    def find_while(wend: int) -> int:
        """Index of the WHILE entry for this WEND, searched as the ROM does: FOR
        entries are passed over, a GOSUB entry ends the search."""
        for n in range(len(CS) - 1, -1, -1):
            f = CS[n]
            if f[0] == GOSUB:
                break
            if f[0] == WHILE and f[2] == wend:
                return n
        return -1

    def whilepush(pc: int, wend: int) -> None:
        n = find_while(wend)
        if n >= 0:
            del CS[n:]
        push([WHILE, pc, wend])

    def wend_(pc: int) -> int:
        n = find_while(pc)
        if n < 0:
            raise BasicError(errors.UNEXPECTED_WEND)
        del CS[n + 1:]
        return CS[n][1]

    def topfor(bodies: tuple[int, ...]) -> list:
        """NEXT: the innermost FOR entry of a loop this NEXT closes (its body's pc is
        one of ``bodies``), the entries above it dropped.  As ROM
        ``get_execution_stack_data``: other FOR and WHILE entries are passed over, a
        GOSUB entry ends the search (Unexpected NEXT)."""
        for n in range(len(CS) - 1, -1, -1):
            f = CS[n]
            if f[0] == GOSUB:
                break
            if f[0] == FOR and f[4] in bodies:
                del CS[n + 1:]
                return f
        raise BasicError(errors.UNEXPECTED_NEXT)

    def rerun() -> None:
        machine._reset_run_state()
        machine._zone = 13
        machine._deg = False

    def clear() -> None:
        machine.V[:] = [default_value(k[1]) for k in machine._compiled.scalars]
        machine.ARRS[:] = [None] * len(machine.ARRS)
        machine.FNS[:] = [machine._undefined_fn] * len(machine.FNS)
        machine._mem_arrays = machine._mem_strings = 0
        machine._forget_variables()

    def read_item() -> tuple[str, int]:
        data = machine._compiled.data
        if machine._data_ptr >= len(data):
            raise BasicError(errors.DATA_EXHAUSTED)
        item = data[machine._data_ptr]
        machine._data_ptr += 1
        return item

    bad_item: list[int] = []  # the DATA line of a bad item just read, until checked
    read_start = [0]  # the DATA pointer when the READ statement began

    def read_num(first: bool = True) -> Any:
        # ROM input_parse_item: an empty item is 0; anything that is not a whole
        # number (a word, a number with text after it) is a Syntax error
        # reported in the DATA line (ERL is the DATA line).  The variable is given
        # what was read of it (0 for a word) before the error, and the DATA pointer
        # goes back to where it was when the READ statement began (seen on the
        # ROMs): RESUME NEXT and the next READ read those items again.  An item the
        # number reader gives up on (a sign, a point or '&' with no digit) is a Type
        # mismatch of the READ itself, the variable left as it was (seen on the ROMs)
        bad_item.clear()
        if first:
            read_start[0] = machine._data_ptr
        # the value is a real, whatever the item looks like (-32768 is no integer to
        # ROUND after it: seen on the ROMs); an integer variable rounds it
        text, line = read_item()
        if not text.strip(" "):
            return 0.0
        if read_number(text) is None:  # (a number too large: Overflow, raised here)
            raise BasicError(errors.TYPE_MISMATCH)
        value, used = parse_number_prefix(text)
        if used == 0 or text[used:].strip(" "):
            machine._data_ptr = read_start[0]
            bad_item.append(line)
            return float(value) if used else 0.0
        return float(value)

    def read_check() -> None:
        if bad_item:
            raise BasicError(errors.SYNTAX_ERROR, line=bad_item.pop())

    def read_abort() -> None:
        bad_item.clear()
        machine._data_ptr = read_start[0]

    def read_str(first: bool = True) -> str:
        # leading spaces are skipped; a quoted item is what its quotes hold and
        # may be followed only by spaces; an unquoted one keeps trailing spaces
        bad_item.clear()
        if first:
            read_start[0] = machine._data_ptr
        text, line = read_item()
        text = text.lstrip(" ")
        if text.startswith('"'):
            end = text.find('"', 1)
            if end < 0:
                return text[1:]
            if text[end + 1:].strip(" "):  # the quoted part is stored, then the error
                machine._data_ptr = read_start[0]
                bad_item.append(line)
            return text[1:end]
        return text

    def restore(index: int) -> None:
        machine._data_ptr = index

    return {
        rt.ERROR_CLASS: BasicError, rt.RAISE: err, rt.END: ProgramEnd(), rt.STOP: ProgramStop(),
        rt.FALL_OFF: falloff, rt.PUSH: push, rt.RETURN: ret, rt.FOR_PUSH: forpush, rt.FOR_FIND: topfor,
        rt.WHILE_PUSH: whilepush, rt.WEND: wend_, rt.RUN_AGAIN: rerun, rt.CLEAR: clear,
        rt.READ_NUMBER: read_num, rt.READ_CHECK: read_check, rt.READ_ABORT: read_abort,
        rt.READ_STRING: read_str, rt.RESTORE: restore,
        rt.INPUT: machine._input, rt.LINE_INPUT: machine._line_input,
    }


