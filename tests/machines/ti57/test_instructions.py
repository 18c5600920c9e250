"""Every instruction family, from the keyboard and in programs (ti57-notes)."""

from __future__ import annotations

import math
from decimal import Decimal as D

import pytest

from machines.ti57 import TI57, StopReason, UnknownKey, parse_listing
from machines.ti57.numbers import LIMIT
from tests.machines.ti57.conftest import keyed


def program(*steps: str) -> str:
    """A listing from 'code mnemonic' strings, numbered from 00."""
    return "\n".join(f"{i:02d}  {s}" for i, s in enumerate(steps))


def run_program(listing: str, keys: str = "RST R/S", m: TI57 | None = None) -> tuple[TI57, list]:
    m = m or TI57()
    m.load(parse_listing(listing))
    for k in keys.split():
        m.press(k)
    stops = []
    while m.running:
        stops.append(m.run(max_steps=5000))
        if stops[-1].reason is StopReason.BUDGET:
            break
    return m, stops


def branch(*test: str) -> str:
    """The test steps, then 'GTO 1' (shows 1 when taken) or, skipped, shows 2."""
    return program(*test, "51 1  GTO 1", "02  2", "81  R/S", "86 1  2nd Lbl 1", "01  1", "81  R/S")


# --- memories ---------------------------------------------------------------


def test_memory_family() -> None:
    m = keyed("5 STO 1 2 SUM 1 RCL 1")
    assert m.display == "7."
    keyed("3 INV SUM 1 4 2nd Prd 1 2 INV 2nd Prd 1", m)
    assert m.register(1) == 8
    keyed("9 2nd Exc 1", m)
    assert m.display == "8." and m.register(1) == 9
    keyed("CLR RCL 1 =", m)
    assert m.display == "9."


@pytest.mark.parametrize("keys", ["5 STO 8", "RCL 9", "SUM 8", "2nd Exc 9", "2nd Prd 8"])
def test_registers_8_and_9_are_errors(keys: str) -> None:
    assert keyed(keys).flashing


def test_memory_overflow_leaves_the_limit_and_flashes() -> None:
    # R1 must hold a non-zero value: with R1 = 0 the ROM gives 0 / 0 = 1 (issue 40,
    # test_rom_rules.py::test_division_by_zero_gives_one_or_the_limit)
    m = keyed("5 STO 1 0 INV 2nd Prd 1")
    assert m.register(1) == LIMIT and m.flashing and m.display == "0."
    m = keyed("9 EE 9 9 STO 2 SUM 2")
    assert m.register(2) == LIMIT and m.flashing


# --- t register --------------------------------------------------------------


def test_x_exchange_t_and_clear_t() -> None:
    m = keyed("3 x<>t")
    assert m.register(7) == 3 and m.display == "0."
    keyed("1 2 2nd C.t 3", m)
    assert m.register(7) == 0 and m.display == "123"  # C.t leaves the entry open


@pytest.mark.parametrize(
    ("x", "t", "code", "taken"),
    [
        ("5", "5", "66  2nd x=t", True),
        ("5", "4", "66  2nd x=t", False),
        ("5", "5", "-66  2nd INV x=t", False),
        ("5", "4", "-66  2nd INV x=t", True),
        ("5", "4", "76  2nd x>=t", True),
        ("4", "4", "76  2nd x>=t", True),
        ("3", "4", "76  2nd x>=t", False),
        ("3", "4", "-76  2nd INV x>=t", True),
    ],
)
def test_comparisons_in_a_program(x: str, t: str, code: str, taken: bool) -> None:
    listing = branch(f"0{x}  {x}", code)
    m, stops = run_program(listing, f"{t} x<>t RST R/S")
    assert stops[-1].display == ("1" if taken else "2")


def test_comparisons_use_all_eleven_digits() -> None:
    # 1/3*9 = 2.99999999999 shows 3. but is less than 3
    listing = branch("76  2nd x>=t")
    m = keyed("3 x<>t 1 / 3 * 9 =")
    assert m.display == "3."
    m, stops = run_program(listing, "RST R/S", m)
    assert stops[-1].display == "2"


def test_comparison_from_the_keyboard_only_completes_the_number() -> None:
    m = keyed("5 x<>t 5 2nd x=t 2")
    assert m.display == "2" and m.pc == 0


# --- Dsz ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("start", "after", "skipped"),
    [
        ("2", "1", False),
        ("1", "0", True),
        ("0", "0", True),
        ("0.5", "0", True),
        ("2.5", "1.5", False),
        ("1.5", "0.5", False),
        ("-2", "-1", False),
        ("-1", "0", True),
        ("-0.5", "0", True),
        ("-1.5", "-0.5", False),
    ],
)
def test_dsz(start: str, after: str, skipped: bool) -> None:
    listing = branch("56  2nd Dsz")
    m = keyed(f"{start.replace('-', '')} {'+/-' if start.startswith('-') else ''} STO 0".replace(".", " . ").replace("  ", " "))
    m, stops = run_program(listing, "RST R/S", m)
    assert m.register(0) == D(after)
    assert stops[-1].display == ("2" if skipped else "1")
    # INV Dsz: the opposite skip
    inv = branch("-56  2nd INV Dsz")
    m2 = keyed(f"{start.replace('-', '')} {'+/-' if start.startswith('-') else ''} STO 0".replace(".", " . ").replace("  ", " "))
    m2, stops2 = run_program(inv, "RST R/S", m2)
    assert stops2[-1].display == ("1" if skipped else "2")


def test_dsz_from_the_keyboard_decrements_only() -> None:
    m = keyed("3 STO 0 2nd Dsz 2nd Dsz")
    assert m.register(0) == 1 and m.pc == 0


def test_dsz_loop_counts_a_non_integer_like_the_next_integer() -> None:
    listing = program("86 1  2nd Lbl 1", "01  1", "34 1  SUM 1", "56  2nd Dsz", "51 1  GTO 1", "33 1  RCL 1", "81  R/S")
    m, stops = run_program(listing, "2 . 5 STO 0 RST R/S")
    assert stops[-1].display == "3."


# --- labels, GTO, SBR, RST, R/S, Pause, Nop ---------------------------------------


def test_subroutines_two_levels_and_the_third_is_an_error() -> None:
    two = program(
        "61 1  SBR 1", "81  R/S",
        "86 1  2nd Lbl 1", "61 2  SBR 2", "34 1  SUM 1", "-61  INV SBR",
        "86 2  2nd Lbl 2", "01  1", "-61  INV SBR",
    )
    m, stops = run_program(two)
    assert [s.reason for s in stops] == [StopReason.HALT]
    assert m.register(1) == 1 and m.pc == 2 and not m.flashing
    three = program(
        "61 1  SBR 1", "81  R/S",
        "86 1  2nd Lbl 1", "61 2  SBR 2", "-61  INV SBR",
        "86 2  2nd Lbl 2", "61 3  SBR 3", "-61  INV SBR",
        "86 3  2nd Lbl 3", "-61  INV SBR",
    )
    m, stops = run_program(three)
    assert stops[-1].reason is StopReason.ERROR and m.flashing and m.pc == 7


def test_inv_sbr_with_nothing_pending_stops_like_r_s() -> None:
    m, stops = run_program(program("07  7", "-61  INV SBR", "08  8", "81  R/S"))
    assert stops[-1].reason is StopReason.HALT and m.pc == 2 and m.display == "7."


def test_a_label_search_takes_the_first_match() -> None:
    listing = program("86 5  2nd Lbl 5", "01  1", "81  R/S", "86 5  2nd Lbl 5", "02  2", "81  R/S")
    m, stops = run_program(listing, "SBR 5")
    assert stops[-1].display == "1"


def test_gto_and_missing_labels() -> None:
    listing = program("51 3  GTO 3", "01  1", "86 3  2nd Lbl 3", "02  2", "81  R/S", "51 9  GTO 9")
    m, stops = run_program(listing)
    assert stops[-1].display == "2" and m.pc == 5
    m.press("R/S")
    stop = m.run()
    assert stop.reason is StopReason.ERROR and m.flashing and m.pc == 6  # left after the GTO
    m = TI57()
    m.load(parse_listing(listing))
    keyed("GTO 3", m)
    assert m.pc == 3
    keyed("GTO 7", m)
    assert m.flashing and m.pc == 3  # from the keyboard the pointer stays
    keyed("CLR GTO 2nd 4 6", m)  # an absolute address
    assert m.pc == 46


def test_rst_in_a_program_goes_on_from_step_00() -> None:
    listing = program("34 1  SUM 1", "33 1  RCL 1", "76  2nd x>=t", "81  R/S", "01  1", "71  RST")
    m, stops = run_program(listing, "5 x<>t 1 STO 1 CLR GTO 2nd 0 4 R/S")
    assert m.register(1) == 5 and stops[-1].reason is StopReason.HALT


def test_rst_from_the_keyboard_only_moves_the_pointer() -> None:
    m = TI57()
    m.load(parse_listing(program("01  1", "81  R/S")))
    keyed("GTO 2nd 0 1 RST", m)
    assert m.pc == 0 and not m.running


def test_pause_is_a_stop_of_its_own_and_run_resumes() -> None:
    listing = program("02  2", "36  2nd Pause", "36  2nd Pause", "+/-".join(["84  ", ""]), "81  R/S")
    m, stops = run_program(listing)
    assert [(s.reason, s.display) for s in stops] == [
        (StopReason.PAUSE, "2"),  # a number being keyed shows as keyed
        (StopReason.PAUSE, "2"),
        (StopReason.HALT, "-2"),
    ]


def test_pause_from_the_keyboard_and_nop_do_nothing() -> None:
    m = keyed("5 2nd Pause 2nd Nop 6")
    assert m.display == "56" and not m.running


def test_r_s_keeps_a_number_being_keyed_open() -> None:
    m, stops = run_program(program("01  1", "81  R/S", "02  2", "81  R/S"))
    m.press("R/S")
    assert m.run().display == "12"


def test_running_past_step_49_is_an_error() -> None:
    m = TI57()
    stop = keyed("RST R/S", m).run()
    assert stop.reason is StopReason.ERROR and m.flashing and m.pc == 0
    assert m.steps == 51 and m.display == "0"  # 50 zero digits keyed, then the error


def test_keyboard_sbr_forgets_a_pending_return() -> None:
    listing = program("86 1  2nd Lbl 1", "61 2  SBR 2", "81  R/S", "86 2  2nd Lbl 2", "81  R/S", "-61  INV SBR")
    m, stops = run_program(listing, "SBR 1")
    assert m.returns == [2]
    keyed("SBR 2", m)
    assert m.returns == []


def test_a_runaway_program_stops_at_its_budget() -> None:
    m = TI57()
    m.load(parse_listing(program("86 1  2nd Lbl 1", "51 1  GTO 1")))
    keyed("RST R/S", m)
    stop = m.run(max_steps=1000)
    assert stop.reason is StopReason.BUDGET and m.running and stop.steps == 1000
    m.press("R/S")  # R/S stops a running program
    assert not m.running


# --- errors and flashing ------------------------------------------------------------


def test_flashing_blocks_r_s_and_sbr_until_ce_or_clr() -> None:
    m = TI57()
    m.load(parse_listing(program("86 1  2nd Lbl 1", "07  7", "81  R/S")))
    keyed("1 / 0 =", m)
    assert m.flashing
    keyed("R/S", m)
    assert not m.running
    keyed("2 SBR 1", m)
    assert not m.running and m.pc == 1 and m.display == "2." and m.flashing  # SBR only moved the pointer
    keyed("INV EE", m)
    assert m.flashing  # INV EE does not stop it
    keyed("3 +", m)
    assert m.flashing  # keys keep working
    keyed("CE", m)
    assert not m.flashing
    keyed("4 = SBR 1", m)
    assert m.running and m.run().display == "7"


def test_ce_clears_an_entry_and_keeps_a_result() -> None:
    m = keyed("1 / 0 = CE")
    assert m.display == "9.9999999 99" and not m.flashing
    assert keyed("2 + 3 CE").display == "0"
    assert keyed("5 x2 CE").display == "25."
    m = keyed("2nd Fix 2 EE 5 + 3 CLR")
    assert m.display == "0" and m.view().pending == () and m.fix == 2


@pytest.mark.parametrize(
    ("keys", "shown"),
    [
        ("1 / 0 =", "9.9999999 99"),
        ("1 +/- / 0 =", "-9.9999999 99"),
        ("0 / 0 =", "1."),
        ("0 1/x", "9.9999999 99"),
        ("4 +/- sqrt", "2."),
        ("0 lnx", "-9.9999999 99"),
        ("1 EE 6 0 x2", "9.9999999 99"),
        ("1 EE 6 0 +/- x2", "1.-99"),
        ("2 INV 2nd sin", "2."),
    ],
)
def test_error_values(keys: str, shown: str) -> None:
    m = keyed(keys)
    assert (m.display, m.flashing) == (shown, True)


def test_an_error_stops_a_running_program_after_the_failing_step() -> None:
    m, stops = run_program(program("00  0", "25  1/x", "01  1", "81  R/S"))
    assert stops[-1].reason is StopReason.ERROR and m.pc == 2 and m.display == "9.9999999 99"


# --- display modes ------------------------------------------------------------


def test_fix_and_ee() -> None:
    assert keyed("2nd Fix 3 2 / 3 =").display == "0.667"
    assert keyed("2nd Fix 0 2 . 5 =").display == "3."
    m = keyed("1 2 3 EE")
    assert m.display == "123 00"
    keyed("4 =", m)
    assert m.display == "1.23 06" and m.x == D("1.23E6")
    keyed("INV EE", m)
    assert m.display == "1230000."
    assert keyed("2 EE INV EE 5 =").display == "25."  # INV EE keeps the entry open
    m = keyed("1 0 INV lnx EE")
    assert m.display == "22026.466 00"  # EE on the digits as displayed
    assert keyed("3 y^x 4 = 2nd Int").display == "80."  # the power lands just below 81
    assert keyed("3 y^x 4 = EE INV EE 2nd Int").display == "81."  # MT's trick drops the guard digits


# --- functions ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("keys", "value"),
    [
        ("3 x2", "9"),
        ("2 sqrt", "1.414213562"),
        ("3 sqrt", "1.732050807"),
        (". 5 sqrt", "0.707106781"),
        ("4 1/x", "0.25"),
        ("3 1/x", "0.33333333333"),
        ("2nd pi", "3.1415926536"),
        ("3 . 7 5 +/- 2nd Int", "-3"),
        ("3 . 7 5 +/- INV 2nd Int", "-0.75"),
        ("3 +/- 2nd |x|", "3"),
        ("3 0 2nd sin", "0.5"),
        ("9 0 2nd cos", "0"),
        ("1 8 0 2nd sin", "0"),
        ("2nd Grad 1 0 0 2nd cos", "0"),
        ("1 . 7 2nd D.MS", "2.1666666666"),
        ("1 . 0 0 7 2nd D.MS", "1.0194444443"),  # ROM: 100.7 -> 100.11666666, / 60
        ("0 y^x 0 =", "1"),
        ("0 y^x 3 =", "0"),
    ],
)
def test_exact_function_values(keys: str, value: str) -> None:
    m = keyed(keys)
    assert m.x == D(value) and not m.flashing


@pytest.mark.parametrize(
    ("keys", "expected"),
    [
        ("2 lnx", math.log(2)),
        ("1 INV lnx", math.e),
        ("2 2nd log", math.log10(2)),
        (". 5 INV 2nd log", 10**0.5),
        ("2nd Rad 1 2nd sin", math.sin(1)),
        ("2nd Rad 1 2nd cos", math.cos(1)),
        ("2 0 2nd tan", math.tan(math.radians(20))),
        (". 5 INV 2nd sin", 30.0),
        ("1 INV 2nd tan", 45.0),
        ("2 y^x 1 0 =", 1024.0),
        ("2 7 INV y^x 3 =", 3.0),
        ("4 5 . 1 5 INV 2nd D.MS", 45.09),
    ],
)
def test_transcendental_functions(keys: str, expected: float) -> None:
    m = keyed(keys)
    assert not m.flashing
    assert abs(float(m.x) - expected) <= 1e-8 * max(1.0, abs(expected))


def test_tan_at_the_poles_flashes() -> None:
    assert keyed("9 0 2nd tan").display == "9.9999999 99"
    assert keyed("2 7 0 2nd tan").display == "-9.9999999 99"
    assert keyed("2nd Grad 1 0 0 2nd tan").flashing


def test_angle_modes_do_not_complete_an_entry() -> None:
    assert keyed("2 2nd Deg 0 0 2nd sin").display == "-0.3420201"  # sin 200 degrees
    assert keyed("2nd Rad").display == "0"


def test_polar_rectangular() -> None:
    m = keyed("2 x<>t 3 0 2nd P>R")  # r = 2, theta = 30: y shown, x in t
    # ROM: x = cos 30 * 2, y = tan 30 * x, so y is 1.0000000001 inside (shows 1.)
    assert m.x == D("1.0000000001") and m.display == "1." and m.register(7) == D("1.7320508081")
    m = keyed("4 +/- x<>t 3 +/- INV 2nd P>R")
    assert m.display == "216.8699" and m.register(7) == 5
    assert keyed("1 x<>t 1 +/- INV 2nd P>R").display == "-45."
    assert keyed("1 +/- x<>t 0 INV 2nd P>R").display == "180."
    assert keyed("0 x<>t 0 INV 2nd P>R").display == "45."


def test_statistics() -> None:
    m = keyed("2 2nd S+ 4 2nd S+ 9 2nd S+")
    assert m.display == "3."
    assert [m.register(i) for i in range(6)] == [3, 15, 101, 3, 5, 22]  # x = 0, 1, 2 from t
    assert m.register(7) == 3
    assert keyed("2nd mean", m).display == "5."
    assert keyed("INV 2nd mean", m).display == "1."
    assert keyed("2nd s2", m).x == D("8.6666666666")  # ROM: (101 - 15^2/3) / 3
    keyed("9 INV 2nd S+", m)
    assert m.register(0) == 2 and m.register(1) == 6
    assert keyed("2nd mean").display == "1." and keyed("2nd mean").flashing  # n = 0
    assert keyed("2 + 3 2nd S+ =").display == "3."  # shows n, pending kept


# --- keyboard ------------------------------------------------------------------------


def test_second_before_a_digit_is_ignored_and_prefixes_combine() -> None:
    assert keyed("2nd 5").display == "5"
    m = keyed("4 STO 1 2 INV 2nd Prd 1")
    assert m.register(1) == 2
    m = keyed("4 STO 1 2 2nd INV Prd 1")
    assert m.register(1) == 2


def test_unknown_keys_are_refused_clearly() -> None:
    with pytest.raises(UnknownKey, match="not a TI-57 key"):
        TI57().press("HELLO")


def test_power_on_state() -> None:
    m = TI57()
    assert (m.display, m.flashing, m.pc, m.steps, m.fix, m.angle) == ("0", False, 0, 0, None, "deg")
    assert all(m.register(n) == 0 for n in range(8))
    assert all(s.code == 0 for s in m.program.steps)
    with pytest.raises(IndexError):
        m.register(8)


def test_view_for_a_register_panel() -> None:
    m = keyed("2nd Fix 1 1 . 2 5 STO 3 2 + 3 *")
    v = m.view()
    assert v.registers[3] == "1.3" and v.registers[0] == "0.0" and len(v.registers) == 8
    assert v.pending == ("2.0 +", "3.0 *") and v.display == "3.0" and not v.flashing
    with pytest.raises(AttributeError):
        v.display = "x"  # type: ignore[misc]
