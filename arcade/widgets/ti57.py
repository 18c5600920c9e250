"""The TI-57 as the two TI-57 games show it: its display, its eight registers, the keys typed.

They draw what a screen gives them and know no rules.  Meaning never rests on colour
alone (NO_COLOR): a flashing display is also written ``✱ … ✱`` and labelled.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterable, Sequence

from rich.style import Style
from rich.text import Text
from textual.reactive import reactive

from arcade.runtime.textual_compat import retitle
from arcade.widgets.led import LED_LOOK
from arcade.widgets.words import Words

PAUSE_SECONDS = 0.75
"""A TI-57 Pause shows the display for "about ¾ of a second" (Reference Guide; MT 7-3)."""


@dataclass(frozen=True)
class Shown:
    """What the TI-57's display shows and in which state."""

    text: str = ""
    flashing: bool = False
    state: str = ""  # "pause", "running", "stopped", "" (idle)


class TI57Display(Words):
    """Red LED digits, right-aligned (``LED_LOOK``, the HP-67's too); a flashing display is
    bracketed ``✱`` and labelled.  A ``Words``: a new display repaints, never lays out."""

    DEFAULT_CSS = f"""
    TI57Display {{{LED_LOOK}
        border-title-align: left;
        border-subtitle-align: right;
    }}
    TI57Display.-flashing {{ text-style: bold reverse; }}
    TI57Display.-dim {{ color: #7a1d18; }}
    """

    shown: reactive[Shown] = reactive(Shown, repaint=False)
    """A new display repaints the cells it changes (``watch_shown``), not the whole box."""
    blink: reactive[bool] = reactive(True)
    """Make a flashing display really blink (off for screenshots and tests)."""

    def on_mount(self) -> None:
        self.border_title = "TI-57"
        self._timer = self.set_interval(0.5, self._toggle, pause=True)

    def watch_shown(self, shown: Shown) -> None:
        text = f"✱ {shown.text} ✱" if shown.flashing else shown.text
        self.content = Text(text, no_wrap=True, end="", justify="right")  # as on the TI-57 (and in its room)
        self.set_class(shown.flashing, "-flashing")
        subtitle = "FLASHING" if shown.flashing else {
            "pause": f"Pause ~{PAUSE_SECONDS:g} s",
            "running": "running",
            "stopped": "stopped",
        }.get(shown.state, "")
        if subtitle != (self.border_subtitle or ""):  # a new subtitle repaints the whole box
            self.border_subtitle = subtitle
        self._arm()

    def watch_blink(self, blink: bool) -> None:
        self._arm()

    def _arm(self) -> None:
        timer = getattr(self, "_timer", None)
        if timer is None:
            return
        if self.shown.flashing and self.blink:
            timer.resume()
        else:
            timer.pause()
            self.remove_class("-dim")

    def _toggle(self) -> None:
        self.toggle_class("-dim")


# -- registers --------------------------------------------------------------------


def register_lines(registers: Sequence[str], meanings: Sequence[str], hidden: Iterable[int] = ()) -> Text:
    """R0-R7 with what each holds for this program; ``hidden`` registers read ``(hidden)``."""
    secret = set(hidden)
    t = Text(no_wrap=True, overflow="ellipsis", end="")
    for n in range(8):
        value = "(hidden)" if n in secret else (registers[n] if n < len(registers) else "")
        t.append(f"R{n} ", "bold")  # a space after the name, however long the number
        t.append(f"{value:>8}  ", "bold" if n not in secret else "dim")
        t.append(meanings[n] if n < len(meanings) else "", "dim" if n in secret else "")
        if n < 7:
            t.append("\n")
    return t


def register_text(view: Any, meanings: Sequence[str] = (), hidden: Iterable[int] = ()) -> Text:
    """R0-R7 of a TI-57 view (``register_lines``), then the step it is on and the steps run.

    The same registers give back the same ``Text`` (not to be changed): a widget shown it again
    (``i`` twice, a turn's end that left them as they were) finds its lines cut already."""
    return _register_text(tuple(view.registers), tuple(meanings), tuple(hidden), view.pc, view.steps)


@lru_cache(maxsize=16)
def _register_text(registers: tuple[str, ...], meanings: tuple[str, ...], hidden: tuple[int, ...],
                   pc: int, steps: int) -> Text:
    lines = register_lines(registers, meanings, hidden)
    lines.append(f"\nstep {pc:02d}  steps run {steps:,}", "dim")
    return lines


class RegisterPanel(Words):
    """The TI-57's eight memories, labelled for the program in the machine, in a box of its own.

    The box is drawn here, not by a CSS border, and the height is fixed: a panel shown or
    hidden (``i``) only repaints, where a border or ``display`` that changes lays out the
    whole screen (the duel's ``i`` took two to three times a bare key).  Hidden, it draws
    nothing; the screen takes its room away only when another panel needs it.
    """

    DEFAULT_CSS = """
    RegisterPanel { height: 11; padding: 0; }
    RegisterPanel > .registerpanel--edge { color: $foreground 30%; }
    """
    COMPONENT_CLASSES = {"registerpanel--edge"}
    TITLE = "Registers R0-R7"

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._body: Text | None = None  # the registers last shown, kept while hidden (``i`` twice draws them again)
        self._body_key: tuple[object, ...] | None = None  # what ``_body`` was made from
        self._showing = False
        self._edge: Style | None = None  # the box's style, looked up again after a style update
        self._box: tuple[tuple[object, ...], Text] | None = None  # (body key, width, edge) -> the boxed text

    def show(self, view: Any, meanings: Sequence[str] = (), hidden: Iterable[int] = ()) -> None:
        """The registers of ``view`` (a TI-57 view), or nothing (None).  Shown again as they were
        (``i`` twice), the panel draws the text it made last time."""
        self._showing = view is not None
        if view is not None:
            key = (tuple(view.registers), tuple(meanings), tuple(hidden), view.pc, view.steps)
            if key != self._body_key or self._body is None:
                self._body, self._body_key = register_text(view, meanings, hidden), key
        self._draw()

    def forget(self) -> None:
        """Nothing shown, and nothing kept of what was (before a curtain: nothing private stays)."""
        self._body = self._body_key = self._box = None
        self.show(None)

    def on_resize(self) -> None:
        self._draw()  # the box follows the width

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._edge = None
        if self.is_mounted and getattr(self, "_showing", False):
            # the edge's colour follows the theme: drawn once the component styles are updated too
            # (Textual applies them after this call: drawn now, the box kept the old colour)
            self.call_later(self._draw)

    def _draw(self) -> None:
        """The box and the registers as lines of text: the widget draws them and repaints only
        the cells that changed (``LineText``); drawn through Textual's ``Static``, the panel's
        eleven rows took 4-7 ms of a frame at every ``i``."""
        self.content = self._boxed() if self._showing and self._body is not None else ""

    def _boxed(self) -> Text:
        assert self._body is not None
        if self._edge is None:
            self._edge = self.get_component_rich_style("registerpanel--edge")
        edge = self._edge
        width = max(6, self.content_size.width)
        key = (self._body_key, id(self._body), width, edge)
        if self._box is not None and self._box[0] == key:
            return self._box[1]
        out = self._box_lines(self._body, width, edge)
        self._box = (key, out)
        return out

    def _box_lines(self, body: Text, width: int, edge: Style) -> Text:
        inner = width - 4
        title = f" {self.TITLE} "[: max(0, width - 3)]
        out = Text(no_wrap=True, end="")
        out.append("╭─" + title + "─" * max(0, width - 3 - len(title)) + "╮\n", edge)
        for line in body.split("\n", allow_blank=True):
            line = line.copy()
            line.truncate(inner, overflow="ellipsis", pad=True)
            out.append("│ ", edge)
            out.append_text(line)
            out.append(" │\n", edge)
        out.append("╰" + "─" * (width - 2) + "╯", edge)
        return out


# -- the key log ------------------------------------------------------------------

_ENTRY = set("0123456789.") | {"+/-"}
_TAKES_DIGIT = {"STO", "RCL", "SUM", "Exc", "Prd", "SBR", "GTO", "Lbl", "Fix"}


def key_lines(keys: Sequence[str]) -> list[str]:
    """Keys as a TI-57 owner would write them down: numbers joined, one entry per line.

    ``['2', '0', 'STO', '0', '2nd', 'Fix', '1', 'CLR']`` gives ``['20 STO 0', '2nd Fix 1', 'CLR']``.
    A line ends after a key that takes a digit has had it, and after CLR.
    """
    lines: list[str] = []
    words: list[str] = []
    number = ""
    awaiting = False
    for key in keys:
        if awaiting:
            words.append(key)
            awaiting = False
            lines.append(" ".join(words))
            words = []
            continue
        if key in _ENTRY:
            number += " +/-" if key == "+/-" else key
            continue
        if number:
            words.append(number.strip())
            number = ""
        if key in _TAKES_DIGIT:
            words.append(key)
            awaiting = True
        elif key == "CLR":
            words.append(key)
            lines.append(" ".join(words))
            words = []
        else:
            words.append(key)
    if number:
        words.append(number.strip())
    if words:
        lines.append(" ".join(words))
    return lines


class KeyLog(Words):
    """The keys sent to the TI-57, newest at the bottom; older lines are counted, not drawn.

    Where the terminal is too short for the register panel and the key log together, the
    registers are shown in the key log's box (``show_registers``): ``i`` then changes what the
    box holds, where hiding one widget and showing the other laid the whole screen out again
    (the wolf's ``i``: a 6 ms frame of 10.7 KB and a second one, traced in tmux)."""

    DEFAULT_CSS = """
    KeyLog { height: 1fr; border: round $foreground 30%; padding: 0 1; text-wrap: nowrap; text-overflow: ellipsis; }
    """
    TITLE = "Keys typed on the TI-57"

    lines: reactive[tuple[str, ...]] = reactive(tuple, repaint=False)
    """New keys repaint the rows they change (``watch_lines``), not the whole box."""
    _registers: Text | None = None  # the registers shown in the key log's place, if they are
    _keys_text: tuple[tuple[tuple[str, ...], int], Text] | None = None  # (lines, room) -> the keys drawn

    def on_mount(self) -> None:
        self.border_title = self.TITLE

    def show_registers(self, registers: Text | None) -> None:
        """The registers (``register_text``) in the key log's box, or the keys again (None)."""
        if registers is None and self._registers is None:
            return
        self._registers = registers
        title = RegisterPanel.TITLE if registers is not None else self.TITLE
        if title != self.border_title:
            # Textual's ``border_title`` repaints the whole box (twenty rows at ``i``, 4 KB to the
            # terminal, the rows left blank below the registers too): the title's row alone is
            # repainted, and the rows below only where their cells change
            retitle(self, title)
        self._draw()

    def watch_lines(self) -> None:
        self._draw()

    def on_resize(self) -> None:
        self._draw()

    def _draw(self) -> None:
        if self._registers is not None:
            self.content = self._registers
            return
        room = max(2, self.content_size.height)
        if self._keys_text is not None and self._keys_text[0] == (self.lines, room):
            self.content = self._keys_text[1]  # the keys again (``i`` twice): their lines are cut already
            return
        lines = self.lines
        t = Text(no_wrap=True, overflow="ellipsis", end="")
        if len(lines) > room:
            lines = lines[-(room - 1) :]
            t.append(f"({len(self.lines) - len(lines)} earlier lines)\n", "dim")
        t.append("\n".join(lines))
        self._keys_text = ((self.lines, room), t)
        self.content = t
