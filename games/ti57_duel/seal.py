"""Seal a duel's secrets for the save file, with an AEAD (AES-256-GCM) from ``cryptography``.

A save holds the TI-57's whole state, and its registers, display, key log and turns mix
both players' squares: no part of it can be given to one player alone.  So:

* An unlocked duel keeps a random key in the save itself: a glance at the file (or a
  ``grep 3.4``) shows nothing, but anyone who runs this code can open it.  It protects
  against a look, not against a programmer.
* A locked duel gives each player who has chosen a PIN an envelope: a random **share**
  and that player's own squares, sealed under ``scrypt(PIN, the player's salt)``.  The
  TI-57's state is sealed under a key made from the shares of every player who has
  chosen a PIN (HKDF-SHA256): with one PIN a player opens their own envelope (a share
  that is random noise, and squares they know) and nothing else; the TI-57 opens only
  with every PIN chosen so far -- player 1's alone while only player 1 has placed, when
  it holds only player 1's square.  The scrypt cost is written in the file (``KdfCost``),
  near a second a try by default; an offline search of a PIN pays it for every guess.

Strings shorter than ``PADDED_WIDTH`` are padded to it inside the sealed text, so that
the sealed part's length does not depend on the numbers in it (a register ``0.4`` or
``2.2000000000``, a display ``7.0``): only public facts (the moves played) change it.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
from dataclasses import dataclass
from typing import Any, Sequence

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from cryptography.hazmat.primitives.kdf.scrypt import Scrypt

__all__ = [
    "DEFAULT_COST", "KdfCost", "PADDED_WIDTH", "Sealed", "WrongKey", "machine_key", "new_key", "new_salt",
    "open_earlier", "open_sealed", "pin_digest", "pin_key", "seal",
]

PADDED_WIDTH = 18
"""Every string shorter than this is padded to it in the sealed text (a TI-57 number is at most 17)."""
_PAD = b"\x7f"  # DEL: never in a duel's data, and JSON (``ensure_ascii=False``) writes it as one byte


@dataclass(frozen=True)
class KdfCost:
    """scrypt's parameters for a PIN (``n`` = 2 ** ``log2_n``), written in each locked save.

    The bounds are what a file may ask of the arcade: at most 512 MiB and twice the default work."""

    log2_n: int
    r: int
    p: int

    LOG2_N = (1, 20)
    R = (1, 16)
    P = (1, 8)
    MAX_MEMORY = 512 * 2**20
    MAX_WORK = 2**22

    def __post_init__(self) -> None:
        for name, (low, high) in (("log2_n", self.LOG2_N), ("r", self.R), ("p", self.P)):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
                raise ValueError(f"scrypt's {name} must be a whole number from {low} to {high}, not {value!r}")
        if self.memory > self.MAX_MEMORY or self.work > self.MAX_WORK:
            raise ValueError(f"scrypt ({self.log2_n}, {self.r}, {self.p}) asks too much memory or time")

    @property
    def n(self) -> int:
        return 2**self.log2_n

    @property
    def memory(self) -> int:
        """Bytes one derivation fills (scrypt's V array: 128 * r * n)."""
        return 128 * self.r * self.n

    @property
    def work(self) -> int:
        """scrypt's work, in BlockMix calls of r = 1: what a try costs, whoever runs it."""
        return self.n * self.r * self.p

    def to_json(self) -> dict[str, Any]:
        return {"kdf": "scrypt", "log2_n": self.log2_n, "r": self.r, "p": self.p}


DEFAULT_COST = KdfCost(log2_n=18, r=8, p=1)
"""256 MiB and about one second a derivation on one core of the machine that measured it
(``bench/duel_seal.py``); once per PIN chosen, once per PIN given to resume."""


class WrongKey(ValueError):
    """The key (or the PIN it came from) does not open this sealed text, or the text was damaged."""


Sealed = dict[str, str]


def new_key() -> bytes:
    return secrets.token_bytes(32)


def new_salt() -> bytes:
    return secrets.token_bytes(16)


def pin_key(pin: str, salt: bytes, cost: KdfCost) -> bytes:
    """The key of a player's envelope: scrypt over the PIN (the one slow step, by design)."""
    return Scrypt(salt=salt, length=32, n=cost.n, r=cost.r, p=cost.p).derive(pin.encode("utf-8"))


def machine_key(shares: Sequence[bytes]) -> bytes:
    """The TI-57's key from the shares of the players who chose a PIN, in player order."""
    return HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=b"ti57-duel machine").derive(b"".join(shares))


def pin_digest(pin: str, salt: bytes) -> str:
    """What a session keeps in memory to check a PIN at the curtain: never written to a file (whoever
    reads the process's memory reads the keys too), so it need not be slow."""
    return hmac.new(salt, pin.encode("utf-8"), hashlib.sha256).hexdigest()


_STRING = re.compile(rb'"((?:[^"\\]|\\.)*)"')
"""A string in compact JSON (nothing else in it holds a quote)."""


def _padded(data: Any) -> bytes:
    """``data`` as compact JSON in UTF-8, every string shorter than ``PADDED_WIDTH`` bytes padded to it."""
    text = json.dumps(data, separators=(",", ":"), sort_keys=True, ensure_ascii=False).encode("utf-8")
    if _PAD in text:
        raise ValueError("a duel's data never holds DEL")
    return _STRING.sub(lambda m: m[0] if len(m[1]) >= PADDED_WIDTH else
                       b'"' + m[1] + _PAD * (PADDED_WIDTH - len(m[1])) + b'"', text)


def seal(data: Any, key: bytes, context: str) -> Sealed:
    """``data`` (JSON-able) as ``{"nonce", "body"}`` in hexadecimal; ``context`` (what it is: "machine",
    "player 1"...) is authenticated too, so that one sealed part cannot stand for another."""
    plain = _padded(data)
    nonce = secrets.token_bytes(12)
    body = AESGCM(key).encrypt(nonce, plain, context.encode("utf-8"))
    return {"nonce": nonce.hex(), "body": body.hex()}


def open_sealed(sealed: Any, key: bytes, context: str) -> Any:
    """The data ``seal`` sealed with ``key`` for ``context``; ``WrongKey`` for another key or a damaged seal."""
    try:
        nonce = bytes.fromhex(sealed["nonce"])
        body = bytes.fromhex(sealed["body"])
        plain = AESGCM(key).decrypt(nonce, body, context.encode("utf-8"))
    except InvalidTag as error:
        raise WrongKey("the key does not open it, or it was damaged") from error
    except (KeyError, TypeError, ValueError) as error:
        raise WrongKey(f"the sealed part is damaged ({type(error).__name__})") from error
    return _parsed(plain)


def _parsed(plain: bytes) -> Any:
    try:
        return json.loads(plain.replace(_PAD, b"").decode("utf-8"))
    except (ValueError, RecursionError) as error:  # a right tag over bad (or 1000-deep) JSON: written by something else
        raise WrongKey(f"the sealed part is not a duel ({error})") from error


def open_earlier(sealed: Any, key: bytes) -> Any:
    """A part sealed by the earlier arcade (schema 2: a SHA-256 key stream and an HMAC tag), read
    only to carry an unlocked duel over; nothing is sealed that way any more."""
    try:
        nonce = bytes.fromhex(sealed["nonce"])
        body = bytes.fromhex(sealed["body"])
        tag = str(sealed["tag"])
    except (KeyError, TypeError, ValueError) as error:
        raise WrongKey(f"the sealed part is damaged ({type(error).__name__})") from error
    expected = hmac.new(key, b"duel-save" + nonce + body, hashlib.sha256).hexdigest()
    if not hmac.compare_digest(tag, expected):
        raise WrongKey("the key does not open it, or it was damaged")
    blocks = (hashlib.sha256(key + nonce + i.to_bytes(8, "big")).digest() for i in range((len(body) + 31) // 32))
    stream = b"".join(blocks)[: len(body)]
    plain = (int.from_bytes(body, "big") ^ int.from_bytes(stream, "big")).to_bytes(len(body), "big")
    return _parsed(plain)
