"""The user's keymap file: parsed, checked, applied with set_keymap, shown by the help screen."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from arcade.runtime.textual_compat import notifications
from arcade.__main__ import build_app
from arcade.shell.app import ArcadeApp
from arcade.screens.help import HelpScreen
from arcade.screens.hp67_othello.screen import HP67OthelloScreen
from arcade.shell.keymap import binding_table, find_clashes, known_binding_ids, load_keymap, parse_keymap, valid_key
from arcade.widgets.board import OthelloBoard
from arcade.widgets.dialogs import SideDialog
from tests.arcade.fake_driver import FakeDriver
from tests.arcade.helpers import flat, settle, type_keys, wait_for_screen, wait_until

KNOWN = {"othello.left", "othello.right", "othello.up", "othello.down", "arcade.help"}


@pytest.fixture(autouse=True)
def private_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Never read the developer's own keymap or settings."""
    monkeypatch.setenv("ARCADE_CONFIG_DIR", str(tmp_path / "config"))
    return tmp_path / "config"


def hp67_app(**options: object) -> ArcadeApp:
    return ArcadeApp(game="hp67-othello", screens={"hp67-othello": lambda: HP67OthelloScreen(FakeDriver)}, **options)  # type: ignore[arg-type]


async def open_game(pilot) -> HP67OthelloScreen:  # noqa: ANN001
    await wait_for_screen(pilot, SideDialog)
    await type_keys(pilot, "w")
    screen = pilot.app.screen
    assert isinstance(screen, HP67OthelloScreen)
    await settle(pilot, screen)
    return screen


def notices(app: ArcadeApp) -> str:
    return "\n".join(n.message for n in notifications(app))


# -- the file ------------------------------------------------------------------------


def test_dotted_keys_tables_and_lists_all_name_binding_ids() -> None:
    text = '''
"othello.left" = "a, left"
othello.right = "d"
othello.up = ["w", "up"]
[arcade]
help = "f2, question_mark"
'''
    keymap = parse_keymap(text, KNOWN)
    assert keymap.problems == []
    assert keymap.bindings == {"othello.left": "a,left", "othello.right": "d", "othello.up": "w,up", "arcade.help": "f2,question_mark"}


def test_a_syntax_error_ignores_the_whole_file_and_names_it() -> None:
    keymap = parse_keymap('"othello.left" = "a"\nothello.right = \n', KNOWN, origin="/home/u/keymap.toml")
    assert keymap.bindings == {}
    assert len(keymap.problems) == 1
    assert "/home/u/keymap.toml" in keymap.problems[0] and "not valid TOML" in keymap.problems[0]
    assert "line 2" in keymap.problems[0]


def test_an_unknown_id_or_key_is_ignored_with_a_reason_the_rest_applies() -> None:
    text = 'othello.lef = "a"\nothello.right = "d"\nothello.up = "ctrl+nope"\nothello.down = 3\narcade.help = ""\n'
    keymap = parse_keymap(text, KNOWN)
    assert keymap.bindings == {"othello.right": "d"}
    problems = "\n".join(keymap.problems)
    assert "unknown binding id 'othello.lef'" in problems and "did you mean 'othello.left'" in problems
    assert "othello.up: not a key name: 'ctrl+nope'" in problems
    assert "othello.down: expected a string of keys" in problems
    assert "arcade.help: not a key name" in problems
    assert len(keymap.problems) == 4


@pytest.mark.parametrize(
    "key, ok",
    [("a", True), ("A", True), ("?", True), ("question_mark", True), ("ctrl+z", True), ("shift+tab", True),
     ("f5", True), ("left", True), ("plus", True), ("equals_sign", True), ("space", True),
     ("ctrl+nope", False), ("lefty", False), ("hyper+", False), ("", False), ("banana+a", False)],
)
def test_key_names(key: str, ok: bool) -> None:
    assert valid_key(key) is ok


def test_missing_file_is_no_keymap_unless_asked_for(tmp_path: Path) -> None:
    assert load_keymap(tmp_path / "keymap.toml").problems == []
    required = load_keymap(tmp_path / "nope.toml", required=True)
    assert required.bindings == {} and "no such keymap file" in required.problems[0]
    (tmp_path / "bin.toml").write_bytes(b"\xff\xfe\x00")
    assert "cannot be read" in load_keymap(tmp_path / "bin.toml").problems[0]


def test_every_binding_of_every_game_is_listed_once_with_its_keys() -> None:
    table = binding_table()
    ids = [b.id for b in table]
    assert len(ids) == len(set(ids))
    for expected in ("othello.left", "cpc.type", "duel.confirm", "wolf.next-lamb", "arcade.help", "launcher.start",
                     "match.start", "help.close", "newgame.machine-white"):
        assert expected in ids
    assert {b.id: b.keys for b in table}["othello.left"] == "left,h"
    assert set(ids) == known_binding_ids()


# -- in the app ----------------------------------------------------------------------


async def test_remapped_left_moves_with_a_and_no_longer_with_h_and_help_shows_it() -> None:
    app = hp67_app(keymap={"othello.left": "a", "othello.right": "d,l"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot)
        board = screen.query_one(OthelloBoard)
        start = board.cursor
        await type_keys(pilot, "a")
        assert board.cursor == start - 1
        await type_keys(pilot, "h")  # the old key does nothing now
        assert board.cursor == start - 1
        await type_keys(pilot, "left")  # nor the arrow: the keymap replaced both
        assert board.cursor == start - 1
        await type_keys(pilot, "d", "l")
        assert board.cursor == start + 1
        await type_keys(pilot, "question_mark")
        await wait_for_screen(pilot, HelpScreen)
        keys = app.screen.keys
        left = next(line for line in keys.splitlines() if line.endswith("| Left |"))
        assert "`a`" in left and "`h`" not in left and "`←`" not in left
        right = next(line for line in keys.splitlines() if line.endswith("| Right |"))
        assert "`d`" in right and "`l`" in right
        def keys_table_shown() -> bool:
            app.screen.query_one("#help-scroll").scroll_end(animate=False)  # down to the keys table
            shown = flat(app)
            return bool(re.search(r"│ a +│ Left +│", shown) and re.search(r"│ d l +│ Right +│", shown))

        await wait_until(pilot, keys_table_shown, what="the keys table, remapped, at the end of the help")


async def test_help_is_remappable_too() -> None:
    app = hp67_app(keymap={"arcade.help": "f2"})
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(pilot)
        await type_keys(pilot, "question_mark")
        assert not isinstance(app.screen, HelpScreen)
        await type_keys(pilot, "f2")
        await wait_for_screen(pilot, HelpScreen)
        assert "F2" in app.screen.keys or "f2" in app.screen.keys


async def test_a_bad_file_is_reported_on_stderr_and_in_the_app_which_still_runs(private_config: Path) -> None:
    private_config.mkdir(parents=True)
    (private_config / "keymap.toml").write_text('othello.left = "a"\n[othello\n', encoding="utf-8")
    err = io.StringIO()
    app = build_app(["--game", "hp67-othello"], stderr=err)
    assert isinstance(app, ArcadeApp)
    assert "keymap.toml: not valid TOML" in err.getvalue()
    app.screen_overrides["hp67-othello"] = lambda: HP67OthelloScreen(FakeDriver)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_game(pilot)
        assert "keymap.toml: not valid TOML" in notices(app)
        board = screen.query_one(OthelloBoard)
        start = board.cursor
        await type_keys(pilot, "h")  # the defaults stay
        assert board.cursor == start - 1


async def test_the_keymap_option_and_an_unknown_id(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text('othello.left = "a"\nothello.jump = "x"\n', encoding="utf-8")
    err = io.StringIO()
    app = build_app(["--keymap", str(path)], stderr=err)
    assert isinstance(app, ArcadeApp)
    assert "unknown binding id 'othello.jump'" in err.getvalue()
    assert app.user_keymap == {"othello.left": "a"}
    missing = io.StringIO()
    assert isinstance(build_app(["--keymap", str(tmp_path / "none.toml")], stderr=missing), ArcadeApp)
    assert "no such keymap file" in missing.getvalue()


def test_a_key_given_to_two_bindings_of_one_screen_is_a_clash() -> None:
    assert find_clashes({"othello.left": "a,h", "othello.right": "d,l"}) == []
    (clash,) = find_clashes({"othello.left": "l"})
    assert clash.startswith("keymap: 'l' is given to othello.left and othello.right (on ")
    assert "HP67OthelloScreen" in clash and "LazardOthelloScreen" in clash
    assert any("'question_mark' is given to arcade.help and othello.pass" in p for p in find_clashes({"othello.pass": "?"}))
    assert any("'enter' is given to" in p and "launcher.start" in p for p in find_clashes({"launcher.next": "enter"}))


async def test_a_clash_is_notified_and_the_game_goes_on() -> None:
    app = hp67_app(keymap={"othello.left": "l"})  # l is still Right's
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_game(pilot)
        clashes = [n.message for n in notifications(app) if "is given to" in n.message]
        assert clashes and all("othello.left and othello.right" in c for c in clashes)
        board = screen.query_one(OthelloBoard)
        start = board.cursor
        await type_keys(pilot, "h")
        assert board.cursor == start  # h was given away
        await type_keys(pilot, "l")
        assert board.cursor in (start - 1, start + 1)  # one of the two works, no crash


def test_a_clash_from_the_keymap_file_is_reported_on_stderr(private_config: Path) -> None:
    private_config.mkdir(parents=True)
    (private_config / "keymap.toml").write_text('[othello]\nleft = "l"\n', encoding="utf-8")
    err = io.StringIO()
    app = build_app([], stderr=err)
    assert isinstance(app, ArcadeApp)
    assert "'l' is given to othello.left and othello.right" in err.getvalue()
    assert app.user_keymap == {"othello.left": "l"}  # applied all the same: the user asked for it


# -- lazy screens: a keymap costs only the games it names ---------------------------------


def _modules_after(code: str, tmp_path: Path) -> set[str]:
    """The project modules imported by ``code`` in a fresh interpreter (a private config directory)."""
    import json
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "ARCADE_CONFIG_DIR": str(tmp_path / "config"), "ARCADE_DATA_DIR": str(tmp_path / "data")}
    probe = code + "\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", probe], cwd=root, env=env, capture_output=True, text=True, check=True)
    return {m for m in json.loads(out.stdout.splitlines()[-1]) if m.split(".")[0] in ("arcade", "games", "machines")}


def test_launching_imports_no_game_and_a_game_only_its_own(tmp_path: Path) -> None:
    launcher = _modules_after("from arcade.__main__ import build_app\nbuild_app([])", tmp_path)
    assert "arcade.shell.app" in launcher
    files = {"games.files", "machines.files"}  # the one reader of files (the settings are read at launch): no game
    assert not {m for m in launcher - files
                if m.startswith(("machines.", "games.", "arcade.hp67", "arcade.ti57", "arcade.lazard"))}
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "keymap.toml").write_text('duel.confirm = "space"\nnope.nothing = "x"\n', encoding="utf-8")
    duel = _modules_after("from arcade.__main__ import build_app\nbuild_app([])", tmp_path)
    assert "arcade.screens.ti57_duel.screen" in duel  # to check duel.confirm
    assert not {m for m in duel if m.startswith(("machines.hp67", "machines.cpc", "arcade.hp67", "arcade.lazard"))}


def test_every_screen_declares_only_the_ids_its_catalog_entry_names() -> None:
    from textual.binding import Binding

    from arcade.shell import catalog

    shell = {b.id for b in binding_table([])}
    for screen in catalog.all_screens():
        cls = catalog.load(screen)
        entry = next((e for e in catalog.entries() if e.screen == screen), None)
        patterns = entry.bindings if entry else catalog.SCREENS_OUTSIDE_THE_LAUNCHER[screen]
        for klass in cls.__mro__:
            for binding in klass.__dict__.get("BINDINGS", ()):
                if isinstance(binding, Binding) and binding.id and binding.id not in shell:
                    assert catalog.screens_for_binding(binding.id), (screen, binding.id)
                    assert screen in catalog.screens_for_binding(binding.id), (screen, binding.id, patterns)


def test_an_unknown_id_of_a_game_is_found_by_importing_that_game_only() -> None:
    assert "duel.confirm" in known_binding_ids(["duel.confirm"])
    assert "launcher.start" in known_binding_ids([])  # the shell's ids are always known
    keymap = parse_keymap('duel.confirn = "x"\n', known_binding_ids(["duel.confirn"]))
    assert keymap.bindings == {} and "did you mean 'duel.confirm'" in keymap.problems[0]
