"""Save and resume in the TI-57 duel: quitting keeps the game, the launcher offers it, resume is exact.

(The wolf's saves: tests/games/test_ti57_wolf_session.py and tests/arcade/test_ti57_wolf_screen.py.)

Real drivers on the real TI-57 emulator and listings; saves go to the test's own
ARCADE_DATA_DIR (tests/arcade/conftest.py).  In the duel, every frame rendered is
watched (``FrameWatch``): the resumed game must open on the hand-off, and neither the
save's summary, the launcher nor the resume question may show a square.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from arcade.runtime.textual_compat import notifications
from arcade.shell.app import ArcadeApp
from arcade.widgets.dialogs import ResumeDialog
from arcade.shell.launcher import LauncherScreen
from arcade.storage.saves import SaveStore
from arcade.screens.ti57_duel.screen import HandOff, TI57DuelScreen
from tests.arcade.helpers import flat, screen_text, settle, type_keys, wait_until
from tests.arcade.duel_helpers import hosted, press, LOW_SEAL_COST, FrameWatch, board_cells, both_placed, lift_curtain, move, opened, place

SQUARE = re.compile(r"\d\.\d")


def duel_app(game: str | None = "ti57-duel") -> ArcadeApp:
    return ArcadeApp(game=game, screens={"ti57-duel": lambda: TI57DuelScreen(pause_seconds=0.02, blink=False)})


async def test_duel_quit_mid_game_resumes_on_the_hand_off_and_tells_nothing_private() -> None:
    app = duel_app()
    watch = FrameWatch(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await both_placed(pilot, watch, (2, 3), (7, 6))
        await move(pilot, watch, 1, 2, "6")  # 2 SBR 1: player 1 to 3.3
        screen = await lift_curtain(pilot, 2)  # player 2's private view is up when the app quits
        assert board_cells(screen_text(app))[(7, 6)] == "2"
        kept = hosted(screen).game.snapshot()
        await type_keys(pilot, "ctrl+q")
    envelope = json.loads(SaveStore().path_for("ti57-duel").read_text(encoding="utf-8"))
    assert envelope["summary"] == "move 1, Player 2 to move, 19 moves left"  # moves played, as in Othello
    assert not SQUARE.search(envelope["summary"])
    assert "game" not in envelope["state"] and envelope["state"]["phase"] == "handoff"  # the TI-57 is sealed
    assert not SQUARE.search(json.dumps(envelope)) and "STO" not in json.dumps(envelope)

    app = duel_app(game=None)  # the launcher
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, LauncherScreen), what="the launcher")
        await wait_until(pilot, lambda: "move 1, Player 2 to move" in flat(app), what="the save noted")
        assert isinstance(app.screen, LauncherScreen)
        assert "move 1, Player 2 to move, 19 moves left" in flat(app)
        assert not any(s in flat(app) for s in ("3.3", "7.6", "2.3"))

    app = duel_app()
    watch = FrameWatch(app)
    watch.squares = {1: (3, 3), 2: (7, 6)}
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        assert isinstance(app.screen, ResumeDialog)
        assert "saved duel" in flat(app) and not SQUARE.search(screen_text(app))
        await type_keys(pilot, "r")
        await wait_until(pilot, lambda: isinstance(app.screen, HandOff), what="the curtain")
        assert isinstance(app.screen, HandOff)  # never straight into a private view
        assert "The saved duel resumes" in flat(app) and "Pass the keyboard to Player 2" in flat(app)
        assert "takes your move back" not in flat(app)  # no undo survives a save
        screen = await lift_curtain(pilot, 2)
        assert hosted(screen).game.snapshot() == kept  # the TI-57 and the driver exactly as saved
        assert board_cells(screen_text(app))[(7, 6)] == "2"
        assert "Player 1 last went → E (code 2)" in flat(app) and "Moves left: 19" in flat(app)
        await type_keys(pilot, "4")  # 6 SBR 2: the resumed program runs on
        await settle(pilot, screen)
        assert hosted(screen).game.square_of(2) == (6, 6) and hosted(screen).game.moves_left == 18
    assert not watch.leaks, watch.leaks[0]
    assert watch.private_frames > 3


async def test_duel_resume_during_the_start_squares_hands_off_to_the_player_choosing() -> None:
    app = duel_app()
    watch = FrameWatch(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await type_keys(pilot, "enter")
        await place(pilot, watch, 1, (5, 5))
        assert isinstance(app.screen, HandOff)
        await app.action_quit()
    info = SaveStore().info("ti57-duel")
    assert info is not None and info.summary == "setting up, Player 2 chooses a start square"

    app = duel_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await type_keys(pilot, "r")
        await wait_until(pilot, lambda: isinstance(app.screen, HandOff), what="the resumed duel's curtain")
        assert "Pass the keyboard to Player 2" in flat(app)
        screen = await lift_curtain(pilot, 2)
        assert screen.phase == "setup" and "your secret start square" in flat(app)
        assert "5.5" not in flat(app) and "1" not in board_cells(screen_text(app)).values()


async def test_duel_new_game_and_capture_discard_the_save() -> None:
    app = duel_app()
    watch = FrameWatch(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await type_keys(pilot, "enter")
        await place(pilot, watch, 1, (2, 3))
        assert SaveStore().exists("ti57-duel")
        await place(pilot, watch, 2, (3, 4))
        screen = await move(pilot, watch, 1, 1, "9")  # 1 SBR 1 onto player 2: the capture
        assert screen.phase == "over"
        assert not SaveStore().exists("ti57-duel")  # a finished duel is not offered again


async def test_duel_saved_at_a_draw_resumes_on_the_public_draw_and_can_be_extended() -> None:
    app = duel_app()
    watch = FrameWatch(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, await opened(pilot), *["minus"] * 19, "enter")  # a one-move duel
        await place(pilot, watch, 1, (2, 3))
        await place(pilot, watch, 2, (7, 6))
        screen = await move(pilot, watch, 1, 2, "6")
        assert screen.phase == "draw"
        await type_keys(pilot, "ctrl+q")
    assert SaveStore().info("ti57-duel").summary == "a draw: extend or end"

    app = duel_app()
    watch = FrameWatch(app)
    watch.squares = {1: (3, 3), 2: (7, 6)}
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await type_keys(pilot, "r")
        await wait_until(pilot, lambda: isinstance(app.screen, TI57DuelScreen) and app.screen.phase == "draw",
                         what="the duel resumed at its draw")
        screen = app.screen
        assert isinstance(screen, TI57DuelScreen) and screen.phase == "draw" and screen.viewer is None
        text = screen_text(app)
        assert "Draw: the moves are used up" in text and "3.3" not in text and "7.6" not in text  # public
        await type_keys(pilot, "e")  # CLR, 10 STO 0: the resumed TI-57 goes on
        await settle(pilot, screen)
        assert isinstance(app.screen, HandOff) and "Pass the keyboard to Player 2" in flat(app)
        assert hosted(screen).game.moves_left == 10 and hosted(screen).game.square_of(1) == (3, 3)
    assert not watch.leaks, watch.leaks[0]


async def test_duel_save_that_does_not_restore_is_kept_aside_and_reported() -> None:
    store = SaveStore()
    store.save("ti57-duel", {"phase": "turn", "game": {"moves": 20}}, saved_at="now", summary="move 3")
    app = duel_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await type_keys(pilot, "r")
        await wait_until(pilot, lambda: any("could not be restored" in str(n.message) for n in notifications(app)),
                         what="the save's fault reported")
        screen = app.screen
        assert isinstance(screen, TI57DuelScreen) and screen.phase == "limit" and hosted(screen).game is None
    assert not store.exists("ti57-duel") and list(store.directory.glob("ti57-duel.unusable-*.json"))


def readable_secrets(game) -> set[str]:  # noqa: ANN001
    """Every text form of a square, a key or a register of ``game`` (a DuelGame)."""
    texts = {"STO", "SBR", "CLR", "Fix", "RCL", "\"starts\"", "\"keys\"", "\"turns\"", "\"machine\""}
    for p in (1, 2):
        if game.placed[p - 1]:
            c, r = game.square_of(p)
            texts |= {f"{c}.{r}", f"[{c}, {r}]", f"{c}, {r}"}
        start = game._starts[p - 1]
        if start:
            texts |= {f"{start[0]}.{start[1]}", f"[{start[0]}, {start[1]}]"}
    texts |= {v for v in game.machine.view().registers if v.strip("0.")}
    return texts


def files_written(directory) -> dict[str, str]:  # noqa: ANN001
    return {str(p): p.read_text(encoding="utf-8", errors="replace") for p in directory.rglob("*") if p.is_file()}


async def test_nothing_the_arcade_writes_mid_duel_shows_a_square_a_key_or_a_register(arcade_data_dir) -> None:  # noqa: ANN001
    app = duel_app()
    watch = FrameWatch(app)
    seen: set[str] = set()

    def scan(game) -> None:  # noqa: ANN001
        written = files_written(arcade_data_dir)
        seen.update(written)
        for path, text in written.items():
            for secret in readable_secrets(game):
                assert secret not in text, f"{secret!r} readable in {path}"
            assert not SQUARE.search(text), path

    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(pilot)
        await press(pilot, screen, "s", "enter")
        game = None
        for player, square in ((1, (2, 3)), (2, (7, 6))):
            await place(pilot, watch, player, square)
            game = hosted(screen).game
            scan(game)
        for player, code, key in ((1, 2, "6"), (2, 4, "2")):  # a move of each (the session writes nothing: its tests)
            screen = await move(pilot, watch, player, code, key)
            scan(hosted(screen).game)
            await lift_curtain(pilot, 3 - player)
            await type_keys(pilot, "w", "H")  # no export, no history while the duel goes on
            scan(hosted(screen).game)
            await type_keys(pilot, "p")  # the pause puts the curtain back
            await type_keys(pilot, "p")
            await wait_until(pilot, lambda: isinstance(app.screen, HandOff), what="the curtain after the pause")
        last = hosted(screen).game
        await app.action_quit()
    assert any(p.endswith("ti57-duel.json") for p in seen)
    plain = json.dumps(last.snapshot())  # yesterday's save: the scan would have caught it
    assert sum(secret in plain for secret in readable_secrets(last)) > 5
    assert not watch.leaks, watch.leaks[0]


async def test_a_locked_save_asks_both_pins_and_wrong_ones_leave_it_untouched() -> None:
    from arcade.screens.ti57_duel.curtain import PinDialog
    from games.ti57_duel.session import DuelSession

    session = DuelSession(lock=True, seal_cost=LOW_SEAL_COST)
    session.start()
    session.reveal()
    session.place((2, 3), "123456")
    session.reveal()
    session.place((7, 6), "567890")
    session.reveal("123456")
    session.move(2)
    store = SaveStore()
    store.save("ti57-duel", session.to_save(), saved_at="now", summary=session.summary())
    before = store.path_for("ti57-duel").read_bytes()
    app = duel_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        assert "locked" in flat(app)
        await type_keys(pilot, "r")
        for pin in ("123456", "000000"):
            await wait_until(pilot, lambda: isinstance(app.screen, PinDialog), what="a PIN question")
            await type_keys(pilot, *pin, "enter")
        await wait_until(pilot, lambda: app.current_mode == "launcher", what="back to the launcher")
        assert any("do not open the saved duel" in str(n.message) for n in notifications(app))
        assert not SQUARE.search(screen_text(app))
        await app.action_quit()
    assert store.path_for("ti57-duel").read_bytes() == before

    app = duel_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await type_keys(pilot, "r")
        for pin in ("123456", "567890"):
            await wait_until(pilot, lambda: isinstance(app.screen, PinDialog), what="a PIN question")
            await type_keys(pilot, *pin, "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, HandOff), what="the curtain for player 2")
        assert "Pass the keyboard to Player 2" in flat(app)
        await type_keys(pilot, "enter", *"567890", "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, TI57DuelScreen), what="player 2's view")
        assert "You are on 7.6" in flat(app)


async def test_a_locked_save_of_the_earlier_seal_asks_no_pin_and_says_why_it_is_set_aside() -> None:
    earlier = Path(__file__).parents[1] / "games" / "ti57_duel_saves" / "schema2_locked.json"
    store = SaveStore()
    store.save("ti57-duel", json.loads(earlier.read_text(encoding="utf-8")), saved_at="now", summary="move 1, locked")
    app = duel_app()
    notes: list[str] = []
    notify = app.notify
    app.notify = lambda message, **options: (notes.append(str(message)), notify(message, **options))[1]  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await type_keys(pilot, "r")
        await wait_until(pilot, lambda: any("sealed the earlier way" in note for note in notes), what="the reason, in a note")
        screen = app.screen
        assert isinstance(screen, TI57DuelScreen) and screen.phase == "limit" and hosted(screen).game is None
        assert not SQUARE.search(screen_text(app))
    assert not store.exists("ti57-duel") and list(store.directory.glob("ti57-duel.unusable-*.json"))
