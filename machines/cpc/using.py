"""PRINT USING / DEC$ templates (CPC 6128 manual, chapter 8, PRINT USING).

Numeric fields: ``#`` digit positions, ``.`` decimal point, ``,`` (before the point)
thousands separators, a leading ``+`` (sign always shown), a trailing ``+`` or ``-``
(sign after the number), ``**`` fill with asterisks, ``$$`` floating currency sign,
``^^^^`` exponent form; ``££`` (character &A3) works as ``$$`` with its own sign.  A number too wide for its field is printed whole after ``%``.
String fields: ``!`` first character, ``&`` whole string, ``\\  \\`` fixed width.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Context, Decimal

from machines.cpc import errors
from machines.cpc.errors import BasicError
from machines.cpc.reals import decimal_digits

__all__ = ["format_using"]

CURRENCY = "$\u00a3"
"""The currency signs a template may float: ``$`` and ``£`` (&A3), each doubled (``$$``, ``££``) or
after ``**``; ``$£`` is no field (ROM ``test_for_currency_symbols``, and the doubled sign compared)."""


def _numeric_field(fmt: str, i: int) -> tuple[int, dict] | None:
    """Parse a numeric field starting at ``i``; None if none starts there."""
    n = len(fmt)
    spec = {"plus": False, "trail": "", "star": False, "dollar": "", "before": 0,
            "after": -1, "comma": False, "exp": False}
    j = i
    if fmt.startswith("+", j) and j + 1 < n and fmt[j + 1] in "#.*" + CURRENCY:
        spec["plus"] = True
        j += 1
    if fmt.startswith("**", j) and j + 2 < n and fmt[j + 2] in CURRENCY:  # two places filled with *, then the sign
        spec["star"], spec["dollar"] = True, fmt[j + 2]
        spec["before"] += 2
        j += 3
    elif fmt.startswith("**", j):
        spec["star"] = True
        spec["before"] += 2
        j += 2
    elif j + 1 < n and fmt[j] in CURRENCY and fmt[j + 1] == fmt[j]:  # one digit place and the floating sign
        spec["dollar"] = fmt[j]
        spec["before"] += 1
        j += 2
    # a comma may follow ** or $$ at once, but not a + or the field's start (ROM
    # parse_number_format_template)
    comma_from = j if spec["star"] or spec["dollar"] else j + 1
    while j < n and (fmt[j] == "#" or (fmt[j] == "," and spec["after"] < 0 and j >= comma_from)):
        if fmt[j] == ",":
            spec["comma"] = True
        spec["before"] += 1
        j += 1
    if j < n and fmt[j] == "." and (j + 1 < n and fmt[j + 1] == "#" or j >= comma_from):
        j += 1
        spec["after"] = 0
        while j < n and fmt[j] == "#":
            spec["after"] += 1
            j += 1
    if j == i or (spec["before"] == 0 and spec["after"] <= 0 and not spec["star"] and not spec["dollar"]):
        return None
    if fmt.startswith("^^^^", j):
        spec["exp"] = True
        j += 4
    if j < n and fmt[j] in "+-" and not spec["plus"]:
        spec["trail"] = fmt[j]
        j += 1
    return j, spec


def _nine_digits(x: float) -> Decimal:
    """The number as the firmware hands it to the formatter: 9 significant decimal
    digits (``REAL_prepare_for_decimal``), so 123.45 is exactly 123.450000."""
    if x == 0:
        return Decimal(0)
    n, power = decimal_digits(x)
    return Decimal(n).scaleb(power)


_WIDE = Context(prec=600)  # every digit of 1.7E38 with a format's 255 places after the point


def _round_to_places(x: float, places: int) -> str:
    """The fixed form with ``places`` decimals, the dropped digits rounded half up
    (ROM ``prob_round_last_digit``: 1234.5 -> 1235, 0.125 -> 0.13)."""
    quantum = Decimal(1).scaleb(-places)
    return format(_nine_digits(x).quantize(quantum, rounding=ROUND_HALF_UP, context=_WIDE), "f")


def _round_to_digits(x: float, digits: int) -> tuple[str, int]:
    """``digits`` significant digits rounded half up, and the decimal exponent of the
    first one."""
    d = _nine_digits(x)
    if d == 0:
        return "0" * digits, 0
    exponent = d.adjusted()
    quantum = Decimal(1).scaleb(exponent - digits + 1)
    r = d.quantize(quantum, rounding=ROUND_HALF_UP, context=_WIDE)  # a format may ask 255 digits
    if r.adjusted() > exponent:  # 9.995 -> 10.0: one digit more, one more in the exponent
        exponent += 1
        r = d.quantize(Decimal(1).scaleb(exponent - digits + 1), rounding=ROUND_HALF_UP, context=_WIDE)
    text = str(r.scaleb(-r.as_tuple().exponent, context=_WIDE).to_integral_value(context=_WIDE)).rjust(digits, "0")
    return text[:digits], exponent


_EXPONENT_FROM = Decimal(10) ** 20  # 21 digits before the point: exponent form (ROM)
_FIXED_DIGITS = 20


def _format_number(x: float, spec: dict) -> str:
    """One number in its field.  Past the field it is printed whole, after one ``%``
    however many reasons there are (ROM ``do_number_to_string``: a single flag bit)."""
    overflow = False
    if not spec["exp"] and _nine_digits(x) >= _EXPONENT_FROM:
        # ROM prob_scale_and_add_exponent_if_needed: 21 or more digits before the
        # point switch a fixed field to the exponent form, flagged with %
        spec = dict(spec, exp=True)
        overflow = True
    after = max(spec["after"], 0)
    before = spec["before"]
    negative = x < 0
    # the places before the point as the ROM counts them: a leading + and the $ too
    places_before = before + (1 if spec["plus"] else 0) + (1 if spec["dollar"] else 0)
    if spec["exp"]:
        body, after, short = _exponent_body(x, spec, places_before)
        overflow = overflow or short
    else:
        # the fixed form holds at most 20 digits: decimals past them are not shown
        # (ROM scale_no_exp_needed), the point still is
        whole_digits = len(str(int(_nine_digits(x))))
        places = min(after, max(_FIXED_DIGITS - whole_digits, 0))
        body = _round_to_places(x, places)
        if spec["after"] >= 0 and places == 0:
            body = body.split(".")[0] + "."
        if spec["after"] < 0:
            body = body.split(".")[0]
        if spec["comma"]:
            whole, _, frac = body.partition(".")
            whole = "{:,}".format(int(whole))
            body = whole + ("." + frac if spec["after"] >= 0 else "")
    # ROM write_zero_if_required: a number whose digits are all 0 loses its sign...
    if negative and not any(c in "123456789" for c in body.partition("E")[0]):
        negative = False
    if not spec["exp"]:
        # ...and the 0 before the point is written only where a place is left once
        # a leading minus sign has taken its own (a + counts as a place)
        places = before + (1 if spec["plus"] else 0) - (1 if negative and not spec["trail"] else 0)
        if body.startswith("0.") and places <= 0:
            body = body[1:]
    sign = ""
    if spec["plus"]:
        sign = "-" if negative else "+"
    elif not spec["trail"] and negative:
        sign = "-"
    if spec["dollar"]:
        body = spec["dollar"] + body
    body = sign + body
    has_point = spec["after"] >= 0 or after > 0
    width = places_before + (after + 1 if has_point else 0) + (4 if spec["exp"] else 0)
    fill = "*" if spec["star"] else " "
    if len(body) > width:
        overflow = True
    else:
        body = body.rjust(width, fill)
    if spec["trail"] == "-":
        body += "-" if negative else " "
    elif spec["trail"] == "+":
        body += "-" if negative else "+"
    return "%" + body if overflow else body


def _exponent_body(x: float, spec: dict, places_before: int) -> tuple[str, int, bool]:
    """The digits and exponent of the exponent form, without sign or currency; the
    places after the point (the ROM may add one), and whether the field is too short.

    ROM do_scale_and_add_exponent: the sign (unless it trails) and the currency
    symbol each take a place before the point; the digits get what is left.  Too
    few places for the prefix, or no digit place at all, flags the field with %, and
    a field with no digit place gets one: before the point, or after it if the
    template has a point.  A 0 is written before the point only where a place was
    left for it (ROM write_zero_if_required)."""
    after = max(spec["after"], 0)
    prefix = (1 if spec["dollar"] else 0) + (0 if spec["trail"] else 1)
    short = places_before < prefix
    lead = max(places_before - prefix, 0)
    zero_place = lead > 0
    if lead == 0 and after == 0:
        short = True
        if spec["after"] < 0:
            lead = 1
        else:
            after = 1
    if spec["comma"]:  # a place in four is a comma's (ROM), put between the digits
        lead -= lead // 4
    m, e = _round_to_digits(x, lead + after)
    if x == 0:
        whole, exp = ("0" if zero_place else ""), 0  # 0 is shown with the exponent +00
    else:
        whole, exp = m[:lead], e - (lead - 1)
        if spec["comma"] and whole:
            whole = "{:,}".format(int(whole))
    body = whole + ("." + m[lead:] if spec["after"] >= 0 or after else "")
    body += "E" + ("-" if exp < 0 else "+") + "%02d" % abs(exp)
    return body, after, short


_MOST_PLACES = 20  # a numeric field of more places (point and sign included) is refused


def format_using(fmt: str, values: tuple, out: list[str] | None = None) -> tuple[str, int]:
    """Apply the template to the values (reusing it if values remain).  Returns the
    text and how many values were used.  ``out`` receives the text as it is made, so
    that what the ROM prints before an error (the template's text before a bad field,
    or a whole template with no field) can be printed too."""
    out = [] if out is None else out
    used = 0
    if not values:
        return "", 0
    n = len(fmt)
    while used < len(values):
        i = 0
        field_seen = False
        while i < n:
            ch = fmt[i]
            if ch == "_" and i + 1 < n:
                out.append(fmt[i + 1])
                i += 2
                continue
            if ch in "!&\\":
                if ch == "\\":
                    end = fmt.find("\\", i + 1)
                    if end < 0 or fmt[i + 1:end].strip(" "):
                        out.append(ch)
                        i += 1
                        continue
                if used >= len(values):
                    break
                value = values[used]
                if not isinstance(value, str):
                    raise BasicError(errors.TYPE_MISMATCH)
                used += 1
                field_seen = True
                if ch == "!":
                    out.append(value[:1].ljust(1))
                    i += 1
                elif ch == "&":
                    out.append(value)
                    i += 1
                else:
                    width = end - i + 1
                    out.append(value[:width].ljust(width))
                    i = end + 1
                continue
            parsed = _numeric_field(fmt, i)
            if parsed is not None:
                if used >= len(values):
                    break
                value = values[used]
                if isinstance(value, str):
                    raise BasicError(errors.TYPE_MISMATCH)
                used += 1
                field_seen = True
                j, spec = parsed
                places = spec["before"] + max(spec["after"] + 1, 0) + spec["plus"] + (1 if spec["dollar"] else 0)
                if places > _MOST_PLACES:  # ROM parse_number_format_template
                    raise BasicError(errors.IMPROPER_ARGUMENT)
                out.append(_format_number(float(value), spec))
                i = j
                continue
            out.append(ch)
            i += 1
        if not field_seen:
            raise BasicError(errors.IMPROPER_ARGUMENT)
    return "".join(out), used
