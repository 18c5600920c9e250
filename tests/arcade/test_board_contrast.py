"""Every disc, hint and cursor on every board stands out from its square at 3:1, in every theme.

WCAG 2.x asks 3:1 of the parts of a graphic needed to understand it (1.4.11, non-text contrast).
The colours are the rendered ones: each board screen is opened by Pilot, switched through every
theme the arcade offers (``arcade --list-themes``), and the board's rendered rows are read
(``Widget.render_lines``: the strips the compositor draws, each cell's text and its final Rich
style, reverse video resolved here as the terminal would).  A colour the terminal chooses (its
default foreground and background, an ANSI colour) is checked on a dark and on a light terminal:
black and white defaults, with the ANSI palettes Textual and Rich ship (``App.ansi_theme_dark``,
``App.ansi_theme_light``, Rich's default), so the ``ansi-*`` themes hold whatever the terminal's
own background.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace

from rich.color import Color
from rich.color_triplet import ColorTriplet
from rich.style import Style
from rich.terminal_theme import DEFAULT_TERMINAL_THEME, TerminalTheme
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widget import Widget

from arcade.shell.app import ArcadeApp
from arcade.screens.hp67_othello.screen import HP67OthelloScreen
from arcade.screens.lazard_othello.screen import LazardOthelloScreen
from arcade.screens.match.app import MatchApp
from arcade.screens.match.screen import MatchScreen
from arcade.widgets.themes import theme_names
from arcade.screens.ti57_duel.screen import TI57DuelScreen
from arcade.screens.ti57_wolf.screen import TI57WolfScreen
from arcade.widgets.board import OthelloBoard
from arcade.widgets.dialogs import SideDialog
from arcade.widgets.grid import GridView, SquareBoard
from games.othello.referee import Disc
from games.ti57_wolf.referee import Side
from tests.arcade.fake_driver import FakeDriver
from tests.arcade.helpers import move_cursor_to, settle, type_keys, wait_for_screen, wait_until

WCAG_GRAPHICS = 3.0
"""WCAG 2.x, success criterion 1.4.11: graphical objects at 3:1 against adjacent colours."""
BLACK, WHITE = ColorTriplet(0, 0, 0), ColorTriplet(255, 255, 255)


# -- WCAG's contrast ----------------------------------------------------------------------


def luminance(rgb: ColorTriplet) -> float:
    """WCAG 2.x relative luminance of an sRGB colour."""

    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: ColorTriplet, b: ColorTriplet) -> float:
    """WCAG 2.x contrast ratio, 1 to 21."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_contrast_is_wcag_s() -> None:
    assert round(contrast(BLACK, WHITE), 2) == 21.0
    assert contrast(BLACK, BLACK) == 1.0
    assert round(contrast(BLACK, ColorTriplet(0x12, 0x12, 0x12)), 2) == 1.12  # the issue's black disc
    assert round(contrast(ColorTriplet(0x77, 0x77, 0x77), WHITE), 2) == 4.48  # WebAIM's grey on white


# -- what the terminal shows ------------------------------------------------------------


@dataclass(frozen=True)
class Terminal:
    """A terminal's own colours: its default foreground and background, and its ANSI palette."""

    name: str
    theme: TerminalTheme

    def colours(self, style: Style) -> tuple[ColorTriplet, ColorTriplet]:
        """The (ink, paper) a cell in ``style`` shows: reverse video swaps them, as the terminal does."""
        fg = (style.color or Color.default()).get_truecolor(self.theme, foreground=True)
        bg = (style.bgcolor or Color.default()).get_truecolor(self.theme, foreground=False)
        return (bg, fg) if style.reverse else (fg, bg)


def with_defaults(palette: TerminalTheme, background: ColorTriplet, foreground: ColorTriplet) -> TerminalTheme:
    return TerminalTheme(tuple(background), tuple(foreground),
                         [tuple(palette.ansi_colors[i]) for i in range(8)],
                         [tuple(palette.ansi_colors[i]) for i in range(8, 16)])


def terminals(app: App) -> list[Terminal]:
    """The terminals a theme's colours are checked on: dark and light, several palettes for ANSI themes."""
    palettes = {"textual-dark": app.ansi_theme_dark, "textual-light": app.ansi_theme_light}
    if app.current_theme.ansi:
        palettes["rich"] = DEFAULT_TERMINAL_THEME
    return [Terminal(f"{name} palette on {shade} terminal", with_defaults(palette, bg, fg))
            for name, palette in palettes.items()
            for shade, bg, fg in (("a black", BLACK, WHITE), ("a white", WHITE, BLACK))]


# -- reading a board ----------------------------------------------------------------------


Cell = tuple[str, Style]


def rendered_rows(board: Widget) -> list[list[Cell]]:
    """The board's content rows as the compositor gets them: one (character, style) per cell."""
    region, content = board.region, board.content_region
    dx, dy = content.x - region.x, content.y - region.y
    rows = []
    for strip in board.render_lines(Region(0, dy, region.width, content.height)):
        cells = [(ch, seg.style or Style.null()) for seg in strip for ch in seg.text]
        rows.append(cells[dx:dx + content.width])
    return rows


def squares_drawn(board: Widget, rows: list[list[Cell]]) -> dict[object, list[Cell]]:
    """Each square's cells, by the board's own ``square_at`` (content offsets)."""
    squares: dict[object, list[Cell]] = {}
    for y, row in enumerate(rows):
        for x, cell in enumerate(row):
            sq = board.square_at(x, y)  # type: ignore[attr-defined]
            if sq is not None:
                squares.setdefault(sq, []).append(cell)
    return squares


class Measure:
    """The worst contrast seen for each (theme, board, thing), and the things seen at all."""

    def __init__(self) -> None:
        self.worst: dict[tuple[str, str], tuple[float, str]] = {}
        self.checked: set[str] = set()
        self.drawn_otherwise: dict[tuple[str, str], str] = {}

    def note(self, where: str, what: str, ratio: float, detail: str) -> None:
        self.checked.add(what)
        key = (where, what)
        if key not in self.worst or ratio < self.worst[key][0]:
            self.worst[key] = (ratio, detail)

    def ink(self, where: str, what: str, cells: list[Cell], on: list[Terminal]) -> None:
        """Every non-blank character of ``cells`` against its own cell's background."""
        inked = [(ch, style) for ch, style in cells if not ch.isspace()]
        assert inked, f"{where}: {what} draws nothing"
        for ch, style in inked:
            for terminal in on:
                ink, paper = terminal.colours(style)
                self.note(where, what, contrast(ink, paper), f"{ch!r} {ink.hex} on {paper.hex}, {terminal.name}")

    def block(self, where: str, what: str, cells: list[Cell], square: list[Cell], on: list[Terminal]) -> None:
        """A square's background (a reverse-video cursor) against a plain square's."""
        for terminal in on:
            here = terminal.colours(cells[0][1])[1]
            plain = terminal.colours(square[0][1])[1]
            self.note(where, what, contrast(here, plain), f"{here.hex} on a {plain.hex} square, {terminal.name}")

    def same(self, where: str, what: str, drawn: list[Color | None], styled: Color | None) -> None:
        """What was drawn is what the board's style says now: a theme switch draws the board again
        in the new theme at once, not in the last one's colours."""
        wrong = [colour for colour in drawn if colour != styled]
        if wrong:
            self.drawn_otherwise.setdefault((where, what), f"{where}: {what} drawn {wrong[0] and wrong[0].name}, "
                                                           f"styled {styled and styled.name}")

    def failures(self) -> str:
        """One line per thing below 3:1 anywhere (its worst case), then what was not drawn as styled."""
        return "\n".join([f"{where}: {what} {ratio:.2f}:1 ({detail})"
                          for (where, what), (ratio, detail) in sorted(self.worst.items()) if ratio < WCAG_GRAPHICS]
                         + list(self.drawn_otherwise.values()))


async def each_theme(pilot: Pilot, measure: Callable[[str], Awaitable[None]], themes: list[str] | None = None) -> None:
    """``await measure(theme)`` with each theme on in turn (the arcade's: ``--list-themes``) in one app:
    a theme switch restyles the screen already open, where a new app per theme would start it again."""
    app = pilot.app
    for name in theme_names() if themes is None else themes:
        app.theme = name
        await pilot.pause()
        await measure(name)


# -- the Othello boards (HP-67, Lazard, the match) -------------------------------------------


def othello_kind(board: OthelloBoard, sq: int) -> str | None:
    """What square ``sq`` shows, from the board's own state."""
    disc = board.view.cells[sq]
    if disc is Disc.BLACK:
        return "black disc"
    if disc is Disc.WHITE:
        return "white disc"
    if board.show_legal and sq in board.view.legal:
        return "hint"
    return None


def measure_othello(board: OthelloBoard, where: str, measure: Measure) -> None:
    """Each disc and hint against its square; the cursor's square against a plain one, and what it covers."""
    on = terminals(board.app)
    squares = squares_drawn(board, rendered_rows(board))
    plain = next(cells for sq, cells in squares.items() if othello_kind(board, sq) is None and sq != board.cursor)  # type: ignore[arg-type]
    cell = board.get_component_rich_style("board--cell").bgcolor
    measure.same(where, "an empty square's background", [style.bgcolor for _, style in plain], cell)
    for sq, cells in squares.items():
        kind = othello_kind(board, sq)  # type: ignore[arg-type]
        if sq == board.cursor:
            measure.block(where, f"cursor on {kind or 'an empty square'}", cells, plain, on)
            if kind is not None:
                measure.ink(where, f"{kind} under the cursor", cells, on)
        elif kind is not None:
            measure.ink(where, kind, cells, on)


OTHELLO_SEEN = {"black disc", "white disc", "hint", "cursor on an empty square", "cursor on black disc",
                "cursor on white disc", "cursor on hint", "black disc under the cursor",
                "white disc under the cursor", "hint under the cursor"}


async def othello_in_every_theme(pilot: Pilot, title: str) -> Measure:
    """A game against a fake machine: Black's first move played, then in each theme the board as it
    comes, and the cursor walked down the d column (black discs, a white disc, a hint, an empty square)."""
    app = pilot.app
    await wait_for_screen(pilot, SideDialog)
    await type_keys(pilot, "w")  # the machine plays White: the player (Black) to move, hints shown
    screen = app.screen
    await settle(pilot, screen)
    board = screen.query_one(OthelloBoard)
    await type_keys(pilot, "enter")  # d3, the cursor's first square; White answers: a last move, a flipped disc
    await settle(pilot, screen)
    assert [othello_kind(board, sq) for sq in (19, 27, 35, 43, 51)] == [
        "black disc", "black disc", "white disc", "hint", None]
    measure = Measure()

    async def in_theme(theme: str) -> None:
        measure_othello(board, f"{theme}, {title}", measure)  # as the theme's first frame draws it
        for square in (27, 35, 43, 51) if board.cursor != 51 else (43, 35, 27, 19):
            await move_cursor_to(pilot, board, square)
            measure_othello(board, f"{theme}, {title}", measure)

    await each_theme(pilot, in_theme)
    assert measure.checked == OTHELLO_SEEN
    return measure


async def test_hp67_othello_discs_hints_and_cursor_stand_out_in_every_theme() -> None:
    app = ArcadeApp(game="hp67-othello", screens={"hp67-othello": lambda: HP67OthelloScreen(FakeDriver)})
    async with app.run_test(size=(80, 24)) as pilot:
        measure = await othello_in_every_theme(pilot, "HP-67 Othello")
    assert not measure.failures(), measure.failures()


async def test_lazard_othello_discs_hints_and_cursor_stand_out_in_every_theme() -> None:
    app = ArcadeApp(game="lazard-othello", screens={"lazard-othello": lambda: LazardOthelloScreen(FakeDriver)})
    async with app.run_test(size=(80, 24)) as pilot:
        measure = await othello_in_every_theme(pilot, "Lazard Othello")
    assert not measure.failures(), measure.failures()


async def test_the_match_board_stands_out_in_every_theme() -> None:
    """The match screen's compact board (no hints: two machines play): its discs and the cursor's square."""
    app = MatchApp(games=1, autostart=False, instant=True)
    measure = Measure()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, MatchScreen))
        board = app.screen.query_one(OthelloBoard)
        assert board.compact and othello_kind(board, board.cursor) is None

        async def in_theme(theme: str) -> None:
            measure_othello(board, f"{theme}, the match", measure)

        await each_theme(pilot, in_theme, themes=sorted(app.available_themes))
    assert measure.checked == {"black disc", "white disc", "cursor on an empty square"}
    assert not measure.failures(), measure.failures()


# -- the TI-57 boards (the duel, the wolf) ------------------------------------------------------


def measure_grid(board: SquareBoard, where: str, measure: Measure) -> None:
    """Each piece and hint against its square; the cursor's brackets against theirs."""
    on = terminals(board.app)
    view = board.view
    for sq, cells in squares_drawn(board, rendered_rows(board)).items():
        if sq in view.pieces:
            kind = view.pieces[sq][1]
            measure.same(where, f"the {kind} colour", [cells[1][1].color], board.get_component_rich_style(kind).color)
            measure.ink(where, kind.removeprefix("grid--") + " piece", cells[1:2], on)
        elif sq in view.marks:
            measure.ink(where, "hint", cells[1:2], on)
        if sq == view.cursor:
            assert (cells[0][0], cells[2][0]) == ("[", "]"), where
            measure.ink(where, "cursor", [cells[0], cells[2]], on)


async def test_the_wolf_s_pieces_hints_and_cursor_stand_out_in_every_theme() -> None:
    """The lambs to move: the wolf, the lambs, the chosen lamb under the cursor and its moves."""
    app = ArcadeApp(game="ti57-wolf", screens={"ti57-wolf": lambda: TI57WolfScreen(coin=lambda: Side.LAMBS, blink=False)})
    measure = Measure()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TI57WolfScreen) and app.screen.saves.ready)
        screen = app.screen
        board = screen.query_one(SquareBoard)
        await settle(pilot, screen)  # the game at the table
        await type_keys(pilot, "tab")  # a lamb chosen: the cursor on it, its moves shown
        await settle(pilot, screen)

        async def in_theme(theme: str) -> None:
            measure_grid(board, f"{theme}, the wolf", measure)

        await each_theme(pilot, in_theme)
    assert measure.checked == {"wolf piece", "lamb piece", "selected piece", "hint", "cursor"}
    assert not measure.failures(), measure.failures()


async def test_the_duel_s_pawn_and_its_moves_stand_out_in_every_theme() -> None:
    """Player 1's view in play: the pawn and the squares it may go to (the cursor of the setting up,
    brackets on an empty square, is drawn as on the wolf's board: ``EveryPiece`` below)."""
    app = ArcadeApp(game="ti57-duel", screens={"ti57-duel": lambda: TI57DuelScreen(pause_seconds=0.02, blink=False)})
    measure = Measure()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TI57DuelScreen))
        screen = app.screen
        board = screen.query_one(SquareBoard)
        await settle(pilot, screen)
        # the move limit agreed, the seats as they are, both start squares keyed, Player 1's turn shown
        for _ in range(7):  # each once the host has answered the one before
            await type_keys(pilot, "enter")
            await settle(pilot, screen)
        assert app.screen is screen and board.view.pieces and board.view.marks

        async def in_theme(theme: str) -> None:
            measure_grid(board, f"{theme}, the duel", measure)

        await each_theme(pilot, in_theme)
    assert measure.checked == {"mine piece", "hint"}
    assert not measure.failures(), measure.failures()


class EveryPiece(Screen[None]):
    """A TI-57 board with every kind of piece the games draw, each on a plain and on a shaded square,
    hints on both, and the cursor (the duel's end too: both pawns, a capture)."""

    KINDS = ("mine", "other", "wolf", "lamb", "selected", "capture")

    def compose(self) -> ComposeResult:
        yield SquareBoard(id="board")

    def on_mount(self) -> None:
        board = self.query_one(SquareBoard)
        board.boxed = True  # as in the wolf
        dark = frozenset((c, r) for c in range(1, 9) for r in range(1, 9) if (c + r) % 2 == 0)
        pieces = {}
        for c, kind in enumerate(self.KINDS, start=1):
            pieces[(c, 1)] = ("X" if kind == "capture" else "W" if kind == "wolf" else str(c), f"grid--{kind}")
            pieces[(c, 2)] = pieces[(c, 1)]
        marks = {(1, 4): "↗", (2, 4): "↖"}
        board.view = GridView(tuple(range(1, 9)), tuple(range(8, 0, -1)), pieces, marks, dark, cursor=(1, 7))


async def test_every_piece_of_the_ti57_boards_stands_out_on_both_kinds_of_square_in_every_theme() -> None:
    app = ArcadeApp()
    measure = Measure()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.push_screen(EveryPiece())
        await wait_until(pilot, lambda: isinstance(app.screen, EveryPiece))
        board = app.screen.query_one(SquareBoard)

        async def in_theme(theme: str) -> None:
            for cursor in ((1, 7), (2, 7)):  # on a shaded empty square, on a plain one
                board.view = replace(board.view, cursor=cursor)
                await pilot.pause()
                measure_grid(board, f"{theme}, every piece", measure)

        await each_theme(pilot, in_theme)
    assert measure.checked == {f"{kind} piece" for kind in EveryPiece.KINDS} | {"hint", "cursor"}
    assert not measure.failures(), measure.failures()
