"""``KeysFooter``: Textual's footer, changed in place when the keys on offer change (every full screen's).

Textual's ``Footer`` recomposes (every ``FooterKey`` removed and mounted again, then a layout
of the screen) each time a screen says its bindings changed, and one change was often said
twice (two recomposes in a row, measured in the wolf).  In the TI-57 wolf "Next lamb" is hidden on the
wolf's turn and shown on the lambs': ~15-60 ms of the loop twice a move; and a dialog opening
over the launcher or a machine room laid the screen out again under it.  This footer draws
the same keys the same way (it *is* a ``Footer``: the same CSS, ``arcade/shell/footer.tcss``, clicks,
the palette key, the keymap's keys), but follows a change with the least it needs:

- the same keys as shown: nothing;
- the same keys, some now enabled or disabled (dimmed): each such key's class, a repaint;
- a key hidden or shown again, the others in the same order: that one key removed or mounted
  in its place;
- anything else (a new screen's whole table, binding groups): Textual's recompose.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


@dataclass(frozen=True)
class KeyShown:
    """One key as the footer shows it; ``enabled`` apart, a key that changes is a new key."""

    key: str
    key_display: str
    description: str
    action: str
    tooltip: str
    palette: bool  # the command palette's key, docked right

    def make(self, enabled: bool, compact: bool) -> FooterKey:
        """The key's widget, its classes given from the start: Textual's footer binds ``compact``
        and each key then takes its class once mounted, a restyle each (~0.5 ms a key at launch).
        The palette key is compact whatever the footer, as in Textual's (its ``compact`` is not bound)."""
        compact = compact or self.palette
        classes = " ".join(name for name, has in (("-command-palette", self.palette), ("-compact", compact)) if has)
        key = FooterKey(self.key, self.key_display, self.description, self.action, disabled=not enabled,
                        tooltip=self.tooltip, classes=classes)
        key.set_reactive(FooterKey.compact, compact)
        return key


class KeysFooter(Footer):
    """A ``Footer`` that changes only the keys that changed (see the module's docstring)."""

    def __init__(self, *, compact: bool = False) -> None:
        super().__init__(compact=compact)
        self._shown: list[tuple[KeyShown, bool]] | None = None  # what the mounted FooterKeys show, in order

    def keys_on_offer(self) -> list[tuple[KeyShown, bool]] | None:
        """The keys ``Footer.compose`` would show now, in its order; None when it would group some."""
        active = self.screen.active_bindings
        by_action: dict[str, tuple[KeyShown, bool]] = {}
        groups: dict[str, int] = {}
        for _node, binding, enabled, tooltip in active.values():
            if not binding.show or binding.action in by_action:
                continue
            if binding.group is not None:
                groups[binding.group.description] = groups.get(binding.group.description, 0) + 1
            by_action[binding.action] = (KeyShown(binding.key, self.app.get_key_display(binding), binding.description,
                                                  binding.action, tooltip, False), enabled)
        if any(n > 1 for n in groups.values()):
            return None  # binding groups: Footer's own compose draws them
        keys = list(by_action.values())
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
            found = active.get(self.app.COMMAND_PALETTE_BINDING)
            if found is not None:
                _node, binding, enabled, tooltip = found
                keys.append((KeyShown(binding.key, self.app.get_key_display(binding), binding.description,
                                      binding.action, binding.tooltip or binding.description, True), enabled))
        return keys

    def bindings_changed(self, screen: Screen) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus or not self.is_attached or screen is not self.screen:
            return
        wanted = self.keys_on_offer()
        if wanted is not None and wanted == self._shown:
            return
        if wanted is None or self._shown is None or not self._change_in_place(wanted):
            self._shown = wanted
            self.call_after_refresh(self.recompose)

    def compose(self):  # noqa: ANN201 - Footer's
        keys = self.keys_on_offer()
        if keys is not None:
            # Textual's footer is composed empty, then again with its keys once the screen tells
            # its bindings: a second compose and a layout of the screen (~10 ms) before a game's
            # first frame.  The keys on offer are known already; the screen's first word on its
            # bindings then changes the few that differ, if any, in place.
            self._bindings_ready = True
        if not self._bindings_ready:
            return
        self._shown = keys
        if keys is None:
            yield from super().compose()
            return
        self.styles.grid_size_columns = sum(not shown.palette for shown, _ in keys)  # as Textual's compose
        for shown, enabled in keys:
            yield shown.make(enabled, self.compact)

    def _change_in_place(self, wanted: list[tuple[KeyShown, bool]]) -> bool:
        """Follow ``wanted`` by changing, removing or adding single keys; False when it takes a recompose."""
        assert self._shown is not None
        mounted = [child for child in self.children if isinstance(child, FooterKey)]
        if len(mounted) != len(self._shown):
            return False
        now = [shown for shown, _ in self._shown]
        then = [shown for shown, _ in wanted]
        kept = [k for k in now if k in then]
        if kept != [k for k in then if k in now] or len(set(now)) != len(now) or len(set(then)) != len(then):
            return False  # keys in another order (or twice): a new table
        widgets = dict(zip(now, mounted))
        for shown in now:
            if shown not in then:
                widgets.pop(shown).remove()
        enabled_now = dict(self._shown)
        for i, (shown, enabled) in enumerate(wanted):
            widget = widgets.get(shown)
            if widget is None:
                following = next((widgets[k] for k, _ in wanted[i + 1:] if k in widgets), None)
                widget = shown.make(enabled, self.compact)
                widgets[shown] = widget
                if following is not None:
                    self.mount(widget, before=following)
                else:
                    self.mount(widget)
            elif enabled_now[shown] != enabled:
                widget._disabled = not enabled  # read by FooterKey's click
                widget.set_class(not enabled, "-disabled")
        self._shown = wanted
        return True
