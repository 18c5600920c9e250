"""The machine room: each machine usable on its own, as its owner used it (issue 15)."""

from __future__ import annotations

from pathlib import Path

from arcade.saves import data_dir


def disc_dir() -> Path:
    """The folder that plays the CPC's disc, in the arcade's data directory."""
    return data_dir() / "cpc-disc"
