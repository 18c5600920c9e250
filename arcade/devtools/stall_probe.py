"""A probe of event-loop stalls, for ``bench/ui_latency.py``: off unless ``ARCADE_STALL_PROBE`` is set.

A 10 ms timer notes the gap between its ticks; a gap much longer than 10 ms is time
the event loop could not run (a re-layout, a machine step on the wrong thread...).
Once a second the figures so far (ticks, the largest gaps, how many exceeded 50 ms)
go to a JSON file: ``ARCADE_STALL_PROBE`` names it, or ``1`` puts ``stall-probe.json``
in the arcade's data directory.  ``SIGUSR1`` writes the figures so far and starts
again (the bench separates the launch from the play that way).  Nothing is
measured, nor written, without it.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

INTERVAL = 0.010
WRITE_EVERY = 1.0


def probe_path() -> Path | None:
    """The file the probe writes to, or None when no probe is asked for."""
    value = os.environ.get("ARCADE_STALL_PROBE", "")
    if not value or value == "0":
        return None
    if value == "1":
        from arcade.storage.saves import data_dir

        return data_dir() / "stall-probe.json"
    return Path(value)


@dataclass
class StallProbe:
    """Gaps between the ticks of a 10 ms timer, written to ``path`` now and then."""

    path: Path
    gaps: list[float] = field(default_factory=list)
    _last: float = 0.0
    _written: float = 0.0

    def start(self, node: Any) -> None:
        """Tick on ``node``'s event loop (an App or a Screen)."""
        self._last = self._written = time.perf_counter()
        node.set_interval(INTERVAL, self.tick)
        try:
            asyncio.get_running_loop().add_signal_handler(signal.SIGUSR1, self.restart)
        except (AttributeError, RuntimeError, ValueError):  # no such signal here, or not the main thread
            pass

    def restart(self) -> None:
        """Write what was measured so far (beside the file, ``.before``) and measure afresh."""
        self.write(self.path.with_suffix(".before.json"))
        self.gaps = []
        self._last = time.perf_counter()

    def tick(self) -> None:
        now = time.perf_counter()
        self.gaps.append(now - self._last)
        self._last = now
        if now - self._written >= WRITE_EVERY:
            self._written = now
            self.write()

    def figures(self) -> dict[str, Any]:
        gaps = sorted(self.gaps)
        if not gaps:
            return {"ticks": 0}
        return {
            "ticks": len(gaps),
            "max_gap_ms": round(gaps[-1] * 1000, 1),
            "p99_gap_ms": round(gaps[min(len(gaps) - 1, int(len(gaps) * 0.99))] * 1000, 1),
            "over_50ms": sum(g > 0.050 for g in gaps),
            "worst_ms": [round(g * 1000, 1) for g in gaps[-5:][::-1]],
        }

    def write(self, path: Path | None = None) -> None:
        target = path or self.path
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            tmp = target.with_suffix(".tmp")
            tmp.write_text(json.dumps(self.figures()), encoding="utf-8")
            os.replace(tmp, target)
        except OSError:
            pass  # a probe never disturbs the player


def start_if_asked(node: Any) -> StallProbe | None:
    path = probe_path()
    if path is None:
        return None
    probe = StallProbe(path)
    probe.start(node)
    return probe
