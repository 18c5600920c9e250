"""``arcade/runtime/terminal.py`` leans on three private names of Textual's Linux driver (8.2.8):

- ``LinuxDriver._file``: the output file; ``ArcadeDriver`` replaces it with a ``SturdyFile``
  before ``start_application_mode`` builds the output thread on it;
- ``LinuxDriver._writer_thread``: that thread, which ``ArcadeDriver.close`` ends;
- ``WriterThread._queue``: where ``close`` puts the thread's end (``None``) with a time limit.

A Textual upgrade that renames or drops one would break the hang-up handling (issue 16)
without any error until a terminal goes away; these tests fail first, naming the name.
``arcade/shell/app.py`` reads three of ``App``'s (``ArcadeApp.on_resize``), checked here too.
"""

from __future__ import annotations

import io
import signal
import sys

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="the Linux driver")


def _missing(name: str, why: str) -> str:
    return f"Textual no longer has the private name {name}, which arcade/runtime/terminal.py uses: {why}"


def test_the_linux_driver_builds_its_output_thread_on_its_private_file() -> None:
    from textual.drivers import linux_driver

    used = linux_driver.LinuxDriver.start_application_mode.__code__.co_names
    assert "_file" in used, _missing("LinuxDriver._file", "ArcadeDriver's SturdyFile would not be the output's file")
    assert "_writer_thread" in used, _missing("LinuxDriver._writer_thread", "ArcadeDriver.close could not end it")
    assert "WriterThread" in used, _missing("linux_driver.WriterThread", "the output thread is built otherwise")


def test_the_writer_thread_takes_its_end_through_its_private_queue() -> None:
    from textual.drivers._writer_thread import WriterThread

    thread = WriterThread(io.StringIO())
    assert hasattr(thread, "_queue"), _missing("WriterThread._queue", "ArcadeDriver.close puts the thread's end there")
    assert "_queue" in WriterThread.stop.__code__.co_names, _missing("WriterThread._queue", "stop() no longer uses it")


async def test_arcade_driver_has_the_private_names_and_closes_a_writer_thread_through_them() -> None:
    from textual.drivers._writer_thread import WriterThread

    from arcade.shell.app import ArcadeApp
    from arcade.runtime.terminal import ArcadeDriver, SturdyFile

    hooked = {number: signal.getsignal(number) for number in (signal.SIGTSTP, signal.SIGCONT)}
    try:
        driver = ArcadeDriver(ArcadeApp())  # hooks SIGTSTP and SIGCONT, as Textual's driver does
        names = vars(driver)
        assert "_writer_thread" in names, _missing("LinuxDriver._writer_thread", "ArcadeDriver.close reads it")
        assert isinstance(names.get("_file"), SturdyFile), _missing(
            "LinuxDriver._file", "ArcadeDriver.__init__ sets it after Textual's __init__, which no longer defines it"
        )
        terminal = io.StringIO()
        writer = WriterThread(terminal)
        writer.start()
        driver._writer_thread = writer
        writer.write("abc")
        driver.close()  # the end goes through writer._queue (close's own join is bounded by STOP_LIMIT)
        writer.join(60)  # a bound on a wait that would never end on a loaded machine, not a measure
        assert not writer.is_alive() and terminal.getvalue() == "abc"
    finally:
        for number, handler in hooked.items():
            signal.signal(number, handler)


def test_the_driver_suspends_through_a_private_handler_and_keeps_its_loop() -> None:
    """``ArcadeDriver._sigtstp_application`` overrides Textual's SIGTSTP handler (installed by
    ``LinuxDriver.__init__`` under that name) and hands the suspend to ``Driver._loop``: renamed,
    Textual's own would run inside the signal handler again (a suspend that can hang)."""
    from textual.driver import Driver
    from textual.drivers.linux_driver import LinuxDriver

    assert "_sigtstp_application" in LinuxDriver.__dict__, _missing("LinuxDriver._sigtstp_application",
                                                                     "the suspend would run inside the signal handler")
    assert "_sigtstp_application" in LinuxDriver.__init__.__code__.co_names, _missing(
        "LinuxDriver._sigtstp_application", "it is no longer what SIGTSTP calls")
    assert "_loop" in Driver.__init__.__code__.co_names, _missing("Driver._loop", "the suspend has no loop to go to")


def test_the_app_keeps_its_size_and_a_resize_on_its_way_under_private_names() -> None:
    """``ArcadeApp.on_resize`` reads ``App._size``, ``App._resize_event`` and ``App._resize_timer``
    to tell a size the screens already have (read with defaults: renamed, every resize would
    reach the screens again, as in Textual, never an error)."""
    from textual.app import App

    used = App._on_resize.__code__.co_names
    for name in ("_size", "_resize_event", "_resize_timer"):
        assert name in used, _missing(f"App.{name}", "ArcadeApp.on_resize would send the screens every size again")
