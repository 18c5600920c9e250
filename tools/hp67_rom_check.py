"""Run random keyboard sessions on the HP-67 microcode and on this project's HP-67; compare.

    .venv/bin/python tools/hp67_rom_check.py ROM_IMAGE [--sessions 200] [--keys 20] [--seed 1]
                                             [--functions SIN,COS,TAN,→R] [--arguments N]

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

Where the microcode keeps things (found by storing values and reading its RAM): X, Y,
Z, T are CPU registers C, Y, Z, T, LAST X is N; R0-R9 RAM 0-9, A-E 10-14, I 15,
S0-S9 48-57; flags F0-F3 are digits 3, 2, 1, 0 of RAM 62.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from decimal import Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hp67_microcode import HP67Microcode, read_rom, register_value  # noqa: E402

from machines.hp67 import HP67, lookup  # noqa: E402
from machines.hp67.isa import REGISTER_NAMES, storage_arithmetic_on_letter  # noqa: E402

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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rom", type=Path, help="the HP-67 ROM image (8192 octal words)")
    parser.add_argument("--sessions", type=int, default=200)
    parser.add_argument("--keys", type=int, default=20, help="keys per session")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--functions", help="only these function keys, comma-separated (SIN,COS,TAN,→R)")
    parser.add_argument("--arguments", type=int, help="survey each of --functions on this many random arguments")
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
