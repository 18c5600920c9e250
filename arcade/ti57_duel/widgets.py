"""Widgets the two TI-57 screens share: the calculator's display, its registers, a key log, a square board.

They draw what a screen gives them and know no rules.  Meaning never rests on colour
alone (NO_COLOR): a flashing display is also written ``✱ … ✱`` and labelled, pieces
are letters or digits, the cursor is bracketed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Sequence

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

Square = tuple[int, int]

PAUSE_SECONDS = 0.75
"""A TI-57 Pause shows the display for "about ¾ of a second" (Reference Guide; MT 7-3)."""


# -- the display ------------------------------------------------------------------


@dataclass(frozen=True)
class Shown:
    """What the TI-57's display shows and in which state."""

    text: str = ""
    flashing: bool = False
    state: str = ""  # "pause", "running", "stopped", "" (idle)


class Words(Widget):
    """Words that repaint without a relayout (Static.update relayouts the whole screen).

    The screen's CSS gives each one a fixed height, so a new text never needs a new layout.
    """

    DEFAULT_CSS = """
    Words { height: 1; }
    """

    content: reactive[Text | str] = reactive("")

    def render(self) -> Text | str:
        return self.content


def update_if_changed(widget: Static | Words, content: Text | str) -> None:
    """Show ``content``, touching the widget only when it changed."""
    if isinstance(widget, Words):
        widget.content = content
    elif getattr(widget, "_ti57_last", None) != content:
        widget._ti57_last = content  # type: ignore[attr-defined]
        widget.update(content)


class TI57Display(Words):
    """Red LED digits, right-aligned; a flashing display is bracketed ``✱`` and labelled."""

    DEFAULT_CSS = """
    TI57Display {
        width: 100%;
        height: 3;
        border: round $foreground 30%;
        border-title-align: left;
        border-subtitle-align: right;
        background: black;
        color: #ff3b30;
        text-style: bold;
        text-align: right;
        padding: 0 1;
    }
    TI57Display.-flashing { text-style: bold reverse; }
    TI57Display.-dim { color: #7a1d18; }
    """

    shown: reactive[Shown] = reactive(Shown)
    blink: reactive[bool] = reactive(True)
    """Make a flashing display really blink (off for screenshots and tests)."""

    def on_mount(self) -> None:
        self.border_title = "TI-57"
        self._timer = self.set_interval(0.5, self._toggle, pause=True)

    def watch_shown(self, shown: Shown) -> None:
        text = f"✱ {shown.text} ✱" if shown.flashing else shown.text
        update_if_changed(self, Text(text, no_wrap=True, end=""))
        self.set_class(shown.flashing, "-flashing")
        self.border_subtitle = {
            "pause": f"Pause ~{PAUSE_SECONDS:g} s",
            "running": "running",
            "stopped": "stopped",
        }.get(shown.state, "")
        if shown.flashing:
            self.border_subtitle = "FLASHING"
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
        t.append(f"R{n}", "bold")
        t.append(f"{value:>9}  ", "bold" if n not in secret else "dim")
        t.append(meanings[n] if n < len(meanings) else "", "dim" if n in secret else "")
        if n < 7:
            t.append("\n")
    return t


class RegisterPanel(Words):
    """The TI-57's eight memories, labelled for the program in the machine."""

    DEFAULT_CSS = """
    RegisterPanel { height: auto; border: round $foreground 30%; padding: 0 1; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    def on_mount(self) -> None:
        self.border_title = "Registers R0-R7"

    def show(self, view: Any, meanings: Sequence[str], hidden: Iterable[int] = ()) -> None:
        if view is None:
            self.content = ""
            return
        lines = register_lines(view.registers, meanings, hidden)
        lines.append(f"\nstep {view.pc:02d}  steps run {view.steps:,}", "dim")
        self.content = lines


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
    """The keys sent to the TI-57, newest at the bottom; older lines are counted, not drawn."""

    DEFAULT_CSS = """
    KeyLog { height: 1fr; border: round $foreground 30%; padding: 0 1; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    lines: reactive[tuple[str, ...]] = reactive(tuple)

    def on_mount(self) -> None:
        self.border_title = "Keys typed on the TI-57"

    def watch_lines(self) -> None:
        self._draw()

    def on_resize(self) -> None:
        self._draw()

    def _draw(self) -> None:
        room = max(2, self.content_size.height)
        lines = self.lines
        t = Text(no_wrap=True, overflow="ellipsis", end="")
        if len(lines) > room:
            lines = lines[-(room - 1) :]
            t.append(f"({len(self.lines) - len(lines)} earlier lines)\n", "dim")
        t.append("\n".join(lines))
        self.content = t


# -- a board of squares -----------------------------------------------------------


@dataclass(frozen=True)
class GridView:
    """What the board draws: squares are ``(column, row)``; rows listed top to bottom."""

    columns: tuple[int, ...]
    rows: tuple[int, ...]  # top row first
    pieces: dict[Square, tuple[str, str]] = field(default_factory=dict)  # square -> (glyph, component class)
    marks: dict[Square, str] = field(default_factory=dict)  # square -> glyph on an empty square (hints)
    dark: frozenset[Square] = frozenset()  # shaded squares (the chequerboard's playing squares)
    cursor: Square | None = None


@dataclass
class BoardClicked(Message):
    board: SquareBoard
    square: Square


class SquareBoard(Widget):
    """A board of 3-column cells; ``boxed`` draws a frame around each cell."""

    DEFAULT_CSS = """
    SquareBoard { width: auto; height: auto; }
    SquareBoard > .grid--dark { background: $boost; }
    SquareBoard > .grid--label { color: $text-muted; text-style: bold; }
    SquareBoard > .grid--frame { color: $foreground 50%; }
    SquareBoard > .grid--mark { color: $text-muted; }
    SquareBoard > .grid--mine { text-style: bold reverse; }
    SquareBoard > .grid--other { text-style: bold underline; }
    SquareBoard > .grid--wolf { text-style: bold reverse; color: $error; }
    SquareBoard > .grid--lamb { text-style: bold; color: $success; }
    SquareBoard > .grid--selected { text-style: bold reverse; color: $success; }
    SquareBoard > .grid--capture { text-style: bold reverse; color: $error; }
    """

    COMPONENT_CLASSES = {
        "grid--dark",
        "grid--label",
        "grid--frame",
        "grid--mark",
        "grid--mine",
        "grid--other",
        "grid--wolf",
        "grid--lamb",
        "grid--selected",
        "grid--capture",
    }

    view: reactive[GridView] = reactive(lambda: GridView(tuple(range(8)), tuple(range(7, -1, -1))))
    """A new view repaints; the size only depends on the number of columns and rows, set once."""
    boxed: reactive[bool] = reactive(False, layout=True)

    def get_content_width(self, container: Any, viewport: Any) -> int:
        n = len(self.view.columns)
        return 2 + (n * 4 + 1 if self.boxed else n * 3) + 2

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        n = len(self.view.rows)
        return 2 + (2 * n + 1 if self.boxed else n)

    def _cell(self, sq: Square) -> tuple[str, Style]:
        v = self.view
        style = Style()
        if sq in v.dark:
            style += self.get_component_rich_style("grid--dark")
        if sq in v.pieces:
            glyph, cls = v.pieces[sq]
            style += self.get_component_rich_style(cls)
        elif sq in v.marks:
            glyph = v.marks[sq]
            style += self.get_component_rich_style("grid--mark")
        else:
            glyph = "·" if (not v.dark or sq in v.dark) else " "
        text = f"[{glyph}]" if sq == v.cursor else f" {glyph} "
        return text, style

    def render(self) -> Text:
        v = self.view
        label = self.get_component_rich_style("grid--label")
        frame = self.get_component_rich_style("grid--frame")
        out = Text(no_wrap=True, end="")
        width = 4 if self.boxed else 3
        heading = "  " + "".join(f"{c:^{width}}" for c in v.columns) + (" " if self.boxed else "") + "  "
        out.append(heading + "\n", label)
        n = len(v.columns)
        if self.boxed:
            out.append("  ┌" + "┬".join(["───"] * n) + "┐\n", frame)
        for i, r in enumerate(v.rows):
            out.append(f"{r:>1} ", label)
            for c in v.columns:
                if self.boxed:
                    out.append("│", frame)
                out.append(*self._cell((c, r)))
            if self.boxed:
                out.append("│", frame)
            out.append(f" {r}\n", label)
            if self.boxed and i < len(v.rows) - 1:
                out.append("  ├" + "┼".join(["───"] * n) + "┤\n", frame)
        if self.boxed:
            out.append("  └" + "┴".join(["───"] * n) + "┘\n", frame)
        out.append(heading.rstrip(), label)
        return out

    def square_at(self, x: int, y: int) -> Square | None:
        """The square under the content offset ``(x, y)``, or None."""
        v = self.view
        if self.boxed:
            if y < 2 or (y - 2) % 2 != 0 or x < 3 or (x - 2) % 4 == 0:
                return None
            i, j = (y - 2) // 2, (x - 3) // 4
        else:
            if y < 1 or x < 2:
                return None
            i, j = y - 1, (x - 2) // 3
        if 0 <= i < len(v.rows) and 0 <= j < len(v.columns):
            return v.columns[j], v.rows[i]
        return None

    def on_click(self, event: events.Click) -> None:
        sq = self.square_at(event.x, event.y)
        if sq is not None:
            self.post_message(BoardClicked(self, sq))
