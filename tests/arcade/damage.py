"""Generated damage for what the arcade reads back: save files, settings, keymaps.

Each ``damaged_*`` function takes a seeded ``random.Random`` and gives the bytes of a
damaged file (and the kind of damage, for the failure messages).  The saves start from
REAL saves (``real_saves.py``: each game's session run headless a few moves), so a wrong
type can land on any field a save really has.  ``save_campaign`` and ``config_campaign``
write those files, read them the way the launcher and the app do, and count: files
tried, crashes (any exception other than the refusal the reader promises), files lost
(a damaged file no longer found, byte for byte, anywhere in its directory).  The fast
tests run a few hundred of them; the soak runs (``-m soak``) thousands; docs/reliability.md
quotes the counts (``bench/damaged_reads.py`` prints them).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from arcade.shell import keymap

from arcade.storage import settings
from arcade.storage.saves import FORMAT_VERSION, SaveError, SaveStore
from tests.arcade.real_saves import real_states

GAMES = ("hp67-othello", "lazard-othello", "ti57-duel", "ti57-wolf")

ODD_VALUES: list[Any] = [
    None, 5, -7, 0, 2**63, -(2**70), 1e308, -0.0, True, False, "x", "", "NaN", "Infinity", "-1e999",
    [], {}, [None], {"": None}, "[bold red]markup[/]", "\x00\x1b[2J", "é" * 300, "9" * 5000,
    [[[[[[[[[[1]]]]]]]]]],
]
"""Values a wrong field may hold (JSON values, the deep ones made on demand)."""


@dataclass
class Counts:
    """What a campaign tried and found."""

    tried: int = 0
    crashes: int = 0
    lost: int = 0
    refused: int = 0   # reported (SaveError / a problem) as the reader promises
    kinds: dict[str, int] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)

    def add(self, other: Counts) -> None:
        self.tried += other.tried
        self.crashes += other.crashes
        self.lost += other.lost
        self.refused += other.refused
        for kind, n in other.kinds.items():
            self.kinds[kind] = self.kinds.get(kind, 0) + n
        self.failures += other.failures

    def line(self, what: str) -> str:
        return f"{what}: {self.tried} tried, {self.crashes} crashes, {self.lost} files lost ({self.refused} refused as damaged)"


# -- generic damage to bytes ------------------------------------------------------------------

def deep(rng: random.Random, low: int = 100, high: int = 5000) -> str:
    n = rng.randint(low, high)
    opener, closer = rng.choice([("[", "]"), ('{"a":', "}")])
    return opener * n + "1" + closer * n


def truncated(rng: random.Random, data: bytes) -> bytes:
    return data[: rng.randrange(len(data))] if data else data


def flipped(rng: random.Random, data: bytes) -> bytes:
    out = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        if out:
            out[rng.randrange(len(out))] = rng.randrange(256)
    return bytes(out)


def bad_utf8(rng: random.Random, data: bytes) -> bytes:
    at = rng.randrange(len(data) + 1)
    return data[:at] + rng.choice([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xf8\x88\x80\x80\x80", b"\x80"]) + data[at:]


def utf16(rng: random.Random, data: bytes) -> bytes:
    return data.decode("utf-8", errors="replace").encode(rng.choice(["utf-16", "utf-16-le", "utf-16-be", "utf-32"]))


def random_bytes(rng: random.Random, data: bytes) -> bytes:
    return bytes(rng.randrange(256) for _ in range(rng.randint(0, 400)))


BYTE_DAMAGES: dict[str, Callable[[random.Random, bytes], bytes]] = {
    "truncated": truncated, "flipped": flipped, "bad-utf8": bad_utf8, "utf16": utf16, "random-bytes": random_bytes,
}


# -- damage to a real save's JSON -------------------------------------------------------------

def _places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place (a path of keys and indexes) in a JSON value, sampled along long lists."""
    found = [path]
    if isinstance(value, dict):
        for key, inner in value.items():
            found += _places(inner, (*path, key))
    elif isinstance(value, list):
        step = max(1, len(value) // 20)
        for i in range(0, len(value), step):
            found += _places(value[i], (*path, i))
    return found


def odd_value(rng: random.Random) -> Any:
    if rng.random() < 0.1:
        return json.loads(deep(rng, 20, 60))  # deep, yet below the reader's recursion limit
    return rng.choice(ODD_VALUES)


def set_at(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    *parents, last = path
    inner = value
    for key in parents:
        inner = inner[key]
    inner[last] = new
    return value


def wrong_field(rng: random.Random, envelope: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """A wrong type or value at a random place of a real envelope (its state mostly)."""
    place = rng.choice(_places(envelope)[1:])
    if rng.random() < 0.15:  # drop the field instead
        *parents, last = place
        inner: Any = envelope
        for key in parents:
            inner = inner[key]
        if isinstance(inner, dict):
            del inner[last]
            return f"drop {'/'.join(map(str, place))}", envelope
    return f"set {'/'.join(map(str, place))}", set_at(envelope, place, odd_value(rng))


def real_envelope(game: str) -> dict[str, Any]:
    return {"format": FORMAT_VERSION, "game": game, "saved_at": "2026-11-24T00:00:00+00:00",
            "summary": "move 3", "state": json.loads(real_states()[game])}


def damaged_save(rng: random.Random, game: str) -> tuple[str, bytes]:
    """A damaged save file of ``game``: (the kind of damage, the bytes)."""
    envelope = real_envelope(game)
    kind = rng.choice(["bytes", "bytes", "field", "field", "field", "deep", "number", "envelope"])
    if kind == "field":
        what, envelope = wrong_field(rng, envelope)
        return f"field {what}", json.dumps(envelope).encode()
    text = json.dumps(envelope)
    if kind == "deep":
        at = rng.choice(['"state":', '"summary":', ""])
        if not at:
            return "deep whole", deep(rng).encode()
        return f"deep {at}", text.replace(at, at + deep(rng), 1).encode()
    if kind == "number":
        number = rng.choice(["1e999", "-1e400", "NaN", "Infinity", "-Infinity", "9" * rng.randint(4000, 20000)])
        place = rng.choice(_places(envelope)[1:])
        marker = "\"@@number@@\""
        return f"number {number[:8]} at {'/'.join(map(str, place))}", \
            json.dumps(set_at(envelope, place, "@@number@@")).replace(marker, number).encode()
    if kind == "envelope":
        key = rng.choice(["format", "game", "saved_at", "summary", "state"])
        envelope[key] = odd_value(rng)
        return f"envelope {key}", json.dumps(envelope).encode()
    name = rng.choice(sorted(BYTE_DAMAGES))
    return name, BYTE_DAMAGES[name](rng, text.encode())


# -- the campaigns ------------------------------------------------------------------------------

def _found(directory: Path, data: bytes) -> bool:
    return any(p.is_file() and p.read_bytes() == data for p in directory.rglob("*"))


def read_like_the_launcher(directory: Path, game: str) -> bool:
    """What the launcher and a game screen's opening do with a save; True if it was refused.

    Raises whatever the reader raises other than the promised ``SaveError``."""
    store = SaveStore(directory)
    refused = False
    store.info(game)  # never raises (the test fails if it does)
    for read in (store.check, store.load, store.load):  # the second load: nothing read again in a loop
        try:
            read(game)
        except SaveError:
            refused = True
    return refused


def save_campaign(root: Path, tries: int, seed: int) -> Counts:
    """``tries`` damaged saves (every game in turn), each read as the launcher reads it."""
    rng = random.Random(seed)
    counts = Counts()
    for i in range(tries):
        game = GAMES[i % len(GAMES)]
        kind, data = damaged_save(rng, game)
        directory = root / f"{seed}-{i}"
        directory.mkdir(parents=True)
        (directory / f"{game}.json").write_bytes(data)
        counts.tried += 1
        counts.kinds[kind.split()[0]] = counts.kinds.get(kind.split()[0], 0) + 1
        try:
            counts.refused += read_like_the_launcher(directory, game)
        except Exception as error:  # noqa: BLE001 - counted: this is what the campaign looks for
            counts.crashes += 1
            counts.failures.append(f"{game} {kind}: {type(error).__name__}: {str(error)[:200]}")
        if not _found(directory, data):
            counts.lost += 1
            counts.failures.append(f"{game} {kind}: the damaged file is gone")
    return counts


REAL_SETTINGS = b'# Written by the arcade: the choices it remembers between runs.\ntheme = "nord"\n'
REAL_KEYMAP = b'"othello.left" = "a,left"\n[othello]\nup = "w"\ndown = ["s", "down"]\n'


def damaged_config(rng: random.Random, real: bytes) -> tuple[str, bytes]:
    kind = rng.choice(["bytes", "bytes", "bytes", "deep", "deep", "types", "types", "huge"])
    if kind == "deep":
        n = rng.randint(100, 3000)
        shape = rng.choice(["array", "table", "dotted"])
        if shape == "array":
            return "deep array", f"theme = {'[' * n}1{']' * n}\n".encode()
        if shape == "table":
            return "deep table", f"x = {'{a = ' * n}1{'}' * n}\n".encode()
        return "deep dotted", ("x." * n + "y = 1\n").encode()
    if kind == "types":
        value = rng.choice(["5", "-7", "true", "[]", "{}", '""', '"\\u0000\\u001b"', "1979-05-27", "nan", "inf",
                            '"' + "é" * 500 + '"', '["a", 5]', "[[1]]", '{a = {b = "c"}}'])
        key = rng.choice(["theme", '"othello.left"', "othello.up", "arcade", '"arcade.help"', '"' + "k" * 300 + '"'])
        return "types", f"{key} = {value}\n".encode()
    if kind == "huge":
        return "huge", real + b"# " + b"x" * (settings.MAX_CONFIG_BYTES + 10) + b"\n"
    name = rng.choice(sorted(BYTE_DAMAGES))
    return name, BYTE_DAMAGES[name](rng, real)


def config_campaign(root: Path, tries: int, seed: int) -> Counts:
    """Damaged settings.toml and keymap.toml, read as the arcade's start reads them."""
    rng = random.Random(seed)
    counts = Counts()
    for i in range(tries):
        directory = root / f"{seed}-{i}"
        directory.mkdir(parents=True)
        which = ("settings", "keymap")[i % 2]
        kind, data = damaged_config(rng, REAL_SETTINGS if which == "settings" else REAL_KEYMAP)
        name = settings.SETTINGS_FILE if which == "settings" else settings.KEYMAP_FILE
        (directory / name).write_bytes(data)
        counts.tried += 1
        counts.kinds[kind] = counts.kinds.get(kind, 0) + 1
        try:
            if which == "settings":
                problems = settings.load_settings(directory).problems
                # the next choice rewrites the file: a damaged one must be kept aside first
                settings.save_settings(directory, settings.Settings(theme="nord"))
                again = settings.load_settings(directory)
                if again.problems or again.theme != "nord":
                    raise AssertionError(f"what was written does not read back: {again}")
                if not problems:  # the damage left valid settings: the arcade's own file, rewritten
                    counts.tried -= 1
                    continue
            else:
                known = keymap.known_binding_ids(keymap.read_keymap_ids(directory / name))
                problems = keymap.load_keymap(directory / name, known).problems
            counts.refused += bool(problems)
        except Exception as error:  # noqa: BLE001 - counted
            counts.crashes += 1
            counts.failures.append(f"{which} {kind}: {type(error).__name__}: {str(error)[:200]}")
        if not _found(directory, data):
            counts.lost += 1
            counts.failures.append(f"{which} {kind}: the damaged file is gone")
    return counts
