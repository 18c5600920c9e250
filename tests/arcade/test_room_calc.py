"""The calculator rooms on screen: keys typed and clicked reach the machine, a runaway
program runs in a worker and Esc stops it while the screen answers (waits are on conditions)."""

from __future__ import annotations

from arcade.runtime.textual_compat import notifications
from arcade.shell.app import ArcadeApp
from arcade.screens.room.hp67 import HP67RoomScreen
from arcade.screens.room.ti57 import TI57RoomScreen
from arcade.widgets.keyboard import CalcKey

from .helpers import busy, click, flat, room_model, screen_text, type_keys, wait_until


async def test_hp67_room_keys_a_program_runs_it_and_stops_a_runaway() -> None:
    app = ArcadeApp(game="hp67-room")
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HP67RoomScreen), what="the room opens")
        screen = app.screen
        await type_keys(pilot, "w", "f")
        await wait_until(pilot, lambda: "▸f◂" in flat(app), what="the pending prefix is lit")
        await type_keys(pilot, "right", "a", "1", "+", "h", "t")
        await wait_until(pilot, lambda: "004 35 22" in flat(app), what="RTN keyed at step 004")
        await type_keys(pilot, "w", "5", "a")
        await wait_until(pilot, lambda: "6.00" in flat(app) and not screen.busy, what="5 + 1 computed")
        # a program that never stops: LBL B GTO B
        await type_keys(pilot, "w", "f", "right", "b", "t", "b", "w")
        key_b = next(k for k in screen.query(CalcKey) if k.key_name == "B")
        await click(pilot, key_b)  # the mouse presses a drawn key
        await wait_until(pilot, lambda: screen.busy and "running…" in flat(app), what="the program runs")
        await type_keys(pilot, "escape")
        await wait_until(pilot, lambda: not screen.busy and "stopped at step" in screen.view_now.message, what="Esc stops it")


async def test_ti57_room_opens_the_wolf_listing_and_pauses() -> None:
    app = ArcadeApp(game="ti57-room")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TI57RoomScreen), what="the room opens")
        screen = app.screen
        await type_keys(pilot, "ctrl+o")
        await wait_until(pilot, lambda: "Wolf and lambs" in flat(app), what="the listing choice")
        await type_keys(pilot, "2")
        await wait_until(pilot, lambda: "50 steps loaded" in screen.view_now.message, what="the wolf's listing loaded")
        await type_keys(pilot, "l")
        display = screen.query_one("#display")
        first = room_model(screen).machine.program.steps[0].code_text
        await wait_until(pilot, lambda: display.text == f"00 {first}" or display.text == f"00  {first}", what="LRN shows step 00 and its code")
        await type_keys(pilot, "f", "g", "1", "+", "1", "=", "f", "p", "t", "1", "l", "z", "space")
        await wait_until(pilot, lambda: screen.view_now.paused and "PAUSE" in flat(app), what="a Pause shows the display")  # the wolf's first steps, rewritten in LRN, run
        await type_keys(pilot, "escape")
        await wait_until(pilot, lambda: not screen.busy, what="Esc stops the program")


def key_rows_text(screen: HP67RoomScreen | TI57RoomScreen) -> list[str]:
    """The drawn keyboard's rows as the terminal shows them (the machine column only)."""
    board = screen.query_one("#keyboard").region
    lines = screen_text(screen.app).splitlines()
    return [lines[y][board.x : board.right] for y in range(board.y, board.bottom) if y < len(lines)]


async def test_at_80x24_every_key_label_is_whole_and_the_key_list_wraps_between_entries() -> None:
    """Issue 13: the rooms' keyboards cut labels ("GSBf…") and their key lists broke inside an entry."""
    for game, room in (("hp67-room", HP67RoomScreen), ("ti57-room", TI57RoomScreen)):
        app = ArcadeApp(game=game)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, room), what="the room opens")
            screen = app.screen
            await wait_until(pilot, lambda: screen.query_one("#keys").size.width > 0, what="laid out")
            rows = key_rows_text(screen)
            drawn = " ".join(rows)
            assert "…" not in screen_text(app)
            for row in screen.KEYBOARD:
                for face in row:
                    assert face.face in drawn, face
                    for legend in filter(None, face.shifted):  # whole, on one line of the drawing
                        assert any(legend in line for line in rows), (legend, rows)
            keys = screen.query_one("#keys").region
            lines = screen_text(app).splitlines()
            listed = [lines[y][keys.x : keys.right].strip() for y in range(keys.y, keys.bottom)]
            assert listed[0] == "Terminal keys"
            for entry in screen.HINT:  # each entry whole on a line, between two-space gaps
                assert any(f"  {entry}  " in f"  {line}  " for line in listed), (entry, listed)
            assert keys.bottom <= 23  # above the footer: the whole list is on screen


async def test_a_tall_terminal_shows_the_calculator_in_the_middle() -> None:
    app = ArcadeApp(game="hp67-room")
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HP67RoomScreen), what="the room opens")
        room = app.screen.query_one("#room").region
        above, below = room.y - 1, 40 - 1 - room.bottom
        assert above >= 3 and abs(below - above) <= 1, (above, below)
        assert app.screen.query_one("#keyboard").region.bottom <= room.bottom


async def test_hp67_cards_written_and_read_through_the_dialog_and_refused_while_running() -> None:
    from arcade.screens.room.hp67 import CardDialog

    app = ArcadeApp(game="hp67-room")
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HP67RoomScreen), what="the room opens")
        screen = app.screen
        await type_keys(pilot, "w", "f", "right", "b", "t", "b", "w")  # LBL B GTO B: a program that never stops
        await type_keys(pilot, "k")
        await wait_until(pilot, lambda: isinstance(app.screen, CardDialog), what="the card reader")
        await type_keys(pilot, *"loop")
        await click(pilot, "#program")
        await wait_until(pilot, lambda: "loop" in room_model(screen).card_names(), what="the card written")
        await type_keys(pilot, "k")
        await wait_until(pilot, lambda: isinstance(app.screen, CardDialog), what="the card reader again")
        assert "loop" in flat(app)  # the cards known so far
        await type_keys(pilot, *"loop", "enter")  # Enter: read
        await wait_until(pilot, lambda: app.screen is screen, what="back in the room")
        await wait_until(pilot, lambda: "loop" in screen.view_now.message, what="the card read (in a thread)")
        key_b = next(k for k in screen.query(CalcKey) if k.key_name == "B")
        await click(pilot, key_b)
        await wait_until(pilot, lambda: screen.busy, what="the program runs")
        await type_keys(pilot, "k")
        await wait_until(pilot, lambda: any("Stop the program first" in n.message for n in notifications(app)),
                         what="the refusal")
        assert app.screen is screen
        await type_keys(pilot, "escape")
        await wait_until(pilot, lambda: not screen.busy, what="Esc stops it")


async def test_hp67_room_upper_case_keys_esc_clears_a_prefix_and_help_has_no_way_back_to_a_game() -> None:
    """Before: ``A``-``E`` did nothing (only ``a`` pressed A), Esc with ``f`` pending left the room, and
    help offered "f10 Back to the game" in a room opened from the launcher."""
    from arcade.screens.help import HelpScreen

    app = ArcadeApp(game="hp67-room")
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HP67RoomScreen), what="the room opens")
        screen = app.screen
        assert "A-E (a-e) A-E" in flat(app) and "f A-E labels a-e" in flat(app)
        await type_keys(pilot, "w", "f", "right", "A")  # LBL A
        await wait_until(pilot, lambda: screen.view_now.mnemonic == "*LBL A", what="LBL A keyed")
        await type_keys(pilot, "g", "right", "B")  # LBL b: the label drawn over B (g LBLf B)
        await wait_until(pilot, lambda: screen.view_now.mnemonic == "*LBL b", what="LBL b keyed")
        await type_keys(pilot, "t", "f", "C")  # GTO c
        await wait_until(pilot, lambda: screen.view_now.mnemonic == "GTO c", what="GTO c keyed")
        await type_keys(pilot, "f")
        await wait_until(pilot, lambda: screen.view_now.prefix == "f" and "▸f◂" in flat(app), what="f pending")
        await type_keys(pilot, "escape")  # the prefix goes, the room stays
        await wait_until(pilot, lambda: screen.view_now.prefix == "" and "▸f◂" not in flat(app), what="the prefix gone")
        assert app.screen is screen
        await type_keys(pilot, "question_mark")
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen), what="help")
        assert "Stop / back" in flat(app) and "Back to the game" not in flat(app)
        await type_keys(pilot, "escape")
        await wait_until(pilot, lambda: app.screen is screen, what="help closed")
        await type_keys(pilot, "escape")  # nothing pending: Esc leaves
        await wait_until(pilot, lambda: app.screen is not screen, what="the launcher")


async def test_ti57_room_opens_a_games_listing_on_a_clear_display_and_the_notebook_lists_only_the_steps_used(
        tmp_path, monkeypatch) -> None:  # noqa: ANN001
    """Before: a listing copied into the notebook ran to step 49 with every trailing 00, and the display
    of what was computed stayed beside a game's program opened next."""
    import arcade.screens.room.ti57 as ti57_room
    from arcade.screens.room.ti57 import NotebookDialog
    from machines.ti57 import parse_listing

    monkeypatch.setattr(ti57_room, "notebook_dir", lambda: tmp_path)
    app = ArcadeApp(game="ti57-room")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TI57RoomScreen), what="the room opens")
        screen = app.screen
        display = screen.query_one("#display")
        await type_keys(pilot, "l", "5", "+", "3", "=", "space", "l")  # a program of five steps, 00-04 (R/S)
        await type_keys(pilot, "z", "space")  # RST, R/S: it runs
        await wait_until(pilot, lambda: not screen.busy and display.text.strip().rstrip(".") == "8", what="5 + 3")
        program = room_model(screen).machine.program
        await type_keys(pilot, "k")
        dialog = await wait_until_screen(pilot, NotebookDialog)
        await type_keys(pilot, *"sum")
        await click(pilot, dialog.query_one("#save"))
        await wait_until(pilot, lambda: (tmp_path / "sum.txt").is_file(), what="the notebook's file")
        text = (tmp_path / "sum.txt").read_text(encoding="utf-8")
        steps = [line for line in text.splitlines() if line and not line.startswith("#")]
        assert [line.split()[0] for line in steps] == ["00", "01", "02", "03", "04"], text
        assert "# steps 05-49: 00" in text
        assert parse_listing(text).steps == program.steps  # the 00s come back as unlisted steps
        await type_keys(pilot, "ctrl+o")
        await wait_until(pilot, lambda: "Blind duel" in flat(app), what="the listing choice")
        await type_keys(pilot, "1")
        await wait_until(pilot, lambda: "steps loaded" in screen.view_now.message, what="the duel's listing")
        assert display.text.strip().rstrip(".") == "0" and "just switched on" in screen.view_now.message


async def wait_until_screen(pilot, kind: type):  # noqa: ANN001, ANN201
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, kind), what=kind.__name__)
    return pilot.app.screen


async def test_ti57_room_hangs_as_the_real_one_says_so_and_o_switches_it_off_and_on() -> None:
    """Before: 1 EE 90 +/- x 0 = left a dark display and every key silently ignored, no way out but leaving;
    a program that hung kept the host running it for ever."""
    from games.workshop.ti57_room import HUNG

    app = ArcadeApp(game="ti57-room")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TI57RoomScreen), what="the room opens")
        screen = app.screen
        display = screen.query_one("#display")

        def said() -> str:  # the room's message, in the state panel beside the keyboard
            return " ".join(str(screen.query_one("#state-text").content).split())

        await type_keys(pilot, "7", "s", "3", "1", "e", "9", "0", "n", "*", "0", "=")
        await wait_until(pilot, lambda: screen.view_now.hung, what="the TI-57 hangs")
        assert display.text == "" and "o Off/on" in flat(app) and "HUNG" in flat(app)
        assert said().endswith(f"{HUNG} with o.")  # one sentence: what happened, what to do
        await type_keys(pilot, "5", "c")  # no key is read
        await wait_until(pilot, lambda: not busy(screen), what="the keys answered")
        assert display.text == "" and screen.view_now.hung
        await type_keys(pilot, "o")
        await wait_until(pilot, lambda: not screen.view_now.hung, what="switched off and on")
        assert display.text.strip() == "0" and "program and registers are lost" in said()
        assert room_model(screen).machine.register(3) == 0
        # a program that hangs ends its run: the room answers, o brings the TI-57 back
        await type_keys(pilot, "l", "1", "e", "9", "0", "n", "*", "0", "=", "space", "l", "z", "space")
        await wait_until(pilot, lambda: screen.view_now.hung and not busy(screen), what="the program hangs")
        assert said().endswith(f"{HUNG} with o.") and "running…" not in flat(app)
        await type_keys(pilot, "o")
        await wait_until(pilot, lambda: not screen.view_now.hung and display.text.strip() == "0", what="off and on")
        assert all(step.code == 0 for step in room_model(screen).machine.program.steps)
