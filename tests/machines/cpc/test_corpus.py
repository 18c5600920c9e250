"""Magazine-style type-in programs, each with the keys typed and the expected transcript."""

from __future__ import annotations

from pathlib import Path

import pytest

from machines.cpc import CPC, RunState

CORPUS = Path(__file__).with_name("corpus")
PROGRAMS = sorted(p.stem for p in CORPUS.glob("*.bas"))


@pytest.mark.parametrize("name", PROGRAMS)
def test_type_in_program_runs_to_its_expected_transcript(name: str) -> None:
    cpc = CPC(clock=lambda: 0.0)
    assert cpc.load_basic((CORPUS / f"{name}.bas").read_text()) == []
    state = cpc.run(1_000_000)
    for line in (CORPUS / f"{name}.keys").read_text().splitlines():
        assert state == RunState.WAITING_INPUT, cpc.transcript
        cpc.type(line + "\r")
        state = cpc.run(1_000_000)
    assert state == RunState.ENDED
    assert cpc.transcript == (CORPUS / f"{name}.out").read_text()


def test_corpus_is_the_one_the_brief_asks_for() -> None:
    assert set(PROGRAMS) >= {"guess", "hangman", "tables", "bubble", "sieve", "hanoi", "adventure", "loan", "lander"}
