"""``arcade match``: the HP-67 Othello program against Lazard's BASIC Othello on the CPC.

Both programs run unmodified on their own emulated machines; each believes it plays a
human, and the other's moves are typed into it (``games/othello/match.py``), the referee
checking every move on both sides.  Headless by default: prints the moves with
``--verbose``, then the results table.  ``--watch`` opens the match screen instead.

    python -m arcade.match_cli --games 4 --verbose
"""

from __future__ import annotations

import argparse
import sys

from arcade.match.players import CPC_LABEL, FACTORIES, HP67_LABEL, PLAYERS  # noqa: F401 - the labels: re-exported
from games.othello.driver import MachineDisagrees, MoveRecord, OthelloDriver
from games.othello.match import MatchGame, play_series, results_table
from games.othello.referee import Disc


def move_line(game_number: int, turn: int, record: MoveRecord, driver: OthelloDriver) -> str:
    """One move as ``--verbose`` prints it: game, turn, colour, player, square, the program's own notation."""
    colour = "X black" if record.player is Disc.BLACK else "O white"
    where = "pass" if record.square is None else record.standard_notation
    return f"game {game_number:>2} turn {turn:>2}  {colour}  {driver.title:<15}  {where:<4} ({record.machine_notation})"


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="arcade match",
        description="The HP-67 Othello program against Lazard's BASIC Othello, each on its own emulated machine, "
        "refereed move by move. Colours alternate from game to game.",
    )
    p.add_argument("--games", type=int, default=2, metavar="N", help="how many games (default 2)")
    p.add_argument("--first", choices=PLAYERS, default="hp67", help="who plays black (X) in game 1 (default hp67)")
    p.add_argument("--verbose", "-v", action="store_true", help="print every move")
    p.add_argument("--watch", action="store_true", help="watch the match on the arcade's match screen")
    p.add_argument("--instant", action="store_true", help="with --watch: no pause between moves")
    return p


def main(argv: list[str]) -> int:
    p = parser()
    args = p.parse_args(argv)
    if args.games < 1:
        p.error("--games must be at least 1")
    first = FACTORIES[args.first]
    second = FACTORIES["cpc" if args.first == "hp67" else "hp67"]
    if args.watch:
        from arcade.match.app import MatchApp

        MatchApp(games=args.games, first=args.first, instant=args.instant).run()
        return 0

    state = {"game": None, "number": 0, "turn": 0}

    def observer(game: MatchGame, record: MoveRecord) -> None:
        if game is not state["game"]:
            state["game"], state["turn"] = game, 0
            state["number"] += 1
        state["turn"] += 1
        if args.verbose:
            mover = game.black if record.player is Disc.BLACK else game.white
            print(move_line(state["number"], state["turn"], record, mover), flush=True)

    try:
        results = play_series(first, second, args.games, observer=observer)
    except MachineDisagrees as error:
        print(f"arcade match: a machine disagrees with the referee: {error}", file=sys.stderr)
        return 1
    if args.verbose:
        print()
    print(results_table(results))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
