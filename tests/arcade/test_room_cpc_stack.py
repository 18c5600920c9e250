"""The CPC room through the app: a loop typed at the prompt and broken with Esc leaves
no loop that a program line's NEXT can close (ROM: "Unexpected NEXT in 20"; the machine
rules are in tests/machines/cpc/test_execution_stack.py).  Every wait is on a condition."""

from __future__ import annotations

from pathlib import Path

from arcade.shell.app import ArcadeApp
from arcade.screens.room.cpc import CpcRoomScreen
from tests.arcade.helpers import type_keys, wait_until
from tests.arcade.test_room_cpc import cpc_text, type_line


async def test_a_typed_loop_broken_then_goto_a_program_next_is_unexpected_next(arcade_data_dir: Path) -> None:
    app = ArcadeApp(game="cpc-room")
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, CpcRoomScreen) and "Ready" in cpc_text(app.screen))
        screen = app.screen
        assert isinstance(screen, CpcRoomScreen)
        await type_line(pilot, '10 PRINT "ten"')
        await type_line(pilot, "20 NEXT")
        await type_line(pilot, "FOR I=1 TO 1E9:NEXT")
        await wait_until(pilot, lambda: screen.room_view.running and screen.room_view.statements > 10_000,
                         what="the typed loop runs")
        await type_keys(pilot, "escape")
        await wait_until(pilot, lambda: cpc_text(screen).endswith("NEXT\nBreak\nReady"), what="Esc broke the loop")
        await type_line(pilot, "GOTO 20")
        await wait_until(pilot, lambda: cpc_text(screen).endswith("GOTO 20\nUnexpected NEXT in 20\nReady"),
                         what="the program's NEXT closes no loop")
