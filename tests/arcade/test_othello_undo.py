"""Undo and redo of whole turns against the machine, in both Othello games (real drivers).

Undo puts back the driver's snapshot from before the player's last move, so the
machine's reply goes too; redo plays them again; neither works while the machine runs.
"""

from __future__ import annotations

from arcade.shell.app import ArcadeApp
from arcade.screens.hp67_othello.screen import HP67OthelloScreen
from arcade.screens.lazard_othello.screen import LazardOthelloScreen
from arcade.screens.othello.screen import OthelloScreen
from arcade.widgets.dialogs import ResumeDialog
from arcade.storage.saves import SaveStore
from arcade.widgets.board import OthelloBoard
from arcade.widgets.dialogs import SideDialog
from tests.arcade.fake_driver import FakeDriver
from tests.arcade.helpers import handled, flat, move_cursor_to, settle, shown_board, type_keys, wait_until
from tests.arcade.othello_helpers import comparable, hosted


async def play(pilot, screen: OthelloScreen) -> None:  # noqa: ANN001
    board = screen.query_one(OthelloBoard)
    await move_cursor_to(pilot, board, hosted(screen).driver.position.legal_moves()[-1])
    await type_keys(pilot, "enter")
    await settle(pilot, screen)


async def press(pilot, screen: OthelloScreen, key: str) -> None:  # noqa: ANN001
    """Press ``key`` and wait for what it started (undo and redo restore a machine in the worker)."""
    await type_keys(pilot, key)
    await settle(pilot, screen)


async def undo_redo_whole_turns(game: str) -> None:
    app = ArcadeApp(game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SideDialog))
        await type_keys(pilot, "w")
        screen = app.screen
        assert isinstance(screen, OthelloScreen)
        await settle(pilot, screen)
        states = [comparable(hosted(screen).driver.snapshot())]
        for _ in range(2):
            await play(pilot, screen)
            assert hosted(screen).driver.human_to_move and hosted(screen).driver.history[-1].by_machine
            states.append(comparable(hosted(screen).driver.snapshot()))
        assert len(hosted(screen).driver.history) == 4
        await press(pilot, screen, "u")  # the player's second move and the machine's reply are taken back
        assert comparable(hosted(screen).driver.snapshot()) == states[1]
        assert shown_board(app) == hosted(screen).driver.position.rows()
        assert "Undone" in flat(app)
        await press(pilot, screen, "ctrl+z")
        assert comparable(hosted(screen).driver.snapshot()) == states[0] and hosted(screen).driver.history == []
        await press(pilot, screen, "u")
        assert "Nothing to undo" in flat(app) and comparable(hosted(screen).driver.snapshot()) == states[0]
        await press(pilot, screen, "U")
        assert comparable(hosted(screen).driver.snapshot()) == states[1]
        await press(pilot, screen, "U")
        assert comparable(hosted(screen).driver.snapshot()) == states[2]
        assert shown_board(app) == hosted(screen).driver.position.rows()
        saved = SaveStore().load(game)  # the save follows undo and redo
        assert saved is not None and comparable(saved["driver"]) == states[2]
        # after an undo, the machine still plays from the restored state: a different move this time
        await press(pilot, screen, "u")
        board = screen.query_one(OthelloBoard)
        await move_cursor_to(pilot, board, hosted(screen).driver.position.legal_moves()[0])
        await type_keys(pilot, "enter")
        await settle(pilot, screen)
        assert len(hosted(screen).driver.history) == 4 and hosted(screen).driver.human_to_move
        assert shown_board(app) == hosted(screen).driver.position.rows()
        await press(pilot, screen, "U")
        assert "Nothing to redo" in flat(app)  # a new move forgets what was undone
        await press(pilot, screen, "u")
        assert comparable(hosted(screen).driver.snapshot()) == states[1]


async def test_hp67_undo_and_redo_whole_turns() -> None:
    await undo_redo_whole_turns("hp67-othello")


async def test_lazard_undo_and_redo_whole_turns() -> None:
    await undo_redo_whole_turns("lazard-othello")


async def test_lazard_undo_while_typing_on_the_cpc_forgets_the_half_typed_entry() -> None:
    app = ArcadeApp(game="lazard-othello")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SideDialog))
        await type_keys(pilot, "w")
        screen = app.screen
        assert isinstance(screen, LazardOthelloScreen)
        await settle(pilot, screen)
        before = comparable(hosted(screen).driver.snapshot())
        await play(pilot, screen)
        await type_keys(pilot, "t", "c")  # typing on the CPC: a C, not yet RETURN
        assert screen.typing
        screen.action_undo()  # from the palette (the keys go to the CPC while typing)
        await settle(pilot, screen)
        assert comparable(hosted(screen).driver.snapshot()) == before
        assert "C" not in hosted(screen).driver.machine.screen_text()[-1]
        await type_keys(pilot, "d", "enter", "3", "enter")  # the typing goes on, from the restored turn
        await settle(pilot, screen)
        assert hosted(screen).driver.history[0].machine_notation == "D3" and hosted(screen).driver.human_to_move


async def test_no_undo_while_the_machine_thinks() -> None:
    app = ArcadeApp(game="hp67-othello", screens={"hp67-othello": lambda: HP67OthelloScreen(FakeDriver)})
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SideDialog))
        await type_keys(pilot, "w")
        screen = app.screen
        await settle(pilot, screen)
        await play(pilot, screen)
        await move_cursor_to(pilot, screen.query_one(OthelloBoard), hosted(screen).driver.position.legal_moves()[0])
        await type_keys(pilot, "s", "enter")  # real speed: the fake machine takes some 80 s
        await wait_until(pilot, lambda: screen.busy and screen.job_kind == "machine", what="the machine thinking")
        # the session's view, not the driver's history: at real speed the worker first runs the turn at
        # full speed to learn its length and then puts the machine back, so the driver's history may hold
        # the machine's move for a moment; the view holds the game as at its last quiet moment
        state = screen.session.view().history
        assert len(state) == 3  # two whole turns and the person's move the machine answers
        await type_keys(pilot, "u")
        assert "busy" in flat(app)
        screen.action_undo()  # from the palette too, it refuses
        await handled(pilot)
        assert screen.busy and screen.session.view().history[: len(state)] == state
        assert "busy" in flat(app)
        await type_keys(pilot, "s")
        await settle(pilot, screen)
        assert len(hosted(screen).driver.history) == 4


def test_every_othello_binding_has_an_id_and_a_description() -> None:
    for cls in (OthelloScreen, HP67OthelloScreen, LazardOthelloScreen):
        for binding in cls.BINDINGS:
            assert binding.description and binding.id, (cls, binding)
    keys = {b.key: b.id for b in OthelloScreen.BINDINGS}
    assert keys["u,ctrl+z"] == "othello.undo" and keys["U"] == "othello.redo" and keys["p"] == "othello.pause"


async def test_help_lists_the_keys_the_footer_has_no_room_for() -> None:
    from arcade.screens.help import HelpScreen

    app = ArcadeApp(game="lazard-othello")
    async with app.run_test(size=(100, 40)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SideDialog))
        await type_keys(pilot, "w")
        await settle(pilot, app.screen)
        await type_keys(pilot, "question_mark")
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen))
        rows = app.screen.keys.splitlines()
        for keys, description in (("`u` `^z`", "Undo your move"), ("`U`", "Redo"), ("`p`", "Pause"),
                                  ("`H`", "Move history"), ("`x`", "Export the moves"), ("`esc`", "Back")):
            assert any(row.startswith(f"| {keys}") and row.endswith(f"| {description} |") for row in rows), (keys, rows)


async def test_undo_goes_on_after_the_game_is_resumed() -> None:
    app = ArcadeApp(game="hp67-othello")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SideDialog))
        await type_keys(pilot, "w")
        screen = app.screen
        await settle(pilot, screen)
        await play(pilot, screen)
        after_one = comparable(hosted(screen).driver.snapshot())
        await play(pilot, screen)
    app = ArcadeApp(game="hp67-othello")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, ResumeDialog))
        await type_keys(pilot, "r")
        screen = app.screen
        await settle(pilot, screen)
        assert len(hosted(screen).driver.history) == 4
        await press(pilot, screen, "u")  # the undo steps were saved with the game
        assert comparable(hosted(screen).driver.snapshot()) == after_one
        assert shown_board(app) == hosted(screen).driver.position.rows()


async def test_hp67_undo_takes_the_undone_moves_time_off_the_speed_line() -> None:
    """Before: after undo, "HP-67: 45,283 steps, 25 min 09 s real" of the undone reply stayed."""
    app = ArcadeApp(game="hp67-othello")
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SideDialog))
        await type_keys(pilot, "w")
        screen = app.screen
        assert isinstance(screen, HP67OthelloScreen)
        await settle(pilot, screen)
        speed = screen.query_one("#speed")
        for _ in range(2):
            await play(pilot, screen)
        first, second = (r for r in hosted(screen).driver.history if r.by_machine)
        assert first.machine_steps != second.machine_steps
        assert f"HP-67: {second.machine_steps:,} steps" in str(speed.render())
        await press(pilot, screen, "u")  # the second turn goes: the first reply's time stands
        assert f"HP-67: {first.machine_steps:,} steps" in str(speed.render()), str(speed.render())
        await press(pilot, screen, "u")  # nothing played: no time
        assert "steps" not in str(speed.render()) and "Speed:" in str(speed.render())
