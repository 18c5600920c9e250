"""``arcade/runtime/terminal.py``: the driver's output survives a terminal that is gone; SIGCONT resumes only a suspend."""

from __future__ import annotations

import io
import signal
import sys

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="the Linux driver")


class GoneTerminal(io.StringIO):
    """A terminal after its window was closed: every write and flush fails with EIO."""

    def __init__(self) -> None:
        super().__init__()
        self.writes = 0

    def write(self, text: str) -> int:
        self.writes += 1
        raise OSError(5, "Input/output error")

    def flush(self) -> None:
        raise OSError(5, "Input/output error")


def test_writes_to_a_terminal_that_is_gone_are_dropped_and_said_once() -> None:
    from arcade.runtime.terminal import SturdyFile

    gone: list[int] = []
    terminal = GoneTerminal()
    output = SturdyFile(terminal, lambda: gone.append(1))  # type: ignore[arg-type]
    for _ in range(100):  # more than Textual's queue of 30: nothing blocks, nothing raises
        assert output.write("\x1b[?1049h") == len("\x1b[?1049h")
        output.flush()
    assert gone == [1] and terminal.writes == 1 and output.broken


def test_a_working_terminal_gets_everything() -> None:
    from arcade.runtime.terminal import SturdyFile

    terminal = io.StringIO()
    output = SturdyFile(terminal, lambda: pytest.fail("not gone"))
    output.write("abc")
    output.write("def")
    output.flush()
    assert terminal.getvalue() == "abcdef" and not output.broken


async def test_sigcont_without_a_suspend_starts_nothing() -> None:
    """The SIGCONT that comes with every hang-up is no come-back from Ctrl+Z: application mode is not restarted."""
    from arcade.shell.app import ArcadeApp
    from arcade.runtime.terminal import ArcadeDriver

    starts: list[int] = []

    class CountingDriver(ArcadeDriver):
        """The arcade's driver on a terminal that is there, counting the starts of application mode."""

        def start_application_mode(self) -> None:
            starts.append(1)

        def stop_application_mode(self) -> None:
            pass

        def _terminal_there(self) -> bool:
            return True

    app = ArcadeApp()
    assert app.get_driver_class() is ArcadeDriver
    hooked = {number: signal.getsignal(number) for number in (signal.SIGTSTP, signal.SIGCONT)}
    try:
        driver = CountingDriver(app)  # hooks SIGTSTP and SIGCONT, as Textual's driver does
        driver.resume_application_mode()  # a bare SIGCONT
        assert starts == []
        driver.suspend_application_mode()  # Ctrl+Z...
        driver.resume_application_mode()  # ...and fg
        assert starts == [1]
        driver.resume_application_mode()  # a second SIGCONT: already resumed
        assert starts == [1]
    finally:
        for number, handler in hooked.items():
            signal.signal(number, handler)
