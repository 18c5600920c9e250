"""Tokenising a Locomotive BASIC line: keywords, names with type suffix, numbers, strings.

As on the CPC (ROM ``tokenise_identifiers``), a keyword followed by a letter, digit or
dot is part of a name, so ``FORI=1TO9`` is not ``FOR I`` and ``GOTO100`` is a name;
names may contain letters, digits and dots, and ``FNname`` calls a user function.
REM/``'`` swallow the rest of the line and DATA keeps its items as raw text.
"""

from __future__ import annotations

from dataclasses import dataclass

from machines.cpc.numbers import listed_number
from machines.cpc.reals import decimal_to_real

_DIGITS = frozenset("0123456789")
_LETTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
_NAME_CHARS = _DIGITS | _LETTERS | {"."}

__all__ = ["Token", "LexError", "tokenize", "KEYWORDS", "list_form"]

KEYWORDS = frozenset("""
AFTER AND AUTO BORDER BREAK CALL CAT CHAIN CLEAR CLG CLOSEIN CLOSEOUT CLS CONT CURSOR DATA DEF
DEFINT DEFREAL DEFSTR DEG DELETE DI DIM DRAW DRAWR EDIT EI ELSE END ENT ENV ERASE ERL ERR ERROR
EVERY FILL FN FOR FRAME GOSUB GOTO GRAPHICS IF INK INPUT KEY LET LINE LIST LOAD LOCATE MASK
MEMORY MERGE MOD MODE MOVE MOVER NEW NEXT NOT ON OPENIN OPENOUT OR ORIGIN OUT PAPER PEN PI PLOT
PLOTR POKE PRINT RAD RANDOMIZE READ RELEASE REM RENUM RESTORE RESUME RETURN RUN SAVE SOUND SPC
SPEED STEP STOP SWAP SYMBOL TAB TAG TAGOFF THEN TIME TO TROFF TRON USING WAIT WEND WHILE WIDTH
WINDOW WRITE XOR ZONE HIMEM XPOS YPOS DERR
ABS ASC ATN BIN$ CHR$ CINT COPYCHR$ COS CREAL DEC$ EOF EXP FIX FRE HEX$ INKEY INKEY$ INP INSTR INT
JOY LEFT$ LEN LOG LOG10 LOWER$ MAX MID$ MIN PEEK POS REMAIN RIGHT$ RND ROUND SGN SIN SPACE$ SQ
SQR STR$ STRING$ TAN TEST TESTR UNT UPPER$ VAL VPOS
""".split())



@dataclass(frozen=True, slots=True)
class Token:
    kind: str  # 'num' 'str' 'id' 'kw' 'op' 'data' 'rem' 'eol'
    value: object
    text: str = ""  # source spelling (numbers: the literal; ids: the suffix)


class LexError(Exception):
    """A character the tokenizer cannot place (reported as Syntax error)."""


_OPS2 = ("<>", "<=", ">=", "=<", "=>", "><")
_OPS1 = "+-*/\\^=<>(),;:#?[]"


def _digits_from(src: str, j: int) -> int:
    """Past the digits at ``j``, blanks between them included (the ROM's tokeniser reads
    numbers with ``convert_string_to_number``, which skips them: ``PRINT 5 6`` is 56)."""
    n = len(src)
    while True:
        while j < n and src[j] in _DIGITS:
            j += 1
        k = _past_blanks(src, j)
        if k == j or k >= n or src[k] not in _DIGITS:
            return j
        j = k


def _past_blanks(src: str, j: int) -> int:
    while j < len(src) and src[j] == " ":
        j += 1
    return j


def _number(src: str, i: int) -> tuple[Token, int]:
    n = len(src)
    j = _digits_from(src, i)
    is_real = False
    k = _past_blanks(src, j)
    if k < n and src[k] == ".":  # blanks around the point are skipped too
        is_real = True
        j = _digits_from(src, _past_blanks(src, k + 1))
        if j == _past_blanks(src, k + 1) and (j >= n or src[j] not in _DIGITS):
            j = k + 1  # no digit after the point: the blanks are not the number's
    k = _past_blanks(src, j)
    if k < n and src[k] in "eE":
        k = _past_blanks(src, k + 1)
        if k < n and src[k] in "+-":
            k = _past_blanks(src, k + 1)
        if k < n and src[k] in _DIGITS:
            j = _digits_from(src, k)
            is_real = True
    literal = src[i:j].replace(" ", "")
    if not is_real:
        value = int(literal)
        if value <= 32767:
            return Token("num", value, literal), j
        return Token("num", decimal_to_real(literal), literal), j
    return Token("num", decimal_to_real(literal if literal != "." else "0"), literal), j


def tokenize(src: str, keep_bad: bool = False) -> list[Token]:
    """Tokens of one program line's text (after its line number).  A character no
    token can start is a LexError, or with ``keep_bad`` a token of kind 'bad': the
    CPC stores such a line and only fails when it runs into that character."""
    out: list[Token] = []
    i = 0
    n = len(src)
    while i < n:
        ch = src[i]
        if ch == " " or ch == "\t":
            i += 1
            continue
        if ch == '"':
            j = src.find('"', i + 1)
            if j < 0:  # an unterminated string runs to the end of the line, as on the CPC
                out.append(Token("str", src[i + 1 :]))
                i = n
            else:
                out.append(Token("str", src[i + 1 : j]))
                i = j + 1
            continue
        if ch in _DIGITS or (ch == "." and i + 1 < n and src[i + 1] in _DIGITS):
            tok, i = _number(src, i)
            out.append(tok)
            continue
        if ch == "&":
            j = i + 1
            base = 16
            if j < n and src[j] in "hH":
                j += 1
            elif j < n and src[j] in "xX":
                j += 1
                base = 2
            k = j
            digits = "0123456789abcdefABCDEF" if base == 16 else "01"
            while k < n and src[k] in digits:
                k += 1
            if k == j:
                raise LexError("& without digits")
            value = int(src[j:k], base)
            if value > 65535:
                raise LexError("number too large")
            out.append(Token("num", value - 65536 if value > 32767 else value, src[i:k]))
            i = k
            continue
        if ch in _LETTERS:
            j = i + 1
            while j < n and src[j] in _NAME_CHARS:
                j += 1
            word = src[i:j].upper()
            suffix = ""
            if j < n and src[j] in "$%!":
                suffix = src[j]
            if suffix == "$" and word + "$" in KEYWORDS:
                out.append(Token("kw", word + "$"))
                i = j + 1
                continue
            if word in KEYWORDS:
                out.append(Token("kw", word))
                i = j
                if word == "REM":
                    out.append(Token("rem", src[i:]))
                    i = n
                elif word == "DATA":
                    i = _data(src, i, out)
                continue
            if word.startswith("FN") and len(word) > 2:
                out.append(Token("kw", "FN"))
                out.append(Token("id", word[2:], suffix))
                i = j + (1 if suffix else 0)
                continue
            out.append(Token("id", word, suffix))
            i = j + (1 if suffix else 0)
            continue
        if ch == "'":
            out.append(Token("kw", "REM"))
            out.append(Token("rem", src[i + 1 :]))
            i = n
            continue
        two = src[i : i + 2]
        if two in _OPS2:
            norm = {"=<": "<=", "=>": ">=", "><": "<>"}.get(two, two)
            out.append(Token("op", norm))
            i += 2
            continue
        if ch in _OPS1:
            if ch == "?":
                out.append(Token("kw", "PRINT"))
            elif ch == "[":
                out.append(Token("op", "("))
            elif ch == "]":
                out.append(Token("op", ")"))
            else:
                out.append(Token("op", ch))
            i += 1
            continue
        if keep_bad:
            out.append(Token("bad", ch, ch))
            i += 1
            continue
        raise LexError("unexpected character %r" % ch)
    out.append(Token("eol", None))
    return out


def _data(src: str, i: int, out: list[Token]) -> int:
    """DATA items are raw text up to a colon outside quotes."""
    j = i
    n = len(src)
    quoted = False
    while j < n:
        if src[j] == '"':
            quoted = not quoted
        elif src[j] == ":" and not quoted:
            break
        j += 1
    out.append(Token("data", src[i:j]))
    return j


def split_data_items(raw: str) -> list[str]:
    """The raw items of a DATA statement, split at commas outside quotes; READ parses
    each one (ROM ``command_READ`` uses INPUT's item parser on them)."""
    items: list[str] = []
    cur: list[str] = []
    quoted = False
    for ch in raw:
        if ch == '"':
            quoted = not quoted
        elif ch == "," and not quoted:
            items.append("".join(cur))
            cur = []
            continue
        cur.append(ch)
    items.append("".join(cur))
    return items


def list_form(body: str) -> str:
    """A stored line as LIST shows it: keywords in capitals, names as typed, number
    constants as their values (``listed_number``), strings, REM text and DATA items
    untouched."""
    out: list[str] = []
    i = 0
    n = len(body)
    while i < n:
        ch = body[i]
        if ch == '"':
            j = body.find('"', i + 1)
            j = n if j < 0 else j + 1
            out.append(body[i:j])
            i = j
        elif ch == "'":
            out.append(body[i:])
            break
        elif ch in _DIGITS or (ch == "." and i + 1 < n and body[i + 1] in _DIGITS):
            tok, i = _number(body, i)
            out.append(listed_number(tok.value))  # type: ignore[arg-type]
        elif ch == "&" and i + 1 < n:
            i = _list_based(body, i, out)
        elif ch.isalpha():
            j = i
            while j < n and (body[j].isalnum() or body[j] == "."):
                j += 1
            if j < n and body[j] == "$":
                j += 1
            word = body[i:j]
            upper = word.upper()
            if upper in KEYWORDS:
                out.append(upper)
                if upper in ("REM", "DATA"):
                    out.append(body[j:])
                    break
            elif upper.startswith("FN") and len(upper) > 2:
                out.append("FN" + word[2:])
            else:
                out.append(word)
            i = j
        else:
            out.append(ch)
            i += 1
    return "".join(out)


def _list_based(body: str, i: int, out: list[str]) -> int:
    """``&`` and hexadecimal or ``&X`` and binary digits, listed from their value
    (``&h1f`` is &1F, ``&x0101`` is &X101); '&' with no digit is kept as typed."""
    j = i + 1
    binary = body[j] in "xX"
    if body[j] in "hHxX":
        j += 1
    digits = "01" if binary else "0123456789abcdefABCDEF"
    k = j
    while k < len(body) and body[k] in digits:
        k += 1
    value = int(body[j:k], 2 if binary else 16) if k > j else None
    if value is None or value > 65535:
        out.append("&")
        return i + 1
    out.append(("&X" + format(value, "b")) if binary else ("&" + format(value, "X")))
    return k
