"""An HP-67 microcode machine: a Woodstock-family CPU running the HP-67 ROM, for checking.

Not part of the shipped package: the ROM cannot be shipped, so this module is given a
ROM image (one octal word per line or separated by blanks or commas, 8192 words, the
layout of the x11-calc project's ``i_rom`` table, banks at 0x1000) and runs it.

The CPU is written from the Woodstock instruction set as it is documented (HP's
"ACT" processor: 14-digit registers A B C Y Z T M N, a 4-bit pointer P, 16 status
bits, a two-level return stack, 10-bit conditional branches, delayed ROM select, bank
switch) and the HP-67's "CRC" chip operations (W/PRGM switch, default functions,
merge and pause flags, display digits), as the x11-calc project (GPL) describes them;
no code of that project is in here.  The keyboard is driven by key codes (row and
column as the HP-67's scanner reports them), the display read from registers A and B.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

DIGITS = 14
ROM_WORDS = 0o20000
MEMORY = 64
# The 4-bit pointer field of "n -> p" / "if p # n" is not the binary value of n.
SET_P = (14, 4, 7, 8, 11, 2, 10, 12, 1, 3, 13, 6, 0, 9, 5, 14)
TEST_P = (4, 8, 12, 2, 9, 1, 6, 3, 1, 13, 5, 0, 11, 10, 7, 4)
# Field selects of the arithmetic instructions: (first digit, last digit); None: uses P.
FIELDS = ("p", "wp", (2, 2), (0, 2), (13, 13), (3, 12), (0, 13), (3, 13))

# HP-67 key codes (scanner row/column) by key label.
KEY_CODES: dict[str, int] = {
    "A": 0o244, "B": 0o243, "C": 0o242, "D": 0o241, "E": 0o240,
    "Σ+": 0o224, "GTO": 0o223, "DSP": 0o222, "(i)": 0o221, "SST": 0o220,
    "f": 0o024, "g": 0o023, "STO": 0o022, "RCL": 0o021, "h": 0o020,
    "ENTER": 0o063, "CHS": 0o062, "EEX": 0o061, "CLX": 0o060,
    "-": 0o103, "7": 0o102, "8": 0o101, "9": 0o100,
    "+": 0o123, "4": 0o122, "5": 0o121, "6": 0o120,
    "×": 0o143, "1": 0o142, "2": 0o141, "3": 0o140,
    "÷": 0o163, "0": 0o162, ".": 0o161, "R/S": 0o160,
}


def read_rom(path: str | Path) -> list[int]:
    """The ROM words of an image file (octal numbers separated by blanks, commas or lines)."""
    text = Path(path).read_text(encoding="ascii")
    words = [int(w, 8) for w in text.replace(",", " ").split()]
    if len(words) != ROM_WORDS or max(words) > 0o1777:
        raise ValueError(f"{path}: expected {ROM_WORDS} ten-bit octal words, found {len(words)}")
    return words


@dataclass
class CrcFlags:
    """The HP-67 card reader controller's flags the microcode sets and tests."""

    merge: bool = False
    pause: bool = False
    display_digits: bool = False
    card: bool = False
    any_key: bool = False
    default_functions: bool = False


@dataclass
class Woodstock:
    rom: list[int]
    a: list[int] = field(default_factory=lambda: [0] * DIGITS)
    b: list[int] = field(default_factory=lambda: [0] * DIGITS)
    c: list[int] = field(default_factory=lambda: [0] * DIGITS)
    y: list[int] = field(default_factory=lambda: [0] * DIGITS)
    z: list[int] = field(default_factory=lambda: [0] * DIGITS)
    t: list[int] = field(default_factory=lambda: [0] * DIGITS)
    m: list[int] = field(default_factory=lambda: [0] * DIGITS)
    n: list[int] = field(default_factory=lambda: [0] * DIGITS)
    ram: list[list[int]] = field(default_factory=lambda: [[0] * DIGITS for _ in range(MEMORY)])
    status: list[bool] = field(default_factory=lambda: [False] * 16)
    pc: int = 0
    p: int = 0
    f: int = 0
    address: int = 0
    base: int = 10
    stack: list[int] = field(default_factory=lambda: [0, 0])
    sp: int = 0
    carry: bool = False
    previous_carry: bool = False
    delayed_rom: int | None = None
    previous_opcode: int = -1
    display_on: bool = False
    key_down: bool = False
    key_code: int = 0
    w_prgm: bool = False
    crc: CrcFlags = field(default_factory=CrcFlags)
    cycles: int = 0

    def __post_init__(self) -> None:
        self.status[5] = True

    # -- fields and digit arithmetic ------------------------------------------------------

    def _field(self, select: int) -> tuple[int, int]:
        f = FIELDS[select]
        if f == "p":
            return self.p, self.p
        if f == "wp":
            return 0, self.p
        return f  # type: ignore[return-value]

    def _add(self, dest: list[int] | None, x: list[int], y: list[int] | None, lo: int, hi: int) -> None:
        carry = self.carry
        base = self.base
        for i in range(lo, hi + 1):
            v = x[i] + (y[i] if y is not None else 0) + carry
            if v >= base:
                v -= base
                carry = True
            else:
                carry = False
            if dest is not None:
                dest[i] = v & 15
        self.carry = carry

    def _sub(self, dest: list[int] | None, x: list[int] | None, y: list[int] | None, lo: int, hi: int) -> None:
        carry = self.carry
        base = self.base
        for i in range(lo, hi + 1):
            v = (x[i] if x is not None else 0) - (y[i] if y is not None else 0) - carry
            if v < 0:
                v += base
                carry = True
            else:
                carry = False
            if dest is not None:
                dest[i] = v & 15
        self.carry = carry

    @staticmethod
    def _zero(r: list[int], lo: int, hi: int) -> bool:
        return not any(r[lo:hi + 1])

    # -- control flow ---------------------------------------------------------------------

    def _next_pc(self) -> None:
        self.pc = 0 if self.pc >= ROM_WORDS - 1 else (self.pc & 0xF000) | ((self.pc + 1) & 0xFFF)
        self.previous_carry = self.carry
        self.carry = False

    def _apply_delayed_rom(self) -> None:
        if self.delayed_rom is not None:
            self.pc = (self.delayed_rom << 8) | (self.pc & 0xF0FF)
            self.delayed_rom = None
        if self.pc < 0x1400:
            self.pc &= 0xFFF  # the first ROM chips answer in both banks: bank 0

    def _branch_if(self, condition: bool) -> None:
        """A test: the next word is a 10-bit address in this 1K block, taken if true."""
        self.carry = condition
        self.previous_carry = condition
        self.carry = False
        if condition:
            self.pc = (self.pc & 0xFC00) | self.rom[self.pc]
        else:
            self._next_pc()

    def _p_plus_one(self, opcode: int) -> None:
        if self.p == DIGITS - 1:
            self.p = 0
        elif self.p > 0 or self.previous_opcode != opcode:
            self.p += 1

    # -- one instruction --------------------------------------------------------------------

    def step(self) -> None:
        if self.key_down:
            self.status[15] = True
        opcode = self.rom[self.pc]
        self._next_pc()
        kind = opcode & 3
        if kind == 1:  # jsb
            self.stack[self.sp] = self.pc
            self.sp = (self.sp + 1) & 1
            self.pc = (self.pc & 0xFF00) | (opcode >> 2)
            self._apply_delayed_rom()
        elif kind == 3:  # if no carry go to
            if not self.previous_carry:
                self.pc = (self.pc & 0xFF00) | (opcode >> 2)
                self._apply_delayed_rom()
        elif kind == 2:
            self._arithmetic(opcode)
        else:
            self._special(opcode)
        self.previous_opcode = opcode
        self.cycles += 1

    def _arithmetic(self, opcode: int) -> None:
        lo, hi = self._field((opcode >> 2) & 7)
        op = opcode >> 5
        a, b, c = self.a, self.b, self.c
        if op == 0o00:
            a[lo:hi + 1] = [0] * (hi - lo + 1)
        elif op == 0o01:
            b[lo:hi + 1] = [0] * (hi - lo + 1)
        elif op == 0o02:
            a[lo:hi + 1], b[lo:hi + 1] = b[lo:hi + 1], a[lo:hi + 1]
        elif op == 0o03:
            b[lo:hi + 1] = a[lo:hi + 1]
        elif op == 0o04:
            a[lo:hi + 1], c[lo:hi + 1] = c[lo:hi + 1], a[lo:hi + 1]
        elif op == 0o05:
            a[lo:hi + 1] = c[lo:hi + 1]
        elif op == 0o06:
            c[lo:hi + 1] = b[lo:hi + 1]
        elif op == 0o07:
            b[lo:hi + 1], c[lo:hi + 1] = c[lo:hi + 1], b[lo:hi + 1]
        elif op == 0o10:
            c[lo:hi + 1] = [0] * (hi - lo + 1)
        elif op == 0o11:
            self._add(a, a, b, lo, hi)
        elif op == 0o12:
            self._add(a, a, c, lo, hi)
        elif op == 0o13:
            self._add(c, c, c, lo, hi)
        elif op == 0o14:
            self._add(c, c, a, lo, hi)
        elif op == 0o15:
            self.carry = True
            self._add(a, a, None, lo, hi)
        elif op == 0o16:
            a[lo + 1:hi + 1] = a[lo:hi]
            a[lo] = 0
            self.carry = self.previous_carry = False
        elif op == 0o17:
            self.carry = True
            self._add(c, c, None, lo, hi)
        elif op == 0o20:
            self._sub(a, a, b, lo, hi)
        elif op == 0o21:
            self._sub(c, a, c, lo, hi)
        elif op == 0o22:
            self.carry = True
            self._sub(a, a, None, lo, hi)
        elif op == 0o23:
            self.carry = True
            self._sub(c, c, None, lo, hi)
        elif op == 0o24:
            self._sub(c, None, c, lo, hi)
        elif op == 0o25:
            self.carry = True
            self._sub(c, None, c, lo, hi)
        elif op == 0o26:
            self._branch_if(self._zero(b, lo, hi))
        elif op == 0o27:
            self._branch_if(self._zero(c, lo, hi))
        elif op == 0o30:
            self._sub(None, a, c, lo, hi)
            self._branch_if(not self.carry)
        elif op == 0o31:
            self._sub(None, a, b, lo, hi)
            self._branch_if(not self.carry)
        elif op == 0o32:
            self._branch_if(not self._zero(a, lo, hi))
        elif op == 0o33:
            self._branch_if(not self._zero(c, lo, hi))
        elif op == 0o34:
            self._sub(a, a, c, lo, hi)
        else:  # 035-037: shift right a, b, c
            r = (a, b, c)[op - 0o35]
            r[lo:hi] = r[lo + 1:hi + 1]
            r[hi] = 0
            self.carry = False

    def _special(self, opcode: int) -> None:
        group = (opcode >> 2) & 3
        sub = (opcode >> 4) & 3
        n = opcode >> 6
        if group == 0:
            if sub == 0:
                self._crc(opcode)
            elif sub == 1:
                self._misc(opcode)
            elif sub == 2:  # select rom
                self.pc = (n << 8) + (self.pc & 0xFF)
            else:
                self._crc_and_memory(opcode)
        elif group == 1:
            if sub == 0:
                self.status[n] = True
            elif sub == 1:
                self._branch_if(self.status[n])
            elif sub == 2:
                self._branch_if(self.p == TEST_P[n])
            else:
                self.delayed_rom = n
        elif group == 2:
            if sub == 0:
                self._registers(opcode)
            elif sub == 1:  # load constant
                self.c[self.p] = n
                self.p = DIGITS - 1 if self.p == 0 else self.p - 1
            elif sub == 2:  # c -> data register n
                self.address = (self.address & 0xFFF0) + n
                self.ram[self.address % MEMORY] = self.c[:]
            else:  # data -> c, data register n -> c
                if n:
                    self.address = (self.address & 0xFFF0) + n
                self.c = self.ram[self.address % MEMORY][:]
        else:
            if sub == 0:
                self.status[n] = False
            elif sub == 1:
                self._branch_if(not self.status[n])
            elif sub == 2:
                self._branch_if(self.p != TEST_P[n])
            else:
                self.p = SET_P[n]

    def _crc(self, opcode: int) -> None:
        crc = self.crc
        s = self.status
        if opcode == 0o0000:
            return
        if opcode == 0o0100:  # card reader ready
            s[3] = True
            crc.card = False
        elif opcode == 0o0300:  # the W/PRGM-RUN switch
            s[3] = self.w_prgm
        elif opcode == 0o0400:
            crc.any_key = True
        elif opcode == 0o0500:
            s[3], crc.any_key = crc.any_key, False
        elif opcode == 0o1000:
            crc.default_functions = True
        elif opcode == 0o1100:
            s[3], crc.default_functions = crc.default_functions, False
        elif opcode == 0o1200:
            crc.merge = True
        elif opcode == 0o1300:
            s[3], crc.merge = crc.merge, False
        elif opcode == 0o1400:
            crc.pause = True
        elif opcode in (0o1500, 0o1700):
            s[3], crc.pause = crc.pause, False
        else:
            raise ValueError(f"unknown opcode {opcode:04o} at {self.pc - 1:05o}")

    def _misc(self, opcode: int) -> None:
        if opcode == 0o0020:  # keys -> rom address
            self.pc &= 0xFF00
            self._apply_delayed_rom()
            self.pc += self.key_code
        elif opcode == 0o0120:  # keys -> a
            self.a[2] = self.key_code >> 4
            self.a[1] = self.key_code & 15
        elif opcode == 0o0220:  # a -> rom address
            self.pc = (self.pc & 0xFF00) + (self.a[2] << 4) + self.a[1]
            self._apply_delayed_rom()
        elif opcode == 0o0320:
            pass
        elif opcode == 0o0420:
            self.base = 16
        elif opcode == 0o0520:  # rotate left a
            self.a = [self.a[-1]] + self.a[:-1]
            self.carry = self.previous_carry = False
        elif opcode == 0o0620:
            self.p = DIGITS - 1 if self.p == 0 else self.p - 1
        elif opcode == 0o0720:
            self._p_plus_one(opcode)
        elif opcode == 0o1020:  # return
            self.sp = (self.sp - 1) & 1
            self.pc = self.stack[self.sp]
        else:
            raise ValueError(f"unknown opcode {opcode:04o} at {self.pc - 1:05o}")

    def _crc_and_memory(self, opcode: int) -> None:
        crc = self.crc
        if opcode == 0o0060:
            crc.display_digits = True
        elif opcode == 0o0160:
            self.status[3], crc.display_digits = crc.display_digits, False
        elif opcode in (0o0260, 0o0360, 0o0660, 0o0760, 0o1760):
            pass
        elif opcode == 0o0560:
            self.status[3] = crc.card
        elif opcode == 0o1060:  # bank switch
            self.pc ^= 0x1000
        elif opcode == 0o1160:  # c -> data address
            address = (self.c[1] << 4) + self.c[0]
            self.address = address if address < MEMORY else MEMORY - 1
        elif opcode == 0o1260:  # clear the 16 data registers of this address's block
            start = self.address & ~15
            for i in range(start, min(start + 16, MEMORY)):
                self.ram[i] = [0] * DIGITS
        elif opcode == 0o1360:  # c -> data
            self.ram[self.address] = self.c[:]
        elif opcode == 0o1460:  # rom checksum: return
            self.status[5] = False
            self.sp = (self.sp - 1) & 1
            self.pc = self.stack[self.sp]
        else:
            raise ValueError(f"unknown opcode {opcode:04o} at {self.pc - 1:05o}")

    def _registers(self, opcode: int) -> None:
        if opcode == 0o0010:
            for r in (self.a, self.b, self.c, self.y, self.z, self.t):
                r[:] = [0] * DIGITS
        elif opcode == 0o0110:
            for i in range(16):
                if i not in (1, 2, 5, 15):
                    self.status[i] = False
        elif opcode == 0o0210:
            self.display_on = not self.display_on
        elif opcode == 0o0310:
            self.display_on = False
        elif opcode == 0o0410:
            self.m, self.c = self.c, self.m
        elif opcode == 0o0510:
            self.c = self.m[:]
        elif opcode == 0o0610:
            self.n, self.c = self.c, self.n
        elif opcode == 0o0710:
            self.c = self.n[:]
        elif opcode == 0o1010:  # stack -> a
            self.a, self.y, self.z = self.y[:], self.z[:], self.t[:]
        elif opcode == 0o1110:  # down rotate
            self.c, self.y, self.z, self.t = self.y, self.z, self.t, self.c
        elif opcode == 0o1210:
            self.a = self.y[:]
        elif opcode == 0o1310:  # c -> stack
            self.t, self.z, self.y = self.z, self.y, self.c[:]
        elif opcode == 0o1410:
            self.base = 10
        elif opcode == 0o1610:
            self.a[0] = self.f
        elif opcode == 0o1710:
            self.a[0], self.f = self.f, self.a[0]
        else:
            raise ValueError(f"unknown opcode {opcode:04o} at {self.pc - 1:05o}")


# -- the HP-67 around the CPU: keys in, registers and display out --------------------------

# The microcode's keyboard wait loop (where it idles between keys), found by running it.
_IDLE_LOOP = frozenset(range(0o167, 0o213)) | frozenset(range(0o1312, 0o1316))  # the second: showing Error


def register_value(r: list[int]) -> Decimal:
    """A 14-digit register as the number it holds: sign digit, 10 mantissa digits, exponent."""
    mantissa = "".join(str(d) for d in r[12:2:-1])
    exponent = r[1] * 10 + r[0]
    if r[2] == 9:
        exponent -= 100
    value = Decimal(int(mantissa)).scaleb(exponent - 9)
    return -value if r[13] == 9 else value


class HP67Microcode:
    """The HP-67 ROM on the Woodstock CPU, pressed key by key like the real keyboard."""

    def __init__(self, rom: list[int]) -> None:
        self.cpu = Woodstock(rom)
        self._settle()

    def _settle(self, limit: int = 5_000_000) -> None:
        cpu = self.cpu
        streak = 0
        for _ in range(limit):
            cpu.step()
            if cpu.pc in _IDLE_LOOP:
                streak += 1
                if streak > 100:
                    return
            else:
                streak = 0
        raise RuntimeError("the microcode did not come back to its keyboard loop")

    def _key_down_up(self, key: str) -> None:
        """A key down until the microcode has read it (it leaves its keyboard loop), then up."""
        cpu = self.cpu
        cpu.key_code = KEY_CODES[key]
        cpu.key_down = True
        for _ in range(200_000):
            cpu.step()
            if cpu.pc not in _IDLE_LOOP:
                break
        for _ in range(400):
            cpu.step()
        cpu.key_down = False

    def press_key(self, key: str) -> None:
        """One physical key: down until the microcode has read it, then up, then idle."""
        self._key_down_up(key)
        self._settle()

    def switch(self, w_prgm: bool) -> None:
        """Slide the W/PRGM-RUN switch (the CRC flag the microcode reads), then idle."""
        self.cpu.w_prgm = w_prgm
        self._settle()

    def run_key(self, key: str, cycles: int) -> bool:
        """Press a key that may start a program (a label, R/S, GSB n's last key) and let it
        run: True once the microcode is back in its keyboard loop, False if it is still
        running after ``cycles`` instructions."""
        self._key_down_up(key)
        return self.run_on(cycles)

    def run_on(self, cycles: int) -> bool:
        """Let a running program go on: True once back in the keyboard loop."""
        cpu = self.cpu
        streak = 0
        for _ in range(cycles):
            cpu.step()
            if cpu.pc in _IDLE_LOOP:
                streak += 1
                if streak > 100:
                    return True
            else:
                streak = 0
        return False

    @property
    def program_display(self) -> str:
        """The W/PRGM display, inner blanks kept: step number and key codes, ``'001   31 25 11'``,
        ``'000'``."""
        a, b = self.cpu.a, self.cpu.b
        return "".join(
            "0123456789rCodE"[a[i]] if b[i] in (0, 4, 9) and a[i] != 15 else " " for i in range(13, -1, -1)
        ).rstrip()

    @property
    def x(self) -> Decimal:
        return register_value(self.cpu.c)

    @property
    def stack(self) -> tuple[Decimal, Decimal, Decimal, Decimal]:
        cpu = self.cpu
        return tuple(register_value(r) for r in (cpu.c, cpu.y, cpu.z, cpu.t))  # type: ignore[return-value]

    @property
    def display(self) -> str:
        """The LED text in this project's spelling: ``'12.5'``, ``'-1.23 -05'``, ``'0.00'``."""
        a, b = self.cpu.a, self.cpu.b
        text = ""
        for i in range(13, 2, -1):
            if b[i] == 3:
                text += "."
            elif b[i] in (0, 4, 9) and a[i] != 15:
                text += "0123456789rCodE"[a[i]]
        exponent = "".join(str(a[i]) for i in (1, 0) if b[i] in (0, 4, 9) and a[i] != 15)
        sign_digit = a[2]
        negative = sign_digit != 15 and not sign_digit & 1
        exponent_negative = sign_digit != 15 and sign_digit >> 1
        if exponent:
            text += " " + ("-" if exponent_negative else "") + exponent
        return ("-" if negative else "") + text
