"""The HP-67 itself: stack, registers, flags, program memory and the keyboard.

The instructions themselves are ``ops.py``, one table.  Speed comes from the
design, not from tricks: ``load`` turns each of the 224 program steps into the
closure its row's semantics makes, which does the step's work and returns the
number of the next step (negative: the program stops there).  Branch targets
are resolved at load time (the search from the next step with wrap-around is a
property of the program), the stack lives in plain attributes, registers and
flags in lists the closures hold directly.

Stack lift (``hp67-notes.md`` 2.1, checked on the microcode): one state
``lift`` holds LIFT (enabled), NO_LIFT (after ENTER or CLX) or ENTRY (digit
entry in progress, lift enabled).  Every step other than ENTER, CLX, digit
entry and Σ± sets LIFT, so a disabled lift lasts exactly one step.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from decimal import Decimal, localcontext
from pathlib import Path
from typing import Any, Iterable

from machines.hp67 import cards
from machines.hp67 import snapshot as snapshot_fields
from machines.hp67 import numbers as num
from machines.hp67.isa import (
    PROGRAM_STEPS,
    REGISTER_INDEX,
    REGISTER_NAMES,
    Instruction,
    hp67_key_codes,
    is_card_reader,
    storage_arithmetic_on_letter,
)
from machines.hp67.listing import Program, Step, parse_listing
from machines.hp67.numbers import CONTEXT, MachineError
from machines.hp67.ops import (
    BY_KEYS,
    ENTRY,
    I_REG,
    LIFT,
    ZERO,
    Factory,
    StepFn,
    StopReason,
    indirect_label,
    lookup,
)

__all__ = ["HP67", "HP67View", "StopReason"]


@dataclass(frozen=True)
class HP67View:
    """A read-only picture of the machine for an inspector panel (display-formatted)."""

    x: str
    y: str
    z: str
    t: str
    last_x: str
    registers: dict[str, str]
    flags: tuple[bool, bool, bool, bool]
    pc: int
    steps: int
    display: str


class HP67:
    """A powered-on HP-67 in RUN mode: FIX 2, DEG, everything zero, all 224 steps R/S."""

    __slots__ = (
        "x", "y", "z", "t", "last_x", "lift", "regs", "_flags", "pc", "steps", "running", "error",
        "returns", "fmt", "digits", "angle", "e_mant", "e_neg", "e_exp", "e_exp_neg",
        "program", "_table", "_why", "_labels", "_targets", "prgm", "pointer", "_stale", "_pending",
        "_stepping",
    )

    def __init__(self, program: Program | None = None) -> None:
        """Power on, with ``program`` keyed in (none: every step R/S)."""
        self.x = self.y = self.z = self.t = self.last_x = ZERO
        self.lift = LIFT
        self.regs: list[Decimal] = [ZERO] * 26
        self._flags: list[bool] = [False] * 4
        self.pc = 1
        self.steps = 0
        self.running = False
        self.error = False
        self.returns: list[int] = []
        self.fmt = "FIX"
        self.digits = 2
        self.angle = "DEG"
        self.e_mant = ""
        self.e_neg = False
        self.e_exp: str | None = None
        self.e_exp_neg = False
        self._why = StopReason.IDLE
        self._pending: tuple[str, ...] = ()  # keys of a prefix left waiting after an Error
        self._stepping = False  # an SST on a GSB runs until the first RTN that returns
        self.prgm = False  # the W/PRGM-RUN switch
        self._stale = False  # program memory edited in W/PRGM, steps not yet compiled
        self.pointer = 0  # the step W/PRGM shows, 000-224 (000: the top of memory)
        self.load(Program(()) if program is None else program)

    # -- program memory ------------------------------------------------------------

    def load(self, program: Program | str) -> None:
        """Key a program into memory (steps after it hold R/S); the pointer goes to step 001."""
        if isinstance(program, str):
            program = parse_listing(program)
        self.program = program
        self.pc = 1
        self.pointer = 0  # the top of memory
        self.returns = []
        self.running = False
        self._compile()

    def _instruction_at(self, step: int) -> Instruction:
        if step <= len(self.program.steps):
            return self.program.steps[step - 1].instruction
        return _RUN_STOP

    def _compile(self) -> None:
        self._stale = False
        labels: dict[str, list[int]] = {}
        for step in range(1, PROGRAM_STEPS + 1):
            ins = self._instruction_at(step)
            if ins.op == "label":
                labels.setdefault(str(ins.arg), []).append(step)
        self._labels = labels
        self._targets = {}
        table: list[StepFn] = [_never]
        for step in range(1, PROGRAM_STEPS + 1):
            table.append(self._make(self._instruction_at(step), step))
        self._table = table

    def _ensure_compiled(self) -> None:
        if self._stale:
            self._compile()

    def find_label(self, label: str, start: int) -> int | None:
        """The first step holding LBL ``label`` at or after ``start``, wrapping to 001."""
        self._ensure_compiled()
        steps = self._labels.get(label)
        if not steps:
            return None
        for s in steps:
            if s >= start:
                return s
        return steps[0]

    @property
    def has_program(self) -> bool:
        return bool(self.program.steps)

    # -- reading the machine ---------------------------------------------------------

    @property
    def display(self) -> str:
        """The LED text now: ``'192.0'``, ``'0.0'``, ``'Error'``, ``'12.'`` during entry..."""
        if self.prgm:
            return self._program_display()
        if self.error:
            return "Error"
        if self.lift == ENTRY and not self.running:
            return self._entry_text()
        return num.format_number(self.x, self.fmt, self.digits)

    def register(self, name: str) -> Decimal:
        """Register ``'0'``-``'9'``, ``'S0'``-``'S9'``, ``'A'``-``'E'`` or ``'I'``."""
        try:
            return self.regs[REGISTER_INDEX[name.strip()]]
        except KeyError:
            raise KeyError(f"no register {name!r}: use 0-9, S0-S9, A-E or I") from None

    @property
    def flags(self) -> tuple[bool, bool, bool, bool]:
        return tuple(self._flags)  # type: ignore[return-value]

    def format(self, value: Decimal) -> str:
        """A value as the display would show it in the current mode."""
        return num.format_number(value, self.fmt, self.digits)

    def view(self) -> HP67View:
        return HP67View(
            x=self.format(self.x), y=self.format(self.y), z=self.format(self.z), t=self.format(self.t),
            last_x=self.format(self.last_x),
            registers={name: self.format(v) for name, v in zip(REGISTER_NAMES, self.regs)},
            flags=self.flags, pc=self.pc, steps=self.steps, display=self.display,
        )

    # -- running ---------------------------------------------------------------------

    def run(self, max_steps: int | None = None, *, breakpoints: Iterable[int] = ()) -> StopReason:
        """Execute the running program until it stops, or ``max_steps`` steps, or a breakpoint.

        A breakpoint stops *before* the step is executed (never on the first step of this call),
        leaving the program running so the next ``run`` carries on.
        """
        if self.error or not self.running:
            return StopReason.IDLE
        budget = 10**15 if max_steps is None else max(int(max_steps), 0)
        table = self._table
        pc = self.pc
        executed = 0
        reason = StopReason.BUDGET
        bps = frozenset(breakpoints)
        try:
            with localcontext(CONTEXT):
                if budget:
                    executed = 1
                    pc = table[pc]()
                    if pc > 0:
                        if bps:
                            for executed in range(2, budget + 1):
                                if pc in bps:
                                    executed -= 1
                                    reason = StopReason.BREAKPOINT
                                    break
                                pc = table[pc]()
                                if pc <= 0:
                                    break
                        else:
                            for executed in range(2, budget + 1):
                                pc = table[pc]()
                                if pc <= 0:
                                    break
        except ArithmeticError:  # MachineError, or a decimal signal an operation did not expect
            self.error = True
            self.running = False
            if self.lift == ENTRY:
                self.lift = LIFT
            self.pc = self.pointer = pc
            self._stepping = False
            self.steps += executed
            return StopReason.ERROR
        if pc <= 0:
            pc = -pc
            reason = self._why
            self.running = reason is StopReason.PAUSE
        self.pc = pc
        self.pointer = pc  # a stop on 001 stands on 001, not at the top (microcode)
        if not self.running:
            self._stepping = False
        self.steps += executed
        return reason

    # -- the keyboard ------------------------------------------------------------------

    def press(self, key: str) -> None:
        """Press one key (``'7'``, ``'R/S'``, ``'A'``) or enter one instruction (``'RCL 4'``).

        As in RUN mode: a label key or R/S starts the program (``run`` executes it); any key
        pressed while a program runs stops it; after ``Error`` the first key only clears it.
        Raises ValueError for a key the machine does not have (nothing changes then).
        """
        key = key.strip()
        if self.prgm:
            self._press_program(key)
            return
        try:
            action = self._resolve(key)
        except ValueError:
            abandoned = storage_arithmetic_on_letter(key)
            if abandoned is None:
                raise
            # STO + A is not an instruction: STO + waits for 0-9 or (i), and the A key,
            # which is neither, acts as the A key (issue 40, HP-67 rule 11, microcode).
            self._press_keys(abandoned)
            return
        if self.running:
            self.running = self._stepping = False
            if self.lift == ENTRY:
                self.lift = LIFT
            return
        with localcontext(CONTEXT):
            if self.error:
                self.error = False
                self._replay(_keys_of(action)[1:])
                return
            if self._pending:
                self._replay(self._pending + _keys_of(action))
                return
            self._act(action)

    def _press_keys(self, keys: tuple[str, ...]) -> None:
        """Keys of an abandoned prefix (``STO``, an operator) then the key that ends it."""
        if self.running:
            self.running = self._stepping = False
            self._end_entry()
            return
        with localcontext(CONTEXT):
            if self.error:
                self.error = False
                self._replay(keys[1:])
                return
            if self._pending:
                self._replay(self._pending + keys)
                return
            self._act(keys[-1])

    def press_all(self, keys: Iterable[str]) -> None:
        for key in keys:
            self.press(key)

    def _resolve(self, key: str) -> Instruction | str:
        if key in _LABEL_KEYS or key in _CONTROL_KEYS or key.upper().startswith("GTO ."):
            if key.upper().startswith("GTO ."):
                digits = key[5:].strip()
                if not (digits.isdigit() and len(digits) == 3 and 0 <= int(digits) <= PROGRAM_STEPS):
                    raise ValueError(f"GTO . needs a three-digit step 000-{PROGRAM_STEPS}: {key!r}")
                return "GTO ." + digits
            return key
        ins = _KEYS[_INDIRECT_KEY] if key == "(i)" else lookup(key)
        if ins is None:
            if is_card_reader(key):
                raise ValueError(f"{key} is a card-reader function that cannot be keyed here: cards are files "
                                 "(read_program_card, write_program_card, read_data_card, write_data_card)")
            raise ValueError(f"the HP-67 has no key or instruction {key!r}")
        return ins

    def _replay(self, keys: tuple[str, ...]) -> None:
        """After Error the first key only clears it; the rest act as keys of their own.

        Each of the rest is a key like any other: one that fails shows Error again, so
        the key after it only clears it (STO ÷ E on 0 ÷ 0: ÷ fails, E clears); one that
        starts the program (R/S, a label) is stopped by the key after it.  A prefix left
        at the end waits for the next key: after Error, FIX (f DSP) leaves DSP waiting and
        3 then sets DSP 3; RTN (h GTO) leaves GTO waiting for a label (microcode).
        """
        self._pending = ()
        while keys:
            if self.error:
                self.error = False
                keys = keys[1:]
                continue
            if self.running:
                self.running = False
                self._end_entry()
                keys = keys[1:]
                continue
            for length in range(len(keys), 0, -1):
                part = keys[:length]
                if part in _CONTROL_SEQUENCES:  # SST runs a step, BST goes back, DEL does nothing, f A is a
                    self._act(_CONTROL_SEQUENCES[part])
                    break
                if part in _KEYS:
                    self._act(_KEYS[part])
                    break
                if length == 1 and part[0] in _LABEL_KEYS | {"R/S"}:
                    self._act(part[0])
                    break
            else:
                if keys in _PREFIXES:
                    self._pending = keys  # an unfinished prefix waits for the next key
                    return
                # A key that cannot follow: the whole prefix before it is dropped and that
                # key starts afresh (STO + CLX clears X; the + does not act; microcode).
                keys = keys[next((n for n in range(len(keys) - 1, 1, -1) if keys[:n] in _PREFIXES), 1):]
                continue
            keys = keys[length:]

    def _act(self, action: Instruction | str) -> None:
        try:
            self._act_unchecked(action)
        except ArithmeticError:
            self.error = True
            if self.lift == ENTRY:
                self.lift = LIFT

    def _act_unchecked(self, action: Instruction | str) -> None:
        if isinstance(action, str):
            if action == "R/S":
                if self.lift == ENTRY:
                    self.lift = LIFT  # the key ends digit entry and leaves the lift flag alone
                self.running = True
            elif action == "RTN":
                self.lift = LIFT  # keyboard RTN enables the lift (microcode)
                self.pc = 1
                self.pointer = 0
                self.returns = []
            elif action.startswith("GTO ."):
                self._end_entry()
                self.pointer = int(action[5:])
                self.pc = max(self.pointer, 1)
            elif action == "SST":  # RUN mode: execute the step at the pointer, then stop
                # Digit entry stays open between steps, as in a running program: SST on
                # 5 then 7 shows 57. (microcode; the old rule ended it after each step).
                # On a GSB the subroutine runs (``run`` goes on) to the first RTN that
                # returns, or to any other stop (microcode).
                # A digit, point or EEX stepped sets F3 as one keyed does (microcode).
                op = self._instruction_at(self.pc).op
                call = op in ("gosub", "gosub_i")
                self.running = True
                self.run(1)
                if op == "digit" or op == "eex":
                    self._flags[3] = True
                if self.running and call and not self.error:
                    self._stepping = True
                else:
                    self.running = False
            elif action in ("DEL", "h DEL"):
                pass  # DEL edits W/PRGM memory; in RUN mode it does nothing
            elif action == "BST":  # RUN mode: back one step, nothing executed
                self._end_entry()
                self.pc = self.pointer = (self.pc - 2) % PROGRAM_STEPS + 1
            else:
                self._start_label(action)
            return
        op = action.op
        if op in ("goto", "gosub", "goto_i", "gosub_i"):
            target = self._keyboard_target(action)
            self.lift = LIFT
            self.pc = self.pointer = target
            if op.startswith("gosub"):
                self.returns = []
                self.running = True
            return
        if op in ("run_stop",):
            self._act_unchecked("R/S")
            return
        if op == "rtn":
            self._act_unchecked("RTN")
            return
        if op in ("label", "pause"):
            self._end_entry()
            return
        self._make(action, 0)()
        if op == "digit" or op == "eex":
            self._flags[3] = True  # keyboard digit entry sets F3 (HP-67 quick reference card)

    def _end_entry(self) -> None:
        if self.lift == ENTRY:
            self.lift = LIFT

    def _keyboard_target(self, ins: Instruction) -> int:
        if ins.op in ("goto_i", "gosub_i"):
            label, offset = indirect_label(self.regs[I_REG])
            if label is None:  # back from the step the pointer shows (microcode: 012, I = -2: 010)
                return (self.pc - offset - 1) % PROGRAM_STEPS + 1
        else:
            label = str(ins.arg)
        target = self.find_label(label, self.pc)
        if target is None:
            raise MachineError(f"no label {label}")
        return target

    def _start_label(self, label: str) -> None:
        if not self.has_program and label in "ABCDE":
            # With no program in memory the top row keys do 1/x, sqrt x, y^x, R-down, x<>y,
            # and set the stack lift as those keys do: one that fails (A on 0) leaves it
            # as it was, so CLX A STO 1 leaves 1 in place of the 0 (microcode).
            default = {"A": "1/X", "B": "√X", "C": "Yˣ", "D": "RDN", "E": "X<>Y"}[label]
            self._make(lookup(default), 0)()  # type: ignore[arg-type]
            return
        self.lift = LIFT
        target = self.find_label(label, self.pc)
        if target is None:
            raise MachineError(f"no label {label}")
        self.pc = target
        self.returns = []
        self.running = True

    # -- W/PRGM mode -------------------------------------------------------------------

    @property
    def mode(self) -> str:
        """The position of the W/PRGM-RUN switch: ``'RUN'`` or ``'W/PRGM'``."""
        return "W/PRGM" if self.prgm else "RUN"

    def switch(self, mode: str) -> None:
        """Slide the switch to ``'RUN'`` or ``'W/PRGM'`` (a running program stops).

        W/PRGM shows the pointer's step; at power-on, after RTN from the keyboard,
        GTO .000 or a loaded card that is 000, the top of memory (pc 1 in RUN, with
        ``pointer`` 0 saying it is the top); a GTO, a stop (a program's RTN included: it
        stops after itself) or BST that lands on 001 shows 001 (microcode).  Back in RUN
        the program goes on from the step W/PRGM showed (from 001 if it showed 000).
        """
        if mode not in ("RUN", "W/PRGM"):
            raise ValueError(f"the switch has two positions, RUN and W/PRGM: {mode!r}")
        if mode == self.mode:
            return
        if mode == "W/PRGM":
            self.running = self._stepping = False
            self.error = False
            self._pending = ()
            self._end_entry()
            self.pointer = 0 if self.pc == 1 and not self.pointer else self.pc
        else:
            self.pc = max(self.pointer, 1)
            self._ensure_compiled()
        self.prgm = mode == "W/PRGM"

    def _program_display(self) -> str:
        """W/PRGM shows the step number and the HP-67 key codes of that step: ``'001 31 25 11'``."""
        if not self.pointer:
            return "000"
        codes = " ".join(f"{c:02d}" for c in hp67_key_codes(self._instruction_at(self.pointer).keys))
        return f"{self.pointer:03d}{codes:>11}"

    def _press_program(self, key: str) -> None:
        """A key in W/PRGM: SST, BST, GTO .nnn and DEL move or edit; any other key is recorded."""
        if key == "SST":  # 224 goes on to 001 and 001 back to 224: 000 only by GTO .000 or RTN (microcode)
            self.pointer = self.pointer % PROGRAM_STEPS + 1
        elif key == "BST":
            self.pointer = self.pointer - 1 if self.pointer > 1 else PROGRAM_STEPS
        elif key in ("DEL", "h DEL"):
            self._delete_step()
        elif key.upper().startswith("GTO ."):
            self.pointer = int(str(self._resolve(key))[5:])
        else:
            abandoned = storage_arithmetic_on_letter(key)
            action = abandoned[-1] if abandoned else self._resolve(key)
            self._insert_step(_recorded(action))

    def _memory(self) -> list[Instruction]:
        return [self._instruction_at(step) for step in range(1, PROGRAM_STEPS + 1)]

    def _insert_step(self, ins: Instruction) -> None:
        """Record a step after the pointer's; the steps below move down, step 224 falls off.

        At step 224 there is no step after: the key records nothing and step 224 stays
        (microcode).
        """
        if self.pointer >= PROGRAM_STEPS:
            return
        memory = self._memory()
        memory.insert(self.pointer, ins)
        self.pointer += 1
        self._set_memory(memory[:PROGRAM_STEPS])

    def _delete_step(self) -> None:
        """DEL: the pointer's step goes, the steps below move up, R/S fills step 224."""
        if not self.pointer:
            return
        memory = self._memory()
        del memory[self.pointer - 1]
        self._set_memory(memory + [_RUN_STOP])
        self.pointer -= 1

    def _set_memory(self, memory: list[Instruction]) -> None:
        """Program memory edited in place: the pointer, stack and registers stay.

        The steps are compiled when the switch goes back to RUN (keying stays cheap).
        """
        while memory and memory[-1] is _RUN_STOP:
            memory.pop()  # trailing R/S steps are unused memory
        self.program = Program(tuple(Step(n, ins, ins.mnemonic, n) for n, ins in enumerate(memory, start=1)))
        self.returns = []
        self._stale = True

    # -- the card reader ----------------------------------------------------------------

    def write_program_card(self, path: str | os.PathLike[str]) -> Path | None:
        """Record program memory on a card (a listing file); the card replaced is kept (its path returned)."""
        return cards.write_card(path, cards.program_card_text(self.program))

    def read_program_card(self, path: str | os.PathLike[str]) -> None:
        """Load a program card; a bad line raises ``ListingError`` (line, problem) and changes nothing."""
        program = parse_listing(cards.read_card(path))
        self.load(program)
        self.pointer = 0

    def write_data_card(self, path: str | os.PathLike[str]) -> Path | None:
        """Record the 26 registers on a data card; the card replaced is kept (its path returned)."""
        return cards.write_card(path, cards.data_card_text(self.regs))

    def read_data_card(self, path: str | os.PathLike[str]) -> None:
        """Load the registers a data card lists (the others stay); ``ListingError`` changes nothing."""
        for index, value in cards.parse_data_card(cards.read_card(path)).items():
            self.regs[index] = value

    # -- digit entry -----------------------------------------------------------------

    def _mantissa_typed(self) -> str:
        """The mantissa as it counts: the 1 an EEX implies when no digit was typed before it."""
        if self.e_exp is not None and not self.e_mant.strip("0."):
            return "1"
        return self.e_mant

    def _entry_value(self) -> Decimal:
        mant = self._mantissa_typed()
        mant = mant if mant.strip(".") else "0"
        text = ("-" if self.e_neg else "") + mant
        if self.e_exp is not None:
            text += "E" + ("-" if self.e_exp_neg else "") + (self.e_exp or "0")
            return num.fit(Decimal(text))
        return Decimal(text)

    def _entry_update(self) -> None:
        """X follows the number being typed; an exponent typed beyond the range ends the
        entry at +-9.999999999E99 (4 9 EEX 9 9; issue 40, HP-67 rule 6, microcode), and one
        typed below it ends the entry at 0 (.5 EEX 9 9 CHS; a random program's prelude met it
        on the microcode).  Either way the next digit starts a new number and lifts."""
        value = self._entry_value()
        self.x = value
        if num.saturated(value) or (not value and self.e_exp is not None):
            self.lift = LIFT

    def _entry_text(self) -> str:
        mant = self._mantissa_typed()
        mant = mant if "." in mant else mant + "."
        text = ("-" if self.e_neg else "") + mant
        if self.e_exp is not None:
            text += " " + ("-" if self.e_exp_neg else "") + self.e_exp.rjust(2, "0")
        return text

    def _entry_add(self, ch: str) -> None:
        if self.e_exp is not None:
            if ch != ".":
                self.e_exp = (self.e_exp + ch)[-2:]  # of three exponent digits the last two stay
        elif ch == ".":
            if "." not in self.e_mant:
                self.e_mant += "."
        elif sum(c.isdigit() for c in self.e_mant) < 10:
            self.e_mant += ch
        self._entry_update()

    # -- snapshot ----------------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        """The whole state as JSON-able data (the program included)."""
        return {
            "program": self.program.text(),
            "stack": [str(v) for v in (self.x, self.y, self.z, self.t, self.last_x)],
            "lift": self.lift,
            "entry": [self.e_mant, self.e_neg, self.e_exp, self.e_exp_neg],
            "registers": [str(v) for v in self.regs],
            "flags": list(self._flags),
            "pc": self.pc,
            "steps": self.steps,
            "running": self.running,
            "error": self.error,
            "returns": list(self.returns),
            "display_mode": [self.fmt, self.digits],
            "angle": self.angle,
            "program_mode": [self.prgm, self.pointer],
        } | ({"pending_keys": list(self._pending)} if self._pending else {}) | (
            {"stepping": True} if self._stepping else {})

    @classmethod
    def restore(cls, state: dict[str, Any]) -> HP67:
        """A machine in the state ``snapshot`` returned.

        Every field is checked first (``machines.hp67.snapshot``): a bad one raises
        ValueError starting ``snapshot field '<path>'``; unknown keys are refused.
        """
        checked = snapshot_fields.checked(state)
        machine = cls(checked.program)
        machine._assign(checked)
        return machine

    def load_state(self, state: dict[str, Any]) -> None:
        """Put this machine (in place) into a state ``snapshot`` returned.

        As ``restore``: the whole snapshot is checked before anything changes, so a
        ValueError leaves the machine as it was.
        """
        self._assign(snapshot_fields.checked(state))

    def _assign(self, state: snapshot_fields.CheckedState) -> None:
        if state.program is not self.program and state.program_text != self.program.text():
            self.load(state.program)
        self.x, self.y, self.z, self.t, self.last_x = state.stack
        self.lift = state.lift
        self.e_mant, self.e_neg, self.e_exp, self.e_exp_neg = state.entry
        self.regs[:] = state.registers
        self._flags[:] = state.flags
        self.pc = state.pc
        self.steps = state.steps
        self.running = state.running
        self.error = state.error
        self.returns = list(state.returns)
        self.fmt, self.digits = state.fmt, state.digits
        self.angle = state.angle
        self.prgm, self.pointer = state.prgm, state.pointer
        self._pending = state.pending
        self._stepping = state.stepping
        if not self.prgm:
            self._ensure_compiled()

    # -- the instruction set: one closure per step --------------------------------------

    def _make(self, ins: Instruction, step: int) -> StepFn:
        nxt = step % PROGRAM_STEPS + 1
        skip = nxt % PROGRAM_STEPS + 1
        factory: Factory | None = ins.semantics  # typed as ops.py knows it (isa.py, below ops.py, cannot)
        return factory(self, ins, step, nxt, skip)  # type: ignore[misc]


def _never() -> int:
    raise AssertionError("step 000 is never executed")


_LABEL_KEYS = frozenset("ABCDEabcde")
# Every unfinished key sequence of an instruction ("STO", "STO +", "h", "g GTO"...).
_PREFIXES = snapshot_fields.PREFIXES
_INDIRECT_KEY = ("(i)",)
# The instructions by their keys, and the (i) key alone, which recalls R(i) as RCL (i)
# does (A. Thimet's HP-67 quick reference: "RCL (i) or (i)"; the microcode agrees).
_KEYS = {**BY_KEYS, _INDIRECT_KEY: BY_KEYS[("RCL", "(i)")]}
_CONTROL_KEYS = frozenset({"R/S", "RTN", "SST", "BST", "DEL", "h DEL"})
# The keys of SST, BST, DEL and the labels a-e: after an Error, or after a prefix an Error
# left waiting, they act as themselves (Error, h GTO, SST runs the step again; Error,
# GTO f C runs label c: microcode).
_CONTROL_SEQUENCES = {
    ("SST",): "SST", ("h", "SST"): "BST", ("h", "CLX"): "DEL",
    **{("f", label): label.lower() for label in "ABCDE"},
}
_RUN_STOP = lookup("R/S")
assert _RUN_STOP is not None


def _recorded(action: Instruction | str) -> Instruction:
    """The step a key records in W/PRGM: a label key records GSB to it, R/S and RTN themselves."""
    if isinstance(action, Instruction):
        return action
    ins = lookup(action if action in ("R/S", "RTN") else f"GSB {action}")
    assert ins is not None, action
    return ins


def _keys_of(action: Instruction | str) -> tuple[str, ...]:
    if isinstance(action, Instruction):
        return action.keys
    if action in ("a", "b", "c", "d", "e"):
        return ("f", action.upper())
    if action == "RTN":
        return ("h", "GTO")
    if action == "BST":
        return ("h", "SST")
    if action in ("DEL", "h DEL"):
        return ("h", "CLX")
    if action.startswith("GTO ."):
        return ("GTO", ".", *action[5:])
    return (action,)


