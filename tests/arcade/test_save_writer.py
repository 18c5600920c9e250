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


def test_a_handed_over_save_is_written_as_it_is_and_its_faults_reported_from_the_writer(tmp_path: Path) -> None:
    """A state made for its save alone (a job's worker made it: ``handed_over``) goes to the writer
    uncopied: it lands the same, and what is not JSON in it is reported from there, the last good
    save kept."""
    store = SaveStore(tmp_path)
    state = {"board": [[0, 1], [2, 3]], "moves": [{"square": 19}]}
    store.save("g", state, saved_at="1", later=True, handed_over=True)
    assert store.load("g") == {"board": [[0, 1], [2, 3]], "moves": [{"square": 19}]}
    failures: list[Exception] = []
    store.save("g", {"move": object()}, saved_at="2", later=True, handed_over=True, failed=failures.append)
    assert store.load("g") == state
    assert len(failures) == 1 and isinstance(failures[0], TypeError)


# -- the writer's encoder: the same text as json.dumps, a piece at a time ------------------------------

from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_leaves = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=8)
_json_like = st.recursive(
    _leaves,
    lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner)
    | st.dictionaries(st.text(max_size=4), inner, max_size=4)
    | st.dictionaries(st.integers(), inner, max_size=2),  # keys json.dumps turns into strings
    max_leaves=40,
)


@given(_json_like)
def test_a_save_encoded_in_pieces_is_the_text_json_dumps_writes(value: object) -> None:
    assert save_writer.save_text_in_pieces({"state": value}) == save_writer.save_text({"state": value})


def test_a_large_save_is_encoded_in_pieces_giving_the_interpreter_away(monkeypatch) -> None:  # noqa: ANN001
    gave: list[int] = []
    monkeypatch.setattr(save_writer, "_give_way", lambda: gave.append(1))
    state = {"timeline": [{"machine": {"lines": ["10 PRINT" * 40] * 60, "screen": list(range(1000))}}] * 12}
    assert save_writer.save_text_in_pieces(state) == save_writer.save_text(state)
    assert len(gave) >= len(save_writer.save_text(state)) // save_writer.PIECE - 1


@given(st.lists(st.lists(_json_like, max_size=6), min_size=1, max_size=5))
def test_saves_encoded_one_after_another_with_the_kept_parts_are_the_text_json_dumps_writes(saves: list) -> None:
    """Each save of a file takes the JSON of the list items it shares with the saves before it
    (``kept``): every text is still exactly ``json.dumps``'s.  Small bounds here, so that
    hypothesis's small values are kept, taken again and dropped."""
    from unittest import mock

    kept: dict[bytes, str] = {}
    with mock.patch.object(save_writer, "KEEP_FROM", 8), mock.patch.object(save_writer, "KEEP_UP_TO", 300):
        for i, steps in enumerate(saves):
            state = {"timeline": saves[max(0, i - 1)] + steps, "now": steps}
            assert save_writer.save_text_in_pieces(state, lambda: None, kept) == save_writer.save_text(state)
            assert sum(map(len, kept.values())) <= save_writer.KEPT_SAVES * len(save_writer.save_text(state))


def test_a_save_with_one_undo_step_more_encodes_only_that_step(monkeypatch) -> None:  # noqa: ANN001
    """A game is saved after every turn with its undo steps; the writer encodes again only what
    changed: the new step and what is not an undo step, not the twelve steps before."""
    encoded: list[int] = []
    real = save_writer._encode

    def counted(value: object) -> str:
        text = real(value)
        encoded.append(len(text))
        return text

    monkeypatch.setattr(save_writer, "_encode", counted)

    def step(n: int) -> dict:
        return {"machine": {"memory": [n] * 3000, "lines": {str(k): f"{k} PRINT {n}" for k in range(50)}}, "move": n}

    kept: dict[bytes, str] = {}
    past = [step(n) for n in range(12)]
    first = {"driver": step(12), "timeline": {"past": past, "future": []}}
    assert save_writer.save_text_in_pieces(first, lambda: None, kept) == real(first)
    one_step = len(real(step(12)))
    everything = sum(encoded)  # the first save: all of it (the commas between items apart)
    encoded.clear()
    second = {"driver": step(13), "timeline": {"past": [*past[1:], step(12)], "future": []}}
    assert save_writer.save_text_in_pieces(second, lambda: None, kept) == real(second)
    assert one_step <= sum(encoded) <= 2 * one_step < everything / 4  # the driver and the new step; eleven kept


def test_what_json_refuses_the_pieces_refuse_too() -> None:
    for bad in ({"move": {1, 2}}, {"deep": [[[[[[{1, 2}]]]]]]}, {"f": object()}):
        for encode in (save_writer.save_text, save_writer.save_text_in_pieces):
            try:
                encode(bad)
            except (TypeError, ValueError):
                continue
            raise AssertionError(f"{encode.__name__} took {bad!r}")


def test_a_later_save_waits_for_the_frame_it_follows_unless_a_read_needs_it(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    import threading

    monkeypatch.setattr(save_writer, "NOT_BEFORE_LIMIT", 600.0)  # only the gate or a read lets it go here
    store = SaveStore(tmp_path)
    drawn = threading.Event()
    store.save("g", {"move": 1}, saved_at="1", later=True, not_before=drawn)
    path = store.path_for("g")
    assert not path.exists()  # the writer waits for the screen's frame
    assert store.load("g") == {"move": 1}  # a read waits for the saves: the gate is lifted
    second = threading.Event()
    store.save("g", {"move": 2}, saved_at="2", later=True, not_before=second)
    second.set()  # the frame is drawn
    flush()
    assert store.load("g") == {"move": 2}


def test_a_later_save_gives_way_to_keys_between_its_pieces_unless_a_read_needs_it(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    """``between`` is called before the save and between its pieces (it waits for a key's frame); not
    while a flush waits (every read does): a reader never waits for the player's keys."""
    import threading
    import time

    monkeypatch.setattr(save_writer, "PIECE", 64)  # many pieces
    monkeypatch.setattr(save_writer, "NOT_BEFORE_LIMIT", 600.0)
    calls: list[str] = []
    store = SaveStore(tmp_path)
    state = {"rows": [[i] * 20 for i in range(40)]}
    store.save("g", state, saved_at="1", later=True, between=lambda: calls.append("first"))
    deadline = time.monotonic() + 60.0  # bounds a hang; the loop waits for the file, not for a time
    while not store.path_for("g").exists() and time.monotonic() < deadline:
        time.sleep(0.005)
    assert calls.count("first") > 10  # before the save, and between its ~20 pieces
    calls.clear()
    store.save("g", {"move": 2}, saved_at="2", later=True, not_before=threading.Event())  # waits for its frame...
    store.save("g", {"move": 3}, saved_at="3", later=True, between=lambda: calls.append("third"))
    assert store.load("g") == {"move": 3}  # ...until the read's flush, which asks no courtesy of the next
    assert calls == []
