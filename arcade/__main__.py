"""`arcade` and `python -m arcade`: open the launcher, or a game with --game."""

from __future__ import annotations

import argparse
import sys

from arcade import catalog


def parser() -> argparse.ArgumentParser:
    lines = []
    for entry in catalog.games():
        state = "" if entry.available else "  (coming soon)"
        lines.append(f"  {entry.id:<16} {entry.title}: {entry.machine}, {entry.year}{state}")
    return argparse.ArgumentParser(
        prog="arcade",
        description="A terminal arcade of vintage machine games, each running unmodified on its own emulated machine.",
        epilog="games:\n" + "\n".join(lines)
        + "\n\nmachine against machine: arcade match --games N [--verbose] [--watch]  (arcade match --help)"
        + "\n\nkeys: ? or F1 for help on every screen, Ctrl+P the command palette.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "match":
        from arcade.match_cli import main as match_main

        return match_main(argv[1:])
    p = parser()
    p.add_argument("--game", metavar="NAME", help="start this game directly (see the list below)")
    p.add_argument("--theme", metavar="THEME", help="a Textual theme, e.g. textual-light, nord, ansi-dark")
    args = p.parse_args(argv)
    if args.game is not None:
        try:
            entry = catalog.get(args.game)
        except LookupError as error:
            p.error(str(error))
        if not entry.available:
            p.error(f"{entry.title} ({entry.id}) is coming soon: its screen is not written yet")

    from arcade.app import ArcadeApp

    ArcadeApp(game=args.game, theme=args.theme).run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
