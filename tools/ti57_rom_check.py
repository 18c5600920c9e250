"""Run random keyboard sessions on the TI-57's own ROM and on our emulator, and compare.

The ROM runs on a TMS-1500 simulation (tools/tms1500.py), driven only through its
keyboard matrix; after every key the display text, the flashing state, R0-R7 and the
display register x (when no number is being keyed) are compared with ours.  The ROM
words are not part of this project: give them as a file (a PCjs TI-57 machine file,
``jeffpar/pcjs`` machines/ti/ti57/rev0/ti57.json, or whitespace-separated words).

    .venv/bin/python tools/ti57_rom_check.py ROMFILE [--sessions 200] [--keys 30] [--seed 1]
        [--programs | --survey powers|sums] [--press "KEYS"]

Prints each first difference of a session (the keys so far, the ROM's state and
ours) and a count of sessions that matched to the end.  Storage places of R0-R7 on
the chip: ti57-notes.md ("How these facts were checked").
"""

from __future__ import annotations

import argparse
import pathlib
import random
import sys
from decimal import Decimal

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from tms1500 import TMS1500, load_rom  # noqa: E402

from machines.ti57 import TI57, StopReason  # noqa: E402
from machines.ti57.keys import SECOND_LEGENDS  # noqa: E402

KEYBOARD = [
    ["2nd", "INV", "lnx", "CE", "CLR"],
    ["LRN", "x<>t", "x2", "sqrt", "1/x"],
    ["SST", "STO", "RCL", "SUM", "y^x"],
    ["BST", "EE", "(", ")", "/"],
    ["GTO", "7", "8", "9", "*"],
    ["SBR", "4", "5", "6", "-"],
    ["RST", "1", "2", "3", "+"],
    ["R/S", "0", ".", "+/-", "="],
]
MATRIX = {key: row | ((col + 1) << 4) for row, keys in enumerate(KEYBOARD) for col, key in enumerate(keys)}
# the key under each second function: the key code's row, its column less 5 (tan 20 is 2nd 1/x)
UNDER = {legend: KEYBOARD[code // 10 - 1][(code % 10 + 4) % 5] for legend, code in SECOND_LEGENDS.items()}
UNDER.update({"Ins": "STO", "Del": "EE"})


def physical_key(key: str, previous: str) -> list[str]:
    """One key as pressed, after `previous` (see physical)."""
    if key in UNDER:
        return [UNDER[key]] if previous == "2nd" else ["2nd", UNDER[key]]
    return [key]


def physical(keys: list[str]) -> list[str]:
    """Keys as pressed: a second function's legend becomes 2nd and the key under it
    ('INV tan' -> 'INV 2nd 1/x'; '2nd tan' -> '2nd 1/x')."""
    out: list[str] = []
    for key in keys:
        if key in UNDER:
            if not out or out[-1] != "2nd":
                out.append("2nd")
            key = UNDER[key]
        out.append(key)
    return out
# where the ROM keeps R0-R7 (storage register bank, index)
REGISTER_PLACES = [("x", 5), ("x", 6), ("x", 7), ("y", 6), ("y", 7), ("x", 3), ("x", 2), ("x", 4)]

# keyboard "words" of a random session (physical keys), with weights; no program keys
_DIGITS = [[d] for d in "0123456789"]
_WORDS: list[tuple[float, list[list[str]]]] = [
    (30, _DIGITS),
    (4, [["."], ["+/-"]]),
    (3, [["EE"], ["INV", "EE"]]),
    (12, [["+"], ["-"], ["*"], ["/"], ["y^x"], ["INV", "y^x"], ["="]]),
    (2, [["("], [")"]]),
    (1.5, [["CE"]]),
    (0.4, [["CLR"]]),
    (6, [["lnx"], ["INV", "lnx"], ["2nd", "lnx"], ["INV", "2nd", "lnx"], ["x2"], ["sqrt"], ["1/x"]]),
    (5, [["2nd", k] for k in ("x2", "sqrt", "1/x")] + [["INV", "2nd", k] for k in ("x2", "sqrt", "1/x")]),
    (2, [["2nd", "LRN"], ["INV", "2nd", "LRN"], ["2nd", "x<>t"], ["INV", "2nd", "x<>t"]]),
    (2, [["2nd", "y^x"], ["2nd", ")"], ["INV", "2nd", ")"], ["2nd", "/"]]),
    (5, [[k, d] for k in ("STO", "RCL", "SUM") for d in "01234567"]),
    (3, [["INV", "SUM", d] for d in "01234567"] + [["2nd", k, d] for k in ("RCL", "SUM") for d in "01234567"]),
    (1, [["INV", "2nd", "SUM", d] for d in "01234567"]),
    (2, [["x<>t"], ["2nd", "CE"]]),
    (1.5, [["2nd", "(", d] for d in "0123456789"] + [["INV", "2nd", "("]]),
    (1, [["2nd", "*"], ["2nd", "-"], ["2nd", "+"]]),
    (2, [["2nd", "."], ["INV", "2nd", "."], ["2nd", "+/-"], ["INV", "2nd", "+/-"], ["2nd", "="], ["INV", "2nd", "="]]),
    (0.5, [["2nd", "GTO"], ["2nd", "SBR"], ["2nd", "RST"]]),
]


class RomCalculator:
    """The TI-57 ROM on the simulated chip, pressed key by key."""

    HOLD = 3000  # instructions a key is held (the ROM scans the keyboard at every DISP)
    CHUNK = 1000
    QUIET = 1500  # instructions in the keyboard loop that mean the ROM waits for a key
    RUN_LIMIT = 3_000_000  # instructions a program may run before we give up
    _idle_loops: dict[int, frozenset[int]] = {}  # per ROM: the addresses of its keyboard loops

    def __init__(self, rom: list[int]) -> None:
        self.cpu = TMS1500(rom)
        self._settle_by_density()
        idle = self._idle_loops.get(id(rom))
        if idle is None:
            idle = self._idle_loops[id(rom)] = self._learn_idle(rom)
        self.idle = idle

    @staticmethod
    def _learn_idle(rom: list[int]) -> frozenset[int]:
        """The addresses the ROM loops on while it waits for a key, with the display steady
        and flashing (a Pause, shown by the same DISPs, runs elsewhere)."""
        seen: set[int] = set()
        for keys in ([], ["1", "/", "0", "="]):
            probe = TMS1500(rom)
            calc = RomCalculator.__new__(RomCalculator)
            calc.cpu = probe
            calc._settle_by_density()
            for key in keys:
                probe.key = MATRIX[key]
                calc._run(calc.HOLD)
                probe.key = 0
                calc._settle_by_density()
            calc._run(4000)
            for _ in range(4000):
                seen.add(probe.pc)
                probe.step()
        return frozenset(seen)

    def _run(self, n: int) -> int:
        cpu = self.cpu
        before = cpu.displays
        for _ in range(n):
            cpu.step()
        return cpu.displays - before

    def _settle_by_density(self) -> None:
        """Run until the ROM waits in its display loop (most instructions are DISPs)."""
        for _ in range(2000):
            if self._run(self.CHUNK) > self.CHUNK // 5:
                return
        raise RuntimeError("the ROM never came back to its display loop")

    def _settle(self) -> None:
        """Run until the ROM waits for a key: QUIET instructions in a row in its keyboard
        loops, so that a running program (Pauses included) goes on to its end."""
        cpu = self.cpu
        idle = self.idle
        quiet = 0
        step = cpu.step
        dense = 0  # chunks in a row mostly spent displaying: a keyboard loop not learned
        for i in range(1, self.RUN_LIMIT + 1):
            if cpu.pc in idle:
                quiet += 1
                if quiet >= self.QUIET:
                    return
            else:
                quiet = 0
            if not i % self.CHUNK:
                dense = dense + 1 if cpu.displays - displays > self.CHUNK // 5 else 0
                if dense >= 50:  # 50,000 instructions: far longer than a Pause
                    return
                displays = cpu.displays
            elif i == 1:
                displays = cpu.displays
            step()
        raise RuntimeError("the ROM never came back to its keyboard loop")

    def press(self, key: str) -> None:
        self.cpu.key = MATRIX[key]
        self._run(self.HOLD)
        self.cpu.key = 0
        self._settle()

    def look(self) -> tuple[str, bool]:
        """(display text, flashing): a flashing display is blanked on part of the scans."""
        cpu = self.cpu
        blanks = 0
        text = ""
        seen = cpu.displays
        for _ in range(4000):
            cpu.step()
            if cpu.displays != seen:
                seen = cpu.displays
                if all(b & 8 for b in cpu.shown[1]):
                    blanks += 1
                else:
                    text = cpu.display_text().strip()
        return text, blanks > 20

    def value(self, digits: list[int]) -> Decimal:
        """A storage-format number: D13 flags (1 mantissa sign, 2 exponent sign), D12-D2 mantissa, D1-D0 exponent."""
        mantissa = "".join(str(d) for d in digits[12:1:-1])
        exponent = digits[1] * 10 + digits[0]
        if digits[13] & 2:
            exponent = -exponent
        sign = 1 if digits[13] & 1 else 0
        return Decimal((sign, tuple(int(c) for c in mantissa), exponent - 10))

    def registers(self) -> list[Decimal]:
        cpu = self.cpu
        return [self.value((cpu.x if bank == "x" else cpu.y)[i]) for bank, i in REGISTER_PLACES]

    def x(self) -> Decimal:
        return self.value(self.cpu.ops[2])  # register C holds the display register


def _same(a: Decimal, b: Decimal) -> bool:
    return a == b and (a.is_signed() == b.is_signed() or bool(a))


def random_session(rng: random.Random, words: int) -> list[str]:
    weights = [w for w, _ in _WORDS]
    keys: list[str] = []
    for _ in range(words):
        group = rng.choices(_WORDS, weights)[0][1]
        keys.extend(rng.choice(group))
    return keys


# program sessions: a short program keyed in LRN mode (legends; the ROM is given the keys
# under them), then keyboard words with R/S, SBR, GTO, RST, SST and a look at the pointer
_LABELS = "0123"
_PROGRAM_WORDS: list[tuple[float, list[list[str]]]] = [
    (25, _DIGITS),
    (4, [["."], ["+/-"]]),
    (2, [["EE"], ["INV", "EE"]]),
    (10, [["+"], ["-"], ["*"], ["/"], ["y^x"], ["INV", "y^x"], ["="]]),
    (2, [["("], [")"]]),
    (6, [["lnx"], ["INV", "lnx"], ["log"], ["INV", "log"], ["x2"], ["sqrt"], ["1/x"], ["sin"], ["INV", "tan"], ["Int"]]),
    (7, [[k, d] for k in ("STO", "RCL", "SUM", "Prd", "Exc") for d in "01234567"]),
    (2, [["x<>t"], ["C.t"]]),
    (4, [["Lbl", d] for d in _LABELS]),
    (3, [["GTO", d] for d in _LABELS]),
    (3, [["SBR", d] for d in _LABELS]),
    (2, [["INV", "SBR"]]),
    (2, [["R/S"]]),
    (3, [["Pause"]]),
    (3, [["Dsz"], ["INV", "Dsz"]]),
    (3, [["x=t"], ["INV", "x=t"], ["x>=t"], ["INV", "x>=t"]]),
    (0.5, [["RST"]]),
    (1, [["CE"], ["Nop"]]),
    (0.3, [["CLR"]]),
    (0.5, [["Fix", d] for d in "0248"] + [["INV", "Fix"]]),
    # editing: the pointer moved back or on, a step opened or closed; GTO 2nd n keys GTO n
    (2, [["BST"], ["BST", "BST"], ["SST"], ["Ins"], ["Del"], ["BST", "Ins"], ["BST", "Del"]]),
    (0.5, [["GTO", "2nd", d] for d in _LABELS]),
    (0.5, [["EE", "9", "5", "+/-"], ["EE", "9", "9"]]),  # the ends of the range (a factor this small times 0 hangs)
]
# GTO 2nd n n: the pointer to step nn (50 and up: an error), then its step shown in LRN
_STEPS = [f"{n:02d}" for n in (0, 1, 5, 9, 12, 24, 30, 48, 49, 50, 63, 99)]
_GOTO_STEP = [["GTO", "2nd", nn[0], nn[1]] for nn in _STEPS] + [
    ["GTO", "2nd", nn[0], nn[1], "LRN", "LRN"] for nn in _STEPS
]
_RUN_WORDS: list[tuple[float, list[list[str]]]] = _WORDS + [
    (40, [["R/S"]]),
    (6, [["SBR", d] for d in _LABELS]),
    (3, [["GTO", d] for d in _LABELS]),
    (3, [["RST"]]),
    (3, [["SST"]]),
    (3, [["LRN", "LRN"], ["LRN", "SST", "BST", "LRN"]]),
    (3, [["STO", "0"], ["x<>t"]]),
    (3, _GOTO_STEP),
]
STEP_BUDGET = 2000  # program steps a session may run in all; sessions that run longer are dropped


def _words(rng: random.Random, table: list[tuple[float, list[list[str]]]], count: int) -> list[str]:
    weights = [w for w, _ in table]
    keys: list[str] = []
    for _ in range(count):
        keys.extend(rng.choice(rng.choices(table, weights)[0][1]))
    return keys


def random_program_session(rng: random.Random, words: int) -> list[str]:
    """LRN, 8-25 program steps, LRN, a few keyboard words, RST R/S, then `words` words
    of the run mode (R/S the likeliest)."""
    keys = ["LRN"] + _words(rng, _PROGRAM_WORDS, rng.randint(8, 25)) + ["LRN"]
    keys += _words(rng, _WORDS, rng.randint(1, 4)) + ["RST", "R/S"]
    return keys + _words(rng, _RUN_WORDS, words)


# targeted surveys (--survey): what random sessions rarely reach, every key compared as usual
_NUMBERS = ["1", "2", "5", "8", "9", "3 7", "1 2", "9 9", "5 0", ". 1 2"]


def _number(rng: random.Random) -> list[str]:
    keys = rng.choice(_NUMBERS).split()
    if rng.random() < 0.4:
        keys += ["EE", str(rng.randint(1, 3))]
        if rng.random() < 0.5:
            keys.append("+/-")  # the exponent's sign
    if rng.random() < 0.5:
        keys.append("+/-")
    return keys


def power_session(rng: random.Random) -> list[str]:
    """A power or a root that over- or underflows with 1 to 3 operations pending before
    it (the power itself at the 2nd to 4th level), completed by an operation, `=`, `)` or
    a memory key on R6, then a few keys more."""
    keys: list[str] = []
    for _ in range(rng.choice([1, 2, 2, 3, 3, 3])):
        if rng.random() < 0.3:
            keys.append("(")
        keys += rng.choice(["3", "2", "5", "1 . 5", "8 +/-", "( 2 INV y^x 3 )", "( 7 / 3 )", "4 . 5", "9 . 9"]).split()
        keys += rng.choice(["+", "-", "*", "/", "y^x", "INV y^x"]).split()
    keys += rng.choice(["1 0", "7 0", "2", ". 5", "1 . 5 EE 5", "3 EE 5 0 +/-", "9 9", "4", "1 2 3 4 5", ". 0 3"]).split()
    keys += rng.choice(["y^x", "y^x", "INV y^x"]).split()
    keys += rng.choice(["1 0 1", "1 0 2 +/-", "9 9 . 5", "2 5 0", "3 3 3 +/-", "1 1 0", "4 0 0", ". 0 1", "9 0", "5 0 0 +/-"]).split()
    keys += rng.choice(["=", ")", "+", "-", "*", "/", "y^x", "INV y^x", "STO 6", "SUM 6", "RCL 6"]).split()
    return keys + rng.choice(["* 1 . 5 =", "/ 3 =", "x2", "CE 2 =", "CE 2 ) =", "=", "CE 4 + 1 ="]).split()


def sum_session(rng: random.Random) -> list[str]:
    """SUM, INV SUM, Σ+ or INV Σ+ writing R6 or R5 while it holds the 3rd or 4th pending
    operation's operand (÷, − or a root, whose INV the chip keeps in the operand's flag
    digit), then the operation completed."""
    op = rng.choice(["SUM 5", "INV SUM 5", "S+", "INV S+", "SUM 6", "INV SUM 6"])
    t = ["3", "3 +/-", "0", "5 0", ". 2"] if "S+" in op else []
    keys = (rng.choice(t).split() + ["x<>t"]) if t else []
    keys += ["1", "+", "2", "*", "("] + (["3", "-", "("] if op[-1] != "6" else [])
    keys += _number(rng) + rng.choice(["/", "-", "INV y^x"]).split() + _number(rng) + op.split()
    return keys + ["CE", "2", ")", ")", "="]


SURVEYS = {"powers": power_session, "sums": sum_session}


def finish(ours: TI57, budget: list[int]) -> bool:
    """Run our program to its stop (through its Pauses); False past the step budget.
    A hung calculator has stopped for good: True."""
    while ours.running and not ours.hung:
        stop = ours.run(max_steps=max(budget[0], 1))
        budget[0] -= stop.steps
        if stop.reason is StopReason.BUDGET or budget[0] <= 0:
            return False
    return True


def terminates(keys: list[str]) -> bool:
    ours, budget = TI57(), [STEP_BUDGET]
    for key in keys:
        ours.press(key)
        if not finish(ours, budget):
            return False
    return True


def compare(rom: RomCalculator, ours: TI57) -> list[str]:
    """The fields that differ, as 'name: rom / ours'."""
    out = []
    text, flashing = rom.look()
    if text != ours.display:
        out.append(f"display: {text!r} / {ours.display!r}")
    if flashing != ours.flashing:
        out.append(f"flashing: {flashing} / {ours.flashing}")
    for n, (r, o) in enumerate(zip(rom.registers(), ours.regs)):
        if not _same(r, o):
            out.append(f"R{n}: {r} / {o}")
    if not ours.entering and not ours.learning and not _same(rom.x(), ours.x):
        out.append(f"x: {rom.x()} / {ours.x}")
    return out


def check(
    rom_words: list[int], sessions: int, words: int, seed: int, quiet: bool, programs: bool = False, survey: str | None = None
) -> int:
    rng = random.Random(seed)
    matched = dropped = hung = 0
    for s in range(sessions):
        if survey:
            keys = SURVEYS[survey](rng)
        elif programs:
            keys = random_program_session(rng, words)
            while not terminates(keys):  # a program that runs on: another session
                dropped += 1
                keys = random_program_session(rng, words)
        else:
            keys = random_session(rng, words)
        rom, ours = RomCalculator(rom_words), TI57()
        budget = [STEP_BUDGET]
        for i, key in enumerate(keys):
            try:
                for pressed in physical_key(key, keys[i - 1] if i else ""):
                    rom.press(pressed)
            except RuntimeError:  # the ROM loops for ever (1 EE 90 +/- * 0 =): the calculator hangs
                ours.press(key)
                finish(ours, budget)
                if ours.hung:
                    matched += 1  # both hung: no key is read again
                    hung += 1
                    break
                diff = [f"the ROM runs on past {RomCalculator.RUN_LIMIT:,} instructions"]
            else:
                ours.press(key)
                finish(ours, budget)
                diff = compare(rom, ours)
            if diff:
                if not quiet:
                    print(f"session {s}: {' '.join(keys[: i + 1])}")
                    for line in diff:
                        print(f"    {line}")
                break
        else:
            matched += 1
    kind = f"{survey} survey sessions" if survey else "program sessions" if programs else "sessions"
    extra = f" ({dropped} drawn programs ran past {STEP_BUDGET} steps and were drawn again)" if dropped else ""
    extra += f" ({hung} of them hung the calculator, the ROM and ours alike)" if hung else ""
    size = "" if survey else f" of {words} keyboard words"
    print(f"{matched} of {sessions} {kind}{size} matched after every key{extra}")
    return matched


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rom", help="the TI-57 ROM words (PCjs machine file or plain words)")
    parser.add_argument("--sessions", type=int, default=100)
    parser.add_argument("--keys", type=int, default=30, help="keyboard words per session")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quiet", action="store_true")
    parser.add_argument("--programs", action="store_true", help="sessions that key and run short programs")
    parser.add_argument("--survey", choices=sorted(SURVEYS), help="targeted sessions: powers that err, sums on pending operands")
    parser.add_argument("--press", help="one session of space-separated keys, every state printed")
    args = parser.parse_args()
    words = load_rom(args.rom)
    if args.press:
        rom, ours = RomCalculator(words), TI57()
        budget = [STEP_BUDGET]
        keys = args.press.split()
        for i, key in enumerate(keys):
            try:
                for pressed in physical_key(key, keys[i - 1] if i else ""):
                    rom.press(pressed)
            except RuntimeError:
                ours.press(key)
                finish(ours, budget)
                print(f"{key:5} ROM runs on past {RomCalculator.RUN_LIMIT:,} instructions (hung)")
                print(f"{'':5} us  {'hung' if ours.hung else repr(ours.display)}")
                return
            ours.press(key)
            finish(ours, budget)
            text, flashing = rom.look()
            print(f"{key:5} ROM {text!r:16} {'flash' if flashing else '':5} x={rom.x()}")
            print(f"{'':5} us  {ours.display!r:16} {'flash' if ours.flashing else '':5} x={ours.x}")
            for line in compare(rom, ours):
                print(f"      differs: {line}")
        return
    check(words, args.sessions, args.keys, args.seed, args.quiet, args.programs, args.survey)


if __name__ == "__main__":
    main()
