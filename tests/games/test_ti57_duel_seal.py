"""The locked duel's seal (``games/ti57_duel/seal.py``): one PIN and the file tell nothing of the
other player's squares, at any moment of a game; a change to the file is found; the default
scrypt cost is the one the docs measure; saves of the earlier seal are carried over or refused.

Each pair of generated games differs only in one player's squares (the same moves, the same
news): what the other player can get from the save and their own PIN must be the same in both.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any, Iterator

import pytest

from games.session import SaveUnreadable
from games.ti57_duel import seal as sealing
from games.ti57_duel.referee import DELTAS, Square, on_board
from games.ti57_duel.session import PIN_DIGITS, DuelSession, LockedSave, Phase, WrongPins
from tests.games.test_ti57_duel_session import LOW_COST
from tests.sizes import sizes

SAVES = Path(__file__).parent / "ti57_duel_saves"
PINS = {1: "314159", 2: "2718281828"}


def path_of(start: Square, directions: list[int]) -> list[Square] | None:
    """The squares one player visits moving ``directions`` from ``start``; None if one is off the board."""
    squares = [start]
    for d in directions:
        c, r = squares[-1]
        squares.append((c + DELTAS[d][0], r + DELTAS[d][1]))
        if not on_board(squares[-1]):
            return None
    return squares


def saves_of(starts: dict[int, Square], directions: list[int], limit: int) -> Iterator[dict[str, Any]]:
    """Every save a locked hot-seat duel writes, from its first curtain to its last move."""
    s = DuelSession(limit=limit, lock=True, seal_cost=LOW_COST)
    s.start()
    moves = iter(directions)
    while s.phase is not Phase.OVER:
        state = s.to_save()
        assert state is not None
        yield json.loads(json.dumps(state))
        if s.phase is Phase.HANDOFF:
            s.reveal(PINS[s.handoff_to] if s.needs_pin(s.handoff_to) else None)  # type: ignore[index]
        elif s.phase is Phase.SETUP:
            s.place(starts[s.setup_player], PINS[s.setup_player])
        elif s.phase is Phase.DRAW:
            return
        else:
            direction = next(moves, None)
            if direction is None:
                return
            s.move(direction)


def twin_games(rng: random.Random) -> tuple[int, dict[int, Square], dict[int, Square], list[int], int]:
    """Two duels with the same moves in which only player ``hidden``'s start square differs (no capture)."""
    while True:
        hidden = rng.choice((1, 2))
        directions = [rng.randrange(1, 9) for _ in range(rng.randint(0, 14))]
        own = {p: directions[p - 1 :: 2] for p in (1, 2)}
        known = (rng.randrange(10), rng.randrange(10))
        known_path = path_of(known, own[3 - hidden])
        if known_path is None:
            continue
        fits = [sq for sq in ((c, r) for c in range(10) for r in range(10))
                if (p := path_of(sq, own[hidden])) is not None and not set(p[1:]) & set(known_path)
                and sq not in known_path[:1]]
        if len(fits) < 2:
            continue
        a, b = rng.sample(fits, 2)
        limit = rng.randint(max(len(directions), 1), len(directions) + 3)
        return hidden, {3 - hidden: known, hidden: a}, {3 - hidden: known, hidden: b}, directions, limit


def shape(value: Any, crypto: bool = False) -> Any:
    """The save with its random bytes (keys, salts, nonces, bodies) replaced by their length."""
    if isinstance(value, dict):
        return {k: shape(v, crypto or k in ("seal_key", "salt", "sealed", "nonce", "body")) for k, v in value.items()}
    if isinstance(value, list):
        return [shape(v, crypto) for v in value]
    return len(value) if crypto and isinstance(value, str) else value


def what_one_pin_gets(state: dict[str, Any], player: int) -> dict[str, Any]:
    """All that ``player`` gets from the file with their own PIN: its shape, whatever opens without
    the other's PIN, and their own envelope (without the share: random in each game)."""
    got: dict[str, Any] = {"shape": shape(state)}
    if "seal_key" in state:  # no PIN chosen yet: anyone opens the TI-57
        got["machine"] = sealing.open_sealed(state["sealed"], bytes.fromhex(state["seal_key"]), "machine")
        return got
    envelopes = state["seal"]["players"]
    cost = sealing.KdfCost(**{k: v for k, v in state["seal"]["kdf"].items() if k != "kdf"})
    shares = []
    if str(player) in envelopes:
        key = sealing.pin_key(PINS[player], bytes.fromhex(envelopes[str(player)]["salt"]), cost)
        own = sealing.open_sealed(envelopes[str(player)]["sealed"], key, f"player {player}")
        shares.append(bytes.fromhex(own.pop("share")))
        got["own"] = own
    other = str(3 - player)
    if other in envelopes:  # the TI-57 holds the other's square: it must not open without their share
        for guess in (shares, [*shares, bytes(32)], [*shares, b"\xff" * 32], [bytes(32), *shares]):
            with pytest.raises(sealing.WrongKey):
                sealing.open_sealed(state["sealed"], sealing.machine_key(guess), "machine")
        with pytest.raises(sealing.WrongKey):
            sealing.open_sealed(envelopes[other]["sealed"], sealing.pin_key(PINS[player], bytes.fromhex(
                envelopes[other]["salt"]), cost), f"player {other}")
    else:
        got["machine"] = sealing.open_sealed(state["sealed"], sealing.machine_key(shares), "machine")
    return got


@sizes(everyday=20, soak=80, name="games")
def test_one_pin_and_the_file_tell_nothing_of_the_other_players_squares(games: int) -> None:
    rng = random.Random(41)
    moments = told_apart = 0
    for _ in range(games):
        hidden, starts_a, starts_b, directions, limit = twin_games(rng)
        attacker = 3 - hidden
        for a, b in zip(saves_of(starts_a, directions, limit), saves_of(starts_b, directions, limit), strict=True):
            assert what_one_pin_gets(a, attacker) == what_one_pin_gets(b, attacker)
            moments += 1
            if str(hidden) in a.get("seal", {}).get("players", {}):  # the owner's PIN does tell them apart
                told_apart += what_one_pin_gets(a, hidden) != what_one_pin_gets(b, hidden)
    assert moments > 17 * games and told_apart > 7 * games  # about 18 moments a pair, 15 told apart by the owner's PIN


def test_each_pin_opens_its_own_squares_and_both_open_the_duel() -> None:
    (state,) = [s for s in saves_of({1: (2, 3), 2: (7, 6)}, [2, 8, 1], 9)][-1:]
    assert DuelSession.locked_players(state) == (1, 2) and "seal_key" not in state
    assert what_one_pin_gets(state, 1)["own"] == {"start": [2, 3], "square": [4, 4]}
    assert what_one_pin_gets(state, 2)["own"] == {"start": [7, 6], "square": [7, 7]}
    back = DuelSession.from_save(state, (PINS[1], PINS[2]))
    assert back.game is not None and (back.game.square_of(1), back.game.square_of(2)) == ((4, 4), (7, 7))
    assert back.seal_cost == LOW_COST  # the cost written in the file
    again = json.loads(json.dumps(back.to_save()))
    assert again["seal"] == {**state["seal"], "players": again["seal"]["players"]}  # the same cost
    for p in ("1", "2"):  # the same salts (no scrypt again), fresh nonces
        assert again["seal"]["players"][p]["salt"] == state["seal"]["players"][p]["salt"]
        assert again["seal"]["players"][p]["sealed"]["nonce"] != state["seal"]["players"][p]["sealed"]["nonce"]


def flipped(text: str, i: int) -> str:
    return text[:i] + ("0" if text[i] != "0" else "1") + text[i + 1 :]


def test_a_change_to_any_sealed_byte_or_a_swapped_part_is_found() -> None:
    (state,) = [s for s in saves_of({1: (0, 0), 2: (9, 9)}, [1, 5, 2, 6], 9)][-1:]
    rng = random.Random(57)
    parts = [["sealed"], ["seal", "players", "1", "sealed"], ["seal", "players", "2", "sealed"]]
    for path in parts:
        for field in ("nonce", "body"):
            for _ in range(25):
                changed = json.loads(json.dumps(state))
                node = changed
                for key in path:
                    node = node[key]
                node[field] = flipped(node[field], rng.randrange(len(node[field])))
                with pytest.raises((WrongPins, SaveUnreadable)):
                    DuelSession.from_save(changed, (PINS[1], PINS[2]))
    swapped = json.loads(json.dumps(state))
    players = swapped["seal"]["players"]
    players["1"], players["2"] = players["2"], players["1"]
    with pytest.raises(WrongPins):
        DuelSession.from_save(swapped, (PINS[1], PINS[2]))
    for key in ("salt",):
        changed = json.loads(json.dumps(state))
        changed["seal"]["players"]["2"][key] = flipped(changed["seal"]["players"]["2"][key], 3)
        with pytest.raises(WrongPins, match="Player 2's PIN"):
            DuelSession.from_save(changed, (PINS[1], PINS[2]))
    older = [s for s in saves_of({1: (0, 0), 2: (9, 9)}, [1, 5, 2, 6], 9)][-3]  # two moves before
    mixed = {**json.loads(json.dumps(state)), "sealed": older["sealed"]}  # another duel's TI-57: other shares
    with pytest.raises(SaveUnreadable):
        DuelSession.from_save(mixed, (PINS[1], PINS[2]))


@pytest.mark.parametrize("field", ["log2_n", "r", "p"])
def test_a_file_asking_a_cost_out_of_bounds_is_refused_before_any_work(field: str) -> None:
    (state,) = [s for s in saves_of({1: (4, 4), 2: (5, 5)}, [], 9)][-1:]
    low, high = {"log2_n": sealing.KdfCost.LOG2_N, "r": sealing.KdfCost.R, "p": sealing.KdfCost.P}[field]
    for value in (low - 1, high + 1, 10**9, -1, "8", None, True):
        changed = json.loads(json.dumps(state))
        changed["seal"]["kdf"][field] = value
        with pytest.raises(SaveUnreadable, match=r"state\.seal\.kdf"):
            DuelSession.from_save(changed, (PINS[1], PINS[2]))
    too_much = json.loads(json.dumps(state))
    too_much["seal"]["kdf"].update(log2_n=20, r=16, p=1)  # each in bounds, 2 GiB together
    with pytest.raises(SaveUnreadable, match="too much"):
        DuelSession.from_save(too_much, (PINS[1], PINS[2]))


def test_the_default_cost_and_pin_length_make_a_search_take_days() -> None:
    """By the parameters' values: a try fills 256 MiB and runs 2**21 BlockMix rounds (about a second a
    core where ``bench/duel_seal.py`` measured it), and the shortest PIN leaves a million to try."""
    cost = sealing.DEFAULT_COST
    assert cost.memory >= 256 * 2**20 and cost.work >= 2**21
    assert 10 ** PIN_DIGITS[0] >= 10**6
    sealing.KdfCost(cost.log2_n, cost.r, cost.p)  # within what a file may ask


def test_the_sealed_length_does_not_depend_on_the_numbers_inside() -> None:
    rng = random.Random(3)
    for _ in range(200):
        numbers = [rng.choice(["0", "0.4", "2.2000000000", "-9.9999999999E-99", "9.9 99", "7.0"]) for _ in range(8)]
        others = [rng.choice(["0", "0.4", "2.2000000000", "-9.9999999999E-99", "9.9 99", "7.0"]) for _ in range(8)]
        key = sealing.new_key()
        a, b = sealing.seal({"regs": numbers}, key, "machine"), sealing.seal({"regs": others}, key, "machine")
        assert len(a["body"]) == len(b["body"])
        assert sealing.open_sealed(a, key, "machine") == {"regs": numbers}
    with pytest.raises(sealing.WrongKey):
        sealing.open_sealed(a, key, "player 1")  # the context is sealed too


def test_an_unlocked_save_of_the_earlier_seal_is_carried_over() -> None:
    state = json.loads((SAVES / "schema2_unlocked.json").read_text(encoding="utf-8"))
    back = DuelSession.from_save(state)
    assert back.game is not None and (back.game.square_of(1), back.game.square_of(2)) == ((3, 3), (6, 5))
    assert back.phase is Phase.HANDOFF and back.handoff_to == 1
    again = json.loads(json.dumps(back.to_save()))
    assert again["schema"] == 3 and "tag" not in again["sealed"]
    assert DuelSession.from_save(again).game.snapshot() == back.game.snapshot()  # type: ignore[union-attr]
    damaged = json.loads(json.dumps(state))
    damaged["sealed"]["body"] = flipped(damaged["sealed"]["body"], 10)
    with pytest.raises(SaveUnreadable, match=r"state\.sealed"):
        DuelSession.from_save(damaged)


def test_a_locked_save_of_the_earlier_seal_is_refused_with_its_reason() -> None:
    state = json.loads((SAVES / "schema2_locked.json").read_text(encoding="utf-8"))
    assert DuelSession.locked_players(state) == ()  # no PIN is asked: it will not open
    for pins in ((), ("1234", "5678")):
        with pytest.raises(SaveUnreadable, match="sealed the earlier way") as info:
            DuelSession.from_save(state, pins)
        assert not isinstance(info.value, LockedSave)
