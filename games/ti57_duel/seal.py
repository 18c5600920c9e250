"""Seal a duel's secrets for the save file: unreadable at a glance, or locked by the players' PINs.

A save holds the TI-57's whole state, hence both squares.  ``seal`` turns that JSON into
hexadecimal noise (lower-case hex: no dot, no key name such as ``STO`` can appear in it): the bytes are XORed with a key stream (SHA-256 of key, nonce and a block
counter) and tagged with an HMAC, so a damaged file is told apart from a good one.

* An unlocked duel keeps its random key in the save itself: a glance at the file (or a
  ``grep 3.4``) shows nothing, but anyone who runs this code can open it.  It protects
  against a look, not against a programmer.
* A locked duel's key is derived from both players' PINs (``hashlib.scrypt``): the save
  opens only with them.  A 4-digit PIN is short: someone patient with this code can try
  them all (scrypt makes each try cost tens of milliseconds, not nothing).

Only the standard library (hashlib, hmac, secrets).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from typing import Any

__all__ = ["Sealed", "WrongKey", "key_from_pins", "new_key", "new_salt", "open_sealed", "pin_digest", "seal"]

SCRYPT = {"n": 2**14, "r": 8, "p": 1}
"""About 16 MB and a few tens of milliseconds per derivation: once per duel, not per save."""


class WrongKey(ValueError):
    """The key (or the PINs it came from) does not open this sealed text, or the text was damaged."""


Sealed = dict[str, str]


def new_key() -> bytes:
    return secrets.token_bytes(32)


def new_salt() -> bytes:
    return secrets.token_bytes(16)


def key_from_pins(pins: tuple[str, ...], salt: bytes) -> bytes:
    """The sealing key of a locked duel: scrypt over the PINs chosen so far, in player order."""
    secret = "\x00".join(pins).encode("utf-8")
    return hashlib.scrypt(secret, salt=salt, n=SCRYPT["n"], r=SCRYPT["r"], p=SCRYPT["p"], dklen=32)


def pin_digest(pin: str, salt: bytes) -> str:
    """What the session keeps to check a PIN at the curtain (never the PIN itself)."""
    return hashlib.pbkdf2_hmac("sha256", pin.encode("utf-8"), salt, 20_000).hex()


def _stream(key: bytes, nonce: bytes, length: int) -> bytes:
    blocks = []
    for counter in range((length + 31) // 32):
        blocks.append(hashlib.sha256(key + nonce + counter.to_bytes(8, "big")).digest())
    return b"".join(blocks)[:length]


def _xor(data: bytes, stream: bytes) -> bytes:
    """``data`` XOR ``stream`` (as long as ``data``), in one operation on two integers: byte by byte
    in Python, a 3 KB save took ~1 ms of the event loop after every move."""
    return (int.from_bytes(data, "big") ^ int.from_bytes(stream, "big")).to_bytes(len(data), "big")


def _tag(key: bytes, nonce: bytes, body: bytes) -> str:
    return hmac.new(key, b"duel-save" + nonce + body, hashlib.sha256).hexdigest()


def seal(data: Any, key: bytes) -> Sealed:
    """``data`` (JSON-able) as ``{"nonce", "body", "tag"}``: hexadecimal noise and its HMAC."""
    plain = json.dumps(data, separators=(",", ":"), sort_keys=True).encode("utf-8")
    nonce = secrets.token_bytes(16)
    body = _xor(plain, _stream(key, nonce, len(plain)))
    return {
        "nonce": nonce.hex(),
        "body": body.hex(),
        "tag": _tag(key, nonce, body),
    }


def open_sealed(sealed: Any, key: bytes) -> Any:
    """The data ``seal`` sealed with ``key``; ``WrongKey`` for another key or a damaged seal."""
    try:
        nonce = bytes.fromhex(sealed["nonce"])
        body = bytes.fromhex(sealed["body"])
        tag = str(sealed["tag"])
    except (KeyError, TypeError, ValueError) as error:
        raise WrongKey(f"the sealed part is damaged ({type(error).__name__})") from error
    if not hmac.compare_digest(tag, _tag(key, nonce, body)):
        raise WrongKey("the key does not open it, or it was damaged")
    plain = _xor(body, _stream(key, nonce, len(body)))
    try:
        return json.loads(plain.decode("utf-8"))
    except (ValueError, RecursionError) as error:  # a right tag over bad (or 1000-deep) JSON: written by something else
        raise WrongKey(f"the sealed part is not a duel ({error})") from error
