"""Every arcade test keeps its saves and exports in its own temporary directory, never the user's, and its
games' tables run in a machine host in a thread of the test's process."""

from __future__ import annotations

from pathlib import Path

import pytest


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
