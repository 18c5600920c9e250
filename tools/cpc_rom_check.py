"""Check the CPC machine against the CPC 6128's own ROMs, run on a Z80 core.

The ROMs cannot be shipped, so they are given on the command line (the 16 KB images
"Amstrad CPC 6128 OS (1985).rom" and "Amstrad CPC 6128 BASIC (1986).rom" of the CPC
emulator projects) and the Z80 core comes from PyPI (``pip install z80``, the
``rom-check`` extra).  Nothing here is part of the arcade.

    python tools/cpc_rom_check.py OS.rom [--cases 4000] [--seed 1] [--golden FILE]
    python tools/cpc_rom_check.py OS.rom BASIC.rom [--cases 300] [--seed 1] [--timers]
    python tools/cpc_rom_check.py OS.rom BASIC.rom --golden FILE    # RND, byte for byte

With the BASIC ROM too, a CPC 6128 is booted (``BootedCPC``) and random programs
(numbers printed with ; , SPC, TAB and USING, real loops, integer operators, errors
trapped) are typed into it and RUN; each program's printed output must be the same
as ``machines.cpc.CPC``'s.  The booted CPC takes its 300 Hz interrupts and scans its
keyboard, so with ``--timers`` the programs also use EVERY, AFTER, REMAIN, DI and EI,
ON BREAK, and ESC pressed while they run (``timer_lines``).  The differing programs
are printed with both outputs.
``--golden FILE`` instead writes what RND gives on the ROMs, as 5-byte reals, after
power-on and seeds (``rnd_golden``; the test suite's ``firmware_rnd.txt``).

With the OS ROM alone:

Each case draws random reals (full 32-bit mantissas and short ones, whose sums and
products land on half-way points; exponents near each other and far apart), calls
one maths routine of the OS ROM on them at its documented address, and compares the
5 bytes it leaves (and its carry flag: done or refused) with ``machines.cpc.reals``.
Routines: REAL_addition, REAL_multiplication, REAL_division, REAL_5byte_to_real and
REAL_exp_A (a 40-bit whole number to a real, then * 10^n: how BASIC reads decimals),
REAL_prepare_for_decimal (the digits PRINT shows),
REAL_sin, REAL_cosine, REAL_tan, REAL_arctan (radians and degrees), REAL_log,
REAL_log10, REAL_exp, REAL_sqr and REAL_power.  ``--golden FILE`` also writes the
firmware's answers as text lines (routine, operands and result as 5-byte hex, flag)
for the test suite's golden file.  Prints the mismatches and a count per routine;
exits 1 if any.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from fractions import Fraction
from pathlib import Path
from typing import Callable, NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from machines.cpc import reals  # noqa: E402

# entry points in the CPC 6128 OS ROM (Bread80/CPC6128-Firmware-Source, FPMaths.asm)
ROUTINES = {
    "add": 0x34A2, "mul": 0x3577, "div": 0x3604, "exp10": 0x30C6, "digits": 0x305F, "int40": 0x2FD1,
    "sin": 0x3353, "cos": 0x3349, "tan": 0x33C8, "atn": 0x33D8, "log": 0x31B6,
    "log10": 0x31B1, "exp": 0x322F, "sqr": 0x32AC, "pow": 0x32AF,
}
DEG_RAD_FLAG = 0xB113  # the firmware's DEG/RAD byte (0 radians)
X_AT, Y_AT, RETURN_AT, STACK_AT = 0x8000, 0x8010, 0xFFF0, 0xBFF0
HALT = 0x76


class Firmware:
    """The OS ROM in the low 16 KB of a Z80's memory, its maths routines callable."""

    def __init__(self, os_rom: bytes) -> None:
        import z80  # from PyPI; only this tool needs it

        if len(os_rom) != 0x4000:
            raise SystemExit("the OS ROM image must be 16384 bytes")
        self.cpu = z80.Z80Machine()
        self.cpu.set_memory_block(0, os_rom)
        self.cpu.set_memory_block(RETURN_AT, bytes([HALT]))

    def call(self, address: int, hl: int = X_AT, de: int = Y_AT, a: int = 0) -> tuple[int, int]:
        """Run the routine until it returns; (carry flag, HL on return)."""
        cpu = self.cpu
        cpu.set_memory_block(STACK_AT, RETURN_AT.to_bytes(2, "little"))
        cpu.sp = STACK_AT
        cpu.pc, cpu.hl, cpu.de, cpu.a = address, hl, de, a
        cpu.halted = False
        for _ in range(1000):
            cpu.ticks_to_stop = 100_000
            cpu.run()
            if cpu.halted or cpu.pc in (RETURN_AT, RETURN_AT + 1):
                return cpu.f & 1, cpu.hl
        raise RuntimeError(f"routine at {address:#06x} did not return")

    def put(self, address: int, x: float) -> None:
        self.cpu.set_memory_block(address, reals.to_bytes(x))

    def get(self, address: int) -> float:
        return reals.from_bytes(bytes(self.cpu.memory[address:address + 5]))

    def degrees(self, on: bool) -> None:
        self.cpu.set_memory_block(DEG_RAD_FLAG, bytes([0xFF if on else 0]))


def random_real(rng: random.Random, low: int, high: int) -> float:
    """A real with a full or a short mantissa (short ones meet half-way points)."""
    bits = rng.choice((31, 31, 20, 12, 4))
    mantissa = (rng.getrandbits(bits) << (31 - bits)) | (1 << 31)
    x = float(Fraction(mantissa, 1 << 32) * Fraction(2) ** rng.randint(low, high))
    return -x if rng.random() < 0.5 else x


def rng_int40(x: float) -> int:
    """A whole number below 10^12 (what 12 decimal digits make) drawn from x's bits."""
    m, e = math.frexp(abs(x))
    return int(m * 2**53) % 10 ** (1 + (e % 12))


def ours(name: str, x: float, y: float, degrees: bool) -> tuple[int, float]:
    """(1 and the result) or (0 and what the routine leaves) for our model."""
    functions: dict[str, Callable[..., float]] = {
        "add": reals.add, "mul": reals.multiply, "div": reals.divide, "log": reals.log,
        "log10": reals.log10, "exp": reals.exp, "sqr": reals.sqr, "pow": reals.power,
    }
    try:
        if name in ("sin", "cos", "tan", "atn"):
            r = getattr(reals, name)(x, degrees)
        elif name == "exp10":
            r = reals.scale_by_power_of_ten(x, int(y))
        elif name in ("add", "mul", "div", "pow"):
            r = functions[name](x, y)
        else:
            r = functions[name](x)
    except reals.MathsFault as fault:
        return 0, fault.value
    if abs(r) > reals.REAL_MAX:  # the operations leave overflow to their callers
        return 0, reals.REAL_MAX if r > 0 else -reals.REAL_MAX
    return 1, r


def draw(name: str, rng: random.Random) -> tuple[float, float, bool]:
    degrees = name in ("sin", "cos", "tan", "atn") and rng.random() < 0.3
    y = 0.0
    if name in ("add", "mul", "div"):
        x, y = random_real(rng, -40, 40), random_real(rng, -40, 40)
        if rng.random() < 0.3:
            y = float(rng.randint(-9, 9) or 1)
    elif name == "exp10":
        x, y = random_real(rng, -30, 30), float(rng.randint(-38, 38))
    elif name in ("sin", "cos", "tan"):
        x = random_real(rng, -20, 17)
    elif name == "exp":
        x = random_real(rng, -35, 7)
    elif name == "pow":
        x = random_real(rng, -6, 6)
        y = rng.choice((float(rng.randint(-40, 40)), random_real(rng, -5, 5), rng.randint(-3, 3) / 2))
    elif name == "digits":
        x = random_real(rng, -120, 120)
    else:
        x = random_real(rng, -40, 40)
        if name in ("log", "log10", "sqr"):
            x = abs(x)
    return x, y, degrees


def check_case(fw: Firmware, name: str, x: float, y: float, degrees: bool) -> tuple[bool, str]:
    fw.degrees(degrees)
    fw.put(X_AT, x)
    fw.put(Y_AT, y)
    if name == "int40":
        # the digits BASIC has read, as a 40-bit whole number: low byte in C, the
        # other four at HL, the real written over those four
        n = rng_int40(x)
        data = n.to_bytes(5, "little")
        fw.cpu.set_memory_block(X_AT, data)
        fw.cpu.c = data[0]
        done, where = fw.call(ROUTINES[name], hl=X_AT + 1, a=0)
        theirs = fw.get(where)
        mine = reals.round_exact(n, 1)
        return mine == theirs, f"int40 {data.hex()} {reals.to_bytes(theirs).hex()} {done}"
    if name == "digits":
        fw.call(ROUTINES[name])
        count, exponent = fw.cpu.c, fw.cpu.e - 256 if fw.cpu.e > 127 else fw.cpu.e
        digits = int.from_bytes(bytes(fw.cpu.memory[X_AT:X_AT + count]), "little")
        theirs = (digits, exponent)
        mine = reals.decimal_digits(x)
        line = f"digits {reals.to_bytes(x).hex()} {digits} {exponent}"
        return mine == theirs, line
    a = int(y) & 0xFF if name == "exp10" else 0
    done, where = fw.call(ROUTINES[name], a=a)
    result = fw.get(where)
    ok, mine = ours(name, x, y, degrees)
    same = ok == done and (not done or mine == result)
    if not done and not ok and name in ("add", "mul", "div", "exp10"):
        same = True  # both refuse (overflow); the value left is the caller's business
    line = (f"{name}{'/deg' if degrees else ''} {reals.to_bytes(x).hex()} {reals.to_bytes(y).hex()}"
            f" {reals.to_bytes(result).hex()} {done}")
    return same, line


# --- whole programs: the OS and BASIC ROMs booted --------------------------------------------
# in the OS ROM (the jumpblock's targets: &BB06, &BB09, &BB5A, &BB5D)
KM_WAIT_CHAR, KM_READ_CHAR, TXT_OUTPUT, TXT_WR_CHAR = 0x1BBF, 0x1BC5, 0x13FE, 0x1335
TXT_OUTPUT_WRITES = 0x1405  # where TXT_OUTPUT's own call of TXT_WR_CHAR returns
EDIT_AFTER_ERROR = 0xC04A  # BASIC's REPL going into the line editor after a Syntax error
# BASIC's break handler: emptying the key buffer (KM_READ_CHAR), waiting for the key
# that says go on or break (KM_WAIT_CHAR); the keys typed for INPUT are not for them
BREAK_CALLERS = (0xC495, 0xC4B2)


# the CPC's timing at 4 MHz: a scan line is 64 us, the gate array interrupts every 52
# lines (300 Hz), a frame is 312 lines (50 Hz) and starts with the CRTC's VSYNC
LINE_TICKS = 256
INT_LINES = 52
FRAME_TICKS = 312 * LINE_TICKS
VSYNC_LINES = (310, 318)  # VSYNC high from 2 lines before a frame's first interrupt, 8 lines
INT_RETRY_TICKS = 64  # while the Z80 has interrupts disabled, how often the request is tried
ESC_KEY = (8, 2)  # ESC in the keyboard matrix: row 8, bit 2 (key number 66)


class BootedCPC:
    """A CPC 6128 reduced to what BASIC needs: the OS ROM low, BASIC 1.1 as every
    upper ROM, 64 KB of RAM under both, the gate array's ROM switches and its
    interrupt every 52 scan lines (IM 1, to the OS ROM's handler at &0038; the count's
    bit 5 cleared when the Z80 takes it), a PPI whose port B shows VSYNC for 8 lines of
    each 50 Hz frame, and the keyboard matrix read through the PSG's register 14
    (port A, the row chosen by port C).  The firmware's ticker then runs BASIC's
    timers (EVERY/AFTER) and its key scan sees keys held down in ``presses``.  Typed
    text is handed to the firmware's KM_WAIT_CHAR when it is called, and to
    KM_READ_CHAR (INKEY$), from the queue ``keys``, as they are asked for (so the
    break handler's emptying of the key buffer does not take them); with that queue
    empty and keys still to be held down, the firmware's own routines run (and read
    the keys its scan found).  Every character
    sent to TXT_OUTPUT is recorded, and every one the line editor writes by
    TXT_WR_CHAR (the keys it shows at INPUT, the line it shows after a Syntax error)."""

    def __init__(self, os_rom: bytes, basic_rom: bytes) -> None:
        import z80

        self.os_rom, self.basic_rom = os_rom, basic_rom
        self.cpu = cpu = z80.Z80Machine()
        self.ram = bytearray(0x10000)
        self.lower, self.upper = True, False
        self.keys: list[str] = []
        self.output: list[str] = []
        self.recording = False
        self.editing = False  # the line editor was opened on the faulty line
        self.ticks = 0  # T-states since power-on
        self.chunk_end = 0  # the tick at which the current cpu.run() stops
        self.next_interrupt = INT_LINES * LINE_TICKS
        self.raised_at: int | None = None  # when the interrupt now requested was raised
        self.interrupts = 0
        self.port_a = self.port_c = 0
        self.psg_register = 0
        # keys held down: (matrix row, bit, from tick, to tick)
        self.presses: list[tuple[int, int, int, int]] = []
        cpu.set_memory_block(0, os_rom)
        cpu.set_output_callback(self._port_out)
        cpu.set_input_callback(self._port_in)
        cpu.set_write_callback(self._write)
        cpu.mark_addrs(0x0000, 0x4000, cpu.WRITE_MARK)  # the OS ROM is in, BASIC out
        for address in (KM_WAIT_CHAR, KM_READ_CHAR, TXT_OUTPUT, TXT_WR_CHAR, EDIT_AFTER_ERROR):
            cpu.set_breakpoint(address)
        cpu.pc = 0

    def now(self) -> int:
        """The T-state count, also inside a port callback (the core counts ticks_to_stop down)."""
        return self.chunk_end - self.cpu.ticks_to_stop

    def press(self, row: int, bit: int, frames: int, after_frames: int = 0) -> None:
        """Hold a key of the matrix down for ``frames`` 50 Hz frames, from ``after_frames`` on."""
        start = self.now() + after_frames * FRAME_TICKS
        self.presses.append((row, bit, start, start + frames * FRAME_TICKS))

    def _write(self, address: int, value: int) -> None:
        """A write under a ROM that is switched in (only those are marked) reaches the RAM."""
        self.ram[address] = value

    def _switch(self, start: int, rom: bytes, enabled: bool) -> None:
        """Switch the ROM at ``start`` in (the Z80 sees it, the RAM keeps its bytes and
        takes the writes) or out (the Z80 sees and writes the RAM itself)."""
        cpu = self.cpu
        if enabled:
            self.ram[start:start + 0x4000] = bytes(cpu.memory[start:start + 0x4000])
            cpu.set_memory_block(start, rom)
            cpu.mark_addrs(start, 0x4000, cpu.WRITE_MARK)
        else:
            cpu.unmark_addrs(start, 0x4000, cpu.WRITE_MARK)
            cpu.set_memory_block(start, bytes(self.ram[start:start + 0x4000]))

    def _port_out(self, port: int, value: int) -> None:
        if not port & 0x8000 and port & 0x4000 and value & 0xC0 == 0x80:  # gate array
            if value & 0x10:  # reset the interrupt count, withdraw a request
                self.raised_at = None
                self.next_interrupt = self.now() + INT_LINES * LINE_TICKS
            lower, upper = not value & 4, not value & 8
            if lower != self.lower:
                self.lower = lower
                self._switch(0, self.os_rom, lower)
            if upper != self.upper:
                self.upper = upper
                self._switch(0xC000, self.basic_rom, upper)
        if not port & 0x0800:  # the PPI
            which = port >> 8 & 3
            if which == 0:
                self.port_a = value
            elif which == 2:
                self.port_c = value
            elif which == 3:
                if value & 0x80:  # a mode set clears port C
                    self.port_c = 0
                else:  # one bit of port C set or reset
                    bit = 1 << (value >> 1 & 7)
                    self.port_c = self.port_c | bit if value & 1 else self.port_c & ~bit
            if which in (0, 2) and self.port_c & 0xC0 == 0xC0:  # PSG: latch the register number
                self.psg_register = self.port_a & 0x0F

    def _port_in(self, port: int) -> int:
        if port & 0x0800:
            return 0xFF
        which = port >> 8 & 3
        if which == 1:  # port B: VSYNC in bit 0, 50 Hz and the maker's name in bits 1-4
            line = self.now() // LINE_TICKS % 312
            return 0x1E | (line >= VSYNC_LINES[0] or line < VSYNC_LINES[1] - 312)
        if which == 0 and self.presses and self.port_c & 0xC0 == 0x40 and self.psg_register == 14:
            row, now, bits = self.port_c & 0x0F, self.now(), 0xFF
            for key_row, bit, start, end in self.presses:
                if key_row == row and start <= now < end:
                    bits &= ~(1 << bit)
            return bits
        return 0xFF

    def _hand_key(self) -> None:
        """The next key queued, given as the firmware's key routine returns one (A, carry set)."""
        self.cpu.a = ord(self.keys.pop(0))
        self.cpu.f |= 1
        self._return()

    def _return(self) -> None:
        cpu = self.cpu
        sp = cpu.sp
        cpu.pc = cpu.memory[sp] | cpu.memory[(sp + 1) & 0xFFFF] << 8
        cpu.sp = (sp + 2) & 0xFFFF

    def _step(self, limit: int) -> None:
        """Run the Z80 until the next interrupt is due (or a breakpoint), taking it if it can."""
        cpu = self.cpu
        if self.raised_at is not None and cpu.on_handle_active_int():
            late = (self.now() - self.raised_at) // LINE_TICKS
            if late >= 32:  # the count's bit 5 cleared: the next request comes later
                self.next_interrupt = self.raised_at + (INT_LINES + 32) * LINE_TICKS
            self.raised_at = None
            self.interrupts += 1
        start = self.now()
        stop = INT_RETRY_TICKS if self.raised_at is not None else self.next_interrupt - start
        stop = max(1, min(stop, limit))
        self.chunk_end = start + stop
        cpu.ticks_to_stop = stop
        cpu.run()
        self.ticks = self.now()
        if self.ticks >= self.next_interrupt:
            if self.raised_at is None:
                self.raised_at = self.next_interrupt
            self.next_interrupt += INT_LINES * LINE_TICKS

    def run(self, max_ticks: int = 400_000_000) -> bool:
        """Run until the firmware waits for a key with none left, or, while
        ``recording``, once the program has ended (Ready, or the line editor opened
        after a Syntax error): True.  False if still running after max_ticks T-states.
        While keys are held down or still to come (``presses``) the firmware's own
        KM_WAIT_CHAR runs instead."""
        cpu = self.cpu
        began = self.ticks
        while self.ticks - began < max_ticks:
            self._step(max_ticks - (self.ticks - began))
            if cpu.ticks_to_stop == 0:
                continue
            if cpu.pc == TXT_OUTPUT:
                if self.recording:
                    self.output.append(chr(cpu.a))
                self.on_output()
                cpu.step_over_breakpoint()
            elif cpu.pc == TXT_WR_CHAR:
                if self.recording and self._return_address() != TXT_OUTPUT_WRITES:
                    self.output.append(chr(cpu.a))
                cpu.step_over_breakpoint()
            elif cpu.pc == EDIT_AFTER_ERROR:
                self.editing = True
                cpu.step_over_breakpoint()
            elif cpu.pc == KM_READ_CHAR:
                if self.keys and self.recording and not self._for_break():
                    self._hand_key()
                elif self._keys_to_come():
                    cpu.step_over_breakpoint()
                else:
                    cpu.f &= ~1
                    self._return()
            elif cpu.pc == KM_WAIT_CHAR:
                ended = self.editing or self.output[-7:] == list("Ready\r\n")
                if self.recording and ended:
                    return True  # the program has ended: keys left are not typed
                if self.keys and not self._for_break():
                    self._hand_key()
                elif self._keys_to_come():
                    cpu.step_over_breakpoint()
                else:
                    return True  # no key left
        return False

    def on_output(self) -> None:
        """Called at each character sent to TXT_OUTPUT (``run_on_roms`` presses keys here)."""

    def _keys_to_come(self) -> bool:
        now = self.now()
        return any(end > now for _, _, _, end in self.presses)

    def _for_break(self) -> bool:
        """The firmware routine was called by BASIC's break handler: its return address
        is among the top words of the stack (behind the ROM-switching trampoline's two,
        and KM_WAIT_CHAR's own when it calls KM_READ_CHAR)."""
        m, sp = self.cpu.memory, self.cpu.sp
        return any(m[(sp + i) & 0xFFFF] | m[(sp + i + 1) & 0xFFFF] << 8 in BREAK_CALLERS for i in range(0, 8, 2))

    def _return_address(self) -> int:
        sp = self.cpu.sp
        return self.cpu.memory[sp] | self.cpu.memory[(sp + 1) & 0xFFFF] << 8


# a program prints this where it waits for keys pressed while it runs (``Press``)
PRESS_MARK = "<!>"
SPACE_KEY = (5, 7)


class Press(NamedTuple):
    """A key held down while a program runs: ``frames`` 50 Hz frames long, starting
    ``after`` frames after the program printed ``PRESS_MARK``; ESC or another key."""

    escape: bool
    after: int
    frames: int = 2


def run_on_roms(os_rom: bytes, basic_rom: bytes, program: str, keys: str = "",
                presses: list[list[Press]] | None = None) -> str | None:
    """The program typed into a freshly booted CPC and RUN, with ``keys`` typed for its
    INPUTs and, each time it prints ``PRESS_MARK``, the next group of ``presses`` held
    down on the keyboard: what it printed, the keys it read included (new lines as
    '\n', the final Ready left out); None if it ran past the time allowed."""
    cpc = BootedCPC(os_rom, basic_rom)
    cpc.run()
    for line in program.splitlines():
        cpc.keys += list(line + "\r")
        cpc.run()
    cpc.output = []
    cpc.recording = True
    groups = list(presses or [])

    def on_output() -> None:
        if groups and "".join(cpc.output[-len(PRESS_MARK):]) == PRESS_MARK:
            for press in groups.pop(0):
                cpc.press(*(ESC_KEY if press.escape else SPACE_KEY), press.frames, press.after)

    cpc.on_output = on_output  # type: ignore[method-assign]
    cpc.keys += list("RUN\r" + keys)
    if not cpc.run():
        return None
    if cpc.editing:  # the faulty line is in the editor; ours shows it as a line of its own
        cpc.output.append("\n")
    text = "".join(cpc.output).replace("\r", "").removeprefix("RUN")
    text = text[1:] if text.startswith("\n") else text
    return text[: -len("Ready\n")] if text.endswith("Ready\n") else text


STATEMENTS_PER_FRAME = 20  # BASIC 1.1 runs some 1,000 short statements a second (FOR loops on the ROMs)


class StatementClock:
    """Time for ``machines.cpc.CPC`` in the comparison: a 50th of a second each
    ``STATEMENTS_PER_FRAME`` times the machine looks (it looks after every statement
    while a timer is set), so timers fire after a number of statements, whatever the
    host's speed."""

    def __init__(self) -> None:
        self.looks = 0

    def __call__(self) -> float:
        self.looks += 1
        return self.looks // STATEMENTS_PER_FRAME / 50


def run_on_ours(program: str, keys: str = "", presses: list[list[Press]] | None = None) -> str:
    """The same on ``machines.cpc.CPC``.  A press ``after`` frames after the mark is
    typed that many frames' statements later (``STATEMENTS_PER_FRAME``)."""
    from machines.cpc import CPC, RunState

    cpc = CPC(clock=StatementClock())
    cpc.load_basic(program)
    cpc.type(keys)
    budget, seen = 200_000, 0
    running = (RunState.BUDGET, RunState.WAITING_KEY)
    state = RunState.BUDGET
    for group in presses or []:
        while PRESS_MARK not in cpc.transcript_since(seen) and state in running and budget > 0:
            state = cpc.run(1)
            budget -= 1
        if PRESS_MARK not in cpc.transcript_since(seen):
            break
        seen = cpc.printed
        done = 0
        for press in sorted(group, key=lambda p: p.after):
            for _ in range((press.after - done) * STATEMENTS_PER_FRAME):
                if state in running:
                    state = cpc.run(1)
            done = max(done, press.after)
            cpc.type("\x1b" if press.escape else " ")
    if state in running:  # a key typed last may have resumed a paused program
        cpc.run(max(budget, 1))
    text = cpc.transcript
    return text[: -len("Ready\n")] if text.endswith("Ready\n") else text


def random_number(rng: random.Random) -> str:
    kind = rng.randrange(6)
    if kind == 0:
        return str(rng.randint(0, 40000))
    if kind == 1:
        return f"{rng.uniform(0, 100):.{rng.randint(1, 9)}f}"
    if kind == 2:
        return f"{rng.randint(1, 999999999)}E{rng.randint(-12, 12)}"
    if kind == 3:
        return "0." + str(rng.randint(1, 99999999))
    if kind == 4:
        return str(rng.randint(0, 9))
    return f"{rng.uniform(0, 1000):.3f}"


def random_expression(rng: random.Random, depth: int = 0) -> str:
    if depth > 2 or rng.random() < 0.3:
        return random_number(rng) if rng.random() < 0.8 else rng.choice("ABC")
    kind = rng.randrange(4)
    if kind == 0:
        op = rng.choice(["+", "-", "*", "/", "*", "-", "\\", " MOD ", "^"])
        right = random_expression(rng, depth + 1)
        if op == "^":
            right = str(rng.randint(-4, 12)) if rng.random() < 0.7 else f"{rng.uniform(0, 3):.2f}"
        return f"({random_expression(rng, depth + 1)}{op}{right})"
    if kind == 1:
        fn = rng.choice(["SIN", "COS", "TAN", "ATN", "LOG", "EXP", "SQR", "INT", "FIX", "ABS", "SGN", "LOG10"])
        inner = random_expression(rng, depth + 1)
        if fn == "EXP":
            inner = f"{rng.uniform(-80, 80):.3f}"
        return f"{fn}({inner})"
    if kind == 2:
        return f"ROUND({random_expression(rng, depth + 1)},{rng.randint(-3, 5)})"
    return f"-{random_expression(rng, depth + 1)}"


def odd_number_text(rng: random.Random, overflow: bool = True) -> str:
    """Text that VAL and INPUT read as a number, or partly, or not: spaces inside the
    digits, lone signs and points, hex and binary, exponents cut short; with
    ``overflow``, also numbers too large (for VAL under ON ERROR GOTO only of a string
    made at run time: VAL of a string in the program's text cuts the program there on
    the ROMs, see ``random_program``)."""
    text = rng.choice([random_number(rng), random_number(rng), "1 2", ". 5", "- 3", "1 e 2", " 7", "1e", "&",
                       "+", "-", ".", "&HFF", "&X101", "&h 1f", "& 7", "12abc", "abc", "", "1E+", "1.2.3",
                       "-&FF", "1d3", "-.5", "+.", "1e-", "2E 3", "&FFFF", "1 .5", "99999", "-32768",
                       "32768", "0.0001E5", "1E-40", " - 7 . 5 E - 1"] + (["3E100", "&10000"] if overflow else []))
    if text and rng.random() < 0.2:  # a space somewhere inside
        k = rng.randrange(len(text) + 1)
        text = text[:k] + " " + text[k:]
    return text


def input_line(rng: random.Random, items: str) -> str:
    """A line typed at INPUT for variables of the kinds in ``items`` ('n' a number,
    's' a string): often right, sometimes with a wrong item or count."""
    parts = []
    for kind in items:
        if kind == "s":
            parts.append(rng.choice(["WORD", "two words", '"QUOTED, TOO"', "", " LEAD", "1,5"[: rng.randint(1, 3)]]))
        else:
            parts.append(odd_number_text(rng) if rng.random() < 0.4 else random_number(rng))
    if rng.random() < 0.1:
        parts.append(random_number(rng))  # one item too many
    return ",".join(parts)


def timer_lines(rng: random.Random, n: int, sub: int) -> tuple[list[str], list[list[Press]]]:
    """Line ``n`` (and its subroutines at ``sub`` and ``sub + 5``) using the timers or ESC
    in ways whose output does not depend on when a timer fires or a key is seen: a
    loop waits for a count that the EVERY handler stops raising, an AFTER set under
    DI fires only after EI (and a call that fell due under DI is made after REMAIN,
    or by the subroutine of a new AFTER on the same timer), a higher timer set inside a lower one's handler runs
    inside it, ESC ESC breaks a loop that never ends, ESC and another key pause and
    go on, ON BREAK GOSUB and ON BREAK CONT.  Each counter is the line's own (Q30...),
    as a timer left over from another line may still fire.  Returns the lines and the
    groups of key presses (one per ``PRESS_MARK`` printed)."""
    q = f"Q{n}"
    t, k, m = rng.randint(0, 3), rng.randint(1, 3), rng.randint(1, 6)
    form = rng.randrange(7)
    if form == 0:  # EVERY: a bounded count
        return [f"{n} T0=TIME:{q}=0:EVERY {k},{t} GOSUB {sub}:WHILE {q}<{m}:WEND:R=REMAIN({t}):"
                f"PRINT {q};REMAIN({t});TIME>=T0",
                f"{sub} {q}={q}-({q}<{m}):RETURN"], []
    if form == 1 and rng.random() < 0.5:  # a call owed under DI outlives REMAIN or a new AFTER
        if rng.random() < 0.5:
            return [f"{n} {q}=0:DI:AFTER {k},{t} GOSUB {sub}:FOR I=1 TO 150:NEXT:R=REMAIN({t}):EI:"
                    f"WHILE {q}=0:WEND:PRINT {q};R",
                    f"{sub} {q}={q}+1:RETURN"], []
        return [f"{n} {q}=0:Q=0:DI:AFTER {k},{t} GOSUB {sub}:FOR I=1 TO 150:NEXT:AFTER 500,{t} GOSUB {sub + 5}:EI:"
                f"WHILE {q}=0:WEND:R=REMAIN({t}):PRINT Q;{q};R>0",
                f"{sub} Q=Q+1:RETURN", f"{sub + 5} {q}={q}+1:RETURN"], []
    if form == 1:  # AFTER fires once; under DI it waits for EI
        di = rng.random() < 0.6
        return [f"{n} {q}=0:{'DI:' if di else ''}AFTER {k},{t} GOSUB {sub}:FOR I=1 TO {rng.randint(1, 40)}:NEXT:"
                f"PRINT {q if di else 'REMAIN(' + str((t + 1) % 4) + ')'};:EI:WHILE {q}=0:WEND:PRINT {q};REMAIN({t})",
                f"{sub} {q}={q}+1:RETURN"], []
    if form == 2:  # a higher timer set in a lower one's handler interrupts it; a lower one waits
        low, high = sorted(rng.sample(range(4), 2))
        if rng.random() < 0.5:
            return [f'{n} Q$="":{q}=0:AFTER {k},{low} GOSUB {sub}:WHILE LEN(Q$)<3:WEND:PRINT Q$;{q}',
                    f'{sub} Q$=Q$+"a":AFTER 1,{high} GOSUB {sub + 5}:WHILE {q}=0:WEND:Q$=Q$+"b":RETURN',
                    f'{sub + 5} Q$=Q$+"c":{q}=1:RETURN'], []
        return [f'{n} Q$="":AFTER {k},{high} GOSUB {sub}:WHILE LEN(Q$)<3:WEND:PRINT Q$',
                f'{sub} Q$=Q$+"a":AFTER 1,{low} GOSUB {sub + 5}:FOR I=1 TO 60:NEXT:Q$=Q$+"b":RETURN',
                f'{sub + 5} Q$=Q$+"c":RETURN'], []
    if form == 3:  # ESC ESC breaks a loop that never ends
        return [f'{n} PRINT "{PRESS_MARK}";:WHILE 1:WEND'], [[Press(True, 2), Press(True, 8)]]
    if form == 4:  # ESC pauses, another key goes on; the timers wait meanwhile
        m += 10
        return [f'{n} {q}=0:EVERY 2,{t} GOSUB {sub}:PRINT "{PRESS_MARK}";:WHILE {q}<{m}:WEND:R=REMAIN({t}):PRINT {q}',
                f"{sub} {q}={q}-({q}<{m}):RETURN"], [[Press(True, 2), Press(False, 8)]]
    if form == 5:  # ON BREAK GOSUB: ESC ESC calls the handler
        return [f'{n} ON BREAK GOSUB {sub}:{q}=0:PRINT "{PRESS_MARK}";:WHILE {q}=0:WEND:ON BREAK STOP:PRINT "K"',
                f'{sub} PRINT "B";:{q}=1:RETURN'], [[Press(True, 2), Press(True, 8)]]
    m += 10  # ON BREAK CONT: ESC is ignored
    return [f'{n} ON BREAK CONT:{q}=0:EVERY 2,{t} GOSUB {sub}:PRINT "{PRESS_MARK}";:WHILE {q}<{m}:WEND:'
            f'R=REMAIN({t}):ON BREAK STOP:PRINT {q}',
            f"{sub} {q}={q}-({q}<{m}):RETURN"], [[Press(True, 2), Press(True, 8)]]


def random_program(rng: random.Random, timers: bool = False) -> tuple[str, str, list[list[Press]]]:
    """A few lines of the statements the issue's rules are about: numbers printed
    with ; , SPC TAB and USING, real loops, integer operators, RND after RANDOMIZE,
    GOSUB and RETURN, FOR loops with STEP, string functions, INPUT; errors are trapped
    so that a run goes on past them, but in one program in five (where maths errors
    print their warning and go on, and any other error ends the run: a Syntax error
    opens the line editor on the faulty line).  VAL of a number too large under ON
    ERROR GOTO is asked only of a string made at run time: VAL writes a 0 after its
    string's text and leaves it there when the Overflow is raised, so a string in the
    program's text (a literal, or a variable given one) cuts the program line at its
    closing quote for good, and RESUME NEXT from inside the literal reads what follows
    the cut as a new line (its number from the next two bytes).  With ``timers``, one
    line in five uses the timers or ESC (``timer_lines``).  Returns the program, the
    keys to type for its INPUTs (a line each, and a right one after it for a "?Redo
    from start") and the groups of keys pressed while it runs."""
    trapped = rng.random() < 0.8
    lines = [f"10 {'ON ERROR GOTO 900' if trapped else 'REM'}", f"20 {'DEG' if rng.random() < 0.3 else 'RAD'}"]
    keys: list[str] = []
    presses: list[list[Press]] = []
    subroutines = iter(range(700, 890, 10))
    for n in range(30, 30 + 10 * rng.randint(2, 6), 10):
        kind = rng.randrange(26 if timers else 21)
        if kind >= 21:
            sub = next(subroutines, None)
            if sub is not None:
                more, pressed = timer_lines(rng, n, sub)
                lines += more
                presses += pressed
            continue
        if kind == 0:
            items = [random_expression(rng) for _ in range(rng.randint(1, 3))]
            seps = [rng.choice([";", ",", ";", f";SPC({rng.randint(0, 5)});", f";TAB({rng.randint(1, 45)});"])
                    for _ in items]
            body = "".join(item + sep for item, sep in zip(items, seps))
            lines.append(f"{n} PRINT {body if rng.random() < 0.5 else body[:-1]}")
        elif kind == 1:
            fmt = rng.choice(["#.##^^^^", "##.##", "#.##", "##.", "######", "+#.###", "###.#-", "**##.#",
                              "$$##.##", "#,###.##", "##.##^^^^", ".###"])
            lines.append(f'{n} PRINT USING "{fmt}";{random_expression(rng)}')
        elif kind == 2:
            lines.append(f"{n} {rng.choice('ABC')}={random_expression(rng)}:PRINT {rng.choice('ABC')}")
        elif kind == 3:
            step = random_number(rng)
            lines.append(f"{n} S=-1:FOR I=1 TO {rng.randint(1, 30)}:S=S+{step}:NEXT:PRINT S")
        elif kind == 4:
            lines.append(f'{n} PRINT STRING$({rng.randint(30, 41)},"X");{random_expression(rng)}')
        elif kind == 5:
            a, b = rng.randint(-40000, 40000), rng.randint(-40000, 40000) or 1
            lines.append(f"{n} PRINT {a}{rng.choice([' AND ', ' OR ', ' XOR ', chr(92), ' MOD '])}{b}")
        elif kind == 6:
            word = rng.choice(["", "AB", "HELLO", "X1"])
            start, count = rng.randint(0, 7), rng.randint(0, 4)
            lines.append(f'{n} A$="{word}":MID$(A$,{start},{count})="{rng.choice(["Q", "QRS"])}":'
                         f'PRINT "[";A$;"]";LEFT$(A$,{count});STR$({random_number(rng)});'
                         f'VAL("{random_number(rng)}")')
        elif kind == 7:
            items = ",".join(rng.choice([random_number(rng), "WORD", "12AB", "", '"Q"', odd_number_text(rng, False)])
                             for _ in range(3))
            lines.append(f"{n} RESTORE {n + 5}:READ A,B%:PRINT A;B%:READ C:PRINT C")
            lines.append(f"{n + 5} DATA {items}")
        elif kind == 8:
            bad = rng.choice(["%", "@", "`"])
            lines.append(f'{n} PRINT "P";{random_expression(rng)};A%{bad}:PRINT "Q"')
        elif kind == 9:
            word = rng.choice(["ABC", "hello", "X Y", ""])
            x = random_expression(rng)
            lines.append(f'{n} W$="{word}":PRINT UPPER$(W$);INSTR(W$,"{rng.choice("ABLY ")}");'
                         f'RIGHT$(W$+"Z",2);HEX$({rng.randint(-5, 70000)});BIN$({rng.randint(0, 300)});'
                         f'DEC$({x},"##.##");INT(-{x});FIX(-{x});{x}>{random_expression(rng)}')
        elif kind == 10:
            lines.append(f"{n} I%={rng.randint(0, 5)}:T=0:WHILE I%<{rng.randint(3, 9)}:I%=I%+1:"
                         f"T=T+{random_number(rng)}/I%:WEND:PRINT T;I%*{rng.randint(1, 9000)}")
        elif kind == 11:
            x, y = random_expression(rng), random_expression(rng)
            lines.append(f"{n} ZONE {rng.randint(1, 20)}:PRINT {x},{y},MAX({x},{y});MIN({x},2);"
                         f"CINT({rng.uniform(-40000, 40000):.2f}),STR$({y})+\"|\"")
        elif kind == 12:
            start, step = random_number(rng), random_number(rng)
            lines.append(f"{n} FOR R={start} TO {start}-{rng.randint(0, 20)}*{step} STEP -{step}:"
                         f"Q=Q+R:NEXT:PRINT Q;R;A%+{rng.randint(0, 40000)};ABS(-32768)")
        elif kind == 13:
            lines.append(f"{n} A%={rng.randint(-300, 300)}:B={random_expression(rng)}:"
                         f"PRINT A%*B;A%/7;A%=B;A%<B;-A%;LOG({rng.choice(['0', '-1', '1E-30', '2'])})")
        elif kind == 14:  # RND after RANDOMIZE or a negative argument
            seed = rng.choice([random_number(rng), "-" + random_number(rng), str(rng.randint(-3, 3))])
            form = rng.randrange(3)
            if form == 0:
                lines.append(f"{n} RANDOMIZE {seed}:PRINT RND;RND(0);INT(RND*{rng.randint(2, 100)})")
            elif form == 1:
                lines.append(f"{n} PRINT RND(-{seed.lstrip('-')});RND;RND(0)*{rng.randint(1, 1000)}")
            else:
                lines.append(f"{n} FOR I=1 TO {rng.randint(1, 6)}:PRINT ROUND(RND({random_number(rng)})*100,2);"
                             f":NEXT:PRINT RND(0)")
        elif kind == 15:  # GOSUB and RETURN
            sub = next(subroutines, None)
            form = rng.randrange(4)
            if sub is None or form == 3:
                lines.append(f'{n} PRINT "R";:RETURN:PRINT "S"')  # RETURN with no GOSUB
            elif form == 0:
                lines.append(f"{n} X={random_expression(rng)}:GOSUB {sub}:PRINT X")
                lines.append(f"{sub} X=X*2+{random_number(rng)}:PRINT X;:RETURN")
            elif form == 1:
                lines.append(f'{n} ON {rng.randint(0, 3)} GOSUB {sub},{sub + 5}:PRINT "O"')
                lines.append(f'{sub} PRINT "A";:GOSUB {sub + 5}:RETURN')
                lines.append(f'{sub + 5} PRINT "B";:RETURN')
            else:
                lines.append(f"{n} FOR I={rng.randint(1, 3)} TO {rng.randint(1, 5)}:GOSUB {sub}:NEXT:PRINT I")
                lines.append(f"{sub} PRINT I*{random_number(rng)};:RETURN")
        elif kind == 16:  # FOR loops with STEP
            form = rng.randrange(4)
            if form == 0:
                a, b, c = rng.randint(-20, 20), rng.randint(-20, 20), rng.choice([-7, -3, -2, -1, 1, 2, 3, 5])
                lines.append(f"{n} FOR I%={a} TO {b} STEP {c}:PRINT I%;:NEXT:PRINT I%")
            elif form == 1:
                start = rng.uniform(-5, 5)
                step = rng.choice([-1, 1]) * rng.uniform(0.05, 3)
                end = start + step * rng.randint(0, 20) + rng.uniform(-0.5, 0.5)
                lines.append(f"{n} FOR X={start:.{rng.randint(0, 3)}f} TO {end:.{rng.randint(0, 3)}f} STEP "
                             f"{step:.{rng.randint(1, 4)}f}:PRINT X;:NEXT X:PRINT X")
            elif form == 2:
                lines.append(f"{n} FOR I={rng.randint(1, 3)} TO {rng.randint(1, 4)}:FOR J=I TO {rng.randint(0, 3)}"
                             f" STEP -1:PRINT I*J;:NEXT J,I:PRINT I;J")
            else:
                top = rng.choice([32767, 32766, 32760, 100])
                lines.append(f"{n} FOR I%={top - rng.randint(0, 9)} TO {top} STEP {rng.randint(1, 6)}:PRINT I%;"
                             f":NEXT:PRINT \"F\"")
        elif kind == 17:  # string functions
            word = rng.choice(["", "A", "HELLO", " A b ", "x,y", "Mixed Case", "AAA"])
            k, start = rng.randint(0, 6), rng.randint(0, 8)
            form = rng.randrange(4)
            if form == 0:
                lines.append(f'{n} W$="{word}":PRINT LEN(W$);LEFT$(W$,{k});"|";MID$(W$,{start},{k});"|";'
                             f'MID$(W$,{start});"|";RIGHT$(W$,{k});"|";INSTR({start},W$,"{rng.choice(["A", "", "b", "AA"])}")')
            elif form == 1:
                lines.append(f'{n} W$="{word}":PRINT ASC(W$+"?");LOWER$(W$);UPPER$(W$);SPACE$({k});"|";'
                             f'STRING$({k},{rng.randint(33, 126)});CHR$({rng.randint(33, 126)});STR$({random_number(rng)})')
            elif form == 2 and trapped and rng.random() < 0.5:  # too large, in a string made here
                lines.append(f'{n} V$="{odd_number_text(rng)}"+"":PRINT VAL(V$);:V$="{odd_number_text(rng)}"'
                             f'+"":PRINT VAL(V$)')
            elif form == 2:
                lines.append(f'{n} PRINT VAL("{odd_number_text(rng, not trapped)}");VAL("{odd_number_text(rng, not trapped)}")')
            else:
                a, b = rng.choice(["A", "AB", "", "B", "a"]), rng.choice(["A", "AB", "", "B", "a"])
                lines.append(f'{n} A$=STRING$({rng.randint(100, 200)},"Z"):B$=A$+A$:PRINT LEN(B$);'
                             f'"{a}"<"{b}";"{a}"="{b}";"{a}">="{b}";MIN(LEN(A$),{k})')
        elif kind == 18:  # INPUT, from the keys typed
            form = rng.randrange(4)
            if form == 0:
                lines.append(f'{n} INPUT "Q";A,B$:PRINT A;"[";B$;"]"')
                keys.append(input_line(rng, "ns"))
                keys.append("5,OK")  # for a ?Redo from start
            elif form == 1:
                lines.append(f"{n} INPUT A%:PRINT A%*2")
                keys.append(rng.choice([input_line(rng, "n"), str(rng.randint(-40000, 40000))]))
                keys.append("7")
            elif form == 2:
                lines.append(f'{n} LINE INPUT "L? ";L$:PRINT "[";L$;"]";LEN(L$)')
                keys.append(input_line(rng, rng.choice(["s", "ns", "nn"])))
            else:
                lines.append(f'{n} INPUT;"",X:PRINT "/";X;:INPUT Y$:PRINT Y$')
                keys += [input_line(rng, "n"), "3", input_line(rng, "s")]
        elif kind == 20:  # INKEY$ takes the next key typed, if any
            lines.append(f'{n} K$=INKEY$:PRINT "[";ASC(K$+"?");"]";LEN(K$);:K$=INKEY$:PRINT ASC(K$+"?")')
            keys.append(rng.choice(["A", "7", " ", "zq", ""]))
        else:  # RANDOMIZE asking for its seed
            lines.append(f"{n} RANDOMIZE:PRINT RND(0);RND")
            keys += [odd_number_text(rng), str(rng.randint(-9, 9))]
    lines += ["890 END", '900 PRINT "E";ERR;ERL:RESUME NEXT']
    # the line editor takes 255 characters at most: longer lines are not typed
    program = "\n".join(line for line in sorted(lines, key=lambda t: int(t.split()[0])) if len(line) <= 240)
    return program, "".join(key + "\r" for key in keys), presses


def check_programs(os_rom: bytes, basic_rom: bytes, cases: int, seed: int, timers: bool = False) -> int:
    rng = random.Random(seed)
    wrong = unfinished = 0
    for case in range(cases):
        program, keys, presses = random_program(rng, timers)
        theirs = run_on_roms(os_rom, basic_rom, program, keys, presses)
        if theirs is None:  # too long on the Z80: not compared
            unfinished += 1
            continue
        mine = run_on_ours(program, keys, presses)
        if theirs != mine:
            wrong += 1
            print(f"--- program {case} differs\n{program}\n--- keys: {keys!r} {presses}\n"
                  f"--- ROMs:\n{theirs}--- ours:\n{mine}")
    compared = cases - unfinished
    print(f"{compared - wrong} of {compared} programs print the same on the ROMs and here"
          f" ({unfinished} ran too long on the Z80 and were not compared)")
    return wrong


# seeds for the RND golden file: zero, signs, integers and reals, tiny and huge
RND_SEEDS = ("0", "1", "-1", "7", "-7", "0.5", "-3.5", "2", "12345.678", "32767", "-32768", "1E+38", "-1E-38",
             "0.1", "3.14159265", "65536", "-1234567", "99.999", "1E-10", "255")


def rnd_golden(os_rom: bytes, basic_rom: bytes) -> list[str]:
    """The firmware's RND on the ROMs, byte for byte (PEEK of the variable): from power-on
    RND(0) then 12 RNDs; for each seed s of ``RND_SEEDS``, RANDOMIZE s then RND(0) and 5
    RNDs, and RND(-|s|) then 3 RNDs (each case starts from the state the one before left).  One line per case: the statement giving A its first
    value, "|", then the 5-byte reals (A, then each RND) in hex."""
    cases = [("A=RND(0)", 12)] + [(f"RANDOMIZE {s}:A=RND(0)", 5) for s in RND_SEEDS]
    # (RND(-0) is RND(0), which reseeds nothing: left out)
    cases += [(first, 3) for first in dict.fromkeys(f"A=RND(-{s.lstrip('-')})" for s in RND_SEEDS if s != "0")]
    lines = ["1000 FOR K=0 TO 4:PRINT HEX$(PEEK(@A+K),2);:NEXT:PRINT:RETURN", "990 END"]
    for n, (first, count) in enumerate(cases, start=1):
        lines.append(f'{10 * n} PRINT "{first}":{first}:GOSUB 1000:FOR I=1 TO {count}:A=RND:GOSUB 1000:NEXT')
    printed = run_on_roms(os_rom, basic_rom, "\n".join(sorted(lines, key=lambda t: int(t.split()[0]))))
    if printed is None:
        raise SystemExit("the RND program ran too long on the ROMs")
    out: list[str] = []
    for line in printed.splitlines():
        if len(line) == 10 and all(c in "0123456789ABCDEF" for c in line):
            out[-1] += " " + line.lower()
        else:
            out.append(line + " |")
    return out


def check_maths(os_rom: bytes, cases: int, seed: int, golden: Path | None) -> int:
    fw = Firmware(os_rom)
    rng = random.Random(seed)
    tried: dict[str, int] = {}
    wrong: dict[str, int] = {}
    lines = []
    for _ in range(cases):
        name = rng.choice(tuple(ROUTINES))
        x, y, degrees = draw(name, rng)
        same, line = check_case(fw, name, x, y, degrees)
        tried[name] = tried.get(name, 0) + 1
        lines.append(line)
        if not same:
            wrong[name] = wrong.get(name, 0) + 1
            print("differs:", line)
    for name in ROUTINES:
        print(f"{name:7} {tried.get(name, 0) - wrong.get(name, 0):5} of {tried.get(name, 0):5} agree")
    if golden:
        golden.write_text("\n".join(lines) + "\n")
    return sum(wrong.values())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("os_rom", type=Path)
    parser.add_argument("basic_rom", type=Path, nargs="?",
                        help="BASIC 1.1 ROM image: run random programs instead of maths routines")
    parser.add_argument("--cases", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--golden", type=Path)
    parser.add_argument("--timers", action="store_true",
                        help="programs also use EVERY/AFTER/REMAIN/DI/EI, ON BREAK and ESC pressed while they run")
    args = parser.parse_args()
    if args.basic_rom and args.golden:
        args.golden.write_text("\n".join(rnd_golden(args.os_rom.read_bytes(), args.basic_rom.read_bytes())) + "\n")
        wrong = 0
    elif args.basic_rom:
        wrong = check_programs(args.os_rom.read_bytes(), args.basic_rom.read_bytes(), args.cases, args.seed,
                               args.timers)
    else:
        wrong = check_maths(args.os_rom.read_bytes(), args.cases, args.seed, args.golden)
    sys.exit(1 if wrong else 0)


if __name__ == "__main__":
    main()
