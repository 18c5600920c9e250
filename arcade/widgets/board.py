"""An 8x8 disc board: draws what it is given (discs, hints, last move, cursor).

The board knows no rules: which squares are legal, which move was last and whose
disc is where all come from the screen, which asks the driver.  Black is ``●`` and
white ``○`` whatever the colours, so the board reads the same under NO_COLOR; the
cursor is reverse video, the last move is bracketed, the discs it
turned over underlined, legal moves are ``+``.

Each square is drawn on the board's own colour (``board--cell``): the disc, hint and
cursor classes add only what they say (``partial``), so the baize shows under every
disc and the discs stand out from it at 3:1 or more in every theme
(``tests/arcade/test_board_contrast.py``; the colours: ``arcade/widgets/themes.py``).

It draws line by line (Textual's line API, ``KeptRows``): each of its rows is turned into
a strip once and kept under what its squares show, so a cursor move or a new disc
re-renders only the rows that changed (a whole board redrawn through ``Text`` cost tens of
milliseconds on the event loop per key).  Only the cells that changed are marked dirty,
too (``_refresh_rows``): a cursor move repaints and writes two rows of the terminal, not
eighteen -- while a machine answers, every frame the event loop draws is time a key waits
for.  ``render()`` still gives the whole board as ``Text`` (tests read it).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import NamedTuple

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.geometry import Region
from textual.strip import Strip

from arcade.widgets.themes import BOARD_DEFAULTS
from arcade.widgets.kept_rows import KeptRows
from arcade.widgets.lines import changed_cells, line_strip
from games.othello.referee import Disc

GLYPH = {Disc.BLACK: "●", Disc.WHITE: "○"}
ASCII_GLYPH = {Disc.BLACK: "X", Disc.WHITE: "O"}

CELL_W = 4  # grid layout: "│ ● " per cell
LABEL_W = 2  # row label column


@dataclass(frozen=True)
class BoardView:
    """Everything the board draws; squares are 0..63, row-major from the top-left."""

    cells: tuple[Disc | None, ...] = (None,) * 64
    legal: frozenset[int] = frozenset()
    last: int | None = None
    flipped: frozenset[int] = frozenset()  # discs the last move turned over (underlined)
    col_labels: tuple[str, ...] = tuple("abcdefgh")
    row_labels: tuple[str, ...] = tuple("12345678")


class _Look(NamedTuple):
    """Everything that decides the board's rows."""

    view: BoardView
    cursor: int
    show_legal: bool
    compact: bool
    ascii: bool


@dataclass
class SquareClicked(Message):
    """The player clicked a square of the board."""

    board: OthelloBoard
    square: int


class OthelloBoard(KeptRows):
    """The board drawn with a box grid (18 rows x 35 columns) or compact (9 x 26)."""

    # the arcade's stylesheet gives the theme's colours ($board-cell...: arcade/shell/app.tcss); these are
    # for an app without them (the match on its own), the same green baize as the default theme's
    DEFAULT_CSS = f"""
    OthelloBoard {{ width: auto; height: auto; }}
    OthelloBoard > .board--cell {{ background: {BOARD_DEFAULTS["board-cell"]}; }}
    OthelloBoard > .board--black {{ color: {BOARD_DEFAULTS["board-black"]}; text-style: bold; }}
    OthelloBoard > .board--white {{ color: {BOARD_DEFAULTS["board-white"]}; text-style: bold; }}
    OthelloBoard > .board--empty {{ color: {BOARD_DEFAULTS["board-empty"]}; }}
    OthelloBoard > .board--legal {{ color: {BOARD_DEFAULTS["board-legal"]}; text-style: bold; }}
    OthelloBoard > .board--last {{ text-style: bold; }}
    OthelloBoard > .board--flipped {{ text-style: underline; }}
    OthelloBoard > .board--cursor {{ text-style: reverse bold; }}
    OthelloBoard > .board--frame {{ color: $foreground 70%; }}
    OthelloBoard > .board--label {{ color: $text-muted; text-style: bold; }}
    """

    # these three repaint only the rows they change (``_refresh_rows``); the board's size never changes
    view: reactive[BoardView] = reactive(BoardView, repaint=False)
    cursor: reactive[int] = reactive(19, repaint=False)
    show_legal: reactive[bool] = reactive(True, repaint=False)
    compact: reactive[bool] = reactive(False, layout=True)
    ascii: reactive[bool] = reactive(False)

    def __init__(self, *, name: str | None = None, id: str | None = None, classes: str | None = None,
                 disabled: bool = False) -> None:
        super().__init__(name=name, id=id, classes=classes, disabled=disabled)
        self._style_cache: dict[str, Style] | None = None
        self._lines_key: tuple[object, ...] | None = None  # what the rows in ``_lines`` were drawn from
        self._lines: list[Text] = []
        self._rows: dict[tuple[object, ...], Text] = {}  # a row's squares -> its text (``_row``)
        self._row_keys: dict[int, tuple[Text, tuple[object, ...]]] = {}  # id of a kept row -> it, its key
        self._frame_texts: dict[tuple[object, ...], tuple[Text, ...]] = {}  # labels and rules (``_frame_rows``)

    def notify_style_update(self) -> None:
        """The stylesheet or theme changed: the cell styles and the strips are looked up again."""
        super().notify_style_update()
        self._style_cache = None
        self._lines_key = None  # the rows drawn in the old styles are made again, not drawn as they were
        self._rows.clear()
        self._row_keys.clear()
        self._frame_texts.clear()

    def on_mount(self) -> None:
        if getattr(self.app, "ascii_glyphs", False):  # --ascii: X and O, + - | grid
            self.ascii = True

    def get_content_width(self, container, viewport) -> int:  # noqa: ANN001 - Textual's signature
        return LABEL_W + (8 * 3 if self.compact else 8 * CELL_W + 1)

    def get_content_height(self, container, viewport, width) -> int:  # noqa: ANN001
        return 9 if self.compact else 18

    # -- drawing ---------------------------------------------------------------------

    @staticmethod
    def _cell_text(sq: int, look: _Look, styles: dict[str, Style]) -> tuple[str, Style]:
        v = look.view
        disc = v.cells[sq]
        if disc is not None:
            body = (ASCII_GLYPH if look.ascii else GLYPH)[disc]
            kind = "black" if disc is Disc.BLACK else "white"
            if sq == v.last:
                text, style = f"[{body}]", styles[kind + "-last"]
            else:
                text, style = f" {body} ", styles[kind]
                if sq in v.flipped:
                    style += styles["flipped"]
        elif look.show_legal and sq in v.legal:
            text, style = " + ", styles["legal"]
        else:
            text, style = (" · " if look.compact else "   "), styles["empty"]
        if sq == look.cursor:
            style += styles["cursor"]
        return text, style

    def _styles(self) -> dict[str, Style]:
        """The cell styles from the stylesheet, looked up once (again after a style update)."""
        if self._style_cache is None:
            self._style_cache = self._look_up_styles()
        return self._style_cache

    def _look_up_styles(self) -> dict[str, Style]:
        """A square's style is the cell's whole style (its background) and what its kind adds: a kind's
        whole style would bring the widget's background back over the cell's (a black disc on the
        screen's near-black, not on the baize)."""
        get = self.get_component_rich_style

        def own(name: str) -> Style:
            return get(f"board--{name}", partial=True)

        base = get("board--cell")
        styles = {name: base + own(name) for name in ("black", "white", "legal", "empty")}
        styles["black-last"] = styles["black"] + own("last")
        styles["white-last"] = styles["white"] + own("last")
        styles["frame"], styles["label"] = get("board--frame"), get("board--label")
        styles["flipped"], styles["cursor"] = own("flipped"), own("cursor")
        return styles

    def _look(self) -> _Look:
        """What the board draws, read once (each read of a reactive costs a lookup)."""
        return _Look(self.view, self.cursor, self.show_legal, self.compact, self.ascii)

    @staticmethod
    def _row_key(r: int, look: _Look) -> tuple[object, ...]:
        """What board row ``r`` shows: its label, the layout, and what each of its squares shows."""
        v, cursor, show_legal = look.view, look.cursor, look.show_legal
        first = r * 8
        head = (r, v.row_labels[r], look.compact, look.ascii)
        squares = tuple(zip(v.cells[first:first + 8],
                            ((sq == v.last, sq in v.flipped, show_legal and sq in v.legal, sq == cursor)
                             for sq in range(first, first + 8))))
        return (head, squares)

    def _row(self, r: int, look: _Look, styles: dict[str, Style]) -> Text:
        """Board row ``r`` (its label and eight squares), made again only when one of them changed:
        a cursor move changes one or two rows, a turn a few (the rest are the same ``Text``)."""
        v = look.view
        first = r * 8
        key = self._row_key(r, look)
        row = self._rows.get(key)
        if row is not None:
            return row
        frame, label = styles["frame"], styles["label"]
        row = Text()
        row.append(f"{v.row_labels[r]:>1} ", label)
        for sq in range(first, first + 8):
            if not look.compact:
                row.append("│", frame)
            row.append(*self._cell_text(sq, look, styles))
        if not look.compact:
            row.append("│", frame)
        if len(self._rows) > 512:  # old boards: dropped all at once, the current rows come back at once
            self._rows.clear()
            self._row_keys.clear()
        self._rows[key] = row
        self._row_keys[id(row)] = (row, key)
        return row

    def _frame_rows(self, v: BoardView, compact: bool, styles: dict[str, Style]) -> tuple[Text, ...]:
        """The column labels and the grid's rules (top, between two rows, bottom), made once."""
        key = (v.col_labels, compact)
        kept = self._frame_texts.get(key)
        if kept is None:
            frame, label = styles["frame"], styles["label"]
            pad = " " * LABEL_W
            if compact:
                kept = (Text(pad + "".join(f" {c[:1]} " for c in v.col_labels), label),)
            else:
                kept = (Text(pad + "".join(f"  {c[:1]} " for c in v.col_labels), label),
                        Text(pad + "┌" + "┬".join(["───"] * 8) + "┐", frame),
                        Text(pad + "├" + "┼".join(["───"] * 8) + "┤", frame),
                        Text(pad + "└" + "┴".join(["───"] * 8) + "┘", frame))
            self._frame_texts[key] = kept
        return kept

    def lines(self) -> list[Text]:
        """The board, one ``Text`` per screen row (a row whose squares did not change is the one made before)."""
        look = self._look()
        styles = self._styles()
        if look.compact:
            (labels,) = self._frame_rows(look.view, True, styles)
            return [labels, *(self._row(r, look, styles) for r in range(8))]
        labels, top, rule, bottom = self._frame_rows(look.view, False, styles)
        out = [labels, top]
        for r in range(8):
            out.append(self._row(r, look, styles))
            out.append(rule if r < 7 else bottom)
        return out

    def render(self) -> Text:
        """The whole board as one ``Text`` (what ``render_line`` draws row by row)."""
        out = Text("\n", no_wrap=True, end="").join(self.lines())
        out.no_wrap, out.end = True, ""
        return out

    def _frame_lines(self) -> list[Text]:
        key = self._look()
        if self._lines_key != key:
            self._lines_key = key
            self._lines = self.lines()
        return self._lines

    def watch_view(self) -> None:
        self._refresh_rows()

    def watch_cursor(self) -> None:
        self._refresh_rows()

    def watch_show_legal(self) -> None:
        self._refresh_rows()

    def _refresh_rows(self) -> None:
        """Mark dirty only the cells that changed since they were last drawn (all of them if unknown)."""
        before = self._lines if self._lines_key is not None else None
        width = self.size.width
        if before is None or not width or not self.is_mounted:
            self.refresh()
            return
        after = self._frame_lines()
        if len(after) != len(before):
            self.refresh()
            return
        changed = []
        for y, (old, new) in enumerate(zip(before, after)):
            cells = None if old is new else self._changed_squares(old, new)
            if cells is not None and cells[0] < width:
                changed.append(Region(cells[0], y, min(cells[1], width) - cells[0], 1))
        if changed:
            self.refresh(*changed)  # only the cells that changed are drawn and sent to the terminal

    def _changed_squares(self, old: Text, new: Text) -> tuple[int, int] | None:
        """The cells ``[first, end)`` that differ between two rows: from the squares they were made
        from when both are kept rows of the same board row (``changed_cells`` otherwise)."""
        a, b = self._row_keys.get(id(old)), self._row_keys.get(id(new))
        if a is None or b is None or a[0] is not old or b[0] is not new or a[1][0] != b[1][0]:
            return changed_cells(old, new)
        differ = [c for c, (x, y) in enumerate(zip(a[1][1], b[1][1])) if x != y]
        if not differ:
            return None
        compact = a[1][0][2]
        width = 3 if compact else CELL_W
        return LABEL_W + differ[0] * width, LABEL_W + (differ[-1] + 1) * width + (0 if compact else 1)

    def row_key(self, y: int) -> Hashable:
        """What screen row ``y`` shows: a board row's squares, or which rule or labels of the grid."""
        look = self._look()
        if look.compact:
            if 1 <= y <= 8:
                return ("row", self._row_key(y - 1, look))
            return ("frame", "labels" if y == 0 else y, look.view.col_labels, True)
        if 2 <= y <= 16 and y % 2 == 0:
            return ("row", self._row_key(y // 2 - 1, look))
        kind = {0: "labels", 1: "top", 17: "bottom"}.get(y, "rule" if 3 <= y <= 15 else y)
        return ("frame", kind, look.view.col_labels, False)

    def draw_row(self, y: int, width: int, base: Style) -> Strip:
        """One row of the board (its ``Text``, made once per what its squares show)."""
        lines = self._frame_lines()
        if not 0 <= y < len(lines):
            return Strip.blank(width, base)
        return line_strip(self, lines[y], width, base)

    COMPONENT_CLASSES = {
        "board--cell",
        "board--black",
        "board--white",
        "board--empty",
        "board--legal",
        "board--last",
        "board--flipped",
        "board--cursor",
        "board--frame",
        "board--label",
    }

    # -- mouse -----------------------------------------------------------------------

    def square_at(self, x: int, y: int) -> int | None:
        """The square under the content offset ``(x, y)``, or None."""
        if self.compact:
            col, row = (x - LABEL_W) // 3, y - 1
            inside = x >= LABEL_W
        else:
            col, row = (x - LABEL_W - 1) // CELL_W, (y - 2) // 2
            inside = x > LABEL_W and y >= 2 and (y - 2) % 2 == 0 and (x - LABEL_W) % CELL_W != 0
        if inside and 0 <= row < 8 and 0 <= col < 8:
            return row * 8 + col
        return None

    def on_click(self, event: events.Click) -> None:
        sq = self.square_at(event.x, event.y)
        if sq is not None:
            self.cursor = sq
            self.post_message(SquareClicked(self, sq))
