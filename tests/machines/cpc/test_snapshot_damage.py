"""Damaged snapshots: refused with the field named and nothing changed, or restored whole.

Real snapshots (Lazard's Othello waiting for a move and mid-move, a program with arrays,
strings, DEF FN, timers, windows and a stack, the Ready prompt editing, running a
program and running a direct statement) are hurt at one random place each
(``damage.py``): wrong type or range, deleted key, list cut or grown, deep nesting.
Each is either refused with ``ValueError("snapshot field '<path>': ...")`` and the
machine as it was, or restored into a machine that then runs and takes keys without
any other exception.  The counts are printed (``-s``) for the README's reliability
paragraph; ``-m soak`` runs many more.
"""

from __future__ import annotations

import json
import re

import pytest

from games.lazard_othello.driver import LISTING
from machines.cpc import CPC, ReadyPrompt, RunState
from tests.machines.cpc.damage import real_snapshots, snapshot_campaign

CPCS, PROMPTS = real_snapshots(LISTING)


def _campaign(prompt: bool, tries: int, seed: int) -> None:
    counts = snapshot_campaign(PROMPTS if prompt else CPCS, tries, seed, prompt=prompt)
    print(counts.line("Ready-prompt snapshots" if prompt else "CPC snapshots"))
    assert not counts.crashes, "\n\n".join(counts.crashes[:5])
    assert counts.refused and counts.accepted  # the damage reaches both outcomes


def test_damaged_cpc_snapshots_are_refused_by_field_or_restored_whole() -> None:
    _campaign(prompt=False, tries=250, seed=16)


def test_damaged_ready_prompt_snapshots_are_refused_by_field_or_restored_whole() -> None:
    _campaign(prompt=True, tries=200, seed=16)


@pytest.mark.soak
@pytest.mark.parametrize("seed", range(4))
def test_soak_damaged_snapshots(seed: int) -> None:
    _campaign(prompt=False, tries=5_000, seed=1000 + seed)
    _campaign(prompt=True, tries=10_000, seed=2000 + seed)


@pytest.mark.parametrize("path, value, field", [
    (("screen", "pens", 3, 7), 99, "screen.pens[3][7]"),
    (("screen", "chars", 24), "x" * 39, "screen.chars[24]"),
    (("screen", "windows", 0, "right"), 40, "screen.windows[0].right"),
    (("screen", "inks", 2), [6, 27], "screen.inks[2][1]"),
    (("pc",), 10**6, "pc"),
    (("pc",), -1, "pc"),
    (("scalars", "K%"), "NaN", "scalars.K%"),
    (("scalars", "A$"), 7, "scalars.A$"),
    (("scalars", "Q9#"), 1.0, "scalars.Q9#"),
    (("scalars", "9Q!"), 1.0, "scalars.9Q!"),
    (("arrays", "B%", "data"), [0] * 99, "arrays.B%.data"),
    (("arrays", "B%", "data", 5), 40000, "arrays.B%.data[5]"),
    (("stack", 0, 1), 9999, "stack[0][1]"),
    (("lines", "9999"), "", "lines.9999"),
    (("timers", 1), [True, 0, 0, 0], "timers[1][1]"),
    (("rnd",), 1 << 32, "rnd"),
    (("rnd",), [1, float("inf")], "rnd[1]"),  # the [state, last value] of older saves
    (("data_ptr",), 9999, "data_ptr"),
    (("statements",), True, "statements"),
])
def test_a_bad_field_is_named_and_nothing_changes(path, value, field) -> None:
    name, snap = next((n, s) for n, s in CPCS if n == "othello thinking")
    snap = json.loads(json.dumps(snap))
    assert snap["stack"], "the snapshot is taken inside a subroutine"
    place = snap
    for step in path[:-1]:
        place = place[step]
    place[path[-1]] = value
    cpc = CPC(clock=lambda: 0.0)
    cpc.load_basic("10 PRINT 1")
    before = json.dumps(cpc.snapshot(), sort_keys=True)
    with pytest.raises(ValueError, match="^" + re.escape(f"snapshot field '{field}'")):
        cpc.restore(snap)
    assert json.dumps(cpc.snapshot(), sort_keys=True) == before
    assert cpc.run() == RunState.ENDED and cpc.transcript.endswith(" 1 \nReady\n")


def test_deep_nesting_and_a_missing_key_are_refused_by_name() -> None:
    snap = json.loads(json.dumps(CPCS[0][1]))
    deep: list = []
    for _ in range(5000):
        deep = [deep]
    snap["screen"]["pens"] = deep
    with pytest.raises(ValueError, match=r"^snapshot field 'screen.pens'"):
        CPC().restore(snap)
    snap = json.loads(json.dumps(CPCS[0][1]))
    del snap["screen"]["windows"][3]["paper"]
    with pytest.raises(ValueError, match=r"^snapshot field 'screen.windows\[3\].paper': is missing"):
        CPC().restore(snap)
    prompt = json.loads(json.dumps(PROMPTS[0][1]))
    prompt["editor"]["cursor"] = 10**4
    with pytest.raises(ValueError, match=r"^snapshot field 'editor.cursor'"):
        ReadyPrompt().restore(prompt)
    prompt = json.loads(json.dumps(PROMPTS[0][1]))
    prompt["cpc"]["screen"]["mode"] = 7
    with pytest.raises(ValueError, match=r"^snapshot field 'cpc.screen.mode'"):
        ReadyPrompt().restore(prompt)


def test_real_snapshots_mid_game_round_trip_and_play_on_identically() -> None:
    for name, snap in CPCS:
        a, b = CPC(clock=lambda: 0.0), CPC(clock=lambda: 0.0)
        a.restore(snap)
        b.restore(json.loads(json.dumps(a.snapshot())))
        assert json.dumps(b.snapshot(), sort_keys=True) == json.dumps(snap, sort_keys=True), name
        for cpc in (a, b):
            for keys in ("X\r", "C\r", "4\r", "\r"):
                cpc.run(50_000)
                cpc.type(keys)
            cpc.run(50_000)
        assert a.transcript == b.transcript and a.screen_text() == b.screen_text(), name
    for name, snap in PROMPTS:
        p, q = ReadyPrompt(CPC(clock=lambda: 0.0)), ReadyPrompt(CPC(clock=lambda: 0.0))
        p.restore(snap)
        q.restore(json.loads(json.dumps(p.snapshot())))
        assert json.dumps(q.snapshot(), sort_keys=True) == json.dumps(snap, sort_keys=True), name
