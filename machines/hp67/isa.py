"""The HP-67's programmable instruction set, as a table: mnemonic, HP-97 key code, keys.

Each instruction has one canonical mnemonic (spelled as the Othello seed or the
HP-97 printer spells it), its merged HP-97 key code (the code decides what a
step does; a listing's mnemonic is only checked against it), the HP-67
keystrokes that enter it (used when a key sequence is cut short after
``Error``), and the spellings a listing or ``press`` may use.

Operands: registers are numbered as the machine does for ``(i)``: 0-9 primary,
10-19 secondary S0-S9, 20-24 A-E, 25 I.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

REGISTER_NAMES: tuple[str, ...] = (
    tuple(str(n) for n in range(10)) + tuple(f"S{n}" for n in range(10)) + tuple("ABCDE") + ("I",)
)
REGISTER_INDEX: dict[str, int] = {name: i for i, name in enumerate(REGISTER_NAMES)}
LABELS: tuple[str, ...] = tuple(str(n) for n in range(10)) + tuple("ABCDE") + tuple("abcde")

# Names of card-reader instructions: the emulator has no card reader and refuses them.
CARD_READER = ("W/DATA", "WDATA", "WDTA", "MERGE", "MRG", "W/PRGM", "WPRGM", "RDATA")


@dataclass(frozen=True, slots=True)
class Instruction:
    """One programmable instruction."""

    mnemonic: str
    code: tuple[int, ...]
    op: str  # the family, which decides the behaviour (see machine.py)
    arg: str | int | None = None
    keys: tuple[str, ...] = ()

    @property
    def code_text(self) -> str:
        return format_code(self.code)


def format_code(code: tuple[int, ...]) -> str:
    """``(35, -45, 45)`` -> ``'35-45 45'``, as the HP-97 prints it."""
    parts = []
    for i, n in enumerate(code):
        text = f"-{-n:02d}" if n < 0 else f"{n:02d}"
        parts.append(text if (i == 0 or n < 0) else " " + text)
    return "".join(parts)


_CODE_TOKEN = re.compile(r"-?\d{2}(?:-\d{2})*")


def parse_code(text: str) -> tuple[int, ...]:
    """``'35-45 45'`` -> ``(35, -45, 45)``; raises ValueError if it is not a key code."""
    tokens = text.split()
    if not tokens or not all(_CODE_TOKEN.fullmatch(t) for t in tokens):
        raise ValueError(f"not a key code: {text!r}")
    return tuple(int(n) for n in re.findall(r"-?\d{2}", "".join(tokens)))


_SYMBOLS = (
    ("×", "*"), ("÷", "/"), ("≠", "#"), ("!=", "#"), ("≤", "<="), ("⇄", "<>"), ("↔", "<>"),
    ("<->", "<>"), ("⇆", "<>"), ("↓", "DN"), ("↑", "UP"), ("ˣ", "^X"), ("²", "^2"), ("√", "SQRT"),
    ("⁻¹", "-1"), ("→", "->"), ("Σ", "SIGMA"), ("X\u0304", "XBAR"), ("π", "PI"), ("−", "-"),
)
_LABELLED = re.compile(r"(?i:(LBL|GTO|GSB))\s*([A-Ea-e])")


def spelling_key(text: str) -> str:
    """A mnemonic reduced to a comparison key: case, spaces and symbol variants folded.

    The case of a label letter is kept (``LBL A`` and ``LBL a`` are different labels).
    """
    t = " ".join(text.split())
    if len(t) > 1 and t.startswith("*"):  # the printer's mark of a label step, *LBL A; '*' alone is x
        t = t[1:].lstrip()
    m = _LABELLED.fullmatch(t)
    if m:
        return m.group(1).upper() + m.group(2)
    u = t.upper()
    for old, new in _SYMBOLS:
        u = u.replace(old, new)
    u = u.replace(" ", "")
    if u == "X":
        return "*"
    if u.startswith("STX") or u.startswith("STO*"):
        u = "ST*" + u.removeprefix("STX").removeprefix("STO*")
    if u.startswith("STO") and u[3:4] in ("+", "-", "/"):
        u = "ST" + u[3:]
    return u


INSTRUCTIONS: list[Instruction] = []
BY_CODE: dict[tuple[int, ...], Instruction] = {}
BY_SPELLING: dict[str, Instruction] = {}
BY_KEYS: dict[tuple[str, ...], Instruction] = {}


def _add(mnemonic: str, code: tuple[int, ...], op: str, arg: str | int | None = None,
         keys: str | tuple[str, ...] = (), aliases: tuple[str, ...] = ()) -> None:
    keys_t = tuple(keys.split()) if isinstance(keys, str) else keys
    ins = Instruction(mnemonic, code, op, arg, keys_t or (mnemonic,))
    INSTRUCTIONS.append(ins)
    assert code not in BY_CODE, mnemonic
    BY_CODE[code] = ins
    for spelling in (mnemonic, *aliases):
        key = spelling_key(spelling)
        assert BY_SPELLING.get(key, ins) is ins, spelling
        BY_SPELLING[key] = ins
    BY_KEYS.setdefault(ins.keys, ins)


def _build() -> None:
    for d in range(10):
        _add(str(d), (d,), "digit", str(d), keys=(str(d),))
    _add(".", (-62,), "digit", ".", keys=(".",))
    _add("ENT↑", (-21,), "enter", keys=("ENTER",), aliases=("ENTER", "ENT", "ENT^"))
    _add("CHS", (-22,), "chs", keys=("CHS",))
    _add("EEX", (-23,), "eex", keys=("EEX",))
    _add("CLX", (-51,), "clx", keys=("CLX",))
    _add("+", (-55,), "add", keys=("+",))
    _add("-", (-45,), "sub", keys=("-",))
    _add("x", (-35,), "mul", keys=("×",), aliases=("×", "*"))
    _add("÷", (-24,), "div", keys=("÷",), aliases=("/",))
    _add("X<>Y", (-41,), "swap", keys="h 7", aliases=("X⇄Y", "XY"))
    _add("RDN", (-31,), "roll_down", keys="h 8", aliases=("R↓", "RDOWN"))
    _add("R↑", (16, -31), "roll_up", keys="h 9", aliases=("RUP", "R^"))
    _add("LSTX", (16, -63), "last_x", keys="h 0", aliases=("LASTX",))
    _add("X⇄I", (16, -41), "swap_i", keys=("h", "(i)"), aliases=("X<>I",))
    _add("P⇄S", (16, -51), "swap_ps", keys="f CHS", aliases=("P<>S",))
    _add("CLRG", (16, -53), "clear_registers", keys="f EEX", aliases=("CLREG",))
    _add("DEG", (16, -21), "angle", "DEG", keys="h ENTER")
    _add("RAD", (16, -22), "angle", "RAD", keys="h CHS")
    _add("GRD", (16, -23), "angle", "GRD", keys="h EEX")
    _add("Pi", (16, -24), "pi", keys="h 2", aliases=("π",))
    _add("FIX", (-11,), "format", "FIX", keys="f DSP")
    _add("SCI", (-12,), "format", "SCI", keys="g DSP")
    _add("ENG", (-13,), "format", "ENG", keys="h DSP")
    for n in range(10):
        _add(f"DSP {n}", (-63, n), "dsp", n, keys=("DSP", str(n)))
    _add("DSP (i)", (-63, 45), "dsp_i", keys=("DSP", "(i)"))
    _add("RND", (16, 24), "rnd", keys=("f", "(i)"))
    _add("INT", (16, 34), "int", keys="f .")
    _add("FRC", (16, 44), "frc", keys="g .", aliases=("FRAC",))
    _add("ABS", (16, 31), "abs", keys="h 6")
    _add("1/X", (52,), "reciprocal", keys="h 4")
    _add("√X", (54,), "sqrt", keys="f 9", aliases=("SQRT",))
    _add("X²", (53,), "square", keys="g 9", aliases=("X^2", "X2"))
    _add("Yˣ", (31,), "power", keys="h 5", aliases=("Y^X", "YX"))
    _add("LN", (32,), "ln", keys="f 7")
    _add("eˣ", (33,), "exp", keys="g 7", aliases=("E^X", "EXP"))
    _add("LOG", (16, 32), "log", keys="f 8")
    _add("10ˣ", (16, 33), "ten_to", keys="g 8", aliases=("10^X",))
    _add("SIN", (41,), "sin", keys="f 4")
    _add("COS", (42,), "cos", keys="f 5")
    _add("TAN", (43,), "tan", keys="f 6")
    _add("SIN⁻¹", (16, 41), "asin", keys="g 4", aliases=("ASIN", "ARCSIN"))
    _add("COS⁻¹", (16, 42), "acos", keys="g 5", aliases=("ACOS", "ARCCOS"))
    _add("TAN⁻¹", (16, 43), "atan", keys="g 6", aliases=("ATAN", "ARCTAN"))
    _add("X=0?", (16, -43), "test_x", "=", keys="f -")
    _add("X≠0?", (16, -42), "test_x", "#", keys="f +")
    _add("X<0?", (16, -45), "test_x", "<", keys="f ×")
    _add("X>0?", (16, -44), "test_x", ">", keys="f ÷")
    _add("X=Y?", (16, -33), "test_xy", "=", keys="g -")
    _add("X≠Y?", (16, -32), "test_xy", "#", keys="g +")
    _add("X≤Y?", (16, -35), "test_xy", "<=", keys="g ×")
    _add("X>Y?", (16, -34), "test_xy", ">", keys="g ÷")
    for n in range(4):
        _add(f"SF{n}", (16, 21, n), "set_flag", n, keys=("h", "-", str(n)))
        _add(f"CF{n}", (16, 22, n), "clear_flag", n, keys=("h", "+", str(n)))
        _add(f"F{n}?", (16, 23, n), "test_flag", n, keys=("h", "×", str(n)), aliases=(f"F?{n}",))
    _add("HMS→", (16, 36), "from_hms", keys="f 3", aliases=("HMS->", "->H"))
    _add("→HMS", (16, 35), "to_hms", keys="g 3", aliases=("->HMS", "H.MS"))
    _add("HMS+", (16, -55), "hms_add", keys="h .", aliases=("H.MS+",))
    _add("D→R", (16, 45), "deg_to_rad", keys="g 2", aliases=("D->R",))
    _add("R→D", (16, 46), "rad_to_deg", keys="f 2", aliases=("R->D",))
    _add("→P", (34,), "to_polar", keys="g 1", aliases=("->P", "R->P"))
    _add("→R", (44,), "to_rectangular", keys="f 1", aliases=("->R", "P->R"))
    _add("%", (55,), "percent", keys="f 0")
    _add("%CH", (16, 55), "percent_change", keys="g 0", aliases=("%CHG", "Δ%"))
    _add("N!", (16, 52), "factorial", keys="h ÷", aliases=("X!",))
    _add("Σ+", (56,), "sigma_plus", keys=("Σ+",), aliases=("SIGMA+", "S+"))
    _add("Σ-", (16, 56), "sigma_minus", keys=("h", "Σ+"), aliases=("SIGMA-", "S-"))
    _add("X̄", (16, 53), "mean", keys=("f", "Σ+"), aliases=("XBAR", "MEAN"))
    _add("S", (16, 54), "std_dev", keys=("g", "Σ+"), aliases=("SDEV",))
    _add("R/S", (51,), "run_stop", keys=("R/S",))
    _add("RTN", (24,), "rtn", keys="h GTO")
    _add("PSE", (16, 51), "pause", keys="h 1")
    # Printer instructions: on the HP-97 they print; on this machine (no printer) PRTX and
    # PRST end digit entry and do nothing else, SPC does nothing at all (microcode).
    _add("PRTX", (-14,), "print", keys="f R/S", aliases=("PRINTX", "-X-", "PRT"))
    _add("SPC", (16, -11), "space", keys="h R/S")
    _add("PRST", (16, -14), "print", keys="g R/S", aliases=("PRSTK",))
    for n, label in enumerate(LABELS):
        if n < 10:
            tail, key_tail = (n,), (label,)
        elif n < 15:
            tail, key_tail = (11 + n - 10,), (label,)
        else:
            tail, key_tail = (16, 11 + n - 15), ("f", label.upper())
        _add(f"*LBL {label}", (21, *tail), "label", label,
             keys=(("g", "SST", label.upper()) if n >= 15 else ("f", "SST", label)), aliases=(f"LBL {label}",))
        _add(f"GTO {label}", (22, *tail), "goto", label, keys=("GTO", *key_tail))
        _add(f"GSB {label}", (23, *tail), "gosub", label,
             keys=(("g", "GTO", label.upper()) if n >= 15 else ("f", "GTO", label)))
    _add("GTO (i)", (22, 45), "goto_i", keys=("GTO", "(i)"))
    _add("GSB (i)", (23, 45), "gosub_i", keys=("f", "GTO", "(i)"))
    for reg, code in [(str(n), n) for n in range(10)] + [(c, 11 + i) for i, c in enumerate("ABCDE")]:
        index = REGISTER_INDEX[reg]
        _add(f"STO {reg}", (35, code), "store", index, keys=("STO", reg))
        _add(f"RCL {reg}", (36, code), "recall", index, keys=("RCL", reg))
        for sym, key_sym, op in (("+", "+", "store_add"), ("-", "-", "store_sub"),
                                 ("x", "×", "store_mul"), ("÷", "÷", "store_div")):
            _add(f"ST{sym} {reg}", (35, -{"+": 55, "-": 45, "x": 35, "÷": 24}[sym], code), op, index,
                 keys=("STO", key_sym, reg), aliases=(f"STO{sym} {reg}",))
    _add("STO (i)", (35, 45), "store", "i", keys=("STO", "(i)"))
    _add("RCL (i)", (36, 45), "recall", "i", keys=("RCL", "(i)"))
    _add("STO I", (35, 46), "store", REGISTER_INDEX["I"], keys="h STO")
    _add("RCL I", (36, 46), "recall", REGISTER_INDEX["I"], keys="h RCL")
    for sym, key_sym, op, n in (("+", "+", "store_add", 55), ("-", "-", "store_sub", 45),
                                ("x", "×", "store_mul", 35), ("÷", "÷", "store_div", 24)):
        _add(f"ST{sym} (i)", (35, -n, 45), op, "i", keys=("STO", key_sym, "(i)"), aliases=(f"STO{sym} (i)",))
    _add("DSZ I", (16, 25, 46), "dsz", REGISTER_INDEX["I"], keys="f STO", aliases=("DSZ",))
    _add("ISZ I", (16, 26, 46), "isz", REGISTER_INDEX["I"], keys="f RCL", aliases=("ISZ",))
    _add("DSZ (i)", (16, 25, 45), "dsz", "i", keys="g STO")
    _add("ISZ (i)", (16, 26, 45), "isz", "i", keys="g RCL")


_build()


def lookup(mnemonic: str) -> Instruction | None:
    """The instruction a mnemonic names, or None."""
    return BY_SPELLING.get(spelling_key(mnemonic))


def is_card_reader(mnemonic: str) -> bool:
    return spelling_key(mnemonic) in {spelling_key(n) for n in CARD_READER}
