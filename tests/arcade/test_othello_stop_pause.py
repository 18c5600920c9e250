"""Esc stops a machine that thinks (within a tenth of a second, at the real machine's speed) and
leaves the game before its move; p pauses: the board and the machine hidden, the machine held.

The games are resumed from a save where the machine is to move, so its search starts at
once at the real speed (a real HP-67 thinks for minutes)."""

from __future__ import annotations

import time

from arcade.app import ArcadeApp
from arcade.launcher import LauncherScreen
from arcade.othello.screen import OthelloScreen
from tests.arcade.helpers import flat, screen_text, settle, shown_board
from tests.arcade.test_othello_saves import comparable, save_machine_to_move


async def resumed_thinking(pilot, game: str) -> OthelloScreen:  # noqa: ANN001
    await pilot.pause(0.2)
    await pilot.press("r")
    screen = pilot.app.screen
    assert isinstance(screen, OthelloScreen)
    await pilot.pause(0.5)
    assert screen.busy and screen.session.driver.machine_to_move and not screen.instant
    return screen


async def esc_stops_the_machine(game: str) -> None:
    kept = save_machine_to_move(game, instant=False)
    app = ArcadeApp(game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await resumed_thinking(pilot, game)
        pressed = time.monotonic()
        await pilot.press("escape")
        await settle(pilot, screen, limit=2)
        assert screen.stopped_at is not None
        took = screen.stopped_at - pressed  # from the key to the machine back before its move, shown
        assert took < 0.1, f"Esc took {took * 1000:.0f} ms"
        assert comparable(screen.session.driver.snapshot()) == comparable(kept)
        assert len(screen.session.driver.history) == 1 and screen.session.driver.machine_to_move
        assert isinstance(app.screen, OthelloScreen)  # Esc stopped the machine; it did not leave the game
        assert "g: think again" in flat(app) and "g lets the" in flat(app)
        assert shown_board(app) == screen.session.driver.position.rows()
        await pilot.press("g")  # let it think again: now at instant speed, it finishes
        await pilot.pause(0.1)
        assert screen.busy
        await pilot.press("s")
        await settle(pilot, screen, limit=10)
        assert len(screen.session.driver.history) == 2 and screen.session.driver.human_to_move
        assert shown_board(app) == screen.session.driver.position.rows()
        await pilot.press("escape")  # idle: back to the launcher
        await pilot.pause(0.2)
        assert isinstance(app.screen, LauncherScreen)


async def test_esc_stops_the_hp67_search_at_real_speed_within_a_tenth_of_a_second() -> None:
    await esc_stops_the_machine("hp67-othello")


async def test_esc_stops_the_cpc_at_real_speed_within_a_tenth_of_a_second() -> None:
    await esc_stops_the_machine("lazard-othello")


async def test_pause_hides_the_board_and_holds_the_machine() -> None:
    save_machine_to_move("hp67-othello", instant=False)
    app = ArcadeApp(game="hp67-othello")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await resumed_thinking(pilot, "hp67-othello")
        machine = screen.session.driver.machine  # type: ignore[attr-defined]
        await pilot.press("p")
        await pilot.pause(0.2)  # the slice under way ends
        assert screen.paused and "Paused" in screen_text(app)
        assert shown_board(app) == [] and not screen.query_one("#board").region.area
        assert not screen.query_one("#calculator").region.area  # the calculator is hidden too
        held = machine.steps
        await pilot.pause(0.6)
        assert machine.steps == held  # no step ran while paused (real speed would run 18)
        await pilot.press("enter", "u")  # the board's keys do nothing while paused
        assert screen.paused and len(screen.session.driver.history) == 1
        await pilot.press("p")
        await pilot.pause(0.6)
        assert not screen.paused and machine.steps > held  # it goes on
        assert shown_board(app) == screen.session.driver.position.rows()
        await pilot.press("s")
        await settle(pilot, screen, limit=10)
        assert len(screen.session.driver.history) == 2


async def test_esc_while_the_hp67_records_the_players_move_takes_the_move_back() -> None:
    app = ArcadeApp(game="hp67-othello")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        await pilot.press("w")
        screen = app.screen
        await settle(pilot, screen)
        before = comparable(screen.session.driver.snapshot())
        await pilot.press("s", "enter")  # real speed: the calculator takes half a minute to record d3
        await pilot.pause(0.5)
        assert screen.busy and "records your move" in flat(app)
        await pilot.press("escape")
        await settle(pilot, screen, limit=2)
        assert comparable(screen.session.driver.snapshot()) == before and screen.session.driver.history == []
        assert "your move was taken back" in flat(app)
        assert shown_board(app) == screen.session.driver.position.rows()
        await pilot.press("s", "enter")  # and the same move can be played again
        await settle(pilot, screen)
        assert len(screen.session.driver.history) == 2
