"""The algebraic operating system: precedence, parentheses, limits, R6/R5 (ti57-notes "AOS")."""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from tests.machines.ti57.conftest import keyed


@pytest.mark.parametrize(
    ("keys", "shown"),
    [
        ("2 + 3 * 4 =", "14."),
        ("2 * 3 + 4 =", "10."),
        ("2 + 3 *", "3."),  # + waits for *
        ("2 * 3 +", "6."),  # * completed by +, intermediate result shown
        ("2 + 3 * 4 -", "14."),
        ("1 0 - 4 - 3 =", "3."),  # left to right
        ("2 * 3 y^x 2 =", "18."),  # y^x before *
        ("2 + 3 y^x 2 * 2 =", "20."),
        ("( 2 + 3 ) * 4 =", "20."),
        ("2 * ( 3 + 4 ) =", "14."),
        ("2 * ( 3 + 4 )", "7."),
        ("2 * ( 3 + ( 4 - 1 ) * 2 ) =", "18."),
        ("2 * ( 3 + 4 =", "14."),  # = closes every parenthesis
        ("5 ) =", "5."),  # a stray ) is ignored
        ("2 + 3 STO 1 * 4 =", "14."),  # memory keys leave pending operations alone
        ("2 + x2 =", "6."),  # a function acts on the display at once
        ("2 + 3 x2 =", "11."),
        ("8 INV y^x 3 =", "2."),
    ],
)
def test_precedence(keys: str, shown: str) -> None:
    m = keyed(keys)
    assert m.display == shown
    assert not m.flashing


def test_memory_keys_do_not_disturb_pending_operations() -> None:
    m = keyed("2 + 3 STO 1 * 4 =")
    assert m.register(1) == 3


def test_four_pending_operations_and_the_fifth_refused() -> None:
    m = keyed("1 + 2 * 3 y^x ( 1 + 1 ) =")  # four levels: fine
    assert m.display == "19." and not m.flashing
    m = keyed("1 + ( 2 + ( 3 + ( 4 +")
    assert len([p for p in m.view().pending if p != "("]) == 4
    m.press("(")
    m.press("5")
    m.press("+")  # the 5th pending operation
    assert m.flashing
    assert len([p for p in m.view().pending if p != "("]) == 4


def test_nine_parentheses_and_the_tenth_refused() -> None:
    m = keyed("( " * 9 + "2")
    assert not m.flashing
    assert m.view().pending.count("(") == 9
    m.press("(")
    assert m.flashing
    assert m.view().pending.count("(") == 9
    m = keyed("( " * 9 + "2 " + ") " * 9 + "=")
    assert m.display == "2."


def test_levels_three_and_four_live_in_r6_and_r5() -> None:
    m = keyed("1 + ( 2 + ( 3 + ( 4 + 5 ) ) ) =")
    assert m.display == "15."
    assert (m.register(6), m.register(5)) == (D(3), D(4))
    # a y^x completed at level 3 leaves its exponent in R6
    m = keyed("1 + 2 * 3 y^x 4 - 5 =")
    assert m.register(6) == D(4)
    m = keyed("1 + 2 * ( 3 y^x ( 2 + 1 sqrt ) ) =")
    assert m.display == "55."
    assert (m.register(6), m.register(5)) == (D(3), D(2))


def test_a_pending_operand_in_r6_is_the_register() -> None:
    # the third level keeps its operand in R6 itself (MAP, ROM): storing into R6
    # while it is pending changes the result
    assert keyed("1 + ( 2 + ( 4 * 5 ) ) =").display == "23."
    m = keyed("1 + ( 2 + ( 4 *")
    assert m.register(6) == D(4)
    for k in "5 STO 6 ) ) =".split():
        m.press(k)
    assert m.display == "28."  # 1 + (2 + 5 * 5)


def test_two_operations_in_a_row_refuse_the_second() -> None:
    m = keyed("2 + *")
    assert m.flashing
    assert m.view().pending == ("2. +",)
    m.press("CE")
    for k in "3 =".split():
        m.press(k)
    assert m.display == "5."


@pytest.mark.parametrize("keys", ["2 + =", "2 * )"])
def test_equals_or_close_right_after_an_operation_is_an_error(keys: str) -> None:
    assert keyed(keys).flashing


def test_ce_keeps_pending_operations_clr_clears_them() -> None:
    m = keyed("2 + 3 CE 4 =")
    assert m.display == "6."
    m = keyed("2 + 3 CLR 4 =")
    assert m.display == "4."
