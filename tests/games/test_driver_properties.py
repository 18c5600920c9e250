"""Property tests of the four game drivers: random legal and illegal moves, whole random
games, and snapshots restored mid-game.

For each driver (HP-67 Othello, Lazard Othello on the CPC, the TI-57 duel and the TI-57
wolf and lambs): an illegal move raises the driver's own documented exception with a
message and leaves the driver's snapshot exactly as it was; legal moves keep the driver
and an independent model in step; and a snapshot taken anywhere in a game, sent through
JSON and restored (into a new driver, or into the same one as an undo does), continues
the game exactly as the original did.  The Othello drivers also: a machine move cancelled
from its slice callback leaves the game as it was, the machine run in other slice sizes
plays the same game, ``new_game`` from any state gives the standard opening, and an
HP-67 game replays from its recorded keys on a bare calculator.
``tests/games/test_ti57_properties.py`` already feeds the TI-57 drivers random calls; here
they play whole games and are restored.  The default run is derandomized (and the slow
Othello games are not shrunk) and sized for the everyday suite (``tests/sizes.py``); ``-m soak``
runs each property at its full size and plays many more games.
"""

from __future__ import annotations

import json
from typing import Any, Callable

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from games.hp67_othello.driver import HP67OthelloDriver, load_program
from games.lazard_othello.driver import LazardOthelloDriver
from games.othello.driver import MoveCancelled, OthelloDriver
from games.othello.referee import Disc, IllegalMove, Position
from games.ti57_duel import DuelGame, DuelStatus
from games.ti57_duel import IllegalMove as DuelIllegal
from games.ti57_wolf import IllegalMove as WolfIllegal
from games.ti57_wolf import Side, WolfGame, WolfReferee
from machines.cpc import CPC
from machines.hp67 import HP67
from tests.sizes import sizes

PROFILE = dict(deadline=None, derandomize=True, database=None,
               suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
# Whole Othello games take seconds each: a failure is reported as found, not shrunk for minutes.
GAMES = dict(PROFILE, phases=[Phase.explicit, Phase.generate])
SOAK = dict(deadline=None, database=None, derandomize=False, phases=[Phase.explicit, Phase.generate],
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

HP67_PROGRAM = load_program()


def frozen(snapshot: dict[str, Any]) -> str:
    return json.dumps(snapshot, sort_keys=True)


def through_json(snapshot: dict[str, Any]) -> dict[str, Any]:
    return json.loads(json.dumps(snapshot))


# -- Othello: both drivers, one contract --------------------------------------------------------


def hp67_driver() -> OthelloDriver:
    return HP67OthelloDriver(HP67_PROGRAM)


def lazard_driver() -> OthelloDriver:
    driver = LazardOthelloDriver()
    driver.machine = CPC(clock=lambda: 0.0)  # TIME is in the CPC's snapshot: freeze it
    return driver


OTHELLO = {"hp67": hp67_driver, "lazard": lazard_driver}
COLORS = st.sampled_from([Disc.BLACK, Disc.WHITE])
SQUARES = st.one_of(st.none(), st.integers(-3, 67))

# An action: try a human move on a square (legal or not), play a random legal human move,
# ask the machine to move (legal or not), or start the machine's move and cancel it.
ACTION = st.one_of(
    st.tuples(st.just("try"), SQUARES),
    st.tuples(st.just("play"), st.integers(0, 63)),
    st.tuples(st.just("machine"), st.just(0)),
    st.tuples(st.just("cancel"), st.integers(1, 12)),
    st.tuples(st.just("new"), COLORS),
)


def refused(driver: Any, call: Callable[[], Any], error: type[Exception]) -> str:
    """``call`` must raise ``error`` with a message and leave ``driver.snapshot()`` as it was."""
    before = frozen(driver.snapshot())
    with pytest.raises(error) as caught:
        call()
    message = str(caught.value)
    assert message.strip(), f"{error.__name__} without a message"
    assert frozen(driver.snapshot()) == before, f"refusing ({message}) changed the game"
    return message


def human_choice(position: Position, pick: int) -> int | None:
    legal = position.legal_moves()
    return legal[pick % len(legal)] if legal else None


def play_turn(driver: OthelloDriver, pick: int, slice_steps: int = 2000) -> int | None:
    """The machine's move (run in slices of ``slice_steps``), or the human's ``pick``-th
    legal move (a pass if none)."""
    if driver.machine_to_move:
        return driver.machine_move(slice_steps=slice_steps).square
    square = human_choice(driver.position, pick)
    driver.human_move(square)
    return square


def by_kind(counts: dict[str, tuple[int, int]]) -> pytest.MarkDecorator:
    """Parametrize ``kind, examples`` per Othello driver: (everyday, soak) examples of each."""
    return pytest.mark.parametrize("kind, examples", [
        param for kind, (everyday, soak) in counts.items() for param in (
            pytest.param(kind, everyday, id=f"{kind}-everyday"),
            pytest.param(kind, soak, id=f"{kind}-soak", marks=pytest.mark.soak))])


def follow(model: Position, driver: OthelloDriver) -> Position:
    """The independent model after the driver's last move; the two must agree."""
    last = driver.history[-1]
    model = model.play(last.square) if last.square is not None else model.pass_turn()
    assert (driver.position.black, driver.position.white, driver.position.to_move) == (
        model.black, model.white, model.to_move)
    return model


@by_kind({"hp67": (15, 40), "lazard": (15, 40)})
def test_othello_moves_are_played_or_refused_with_nothing_changed(kind: str, examples: int) -> None:
    @settings(max_examples=examples, **GAMES)
    @given(COLORS, st.lists(ACTION, min_size=5, max_size=40))
    def check(color: Disc, actions: list[tuple[str, Any]]) -> None:
        driver = OTHELLO[kind]()
        driver.new_game(color)
        model = Position.initial()
        for verb, arg in actions:
            if verb == "try":
                legal = driver.human_to_move and (
                    arg in model.legal_moves() if arg is not None else model.must_pass)
                if legal:
                    driver.human_move(arg)
                    model = follow(model, driver)
                else:
                    refused(driver, lambda: driver.human_move(arg), IllegalMove)
            elif verb == "play":
                if driver.human_to_move:
                    driver.human_move(human_choice(model, arg))
                    model = follow(model, driver)
                else:
                    refused(driver, lambda: driver.human_move(human_choice(model, arg)), IllegalMove)
            elif verb == "machine":
                if driver.machine_to_move:
                    driver.machine_move()
                    model = follow(model, driver)
                else:
                    refused(driver, driver.machine_move, IllegalMove)
            elif verb == "new":  # a new game from whatever state the machine is in
                driver.new_game(arg)
                model = Position.initial()
                assert driver.machine_color is arg and driver.history == []
                assert driver.position == model
            else:  # cancel the machine's move after ``arg`` slices: as if never started
                if not driver.machine_to_move:
                    continue
                before = frozen(driver.snapshot())
                slices = iter(range(arg, 0, -1))
                try:
                    driver.machine_move(on_slice=lambda steps: next(slices, 0) > 1, slice_steps=150)
                except MoveCancelled as exc:
                    assert str(exc)
                    assert frozen(driver.snapshot()) == before
                else:
                    model = follow(model, driver)
            assert isinstance(driver.display, str)
        if driver.is_over:
            refused(driver, lambda: driver.human_move(None), IllegalMove)
            refused(driver, driver.machine_move, IllegalMove)

    check()


def play_game(driver: OthelloDriver, picks: list[int], cut: int) -> tuple[dict[str, Any] | None, list[int]]:
    """Play to the end with the human's ``picks``; the snapshot before ply ``cut`` and
    the picks used after it."""
    mid: dict[str, Any] | None = None
    used_after: list[int] = []
    model = Position.initial()
    ply = 0
    while not driver.is_over:
        pick = picks[ply % len(picks)]
        if ply == cut:
            mid = through_json(driver.snapshot())
        if mid is not None:
            used_after.append(pick)
        play_turn(driver, pick)
        model = follow(model, driver)
        ply += 1
    assert len(driver.history) == ply
    if mid is None:  # the game was shorter than the cut: snapshot at the end
        mid = through_json(driver.snapshot())
    return mid, used_after


def continue_game(driver: OthelloDriver, picks: list[int], slice_steps: int = 2000) -> None:
    for pick in picks:
        play_turn(driver, pick, slice_steps)
    assert driver.is_over


@by_kind({"hp67": (2, 5), "lazard": (7, 20)})
def test_whole_random_othello_games_and_a_snapshot_restored_mid_game(kind: str, examples: int) -> None:
    # The first slice size is the one of the simplest draw (a whole game restored at its start):
    # an odd size; one step per slice, ten times slower on the HP-67, is drawn among the others.
    @settings(max_examples=examples, **GAMES)
    @given(COLORS, st.lists(st.integers(0, 63), min_size=1, max_size=40), st.integers(0, 70), st.booleans(),
           st.sampled_from([97, 1, 2000, 10**6]))
    def check(color: Disc, picks: list[int], cut: int, in_place: bool, slice_steps: int) -> None:
        """The restored game goes on with the machine run in other slices: the same game."""
        driver = OTHELLO[kind]()
        driver.new_game(color)
        mid, after = play_game(driver, picks, cut)
        final = frozen(driver.snapshot())
        black, white = driver.position.score()
        assert black + white <= 64
        if in_place:  # undo: the same driver goes back to the middle of the game
            twin = driver
        else:
            twin = OTHELLO[kind]()
        twin.restore(mid)
        assert frozen(twin.snapshot()) == frozen(mid)
        continue_game(twin, after, slice_steps)
        assert frozen(twin.snapshot()) == final

    check()


def replay_on_a_bare_hp67(keys_by_turn: list[list[str]], new_game_keys: list[str]) -> list[tuple]:
    """Press a game's recorded keys on a fresh HP-67 as a person would (letting the program
    run to its stop after each key); the board registers after each turn."""
    m = HP67()
    m.load(HP67_PROGRAM)

    def press(key: str) -> None:
        m.press(key)
        while m.running:  # pauses go on by themselves
            m.run(100_000)

    for key in new_game_keys:
        press(key)
    boards = []
    for keys in keys_by_turn:
        for key in keys:
            press(key)
        boards.append(tuple(m.register(str(r)) for r in range(1, 9)))
    return boards


@sizes(everyday=1, soak=3)
def test_an_hp67_game_replays_from_its_recorded_keys(examples: int) -> None:
    """The history's keys are the whole key sequence: pressed on a bare HP-67, the calculator
    ends each of its turns with the same board in registers 1-8 as the driver's."""
    @settings(max_examples=examples, **GAMES)
    @given(COLORS, st.lists(st.integers(0, 63), min_size=1, max_size=40))
    def check(color: Disc, picks: list[int]) -> None:
        driver = hp67_driver()
        driver.new_game(color)
        boards: list[tuple] = []
        ply = 0
        while not driver.is_over:
            play_turn(driver, picks[ply % len(picks)])
            boards.append(tuple(driver.machine.register(str(r)) for r in range(1, 9)))
            ply += 1
        replayed = replay_on_a_bare_hp67([r.keys for r in driver.history], driver.new_game_keys)
        for record, ours, theirs in zip(driver.history, boards, replayed):
            if record.by_machine:  # after a human's keys the driver stops the search the replay runs
                assert theirs == ours, f"turn {driver.history.index(record) + 1} ({record.machine_notation})"

    check()


# -- the TI-57 duel ---------------------------------------------------------------------------

SQUARE10 = st.tuples(st.integers(0, 9), st.integers(0, 9))


def duel_turn(game: DuelGame, pick: int, extend_by: int) -> None:
    """One legal step of the duel: a move of the player to move, or extend a draw."""
    if game.status is DuelStatus.DRAW:
        game.extend(extend_by)
        return
    directions = game.legal_directions(game.to_move)
    game.move(game.to_move, directions[pick % len(directions)])


def duel_illegal(game: DuelGame, pick: int) -> None:
    """Every kind of refusal, each leaving the game as it was."""
    other = 3 - game.to_move
    refused(game, lambda: game.move(other, 1), DuelIllegal)
    refused(game, lambda: game.move(0, 1), DuelIllegal)
    refused(game, lambda: game.move(game.to_move, [0, 9, -1, 10][pick % 4]), DuelIllegal)
    refused(game, lambda: game.place(1, (0, 0)), DuelIllegal)
    refused(game, lambda: game.extend([0, -1, 10_000][pick % 3]), ValueError)
    if game.status is not DuelStatus.DRAW:
        refused(game, lambda: game.extend(1), DuelIllegal)
    if game.status is DuelStatus.IN_PROGRESS:
        off = [d for d in range(1, 9) if d not in game.legal_directions(game.to_move)]
        for d in off:
            refused(game, lambda: game.move(game.to_move, d), DuelIllegal)


@settings(max_examples=40, **PROFILE)
@given(SQUARE10, SQUARE10, st.integers(1, 25), st.lists(st.integers(0, 7), min_size=1, max_size=60),
       st.integers(1, 4), st.integers(0, 80))
def test_whole_random_duels_refuse_illegal_moves_and_restore_mid_game(
        s1, s2, moves: int, picks: list[int], extend_by: int, cut: int) -> None:
    for bad in (0, -3, 10_000, 2.5):
        with pytest.raises(ValueError, match="move limit"):
            DuelGame(bad)  # type: ignore[arg-type]
    game = DuelGame(moves)
    refused(game, lambda: game.move(1, 1), DuelIllegal)  # nobody has placed yet
    refused(game, lambda: game.place(3, s1), DuelIllegal)
    refused(game, lambda: game.place(1, (s1[0], 10)), DuelIllegal)
    game.place(1, s1)
    game.place(2, s2)
    mid: dict[str, Any] | None = None
    after: list[int] = []
    for ply in range(120):  # at most 120 steps: a game with two extensions of 4 or less ends by then
        if game.status is DuelStatus.CAPTURE:
            break
        pick = picks[ply % len(picks)]
        if ply % 7 == 0:
            duel_illegal(game, pick)
        if ply == cut:
            mid = through_json(game.snapshot())
        if mid is not None:
            after.append(pick)
        if game.status is DuelStatus.DRAW and len([t for t in game.turns if t.status is DuelStatus.DRAW]) >= 2:
            break  # two draws: stop extending
        duel_turn(game, pick, extend_by)
        view = game.view_for(1), game.view_for(2)
        assert view[0].moves_left == view[1].moves_left == game.moves_left
    if game.status is DuelStatus.CAPTURE:
        assert game.winner in (1, 2)
        refused(game, lambda: game.move(game.to_move, 1), DuelIllegal)
    final = frozen(game.snapshot())
    if mid is None:
        mid = through_json(game.snapshot())
    twin = DuelGame.restore(mid)
    assert frozen(twin.snapshot()) == frozen(mid)
    for pick in after:
        if twin.status is DuelStatus.CAPTURE:
            break
        if twin.status is DuelStatus.DRAW and len([t for t in twin.turns if t.status is DuelStatus.DRAW]) >= 2:
            break
        duel_turn(twin, pick, extend_by)
    assert frozen(twin.snapshot()) == final


# -- the TI-57 wolf and lambs --------------------------------------------------------------------


def wolf_turn(game: WolfGame, pick: int) -> bool:
    """A random legal move of the side to move; False when the game is over."""
    if game.result() is not None:
        return False
    if game.to_move is Side.WOLF:
        keys = game.legal_wolf_moves()
        game.wolf_move(keys[pick % len(keys)])
    else:
        lambs = game.legal_lamb_moves()
        game.lamb_move(*lambs[pick % len(lambs)])
    return True


def wolf_illegal(game: WolfGame, pick: int) -> None:
    refused(game, lambda: game.wolf_move([0, 2, 5, 8][pick % 4]), WolfIllegal)
    refused(game, lambda: game.lamb_move([0, 5, -1][pick % 3], 4), WolfIllegal)
    refused(game, lambda: game.lamb_move(1, [1, 5, 9][pick % 3]), WolfIllegal)
    refused(game, game.take_back, WolfIllegal)
    if game.result() is not None:
        for key in (1, 3, 7, 9):
            refused(game, lambda: game.wolf_move(key), WolfIllegal)
    elif game.to_move is Side.WOLF:
        for key in set((1, 3, 7, 9)) - set(game.legal_wolf_moves()):
            refused(game, lambda: game.wolf_move(key), WolfIllegal)
        refused(game, lambda: game.lamb_move(1, 4), WolfIllegal)  # not the lambs' turn
    else:
        legal = set(game.legal_lamb_moves())
        for k in (1, 2, 3, 4):
            for key in (4, 6):
                if (k, key) not in legal:
                    refused(game, lambda: game.lamb_move(k, key), WolfIllegal)
        refused(game, lambda: game.wolf_move(1), WolfIllegal)  # not the wolf's turn


@sizes(everyday=10, soak=30)
def test_whole_random_wolf_games_refuse_illegal_moves_and_restore_mid_game(examples: int) -> None:
    @settings(max_examples=examples, **PROFILE)
    @given(st.sampled_from([Side.WOLF, Side.LAMBS]), st.lists(st.integers(0, 7), min_size=1, max_size=40),
           st.integers(0, 60))
    def check(first: Side, picks: list[int], cut: int) -> None:
        game = WolfGame(first=first)
        mid: dict[str, Any] | None = None
        after: list[int] = []
        model = WolfReferee(game.board, first)
        for ply in range(200):
            pick = picks[ply % len(picks)]
            wolf_illegal(game, pick)
            if ply == cut:
                mid = through_json(game.snapshot())
            if game.result() is not None:
                break
            if mid is not None:
                after.append(pick)
            wolf_turn(game, pick)
            record = game.history[-1]
            model = model.wolf_move(record.key) if record.side is Side.WOLF else model.lamb_move(record.lamb, record.key)
            assert (game.board, game.to_move) == (model.board, model.to_move)
        assert game.result() is not None  # every game ends: the lambs only go forward
        final = frozen(game.snapshot())
        if mid is None:
            mid = through_json(game.snapshot())
        twin = WolfGame.restore(mid)
        assert frozen(twin.snapshot()) == frozen(mid)
        for pick in after:
            assert wolf_turn(twin, pick)
        assert frozen(twin.snapshot()) == final

    check()


@settings(max_examples=60, **PROFILE)
@given(st.sampled_from([Side.WOLF, Side.LAMBS]),
       st.lists(st.one_of(st.tuples(st.just("wolf"), st.sampled_from([1, 3, 7, 9])),
                          st.tuples(st.just("lamb"), st.tuples(st.integers(1, 4), st.sampled_from([4, 6]))),
                          st.tuples(st.just("back"), st.just(0))), max_size=50),
       st.integers(0, 50))
def test_purist_wolf_games_and_a_snapshot_restored_mid_game(first: Side, calls, cut: int) -> None:
    """Without the referee only the machine's own check stands; still no stray exception,
    refusals change nothing, and a restored game goes on identically."""
    game = WolfGame(first=first, referee_enabled=False)
    mid: dict[str, Any] | None = None
    after: list[tuple[str, Any]] = []

    def call(g: WolfGame, verb: str, arg: Any) -> None:
        try:
            before = frozen(g.snapshot())
            if verb == "wolf":
                g.wolf_move(arg)
            elif verb == "lamb":
                g.lamb_move(*arg)
            else:
                g.take_back()
        except WolfIllegal as exc:
            assert str(exc)
            assert frozen(g.snapshot()) == before
        g.view()

    for n, (verb, arg) in enumerate(calls):
        if n == cut:
            mid = through_json(game.snapshot())
        if mid is not None:
            after.append((verb, arg))
        call(game, verb, arg)
    final = frozen(game.snapshot())
    twin = WolfGame.restore(mid if mid is not None else through_json(game.snapshot()))
    for verb, arg in after:
        call(twin, verb, arg)
    assert frozen(twin.snapshot()) == final


# -- the soak -----------------------------------------------------------------------------------


@pytest.mark.soak
@pytest.mark.parametrize("kind", ["hp67", "lazard"])
def test_soak_whole_random_othello_games(kind: str) -> None:
    @settings(max_examples=200 if kind == "hp67" else 1000, **SOAK)
    @given(COLORS, st.lists(st.integers(0, 63), min_size=1, max_size=60), st.integers(0, 70))
    def check(color: Disc, picks: list[int], cut: int) -> None:
        driver = OTHELLO[kind]()
        driver.new_game(color)
        mid, after = play_game(driver, picks, cut)
        final = frozen(driver.snapshot())
        twin = OTHELLO[kind]()
        twin.restore(mid)
        continue_game(twin, after)
        assert frozen(twin.snapshot()) == final

    check()


@pytest.mark.soak
@settings(max_examples=3000, **SOAK)
@given(st.sampled_from([Side.WOLF, Side.LAMBS]), st.lists(st.integers(0, 7), min_size=1, max_size=40))
def test_soak_wolf_games(first: Side, picks: list[int]) -> None:
    game = WolfGame(first=first)
    ply = 0
    while wolf_turn(game, picks[ply % len(picks)]):
        wolf_illegal(game, picks[ply % len(picks)])
        ply += 1
    assert game.result() is not None
