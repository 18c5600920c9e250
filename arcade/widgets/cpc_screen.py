"""The Amstrad CPC's text screen, drawn cell by cell in the colours the program chose.

The widget draws a ``CpcScreenView`` (``games.lazard_othello.cpc_view``): a frozen copy of the machine's screen model
(characters, and per cell the hardware colour of its pen and of its paper, 0..26 of
the firmware's 27).  A worker thread can build the view from the machine and post it;
the widget never touches a machine.  At power-up the CPC shows bright yellow (24) on
blue (1) inside a blue border, and that is what appears unless the program sets
other inks.

A CPC screen has 25 rows; an 80x24 terminal has fewer to give it, so when the widget
is shorter than 25 rows it shows the rows around the cursor (where the program is
writing or asking), as the border title says.  MODE 0's 20 columns are drawn double
width, as on the monitor.
"""

from __future__ import annotations

from dataclasses import dataclass
from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from games.lazard_othello.cpc_view import ROWS, CpcScreenView, hardware_rgb

__all__ = ["ROWS", "CpcScreen", "CpcScreenView", "CpcTyped", "CpcTypingLeft", "hardware_rgb"]


@dataclass
class CpcTyped(Message):
    """A key typed on the CPC's keyboard: a printable character, ``\r`` RETURN or ``\x7f`` DEL."""

    key: str


@dataclass
class CpcTypingLeft(Message):
    """The player left the CPC's keyboard (Escape or Tab)."""


class CpcScreen(Widget):
    """A CPC monitor: the text area inside a border drawn in the BORDER colour.

    With ``typing`` on it takes the focus and turns every key into a ``CpcTyped``
    message (Escape or Tab gives the keyboard back with ``CpcTypingLeft``); the
    screen that owns it decides what reaches the machine.
    """

    DEFAULT_CSS = """
    CpcScreen { width: 42; height: 27; }
    CpcScreen:focus { outline-left: thick $accent; }
    """

    view: reactive[CpcScreenView] = reactive(CpcScreenView, layout=False)
    typing: reactive[bool] = reactive(False)

    can_focus = False

    def __init__(self, *, name: str | None = None, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.first_row = 0  # the first CPC row drawn (the window follows the cursor)

    def watch_typing(self, typing: bool) -> None:
        self.can_focus = typing
        if typing:
            self.focus()
        elif self.has_focus:
            self.screen.set_focus(None)

    def on_key(self, event: events.Key) -> None:
        if not self.typing:
            return
        if event.key in ("escape", "tab"):
            self.post_message(CpcTypingLeft())
        elif event.key == "enter":
            self.post_message(CpcTyped("\r"))
        elif event.key == "backspace":
            self.post_message(CpcTyped("\x7f"))
        elif event.is_printable and event.character and " " <= event.character <= "~":
            self.post_message(CpcTyped(event.character))
        else:
            return  # F1, Ctrl+P, Ctrl+Q...: the app's
        event.stop()
        event.prevent_default()

    def visible_rows(self, height: int) -> range:
        """The CPC rows drawn in ``height`` terminal rows (borders included when they fit)."""
        inner = height - 2 if height >= ROWS + 2 else height
        inner = max(1, min(inner, ROWS))
        v = self.view
        focus_row = v.cursor[0] if v.cursor is not None else _last_written_row(v)
        first = 0 if focus_row < inner else min(focus_row - inner + 1, ROWS - inner)
        return range(first, first + inner)

    def render(self) -> Text:
        v = self.view
        height = self.size.height or ROWS + 2
        border = Style(bgcolor=hardware_rgb(v.border))
        cols = len(v.rows[0]) if v.rows else 40
        scale = 2 if v.mode == 0 else 1
        width = cols * scale
        rows = self.visible_rows(height)
        self.first_row = rows.start
        out = Text(no_wrap=True, end="")
        framed = height >= ROWS + 2
        if framed:
            out.append(" " * (width + 2) + "\n", border)
        for r in rows:
            out.append(" ", border)
            line, pens, papers = v.rows[r], v.pens[r], v.papers[r]
            start = 0
            while start < cols:  # one span per run of cells with the same colours
                end = start + 1
                while end < cols and pens[end] == pens[start] and papers[end] == papers[start]:
                    end += 1
                style = Style(color=hardware_rgb(pens[start]), bgcolor=hardware_rgb(papers[start]))
                chunk = line[start:end]
                if v.cursor is not None and v.cursor[0] == r and start <= v.cursor[1] < end:
                    c = v.cursor[1] - start
                    out.append(_widen(chunk[:c], scale), style)
                    out.append(_widen(chunk[c], scale), style + Style(reverse=True))
                    out.append(_widen(chunk[c + 1:], scale), style)
                else:
                    out.append(_widen(chunk, scale), style)
                start = end
            out.append(" ", border)
            if r != rows.stop - 1 or framed:
                out.append("\n")
        if framed:
            out.append(" " * (width + 2), border)
        return out


def _widen(text: str, scale: int) -> str:
    return text if scale == 1 else "".join(ch * scale for ch in text)


def _last_written_row(view: CpcScreenView) -> int:
    for r in range(ROWS - 1, -1, -1):
        if view.rows[r].strip():
            return r
    return 0
