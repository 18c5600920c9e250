"""Reading a save is total: every damaged save of every game is refused naming its field, or read
into a session that works (issue 16).  Generated damage in the suite (fast) and behind ``-m soak``;
the issue's own examples as named tests.  ``-s`` prints the counts; ``python -m
tests.games.save_damage N`` prints them for N tries a game."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from games.othello.session import OthelloSession
from games.schema import BadField, Field
from games.session import SaveUnreadable
from games.ti57_duel import seal as sealing
from games.ti57_duel.session import DuelSession
from games.ti57_wolf.session import WolfSession
from tests.games.save_damage import DEEP, GAMES, Case, attack, cases

FAST = {"hp67-othello": 36, "lazard-othello": 20, "ti57-duel": 63, "ti57-wolf": 70}
"""Tries per game in the normal suite (a few seconds in all); the soak runs thousands."""


def case(game: str, name: str) -> Case:
    return next(c for c in cases(game) if c.name == name)


def save(game: str, name: str) -> Any:
    return json.loads(case(game, name).save)


def refused(c: Case, state: Any, field: str) -> str:
    """``state`` is refused with a message naming ``field`` (or a field inside it)."""
    with pytest.raises(SaveUnreadable) as info:
        c.load(state)
    message = str(info.value)
    assert re.match(rf"field '{re.escape(field)}[.\[']", message + "'"), message
    return message


# -- generated damage ---------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_every_real_save_reads_back_and_plays_on(game: str) -> None:
    for c in cases(game):
        c.works(c.load(json.loads(c.save)))


@pytest.mark.parametrize("game", GAMES)
def test_damaged_saves_are_refused_by_field_or_read_whole(game: str) -> None:
    counts = attack(game, FAST[game], seed=16)
    print("\n" + counts.line(game))
    assert counts.tried == FAST[game] and counts.crashes == 0 and counts.unnamed == 0, "\n".join(counts.problems)
    assert counts.refused > 0 and counts.refused + counts.accepted == counts.tried


@pytest.mark.soak
@pytest.mark.parametrize("game", GAMES)
def test_soak_damaged_saves(game: str) -> None:
    seed = random.randrange(1 << 30)
    counts = attack(game, 3000 if "othello" not in game else 1000, seed=seed)
    print(f"\nseed {seed}: " + counts.line(game))
    assert counts.crashes == 0 and counts.unnamed == 0, "\n".join(counts.problems[:10])


# -- the issue's examples --------------------------------------------------------------------------

def test_othello_moves_and_settings_of_the_wrong_type() -> None:
    c = case("hp67-othello", "undo and redo steps")
    refused(c, {**save(c.game, c.name), "moves": 5}, "state.moves")
    refused(c, {**save(c.game, c.name), "settings": 5}, "state.settings")
    refused(c, {**save(c.game, c.name), "settings": {"instant": "yes"}}, "state.settings.instant")


def test_a_nan_in_the_hp67_stack_is_refused_and_never_written_back() -> None:
    c = case("hp67-othello", "undo and redo steps")
    state = save(c.game, c.name)
    state["driver"]["machine"]["stack"][1] = "NaN"
    refused(c, state, "state.driver.machine.stack[1]")
    state = save(c.game, c.name)
    state["timeline"]["past"][0]["machine"]["registers"][3] = "NaN"  # an undo step too
    refused(c, state, "state.timeline.past[0].machine.registers[3]")


def test_an_integer_transcript_and_a_cpc_screen_cell_out_of_range() -> None:
    c = case("lazard-othello", "machine to move")
    state = save(c.game, c.name)
    state["driver"]["machine"]["transcript"] = 5
    refused(c, state, "state.driver.machine.transcript")
    state = save(c.game, c.name)
    state["driver"]["machine"]["screen"]["windows"][0]["right"] = 99
    refused(c, state, "state.driver.machine.screen")
    state = save(c.game, c.name)
    state["driver"]["machine"]["screen"]["pens"][3][7] = 4096
    refused(c, state, "state.driver.machine.screen")


def test_othello_lies_that_would_crash_later() -> None:
    c = case("hp67-othello", "undo and redo steps")
    state = save(c.game, c.name)
    state["driver"]["position"][2] = "GREY"  # a turn that is not a side
    refused(c, state, "state.driver.position[2]")
    state = save(c.game, c.name)
    history = state["driver"]["history"]
    history[0]["square"], history[2]["square"] = history[2]["square"], history[0]["square"]
    refused(c, state, "state.driver.history")  # moves that do not replay
    state = save(c.game, c.name)
    state["driver"]["history"][1]["player"] = state["driver"]["history"][0]["player"]
    refused(c, state, "state.driver.history[1]")
    state = save(c.game, c.name)
    state["driver"]["position"][0] = True  # a bool is not a board
    refused(c, state, "state.driver.position[0]")


@pytest.mark.parametrize("game", GAMES)
def test_deep_nesting_is_refused_without_recursion(game: str) -> None:
    c = cases(game)[0]
    refused(c, DEEP, "state")
    state = save(c.game, c.name)
    state["settings"] = {"instant": DEEP}
    message = refused(c, state, "state.settings")
    assert "deeper" in message


def test_the_duels_public_fields() -> None:
    c = case("ti57-duel", "turn")
    refused(c, {**save(c.game, c.name), "extension": "x"}, "state.extension")
    refused(c, {**save(c.game, c.name), "extension": True}, "state.extension")
    refused(c, {**save(c.game, c.name), "limit": 0}, "state.limit")
    refused(c, {**save(c.game, c.name), "seats": [["person", None], ["computer", "genius"]]}, "state.seats[1][1]")
    state = save(c.game, c.name)
    state["sealed"]["body"] = state["sealed"]["body"][:-2] + ("00" if state["sealed"]["body"][-2:] != "00" else "11")
    refused(c, state, "state.sealed")
    for junk in (5, None, [], {"schema": 3, "lock": True, "seal": 5}, {"schema": 3, "lock": True, "seal": {
            "players": {"1": {}, "x": {}}}}, {"schema": 3, "lock": True, "seal": {"players": [1, 2]}}):
        assert DuelSession.locked_players(junk) == ()


def test_the_duels_plain_save_game_turns_and_key_log() -> None:
    c = case("ti57-duel", "plain, before sessions")
    refused(c, {**save(c.game, c.name), "game": 5}, "state.game")
    state = save(c.game, c.name)
    state["game"]["turns"] = None
    refused(c, state, "state.game.turns")
    state = save(c.game, c.name)
    state["game"]["keys"][3] = None  # a key null in the TI-57 key log
    refused(c, state, "state.game.keys[3]")


def test_a_player_minus_7_in_the_sealed_part_is_named_without_its_value() -> None:
    c = case("ti57-duel", "turn")
    state = save(c.game, c.name)
    secret = json.loads(c.secret or "")
    secret["game"]["turns"][0][0] = -7
    state["sealed"] = sealing.seal(secret, c.key, "machine")  # type: ignore[arg-type]
    message = refused(c, state, "state.sealed.game.turns[0][0]")
    assert "-7" not in message
    secret = json.loads(c.secret or "")
    start = secret["game"]["starts"][1]
    secret["game"]["starts"][1] = [start[0], 11]  # a square off the board: not in the message either
    state["sealed"] = sealing.seal(secret, c.key, "machine")  # type: ignore[arg-type]
    message = refused(c, state, "state.sealed.game.starts[1][1]")
    assert "11" not in message and str(start) not in message


def test_the_wolfs_collision_key_log_and_lies() -> None:
    c = case("ti57-wolf", "purist collision")
    state = save(c.game, c.name)
    state["game"]["collision"] = -7
    refused(c, state, "state.game.collision")
    refused(c, {**save(c.game, c.name), "game": 5}, "state.game")
    state = save(c.game, c.name)
    state["game"]["keys"][3] = None
    refused(c, state, "state.game.keys[3]")
    c = case("ti57-wolf", "undo and redo steps")
    state = save(c.game, c.name)
    state["game"]["referee"][2] = "sheep"  # a turn that is not a side
    refused(c, state, "state.game.referee[2]")
    state = save(c.game, c.name)
    first = state["game"]["history"][0]
    first[2], first[3] = (9, ["SBR", "9"]) if first[2] != 9 else (1, ["SBR", "1"])
    refused(c, state, "state.game.history")  # a move that does not lead to the TI-57's pieces
    state = save(c.game, c.name)
    state["game"]["machine"]["regs"][7] = "NaN"
    refused(c, state, "state.game.machine.regs[7]")
    state = save(c.game, c.name)
    state["seats"]["wolf"] = {"kind": "computer", "level": "omniscient"}
    refused(c, state, "state.seats.wolf.level")


def test_cross_field_lies_are_refused_naming_both_fields() -> None:
    """What no single field's reader sees: the field refused, and the field it disagrees with."""
    def message(c: Case, path: tuple[Any, ...], value: Any) -> str:
        state = save(c.game, c.name)
        node = state
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
        with pytest.raises(SaveUnreadable) as info:
            c.load(state)
        return str(info.value)

    duel = case("ti57-duel", "plain, before sessions")
    assert message(duel, ("game", "turns", 0, 0), 2) == (
        "field 'state.game.turns[0]': is not the turn of the player who moves then")
    assert message(duel, ("game", "turns", 0, 5), "capture") == (
        "field 'state.game.turns[0]': does not say whether it captured")
    assert message(duel, ("game", "referee", 0, 0), [0, 0]) == (
        "field 'state.game.referee': does not hold the squares state.game.turns lead to")
    assert message(duel, ("game", "placed", 0), False) == (
        "field 'state.game.starts[0]': does not agree with state.game.placed[0]")
    assert message(duel, ("game", "winner"), 1) == "field 'state.game.winner': does not agree with state.game.status"
    assert message(duel, ("game", "referee", 2), 1) == (
        "field 'state.game.referee': does not agree with state.game.to_move, status and winner")
    wolf = case("ti57-wolf", "referee switched")
    assert message(wolf, ("referee_changes", 0, 1), True) == (
        "field 'state.referee_changes[0]': is not a switch of the referee at a move of the game")
    assert message(wolf, ("timeline", "past", 4, "referee_changes"), [[2, False, False]]) == (
        "field 'state.timeline.past[4].referee_changes': do not lead to the referee's state in "
        "state.timeline.past[4].game.referee_enabled")
    othello = case("hp67-othello", "undo and redo steps")
    assert message(othello, ("driver", "history", 0, "player"), "WHITE") == (
        "field 'state.driver.history[0]': is White's move but Black was to play")
    assert message(othello, ("driver", "history", 0, "square"), 0) == (
        "field 'state.driver.history[0].square': a1 is not legal there")
    assert message(othello, ("timeline", "past", 0, "position", 0), 1) == (
        "field 'state.timeline.past[0].position': is not where the moves saved lead")
    assert message(othello, ("moves", 0, "square"), 1) == (
        "field 'state.moves': are not the moves of state.driver.history")


def test_the_schema_readers() -> None:
    f = Field({"n": True, "x": 1e308, "f": float("nan"), "l": [1, 2], "s": "abc"})
    with pytest.raises(BadField, match="field 'state.n': true is not a whole number"):
        f["n"].int(0, 9)
    with pytest.raises(BadField, match="field 'state.f': NaN is not a finite number"):
        f["f"].number()
    assert f["x"].number() == 1e308
    with pytest.raises(BadField, match=r"field 'state.l\[1\]': 2 is not from 0 to 1"):
        f["l"][1].int(0, 1)
    with pytest.raises(BadField, match="field 'state.missing': is missing"):
        f["missing"]
    with pytest.raises(BadField, match="field 'state.s': 'abc' is not one of a, b"):
        f["s"].choice(("a", "b"))
    with pytest.raises(BadField, match="field 'state.s': is text of 3 characters, more than 2"):
        f["s"].str(2)
    secret = Field({"sq": [3, 14]}, "state.sealed", secret=True)
    with pytest.raises(BadField) as info:
        secret["sq"][1].int(0, 9)
    assert str(info.value) == "field 'state.sealed.sq[1]': is not from 0 to 9"


def test_a_gap_in_the_checks_is_still_a_save_unreadable(monkeypatch: pytest.MonkeyPatch) -> None:
    """The last resort: whatever a session's reading raises comes out as SaveUnreadable."""
    def broken(*args: Any, **kwargs: Any) -> Any:
        raise KeyError("a gap")

    for cls, method in ((OthelloSession, "_read_save"), (DuelSession, "_read_save"), (WolfSession, "_read_save")):
        monkeypatch.setattr(cls, method, classmethod(broken))
    c = case("ti57-wolf", "game over")
    with pytest.raises(SaveUnreadable):
        c.load(save(c.game, c.name))
    c = case("ti57-duel", "turn")
    with pytest.raises(SaveUnreadable):
        c.load(save(c.game, c.name))
    c = case("hp67-othello", "machine to move")
    with pytest.raises(SaveUnreadable):
        c.load(save(c.game, c.name))


def test_a_sealed_part_holding_json_1000_deep_is_refused() -> None:
    """A right tag over 1000-deep JSON (written with the save's own key): no RecursionError."""
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    c = case("ti57-duel", "turn")
    state = save(c.game, c.name)
    plain = ("[" * 1000 + "]" * 1000).encode()
    nonce = bytes(12)
    body = AESGCM(c.key).encrypt(nonce, plain, b"machine")  # type: ignore[arg-type]
    state["sealed"] = {"nonce": nonce.hex(), "body": body.hex()}
    refused(c, state, "state.sealed")


def test_a_variants_program_needs_the_variant_named() -> None:
    """A save naming no variant must hold the game's own program (a damaged listing is not a variant)."""
    c = case("lazard-othello", "variant")
    state = save(c.game, c.name)
    c.works(c.load(state))
    state["settings"]["variant"] = None
    refused(c, state, "state.timeline.past[0].machine") if state["timeline"]["past"] else refused(
        c, state, "state.driver.machine")
    c = case("hp67-othello", "machine to move")
    state = save(c.game, c.name)
    state["driver"]["machine"]["program"] = state["driver"]["machine"]["program"].replace("LBL A", "LBL B", 1)
    refused(c, state, "state.driver.machine")
