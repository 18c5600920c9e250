"""`arcade` and `python -m arcade`: open the launcher, or a game with --game."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Callable, TextIO

from arcade.shell import catalog

from arcade.runtime import collector, hangup

if TYPE_CHECKING:
    from textual.screen import Screen

    from arcade.shell.app import ArcadeApp


def parser() -> argparse.ArgumentParser:
    def line(entry: catalog.GameEntry) -> str:
        state = "" if entry.available else "  (coming soon)"
        return f"  {entry.id:<16} {entry.title}: {entry.machine}, {entry.year}{state}"

    lines = [line(entry) for entry in catalog.games()]
    if catalog.rooms():
        lines += ["", "machine rooms (each machine on its own; --game NAME opens one too):"]
        lines += [line(entry) for entry in catalog.rooms()]
    return argparse.ArgumentParser(
        prog="arcade",
        description="A terminal arcade of vintage machine games, each running unmodified on its own emulated machine.",
        epilog="games:\n" + "\n".join(lines)
        + "\n\nmachine against machine: arcade match --games N [--verbose] [--watch]  (arcade match --help)"
        + "\nin a browser: arcade web [--host ADDR] [--port N] [--max-sessions N] [--game NAME]  (arcade web --help)"
        + "\ntwo terminals: arcade host ti57-duel|ti57-wolf [--port N] [--bind ADDR], then on the other:"
        + " arcade join HOST:PORT CODE  (arcade host --help)"
        + "\n\nkeys: ? or F1 for help on every screen, Ctrl+P the command palette."
        + "\nkeymap: binding ids and keys in KEYMAP (default: keymap.toml in the config directory,"
        + " or $ARCADE_CONFIG_DIR); arcade --list-bindings shows the ids.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )


def full_parser() -> argparse.ArgumentParser:
    from arcade.widgets.themes import COLOUR_BLIND_THEMES

    p = parser()
    p.add_argument("--game", metavar="NAME", help="start this game directly (see the list below)")
    p.add_argument(
        "--theme",
        metavar="THEME",
        help=f"a theme (remembered): {', '.join(COLOUR_BLIND_THEMES)} (colour-blind safe), textual-light,"
        " ansi-dark, ansi-light (the terminal's own colours), nord...; --list-themes shows them all",
    )
    p.add_argument("--keymap", metavar="PATH", type=Path, help="a keymap file instead of keymap.toml in the config directory")
    p.add_argument("--ascii", action="store_true", help="draw with ASCII only (X/O discs, + - | borders)")
    p.add_argument("--list-bindings", action="store_true", help="print every binding id and its keys, for the keymap file")
    p.add_argument("--list-themes", action="store_true", help="print the themes --theme accepts")
    return p


def build_app(argv: list[str], stderr: TextIO | None = None,
              opening: Callable[[], Screen] | None = None) -> ArcadeApp | int:
    """The app the command line asks for, or an exit status (a list was printed).

    ``opening``: the screen it opens on instead of the launcher or ``--game``'s (``arcade host``
    and ``arcade join``: a game across two terminals, in its own mode).

    A bad keymap or settings file is reported on ``stderr`` and again inside the app;
    it never stops the arcade.
    """
    from arcade.shell import keymap
    from arcade.widgets import themes
    from arcade.storage import settings

    stderr = sys.stderr if stderr is None else stderr
    p = full_parser()
    args = p.parse_args(argv)
    if args.list_bindings:
        for info in keymap.binding_table():
            print(f"{info.id:<28} {info.keys:<22} {info.description}")
        return 0
    if args.list_themes:
        print("\n".join(themes.theme_names()))
        return 0
    if args.game is not None:
        try:
            entry = catalog.get(args.game)
        except LookupError as error:
            p.error(str(error))
        if not entry.available:
            p.error(f"{entry.title} ({entry.id}) is coming soon: its screen is not written yet")
    if args.theme is not None and args.theme not in themes.theme_names():
        p.error(f"no theme named {args.theme!r}; the themes are: {', '.join(themes.theme_names())}")

    directory = settings.config_dir()
    path = args.keymap if args.keymap is not None else directory / settings.KEYMAP_FILE
    # Only the screens whose ids the file names are imported to check it; none for a keymap that names
    # no id (no file, an empty or unreadable one: nothing to check), so that the launcher's module
    # waits for the launcher (``ArcadeApp.MODES``) rather than for every launch.
    mentioned = keymap.read_keymap_ids(path)
    known = keymap.known_binding_ids(mentioned) if mentioned else None
    loaded = keymap.load_keymap(path, known, required=args.keymap is not None)

    from arcade.shell.app import ArcadeApp

    game, screens = args.game, None
    if opening is not None:
        from arcade.screens.netplay.modes import MODE

        game, screens = MODE, {MODE: opening}
    app = ArcadeApp(
        game=game,
        screens=screens,
        theme=args.theme,
        ascii_glyphs=args.ascii,
        keymap=loaded.bindings,
        config_dir=directory,
        problems=loaded.problems,
    )
    for problem in app.startup_problems:  # the keymap's, the settings', clashes: the app shows them too
        print(f"arcade: {problem}", file=stderr)
    return app


def main(argv: list[str] | None = None) -> int:
    """The program (no ``argv``: the command line's; a test passes its own and keeps its signals)."""
    # Textual draws a repaint at its next frame tick: a key whose change needs no new layout (the
    # arcade's every key: the boards, the CPC's monitor and the status repaint rows of a fixed
    # size) waits up to a whole tick for its frame.  At Textual's 60 a second that was 0-17 ms a
    # key, 15 ms the median of an idle Othello key in bench/ui_latency.py (5x the bare app's key,
    # whose Static.update lays out at once); at 500, 2 ms.  Frames still follow changes only: the
    # cap is rarely reached.  Read by Textual when it is first imported: set first.
    os.environ.setdefault("TEXTUAL_FPS", "500")
    command_line = argv is None
    if command_line:
        hangup.install()  # first: a terminal closed while the arcade starts ends it too (issue 16)
    argv = sys.argv[1:] if argv is None else argv
    app: ArcadeApp | int = 0
    try:
        if argv and argv[0] == "match":
            from arcade.shell.match_cli import main as match_main

            return match_main(argv[1:])
        if argv and argv[0] == "web":
            from arcade.web.server import main as web_main

            return web_main(argv[1:])
        if command_line:
            collector.hold()  # no garbage collection until the first frame (arcade/runtime/collector.py)
        opening = None
        if argv and argv[0] in ("host", "join"):  # a game across two terminals: its arguments checked before the app
            from arcade.shell.net_cli import opening as net_opening

            opening, argv = net_opening(argv[0], argv[1:]), []
        app = build_app(argv, opening=opening)
    except BrokenPipeError:  # `arcade --list-themes | head`: the reader has had enough, no traceback
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # Python flushes stdout at exit
        return 0
    if isinstance(app, int):
        return app
    try:
        app.run()
    except OSError:  # after a hang-up: a last word to a terminal that is gone
        if hangup.received() is None:
            raise
    # Non-zero only for a crash (Textual sets 1 and has printed the traceback) or a signal
    # (128 + its number); damaged saves, settings or keymaps are reported inside the app.
    return hangup.exit_status(app.return_code or 0)


if __name__ == "__main__":
    sys.exit(main())
