"""Compiling a Locomotive BASIC program into Python statement functions, once per RUN.

Every BASIC statement becomes one small Python function, generated as source and
compiled together: it does its work and returns the index of the next statement to run.
Variables are resolved to slots of one list at compile time and expressions carry a
static type (integer, real, string, or a comparison's truth value), so the generated
code does exactly the conversions the CPC does -- rounding on integer assignment,
32-bit-mantissa rounding of reals, Type mismatch -- and nothing more.

Errors found while compiling (a malformed statement, a type clash) become statements
that raise the CPC's error when they are reached, as on the machine, where a bad line is
accepted when typed and fails only when run; they are also listed as ``problems``.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from bisect import bisect_left
from functools import lru_cache
from types import CodeType

from machines.cpc import errors
from machines.cpc.errors import BasicError, error_message
from machines.cpc.lexer import LexError, Token, split_data_items, tokenize
from machines.cpc.numbers import to_real
from machines.cpc.runtime import names as rt

__all__ = ["CompiledProgram", "Problem", "compile_program", "var_key"]


class _Syntax(Exception):
    """A statement the parser cannot read: Syntax error when reached."""


class _Mismatch(Exception):
    """A statement mixing strings and numbers: Type mismatch when reached."""


@dataclass(frozen=True)
class Problem:
    """A line that will fail when run, found when the listing was entered."""

    line: int
    message: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"


@dataclass
class _Stmt:
    line: int
    code: list[str]
    kind: str = ""  # 'for' 'next' 'while' 'wend' or ''
    closes: int = 0  # NEXT: loops it closes
    slots: tuple[int, ...] = ()  # FOR: its variable; NEXT: the variables it names
    refs: tuple[int, ...] = ()  # the simple variables it names (the CPC creates them when met)
    next_label: str | None = None  # overrides the fall-through (end of a THEN part)


@dataclass
class CompiledProgram:
    """What the machine runs: statement functions and the tables around them."""

    code: list
    line_of: list[int]
    next_of: list[int]
    line_start: dict[int, int]
    data: list[tuple[str, int]]
    data_start: dict[int, int]
    scalars: dict[tuple[str, str], int]
    arrays: dict[tuple[str, str], int]
    functions: dict[tuple[str, str], int]
    problems: list[Problem]
    deftypes: dict[str, str] = field(default_factory=dict)
    namespace: dict = field(repr=False, default_factory=dict)
    refs: list[tuple[int, ...]] = field(repr=False, default_factory=list)  # per statement
    plain_code: list = field(repr=False, default_factory=list)  # ``code`` before the machine arms it


def var_key(name: str, suffix: str, deftypes: dict[str, str]) -> tuple[str, str]:
    """A variable's identity: its name and its type ('%', '!' or '$'); an unsuffixed
    name takes the type DEFINT/DEFSTR/DEFREAL gave its first letter."""
    return name.upper(), suffix or deftypes.get(name[0].upper(), "!")


_TYPE_OF_SUFFIX = {"%": "i", "!": "r", "$": "s"}
_IGNORED = frozenset(
    "SOUND ENV ENT SYMBOL POKE OUT WAIT SPEED PLOT PLOTR DRAW DRAWR MOVE MOVER ORIGIN CLG TAG "
    "TAGOFF FRAME CURSOR MEMORY KEY WIDTH GRAPHICS MASK FILL RELEASE TRON TROFF "
    "CLOSEIN CLOSEOUT".split()
)
_UNSUPPORTED = frozenset(
    "AUTO CAT CHAIN CONT DELETE EDIT LIST LOAD MERGE NEW OPENIN OPENOUT RENUM SAVE "
    "SWAP INP JOY PEEK SQ TEST TESTR".split()
)


class _Parser:
    """Recursive-descent parser emitting Python source for one program."""

    def __init__(self, lines: dict[int, str], outer: CompiledProgram | None = None) -> None:
        self.lines = lines
        self.line_numbers = set(lines)
        # direct mode: the program a typed line jumps into (GOTO, GOSUB, RESTORE n);
        # the typed line itself (line 0) is no target, as on the CPC
        self.outer = outer
        if outer is not None:
            self.line_numbers.discard(0)
        self.stmts: list[_Stmt] = []
        self.labels: dict[str, int] = {}
        self.label_count = 0
        self.scalars: dict[tuple[str, str], int] = {}
        self.arrays: dict[tuple[str, str], int] = {}
        self.functions: dict[tuple[str, str], int] = {}
        self.fn_defs: list[str] = []
        self.problems: list[Problem] = []
        self.data: list[tuple[str, int]] = []
        self.data_start: dict[int, int] = {}
        self.deftypes: dict[str, str] = {}
        self.locals: dict[tuple[str, str], str] = {}
        self.toks: list[Token] = []
        self.pos = 0
        self.line = 0
        self._stmt_mark = 0  # statements emitted before the one being parsed
        self._refs: set[int] = set()  # simple variables named since the last statement emitted
        self._line_labels: list[str] = []  # the jump labels placed in the line being compiled

    # --- token helpers --------------------------------------------------------------
    def peek(self) -> Token:
        return self.toks[self.pos]

    def take(self) -> Token:
        tok = self.toks[self.pos]
        if tok.kind != "eol":
            self.pos += 1
        return tok

    def at_op(self, op: str) -> bool:
        t = self.toks[self.pos]
        return t.kind == "op" and t.value == op

    def at_kw(self, kw: str) -> bool:
        t = self.toks[self.pos]
        return t.kind == "kw" and t.value == kw

    def accept_op(self, op: str) -> bool:
        if self.at_op(op):
            self.pos += 1
            return True
        return False

    def accept_kw(self, kw: str) -> bool:
        if self.at_kw(kw):
            self.pos += 1
            return True
        return False

    def expect_op(self, op: str) -> None:
        if not self.accept_op(op):
            raise _Syntax(f"expected {op!r}, found {self._show(self.peek())}")

    def expect_kw(self, kw: str) -> None:
        if not self.accept_kw(kw):
            raise _Syntax(f"expected {kw}, found {self._show(self.peek())}")

    @staticmethod
    def _show(tok: Token) -> str:
        if tok.kind == "eol":
            return "end of line"
        if tok.kind == "str":
            return '"%s"' % tok.value
        if tok.kind == "id":
            return f"{tok.value}{tok.text}"
        return str(tok.text or tok.value)

    def at_end(self) -> bool:
        t = self.peek()
        return t.kind == "eol" or (t.kind == "op" and t.value == ":") or (t.kind == "kw" and t.value == "ELSE")

    def new_label(self) -> str:
        self.label_count += 1
        return f"X{self.label_count}"

    def place(self, label: str) -> None:
        self.labels[label] = len(self.stmts)
        self._line_labels.append(label)

    def emit(self, code: list[str], kind: str = "", closes: int = 0) -> _Stmt:
        stmt = _Stmt(self.line, code, kind, closes, refs=tuple(sorted(self._refs)))
        self._refs = set()
        self.stmts.append(stmt)
        return stmt

    def line_target(self, number: int) -> str:
        if self.outer is not None and number in self.outer.line_start:
            return str(self.outer.line_start[number])  # a program line: its own pc
        if number not in self.line_numbers:
            return f"{rt.RAISE}({errors.LINE_DOES_NOT_EXIST})"
        return f"@L{number}@"

    # --- slots ---------------------------------------------------------------------------
    def scalar(self, key: tuple[str, str]) -> str:
        if key in self.locals:
            return self.locals[key]
        slot = self.scalars.setdefault(key, len(self.scalars))
        self._refs.add(slot)
        return f"{rt.VARIABLES}[{slot}]"

    def array_slot(self, key: tuple[str, str]) -> int:
        return self.arrays.setdefault(key, len(self.arrays))

    # --- program -------------------------------------------------------------------------
    def prescan_deftypes(self, tokens: dict[int, list[Token]]) -> None:
        """DEFINT/DEFSTR/DEFREAL are applied to the whole program before compiling
        (the CPC applies them when executed; programs put them first)."""
        kinds = {"DEFINT": "%", "DEFSTR": "$", "DEFREAL": "!"}
        for number in sorted(tokens):
            toks = tokens[number]
            for i, tok in enumerate(toks):
                if tok.kind == "kw" and tok.value in kinds:
                    j = i + 1
                    while j < len(toks) and toks[j].kind == "id":
                        first = str(toks[j].value)[0]
                        last = first
                        if j + 2 < len(toks) and toks[j + 1].kind == "op" and toks[j + 1].value == "-" and toks[j + 2].kind == "id":
                            last = str(toks[j + 2].value)[0]
                            j += 2
                        for c in range(ord(first), ord(last) + 1):
                            self.deftypes[chr(c)] = kinds[tok.value]
                        j += 1
                        if j < len(toks) and toks[j].kind == "op" and toks[j].value == ",":
                            j += 1
                        else:
                            break

    def compile(self) -> None:
        tokens: dict[int, list[Token]] = {}
        bad: dict[int, str] = {}
        for number in sorted(self.lines):
            try:
                tokens[number] = tokenize(self.lines[number], keep_bad=True)
            except LexError as exc:
                bad[number] = str(exc)
        self.prescan_deftypes(tokens)
        for number in sorted(self.lines):
            self.line = number
            self.labels[f"L{number}"] = len(self.stmts)
            if number in bad:
                self.problems.append(Problem(number, f"Syntax error: {bad[number]}"))
                self.emit([f"raise {rt.ERROR_CLASS}({errors.SYNTAX_ERROR})"])
                continue
            self.toks = tokens[number]
            self.pos = 0
            self._line_labels = []
            self.statements(top=True)
            self.labels[f"E{number}"] = len(self.stmts)
        self.line = max(self.lines, default=0)
        self.emit([f"{rt.FALL_OFF}()"])

    def statements(self, top: bool) -> None:
        """Statements up to the end of the line (or, in a THEN part, up to ELSE)."""
        while True:
            t = self.peek()
            if t.kind == "eol":
                return
            if t.kind == "kw" and t.value == "ELSE":
                if top:  # a stray ELSE acts like a REM on the CPC
                    return
                return
            if self.accept_op(":"):
                continue
            start = self.pos
            try:
                try:
                    self.statement()
                except RecursionError:
                    raise BasicError(errors.STRING_EXPRESSION_TOO_COMPLEX) from None
                except (_Syntax, _Mismatch, BasicError):
                    raise
                except Exception as exc:  # a fault of this compiler: the statement cannot run
                    raise _Syntax(f"not understood ({type(exc).__name__}: {exc})") from None
                if not self.at_end():
                    raise _Syntax(f"unexpected {self._show(self.peek())}")
            except (_Syntax, _Mismatch, BasicError) as exc:
                if isinstance(exc, BasicError):  # a constant beyond 1.7E38, nesting too deep
                    code = exc.code
                    kind = str(exc)
                else:
                    code = errors.SYNTAX_ERROR if isinstance(exc, _Syntax) else errors.TYPE_MISMATCH
                    kind = error_message(code)
                detail = kind if isinstance(exc, BasicError) else f"{kind}: {exc}"
                self.problems.append(Problem(self.line, detail))
                # drop whatever the failed statement emitted, then skip to its end
                self._discard_from_tokens(start)
                self.emit([f"raise {rt.ERROR_CLASS}({code})"])
                self.skip_statement()

    def skip_statement(self) -> None:
        """Past the rest of a statement that failed to compile (to its ':' or the end)."""
        depth = 0
        while not (self.at_end() and depth == 0):
            tok = self.take()
            if tok.kind == "eol":
                break
            if tok.kind == "op" and tok.value == "(":
                depth += 1
            elif tok.kind == "op" and tok.value == ")":
                depth = max(depth - 1, 0)
            elif depth and tok.kind == "op" and tok.value == ":":
                depth = 0
                break

    def _discard_from_tokens(self, start: int) -> None:
        """A statement that failed half-way may have emitted parts (an IF); remove them."""
        mark = self._stmt_mark
        if mark <= len(self.stmts):
            del self.stmts[mark:]
            # only this line's labels can lie past the mark: looking at them alone keeps a
            # listing of many bad lines compiling in linear time
            for key in self._line_labels:
                value = self.labels.get(key)
                if value is not None and value > mark:
                    del self.labels[key]
        self.pos = max(self.pos, start)

    # --- statements ----------------------------------------------------------------------
    def statement(self) -> None:
        self._stmt_mark = len(self.stmts)
        t = self.peek()
        if t.kind == "id":
            self.assignment()
            return
        if t.kind != "kw":
            raise _Syntax(f"unexpected {self._show(t)}")
        kw = str(t.value)
        self.take()
        handler = getattr(self, "st_" + kw.replace("$", "_S"), None)
        if handler is not None:
            handler()
            return
        if kw in _IGNORED:
            self.skip_arguments()
            return
        if kw in _UNSUPPORTED:
            raise _Syntax(f"{kw} is not supported in programs here")
        raise _Syntax(f"{kw} cannot start a statement")

    def skip_arguments(self) -> None:
        """Accepted but without effect on this model (sound, graphics, firmware calls)."""
        while not self.at_end():
            self.take()
        self.emit([])

    def st_CALL(self) -> None:
        """CALL address[,args]: the firmware's wait-for-a-key entries (&BB18 KM WAIT KEY,
        &BB06 KM WAIT CHAR) wait as on the CPC; &BC02 resets the inks; others do nothing."""
        code, etype = self.expr()
        address = f"{rt.UNT}({self.num(code, etype)[0]})"
        while self.accept_op(","):
            self.expr()
        self.emit([f"{rt.CALL}({address})"])

    def timer_statement(self, every: bool) -> None:
        """AFTER/EVERY t[,n] GOSUB line: timer n (0-3, 3 most urgent) calls the line
        once after t fiftieths of a second, or every t fiftieths."""
        period = self.num_int(*self.expr())
        timer = "0"
        if self.accept_op(","):
            timer = self.num_int(*self.expr())
        self.expect_kw("GOSUB")
        target = self.jump_target()
        self.emit([f"{rt.TIMER}({every}, {period}, {timer}, {target})"])

    def st_AFTER(self) -> None:
        self.timer_statement(every=False)

    def st_EVERY(self) -> None:
        self.timer_statement(every=True)

    def st_DI(self) -> None:
        self.emit([f"{rt.EVENTS}(False)"])

    def st_EI(self) -> None:
        self.emit([f"{rt.EVENTS}(True)"])

    def st_RUN(self) -> None:
        """RUN [line] inside a program starts it again with everything cleared (the
        usual "another game?" ending); RUN "file" needs a disc, not modelled here."""
        if self.peek().kind == "str":
            raise _Syntax("RUN of a file is not supported here")
        target = self.jump_target() if self.peek().kind == "num" else "0"
        self.emit([f"{rt.RUN_AGAIN}()", f"return {target}"])

    def st_WRITE(self) -> None:
        """WRITE: items separated by commas, strings in quotes, then a new line."""
        stream = self.stream_arg(comma=True)
        items = []
        while not self.at_end():
            code, etype = self.expr()
            items.append(f"{rt.WRITE_QUOTED}({code})" if etype == "s" else f"{rt.WRITE_NUMBER}({self.num(code, etype)[0]})")
            if not (self.accept_op(",") or self.accept_op(";")):
                break
        code = [f"{rt.WRITE_ITEMS}(({', '.join(items)},))"] if items else [f"{rt.PRINT_NEWLINE}()"]
        if stream != "0":
            code = [f"{rt.STREAM}({stream})", *code, f"{rt.STREAM}(0)"]
        self.emit(code)

    def st_REM(self) -> None:
        if self.peek().kind == "rem":
            self.take()
        self.emit([])

    def st_LET(self) -> None:
        self.assignment()

    def assignment(self) -> None:
        if self.at_kw("MID$"):
            self.take()
            self.st_MID_S()
            return
        target, ttype = self.lvalue()
        self.expect_op("=")
        code, etype = self.expr()
        self.emit([self.store(target, ttype, code, etype)])

    def st_MID_S(self) -> None:
        self.expect_op("(")
        target, ttype = self.lvalue()
        if ttype != "s":
            raise _Mismatch("MID$ needs a string variable")
        self.expect_op(",")
        start = self.num_int(*self.expr())
        length = "255"
        if self.accept_op(","):
            length = self.num_int(*self.expr())
        self.expect_op(")")
        self.expect_op("=")
        code, etype = self.expr()
        if etype != "s":
            raise _Mismatch("MID$ needs a string")
        read = self.read_lvalue(target)
        self.emit([self.store(target, "s", f"{rt.MID_ASSIGN}({read}, {start}, {length}, {code})", "s")])

    def lvalue(self) -> tuple[tuple, str]:
        """A variable or array element that can be assigned: ('v', code) or ('a', slot, idx)."""
        tok = self.take()
        if tok.kind != "id":
            raise _Syntax(f"expected a variable, found {self._show(tok)}")
        key = var_key(str(tok.value), tok.text, self.deftypes)
        vtype = _TYPE_OF_SUFFIX[key[1]]
        if self.at_op("("):
            self.take()
            idx = self.indices()
            return ("a", self.array_slot(key), idx), vtype
        return ("v", self.scalar(key)), vtype

    def indices(self) -> list[str]:
        idx = [self.index_code(*self.expr())]
        while self.accept_op(","):
            idx.append(self.index_code(*self.expr()))
        self.expect_op(")")
        if len(idx) > 3:
            raise _Syntax("more than 3 subscripts")
        return idx

    def index_code(self, code: str, etype: str) -> str:
        if etype == "s":
            raise _Mismatch("string subscript")
        if etype == "i":
            return code
        if etype == "b":
            return f"(-{code})"
        return f"{rt.CINT}({code})"

    def read_lvalue(self, target: tuple) -> str:
        if target[0] == "v":
            return target[1]
        return f"{rt.array_get(len(target[2]))}({target[1]}, {', '.join(target[2])})"

    def convert(self, ttype: str, code: str, etype: str) -> str:
        """``code`` of type ``etype`` as a value of the variable type ``ttype``."""
        if ttype == "s":
            if etype != "s":
                raise _Mismatch("number where a string is needed")
            return code
        if etype == "s":
            raise _Mismatch("string where a number is needed")
        if etype == "b":
            code, etype = f"(-{code})", "i"
        if ttype == "i":
            if etype == "i":
                if re.fullmatch(r"-?\d+", code) and -32768 <= int(code) <= 32767:
                    return code
                if re.fullmatch(rf"{rt.VARIABLES}\[\d+\]", code):
                    return code
                return f"{rt.CHECK_INT}({code})"
            return f"{rt.CINT}({code})"
        # real
        if etype == "r":
            return code
        if re.fullmatch(r"-?\d+", code):
            return repr(float(code))
        return f"float({code})"

    def store(self, target: tuple, ttype: str, code: str, etype: str) -> str:
        """An assignment; a string's text is counted in the strings area as it is stored."""
        value = self.convert(ttype, code, etype)
        if target[0] == "v":
            if ttype == "s" and target[1].startswith(f"{rt.VARIABLES}["):
                return f"{target[1]} = {rt.STRING_STORE}({target[1]}, {value})"
            return f"{target[1]} = {value}"
        idx = target[2]
        return f"{rt.array_set(len(idx), ttype == 's')}({target[1]}, {', '.join(idx)}, {value})"

    def st_DIM(self) -> None:
        parts = []
        while True:
            tok = self.take()
            if tok.kind != "id":
                raise _Syntax("DIM needs an array name")
            key = var_key(str(tok.value), tok.text, self.deftypes)
            self.expect_op("(")
            idx = self.indices()
            parts.append(f"{rt.DIM}({self.array_slot(key)}, ({', '.join(idx)},))")
            if not self.accept_op(","):
                break
        self.emit(parts)

    def st_ERASE(self) -> None:
        parts = []
        while True:
            tok = self.take()
            if tok.kind != "id":
                raise _Syntax("ERASE needs an array name")
            key = var_key(str(tok.value), tok.text, self.deftypes)
            parts.append(f"{rt.ERASE}({self.array_slot(key)})")
            if not self.accept_op(","):
                break
        self.emit(parts)

    def st_FOR(self) -> None:
        tok = self.take()
        if tok.kind != "id" or self.at_op("("):
            raise _Syntax("FOR needs a simple variable")
        key = var_key(str(tok.value), tok.text, self.deftypes)
        vtype = _TYPE_OF_SUFFIX[key[1]]
        if vtype == "s":
            raise _Mismatch("FOR with a string variable")
        var = self.scalar(key)
        slot = int(var[2:-1])
        self.expect_op("=")
        start = self.convert(vtype, *self.expr())
        self.expect_kw("TO")
        end = self.convert(vtype, *self.expr())
        step = "1" if vtype == "i" else "1.0"
        if self.accept_kw("STEP"):
            step = self.convert(vtype, *self.expr())
        isint = "True" if vtype == "i" else "False"
        self.emit([
            f"{var} = {start}",
            f"e = {end}",
            f"st = {step}",
            f"{rt.FOR_PUSH}({slot}, e, st, @N@, {isint})",
            f"v = {var}",
            "if not ((v <= e) if st > 0 else (v >= e) if st < 0 else v != e):",
            f"    {rt.CONTROL_STACK}.pop()",
            "    return @F@",
        ], kind="for").slots = (slot,)

    def st_NEXT(self) -> None:
        names: list[tuple[str, str]] = []
        if not self.at_end():
            while True:
                tok = self.take()
                if tok.kind != "id":
                    raise _Syntax("NEXT needs a variable")
                names.append(var_key(str(tok.value), tok.text, self.deftypes))
                if not self.accept_op(","):
                    break
        # ROM command_NEXT: a NEXT closes only a loop whose FOR found this very NEXT
        # (ControlFlow.asm get_execution_stack_data compares the NEXT's address with the
        # one each FOR entry recorded); here a FOR entry is known by its body's pc,
        # @B<d>@ is the tuple of those the d-th name of this NEXT closes and @A<d>@ the
        # only one (or -1), filled in once the program's loops are matched.  (Two FORs
        # share a body only as the last statements of a THEN and of its ELSE part; an
        # entry of either is then taken for the other's at their NEXTs.)
        code: list[str] = []
        find = f"f = {rt.CONTROL_STACK}[-1] if {rt.CONTROL_STACK} else {rt.FOR_FIND}(@B%d@)"
        other = f"if f[0] or f[4] != @A%d@: f = {rt.FOR_FIND}(@B%d@)"
        if not names:
            code += [
                find % 0,
                other % (0, 0),
                "k = f[1]",
                "if f[5]:",
                f"    v = {rt.VARIABLES}[k] + f[3]",
                f"    if v > 32767 or v < -32768: raise {rt.ERROR_CLASS}({errors.OVERFLOW})",
                "else:",
                f"    v = {rt.ADD}({rt.VARIABLES}[k], f[3])",
                f"{rt.VARIABLES}[k] = v",
                "if (v <= f[2]) if f[6] > 0 else (v >= f[2]) if f[6] < 0 else v != f[2]: return f[4]",
                f"{rt.CONTROL_STACK}.pop()",
            ]
        for d, key in enumerate(names):
            if key[1] == "$":
                raise _Mismatch("NEXT with a string variable")
            var = self.scalar(key)
            if key[1] == "%":
                add = [f"v = {var} + f[3]", f"if v > 32767 or v < -32768: raise {rt.ERROR_CLASS}({errors.OVERFLOW})"]
            else:
                add = [f"v = {rt.ADD}({var}, f[3])"]
            code += [
                find % d,
                other % (d, d),
                *add,
                f"{var} = v",
                "if (v <= f[2]) if f[6] > 0 else (v >= f[2]) if f[6] < 0 else v != f[2]: return f[4]",
                f"{rt.CONTROL_STACK}.pop()",
            ]
        stmt = self.emit(code, kind="next", closes=max(len(names), 1))
        stmt.slots = tuple(self.scalars[key] for key in names)

    def st_WHILE(self) -> None:
        cond = self.cond(*self.expr())
        # the loop's stack entry is keyed by its WEND (ROM command_WHILE): a WHILE
        # re-entered replaces its old entry and whatever was stacked above it
        self.emit([
            f"{rt.WHILE_PUSH}(@P@, @V@)",
            f"if {cond}: return @N@",
            f"{rt.CONTROL_STACK}.pop()",
            "return @W@",
        ], kind="while")

    def st_WEND(self) -> None:
        self.emit([f"return {rt.WEND}(@P@)"], kind="wend")

    def jump_target(self) -> str:
        tok = self.take()
        if tok.kind != "num" or not isinstance(tok.value, int):
            raise _Syntax("expected a line number")
        return self.line_target(int(tok.value))

    def st_GOTO(self) -> None:
        self.emit([f"return {self.jump_target()}"])

    def st_GOSUB(self) -> None:
        target = self.jump_target()
        self.emit([f"{rt.PUSH}([1, @N@, 0])", f"return {target}"])

    def st_RETURN(self) -> None:
        self.emit([f"return {rt.RETURN}()"])

    def st_END(self) -> None:
        self.emit([f"raise {rt.END}"])

    def st_STOP(self) -> None:
        self.emit([f"raise {rt.STOP}"])

    def st_IF(self) -> None:
        cond = self.cond(*self.expr())
        else_label = self.new_label()
        self.emit([f"if not {cond}: return @{else_label}@"])
        if self.accept_kw("GOTO"):
            self.emit([f"return {self.jump_target()}"])
        else:
            self.expect_kw("THEN")
            if self.peek().kind == "num":
                self.emit([f"return {self.jump_target()}"])
            else:
                self.statements(top=False)
        if self.at_kw("ELSE"):
            self.take()
            end_label = self.new_label()
            if self.stmts:
                self.stmts[-1].next_label = self.stmts[-1].next_label or end_label
            self.place(else_label)
            if self.peek().kind == "num":
                self.emit([f"return {self.jump_target()}"])
            else:
                self.statements(top=False)
                if len(self.stmts) == self.labels[else_label]:
                    self.emit([])
            self.place(end_label)
        else:
            self.labels[else_label] = -1  # resolved to the end of the line

    def st_ON(self) -> None:
        if self.accept_kw("ERROR"):
            self.expect_kw("GOTO")
            tok = self.take()
            if tok.kind != "num":
                raise _Syntax("ON ERROR GOTO needs a line number")
            if tok.value == 0:
                self.emit([f"{rt.ON_ERROR}(-1)"])
            else:
                self.emit([f"{rt.ON_ERROR}({self.line_target(int(tok.value))})"])
            return
        if self.accept_kw("BREAK"):
            if self.accept_kw("CONT"):
                self.emit([f"{rt.ON_BREAK}(-2)"])
            elif self.accept_kw("STOP"):
                self.emit([f"{rt.ON_BREAK}(-1)"])
            else:
                self.expect_kw("GOSUB")
                self.emit([f"{rt.ON_BREAK}({self.jump_target()})"])
            return
        sel = self.num_int(*self.expr())
        gosub = self.accept_kw("GOSUB")
        if not gosub:
            self.expect_kw("GOTO")
        targets = [self.jump_target()]
        while self.accept_op(","):
            targets.append(self.jump_target())
        table = "(" + ", ".join(targets) + ",)" if all(rt.RAISE not in t for t in targets) else None
        code = [f"i = {sel}", f"if i < 0 or i > 255: raise {rt.ERROR_CLASS}({errors.IMPROPER_ARGUMENT})", f"if i == 0 or i > {len(targets)}: return @N@"]
        if gosub:
            code.append(f"{rt.PUSH}([1, @N@, 0])")
        if table is not None:
            code.append(f"return {table}[i - 1]")
        else:
            for n, t in enumerate(targets, 1):
                code.append(f"if i == {n}: return {t}")
        self.emit(code)

    def st_RESUME(self) -> None:
        if self.accept_kw("NEXT"):
            self.emit([f"return {rt.RESUME}(1)"])
        elif self.peek().kind == "num":
            self.emit([f"{rt.RESUME}(2)", f"return {self.jump_target()}"])
        else:
            self.emit([f"return {rt.RESUME}(0)"])

    def st_ERROR(self) -> None:
        n = self.num_int(*self.expr())
        self.emit([f"{rt.ERROR_STATEMENT}({n})"])

    def st_DATA(self) -> None:
        tok = self.take()
        raw = str(tok.value) if tok.kind == "data" else ""
        self.data_start.setdefault(self.line, len(self.data))
        for item in split_data_items(raw):
            self.data.append((item, self.line))
        self.emit([])

    def st_READ(self) -> None:
        code = []
        first = "True"  # the first item notes where the DATA pointer was (see READ_CHECK)
        while True:
            target, ttype = self.lvalue()
            if ttype == "s":
                code.append(self.store(target, "s", f"{rt.READ_STRING}({first})", "s"))
                code.append(f"{rt.READ_CHECK}()")
            else:
                # a number read into an integer variable is rounded (CINT), as assigned
                code.append(self.store(target, ttype, f"{rt.READ_NUMBER}({first})", "r"))
                code.append(f"{rt.READ_CHECK}()")
            first = "False"
            if not self.accept_op(","):
                break
        # any error in the statement sends the DATA pointer back to where it began
        self.emit(["try:", *("    " + line for line in code), "except BaseException:",
                   f"    {rt.READ_ABORT}()", "    raise"])

    def st_RESTORE(self) -> None:
        if self.peek().kind == "num":
            tok = self.take()
            number = int(tok.value)  # type: ignore[arg-type]
            if self.outer is not None and number in self.outer.line_start:
                self.emit([f"{rt.RESTORE}({_data_index_from(self.outer.data_start, len(self.outer.data), number)})"])
                return
            if number not in self.line_numbers:
                self.emit([f"raise {rt.ERROR_CLASS}({errors.LINE_DOES_NOT_EXIST})"])
                return
            self.emit([f"{rt.RESTORE}(@D{number}@)"])
        else:
            self.emit([f"{rt.RESTORE}(0)"])

    def st_DEF(self) -> None:
        self.expect_kw("FN")
        tok = self.take()
        if tok.kind != "id":
            raise _Syntax("DEF FN needs a name")
        key = var_key(str(tok.value), tok.text, self.deftypes)
        params: list[tuple[tuple[str, str], str]] = []
        if self.accept_op("("):
            while True:
                p = self.take()
                if p.kind != "id":
                    raise _Syntax("DEF FN parameter must be a name")
                pkey = var_key(str(p.value), p.text, self.deftypes)
                params.append((pkey, f"p{len(params)}"))
                if not self.accept_op(","):
                    break
            self.expect_op(")")
        self.expect_op("=")
        saved = self.locals
        self.locals = dict(saved)
        for pkey, pname in params:
            self.locals[pkey] = pname
        try:
            code, etype = self.expr()
            body = self.convert(_TYPE_OF_SUFFIX[key[1]], code, etype)
        finally:
            self.locals = saved
        fslot = self.functions.setdefault(key, len(self.functions))
        fname = f"fn{fslot}_{len(self.fn_defs)}"
        prologue = "".join(
            f"    {pname} = {rt.CINT}({pname})\n" if pkey[1] == "%" else
            f"    if type({pname}) is not str: raise {rt.ERROR_CLASS}({errors.TYPE_MISMATCH})\n" if pkey[1] == "$" else
            f"    if type({pname}) is str: raise {rt.ERROR_CLASS}({errors.TYPE_MISMATCH})\n"
            for pkey, pname in params
        )
        self.fn_defs.append(f"def {fname}({', '.join(p for _, p in params)}):\n{prologue}    return {body}")
        self.emit([f"{rt.USER_FUNCTIONS}[{fslot}] = {fname}"])

    def st_DEFINT(self) -> None:
        self.skip_arguments()

    st_DEFSTR = st_DEFINT
    st_DEFREAL = st_DEFINT

    def st_CLEAR(self) -> None:
        if self.accept_kw("INPUT"):  # BASIC 1.1: empty the keyboard buffer
            self.emit([f"{rt.CLEAR_INPUT}()"])
            return
        self.skip_arguments()
        self.stmts[-1].code = [f"{rt.CLEAR}()"]

    def stream_arg(self, comma: bool) -> str:
        """An optional ``#stream`` (0-7 windows; 8 printer and 9 file show on #0)."""
        if not self.accept_op("#"):
            return "0"
        stream = self.num_int(*self.expr())
        if comma:
            self.expect_op(",")
        return stream

    def st_CLS(self) -> None:
        self.emit([f"{rt.CLS}({self.stream_arg(comma=False)})"])

    def st_WINDOW(self) -> None:
        if self.accept_kw("SWAP"):
            a = self.num_int(*self.expr())
            b = "0"
            if self.accept_op(","):
                b = self.num_int(*self.expr())
            self.emit([f"{rt.WINDOW_SWAP}({a}, {b})"])
            return
        stream = self.stream_arg(comma=True)
        edges = [self.num_int(*self.expr())]
        for _ in range(3):
            self.expect_op(",")
            edges.append(self.num_int(*self.expr()))
        self.emit([f"{rt.WINDOW}({stream}, {', '.join(edges)})"])

    def st_MODE(self) -> None:
        self.emit([f"{rt.MODE}({self.num_int(*self.expr())})"])

    def st_LOCATE(self) -> None:
        stream = self.stream_arg(comma=True)
        c = self.num_int(*self.expr())
        self.expect_op(",")
        r = self.num_int(*self.expr())
        self.emit([f"{rt.LOCATE}({c}, {r}, {stream})"])

    def st_PEN(self) -> None:
        stream = self.stream_arg(comma=True)
        self.emit([f"{rt.PEN}({self.num_int(*self.expr())}, {stream})"])

    def st_PAPER(self) -> None:
        stream = self.stream_arg(comma=True)
        self.emit([f"{rt.PAPER}({self.num_int(*self.expr())}, {stream})"])

    def st_INK(self) -> None:
        p = self.num_int(*self.expr())
        self.expect_op(",")
        c1 = self.num_int(*self.expr())
        c2 = c1
        if self.accept_op(","):
            c2 = self.num_int(*self.expr())
        self.emit([f"{rt.INK}({p}, {c1}, {c2})"])

    def st_BORDER(self) -> None:
        c1 = self.num_int(*self.expr())
        c2 = c1
        if self.accept_op(","):
            c2 = self.num_int(*self.expr())
        self.emit([f"{rt.BORDER}({c1}, {c2})"])

    def st_ZONE(self) -> None:
        self.emit([f"{rt.ZONE}({self.num_int(*self.expr())})"])

    def st_RANDOMIZE(self) -> None:
        if self.at_end():
            self.emit([f"{rt.RANDOMIZE}(None)"])
        else:
            code, etype = self.expr()
            self.emit([f"{rt.RANDOMIZE}({self.convert('r', code, etype)})"])

    def st_DEG(self) -> None:
        self.emit([f"{rt.ANGLE}(True)"])

    def st_RAD(self) -> None:
        self.emit([f"{rt.ANGLE}(False)"])

    def st_PRINT(self) -> None:
        stream = "0"
        if self.accept_op("#"):
            stream = self.num_int(*self.expr())
            if not self.accept_op(","):
                if not self.at_end():
                    raise _Syntax("expected ',' after the stream")
        code: list[str] = [f"{rt.STREAM}({stream})"] if stream != "0" else []
        try:
            newline = self.print_items(code)
        except _Syntax as exc:
            # the ROM prints each item as it reads it: the items before the fault
            # are printed, then Syntax error (RESUME NEXT goes on after this statement)
            self.problems.append(Problem(self.line, f"{error_message(errors.SYNTAX_ERROR)}: {exc}"))
            code.append(f"raise {rt.ERROR_CLASS}({errors.SYNTAX_ERROR})")
            self.emit(code)
            self.skip_statement()
            return
        if newline:
            code.append(f"{rt.PRINT_NEWLINE}()")
        if stream != "0":
            code.append(f"{rt.STREAM}(0)")
        self.emit(code)

    def print_items(self, code: list[str]) -> bool:
        """PRINT's items into ``code``; whether the line is ended after them."""
        newline = True
        while not self.at_end():
            newline = True
            if self.accept_op(";"):
                newline = False
                continue
            if self.accept_op(","):
                code.append(f"{rt.PRINT_COMMA}()")
                newline = False
                continue
            if self.accept_kw("USING"):
                fmt, ftype = self.expr()
                if ftype != "s":
                    raise _Mismatch("USING needs a format string")
                if not (self.accept_op(";") or self.accept_op(",")):
                    raise _Syntax("expected ';' after the USING format")
                items: list[str] = []
                newline = True
                try:
                    while not self.at_end():
                        c, t = self.expr()
                        items.append(c if t != "b" else f"(-{c})")
                        newline = not (self.accept_op(";") or self.accept_op(","))
                        if newline:
                            break
                except _Syntax:
                    if items:  # the values before the fault are printed
                        code.append(f"{rt.PRINT_USING}({fmt}, ({', '.join(items)},))")
                    raise
                code.append(f"{rt.PRINT_USING}({fmt}, ({', '.join(items)},))")
                continue
            if self.accept_kw("TAB"):
                self.expect_op("(")
                n = self.num_int(*self.expr())
                self.expect_op(")")
                code.append(f"{rt.PRINT_TAB}({n})")
                newline = False  # ROM: only an expression item ends the line
                continue
            if self.accept_kw("SPC"):
                self.expect_op("(")
                n = self.num_int(*self.expr())
                self.expect_op(")")
                code.append(f"{rt.PRINT_SPC}({n})")
                newline = False
                continue
            c, t = self.expr()
            if t == "s":
                code.append(f"{rt.PRINT_STRING}({c})")
            elif t == "b":
                code.append(f"{rt.PRINT_NUMBER}(-{c})")
            else:
                code.append(f"{rt.PRINT_NUMBER}({c})")
        return newline

    def input_targets(self) -> list[str]:
        """Setter lambdas for INPUT/LINE INPUT targets with their kinds."""
        setters = []
        while True:
            target, ttype = self.lvalue()
            if target[0] == "v":
                conv = self.convert(ttype, "x", {"s": "s", "i": "i", "r": "r"}[ttype])
                if ttype == "i":
                    conv = f"{rt.CINT}(x)"
                elif ttype == "r":
                    conv = f"{rt.REAL}(float(x))"
                if ttype == "s":
                    conv = f"{rt.STRING_STORE}({target[1]}, x)"
                setters.append(f"({ttype!r}, lambda x: {rt.VARIABLES}.__setitem__({target[1][2:-1]}, {conv}))")
            else:
                conv = "x" if ttype == "s" else (f"{rt.CINT}(x)" if ttype == "i" else f"{rt.REAL}(float(x))")
                idx = ", ".join(target[2])
                setters.append(f"({ttype!r}, lambda x: {rt.array_set(len(target[2]), ttype == 's')}({target[1]}, {idx}, {conv}))")
            if not self.accept_op(","):
                break
        return setters

    def input_prompt(self) -> tuple[str, bool]:
        """The optional ``;`` (no newline after RETURN) and the quoted prompt."""
        keep_line = bool(self.accept_op(";"))
        prompt = "? "
        if self.peek().kind == "str":
            text = str(self.take().value)
            if self.accept_op(";"):
                prompt = text + "? "
            elif self.accept_op(","):
                prompt = text
            else:
                raise _Syntax("expected ';' or ',' after the prompt")
        return _lit(prompt), keep_line

    def st_INPUT(self) -> None:
        stream = self.stream_arg(comma=True)
        prompt, keep_line = self.input_prompt()
        setters = self.input_targets()
        code = [f"{rt.INPUT}({prompt}, {keep_line}, [{', '.join(setters)}])"]
        if stream != "0":
            code = [f"{rt.STREAM}({stream})", *code, f"{rt.STREAM}(0)"]
        self.emit(code)

    def st_LINE(self) -> None:
        self.expect_kw("INPUT")
        stream = self.stream_arg(comma=True)
        prompt, keep_line = self.input_prompt()
        target, ttype = self.lvalue()
        if ttype != "s":
            raise _Mismatch("LINE INPUT needs a string variable")
        setter = self.store(target, "s", "x", "s")
        if target[0] == "v":
            setter = f"{rt.VARIABLES}.__setitem__({target[1][2:-1]}, {rt.STRING_STORE}({target[1]}, x))"
        code = [f"{rt.LINE_INPUT}({prompt}, {keep_line}, lambda x: {setter})"]
        if stream != "0":
            code = [f"{rt.STREAM}({stream})", *code, f"{rt.STREAM}(0)"]
        self.emit(code)

    # --- expressions -----------------------------------------------------------------------
    def num(self, code: str, etype: str) -> tuple[str, str]:
        if etype == "s":
            raise _Mismatch("string where a number is needed")
        if etype == "b":
            return f"(-{code})", "i"
        return code, etype

    def num_int(self, code: str, etype: str) -> str:
        """An integer argument (rounded, 16-bit)."""
        code, etype = self.num(code, etype)
        if etype == "i" and re.fullmatch(r"-?\d+", code):
            return code
        return f"{rt.CINT}({code})"

    def cond(self, code: str, etype: str) -> str:
        if etype == "s":
            raise _Mismatch("string used as a condition")
        return code if etype == "b" else f"({code})"

    def expr(self) -> tuple[str, str]:
        a = self.e_or()
        while self.accept_kw("XOR"):
            b = self.e_or()
            a = self.logic("^", a, b)
        return a

    def logic(self, op: str, a: tuple[str, str], b: tuple[str, str]) -> tuple[str, str]:
        if a[1] == "b" and b[1] == "b":
            py = {"&": "and", "|": "or", "^": "!="}[op]
            return f"({a[0]} {py} {b[0]})", "b"
        ac, _ = self.num(*a)
        bc, _ = self.num(*b)
        return f"({rt.CINT}({ac}) {op} {rt.CINT}({bc}))", "i"  # signed 16-bit operands (ROM)

    def e_or(self) -> tuple[str, str]:
        a = self.e_and()
        while self.accept_kw("OR"):
            a = self.logic("|", a, self.e_and())
        return a

    def e_and(self) -> tuple[str, str]:
        a = self.e_not()
        while self.accept_kw("AND"):
            a = self.logic("&", a, self.e_not())
        return a

    def e_not(self) -> tuple[str, str]:
        if self.accept_kw("NOT"):
            code, etype = self.e_not()
            if etype == "b":
                return f"(not {code})", "b"
            code, _ = self.num(code, etype)
            return f"(~{rt.CINT}({code}))", "i"
        return self.e_rel()

    _REL = {"=": "==", "<>": "!=", "<": "<", ">": ">", "<=": "<=", ">=": ">="}

    def e_rel(self) -> tuple[str, str]:
        a = self.e_add()
        while self.peek().kind == "op" and self.peek().value in self._REL:
            op = self._REL[str(self.take().value)]
            b = self.e_add()
            if (a[1] == "s") != (b[1] == "s"):
                raise _Mismatch("comparing a string with a number")
            ac = a[0] if a[1] != "b" else f"(-{a[0]})"
            bc = b[0] if b[1] != "b" else f"(-{b[0]})"
            a = (f"({ac} {op} {bc})", "b")
        return a

    def e_add(self) -> tuple[str, str]:
        a = self.e_mod()
        while self.peek().kind == "op" and self.peek().value in ("+", "-"):
            op = str(self.take().value)
            b = self.e_mod()
            if a[1] == "s" or b[1] == "s":
                if a[1] != "s" or b[1] != "s" or op == "-":
                    raise _Mismatch("mixing strings and numbers")
                a = (f"{rt.CONCAT}({a[0]}, {b[0]})", "s")
                continue
            a = self.arith(op, a, b)
        return a

    def arith(self, op: str, a: tuple[str, str], b: tuple[str, str]) -> tuple[str, str]:
        ac, at = self.num(*a)
        bc, bt = self.num(*b)
        if at == "i" and bt == "i":
            return f"({ac} {op} {bc})", "i"
        operation = {"+": rt.ADD, "-": rt.SUBTRACT, "*": rt.MULTIPLY}[op]
        return f"{operation}({ac}, {bc})", "n" if "n" in (at, bt) else "r"

    def e_mod(self) -> tuple[str, str]:
        a = self.e_idiv()
        while self.accept_kw("MOD"):
            b = self.e_idiv()
            a = (f"{rt.MOD}({self.num(*a)[0]}, {self.num(*b)[0]})", "i")
        return a

    def e_idiv(self) -> tuple[str, str]:
        a = self.e_mul()
        while self.accept_op("\\"):
            b = self.e_mul()
            a = (f"{rt.INT_DIVIDE}({self.num(*a)[0]}, {self.num(*b)[0]})", "i")
        return a

    def e_mul(self) -> tuple[str, str]:
        a = self.e_unary()
        while self.peek().kind == "op" and self.peek().value in ("*", "/"):
            op = str(self.take().value)
            b = self.e_unary()
            if op == "*":
                a = self.arith("*", a, b)
            else:
                a = (f"{rt.DIVIDE}({self.num(*a)[0]}, {self.num(*b)[0]})", "r")
        return a

    def e_unary(self) -> tuple[str, str]:
        if self.accept_op("-"):
            code, etype = self.num(*self.e_unary())
            return f"(-{code})", etype
        if self.accept_op("+"):
            return self.num(*self.e_unary())
        return self.e_pow()

    def e_pow(self) -> tuple[str, str]:
        a = self.atom()
        while self.accept_op("^"):
            if self.at_op("-") or self.at_op("+"):
                b = self.e_unary()
            else:
                b = self.atom()
            a = (f"{rt.POWER}({self.num(*a)[0]}, {self.num(*b)[0]})", "r")
        return a

    def atom(self) -> tuple[str, str]:
        if self.at_end():  # ROM: the statement ended where an operand was due (X=5+)
            raise BasicError(errors.OPERAND_MISSING)
        tok = self.take()
        if tok.kind == "num":
            if isinstance(tok.value, int):
                return (str(tok.value) if tok.value >= 0 else f"({tok.value})"), "i"
            return repr(to_real(float(tok.value))), "r"  # type: ignore[arg-type]
        if tok.kind == "str":
            return _lit(str(tok.value)), "s"
        if tok.kind == "op" and tok.value == "(":
            e = self.expr()
            self.expect_op(")")
            return e
        if tok.kind == "id":
            key = var_key(str(tok.value), tok.text, self.deftypes)
            vtype = _TYPE_OF_SUFFIX[key[1]]
            if self.at_op("("):
                self.take()
                idx = self.indices()
                return f"{rt.array_get(len(idx))}({self.array_slot(key)}, {', '.join(idx)})", vtype
            return self.scalar(key), vtype
        if tok.kind == "kw":
            return self.function(str(tok.value))
        raise _Syntax(f"unexpected {self._show(tok)} in an expression")

    def args(self) -> list[tuple[str, str]]:
        self.expect_op("(")
        out = [self.expr()]
        while self.accept_op(","):
            out.append(self.expr())
        self.expect_op(")")
        return out

    def function(self, name: str) -> tuple[str, str]:
        if name == "FN":
            return self.call_fn()
        if name in ("PI",):
            return repr(to_real(math.pi)), "r"
        if name == "TIME":
            return f"{rt.TIME}()", "r"
        if name == "INKEY$":
            return f"{rt.INKEY_STRING}()", "s"
        if name == "ERR":
            return f"{rt.ERR_INFO}(0)", "i"
        if name == "ERL":
            return f"{rt.ERR_INFO}(1)", "i"
        if name == "HIMEM":
            return "42619", "i"
        if name in ("XPOS", "YPOS"):
            return "0", "i"
        if name == "EOF":  # no file is ever open: the ROM's variable_EOF says true
            return "(-1)", "i"
        if name == "DERR":  # no disc operation has failed
            return "0", "i"
        if name == "COPYCHR$":  # the character under a stream's cursor
            self.expect_op("(")
            self.expect_op("#")
            stream = self.num_int(*self.expr())
            self.expect_op(")")
            return f"{rt.COPYCHR}({stream})", "s"
        if name == "RND":
            if self.at_op("("):
                args = self.args()
                if len(args) != 1:
                    raise _Syntax("RND takes one argument")
                (c, t), = args
                return f"{rt.RND}({self.num(c, t)[0]})", "r"
            return f"{rt.RND}(1)", "r"
        if name in ("POS", "VPOS"):
            self.expect_op("(")
            self.expect_op("#")
            stream = self.num_int(*self.expr())
            self.expect_op(")")
            return (f"{rt.POS}({stream})" if name == "POS" else f"{rt.VPOS}({stream})"), "i"
        spec = _FUNCTIONS.get(name)
        if spec is None:
            if name in _UNSUPPORTED:
                raise _Syntax(f"{name} is not supported here")
            raise _Syntax(f"{name} cannot be used in an expression")
        arg_types, result, template = spec
        args = self.args()
        required = arg_types.rstrip("?")
        optional = arg_types.count("?")
        if arg_types == "n*":
            if not args:
                raise _Syntax(f"{name} needs arguments")
            required, optional = "n" * len(args), 0
        if not (len(required) - optional <= len(args) <= len(required)):
            raise _Syntax(f"wrong number of arguments to {name}")
        codes = []
        types = []
        for (code, etype), want in zip(args, required):
            if want == "s":
                if etype != "s":
                    raise _Mismatch(f"{name} needs a string")
            elif want == "n" and etype == "s":
                raise _Mismatch(f"{name} needs a number")
            elif want == "n" and etype == "b":
                code, etype = f"(-{code})", "i"
            codes.append(code)
            types.append(etype)
        if result == "same":
            result = types[0] if types[0] in ("i", "n") else "r"
        if result == "allint":
            result = "i" if all(t == "i" for t in types) else "r"
            template = template if result == "i" else "float(" + template + ")"
        return template.format(*codes, n=len(codes), all=", ".join(codes), types="".join(types)), result

    def call_fn(self) -> tuple[str, str]:
        tok = self.take()
        if tok.kind != "id":
            raise _Syntax("FN needs a name")
        key = var_key(str(tok.value), tok.text, self.deftypes)
        fslot = self.functions.setdefault(key, len(self.functions))
        args: list[str] = []
        if self.at_op("("):
            for code, etype in self.args():
                if etype == "b":
                    code, etype = f"(-{code})", "i"
                args.append(code)
        return f"{rt.USER_FUNCTIONS}[{fslot}]({', '.join(args)})", _TYPE_OF_SUFFIX[key[1]]


# name: (argument kinds, result type, Python template); 'n' number, 's' string,
# 'x' either, trailing '?' optional arguments; result 'same' = integer if the
# argument is, 'allint' = integer if all arguments are; result 'n' = a number
# whose kind (integer or real) is known only when it runs.
_FUNCTIONS: dict[str, tuple[str, str, str]] = {
    "ABS": ("n", "same", f"{rt.ABS}({{0}})"),
    "INT": ("n", "same", f"{rt.INT}({{0}})"),
    "FIX": ("n", "same", f"{rt.FIX}({{0}})"),
    "ROUND": ("nn?", "same", f"{rt.ROUND}({{all}})"),  # an integer stays one (``round_``)
    "CINT": ("n", "i", f"{rt.CINT}({{0}})"),
    "CREAL": ("n", "r", "float({0})"),
    "UNT": ("n", "i", f"{rt.UNT}({{0}})"),
    "SGN": ("n", "i", f"{rt.SGN}({{0}})"),
    "SQR": ("n", "r", f"{rt.SQR}({{0}})"),
    "SIN": ("n", "r", f"{rt.SIN}({{0}})"),
    "COS": ("n", "r", f"{rt.COS}({{0}})"),
    "TAN": ("n", "r", f"{rt.TAN}({{0}})"),
    "ATN": ("n", "r", f"{rt.ATN}({{0}})"),
    "EXP": ("n", "r", f"{rt.EXP}({{0}})"),
    "LOG": ("n", "r", f"{rt.LOG}({{0}})"),
    "LOG10": ("n", "r", f"{rt.LOG10}({{0}})"),
    "FRE": ("x", "r", f"{rt.FRE}({{0}})"),  # a real: 42249 does not fit 16 bits
    "INKEY": ("n", "i", f"{rt.INKEY}({{0}})"),
    "REMAIN": ("n", "i", f"{rt.REMAIN}({{0}})"),
    "CHR$": ("n", "s", f"{rt.CHR}({{0}})"),
    "ASC": ("s", "i", f"{rt.ASC}({{0}})"),
    "LEN": ("s", "i", "len({0})"),
    "LEFT$": ("sn", "s", f"{rt.LEFT}({{0}}, {{1}})"),
    "RIGHT$": ("sn", "s", f"{rt.RIGHT}({{0}}, {{1}})"),
    "MID$": ("snn?", "s", f"{rt.MID}({{all}})"),
    "STR$": ("n", "s", f"{rt.STR}({{0}})"),
    "VAL": ("s", "n", f"{rt.VAL}({{0}})"),  # an integer for a whole number in 16 bits (ROMs)
    "UPPER$": ("s", "s", f"{{0}}.translate({rt.UPPER_TABLE})"),
    "LOWER$": ("s", "s", f"{{0}}.translate({rt.LOWER_TABLE})"),
    "STRING$": ("nx", "s", f"{rt.STRING}({{0}}, {{1}})"),
    "SPACE$": ("n", "s", f"{rt.SPACE}({{0}})"),
    "INSTR": ("xss?", "i", f"{rt.INSTR}({{all}})"),
    "HEX$": ("nn?", "s", f"{rt.HEX}({{all}})"),
    "BIN$": ("nn?", "s", f"{rt.BIN}({{all}})"),
    "DEC$": ("ns", "s", f"{rt.DEC}({{0}}, {{1}})"),
    "MAX": ("n*", "allint", "max({all})"),
    "MIN": ("n*", "allint", "min({all})"),
}

def _lit(text: str) -> str:
    """A Python literal for a BASIC string, with '@' escaped so that it can never be
    mistaken for a jump placeholder."""
    return repr(text).replace("@", "\\x40")


_PLACEHOLDER = re.compile(r"@([A-Z])(-?\d*)@")


def compile_program(lines: dict[int, str], namespace: dict, base: CompiledProgram | None = None) -> CompiledProgram:
    """Compile the whole program into statement functions living in ``namespace``.

    With ``base`` (direct mode: a line typed at the Ready prompt), the variables,
    arrays, functions and DEFINT/DEFSTR types of that program keep their slots, so the
    statement works on the program's values; new names get slots after them.  The
    typed line's statements then come after the program's in one code list (its pcs
    start at ``len(base.code)``): it can GOTO or GOSUB into the program and a RETURN
    can come back to it, and a pc on the execution stack names one statement only."""
    p = _Parser(lines, base)
    if base is not None:
        p.scalars = dict(base.scalars)
        p.arrays = dict(base.arrays)
        p.functions = dict(base.functions)
        p.deftypes = dict(base.deftypes)
    p.compile()
    stmts = p.stmts
    count = len(stmts)
    off = len(base.code) if base is not None else 0  # the pc of this code's first statement

    # fall-through of each statement (a THEN part's last statement skips the ELSE part)
    next_of = [i + 1 if s.next_label is None else p.labels[s.next_label] for i, s in enumerate(stmts)]
    # an IF without ELSE jumps to the end of its line
    for key, value in list(p.labels.items()):
        if value == -1:
            p.labels[key] = None  # type: ignore[assignment]
    line_of = [s.line for s in stmts]
    line_end: dict[int, int] = {}
    for i, s in enumerate(stmts[:-1]):  # the last statement is the fall-off, on no line
        line_end[s.line] = i + 1

    def resolve_label(name: str, at: int) -> int:
        pc = p.labels.get(name)
        if pc is None:
            return line_end[line_of[at]]
        return pc

    # lexical matching: FOR -> its NEXT, WHILE -> its WEND
    for_exit: dict[int, int | None] = {}
    while_exit: dict[int, int | None] = {}
    while_wend: dict[int, int] = {}
    for_mismatch: set[int] = set()
    closed_by: dict[tuple[int, int], list[int]] = {}  # (NEXT, its d-th name) -> FOR bodies
    # One pass with a stack of the FORs (WHILEs) still open: a NEXT closes the innermost
    # ones, as many as it names (one if none), the d-th of them at its d-th name; a WEND
    # the innermost WHILE.  The same as scanning forward from each FOR, counting depth,
    # in linear time.
    open_fors: list[int] = []
    open_whiles: list[int] = []
    for j, s in enumerate(stmts):
        if s.kind == "for":
            for_exit[j] = None
            open_fors.append(j)
        elif s.kind == "next":
            named = s.slots
            for depth in range(min(s.closes, len(open_fors))):
                i = open_fors.pop()
                # the NEXT variable that closes this FOR must be its variable
                if named and named[depth] != stmts[i].slots[0]:
                    for_mismatch.add(i)
                for_exit[i] = next_of[j]
                closed_by.setdefault((j, depth), []).append(next_of[i] + off)
        elif s.kind == "while":
            while_exit[j] = None
            open_whiles.append(j)
        elif s.kind == "wend" and open_whiles:
            i = open_whiles.pop()
            while_exit[i] = next_of[j]
            while_wend[i] = j

    # a FOR with no NEXT after it (or WHILE with no WEND) fails as soon as it runs
    for i, pc in for_exit.items():
        if pc is None:
            stmts[i].code = [f"raise {rt.ERROR_CLASS}({errors.NEXT_MISSING})"]
        elif i in for_mismatch:  # ROM command_FOR checks the matching NEXT's variable
            stmts[i].code = [f"raise {rt.ERROR_CLASS}({errors.UNEXPECTED_NEXT})"]
    for i, pc in while_exit.items():
        if pc is None:
            stmts[i].code = [f"raise {rt.ERROR_CLASS}({errors.WEND_MISSING})"]

    data_lines = sorted(p.data_start)

    def fill(i: int, text: str) -> str:
        def sub(m: re.Match) -> str:
            kind, arg = m.group(1), m.group(2)
            if kind == "N":
                return str(next_of[i] + off)
            if kind == "P":
                return str(i + off)
            if kind == "L":
                return str(p.labels[f"L{arg}"] + off)
            if kind == "X":
                return str(resolve_label(f"X{arg}", i) + off)
            if kind == "F":
                pc = for_exit.get(i)
                return str(pc + off) if pc is not None else f"{rt.RAISE}({errors.NEXT_MISSING})"
            if kind == "W":
                pc = while_exit.get(i)
                return str(pc + off) if pc is not None else f"{rt.RAISE}({errors.WEND_MISSING})"
            if kind == "V":
                return str(while_wend[i] + off) if i in while_wend else "-1"
            if kind == "B":
                return repr(tuple(closed_by.get((i, int(arg)), ())))
            if kind == "A":
                bodies = closed_by.get((i, int(arg)), ())
                return str(bodies[0]) if len(bodies) == 1 else "-1"
            if kind == "D":
                return str(_data_index_from(p.data_start, len(p.data), int(arg), data_lines))
            raise AssertionError(kind)
        return _PLACEHOLDER.sub(sub, text)

    for text in p.fn_defs:
        _exec_or_fail(text, namespace, None, p)
    for i, s in enumerate(stmts):
        body = [f"def s{i + off}():"] + ["    " + fill(i, text) for text in s.code] + [f"    return {next_of[i] + off}"]
        _exec_or_fail("\n".join(body), namespace, (i + off, s.line), p)
    code = [namespace[f"s{i + off}"] for i in range(count)]
    line_start = {n: p.labels[f"L{n}"] + off for n in lines}
    refs = [s.refs for s in stmts]
    if base is not None:  # the program's statements first, then the typed line's
        code = list(base.plain_code) + code
        line_of = list(base.line_of) + line_of
        next_of = list(base.next_of) + [pc + off for pc in next_of]
        refs = list(base.refs) + refs
    namespace["CODE"] = code
    return CompiledProgram(
        code=code,
        line_of=line_of,
        next_of=next_of,
        line_start=line_start,
        data=p.data,
        data_start=p.data_start,
        scalars=p.scalars,
        arrays=p.arrays,
        functions=p.functions,
        problems=p.problems,
        deftypes=dict(p.deftypes),
        namespace=namespace,
        refs=refs,
        plain_code=list(code),
    )


@lru_cache(maxsize=8192)
def _code_of(source: str) -> CodeType:
    """Python's compilation of one generated function, kept: a program loaded again (a snapshot
    restored, an undo) defines its functions from the same code objects, in its own namespace.
    A source Python refuses raises every time (nothing is cached for it)."""
    return compile(source, "<basic>", "exec")


def _exec_or_fail(source: str, namespace: dict, stmt: tuple[int, int] | None, p: _Parser) -> None:
    """Compile one generated function; one that Python refuses (an expression nested
    too deeply) becomes a statement raising the CPC's error for it."""
    try:
        exec(_code_of(source), namespace)
    except (SyntaxError, RecursionError, MemoryError, ValueError):
        if stmt is None:  # a DEF FN body: calling it fails instead
            name = source.split("(", 1)[0][4:]
            exec(f"def {name}(*a):\n    raise {rt.ERROR_CLASS}({errors.STRING_EXPRESSION_TOO_COMPLEX})", namespace)
            return
        i, line = stmt
        p.problems.append(Problem(line, "expression too complex"))
        exec(f"def s{i}():\n    raise {rt.ERROR_CLASS}({errors.STRING_EXPRESSION_TOO_COMPLEX})", namespace)


def _data_index_from(data_start: dict[int, int], count: int, line: int,
                     numbers: list[int] | None = None) -> int:
    """RESTORE n: the first DATA item in line n or after it (``numbers``: the DATA
    lines in order, when already sorted)."""
    numbers = sorted(data_start) if numbers is None else numbers
    at = bisect_left(numbers, line)
    return data_start[numbers[at]] if at < len(numbers) else count
