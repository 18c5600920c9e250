"""Move history, export, pause and keys in both TI-57 games.

An exported game is replayed key by key on a bare TI-57 with the same listing: it
must end with the same registers and display, so the text really lets a player
replay the game on a real calculator.  In the duel, the history and the export exist
only once the game is over, and the pause hides everything (checked on the screen).
"""

from __future__ import annotations

import re

from arcade.shell.app import ArcadeApp
from arcade.screens.help import HelpScreen, keys_markdown
from arcade.screens.ti57_duel.screen import HandOff, TI57DuelScreen
from arcade.screens.ti57_wolf.screen import TI57WolfScreen
from arcade.widgets.history import MoveHistory
from games.ti57_duel import load_program as duel_program
from games.ti57_wolf import Side
from tests.arcade.helpers import flat, replay_ti57_export, screen_text, settle, type_keys, wait_until
from tests.arcade.duel_helpers import hosted, FrameWatch, board_cells, both_placed, lift_curtain, move

SQUARE = re.compile(r"\d\.\d")


def wolf_app(first: Side, purist: bool = False) -> ArcadeApp:
    """The wolf's history, export and pause are tested in test_ti57_wolf_export.py and test_ti57_wolf_screen.py."""
    return ArcadeApp(
        game="ti57-wolf",
        screens={"ti57-wolf": lambda: TI57WolfScreen(coin=lambda: first, purist=purist, blink=False)},
    )


def duel_app() -> ArcadeApp:
    return ArcadeApp(game="ti57-duel", screens={"ti57-duel": lambda: TI57DuelScreen(pause_seconds=0.02, blink=False)})


async def test_duel_history_hidden_until_the_end_then_shown_and_exported() -> None:
    app = duel_app()
    watch = FrameWatch(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await both_placed(pilot, watch, (2, 3), (4, 5))
        await move(pilot, watch, 1, 2, "6")  # 2 SBR 1: to 3.3
        screen = await lift_curtain(pilot, 2)
        await type_keys(pilot, "H", "w")  # no history, no export while the game goes on
        assert not screen.history_shown and screen.saves.exported is None
        assert not screen.query_one(MoveHistory).display and not screen.query_one(MoveHistory).rows
        assert "SBR" not in screen_text(app)  # nor any key typed
        watch.squares[2] = (3, 4)
        await type_keys(pilot, "1")  # 5 SBR 2: to 3.4
        await settle(pilot, screen)
        screen = await move(pilot, watch, 1, 8, "8")  # 8 SBR 1: onto 3.4, the capture
        assert screen.phase == "over"
        await type_keys(pilot, "H")
        await wait_until(pilot, lambda: re.search(r"1 Player 1 → E to 3\.3 2 SBR 1", screen_text(app)), what="the history")
        text = screen_text(app)
        assert screen.query_one(MoveHistory).header == "Keys: 20 STO 0 2nd Fix 1 CLR 2.3 STO 1 CLR 4.5 STO 2 CLR"
        assert re.search(r"1 Player 1 → E to 3\.3 2 SBR 1", text) and re.search(r"3 Player 1 ↑ N to 3\.4 8 SBR 1", text)
        await type_keys(pilot, "w")
        await wait_until(pilot, lambda: screen.saves.exported is not None, what="the export")
        exported = screen.saves.exported.read_text(encoding="utf-8")
        assert "Player 1 captured Player 2 on 3.4." in exported and "shows 3.4 then 9.9 99 flashing" in exported
        machine = replay_ti57_export(exported, duel_program())
        assert machine.register(1) == machine.register(2) == hosted(screen).game.machine.register(1)
        assert machine.flashing and machine.display == hosted(screen).game.machine.display
    assert not watch.leaks, watch.leaks[0]


async def test_duel_pause_hides_everything_and_hands_off_again() -> None:
    app = duel_app()
    watch = FrameWatch(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await both_placed(pilot, watch, (2, 3), (7, 6))
        screen = await lift_curtain(pilot, 1)
        app.notify("You are on 2.3")  # a toast with something private in it
        await wait_until(pilot, lambda: "You are on 2.3" in screen_text(app), what="the toast")
        await type_keys(pilot, "p")
        await wait_until(pilot, lambda: "Paused: everything is hidden." in screen_text(app), what="the pause")
        text = screen_text(app)
        assert "Paused: everything is hidden." in text
        assert not board_cells(text) and not SQUARE.search(text) and "Player 1:" not in text
        assert "paused" in text  # the title says so, and nothing else
        await type_keys(pilot, "6", "i", "s")  # nothing works but p
        assert hosted(screen).game.turns == [] and not SQUARE.search(screen_text(app))
        await type_keys(pilot, "p")
        await wait_until(pilot, lambda: isinstance(app.screen, HandOff), what="the curtain")
        assert isinstance(app.screen, HandOff) and "Back from the pause" in flat(app)
        screen = await lift_curtain(pilot, 1)
        assert board_cells(screen_text(app))[(2, 3)] == "1"
    assert not watch.leaks, watch.leaks[0]


async def test_every_binding_has_an_id_and_question_mark_lists_the_new_keys() -> None:
    for screen_class in (TI57WolfScreen, TI57DuelScreen, HandOff):
        for binding in screen_class.BINDINGS:
            assert binding.id, f"{screen_class.__name__}: {binding.key} has no id"
    app = wolf_app(Side.LAMBS)  # Tab (next lamb) is offered on the lambs' turn only
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TI57WolfScreen) and app.screen.saves.ready)
        keys = keys_markdown(app.screen)
        for words in ("| `z` `ctrl+z` | Undo |", "| `U` | Redo |", "| `p` | Pause |", "| `H` | Move history |",
                      "| `x` | Export the moves |", "| `r` | Purist |"):
            assert words in keys.replace("^z", "ctrl+z"), keys
        assert re.search(r"\| `tab` .*\| Next lamb \|", keys)
        await type_keys(pilot, "question_mark")
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen), what="the help")
        assert isinstance(app.screen, HelpScreen)
