"""W/PRGM mode: keying, stepping through and editing program memory as on the HP-67.

The display shows the step number and the HP-67's own key codes (row and column on
its keyboard; a digit key shows its digit unless f, g or h makes it a function).
A key records a step after the pointer's; SST/BST move the pointer; GTO .nnn jumps;
DEL removes the pointer's step.
"""

from __future__ import annotations

import json
from decimal import Decimal

import pytest

from machines.hp67 import HP67, INSTRUCTIONS, PROGRAM_STEPS, StopReason, lookup
from machines.hp67.isa import hp67_key_codes

from .support import keys, machine_with, run_label


def in_prgm(m: HP67 | None = None) -> HP67:
    m = m or HP67()
    m.switch("W/PRGM")
    return m


def test_w_prgm_shows_000_at_the_top_of_memory() -> None:
    m = in_prgm()
    assert m.mode == "W/PRGM" and m.display == "000"


def test_keys_in_w_prgm_record_steps_after_the_pointer_and_show_the_hp67_key_codes() -> None:
    m = in_prgm()
    shown = []
    for key in ("*LBL A", "1", "2", "+", "X<>Y", "Pi", "RTN"):
        m.press(key)
        shown.append(m.display)
    assert shown == [
        "001   31 25 11",  # f LBL A
        "002         01",
        "003         02",
        "004         61",
        "005      35 52",  # h x<>y: the 7 key, row 5 column 2
        "006      35 73",  # h pi: the 2 key, row 7 column 3
        "007      35 22",  # h RTN
    ]
    assert [mnemonic for _, mnemonic, _ in m.program.listing()] == ["*LBL A", "1", "2", "+", "X<>Y", "Pi", "RTN"]


@pytest.mark.parametrize(
    ("mnemonic", "codes"),
    [
        ("Pi", (35, 73)), ("CF2", (35, 61, 2)), ("SF2", (35, 51, 2)), ("*LBL A", (31, 25, 11)),
        ("STO 1", (33, 1)), ("ST+ (i)", (33, 61, 24)), ("SIN", (31, 62)), ("X²", (32, 54)), ("Yˣ", (35, 63)),
        (".", (83,)), ("R/S", (84,)), ("ENT↑", (41,)), ("GSB a", (32, 22, 11)), ("X̄", (31, 21)),
    ],
)
def test_hp67_key_codes_are_row_and_column_digits_as_digits(mnemonic: str, codes: tuple[int, ...]) -> None:
    ins = lookup(mnemonic)
    assert ins is not None and hp67_key_codes(ins.keys) == codes


def test_every_instruction_shows_its_own_key_codes() -> None:
    shown = [hp67_key_codes(ins.keys) for ins in INSTRUCTIONS]
    assert len(set(shown)) == len(shown)


def test_a_step_keyed_in_the_middle_is_inserted_after_the_pointer() -> None:
    m = in_prgm(machine_with("*LBL A", "1", "+", "RTN"))
    m.press("GTO .002")
    assert m.display == "002         01"
    m.press("X²")
    assert m.display == "003      32 54"
    assert [mn for _, mn, _ in m.program.listing()] == ["*LBL A", "1", "X²", "+", "RTN"]


def test_sst_and_bst_wrap_between_001_and_224_never_to_000() -> None:
    # The microcode's steps, key by key: 000 is left by SST and reached only by GTO .000
    # (or RTN, or the switch at the top); BST from 001 and from 000 goes to 224.
    m = in_prgm(machine_with("*LBL A", "5", "RTN"))
    shown = []
    for key in ("SST", "SST", "BST", "BST", "BST", "SST", "SST", "GTO .000", "BST", "BST", "GTO .224", "SST"):
        keys(m, key)
        shown.append(m.display[:3])
    assert shown == ["001", "002", "001", "224", "223", "224", "001", "000", "224", "223", "224", "001"]
    keys(m, "GTO .224")
    assert m.display == "224         84"  # unused memory holds R/S


def test_del_removes_the_pointer_step_and_shows_the_step_before() -> None:
    m = in_prgm(machine_with("*LBL A", "1", "2", "RTN"))
    keys(m, "GTO .002", "DEL")
    assert m.display == "001   31 25 11"
    assert [mn for _, mn, _ in m.program.listing()] == ["*LBL A", "2", "RTN"]
    keys(m, "GTO .000", "h DEL")  # at 000 there is nothing to delete
    assert m.display == "000" and len(m.program) == 3


def test_step_224_falls_off_when_a_step_is_inserted() -> None:
    m = in_prgm(machine_with(*(["ENTER"] * (PROGRAM_STEPS - 1)), "CLX"))
    keys(m, "GTO .000", "1")
    assert len(m.program) == PROGRAM_STEPS
    assert m.program.listing()[0][1] == "1" and m.program.listing()[-1][1] == "ENT↑"  # the CLX fell off


@pytest.mark.parametrize("key", ["CLX", "5", "*LBL A", "A", "GTO 1", "STO (i)", "R/S"])
def test_a_key_at_step_224_records_nothing(key: str) -> None:
    # There is no step after 224: the microcode leaves the step and the pointer as they
    # were, on an empty memory as on a full one; DEL there still deletes step 224.
    m = in_prgm()
    keys(m, "GTO .224", key)
    assert m.display == "224         84" and len(m.program) == 0
    full = in_prgm(machine_with(*(["ENTER"] * (PROGRAM_STEPS - 1)), "CLX"))
    keys(full, "GTO .224", key)
    assert full.display == "224         44" and full.program.listing()[-1][1] == "CLX"
    keys(full, "DEL")
    assert full.display == "223         41" and len(full.program) == PROGRAM_STEPS - 1


def test_label_keys_record_gsb_and_rs_rtn_record_themselves() -> None:
    m = in_prgm()
    keys(m, "B", "c", "R/S", "RTN")
    assert [mn for _, mn, _ in m.program.listing()] == ["GSB B", "GSB c", "R/S", "RTN"]


def test_a_program_keyed_in_w_prgm_runs_in_run_mode() -> None:
    m = in_prgm()
    keys(m, "*LBL A", "6", "ENTER", "7", "x", "R/S")
    m.switch("RUN")
    m.press("A")
    assert m.run() is StopReason.RUN_STOP and m.display == "42.00"


def test_editing_keeps_the_stack_and_registers() -> None:
    m = keys(HP67(), "5", "STO 3", "ENTER", "8")
    in_prgm(m)
    keys(m, "*LBL A", "RCL 3", "RTN")
    m.switch("RUN")
    assert m.x == 8 and m.y == 5 and m.register("3") == 5


def test_switching_to_w_prgm_stops_a_running_program_and_back_goes_on_from_the_shown_step() -> None:
    m = machine_with("*LBL A", "*LBL 1", "GTO 1")
    m.press("A")
    m.run(10)
    assert m.running
    m.switch("W/PRGM")
    assert not m.running and m.mode == "W/PRGM"
    keys(m, "GTO .003")
    m.switch("RUN")
    assert m.pc == 3 and m.mode == "RUN"


def test_sst_in_run_mode_executes_one_step_and_bst_goes_back() -> None:
    m = machine_with("*LBL A", "4", "ENTER", "5", "+", "RTN")
    keys(m, "RTN", "SST", "SST")
    assert m.pc == 3 and m.x == 4 and not m.running
    keys(m, "SST", "SST", "SST")
    assert m.x == 9 and m.pc == 6
    keys(m, "BST")
    assert m.pc == 5 and m.x == 9


def test_snapshot_keeps_the_switch_and_the_pointer() -> None:
    m = in_prgm(machine_with("*LBL A", "1"))
    keys(m, "SST")
    twin = HP67.restore(json.loads(json.dumps(m.snapshot())))
    assert twin.mode == "W/PRGM" and twin.display == m.display == "001   31 25 11"
    old = m.snapshot()
    del old["program_mode"]  # a snapshot saved before W/PRGM existed
    assert HP67.restore(old).mode == "RUN"


def test_the_switch_has_two_positions() -> None:
    with pytest.raises(ValueError):
        HP67().switch("PRGM")


# -- where the pointer stands after RUN-mode keys and runs (microcode) -------------------------

TOP_PROGRAM = ("*LBL A", "GTO 1", "R/S", "R/S", "R/S", "*LBL 1", "1", "2", "R/S", "*LBL 0", "7", "R/S")


@pytest.mark.parametrize(("pressed", "shown"), [
    (("GTO A",), "001"),  # a GTO to step 001 stands on 001, not at the top
    (("GTO .001",), "001"),
    (("GTO .000",), "000"),
    (("RTN",), "000"),
    (("GTO .001", "R/S", "RTN"), "000"),
    (("GTO .002", "BST"), "001"),
    (("GTO .001", "BST"), "224"),
    (("GTO .000", "SST"), "002"),  # SST runs step 001, *LBL A
    (("GTO A", "R/S"), "010"),
    (("GTO 0",), "010"),
])
def test_the_top_of_memory_000_is_not_step_001(pressed: tuple[str, ...], shown: str) -> None:
    m = machine_with(*TOP_PROGRAM)
    for key in pressed:
        m.press(key)
        m.run(1000)
    m.switch("W/PRGM")
    assert m.display[:3] == shown


def test_a_program_stopped_at_step_001_shows_001_and_one_ended_by_rtn_the_step_after() -> None:
    m = machine_with("*LBL A", "RTN")
    m.press("A")
    assert m.run() is StopReason.RETURN
    m.switch("W/PRGM")
    assert m.display == "003         84"
    m = machine_with(*TOP_PROGRAM)
    keys(m, "2", "CHS", "STO I", "GTO .002", "GSB (i)")  # back to 224, whose R/S stops at 001
    assert m.run() is StopReason.RUN_STOP
    m.switch("W/PRGM")
    assert m.display == "001   31 25 11"


@pytest.mark.parametrize(("start", "i_value", "shown"), [
    ("GTO .012", "2", "010"), ("GTO .012", "2.5", "010"), ("GTO .008", "2", "006"), ("GTO .002", "2", "224"),
    ("GTO .002", "1", "001"), ("GTO .001", "2", "223"), ("GTO .000", "2", "223"), ("RTN", "2", "223"),
])
def test_keyboard_gto_i_with_a_negative_i_goes_back_from_the_step_the_pointer_shows(
        start: str, i_value: str, shown: str) -> None:
    m = machine_with(*TOP_PROGRAM)
    keys(m, start, *i_value, "CHS", "STO I", "GTO (i)")
    m.switch("W/PRGM")
    assert m.display[:3] == shown


@pytest.mark.parametrize("i_value", ["-0.663", "-0.001", "0"])
@pytest.mark.parametrize("op", ["GTO (i)", "GSB (i)"])
def test_gto_i_with_i_between_minus_1_and_0_goes_to_label_0(i_value: str, op: str) -> None:
    # The integer part is 0: label 0, as for I = 0 (microcode; a random program stored
    # -0.663 in I and called GSB (i)).  From -1 on it jumps back (test_microcode_rules).
    m = machine_with("*LBL A", "GTO 1", "R/S", "R/S", "R/S", "*LBL 1", op, "2", "R/S", "*LBL 0", "7", "R/S")
    m.regs[25] = Decimal(i_value)
    m.press("A")
    assert m.run(1000) is StopReason.RUN_STOP and m.x == 7 and m.pc == 13
    m = machine_with(*TOP_PROGRAM)
    m.regs[25] = Decimal(i_value)
    keys(m, op)
    m.run(1000)
    m.switch("W/PRGM")
    assert m.display[:3] == ("010" if op == "GTO (i)" else "013")


# -- SST in RUN mode (microcode) ---------------------------------------------------------------


def sst(m: HP67, times: int) -> list[str]:
    """Press SST ``times`` times (running on as a room does), the W/PRGM step after each."""
    shown = []
    for _ in range(times):
        m.press("SST")
        m.run(10_000)
        m.switch("W/PRGM")
        shown.append(m.display[:3])
        m.switch("RUN")
    return shown


def test_sst_leaves_digit_entry_open_between_steps() -> None:
    m = keys(machine_with("*LBL A", "5", "7", "ENT↑", "8", "R/S"), "RTN")
    shown = []
    for _ in range(5):
        m.press("SST")
        shown.append(m.display)
    assert shown == ["0.00", "5.", "57.", "57.00", "8."]


@pytest.mark.parametrize(("program", "pressed", "shown"), [
    # SST on a GSB runs the subroutine to the first RTN that returns...
    (("*LBL A", "GSB 1", "5", "R/S", "*LBL 1", "7", "RTN"), "RTN", ["002", "003", "004", "005"]),
    (("*LBL A", "2", "STO I", "GSB (i)", "5", "R/S", "*LBL 2", "7", "RTN"), "RTN", ["002", "003", "004", "005", "006"]),
    (("*LBL A", "GSB 1", "5", "R/S", "*LBL 1", "GTO 2", "R/S", "*LBL 2", "8", "RTN"), "RTN", ["002", "003", "004"]),
    # ... which may be a deeper one's, returning inside the subroutine...
    (("*LBL A", "GSB 1", "5", "R/S", "*LBL 1", "GSB 2", "8", "RTN", "*LBL 2", "9", "RTN"), "RTN",
     ["002", "007", "008", "003"]),
    # ... or stops where the subroutine stops, its return still pending.
    (("*LBL A", "GSB 1", "5", "R/S", "*LBL 1", "7", "R/S", "8", "RTN"), "RTN", ["002", "008", "009", "003", "004"]),
    (("*LBL A", "GSB 1", "5", "R/S", "*LBL 1", "7", "R/S", "GSB 2", "8", "RTN", "*LBL 2", "9", "RTN"), "A",
     ["009", "010", "003", "004"]),
])
def test_sst_on_a_gsb_runs_the_subroutine_to_the_first_return(
        program: tuple[str, ...], pressed: str, shown: list[str]) -> None:
    m = machine_with(*program)
    m.press(pressed)
    m.run(1000)
    assert sst(m, len(shown)) == shown


def test_a_snapshot_taken_while_an_sst_runs_a_subroutine_keeps_it() -> None:
    m = keys(machine_with("*LBL A", "GSB 1", "5", "R/S", "*LBL 1", "7", "8", "RTN"), "RTN", "SST", "SST")
    m.run(1)  # inside the subroutine
    state = json.loads(json.dumps(m.snapshot()))
    assert state["stepping"] is True
    again = HP67.restore(state)
    assert again.run() is StopReason.STEP and again.pc == 3
    m.press("R/S")  # a key stops it, and the next run is an ordinary one
    assert "stepping" not in m.snapshot()


@pytest.mark.parametrize(("pressed", "display", "shown"), [
    # After the Error of COS⁻¹ 2 (step 003), the first key only clears it; SST, BST (h SST)
    # and DEL (h CLX) then act as themselves, also after a prefix the clearing key left
    # waiting (h GTO leaves GTO): SST runs step 003 again (microcode).
    (("RTN", "SST"), "Error", "003"),
    (("BST",), "Error", "003"),
    (("RTN", "BST"), "2.00", "002"),
    (("RTN", "DEL", "SST"), "Error", "003"),
    (("DEL", "SST"), "90.00", "004"),  # h clears, CLX acts: COS⁻¹ 0
    (("RTN", "R/S"), "Error", "003"),
])
def test_sst_bst_and_del_act_as_themselves_after_an_error_and_its_waiting_prefix(
        pressed: tuple[str, ...], display: str, shown: str) -> None:
    m = machine_with("*LBL A", "2", "COS⁻¹", "3", "R/S")
    run_label(m)
    assert m.error
    for key in pressed:
        m.press(key)
        m.run(100)
    assert m.display == display
    m.switch("W/PRGM")
    assert m.display[:3] == shown


def test_sst_on_a_digit_point_or_eex_sets_f3_as_keying_it_does() -> None:
    program = ("*LBL A", "CF3", "5", "CF3", "CHS", "CF3", "EEX", "CF3", ".", "CF3", "ENT↑", "CF3", "CHS")
    m = keys(machine_with(*program), "RTN")
    f3 = []
    for _ in program:
        m.press("SST")
        f3.append(m.flags[3])
    assert f3 == [False, False, True, False, False, False, True, False, True, False, False, False, False]


@pytest.mark.parametrize(("pressed", "display", "shown"), [
    (("GTO c",), "4.00", "010"),  # GTO clears the Error; f C is the label key c: it runs
    (("BST", "GTO c"), "4.00", "010"),
    (("RTN", "SST", "GTO c"), "4.00", "010"),
    (("RTN", "GTO c"), "2.00", "006"),  # h clears; GTO then f C is GTO c
])
def test_f_and_a_top_row_key_after_an_error_is_the_label_key(pressed: tuple[str, ...], display: str, shown: str) -> None:
    # Microcode; a random program pressed GTO c after an SST had failed again.
    m = machine_with("*LBL A", "2", "COS⁻¹", "3", "R/S", "*LBL c", "CF0", "4", "RTN")
    run_label(m)
    for key in pressed:
        m.press(key)
        m.run(100)
    assert m.display == display
    m.switch("W/PRGM")
    assert m.display[:3] == shown
