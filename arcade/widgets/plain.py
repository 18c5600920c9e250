"""Text from outside the arcade shown as it is: never markup, never a terminal's control code.

A file's name, a file's contents, a BASIC program's output, anything typed: a name such as
``[@click=1+]x.txt`` or ``[a=b=c].BAS`` read as Textual markup made the arcade exit
(``MarkupError``), and ``othello [copy]`` showed as ``othello ``.  Such text reaches a widget
as a ``Content`` made by ``plain`` (or a ``Text``), never as a markup string.  ``visible``
also writes the characters a terminal would act on (ESC, BEL, a newline in a name, a byte
that was not UTF-8 in a file's name) as the escapes a programmer reads (``\\x1b``), so no
name can move the cursor, change the terminal's title or break a line.
"""

from __future__ import annotations

import re

from textual.content import Content

__all__ = ["plain", "visible"]

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
"""C0 and C1 control characters, DEL, and lone surrogates (undecodable bytes of a file name)."""
_CONTROL_BUT_NEWLINE = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f\ud800-\udfff]")


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    return repr(char)[1:-1] if char not in "\"'" else char


def visible(text: str, *, lines: bool = False) -> str:
    """``text`` with its control characters written as escapes (``\\n``, ``\\x1b``, ``\\udcff``);
    ``lines``: a newline is kept (a message of several lines), the others still escaped."""
    control = _CONTROL_BUT_NEWLINE if lines else _CONTROL
    return control.sub(_escape, text) if control.search(text) else text


def plain(text: str, *, lines: bool = False) -> Content:
    """``text`` as content shown letter for letter: no markup, control characters visible."""
    return Content(visible(text, lines=lines))
