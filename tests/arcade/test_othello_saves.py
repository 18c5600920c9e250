"""Save and resume in both Othello games: quitting keeps the game, the launcher offers it back.

Real drivers on their real machines (the HP-67 and the CPC, at instant speed); the
saves go to the test's own ARCADE_DATA_DIR (tests/arcade/conftest.py).
"""

from __future__ import annotations

import json
from pathlib import Path

from arcade.runtime.textual_compat import notifications
from arcade.shell.app import ArcadeApp
from arcade.widgets.dialogs import ResumeDialog
from arcade.screens.hp67_othello.screen import HP67OthelloScreen
from arcade.shell.launcher import GameCard, LauncherScreen
from arcade.screens.othello.screen import OthelloScreen
from arcade.storage.saves import FORMAT_VERSION, SaveStore
from arcade.widgets.board import OthelloBoard
from arcade.widgets.dialogs import SideDialog
from arcade.widgets.tape import PrinterTape
from games.othello.referee import Disc
from tests.arcade.helpers import flat, move_cursor_to, screen_text, settle, shown_board, type_keys, wait_until
from tests.arcade.othello_helpers import hosted, reload, comparable, save_machine_to_move

CARD_KEYS = {"hp67-othello": [], "lazard-othello": ["j", "j", "j"]}


async def open_from_launcher(pilot, game: str) -> None:  # noqa: ANN001
    await type_keys(pilot, *CARD_KEYS[game], "enter")
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, (SideDialog, ResumeDialog)), what="the game's question")


async def play_moves(pilot, screen: OthelloScreen, count: int = 1) -> None:  # noqa: ANN001
    """The player's next ``count`` moves (each answered by the machine), by cursor and Enter."""
    board = screen.query_one(OthelloBoard)
    for _ in range(count):
        await move_cursor_to(pilot, board, hosted(screen).driver.position.legal_moves()[0])
        await type_keys(pilot, "enter")
        await settle(pilot, screen)


async def quit_mid_game_then_resume(game: str, quit_keys: list[str]) -> None:
    app = ArcadeApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_from_launcher(pilot, game)
        assert isinstance(app.screen, SideDialog)  # no save yet: straight to the side
        await type_keys(pilot, "w")
        screen = app.screen
        assert isinstance(screen, OthelloScreen)
        await settle(pilot, screen)
        await play_moves(pilot, screen, 2)
        await type_keys(pilot, "m", "H")  # settings the save keeps: hints off, the history shown
        kept = comparable(hosted(screen).driver.snapshot())
        moves = len(hosted(screen).driver.history)
        tape = list(screen.query_one(PrinterTape).printed) if isinstance(screen, HP67OthelloScreen) else []
        await type_keys(pilot, *quit_keys)
    path = SaveStore().path_for(game)
    assert path.is_file()
    envelope = json.loads(path.read_text(encoding="utf-8"))
    assert envelope["format"] == FORMAT_VERSION and envelope["summary"] == f"move {moves}"
    assert comparable(envelope["state"]["driver"]) == kept
    assert len(envelope["state"]["moves"]) == moves
    assert envelope["state"]["settings"]["show_legal"] is False and envelope["state"]["settings"]["history"] is True

    app = ArcadeApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, LauncherScreen)
                         and f"saved game: move {moves}" in screen_text(app), what="the launcher and its save's note")
        launcher = app.screen
        assert isinstance(launcher, LauncherScreen)
        card = launcher.query_one(f"#card-{game}", GameCard)
        assert f"saved game: move {moves}" in screen_text(app)
        assert card.save_note == f"saved game: move {moves}"
        await open_from_launcher(pilot, game)
        assert isinstance(app.screen, ResumeDialog)
        assert f"move {moves}" in flat(app)
        await type_keys(pilot, "r")
        await settle(pilot, app.screen)
        screen = app.screen
        assert isinstance(screen, OthelloScreen)
        assert comparable(hosted(screen).driver.snapshot()) == kept
        assert shown_board(app) == hosted(screen).driver.position.rows()
        assert not screen.query_one(OthelloBoard).show_legal and screen.history_shown
        assert f"Resumed the saved game at move {moves}" in flat(app)
        if isinstance(screen, HP67OthelloScreen):  # the printer tape prints the resumed game again, key by key
            assert screen.query_one(PrinterTape).printed == tape
        # the resumed machine goes on playing: one more turn, answered
        await play_moves(pilot, screen)
        assert len(hosted(screen).driver.history) == moves + 2
        assert shown_board(app) == hosted(screen).driver.position.rows()


async def test_hp67_quit_from_the_launcher_keeps_the_game_and_resumes_it() -> None:
    await quit_mid_game_then_resume("hp67-othello", ["escape", "q"])  # back, then q on the launcher


async def test_lazard_ctrl_q_in_the_game_keeps_it_and_resumes_it() -> None:
    await quit_mid_game_then_resume("lazard-othello", ["ctrl+q"])


async def test_hp67_ctrl_c_in_the_game_keeps_it_and_resumes_it() -> None:
    await quit_mid_game_then_resume("hp67-othello", ["ctrl+c"])


async def test_closing_the_app_mid_move_keeps_the_position_before_the_machines_move() -> None:
    """The app ends (as when the terminal closes) while the HP-67 thinks at its real speed."""
    kept = save_machine_to_move("hp67-othello", instant=False)
    app = ArcadeApp(game="hp67-othello")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, ResumeDialog))
        await type_keys(pilot, "r")  # resume: the calculator is to move, and starts thinking at once
        await wait_until(pilot, lambda: isinstance(app.screen, OthelloScreen) and app.screen.job_kind == "machine",
                         what="the HP-67 thinking")
        screen = app.screen
        assert screen.busy and screen.view.machine_to_move and not screen.instant
    state = SaveStore().load("hp67-othello")
    assert state is not None and comparable(state["driver"]) == comparable(kept)
    assert state["settings"]["instant"] is False


async def test_resume_or_new_game_and_a_finished_game_is_not_kept() -> None:
    app = ArcadeApp(game="lazard-othello")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SideDialog))
        await type_keys(pilot, "b")  # the CPC opens: its move is saved
        await settle(pilot, app.screen)
    assert SaveStore().info("lazard-othello").summary == "move 1"
    app = ArcadeApp(game="lazard-othello")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, ResumeDialog))
        await type_keys(pilot, "n")  # a new game instead
        await wait_until(pilot, lambda: isinstance(app.screen, SideDialog))
        await type_keys(pilot, "w")
        screen = app.screen
        await settle(pilot, screen)
        assert hosted(screen).driver.history == [] and hosted(screen).driver.machine_color is Disc.WHITE
        assert SaveStore().info("lazard-othello").summary == "move 0"  # the new game replaced the old save
        # a game that ends is not offered again
        from games.othello.referee import Position

        hosted(screen).driver.position = Position.from_rows(["XXXXXXXX"] * 7 + ["XXXXXXXX"], Disc.BLACK)
        await reload(pilot, screen)  # the referee sees the end
        assert screen.saves.save() is None
    assert not SaveStore().exists("lazard-othello")


async def test_a_corrupt_save_is_reported_by_name_in_the_launcher_and_kept_aside(arcade_data_dir: Path) -> None:
    saves = arcade_data_dir / "saves"
    saves.mkdir(parents=True)
    (saves / "hp67-othello.json").write_text('{"format": 1, "game": "hp67-othello", "state": {"dri', encoding="utf-8")
    app = ArcadeApp()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_until(pilot, lambda: "save unreadable" in screen_text(app))
        notes = [n.message for n in notifications(app)]
        assert any("hp67-othello.json" in m and "hp67-othello.corrupt-1.json" in m for m in notes), notes
        assert "save unreadable" in screen_text(app)
        await type_keys(pilot, "enter")  # the game itself starts afresh: nothing left to resume
        await wait_until(pilot, lambda: isinstance(app.screen, SideDialog))
    assert (saves / "hp67-othello.corrupt-1.json").read_text(encoding="utf-8").endswith('"dri')
    assert not (saves / "hp67-othello.json").exists()


async def test_a_save_from_another_version_is_refused_with_the_reason() -> None:
    store = SaveStore()
    store.save("hp67-othello", {"driver": {}, "moves": []}, saved_at="2026-01-01T00:00:00+00:00", summary="move 3")
    path = store.path_for("hp67-othello")
    envelope = json.loads(path.read_text(encoding="utf-8"))
    envelope["format"] = FORMAT_VERSION + 1
    path.write_text(json.dumps(envelope), encoding="utf-8")
    app = ArcadeApp(game="hp67-othello")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SideDialog))  # a new game is offered instead
        notes = " ".join(n.message for n in notifications(app))
        assert "hp67-othello.json" in notes and f"version {FORMAT_VERSION + 1}" in notes


async def test_a_save_that_does_not_restore_is_kept_aside_and_reported() -> None:
    store = SaveStore()
    store.save("hp67-othello", {"driver": {"machine": "not a machine"}, "moves": [{}]},
               saved_at="2026-01-01T00:00:00+00:00", summary="move 1")
    app = ArcadeApp(game="hp67-othello")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, ResumeDialog))
        await type_keys(pilot, "r")
        await wait_until(pilot, lambda: isinstance(app.screen, SideDialog), what="a new game offered")
        notes = " ".join(n.message for n in notifications(app))
        assert "hp67-othello.json could not be restored" in notes and "unusable" in notes
        await type_keys(pilot, "w")
        screen = app.screen
        assert isinstance(screen, HP67OthelloScreen)
        await settle(pilot, screen)
        assert hosted(screen).driver.history == [] and hosted(screen).driver.human_to_move
    assert [p.name for p in store.directory.glob("hp67-othello.unusable-*.json")]


async def test_a_machine_host_that_dies_is_said_and_the_game_offered_again_from_its_last_save_process(
        monkeypatch) -> None:  # noqa: ANN001
    """The host process killed in the middle of a game (a crash, the OOM killer): one sentence says
    so, the resume question offers the game as last saved, and it plays on in a new host."""
    import os
    import signal

    monkeypatch.setenv("ARCADE_MACHINE_HOST", "process")
    app = ArcadeApp(game="hp67-othello")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SideDialog), what="the side question")
        await type_keys(pilot, "w")
        screen = app.screen
        assert isinstance(screen, OthelloScreen)
        await settle(pilot, screen)
        board = screen.query_one(OthelloBoard)
        await move_cursor_to(pilot, board, min(screen.view.legal))
        await type_keys(pilot, "enter")
        await settle(pilot, screen)
        moves = screen.view.moves_played
        assert moves == 2 and SaveStore().load("hp67-othello") is not None
        host = screen.table.client.pid
        os.kill(host, signal.SIGKILL)
        await wait_until(pilot, lambda: isinstance(app.screen, ResumeDialog), what="the game offered again")
        assert "The HP-67 stopped working" in screen.message and "from its last save" in screen.message
        await type_keys(pilot, "r")
        await settle(pilot, screen)
        await wait_until(pilot, lambda: screen.view.moves_played == moves, what="the game resumed")
        assert screen.table.client.pid != host
        await move_cursor_to(pilot, board, min(screen.view.legal))
        await type_keys(pilot, "enter")
        await settle(pilot, screen)
        assert screen.view.moves_played == moves + 2  # it plays on, in the new host
