"""The wolf's move history as the panel shows it and as the export writes it.

The export says the truth about the referee: when it was switched on or off, and
whether the game was already over then (``WolfSession.referee_story``, in the table's picture).
"""

from __future__ import annotations

from datetime import datetime, timezone

from arcade.screens.ti57_wolf.render import seat_label
from arcade.widgets.history import HistoryRow
from arcade.widgets.ti57 import key_lines
from games.ti57_wolf.session import MoveLine, Phase, WolfSession, WolfSessionView
from games.ti57_wolf.table import WolfPicture


def _parts(game: WolfPicture | WolfSession) -> tuple[WolfSessionView, tuple[MoveLine, ...], str]:
    """The view, the moves and the referee's story, from the table's picture (the screen) or a session."""
    if isinstance(game, WolfPicture):
        return game.view, game.history, game.referee_story
    return game.view(), tuple(game.history()), game.referee_story()


def history_rows(lines: list[MoveLine] | tuple[MoveLine, ...]) -> list[HistoryRow]:
    """One panel row per move: who, the squares (from-to), the program's keys, what it showed."""
    return [HistoryRow(line.number, line.who, line.squares, line.keys, line.shows) for line in lines]


def history_header(game: WolfPicture | WolfSession | WolfSessionView) -> str:
    view = game if isinstance(game, WolfSessionView) else _parts(game)[0]
    return "Set-up: " + " ".join(key_lines(view.setup_keys))


def history_text(game: WolfPicture | WolfSession, title: str) -> str:
    """The whole game as plain text: the set-up, every move in both notations, every key to replay it."""
    view, history, story = _parts(game)
    seats = "; ".join(
        f"{side.value}: {seat_label(seat)}"
        for side, seat in view.seats
    )
    lines = [
        f"# {title}",
        "# machine: TI-57, program by J. Deconchat (L'Ordinateur de poche)",
        f"# the {view.first.value} started (coin toss); {story}",
        f"# {seats}",
        f"# written {datetime.now(timezone.utc).isoformat(timespec='seconds')}",
        "",
        "Set-up keys: " + "   ".join(key_lines(view.setup_keys)),
        "",
        f"{'n':>3}  {'who':<7} {'squares':<16} {'TI-57 keys':<12} display",
    ]
    switches: dict[int, list[str]] = {}
    for change in view.referee_changes:
        switches.setdefault(change.moves, []).append("referee " + ("on" if change.enabled else "off (purist)"))
    for note in switches.get(0, []):
        lines.append(f"{'':>3}  ({note})")
    for line in history:
        lines.append(f"{line.number:>3}  {line.who:<7} {line.squares:<16} {line.keys:<12} {line.shows}".rstrip())
        for note in switches.get(line.number, []):
            lines.append(f"{'':>3}  ({note})")
    lines += ["", "Every key, in order, to replay the game on a TI-57:"]
    lines += [f"  {line}" for line in key_lines(view.keys)]
    lines.append("")
    if view.phase is Phase.OVER and view.result is not None:
        lines.append(f"Game over: the {view.result.winner.value} won ({view.result.reason}).")
    elif view.phase is Phase.FLASHING:
        lines.append(
            f"In progress: the display flashes (SBR {view.collision} refused); CLR, SBR {view.take_back_key} takes it back."
        )
    else:
        lines.append(f"In progress: the {view.to_move.value} to move.")
    return "\n".join(lines) + "\n"

