"""``KeysFooter``: Textual's own ``Footer``, composed again only when the keys on offer change.

A screen says which of its keys are on offer with ``check_action`` (True: shown, None: shown
dimmed, False: hidden) and calls ``refresh_bindings`` when that may have changed; Textual's
footer then composes all its keys again (each removed and mounted again, then a layout of the
screen), also when nothing it shows changed: a dialog opening over a game, a focus moving, one
change said twice.  This footer is Textual's -- its compose, its keys, its CSS
(``arcade/shell/footer.tcss``), its clicks -- and only lets a word on the bindings through when
the keys it would show differ from those it shows.
"""

from __future__ import annotations

from collections.abc import Hashable

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer

from arcade.runtime.textual_compat import release_gone_watchers, release_styles_caches


class KeysFooter(Footer):
    """``Footer``, composed again only for keys on offer that changed (see the module)."""

    def __init__(self, *, compact: bool = False) -> None:
        super().__init__(compact=compact)
        self.keys_shown: Hashable | None = None
        """What the keys composed last show (``keys_on_offer`` as they were composed), or None before any."""

    def keys_on_offer(self, screen: Screen[object]) -> Hashable:
        """Everything ``Footer.compose`` draws from: each binding shown, in order, whether it is enabled
        and its tooltip (the command palette's among them)."""
        return tuple((binding, enabled, tooltip) for _node, binding, enabled, tooltip in screen.active_bindings.values()
                     if binding.show or binding.action == "app.command_palette"), self.show_command_palette

    def bindings_changed(self, screen: Screen[object]) -> None:
        if screen.app.app_focus and self.is_attached and screen is self.screen \
                and self.keys_shown is not None and self.keys_on_offer(screen) == self.keys_shown:
            return  # the keys as they are shown: nothing to compose
        super().bindings_changed(screen)

    def compose(self) -> ComposeResult:
        """Textual's compose, noting what the keys it composes show (none yet: nothing noted)."""
        keys = self.keys_on_offer(self.screen)
        composed = False
        for widget in super().compose():
            composed = True
            yield widget
        self.keys_shown = keys if composed else None
        # the keys composed before are gone: what Textual keeps of them goes too (each watched this
        # footer's ``compact``; arcade/runtime/textual_compat.py)
        release_gone_watchers(self)
        release_styles_caches()
