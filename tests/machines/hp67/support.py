"""Small helpers for the HP-67 tests: key a program in by mnemonics, run it from a label."""

from __future__ import annotations

from decimal import Decimal

from machines.hp67 import HP67, StopReason, lookup, parse_listing


def listing_of(*mnemonics: str) -> str:
    """A listing text for these mnemonics, each with its own HP-97 key code."""
    lines = []
    for m in mnemonics:
        ins = lookup(m)
        assert ins is not None, m
        lines.append(f"{m}  {ins.code_text}")
    return "\n".join(lines)


def machine_with(*mnemonics: str) -> HP67:
    m = HP67()
    m.load(parse_listing(listing_of(*mnemonics)))
    return m


def keys(m: HP67, *pressed: str) -> HP67:
    for k in pressed:
        m.press(k)
    return m


def run_label(m: HP67, label: str = "A", max_steps: int = 10_000) -> StopReason:
    m.press(label)
    return m.run(max_steps)


def stack(m: HP67) -> tuple[Decimal, Decimal, Decimal, Decimal]:
    return m.x, m.y, m.z, m.t


def D(text: str | int) -> Decimal:
    return Decimal(str(text))


def number_keys(text: str) -> list[str]:
    """The keys that enter a number: '-2.5' -> 2 . 5 CHS."""
    digits = list(text.lstrip("-"))
    return digits + (["CHS"] if text.startswith("-") else [])
