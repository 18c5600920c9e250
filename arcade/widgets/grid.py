"""A board of squares in 3-column cells (the TI-57 games' boards): draws pieces, marks, a cursor.

It knows no rules.  Pieces are letters or digits and the cursor is bracketed, so the
board reads the same without colour (NO_COLOR).  It draws row by row and keeps each row
whole under what its squares show (``KeptRows``): a move makes the rows of the squares it
changed, not the whole board (~4 ms of the event loop at every turn's end), and repaints only
those rows (``refresh_rows``): the terminal gets four rows, not seventeen.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip

from arcade.widgets.kept_rows import KeptRows
from arcade.widgets.lines import styled_segments

Square = tuple[int, int]


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


class SquareBoard(KeptRows):
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

    view: reactive[GridView] = reactive(lambda: GridView(tuple(range(8)), tuple(range(7, -1, -1))), repaint=False)
    """A new view repaints the rows it changes (``refresh_rows``); the size only depends on the
    number of columns and rows, set once."""
    boxed: reactive[bool] = reactive(False, layout=True)
    _planned: tuple[GridView, bool, list[tuple[Any, ...]]] | None = None  # (view, boxed, its plan)
    _keys_made: tuple[GridView, bool, list[Hashable]] | None = None  # (view, boxed, every row's key)

    def watch_view(self) -> None:
        self.refresh_rows()

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

    def _plan(self) -> list[tuple[Any, ...]]:
        """What each row of the board is: labels, a frame line, or the squares of a board row
        (made once per view and framing: a frame asks it for every row)."""
        v = self.view
        kept = self._planned
        if kept is not None and kept[0] is v and kept[1] == self.boxed:
            return kept[2]
        rows: list[tuple[Any, ...]] = [("heading",)]
        if self.boxed:
            rows.append(("top",))
        for i, r in enumerate(v.rows):
            rows.append(("squares", r))
            if self.boxed and i < len(v.rows) - 1:
                rows.append(("between",))
        if self.boxed:
            rows.append(("bottom",))
        rows.append(("heading", "last"))
        self._planned = (v, self.boxed, rows)
        return rows

    def _line(self, kind: tuple[Any, ...]) -> Text:
        """One row of the board as ``Text``."""
        v = self.view
        label = self.get_component_rich_style("grid--label")
        frame = self.get_component_rich_style("grid--frame")
        out = Text(no_wrap=True, end="")
        width = 4 if self.boxed else 3
        n = len(v.columns)
        if kind[0] == "heading":
            heading = "  " + "".join(f"{c:^{width}}" for c in v.columns) + (" " if self.boxed else "") + "  "
            out.append(heading.rstrip() if kind[1:] else heading, label)
        elif kind[0] in ("top", "between", "bottom"):
            ends = {"top": "┌┬┐", "between": "├┼┤", "bottom": "└┴┘"}[kind[0]]
            out.append(f"  {ends[0]}" + ends[1].join(["───"] * n) + ends[2], frame)
        else:
            r = kind[1]
            out.append(f"{r:>1} ", label)
            for c in v.columns:
                if self.boxed:
                    out.append("│", frame)
                out.append(*self._cell((c, r)))
            if self.boxed:
                out.append("│", frame)
            out.append(f" {r}", label)
        return out

    def render(self) -> Text:
        return Text("\n", no_wrap=True, end="").join(self._line(kind) for kind in self._plan())

    def row_key(self, y: int) -> Hashable:
        """What row ``y`` shows: its kind, and for a row of squares what each square shows."""
        keys = self._row_keys()
        return keys[y] if 0 <= y < len(keys) else ("blank", y)

    def _row_keys(self) -> list[Hashable]:
        """Every row's key (``row_key``), made once per view and framing: a new view asks for all of
        them (``refresh_rows``), then its frame for each row again."""
        v = self.view
        kept = self._keys_made
        if kept is not None and kept[0] is v and kept[1] == self.boxed:
            return kept[2]
        keys: list[Hashable] = []
        for kind in self._plan():
            if kind[0] == "squares":
                # what each square shows, without its style: a new theme or stylesheet drops every kept
                # strip (``KeptRows.notify_style_update``); styled (``_cell``), the keys of a board's ten
                # rows were a fifth of a TI-57 turn's end frame
                r = kind[1]
                squares = [(c, r) for c in v.columns]
                keys.append((kind, self.boxed, v.columns, bool(v.dark),
                             tuple((sq in v.dark, v.pieces.get(sq), v.marks.get(sq), sq == v.cursor) for sq in squares)))
            else:
                keys.append((kind, self.boxed, v.columns))
        self._keys_made = (v, self.boxed, keys)
        return keys

    def draw_row(self, y: int, width: int, base: Style) -> Strip:
        """Row ``y`` alone (a new view makes only the rows whose squares changed: ``KeptRows``)."""
        plan = self._plan()
        if not 0 <= y < len(plan):
            return Strip.blank(width, base)
        return Strip(styled_segments(self, self._line(plan[y]), base)).adjust_cell_length(width, base)

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
