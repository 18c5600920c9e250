"""Every disc, hint and cursor on every board stands out from its square at 3:1, in every theme.

WCAG 2.x asks 3:1 of the parts of a graphic needed to understand it (1.4.11, non-text contrast).
The colours are the rendered ones: each board is mounted alone on a screen of the app that draws
it (the arcade, with its ``app.tcss`` and themes; ``arcade match --watch``'s ``MatchApp``), showing
what the games show (their positions and render functions), switched through every theme the app
offers (``arcade --list-themes``), and its rendered rows are read (``Widget.render_lines``: the
strips the compositor draws, each cell's text and its final Rich style, reverse video resolved
here as the terminal would).  No rule of a game screen's own .tcss touches a board's colours, and
a board on a stage is drawn cell for cell as on its game screen (the two tests before the boards'
below), so a theme switch restyles the boards alone rather than a whole game screen each time.  A colour the terminal chooses (its
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

from arcade.screens.match.app import MatchApp
from arcade.screens.ti57_duel import render as duel_render
from arcade.screens.ti57_wolf import render as wolf_render
from arcade.shell.app import ArcadeApp
from arcade.widgets.board import BoardView, OthelloBoard
from arcade.widgets.grid import GridView, SquareBoard
from arcade.widgets.themes import theme_names
from games.othello.referee import Disc, Position
from games.ti57_duel import DELTAS
from games.ti57_wolf.referee import Side
from games.ti57_wolf.session import WolfSession
from tests.arcade.helpers import handled, type_keys, wait_until

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
        await handled(pilot)  # the switch's restyle (``App.refresh_css``, called next) done
        await measure(name)


class Stage(Screen[None]):
    """The boards under test alone, side by side, on a screen of the app that draws them."""

    DEFAULT_CSS = "Stage { layout: horizontal; }"

    def __init__(self, *boards: Widget) -> None:
        super().__init__()
        self.boards = boards

    def compose(self) -> ComposeResult:
        yield from self.boards


def arcade_with(*boards: Widget) -> ArcadeApp:
    """The arcade opening on a stage of ``boards`` (as ``arcade --game`` opens on a game's screen)."""
    return ArcadeApp(game="hp67-othello", screens={"hp67-othello": lambda: Stage(*boards)})


async def staged(pilot: Pilot) -> Stage:
    app = pilot.app
    await wait_until(pilot, lambda: isinstance(app.screen, Stage) and app.screen.is_mounted
                     and all(board.size.height for board in app.screen.boards), what="the boards")
    return app.screen  # type: ignore[return-value]


def test_board_styles_come_from_the_app_s_style_files() -> None:
    """What lets the boards be measured alone: no game screen's .tcss names a board's component
    classes, and the rules that name a board's id set its margin only."""
    import re
    from pathlib import Path

    import arcade

    for path in (Path(arcade.__file__).parent / "screens").rglob("*.tcss"):
        for rule in re.findall(r"[^{}]*\{[^}]*\}", path.read_text(encoding="utf-8")):
            selector, body = rule.split("{", 1)
            assert "board--" not in rule and "grid--" not in rule, (path, rule)
            if "Board" in selector or "#board" in selector:
                assert [p.split(":")[0].strip() for p in body.rstrip("} \n").split(";") if p.strip()] == ["margin"], (path, rule)


async def test_a_board_on_a_stage_is_drawn_as_on_its_game_screen() -> None:
    """What lets the boards be measured alone, seen: the HP-67 game's board (the Othello games') and
    the wolf's (the TI-57 games'), each as its game screen draws it in the arcade's first theme, and
    a board given the same state on a stage: every cell the same, character and style."""
    from arcade.screens.hp67_othello.screen import HP67OthelloScreen
    from arcade.screens.ti57_wolf.screen import TI57WolfScreen
    from arcade.widgets.dialogs import SideDialog
    from tests.arcade.fake_driver import FakeDriver
    from tests.arcade.helpers import settle, wait_for_screen

    game = ArcadeApp(game="hp67-othello", screens={"hp67-othello": lambda: HP67OthelloScreen(FakeDriver)})
    async with game.run_test(size=(80, 24)) as pilot:
        await wait_for_screen(pilot, SideDialog)
        await type_keys(pilot, "w")
        await settle(pilot, game.screen)
        real = game.screen.query_one(OthelloBoard)
        othello = (real.view, real.cursor, real.show_legal, rendered_rows(real))
    wolf = ArcadeApp(game="ti57-wolf", screens={"ti57-wolf": lambda: TI57WolfScreen(coin=lambda: Side.LAMBS, blink=False)})
    async with wolf.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(wolf.screen, TI57WolfScreen) and wolf.screen.saves.ready)
        await settle(pilot, wolf.screen)
        grid = wolf.screen.query_one(SquareBoard)
        wolf_board = (grid.view, grid.boxed, rendered_rows(grid))
    board, square_board = OthelloBoard(), SquareBoard()
    board.view, board.cursor, board.show_legal = othello[:3]
    square_board.view, square_board.boxed = wolf_board[:2]
    app = arcade_with(board, square_board)
    async with app.run_test(size=(130, 24)) as pilot:
        await staged(pilot)
        assert rendered_rows(board) == othello[3]
        assert rendered_rows(square_board) == wolf_board[2]


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


def othello_view(*moves: int) -> BoardView:
    """The board as the Othello screens show it after ``moves`` (the referee's position): Black's legal
    moves as hints, the last move bracketed, the discs it turned over underlined."""
    position, last, flipped = Position.initial(), None, frozenset[int]()
    for sq in moves:
        flipped, last = frozenset(position.flips(sq)), sq
        position = position.play(sq)
    cells = tuple(Disc.BLACK if position.black >> sq & 1 else Disc.WHITE if position.white >> sq & 1 else None
                  for sq in range(64))
    return BoardView(cells=cells, legal=frozenset(position.legal_moves()), last=last, flipped=flipped)


async def test_the_othello_games_discs_hints_and_cursor_stand_out_in_every_theme() -> None:
    """The HP-67 and Lazard games' board (both draw ``OthelloBoard`` with hints on, from
    ``arcade/screens/othello``) after Black's d3 and White's c5: in each theme the board as it comes,
    and the cursor on the d column's black discs, white disc, hint and empty square."""
    board = OthelloBoard()
    board.view = othello_view(19, 34)  # d3, then c5: a last move, a flipped disc
    app = arcade_with(board)
    async with app.run_test(size=(80, 24)) as pilot:
        await staged(pilot)
        assert [othello_kind(board, sq) for sq in (19, 27, 35, 43, 51)] == [
            "black disc", "black disc", "white disc", "hint", None]
        measure = Measure()

        async def in_theme(theme: str) -> None:
            board.cursor = 19
            measure_othello(board, f"{theme}, the Othello games", measure)  # as the theme's first frame draws it
            for square in (27, 35, 43, 51):
                board.cursor = square
                measure_othello(board, f"{theme}, the Othello games", measure)

        await each_theme(pilot, in_theme)
    assert measure.checked == OTHELLO_SEEN
    assert not measure.failures(), measure.failures()


class MatchStage(MatchApp):
    """``arcade match --watch`` (its style files and themes), its screen only the match's board."""

    def __init__(self, board: OthelloBoard) -> None:
        super().__init__(games=1, autostart=False, instant=True)
        self.board = board

    def make_screen(self) -> Stage:  # type: ignore[override]
        return Stage(self.board)


async def test_the_match_board_stands_out_in_every_theme() -> None:
    """The match screen's compact board (no hints: two machines play), before the first move as the
    match opens: its discs and the cursor's square."""
    board = OthelloBoard()
    board.compact, board.show_legal = True, False  # as MatchScreen has it
    board.view = othello_view()
    app = MatchStage(board)
    measure = Measure()
    async with app.run_test(size=(80, 24)) as pilot:
        await staged(pilot)
        assert othello_kind(board, board.cursor) is None

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


def wolf_view() -> GridView:
    """The wolf's board as its screen draws it (``ti57_wolf.render.board_view``) at the start, the
    lambs to move, lamb 1 chosen: the cursor on it, its moves as arrows."""
    view = WolfSession(Side.LAMBS).view()
    return wolf_render.board_view(view, selected=1, busy=False)


def duel_view() -> GridView:
    """Player 1's view of the duel in play (``ti57_duel.render``): the pawn and the squares it may go to."""
    square = (4, 4)
    marks = {(square[0] + dx, square[1] + dy): duel_render.ARROW[d] for d, (dx, dy) in DELTAS.items()}
    return GridView(duel_render.COLUMNS, duel_render.ROWS, {square: ("1", "grid--mine")}, marks)


def every_piece(cursor: tuple[int, int]) -> GridView:
    """Every kind of piece the TI-57 games draw, each on a plain and on a shaded square, hints on both,
    and the cursor (the duel's end too: both pawns, a capture)."""
    dark = frozenset((c, r) for c in range(1, 9) for r in range(1, 9) if (c + r) % 2 == 0)
    pieces = {}
    for c, kind in enumerate(KINDS, start=1):
        pieces[(c, 1)] = ("X" if kind == "capture" else "W" if kind == "wolf" else str(c), f"grid--{kind}")
        pieces[(c, 2)] = pieces[(c, 1)]
    marks = {(1, 4): "↗", (2, 4): "↖"}
    return GridView(tuple(range(1, 9)), tuple(range(8, 0, -1)), pieces, marks, dark, cursor=cursor)


KINDS = ("mine", "other", "wolf", "lamb", "selected", "capture")


async def test_every_piece_of_the_ti57_boards_stands_out_in_every_theme() -> None:
    """Three boards in each theme: the wolf's (framed) with the lambs to move and a lamb chosen; the
    duel's (unframed) with Player 1's pawn and its moves; and one with every kind of piece on both
    kinds of square, hints on both, the cursor on a shaded and on a plain empty square."""
    wolf, duel, every = SquareBoard(), SquareBoard(), SquareBoard()
    wolf.boxed = every.boxed = True  # as the wolf's screen has it; the duel's board is not framed
    wolf.view, duel.view, every.view = wolf_view(), duel_view(), every_piece((1, 7))
    app = arcade_with(wolf, duel, every)
    measures = {"the wolf": Measure(), "the duel": Measure(), "every piece": Measure()}
    async with app.run_test(size=(130, 24)) as pilot:
        await staged(pilot)
        assert wolf.view.cursor is not None and wolf.view.marks and duel.view.marks

        async def in_theme(theme: str) -> None:
            measure_grid(wolf, f"{theme}, the wolf", measures["the wolf"])
            measure_grid(duel, f"{theme}, the duel", measures["the duel"])
            for cursor in ((1, 7), (2, 7)):  # on a shaded empty square, on a plain one
                every.view = replace(every.view, cursor=cursor)
                measure_grid(every, f"{theme}, every piece", measures["every piece"])

        await each_theme(pilot, in_theme)
    assert measures["the wolf"].checked == {"wolf piece", "lamb piece", "selected piece", "hint", "cursor"}
    assert measures["the duel"].checked == {"mine piece", "hint"}
    assert measures["every piece"].checked == {f"{kind} piece" for kind in KINDS} | {"hint", "cursor"}
    failures = "\n".join(m.failures() for m in measures.values() if m.failures())
    assert not failures, failures
