"""The TI-57 in the machine room: its keys, LRN mode, running and Pause.

The TI-57 takes its keys one at a time (``machines.ti57`` handles 2nd, INV and the
merged STO/GTO/Lbl digit itself), so the room only adds what a screen needs: a lock
so a worker can run the program in slices while keys arrive, the pending prefix to
light, and the game listings that can be opened in the machine.

A TI-57 can hang as the real one does (``TI57.hung``: a factor below 1E-89 times 0 sets its
ROM looping for ever): the display goes dark and no key is read until it is switched off
and on (``switch_off_on``), which clears everything, program and registers included.
"""

from __future__ import annotations

from pathlib import Path

from games.session import Refused
from games.workshop.calc_room import SLICE_STEPS, GameListing, KeyFace, RoomView, SlicedRoom
from machines.ti57 import INSTRUCTIONS, PAUSE_SECONDS, TI57, ListingError, StopReason, parse_listing

GAME_LISTINGS = (
    GameListing("Blind duel (Jacques Deconchat)", "games.ti57_duel", "listing.txt"),
    GameListing("Wolf and lambs (Jacques Deconchat)", "games.ti57_wolf", "listing.txt"),
)

HUNG = ("the TI-57 hangs as the real one does, its ROM looping for ever on a factor below 1E-89 times 0: "
        "switch it off and on")
"""What happened and what to do, in one sentence; a screen names its key after it (``HUNG + " with o."``)."""

SWITCHED_OFF_AND_ON = "switched off and on: the program and registers are lost, as on the real TI-57"


class TI57Room(SlicedRoom):
    """A TI-57 on the workbench: powered on, pointer 00, display 0."""

    pause_seconds = PAUSE_SECONDS
    STEP_DIGITS = 2

    def __init__(self) -> None:
        super().__init__()
        self.machine = TI57()

    @property
    def hung(self) -> bool:
        return bool(self.machine.hung)

    @property
    def running(self) -> bool:
        """A program runs (not on a hung machine: its ROM loops, and only switching it off and on ends that)."""
        return bool(self.machine.running) and not self.machine.hung

    def key(self, key: str) -> None:
        """One key by its legend (``'2nd'``, ``'STO'``, ``'LRN'``...).  While a program runs
        only R/S acts (it stops the program, as on the machine); other keys are ignored,
        as every key is by a hung machine."""
        if self.hung:
            self.message = HUNG + "."
            return
        if self.running:
            if key == "R/S":
                self.request_stop()
            else:
                self.message = "the program is running: R/S stops it"
            return
        self.message = ""
        self._pressed(key)
        if self.hung:
            self.message = HUNG + "."

    def switch_off_on(self) -> None:
        """Off, then on: a TI-57 as at power-on, nothing kept (a running program stops, a hang ends)."""
        with self._slices.lock:
            self.machine = TI57()
            self.paused = False
            self._slices.stop_requested.clear()
            self.message = SWITCHED_OFF_AND_ON

    def _run(self, steps: int) -> None:
        stop = self.machine.run(steps)
        self.paused = stop.reason is StopReason.PAUSE
        if self.hung:
            self.message = f"{HUNG} (step {self.machine.pc:02d})."
        elif stop.flashing and not self.machine.running:
            self.message = f"error: the display flashes (step {self.machine.pc:02d})"

    def _prefix(self) -> str:
        second, inv, awaiting, await_inv, gto_abs = self.machine.snapshot()["keyboard"]
        parts = []
        if gto_abs is not None:
            parts.append("GTO 2nd " + gto_abs)
        if await_inv or inv:
            parts.append("INV")
        if awaiting is not None:
            parts.append(INSTRUCTIONS[awaiting].mnemonic)
        if second:
            parts.append("2nd")
        return " ".join(parts)

    def view(self) -> RoomView:
        with self._slices.lock:
            m = self.machine
            step = m.program.steps[m.pc] if m.pc < len(m.program.steps) else None
            shown = m.display if (not m.running or self.paused) else ""
            return RoomView(
                display=shown, flashing=m.flashing, prefix=self._prefix(),
                mode="LRN" if m.learning else "RUN", step=m.pc,
                code=step.code_text if step else "", mnemonic=step.mnemonic if step else "",
                running=self.running, paused=self.paused, message=self.message, hung=m.hung,
            )

    def open_listing(self, text: str, title: str = "the listing", *, switched_on: bool = False) -> bool:
        """Key a listing in (pointer to 00); a bad line is reported and nothing changes.
        ``switched_on``: on a TI-57 just switched on (display 0, registers 0, RUN), as a game's
        program starts: the display of what was computed before does not stay beside it."""
        try:
            program = parse_listing(text)
        except ListingError as exc:
            self.message = f"{title}: {exc}"
            return False
        with self._slices.lock:
            if self.hung and not switched_on:
                self.message = f"{title} not keyed in: {HUNG}."
                return False
            if switched_on:
                self.machine = TI57()
            self.machine.load(program)
            self.message = f"{title}: {len(program.steps)} steps loaded" + (
                " on a TI-57 just switched on" if switched_on else "")
        return True

    def open_game(self, listing: GameListing) -> bool:
        return self.open_listing(listing.text(), listing.title, switched_on=True)

    def save_to_notebook(self, folder: Path, name: str) -> Path | None:
        """Copy the keyed program into the arcade's notebook as ``NAME.txt`` (the TI-57 had no
        card reader: this is the owner's notebook, not the machine's); a bad name is reported."""
        from games.workshop.ti57_variants import save_listing

        with self._slices.lock:
            if self.hung:  # its program can no longer be read: LRN is a key like any other
                self.message = f"not copied: {HUNG}."
                return None
            program = self.machine.program
        try:
            path, kept = save_listing(folder, name, program)
        except (Refused, OSError) as exc:
            self.message = f"not saved: {exc}"
            return None
        self.message = f"copied into the notebook as {path.stem}"
        if kept is not None:
            self.message += f" (the listing it replaced is kept as {kept.name})"
        return path

    def load_from_notebook(self, folder: Path, name: str, *, switched_on: bool = False) -> bool:
        """Key in the notebook's listing ``NAME``; a missing or damaged one is reported, nothing changes."""
        from games.workshop.ti57_variants import check_name, read_page

        try:
            name = check_name(name)
            text = read_page(Path(folder) / f"{name}.txt")
        except (Refused, OSError) as exc:
            self.message = f"not loaded: {getattr(exc, 'strerror', None) or exc}"
            return False
        return self.open_listing(text, f"the notebook's {name}", switched_on=switched_on)


__all__ = ["GAME_LISTINGS", "HUNG", "SLICE_STEPS", "SWITCHED_OFF_AND_ON", "TI57Room"]


def _faces() -> tuple[tuple[KeyFace, ...], ...]:
    edit_second = {"LRN": "D.MS", "SST": "Pause", "BST": "Nop", "STO": "Ins", "EE": "Del"}
    rows = (("2nd", "INV", "lnx", "CE", "CLR"), ("LRN", "x<>t", "x2", "sqrt", "1/x"),
            ("SST", "STO", "RCL", "SUM", "y^x"), ("BST", "EE", "(", ")", "/"),
            ("GTO", "7", "8", "9", "*"), ("SBR", "4", "5", "6", "-"), ("RST", "1", "2", "3", "+"),
            ("R/S", "0", ".", "+/-", "="))
    out = []
    for r, row in enumerate(rows, start=1):
        faces = []
        for c, key in enumerate(row, start=1):
            second = INSTRUCTIONS.get(r * 10 + (c + 5) % 10)
            legend = edit_second.get(key) or (second.mnemonic if second and second.second else "")
            if key == "LRN" or key == "SST" or key == "BST":
                legend = edit_second[key]
            faces.append(KeyFace(key, key, (legend,)))
        out.append(tuple(faces))
    return tuple(out)


KEYBOARD: tuple[tuple[KeyFace, ...], ...] = _faces()
"""The TI-57's keyboard, row by row, with the second function printed above each key."""
