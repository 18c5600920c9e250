"""Screens hold their parts as objects, not mixin chains: no screen is more than 3 project classes deep.

Every screen the arcade can show is reached from the catalog (the games, the rooms, and the
screens no launcher entry starts: ``arcade match --watch``, ``arcade host`` / ``join``), and with
them every ``Screen`` subclass the project defines in the modules they import (the dialogs, the
help page).  A screen's project classes are those of its MRO from ``arcade``, ``games`` or
``machines``: a game's screen, its layout's (``TI57Screen``, ``OthelloScreen``) and ``GameScreen``
at most.  What more a screen needs is a part it holds (``screen.saves``, ``screen.net``...).
"""

from __future__ import annotations

from textual.screen import Screen

from arcade.shell import catalog
from arcade.shell.catalog import load

PROJECT = ("arcade", "games", "machines")
DEEPEST = 3


def project_classes(klass: type) -> list[str]:
    return [f"{base.__module__}.{base.__qualname__}" for base in klass.__mro__
            if base.__module__.partition(".")[0] in PROJECT]


def reachable_screens() -> list[type[Screen]]:
    """The catalog's screens, and every project ``Screen`` subclass known once they are imported."""
    found: dict[type, None] = {load(name): None for name in catalog.all_screens()}
    stack: list[type] = [Screen]
    while stack:
        for sub in stack.pop().__subclasses__():
            stack.append(sub)
            if sub.__module__.partition(".")[0] in PROJECT:
                found[sub] = None
    return list(found)


def test_the_walk_reaches_the_games_and_the_screens_across_two_terminals() -> None:
    names = {klass.__name__ for klass in reachable_screens()}
    assert {"TI57DuelScreen", "TI57WolfScreen", "HP67OthelloScreen", "LazardOthelloScreen", "NetDuelScreen",
            "NetWolfScreen", "JoiningScreen", "MatchScreen", "CpcRoomScreen"} <= names


def test_no_screen_is_more_than_three_project_classes_deep() -> None:
    deep = {klass.__qualname__: project_classes(klass) for klass in reachable_screens()
            if len(project_classes(klass)) > DEEPEST}
    assert deep == {}


def test_every_layout_and_row_widget_gives_the_hooks_its_base_leaves_open() -> None:
    """``TI57Screen.frame`` and ``KeptRows.row_key``/``draw_row`` raise ``NotImplementedError``: the
    base leaves them to each subclass.  Every subclass the arcade shows gives them (none inherits the
    base's), so none can reach the ``raise``."""
    from arcade.screens.ti57_screen import TI57Screen
    from arcade.widgets.kept_rows import KeptRows

    reachable_screens()  # every screen module imported, and the widgets they use with them

    def subclasses(base: type) -> list[type]:
        found, stack = [], [base]
        while stack:
            for sub in stack.pop().__subclasses__():
                stack.append(sub)
                found.append(sub)
        return found

    open_hooks = {(klass.__qualname__, hook) for base, hooks in ((TI57Screen, ("frame",)), (KeptRows, ("row_key", "draw_row")))
                  for klass in subclasses(base) if klass.__module__.startswith("arcade.")
                  for hook in hooks if getattr(klass, hook) is getattr(base, hook)}
    assert len(subclasses(TI57Screen)) >= 4 and len(subclasses(KeptRows)) >= 6
    assert open_hooks == set()
