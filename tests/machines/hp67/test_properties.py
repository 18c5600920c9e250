"""Property tests: random keys never raise, and a snapshot restores an identical HP-67.

Hypothesis presses random keys -- every key and mnemonic ``press`` accepts: digits,
``.``, CHS, EEX, ENTER, CLX, R/S, RTN, the label keys A-E and a-e, ``GTO .nnn`` and
every programmable instruction -- on a machine with no program, with the Othello
listing and with random programs, running the program for a small budget after each
key that leaves it running.  A machine error is the ``Error`` display, never a Python
exception; every number stays a 10-digit HP-67 number; and a snapshot sent through
JSON restores a machine with the same snapshot that then answers the same keys the
same way.  The default run is derandomized (the same examples every time) and sized for the
everyday suite (``tests/sizes.py``); the soak run (``-m soak``) runs each property at its full
size and tries many more random keys and snapshots.
"""

from __future__ import annotations

import json
from decimal import Decimal, localcontext
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.hp67_othello.driver import load_program
from machines.hp67 import HP67, INSTRUCTIONS, PROGRAM_STEPS, Program, Step, StopReason, lookup
from machines.hp67.numbers import CONTEXT, MAX, PI
from tests.sizes import sizes

OTHELLO = load_program()

KEYBOARD = (
    [str(d) for d in range(10)]
    + [".", "CHS", "EEX", "ENTER", "CLX", "R/S", "RTN", "SST", "BST", "DEL"]
    + list("ABCDE")
    + list("abcde")
)
MNEMONICS = sorted({ins.mnemonic for ins in INSTRUCTIONS})
# Other spellings press() takes for the same instructions (as the brief and listings write them).
SPELLINGS = ["STO 3", "RCL (i)", "GSB 2", "DSP 1", "SIN", "X<>Y", "ENT↑", "LBL a", "STO+ 4", "ST× (i)", "F?2",
             "R↓", "X≠0?", "Y^X", "P<>S", "X<>I", "DSZ", "ISZ", "10^X", "->HMS"]
BUDGETS = st.sampled_from([0, 1, 3, 20, 150, 1500])

# A key (a label or mnemonic) and the step budget ``run`` gets if the program is left running.
# The W/PRGM-RUN switch is not a key: ``press`` below slides it (HP67.switch).
SWITCH = ("W/PRGM", "RUN")

KEY = st.tuples(
    st.one_of(
        st.sampled_from(KEYBOARD),
        st.sampled_from(SWITCH),
        st.sampled_from(MNEMONICS),
        st.sampled_from(SPELLINGS),
        st.integers(0, PROGRAM_STEPS).map(lambda n: f"GTO .{n:03d}"),
    ),
    BUDGETS,
)
KEYS = st.lists(KEY, max_size=50)
# Keys the machine does not have: refused with ValueError, and nothing changes.
BAD_KEYS = st.sampled_from(["", "F", "STO J", "RCL 10", "GTO f", "LBL F", "DSP 10", "W/DATA", "MERGE", "GTO .225",
                            "GTO .1", "GTO .abc", "SQRT(2)", "STO", "f", "g", "X<>Z", "1 2", "ENTER ENTER"])

PROFILE = dict(deadline=None, derandomize=True, database=None,
               suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def machine_with(program: Program | None) -> HP67:
    m = HP67()
    if program is not None:
        m.load(program)
    return m


def random_program(instructions: list[int]) -> Program:
    """A program of the given instructions (indices into the instruction table)."""
    steps = tuple(Step(n + 1, INSTRUCTIONS[i], INSTRUCTIONS[i].mnemonic, n + 1) for n, i in enumerate(instructions))
    return Program(steps)


PROGRAMS = st.lists(st.integers(0, len(INSTRUCTIONS) - 1), max_size=40).map(random_program)


def is_hp67_number(value: Decimal) -> bool:
    """Zero, or 10 significant digits at most with an exponent from -99 to 99."""
    if not value.is_finite():
        return False
    if not value:
        return True
    digits = value.normalize().as_tuple().digits
    return len(digits) <= 10 and -99 <= value.adjusted() <= 99 and abs(value) <= MAX


def check_invariants(m: HP67) -> None:
    assert isinstance(m.display, str) and m.display
    assert (m.display == "Error") == m.error
    assert not (m.error and m.running)
    assert 1 <= m.pc <= PROGRAM_STEPS
    assert 0 <= m.pointer <= PROGRAM_STEPS and not (m.prgm and m.running)
    assert len(m.returns) <= 3 and all(1 <= r <= PROGRAM_STEPS for r in m.returns)
    for value in (m.x, m.y, m.z, m.t, m.last_x, *m.regs):
        assert is_hp67_number(value), value
    view = m.view()
    assert view.display == m.display and view.pc == m.pc


def press(m: HP67, key: str, budget: int) -> StopReason | None:
    """Press one key; if it left a program running, run it for ``budget`` steps."""
    if key in SWITCH:
        m.switch(key)
    else:
        m.press(key)
    reason = None
    if m.running:
        before = m.steps
        reason = m.run(max_steps=budget)
        assert m.steps - before <= budget
        assert reason in (StopReason.BUDGET, StopReason.PAUSE) or not m.running
        if reason is StopReason.ERROR:
            assert m.error
    check_invariants(m)
    return reason


def drive(m: HP67, keys: list[tuple[str, int]]) -> list[Any]:
    """Press every key; what the machine showed and why each run stopped."""
    trace: list[Any] = []
    for key, budget in keys:
        reason = press(m, key, budget)
        trace.append((m.display, reason, m.pc, m.steps))
    return trace


def state(m: HP67) -> str:
    return json.dumps(m.snapshot(), sort_keys=True)


def twin_of(m: HP67) -> HP67:
    """A new machine restored from ``m``'s snapshot sent through JSON."""
    twin = HP67.restore(json.loads(json.dumps(m.snapshot())))
    assert state(twin) == state(m)
    assert twin.view() == m.view()
    return twin


def check_snapshot_twin(m: HP67, before: list[tuple[str, int]], after: list[tuple[str, int]]) -> None:
    drive(m, before)
    twin = twin_of(m)
    assert drive(twin, after) == drive(m, after)
    assert state(twin) == state(m)


# -- no program in memory ------------------------------------------------------------------


@sizes(everyday=100, soak=400)
def test_random_keys_with_no_program_never_raise(examples: int) -> None:
    @settings(max_examples=examples, **PROFILE)
    @given(KEYS)
    def check(keys: list[tuple[str, int]]) -> None:
        drive(machine_with(None), keys)

    check()


@sizes(everyday=25, soak=200)
def test_snapshot_restores_an_identical_machine_with_no_program(examples: int) -> None:
    @settings(max_examples=examples, **PROFILE)
    @given(KEYS, KEYS)
    def check(before, after) -> None:
        check_snapshot_twin(machine_with(None), before, after)

    check()


# -- the Othello listing ------------------------------------------------------------------

OTHELLO_OPENINGS = st.sampled_from([
    [],
    [("DSP 1", 0), ("E", 5000)],
    [("DSP 1", 0), ("E", 5000), ("R/S", 5000)],
    [("DSP 1", 0), ("E", 5000), ("CHS", 0), ("R/S", 5000)],
    [("DSP 1", 0), ("E", 5000), ("R/S", 5000), ("B", 2000)],
    [("DSP 1", 0), ("E", 5000), ("CHS", 0), ("R/S", 5000), ("6", 0), (".", 0), ("4", 0), ("B", 3000)],
])


@sizes(everyday=30, soak=250)
def test_random_keys_on_the_othello_program_never_raise(examples: int) -> None:
    @settings(max_examples=examples, **PROFILE)
    @given(OTHELLO_OPENINGS, KEYS)
    def check(opening, keys) -> None:
        drive(machine_with(OTHELLO), opening + keys)

    check()


@sizes(everyday=30, soak=120)
def test_snapshot_restores_an_identical_machine_running_othello(examples: int) -> None:
    @settings(max_examples=examples, **PROFILE)
    @given(OTHELLO_OPENINGS, KEYS, KEYS)
    def check(opening, before, after) -> None:
        check_snapshot_twin(machine_with(OTHELLO), opening + before, after)

    check()


# -- random programs ------------------------------------------------------------------------


@sizes(everyday=25, soak=200)
def test_random_programs_never_raise_and_restore_identically(examples: int) -> None:
    @settings(max_examples=examples, **PROFILE)
    @given(PROGRAMS, KEYS, KEYS)
    def check(program: Program, before, after) -> None:
        m = machine_with(program)
        assert HP67.restore(json.loads(json.dumps(m.snapshot()))).program.text() == program.text()
        check_snapshot_twin(m, before, after)

    check()


# -- keys the machine does not have ------------------------------------------------------------


@sizes(everyday=50, soak=150)
def test_a_key_the_machine_does_not_have_is_refused_and_changes_nothing(examples: int) -> None:
    @settings(max_examples=examples, **PROFILE)
    @given(st.sampled_from([None, OTHELLO]), KEYS, BAD_KEYS)
    def check(program, keys, bad: str) -> None:
        m = machine_with(program)
        drive(m, keys)
        before = state(m)
        with pytest.raises(ValueError) as refused:
            m.press(bad)
        assert str(refused.value)
        assert state(m) == before

    check()


# -- slicing: how a caller cuts run() into budgets changes nothing --------------------------------


def run_sliced(m: HP67, total: int, size: int) -> None:
    """Run ``total`` steps in budgets of ``size``, going on after pauses, until the program stops."""
    start = m.steps
    while m.running and m.steps - start < total:
        m.run(min(size, total - (m.steps - start)))


@sizes(everyday=20, soak=100)
def test_a_program_does_the_same_however_run_is_sliced(examples: int) -> None:
    @settings(max_examples=examples, **PROFILE)
    @given(st.one_of(st.just(OTHELLO), PROGRAMS), KEYS, st.sampled_from(["A", "B", "E", "a", "R/S"]),
           st.sampled_from([1, 2, 3, 7, 100, 2000]), st.integers(1, 6000))
    def check(program: Program, keys, start: str, size: int, total: int) -> None:
        whole = machine_with(program)
        drive(whole, keys)
        sliced = HP67.restore(whole.snapshot())
        for m in (whole, sliced):
            m.press(start)
            if m.running:  # a key pressed on a running program only stops it: press the start again
                m.press(start)
        run_sliced(whole, total, total)
        run_sliced(sliced, total, size)
        assert state(sliced) == state(whole)

    check()


# -- the soak ---------------------------------------------------------------------------------


@pytest.mark.soak
@settings(max_examples=20_000, deadline=None, database=None, derandomize=False,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.sampled_from([None, OTHELLO]), PROGRAMS, st.booleans(), OTHELLO_OPENINGS,
       st.lists(KEY, max_size=200), st.lists(KEY, max_size=200))
def test_soak_random_keys_and_snapshots(fixed, program, use_random, opening, before, after) -> None:
    m = machine_with(program if use_random else fixed)
    check_snapshot_twin(m, (opening if m.program is OTHELLO else []) + before, after)


# -- the stack against a model written from the reference notes -----------------------------------


class StackModel:
    """The keyboard's stack lift as ``shared/reference/hp67-notes.md`` 2.1-2.2 state it:
    ENTER and CLX disable the lift for the next key, digit entry lifts (if enabled) and
    continues, every other key here ends the entry and enables the lift (CHS on a finished
    number too, ``hp67-instruction-set.md`` 7); RCL, LSTX and pi respect a disabled lift;
    + - x save LAST X and drop the stack (T stays)."""

    def __init__(self) -> None:
        self.x = self.y = self.z = self.t = self.last_x = Decimal(0)
        self.regs = [Decimal(0)] * 4
        self.lift = "lift"
        self.entry = ""
        self.negative = False

    def push(self, value: Decimal) -> None:
        if self.lift != "off":
            self.t, self.z, self.y = self.z, self.y, self.x
        self.x = value
        self.lift = "lift"

    def press(self, key: str) -> None:
        with localcontext(CONTEXT):
            self._press(key)

    def _press(self, key: str) -> None:
        if key.isdigit():
            if self.lift != "entry":
                if self.lift == "lift":
                    self.t, self.z, self.y = self.z, self.y, self.x
                self.entry, self.negative, self.lift = "", False, "entry"
            if len(self.entry) < 10:
                self.entry += key
            self.x = Decimal(self.entry) * (-1 if self.negative else 1)
        elif key == "CHS":
            if self.lift == "entry":  # the entry's sign; a zero mantissa has none (issue 40, rule 3)
                if self.entry.strip("0"):
                    self.negative = not self.negative
                    self.x = -self.x
            else:  # a finished number: negated, and the lift enabled (5 ENTER CHS 2: Y = -5, Z = 5)
                self.x = -self.x
                self.lift = "lift"
        elif key == "Pi":
            self.push(PI)
        elif key == "ENTER":
            self.t, self.z, self.y = self.z, self.y, self.x
            self.lift = "off"
        elif key == "CLX":
            self.x = Decimal(0)
            self.lift = "off"
        elif key in ("+", "-", "×"):
            op = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "×": lambda a, b: a * b}[key]
            self.last_x, self.x = self.x, op(self.y, self.x) + 0
            self.y, self.z = self.z, self.t
            self.lift = "lift"
        elif key == "X<>Y":
            self.x, self.y = self.y, self.x
            self.lift = "lift"
        elif key == "RDN":
            self.x, self.y, self.z, self.t = self.y, self.z, self.t, self.x
            self.lift = "lift"
        elif key == "R↑":
            self.x, self.y, self.z, self.t = self.t, self.x, self.y, self.z
            self.lift = "lift"
        elif key == "LSTX":
            self.push(self.last_x)
        elif key.startswith("STO"):
            self.regs[int(key[-1])] = self.x
            self.lift = "lift"
        elif key.startswith("RCL"):
            self.push(self.regs[int(key[-1])])
        else:
            raise AssertionError(key)


NUMBER_KEYS = st.tuples(st.lists(st.sampled_from("0123456789"), min_size=1, max_size=2), st.booleans()).map(
    lambda t: t[0] + (["CHS"] if t[1] else []))
STACK_KEY = st.one_of(
    NUMBER_KEYS,
    st.sampled_from(["ENTER", "CLX", "+", "-", "×", "X<>Y", "RDN", "R↑", "LSTX", "CHS", "Pi",
                     "STO 0", "STO 3", "RCL 0", "RCL 3"]).map(lambda k: [k]),
)


@sizes(everyday=120, soak=400)
def test_the_keyboard_stack_follows_the_reference_model(examples: int) -> None:
    @settings(max_examples=examples, **PROFILE)
    @given(st.lists(STACK_KEY, max_size=25))
    def check(groups: list[list[str]]) -> None:
        m, model = HP67(), StackModel()
        for key in (k for group in groups for k in group):
            m.press(key)
            try:
                model.press(key)
            except ArithmeticError:  # out of the 10-digit range: not what this model is about
                return
            assert (m.x, m.y, m.z, m.t, m.last_x) == (model.x, model.y, model.z, model.t, model.last_x), key
            assert [m.register(str(n)) for n in range(4)] == model.regs

    check()


class ProgramModel(StackModel):
    """The same rules for program steps: every step but ENTER, CLX and digit entry enables
    the lift (tests, flags, labels, STO: ``hp67-notes.md`` 2.1); a false test skips one step."""

    def __init__(self) -> None:
        super().__init__()
        self.flag0 = False

    def run(self, steps: list[str]) -> None:
        pc = 0
        while pc < len(steps):
            step = steps[pc]
            pc += 1
            if step in ("X=0?", "X≠0?", "F0?"):
                true = {"X=0?": self.x == 0, "X≠0?": self.x != 0, "F0?": self.flag0}[step]
                self.lift = "lift"
                if not true:
                    pc += 1
            elif step in ("SF0", "CF0", "*LBL 1"):
                if step != "*LBL 1":
                    self.flag0 = step == "SF0"
                self.lift = "lift"
            else:
                self.press(step)


PROGRAM_STEP = st.one_of(
    STACK_KEY,
    st.sampled_from(["X=0?", "X≠0?", "F0?", "SF0", "CF0", "*LBL 1"]).map(lambda k: [k]),
)


@sizes(everyday=50, soak=300)
def test_program_steps_follow_the_reference_model(examples: int) -> None:
    @settings(max_examples=examples, **PROFILE)
    @given(st.lists(PROGRAM_STEP, max_size=30))
    def check(groups: list[list[str]]) -> None:
        steps = [k for group in groups for k in group] + ["*LBL 1"]  # a last test may skip this, not the RTN
        model = ProgramModel()
        try:
            model.run(steps)
        except ArithmeticError:
            return
        m = machine_with(random_program([INSTRUCTIONS.index(lookup(k)) for k in ["*LBL A", *steps, "RTN"]]))
        m.press("A")
        assert m.run(10_000) is StopReason.RETURN
        assert (m.x, m.y, m.z, m.t, m.last_x) == (model.x, model.y, model.z, model.t, model.last_x)
        assert [m.register(str(n)) for n in range(4)] == model.regs
        assert m.flags[0] == model.flag0

    check()


# -- the display and RND -----------------------------------------------------------------------


def displayed_value(text: str) -> Decimal:
    """The number an LED text shows: ``'-1.23 -05'`` -> -1.23E-5."""
    mantissa, _, exponent = text.partition(" ")
    value = Decimal(mantissa.rstrip(".") or "0")
    return value.scaleb(int(exponent)) if exponent else value


HP67_NUMBERS = st.builds(
    lambda m, e, negative: (-1 if negative else 1) * Decimal(m).scaleb(e - len(str(m)) + 1),
    st.integers(1, 9_999_999_999), st.integers(-99, 99), st.booleans(),
).filter(lambda v: abs(v) < Decimal("9.5E99"))  # rounding the display there would need a 3-digit exponent


@sizes(everyday=150, soak=1500)
def test_rnd_gives_the_number_the_display_shows(examples: int) -> None:
    @settings(max_examples=examples, **PROFILE)
    @given(HP67_NUMBERS, st.sampled_from(["FIX", "SCI", "ENG"]), st.integers(0, 9))
    def check(value: Decimal, mode: str, digits: int) -> None:
        m = HP67()
        m.x, m.fmt, m.digits = value, mode, digits
        shown = m.display
        mantissa, _, exponent = shown.partition(" ")
        assert sum(c.isdigit() for c in mantissa) <= 10 and len(exponent.lstrip("-")) in (0, 2), shown
        if exponent:
            assert 1 <= abs(Decimal(mantissa)) < (1000 if mode == "ENG" else 10), shown
            assert mode != "ENG" or int(exponent) % 3 == 0, shown
        m.press("RND")
        # FIX falls back to SCI for a number that rounds to zero at n decimals; RND still
        # rounds to the n decimals, to zero (issue 40, HP-67 rule 2).
        fell_back_small = mode == "FIX" and bool(exponent) and abs(value) < 1
        assert m.x == (0 if fell_back_small else displayed_value(shown)), shown
        assert m.last_x == value

    check()


# -- what these properties found (regressions) -----------------------------------------------


def test_a_key_that_fails_while_clearing_error_leaves_the_next_key_to_clear_it() -> None:
    # No LBL C in the Othello program: Error.  STO ÷ E: STO clears it, ÷ (0 / 0) fails
    # again, so E only clears that Error -- it must not start the program under Error.
    m = machine_with(OTHELLO)
    m.press("C")
    assert m.display == "Error"
    m.press("ST÷ E")
    assert not m.running and not m.error
    assert m.display == "0.00"
    check_invariants(m)


def test_rnd_of_a_number_too_large_for_fix_keeps_the_ten_digits_the_display_shows() -> None:
    m = machine_with(None)
    for key in ("1", ".", "0", "0", "7", "3", "8", "2", "EEX", "1", "0", "DSP 4"):
        m.press(key)
    assert m.display == "1.007382000 10"
    m.press("RND")
    assert m.x == Decimal("1.007382E10")  # not 1.0074E10: FIX 4 falls back to SCI 9


def test_the_empty_key_is_refused_and_star_is_still_multiply() -> None:
    m = machine_with(None)
    for key in ("", "   "):
        with pytest.raises(ValueError):
            m.press(key)
    for key in ("6", "ENTER", "7", "*"):
        m.press(key)
    assert m.display == "42.00"
