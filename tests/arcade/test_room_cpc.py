"""The CPC room through the app: typed keys reach the Ready prompt, the machine runs in its
worker, Esc stops a runaway.  Every wait is on a condition."""

from __future__ import annotations

from pathlib import Path

from arcade.shell.app import ArcadeApp
from arcade.screens.room.cpc import CpcRoomScreen
from arcade.widgets.cpc_screen import CpcScreen
from tests.arcade.helpers import flat, type_keys, wait_until


def cpc_text(screen: CpcRoomScreen) -> str:
    return screen.query_one(CpcScreen).view.text


async def type_line(pilot, text: str) -> None:  # noqa: ANN001
    await type_keys(pilot, *[{" ": "space", '"': "quotation_mark"}.get(ch, ch) for ch in text], "enter")


async def test_type_a_line_run_it_and_stop_a_runaway(arcade_data_dir: Path) -> None:
    app = ArcadeApp(game="cpc-room")
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, CpcRoomScreen))
        screen = app.screen
        assert isinstance(screen, CpcRoomScreen)
        await type_line(pilot, "10 PRINT 2+2")
        await type_line(pilot, "RUN")
        await wait_until(pilot, lambda: cpc_text(screen).endswith("RUN\n 4\nReady"), what="RUN printed 4")
        await type_line(pilot, "10 GOTO 10")
        await type_line(pilot, "RUN")
        await wait_until(pilot, lambda: screen.room_view.running and screen.room_view.statements > 10_000,
                         what="the runaway runs")
        await wait_until(pilot, lambda: "Running" in flat(app), what="the room says it runs")
        await type_keys(pilot, "escape")
        await wait_until(pilot, lambda: cpc_text(screen).endswith("Break in 10\nReady"), what="Esc broke in")
        await type_line(pilot, "CAT")
        await wait_until(pilot, lambda: "OTHELLO .BAS" in cpc_text(screen), what="the disc's catalogue")
        assert (arcade_data_dir / "cpc-disc" / "OTHELLO.BAS").is_file()


async def test_a_tall_terminal_shows_the_cpc_in_the_middle_and_its_disc_folder_whole(arcade_data_dir: Path) -> None:
    """At 120x40 the monitor is not pinned under the header; the disc folder breaks only after a '/'."""
    from tests.arcade.helpers import screen_text

    app = ArcadeApp(game="cpc-room")
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, CpcRoomScreen) and "Ready" in cpc_text(app.screen))
        room = app.screen.query_one("#room").region
        above, below = room.y - 1, 40 - 1 - room.bottom
        assert above >= 3 and abs(below - above) <= 1, (above, below)
        info = app.screen.query_one("#room-info").region
        lines = [line[info.x : info.right].strip() for line in screen_text(app).splitlines()[info.y : info.bottom]]
        start = lines.index("Disc: a folder,") + 1
        folder = lines[start : lines.index("", start)]
        assert "".join(folder) == f"{arcade_data_dir / 'cpc-disc'}/" and all(line.endswith("/") for line in folder)


async def test_at_80x24_the_cpc_panel_shows_it_scrolls_when_its_25_rows_do_not_fit(arcade_data_dir: Path) -> None:
    """Before: at 80x24 the CPC room's monitor lost rows (the top 3 once the cursor went down) and
    nothing said so.  The panel follows the cursor and marks the rows hidden: ▲ above, ▼ below."""
    from tests.arcade.helpers import screen_text

    app = ArcadeApp(game="cpc-room")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, CpcRoomScreen))
        screen = app.screen
        monitor = screen.query_one(CpcScreen)
        await wait_until(pilot, lambda: "Ready" in cpc_text(screen), what="Ready")

        def panel() -> list[str]:
            lines = screen_text(app).splitlines()
            return [lines[y][monitor.region.x :] for y in range(monitor.region.y, monitor.region.bottom)]

        assert monitor.size.height < 25  # the 25 rows cannot all fit here
        await wait_until(pilot, lambda: panel()[-1].startswith("▼"), what="rows hidden below")
        assert not panel()[0].startswith("▲")
        for _ in range(25):  # empty lines: the cursor goes down to the CPC's last row
            await type_keys(pilot, "enter")
        await wait_until(pilot, lambda: panel()[0].startswith("▲"), what="rows hidden above")
        assert not panel()[-1].startswith("▼")


async def test_at_100x32_the_match_screen_holds_the_cpcs_25_rows_whole() -> None:
    from arcade.screens.match.app import MatchApp

    app = MatchApp(games=1, autostart=False, instant=True)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_until(pilot, lambda: bool(app.screen.query(CpcScreen)), what="the match screen")
        monitor = app.screen.query_one(CpcScreen)
        await wait_until(pilot, lambda: monitor.size.height > 0, what="laid out")
        assert monitor.visible_rows(monitor.size.height) == range(25)
        assert monitor.region.bottom <= 31  # above the footer's row


async def test_f9_resets_a_program_that_turned_esc_off(arcade_data_dir: Path) -> None:
    """ON BREAK CONT makes Esc do nothing; the room's reset (the CPC's Ctrl+Shift+Esc) ends
    the program and clears the machine; the prompt then works as after switching on."""
    app = ArcadeApp(game="cpc-room")
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, CpcRoomScreen))
        screen = app.screen
        assert isinstance(screen, CpcRoomScreen)
        await type_line(pilot, "10 ON BREAK CONT")
        await type_line(pilot, "20 PRINT 7;:GOTO 20")
        await type_line(pilot, "RUN")
        await wait_until(pilot, lambda: screen.room_view.running and screen.room_view.statements > 5_000,
                         what="the program runs")
        await type_keys(pilot, "escape")
        seen = screen.room_view.statements
        await wait_until(pilot, lambda: screen.room_view.statements > seen + 5_000, what="Esc ignored")
        assert screen.room_view.running
        assert any(b.id == "room.reset" and b.description for b in screen.BINDINGS)
        await type_keys(pilot, "f9")
        await wait_until(pilot, lambda: not screen.room_view.running and screen.room_view.lines == 0,
                         what="the reset ended the program")
        assert cpc_text(screen).startswith(" Amstrad 128K Microcomputer")
        await type_line(pilot, "PRINT 2+2")
        await wait_until(pilot, lambda: cpc_text(screen).endswith("PRINT 2+2\n 4\nReady"), what="a fresh prompt")
