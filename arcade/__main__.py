"""`arcade` and `python -m arcade`: open the launcher."""

from __future__ import annotations

import sys

from textual.app import App, ComposeResult
from textual.widgets import Footer, Header, Static


class ArcadeApp(App[None]):
    """Placeholder launcher until the game screens land."""

    TITLE = "Vintage machine arcade"
    BINDINGS = [("q", "quit", "Quit")]

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("The games are being wired in.", id="launcher")
        yield Footer()


def main(argv: list[str] | None = None) -> int:
    ArcadeApp().run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
