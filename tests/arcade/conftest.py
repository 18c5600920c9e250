"""Every arcade test keeps its saves and exports in its own temporary directory, never the user's."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def arcade_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    data = tmp_path / "arcade-data"
    monkeypatch.setenv("ARCADE_DATA_DIR", str(data))
    return data
