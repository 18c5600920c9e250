"""The board and the printer tape draw only what changed, and draw it as ``render()`` says.

While a machine answers, every row the event loop repaints is time a key waits for: a cursor
move repaints the two rows of the old and new cursor squares, not the whole board; the tape's
rows are the roll's tail as ``render()`` gives it.
"""

from __future__ import annotations

import re

from rich.cells import cell_len
from rich.text import Text
from textual.app import App, ComposeResult
from textual.geometry import Region

from arcade.widgets.board import BoardView, OthelloBoard
from arcade.widgets.lines import changed_cells
from arcade.widgets.tape import PrinterTape
from games.othello.referee import Disc
from tests.arcade.helpers import wait_until


class Bench(App[None]):
    def compose(self) -> ComposeResult:
        yield OthelloBoard(id="board")
        tape = PrinterTape(id="tape")
        tape.styles.height = 7  # its title's row (border-top) and six lines of paper
        yield tape


def spy_rows(board: OthelloBoard) -> list[int]:
    drawn: list[int] = []
    original = board.render_line

    def render_line(y: int):  # noqa: ANN202 - Textual's Strip
        drawn.append(y)
        return original(y)

    board.render_line = render_line  # type: ignore[method-assign]
    return drawn


async def test_a_cursor_move_repaints_the_two_rows_it_changes_and_a_disc_its_own() -> None:
    app = Bench()
    async with app.run_test(size=(60, 30)) as pilot:
        board = app.query_one(OthelloBoard)
        await pilot.pause()
        drawn = spy_rows(board)
        board.cursor = 19  # d3: already there, nothing to draw
        await pilot.pause()
        assert drawn == []
        board.cursor = 19 + 8 + 1  # d3 -> e4: the rows of 3 and 4 (screen rows 6 and 8)
        await wait_until(pilot, lambda: bool(drawn), what="the board repainted")
        assert sorted(set(drawn)) == [6, 8]
        drawn.clear()
        cells = list(BoardView().cells)
        cells[63] = Disc.WHITE  # h8 only
        board.view = BoardView(cells=tuple(cells))
        await wait_until(pilot, lambda: bool(drawn), what="the board repainted")
        assert sorted(set(drawn)) == [16]
        assert "○" in board.render().plain.splitlines()[16]


async def test_the_tape_shows_the_newest_lines_at_the_bottom_as_render_says() -> None:
    app = Bench()
    async with app.run_test(size=(60, 30)) as pilot:
        tape = app.query_one(PrinterTape)
        for n in range(9):
            tape.key(f"K{n}")
        tape.shown("6.4")
        await pilot.pause()
        rows = [tape.render_line(y).text.strip() for y in range(tape.size.height)]
        assert rows == [line.strip() for line in tape.render().plain.splitlines()]
        assert rows[-1] == "6.4 ***" and rows[0] == "K4" and len(rows) == 6


async def test_a_printed_line_draws_only_the_new_rows_and_every_row_as_textual_draws_it() -> None:
    """A turn's end shifts the roll up: the rows kept whole are reused one row higher, only the
    new line's row is made, and every row is the one Textual's own path draws."""
    from textual.geometry import Region
    from textual.widget import Widget

    app = Bench()
    async with app.run_test(size=(60, 30)) as pilot:
        tape = app.query_one(PrinterTape)
        for n in range(9):
            tape.key(f"K{n}")
        await pilot.pause()
        whole = Region(0, 0, tape.outer_size.width, tape.outer_size.height)  # its title's row too
        tape.render_lines(whole)
        made: list[int] = []
        original = tape.render_line

        def render_line(y: int):  # noqa: ANN202 - Textual's Strip
            made.append(y)
            return original(y)

        tape.render_line = render_line  # type: ignore[method-assign]
        tape.shown("6.4")  # one line more: the roll moves up one row
        rows = tape.render_lines(whole)
        assert made == [tape.size.height - 1]  # only the new bottom row was made
        assert [r.text.strip() for r in rows[1:]] == ["K4", "K5", "K6", "K7", "K8", "6.4 ***"]
        assert "printer tape" in rows[0].text
        tape._styles_cache.clear()  # Textual's own path, every row made afresh
        assert rows == Widget.render_lines(tape, whole)


async def test_a_grid_board_makes_only_the_rows_a_move_changes_and_draws_them_as_render_says() -> None:
    """The TI-57 games' board (``SquareBoard``) after a move: the rows of the two squares the piece
    left and reached are made again; the labels, the frame and the other rows are kept whole."""
    from textual.geometry import Region

    from arcade.widgets.grid import GridView, SquareBoard

    class Grid(App[None]):
        def compose(self) -> ComposeResult:
            board = SquareBoard(id="grid")
            board.boxed = True
            yield board

    columns, rows = tuple(range(1, 9)), tuple(range(8, 0, -1))
    app = Grid()
    async with app.run_test(size=(60, 30)) as pilot:
        board = app.query_one(SquareBoard)
        board.view = GridView(columns, rows, pieces={(4, 8): ("W", "grid--wolf")})
        await pilot.pause()
        whole = Region(0, 0, board.size.width, board.size.height)
        drawn = board.render_lines(whole)
        assert [r.text.rstrip() for r in drawn] == [line.rstrip() for line in board.render().plain.splitlines()]
        made: list[int] = []
        original = board.render_line

        def render_line(y: int):  # noqa: ANN202 - Textual's Strip
            made.append(y)
            return original(y)

        board.render_line = render_line  # type: ignore[method-assign]
        board.view = GridView(columns, rows, pieces={(5, 7): ("W", "grid--wolf")})  # the wolf 4.8 -> 5.7
        drawn = board.render_lines(whole)
        assert sorted(set(made)) == [2, 4]  # rows 8 and 7 of the board (heading, frame, 8, frame, 7)
        assert [r.text.rstrip() for r in drawn] == [line.rstrip() for line in board.render().plain.splitlines()]
        assert " W " in drawn[4].text and " W " not in drawn[2].text


async def test_a_kept_rows_widget_not_refreshed_since_gives_its_rows_without_making_them() -> None:
    """Textual asks a panel for all its rows whenever a frame's changes come near it."""
    app = Bench()
    async with app.run_test(size=(60, 30)) as pilot:
        tape = app.query_one(PrinterTape)
        tape.note("first")
        await wait_until(pilot, lambda: "first" in "".join(s.text for s in tape.render_lines(tape.size.region)),
                         what="the tape's first line")
        keys: list[int] = []
        original = tape.row_key
        tape.row_key = lambda y: keys.append(y) or original(y)  # type: ignore[method-assign]
        whole = tape.size.region
        first = tape.render_lines(whole)
        keys.clear()
        assert tape.render_lines(whole) is first
        assert keys == []  # nothing asked of the rows: nothing was refreshed since
        tape.note("second")  # a refresh
        rows = tape.render_lines(whole)
        assert keys and "second" in "".join(strip.text for strip in rows)


async def test_the_rows_a_board_keeps_are_the_rows_it_would_make_afresh() -> None:
    """Rows are made once per what their squares show (``OthelloBoard._row``): after any run of
    moves, cursor moves, hints on and off and the compact layout, the kept rows read exactly as
    rows made afresh, span for span."""
    import random

    app = Bench()
    rng = random.Random(1985)
    async with app.run_test(size=(60, 30)) as pilot:
        board = app.query_one(OthelloBoard)
        await pilot.pause()
        for step in range(300):
            before = board._frame_lines()
            choice = rng.random()
            if choice < 0.4:
                board.cursor = rng.randrange(64)
            elif choice < 0.8:
                cells = tuple(rng.choice((None, Disc.BLACK, Disc.WHITE)) for _ in range(64))
                legal = frozenset(sq for sq in range(64) if cells[sq] is None and rng.random() < 0.2)
                flipped = frozenset(sq for sq in range(64) if cells[sq] is not None and rng.random() < 0.1)
                board.view = BoardView(cells=cells, legal=legal, last=rng.choice((None, rng.randrange(64))),
                                       flipped=flipped)
            elif choice < 0.95:
                board.show_legal = not board.show_legal
            else:
                board.compact = not board.compact
            kept = [(line.plain, line.spans) for line in board.lines()]
            rows, board._rows = board._rows, {}  # the same board, nothing kept: every row made afresh
            fresh = [(line.plain, line.spans) for line in board.lines()]
            board._rows = rows
            assert kept == fresh, f"step {step}"
            after = board._frame_lines()
            if len(after) == len(before):  # the cells marked dirty cover every cell that changed
                for y, (old, new) in enumerate(zip(before, after)):
                    cells = changed_cells(old, new)
                    marked = None if old is new else board._changed_squares(old, new)
                    assert cells is None or (marked is not None and marked[0] <= cells[0] and marked[1] >= cells[1]), (step, y)
            if step % 50 == 0:
                await pilot.pause()


async def test_the_rows_a_grid_board_keeps_are_the_rows_it_would_make_afresh() -> None:
    """The TI-57 games' board keys a row by what its squares show, not by their styles: after any
    run of pieces, marks, shaded squares, a cursor and the framing, the kept rows are exactly the
    rows made afresh, cell for cell and style for style."""
    import random

    from arcade.widgets.grid import GridView, SquareBoard

    class Grid(App[None]):
        def compose(self) -> ComposeResult:
            yield SquareBoard(id="grid")

    rng = random.Random(1981)
    columns, rows = tuple(range(10)), tuple(range(9, -1, -1))
    squares = [(c, r) for c in columns for r in rows]
    upper = frozenset(sq for sq in squares if sq[1] >= 5)
    classes = ("grid--mine", "grid--other", "grid--wolf", "grid--lamb", "grid--capture")
    app = Grid()
    async with app.run_test(size=(60, 30)) as pilot:
        board = app.query_one(SquareBoard)
        for step in range(200):
            if rng.random() < 0.05:
                board.boxed = not board.boxed
                await pilot.pause()
            board.view = GridView(
                columns, rows,
                pieces={sq: (rng.choice("12WX1234"), rng.choice(classes)) for sq in rng.sample(squares, rng.randrange(6))},
                marks={sq: rng.choice("↗→↘↓↙←↖↑") for sq in rng.sample(squares, rng.randrange(4))},
                dark=rng.choice((frozenset(), frozenset(rng.sample(squares, 50)), upper)),  # a row with no shade
                cursor=rng.choice((None, rng.choice(squares))))
            whole = Region(0, 0, board.size.width, board.size.height)
            kept = [list(strip) for strip in board.render_lines(whole)]
            board._kept.clear()  # nothing kept: every row made afresh
            board._version += 1
            fresh = [list(strip) for strip in board.render_lines(whole)]
            assert kept == fresh, f"step {step}"


async def test_the_rows_a_boxed_text_keeps_are_the_rows_it_would_make_afresh() -> None:
    """Text widgets keep their rows too (``KeepsRows``), a CSS box's rows keyed by its title: after
    any run of new lines, registers shown in the key log's box and back, new titles, a flashing
    LED's class and a new width, the kept rows are exactly the rows made afresh, cell for cell and
    style for style, and a widget not refreshed since gives the rows it gave last time."""
    import random

    from rich.text import Text

    from textual.widget import Widget

    from arcade.widgets.ti57 import KeyLog, TI57Display
    from arcade.widgets.words import Words

    class Panel(App[None]):
        CSS = "#keylog { height: 9; } #led { height: 3; } #words { height: 2; padding: 1 2 0 1; }"

        def compose(self) -> ComposeResult:
            yield KeyLog(id="keylog")
            yield TI57Display(id="led")
            yield Words(id="words")

    rng = random.Random(1977)
    keys = ("20 STO 0", "2nd Fix 1", "CLR", "RCL 7", "SBR 3", "R/S", "x<>t", "GTO 1")
    app = Panel()
    async with app.run_test(size=(40, 20)) as pilot:
        log, led, words = app.query_one(KeyLog), app.query_one(TI57Display), app.query_one(Words)
        for step in range(120):
            choice = rng.random()
            if choice < 0.35:
                log.lines = tuple(rng.choice(keys) for _ in range(rng.randrange(14)))
            elif choice < 0.5:
                registers = Text("\n".join(f"R{n} {rng.uniform(-9, 9):8.2f}  lamb {n}" for n in range(8)), end="")
                log.show_registers(rng.choice((registers, None)))
            elif choice < 0.6:
                log.border_title = rng.choice(("Keys typed on the TI-57", "Registers R0-R7", "x"))
            elif choice < 0.75:
                led.toggle_class(rng.choice(("-flashing", "-dim")))
            elif choice < 0.9:
                said = Text(rng.choice(("", "The wolf moves.", "Refused: 3.4 is taken")), style=rng.choice(("", "bold")))
                if rng.random() < 0.5:
                    said.stylize("italic", 0, rng.randrange(1, 8))
                words.content = said
            else:
                app.screen.styles.width = rng.randrange(24, 41)
            await pilot.pause()
            for widget in (log, led, words):
                whole = widget.outer_size.region  # the box and all (``size`` is what is inside)
                kept = widget.render_lines(whole)
                assert widget.render_lines(whole) is kept  # nothing refreshed since: the same rows
                widget._styles_cache.clear()
                fresh = Widget.render_lines(widget, whole)  # Textual's own way: every row made afresh
                assert [list(strip) for strip in kept] == [list(strip) for strip in fresh], (step, widget.id)


class Terminal:
    """What a terminal shows after the app's updates: each cell's character and the SGR it was drawn
    in (enough of a VT100 for what Textual's compositor writes: cursor moves, colours, text)."""

    TOKEN = re.compile(r"\x1b\[([0-9;?]*)([A-Za-z])|(\r)|(\n)|(.)", re.DOTALL)

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.cells = [[(" ", "")] * width for _ in range(height)]
        self.x = self.y = 0
        self.sgr = ""
        self.written: set[int] = set()  # the rows any character was written to

    def write(self, data: str) -> None:
        for params, final, cr, lf, char in self.TOKEN.findall(data):
            if final == "H":
                row, _, col = params.partition(";")
                self.y, self.x = int(row or 1) - 1, int(col or 1) - 1
            elif final == "m":
                self.sgr = "" if params in ("", "0") else params
            elif final:
                continue  # cursor shown or hidden, modes: nothing drawn
            elif cr:
                self.x = 0
            elif lf:
                self.y += 1
            else:
                if 0 <= self.y < self.height and 0 <= self.x < self.width:
                    self.cells[self.y][self.x] = (char, self.sgr)
                    self.written.add(self.y)
                self.x += max(1, cell_len(char))

    def rows(self) -> list[str]:
        return ["".join(ch for ch, _ in row) for row in self.cells]


def watch_terminal(app: App[None], size: tuple[int, int]) -> Terminal:
    """A ``Terminal`` fed with every update the app would write (``App._display``; a test app
    writes nothing)."""
    from textual._compositor import CompositorUpdate

    terminal = Terminal(*size)
    shown = app._display

    def display(screen, renderable) -> None:  # noqa: ANN001 - Textual's own signature
        if isinstance(renderable, CompositorUpdate):
            terminal.write(renderable.render_segments(app.console))
        shown(screen, renderable)

    app._display = display  # type: ignore[method-assign]
    return terminal


def ti57_panel() -> ComposeResult:
    """The TI-57 games' widgets that repaint rows alone: the board framed (as the wolf has it), the
    key log, the LED."""
    from arcade.widgets.grid import SquareBoard
    from arcade.widgets.ti57 import KeyLog, TI57Display

    board = SquareBoard(id="grid")
    board.boxed = True
    yield board
    yield KeyLog(id="keylog")
    yield TI57Display(id="led")


def repainted_whole(app: App[None], size: tuple[int, int]) -> Terminal:
    """The screen drawn whole, every row made again, on a blank terminal (what any run of updates
    must add up to); the updates waiting for the next frame are left as they were."""
    compositor = app.screen._compositor
    waiting = set(compositor._dirty_regions)
    terminal = Terminal(*size)
    terminal.write(compositor.render_full_update().render_segments(app.console))
    compositor._dirty_regions.update(waiting)
    return terminal


async def test_what_the_terminal_shows_after_rows_repainted_alone_is_the_screen_drawn_whole() -> None:
    """The widgets that repaint only the rows or cells they change (the TI-57 board, the key log and
    its registers, the LED, words, the CPC's monitor): after any run of
    changes, the terminal fed with the app's own updates shows exactly the screen drawn whole,
    character for character and colour for colour.  A row left out of a repaint fails it."""
    import random

    from arcade.widgets.cpc_screen import CpcScreen
    from arcade.widgets.grid import GridView, SquareBoard
    from arcade.widgets.ti57 import KeyLog, Shown, TI57Display
    from arcade.widgets.words import Words
    from games.lazard_othello.cpc_view import CpcScreenView

    class Panel(App[None]):
        CSS = """
        Screen { layout: grid; grid-size: 2; }
        #keylog { height: 9; } #led { height: 3; } #words { height: 2; padding: 1 2 0 1; }
        CpcScreen { width: 42; height: 12; }
        """

        def compose(self) -> ComposeResult:
            yield from ti57_panel()
            yield Words(id="words")
            yield CpcScreen(id="cpc")

    size = (100, 32)
    rng = random.Random(1982)
    columns, rows = tuple(range(1, 9)), tuple(range(8, 0, -1))
    squares = [(c, r) for c in columns for r in rows]
    keys = ("20 STO 0", "2nd Fix 1", "CLR", "RCL 7", "SBR 3", "R/S", "x<>t", "GTO 1")
    app = Panel()
    async with app.run_test(size=size) as pilot:
        terminal = watch_terminal(app, size)
        app.screen.refresh()  # the first frame whole, as a terminal gets it
        board, log, led = app.query_one(SquareBoard), app.query_one(KeyLog), app.query_one(TI57Display)
        words, cpc = app.query_one(Words), app.query_one(CpcScreen)
        board.boxed = True
        pieces = {sq: ("1234W"[i], "grid--lamb") for i, sq in enumerate(rng.sample(squares, 5))}
        boards: list[GridView] = []
        shown_cpc: list[CpcScreenView] = []
        for step in range(200):
            choice = rng.random()
            if choice < 0.08 and len(boards) > 2:  # the board as it was a few changes back
                board.view = rng.choice(boards[-3:])
            elif choice < 0.3:  # a piece moves
                boards.append(board.view)
                piece = rng.choice(list(pieces))
                glyph = pieces.pop(piece)
                pieces[rng.choice([sq for sq in squares if sq not in pieces])] = glyph
                view = GridView(columns, rows, pieces=dict(pieces), dark=frozenset(squares[::2]),
                                cursor=rng.choice((None, rng.choice(squares))))
                if rng.random() < 0.2:  # repainted another way (the rows it then shows are not known)
                    board.set_reactive(SquareBoard.view, view)
                    board.refresh()
                else:
                    board.view = view
            elif choice < 0.5:
                log.lines = log.lines[-rng.randrange(1, 12):] + tuple(rng.choice(keys) for _ in range(rng.randrange(3)))
            elif choice < 0.6:
                registers = Text("\n".join(f"R{n} {rng.choice((0.0, 1.5, -2.25)):8.2f}" for n in range(8)), end="")
                log.show_registers(rng.choice((registers, None)))
            elif choice < 0.7:
                led.shown = Shown(rng.choice(("0", "3.7", "-12.5")), rng.random() < 0.2,
                                  rng.choice(("", "running", "stopped", "pause")))
            elif choice < 0.8:
                words.content = rng.choice(("", "The wolf moves.", "Refused: 3.4 is taken", "Lamb 2 on 4.1\nthen 5.2"))
            elif choice < 0.9 or not shown_cpc:  # the CPC: a row written, the cursor on it or not
                view = cpc.view
                lines = list(view.rows)
                r = rng.randrange(len(lines))
                lines[r] = "".join(rng.choice("AB .") for _ in lines[r])
                shown_cpc.append(view)
                cpc.view = CpcScreenView(rows=tuple(lines), pens=view.pens, papers=view.papers, mode=view.mode,
                                         border=view.border, cursor=rng.choice((None, (r, 3))))
            else:  # the CPC's screen as it was a few changes back
                cpc.view = rng.choice(shown_cpc[-3:])
            # the characters and their styles (a row left out of a repaint never gets there)
            await wait_until(pilot, lambda: terminal.cells == repainted_whole(app, size).cells,
                             what=f"step {step}: the terminal shows the screen")


async def test_a_move_a_new_key_or_a_new_register_writes_only_the_rows_it_changes() -> None:
    """What reaches the terminal at a TI-57 turn's end: the board's rows of the squares that changed,
    the key log's new line, the register that changed, the LED's digits; not the whole widgets
    (Textual writes every row of a widget refreshed whole: the board's seventeen, the box's twenty)."""
    from arcade.widgets.grid import GridView, SquareBoard
    from arcade.widgets.ti57 import KeyLog, Shown, TI57Display

    class Panel(App[None]):
        CSS = "Screen { layout: horizontal; } #keylog { height: 14; width: 30; } #led { height: 3; width: 20; }"

        def compose(self) -> ComposeResult:
            yield from ti57_panel()

    size = (90, 24)
    columns, rows = tuple(range(1, 9)), tuple(range(8, 0, -1))
    app = Panel()
    async with app.run_test(size=size) as pilot:
        terminal = watch_terminal(app, size)
        board, log, led = app.query_one(SquareBoard), app.query_one(KeyLog), app.query_one(TI57Display)
        board.view = GridView(columns, rows, pieces={(4, 8): ("W", "grid--wolf"), (1, 1): ("1", "grid--lamb")})
        log.lines = ("4.8 STO 7", "1.1 STO 1")
        led.shown = Shown("4.8", state="stopped")
        await pilot.pause()

        async def written(change) -> set[int]:  # noqa: ANN001
            await wait_until(pilot, lambda: terminal.rows() == repainted_whole(app, size).rows(), what="drawn")
            terminal.written.clear()
            change()
            await wait_until(pilot, lambda: terminal.rows() == repainted_whole(app, size).rows(), what="drawn")
            return set(terminal.written)

        top = board.region.y  # the heading, the frame, then row 8 of the board
        moved = await written(lambda: setattr(board, "view", GridView(
            columns, rows, pieces={(5, 7): ("W", "grid--wolf"), (2, 2): ("1", "grid--lamb")})))
        assert moved == {top + 2, top + 4, top + 14, top + 16}  # rows 8, 7, 2 and 1: where the pieces were and are
        box = log.region.y
        assert await written(lambda: setattr(log, "lines", (*log.lines, "1 SBR 6"))) == {box + 3}
        registers = Text("\n".join(f"R{n} {n:8.1f}" for n in range(8)), end="")
        await written(lambda: log.show_registers(registers))
        changed = Text("\n".join(f"R{n} {(9 if n == 3 else n):8.1f}" for n in range(8)), end="")
        assert await written(lambda: log.show_registers(changed)) == {box + 1 + 3}  # R3 alone
        assert await written(lambda: setattr(led, "shown", Shown("5.7", state="stopped"))) == {led.region.y + 1}
