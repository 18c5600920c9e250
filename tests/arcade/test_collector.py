"""The garbage collector held while the arcade starts, let go after its first frame (``arcade/runtime/collector.py``)."""

from __future__ import annotations

import gc

from arcade.runtime import collector
from arcade.shell.app import ArcadeApp
from arcade.shell.launcher import LauncherScreen
from tests.arcade.helpers import frame_drawn, wait_for_screen, wait_until


async def test_the_collector_resumes_after_the_first_frame_with_the_start_frozen() -> None:
    assert gc.isenabled() and not collector.held()
    collector.hold()
    try:
        assert not gc.isenabled() and collector.held()
        app = ArcadeApp()
        async with app.run_test(size=(100, 32)) as pilot:
            await wait_until(pilot, gc.isenabled, what="the collector resumed")
            assert not collector.held()
            assert gc.get_freeze_count() > 10_000  # the app's objects, out of later collections
    finally:
        gc.unfreeze()
        gc.enable()


async def test_an_app_not_started_by_the_command_line_leaves_the_collector_alone() -> None:
    frozen = gc.get_freeze_count()
    app = ArcadeApp()
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for_screen(pilot, LauncherScreen)
        await frame_drawn(pilot)  # its first frame: where an app started by the command line lets the collector go
    assert gc.isenabled() and gc.get_freeze_count() == frozen
