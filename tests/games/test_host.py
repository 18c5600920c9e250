"""The machine host's protocol, headless: requests, news, stop, pace, faults, and the host's end.

Most tests run the host in a thread (the same server and wire); those named ``..._process``
run the real child process, as the arcade does.
"""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import textwrap
import time
from typing import Any, Callable

import pytest

from games.host.client import HostClient
from games.host.news import Answer, HostGone, Note, Progress, Started

BOUND = 20.0  # seconds: a generous bound on a wait, never a measure


class Listener:
    """The host's news as it comes.  A wait takes the first news it looks for and keeps the news it
    passes over, in order, for a later wait: a request's notes may come before another request's
    answer (the CPC's run prints while the reader still answers the last key)."""

    def __init__(self) -> None:
        self.news: queue.Queue[Any] = queue.Queue()
        self.kept: list[Any] = []

    def __call__(self, news: Any) -> None:
        self.news.put(news)

    def first(self, wanted: Callable[[Any], bool], what: str = "news wanted") -> Any:
        """The first news, kept or still to come, that is ``wanted``."""
        for i, news in enumerate(self.kept):
            if wanted(news):
                return self.kept.pop(i)
        end = time.monotonic() + BOUND
        while (left := end - time.monotonic()) > 0:
            try:
                news = self.news.get(timeout=left)
            except queue.Empty:
                break
            if wanted(news):
                return news
            self.kept.append(news)
        raise AssertionError(f"no {what} within {BOUND} s")

    def next(self, kind: type | tuple[type, ...], serial: int | None = None) -> Any:
        """The first news of ``kind`` (for ``serial``), kept or still to come."""
        return self.first(lambda news: isinstance(news, kind) and (serial is None or getattr(news, "serial", None) == serial),
                          f"{kind} for {serial}")

    def answer(self, serial: int) -> Answer:
        return self.next(Answer, serial)


def test_a_wait_keeps_the_news_it_passes_over_for_a_later_wait() -> None:
    listener = Listener()
    listener(Note(2, "42 printed"))  # the run's note, come before the key's answer
    listener(Answer(12, "done"))
    assert listener.answer(12).done
    assert listener.next(Note, 2).payload == "42 printed"


@pytest.fixture(params=["thread", "process"])
def host(request: pytest.FixtureRequest) -> Any:
    listener = Listener()
    client = HostClient(listener, own_process=request.param == "process")
    client.start()
    listener.next(Started)
    opened = listener.answer(client.open("echo", start=5))
    assert opened.done and opened.picture.total == 5
    yield client, listener
    client.close()


def test_a_request_comes_back_with_its_result_and_the_tables_picture(host: Any) -> None:
    client, listener = host
    answer = listener.answer(client.request("count", 250))
    assert answer.outcome == "done" and answer.result == 255
    assert answer.picture.total == 255 and answer.picture.calls == 1


def test_requests_are_answered_in_the_order_they_were_sent(host: Any) -> None:
    client, listener = host
    serials = [client.request("count", n) for n in (1, 2, 3)]
    results = [listener.answer(s).result for s in serials]
    assert results == [6, 8, 11]


def test_a_refusal_and_a_fault_are_answers_and_the_table_goes_on(host: Any) -> None:
    client, listener = host
    refused = listener.answer(client.request("refuse", "not now"))
    assert (refused.outcome, refused.text) == ("refused", "not now")
    failed = listener.answer(client.request("fail", "a bug"))
    assert (failed.outcome, failed.error, failed.text) == ("failed", "RuntimeError", "a bug")
    assert "RuntimeError: a bug" in failed.trace
    unknown = listener.answer(client.request("no_such_request"))
    assert unknown.outcome == "refused" and "no_such_request" in unknown.text
    assert listener.answer(client.request("count", 1)).result == 6


def test_a_stop_ends_a_running_request_and_leaves_the_game_as_before(host: Any) -> None:
    client, listener = host
    client.pace(instant=False)  # real pace: a thousand steps a second, so 10^6 steps would take long
    serial = client.request("count", 1_000_000)
    listener.next(Progress, serial)  # it runs
    client.stop(serial)
    answer = listener.answer(serial)
    assert answer.outcome == "stopped" and answer.picture.total == 5


def test_a_stop_sent_before_its_request_runs_means_it_never_runs(host: Any) -> None:
    client, listener = host
    client.pace(paused=True)
    first = client.request("count", 10)
    second = client.request("count", 20)
    client.stop(second)
    client.pace(paused=False)
    assert listener.answer(first).result == 15
    answer = listener.answer(second)
    assert answer.outcome == "stopped" and answer.picture.total == 15


def test_while_paused_nothing_runs_and_going_on_finishes_the_request(host: Any) -> None:
    client, listener = host
    client.pace(paused=True)
    serial = client.request("count", 300)
    client.request("pid")  # behind it, in order
    with pytest.raises(queue.Empty):
        while True:  # nothing answers while paused (a short look: the proof is the answer after)
            news = listener.news.get(timeout=0.3)
            assert not isinstance(news, Answer)
    client.pace(paused=False)
    assert listener.answer(serial).result == 305


def test_news_before_the_end_comes_before_the_answer(host: Any) -> None:
    client, listener = host
    serial = client.request("note", {"moved": "d3"})
    note = listener.next((Note, Answer), serial)  # type: ignore[arg-type]
    assert isinstance(note, Note) and note.payload == {"moved": "d3"}
    assert listener.answer(serial).result == {"moved": "d3"}


def test_news_held_at_instant_speed_is_left_out_by_a_request_done_before_it_shows(host: Any) -> None:
    client, listener = host
    serial = client.request("note", {"moved": "d3"}, held=True)
    assert isinstance(listener.next((Note, Answer), serial), Answer)  # type: ignore[arg-type]  # its answer says it all


def test_news_held_is_sent_once_the_request_holds_for_the_pause_and_before_its_stopped_end(host: Any) -> None:
    client, listener = host
    serial = client.request("note", {"moved": "d3"}, held=True, then_wait=60.0)
    client.pace(paused=True)  # before or while it waits: either way it holds, and the screen sees how far it went
    note = listener.next((Note, Answer), serial)  # type: ignore[arg-type]
    assert isinstance(note, Note) and note.payload == {"moved": "d3"}
    client.stop(serial)
    assert listener.answer(serial).outcome == "stopped"
    client.pace(paused=False)


def test_news_held_is_sent_at_once_at_the_real_machines_pace(host: Any) -> None:
    client, listener = host
    client.pace(instant=False)
    serial = client.request("note", {"moved": "d3"}, held=True)
    assert isinstance(listener.next((Note, Answer), serial), Note)  # type: ignore[arg-type]
    assert listener.answer(serial).done


def test_an_unknown_game_is_refused_with_its_name(host: Any) -> None:
    client, listener = host
    answer = listener.answer(client.open("no-such-game"))
    assert answer.outcome == "failed" and "no-such-game" in answer.text


def test_a_host_that_dies_is_reported_once_with_its_status_process() -> None:
    listener = Listener()
    client = HostClient(listener)
    client.start()
    listener.next(Started)
    listener.answer(client.open("echo"))
    client.request("crash", 7)
    gone = listener.next(HostGone)
    assert gone.exitcode == 7
    assert not client.running
    client.close()


def test_closing_ends_the_host_process() -> None:
    listener = Listener()
    client = HostClient(listener)
    client.start()
    pid = listener.next(Started).pid
    client.close()
    assert client.process is not None and client.process.poll() is not None
    assert not _alive(pid)


def test_closing_stops_the_request_running_and_those_queued_never_start() -> None:
    """A host in a thread (as every arcade test has) must not go on running a queued request for
    nobody once its screen has closed it: a CPC room's run would turn for the rest of the suite."""
    listener = Listener()
    client = HostClient(listener, own_process=False)
    client.start()
    listener.next(Started)
    assert listener.answer(client.open("echo")).done
    client.pace(instant=False)  # a thousand steps a second: either request would run for days
    running = client.request("count", 10**9)
    client.request("count", 10**9)  # queued behind it
    listener.next(Progress, running)  # the first runs
    client.close()
    host = client.host
    assert host.worker is not None
    host.worker.join(BOUND)
    assert not host.worker.is_alive()
    assert host.table.calls == 1 and host.table.total == 0  # the first stopped as before it, the second never began


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie not yet reaped by its (dead) parent counts as gone
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


PARENT = textwrap.dedent("""
    import sys, time
    from games.host.client import HostClient
    from games.host.news import Started, Progress
    seen = []
    client = HostClient(seen.append)
    client.start()
    while not any(isinstance(n, Started) for n in seen):
        time.sleep(0.01)
    client.open("echo")
    client.pace(instant=False)
    client.request("count", 10**7)  # a long machine run at the real pace
    while not any(isinstance(n, Progress) for n in seen):
        time.sleep(0.01)
    print(client.pid, flush=True)
    time.sleep(600)
""")


@pytest.mark.parametrize("how", ["SIGKILL", "SIGTERM"])
def test_the_host_never_outlives_the_screens_process_killed_mid_move_process(how: str) -> None:
    parent = subprocess.Popen([sys.executable, "-c", PARENT], stdout=subprocess.PIPE, text=True)
    assert parent.stdout is not None
    host_pid = int(parent.stdout.readline())
    assert _alive(host_pid)
    parent.send_signal(getattr(signal, how))
    parent.wait(BOUND)
    parent.stdout.close()
    end = time.monotonic() + BOUND
    while _alive(host_pid) and time.monotonic() < end:
        time.sleep(0.05)
    assert not _alive(host_pid)


def test_an_at_once_request_sent_as_the_table_opens_waits_for_it_not_behind_a_long_request() -> None:
    """Keys typed as a CPC room opens: the room's run (for its whole life) is queued behind the
    table's opening; a feed sent right after both must still be carried out, not queued behind it."""
    import tempfile

    listener = Listener()
    client = HostClient(listener, own_process=False)
    client.start()
    listener.next(Started)
    with tempfile.TemporaryDirectory() as disc:
        client.open("cpc-room", disc=disc)
        run = client.request("run")
        typed = [client.request("feed", key) for key in 'PRINT 6*7\r']
        for serial in typed:
            assert listener.answer(serial).done
        listener.first(lambda news: isinstance(news, Note) and news.serial == run and " 42" in news.payload.screen.text,
                       "the CPC's 42")
        client.stop(run)
        assert listener.answer(run).done
        client.close()
