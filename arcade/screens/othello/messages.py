"""The message areas of an Othello screen: a message cut to an area's size, with a pointer to the log (L)."""

from __future__ import annotations

from functools import lru_cache

from rich.console import Console
from rich.text import Text


@lru_cache(maxsize=8)
def _console(width: int) -> Console:
    """A console to wrap text at ``width`` (made once per width: a ``Console`` costs ~0.1 ms to make)."""
    return Console(width=width, legacy_windows=False)


def fitted(text: str, width: int, height: int) -> Text:
    """``text`` wrapped to ``width``; if it needs more than ``height`` lines, the last line says
    where to read it whole (the message log, L)."""
    content = Text(text)
    if width <= 0 or height <= 0 or ("\n" not in text and content.cell_len <= width):
        return content  # one line that fits (most of them): nothing to wrap
    lines = content.wrap(_console(width), width)
    if len(lines) <= height:
        return content
    more = " ... (L: all of it)"
    kept = list(lines)[:height]
    last = kept[-1]
    last.truncate(max(0, width - len(more)))
    last.append(more, "bold")
    return Text("\n").join(kept)
