"""The blind duel's session, headless: whole games in milliseconds on the real TI-57 and listing.

Every step of seeded games checks the phases against the rules, that each view holds only
what its viewer may know, that a refusal changes nothing, and that a save taken there
resumes exactly -- while telling nothing private to someone who opens the file.
"""

from __future__ import annotations

import copy
import json
import random
import re
from typing import Any

import pytest

from games.session import Refused, SaveUnreadable, Seat
from games.ti57_duel import DELTAS, DuelStatus
from games.ti57_duel.driver import PlayerView
from games.ti57_duel.seal import KdfCost
from games.ti57_duel.session import DuelSession, LockedSave, Phase, WrongPin, WrongPins
from tests.sizes import sizes

LOW_COST = KdfCost(log2_n=4, r=1, p=1)
"""scrypt's lowest cost: the tests' locked duels derive a key in microseconds (the file records it)."""

KEY_WORDS = ("STO", "SBR", "CLR", "RCL", "Fix", "2nd", "SUM", "Exc")


def state_of(s: DuelSession) -> tuple[Any, ...]:
    """Everything a refusal must leave as it was."""
    return (s.phase, s.handoff_to, s.after_handoff, s.undo_for, s.setup_player, s.limit, s.extension, s.news,
            None if s.game is None else json.dumps(s.game.snapshot(), sort_keys=True))


def refused(s: DuelSession, call: Any, *args: Any, kind: type[Exception] = Refused) -> str:
    """``call(*args)`` must raise ``kind`` and change nothing; its message is returned."""
    before = state_of(s)
    with pytest.raises(kind) as info:
        call(*args)
    assert state_of(s) == before
    return str(info.value)


def secret_texts(s: DuelSession) -> set[str]:
    """Every form a square, a key or a register takes in the game (what a save must not show)."""
    g = s.game
    assert g is not None
    texts = set(KEY_WORDS)
    for sq in [*(x for x in g._starts if x), *(g.square_of(p) for p in (1, 2) if g.placed[p - 1])]:
        texts.add(f"{sq[0]}.{sq[1]}")
    texts |= {v for v in g.machine.view().registers if "." in v and v.strip("0.") != ""}
    for t in g.turns:
        texts |= {d for d in t.displays if "." in d}
    return texts


def assert_opaque(s: DuelSession, text: str) -> None:
    for secret in secret_texts(s):
        assert secret not in text, f"{secret!r} readable in the save"
    assert not re.search(r"\d\.\d", text)


def check_views(s: DuelSession) -> None:
    """Player p's view never holds the other's square; the public view holds none."""
    g = s.game
    public = s.view(None)
    assert public.me is None
    if s.phase is not Phase.OVER:
        assert public.keys == () and public.turns == ()
        assert public.squares is None and all(public.registers[n] == "" for n in (1, 2) if public.registers)
    if g is None:
        return
    for p in (1, 2):
        v = s.view(p)
        other = 3 - p
        if s.phase is Phase.OVER:
            assert v.squares == (g.square_of(1), g.square_of(2))
            continue
        assert v.squares is None and v.keys == () and v.turns == ()
        if v.me is None:
            assert v.registers == () or v.registers[other] == ""
            continue
        assert v.viewer == p and (s.phase is Phase.SETUP and (s.setup_player == p or s.apart) or s.phase is Phase.TURN)
        assert v.registers[other] == "" and other in v.hidden
        if g.placed[p - 1]:
            assert v.me.square == g.square_of(p)
        if g.placed[other - 1] and g.square_of(other) != g.square_of(p):
            o = g.square_of(other)
            assert f"({o[0]}, {o[1]})" not in repr(v)


def round_trip(s: DuelSession, pins: tuple[str, ...] = ()) -> None:
    """The save, through JSON, resumes exactly (on the curtain), and shows nothing private."""
    state = s.to_save()
    if state is None:
        assert s.phase in (Phase.LIMIT, Phase.OVER)
        return
    text = json.dumps(state)
    assert_opaque(s, text)
    back = DuelSession.from_save(json.loads(text), pins)
    assert back.game is not None and s.game is not None
    assert back.game.snapshot() == s.game.snapshot()
    if s.phase is Phase.DRAW:
        assert back.phase is Phase.DRAW
    else:
        assert back.phase is Phase.HANDOFF and back.undo_for is None
        assert back.handoff_to == (s.handoff_to if s.phase is Phase.HANDOFF else s.actor)


def play(seed: int, lock: bool = False, program: Any = None) -> DuelSession:
    """A whole hot-seat duel by seeded random choices, every step checked (``program``: a variant)."""
    rng = random.Random(seed)
    s = DuelSession(limit=rng.randint(2, 25), lock=lock, program=program, seal_cost=LOW_COST)
    pins = {1: f"{rng.randrange(10**6):06d}", 2: f"{rng.randrange(10**12):012d}"}
    check_views(s)
    refused(s, s.move, 1)
    refused(s, s.reveal)
    s.start()
    squares: dict[int, tuple[int, int]] = {}
    extensions = steps = 0
    while s.phase is not Phase.OVER:
        check_views(s)
        steps += 1
        round_trip(s, tuple(pins[p] for p in sorted(s._pins)))
        if s.phase is Phase.HANDOFF:
            p = s.handoff_to
            assert p is not None
            refused(s, s.move, 1)
            if s.needs_pin(p):
                refused(s, s.reveal, pins[3 - p], kind=WrongPin)
                refused(s, s.reveal, None, kind=WrongPin)
            if s.undo_for is not None and rng.random() < 0.2:
                before = s._undo
                mover = s.undo_for
                s.undo()
                assert s.phase is Phase.HANDOFF and s.handoff_to == mover and s.undo_for is None
                assert s.game.snapshot() == before  # type: ignore[union-attr]
                squares[mover] = s.game.square_of(mover)  # type: ignore[union-attr]
                continue
            s.reveal(pins[p] if lock else None)
            refused(s, s.undo)  # never once the curtain is lifted
            continue
        if s.phase is Phase.SETUP:
            p = s.setup_player
            refused(s, s.place, (10, 3), pins[p], kind=Refused)
            if lock:
                refused(s, s.place, (1, 1), "12a456")
                refused(s, s.place, (1, 1), None)
            square = (rng.randrange(10), rng.randrange(10))
            s.place(square, pins[p])
            squares[p] = square
            continue
        if s.phase is Phase.DRAW:
            refused(s, s.move, 1)
            if extensions < 2 and rng.random() < 0.7:
                s.set_extension(rng.randint(1, 6))
                s.extend()
                extensions += 1
            else:
                s.end()
            continue
        assert s.phase is Phase.TURN and s.game is not None
        p = s.game.to_move
        c, r = squares[p]
        off = [d for d, (dc, dr) in DELTAS.items() if not (0 <= c + dc < 10 and 0 <= r + dr < 10)]
        if off:
            refused(s, s.move, off[0])
        refused(s, s.move, 9)
        legal = s.view(p).legal
        assert set(legal) == set(DELTAS) - set(off)
        d = rng.choice(legal)
        moved = s.move(d)
        squares[p] = (c + DELTAS[d][0], r + DELTAS[d][1])
        assert moved.turn.displays[0] == f"{squares[p][0]}.{squares[p][1]}"
        assert moved.mover_view.me is not None and moved.mover_view.me.square == squares[p]
        assert s.game.square_of(1) == squares[1] and s.game.square_of(2) == squares[2]
        if squares[1] == squares[2]:
            assert s.phase is Phase.OVER and s.game.winner == p
        elif s.game.moves_left == 0:
            assert s.phase is Phase.DRAW
        else:
            assert s.phase is Phase.HANDOFF and s.handoff_to == 3 - p and s.undo_for == p
    check_views(s)
    assert s.to_save() is None  # a finished duel is not kept
    return s


@pytest.mark.parametrize("seeds", [pytest.param(range(11, 17), id="everyday"),
                                   pytest.param(range(50), marks=pytest.mark.soak, id="soak")])
def test_whole_hot_seat_duels_keep_the_rules_the_views_and_the_saves(seeds: range) -> None:
    """Everyday seeds 11-16: three captures (seed 11 is the first to end in one), three draws."""
    ends = {DuelStatus.CAPTURE: 0, DuelStatus.DRAW: 0}
    for seed in seeds:
        ends[play(seed).game.status] += 1  # type: ignore[union-attr]
    assert ends[DuelStatus.CAPTURE] > 0 and ends[DuelStatus.DRAW] > 0


@sizes(everyday=3, soak=12, name="seeds")
def test_locked_duels_lift_the_curtain_only_with_the_players_pin(seeds: int) -> None:
    for seed in range(seeds):  # every step's save opened with the PINs chosen so far
        play(seed, lock=True)


def test_locked_save_opens_only_with_both_pins_and_says_so() -> None:
    s = DuelSession(lock=True, seal_cost=LOW_COST)
    s.start()
    s.reveal()
    s.place((2, 3), "123456")
    state = json.loads(json.dumps(s.to_save()))
    assert DuelSession.locked_players(state) == (1,)
    with pytest.raises(LockedSave) as missing:
        DuelSession.from_save(state)
    assert missing.value.players == (1,) and not isinstance(missing.value, SaveUnreadable)
    with pytest.raises(WrongPins):
        DuelSession.from_save(state, ("654321",))
    s.reveal()
    s.place((7, 6), "987654")
    s.reveal("123456")
    s.move(2)
    state = json.loads(json.dumps(s.to_save()))
    kept = copy.deepcopy(state)
    assert DuelSession.locked_players(state) == (1, 2)
    for pins in [(), ("123456",), ("123456", "987655"), ("987654", "123456")]:
        with pytest.raises(LockedSave):
            DuelSession.from_save(state, pins)
    assert state == kept and "seal_key" not in state  # the key is not in the file
    back = DuelSession.from_save(state, ("123456", "987654"))
    assert back.phase is Phase.HANDOFF and back.handoff_to == 2 and back.needs_pin(2)
    assert back.game.snapshot() == s.game.snapshot()  # type: ignore[union-attr]
    refused(back, back.reveal, "123456", kind=WrongPin)
    back.reveal("987654")
    assert back.view(2).me.square == (7, 6)  # type: ignore[union-attr]


def test_a_lock_is_for_two_people_and_a_pin_is_digits() -> None:
    s = DuelSession(seats=(Seat(), Seat("computer", "random")), lock=True)
    refused(s, s.start)
    s = DuelSession(lock=True)
    s.start()
    s.reveal()
    for bad in (None, "", "123", "12345", "1234567890123", "12 456", "١٢٣٤٥٦", 123456):
        refused(s, s.place, (1, 1), bad)
    refused(s, DuelSession, (Seat("robot"), Seat()))


def test_refusals_outside_their_phase_change_nothing() -> None:
    s = DuelSession()
    refused(s, s.set_limit, 0)
    refused(s, s.set_limit, 10_000)
    refused(s, s.set_extension, 5)
    refused(s, s.place, (1, 1))
    refused(s, s.extend)
    refused(s, s.end)
    refused(s, s.undo)
    refused(s, s.play_computer)
    s.set_limit(1)
    s.start()
    refused(s, s.start)
    refused(s, s.set_limit, 5)
    refused(s, s.place, (1, 1))  # the curtain first
    s.reveal()
    refused(s, s.move, 2)
    s.place((0, 0))
    s.reveal()
    s.place((5, 5))
    s.reveal()
    refused(s, s.move, 5)  # off the board, from 0.0
    s.move(1)  # the only move: a draw
    assert s.phase is Phase.DRAW and s.summary() == "a draw: extend or end"
    refused(s, s.undo)  # the end is shown to both: nothing to take back
    refused(s, s.move, 1)
    refused(s, s.set_extension, 0)


def test_summary_counts_moves_played_and_names_no_square() -> None:
    s = DuelSession()
    assert s.summary() == ""
    s.start()
    assert s.summary() == "setting up, Player 1 chooses a start square"
    s.reveal()
    s.place((2, 3))
    s.reveal()
    s.place((7, 6))
    assert s.summary() == "move 0, Player 1 to move, 20 moves left"
    s.reveal()
    s.move(2)
    assert s.summary() == "move 1, Player 2 to move, 19 moves left"


def test_todays_plain_save_still_resumes_on_the_curtain() -> None:
    s = DuelSession()
    s.start()
    s.reveal()
    s.place((2, 3))
    s.reveal()
    s.place((7, 6))
    s.reveal()
    s.move(2)
    g = s.game
    assert g is not None
    old = {"phase": "turn", "setup_player": 2, "extension": 7, "game": g.snapshot(),
           "shown": ["2.0", False, "stopped"], "settings": {"instant": False, "registers": False}}
    back = DuelSession.from_save(json.loads(json.dumps(old)))
    assert back.phase is Phase.HANDOFF and back.handoff_to == 2 and back.extension == 7
    assert back.game.snapshot() == g.snapshot()  # type: ignore[union-attr]
    old_setup = {"phase": "setup", "setup_player": 2, "game": DuelSession().game or {}}
    with pytest.raises(SaveUnreadable):
        DuelSession.from_save(old_setup)


def damaged(state: Any, rng: random.Random) -> Any:
    """One random injury to a save: a key lost, a value of the wrong kind, a hex digit changed."""
    state = copy.deepcopy(state)
    path: list[Any] = []
    node = state
    while isinstance(node, (dict, list)) and node and rng.random() < 0.8:
        key = rng.choice(list(node)) if isinstance(node, dict) else rng.randrange(len(node))
        path.append((node, key))
        node = node[key]
    if not path:
        return rng.choice([None, [], "x", 3])
    parent, key = path[-1]
    roll = rng.random()
    if roll < 0.3 and isinstance(parent, dict):
        del parent[key]
    elif roll < 0.6 and isinstance(node, str) and node:
        i = rng.randrange(len(node))
        parent[key] = node[:i] + ("0" if node[i] != "0" else "1") + node[i + 1 :]
    else:
        parent[key] = rng.choice([None, -1, 1.5, "", "zz", [], {}, True, 99])
    return state


def test_damaged_saves_are_reported_never_crash() -> None:
    s = DuelSession()
    s.start()
    s.reveal()
    s.place((4, 4))
    s.reveal()
    s.place((6, 1))
    s.reveal()
    s.move(3)
    good = json.loads(json.dumps(s.to_save()))
    rng = random.Random(11)
    outcomes = {"read": 0, "reported": 0}
    for _ in range(300):
        state = damaged(good, rng)
        try:
            back = DuelSession.from_save(state)
        except SaveUnreadable:
            outcomes["reported"] += 1
            continue
        outcomes["read"] += 1  # a harmless injury (a public word): the game is still the game
        assert back.game.snapshot() == s.game.snapshot()  # type: ignore[union-attr]
    assert outcomes["reported"] > 100
    with pytest.raises(SaveUnreadable):
        DuelSession.from_save({**good, "schema": 4})
    with pytest.raises(SaveUnreadable):
        DuelSession.from_save({"phase": "turn", "game": {"moves": 20}})


class Spy:
    """A computer player that records what it was given (to show it gets only its own view)."""

    def __init__(self, player: int, seed: int | None) -> None:
        self.player = player
        self.rng = random.Random(seed)
        self.views: list[PlayerView] = []

    def place(self) -> tuple[int, int]:
        return (self.rng.randrange(10), self.rng.randrange(10))

    def choose(self, view: PlayerView) -> int:
        assert isinstance(view, PlayerView) and view.player == self.player
        self.views.append(view)
        c, r = view.square  # type: ignore[misc]
        return self.rng.choice([d for d, (dc, dr) in DELTAS.items() if 0 <= c + dc < 10 and 0 <= r + dr < 10])


def test_a_person_against_the_computer_has_no_curtain_and_the_computer_sees_only_its_seat() -> None:
    spies: dict[int, Spy] = {}

    def player_for(seat: Seat, player: int, seed: int | None) -> Spy:
        spies[player] = Spy(player, seed)
        return spies[player]

    rng = random.Random(5)
    for seed in range(10):
        s = DuelSession(seats=(Seat(), Seat("computer", "random")), seed=seed, player_for=player_for, limit=30)
        s.start()
        while s.phase is not Phase.OVER:
            assert s.phase is not Phase.HANDOFF
            check_views(s)
            if s.phase is Phase.DRAW:
                s.end()
            elif s.computer_to_act:
                s.play_computer()
            elif s.phase is Phase.SETUP:
                s.place((rng.randrange(10), rng.randrange(10)))
            else:
                assert s.viewer == 1
                s.move(rng.choice(s.view(1).legal))
        assert spies[2].views  # it played


def test_two_computers_play_whole_duels_through_the_keys() -> None:
    pytest.importorskip("games.ti57_duel.computer")
    for seed in range(5):
        s = DuelSession(seats=(Seat("computer", "random"), Seat("computer", "random")), seed=seed, limit=40)
        s.start()
        while s.phase not in (Phase.OVER, Phase.DRAW):
            assert s.viewer is None and s.view(1).me is None
            s.play_computer()
        assert s.game is not None and s.game.status in (DuelStatus.CAPTURE, DuelStatus.DRAW)


def test_apart_two_people_see_their_own_views_with_no_curtain_and_undo_until_answered() -> None:
    """Two terminals (``games.net``): no hand-off, both players' own views throughout; the mover
    takes a move back until the other moves; a save resumes as a hot seat (on the curtain)."""
    rng = random.Random(11)
    for seed in range(6):
        s = DuelSession(limit=rng.randint(2, 12), apart=True)
        refused(s, s.undo)
        s.start()
        while s.phase is not Phase.OVER:
            assert s.phase is not Phase.HANDOFF and not s.hot_seat
            check_views(s)
            round_trip(s)
            if s.phase in (Phase.SETUP, Phase.TURN):
                for p in (1, 2):
                    assert s.view(p).viewer == p and s.view(p).me is not None
            if s.phase is Phase.DRAW:
                s.end()
            elif s.phase is Phase.SETUP:
                s.place((rng.randrange(10), rng.randrange(10)))
            else:
                mover = s.game.to_move  # type: ignore[union-attr]
                before = s.game.snapshot()  # type: ignore[union-attr]
                moved = s.move(rng.choice(s.view(mover).legal))
                if s.phase is Phase.TURN:
                    assert s.undo_for == mover
                    if seed % 2:
                        s.undo()
                        assert s.phase is Phase.TURN and s.game.to_move == mover  # type: ignore[union-attr]
                        assert s.game.snapshot() == before  # type: ignore[union-attr]
                        refused(s, s.undo)
                        s.move(moved.turn.direction)
                    other = s.game.to_move  # type: ignore[union-attr]
                    if s.view(other).legal:
                        s.move(s.view(other).legal[0])
                        assert s.undo_for in (other, None)  # the first mover's take-back is gone
    with pytest.raises(Refused):
        DuelSession(apart=True, lock=True).start()
