"""Events for compiled code: AFTER/EVERY timers, DI/EI, ON ERROR GOTO and RESUME,
ON BREAK, ERROR n, ERR/ERL, the keyboard (INKEY$, INKEY(n)), TIME and the firmware
CALLs a type-in uses."""

from __future__ import annotations

from typing import Any, Callable

from machines.cpc import errors
from machines.cpc.errors import BasicError
from machines.cpc.runtime import names as rt
from machines.cpc.runtime.control import TimersStart, WaitForKey
from machines.cpc.runtime.host import Host
from machines.cpc.runtime.strings import byte
from machines.cpc.screen import DEFAULT_INKS


__all__ = ["bind"]

_KM_WAIT_KEYS = (0xBB18, 0xBB06)  # KM WAIT KEY / KM WAIT CHAR
_SCR_RESET = 0xBC02  # default inks


def bind(machine: Host) -> dict[str, Callable[..., Any]]:
    """The event and keyboard functions, closed over the machine."""

    def timer(every: bool, period: int, n: int, target: int) -> None:
        if not (0 <= n <= 3 and period >= 0):
            raise BasicError(errors.IMPROPER_ARGUMENT)
        looking = machine._timers_active
        now = machine._ticks()
        machine._count_calls(now)  # the calls owed so far go to the new subroutine
        machine._timers[n] = [every, max(period, 1), now + max(period, 1), target]
        machine._call_targets[n] = target
        if not looking:
            raise TimersStart()

    def remain(n: int) -> int:
        if not 0 <= n <= 3:
            raise BasicError(errors.IMPROPER_ARGUMENT)
        now = machine._ticks()
        machine._count_calls(now)  # the calls owed stay owed (ROM: KL DEL TICKER only)
        t = machine._timers[n]
        machine._timers[n] = None
        return 0 if t is None else max(t[2] - now, 0)

    def events(on: bool) -> None:
        machine._events_on = on

    def onerror(pc: int) -> None:
        machine._on_error = pc
        if pc < 0 and machine._in_handler:
            # ROM command_ON_ERROR_GOTO_0: inside a handler it reports the error
            raise BasicError(machine._err, line=machine._erl)

    def onbreak(target: int) -> None:
        machine._on_break = target

    def resume(how: int) -> int:
        """RESUME (0: the failed statement), RESUME NEXT (1), RESUME n (2: the caller jumps)."""
        if not machine._in_handler:
            raise BasicError(errors.UNEXPECTED_RESUME)
        machine._in_handler = False
        machine._err = 0  # ROM restore_RESUME_data_or_error clears ERR
        if how == 0:
            return machine._err_pc
        return machine._compiled.next_of[machine._err_pc]

    def raise_error(n: int) -> None:
        raise BasicError(byte(n))

    def errinfo(which: int) -> int:
        return machine._erl if which else machine._err

    def clear_input() -> None:
        machine._keys.clear()

    def call(address: int) -> None:
        address &= 0xFFFF
        if address in _KM_WAIT_KEYS:
            if not machine._keys:
                raise WaitForKey()
            machine._keys.pop(0)
            machine._idle = 0
        elif address == _SCR_RESET:
            machine.screen.inks = [list(i) for i in DEFAULT_INKS]

    def time_() -> float:
        return float(int((machine._clock() - machine._t0) * 300))

    return {
        rt.TIMER: timer, rt.REMAIN: remain, rt.EVENTS: events, rt.ON_ERROR: onerror,
        rt.ON_BREAK: onbreak, rt.RESUME: resume, rt.ERROR_STATEMENT: raise_error,
        rt.ERR_INFO: errinfo, rt.INKEY_STRING: machine._inkey, rt.INKEY: machine._inkey_n,
        rt.CLEAR_INPUT: clear_input, rt.CALL: call, rt.TIME: time_,
    }
