"""A calculator's keyboard drawn as keys that can be clicked: each key shows its face
and, above it, the functions its prefixes give it.  Pending prefixes are lit.

It knows no machine: the room screen gives it the faces (rows of ``KeyFace``-like
objects with ``key``, ``face`` and ``shifted``) and hears ``KeyPressed`` back.
A lit key is also marked ``▸ ◂`` so the state never rests on colour alone.

A key's legends are never cut: when they do not fit its width on one line they go on
two (or more), breaking between legends, and the whole row grows with its tallest key.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Static

SHIFT_STYLES = ("#d4a017", "#5fa8ff", "bold")
"""How the shifted legends are coloured, in order (HP-67: gold f, blue g, black h)."""


class CalcKey(Static):
    """One key: legends above, face below; a click presses it."""

    DEFAULT_CSS = """
    CalcKey {
        width: 1fr;
        height: 100%;
        margin: 0 1 0 0;
        text-align: center;
        background: $panel;
    }
    CalcKey:hover { background: $panel-lighten-2; }
    CalcKey.-lit { background: $warning 60%; text-style: bold; }
    """

    def __init__(self, face: Any) -> None:
        super().__init__(classes="calc-key")
        self.key_name: str = face.key
        self.face = face
        self.lit = False
        self.shift: int | None = None  # a pending prefix: only its legend is shown
        self.row_width = 0  # the width its row packs legends to (the keyboard sets it): alike in a row

    def legend_lines(self, width: int, every: bool = False) -> list[Text]:
        """The legends shown now (``every``: all of them, whatever prefix is pending), packed into
        lines of ``width`` cells, broken between legends only."""
        lines: list[Text] = []
        for i, name in enumerate(self.face.shifted):
            if not name or (self.shift not in (None, i) and not every):
                continue
            piece = Text(name, style=SHIFT_STYLES[i % len(SHIFT_STYLES)])
            if lines and lines[-1].cell_len + 1 + piece.cell_len <= width:
                lines[-1].append(" ").append_text(piece)
            else:
                lines.append(piece)
        return lines

    def render(self) -> Text:
        width = max(min(self.row_width or self.size.width, self.size.width), 1)
        lines = self.legend_lines(width)
        rows = max(self.size.height - 1, 1)
        lines = [Text()] * (rows - len(lines)) + lines  # the face at the bottom, legends just above it
        face = f"▸{self.face.face}◂" if self.lit else self.face.face
        return Text("\n").join([*lines, Text(face, "bold reverse" if self.lit else "bold")])

    def set_lit(self, lit: bool, shift: int | None = None) -> None:
        if lit != self.lit or shift != self.shift:
            self.lit, self.shift = lit, shift
            self.set_class(lit, "-lit")
            self.refresh()

    def on_click(self) -> None:
        self.post_message(CalcKeyboard.KeyPressed(self.key_name))


class CalcKeyboard(Vertical):
    """Rows of keys; ``light(keys)`` lights the pending prefixes."""

    DEFAULT_CSS = """
    CalcKeyboard { height: auto; width: 1fr; }
    CalcKeyboard > Horizontal { height: 2; }
    """
    KEY_GAP = 1
    """Columns between two keys (``CalcKey``'s right margin)."""

    @dataclass
    class KeyPressed(Message):
        key: str

    def __init__(self, rows: Sequence[Sequence[Any]], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.rows = rows

    def compose(self) -> ComposeResult:
        for row in self.rows:
            with Horizontal():
                for face in row:
                    yield CalcKey(face)

    def on_resize(self) -> None:
        """Each row as high as its tallest key needs for its legends at this width (one line, or more)."""
        for row in self.query(Horizontal):
            keys = list(row.query(CalcKey))
            if not keys:
                continue
            width = max((self.size.width - self.KEY_GAP * len(keys)) // len(keys), 1)
            legend_rows = max(max(len(key.legend_lines(width, every=True)) for key in keys), 1)
            row.styles.height = legend_rows + 1
            for key in keys:
                key.row_width = width
                key.refresh()

    def light(self, keys: Iterable[str], shift: int | None = None) -> None:
        """Light ``keys``; with ``shift`` (a pending f, g or h) show only that prefix's legends."""
        lit = set(keys)
        for key in self.query(CalcKey):
            key.set_lit(key.key_name in lit, shift)
