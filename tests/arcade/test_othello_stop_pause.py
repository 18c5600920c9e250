"""Esc stops a machine that thinks (at the real machine's speed) and leaves the game before its
move; p pauses: the board and the machine hidden, the machine held.

The games are resumed from a save in today's format where the machine is to move, so its
search starts at once at the real speed (a real HP-67 thinks for minutes).  Nothing here
measures time: each step waits for what it expects, however long a loaded machine takes.
"""

from __future__ import annotations

from arcade.shell.app import ArcadeApp
from arcade.widgets.dialogs import ResumeDialog
from arcade.shell.launcher import LauncherScreen
from arcade.storage.saves import SaveStore
from arcade.screens.othello.screen import OthelloScreen
from arcade.widgets.dialogs import SideDialog
from games.othello.referee import parse
from tests.arcade.helpers import flat, screen_text, settle, shown_board, type_keys, wait_until
from tests.arcade.othello_helpers import hosted, reload, comparable, save_machine_to_move, view_rows


async def resumed_thinking(pilot) -> OthelloScreen:  # noqa: ANN001
    app = pilot.app
    await wait_until(pilot, lambda: isinstance(app.screen, ResumeDialog))
    await type_keys(pilot, "r")
    await wait_until(pilot, lambda: isinstance(app.screen, OthelloScreen) and app.screen.job_kind == "machine",
                     what="the machine thinking")
    screen = app.screen
    assert screen.busy and screen.view.machine_to_move and not screen.instant
    return screen


def progress_shown(app: ArcadeApp) -> bool:
    text = screen_text(app)
    return "step " in text or "of a real CPC" in text


async def esc_stops_the_machine(game: str) -> None:
    kept = save_machine_to_move(game, instant=False)
    app = ArcadeApp(game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await resumed_thinking(pilot)
        await wait_until(pilot, lambda: progress_shown(app), what="the machine's progress")
        await type_keys(pilot, "escape")
        await settle(pilot, screen)
        assert screen.turns.machine_stopped  # the machine is back before its move, and it says so
        assert comparable(hosted(screen).driver.snapshot()) == comparable(kept)
        assert len(hosted(screen).driver.history) == 1 and hosted(screen).driver.machine_to_move
        assert isinstance(app.screen, OthelloScreen)  # Esc stopped the machine; it did not leave the game
        assert "g: think again" in flat(app) and "g lets the" in flat(app)
        assert shown_board(app) == hosted(screen).driver.position.rows()
        assert not progress_shown(app)  # no stale progress once it stopped (issue 13)
        await type_keys(pilot, "g")  # let it think again: now at instant speed, it finishes
        # the view, not the driver, while the machine may run: at real speed the worker first runs the
        # turn at full speed to learn its length, then puts the driver back (its history holds the move
        # for a moment); the view holds it only once it is played
        await wait_until(pilot, lambda: screen.job_kind == "machine" or len(screen.session.view().history) == 2)
        await type_keys(pilot, "s")
        await settle(pilot, screen)
        assert len(hosted(screen).driver.history) == 2 and hosted(screen).driver.human_to_move
        assert shown_board(app) == hosted(screen).driver.position.rows()
        assert not progress_shown(app)  # instant again: no bar left over
        await type_keys(pilot, "escape")  # idle: back to the launcher
        await wait_until(pilot, lambda: isinstance(app.screen, LauncherScreen))


async def test_esc_stops_the_hp67_search_at_real_speed() -> None:
    await esc_stops_the_machine("hp67-othello")


async def test_esc_stops_the_cpc_at_real_speed() -> None:
    await esc_stops_the_machine("lazard-othello")


async def test_pause_hides_the_board_and_holds_the_machine() -> None:
    save_machine_to_move("hp67-othello", instant=False)
    app = ArcadeApp(game="hp67-othello")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await resumed_thinking(pilot)
        await wait_until(pilot, lambda: progress_shown(app))
        await type_keys(pilot, "p")
        assert screen.paused and "Paused" in screen_text(app)
        await wait_until(pilot, lambda: not screen.query_one("#board").region.area)
        assert shown_board(app) == [] and not screen.query_one("#calculator").region.area  # both hidden
        await wait_until(pilot, lambda: screen.job_held, what="the machine holding")
        machine = hosted(screen).driver.machine  # type: ignore[attr-defined]
        held = machine.steps
        for _ in range(20):  # the app runs on; the machine holds
            await pilot.pause()
        assert machine.steps == held and screen.job_held
        await type_keys(pilot, "enter", "u")  # the board's keys do nothing while paused
        assert screen.paused and len(hosted(screen).driver.history) == 1 and screen.busy
        await type_keys(pilot, "p")
        assert not screen.paused
        await wait_until(pilot, lambda: shown_board(app) == view_rows(screen.session.view()))  # the machine runs on
        await type_keys(pilot, "s")
        await settle(pilot, screen)
        assert len(hosted(screen).driver.history) == 2


async def test_esc_while_the_hp67_records_the_players_move_takes_the_move_back() -> None:
    app = ArcadeApp(game="hp67-othello")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SideDialog))
        await type_keys(pilot, "w")
        screen = app.screen
        await settle(pilot, screen)
        before = comparable(hosted(screen).driver.snapshot())
        await type_keys(pilot, "s", "enter")  # real speed: the calculator takes half a minute to record d3
        await wait_until(pilot, lambda: "records your move" in flat(app))
        assert screen.busy
        await type_keys(pilot, "escape")
        await settle(pilot, screen)
        assert comparable(hosted(screen).driver.snapshot()) == before and hosted(screen).driver.history == []
        assert "your move was taken back" in flat(app)
        assert shown_board(app) == hosted(screen).driver.position.rows()
        assert not progress_shown(app)
        await type_keys(pilot, "s", "enter")  # and the same move can be played again
        await settle(pilot, screen)
        assert len(hosted(screen).driver.history) == 2


async def test_esc_during_the_cpc_reply_keeps_the_players_move_recorded_and_saved() -> None:
    """The player's move and the machine's reply are one job: the move is shown and saved as
    soon as the CPC has recorded it, and Esc during the reply stops only the reply."""
    app = ArcadeApp(game="lazard-othello")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SideDialog))
        await type_keys(pilot, "w")
        screen = app.screen
        await settle(pilot, screen)
        await type_keys(pilot, "s")  # real CPC speed: the reply takes seconds, recording the move less
        await wait_until(pilot, lambda: not screen.instant)
        before = hosted(screen).driver.position
        started: list[str] = []
        run_request = screen.run_request
        screen.run_request = lambda kind, *a, **kw: (started.append(kind), run_request(kind, *a, **kw))[1]  # type: ignore[method-assign]
        await type_keys(pilot, "enter")  # d3, the cursor's first square
        await wait_until(pilot, lambda: screen.job_kind == "machine", what="the CPC answering")
        assert started == ["person"] and screen.busy  # one job: no end and new start between the two
        assert len(screen.session.view().history) == 1

        def moves_saved() -> int:
            saved = SaveStore().load("lazard-othello")
            return -1 if saved is None else len(saved["moves"])

        await wait_until(pilot, lambda: moves_saved() == 1, what="the move saved before the reply ends")
        assert screen.job_kind == "machine"
        assert shown_board(app) == before.play(parse("d3")).rows()
        await type_keys(pilot, "escape")
        await settle(pilot, screen)
        assert "the CPC is back before its move" in flat(app)
        assert len(hosted(screen).driver.history) == 1 and hosted(screen).driver.machine_to_move
        assert shown_board(app) == hosted(screen).driver.position.rows()
        assert moves_saved() == 1
        await type_keys(pilot, "s", "g")  # instant again, and let it answer
        await wait_until(pilot, lambda: not screen.busy and len(screen.session.view().history) == 2)
        assert shown_board(app) == hosted(screen).driver.position.rows()
