"""Run random keyboard sessions on the HP-67 microcode and on this project's HP-67; compare.

    .venv/bin/python tools/hp67_rom_check.py ROM_IMAGE [--sessions 200] [--keys 20] [--seed 1]
                                             [--functions SIN,COS,TAN,→R] [--arguments N]
    .venv/bin/python tools/hp67_rom_check.py ROM_IMAGE --programs N [--seed 1] [--length 30]
                                             [--budget 3000] [--only n]

ROM_IMAGE is the HP-67 ROM as 8192 octal words (the firmware is not in this project:
extract the ``i_rom`` table of the x11-calc project's ``x11-calc-67.c``, for example).
After every key the two machines' X, Y, Z, T, LAST X, the 26 registers, flags F0-F3 and
the display text are compared (``--functions`` narrows the function keys pressed to a
few, to survey them); the first difference of a session ends it and is printed
with the keys that led to it.  With ``--arguments N`` it surveys each of ``--functions``
instead: N random arguments each, typed in a fresh machine in a random angle mode (SIN⁻¹
and COS⁻¹ below 1 in size, the others over the whole range, →P and the other two-number
keys on two of them), the state compared after the function.  Prints figures, asserts
nothing; exits 1 if anything differs.

With ``--programs N`` it writes N random programs that end (``ProgramWriter``: labels,
forward GTO, GSB and GSB (i) to subroutines, tests and flags, DSZ/ISZ loops on I and
through (i), R/S, arithmetic, functions, registers, storage arithmetic, display modes,
PSE), types a keyboard prelude of numbers into the stack and registers, keys the program
in W/PRGM (the microcode's W/PRGM-RUN switch is the CRC flag it reads; its keys go
through the keyboard), sometimes edits it (SST, BST, DEL, GTO .nnn, label keys), then
in RUN presses A and up to three more keys (R/S, label keys, GSB, GTO, SST, BST, RTN),
each run to its stop.  The whole state is compared after each step keyed (the W/PRGM
display: step number and key codes), at each stop, and in W/PRGM at the end (where each
left its pointer).  A run that one machine ends within ``--budget`` steps (the microcode
2000 instructions a step) may go on 30 times longer on the other; two still running
count as a match.  Program n of a seed has its own generator: ``--only n`` reruns it.

Where the microcode keeps things (found by storing values and reading its RAM): X, Y,
Z, T are CPU registers C, Y, Z, T, LAST X is N; R0-R9 RAM 0-9, A-E 10-14, I 15,
S0-S9 48-57; flags F0-F3 are digits 3, 2, 1, 0 of RAM 62.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from collections import Counter
from decimal import Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hp67_microcode import HP67Microcode, read_rom, register_value  # noqa: E402

from machines.hp67 import HP67, StopReason, lookup  # noqa: E402
from machines.hp67.isa import PROGRAM_STEPS, REGISTER_NAMES, storage_arithmetic_on_letter  # noqa: E402

REGISTER_RAM = list(range(10)) + list(range(48, 58)) + list(range(10, 16))  # in REGISTER_NAMES order
FLAG_DIGITS = (3, 2, 1, 0)

DIGIT_KEYS = [*"0123456789", "."] * 3 + ["CHS", "EEX", "CHS", "EEX"]
STACK_KEYS = ["ENTER", "CLX", "+", "-", "x", "÷", "X<>Y", "RDN", "R↑", "LSTX", "Pi"]
FUNCTION_KEYS = [
    "1/X", "√X", "X²", "Yˣ", "LN", "eˣ", "LOG", "10ˣ", "SIN", "COS", "TAN", "SIN⁻¹", "COS⁻¹", "TAN⁻¹",
    "→P", "→R", "D→R", "R→D", "→HMS", "HMS→", "HMS+", "%", "%CH", "N!", "INT", "FRC", "ABS", "RND",
    "Σ+", "Σ-", "X̄", "S",
]
MODE_KEYS = ["FIX", "SCI", "ENG", *(f"DSP {n}" for n in range(10)), "DSP (i)", "DEG", "RAD", "GRD"]
REGISTER_KEYS = [
    *(f"STO {r}" for r in "0123456789ABCDE"), *(f"RCL {r}" for r in "0123456789ABCDE"),
    "STO I", "RCL I", "STO (i)", "RCL (i)", "X⇄I", "P⇄S", "CLRG",
    *(f"ST{op} {r}" for op in "+-x÷" for r in "0369"), "ST+ (i)", "ST÷ (i)", "ST+ A", "STx B",
    *(f"SF{n}" for n in range(4)), *(f"CF{n}" for n in range(4)),
]
KEY_GROUPS = [(DIGIT_KEYS, 5), (STACK_KEYS, 3), (FUNCTION_KEYS, 3), (MODE_KEYS, 1), (REGISTER_KEYS, 2)]


def physical_keys(key: str) -> tuple[str, ...]:
    """The HP-67 keys that enter one instruction from the keyboard."""
    abandoned = storage_arithmetic_on_letter(key)
    if abandoned:
        return abandoned
    ins = lookup(key)
    assert ins is not None, key
    return ins.keys


def random_key(rng: random.Random, groups: list[tuple[list[str], int]] = KEY_GROUPS) -> str:
    keys = rng.choices([g for g, _ in groups], weights=[w for _, w in groups])[0]
    return rng.choice(keys)


def state_of_microcode(mc: HP67Microcode) -> dict[str, object]:
    cpu = mc.cpu
    state: dict[str, object] = {
        "display": mc.display,
        "stack": tuple(register_value(r) for r in (cpu.c, cpu.y, cpu.z, cpu.t)),
        "last x": register_value(cpu.n),
        "flags": tuple(bool(cpu.ram[62][d]) for d in FLAG_DIGITS),
    }
    for name, address in zip(REGISTER_NAMES, REGISTER_RAM):
        state[name] = register_value(cpu.ram[address])
    return state


def state_of_emulator(m: HP67) -> dict[str, object]:
    state: dict[str, object] = {
        "display": m.display,
        "stack": (m.x, m.y, m.z, m.t),
        "last x": m.last_x,
        "flags": m.flags,
    }
    for name in REGISTER_NAMES:
        state[name] = m.register(name)
    return state


def differences(a: dict[str, object], b: dict[str, object]) -> list[str]:
    out = []
    for field, va in a.items():
        vb = b[field]
        if isinstance(va, tuple) and va and isinstance(va[0], Decimal):
            same = all(x == y for x, y in zip(va, vb))  # type: ignore[arg-type]
        else:
            same = va == vb
        if not same:
            out.append(f"{field}: microcode {va} / emulator {vb}")
    return out


def session(rom: list[int], rng: random.Random, length: int,
            groups: list[tuple[list[str], int]] = KEY_GROUPS) -> tuple[list[str], list[str]]:
    """Keys pressed and the differences after the last of them (empty: the session matched)."""
    mc = HP67Microcode(rom)
    m = HP67()
    pressed: list[str] = []
    for _ in range(length):
        key = random_key(rng, groups)
        pressed.append(key)
        for physical in physical_keys(key):
            mc.press_key(physical)
        m.press(key)
        found = differences(state_of_microcode(mc), state_of_emulator(m))
        if found:
            return pressed, found
    return pressed, []


TWO_NUMBERS = {"Yˣ", "→P", "→R", "HMS+", "%", "%CH"}
BELOW_ONE = {"SIN⁻¹", "COS⁻¹"}


def random_argument(rng: random.Random, below_one: bool) -> tuple[str, ...]:
    """The keys that type a random ten-digit number: below 1 in size, or of any exponent."""
    digits = str(rng.randint(10**9, 10**10 - 1))
    pressed = [digits[0], ".", *digits[1:]]
    if rng.random() < 0.4:
        pressed.append("CHS")
    exponent = -rng.randint(1, 9) if below_one else rng.randint(-99, 99)
    if exponent:
        pressed += ["EEX", *str(abs(exponent))] + (["CHS"] if exponent < 0 else [])
    return tuple(pressed)


def survey(rom: list[int], rng: random.Random, function: str, arguments: int) -> list[str]:
    """Each difference found on ``arguments`` random arguments of one function key."""
    found = []
    for _ in range(arguments):
        pressed = [rng.choice(["DEG", "RAD", "GRD"])]
        if function in TWO_NUMBERS:
            pressed += [*random_argument(rng, False), "ENTER"]
        pressed += [*random_argument(rng, function in BELOW_ONE), function]
        mc, m = HP67Microcode(rom), HP67()
        for key in pressed:
            for physical in physical_keys(key):
                mc.press_key(physical)
            m.press(key)
        lines = differences(state_of_microcode(mc), state_of_emulator(m))
        if lines:
            found.append(f"{' '.join(pressed)}: " + "; ".join(lines))
    return found


# -- random programs ---------------------------------------------------------------------------

# Steps a program is made of besides its control flow.  None touches I, so a DSZ I / ISZ I
# loop around them ends (the loops' own steps and the (i) ones set and use I).
NUMBER_STEPS = [*"0123456789", ".", "CHS", "EEX"]
PROGRAM_STACK_STEPS = ["ENT↑", "CLX", "+", "-", "x", "÷", "X<>Y", "RDN", "R↑", "LSTX", "Pi"]
PROGRAM_FUNCTION_STEPS = [k for k in FUNCTION_KEYS if k not in ("Σ+", "Σ-")] + ["Σ+", "Σ-"]
PROGRAM_MODE_STEPS = ["FIX", "SCI", "ENG", *(f"DSP {n}" for n in range(10)), "DEG", "RAD", "GRD", "PSE"]
PROGRAM_REGISTER_STEPS = [
    *(f"STO {r}" for r in "0123456789ABCDE"), *(f"RCL {r}" for r in "0123456789ABCDE"), "RCL I", "P⇄S",
    *(f"ST{op} {r}" for op in "+-x÷" for r in "0123456789"),
    *(f"SF{n}" for n in range(4)), *(f"CF{n}" for n in range(4)),
]
PROGRAM_TESTS = ["X=0?", "X≠0?", "X<0?", "X>0?", "X=Y?", "X≠Y?", "X≤Y?", "X>Y?", *(f"F{n}?" for n in range(4))]
# Labels a program may define besides its entry A (each at most once).
SUBROUTINE_LABELS = [*"0123456789", *"BCDE", *"abcde"]
INDIRECT_LABEL = {label: i for i, label in enumerate([*"0123456789", *"ABCDE", *"abcde"])}


def random_number(rng: random.Random) -> list[str]:
    """The steps of a short number: 1-4 digits, maybe a point, CHS, an exponent."""
    out = [rng.choice("0123456789") for _ in range(rng.randint(1, 4))]
    if rng.random() < 0.3:
        out.insert(rng.randint(0, len(out)), ".")
    if rng.random() < 0.15:
        out += ["EEX", *rng.choice(["1", "2", "5", "12", "50", "99"])] + (["CHS"] if rng.random() < 0.5 else [])
    if rng.random() < 0.2:
        out.append("CHS")
    return out


def random_plain_step(rng: random.Random) -> list[str]:
    group = rng.choices(
        [NUMBER_STEPS, PROGRAM_STACK_STEPS, PROGRAM_FUNCTION_STEPS, PROGRAM_MODE_STEPS, PROGRAM_REGISTER_STEPS],
        weights=[2, 4, 3, 1, 4],
    )[0]
    if group is NUMBER_STEPS and rng.random() < 0.7:
        return random_number(rng)
    return [rng.choice(group)]


class ProgramWriter:
    """A random program that ends: entry LBL A, a main part, then subroutines.

    Branches go forward to labels defined once; loops count I (DSZ/ISZ, directly or
    through a register by (i)) from a small start and their bodies never touch I; a
    subroutine calls only the ones after it, so returns nest but never recurse (four
    deep at most, one more than the machine keeps).
    """

    def __init__(self, rng: random.Random, length: int) -> None:
        self.rng = rng
        self.length = length
        labels = SUBROUTINE_LABELS[:]
        rng.shuffle(labels)
        self.free = labels
        self.subroutines: list[str] = [self.free.pop() for _ in range(rng.randint(0, 4))]
        # the last ones never touch I: a loop may call them
        self.first_pure = rng.randint(0, len(self.subroutines))
        self.pending: list[str] = []  # forward labels to define in the main part

    def take_label(self) -> str | None:
        return self.free.pop() if self.free else None

    def body(self, size: int, callable_from: int, in_loop: bool) -> list[str]:
        rng = self.rng
        out: list[str] = []
        while len(out) < size:
            roll = rng.random()
            if roll < 0.55:
                out += random_plain_step(rng)
            elif roll < 0.70:
                out += [rng.choice(PROGRAM_TESTS), *self.after_test(callable_from)]
            elif roll < 0.78 and max(callable_from, self.first_pure if in_loop else 0) < len(self.subroutines):
                if in_loop:
                    callable_from = max(callable_from, self.first_pure)
                target = rng.choice(self.subroutines[callable_from:])
                if rng.random() < 0.3 and not in_loop:
                    # I's integer part names the label: 3.7 is label 3, -0.4 label 0
                    number = [*str(INDIRECT_LABEL[target])]
                    if rng.random() < 0.3:
                        number += [".", rng.choice("123456789")]
                        if target == "0":
                            number.append("CHS")
                    out += [*number, "STO I", "GSB (i)"]
                else:
                    out.append(f"GSB {target}")
            elif roll < 0.86 and not in_loop and size - len(out) > 4:
                out += self.loop(rng.randint(2, 6), callable_from)
            elif roll < 0.92:
                label = self.take_label()
                if label is not None:
                    # a forward jump over a few steps, taken or skipped by a test
                    out += [rng.choice(PROGRAM_TESTS), f"GTO {label}", *self.body(3, callable_from, True), f"*LBL {label}"]
            elif roll < 0.95:
                out.append("R/S")
            else:
                out += [rng.choice(["STO (i)", "RCL (i)", "ST+ (i)", "STx (i)", "ST- (i)", "ST÷ (i)"])]
                out[-1:-1] = [rng.choice("0123456789"), "STO I"] if rng.random() < 0.7 else []
        return out

    def after_test(self, callable_from: int) -> list[str]:
        rng = self.rng
        if callable_from < len(self.subroutines) and rng.random() < 0.2 and callable_from >= self.first_pure:
            return [f"GSB {rng.choice(self.subroutines[callable_from:])}"]
        return random_plain_step(self.rng)[:1]

    def loop(self, size: int, callable_from: int) -> list[str]:
        rng = self.rng
        label = self.take_label()
        if label is None:
            return []
        count = rng.randint(1, 4)
        kind = rng.choice(["DSZ I", "ISZ I", "DSZ (i)", "ISZ (i)"])
        start = str(count) if kind.startswith("DSZ") else [str(count), "CHS"]
        start = [start] if isinstance(start, str) else start
        if kind.endswith("(i)"):
            register = rng.choice("789")
            setup = [*start, f"STO {register}", register, "STO I"]
            body = [s for s in self.body(size, callable_from, True) if not s.endswith(register)]
        else:
            setup = [*start, "STO I"]
            body = self.body(size, callable_from, True)
        body = without_i(body) or ["ENT↑"]
        return [*setup, f"*LBL {label}", *body, kind, f"GTO {label}"]

    def program(self) -> list[str]:
        rng = self.rng
        steps = ["*LBL A", *self.body(self.length, 0, False), rng.choice(["RTN", "R/S"])]
        for n, label in enumerate(self.subroutines):
            pure = n >= self.first_pure
            body = self.body(rng.randint(1, 8), n + 1, pure)
            steps += [f"*LBL {label}", *(without_i(body) if pure else body), "RTN"]
        return steps[:PROGRAM_STEPS]


def without_i(steps: list[str]) -> list[str]:
    """The steps of a loop's body (or of a subroutine it calls) that leave I alone."""
    return [s for s in steps if not (s.endswith("(i)") or s in ("STO I", "X⇄I"))]


def state_of_microcode_program(mc: HP67Microcode) -> dict[str, object]:
    state = state_of_microcode(mc)
    if mc.cpu.w_prgm:
        state["display"] = mc.program_display
    return state


def run_emulator(m: HP67, budget: int) -> StopReason:
    """Run until the program stops (a pause goes on) or ``budget`` steps have run."""
    start = m.steps
    reason = m.run(budget)
    while reason is StopReason.PAUSE:
        left = budget - (m.steps - start)
        if left <= 0:
            return StopReason.BUDGET  # an endless loop with a PSE in it
        reason = m.run(left)
    return reason


def program_session(rom: list[int], rng: random.Random, length: int, budget: int
                    ) -> tuple[list[str], list[str], list[str]]:
    """A random program keyed, run and resumed on both machines.

    Returns the program's steps, the log of what was done, and the differences found at
    the first point they differ (empty: it matched).  In W/PRGM the whole state (display:
    step number and key codes) is compared after each step keyed; in RUN after the switch,
    at each stop, and at the end the W/PRGM display shows where each left its pointer.
    """
    steps = ProgramWriter(rng, length).program()
    mc, m = HP67Microcode(rom), HP67()
    log: list[str] = []

    def compare(where: str) -> list[str]:
        found = differences(state_of_microcode_program(mc), state_of_emulator(m))
        return [f"{where}: {line}" for line in found]

    prelude = []  # numbers in the stack and registers 0-9, so that fewer steps fail on zeros
    for register in "0123456789":
        if rng.random() < 0.6:
            prelude += [*random_number(rng), f"STO {register}"]
    for _ in range(4):
        prelude += [*random_number(rng), "ENT↑"]
    prelude[-1:] = rng.choice([[], ["ENT↑"], ["STO I"]])
    for step in prelude:
        for physical in physical_keys(step):
            mc.press_key(physical)
        m.press(step)
    log.append(" ".join(prelude))
    found = compare("prelude")
    if found:
        return steps, log, found
    mc.switch(True)
    m.switch("W/PRGM")
    edits = [] if rng.random() < 0.7 else [random_edit(rng, len(steps)) for _ in range(rng.randint(1, 6))]
    for n, step in enumerate([*steps, *edits], start=1):
        for physical in program_keys(step):
            mc.press_key(physical)
        m.press(step)
        found = compare(f"keying step {n} {step}" if n <= len(steps) else f"editing: {' '.join(edits)}")
        if found:
            return steps, log, found
    if edits:
        log.append("edited: " + " ".join(edits))
    mc.switch(False)
    m.switch("RUN")
    starts = ["A", *(random_start(rng, steps) for _ in range(rng.randint(0, 3)))]
    for start in starts:  # after an Error the key only clears it
        log.append(start)
        keys = program_keys(start)
        for physical in keys[:-1]:
            mc.press_key(physical)
        stopped = mc.run_key(keys[-1], budget * 2000)
        m.press(start)
        reason = run_emulator(m, budget)
        # the budgets do not count the same things: let the one still running go on
        if stopped and reason is StopReason.BUDGET:
            reason = run_emulator(m, 30 * budget)
        elif not stopped and reason is not StopReason.BUDGET:
            stopped = mc.run_on(30 * budget * 2000)
        log.append(f"-> {reason.value} after {m.steps} steps")
        if not stopped or reason is StopReason.BUDGET:
            if stopped or reason is not StopReason.BUDGET:
                return steps, log, [f"microcode {'stopped' if stopped else 'running'}, emulator {reason.value}"]
            return steps, log, []  # both still running: nothing more to compare
        found = compare(f"stop after {start}")
        if not found and rng.random() < 0.3:  # a look at the pointer in W/PRGM, and back
            log.append("W/PRGM RUN")
            mc.switch(True)
            m.switch("W/PRGM")
            found = compare(f"W/PRGM after {start}")
            mc.switch(False)
            m.switch("RUN")
        if found:
            return steps, log, found
    mc.switch(True)
    m.switch("W/PRGM")
    return steps, log, compare("W/PRGM after the runs")


LETTER_LABEL = re.compile(r"GSB ([A-Ea-e])")


def program_keys(step: str) -> tuple[str, ...]:
    """The HP-67 keys of a step keyed in W/PRGM or of a key pressed in RUN: an instruction,
    a label key (A, or f A for a), SST, BST (h SST), DEL (h CLX), GTO .nnn."""
    if len(step) == 1 and step in "ABCDEabcde":
        return ("f", step.upper()) if step.islower() else (step,)
    control = {"SST": ("SST",), "BST": ("h", "SST"), "DEL": ("h", "CLX")}
    if step in control:
        return control[step]
    if step.startswith("GTO ."):
        return ("GTO", ".", *step[5:])
    return physical_keys(step)


def random_edit(rng: random.Random, length: int) -> str:
    """One key of W/PRGM editing: move, delete, jump to a step near the program, or key a step."""
    roll = rng.random()
    if roll < 0.5:
        return rng.choice(["SST", "BST", "DEL"])
    if roll < 0.7:
        return f"GTO .{rng.randint(0, min(length + 3, PROGRAM_STEPS)):03d}"
    if roll < 0.8:
        return rng.choice("ABCDEabcde")  # a label key records GSB to it
    return random_plain_step(rng)[0]


def random_start(rng: random.Random, steps: list[str]) -> str:
    """A key pressed in RUN between runs: R/S, a label key, GSB or GTO a label, SST, BST, RTN."""
    labels = [step[5:] for step in steps if step.startswith("*LBL ")]
    label = rng.choice(labels)
    roll = rng.random()
    if roll < 0.35:
        return "R/S"
    if roll < 0.55:
        return label if label in "ABCDEabcde" else f"GSB {label}"
    if roll < 0.65:
        return f"GSB {label}"
    if roll < 0.72:
        return f"GTO {label}"
    return rng.choice(["SST", "SST", "BST", "RTN", "A"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rom", type=Path, help="the HP-67 ROM image (8192 octal words)")
    parser.add_argument("--sessions", type=int, default=200)
    parser.add_argument("--keys", type=int, default=20, help="keys per session")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--functions", help="only these function keys, comma-separated (SIN,COS,TAN,→R)")
    parser.add_argument("--arguments", type=int, help="survey each of --functions on this many random arguments")
    parser.add_argument("--programs", type=int, help="run this many random programs instead of key sessions")
    parser.add_argument("--length", type=int, default=30, help="steps in a random program's main part (about)")
    parser.add_argument("--only", type=int, help="with --programs: run only program number ONLY of the seed")
    parser.add_argument("--budget", type=int, default=3000, help="program steps a run may take before it counts as endless")
    args = parser.parse_args()
    if args.arguments and not args.functions:
        parser.error("--arguments surveys the keys of --functions")
    groups = KEY_GROUPS
    if args.functions:
        chosen = args.functions.split(",")
        unknown = set(chosen) - set(FUNCTION_KEYS)
        if unknown:
            parser.error(f"not function keys: {', '.join(sorted(unknown))}")
        groups = [(chosen if keys is FUNCTION_KEYS else keys, weight) for keys, weight in KEY_GROUPS]
    rom = read_rom(args.rom)
    rng = random.Random(args.seed)
    if args.arguments:
        differing = 0
        for function in args.functions.split(","):
            found = survey(rom, rng, function, args.arguments)
            differing += len(found)
            for line in found:
                print(f"    {line}")
            print(f"{function}: {args.arguments - len(found)} of {args.arguments} arguments match")
        return 0 if not differing else 1
    if args.programs:
        matched = 0
        for n in range(args.programs):
            # each program from its own generator: program n of a seed is the same whatever
            # the others did, so a difference can be rerun alone (--programs n --only n)
            if args.only and n + 1 != args.only:
                continue
            steps, log, found = program_session(rom, random.Random(f"{args.seed}/{n + 1}"), args.length, args.budget)
            if (n + 1) % 100 == 0:
                print(f"({n + 1} programs run, {n + 1 - matched - (not found)} differ)", file=sys.stderr, flush=True)
            if not found:
                matched += 1
                continue
            print(f"program {n + 1}: {' | '.join(steps)}", flush=True)
            print(f"    runs: {' '.join(log)}")
            for line in found:
                print(f"    {line}")
        total = 1 if args.only else args.programs
        print(f"{matched} of {total} programs match (keying, each stop, the pointer)")
        return 0 if matched == total else 1
    matched = 0
    by_last_key: Counter[str] = Counter()
    for n in range(args.sessions):
        pressed, found = session(rom, rng, args.keys, groups)
        if not found:
            matched += 1
            continue
        by_last_key[pressed[-1]] += 1
        print(f"session {n + 1}: {' | '.join(pressed)}")
        for line in found:
            print(f"    {line}")
    print(f"{matched} of {args.sessions} sessions of {args.keys} keys match after every key")
    if by_last_key:
        print("first differences by key:", ", ".join(f"{k} {v}" for k, v in by_last_key.most_common()))
    return 0 if matched == args.sessions else 1


if __name__ == "__main__":
    sys.exit(main())
