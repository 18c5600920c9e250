"""A calculator room's machine at a machine host's table: keys down, views up, the program run there.

The HP-67 and TI-57 rooms (``arcade/screens/room/``) send keys and the room's other requests;
the host presses them on the room model (``hp67_room``, ``ti57_room``) and, when a key
starts a program, runs it in slices in the same request: a view every ``VIEW_EVERY``
seconds as a ``Note``, a Pause held for its time (``Job.sleep``), and a stop asked by the
screen (``Stop``: Esc, R/S, any key on the HP-67) pressed as the machine's own stop.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from games.host.job import Job
from games.workshop.calc_room import RoomView

VIEW_EVERY = 0.1
"""Seconds between two views sent while a program runs (the display is dark anyway)."""


@dataclass(frozen=True)
class RoomPicture:
    """The room as the screen draws it: the machine's view, and the cards on the shelf (HP-67)."""

    view: RoomView
    card_names: tuple[str, ...] = ()


class CalculatorTable:
    """One calculator room's machine, in the host."""

    REQUESTS: ClassVar[frozenset[str]] = frozenset(
        {"look", "keys", "clear_prefix", "toggle_switch", "switch_off_on", "open_game", "open_program", "read_card",
         "write_card", "save_to_notebook", "load_from_notebook"})
    STOPPED_BY: ClassVar[tuple[type[BaseException], ...]] = ()

    def __init__(self, game: str, folder: str = "") -> None:
        self.game = game
        self.folder = Path(folder) if folder else None  # the HP-67's cards, the TI-57's notebook
        if game == "hp67-room":
            from games.workshop.hp67_room import GAME_LISTINGS, HP67Room

            self.model: Any = HP67Room(self.folder or Path("."))
        else:
            from games.workshop.ti57_room import GAME_LISTINGS, TI57Room  # type: ignore[assignment]

            self.model = TI57Room()
        self.listings = GAME_LISTINGS

    def picture(self) -> RoomPicture:
        names = tuple(self.model.card_names()) if self.game == "hp67-room" else ()
        return RoomPicture(self.model.view(), names)

    # -- keys and the program running ----------------------------------------------------------

    def look(self, job: Job) -> None:
        """Nothing to do: the answer's picture is the room as it is."""

    def keys(self, job: Job, names: list[str]) -> None:
        """Press ``names`` one after the other; a key that starts a program runs it to its stop."""
        for name in names:
            self.model.key(name)
            if self.model.running:
                self._run(job)

    def _run(self, job: Job) -> None:
        model = self.model
        sent = time.monotonic()
        while True:
            if job.stopped:
                model.request_stop()  # the next slice presses the machine's own stop
            if not model.run_slice():
                return
            view = model.view()
            if view.paused:
                job.note(view)
                if not job.sleep(model.pause_seconds):
                    model.request_stop()
                continue
            now = time.monotonic()
            if now - sent >= VIEW_EVERY:
                sent = now
                job.note(view)

    def clear_prefix(self, job: Job) -> None:
        self.model.clear_prefix()

    def toggle_switch(self, job: Job) -> None:
        self.model.toggle_switch()

    def switch_off_on(self, job: Job) -> None:
        """The TI-57's on/off switch, off then on: the way out of a hang, as on the real one."""
        self.model.switch_off_on()

    # -- listings, cards, the notebook ----------------------------------------------------------

    def open_game(self, job: Job, index: int) -> bool:
        return bool(self.model.open_game(self.listings[index]))

    def open_program(self, job: Job, name: str | None, index: int, then: str) -> None:
        """A game's program to change: a card or notebook page by ``name``, else the game's listing."""
        opened = False
        if name is not None and self.folder is not None:
            if self.game == "hp67-room":
                opened = self.model.read_card(name)
            else:
                opened = self.model.load_from_notebook(self.folder, name, switched_on=True)
        if not opened:
            self.model.open_game(self.listings[index])
        self.model.message += then

    def read_card(self, job: Job, name: str) -> bool:
        return bool(self.model.read_card(name))

    def write_card(self, job: Job, name: str, kind: str) -> bool:
        return bool(self.model.write_card(name, kind))

    def save_to_notebook(self, job: Job, name: str) -> bool:
        return self.folder is not None and self.model.save_to_notebook(self.folder, name) is not None

    def load_from_notebook(self, job: Job, name: str) -> bool:
        return self.folder is not None and bool(self.model.load_from_notebook(self.folder, name))
