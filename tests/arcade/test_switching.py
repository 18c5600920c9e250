"""``arcade/switching.py``: full garbage collections wait for a quiet moment, never for ever."""

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


def test_the_app_holds_full_collections_while_it_runs_and_gives_them_back() -> None:
    before = gc.get_threshold()
    held = switching.hold_full_collections()
    try:
        assert held == before and gc.get_threshold()[:2] == before[:2] and gc.get_threshold()[2] > 10_000
    finally:
        gc.set_threshold(*held)
    assert gc.get_threshold() == before


async def test_the_arcade_holds_them_and_switches_threads_promptly_while_it_runs_and_gives_both_back() -> None:
    from arcade.app import ArcadeApp

    before = gc.get_threshold()
    switching_before = sys.getswitchinterval()
    app = ArcadeApp()
    async with app.run_test() as pilot:
        await pilot.pause()
        assert gc.get_threshold()[2] > 10_000
        assert sys.getswitchinterval() <= switching.JOB_SWITCH_INTERVAL  # a key is read at once
    assert gc.get_threshold() == before
    assert sys.getswitchinterval() == switching_before
