"""PRINT, WRITE and the text-screen statements for compiled code (streams #0-#9).

Streams 0-7 are the eight text windows; 8 (printer) and 9 (cassette/disc) are
accepted and print on window 0 here.
"""

from __future__ import annotations

from typing import Any, Callable

from machines.cpc import errors
from machines.cpc.errors import BasicError
from machines.cpc.numbers import format_number, str_number
from machines.cpc.runtime import names as rt
from machines.cpc.runtime.host import Host
from machines.cpc.using import format_using

__all__ = ["bind", "on_stream"]


def _check_stream(n: int) -> int:
    if not 0 <= n <= 9:
        raise BasicError(errors.IMPROPER_ARGUMENT)
    return n if n < 8 else 0


def on_stream(machine: Host, n: int, action: Callable[[], Any]) -> Any:
    """Do ``action`` with stream ``n`` selected, then go back to the current one."""
    n = _check_stream(n)
    scr = machine.screen
    saved = scr.stream
    scr.stream = n
    try:
        return action()
    finally:
        scr.stream = saved


def _check(condition: bool) -> None:
    if not condition:
        raise BasicError(errors.IMPROPER_ARGUMENT)


def bind(machine: Host) -> dict[str, Callable[..., Any]]:
    """The printing and screen functions, closed over the machine."""

    def stream(n: int) -> None:
        machine.screen.stream = _check_stream(n)

    def window(n: int, left: int, right: int, top: int, bottom: int) -> None:
        _check(0 <= n <= 7 and all(1 <= v <= 255 for v in (left, right, top, bottom)))
        machine.screen.set_window(n, left, right, top, bottom)

    def window_swap(a: int, b: int) -> None:
        _check(0 <= a <= 7 and 0 <= b <= 7)
        machine.screen.swap_windows(a, b)

    def cls(n: int) -> None:
        on_stream(machine, n, machine.screen.cls)

    def mode(n: int) -> None:
        _check(0 <= n <= 2)
        machine.screen.set_mode(n)

    def locate(c: int, r: int, n: int) -> None:
        _check(1 <= c <= 255 and 1 <= r <= 255)
        on_stream(machine, n, lambda: machine.screen.locate(c, r))

    def pen(p: int, n: int) -> None:
        _check(0 <= p <= 15)
        on_stream(machine, n, lambda: machine.screen.set_pen(p))

    def paper(p: int, n: int) -> None:
        _check(0 <= p <= 15)
        on_stream(machine, n, lambda: machine.screen.set_paper(p))

    def ink(p: int, c1: int, c2: int) -> None:
        _check(0 <= p <= 15 and 0 <= c1 <= 31 and 0 <= c2 <= 31)
        machine.screen.inks[p] = [c1 % 27, c2 % 27]

    def border(c1: int, c2: int) -> None:
        _check(0 <= c1 <= 31 and 0 <= c2 <= 31)
        machine.screen.border = [c1 % 27, c2 % 27]

    def zone(n: int) -> None:
        _check(1 <= n <= 255)
        machine._zone = n

    def settled(n: int) -> Any:
        return on_stream(machine, n, machine.screen.settle_cursor)

    def pos(n: int) -> int:
        return settled(n).col + 1

    def vpos(n: int) -> int:
        return settled(n).row + 1

    def copychr(n: int) -> str:
        def read() -> str:
            scr = machine.screen
            w = scr.win
            if w.col >= w.width or w.row >= w.height:
                return ""
            return scr.chars[w.top + w.row][w.left + w.col]
        return on_stream(machine, n, read)

    print_item = machine._print_item

    def ps(s: str) -> None:
        print_item(s)

    def pn(x: Any) -> None:
        print_item(format_number(x))

    def pnl() -> None:
        machine._newline()

    def pz() -> None:
        # ROM PRINT_do_comma: the spaces to the next zone, plus one whole zone,
        # must fit on the line, else a new line is started
        scr = machine.screen
        col = scr.col if scr.col < scr.width else 0  # the validated cursor (pending wrap)
        z = machine._zone
        spaces = z - col % z
        if col and col + spaces + z > scr.width:
            machine._newline()
        else:
            machine._print(" " * spaces)

    def ptab(n: int) -> None:
        scr = machine.screen
        n = (n - 1) % scr.width if n >= 1 else 0
        col = scr.col if scr.col < scr.width else 0  # the validated cursor (pending wrap)
        if col > n:
            machine._newline()
            col = 0
        machine._print(" " * (n - col))

    def pspc(n: int) -> None:
        # ROM PRINT_do_SPC: a negative count is 0, a count is taken modulo the width
        if n > 0:
            machine._print(" " * (n % machine.screen.width))

    def pw(items: tuple) -> None:
        machine._print(",".join(items))
        machine._newline()

    def pu(fmt: str, values: tuple) -> None:
        out: list[str] = []
        try:
            format_using(fmt, values, out)
        finally:  # the ROM prints as it goes: the text before an error stays printed
            machine._print("".join(out))

    def wq(text: str) -> str:
        return '"' + text + '"'

    def wn(x: Any) -> str:
        return str_number(x).lstrip(" ")

    return {
        rt.PRINT_NUMBER: pn, rt.PRINT_STRING: ps, rt.PRINT_COMMA: pz, rt.PRINT_NEWLINE: pnl,
        rt.PRINT_TAB: ptab, rt.PRINT_SPC: pspc, rt.PRINT_USING: pu, rt.WRITE_ITEMS: pw,
        rt.WRITE_QUOTED: wq, rt.WRITE_NUMBER: wn, rt.STREAM: stream, rt.POS: pos, rt.VPOS: vpos,
        rt.COPYCHR: copychr, rt.WINDOW: window, rt.WINDOW_SWAP: window_swap, rt.CLS: cls,
        rt.MODE: mode, rt.LOCATE: locate, rt.PEN: pen, rt.PAPER: paper, rt.INK: ink,
        rt.BORDER: border, rt.ZONE: zone,
    }
