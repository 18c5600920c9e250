"""The match screen: the real HP-67 program against the real Lazard program, refereed, shown move by move."""

from __future__ import annotations

import re

from textual.widgets import Footer

from arcade.screens.match.app import LeaveDialog, MatchApp
from arcade.screens.match.screen import MatchMoved, MatchScreen, ResultsDialog
from arcade.screens.match.players import CPC_LABEL, FACTORIES, HP67_LABEL
from arcade.widgets.board import OthelloBoard
from arcade.widgets.cpc_screen import CpcScreen
from arcade.widgets.led import LedDisplay
from arcade.widgets.tail import TailLog
from games.othello.match import play_series, results_table
from games.othello.match_table import MatchMove, MatchMoves
from games.othello.referee import Disc, Position
from tests.arcade.helpers import handled, flat, screen_text, type_keys, wait_for_screen, wait_until

COMPACT_ROW = re.compile(r"^\s*([1-8]) ((?:[ \[][·●○][ \]]){8})")


def compact_board(text: str) -> list[str]:
    """The 8 rows of the compact board on screen, X black, O white, . empty."""
    rows = []
    for line in text.splitlines():
        m = COMPACT_ROW.match(line[:32].ljust(32))  # the terminal text loses trailing blanks
        if m:
            cells = m.group(2)
            rows.append("".join({"●": "X", "○": "O", "·": "."}[cells[3 * i + 1]] for i in range(8)))
    return rows


def printed_board(text: str) -> list[str]:
    lines = text.splitlines()
    top = max(i for i, line in enumerate(lines) if line.strip() == "A B C D E F G H")
    return ["".join(line[3:19:2]) for line in lines[top + 1: top + 9]]


class CheckedMatch(MatchScreen):
    """Every move the host sends equals an independent referee's, and so does the CPC's own printed
    board after its moves; every board drawn (the last move of each batch the host sends) is that
    move's, as widget and as text."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.referee = Position.initial()
        self.checked = 0
        self.cpc_checked = 0
        self.drawn: list[MatchMove] = []

    def on_match_moved(self, message: MatchMoved) -> None:
        batch = message.moves
        for move in batch.moves:
            if move.turn == 1:
                self.referee = Position.initial()
            self.referee = self.referee.play(move.record.square)  # raises if the move was illegal
            assert move.cells == tuple(self.referee.at(sq) for sq in range(64))
            assert move.score == self.referee.score() and move.over == self.referee.is_over
            self.checked += 1
        last = batch.moves[-1]
        cpc_colour = Disc.WHITE if (last.game_number % 2) == 1 else Disc.BLACK
        if last.record.player is cpc_colour:  # the CPC has just printed its board
            assert printed_board(batch.cpc.text) == self.referee.rows()
            self.cpc_checked += 1
        super().on_match_moved(message)
        message.prevent_default()  # Textual would call the base handler again

    def show_move(self, move: MatchMove, machines: MatchMoves) -> None:
        super().show_move(move, machines)
        board = self.query_one(OthelloBoard)
        assert board.view.cells == move.cells == tuple(self.referee.at(sq) for sq in range(64))
        assert compact_board(board.render().plain) == self.referee.rows()  # what the board draws
        assert self.query_one(LedDisplay).text == machines.led
        assert self.query_one(CpcScreen).view == machines.cpc
        self.drawn.append(move)


class CheckedApp(MatchApp):
    def make_screen(self) -> MatchScreen:
        return CheckedMatch(games=self.games, first=self.first, autostart=self.autostart, instant=self.instant)


async def wait_for_series(pilot, screen: MatchScreen, limit: float = 120.0) -> None:  # noqa: ANN001
    """The series over and its results shown."""
    await wait_until(pilot, lambda: not screen.running, limit, what="the end of the series")
    await wait_for_screen(pilot, ResultsDialog)


async def test_whole_match_shown_equal_to_the_referee_after_every_move() -> None:
    app = CheckedApp(games=2, instant=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await wait_for_screen(pilot, CheckedMatch)
        await wait_for_series(pilot, screen)
        assert isinstance(app.screen, ResultsDialog)
        # both games, every move checked, the CPC's own board read after its moves; the boards drawn,
        # the last move's among them; every move in the move list
        assert screen.checked == len(screen.moves) > 40 and screen.cpc_checked
        assert screen.drawn and screen.drawn[-1] is screen.moves[-1]
        listed = [line.plain for line in screen.query_one(TailLog).lines]
        assert sum(1 for line in listed if re.match(r"^\s*\d+ [●○] ", line)) == len(screen.moves)
        assert sum(1 for line in listed if " over: " in line) == 2
        assert {m.game_number for m in screen.moves} == {1, 2}
        assert screen.moves[0].black == HP67_LABEL and screen.moves[-1].black == CPC_LABEL  # colours alternate
        # the table is the one the same series gives headless (both programs are deterministic)
        headless = play_series(FACTORIES["hp67"], FACTORIES["cpc"], 2)
        assert app.screen.table == results_table(headless) == results_table(screen.results)
        for result in headless:
            assert f"{result.black_discs}-{result.white_discs}" in flat(app)
        await type_keys(pilot, "escape")
        await wait_until(pilot, lambda: app.screen is screen, what="the board again")
        last = screen.moves[-1]
        assert f"{last.score[0]}-{last.score[1]}" in screen_text(app)  # the move list's result line
        assert compact_board(screen_text(app)) == screen.referee.rows()  # on the terminal too
        assert "Fin de partie." in screen.query_one(CpcScreen).view.text


async def test_match_fits_80x24_and_pauses() -> None:
    app = MatchApp(games=1, autostart=True)  # watching: a short wait between moves
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await wait_for_screen(pilot, MatchScreen)
        await wait_until(pilot, lambda: len(screen.moves) >= 2, what="two moves shown")
        assert screen.running
        for widget in (screen.query_one(OthelloBoard), screen.query_one(LedDisplay), screen.query_one(CpcScreen),
                       screen.query_one("#status"), screen.query_one("#moves")):
            r = widget.region
            assert r.x >= 0 and r.y >= 1 and r.right <= 80 and r.bottom <= 23, (widget, r)
        text = screen_text(app)
        assert "HP-67" in text and "Game 1 of 1" in text
        await type_keys(pilot, "p")
        await wait_until(pilot, lambda: "[paused]" in screen_text(app), what="[paused] shown")
        assert screen.paused  # the host holds after the move under way, if any
        seen = len(screen.moves)
        await type_keys(pilot, "p")
        await wait_until(pilot, lambda: len(screen.moves) > seen, what="a move after resuming")
        await type_keys(pilot, "s")  # instant: the game ends at once
        await wait_for_series(pilot, screen)
        assert isinstance(app.screen, ResultsDialog)
        assert len(screen.results) == 1


async def test_number_of_games_is_chosen_before_the_start() -> None:
    app = MatchApp(games=2, autostart=False, instant=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await wait_for_screen(pilot, MatchScreen)
        await wait_until(pilot, lambda: "A series of 2 games" in flat(app), what="the series offered")
        await type_keys(pilot, "plus", "plus", "minus")
        assert screen.games == 3 and "A series of 3 games" in flat(app)
        await type_keys(pilot, "minus", "minus", "minus")
        assert screen.games == 1
        await type_keys(pilot, "enter")
        await wait_for_series(pilot, screen)
        assert len(screen.results) == 1 and screen.results[0].black == HP67_LABEL


async def test_back_stops_the_series_shows_the_finished_games_and_never_quits_unasked() -> None:
    first_game: list[int] = []  # both programs are deterministic: game 1's length, played headless
    play_series(FACTORIES["hp67"], FACTORIES["cpc"], 1, observer=lambda game, record: first_game.append(1))
    app = MatchApp(games=3, autostart=False, instant=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await wait_for_screen(pilot, MatchScreen)
        screen.pause_after = len(first_game) + 2  # two moves into game 2: the series holds there
        await type_keys(pilot, "enter")
        await wait_until(pilot, lambda: screen.paused, 120, what="the series held in game 2")
        assert screen.moves[-1].game_number == 2 and not screen.moves[-1].over
        await type_keys(pilot, "escape")  # labelled Back: stops the series, shows what was played
        dialog = await wait_for_screen(pilot, ResultsDialog)
        assert app.is_running and not screen.running
        assert dialog.heading == "Stopped during game 2 of 3. 1 game finished."
        first = next(m for m in screen.moves if m.over)
        assert dialog.table == results_table(screen.results) and len(screen.results) == 1
        assert f"{first.score[0]}-{first.score[1]}" in flat(app)
        count = len(screen.moves)
        await type_keys(pilot, "escape")  # back to the board; the stopped series posts nothing more
        await wait_until(pilot, lambda: app.screen is screen, what="the board")
        assert "Series stopped: 1 game finished." in flat(app)
        await app.workers.wait_for_complete()
        await handled(pilot)  # what the finished workers posted, handled
        assert len(screen.moves) == count
        await type_keys(pilot, "escape")  # nothing running: Back asks before leaving
        await wait_for_screen(pilot, LeaveDialog)
        await type_keys(pilot, "n")
        await wait_until(pilot, lambda: app.screen is screen, what="the board after staying")
        assert app.is_running
        await type_keys(pilot, "escape")
        await wait_for_screen(pilot, LeaveDialog)
        await type_keys(pilot, "y")
        await wait_until(pilot, lambda: not app.is_running, what="the app to leave")


async def test_a_tall_terminal_shows_the_match_in_the_middle_and_its_footer_apart() -> None:
    """At 120x40 the match is not pinned under the header (issue 13's look); its footer's bindings read apart."""
    app = MatchApp(games=1, autostart=False, instant=True)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await wait_for_screen(pilot, MatchScreen)
        await wait_until(pilot, lambda: "A series of 1 game" in flat(app), what="the series offered")
        match = screen.query_one("#match").region
        above, below = match.y - 1, 40 - 1 - match.bottom
        assert above >= 3 and abs(below - above) <= 1, (above, below)
        assert screen.query_one(CpcScreen).region.bottom <= match.bottom
        assert "⏎ Start  + More games  - Fewer" in screen_text(app).splitlines()[-1]


async def test_the_footer_keeps_its_keys_and_dims_what_does_nothing_now() -> None:
    """The same keys before, during and after a series: Start and the number of games dimmed while one
    runs, Pause dimmed before; p is Pause or Go on (the other hidden)."""
    app = MatchApp(games=1, autostart=False)  # watching: the series holds where the test says
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await wait_for_screen(pilot, MatchScreen)

        def offers(enabled: tuple[str, ...] = (), dimmed: tuple[str, ...] = (), hidden: tuple[str, ...] = ()) -> bool:
            shown = {str(getattr(key, "description", "")): key.has_class("-disabled")
                     for key in screen.query_one(Footer).query("FooterKey") if key.display}
            return (all(shown.get(key) is False for key in enabled) and all(shown.get(key) is True for key in dimmed)
                    and not any(key in shown for key in hidden))

        await wait_until(pilot, lambda: offers(("Start", "More games", "Fewer"), ("Pause",), ("Go on",)),
                         what="Start offered, Pause dimmed")
        screen.pause_after = 2  # the series holds after its second move
        await type_keys(pilot, "enter")
        await wait_until(pilot, lambda: screen.paused and offers(("Go on",), ("Start", "More games", "Fewer"), ("Pause",)),
                         120, what="Go on offered while held, Start dimmed")
        await type_keys(pilot, "p")
        screen.table.pace(paused=True)  # the host holds after the move under way, while the screen says running
        await wait_until(pilot, lambda: offers(("Pause",), ("Start", "More games"), ("Go on",)),
                         what="Pause offered while running, Start dimmed")
        await type_keys(pilot, "p")
        await wait_until(pilot, lambda: offers(("Go on",), (), ("Pause",)), what="Go on offered again")
        await type_keys(pilot, "s", "p")  # instant, and go on: the series ends
        await wait_for_series(pilot, screen)
        await type_keys(pilot, "escape")
        await wait_until(pilot, lambda: app.screen is screen, what="the board again")
        await wait_until(pilot, lambda: offers(("Start", "More games"), ("Pause",), ("Go on",)),
                         what="Start offered again after the series, Pause dimmed")
