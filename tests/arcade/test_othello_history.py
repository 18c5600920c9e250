"""The move history: a side panel with every move in both notations and its keys; exported as text."""

from __future__ import annotations

from arcade.runtime.textual_compat import notifications
from arcade.shell.app import ArcadeApp
from arcade.screens.hp67_othello.printer import key_sequence
from arcade.screens.othello.screen import OthelloScreen
from arcade.storage.saves import SaveStore
from arcade.widgets.board import OthelloBoard
from arcade.widgets.dialogs import SideDialog
from arcade.widgets.history import MoveHistory
from tests.arcade.othello_helpers import hosted, reload
from tests.arcade.helpers import move_cursor_to, screen_text, settle, type_keys, wait_until


async def start(pilot, side: str = "b") -> OthelloScreen:  # noqa: ANN001
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, SideDialog))
    await type_keys(pilot, side)
    screen = pilot.app.screen
    assert isinstance(screen, OthelloScreen)
    await settle(pilot, screen)
    return screen


async def play_moves(pilot, screen: OthelloScreen, n: int) -> None:  # noqa: ANN001
    for _ in range(n):
        await move_cursor_to(pilot, screen.query_one(OthelloBoard), hosted(screen).driver.position.legal_moves()[0])
        await type_keys(pilot, "enter")
        await settle(pilot, screen)


def test_hp67_key_sequence_is_what_to_press_on_a_real_calculator() -> None:
    assert key_sequence(["6", ".", "4", "B"], ["6.4"], by_machine=False) == "6 . 4 B"
    assert key_sequence(["R/S"], ["5.3", "0.0"], by_machine=True) == "[5.3] R/S [0.0]"
    assert key_sequence(["DSP 1", "E", "R/S"], ["192.0", "0.0"], by_machine=True) == "DSP 1 E [192.0] R/S [0.0]"


async def test_hp67_history_panel_lists_every_move_in_both_notations_with_its_keys() -> None:
    app = ArcadeApp(game="hp67-othello")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot)  # the HP-67 plays Black and opens
        await play_moves(pilot, screen, 2)
        await type_keys(pilot, "H")
        await wait_until(pilot, lambda: screen.query_one(MoveHistory).region.area, what="the history panel")
        panel = screen.query_one(MoveHistory)
        assert panel.region.area and not screen.query_one("#calculator").region.area  # in the calculator's place
        r = panel.region
        assert r.right <= 80 and r.bottom <= 23
        text = screen_text(app)
        history = hosted(screen).driver.history
        assert len(history) == 5 and len(panel.rows) == 5
        assert panel.header.startswith("start: DSP 1 E [192.0] R/S [0.0]")
        for n, (record, row) in enumerate(zip(history, panel.rows), 1):
            assert row.number == n
            assert row.standard == record.standard_notation and row.machine == record.machine_notation
            assert row.keys == key_sequence(record.keys, record.displays, by_machine=record.by_machine)
            assert ("HP-67" in row.who) == record.by_machine
            assert f"{record.standard_notation:<4} {record.machine_notation}" in text
        # B starts the calculator's first search; it shows its move, R/S records it, 0.0: ready
        assert panel.rows[0].keys == f"B [{history[0].machine_notation}] R/S [0.0]"
        await type_keys(pilot, "H")
        await wait_until(pilot, lambda: not panel.region.area, what="the history panel hidden")
        assert not panel.region.area and screen.query_one("#calculator").region.area


async def test_export_writes_the_moves_as_text_and_says_where() -> None:
    app = ArcadeApp(game="hp67-othello")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(pilot, "w")
        await play_moves(pilot, screen, 2)
        await type_keys(pilot, "x")
        await wait_until(pilot, lambda: screen.saves.exported is not None)
        path = screen.saves.exported
        assert path is not None and path.parent == SaveStore().directory and path.suffix == ".txt"
        assert any(path.name in n.message.splitlines() for n in notifications(app))  # the name on its own line
        lines = path.read_text(encoding="utf-8").splitlines()
        assert lines[0] == "# Othello on the HP-67"
        assert "start: DSP 1 E [192.0] CHS R/S [0.0]" in lines
        moves = [line for line in lines if line[:3].strip().isdigit()]
        assert len(moves) == len(hosted(screen).driver.history) == 4
        for line, record in zip(moves, hosted(screen).driver.history):
            player = ("White HP-67" if record.by_machine else "Black you")
            assert line.split()[0] == str(hosted(screen).driver.history.index(record) + 1)
            assert player in line and f" {record.standard_notation} " in line and f" {record.machine_notation} " in line
            assert line.endswith(key_sequence(record.keys, record.displays, by_machine=record.by_machine))
        black, white = hosted(screen).driver.position.score()
        assert lines[-1] == f"Game in progress: Black {black}, White {white}; Black to move."


async def test_lazard_history_shows_the_keys_typed_on_the_cpc() -> None:
    app = ArcadeApp(game="lazard-othello")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot, "w")
        await play_moves(pilot, screen, 1)
        await type_keys(pilot, "H")
        await wait_until(pilot, lambda: screen.query_one(MoveHistory).region.area, what="the history panel")
        panel = screen.query_one(MoveHistory)
        first, reply = panel.rows
        assert (first.standard, first.machine, first.keys) == ("d3", "D3", "D RETURN 3 RETURN")
        assert reply.machine == reply.standard.upper() and "CPC" in reply.who
        assert "D RETURN 3 RETURN" in screen_text(app)
        assert not screen.query_one("#cpc").region.area
