"""Generated damage for what the machines read back: snapshots and listings.

A seeded random loop (the same damage on every run for a given seed) takes real
snapshots or real listings and breaks them the way a bad disk, an editor or a hostile
player would; the tests then require that every damaged input is either refused with
the machine's own error naming the field or the line, or accepted as a machine that
works.  ``Tally`` counts what was tried, refused and accepted; ``python -m
tests.machines.damage`` runs the campaigns of the suite and prints the counts.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any, Callable

# -- counting ---------------------------------------------------------------------------


@dataclass
class Tally:
    """What one campaign did: every input tried is refused or accepted, nothing else."""

    name: str
    tried: int = 0
    refused: int = 0
    accepted: int = 0

    def line(self) -> str:
        return f"{self.name}: tried {self.tried}, refused {self.refused}, accepted {self.accepted}, crashes 0"


# -- JSON snapshots -------------------------------------------------------------------------

FIELD_MESSAGE = re.compile(r"snapshot field '[^']*': .+", re.DOTALL)


def deep(levels: int) -> Any:
    """A list nested ``levels`` deep, built without recursion."""
    value: Any = []
    for _ in range(levels):
        value = [value]
    return value


def _odd_values(rng: random.Random) -> list[Any]:
    return [
        None, True, False, 0, 1, -1, -7, 2, 3, 9, 10, 25, 26, 49, 50, 51, 224, 225, 10**30, -(10**30),
        1.5, 1e308, -1e308, float("nan"), float("inf"), 0.0,
        "", "x", "NaN", "nan", "Infinity", "-Infinity", "sNaN", "1e999", "1E999", "1E-999", "1E+99", "1E100",
        "9.999999999E99", "9.9999999999E99", "1E-99", "-0", "0", "1", "12345678901", "123456789012",
        "1_000", " 1", "1 ", "٣", "３", "²", "0x10", "1.2.3", "--1", ".", "-", "E5", "00", "0.", ".5",
        "FIX", "DEG", "deg", "R/S", "001  R/S        84\n", "LBL A  21 11\n", "\x00",
        [], {}, [None], ["0"], [0, None], [81, None], [-161, None], {"a": 1}, [[[]]],
        deep(rng.choice((50, 1000, 3000))),
        rng.randint(-300, 300), str(rng.randint(-10**12, 10**12)),
        "".join(rng.choice("0123456789.E-+") for _ in range(rng.randint(1, 14))),
    ]


def paths(value: Any, limit: int = 6) -> list[tuple[Any, ...]]:
    """Every place in a JSON value down to ``limit`` levels (the root included), without
    recursion (a damaged value may be nested thousands deep)."""
    out: list[tuple[Any, ...]] = []
    todo: list[tuple[tuple[Any, ...], Any]] = [((), value)]
    while todo:
        path, item = todo.pop()
        out.append(path)
        if len(path) >= limit:
            continue
        if isinstance(item, dict):
            todo.extend((path + (key,), child) for key, child in reversed(list(item.items())))
        elif isinstance(item, list):
            todo.extend((path + (index,), child) for index, child in reversed(list(enumerate(item))))
    return out


def copied(value: Any) -> Any:
    """A deep copy of a JSON value, without recursion."""
    if not isinstance(value, (dict, list)):
        return value
    root: Any = {} if isinstance(value, dict) else []
    todo = [(value, root)]
    while todo:
        source, target = todo.pop()
        pairs = source.items() if isinstance(source, dict) else enumerate(source)
        for key, child in pairs:
            if isinstance(child, (dict, list)):
                fresh: Any = {} if isinstance(child, dict) else []
                todo.append((child, fresh))
                child = fresh
            if isinstance(target, dict):
                target[key] = child
            else:
                target.append(child)
    return root


def _at(value: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        value = value[part]
    return value


def _plausible(value: Any, rng: random.Random) -> Any:
    """Another value of the same type, often one the machine could hold: the damage that
    type checks cannot see, only range and consistency checks."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return rng.choice((value + 1, value - 1, rng.randint(-3, 260), -value - 100))
    if isinstance(value, str):
        return rng.choice((
            str(rng.randint(-10**11, 10**11)), f"{rng.randint(1, 9)}E{rng.randint(-120, 120)}",
            f"{rng.random():.12f}", value[:-1], value + rng.choice("0123456789.E-"), value.upper(), value.lower(),
        ))
    if value is None:
        return rng.choice((0, 1, 61, "", "5"))
    return value


def mutate(state: Any, rng: random.Random) -> tuple[Any, str]:
    """One random damage to a copy of ``state``: a value replaced (another type, out of
    range, another field's value), a key deleted or added, a list cut or lengthened."""
    state = copied(state)
    places = paths(state)
    path = rng.choice(places)
    kind = rng.random()
    if not path:
        return rng.choice(_odd_values(rng)), "the whole snapshot replaced"
    parent, last = _at(state, path[:-1]), path[-1]
    if kind < 0.2:
        parent[last] = _plausible(parent[last], rng)
        return state, f"{path} changed within its type"
    if kind < 0.55:
        parent[last] = rng.choice(_odd_values(rng))
        return state, f"{path} replaced"
    if kind < 0.65:
        other = _at(state, rng.choice(places[1:]))
        parent[last] = copied(other)
        return state, f"{path} replaced by another field's value"
    if kind < 0.75:
        del parent[last]
        return state, f"{path} deleted"
    target = _at(state, path)
    if isinstance(target, list) and target:
        if kind < 0.85:
            del target[rng.randrange(len(target)):]
            return state, f"{path} truncated"
        target.append(copied(rng.choice(target)))
        return state, f"{path} lengthened"
    holder = state if isinstance(state, dict) else parent
    if isinstance(holder, dict):
        holder[rng.choice(("extra", "pc ", "PC", "version"))] = 1
        return state, "an unknown key added"
    parent[last] = None
    return state, f"{path} replaced by null"


def snapshot_campaign(
    tally: Tally,
    snapshots: list[Any],
    restore: Callable[[Any], Any],
    exercise: Callable[[Any], None],
    rng: random.Random,
    count: int,
) -> None:
    """``count`` damaged snapshots: each is refused with ``snapshot field '<path>': ...``
    (and only ValueError) or restores a machine that ``exercise`` runs without an exception."""
    for _ in range(count):
        damaged = rng.choice(snapshots)
        for _ in range(rng.choice((1, 1, 1, 2, 3))):
            damaged, what = mutate(damaged, rng)
            if not isinstance(damaged, dict):
                break
        tally.tried += 1
        try:
            machine = restore(damaged)
        except ValueError as error:
            assert FIELD_MESSAGE.fullmatch(str(error)), (what, str(error))
            tally.refused += 1
            continue
        exercise(machine)
        tally.accepted += 1


# -- listings ---------------------------------------------------------------------------------

_ODD_CHARS = (
    "0123456789 -.#\t" + "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ()*/+<>=|^"
    + "²³¹⁰" + "٠١٢٣٤٥" + "０１２３" + "߁߂" + "০১" + "\u00a0\u2028\u2029\x0b\x0c\x1c\x85\r\x00"
    + "éπΣ−×÷⇄↓√ˣ"
)
_ODD_TOKENS = (
    "²", "٣", "３", "2nd", "Lbl", "Inv", "INV", "-", "--", "99", "999", "", "x", "#", "00", "٠١", "-٣٤",
    "12345678901234567890", "Lbl²", "SBR", "STO", "R/S", "*LBL", "21", "-11", "35-45", "84", "f", "h",
)


def mutate_listing(text: str, rng: random.Random) -> str:
    """One random damage to a listing: a character replaced, inserted or deleted, a token
    replaced, a line deleted, doubled or moved, a junk line added, the text cut short."""
    lines = text.split("\n")
    kind = rng.random()
    if kind < 0.1:
        return text[: rng.randrange(len(text) + 1)]
    index = rng.randrange(len(lines))
    line = lines[index]
    if kind < 0.45:
        pos = rng.randrange(len(line) + 1)
        if kind < 0.25:
            line = line[:pos] + rng.choice(_ODD_CHARS) + line[pos + 1:]
        elif kind < 0.35:
            line = line[:pos] + rng.choice(_ODD_CHARS) + line[pos:]
        else:
            line = line[:pos] + line[pos + 1:]
        lines[index] = line
    elif kind < 0.7:
        tokens = line.split(" ")
        tokens[rng.randrange(len(tokens))] = rng.choice(_ODD_TOKENS)
        lines[index] = " ".join(tokens)
    elif kind < 0.78:
        del lines[index]
    elif kind < 0.86:
        lines.insert(index, line)
    elif kind < 0.93:
        lines.insert(rng.randrange(len(lines) + 1), lines.pop(index))
    else:
        lines.insert(index, " ".join(rng.choice(_ODD_TOKENS) for _ in range(rng.randint(1, 4))))
    return "\n".join(lines)


def listing_campaign(
    tally: Tally,
    listings: list[str],
    parse: Callable[[str], Any],
    error_type: type[ValueError],
    line_of: Callable[[Any], int],
    load: Callable[[Any], None],
    rng: random.Random,
    count: int,
) -> None:
    """``count`` damaged listings: each is refused with ``error_type`` naming the right line
    (every line before it reads, that line does not), or read and loaded into a machine that runs."""
    for _ in range(count):
        text = rng.choice(listings)
        for _ in range(rng.choice((1, 1, 2, 3))):
            text = mutate_listing(text, rng)
        tally.tried += 1
        try:
            program = parse(text)
        except error_type as error:
            check_refusal(text, error, parse, error_type, line_of)
            tally.refused += 1
            continue
        load(program)
        tally.accepted += 1


def check_refusal(
    text: str, error: ValueError, parse: Callable[[str], Any], error_type: type[ValueError],
    line_of: Callable[[Any], int],
) -> None:
    """The error names line L (in its message too): lines 1..L-1 read, lines 1..L do not."""
    lines = text.split("\n")
    line = line_of(error)
    assert 1 <= line <= len(lines), (line, len(lines))
    assert str(error).startswith(f"line {line}:"), str(error)
    parse("\n".join(lines[: line - 1]))  # everything before the named line is a good listing
    try:
        parse("\n".join(lines[:line]))
    except error_type as again:
        assert line_of(again) == line, (line_of(again), line)
    else:
        raise AssertionError(f"line {line} is named but reads: {lines[line - 1]!r}")


def run_campaigns(campaigns: Callable[..., tuple[Tally, ...]], seed: int, **counts: int) -> tuple[Tally, ...]:
    """Run a machine's campaigns, print their counts, and check that the damage reached both
    sides (some inputs refused, some accepted: a generator that only ever breaks the first
    field would test little)."""
    tallies = campaigns(seed, **counts)
    for tally in tallies:
        print(f"seed {seed}: {tally.line()}")
        assert tally.refused and tally.accepted, tally.line()
    return tallies


def soak(campaigns: Callable[..., tuple[Tally, ...]], rounds: int, **counts: int) -> None:
    """Many campaigns with fresh seeds; a failure names its seed (rerun it with run_campaigns)."""
    for _ in range(rounds):
        seed = random.SystemRandom().randrange(2**32)
        try:
            run_campaigns(campaigns, seed, **counts)
        except Exception as error:
            raise AssertionError(f"seed {seed}: {type(error).__name__}: {error}") from error


def main() -> None:
    from tests.machines.hp67 import test_damage as hp67_damage
    from tests.machines.ti57 import test_damage as ti57_damage

    for tally in (*hp67_damage.campaigns(seed=1), *ti57_damage.campaigns(seed=1)):
        print(tally.line())


if __name__ == "__main__":
    main()
