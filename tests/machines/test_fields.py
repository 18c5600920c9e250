"""The one field reader (``machines.fields``): what every snapshot and save refuses, and how it says so."""

from __future__ import annotations

import math
import re
from decimal import Decimal
from enum import Enum
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from machines.fields import Field, SnapshotFieldError, shown
from tests.sizes import sizes


def refused(read: Any, message: str) -> None:
    with pytest.raises(SnapshotFieldError) as info:
        read()
    assert str(info.value) == message


def test_values_are_shown_short_and_as_json_spells_them() -> None:
    assert [shown(v) for v in (None, True, False, float("nan"), float("inf"), -float("inf"), {}, [], 3)] == [
        "null", "true", "false", "NaN", "Infinity", "-Infinity", "an object", "a list", "3"]
    assert shown("x" * 10_000) == repr("x" * 36)[:37] + "..." and len(shown("x" * 10_000)) == 40
    assert shown(10**5000) == "a huge integer"  # repr would raise (int digits limit)


def test_a_bool_is_not_a_number_nor_nan_nor_an_infinity() -> None:
    f = Field({"b": True, "n": float("nan"), "i": float("inf"), "x": 1.5, "k": 3})
    refused(lambda: f["b"].int(), "snapshot field 'b': true is not a whole number")
    refused(lambda: f["b"].number(), "snapshot field 'b': true is not a number")
    refused(lambda: f["n"].number(), "snapshot field 'n': NaN is not a finite number")
    refused(lambda: f["i"].number(), "snapshot field 'i': Infinity is not a finite number")
    refused(lambda: f["x"].int(), "snapshot field 'x': 1.5 is not a whole number")
    refused(lambda: f["k"].bool(), "snapshot field 'k': 3 is not true or false")
    assert f["k"].int(0, 3) == 3 and f["x"].number(0, 2) == 1.5


def test_ranges_lengths_and_choices_name_the_path() -> None:
    f = Field({"a": [{"b": 5}], "s": "abc", "l": [1, 2, 3], "c": 1})
    refused(lambda: f["a"][0]["b"].int(0, 1), "snapshot field 'a[0].b': 5 is not from 0 to 1")
    refused(lambda: f["a"][0]["b"].int(9), "snapshot field 'a[0].b': 5 is not at least 9")
    refused(lambda: f["l"].list(2, 2), "snapshot field 'l': has 3 items, not exactly 2")
    refused(lambda: f["l"].list(4), "snapshot field 'l': has 3 items, not at least 4")
    refused(lambda: f["l"].ints(1, 2), "snapshot field 'l[2]': 3 is not from 1 to 2")
    refused(lambda: f["l"][3], "snapshot field 'l[3]': is missing")
    assert f["l"][-1].path == "l[2]"
    refused(lambda: f["s"].str(2), "snapshot field 's': is text of 3 characters, more than 2")
    refused(lambda: f["s"].choice(("a", "b")), "snapshot field 's': 'abc' is not one of a, b")
    refused(lambda: f["c"].choice((True, None)), "snapshot field 'c': 1 is not one of true, null")
    refused(lambda: f["s"].match(re.compile(r"\d+"), "digits"), "snapshot field 's': 'abc' is not digits")
    refused(lambda: f["gone"], "snapshot field 'gone': is missing")
    refused(lambda: f["s"]["x"], "snapshot field 's': 'abc' is not an object")


def test_a_snapshot_has_its_fields_and_no_other() -> None:
    f = Field({"pc": 1, "extra": 2})
    refused(lambda: f.fields(("pc", "x"), owner="the TI-57's snapshot"), "snapshot field 'x': is missing")
    refused(lambda: f.fields(("pc",), owner="the TI-57's snapshot"),
            "snapshot field 'extra': is not a field of the TI-57's snapshot")
    assert f.fields(("pc",), ("extra",), owner="x") == {"pc": 1, "extra": 2}
    refused(lambda: Field([1]).fields((), owner="x"), "snapshot field '.': a list is not an object")


def test_enums_by_value_and_by_name() -> None:
    class Side(Enum):
        WOLF = "wolf"
        LAMBS = "lambs"

    assert Field("wolf").enum(Side) is Side.WOLF and Field("LAMBS").enum_name(Side) is Side.LAMBS
    refused(lambda: Field("sheep").enum(Side), "snapshot field '.': 'sheep' is not one of wolf, lambs")
    refused(lambda: Field(5).enum_name(Side), "snapshot field '.': 5 is not one of WOLF, LAMBS")


def test_a_calculator_number() -> None:
    def read(text: Any) -> Decimal:
        return Field({"x": text})["x"].decimal(digits=10, machine="HP-67")

    assert read("-1.5E-7") == Decimal("-1.5E-7") and read("0E-100") == 0
    refused(lambda: read(1.5), "snapshot field 'x': 1.5 is not a number of the HP-67 (a decimal string)")
    refused(lambda: read("NaN"), "snapshot field 'x': 'NaN' is not a finite number of the HP-67")
    refused(lambda: read("12345678901"), "snapshot field 'x': '12345678901' has more than the HP-67's 10 digits")
    refused(lambda: read("1E100"), "snapshot field 'x': '1E100' is beyond the HP-67's exponent range -99..99")
    refused(lambda: read("0E-200"), "snapshot field 'x': '0E-200' is a zero with an exponent the HP-67 cannot hold")


def test_deep_nesting_is_refused_before_anything_walks_it() -> None:
    deep: Any = []
    for _ in range(5000):
        deep = [deep]
    with pytest.raises(SnapshotFieldError, match=r"^snapshot field 'a(\[0\]){11}\.\.\.': nests deeper than 48 levels$"):
        Field({"a": deep}).shallow()
    assert Field({"a": [[1]]}).shallow() == {"a": [[1]]}


def test_a_cross_field_refusal_names_the_field_with_no_value() -> None:
    f = Field({"moves": [{"square": 12}], "position": 3})
    refused(lambda: f["moves"][0].get("square").refuse("is not legal there"),
            "snapshot field 'moves[0].square': is not legal there")
    refused(lambda: f.get("absent").refuse("is not where the moves lead"),  # a path spelt, present or not
            "snapshot field 'absent': is not where the moves lead")
    error = f["position"].refusal("disagrees")  # the same error, for a caller raising it itself
    assert isinstance(error, SnapshotFieldError) and str(error) == "snapshot field 'position': disagrees"


def test_another_reader_s_refusal_becomes_this_field_s() -> None:
    class Saved(ValueError):
        def __init__(self, path: str, problem: str) -> None:
            super().__init__(f"field '{path}': {problem}")

    class SaveField(Field):
        __slots__ = ()
        error = Saved
        root = "state"

    f = SaveField({"machine": {}})
    with pytest.raises(Saved, match=r"^field 'state.machine.stack\[2\]': 'NaN' is not a finite number$"):
        with f["machine"].reading("snapshot"):
            raise SnapshotFieldError("stack[2]", "'NaN' is not a finite number")
    with pytest.raises(Saved, match=r"^field 'state.machine': is not a valid snapshot \(KeyError: 'x'\)$"):
        with f["machine"].reading("snapshot"):
            raise KeyError("x")
    secret = SaveField({"sq": [3, 14]}, "state.sealed", secret=True)
    with pytest.raises(Saved) as info:
        secret["sq"][1].int(0, 9)
    assert str(info.value) == "field 'state.sealed.sq[1]': is not from 0 to 9"  # no value shown
    with pytest.raises(Saved, match=r"^field 'state.sealed.sq\[0\]': is damaged$"):
        with secret["sq"].reading("snapshot"):
            raise SnapshotFieldError("[0]", "3 is not 4")


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner, max_size=4),
    max_leaves=12,
)
READERS = (
    lambda f: f.int(0, 9), lambda f: f.number(-1, 1), lambda f: f.bool(), lambda f: f.str(5), lambda f: f.list(1, 2),
    lambda f: f.ints(0, 3, 0, 3), lambda f: f.choice((0, "a", None)), lambda f: f.table(), lambda f: f["k"],
    lambda f: f[0], lambda f: f.hex(2), lambda f: f.decimal(digits=10, machine="HP-67"),
    lambda f: f.fields(("k",), owner="x"), lambda f: f.each(lambda i: i.int()), lambda f: f.shallow(2),
)


@sizes(everyday=50, soak=150)
def test_any_json_value_is_read_or_refused_by_name(examples: int) -> None:
    """Whatever the value, a reader returns or raises the field's error naming a path: nothing else."""
    @settings(max_examples=examples, deadline=None)
    @given(JSON, st.sampled_from(range(len(READERS))))
    def check(value: Any, reader: int) -> None:
        try:
            result = READERS[reader](Field({"v": value})["v"])
        except SnapshotFieldError as error:
            assert str(error).startswith("snapshot field 'v") and error.path.startswith("v")
            return
        if reader == 1:
            assert math.isfinite(result) and not isinstance(result, bool)

    check()
