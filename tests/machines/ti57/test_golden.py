"""Golden keystroke traces (plain text files in golden/), from the seeds' worked
examples and the ROM facts in ti57-notes.md.

Lines: ``load duel|wolf``; ``program`` steps separated by '|'; ``keys`` to press;
``run REASON DISPLAY`` for one run(); ``show``/``flash DISPLAY`` for the display now
(steady / flashing); ``reg N VALUE``; ``pc N``.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from games.ti57_duel.driver import load_program as duel_program
from games.ti57_wolf.driver import load_program as wolf_program
from machines.ti57 import TI57, StopReason, parse_listing

GOLDEN = Path(__file__).parent / "golden"
FILES = sorted(GOLDEN.glob("*.txt"))


def play(path: Path) -> int:
    """Replay one trace; returns the number of checks made."""
    m = TI57()
    checks = 0
    for no, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        verb, _, rest = line.partition(" ")
        where = f"{path.name}:{no}: {line}"
        if verb == "load":
            m.load({"duel": duel_program, "wolf": wolf_program}[rest]())
        elif verb == "program":
            m.load(parse_listing("\n".join(rest.split("|"))))
        elif verb == "keys":
            for key in rest.split():
                m.press(key)
        elif verb == "run":
            reason, _, shown = rest.partition(" ")
            stop = m.run(max_steps=10_000)
            assert (stop.reason, stop.display) == (StopReason(reason), shown), where
            assert stop.flashing == (reason == "error") or reason == "idle", where
            checks += 1
        elif verb in ("show", "flash"):
            assert (m.display, m.flashing) == (rest, verb == "flash"), where
            checks += 1
        elif verb == "reg":
            n, value = rest.split()
            assert m.register(int(n)) == Decimal(value), f"{where}: R{n} = {m.register(int(n))}"
            checks += 1
        elif verb == "pc":
            assert m.pc == int(rest), f"{where}: pc = {m.pc}"
            checks += 1
        else:
            raise AssertionError(f"{where}: unknown verb")
    return checks


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_trace(path: Path) -> None:
    assert play(path) >= 5


def test_every_trace_is_found() -> None:
    names = {p.stem for p in FILES}
    assert {"duel_seed_example", "duel_capture", "duel_draw", "wolf_seed_example", "wolf_collision"} <= names
