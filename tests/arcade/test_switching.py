"""``arcade/switching.py``: older garbage collections wait for a moment with no key on its way, never for ever."""

from __future__ import annotations

import gc
import sys

from arcade import switching


class FakeCollector:
    """``gc`` as ``collect_when_quiet`` sees it: the count of young collections since the last full one."""

    def __init__(self, since_full: int) -> None:
        self.since_full = since_full
        self.collected = 0

    def get_count(self) -> tuple[int, int, int]:
        return (0, 0, self.since_full)

    def collect(self) -> int:
        self.collected += 1
        self.since_full = 0
        return 0


def test_a_due_full_collection_waits_for_a_quiet_moment(monkeypatch) -> None:  # noqa: ANN001
    fake = FakeCollector(switching.FULL_AFTER)
    monkeypatch.setattr(switching, "gc", fake)
    now = 100.0
    assert not switching.collect_when_quiet(now - 0.2, jobs_running=False, now=now)  # a key just now
    assert not switching.collect_when_quiet(now - 5.0, jobs_running=True, now=now)  # a machine runs
    assert fake.collected == 0
    assert switching.collect_when_quiet(now - switching.QUIET, jobs_running=False, now=now)
    assert fake.collected == 1
    assert not switching.collect_when_quiet(now - 5.0, jobs_running=False, now=now)  # none due now


def test_an_overdue_full_collection_runs_whatever_the_player_does(monkeypatch) -> None:  # noqa: ANN001
    fake = FakeCollector(switching.FULL_AFTER - 1)
    monkeypatch.setattr(switching, "gc", fake)
    assert not switching.collect_when_quiet(0.0, jobs_running=False, now=50.0)  # quiet, but not due
    fake.since_full = switching.FULL_AT_THE_LATEST
    assert switching.collect_when_quiet(49.9, jobs_running=True, now=50.0)
    assert fake.collected == 1


def test_the_app_holds_the_older_collections_while_it_runs_and_gives_them_back() -> None:
    before = gc.get_threshold()
    held = switching.hold_older_collections()
    try:
        assert held == before
        assert gc.get_threshold()[0] == before[0] and min(gc.get_threshold()[1:]) > 10_000
    finally:
        gc.set_threshold(*held)
    assert gc.get_threshold() == before


class MiddleCollector:
    """``gc`` as the middle collections see it: young collections since the last middle one."""

    def __init__(self, since_middle: int, enabled: bool = True) -> None:
        self.since_middle = since_middle
        self.enabled = enabled
        self.collected: list[int] = []

    def isenabled(self) -> bool:
        return self.enabled

    def get_count(self) -> tuple[int, int, int]:
        return (0, self.since_middle, 0)

    def collect(self, generation: int = 2) -> int:
        self.collected.append(generation)
        self.since_middle = 0
        return 0


def test_a_due_middle_collection_runs_after_a_frame_and_an_overdue_one_at_the_look(monkeypatch) -> None:  # noqa: ANN001
    fake = MiddleCollector(switching.MIDDLE_AFTER - 1)
    monkeypatch.setattr(switching, "gc", fake)
    assert not switching.collect_middle_when_due()  # not due yet
    fake.since_middle = switching.MIDDLE_AFTER
    fake.enabled = False  # held until the first frame (hold_collections)
    assert not switching.collect_middle_when_due()
    fake.enabled = True
    assert switching.collect_middle_when_due() and fake.collected == [1]
    fake.since_middle = switching.MIDDLE_AT_THE_LATEST  # no frame came: the look once a second runs it
    assert not switching.collect_when_quiet(99.9, jobs_running=True, now=100.0)  # no full one is due
    assert fake.collected == [1, 1]


def test_the_terminal_runs_a_due_middle_collection_once_a_frame_that_shows_every_key_is_out(monkeypatch) -> None:  # noqa: ANN001
    import time

    import arcade.attention as attention_module
    from arcade.runtime import terminal
    from arcade.attention import Attention
    from arcade.runtime.terminal import SturdyFile
    from tests.arcade.helpers import driver_without_terminal

    ran: list[str] = []
    monkeypatch.setattr(terminal, "collect_middle_when_due", lambda: ran.append("collected") or True)
    monkeypatch.setattr(attention_module, "GIVE_WAY", 600.0)  # a key stays "on its way" however slow the test runs

    class Out:
        def write(self, text: str) -> int:
            return len(text)

        def flush(self) -> None:
            ran.append("flushed")

    attention = Attention()
    driver = driver_without_terminal(attention)
    out = SturdyFile(Out(), lambda: None, driver._frame_out)  # type: ignore[arg-type]
    driver._file = out

    def frame_out(written_at: float) -> list[str]:
        ran.clear()
        driver._written_at = written_at
        out.flush()
        return list(ran)

    t = time.monotonic()
    assert frame_out(t) == ["flushed", "collected"]  # no key yet
    attention.key_arrived(t + 0.001)  # a key is read...
    assert frame_out(t + 0.002) == ["flushed"]  # ...a frame of other news goes out before its action ran
    attention.key_arrived(t + 0.0015)  # a second key is read while the first one's action runs
    attention.key_handled_at, attention.handled_key_at = t + 0.003, t + 0.001  # the first one's action has run
    assert frame_out(t + 0.004) == ["flushed"]  # a frame that shows the first key, not the second
    attention.key_handled_at, attention.handled_key_at = t + 0.0035, t + 0.0015  # the second's action has run
    assert frame_out(t + 0.004) == ["flushed", "collected"]  # the frame that shows it
    attention.key_arrived(t + 0.005)  # a key read after the frame was written, before it is out
    assert frame_out(t + 0.004) == ["flushed"]


async def test_the_arcade_holds_them_and_switches_threads_promptly_while_it_runs_and_gives_both_back() -> None:
    from arcade.shell.app import ArcadeApp

    before = gc.get_threshold()
    switching_before = sys.getswitchinterval()
    app = ArcadeApp()
    async with app.run_test() as pilot:
        await pilot.pause()
        assert gc.get_threshold()[2] > 10_000
        assert sys.getswitchinterval() <= switching.JOB_SWITCH_INTERVAL  # a key is read at once
    assert gc.get_threshold() == before
    assert sys.getswitchinterval() == switching_before
