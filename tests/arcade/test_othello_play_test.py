"""Issue 13's Othello findings, each played as a player found it (real machines, 80x24)."""

from __future__ import annotations

import pytest

from arcade.runtime.textual_compat import notifications
from arcade.shell.app import ArcadeApp
from arcade.screens.hp67_othello.screen import HP67OthelloScreen
from arcade.screens.lazard_othello.screen import LazardOthelloScreen
from arcade.screens.othello.screen import OthelloScreen
from arcade.widgets.board import OthelloBoard
from arcade.widgets.dialogs import MessageLog, SideDialog
from arcade.widgets.words import said_path
from games.othello.referee import parse
from tests.arcade.othello_helpers import hosted, reload
from tests.arcade.helpers import flat, move_cursor_to, screen_text, settle, shown_board, type_keys, wait_until


async def started(pilot, side: str = "w") -> OthelloScreen:  # noqa: ANN001
    app = pilot.app
    await wait_until(pilot, lambda: isinstance(app.screen, SideDialog))
    await type_keys(pilot, side)
    screen = app.screen
    assert isinstance(screen, OthelloScreen)
    await settle(pilot, screen)
    return screen


def message_area(app: ArcadeApp) -> str:
    """The words of the message area as the terminal shows them, on one line."""
    screen = app.screen
    widget = next(w for w in screen.query(".message") if w.region.area)
    lines = screen_text(app).splitlines()[widget.region.y: widget.region.bottom]
    return " ".join(" ".join(line[widget.region.x: widget.region.right].split()) for line in lines).strip()


async def test_every_message_reads_whole_at_80x24() -> None:
    app = ArcadeApp(game="hp67-othello")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        board = screen.query_one(OthelloBoard)
        await move_cursor_to(pilot, board, parse("a1"))
        await type_keys(pilot, "enter")  # the longest refusal, the table's answer to the square pressed
        await wait_until(pilot, lambda: screen.message.startswith("Illegal") and message_area(app) == screen.message)
        assert screen.message == ("Illegal: a1 (8.1) turns no disc over: a move must outflank at least one white disc.")
        await type_keys(pilot, "x")
        await wait_until(pilot, lambda: screen.saves.exported is not None)
        path = screen.saves.exported
        assert screen.message == f"Moves written to {path.name}, beside the saves in {said_path(path.parent)}"
        shown = message_area(app)  # the name whole; a long folder ends with a pointer to the log
        assert shown == screen.message or (path.name in shown and shown.endswith("(L: all of it)")), shown
        toast = next(n.message for n in notifications(app) if n.title == "Export").splitlines()
        assert path.name in toast and "in the folder" in toast, toast  # the export's toast: name and folder apart
        await type_keys(pilot, "s")  # real speed, then d3
        await move_cursor_to(pilot, board, parse("d3"))
        await type_keys(pilot, "enter")
        await wait_until(pilot, lambda: "records your move" in flat(app))
        await type_keys(pilot, "escape")
        await settle(pilot, screen)
        assert message_area(app) == screen.message
        assert screen.message == "Stopped: your move was taken back; the HP-67 is as before it. Play again."
        await type_keys(pilot, "L")  # every message again, whole, in a log
        await wait_until(pilot, lambda: isinstance(app.screen, MessageLog))
        log = app.screen  # it opens on the newest message; the older ones scroll above
        await wait_until(pilot, lambda: "the HP-67 is as before it" in flat(app), what="the newest message")
        assert any(m.endswith("a move must outflank at least one white disc.") for m in log.messages)
        assert f"Moves written to {path.name}, beside the saves in {said_path(path.parent)}" in log.messages
        await type_keys(pilot, "escape")
        await wait_until(pilot, lambda: app.screen is screen)


async def test_lazard_typing_hint_reads_whole() -> None:
    app = ArcadeApp(game="lazard-othello")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        await type_keys(pilot, "t")
        assert isinstance(screen, LazardOthelloScreen) and screen.typing
        assert message_area(app) == screen.message
        assert screen.message == "Type as on the CPC: a letter, RETURN, a digit, RETURN (O O passes)."


@pytest.mark.parametrize("size", [(80, 24), (100, 32)])
async def test_lazard_typing_says_the_keys_go_to_the_cpc_and_the_footer_offers_only_its_keys(
        size: tuple[int, int]) -> None:
    """Before: in typing mode the footer still offered the board's keys (Play, New, Hints...), and
    the message ran into the CPC's frame."""
    app = ArcadeApp(game="lazard-othello")
    async with app.run_test(size=size) as pilot:
        screen = await started(pilot)
        footer = lambda: screen_text(app).splitlines()[-1]  # noqa: E731
        assert "Play" in footer() and "t Type on CPC" in footer()
        await type_keys(pilot, "t")
        await wait_until(pilot, lambda: "Leave the CPC" in footer(), what="the CPC's keys in the footer")
        assert "esc Leave the CPC (back to the board)" in footer() and "RETURN on the CPC" in footer()
        for board_key in ("Play", "New", "Hints", "Type on CPC", "Speed"):
            assert board_key not in footer(), footer()
        assert "Keys go to the CPC. Esc: the board" in flat(app)
        cpc = screen.query_one("#cpc").region
        area = next(w for w in screen.query(".message") if w.region.area).region
        lines = screen_text(app).splitlines()
        if area.y < cpc.bottom and area.right >= cpc.x:  # beside the CPC's frame: a blank column before it
            assert all(line[area.right - 1 : area.right] in ("", " ") for line in lines[area.y : area.bottom])
        await type_keys(pilot, "escape")
        await wait_until(pilot, lambda: not screen.typing and "Play" in footer(), what="the board's keys again")
        assert isinstance(app.screen, LazardOthelloScreen)  # Esc left the CPC, not the game


async def test_hp67_at_real_speed_shows_your_disc_at_once_and_keeps_the_cursor() -> None:
    app = ArcadeApp(game="hp67-othello")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        assert isinstance(screen, HP67OthelloScreen)
        await type_keys(pilot, "s", "enter")  # d3 at the real HP-67's pace: some 33 s to record it
        await wait_until(pilot, lambda: "records your move" in flat(app))
        # the view, not the driver: at real speed the worker first runs the move at full speed to learn
        # its length (the progress's "n of total") and puts the machine back, so the driver's own
        # history may hold the move for a moment; what the player is shown holds it only at the end
        view = screen.session.view()
        assert screen.busy and view.running == "person" and view.history == ()
        assert shown_board(app)[2] == "...X...."  # your disc is on the board while the HP-67 records it
        assert shown_board(app)[3] == "...XX..."  # and the disc it turns over
        assert "cursor d3 = 6.4" in screen_text(app)
        await type_keys(pilot, "c")  # the headers change at once, busy or not
        lines = screen_text(app).splitlines()
        assert lines[1].split()[:8] == list("12345678") and "Coordinates: the program's row.col." in flat(app)
        await type_keys(pilot, "c")
        assert screen_text(app).splitlines()[1].split()[:8] == list("abcdefgh")
        await wait_until(pilot, lambda: "step " in screen_text(app), what="the progress line")
        await type_keys(pilot, "s")  # back to instant: the move ends at once, and no progress stays behind
        await settle(pilot, screen)
        assert len(hosted(screen).driver.history) == 2
        assert "step " not in screen_text(app) and not screen.query_one("#progress").visible


async def test_ascii_status_line_names_each_side_once() -> None:
    app = ArcadeApp(game="lazard-othello", ascii_glyphs=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot, "b")  # the CPC plays X (Black) and opens
        black, white = hosted(screen).driver.position.score()
        status = screen_text(app).splitlines()
        line = next(row for row in status if " you" in row and " CPC" in row)[:38]  # the left column
        assert f"X {black:>2} CPC" in line and f"O {white:>2} you" in line, line
        assert "X X" not in line and "O O" not in line


async def test_a_tall_terminal_shows_the_game_in_the_middle_not_at_the_top() -> None:
    """At 120x40 the board is not pinned under the header with a third of the screen empty below it."""
    app = ArcadeApp(game="hp67-othello")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await started(pilot)
        board = screen.query_one(OthelloBoard).region
        above = board.y - 1  # rows between the header and the board
        below = 40 - 1 - board.bottom  # rows between the board and the footer
        assert above >= 3 and below - above <= 12, (above, below)


async def test_the_compact_footer_keeps_each_binding_apart_and_help_in_view() -> None:
    """At 80 columns the footer read "⏎ Play n New m Hints": a key and the next binding's were one space apart."""
    app = ArcadeApp(game="hp67-othello")
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        footer = screen_text(app).splitlines()[-1]
        assert footer.startswith("⏎ Play  n New  m Hints  esc Back"), footer
        assert "? Help" in footer  # the palette's "^p palette" gives up its room under 100 columns (Ctrl+P still works)


async def test_a_wide_footer_keeps_the_palette_key() -> None:
    app = ArcadeApp(game="hp67-othello")
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot)
        footer = screen_text(app).splitlines()[-1]
        assert "⏎ Play  n New" in footer and "? Help" in footer and "^p palette" in footer, footer


async def test_the_export_toast_goes_when_the_next_game_asks_its_first_question() -> None:
    """Before: the export's toast (8 s) stayed drawn over the next game's side question."""
    app = ArcadeApp(game="hp67-othello")
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        screen = await started(pilot)
        await type_keys(pilot, "x")
        await wait_until(pilot, lambda: screen.saves.exported is not None, what="the export")
        await wait_until(pilot, lambda: "in the folder" in screen_text(app), what="its toast")
        await type_keys(pilot, "n")
        await wait_until(pilot, lambda: isinstance(app.screen, SideDialog), what="the next game's question")
        await wait_until(pilot, lambda: "which side" in flat(app).lower(), what="the dialog's first frame")  # not the toast's 8 s
        assert "in the folder" not in screen_text(app) and "which side" in flat(app).lower()


async def test_a_warning_toast_stays_over_the_next_game_s_first_question() -> None:
    app = ArcadeApp(game="hp67-othello")
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        screen = await started(pilot)
        await type_keys(pilot, "x")
        await wait_until(pilot, lambda: screen.saves.exported is not None, what="the export")
        app.notify("The game could not be saved: disk full", severity="error", timeout=60)
        await type_keys(pilot, "n")
        await wait_until(pilot, lambda: isinstance(app.screen, SideDialog), what="the next game's question")
        await wait_until(pilot, lambda: "which side" in flat(app).lower(), what="the dialog's first frame")
        assert "disk full" in flat(app) and "in the folder" in screen_text(app)


@pytest.mark.parametrize("size", [(80, 24), (100, 32)])
async def test_the_printer_tape_is_titled_apart_from_the_status_lines_above_it(size: tuple[int, int]) -> None:
    """Before: the tape's lines began right under "Speed: ..." and read as more status lines."""
    from arcade.widgets.tape import PrinterTape

    app = ArcadeApp(game="hp67-othello")
    async with app.run_test(size=size) as pilot:
        screen = await started(pilot)
        tape = screen.query_one("#tape", PrinterTape)
        lines = screen_text(app).splitlines()
        assert "printer tape" in lines[tape.region.y][tape.region.x : tape.region.right]
        first = next(y for y in range(tape.region.y, tape.region.bottom) if "new game" in lines[y])
        assert first > tape.region.y  # the title's row is over the paper's first line
