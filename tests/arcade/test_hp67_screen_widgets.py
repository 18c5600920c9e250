"""The HP-67 Othello screen's behaviour, exercised with a referee-backed fake driver.

These test the screen and widgets only (the real game is in test_hp67_othello_game.py).
"""

from __future__ import annotations

import re

from arcade.runtime.textual_compat import composed_rows
from arcade.shell.app import ArcadeApp
from arcade.screens.hp67_othello.screen import HP67OthelloScreen
from arcade.widgets.board import OthelloBoard
from arcade.widgets.dialogs import GameOverDialog, SideDialog
from arcade.widgets.tape import PrinterTape
from games.othello.referee import Disc, Position, parse
from tests.arcade.othello_helpers import hosted, reload
from tests.arcade.fake_driver import CountedFakeDriver, FakeDriver
from tests.arcade.helpers import click, flat, move_cursor_to, screen_text, settle, shown_board, type_keys, wait_until


def app_with(driver_factory=FakeDriver) -> ArcadeApp:  # noqa: ANN001
    return ArcadeApp(game="hp67-othello", screens={"hp67-othello": lambda: HP67OthelloScreen(driver_factory)})


async def open_game(pilot, side: str = "w") -> HP67OthelloScreen:  # noqa: ANN001
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, SideDialog), what="the side question")
    await type_keys(pilot, side)
    screen = pilot.app.screen
    assert isinstance(screen, HP67OthelloScreen)
    await settle(pilot, screen)
    return screen


async def test_illegal_move_changes_nothing_but_the_message() -> None:
    app = app_with()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot)
        board = screen.query_one(OthelloBoard)
        tape = screen.query_one(PrinterTape)
        led = screen.query_one("#led")

        def now() -> tuple:
            return (hosted(screen).driver.snapshot(), shown_board(app), list(tape.printed), board.view,
                    hosted(screen).driver.display, led.text)

        before = now()
        for target in ("a1", "d4", "e5"):  # empty without a flip, taken, taken
            await move_cursor_to(pilot, board, parse(target))
            await type_keys(pilot, "enter")
            await settle(pilot, screen)
            assert now() == before
            assert f"Illegal: {target}" in flat(app)
        await click(pilot, OthelloBoard, offset=(2 + 1 + 4 * 7 + 1, 2 + 2 * 7))  # h8 by mouse: illegal too
        await settle(pilot, screen)
        assert now() == before
        assert "Illegal: h8" in flat(app)
        # and pass is refused while a move exists: the key is not even offered
        assert "Pass" not in screen_text(app).splitlines()[-1]
        await type_keys(pilot, "0")
        await settle(pilot, screen)
        assert hosted(screen).driver.snapshot() == before[0]


async def test_click_plays_a_square() -> None:
    app = app_with()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot)
        d3 = parse("d3")
        await click(pilot, OthelloBoard, offset=(2 + 1 + 4 * 3 + 1, 2 + 2 * 2))
        await settle(pilot, screen)
        assert hosted(screen).driver.history[0].square == d3
        reply = hosted(screen).driver.history[1]
        assert reply.by_machine
        assert shown_board(app) == hosted(screen).driver.position.rows()
        assert f"HP-67: {reply.machine_steps:,} steps" in screen_text(app)  # the speed line: the last turn's time


async def test_machine_black_plays_first_and_legal_moves_toggle() -> None:
    app = app_with()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, "b")
        assert hosted(screen).driver.machine_color is Disc.BLACK
        assert len(hosted(screen).driver.history) == 1 and hosted(screen).driver.history[0].by_machine
        assert shown_board(app) == hosted(screen).driver.position.rows()
        board = screen.query_one(OthelloBoard)
        legal = hosted(screen).driver.position.legal_moves()
        assert board.view.legal == frozenset(legal)
        assert screen_text(app).count("+") >= len(legal)
        await type_keys(pilot, "m")
        assert not board.show_legal
        await type_keys(pilot, "m")
        assert board.show_legal


async def test_pass_only_when_no_legal_move() -> None:
    app = app_with()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot)
        # White (the human) to move with no move (nothing to outflank), Black can play c1
        rows = ["XO......"] + ["........"] * 7
        hosted(screen).driver.machine_color = Disc.BLACK
        hosted(screen).driver.position = Position.from_rows(rows, Disc.WHITE)
        assert hosted(screen).driver.position.must_pass
        await reload(pilot, screen)
        screen.render_view()
        screen.turns.next_turn()
        await wait_until(pilot, lambda: "press 0 to pass" in flat(app), what="the pass offered")
        assert "press 0 to pass" in flat(app)
        assert "0 Pass" in screen_text(app).splitlines()[-1]  # offered in the footer now
        await type_keys(pilot, "enter")  # playing a square is refused (the referee's words, from the table)
        await wait_until(pilot, lambda: "Illegal" in screen_text(app), what="the refusal said")
        await type_keys(pilot, "0")
        await settle(pilot, screen)
        assert hosted(screen).driver.history[-2].square is None  # the human passed, then the machine played


async def test_real_speed_shows_progress_and_instant_finishes_at_once() -> None:
    app = app_with()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot)
        # the real pace made endless (a step a million seconds; the HP-67's 30 a second would end the fake
        # machine's 50 + 2368 steps in 80 s): only going back to instant can end the move, however loaded
        # the machine running the test, so nothing here is timed
        screen.STEPS_PER_SECOND = 1e-6
        await type_keys(pilot, "s")
        assert not screen.instant
        await move_cursor_to(pilot, screen.query_one(OthelloBoard), parse("d3"))
        await type_keys(pilot, "enter")
        # the bar and "step 120/2,368: ..." while it runs (the line said "your move: 50 steps, ..." before;
        # the bar of the move's recording is hidden when the reply starts, until the reply's first news)
        bar = screen.query_one("#progress")
        await wait_until(pilot, lambda: bar.visible and re.search(r"step [\d,]+/", screen_text(app)),
                         what="progress at real speed")
        assert screen.busy
        await type_keys(pilot, "s")  # back to instant: finishes at once
        await wait_until(pilot, lambda: not screen.busy, what="the move finished at instant speed")  # bounded
        await settle(pilot, screen)
        assert len(hosted(screen).driver.history) == 2
        assert shown_board(app) == hosted(screen).driver.position.rows()


async def test_new_game_during_a_slow_move_stops_it() -> None:
    app = app_with()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot)
        await type_keys(pilot, "s", "enter")  # real speed, play d3 (the cursor starts there)
        await wait_until(pilot, lambda: "step" in screen_text(app), what="the move under way")
        assert screen.busy
        await type_keys(pilot, "n")
        await wait_until(pilot, lambda: isinstance(app.screen, SideDialog))
        await type_keys(pilot, "w")
        await settle(pilot, screen)
        assert hosted(screen).driver.history == []
        assert hosted(screen).driver.position == Position.initial()
        assert shown_board(app) == Position.initial().rows()


async def test_inspector_and_coordinates_fit_80x24() -> None:
    app = app_with()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot)
        await type_keys(pilot, "i")
        await wait_until(pilot, lambda: "LSTX" in screen_text(app), what="the inspector")
        text = screen_text(app)
        assert "LSTX" in text and "R8" in text and "F3 " in text
        assert ">" in text  # the current step is marked in the listing
        for selector in ("#board", "#status", "#side-message", "#led", "#speed", "#inspector", "#registers", "Footer"):
            r = screen.query_one(selector).region
            assert r.area and r.right <= 80 and r.bottom <= 24, selector
        await type_keys(pilot, "c")
        assert screen.program_coords
        await type_keys(pilot, "i")
        assert screen_text(app).count("┌───┬") == 1  # back to the big board


async def test_game_over_offers_a_new_game() -> None:
    app = app_with()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, "w")
        rows = ["XXXXXXXX"] * 7 + ["XXXXXXO."]  # Black (the human) ends it at h8, 64-0
        hosted(screen).driver.position = Position.from_rows(rows, Disc.BLACK)
        await reload(pilot, screen)
        await move_cursor_to(pilot, screen.query_one(OthelloBoard), 63)
        await type_keys(pilot, "enter")
        await settle(pilot, screen)
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverDialog), what="the game-over question")
        assert "You win" in flat(app) and "Black 64, White 0" in flat(app)
        await type_keys(pilot, "n")
        await wait_until(pilot, lambda: isinstance(app.screen, SideDialog), what="the side question")
        await type_keys(pilot, "b")
        await settle(pilot, screen)
        assert len(hosted(screen).driver.history) == 1


async def test_the_side_question_is_opaque_and_the_game_over_question_shows_the_board() -> None:
    """A new game's side question comes as the game opens, over the starting position: drawn
    opaque (a see-through dialog draws the whole screen under it again at each of its own
    repaints: the opening of the game took 50-64 ms of the event loop without a break).  The
    game-over question lets the final board show through as it is (dimmed, each cell's colours
    blended at each repaint: the wolf's took 46-49 ms of the loop in tmux, 22-24 ms undimmed)."""
    app = app_with()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SideDialog), what="the side question")
        await wait_until(pilot, lambda: "Which side does the HP-67 play?" in flat(app), what="the question drawn")
        assert "Which side does the HP-67 play?" in flat(app)
        assert shown_board(app) == [] and "Othello" not in flat(app)  # nothing of the game under it
        screen = await open_game(pilot, "w")
        assert len(shown_board(app)) == 8
        rows = ["XXXXXXXX"] * 7 + ["XXXXXXO."]
        hosted(screen).driver.position = Position.from_rows(rows, Disc.BLACK)
        await reload(pilot, screen)
        await move_cursor_to(pilot, screen.query_one(OthelloBoard), 63)
        await type_keys(pilot, "enter")
        await settle(pilot, screen)
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverDialog), what="the game-over question")
        await wait_until(pilot, lambda: shown_board(app)[:2] == ["XXXXXXXX"] * 2, what="the final position drawn")
        assert shown_board(app)[:2] == ["XXXXXXXX"] * 2  # the final position, under the question (its top rows)
        assert app.screen.styles.background.a == 0  # not dimmed: nothing blended


async def test_no_color_still_tells_discs_cursor_and_hints_apart(monkeypatch) -> None:  # noqa: ANN001
    monkeypatch.setenv("NO_COLOR", "1")
    app = app_with()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot)
        assert app.no_color
        board = screen.query_one(OthelloBoard)
        text = screen_text(app)
        assert "●" in text and "○" in text and "+" in text  # glyphs, not colours
        # the cursor (on d3, a legal move) is drawn in reverse video
        strips = composed_rows(app.screen)
        y = board.region.y + 2 + 2 * 2
        reversed_cells = [seg.text for seg in strips[y] if seg.style is not None and seg.style.reverse]
        assert reversed_cells == [" + "]
        # the last move is bracketed once the machine has played
        await type_keys(pilot, "enter")
        await settle(pilot, screen)
        last = hosted(screen).driver.last_move
        assert "[○]" in screen_text(app) and last is not None and last.flipped
        # and the discs it turned over are underlined
        strips = composed_rows(app.screen)
        underlined = [seg.text for strip in strips for seg in strip if seg.style is not None and seg.style.underline]
        assert underlined == [" ○ "] * len(last.flipped)


def test_tape_prints_keys_and_displays_in_calculator_order() -> None:
    from arcade.screens.hp67_othello.screen import print_turn

    class Tape:
        def __init__(self) -> None:
            self.lines: list[str] = []

        def key(self, key: str) -> None:
            self.lines.append(key)

        def shown(self, display: str) -> None:
            self.lines.append(f"{display} ***")

        def entry(self, number: str, key: str) -> None:
            self.lines.append(f"{number} {key}")

    cases = [
        ((["DSP 1", "E", "CHS", "R/S"], ["192.0", "0.0"], True), ["DSP 1", "E", "192.0 ***", "CHS", "R/S", "0.0 ***"]),
        ((["B", "R/S"], ["6.4", "0.0"], True), ["B", "6.4 ***", "R/S", "0.0 ***"]),
        ((["R/S"], ["5.3", "0.0"], True), ["5.3 ***", "R/S", "0.0 ***"]),
        (([], ["0.0"], True), ["0.0 ***"]),  # the calculator passes: 0.0, and no R/S
        ((["6", ".", "4", "B"], ["6.4"], False), ["6.4 B"]),
        ((["R/S"], ["0.0"], False), ["R/S"]),  # the player passes
    ]
    for (keys, displays, by_machine), expected in cases:
        tape = Tape()
        print_turn(tape, keys, displays, by_machine=by_machine)  # type: ignore[arg-type]
        assert tape.lines == expected


async def test_command_palette_runs_the_screen_commands() -> None:
    from textual.command import CommandPalette

    app = app_with()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot)
        await type_keys(pilot, "ctrl+p")
        await wait_until(pilot, lambda: isinstance(app.screen, CommandPalette))
        await type_keys(pilot, *"toggle inspector")
        await wait_until(pilot, lambda: "toggle inspector" in flat(app).lower() and "HP-67: toggle inspector" in flat(app))
        await type_keys(pilot, "enter")
        await wait_until(pilot, lambda: app.screen is screen and screen.inspecting, what="the inspector open")


async def test_program_coordinates_number_rows_from_the_bottom() -> None:
    app = app_with()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot)
        await type_keys(pilot, "c")
        await wait_until(pilot, lambda: screen_text(app).splitlines()[1].split()[:8] == list("12345678"), what="the coordinates")
        lines = screen_text(app).splitlines()
        assert lines[1].split()[:8] == list("12345678")
        labels = [line.split()[0] for line in lines[3:19:2]]
        assert labels == list("87654321")  # the program's 6.4 is d3: row 6 is the third from the top
        assert "d3 = 6.4" in screen_text(app)


async def test_help_lists_the_arrow_keys_with_the_inspector_open_or_closed() -> None:
    """The inspector's listing follows the step by itself and must not take the arrows from the board."""
    from arcade.screens.help import keys_markdown

    app = app_with()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SideDialog))
        await type_keys(pilot, "w")
        await wait_until(pilot, lambda: isinstance(app.screen, HP67OthelloScreen))
        screen = app.screen
        for _ in range(2):  # closed, then open
            cursor_row = next(line for line in keys_markdown(screen).splitlines() if "`h`" in line)
            assert "`←`" in cursor_row or "`left`" in cursor_row, cursor_row
            before = screen.query_one(OthelloBoard).cursor
            await type_keys(pilot, "left")
            assert screen.query_one(OthelloBoard).cursor == before - 1
            await type_keys(pilot, "i")


async def test_the_machine_is_built_in_the_worker_after_the_first_frame() -> None:
    """The launch shows the board before any machine exists; a move before then is refused in words,
    and the first new game builds the session (in the worker) and plays on it."""
    built = CountedFakeDriver.built
    built.clear()
    app = app_with(CountedFakeDriver)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SideDialog), what="the side question")
        screen = app.screen_stack[-2]
        assert isinstance(screen, HP67OthelloScreen)
        assert built == []  # the first frame and the question came without a machine
        assert Position.initial().at(parse("d4")) is screen.view.cells[parse("d4")]
        screen.turns.person_plays(parse("d3"))
        assert "Starting the HP-67" in screen.message
        assert built == [] and screen.session.summary() == "no game yet"
        await type_keys(pilot, "w")
        await settle(pilot, screen)
        assert len(built) == 1 and hosted(screen).driver is built[0]
        assert screen.view.phase.name == "TURN"
        screen.turns.person_plays(parse("d3"))
        await settle(pilot, screen)
        assert screen.view.moves_played >= 1


def test_a_register_name_and_its_number_never_touch_however_long_the_number() -> None:
    """Issue 13's look: "R1-1.234567891-12" read as one word; each name is followed by a space."""
    import re
    from types import SimpleNamespace

    from arcade.screens.hp67_othello.inspector import machine_lines
    from arcade.widgets.ti57 import register_lines

    long = "-1.234567891-12"
    view = SimpleNamespace(t=long, z=long, y=long, x=long, last_x=long, pc=7, steps=1234, flags=(True, False, False, True),
                           registers={**{str(n): long for n in range(10)}, **{k: long for k in "ABCDEI"}})
    text = machine_lines(view, {}).plain
    for name in ("T", "Z", "Y", "X", "LSTX", *(f"R{n}" for n in range(10)), "RA", "RB", "RC", "RD", "RE", "RI"):
        assert re.search(rf"(^|\s){name} +{re.escape(long)}", text, re.M), (name, text)
    assert "F0 1  F1 0  F2 0  F3 1" in text
    ti57 = register_lines([long] * 8, ["x"] * 8, hidden=(2,)).plain
    assert all(f"R{n} " in ti57 for n in range(8)) and "R2 (hidden)" in ti57 and "R0 -1.2" in ti57
