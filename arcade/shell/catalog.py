"""The games the launcher offers: one entry per game, registered by name.

A game's screen is named by a dotted path (``package.module:Class``) and imported
only when the game starts, so the launcher's first frame costs no game, its
driver or its machine.  Nothing here imports a screen: the entry also names the
binding ids its screen declares (``bindings``, glob patterns such as
``"othello.*"``), so a keymap that remaps no game key imports no game, and one
that does imports only the screens it names (``screens_for_binding``).
A game whose screen does not exist yet is shown as "coming soon".
"""

from __future__ import annotations

import fnmatch
import importlib
import importlib.machinery
import importlib.util
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from textual.screen import Screen


def module_exists(name: str) -> bool:
    """Is the module ``name`` installed?  Found on the path without importing it or its packages
    (``importlib.util.find_spec`` would run every parent ``__init__``: a game's, a machine's)."""
    top, *rest = name.split(".")
    spec = importlib.util.find_spec(top) if top not in sys.modules else sys.modules[top].__spec__
    for part in rest:
        if spec is None or not spec.submodule_search_locations:
            return False
        spec = importlib.machinery.PathFinder.find_spec(part, list(spec.submodule_search_locations))
    return spec is not None


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
    bindings: tuple[str, ...] = ()  # the binding ids its screen declares, as glob patterns
    room: bool = False  # a machine room (a machine to use on its own), listed apart from the games

    @property
    def available(self) -> bool:
        """The screen is written and the modules it needs are installed."""
        if self.screen is None:
            return False
        return all(module_exists(m) for m in (self.screen.partition(":")[0], *self.requires))

    def load_screen(self) -> type[Screen]:
        """Import and return the game's Screen class."""
        if self.screen is None:
            raise LookupError(f"{self.title} is not playable yet")
        return load(self.screen)

    def declares(self, binding_id: str) -> bool:
        """Does this game's screen (by its entry) declare ``binding_id``?"""
        return any(fnmatch.fnmatchcase(binding_id, pattern) for pattern in self.bindings)

    def help_text(self) -> str:
        if self.help is not None and self.help.exists():
            return self.help.read_text(encoding="utf-8")
        return f"# {self.title}\n\n{self.pitch}\n"


_HERE = Path(__file__).parent.parent / "screens"
_CATALOG: dict[str, GameEntry] = {}


def register(entry: GameEntry) -> GameEntry:
    """Add (or replace) a game; the launcher shows games in registration order."""
    _CATALOG[entry.id] = entry
    return entry


def entries() -> list[GameEntry]:
    """Everything the arcade can open: the games, then the machine rooms."""
    return list(_CATALOG.values())


def games() -> list[GameEntry]:
    """The games, as the launcher lists them."""
    return [e for e in _CATALOG.values() if not e.room]


def rooms() -> list[GameEntry]:
    """The machine rooms, listed on the launcher's second page (key r)."""
    return [e for e in _CATALOG.values() if e.room]


SCREENS_OUTSIDE_THE_LAUNCHER: dict[str, tuple[str, ...]] = {
    "arcade.screens.match.screen:MatchScreen": ("match.*", "results.*", "arcade.back"),
    "arcade.screens.match.app:LeaveDialog": ("leave.*",),
    "arcade.screens.netplay.duel:NetDuelScreen": ("duel.*", "ti57.*", "net.*"),  # arcade host / join
    "arcade.screens.netplay.wolf:NetWolfScreen": ("wolf.*", "ti57.*", "net.*"),
    "arcade.screens.netplay.open:JoiningScreen": ("net.*",),
}
"""Screens with remappable keys that no catalog entry starts (``arcade match --watch``, ``arcade host``), with
their binding ids."""


def all_screens() -> list[str]:
    """Every "module:Class" screen with bindings of its own: the games', then the others."""
    return [e.screen for e in entries() if e.screen] + list(SCREENS_OUTSIDE_THE_LAUNCHER)


def screens_for_binding(binding_id: str) -> list[str]:
    """The "module:Class" of the screens that may declare ``binding_id`` (none: a shell binding or unknown)."""
    found = [e.screen for e in entries() if e.screen and e.declares(binding_id)]
    found += [s for s, patterns in SCREENS_OUTSIDE_THE_LAUNCHER.items() if any(fnmatch.fnmatchcase(binding_id, p) for p in patterns)]
    return found


def load(screen: str) -> type:
    """Import and return the class a "module:Class" path names."""
    module_name, _, class_name = screen.partition(":")
    return getattr(importlib.import_module(module_name), class_name)


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
        screen="arcade.screens.hp67_othello.screen:HP67OthelloScreen",
        help=_HERE / "hp67_othello" / "help.md",
        requires=("games.hp67_othello.driver", "machines.hp67"),
        bindings=("othello.*", "hp67.*", "arcade.back"),
    )
)
register(
    GameEntry(
        id="ti57-duel",
        title="Blind duel",
        machine="TI-57 calculator",
        year="early 1980s",
        author="Jacques Deconchat (L'Ordinateur de poche)",
        pitch="Hide and hunt on a 10x10 board, against a friend or the computer.",
        screen="arcade.screens.ti57_duel.screen:TI57DuelScreen",
        help=_HERE / "ti57_duel" / "help.md",
        requires=("games.ti57_duel.driver", "machines.ti57"),
        bindings=("duel.*", "ti57.*", "arcade.back"),
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
        screen="arcade.screens.ti57_wolf.screen:TI57WolfScreen",
        help=_HERE / "ti57_wolf" / "help.md",
        requires=("games.ti57_wolf.driver", "machines.ti57"),
        bindings=("wolf.*", "ti57.*", "arcade.back"),
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
        screen="arcade.screens.lazard_othello.screen:LazardOthelloScreen",
        help=_HERE / "lazard_othello" / "help.md",
        requires=("games.lazard_othello.driver", "machines.cpc"),
        bindings=("othello.*", "cpc.*", "arcade.back"),
    )
)
register(
    GameEntry(
        id="cpc-room",
        title="Amstrad CPC 6128 machine room",
        machine="Amstrad CPC 6128, Locomotive BASIC",
        year="1985",
        author="Amstrad, Locomotive Software",
        pitch="Its Ready prompt: type, LIST, EDIT, RUN, SAVE; change a game's program.",
        screen="arcade.screens.room.cpc:CpcRoomScreen",
        help=_HERE / "room" / "cpc_help.md",
        requires=("games.workshop.cpc_room", "machines.cpc"),
        bindings=("room.*",),
        room=True,
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
        screen="arcade.screens.room.hp67:HP67RoomScreen",
        help=_HERE / "room" / "hp67.md",
        requires=("games.workshop.hp67_room", "machines.hp67"),
        bindings=("room.*", "hp67room.*", "cards.*"),
        room=True,
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
        screen="arcade.screens.room.ti57:TI57RoomScreen",
        help=_HERE / "room" / "ti57.md",
        requires=("games.workshop.ti57_room", "machines.ti57"),
        bindings=("room.*",),
        room=True,
    )
)
