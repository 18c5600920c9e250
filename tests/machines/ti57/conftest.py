from __future__ import annotations

import pytest

from machines.ti57 import TI57, parse_listing


def keyed(keys: str, machine: TI57 | None = None, program: str | None = None) -> TI57:
    """Press space-separated keys on a (new) machine; runs a started program to its stop."""
    m = machine or TI57()
    if program is not None:
        m.load(parse_listing(program))
    for k in keys.split():
        m.press(k)
    return m


@pytest.fixture
def machine() -> TI57:
    return TI57()
