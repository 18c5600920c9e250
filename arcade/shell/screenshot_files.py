"""The palette's Screenshot: where the file goes, whether a screen allows it, and how the toast says it."""

from __future__ import annotations

import os
from collections.abc import Iterable
from datetime import datetime
from pathlib import Path

from arcade.storage.saves import data_dir
from arcade.widgets.words import path_lines


def screenshot_dir() -> Path:
    """The arcade's data directory (``screenshots/``), else the current one: Textual's own choice
    (``~/Downloads``) fails where that folder does not exist."""
    for candidate in (data_dir() / "screenshots", Path.cwd()):
        try:
            candidate.mkdir(parents=True, exist_ok=True)
        except OSError:
            continue
        if os.access(candidate, os.W_OK):
            return candidate
    return Path.cwd()


def refusal(screens: Iterable[object]) -> str | None:
    """Why no screenshot may be taken (a screen showing something private, the duel's player view:
    its ``screenshot_refusal()``), or None.  Every screen of the stack counts: the screenshot
    composites the screens under the top one too."""
    for screen in screens:
        refuse = getattr(screen, "screenshot_refusal", None)
        reason = refuse() if callable(refuse) else None
        if reason:
            return str(reason)
    return None


def default_name() -> str:
    """Short, so that the toast says it on one line."""
    return datetime.now().strftime("arcade-%Y-%m-%d-%H%M%S.svg")


def screenshot_words(path: Path, width: int = 34) -> str:
    """Where a screenshot went: the file's name, then its folder on lines of at most ``width`` (a toast's)."""
    return "Saved " + path.name + "\nin the folder\n" + "\n".join(path_lines(path.parent, width))
