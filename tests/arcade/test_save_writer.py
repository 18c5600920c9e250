"""Saves written by the writer thread (``later=True``): in order, and every read sees the last one."""

from __future__ import annotations

from pathlib import Path

from arcade import saves
from arcade.saves import SaveStore, flush


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
    real = saves.write_atomically
    calls: list[int] = []

    def disk_full_once(path: Path, text: str) -> None:
        calls.append(1)
        if len(calls) == 1:
            raise OSError(28, "No space left on device")
        real(path, text)

    monkeypatch.setattr(saves, "write_atomically", disk_full_once)
    failures: list[Exception] = []
    store.save("g", {"move": 1}, saved_at="1", later=True, failed=failures.append)
    store.save("g", {"move": 2}, saved_at="2", later=True, failed=failures.append)
    assert store.load("g") == {"move": 2}  # the writer lived on after the failure
    assert len(failures) == 1 and "No space left" in str(failures[0])


def test_flush_gives_up_after_its_timeout_on_a_disk_that_does_not_answer(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    """The end of the program (a hang-up's watchdog, atexit) waits for a stuck write only so long."""
    import threading

    real = saves.write_atomically
    release = threading.Event()

    def stuck(path: Path, text: str) -> None:
        release.wait(60)  # a bound, so a failing test cannot hang the suite
        real(path, text)

    monkeypatch.setattr(saves, "write_atomically", stuck)
    SaveStore(tmp_path).save("g", {"move": 1}, saved_at="1", later=True)
    assert flush(timeout=0.05) is False  # gave up: the write is still under way
    release.set()
    assert flush() is True
    assert SaveStore(tmp_path).load("g") == {"move": 1}  # and it landed whole
