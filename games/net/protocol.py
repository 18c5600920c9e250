"""The network game's wire: JSON lines, size-limited, each request checked against a small schema.

Everything that arrives from a socket is data: read in bounded pieces, one line at most
``MAX_LINE`` bytes, decoded as strict JSON (no NaN, no duplicate keys, no deep nesting),
then checked field by field (``Schema``).  Nothing here is ever unpickled or evaluated.
A line that fails any check raises ``BadMessage``: the server closes that connection and
the game is unchanged.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import secrets
from dataclasses import dataclass
from typing import Any

__all__ = [
    "CODE_ALPHABET",
    "CODE_LENGTH",
    "MAX_LINE",
    "MAX_VIEW_LINE",
    "PROTOCOL",
    "BadMessage",
    "LineReader",
    "Schema",
    "code_matches",
    "decode",
    "encode",
    "new_code",
    "penalty",
]

PROTOCOL = 1
MAX_LINE = 64 * 1024
"""Bytes in one request line, its newline included (a request is under 100 bytes)."""
MAX_VIEW_LINE = 1024 * 1024
"""Bytes in one line from the host: a view is ~2 KB, the last one of a long duel (all its keys and turns) more."""
MAX_DEPTH = 8
"""Nesting of arrays and objects in a line the server reads (a request is 2 deep)."""
CODE_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
"""No 0/o, 1/l/i: a code read aloud or copied by hand is typed right."""
CODE_LENGTH = 12
"""12 letters of 31: 59 bits, far past guessing at one slowed try at a time."""


class BadMessage(ValueError):
    """A line that is not a request of this protocol: its connection is closed, the game unchanged."""


def new_code() -> str:
    """A join code from the system's secure random source."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def code_matches(given: str, code: str) -> bool:
    """Constant time in the code's content (``hmac.compare_digest`` on bytes: any text is comparable)."""
    return hmac.compare_digest(given.encode("utf-8", "replace"), code.encode("utf-8"))


def penalty(wrong_tries: int, first: float, most: float) -> float:
    """Seconds a refused code waits before it is answered: doubling from ``first``, never over ``most``."""
    if wrong_tries <= 0:
        return 0.0
    return min(most, first * 2 ** min(wrong_tries - 1, 60))


def encode(message: dict[str, Any], limit: int = MAX_LINE) -> bytes:
    """One line of ASCII JSON (``ensure_ascii``: the wire carries no encoding question)."""
    line = json.dumps(message, separators=(",", ":"), ensure_ascii=True, allow_nan=False).encode("ascii") + b"\n"
    if len(line) > limit:
        raise ValueError(f"a message of {len(line)} bytes is over the line limit of {limit}")
    return line


def _no_constant(name: str) -> Any:
    raise BadMessage(f"{name} is not a JSON number this protocol reads")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise BadMessage(f"the field {key[:40]!r} is given twice")
        out[key] = value
    return out


def _depth(value: Any, limit: int) -> None:
    if isinstance(value, (list, dict)):
        if limit <= 0:
            raise BadMessage("the message is nested too deep")
        for item in value.values() if isinstance(value, dict) else value:
            _depth(item, limit - 1)


def decode(line: bytes, limit: int = MAX_LINE, containers: int | None = 4 * MAX_DEPTH) -> dict[str, Any]:
    """A line as a JSON object, or ``BadMessage`` (never another exception, whatever the bytes).

    ``containers``: the most arrays and objects a line may open (a request opens two), checked
    before the parser sees it; None for the host's views (the parser's own recursion limit holds)."""
    if len(line) > limit:
        raise BadMessage("the line is over the size limit")
    if containers is not None and line.count(b"[") + line.count(b"{") > containers:
        raise BadMessage("the message has too many arrays and objects")
    try:
        text = line.decode("utf-8")
        value = json.loads(text, parse_constant=_no_constant, object_pairs_hook=_object)
    except BadMessage:
        raise
    except (ValueError, RecursionError) as error:  # UnicodeDecodeError and JSONDecodeError are ValueErrors
        raise BadMessage(f"not a line of JSON ({type(error).__name__})") from None
    if not isinstance(value, dict):
        raise BadMessage("a message is a JSON object")
    _depth(value, MAX_DEPTH)
    return value


@dataclass(frozen=True)
class Int:
    """A whole number (never a bool) in a range."""

    low: int
    high: int

    def check(self, name: str, value: Any) -> None:
        if not isinstance(value, int) or isinstance(value, bool) or not self.low <= value <= self.high:
            raise BadMessage(f"{name} is a whole number from {self.low} to {self.high}")


@dataclass(frozen=True)
class Text:
    """A string of at most ``most`` characters, printable ASCII only."""

    most: int

    def check(self, name: str, value: Any) -> None:
        if not isinstance(value, str) or len(value) > self.most or not (value.isascii() and value.isprintable()):
            raise BadMessage(f"{name} is a text of at most {self.most} printable ASCII characters")


@dataclass(frozen=True)
class Pair:
    """Two whole numbers, each in its range: a square ``[column, row]``."""

    first: Int
    second: Int

    def check(self, name: str, value: Any) -> None:
        if not isinstance(value, list) or len(value) != 2:
            raise BadMessage(f"{name} is a pair of whole numbers")
        self.first.check(name, value[0])
        self.second.check(name, value[1])


Kind = Int | Text | Pair


@dataclass(frozen=True)
class Schema:
    """The requests one side may send: per ``type``, its fields (required) and their kinds.

    ``id`` (a whole number the sender chooses, echoed in a refusal) is allowed on every request."""

    requests: dict[str, dict[str, Kind]]

    def check(self, message: dict[str, Any]) -> dict[str, Any]:
        kind = message.get("type")
        if not isinstance(kind, str) or kind not in self.requests:
            raise BadMessage("the type is not a request of this game")
        fields = self.requests[kind]
        allowed = {"type", "id", *fields}
        extra = set(message) - allowed
        if extra:
            raise BadMessage(f"a {kind} request has no field {sorted(extra)[0][:40]!r}")
        if "id" in message:
            Int(0, 2**31 - 1).check("id", message["id"])
        for name, field_kind in fields.items():
            if name not in message:
                raise BadMessage(f"a {kind} request needs {name}")
            field_kind.check(name, message[name])
        return message


class LineReader:
    """Lines from a stream, each at most ``MAX_LINE`` bytes, a started line finished within ``line_timeout``.

    An idle player (no byte sent) is never dropped: people think.  A line begun and not
    finished in time (a stalled or hostile client), or one too long, raises ``BadMessage``;
    the end of the stream raises ``EOFError`` (a half line at the end is dropped: truncated)."""

    def __init__(self, reader: asyncio.StreamReader, line_timeout: float, limit: int = MAX_LINE) -> None:
        self.reader = reader
        self.line_timeout = line_timeout
        self.limit = limit
        self._buffer = bytearray()

    async def line(self, idle_timeout: float | None = None) -> bytes:
        """The next line without its newline; ``idle_timeout``: also bound the wait for its first byte."""
        while True:
            end = self._buffer.find(b"\n")
            if end >= 0:
                if end + 1 > self.limit:
                    raise BadMessage("the line is over the size limit")
                line = bytes(self._buffer[:end])
                del self._buffer[: end + 1]
                return line
            if len(self._buffer) >= self.limit:
                raise BadMessage("the line is over the size limit")
            timeout = self.line_timeout if self._buffer else idle_timeout
            try:
                chunk = await asyncio.wait_for(self.reader.read(4096), timeout)
            except asyncio.TimeoutError:
                raise BadMessage("the line was not finished in time") from None
            if not chunk:
                raise EOFError("the connection was closed" + (" in the middle of a line" if self._buffer else ""))
            self._buffer += chunk
