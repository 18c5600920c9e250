"""The help screen: the game's Markdown (beside its screen) and the keys of that screen."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer


def keys_markdown(screen: Screen) -> str:
    """The bindings of ``screen`` as a Markdown table (as the user's keymap has them)."""
    keys: dict[str, list[str]] = {}
    for active in screen.active_bindings.values():
        binding = active.binding
        if not binding.description or binding.action.startswith(("app.focus", "screen.copy", "focus_")):
            continue
        shown = binding.key_display or screen.app.get_key_display(binding)
        if shown not in keys.setdefault(binding.description, []):
            keys[binding.description].append(shown)
    rows = ["| key | does |", "|---|---|"]
    rows += [f"| {' '.join(f'`{k}`' for k in shown)} | {description} |" for description, shown in keys.items()]
    return "\n".join(rows)


class HelpScreen(ModalScreen[None]):
    """Opaque, scrollable; Escape, q or ? closes it."""

    DEFAULT_CSS = """
    HelpScreen { align: center middle; background: $background; }
    HelpScreen > Vertical { width: 100%; max-width: 100; height: 1fr; }
    HelpScreen VerticalScroll { height: 1fr; padding: 0 1; }
    """

    BINDINGS = [
        Binding("escape,q,question_mark,f1", "dismiss", "Close help", id="help.close"),
        Binding("down,j", "scroll(1)", "Scroll down", show=False, id="help.down"),
        Binding("up,k", "scroll(-1)", "Scroll up", show=False, id="help.up"),
    ]

    def __init__(self, text: str, keys: str) -> None:
        super().__init__()
        self.text = text
        self.keys = keys

    def compose(self) -> ComposeResult:
        from textual.widgets import Markdown  # markdown-it is the heaviest import of all: not before help is asked

        with Vertical():
            with VerticalScroll(id="help-scroll"):
                yield Markdown(self.text + "\n\n## Keys on this screen\n\n" + self.keys, id="help-text")
            yield Footer()

    def action_scroll(self, lines: int) -> None:
        self.query_one("#help-scroll", VerticalScroll).scroll_relative(y=lines * 3, animate=False)
