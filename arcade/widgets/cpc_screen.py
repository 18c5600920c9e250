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

What a program prints never reaches the terminal as it is: the machine's text VDU has
obeyed the control codes already, and a character it drew from the CPC's own set (after
``CHR$(1)``, or 127-159) is shown by a terminal glyph like it (``shown``), so no escape
sequence or other control character can reach the host terminal.

The widget draws row by row (``render_line``) and keeps each row's strip under what it
shows (``KeptRows``): a turn's end that changes a few of the CPC's rows makes and repaints
only those (the whole screen through ``Text`` took ~5 ms of the event loop, a dozen times a second).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip

from arcade.widgets.kept_rows import KeptRows
from arcade.widgets.lines import styled_segments

from games.lazard_othello.cpc_view import ROWS, CpcScreenView, hardware_rgb

__all__ = ["ROWS", "CpcScreen", "CpcScreenView", "CpcTyped", "CpcTypingLeft", "hardware_rgb", "shown"]


@dataclass
class CpcTyped(Message):
    """A key typed on the CPC's keyboard: a printable character, ``\r`` RETURN or ``\x7f`` DEL."""

    key: str


@dataclass
class CpcTypingLeft(Message):
    """The player left the CPC's keyboard (Escape or Tab)."""


class CpcScreen(KeptRows):
    """A CPC monitor: the text area inside a border drawn in the BORDER colour.

    With ``typing`` on it takes the focus and turns every key into a ``CpcTyped``
    message (Escape or Tab gives the keyboard back with ``CpcTypingLeft``); the
    screen that owns it decides what reaches the machine.
    """

    DEFAULT_CSS = """
    CpcScreen { width: 42; height: 27; }
    CpcScreen:focus { outline-left: thick $accent; }
    """

    view: reactive[CpcScreenView] = reactive(CpcScreenView, repaint=False)
    """A new screen repaints the rows it changes (``watch_view``); the size is the CSS's."""
    typing: reactive[bool] = reactive(False)

    BINDINGS = [  # for the footer and help while typing: ``on_key`` takes these keys first
        Binding("escape", "leave_typing", "Leave the CPC (back to the board)", id="cpc.leave-typing"),
        Binding("enter", "noop", "RETURN on the CPC", key_display="⏎", id="cpc.return"),
    ]

    can_focus = False

    def __init__(self, *, name: str | None = None, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.first_row = 0  # the first CPC row drawn (the window follows the cursor)
        self._drawn_for: tuple[CpcScreenView, int, list[int | None]] | None = None

    def watch_view(self) -> None:
        self.refresh_rows()

    def watch_typing(self, typing: bool) -> None:
        self.can_focus = typing
        if typing:
            self.focus()
        elif self.has_focus:
            self.screen.set_focus(None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.typing  # its keys are on offer only while it takes them

    def action_leave_typing(self) -> None:
        self.post_message(CpcTypingLeft())

    def action_noop(self) -> None:
        """RETURN is typed by ``on_key``; the binding only says so in the footer."""

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

    def _layout(self) -> tuple[int, int, range, bool, Style]:
        """(columns, scale, the CPC rows drawn, whether the border rows fit, the border's style)."""
        v = self.view
        height = self.size.height or ROWS + 2
        cols = len(v.rows[0]) if v.rows else 40
        scale = 2 if v.mode == 0 else 1
        rows = self.visible_rows(height)
        self.first_row = rows.start
        return cols, scale, rows, height >= ROWS + 2, Style(bgcolor=hardware_rgb(v.border))

    @staticmethod
    def scroll_mark(r: int, rows: range) -> str:
        """What the left border cell of CPC row ``r`` shows when ``rows`` are all the panel holds:
        ▲ on the first row drawn when rows above are hidden, ▼ on the last when rows below are, so
        a panel shorter than the CPC's 25 rows is seen to scroll (it follows the cursor)."""
        if r == rows.start and rows.start > 0:
            return "▲"
        if r == rows.stop - 1 and rows.stop < ROWS:
            return "▼"
        return " "

    def _row(self, r: int | None, cols: int, scale: int, border: Style, mark: str = " ") -> Text:
        """One terminal row: CPC row ``r`` between its border cells (the left one showing ``mark``), or
        (None) a border row."""
        out = Text(no_wrap=True, end="")
        if r is None:
            out.append(" " * (cols * scale + 2), border)
            return out
        v = self.view
        out.append(mark, border + Style(color="#ffffff", bold=True) if mark != " " else border)
        line, pens, papers = shown(v.rows[r]), v.pens[r], v.papers[r]
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
        return out

    def _drawn(self) -> list[int | None]:
        """What each terminal row shows: a CPC row, or None for a border row (worked out once per
        view and height: ``row_key`` asks for it row by row)."""
        view, height = self.view, self.size.height
        if self._drawn_for is None or self._drawn_for[0] is not view or self._drawn_for[1] != height:
            _cols, _scale, rows, framed, _border = self._layout()
            self._drawn_for = (view, height, [None, *rows, None] if framed else list(rows))
        return self._drawn_for[2]

    def render(self) -> Text:
        """The whole monitor as one ``Text`` (what the rows drawn by ``render_line`` join up to)."""
        cols, scale, rows, framed, border = self._layout()
        drawn: list[int | None] = [None, *rows, None] if framed else list(rows)
        return Text("\n", no_wrap=True, end="").join(
            self._row(r, cols, scale, border, " " if r is None else self.scroll_mark(r, rows)) for r in drawn)

    def row_key(self, y: int) -> Hashable:
        """What terminal row ``y`` shows: the CPC row's text, colours and cursor, or a border."""
        v = self.view
        drawn = self._drawn()
        if not 0 <= y < len(drawn):
            return ("blank", y)
        r = drawn[y]
        if r is None:
            return ("border", v.border, v.mode, len(v.rows[0]) if v.rows else 40)
        cursor = v.cursor[1] if v.cursor is not None and v.cursor[0] == r else None
        shown = [d for d in drawn if d is not None]
        rows = range(shown[0], shown[-1] + 1)  # the CPC rows the panel holds
        return (v.rows[r], v.pens[r], v.papers[r], cursor, v.mode, v.border, self.scroll_mark(r, rows))

    def draw_row(self, y: int, width: int, base: Style) -> Strip:
        """Row ``y`` alone (Textual's line API: a new view makes only the rows whose key is new)."""
        cols, scale, rows, framed, border = self._layout()
        drawn: list[int | None] = [None, *rows, None] if framed else list(rows)
        if not 0 <= y < len(drawn):
            return Strip.blank(width, base)
        r = drawn[y]
        text = self._row(r, cols, scale, border, " " if r is None else self.scroll_mark(r, rows))
        return Strip(styled_segments(self, text, base)).adjust_cell_length(width, base)


def _cpc_glyphs() -> dict[int, str]:
    """Terminal glyphs for the CPC characters that are not printable text here: 0-31 (the
    CPC draws a symbol for each after CHR$(1)) as Unicode's control pictures, 127 as DEL's,
    128-143 as the 2x2 block graphics (bit 0 top left, 1 top right, 2 bottom left, 3 bottom
    right, as in the CPC's set), 144-159 as the line segments from the centre (bit 0 up, 1
    right, 2 down, 3 left), the no-break space as a space and the soft hyphen as a hyphen."""
    glyphs = {code: chr(0x2400 + code) for code in range(32)}
    glyphs[127] = "\u2421"
    glyphs.update({128 + n: g for n, g in enumerate(" ▘▝▀▖▌▞▛▗▚▐▜▄▙▟█")})
    glyphs.update({144 + n: g for n, g in enumerate("·╵╶└╷│┌├╴┘─┴┐┤┬┼")})
    glyphs[0xA0] = " "
    glyphs[0xAD] = "-"
    return glyphs


_CPC_GLYPHS = _cpc_glyphs()


def shown(text: str) -> str:
    """A CPC row as the terminal may draw it: one printable, single-width glyph per cell
    (anything beyond the CPC's 256 characters is shown as '?')."""
    if text.isascii() and text.isprintable():
        return text
    return "".join(ch if " " <= ch <= "~" or "\xa1" <= ch <= "\xff" and ch != "\xad"
                   else _CPC_GLYPHS.get(ord(ch), "?") for ch in text)


def _widen(text: str, scale: int) -> str:
    return text if scale == 1 else "".join(ch * scale for ch in text)


def _last_written_row(view: CpcScreenView) -> int:
    for r in range(ROWS - 1, -1, -1):
        if view.rows[r].strip():
            return r
    return 0
