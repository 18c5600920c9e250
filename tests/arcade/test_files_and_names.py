"""Files named by a hostile or unlucky player (generated: ``hostile_names``) in every place the
arcade shows a file's name: the card reader, the notebook, the variant pickers, the launch of
both Othellos (which ask at once when variants exist), the TI-57 games' new game, the CPC's
``CAT``, ``arcade match``.  No crash, and the name shown as written, read back from the widgets
that show it: never read as markup (``othello [copy]`` is not ``othello ``, ``[b]x[/b]`` is not
``x``), its control characters as escapes (never sent to the terminal).  Every place a string
can reach a markup parser is found on the source by ``test_markup_sinks.py``.  Waits are on
conditions."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Static

from arcade.shell.app import ArcadeApp
from arcade.screens.hp67_othello.screen import HP67OthelloScreen
from arcade.screens.hp67_othello.workshop import ProgramChoice as HP67ProgramChoice
from arcade.screens.lazard_othello.screen import LazardOthelloScreen
from arcade.screens.lazard_othello.variants import ProgramDialog
from arcade.shell.match_cli import main as match_main
from arcade.screens.room.cpc import CpcRoomScreen
from arcade.screens.room.hp67 import CardDialog, HP67RoomScreen
from arcade.screens.room.ti57 import NotebookDialog, TI57RoomScreen, notebook_dir
from arcade.screens.room.ti57_workshop import ProgramChoice as TI57ProgramChoice
from arcade.screens.ti57_wolf.dialogs import NewWolfGame
from arcade.screens.ti57_wolf.screen import TI57WolfScreen
from arcade.widgets.cpc_screen import CpcScreen
from arcade.widgets.dialogs import MessageLog, SideDialog
from arcade.widgets.plain import visible
from games.lazard_othello.driver import LISTING
from games.ti57_wolf import Side
from tests.arcade.helpers import PlainScreen, flat, screen_text, wait_until, type_keys
from tests.arcade.hostile_names import CLASSICS, hostile_names
from tests.arcade.test_room_cpc import type_line
from tests.arcade.test_ti57_wolf_screen import opened, wolf_app
from tests.machines.file_kinds import KINDS, finished, plant, unreadable_is_readable

ROOT = Path(__file__).resolve().parents[2]
NAMES = hostile_names(45, seed=41)
TERMINAL_CONTROLS = ("\x1b", "\x07", "\x9b", "\x08")


def hostile_kinds() -> list[str]:
    return [k for k in KINDS if not (k == "unreadable" and unreadable_is_readable())]


def batches(names: list[str], size: int = 9) -> list[list[str]]:
    return [names[i:i + size] for i in range(0, len(names), size)]


def words(screen: Screen[Any]) -> str:
    """Everything the screen's buttons and statics hold, as the player reads it."""
    out: list[str] = []
    for widget in screen.query("*"):
        if isinstance(widget, Button):
            out.append(widget.label.plain)
        elif isinstance(widget, Static):
            content = widget.content
            out.append(content.plain if isinstance(content, Content) else str(content))
    return "\n".join(out)


def no_terminal_control(app: App[Any]) -> None:
    text = screen_text(app)
    assert not any(c in text for c in TERMINAL_CONTROLS), repr(text[:200])


class Bare(App[None]):
    """A dialog on its own."""


DIALOGS = {
    "hp67 program": lambda names: HP67ProgramChoice(names),
    "ti57 program": lambda names: TI57ProgramChoice(names),
    "lazard program": lambda names: ProgramDialog(names),
    "card reader": lambda names: CardDialog(names),
    "notebook": lambda names: NotebookDialog(names),
    "message log": lambda names: MessageLog([f"The variant {n} broke the game" for n in names]),
}


@pytest.mark.parametrize("dialog", sorted(DIALOGS))
async def test_every_dialog_listing_names_shows_each_as_written(dialog: str) -> None:
    await dialogs_show(dialog, NAMES)


@pytest.mark.soak
@pytest.mark.parametrize("dialog", sorted(DIALOGS))
async def test_soak_every_dialog_listing_names(dialog: str) -> None:
    await dialogs_show(dialog, hostile_names(900, seed=4100))


async def dialogs_show(dialog: str, names: list[str]) -> None:
    """``names`` nine at a time in ``dialog``: each shown as written (so never read as markup), no
    control character on screen."""
    app = Bare()
    async with app.run_test(size=(100, 40)) as pilot:
        for batch in batches(names):
            screen = DIALOGS[dialog](batch)
            await app.push_screen(screen)
            await wait_until(pilot, lambda: app.screen is screen and screen.is_mounted, what=dialog)
            shown = words(screen)
            for name in batch:  # a message keeps its lines: a newline in a name breaks its line there
                assert visible(name, lines=dialog == "message log") in shown, (dialog, name)
            no_terminal_control(app)
            screen.dismiss(None)
            await wait_until(pilot, lambda: app.screen is not screen, what="the dialog closed")


def plant_names(folder: Path, names: list[str], suffix: str, data: bytes) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for name in names:
        (folder / f"{name}{suffix}").write_bytes(data)


async def test_hp67_othello_launches_with_hostile_cards_and_plays_one(arcade_data_dir: Path) -> None:
    cards = arcade_data_dir / "hp67-cards"
    chosen = "[@click=1+]x"
    plant_names(cards, [chosen, *NAMES[1:8]], ".txt", (ROOT / "games/hp67_othello/othello.txt").read_bytes())
    app = ArcadeApp(game="hp67-othello")
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HP67ProgramChoice), what="which program plays")
        shown = words(app.screen)
        listed = sorted([chosen, *NAMES[1:8]], key=lambda n: n + ".txt")  # as the folder lists its cards
        for name in listed:
            assert visible(name) in shown
        no_terminal_control(app)
        await type_keys(pilot, str(listed.index(chosen) + 1))
        await wait_until(pilot, lambda: isinstance(app.screen, SideDialog), what="which side")
        await type_keys(pilot, "w")
        game = app.screen
        assert isinstance(game, HP67OthelloScreen)
        await wait_until(pilot, lambda: game.variant == chosen and not game.busy, what="the variant plays")
        assert f"your variant {chosen}" in str(game.sub_title)
        assert f"your variant {chosen}" in words(game)  # the header's title row, as drawn
        assert f"your variant {chosen} plays" in flat(app)


async def test_lazard_othello_launches_with_hostile_disc_files_and_plays_one(arcade_data_dir: Path) -> None:
    disc = arcade_data_dir / "cpc-disc"
    names = ["othello [copy]", "[a=b=c]", *[n for n in NAMES if n not in CLASSICS][:6]]
    listing = "".join(f"{line}\r\n" for line in LISTING.splitlines() if line.strip()).encode("latin-1")
    plant_names(disc, names, ".BAS", listing)
    app = ArcadeApp(game="lazard-othello")
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, ProgramDialog), what="which program plays")
        shown = words(app.screen)
        listed = sorted(names, key=lambda n: n + ".BAS")  # as the disc lists its files
        for name in listed:
            assert f"Variant {visible(name.upper())} (" in shown
        assert "Variant OTHELLO [COPY] (" in flat(app)  # on screen too, brackets and all
        no_terminal_control(app)
        await type_keys(pilot, str(listed.index("[a=b=c]") + 1))
        await wait_until(pilot, lambda: isinstance(app.screen, SideDialog), what="which side")
        await type_keys(pilot, "w")
        game = app.screen
        assert isinstance(game, LazardOthelloScreen)
        await wait_until(pilot, lambda: game.variant == "[A=B=C]" and not game.busy, what="the variant plays")
        assert "your variant [A=B=C]" in str(game.sub_title)
        assert "your variant [A=B=C]" in words(game)


async def test_the_card_reader_lists_hostile_cards_and_refuses_hostile_names(arcade_data_dir: Path) -> None:
    plant_names(arcade_data_dir / "hp67-cards", NAMES, ".txt", b"# HP-67 program card\n001 LBL A\n")
    app = ArcadeApp(game="hp67-room")
    async with app.run_test(size=(100, 40), notifications=True) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HP67RoomScreen), what="the room")
        room = app.screen
        for typed in CLASSICS[:4]:
            await type_keys(pilot, "k")
            await wait_until(pilot, lambda: isinstance(app.screen, CardDialog), what="the card reader")
            shown = words(app.screen)
            assert all(visible(name) in shown for name in NAMES)
            no_terminal_control(app)
            app.screen.query_one("#file-name").value = typed
            await type_keys(pilot, "enter")
            await wait_until(pilot, lambda: typed in room.view_now.message, what="refused (read in a thread)")
            assert "not read" in room.view_now.message
            no_terminal_control(app)


async def test_the_notebook_lists_hostile_pages_and_refuses_hostile_names(arcade_data_dir: Path) -> None:
    plant_names(notebook_dir(), NAMES, ".txt", (ROOT / "games/ti57_wolf/listing.txt").read_bytes())
    app = ArcadeApp(game="ti57-room")
    async with app.run_test(size=(100, 40), notifications=True) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TI57RoomScreen), what="the room")
        room = app.screen
        for typed in CLASSICS[:4]:
            await type_keys(pilot, "k")
            await wait_until(pilot, lambda: isinstance(app.screen, NotebookDialog), what="the notebook")
            shown = words(app.screen)
            assert all(visible(name) in shown for name in NAMES)
            app.screen.query_one("#file-name").value = typed
            await type_keys(pilot, "enter")
            await wait_until(pilot, lambda: typed in room.view_now.message, what="refused (read in a thread)")
            assert "not loaded" in room.view_now.message
            no_terminal_control(app)


async def test_a_wolf_variant_with_a_hostile_name_is_offered_and_plays(arcade_data_dir: Path) -> None:
    names = ["[]", "[@click=app.quit]q", *NAMES[7:14]]
    plant_names(notebook_dir(), names, ".txt", (ROOT / "games/ti57_wolf/listing.txt").read_bytes())
    app = wolf_app(Side.WOLF)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await opened(pilot)
        assert isinstance(screen, TI57WolfScreen)
        await type_keys(pilot, "g")
        await wait_until(pilot, lambda: isinstance(app.screen, TI57ProgramChoice), what="which program plays")
        listed = sorted(names, key=lambda n: n + ".txt")  # as the notebook lists its pages
        shown = words(app.screen)
        assert all(visible(name) in shown for name in listed)
        no_terminal_control(app)
        await type_keys(pilot, str(listed.index("[@click=app.quit]q") + 1))
        await wait_until(pilot, lambda: isinstance(app.screen, NewWolfGame), what="who plays")
        await type_keys(pilot, "enter")
        # the title names the variant once the host has opened its game: an answer from another thread
        await wait_until(pilot, lambda: app.screen is screen and screen.workshop.variant == "[@click=app.quit]q"
                         and "your variant [@click=app.quit]q" in str(screen.sub_title), what="the variant plays")
        assert "your variant [@click=app.quit]q" in words(screen)


async def test_cat_shows_hostile_disc_files_without_a_control_character(arcade_data_dir: Path) -> None:
    plant_names(arcade_data_dir / "cpc-disc", NAMES[:20], ".BAS", b"10 PRINT 1\r\n")
    app = ArcadeApp(game="cpc-room")
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, CpcRoomScreen), what="the CPC room")
        room = app.screen
        await type_line(pilot, "CAT")
        await wait_until(pilot, lambda: "K free" in room.query_one(CpcScreen).view.text, what="the catalogue")
        assert "[@CLICK=" in room.query_one(CpcScreen).view.text  # CAT's capitals, brackets as written
        no_terminal_control(app)


@pytest.mark.parametrize("kind", ["dev_zero", "fifo", "directory", "huge_sparse"])
@pytest.mark.parametrize("name", ["mine", "[@click=1+]x", "\x1b]2;PWNED\x07"])
def test_arcade_match_refuses_what_is_not_a_listing_with_status_2(tmp_path: Path, kind: str, name: str,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / f"{name}.bas"
    plant(kind, path, tmp_path / "outside", b"10 PRINT 1\r\n")
    with pytest.raises(SystemExit) as ended:
        match_main(["othello", "--black", str(path), "--white", "lazard", "--openings", "1"])
    assert ended.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and visible(path.name) in err
    assert not any(c in err for c in TERMINAL_CONTROLS)


@pytest.mark.parametrize("room_id", ["hp67-room", "ti57-room"])
async def test_the_card_reader_and_the_notebook_refuse_each_kind_of_file_and_go_on(arcade_data_dir: Path,
                                                                                   room_id: str) -> None:
    """A FIFO named like a card froze the arcade; a link to /dev/zero got it killed: each is refused
    in words, read in a thread, and the room answers the next key."""
    folder = arcade_data_dir / ("hp67-cards" if room_id == "hp67-room" else "ti57-notebook")
    kinds = [k for k in hostile_kinds() if k != "directory"]  # a folder named like a card is not listed
    for kind in kinds:
        plant(kind, folder / f"{kind.replace('_', '-')}.txt", arcade_data_dir / "outside", b"# nothing\n")
    dialog = CardDialog if room_id == "hp67-room" else NotebookDialog
    app = ArcadeApp(game=room_id)
    async with app.run_test(size=(100, 40), notifications=True) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, (HP67RoomScreen, TI57RoomScreen)), what="the room")
        room = app.screen
        for kind in kinds:
            name = kind.replace("_", "-")
            await type_keys(pilot, "k")
            await wait_until(pilot, lambda: isinstance(app.screen, dialog), what="the dialog")
            app.screen.query_one("#file-name").value = name
            await type_keys(pilot, "enter")  # the room's message names the file (a toast may be gone already)

            def answered() -> bool:
                said = room.view_now.message
                return ("not read" in said or "not loaded" in said) and (f"{name}.txt" in said or "Permission" in said)

            await wait_until(pilot, answered, what=f"the answer about {kind}")
        await type_keys(pilot, "1")
        await wait_until(pilot, lambda: "1" in room.view_now.display, what="the room answers keys")


@pytest.mark.parametrize("kind", [k for k in KINDS if k != "unreadable"])
def test_an_export_goes_beside_whatever_holds_its_name(arcade_data_dir: Path, kind: str,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """A FIFO or a link planted under the next export's name is never read nor written: the moves
    go beside it (``-2``)."""
    from datetime import datetime, timezone

    from arcade.storage import game_saves
    from arcade.storage.saves import SaveStore

    class OneSecond(datetime):
        @classmethod
        def now(cls, tz=None):  # noqa: ANN001, ANN206
            return datetime(2026, 11, 28, 2, 30, 0, tzinfo=timezone.utc)

    monkeypatch.setattr(game_saves, "datetime", OneSecond)
    moves = "1. W 4.8-3.7\n"
    outside = arcade_data_dir / "outside"
    planted = SaveStore().directory / "ti57-wolf-20261128-023000.txt"
    plant(kind, planted, outside, moves.encode())
    before = sorted(p.name for p in outside.iterdir())

    path = finished(lambda: game_saves.GameSaves(PlainScreen([]), "ti57-wolf").export(moves))
    assert path is not None and path.name == "ti57-wolf-20261128-023000-2.txt"
    assert path.read_text(encoding="utf-8") == moves
    assert sorted(p.name for p in outside.iterdir()) == before


@pytest.mark.parametrize("kind", ["link_out", "dev_zero", "link_to_fifo", "huge_sparse", "fifo"])
def test_a_save_that_is_no_file_of_the_folder_is_never_read(arcade_data_dir: Path, kind: str) -> None:
    """A save is read as any file is (``machines.files``): a link out of the saves' folder is
    damaged, set aside as a link (nothing outside read, linked or moved), and a new game starts."""
    from arcade.storage.saves import SaveError, SaveStore

    store = SaveStore()
    outside = arcade_data_dir / "outside"
    plant(kind, store.path_for("lazard-othello"), outside, b'{"format": 1}')
    before = {p.name: (p.read_bytes(), p.stat().st_nlink) for p in outside.glob("*") if p.is_file()}
    try:
        finished(lambda: store.load("lazard-othello"))
    except SaveError as error:
        assert "lazard-othello.json" in str(error)
    assert {p.name: (p.read_bytes(), p.stat().st_nlink) for p in outside.glob("*") if p.is_file()} == before


async def test_cards_and_pages_are_read_off_the_event_loop(arcade_data_dir: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """The card reader, the notebook and the two variant pickers read their files in a thread: a
    file that takes its time (a slow disc) never holds the event loop."""
    import threading

    import games.workshop.hp67_variants as hp67_variants
    import games.workshop.ti57_variants as ti57_variants
    import machines.hp67.cards as cards

    on_the_loop: list[str] = []
    called: set[str] = set()

    def noting(module: Any, name: str) -> None:
        real = getattr(module, name)

        def read(*args: Any, **kwargs: Any) -> Any:
            called.add(f"{module.__name__}.{name}")
            if threading.current_thread() is threading.main_thread():
                on_the_loop.append(f"{module.__name__}.{name}")
            return real(*args, **kwargs)

        monkeypatch.setattr(module, name, read)

    noting(cards, "read_file")
    noting(hp67_variants, "read_head")
    noting(ti57_variants, "read_file")
    listing = (ROOT / "games/ti57_wolf/listing.txt").read_bytes()
    plant_names(arcade_data_dir / "hp67-cards", ["mine"], ".txt", (ROOT / "games/hp67_othello/othello.txt").read_bytes())
    plant_names(notebook_dir(), ["page"], ".txt", listing)

    app = ArcadeApp(game="hp67-room")
    async with app.run_test(size=(100, 40)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HP67RoomScreen), what="the room")
        room = app.screen
        await type_keys(pilot, "k")
        await wait_until(pilot, lambda: isinstance(app.screen, CardDialog), what="the card reader")
        app.screen.query_one("#file-name").value = "mine"
        await type_keys(pilot, "enter")
        await wait_until(pilot, lambda: "program card 'mine' read" in room.view_now.message, what="the card read")
    app = ArcadeApp(game="ti57-room")
    async with app.run_test(size=(100, 40)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TI57RoomScreen), what="the room")
        room = app.screen
        await type_keys(pilot, "k")
        await wait_until(pilot, lambda: isinstance(app.screen, NotebookDialog), what="the notebook")
        app.screen.query_one("#file-name").value = "page"
        await type_keys(pilot, "enter")
        await wait_until(pilot, lambda: "50 steps loaded" in room.view_now.message, what="the page keyed in")
    app = ArcadeApp(game="hp67-othello")
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HP67ProgramChoice), what="the HP-67's picker")
    app = wolf_app(Side.WOLF)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await opened(pilot)
        await type_keys(pilot, "g")
        await wait_until(pilot, lambda: isinstance(app.screen, TI57ProgramChoice), what="the TI-57's picker")
        await type_keys(pilot, "1")
        await wait_until(pilot, lambda: isinstance(app.screen, NewWolfGame), what="the page read")
    assert called == {"machines.hp67.cards.read_file", "games.workshop.hp67_variants.read_head",
                      "games.workshop.ti57_variants.read_file"}
    assert on_the_loop == []
