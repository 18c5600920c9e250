"""The HP-67 in the machine room: its keys one at a time, its switch, its card reader.

The real keyboard is pressed key by key (``f``, ``SST``, ``3`` makes LBL 3); the
machine takes whole instructions, so ``KeyAssembler`` gathers keys as the HP-67's
prefix logic does: a prefix waits (and is shown lit), a completed sequence becomes
one instruction, a prefix pressed over another replaces it, a key that completes
nothing starts afresh.  Cards are text files in one folder (the arcade gives its
data directory): a program card is a listing, a data card lists registers
(``machines.hp67.cards``); a damaged card is reported by line and changes nothing.
"""

from __future__ import annotations

import re
from pathlib import Path

from games.workshop.calc_room import GameListing, KeyFace, RoomView, SlicedRoom
from machines.hp67 import HP67, ListingError, StopReason, parse_listing
from machines.files import files_in
from machines.hp67.cards import DATA_CARD_HEADER, PROGRAM_CARD_HEADER, program_card_text, read_card, write_card
from machines.hp67.isa import hp67_key_codes
from machines.hp67.ops import BY_KEYS

PAUSE_SECONDS = 1.0
"""PSE shows the display for about a second (HP-67 Owner's Handbook)."""

GAME_LISTINGS = (GameListing("Othello (Jean-Marc Verniajou)", "games.hp67_othello", "othello.txt"),)

# Keys that are not instructions: they move the pointer, edit, or start the program.
_CONTROLS: dict[tuple[str, ...], str] = {
    ("SST",): "SST", ("h", "SST"): "BST", ("h", "CLX"): "DEL", ("R/S",): "R/S",
    **{(label,): label for label in "ABCDE"},
    **{("f", label): label.lower() for label in "ABCDE"},
}
_SEQUENCES: dict[tuple[str, ...], str] = {keys: ins.mnemonic for keys, ins in BY_KEYS.items()} | _CONTROLS
_WAITING: frozenset[tuple[str, ...]] = frozenset(
    keys[:n] for keys in _SEQUENCES for n in range(1, len(keys))
) | {("GTO", ".")}
KEYS: frozenset[str] = frozenset(k for keys in _SEQUENCES for k in keys) | {"."}
"""Every key of the HP-67's keyboard (by its legend, as ``machines.hp67`` names keys)."""

_CARD_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,40}")


class KeyAssembler:
    """Gathers single keys into what the machine takes (an instruction or a control key)."""

    def __init__(self) -> None:
        self.pending: tuple[str, ...] = ()

    def feed(self, key: str) -> str | None:
        """The completed instruction or control (``'LBL 3'``, ``'GTO .012'``, ``'BST'``), or None while waiting."""
        if key not in KEYS:
            self.pending = ()
            raise ValueError(f"the HP-67 has no key {key!r}")
        seq = self.pending + (key,)
        if seq[:2] == ("GTO", ".") and len(seq) > 2:
            if key.isdigit():
                if len(seq) == 5:
                    self.pending = ()
                    return "GTO ." + "".join(seq[2:])
                self.pending = seq
                return None
            seq = (key,)  # GTO . then a non-digit: start again from this key
        if seq in _SEQUENCES and seq not in _WAITING:
            self.pending = ()
            return _SEQUENCES[seq]
        if seq in _WAITING:
            self.pending = seq
            return None
        if self.pending:  # completes nothing: as on the machine, the new key starts afresh
            self.pending = ()
            return self.feed(key)
        raise ValueError(f"{key} does nothing on its own: it follows a prefix")


class HP67Room(SlicedRoom):
    """An HP-67 on the workbench, in RUN mode, FIX 2, empty memory (see the module docstring)."""

    pause_seconds = PAUSE_SECONDS

    def __init__(self, cards_dir: Path) -> None:
        super().__init__()
        self.machine = HP67()
        self.keys = KeyAssembler()
        self.cards_dir = Path(cards_dir)
        self.attribution = ""  # the opened listing's opening comments, kept on the cards written from it

    # -- keys -------------------------------------------------------------------------

    def key(self, key: str) -> None:
        """One key of the keyboard.  While a program runs any key stops it (the worker does)."""
        if self.machine.running:
            self.request_stop()
            return
        self.message = ""
        try:
            action = self.keys.feed(key)
        except ValueError as exc:
            self.message = str(exc)
            return
        if action is not None:
            self.press(action)

    def press(self, action: str) -> None:
        """A whole instruction or control (``'STO 1'``, ``'SST'``, ``'GTO .005'``)."""
        self._pressed(action)

    def clear_prefix(self) -> None:
        """Forget the prefix keys waiting for their key (f, g, h, STO, GTO ...): Esc in the room."""
        with self._slices.lock:
            pending, self.keys.pending = self.keys.pending, ()
            self.message = f"{' '.join(pending)} cleared" if pending else ""

    def switch(self, mode: str) -> None:
        """Slide the W/PRGM-RUN switch (a running program stops)."""
        with self._slices.lock:
            self.keys.pending = ()
            self.paused = False
            self.machine.switch(mode)

    def toggle_switch(self) -> None:
        self.switch("RUN" if self.machine.mode == "W/PRGM" else "W/PRGM")

    # -- running (the screen's worker thread) -----------------------------------------

    def _run(self, steps: int) -> None:
        reason = self.machine.run(steps)
        self.paused = reason is StopReason.PAUSE
        if reason is StopReason.ERROR:
            self.message = f"Error at step {self.machine.pc:03d}"

    # -- what the screen shows --------------------------------------------------------

    def view(self) -> RoomView:
        with self._slices.lock:
            m = self.machine
            step = m.pointer if m.prgm else m.pc
            steps = m.program.steps
            ins = steps[step - 1].instruction if 0 < step <= len(steps) else None
            if step and ins is None:
                code, mnemonic = "84", "R/S"  # unused memory holds R/S
            elif ins is None:
                code, mnemonic = "", "top of memory"
            else:
                code, mnemonic = " ".join(f"{c:02d}" for c in hp67_key_codes(ins.keys)), ins.mnemonic
            shown = m.display if (not m.running or self.paused) else ""
            return RoomView(
                display=shown, flashing=m.error, prefix=" ".join(self.keys.pending), mode=m.mode,
                step=step, code=code, mnemonic=mnemonic, running=m.running, paused=self.paused,
                message=self.message,
            )

    # -- listings and cards -----------------------------------------------------------

    def open_listing(self, text: str, title: str = "the listing") -> bool:
        """Key a whole listing in (as a program card does); a bad line is reported and nothing changes."""
        try:
            program = parse_listing(text)
        except ListingError as exc:
            self.message = f"{title}: {exc}"
            return False
        with self._slices.lock:
            self.machine.load(program)
            self.machine.pointer = 0
            self.keys.pending = ()
            self.attribution = _opening_comments(text)
            self.message = f"{title}: {len(program.steps)} steps loaded"
        return True

    def open_game(self, listing: GameListing) -> bool:
        return self.open_listing(listing.text(), listing.title)

    def card_path(self, name: str) -> Path:
        name = name.strip()
        if not _CARD_NAME.fullmatch(name):
            raise ValueError(f"a card name is letters, digits, '-', '_' or '.': not {name!r}")
        return self.cards_dir / f"{name}.txt"

    def card_names(self) -> list[str]:
        """The cards in the folder (regular files only: ``machines.files.files_in``)."""
        return [p.stem for p in files_in(self.cards_dir, (".txt",))]

    def write_card(self, name: str, kind: str = "program") -> bool:
        """Record program memory (``kind='program'``) or the registers (``'data'``) on card ``name``."""
        try:
            path = self.card_path(name)
            path.parent.mkdir(parents=True, exist_ok=True)
            with self._slices.lock:
                if kind == "data":
                    kept = self.machine.write_data_card(path)
                elif self.attribution:  # the author's name stays on his program, changed or not
                    note = "# Written in the HP-67 machine room from this listing, perhaps changed.\n"
                    kept = write_card(path, self.attribution + note + program_card_text(self.machine.program))
                else:
                    kept = self.machine.write_program_card(path)
        except (ValueError, OSError) as exc:
            self.message = f"card not written: {exc}"
            return False
        self.message = f"{kind} card {name.strip()!r} written"
        if kept is not None:
            self.message += f" (the card it replaced is kept as {kept.name})"
        return True

    def read_card(self, name: str) -> bool:
        """Read card ``name``: a data card loads registers, a program card the program."""
        try:
            path = self.card_path(name)
            text = read_card(path)  # a regular file of a card's size, in the folder (machines.files)
            is_data = text.startswith(DATA_CARD_HEADER[:17])
            with self._slices.lock:
                if is_data:
                    self.machine.read_data_card(path)
                else:
                    self.machine.read_program_card(path)
                    self.attribution = _opening_comments(text)
                self.keys.pending = ()
        except ListingError as exc:
            self.message = f"card {name.strip()!r} is damaged, nothing read: {exc}"
            return False
        except FileNotFoundError:
            known = ", ".join(self.card_names()) or "none yet"
            self.message = f"card {name.strip()!r} not read: there is no such card (cards: {known})"
            return False
        except (ValueError, OSError) as exc:
            self.message = f"card {name.strip()!r} not read: {exc}"
            return False
        self.message = f"{'data' if is_data else 'program'} card {name.strip()!r} read"
        return True


def _opening_comments(text: str) -> str:
    """The ``#`` lines a listing opens with (its attribution), without the card's own header."""
    lines = []
    for line in text.splitlines(keepends=True):
        if not line.startswith("#"):
            break
        if line != PROGRAM_CARD_HEADER and not line.startswith("# Written in the HP-67 machine room"):
            lines.append(line if line.endswith("\n") else line + "\n")
    return "".join(lines)


def _faces() -> tuple[tuple[KeyFace, ...], ...]:
    rows = (("A", "B", "C", "D", "E"), ("Σ+", "GTO", "DSP", "(i)", "SST"), ("f", "g", "STO", "RCL", "h"),
            ("ENTER", "CHS", "EEX", "CLX"), ("-", "7", "8", "9"), ("+", "4", "5", "6"),
            ("×", "1", "2", "3"), ("÷", "0", ".", "R/S"))
    special = {("f", "GTO"): "GSB", ("g", "GTO"): "GSBf", ("f", "SST"): "LBL", ("g", "SST"): "LBLf",
               ("h", "SST"): "BST", ("h", "CLX"): "DEL", ("h", "-"): "SF", ("h", "+"): "CF", ("h", "×"): "F?",
               **{("f", k): k.lower() for k in "ABCDE"}}
    def shifted(key: str) -> tuple[str, ...]:
        out = []
        for prefix in ("f", "g", "h"):
            name = special.get((prefix, key))
            if name is None:
                ins = BY_KEYS.get((prefix, key))
                name = ins.mnemonic if ins else ""
            out.append(name)
        return tuple(out)
    return tuple(tuple(KeyFace(k, "ENTER↑" if k == "ENTER" else k, shifted(k)) for k in row) for row in rows)


KEYBOARD: tuple[tuple[KeyFace, ...], ...] = _faces()
"""The HP-67's keyboard, row by row, with the f, g and h functions of each key."""
