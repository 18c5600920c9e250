"""Hypothesis profiles for the whole suite.

The normal run is derandomized: every property test draws the same examples on every run and
every machine, so a run cannot pass one day and fail the next on a new draw (and no example
database is kept between runs).  Deadlines are off: a loaded machine is slow, and no test
measures time.  The soak tests (``-m soak``) set ``derandomize=False`` themselves to explore;
``HYPOTHESIS_PROFILE=explore`` does the same for every property test.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile("suite", derandomize=True, database=None, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("explore", derandomize=False, database=None, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "suite"))
