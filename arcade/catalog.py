"""The games the launcher offers: one entry per game, registered by name.

A game's screen is named by a dotted path (``package.module:Class``) and imported
only when the game starts, so the launcher opens instantly and a game whose
screen does not exist yet is shown as "coming soon" rather than pretending.
Later screens register themselves by giving their entry a ``screen`` path.
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from textual.screen import Screen


@dataclass(frozen=True)
class GameEntry:
    """One card of the launcher."""

    id: str  # short name used by ``--game`` and as the app mode name
    title: str
    machine: str
    year: str
    author: str
    pitch: str
    screen: str | None = None  # "module:Class" of the game's Screen; None: not playable yet
    help: Path | None = None  # Markdown shown by the help screen
    requires: tuple[str, ...] = ()  # modules the game needs (its driver, its machine)

    @property
    def available(self) -> bool:
        """The screen is written and the modules it needs are installed."""
        if self.screen is None:
            return False
        try:
            return all(importlib.util.find_spec(m) is not None for m in (self.screen.partition(":")[0], *self.requires))
        except ModuleNotFoundError:  # a missing parent package
            return False

    def load_screen(self) -> type[Screen]:
        """Import and return the game's Screen class."""
        if self.screen is None:
            raise LookupError(f"{self.title} is not playable yet")
        module_name, _, class_name = self.screen.partition(":")
        return getattr(importlib.import_module(module_name), class_name)

    def help_text(self) -> str:
        if self.help is not None and self.help.exists():
            return self.help.read_text(encoding="utf-8")
        return f"# {self.title}\n\n{self.pitch}\n"


_HERE = Path(__file__).parent
_CATALOG: dict[str, GameEntry] = {}


def register(entry: GameEntry) -> GameEntry:
    """Add (or replace) a game; the launcher shows games in registration order."""
    _CATALOG[entry.id] = entry
    return entry


def games() -> list[GameEntry]:
    return list(_CATALOG.values())


def get(game_id: str) -> GameEntry:
    try:
        return _CATALOG[game_id]
    except KeyError:
        known = ", ".join(_CATALOG)
        raise LookupError(f"no game named {game_id!r}; the games are: {known}") from None


register(
    GameEntry(
        id="hp67-othello",
        title="Othello",
        machine="HP-67 / HP-97 calculator",
        year="2016 (for a 1976 machine)",
        author="Jean-Marc Verniajou",
        pitch="An Othello player in 199 program steps, thinking at 30 steps/s.",
        screen="arcade.hp67_othello.screen:HP67OthelloScreen",
        help=_HERE / "hp67_othello" / "help.md",
        requires=("games.hp67_othello.driver", "machines.hp67"),
    )
)
register(
    GameEntry(
        id="ti57-duel",
        title="Blind duel",
        machine="TI-57 calculator",
        year="early 1980s",
        author="Jacques Deconchat (L'Ordinateur de poche)",
        pitch="Hide and hunt on a 10x10 board, two players passing the keyboard.",
        screen="arcade.ti57_duel.screen:TI57DuelScreen",
        help=_HERE / "ti57_duel" / "help.md",
        requires=("games.ti57_duel.driver", "machines.ti57"),
    )
)
register(
    GameEntry(
        id="ti57-wolf",
        title="Wolf and lambs",
        machine="TI-57 calculator",
        year="early 1980s",
        author="Jacques Deconchat (L'Ordinateur de poche)",
        pitch="Four lambs try to pen in a wolf, refereed by a TI-57.",
        screen="arcade.ti57_wolf.screen:TI57WolfScreen",
        help=_HERE / "ti57_wolf" / "help.md",
        requires=("games.ti57_wolf.driver", "machines.ti57"),
    )
)
register(
    GameEntry(
        id="lazard-othello",
        title="Lazard Othello",
        machine="Amstrad CPC 6128, Locomotive BASIC",
        year="1985",
        author="Emmanuel Lazard (Jeux & Strategie n°35)",
        pitch="A magazine type-in Othello in BASIC, on its own emulated CPC.",
        screen="arcade.lazard_othello.screen:LazardOthelloScreen",
        help=_HERE / "lazard_othello" / "help.md",
        requires=("games.lazard_othello.driver", "machines.cpc"),
    )
)
register(
    GameEntry(
        id="hp67-room",
        title="HP-67 machine room",
        machine="HP-67 / HP-97 calculator",
        year="1976",
        author="Hewlett-Packard",
        pitch="Key programs in W/PRGM, run them, read and write cards.",
        screen="arcade.room.hp67:HP67RoomScreen",
        help=_HERE / "room" / "hp67.md",
        requires=("games.workshop.hp67_room", "machines.hp67"),
    )
)
register(
    GameEntry(
        id="ti57-room",
        title="TI-57 machine room",
        machine="TI-57 calculator",
        year="1977",
        author="Texas Instruments",
        pitch="Key programs in LRN mode, step, run and pause them.",
        screen="arcade.room.ti57:TI57RoomScreen",
        help=_HERE / "room" / "ti57.md",
        requires=("games.workshop.ti57_room", "machines.ti57"),
    )
)
