"""A TMS-1500 instruction-level simulator, to run the TI-57's own ROM beside our emulator.

Written from the instruction format the TI patents describe (US 4,125,901 and
4,078,251) as PCjs documents it (``jeffpar/pcjs`` machines/ti/modules/v3/cpu1500.js,
read to learn the encoding).  The ROM words are not part of this project: the
checker is given them as a file.  Registers hold 16 four-bit digits, D0 first.
"""

from __future__ import annotations

import json
import pathlib

# digit ranges of the masked instructions, by mask field (bits 8-11)
RANGES = {
    0x0: (12, 12), 0x1: (0, 15), 0x2: (2, 12), 0x3: (0, 12), 0x4: (2, 2), 0x5: (0, 1),
    0x7: (0, 13), 0x8: (14, 14), 0x9: (13, 15), 0xA: (14, 15), 0xD: (13, 13), 0xF: (15, 15),
}


def load_rom(path: str) -> list[int]:
    """ROM words from a PCjs machine file (its ROM 'values') or whitespace-separated numbers."""
    text = pathlib.Path(path).read_text()
    if text.lstrip().startswith("{"):
        data = json.loads(text)
        for part in data.values():
            if isinstance(part, dict) and part.get("class") == "ROM":
                return list(part["values"])
        raise ValueError(f"{path}: no ROM values")
    return [int(w) for w in text.split()]


class TMS1500:
    """The CPU: operational registers A-D, storage X0-X7 / Y0-Y7, R5, RAB, a 3-level stack."""

    def __init__(self, rom: list[int]) -> None:
        if len(rom) != 2048:
            raise ValueError("the TI-57 ROM has 2048 words")
        self.rom = rom
        self.ops = [[0] * 16 for _ in range(4)]
        self.x = [[0] * 16 for _ in range(8)]
        self.y = [[0] * 16 for _ in range(8)]
        self.base = 10
        self.cond = False
        self.rab = 0
        self.r5 = 0
        self.pc = 0
        self.stack = [0, 0, 0]
        self.key = 0  # row | (column + 1) << 4 while a key is held, else 0
        self.displays = 0  # DISP instructions run
        self.shown: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())  # A and B at the last DISP

    def _r5_from(self, digits: list[int], lo: int, hi: int) -> None:
        self.r5 = digits[lo] | ((digits[lo + 1] << 4) if lo < hi else 0)

    def step(self) -> None:
        op = self.rom[self.pc]
        self.pc = (self.pc + 1) & 0x7FF
        if op & 0x1000:
            if op & 0x0800:
                if bool(op & 0x0400) == self.cond:
                    self.pc = (self.pc & 0x400) | (op & 0x3FF)
            else:
                self.stack = [self.pc, self.stack[0], self.stack[1]]
                self.pc = op & 0x7FF
            self.cond = False
            return
        field = (op >> 8) & 0xF
        if field == 0xC:
            self._flag(op)
            return
        if field == 0xE:
            self._misc(op)
            return
        lo, hi = RANGES[field]
        j, k, l, n = (op >> 6) & 3, (op >> 3) & 7, (op >> 1) & 3, op & 1
        base = 16 if field >= 0x8 else self.base
        regs = self.ops
        if k < 4:
            src = regs[k]
        elif k == 5:
            src = None
        else:
            value = 1 if k == 4 else (self.r5 & 0xF if k == 6 else self.r5 & 0xFF)
            src = [0] * 16
            for i in range(lo, hi + 1):
                src[i] = value & 0xF
                value >>= 4
        if l == 3:
            assert src is not None
            if not n:  # exchange A with the source
                a = regs[0]
                for i in range(lo, hi + 1):
                    a[i], src[i] = src[i], a[i]
                self._r5_from(src, lo, hi)
            else:  # move the source to register j (through the BCD corrector)
                dest = regs[j]
                carry = 0
                for i in range(lo, hi + 1):
                    v = src[i] + carry
                    carry = 0
                    if v >= base:
                        v -= base
                        carry = 1
                    dest[i] = v
                self._r5_from(src, lo, hi)
            return
        if l == 0:
            dest = regs[j]
        elif l == 1:
            assert k < 4
            dest = regs[k]
        else:
            assert k <= 5
            dest = regs[j] if k == 5 else [0] * 16  # k < 5: the result is suppressed
        a = regs[j]
        if src is None:
            if not n:  # shift left
                for i in range(hi, lo, -1):
                    dest[i] = a[i - 1]
                dest[lo] = 0
            else:
                for i in range(lo, hi):
                    dest[i] = a[i + 1]
                dest[hi] = 0
        else:
            carry = 0
            if not n:
                for i in range(lo, hi + 1):
                    v = a[i] + src[i] + carry
                    carry = 0
                    if v >= base:
                        v -= base
                        carry = 1
                    dest[i] = v
            else:
                for i in range(lo, hi + 1):
                    v = a[i] - src[i] - carry
                    carry = 0
                    if v < 0:
                        v += base
                        carry = 1
                    dest[i] = v
            if carry:
                self.cond = True
        self._r5_from(dest, lo, hi)

    def _flag(self, op: int) -> None:
        j, d, b = (op >> 6) & 3, (op >> 4) & 3, 1 << ((op >> 2) & 3)
        assert d, "flag instruction without a digit"
        digits = self.ops[j]
        kind = op & 3
        if kind == 0:
            digits[d + 12] |= b
        elif kind == 1:
            digits[d + 12] &= ~b
        elif kind == 2:
            if digits[d + 12] & b:
                self.cond = True
        else:
            digits[d + 12] ^= b

    def _misc(self, op: int) -> None:
        kind = op & 0xF
        a = self.ops[0]
        if kind == 0:
            a[:] = self.y[self.rab]
        elif kind == 1:
            self.rab = (op >> 4) & 7
        elif kind == 2:
            self.pc = self.r5
        elif kind == 3:
            self.cond = False
            self.pc = self.stack[0]
            self.stack = [self.stack[1], self.stack[2], 0]
        elif kind == 4:
            self.x[self.rab][:] = a
        elif kind == 5:
            a[:] = self.x[self.rab]
        elif kind == 6:
            self.y[self.rab][:] = a
        elif kind == 7:
            self.displays += 1
            self.shown = (tuple(a[:12]), tuple(self.ops[1][:12]))
            if self.key:
                self.r5 = self.key
                self.cond = True
        elif kind == 8:
            self.base = 10
        elif kind == 9:
            self.base = 16
        elif kind == 10:
            self.rab = self.r5 & 7
        else:
            raise AssertionError(f"reserved instruction {op:#06x}")

    def display_text(self) -> str:
        """The 12 display positions at the last DISP: digit, '-', ' ', with '.' after a digit."""
        a, b = self.shown
        out = []
        for i in range(11, -1, -1):
            if b[i] & 0x8:
                ch = " "
            elif b[i] & 0x1:
                ch = "-"
            else:
                ch = "0123456789ABCDEF"[a[i]]
            out.append(ch + ("." if b[i] & 0x2 else ""))
        return "".join(out)
