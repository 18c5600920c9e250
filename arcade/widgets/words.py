"""Text that repaints without a relayout: the lines the game screens change on every move.

``Static.update`` lays the whole screen out again; a ``Words`` widget has a fixed height
set by CSS, so a new text only repaints the cells that changed (``LineText``).
"""

from __future__ import annotations

from pathlib import Path

from arcade.widgets.lines import LineText


class Words(LineText):
    """Words that repaint without a relayout (Static.update relayouts the whole screen).

    The screen's CSS gives each one a fixed height, so a new text never needs a new layout;
    ``content`` (a string, markup, or a ``Text``) is what it shows."""

    DEFAULT_CSS = """
    Words { height: 1; }
    """


def said_path(path: Path) -> str:
    """A path as a player reads it: ``~`` for the home folder."""
    try:
        return "~/" + path.relative_to(Path.home()).as_posix()
    except ValueError:
        return path.as_posix()


def path_lines(path: Path, width: int) -> list[str]:
    """A folder's path as a player reads it (``said_path``), broken into lines of at most ``width``
    only after a separator, never inside a folder's name (a terminal wraps it mid-word)."""
    shown = said_path(path)
    lines = [""]
    for part in shown.rstrip("/").split("/"):
        piece = part + "/"
        if lines[-1] and len(lines[-1]) + len(piece) > width:
            lines.append("")
        lines[-1] += piece
    return lines
