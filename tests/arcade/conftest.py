"""Every arcade test keeps its saves and exports in its own temporary directory, never the user's, and its
Pilot waits on the app rather than on the clock."""

from __future__ import annotations

from pathlib import Path

import pytest
import textual.app
import textual.pilot

from tests.arcade.helpers import quiet


@pytest.fixture(autouse=True)
def machine_host_in_a_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    """The games' tables run in a host in a thread of the test's process (the same server and wire
    as the host process; ``tests/games/test_host.py`` and the tests named ``..._process`` run the
    process itself): no process to start per test, and a test may look at the table's session."""
    monkeypatch.setenv("ARCADE_MACHINE_HOST", "thread")


@pytest.fixture(autouse=True)
def arcade_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    data = tmp_path / "arcade-data"
    monkeypatch.setenv("ARCADE_DATA_DIR", str(data))
    return data


@pytest.fixture(autouse=True)
def pilot_waits_on_the_app(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Pilot's key, click or pause waits until the app is quiet (``helpers.quiet``), not for 20 ms and
    more of a quiet CPU.  Textual names this function in two modules; both are replaced (an upgrade that
    renames it fails every test here, at once, rather than slowing them down unnoticed)."""
    monkeypatch.setattr(textual.app, "wait_for_idle", quiet)
    monkeypatch.setattr(textual.pilot, "wait_for_idle", quiet)

