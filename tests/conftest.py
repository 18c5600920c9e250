"""Hypothesis profiles for the whole suite, and the test processes' garbage collector.

The normal run is derandomized: every property test draws the same examples on every run and
every machine, so a run cannot pass one day and fail the next on a new draw (and no example
database is kept between runs).  Deadlines are off: a loaded machine is slow, and no test
measures time.  The soak tests (``-m soak``) set ``derandomize=False`` themselves to explore;
``HYPOTHESIS_PROFILE=explore`` does the same for every property test.

A test process holds hundreds of thousands of objects (the suite's modules, Textual's and Rich's
caches, golden data), and each Pilot test leaves an app's worth of cycles for the collector.
Python walks all of them in each collection of its oldest generation, by default after every ten
of the middle one: a fifth of the suite's CPU.  The test processes do it after every hundred
(the apps are still collected; the figures are in docs/performance.md, "The test suite").  The
arcade's own handling of its collector is ``arcade/runtime/collector.py``'s (its command line
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
