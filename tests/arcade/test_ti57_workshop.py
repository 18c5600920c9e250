"""The TI-57 workshop through the Pilot: a variant from the notebook chosen at a new game,
its broken move named with the game left as it was, and ``W`` opening the program in the room.
The rules are tested headless in tests/games/test_workshop_ti57_variants.py."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from arcade.screens.room.ti57 import TI57RoomScreen, notebook_dir
from arcade.screens.room.ti57_workshop import ProgramChoice
from arcade.screens.ti57_wolf.dialogs import NewWolfGame
from arcade.screens.ti57_duel.curtain import HandOff
from arcade.screens.ti57_duel.screen import TI57DuelScreen
from arcade.screens.ti57_wolf.screen import TI57WolfScreen
from arcade.widgets.dialogs import ResumeDialog
from arcade.storage.saves import SaveStore
from games.ti57_wolf import Side
from games.workshop.ti57_variants import read_program, variants
from tests.arcade.duel_helpers import duel_app
from tests.arcade.duel_helpers import opened as duel_opened
from tests.arcade.helpers import flat, room_model, settle, type_keys, wait_until
from tests.arcade.test_ti57_wolf_screen import WOLF_KEYS, driver, hosted, opened, wolf_app
from tests.games.test_workshop_ti57_variants import DUEL, SWAPPED_CHECKS, WOLF, WRONG_WAY, keyed


async def test_a_broken_wolf_variant_is_named_the_game_stays_and_w_opens_it_in_the_room(arcade_data_dir: Path) -> None:
    keyed(notebook_dir(), "broken", WOLF, WRONG_WAY)
    keyed(notebook_dir(), "checks", WOLF, SWAPPED_CHECKS)
    broken = next(v for v in variants(notebook_dir()) if v.name == "broken")
    app = wolf_app(Side.WOLF)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await opened(pilot)
        assert isinstance(screen, TI57WolfScreen)
        await type_keys(pilot, "g")
        await wait_until(pilot, lambda: isinstance(app.screen, ProgramChoice), what="which program plays")
        await type_keys(pilot, "1")  # the notebook's first listing: broken
        await wait_until(pilot, lambda: isinstance(app.screen, NewWolfGame), what="who plays")
        await type_keys(pilot, "enter")
        await wait_until(pilot, lambda: app.screen is screen and screen.workshop.variant == "broken", what="the variant plays")
        await settle(pilot, screen)  # the new game at the table
        assert driver(screen).machine.program.steps == read_program(broken).steps
        assert "your variant broken" in str(screen.sub_title)
        before = hosted(screen).to_save()
        key = next(k for k in (1, 9) if k in driver(screen).legal_wolf_moves())
        await type_keys(pilot, WOLF_KEYS[key][0])
        await wait_until(pilot, lambda: "The variant broken broke the game" in flat(app), what="the variant named")
        await wait_until(pilot, lambda: not screen.busy, what="the table's answer")
        assert hosted(screen).to_save() == before and not driver(screen).history

        await type_keys(pilot, "W")  # change the program: the variant playing, in the TI-57 room
        await wait_until(pilot, lambda: isinstance(app.screen, TI57RoomScreen), what="the TI-57 room")
        room = app.screen
        assert room_model(room).machine.program.steps == read_program(broken).steps
        assert "the notebook's broken" in room_model(room).message and "LRN" in room_model(room).message
        await type_keys(pilot, "escape")  # back to the game, as it was
        await wait_until(pilot, lambda: app.screen is screen, what="back to the wolf")
        assert hosted(screen).to_save() == before


async def test_a_listing_that_cannot_play_the_game_is_not_offered_and_the_question_says_why(arcade_data_dir: Path) -> None:
    """Before: every listing of the notebook was offered, a few steps of arithmetic as a wolf program too."""
    keyed(notebook_dir(), "checks", WOLF, SWAPPED_CHECKS)
    (notebook_dir() / "sum.txt").write_text("00  05     5\n01  03     3\n", encoding="utf-8")  # 5 3: a number, no label
    app = wolf_app(Side.WOLF)
    async with app.run_test(size=(100, 32)) as pilot:
        await opened(pilot)
        await type_keys(pilot, "g")
        await wait_until(pilot, lambda: isinstance(app.screen, ProgramChoice), what="which program plays")
        text = flat(app)
        assert "checks (1)" in text and "sum (" not in text
        assert "Not offered" in text  # on screen; whole in the question the dialog shows
        assert "Not offered, they cannot play this game: sum: no Lbl 1, 3, 4, 6, 7, 9." in app.screen.question


async def test_a_variants_game_resumes_with_its_page_read_at_the_table_never_on_the_event_loop(
        arcade_data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 41: the resume sends the page's name; the table reads the notebook.  A page gone since:
    the save cannot be resumed (kept aside, said) and a new game plays Deconchat's program."""
    import games.workshop.ti57_variants as ti57_variants

    keyed(notebook_dir(), "checks", WOLF, SWAPPED_CHECKS)
    checks = next(v for v in variants(notebook_dir()) if v.name == "checks")
    steps = read_program(checks).steps
    app = wolf_app(Side.WOLF)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await opened(pilot)
        await type_keys(pilot, "g")
        await wait_until(pilot, lambda: isinstance(app.screen, ProgramChoice), what="which program plays")
        await type_keys(pilot, "1")
        await wait_until(pilot, lambda: isinstance(app.screen, NewWolfGame), what="who plays")
        await type_keys(pilot, "enter")
        await wait_until(pilot, lambda: app.screen is screen and screen.workshop.variant == "checks",
                         what="the variant plays")
        await settle(pilot, screen)
        key = next(k for k in (1, 9) if k in driver(screen).legal_wolf_moves())
        await type_keys(pilot, WOLF_KEYS[key][0])
        await wait_until(pilot, lambda: len(driver(screen).history) == 1 and not screen.busy, what="the move")
        kept = hosted(screen).to_save()
        await type_keys(pilot, "ctrl+q")

    on_the_loop: list[str] = []
    real_read = ti57_variants.read_file

    def read(*args: object, **kwargs: object) -> bytes:
        if threading.current_thread() is threading.main_thread():
            on_the_loop.append(str(args[0]))
        return real_read(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ti57_variants, "read_file", read)
    app = wolf_app(Side.WOLF)
    async with app.run_test(size=(100, 32)) as pilot:
        assert isinstance(await opened(pilot), ResumeDialog)
        await type_keys(pilot, "r")
        await wait_until(pilot, lambda: isinstance(app.screen, TI57WolfScreen) and app.screen.workshop.listing is not None,
                         what="the variant's page read at the table")
        screen = app.screen
        await settle(pilot, screen)
        assert hosted(screen).to_save() == kept and screen.workshop.variant == "checks"
        assert driver(screen).machine.program.steps == steps
        assert "your variant checks" in str(screen.sub_title)
        await type_keys(pilot, "ctrl+q")
    assert on_the_loop == []

    checks.path.unlink()  # the page is gone: the game cannot be resumed as it was played
    app = wolf_app(Side.WOLF)
    async with app.run_test(size=(100, 32)) as pilot:
        assert isinstance(await opened(pilot), ResumeDialog)
        await type_keys(pilot, "r")
        await wait_until(pilot, lambda: isinstance(app.screen, TI57WolfScreen)
                         and "could not be resumed" in " ".join(app.screen.messages), what="the resume refused")
        screen = app.screen
        await settle(pilot, screen)
        assert screen.workshop.variant is None and hosted(screen).to_save()["game"]["history"] == []


async def test_a_duel_played_with_a_variant_resumes_with_its_page_read_at_the_table(arcade_data_dir: Path) -> None:
    """Issue 41, the duel: the resume sends the page's name, the table reads it for the next duel (the
    sealed TI-57 holds the program already); a page gone since is said, and the duel resumes."""
    keyed(notebook_dir(), "mine", DUEL, "")  # Deconchat's duel, copied into the notebook
    app = duel_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await duel_opened(pilot)
        await type_keys(pilot, "enter")  # the duel starts: it is saved from now on
        await wait_until(pilot, lambda: isinstance(app.screen, HandOff), what="the curtain")
        await app.action_quit()
    path = SaveStore().path_for("ti57-duel")
    envelope = json.loads(path.read_text(encoding="utf-8"))
    envelope["state"]["settings"]["variant"] = "mine"  # as a duel played with the variant was saved
    path.write_text(json.dumps(envelope), encoding="utf-8")

    for page_there in (True, False):
        if not page_there:
            (notebook_dir() / "mine.txt").unlink()
        app = duel_app()
        async with app.run_test(size=(80, 24)) as pilot:
            assert isinstance(await duel_opened(pilot), ResumeDialog)
            await type_keys(pilot, "r")
            await wait_until(pilot, lambda: isinstance(app.screen, HandOff), what="the resumed duel's curtain")
            screen = app.screen_stack[-2]
            assert isinstance(screen, TI57DuelScreen) and screen.workshop.variant == "mine"
            assert (screen.workshop.listing is not None) is page_there
            assert page_there or any("The variant mine cannot be read" in m for m in screen.messages)
            await app.action_quit()
