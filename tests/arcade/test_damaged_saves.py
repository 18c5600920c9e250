"""Generated damage to saves, read the way the launcher and a game screen's opening read them.

Real saves of every game (``real_saves.py``) are broken in many ways (``damage.py``):
truncations at random offsets, random bytes, invalid UTF-8, UTF-16, deep nesting, huge
and non-finite numbers, a wrong type or value or a missing field at a random place.
Reading never raises anything but ``SaveError`` and never loses the file.  A damaged
save that cannot be moved aside (a read-only directory) is left in place, reported
once, never read again, never overwritten nor discarded while unchanged.
"""

from __future__ import annotations

import json
import os
import random
import time
from pathlib import Path

import pytest

from arcade.storage import readback, saves
from arcade.storage.readback import MAX_NESTING, nesting, sweep_temporaries
from arcade.storage.saves import SaveError, SaveStore
from tests.arcade.damage import GAMES, Counts, damaged_save, real_envelope, save_campaign


def test_generated_damaged_saves_never_crash_the_reader_nor_get_lost(tmp_path: Path) -> None:
    counts = save_campaign(tmp_path, 240, seed=16)
    print(counts.line("damaged saves"), counts.kinds)
    assert counts.failures == [] and counts.crashes == 0 and counts.lost == 0
    assert counts.refused >= counts.tried // 2  # most damage is refused (a wrong field in `state` is the session's)


@pytest.mark.soak
def test_soak_damaged_saves(tmp_path: Path) -> None:
    total = Counts()
    for seed in range(20):
        total.add(save_campaign(tmp_path, 500, seed=1000 + seed))
    print(total.line("damaged saves (soak)"), total.kinds)
    assert total.failures == [] and total.crashes == 0 and total.lost == 0


@pytest.mark.parametrize("game", GAMES)
def test_a_thousand_levels_deep_save_is_refused_and_kept_aside(tmp_path: Path, game: str) -> None:
    path = tmp_path / f"{game}.json"
    path.write_text("[" * 1000 + "]" * 1000, encoding="utf-8")
    store = SaveStore(tmp_path)
    assert store.info(game) is None
    with pytest.raises(SaveError, match=f"{game}.json.*nested more than {MAX_NESTING} levels.*{game}.corrupt-1.json"):
        store.check(game)
    assert store.load(game) is None and not path.exists()
    assert (tmp_path / f"{game}.corrupt-1.json").read_text(encoding="utf-8").startswith("[[[")


def test_nesting_is_measured_on_the_parsed_value_by_a_loop() -> None:
    assert nesting(json.loads('{"a": [1, {"b": "[[[[[[[[[[[["}]}')) == 3
    assert nesting(5) == 0 and nesting([]) == 1
    assert nesting(json.loads("[" * 900 + "]" * 900), limit=10_000) == 900  # beyond what a recursion could walk
    assert nesting(json.loads("[" * 900 + "]" * 900)) == MAX_NESTING + 1  # counting stops past the limit
    real = real_envelope("lazard-othello")
    assert nesting(real) == nesting(real, 10_000) < MAX_NESTING // 4


def test_hostile_strings_are_read_in_linear_time(tmp_path: Path) -> None:
    """An unterminated string of escaped quotes made a regular-expression pre-scan quadratic
    (a 40 KB file held the launcher for most of a minute); the reader must refuse it at once.
    No time is asserted: a quadratic reader would make this test run for hours, not fail."""
    store = SaveStore(tmp_path)
    (tmp_path / "ti57-wolf.json").write_text('{"format": 1, "summary": "' + '\\"' * 400_000, encoding="utf-8")
    with pytest.raises(SaveError, match="not JSON"):
        store.load("ti57-wolf")


def test_the_launcher_line_is_total_and_short(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    for summary in (5, None, ["move 3"], {"a": 1}, "x" * 10_000, "[bold]move\x1b[2J 3\n", ""):
        envelope = real_envelope("ti57-wolf")
        envelope["summary"] = summary
        envelope["saved_at"] = summary
        (tmp_path / "ti57-wolf.json").write_text(json.dumps(envelope), encoding="utf-8")
        for info in (store.info("ti57-wolf"), store.check("ti57-wolf")):
            assert info is not None and isinstance(info.summary, str) and len(info.summary) <= readback.SUMMARY_CHARS
            assert info.summary.isprintable() and isinstance(info.saved_at, str)


def test_a_huge_file_is_refused_without_reading_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(saves, "MAX_SAVE_BYTES", 1000)
    data = json.dumps(real_envelope("hp67-othello")).encode()
    (tmp_path / "hp67-othello.json").write_bytes(data)
    with pytest.raises(SaveError, match="bytes long, more than any such file"):
        SaveStore(tmp_path).load("hp67-othello")
    assert (tmp_path / "hp67-othello.corrupt-1.json").read_bytes() == data


# -- a damaged save that cannot be moved aside (a read-only data directory) ---------------------

@pytest.fixture
def unmovable(monkeypatch: pytest.MonkeyPatch) -> None:
    """Moving a file fails as in a read-only directory (works as root too, unlike chmod)."""
    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(saves.os, "link", refuse)
    monkeypatch.setattr(saves.os, "replace", refuse)
    monkeypatch.setattr(saves, "_stuck", {})


def test_unmovable_damaged_save_is_left_reported_once_and_never_overwritten(tmp_path: Path, unmovable: None) -> None:
    store = SaveStore(tmp_path)
    path = tmp_path / "ti57-duel.json"
    path.write_bytes(b'{"format": 1, "game": "ti57-duel", "sta')
    with pytest.raises(SaveError) as first:
        store.check("ti57-duel")
    assert not first.value.reported_before and "left in place" in str(first.value) and "ti57-duel.json" in str(first.value)
    reads = []
    original = saves.read_envelope
    saves.read_envelope = lambda *a: reads.append(a) or original(*a)  # type: ignore[assignment]
    try:
        for read in (store.check, store.load, store.load, store.info):  # launcher, screen, launcher again...
            try:
                read("ti57-duel")
            except SaveError as error:
                assert error.reported_before
    finally:
        saves.read_envelope = original  # type: ignore[assignment]
    assert reads == []  # never read again in this run
    with pytest.raises(SaveError, match="in the way"):
        store.save("ti57-duel", {"a": 1}, saved_at="now")
    store.discard("ti57-duel")  # a finished game: the damaged file stays
    assert path.read_bytes() == b'{"format": 1, "game": "ti57-duel", "sta'
    assert SaveStore(tmp_path).keep_aside("ti57-wolf", "is odd").endswith("not read again")


def test_a_stuck_file_replaced_by_the_player_is_read_afresh(tmp_path: Path, unmovable: None) -> None:
    store = SaveStore(tmp_path)
    path = tmp_path / "ti57-wolf.json"
    path.write_bytes(b"garbage")
    with pytest.raises(SaveError):
        store.load("ti57-wolf")
    envelope = real_envelope("ti57-wolf")
    path.write_text(json.dumps(envelope), encoding="utf-8")  # mended by hand: another size, another time
    assert store.load("ti57-wolf") == envelope["state"]


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="chmod does not stop root")
def test_a_read_only_directory_for_real(tmp_path: Path) -> None:
    (tmp_path / "hp67-othello.json").write_bytes(b"[" * 2000)
    tmp_path.chmod(0o555)
    try:
        store = SaveStore(tmp_path)
        with pytest.raises(SaveError) as first:
            store.load("hp67-othello")
        assert not first.value.reported_before
        with pytest.raises(SaveError) as again:
            store.check("hp67-othello")
        assert again.value.reported_before
    finally:
        tmp_path.chmod(0o755)
    assert (tmp_path / "hp67-othello.json").read_bytes() == b"[" * 2000


# -- temporary files left by a kill during a save -------------------------------------------------

def test_stale_temporaries_of_our_pattern_are_swept_and_fresh_ones_kept(tmp_path: Path) -> None:
    now = time.time()
    old = now - readback.STALE_TEMPORARY_SECONDS - 60
    names = {
        ".hp67-othello.k2j_x9ab.tmp": old,        # ours, stale: removed
        ".ti57-duel.a1b2c3d4.tmp": now - 5,       # ours, being written by another arcade: kept
        ".ti57-wolf.abc.tmp": old,                # not mkstemp's 8 characters: kept
        "hp67-othello.k2j_x9ab.tmp": old,         # no leading dot: kept
        "notes.txt": old,
        ".settings.zzzzzzzz.tmp": old,            # ours (settings), stale: removed
    }
    for name, mtime in names.items():
        (tmp_path / name).write_text("x", encoding="utf-8")
        os.utime(tmp_path / name, (mtime, mtime))
    removed = sweep_temporaries(tmp_path, now=now)
    assert sorted(p.name for p in removed) == [".hp67-othello.k2j_x9ab.tmp", ".settings.zzzzzzzz.tmp"]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(set(names) - {p.name for p in removed})


def test_a_killed_save_leaves_a_temporary_that_the_next_run_sweeps(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = SaveStore(tmp_path)
    store.save("ti57-wolf", {"n": 1}, saved_at="1")
    left = tmp_path / ".ti57-wolf.q8w7e6r5.tmp"  # what mkstemp named before the kill
    left.write_text('{"format":1,"ga', encoding="utf-8")
    past = time.time() - readback.STALE_TEMPORARY_SECONDS - 1
    os.utime(left, (past, past))
    monkeypatch.setattr(saves, "_swept", set())  # a new run
    assert store.load("ti57-wolf") == {"n": 1}
    assert not left.exists() and (tmp_path / "ti57-wolf.json").exists()


def test_every_game_real_save_still_loads(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    for game in GAMES:
        envelope = real_envelope(game)
        store.save(game, envelope["state"], saved_at="now", summary="move 3")
        assert store.load(game) == envelope["state"] and store.check(game).summary == "move 3"  # type: ignore[union-attr]


def test_damage_kinds_are_all_generated() -> None:
    rng = random.Random(0)
    kinds = {damaged_save(rng, GAMES[i % 4])[0].split()[0] for i in range(300)}
    assert {"field", "deep", "number", "envelope", "truncated", "utf16", "bad-utf8", "random-bytes", "flipped"} <= kinds


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_or_a_device_in_place_of_a_save_never_blocks(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "ti57-duel.json")
    store = SaveStore(tmp_path)
    assert store.info("ti57-duel") is None and store.check("ti57-duel") is None  # not a save: nothing to resume
    with pytest.raises(readback.Damaged, match="not a regular file"):
        readback.read_regular_file(Path(os.devnull), 100)


def test_a_save_failing_every_move_the_same_way_is_said_once(arcade_data_dir: Path) -> None:
    from arcade.storage.game_saves import GameSaves
    from arcade.storage.saves import flush
    from tests.arcade.helpers import PlainScreen

    arcade_data_dir.mkdir(parents=True)
    (arcade_data_dir / "saves").write_text("a file where the saves folder should be", encoding="utf-8")
    told: list[str] = []
    screen = PlainScreen(told)
    saves = GameSaves(screen, "ti57-wolf")
    saves.ready = True
    for move in range(5):
        screen.state = {"move": move}
        saves.save()
        flush()  # the writer has failed and told the screen
    assert len(told) == 1 and "could not be saved" in told[0]
