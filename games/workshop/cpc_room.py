"""The CPC 6128's machine room, headless: the Ready prompt with a folder as its disc.

The arcade's room screen never touches the machine.  It ``feed``s keys (the CPC's
own key codes, ``KEYS`` names them) and a worker thread calls ``step`` in a loop:
``step`` carries out the keys waiting, runs a slice of the program if one runs, and
returns a frozen ``RoomView``.  Keys arrive through a queue, so the event loop never
waits for the machine (storing a line recompiles the program; a ``10 GOTO 10`` runs
for ever): everything the machine does happens in the worker.

The disc is a folder (``NAME.BAS`` ASCII listings, as ``SAVE "name",A`` writes them).
The games' own listings are put on it when missing (``OTHELLO.BAS``: Lazard's
program), so ``LOAD "othello"`` brings the game's listing to read, LIST and change.
"""

from __future__ import annotations

import os
import queue
import threading
from dataclasses import dataclass
from pathlib import Path

from games.lazard_othello.cpc_view import CpcScreenView
from machines.cpc import CPC
from machines.cpc import ready as _ready
from machines.cpc.ready import Mode, ReadyPrompt
from machines.files import write_file

__all__ = ["BREAK", "KEYS", "RESET", "GAME_LISTINGS", "CpcRoom", "RoomView"]

KEYS: dict[str, str] = {
    "enter": _ready.KEY_RETURN,
    "backspace": _ready.KEY_DEL,
    "delete": _ready.KEY_CLR,
    "left": _ready.KEY_LEFT,
    "right": _ready.KEY_RIGHT,
    "up": _ready.KEY_UP,
    "down": _ready.KEY_DOWN,
    "shift+up": _ready.KEY_COPY_UP,
    "shift+down": _ready.KEY_COPY_DOWN,
    "shift+left": _ready.KEY_COPY_LEFT,
    "shift+right": _ready.KEY_COPY_RIGHT,
    "tab": _ready.KEY_COPY,
}
"""A terminal's key names and the CPC key each one is (Tab is COPY; SHIFT+cursor
moves the copy cursor, as on the CPC)."""

ESC = _ready.KEY_ESC
BREAK = "\x00break"
"""Not a key: ``feed(BREAK)`` is what Esc means in the room -- ESC ESC (a break) while a
program runs, a single ESC (abandon the line) at the prompt."""
RESET = "\x00reset"
"""Not a key: ``feed(RESET)`` is the CPC's Ctrl+Shift+Esc, a reset that no program can
refuse (``ON BREAK CONT`` makes ESC ESC do nothing)."""


def _lazard_listing() -> str:
    from games.lazard_othello.driver import LISTING

    return LISTING


GAME_LISTINGS = {"OTHELLO.BAS": _lazard_listing}
"""The games' listings the disc holds from the start (file name -> listing)."""


@dataclass(frozen=True)
class RoomView:
    """What the room's screen shows: the monitor, what the keys are doing, and a notice."""

    screen: CpcScreenView
    mode: str  # "ready", "auto", "edit" or "running"
    line: str  # the line in the editor
    notice: str  # a fault of the room or the disc, said in words ("" when none)
    statements: int  # BASIC statements run since the room opened
    lines: int  # lines in the program

    @property
    def running(self) -> bool:
        return self.mode == Mode.RUNNING.value


class CpcRoom:
    """A CPC 6128 at its Ready prompt, keys fed from any thread, run by one worker."""

    def __init__(self, disc: Path | None, cpc: CPC | None = None) -> None:
        self.disc = disc
        self.prompt = ReadyPrompt(cpc or CPC(), disc)
        self._keys: queue.Queue[str] = queue.Queue()
        self._arrived = threading.Event()
        self._lock = threading.Lock()  # step and view, from the worker and from tests
        self.notice = ""
        self.put_game_listings()
        self._view = self._make_view()

    # -- the disc ------------------------------------------------------------------------
    def put_game_listings(self) -> None:
        """Write the games' listings on the disc where they are missing (never over a file, nor
        through a link planted under their name: ``machines.files.write_file``)."""
        if self.disc is None:
            return
        try:
            self.disc.mkdir(parents=True, exist_ok=True)
            for name, listing in GAME_LISTINGS.items():
                path = self.disc / name
                if not os.path.lexists(path):
                    text = listing().replace("\r\n", "\n").replace("\n", "\r\n")
                    write_file(path, text.encode("latin-1", "replace"), folder=self.disc, backup=None)
        except OSError as exc:
            self.notice = f"The disc folder {self.disc} cannot be written: {exc.strerror or exc}."

    # -- keys in, views out ---------------------------------------------------------------
    def feed(self, keys: str) -> None:
        """Keys for the CPC (or ``BREAK``), from any thread; the worker types them."""
        if keys in (BREAK, RESET):
            self._keys.put(keys)
        else:
            for key in keys:
                self._keys.put(key)
        self._arrived.set()

    @property
    def pending(self) -> bool:
        """Keys wait to be typed."""
        return not self._keys.empty()

    @property
    def busy(self) -> bool:
        """The worker has something to do: keys to type or a program running."""
        return self.pending or self.prompt.mode is Mode.RUNNING

    def wait_for_keys(self, timeout: float) -> bool:
        """Block the worker until keys arrive (True) or ``timeout`` passes (False)."""
        arrived = self._arrived.wait(timeout)
        self._arrived.clear()
        return arrived or self.pending

    def step(self, budget: int = 2000) -> RoomView:
        """Type the keys waiting, then run up to ``budget`` statements of a running program."""
        with self._lock:
            while True:
                try:
                    key = self._keys.get_nowait()
                except queue.Empty:
                    break
                self._type(key)
            if self.prompt.mode is Mode.RUNNING:
                self.prompt.run(budget)
            self._check_fault()
            self._view = self._make_view()
            return self._view

    def _type(self, key: str) -> None:
        if key == BREAK:
            self.prompt.type(ESC + ESC if self.prompt.mode is Mode.RUNNING else ESC)
        elif key == RESET:
            self.prompt.reset()
        else:
            self.prompt.type(key)

    def _check_fault(self) -> None:
        """The prompt reports a fault of its own (an unreadable file...) as Unknown error: say what it was."""
        error = self.prompt.internal_error
        if error is None:
            return
        self.prompt.internal_error = None
        if isinstance(error, OSError):
            where = f" ({error.filename})" if error.filename else ""
            self.notice = f"The disc could not be read or written{where}: {error.strerror or error}."
        elif isinstance(error, UnicodeError):
            self.notice = f"A file on the disc is not a listing: {error}."
        else:
            self.notice = f"The Ready prompt failed ({type(error).__name__}: {error}); the machine is as it was."

    def clear_notice(self) -> None:
        self.notice = ""

    def view(self) -> RoomView:
        """The last view ``step`` made (safe from any thread)."""
        return self._view

    def _make_view(self) -> RoomView:
        p = self.prompt
        return RoomView(
            screen=CpcScreenView.of(p.cpc, show_cursor=p.mode is not Mode.RUNNING),
            mode=p.mode.value,
            line=p.line,
            notice=self.notice,
            statements=p.cpc.statements,
            lines=len(p.cpc.lines),
        )

    # -- reading the program -----------------------------------------------------------------
    def listing(self) -> str:
        """The program in memory as a listing (``n text`` lines): what SAVE would write."""
        with self._lock:
            return "".join(f"{n} {b}\n" for n, b in self.prompt.cpc.lines.items())
