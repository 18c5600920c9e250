"""Why a TI-57 program stopped: shared by the machine and its instruction table."""

from __future__ import annotations

from enum import Enum

__all__ = ["StopReason"]


class StopReason(str, Enum):
    HALT = "halt"  # R/S in the program, INV SBR with nothing to return to
    PAUSE = "pause"  # 2nd Pause: shown about 3/4 s, run() again goes on
    ERROR = "error"  # the display flashes; the program stopped after the failing step
    BUDGET = "budget"  # max_steps reached, still running: run() again goes on
    IDLE = "idle"  # nothing was running
