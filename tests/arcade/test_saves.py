"""Saves: atomic writes, corrupt files kept aside and reported, version refusals."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from arcade.storage.saves import FORMAT_VERSION, SaveError, SaveStore
from tests.arcade.helpers import PlainScreen


def test_round_trip_and_info(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    state = {"machine": {"x": "1.5", "steps": 42}, "history": [1, 2, 3]}
    path = store.save("hp67-othello", state, saved_at="2026-11-22 18:00", summary="move 3")
    assert path == tmp_path / "hp67-othello.json"
    assert store.load("hp67-othello") == state
    info = store.info("hp67-othello")
    assert info is not None and info.summary == "move 3"
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_missing_save_is_none(tmp_path: Path) -> None:
    assert SaveStore(tmp_path).load("ti57-duel") is None


@pytest.mark.parametrize("content", ["{not json", '{"format": 1, "game": "g"}', "[]", "\xff\xfe"])
def test_corrupt_save_is_reported_by_name_and_kept(tmp_path: Path, content: str) -> None:
    store = SaveStore(tmp_path)
    (tmp_path / "g.json").write_text(content, encoding="latin-1")
    with pytest.raises(SaveError, match=r"g\.json.*kept as g\.corrupt-1\.json"):
        store.load("g")
    assert (tmp_path / "g.corrupt-1.json").read_text(encoding="latin-1") == content
    # The next save does not overwrite the kept file, and a second bad file gets its own name.
    store.save("g", {"a": 1}, saved_at="now")
    assert (tmp_path / "g.corrupt-1.json").read_text(encoding="latin-1") == content
    (tmp_path / "g.json").write_text("garbage")
    with pytest.raises(SaveError, match="g.corrupt-2.json"):
        store.load("g")


def test_other_format_version_is_refused_with_reason(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    (tmp_path / "g.json").write_text(json.dumps({"format": FORMAT_VERSION + 1, "game": "g", "state": {}}))
    with pytest.raises(SaveError, match=f"format version {FORMAT_VERSION + 1}.*reads version {FORMAT_VERSION}"):
        store.load("g")
    assert (tmp_path / "g.corrupt-1.json").exists()


def test_bad_game_ids_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError):
        SaveStore(tmp_path).path_for("../etc/passwd")


_WRITER = """
import sys
from arcade.storage.saves import SaveStore
store = SaveStore(sys.argv[1])
big = {"blob": "x" * 4_000_000}
n = 0
while True:
    n += 1
    print(n, flush=True)  # about to save: the test kills it somewhere inside this save
    store.save("g", {"n": n, **big}, saved_at=str(n))
"""


def test_killed_mid_save_leaves_previous_save_intact(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    store.save("g", {"n": 0, "blob": "first"}, saved_at="0")
    for saves_begun in (1, 2, 3, 5):
        proc = subprocess.Popen([sys.executable, "-c", _WRITER, str(tmp_path)], stdout=subprocess.PIPE, text=True)
        assert proc.stdout is not None
        for _ in range(saves_begun):  # the kill lands inside (or just after) that save: any moment must be safe
            assert proc.stdout.readline().strip()
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        proc.stdout.close()
        state = store.load("g")  # raises if the file were torn
        assert state is not None and isinstance(state["n"], int)
    assert not list(tmp_path.glob("*.corrupt-*"))


def test_two_exports_in_one_second_keep_both_and_the_same_moves_again_are_one_file(monkeypatch) -> None:  # noqa: ANN001
    """Exports are named by the second: a second one of other moves (a new game exported at once)
    goes beside the first, never over it; the same moves exported again are the same file."""
    from datetime import datetime, timezone

    from arcade.storage import game_saves

    class OneSecond(datetime):
        @classmethod
        def now(cls, tz=None):  # noqa: ANN001, ANN206
            return datetime(2026, 11, 28, 2, 30, 0, tzinfo=timezone.utc)

    monkeypatch.setattr(game_saves, "datetime", OneSecond)
    told: list[str] = []

    saves = game_saves.GameSaves(PlainScreen(told), "ti57-wolf")
    first = saves.export("1. W 4.8-3.7\n")
    again = saves.export("1. W 4.8-3.7\n")
    other = saves.export("1. L1 1.1-2.2\n")
    assert first is not None and again == first and other is not None and other != first
    assert first.name == "ti57-wolf-20261128-023000.txt" and other.name == "ti57-wolf-20261128-023000-2.txt"
    assert first.read_text(encoding="utf-8") == "1. W 4.8-3.7\n" and other.read_text(encoding="utf-8") == "1. L1 1.1-2.2\n"
    assert len(told) == 3 and other.name in told[-1] and saves.exported == other
