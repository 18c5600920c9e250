"""TI-57 variants: a program keyed in the room, copied into the arcade's notebook by name,
played by the game as Deconchat's is, refereed; a variant that breaks the protocol is named
with what it did and the game is left as it was."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from games.session import Refused, Seat
from games.ti57_duel import DuelStatus
from games.ti57_wolf.driver import load_program as wolf_program
from games.ti57_wolf.referee import START, Side, WolfReferee
from games.ti57_wolf.session import Phase, WolfMove
from games.workshop.ti57_room import GAME_LISTINGS, TI57Room
from games.workshop.ti57_variants import (
    VariantBroke,
    VariantUnreadable,
    played,
    read_program,
    start_duel_variant,
    start_wolf_variant,
    variants,
)
from tests.games.test_ti57_duel_session import play as play_duel
from tests.games.test_ti57_wolf_session import RandomSide

DUEL, WOLF = GAME_LISTINGS


def keyed(folder: Path, name: str, listing: object, keys: str) -> TI57Room:
    """Open a game's listing in the room, key ``keys`` (RUN then LRN as a person would), save by name."""
    room = TI57Room()
    assert room.open_game(listing)  # type: ignore[arg-type]
    for key in keys.split():
        room.key(key)
    assert room.save_to_notebook(folder, name) is not None, room.message
    return room


def wolf_variant(folder: Path, name: str, keys: str) -> object:
    keyed(folder, name, WOLF, keys)
    return next(v for v in variants(folder) if v.name == name)


# the lambs checked in another order (R4 first, R1 last): harmless
SWAPPED_CHECKS = "GTO 2nd 3 6 LRN RCL 4 " + "SST " * 8 + "RCL 1 LRN"
# Lbl 1 and Lbl 9 exchanged: SBR 1 moves the wolf up where the referee says down
WRONG_WAY = "GTO 2nd 2 8 LRN 2nd Lbl 9 SST SST 2nd Lbl 1 LRN"
# Lbl 8 then GTO 8 after RCL 7: a wolf move never stops
ENDLESS = "GTO 2nd 4 8 LRN 2nd Lbl 8 GTO 8 LRN"
# 1E-90 x 0 at the end of a wolf move: the real TI-57's ROM loops for ever on it (machines.ti57 ``hung``)
HANGS = "GTO 2nd 4 2 LRN 1 EE 9 0 +/- * 0 = LRN"


def test_the_notebook_holds_the_keyed_program_in_the_listing_format(tmp_path: Path) -> None:
    room = keyed(tmp_path, "checks", WOLF, SWAPPED_CHECKS)
    text = (tmp_path / "checks.txt").read_text(encoding="utf-8")
    assert "notebook" in text.splitlines()[0] and "36  33 4   RCL 4" in text and "45  33 1   RCL 1" in text
    program = read_program(variants(tmp_path)[0])
    assert program.steps == room.machine.program.steps != wolf_program().steps
    fresh = TI57Room()
    assert fresh.load_from_notebook(tmp_path, "checks") and fresh.machine.program.steps == program.steps
    assert not fresh.load_from_notebook(tmp_path, "nothing") and "not loaded" in fresh.message
    assert fresh.machine.program.steps == program.steps  # a missing listing changes nothing
    assert room.save_to_notebook(tmp_path, "../out") is None and "not saved" in room.message
    assert [v.name for v in variants(tmp_path)] == ["checks"]


def test_a_wolf_variant_plays_whole_refereed_games(tmp_path: Path) -> None:
    variant = wolf_variant(tmp_path, "checks", SWAPPED_CHECKS)
    for seed in range(12):
        first = (Side.WOLF, Side.LAMBS)[seed % 2]
        session = start_wolf_variant(
            variant, first=first, seats={Side.WOLF: Seat("computer", "x"), Side.LAMBS: Seat("computer", "y")},
            player_for=lambda side, seat, seed=seed: RandomSide(side, seed),
        )
        assert session.game.machine.program.steps == read_program(variant).steps
        ref = WolfReferee(START, first)
        while session.phase is Phase.TURN:
            move = session.computer_choice()
            played("checks", lambda: session.play(move))
            ref = ref.wolf_move(move.key) if move.side is Side.WOLF else ref.lamb_move(move.lamb or 0, move.key)
            assert session.view().board == ref.board
        assert session.view().result == ref.result() is not None


@pytest.mark.parametrize(("keys", "what"), [
    (WRONG_WAY, "referee board"), (ENDLESS, "did not stop"),
    (HANGS, "the TI-57 hung at step 49, as the real one does on a factor below 1E-89 times 0: its ROM loops for ever"),
])
def test_a_broken_wolf_variant_is_named_and_the_game_stays(tmp_path: Path, keys: str, what: str) -> None:
    variant = wolf_variant(tmp_path, "broken", keys)
    session = start_wolf_variant(variant)  # the set-up keys no program step: it starts
    assert session.view().to_move is Side.WOLF
    before = json.dumps(session.to_save(), sort_keys=True)
    key = next(k for k in (1, 9) if k in session.game.legal_wolf_moves())  # a key the wrong way changes
    with pytest.raises(VariantBroke) as info:
        played("broken", lambda: session.wolf_move(key))
    message = str(info.value)
    assert message.startswith("The variant broken broke the game:") and what in message
    assert json.dumps(session.to_save(), sort_keys=True) == before


def test_a_damaged_or_missing_listing_is_unreadable(tmp_path: Path) -> None:
    (tmp_path / "bad.txt").write_text("00  99 9  nonsense\n", encoding="utf-8")
    (bad,) = variants(tmp_path)
    with pytest.raises(VariantUnreadable, match="The variant bad is damaged: line 1"):
        start_wolf_variant(bad)
    assert isinstance(VariantUnreadable("x"), Refused)


@pytest.mark.parametrize("seeds", [pytest.param(range(11, 15), id="everyday"),
                                   pytest.param(range(10, 17), marks=pytest.mark.soak, id="soak")])
def test_the_duels_privacy_still_holds_with_a_variant(tmp_path: Path, seeds: range) -> None:
    # RCL 2 - RCL 1 instead of RCL 1 - RCL 2: the capture test, harmless
    keyed(tmp_path, "reversed", DUEL, "GTO 2nd 4 1 LRN RCL 2 SST RCL 1 LRN")
    (variant,) = variants(tmp_path)
    program = read_program(variant)
    assert start_duel_variant(variant, limit=5).program == program
    ends = set()
    # Seeded duels test_ti57_duel_session plays with the listing: the same games move for move (the
    # variant only reverses a subtraction).  Seeds 11-14: two captures and two draws (extended or ended).
    for seed in seeds:
        duel = play_duel(seed, program=program)  # every step's views and saves checked there
        assert duel.game is not None and duel.game.machine.program.steps == program.steps
        ends.add(duel.game.status)
    assert ends == {DuelStatus.CAPTURE, DuelStatus.DRAW}


@pytest.mark.parametrize(("keys", "what"), [
    ("GTO 2nd 4 7 LRN 2nd Lbl 9 GTO 9 LRN", "without stopping"),  # after its Pause the move loops for ever
    ("GTO 2nd 4 9 LRN GTO 6 LRN", "but referee"),  # GTO 6 for R/S: the move runs on until Dsz ends the duel
    # 1E-90 x 0 after the Pause (steps 41-48): the TI-57 hangs, as the real one, its ROM looping for ever
    ("GTO 2nd 4 1 LRN 1 EE 9 0 +/- * 0 = LRN", "the TI-57 hung at step 48, as the real one does"),
])
def test_a_broken_duel_variant_is_named_and_the_duel_stays(tmp_path: Path, keys: str, what: str) -> None:
    keyed(tmp_path, "broken", DUEL, keys)
    (variant,) = variants(tmp_path)
    duel = start_duel_variant(variant, limit=5)
    duel.start()
    rng = random.Random(3)
    while duel.phase.name != "TURN":
        if duel.phase.name == "HANDOFF":
            duel.reveal(None)
        else:
            duel.place((rng.randrange(2, 8), rng.randrange(2, 8)))
    before = json.dumps(duel.game.snapshot(), sort_keys=True)  # type: ignore[union-attr]
    with pytest.raises(VariantBroke) as info:
        played("broken", lambda: duel.move(1))
    assert str(info.value).startswith("The variant broken broke the game:") and what in str(info.value)
    assert json.dumps(duel.game.snapshot(), sort_keys=True) == before  # type: ignore[union-attr]
    assert duel.phase.name == "TURN"


PAUSE_LOOPS = [("2nd Lbl 9 2nd Pause GTO 9", 3), ("2nd Lbl 9 RCL 1 2nd Pause GTO 9", 4),
               ("2nd Lbl 9 2nd Pause RCL 2 GTO 9", 4), ("2nd Lbl 9 2nd Pause 2nd Pause GTO 9", 4),
               ("2nd Lbl 9 2nd Pause 1 SUM 3 GTO 9", 5)]
"""Loops with a Pause inside, and their program steps: each Pause is a stop, so a budget per stop
never ends the move."""


def test_a_duel_variant_pausing_in_a_loop_is_named_and_the_duel_stays(tmp_path: Path) -> None:
    from games.ti57_duel.driver import MAX_PAUSES, STEP_BUDGET

    tried = 0
    for at in range(41, 47):  # after the mover's Pause (step 40), before R/S (49): the steps overwritten
        for n, (loop, length) in enumerate(PAUSE_LOOPS):
            if at + length > 50:  # past step 49: the program would end, not loop
                continue
            name = f"pauses {at} {n}"
            keyed(tmp_path, name, DUEL, f"GTO 2nd {at // 10} {at % 10} LRN {loop} LRN")
            variant = next(v for v in variants(tmp_path) if v.name == name)
            duel = start_duel_variant(variant, limit=5)
            duel.start()
            for player, square in ((1, (2, 2)), (2, (7, 7))):
                duel.reveal(None)
                duel.place(square)
            duel.reveal(None)
            before = json.dumps(duel.game.snapshot(), sort_keys=True)  # type: ignore[union-attr]
            with pytest.raises(VariantBroke) as info:
                played(name, lambda: duel.move(1))
            message = str(info.value)
            assert message.startswith(f"The variant {name} broke the game:"), message
            assert "did not stop as expected (pause)" in message and f"through {MAX_PAUSES + 1} Pauses" in message
            steps = int(message.split(" ran ")[1].split(" steps")[0].replace(",", ""))
            assert 0 < steps < STEP_BUDGET
            assert json.dumps(duel.game.snapshot(), sort_keys=True) == before  # type: ignore[union-attr]
            assert duel.phase.name == "TURN" and duel.game.to_move == 1  # type: ignore[union-attr]
            tried += 1
    assert tried >= 25


def test_a_wolf_variants_save_resumes_with_its_program_only(tmp_path: Path) -> None:
    from games.session import SaveUnreadable
    from games.ti57_wolf.session import WolfSession

    variant = wolf_variant(tmp_path, "checks", SWAPPED_CHECKS)
    session = start_wolf_variant(variant)
    session.wolf_move(next(k for k in (1, 9, 3, 7) if k in session.game.legal_wolf_moves()))
    data = json.loads(json.dumps(session.to_save()))
    back = WolfSession.from_save(data, program=read_program(variant))
    assert back.game.snapshot() == session.game.snapshot()
    with pytest.raises(SaveUnreadable, match="another program"):
        WolfSession.from_save(data)  # Deconchat's program cannot take a variant's game up
