"""``update_if_changed``: a fixed-size ``LineText`` given new content only when it differs.

The end of a turn redraws the status, the speed line and the message areas together; most
of them usually read the same as before.  Giving them the same text again costs only the
comparison: nothing is repainted.
"""

from __future__ import annotations

from rich.text import Text

from arcade.widgets.lines import LineText


def update_if_changed(widget: LineText, content: Text | str) -> bool:
    """Show ``content`` in ``widget`` without a layout (its size is the CSS's); False if it was shown already."""
    shown = widget.content
    if type(shown) is type(content) and shown == content and getattr(shown, "style", None) == getattr(content, "style", None):
        return False
    widget.content = content
    return True
