from __future__ import annotations

from machines.ti57 import TI57, parse_listing


def keyed(keys: str, machine: TI57 | None = None, program: str | None = None) -> TI57:
    """Press space-separated keys on a (new) machine; a started program is left to run()."""
    m = machine or TI57()
    if program is not None:
        m.load(parse_listing(program))
    for k in keys.split():
        m.press(k)
    return m
