"""The boards, the printer tape, the CPC's monitor and the text widgets draw only what changed,
and draw it as ``render()`` says and as the same widgets made afresh would.

While a machine answers, every row the event loop repaints is time a key waits for: a cursor
move repaints the two rows of the old and new cursor squares, not the whole board; the tape's
rows are the roll's tail as ``render()`` gives it.  Rows are read through Textual's public
line API (``render_lines``: the rows the compositor draws) and repaints by the regions each
widget asks for (``refresh``, noted by a subclass in the test).
"""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.strip import Strip

from arcade.widgets.board import BoardView, OthelloBoard
from arcade.widgets.cpc_screen import CpcScreen
from arcade.widgets.grid import GridView, SquareBoard
from arcade.widgets.lines import changed_cells
from arcade.widgets.tape import PrinterTape
from arcade.widgets.ti57 import KeyLog, Shown, TI57Display
from arcade.widgets.words import Words
from games.lazard_othello.cpc_view import CpcScreenView
from games.othello.referee import Disc
from tests.arcade.helpers import handled, wait_until
from tests.sizes import sizes


class Noted:
    """A mixin for the widgets under test: notes the rows each frame asks it to make (``render_line``
    called by Textual), the strips it makes (``draw_row``) and the regions of each repaint asked
    of it (an empty tuple: the whole widget)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.drawn: list[int] = []
        self.made: list[int] = []
        self.asked: list[tuple[Region, ...]] = []
        super().__init__(*args, **kwargs)

    def render_line(self, y: int) -> Strip:
        self.drawn.append(y)
        return super().render_line(y)  # type: ignore[misc]

    def draw_row(self, y: int, width: int, base: Style) -> Strip:
        self.made.append(y)
        return super().draw_row(y, width, base)  # type: ignore[misc]

    def refresh(self, *regions: Region, **kwargs: Any) -> Any:
        if kwargs.get("repaint", True):
            self.asked.append(regions)
        return super().refresh(*regions, **kwargs)  # type: ignore[misc]

    def forget(self) -> None:
        self.drawn.clear()
        self.made.clear()
        self.asked.clear()


class Board(Noted, OthelloBoard):
    pass


class Tape(Noted, PrinterTape):
    pass


class Grid(Noted, SquareBoard):
    pass


class Log(Noted, KeyLog):
    pass


class Led(Noted, TI57Display):
    pass


def rows_of(widget: Any) -> list[Strip]:
    """The widget's rows as Textual draws them, its box too."""
    return widget.render_lines(widget.outer_size.region)


def cells(strips: list[Strip]) -> list[list[Any]]:
    return [list(strip) for strip in strips]


def made_afresh(widget: Any) -> list[Strip]:
    """The widget's rows with nothing kept: every strip made again, every row through Textual again."""
    widget.forget_rows()
    return rows_of(widget)


class Bench(App[None]):
    def compose(self) -> ComposeResult:
        yield Board(id="board")
        tape = Tape(id="tape")
        tape.styles.height = 7  # its title's row (border-top) and six lines of paper
        yield tape


async def test_a_cursor_move_repaints_the_two_rows_it_changes_and_a_disc_its_own() -> None:
    app = Bench()
    async with app.run_test(size=(60, 30)) as pilot:
        board = app.query_one(Board)
        await handled(pilot)
        board.forget()
        board.cursor = 19  # d3: already there, nothing to draw
        await handled(pilot)
        assert board.drawn == [] and board.asked == []
        board.cursor = 19 + 8 + 1  # d3 -> e4: the rows of 3 and 4 (screen rows 6 and 8), a square each
        assert [region.y for regions in board.asked for region in regions] == [6, 8]
        assert all(region.width <= 5 for regions in board.asked for region in regions)  # a square and its frame
        await wait_until(pilot, lambda: bool(board.drawn), what="the board repainted")
        assert sorted(set(board.drawn)) == [6, 8]
        board.forget()
        squares = list(BoardView().cells)
        squares[63] = Disc.WHITE  # h8 only
        board.view = BoardView(cells=tuple(squares))
        await wait_until(pilot, lambda: bool(board.drawn), what="the board repainted")
        assert sorted(set(board.drawn)) == [16]
        assert "○" in board.render().plain.splitlines()[16]
        assert [strip.text.rstrip() for strip in rows_of(board)] == [line.rstrip() for line in board.render().plain.splitlines()]


async def test_the_tape_shows_the_newest_lines_at_the_bottom_as_render_says() -> None:
    app = Bench()
    async with app.run_test(size=(60, 30)) as pilot:
        tape = app.query_one(Tape)
        for n in range(9):
            tape.key(f"K{n}")
        tape.shown("6.4")
        await handled(pilot)
        rows = [tape.render_line(y).text.strip() for y in range(tape.size.height)]
        assert rows == [line.strip() for line in tape.render().plain.splitlines()]
        assert rows[-1] == "6.4 ***" and rows[0] == "K4" and len(rows) == 6


async def test_a_printed_line_makes_only_the_new_row_and_every_row_reads_as_made_afresh() -> None:
    """A turn's end shifts the roll up: every row shows another line, but only the new line's strip is
    made (the others were made before, one row higher), and the rows read as the roll made afresh."""
    app = Bench()
    async with app.run_test(size=(60, 30)) as pilot:
        tape = app.query_one(Tape)
        for n in range(9):
            tape.key(f"K{n}")
        await handled(pilot)
        rows_of(tape)
        tape.forget()
        tape.shown("6.4")  # one line more: the roll moves up one row
        rows = rows_of(tape)
        assert tape.made == [tape.size.height - 1]  # only the new bottom row was made
        assert [r.text.strip() for r in rows[1:]] == ["K4", "K5", "K6", "K7", "K8", "6.4 ***"]
        assert "printer tape" in rows[0].text
        assert cells(rows) == cells(made_afresh(tape))


async def test_a_grid_board_makes_only_the_rows_a_move_changes_and_draws_them_as_render_says() -> None:
    """The TI-57 games' board (``SquareBoard``) after a move: the rows of the two squares the piece
    left and reached are made again; the labels, the frame and the other rows are kept whole."""

    class Boards(App[None]):
        def compose(self) -> ComposeResult:
            board = Grid(id="grid")
            board.boxed = True
            yield board

    columns, rows = tuple(range(1, 9)), tuple(range(8, 0, -1))
    app = Boards()
    async with app.run_test(size=(60, 30)) as pilot:
        board = app.query_one(Grid)
        board.view = GridView(columns, rows, pieces={(4, 8): ("W", "grid--wolf")})
        await handled(pilot)
        drawn = rows_of(board)
        assert [r.text.rstrip() for r in drawn] == [line.rstrip() for line in board.render().plain.splitlines()]
        board.forget()
        board.view = GridView(columns, rows, pieces={(5, 7): ("W", "grid--wolf")})  # the wolf 4.8 -> 5.7
        assert [region.y for regions in board.asked for region in regions] == [2, 4]
        drawn = rows_of(board)
        assert sorted(set(board.drawn)) == [2, 4]  # rows 8 and 7 of the board (heading, frame, 8, frame, 7)
        assert [r.text.rstrip() for r in drawn] == [line.rstrip() for line in board.render().plain.splitlines()]
        assert " W " in drawn[4].text and " W " not in drawn[2].text


async def test_a_widget_not_refreshed_since_gives_its_rows_without_making_them() -> None:
    """Textual asks a panel for all its rows whenever a frame's changes come near it: rows not
    repainted since come from Textual's own keeping, not from the widget."""
    app = Bench()
    async with app.run_test(size=(60, 30)) as pilot:
        tape = app.query_one(Tape)
        tape.note("first")
        await wait_until(pilot, lambda: "first" in "".join(s.text for s in rows_of(tape)), what="the tape's first line")
        first = rows_of(tape)
        tape.forget()
        assert cells(rows_of(tape)) == cells(first)
        assert tape.drawn == []  # nothing asked of the rows: nothing was repainted since
        tape.note("second")  # the roll moves: its rows repainted
        rows = rows_of(tape)
        assert tape.drawn and "second" in "".join(strip.text for strip in rows)


async def test_the_rows_a_board_keeps_are_the_rows_it_would_make_afresh() -> None:
    """Rows are made once per what their squares show (``OthelloBoard._row``): after any run of
    moves, cursor moves, hints on and off and the compact layout, the kept rows read exactly as
    rows made afresh, span for span, and the cells marked for repaint cover every cell that changed."""
    import random

    app = Bench()
    rng = random.Random(1985)
    async with app.run_test(size=(60, 30)) as pilot:
        board = app.query_one(Board)
        await handled(pilot)
        for step in range(300):
            before = board.lines()
            choice = rng.random()
            if choice < 0.4:
                board.cursor = rng.randrange(64)
            elif choice < 0.8:
                squares = tuple(rng.choice((None, Disc.BLACK, Disc.WHITE)) for _ in range(64))
                legal = frozenset(sq for sq in range(64) if squares[sq] is None and rng.random() < 0.2)
                flipped = frozenset(sq for sq in range(64) if squares[sq] is not None and rng.random() < 0.1)
                board.view = BoardView(cells=squares, legal=legal, last=rng.choice((None, rng.randrange(64))),
                                       flipped=flipped)
            elif choice < 0.95:
                board.show_legal = not board.show_legal
            else:
                board.compact = not board.compact
            after = board.lines()
            if len(after) == len(before):  # the cells marked dirty cover every cell that changed
                for y, (old, new) in enumerate(zip(before, after)):
                    changed = changed_cells(old, new)
                    marked = None if old is new else board._changed_squares(old, new)
                    assert changed is None or (marked is not None and marked[0] <= changed[0] and marked[1] >= changed[1]), (step, y)
            if step % 10 == 0:
                await handled(pilot)
                kept_rows = rows_of(board)
                assert [strip.text.rstrip() for strip in kept_rows] == [
                    line.rstrip() for line in board.render().plain.splitlines()], step
                assert cells(kept_rows) == cells(made_afresh(board)), step


@sizes(everyday=100, soak=400, name="steps")
async def test_the_rows_a_grid_board_keeps_are_the_rows_it_would_make_afresh(steps: int) -> None:
    """The TI-57 games' board keys a row by what its squares show, not by their styles: after any
    run of pieces, marks, shaded squares, a cursor and the framing, the kept rows are exactly the
    rows made afresh, cell for cell and style for style (``steps`` random changes from a fixed seed)."""
    import random

    class Boards(App[None]):
        def compose(self) -> ComposeResult:
            yield Grid(id="grid")

    rng = random.Random(1981)
    columns, rows = tuple(range(10)), tuple(range(9, -1, -1))
    squares = [(c, r) for c in columns for r in rows]
    upper = frozenset(sq for sq in squares if sq[1] >= 5)
    classes = ("grid--mine", "grid--other", "grid--wolf", "grid--lamb", "grid--capture")
    app = Boards()
    async with app.run_test(size=(60, 30)) as pilot:
        board = app.query_one(Grid)
        for step in range(steps):
            if rng.random() < 0.05:
                board.boxed = not board.boxed
                await handled(pilot)
            board.view = GridView(
                columns, rows,
                pieces={sq: (rng.choice("12WX1234"), rng.choice(classes)) for sq in rng.sample(squares, rng.randrange(6))},
                marks={sq: rng.choice("↗→↘↓↙←↖↑") for sq in rng.sample(squares, rng.randrange(4))},
                dark=rng.choice((frozenset(), frozenset(rng.sample(squares, 50)), upper)),  # a row with no shade
                cursor=rng.choice((None, rng.choice(squares))))
            if step % 3 == 0:
                await handled(pilot)
            kept = cells(rows_of(board))
            assert kept == cells(made_afresh(board)), f"step {step}"


def ti57_panel(twin: str = "") -> ComposeResult:
    """The TI-57 games' widgets that repaint rows alone: the board framed (as the wolf has it), the
    key log, the LED, words, and a CPC's monitor."""
    board = Grid(id=f"grid{twin}", classes="grid")
    board.boxed = True
    yield board
    yield Log(id=f"keylog{twin}", classes="keylog")
    yield Led(id=f"led{twin}", classes="led")
    yield Words(id=f"words{twin}", classes="words")
    yield CpcScreen(id=f"cpc{twin}", classes="cpc")


@sizes(everyday=100, soak=400, name="steps")
async def test_after_any_run_of_changes_every_row_reads_as_the_same_widget_made_afresh(steps: int) -> None:
    """The widgets that repaint only the rows or cells they change (the TI-57 board, the key log and
    its registers, new titles, the LED, words, the CPC's monitor), side by side with twins given
    the same changes but made afresh after each: after every change, each widget's rows (as
    Textual keeps and draws them) are its twin's, character for character and style for style.
    A row left out of a repaint, or a strip kept under the wrong key, fails it (``steps`` random
    changes from a fixed seed, each drawn by Textual before the rows are compared)."""
    import random

    from textual.containers import Vertical

    class Panels(App[None]):
        CSS = """
        Screen { layout: horizontal; }
        Vertical { width: 1fr; }
        .keylog { height: 9; } .led { height: 3; } .words { height: 2; padding: 1 2 0 1; }
        .cpc { width: 42; height: 12; }
        """

        def compose(self) -> ComposeResult:
            with Vertical():
                yield from ti57_panel()
            with Vertical():
                yield from ti57_panel("-twin")

    size = (100, 60)
    rng = random.Random(1982)
    columns, rows = tuple(range(1, 9)), tuple(range(8, 0, -1))
    squares = [(c, r) for c in columns for r in rows]
    keys = ("20 STO 0", "2nd Fix 1", "CLR", "RCL 7", "SBR 3", "R/S", "x<>t", "GTO 1")
    app = Panels()
    async with app.run_test(size=size) as pilot:
        names = ("grid", "keylog", "led", "words", "cpc")
        mine = {name: app.query_one(f"#{name}") for name in names}
        twins = {name: app.query_one(f"#{name}-twin") for name in names}
        pieces = {sq: ("1234W"[i], "grid--lamb") for i, sq in enumerate(rng.sample(squares, 5))}
        boards: list[GridView] = []
        shown_cpc: list[CpcScreenView] = []

        def both(change: Any) -> None:
            for widgets in (mine, twins):
                change(widgets)

        for step in range(steps):
            choice = rng.random()
            if choice < 0.08 and len(boards) > 2:  # the board as it was a few changes back
                view = rng.choice(boards[-3:])
                both(lambda w, view=view: setattr(w["grid"], "view", view))
            elif choice < 0.3:  # a piece moves
                boards.append(mine["grid"].view)
                piece = rng.choice(list(pieces))
                glyph = pieces.pop(piece)
                pieces[rng.choice([sq for sq in squares if sq not in pieces])] = glyph
                view = GridView(columns, rows, pieces=dict(pieces), dark=frozenset(squares[::2]),
                                cursor=rng.choice((None, rng.choice(squares))))
                both(lambda w, view=view: setattr(w["grid"], "view", view))
            elif choice < 0.45:
                lines = mine["keylog"].lines[-rng.randrange(1, 12):] + tuple(rng.choice(keys) for _ in range(rng.randrange(3)))
                both(lambda w, lines=lines: setattr(w["keylog"], "lines", lines))
            elif choice < 0.55:
                registers = Text("\n".join(f"R{n} {rng.choice((0.0, 1.5, -2.25)):8.2f}" for n in range(8)), end="")
                shown_registers = rng.choice((registers, None))
                both(lambda w, r=shown_registers: w["keylog"].show_registers(r))
            elif choice < 0.6:
                title = rng.choice(("Keys typed on the TI-57", "Registers R0-R7", "x"))
                both(lambda w, title=title: setattr(w["keylog"], "border_title", title))
            elif choice < 0.7:
                shown = Shown(rng.choice(("0", "3.7", "-12.5")), rng.random() < 0.2,
                              rng.choice(("", "running", "stopped", "pause")))
                both(lambda w, shown=shown: setattr(w["led"], "shown", shown))
            elif choice < 0.8:
                said: Text | str = rng.choice(("", "The wolf moves.", "Refused: 3.4 is taken", "Lamb 2 on 4.1\nthen 5.2"))
                if rng.random() < 0.3:
                    said = Text(str(said), style=rng.choice(("", "bold")))
                    said.stylize("italic", 0, rng.randrange(1, 8))
                both(lambda w, said=said: setattr(w["words"], "content", said))
            elif choice < 0.9 or not shown_cpc:  # the CPC: a row written, the cursor on it or not
                view = mine["cpc"].view
                lines = list(view.rows)
                r = rng.randrange(len(lines))
                lines[r] = "".join(rng.choice("AB .") for _ in lines[r])
                shown_cpc.append(view)
                new = CpcScreenView(rows=tuple(lines), pens=view.pens, papers=view.papers, mode=view.mode,
                                    border=view.border, cursor=rng.choice((None, (r, 3))))
                both(lambda w, new=new: setattr(w["cpc"], "view", new))
            else:  # the CPC's screen as it was a few changes back
                old = rng.choice(shown_cpc[-3:])
                both(lambda w, old=old: setattr(w["cpc"], "view", old))
            await handled(pilot)
            for name in names:
                twins[name].forget_rows()
                assert cells(rows_of(mine[name])) == cells(rows_of(twins[name])), f"step {step}: {name}"


async def test_a_move_a_new_key_or_a_new_register_repaints_only_the_rows_it_changes() -> None:
    """What is repainted at a TI-57 turn's end: the board's rows of the squares that changed, the key
    log's new line, the register that changed, the LED's digits; not the whole widgets (a widget
    refreshed whole sends every row to the terminal: the board's seventeen, the box's twenty)."""

    class Panel(App[None]):
        CSS = "Screen { layout: horizontal; } #keylog { height: 14; width: 30; } #led { height: 3; width: 20; }"

        def compose(self) -> ComposeResult:
            board = Grid(id="grid")
            board.boxed = True
            yield board
            yield Log(id="keylog")
            yield Led(id="led")

    columns, rows = tuple(range(1, 9)), tuple(range(8, 0, -1))
    app = Panel()
    async with app.run_test(size=(90, 24)) as pilot:
        board, log, led = app.query_one(Grid), app.query_one(Log), app.query_one(Led)
        board.view = GridView(columns, rows, pieces={(4, 8): ("W", "grid--wolf"), (1, 1): ("1", "grid--lamb")})
        log.lines = ("4.8 STO 7", "1.1 STO 1")
        led.shown = Shown("4.8", state="stopped")
        await handled(pilot)

        def repainted(widget: Any, change: Any) -> set[int]:
            """The content rows ``change`` asks ``widget`` to repaint (all of them for a whole repaint)."""
            widget.forget()
            change()
            if any(not regions for regions in widget.asked):
                return set(range(-1, widget.size.height + 1))
            return {region.y + dy for regions in widget.asked for region in regions for dy in range(region.height)}

        moved = repainted(board, lambda: setattr(board, "view", GridView(
            columns, rows, pieces={(5, 7): ("W", "grid--wolf"), (2, 2): ("1", "grid--lamb")})))
        assert moved == {2, 4, 14, 16}  # rows 8, 7, 2 and 1: where the pieces were and are
        assert repainted(log, lambda: setattr(log, "lines", (*log.lines, "1 SBR 6"))) == {2}
        registers = Text("\n".join(f"R{n} {n:8.1f}" for n in range(8)), end="")
        assert repainted(log, lambda: log.show_registers(registers)) == {-1, 0, 1, 2, 3, 4, 5, 6, 7}  # its title's row too
        await handled(pilot)
        changed = Text("\n".join(f"R{n} {(9 if n == 3 else n):8.1f}" for n in range(8)), end="")
        assert repainted(log, lambda: log.show_registers(changed)) == {3}  # R3 alone
        assert repainted(led, lambda: setattr(led, "shown", Shown("5.7", state="stopped"))) == {0}
        await handled(pilot)
        for widget in (board, log, led):
            assert cells(rows_of(widget)) == cells(made_afresh(widget))
