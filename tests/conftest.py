"""Hypothesis profiles for the whole suite, and the test processes' garbage collector.

The normal run is derandomized: every property test draws the same examples on every run and
every machine, so a run cannot pass one day and fail the next on a new draw (and no example
database is kept between runs).  Deadlines are off: a loaded machine is slow, and no test
measures time.  The soak tests (``-m soak``) set ``derandomize=False`` themselves to explore;
``HYPOTHESIS_PROFILE=explore`` does the same for every property test.

A test process holds 400,000 to 1,000,000 objects (the suite's modules, Textual's and Rich's
caches, golden data), and each Pilot test leaves an app's worth of cycles for the collector.
Python walks all of them in a collection of its oldest generation, by default after every ten of
the middle one: 75-90 such collections of ~0.35 s in each xdist worker, a fifth of the suite's
CPU.  After every hundred instead: 16-23 per worker, the apps still collected, a worker's peak
memory 230-330 MB instead of 207-315 (the suite 1:56 against 2:21 in the same hour, 2 cores).
The arcade's own handling of its collector is ``arcade/runtime/collector.py``'s (its command line
only); the processes the tests start are not touched.
"""

from __future__ import annotations

import gc
import os

from hypothesis import HealthCheck, settings

settings.register_profile("suite", derandomize=True, database=None, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("explore", derandomize=False, database=None, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "suite"))

gc.set_threshold(*gc.get_threshold()[:2], 100)  # the oldest generation after 100 of the middle one's
