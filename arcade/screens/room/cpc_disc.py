"""Where the CPC room's disc lives: a folder in the arcade's data directory.

Kept apart from the room's screen so the Lazard screen can find the variants saved
there without importing the room."""

from __future__ import annotations

from pathlib import Path

from arcade.storage.saves import data_dir


def disc_dir() -> Path:
    """The folder that plays the CPC's disc (``ARCADE_DATA_DIR/cpc-disc`` when that is set)."""
    return data_dir() / "cpc-disc"
