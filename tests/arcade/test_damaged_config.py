"""Generated damage to settings.toml and keymap.toml: reported, defaults used, never an exception,
never a file lost (a damaged settings file is kept aside before the arcade writes a new one)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from arcade.storage import settings
from arcade.__main__ import build_app
from arcade.shell.app import ArcadeApp
from arcade.shell.keymap import load_keymap
from tests.arcade.damage import Counts, config_campaign


def test_generated_damaged_settings_and_keymaps_are_reported_and_never_lost(tmp_path: Path) -> None:
    counts = config_campaign(tmp_path, 160, seed=16)
    print(counts.line("damaged settings and keymaps"), counts.kinds)
    assert counts.failures == [] and counts.crashes == 0 and counts.lost == 0
    assert counts.refused >= counts.tried * 3 // 4  # a truncated keymap may still be a valid one


@pytest.mark.soak
def test_soak_damaged_settings_and_keymaps(tmp_path: Path) -> None:
    total = Counts()
    for seed in range(10):
        total.add(config_campaign(tmp_path, 400, seed=2000 + seed))
    print(total.line("damaged settings and keymaps (soak)"), total.kinds)
    assert total.failures == [] and total.crashes == 0 and total.lost == 0


@pytest.mark.parametrize("data", [
    '# settings\ntheme = "nord"\n'.encode("utf-16"),          # UTF-16 with its BOM
    b'theme = "nor\xff"\n',                                     # invalid UTF-8
    b"theme = " + b"[" * 500 + b"]" * 500 + b"\n",              # 500 levels deep
    b"x = " + b"{a = " * 500 + b"1" + b"}" * 500 + b"\n",
])
def test_the_issue_s_settings_start_the_arcade_with_defaults(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                            data: bytes) -> None:
    monkeypatch.setenv("ARCADE_CONFIG_DIR", str(tmp_path))
    (tmp_path / "settings.toml").write_bytes(data)
    (tmp_path / "keymap.toml").write_bytes(data)
    err = io.StringIO()
    app = build_app([], stderr=err)
    assert isinstance(app, ArcadeApp) and app.remembered_theme is None
    said = err.getvalue()
    assert "settings.toml" in said and "keymap.toml" in said and "defaults are used" in said, said


def test_a_damaged_settings_file_is_kept_aside_before_the_arcade_rewrites_it(tmp_path: Path) -> None:
    damaged = b"theme = " + b"[" * 800 + b"\n"
    (tmp_path / "settings.toml").write_bytes(damaged)
    assert settings.load_settings(tmp_path).damaged
    path, kept = settings.save_settings_keeping(tmp_path, settings.Settings(theme="nord"))
    assert kept == tmp_path / "settings.damaged-1.toml" and kept.read_bytes() == damaged
    assert settings.load_settings(tmp_path).theme == "nord"
    settings.save_settings(tmp_path, settings.Settings(theme="dracula"))  # a good file is simply rewritten
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings.damaged-1.toml", "settings.toml"]


@pytest.mark.parametrize("text", ["theme = 5", "theme = ''", "theme = \"\\u001b[2J\"", "theme = [1]",
                                  "wolf-seats = 3", "[wolf-seats]\nwolf = 1", "[wolf-seats]\nsheep = \"person\""])
def test_wrong_types_in_settings_are_reported(tmp_path: Path, text: str) -> None:
    (tmp_path / "settings.toml").write_text(text + "\n", encoding="utf-8")
    loaded = settings.load_settings(tmp_path)
    assert loaded.theme is None and loaded.damaged and "settings.toml" in loaded.problems[0]
    assert loaded.wolf_seats is None


def test_the_wolf_seats_are_written_and_read_back_beside_the_theme(tmp_path: Path) -> None:
    seats = {"wolf": "person", "lambs": "computer good"}
    settings.save_settings(tmp_path, settings.Settings(theme="nord", wolf_seats=seats))
    loaded = settings.load_settings(tmp_path)
    assert (loaded.theme, loaded.wolf_seats, loaded.problems) == ("nord", seats, [])


def test_a_deep_keymap_is_reported_not_raised(tmp_path: Path) -> None:
    path = tmp_path / "keymap.toml"
    path.write_text("x." * 3000 + "y = 'a'\n", encoding="utf-8")
    keymap = load_keymap(path)
    assert keymap.bindings == {} and len(keymap.problems) == 1 and "keymap.toml" in keymap.problems[0]


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="no FIFOs here")
def test_a_fifo_as_keymap_or_settings_is_reported_not_waited_on(tmp_path: Path) -> None:
    import os

    os.mkfifo(tmp_path / "keymap.toml")
    os.mkfifo(tmp_path / "settings.toml")
    assert "not a regular file" in load_keymap(tmp_path / "keymap.toml").problems[0]
    assert "not a regular file" in settings.load_settings(tmp_path).problems[0]


def test_the_exit_status_is_non_zero_only_for_a_crash(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Damaged settings and keymap: reported, status 0; a crash inside the app (Textual's return
    code 1, after its traceback): status 1, never a silent 0."""
    from arcade.__main__ import main

    monkeypatch.setenv("ARCADE_CONFIG_DIR", str(tmp_path))
    (tmp_path / "settings.toml").write_bytes(b"\xff\xfetheme")
    (tmp_path / "keymap.toml").write_bytes(b"[" * 600)
    outcome: dict[str, int | None] = {"code": None}
    monkeypatch.setattr(ArcadeApp, "run", lambda self, *a, **k: self.exit(return_code=outcome["code"]))  # type: ignore[arg-type]
    assert main([]) == 0
    outcome["code"] = 1
    assert main([]) == 1


def test_a_stale_temporary_settings_file_goes_when_the_settings_are_next_written(tmp_path: Path) -> None:
    import os

    from arcade.storage.readback import STALE_TEMPORARY_SECONDS

    left = tmp_path / ".settings.ab12cd34.tmp"  # a kill during an earlier write
    left.write_text("theme = ", encoding="utf-8")
    os.utime(left, (0, 1_000_000_000 - STALE_TEMPORARY_SECONDS))
    settings.save_settings(tmp_path, settings.Settings(theme="nord"))
    assert not left.exists() and settings.load_settings(tmp_path).theme == "nord"


@pytest.mark.parametrize("entries", [900, 5000])
def test_a_keymap_of_thousands_of_entries_is_said_in_a_few_lines(tmp_path: Path, entries: int) -> None:
    from arcade.shell import keymap

    path = tmp_path / "keymap.toml"
    path.write_text("".join(f'"othello.lef{i}" = "a"\n' for i in range(entries)), encoding="utf-8")
    loaded = keymap.load_keymap(path, keymap.known_binding_ids(keymap.read_keymap_ids(path)))
    assert loaded.bindings == {} and 1 <= len(loaded.problems) <= keymap.MAX_PROBLEMS + 1
