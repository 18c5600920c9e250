"""``arcade/jobs.py``: a job's slice callback, seen from the worker thread, without a screen."""

from __future__ import annotations

import time
from types import SimpleNamespace
from typing import Any

import pytest

import arcade.jobs as jobs_module
from arcade.attention import Attention
from arcade.jobs import Job, JobContext


class Host:
    """What a job reads of its screen (``JobHost``): instant, never paused; news kept."""

    STEPS_PER_SECOND = 1000.0
    PROGRESS_PER_SECOND = 10.0
    paused = False
    instant = True

    def __init__(self) -> None:
        self.attention = Attention()
        self.posted: list[Any] = []

    def post_message(self, message: Any) -> bool:
        self.posted.append(message)
        return True


@pytest.mark.parametrize("typing", [True, False], ids=["resting after a slice", "between two slices"])
def test_a_key_read_while_the_job_gives_the_interpreter_away_holds_the_next_slice(monkeypatch, typing: bool) -> None:  # noqa: ANN001
    """The job yields after each slice (a rest while the player types, else a bare switch); a key
    read meanwhile parks it, and the next slice must wait for that key's frame."""
    host = Host()
    attention = host.attention
    attention.job_started()
    if typing:
        monkeypatch.setattr(jobs_module, "ATTENTIVE", 600.0)  # still at the keyboard however slow the test runs
        attention.key_at = time.monotonic()  # a key a moment ago: the player is at the keyboard
    ctx = JobContext(host, Job("probe", lambda ctx: None, 0), worker=None)
    seen: list[tuple[str, float | bool]] = []

    def sleep(seconds: float) -> None:
        seen.append(("yield", seconds))
        attention.key_arrived()  # the terminal's input thread reads a key while the job yields

    def give_way() -> None:
        seen.append(("give way", not attention.free.is_set()))
        attention.release()  # the key's frame is drawn

    monkeypatch.setattr(jobs_module, "time", SimpleNamespace(sleep=sleep, monotonic=time.monotonic))
    monkeypatch.setattr(attention, "give_way", give_way)
    assert ctx.go_on(10)
    assert seen == [("yield", jobs_module.REST if typing else 0), ("give way", True)]


def test_while_the_player_types_a_job_rests_after_each_millisecond_it_runs_not_after_each_slice(monkeypatch) -> None:  # noqa: ANN001
    """Slices are short (a key parks the machine between two), so the rest for the player is timed:
    a quarter-millisecond slice rests one time in four, and a machine left alone never rests."""
    host = Host()
    attention = host.attention
    clock = [1000.0]
    rests: list[float] = []

    def sleep(seconds: float) -> None:
        rests.append(seconds)
        clock[0] += seconds

    monkeypatch.setattr(jobs_module, "time", SimpleNamespace(sleep=sleep, monotonic=lambda: clock[0]))
    ctx = JobContext(host, Job("probe", lambda ctx: None, 0), worker=None)
    attention.key_at = clock[0]  # the player is at the keyboard
    for n in range(12):
        clock[0] += 0.00025  # a slice of the machine
        assert ctx.go_on(500 * (n + 1))
    taken = [s for s in rests if s]
    assert taken == [jobs_module.REST] * 3  # the first slice, then once a millisecond of running
    attention.key_at = clock[0] - jobs_module.ATTENTIVE - 1  # the player went away
    rests.clear()
    for n in range(8):
        clock[0] += 0.00025
        assert ctx.go_on(10_000 + 500 * n)
    assert rests == [0] * 8  # only the bare switch between two slices


def test_between_two_parts_a_job_stopped_meanwhile_ends_there() -> None:
    """``between_parts``: a job's own code (a TI-57 turn at instant speed, no slices) gives way to a key
    between its parts, and a job stopped meanwhile (a new game, the screen left) goes no further."""
    host = Host()
    job = Job("probe", lambda ctx: None, 0)
    ctx = JobContext(host, job, worker=None)
    ctx.between_parts()  # nothing parked, not stopped: on
    job.stop.set()
    with pytest.raises(jobs_module.JobStopped):
        ctx.between_parts()
