"""The ASCII glyph set (``--ascii``), for terminals without box-drawing and disc characters.

Two layers.  Widgets that draw meaning (the Othello board's discs) read the app's
``ascii_glyphs`` attribute and pick their ASCII glyphs themselves (``X``/``O``).
Everything else (borders, scrollbars, the footer's arrows, the help's tables, a
screen's own ``↖`` labels) goes through ``AsciiFilter``, a Textual line filter the
app installs: it rewrites every character outside ASCII to one of the same width
(``┌─┐`` -> ``+-+``, ``│`` -> ``|``, ``←↑→↓`` -> ``<^>v``, ``●○`` -> ``XO``, ``…`` -> ``.``),
so no screen can leak a glyph the terminal cannot draw, and the layout does not move.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from rich.cells import cell_len
from rich.segment import Segment
from textual.color import Color
from textual.filter import LineFilter

ASCII_DISC = {"black": "X", "white": "O"}

EXPLICIT: dict[str, str] = {
    # discs and pieces
    "●": "X", "○": "O", "◉": "@", "◎": "O", "⬤": "X", "◯": "O", "•": "*", "∙": ".", "·": ".", "⋅": ".",
    "■": "#", "□": "o", "▪": "#", "▫": "o", "◆": "*", "◇": "o", "★": "*", "☆": "*", "✱": "*", "✳": "*",
    "⭘": "O", "✓": "v", "✔": "v", "✗": "x", "✘": "x", "×": "x",
    # arrows
    "←": "<", "→": ">", "↑": "^", "↓": "v", "↖": "\\", "↗": "/", "↘": "\\", "↙": "/",
    "⇐": "<", "⇒": ">", "⇑": "^", "⇓": "v", "↔": "-", "↕": "|", "⏎": "<", "↵": "<", "⇥": ">", "⇤": "<",
    "▲": "^", "△": "^", "▼": "v", "▽": "v", "◀": "<", "◁": "<", "▶": ">", "▷": ">",
    "▸": ">", "▹": ">", "◂": "<", "◃": "<", "▴": "^", "▾": "v", "⌃": "^", "⇧": "^",
    # punctuation
    "…": ".", "—": "-", "–": "-", "‒": "-", "―": "-", "−": "-", "‘": "'", "’": "'", "‚": ",",
    "“": '"', "”": '"', "„": '"', "«": "<", "»": ">", "‹": "<", "›": ">", "°": "o", "±": "+", "©": "c", "®": "R", "™": "T",
    "\u00a0": " ", "\u2009": " ", "\u202f": " ",
    # block elements: scrollbars, progress bars, tall and thick borders
    "█": "#", "▓": "#", "▒": ":", "░": ".", "▀": "-", "▔": "-", "▁": "_", "▂": "_", "▃": "_",
    "▄": "_", "▅": "=", "▆": "=", "▇": "=", "▉": "#", "▊": "|", "▋": "|", "▌": "|", "▍": "|",
    "▎": "|", "▏": "|", "▐": "|", "▕": "|",
}


@lru_cache(maxsize=4096)
def ascii_for(char: str) -> str:
    """An ASCII stand-in for ``char`` taking the same number of cells."""
    if char.isascii():
        return char
    if char in EXPLICIT:
        return EXPLICIT[char]
    width = cell_len(char)
    name = unicodedata.name(char, "")
    if name.startswith("BOX DRAWINGS"):
        words = set(name.split())
        if "DIAGONAL" in words:
            return "X" if "CROSS" in words else ("/" if "UPPER RIGHT TO LOWER LEFT" in name else "\\")
        across = bool(words & {"HORIZONTAL", "LEFT", "RIGHT"})
        upright = bool(words & {"VERTICAL", "UP", "DOWN"})
        return "|" if upright and not across else "-" if across and not upright else "+"
    if name.startswith(("BLOCK", "QUADRANT", "LOWER", "UPPER", "LEFT", "RIGHT")) and width == 1:
        return "#"
    if unicodedata.category(char).startswith("Z"):
        return " " * width
    if width == 0:
        return ""
    decomposed = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode()
    if decomposed and cell_len(decomposed) == width:  # é -> e, ﬁ (width 1) is not taken: "fi" is 2
        return decomposed
    return "?" * width


def to_ascii(text: str) -> str:
    """``text`` with every character outside ASCII replaced, cell width kept."""
    if text.isascii():
        return text
    return "".join(ascii_for(c) for c in text)


class AsciiFilter(LineFilter):
    """Rewrites every rendered line to ASCII (installed by the app with ``--ascii``)."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        return [
            segment if segment.text.isascii() else Segment(to_ascii(segment.text), segment.style, segment.control)
            for segment in segments
        ]
