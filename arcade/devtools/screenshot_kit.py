"""What every screenshot library shares: the size, the settle and cursor helpers, a scratch data directory.

``arcade.devtools.screenshots`` (the command) and its libraries of shots (``arcade.devtools.ti57_screenshots``,
``arcade.devtools.lazard_screenshots``) all import this module, and none imports another's.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

SIZE = (80, 24)


async def cursor_to(pilot, board, square: int) -> None:  # noqa: ANN001 - Pilot and OthelloBoard
    """Walk an Othello board's cursor to ``square`` with the arrow keys."""
    row, col = divmod(board.cursor, 8)
    target_row, target_col = divmod(square, 8)
    keys = ["down" if target_row > row else "up"] * abs(target_row - row)
    keys += ["right" if target_col > col else "left"] * abs(target_col - col)
    if keys:
        await pilot.press(*keys)


async def settle(pilot, screen, tries: int = 500) -> None:  # noqa: ANN001 - Pilot and a game screen
    """Wait until the screen's machine has finished and no worker runs (a machine that never does fails)."""
    for _ in range(tries):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        if not screen.busy and not any(w.is_running for w in pilot.app.workers):
            await pilot.pause(0.05)
            if not screen.busy:
                return
        await pilot.pause(0.02)
    raise TimeoutError("the machine never finished")


@contextmanager
def scratch_data_dir() -> Iterator[Path]:
    """ARCADE_DATA_DIR pointing at a temporary directory for the duration."""
    kept = os.environ.get("ARCADE_DATA_DIR")
    with tempfile.TemporaryDirectory(prefix="arcade-shots-") as scratch:
        os.environ["ARCADE_DATA_DIR"] = scratch
        try:
            yield Path(scratch)
        finally:
            if kept is None:
                os.environ.pop("ARCADE_DATA_DIR", None)
            else:
                os.environ["ARCADE_DATA_DIR"] = kept
