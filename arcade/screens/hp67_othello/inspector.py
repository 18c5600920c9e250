"""The HP-67's insides: stack, LAST X, registers (with the board rows they hold), flags, listing.

Renders the driver's ``HP67View``, ``decoded_rows()`` and ``listing()``; it never
reads the machine itself, so a running worker cannot be caught mid-step.
"""

from __future__ import annotations

from typing import Any, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Static


def machine_lines(view: Any, rows: dict[int, str]) -> Text:
    """The stack, registers and flags in 18 lines of 28 columns (no colour needed to read it)."""
    t = Text(no_wrap=True, end="")
    if view is None:
        t.append("(no machine state yet)")
        return t

    def pair(a: str, va: str, b: str, vb: str, bold_b: bool = False) -> None:
        t.append(f"{a:<2} ", "dim")  # a space after every name, however long the number
        t.append(f"{va:>10} ")
        t.append(f"{b:<2} ", "dim")
        t.append(f"{vb:>10}\n", "bold" if bold_b else "")

    regs = view.registers
    pair("T", view.t, "Z", view.z)
    pair("Y", view.y, "X", view.x, bold_b=True)
    t.append("LSTX ", "dim")
    t.append(f"{view.last_x:>10}  ")
    t.append("step ", "dim")
    t.append(f"{view.pc:03d}\n", "bold reverse")
    for n in range(10):
        t.append(f"R{n} ", "dim")
        t.append(f"{regs.get(str(n), ''):>12}")
        if n in rows:
            t.append(f" {rows[n]}", "bold")
        t.append("\n")
    pair("RA", regs.get("A", ""), "RB", regs.get("B", ""))
    pair("RC", regs.get("C", ""), "RD", regs.get("D", ""))
    pair("RE", regs.get("E", ""), "RI", regs.get("I", ""))
    t.append("  ".join(f"F{i} {'1' if on else '0'}" for i, on in enumerate(view.flags)) + "\n")
    t.append("steps run ", "dim")
    t.append(f"{view.steps:,}")
    return t


def listing_lines(listing: Sequence[tuple[int, str, str]], pc: int) -> Text:
    """One line per program step; the current step in reverse video and marked ``>``."""
    t = Text(no_wrap=True, end="")
    for i, (step, mnemonic, code) in enumerate(listing):
        here = step == pc
        line = f"{'>' if here else ' '}{step:03d} {mnemonic:<7} {code}"
        t.append(line, "reverse bold" if here else "")
        if i < len(listing) - 1:
            t.append("\n")
    return t


class HP67Inspector(Horizontal):
    """Registers on the left, the program listing on the right."""

    DEFAULT_CSS = """
    HP67Inspector { height: 1fr; }
    HP67Inspector > #registers { width: 1fr; max-width: 32; height: auto; padding-right: 1; }
    HP67Inspector > #listing-scroll { width: 22; height: 1fr; scrollbar-size-vertical: 1; }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._listing: list[tuple[int, str, str]] = []
        self._pc: int | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="registers")
        # It follows the step counter by itself; focusable, it would take the arrow keys from the board.
        with VerticalScroll(id="listing-scroll", can_focus=False):
            yield Static(id="listing")

    def show(self, view: Any, rows: dict[int, str], listing: Sequence[tuple[int, str, str]]) -> None:
        """Draw a new state of the machine."""
        self.query_one("#registers", Static).update(machine_lines(view, rows))
        self._listing = list(listing)
        pc = view.pc if view is not None else -1
        if pc != self._pc:
            self._pc = pc
            self.query_one("#listing", Static).update(listing_lines(self._listing, pc))
            index = next((i for i, (step, _, _) in enumerate(self._listing) if step == pc), 0)
            scroll = self.query_one("#listing-scroll", VerticalScroll)
            scroll.scroll_to(y=max(0, index - 4), animate=False)
