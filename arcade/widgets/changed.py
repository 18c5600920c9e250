"""``update_if_changed``: a fixed-size ``Static`` given new content only when it differs.

The end of a turn redraws the status, the speed line and the message areas together; most
of them usually read the same as before.  ``Static.update`` repaints even then, and every
repaint is work on the event loop while the worker runs the machine's reply: this skips it.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


def update_if_changed(widget: Static, content: Text | str) -> bool:
    """Show ``content`` in ``widget`` without a layout (its size is the CSS's); False if it was shown already."""
    key = (content.plain, tuple(content.spans), str(content.style)) if isinstance(content, Text) else content
    if getattr(widget, "_arcade_shown", None) == key:
        return False
    widget._arcade_shown = key  # type: ignore[attr-defined]
    widget.update(content, layout=False)
    return True
