"""Random lines typed at the Ready prompt: program lines, commands, direct statements.

``damage.prompt_campaign`` types lines made of BASIC words, numbers near the machine's
limits (65535, 32768, DIM 13106...) and stray editing keys, runs whatever starts under a
statement budget (then ESC ESC), and answers INPUT and key waits.  Every line must end
in a BASIC error message or a result: no Python exception, no interpreter fault, no
"Unknown error" (a fault shown as a BASIC error), no line the compiler did not understand,
nothing running for ever, and the snapshot still readable.  The counts are printed (``-s``); ``-m soak`` types many more.
"""

from __future__ import annotations

import pytest

from tests.machines.cpc.damage import prompt_campaign


def _campaign(lines: int, seed: int) -> None:
    counts = prompt_campaign(lines, seed)
    print(counts.line("Ready-prompt lines"))
    assert not counts.crashes, "\n\n".join(counts.crashes[:5])
    assert counts.refused and counts.accepted


def test_random_lines_at_the_ready_prompt_end_in_an_error_or_a_result() -> None:
    _campaign(600, seed=16)


@pytest.mark.soak
@pytest.mark.parametrize("seed", range(4))
def test_soak_random_lines_at_the_ready_prompt(seed: int) -> None:
    _campaign(50_000, seed=3000 + seed)
