"""The contract between the compiler and the runtime: every name compiled code may use.

The compiler writes Python source for each BASIC statement; that source calls the
runtime through the short names below (``_pn(x)`` prints a number).  The compiler
emits them only through these constants, and each runtime module binds the ones of
its concern, so a name cannot be emitted without being defined:
``tests/machines/cpc/test_runtime_names.py`` checks both sides.  The short texts keep
the generated code small; the constant says what each one is.
"""

from __future__ import annotations

__all__ = ["ALL", "BY_CONCERN", "array_get", "array_set"]

# --- state the machine shares with compiled code (bound by runtime/__init__.py) ---------
VARIABLES = "V"  # list of scalar values, indexed by slot
USER_FUNCTIONS = "FNS"  # list of DEF FN functions, indexed by slot
CONTROL_STACK = "CS"  # FOR / WHILE / GOSUB entries

# --- control flow: errors, END/STOP, stacks, DATA, INPUT (runtime/control.py) ------------
ERROR_CLASS = "_E"  # ``raise _E(n)``: a BASIC error
RAISE = "_err"  # ``_err(n)``: raise a BASIC error inside an expression
END = "_END"  # ``raise _END``
STOP = "_STOP"  # ``raise _STOP``
FALL_OFF = "_falloff"  # running past the last line
PUSH = "_push"  # GOSUB: stack a return
RETURN = "_ret"  # RETURN: the statement to go back to
FOR_PUSH = "_forpush"
FOR_FIND = "_topfor"  # NEXT: the FOR entry it closes
WHILE_PUSH = "_whilepush"
WEND = "_wend"
RUN_AGAIN = "_rerun"  # RUN inside a program
CLEAR = "_clear"
READ_NUMBER = "_read_num"
READ_CHECK = "_read_check"  # after each READ item: the bad item's Syntax error, if any
READ_ABORT = "_read_abort"  # a READ statement failed: the DATA pointer goes back
READ_STRING = "_read_str"
RESTORE = "_restore"
INPUT = "_input"
LINE_INPUT = "_line_input"

# --- events, errors trapped, keyboard, firmware (runtime/events.py) ---------------------
TIMER = "_timer"  # AFTER / EVERY
REMAIN = "_remain"
EVENTS = "_events"  # DI / EI
ON_ERROR = "_onerror"
ON_BREAK = "_onbreak"
RESUME = "_resume"
ERROR_STATEMENT = "_raise_error"  # ERROR n
ERR_INFO = "_errinfo"  # ERR (0) / ERL (1)
INKEY_STRING = "_inkey"  # INKEY$
INKEY = "_inkey_n"  # INKEY(n)
CLEAR_INPUT = "_clear_input"
CALL = "_call"
TIME = "_time"

# --- numbers (runtime/maths.py) ---------------------------------------------------------
REAL = "_r"  # round to a 5-byte real (overflow is the ROM's maths error)
ADD = "_add"  # the firmware's real +, -, * (reals.py)
SUBTRACT = "_sub"
MULTIPLY = "_mul"
CINT = "_ci"  # to a 16-bit integer, rounding
CHECK_INT = "_ck"  # an integer result must fit 16 bits
UNT = "_u16"  # 16-bit pattern for addresses (PEEK, POKE, CALL...) and UNT
DIVIDE = "_div"
INT_DIVIDE = "_idiv"
MOD = "_mod"
POWER = "_pow"
INT = "_int"
ABS = "_abs"
FIX = "_fix"
ROUND = "_round"
SGN = "_sgn"
SQR = "_sqr"
SIN = "_sin"
COS = "_cos"
TAN = "_tan"
ATN = "_atn"
EXP = "_exp"
LOG = "_log"
LOG10 = "_log10"
FRE = "_fre"
RND = "_rnd"
RANDOMIZE = "_randomize"
ANGLE = "_angle"  # DEG / RAD

# --- strings (runtime/strings.py) -------------------------------------------------------
CONCAT = "_cat"
CHR = "_chr"
ASC = "_asc"
LEFT = "_left"
RIGHT = "_right"
MID = "_mid"
MID_ASSIGN = "_midset"  # MID$(a$,...)=b$
STR = "_str"
VAL = "_val"
STRING = "_string"
SPACE = "_space"
INSTR = "_instr"
HEX = "_hex"
BIN = "_bin"
DEC = "_dec"
UPPER_TABLE = "_UPPER"  # str.translate tables for UPPER$ / LOWER$
LOWER_TABLE = "_LOWER"
STRING_STORE = "_sst"  # ``V[k] = _sst(V[k], new)``: a string variable's text counts in the strings area

# --- arrays (runtime/arrays.py) ---------------------------------------------------------
ARRAY_GET = ("_g1", "_g2", "_g3")  # an element of a 1-, 2- or 3-dimensional array
ARRAY_SET = ("_s1", "_s2", "_s3")
STRING_ARRAY_SET = ("_ss1", "_ss2", "_ss3")  # a string element: its text counts in the strings area
DIM = "_dim"
ERASE = "_erase"

# --- printing and the text screen (runtime/printing.py) ---------------------------------
PRINT_NUMBER = "_pn"
PRINT_STRING = "_ps"
PRINT_COMMA = "_pz"  # to the next ZONE
PRINT_NEWLINE = "_pnl"
PRINT_TAB = "_ptab"
PRINT_SPC = "_pspc"
PRINT_USING = "_pu"
WRITE_ITEMS = "_pw"  # WRITE: the items joined by commas, then a new line
WRITE_QUOTED = "_wq"
WRITE_NUMBER = "_wn"
STREAM = "_stream"  # select the stream #n for the statement
POS = "_pos"
VPOS = "_vpos"
COPYCHR = "_copychr"
WINDOW = "_window"
WINDOW_SWAP = "_window_swap"
CLS = "_cls"
MODE = "_mode"
LOCATE = "_locate"
PEN = "_pen"
PAPER = "_paper"
INK = "_ink"
BORDER = "_border"
ZONE = "_zone"


def array_get(dimensions: int) -> str:
    """The name reading an element of an array with that many subscripts (1 to 3)."""
    return ARRAY_GET[dimensions - 1]


def array_set(dimensions: int, string: bool = False) -> str:
    """The name storing an element of an array with that many subscripts (1 to 3)."""
    return (STRING_ARRAY_SET if string else ARRAY_SET)[dimensions - 1]


def _collect() -> frozenset[str]:
    names: set[str] = set()
    for key, value in globals().items():
        if key.isupper():
            names.update(value if isinstance(value, tuple) else (value,))
    return frozenset(names)


ALL: frozenset[str] = _collect()  # every name compiled code may use

# which module binds which names (the test checks each module binds exactly these)
BY_CONCERN: dict[str, frozenset[str]] = {
    "state": frozenset({VARIABLES, USER_FUNCTIONS, CONTROL_STACK}),
    "control": frozenset({
        ERROR_CLASS, RAISE, END, STOP, FALL_OFF, PUSH, RETURN, FOR_PUSH, FOR_FIND, WHILE_PUSH, WEND,
        RUN_AGAIN, CLEAR, READ_NUMBER, READ_CHECK, READ_ABORT, READ_STRING, RESTORE, INPUT, LINE_INPUT,
    }),
    "events": frozenset({
        TIMER, REMAIN, EVENTS, ON_ERROR, ON_BREAK, RESUME, ERROR_STATEMENT, ERR_INFO, INKEY_STRING,
        INKEY, CLEAR_INPUT, CALL, TIME,
    }),
    "maths": frozenset({
        REAL, ADD, SUBTRACT, MULTIPLY, CINT, CHECK_INT, UNT, DIVIDE, INT_DIVIDE, MOD, POWER, INT, ABS, FIX, ROUND, SGN, SQR, SIN, COS,
        TAN, ATN, EXP, LOG, LOG10, FRE, RND, RANDOMIZE, ANGLE,
    }),
    "strings": frozenset({
        CONCAT, CHR, ASC, LEFT, RIGHT, MID, MID_ASSIGN, STR, VAL, STRING, SPACE, INSTR, HEX, BIN, DEC,
        UPPER_TABLE, LOWER_TABLE, STRING_STORE,
    }),
    "arrays": frozenset({*ARRAY_GET, *ARRAY_SET, *STRING_ARRAY_SET, DIM, ERASE}),
    "printing": frozenset({
        PRINT_NUMBER, PRINT_STRING, PRINT_COMMA, PRINT_NEWLINE, PRINT_TAB, PRINT_SPC, PRINT_USING,
        WRITE_ITEMS, WRITE_QUOTED, WRITE_NUMBER, STREAM, POS, VPOS, COPYCHR, WINDOW, WINDOW_SWAP, CLS,
        MODE, LOCATE, PEN, PAPER, INK, BORDER, ZONE,
    }),
}
