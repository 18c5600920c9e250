"""``arcade match``: the HP-67 Othello program against Lazard's BASIC Othello on the CPC.

Both programs run unmodified on their own emulated machines; each believes it plays a
human, and the other's moves are typed into it (``games/othello/match.py``), the referee
checking every move on both sides.  Headless by default: prints the moves with
``--verbose``, then the results table.  ``--watch`` opens the match screen instead.

    python -m arcade.shell.match_cli --games 4 --verbose

``arcade match othello`` is the same match.  ``arcade match ti57-wolf`` and
``arcade match ti57-duel`` play the TI-57 games between computer players instead
(games/ti57_wolf/match.py, games/ti57_duel/match.py): a line per game, then the totals.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from typing import Callable

from arcade.screens.match.players import CPC_LABEL, FACTORIES, HP67_LABEL, PLAYERS  # noqa: F401 - the labels: re-exported
from arcade.widgets.plain import visible
from games.othello.driver import MachineDisagrees, MoveRecord, OthelloDriver
from games.othello.match import MatchGame, play_series, results_table
from games.othello.referee import Disc


def move_line(game_number: int, turn: int, record: MoveRecord, driver: OthelloDriver) -> str:
    """One move as ``--verbose`` prints it: game, turn, colour, player, square, the program's own notation."""
    colour = "X black" if record.player is Disc.BLACK else "O white"
    where = "pass" if record.square is None else record.standard_notation
    return f"game {game_number:>2} turn {turn:>2}  {colour}  {driver.title:<15}  {where:<4} ({record.machine_notation})"


# ------------------------------------------- arcade match othello --black A --white B

MEASURE_OPTIONS = ("--black", "--white", "--openings", "--seed", "--plies")


def othello_measure_main(argv: list[str]) -> int:
    """``arcade match othello --black A --white B --openings N --seed S``: the change measured."""
    from games.othello.contenders import contender
    from games.othello.measure import play_series, summary_lines
    from games.othello.openings import random_openings

    p = argparse.ArgumentParser(
        prog="arcade match othello",
        description="Measure one Othello program against another: N seeded random openings, each played twice "
        "with the colours swapped, each program starting from the opening as a person would set it on its machine. "
        "A program is hp67, lazard, or the path of a variant listing (.bas: Locomotive BASIC, .txt: HP-67 listing). "
        "A variant that breaks the game's protocol loses that game, with a message; the series goes on.",
    )
    p.add_argument("--black", required=True, metavar="A", help="program A, black in the first game of each opening")
    p.add_argument("--white", required=True, metavar="B", help="program B, white in the first game of each opening")
    p.add_argument("--openings", type=int, default=4, metavar="N", help="distinct openings, each played twice (default 4)")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the random openings (default 0)")
    p.add_argument("--plies", type=int, default=6, metavar="M", help="random moves in each opening (default 6)")
    args = p.parse_args(argv)
    if args.openings < 1:
        p.error("--openings must be at least 1")
    if not 1 <= args.plies <= 20:
        p.error("--plies must be 1-20")
    try:  # a listing's file name is its label, printed: its control characters as escapes (arcade.widgets.plain)
        a, b = contender(args.black), contender(args.white)
        a, b = replace(a, label=visible(a.label)), replace(b, label=visible(b.label))
        if a.label == b.label:
            a, b = replace(a, label=f"A {a.label}"), replace(b, label=f"B {b.label}")
        openings = random_openings(args.openings, args.seed, args.plies)
    except ValueError as error:  # VariantUnreadable (not a listing, not a file: a FIFO, /dev/zero), too few openings
        p.error(visible(str(error)))
    count = f"{args.openings} opening{'s' if args.openings != 1 else ''}"
    print(f"A: {a.label}   B: {b.label}   {count} of {args.plies} random moves, seed {args.seed}, "
          "each played with A black then A white", flush=True)
    games = play_series(a, b, openings, on_game=lambda game: print(game.line(), flush=True))
    print()
    print("\n".join(summary_lines(a.label, b.label, games)))
    return 0


def repeats_note(games: int) -> str:
    """What a series of more than two games is, said before it starts: both programs are deterministic
    and the colours alternate, so game 3 replays game 1 move for move (and so on)."""
    if games <= 2:
        return ""
    return (f"Note: both programs are deterministic and the colours alternate, so games 3-{games} replay "
            "games 1 and 2 move for move.\nFor a real series, from different openings: "
            "arcade match othello --black hp67 --white lazard --openings N --seed S\n")


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="arcade match",
        description="The HP-67 Othello program against Lazard's BASIC Othello, each on its own emulated machine, "
        "refereed move by move. Colours alternate from game to game.",
        epilog="Programs and variants measured over openings: arcade match othello --black A --white B "
        "--openings N --seed S (A, B: hp67, lazard or a listing's path; see the README). "
        "The TI-57 games between computer players: arcade match ti57-wolf --help, arcade match ti57-duel --help.",
    )
    p.add_argument("--games", type=int, default=2, metavar="N",
                   help="how many games (default 2; both programs are deterministic: games 3 on replay 1 and 2, "
                   "see --openings below)")
    p.add_argument("--first", choices=PLAYERS, default="hp67", help="who plays black (X) in game 1 (default hp67)")
    p.add_argument("--verbose", "-v", action="store_true", help="print every move")
    p.add_argument("--watch", action="store_true", help="watch the match on the arcade's match screen")
    p.add_argument("--instant", action="store_true", help="with --watch: no pause between moves")
    return p


def main(argv: list[str]) -> int:
    if argv and argv[0] in TI57_MATCHES:
        return TI57_MATCHES[argv[0]](argv[1:])
    if argv and argv[0] == "othello":
        if any(arg.split("=")[0] in MEASURE_OPTIONS for arg in argv[1:]):
            return othello_measure_main(argv[1:])
        argv = argv[1:]
    p = parser()
    args = p.parse_args(argv)
    if args.games < 1:
        p.error("--games must be at least 1")
    first = FACTORIES[args.first]
    second = FACTORIES["cpc" if args.first == "hp67" else "hp67"]
    if args.watch:
        from arcade.screens.match.app import MatchApp

        MatchApp(games=args.games, first=args.first, instant=args.instant).run()
        return 0

    repeats = repeats_note(args.games)
    if repeats:
        print(repeats, flush=True)
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


# ------------------------------------------------------------- the TI-57 games


def wolf_main(argv: list[str]) -> int:
    """``arcade match ti57-wolf``: the wolf against the lambs, each a computer or a random player."""
    from games.ti57_wolf.computer import LAMB_LEVELS, WOLF_LEVELS, lambs_player, wolf_player
    from games.ti57_wolf.match import play_series, totals
    from games.ti57_wolf.referee import Side

    p = argparse.ArgumentParser(
        prog="arcade match ti57-wolf",
        description="The wolf and the lambs on the TI-57, both sides played by the computer through the calculator's keys.",
    )
    p.add_argument("--wolf", choices=("computer", "random"), default="computer", help="who plays the wolf (default computer)")
    p.add_argument("--lambs", choices=("computer", "random"), default="computer", help="who plays the lambs (default computer)")
    p.add_argument("--wolf-level", choices=WOLF_LEVELS, default="cunning", help="the computer wolf's level (default cunning)")
    p.add_argument("--lambs-level", choices=LAMB_LEVELS, default="perfect", help="the computer lambs' level (default perfect)")
    p.add_argument("--first", choices=("wolf", "lambs"), help="who moves first (default: alternate, the wolf in game 1)")
    p.add_argument("--games", type=int, default=10, metavar="N", help="how many games (default 10)")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the players' choices (default 0)")
    args = p.parse_args(argv)
    if args.games < 1:
        p.error("--games must be at least 1")
    wolf = wolf_player("random" if args.wolf == "random" else args.wolf_level, seed=2 * args.seed)
    lambs = lambs_player("random" if args.lambs == "random" else args.lambs_level, seed=2 * args.seed + 1)
    first = Side(args.first) if args.first else None
    results = play_series(wolf, lambs, args.games, first, on_game=lambda r: print(r.line(), flush=True))
    wolf_wins, lambs_wins = totals(results)
    print(f"wolf wins {wolf_wins}")
    print(f"lambs win {lambs_wins}")
    return 0


def duel_main(argv: list[str]) -> int:
    """``arcade match ti57-duel``: two computer players in the blind duel, each seeing only its own seat."""
    from games.ti57_duel.computer import duel_player
    from games.ti57_duel.match import play_series, totals

    p = argparse.ArgumentParser(
        prog="arcade match ti57-duel",
        description="The blind duel on the TI-57 between two computer players, each knowing only what its seat shows: "
        "a hunter (tracks where the other can be) or a random walker.",
    )
    p.add_argument("--p1", choices=("computer", "random"), default="computer", help="player 1 (default computer: the hunter)")
    p.add_argument("--p2", choices=("computer", "random"), default="random", help="player 2 (default random)")
    p.add_argument("--moves", type=int, default=20, metavar="M", help="moves for both players together (default 20, as the article)")
    p.add_argument("--games", type=int, default=10, metavar="N", help="how many games (default 10)")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the players' choices (default 0)")
    args = p.parse_args(argv)
    if args.games < 1:
        p.error("--games must be at least 1")
    if not 1 <= args.moves <= 9999:
        p.error("--moves must be 1-9999")
    kinds = {1: "hunter" if args.p1 == "computer" else "random", 2: "hunter" if args.p2 == "computer" else "random"}
    results = play_series(
        lambda player, seed: duel_player(kinds[1], player, seed),
        lambda player, seed: duel_player(kinds[2], player, seed),
        args.games,
        args.seed,
        args.moves,
        on_game=lambda r: print(r.line(), flush=True),
    )
    one, two, draws = totals(results)
    print(f"player 1 captures {one}")
    print(f"player 2 captures {two}")
    print(f"draws {draws}")
    return 0


TI57_MATCHES: dict[str, Callable[[list[str]], int]] = {"ti57-wolf": wolf_main, "ti57-duel": duel_main}


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
