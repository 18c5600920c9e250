"""Containers that draw nothing of their own: ``Row`` and ``Column`` (a ``Horizontal`` and a ``Vertical``).

Textual draws, at every frame, every widget whose clip meets the cells that changed, and the
game screens' containers clip to the whole screen: each of their rows went through Textual's
styles cache at every frame (~0.07 ms a container, headless), for rows that only ever show the
background between their children.  A container marked ``BLANK`` draws its rows as blank strips
in its own style at once.  For containers with no border, no background of their own and no
content (padding is blank too); the screenshots read the same with them.
"""

from __future__ import annotations

from textual.containers import Horizontal, Vertical

__all__ = ["Column", "Row"]


class Row(Horizontal):
    """A ``Horizontal`` drawn blank (see the module)."""

    BLANK = True


class Column(Vertical):
    """A ``Vertical`` drawn blank (see the module)."""

    BLANK = True
