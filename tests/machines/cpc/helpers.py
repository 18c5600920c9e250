"""Running a listing with typed lines and collecting what it printed."""

from __future__ import annotations

from machines.cpc import CPC, RunState


def run_program(source: str, lines: list[str] = (), budget: int = 1_000_000) -> tuple[CPC, RunState]:
    """Enter ``source``, run it, and answer each INPUT with the next of ``lines``."""
    cpc = CPC(clock=lambda: 0.0)
    cpc.load_basic(source)
    state = cpc.run(budget)
    for line in lines:
        assert state == RunState.WAITING_INPUT, (state, cpc.transcript)
        cpc.type(line + "\r")
        state = cpc.run(budget)
    return cpc, state


def output(source: str, lines: list[str] = ()) -> str:
    """The transcript without the final "Ready" line."""
    cpc, _ = run_program(source, lines)
    text = cpc.transcript
    return text[: -len("Ready\n")] if text.endswith("Ready\n") else text
