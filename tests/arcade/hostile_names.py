"""File names a hostile or unlucky player can give: markup, control characters, any script,
bytes that are not UTF-8, the longest a file system takes.  Generated from pieces, seeded.

Every one is a legal file name on Linux (no ``/``, no NUL, at most 255 bytes with the longest
extension used here), so each can be put in a folder the arcade reads.
"""

from __future__ import annotations

import os
import random

MARKUP = ["[", "]", "[]", "[@click=1+]", "[a=b=c]", "[bold]", "[=]", "[link=x]", "[@click=app.quit]",
          "[$accent]", "[on red]", "[b]", "\\[", "\\", "[[", "]]", "[@click=app.bell()]", "[@]"]
"""Textual and Rich markup, valid and not: tags, actions, variables, escapes (a closing tag holds a
``/``, which no file name does: ``[/]`` is among the names typed)."""
SCRIPTS = ["é", "漢字", "🂡", "Ω", "\u202e", "\u200b", "ﬁ", "a\u0301", "١٢٣"]
"""Accents, wide letters, an emoji, a right-to-left override, a zero-width space, a ligature,
a combining accent, Arabic digits."""
CONTROL = ["\x1b]2;PWNED\x07", "\x1b[2J", "\n", "\t", "\x7f", "\x08", "\r", "\x9b"]
"""What a terminal acts on: a title change, a clear screen, line breaks, DEL, backspace, CSI."""
PLAIN = ["othello", "copy", "x", "MINE", " ", "-", ".", "_", "1"]
CLASSICS = ["[@click=1+]x", "[a=b=c]", "othello [copy]", "[/]", "x\\y", "[bold]loud", "\x1b]2;PWNED\x07"]
"""The names of the issue, and their neighbours: first among the names generated (but ``[/]``, which
is typed only: no file name holds a ``/``)."""
LONGEST_STEM_BYTES = 240
"""Room left for ``.txt``, ``.BAS`` and a ``.NAME.xxxxxxxx.tmp`` beside it under 255 bytes."""


def _fits(name: str) -> bool:
    try:
        encoded = os.fsencode(name)
    except UnicodeError:
        return False
    return 0 < len(encoded) <= LONGEST_STEM_BYTES and b"/" not in encoded and b"\0" not in encoded \
        and name not in (".", "..") and not name.startswith(".")


def hostile_names(count: int, seed: int) -> list[str]:
    """``CLASSICS``, then names of 1-6 random pieces (markup, scripts, control characters, a byte
    that is not UTF-8), then one at the longest length; all distinct, all legal file names."""
    rng = random.Random(seed)
    names: list[str] = [n for n in CLASSICS if _fits(n)]
    pools = [MARKUP, MARKUP, SCRIPTS, CONTROL, PLAIN, PLAIN]
    while len(names) < count - 1:
        name = "".join(rng.choice(rng.choice(pools)) for _ in range(rng.randint(1, 6)))
        if rng.random() < 0.15:
            name += os.fsdecode(b"\xff")  # a byte that is not UTF-8: a lone surrogate in Python
        if _fits(name) and name not in names:
            names.append(name)
    longest = ("[@click=1+]" * 30)[:LONGEST_STEM_BYTES]
    names.append(longest)
    return names[:count]
