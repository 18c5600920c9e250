"""Two sizes of one test: the everyday run's, and the full one behind ``-m soak``.

A generated test (Hypothesis examples, seeds, games, tries) proves the same thing at any size; a
larger size only searches further.  The normal run keeps the suite within its two minutes; the
soak (``pytest -m soak``) runs the full size, at least what the normal run used to.  A test
takes the size as its argument and hands it to what it generates: ``@sizes(everyday=100,
soak=400)`` above ``test_random_keys_with_no_program_never_raise(examples)`` in
``tests/machines/hp67/test_properties.py`` gives Hypothesis ``max_examples=examples``.  This module
is the helper only: it holds no test.

The ids are ``everyday`` and ``soak``: ``pytest -m soak tests/machines/hp67/test_properties.py::test_random_keys_with_no_program_never_raise``
runs the full size of one test.  ``name`` says what is counted (``examples``, ``seeds``,
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
