"""Two sizes of one test: the everyday run's, and the full one behind ``-m soak``.

A generated test (Hypothesis examples, seeds, games, tries) proves the same thing at any size; a
larger size only searches further.  The normal run keeps the suite within its two minutes; the
soak (``pytest -m soak``) runs the full size, at least what the normal run used to::

    @sizes(everyday=60, soak=200)
    def test_something(examples: int) -> None:
        @settings(max_examples=examples, **PROFILE)
        @given(...)
        def check(...) -> None: ...

        check()

The ids are ``everyday`` and ``soak``: ``pytest -m soak tests/.../test_x.py::test_something``
runs the full size of that one test.  ``name`` says what is counted (``examples``, ``seeds``,
``games``...).
"""

from __future__ import annotations

import pytest


def sizes(everyday: int, soak: int, name: str = "examples") -> pytest.MarkDecorator:
    """Parametrize ``name``: ``everyday`` in the normal run, ``soak`` marked ``soak``."""
    if not 0 < everyday < soak:
        raise ValueError(f"the soak size ({soak}) must be larger than the everyday one ({everyday})")
    return pytest.mark.parametrize(
        name, [pytest.param(everyday, id="everyday"), pytest.param(soak, marks=pytest.mark.soak, id="soak")]
    )
