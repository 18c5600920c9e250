"""Saves written by the writer thread (``later=True``): in order, and every read sees the last one."""

from __future__ import annotations

from pathlib import Path

from arcade.storage import writer as save_writer
from arcade.storage.saves import SaveStore, flush


def test_later_saves_land_in_order_and_reads_wait_for_them(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    for n in range(30):
        store.save("g", {"move": n}, saved_at=str(n), summary=f"move {n}", later=True)
    assert store.load("g") == {"move": 29}  # load waited for all 30 writes
    info = store.info("g")
    assert info is not None and info.summary == "move 29"
    store.save("g", {"move": 30}, saved_at="30", later=True)
    store.discard("g")  # the discard comes after the write asked before it
    flush()
    assert not store.exists("g")


def test_a_failed_later_save_is_reported_and_the_writer_goes_on(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    store = SaveStore(tmp_path)
    real = save_writer.write_atomically
    calls: list[int] = []

    def disk_full_once(path: Path, text: str) -> None:
        calls.append(1)
        if len(calls) == 1:
            raise OSError(28, "No space left on device")
        real(path, text)

    monkeypatch.setattr(save_writer, "write_atomically", disk_full_once)
    failures: list[Exception] = []
    store.save("g", {"move": 1}, saved_at="1", later=True, failed=failures.append)
    store.save("g", {"move": 2}, saved_at="2", later=True, failed=failures.append)
    assert store.load("g") == {"move": 2}  # the writer lived on after the failure
    assert len(failures) == 1 and "No space left" in str(failures[0])


def test_flush_gives_up_after_its_timeout_on_a_disk_that_does_not_answer(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    """The end of the program (a hang-up's watchdog, atexit) waits for a stuck write only so long."""
    import threading

    real = save_writer.write_atomically
    release = threading.Event()

    def stuck(path: Path, text: str) -> None:
        release.wait(60)  # a bound, so a failing test cannot hang the suite
        real(path, text)

    monkeypatch.setattr(save_writer, "write_atomically", stuck)
    SaveStore(tmp_path).save("g", {"move": 1}, saved_at="1", later=True)
    assert flush(timeout=0.05) is False  # gave up: the write is still under way
    release.set()
    assert flush() is True
    assert SaveStore(tmp_path).load("g") == {"move": 1}  # and it landed whole


def test_a_later_save_is_the_state_when_asked_whatever_the_game_does_next(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    """The text is made in the writer thread, from a copy taken when the save was asked: a game
    that goes on changing its state (the next turn) while the write waits changes nothing in
    the file, and a read waits for the write."""
    import threading

    real = save_writer.write_atomically
    release = threading.Event()

    def held(path: Path, text: str) -> None:
        release.wait(60)  # a bound, so a failing test cannot hang the suite
        real(path, text)

    monkeypatch.setattr(save_writer, "write_atomically", held)
    store = SaveStore(tmp_path / "not-yet")  # the directory is made by the writer too
    state = {"board": [[0, 1], [2, 3]], "moves": [{"square": 19}], "settings": {"instant": True}}
    store.save("g", state, saved_at="t", later=True)
    state["board"][0][0] = 9  # the next turn runs meanwhile, in place
    state["moves"].append({"square": 20})
    state["settings"].clear()
    loaded: list[object] = []
    reader = threading.Thread(target=lambda: loaded.append(SaveStore(tmp_path / "not-yet").load("g")))
    reader.start()
    reader.join(0.05)
    assert reader.is_alive() and not loaded  # the read waits for the write asked before it
    release.set()
    reader.join(60)
    assert loaded == [{"board": [[0, 1], [2, 3]], "moves": [{"square": 19}], "settings": {"instant": True}}]


def test_a_later_save_that_is_not_json_is_reported_from_the_writer(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    store.save("g", {"move": 1}, saved_at="1", later=True)
    failures: list[Exception] = []
    store.save("g", {"move": {1, 2}}, saved_at="2", later=True, failed=failures.append)  # a set: not JSON
    assert store.load("g") == {"move": 1}  # the last good save stays
    assert len(failures) == 1 and isinstance(failures[0], TypeError)


def test_a_later_save_of_what_is_not_plain_data_is_refused_at_once(tmp_path: Path) -> None:
    import pytest

    with pytest.raises(ValueError):
        SaveStore(tmp_path).save("g", {"move": object()}, saved_at="1", later=True)
