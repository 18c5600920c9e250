"""Long play, headless, with a bounded resident size (``-m soak``; minutes each).

Each game's session is played computer against computer, game after game, and each
room's machine is kept busy (a CPC printing for ever, typed lines, RUN and ESC ESC; the
calculators pressed at random with their programs running): after a warm-up, what the
process holds must stop growing.  The measure is the resident size the kernel reports
(``VmRSS``), taken after a garbage collection; the play is bounded by a time budget, which
sizes the work and is never asserted.
"""

from __future__ import annotations

import gc
import os
import random
import time
from collections.abc import Callable
from pathlib import Path

import pytest

pytestmark = [pytest.mark.soak, pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="VmRSS")]

SOAK_SECONDS = float(os.environ.get("ARCADE_SOAK_SECONDS", "150"))
"""Seconds of play per target (``ARCADE_SOAK_SECONDS``: an hour's play is 600 for each of the six)."""
WARM_UP = 0.2  # the first part of the budget: caches fill, arenas settle
GROWTH_MB = 12.0  # what the resident size may grow after the warm-up (the CPC's transcript alone may take 2)


def resident_mb() -> float:
    gc.collect()
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


def soak(unit: Callable[[], object], seconds: float | None = None) -> tuple[float, float, int]:
    """Play ``unit`` over and over for ``seconds`` (``SOAK_SECONDS``); (resident MB after the
    warm-up, at the end, units)."""
    seconds = SOAK_SECONDS if seconds is None else seconds
    start = time.monotonic()
    warm_until, end = start + seconds * WARM_UP, start + seconds
    units = 0
    while time.monotonic() < warm_until:
        unit()
        units += 1
    after_warm_up = resident_mb()
    while time.monotonic() < end:
        unit()
        units += 1
    return after_warm_up, resident_mb(), units


def check(what: str, unit: Callable[[], object]) -> None:
    before, after, units = soak(unit)
    print(f"{what}: {units} units, resident {before:.1f} MB after the warm-up, {after:.1f} MB at the end")
    assert after - before <= GROWTH_MB, f"{what} grew {after - before:.1f} MB over {units} units"


# -- the games' sessions ------------------------------------------------------------------------

def test_wolf_sessions_computer_against_computer() -> None:
    from games.session import Seat
    from games.ti57_wolf.referee import Side
    from games.ti57_wolf.session import Phase, WolfSession

    computer = Seat("computer")
    count = [0]

    def game() -> None:
        count[0] += 1
        s = WolfSession(Side.WOLF if count[0] % 2 else Side.LAMBS, seats={Side.WOLF: computer, Side.LAMBS: computer})
        while s.phase is Phase.TURN:
            s.play(s.computer_choice())
            s.view()
        s.to_save()
        s.history()

    check("wolf sessions", game)


def test_duel_matches() -> None:
    from games.ti57_duel.computer import duel_player
    from games.ti57_duel.match import play_game

    rng = random.Random(41)

    def game() -> None:
        seed = rng.randrange(1 << 30)
        play_game(duel_player("hunter", 1, seed), duel_player(rng.choice(("random", "hunter")), 2, seed + 1))

    check("duel games", game)


def test_othello_matches_hp67_against_the_cpc() -> None:
    from arcade.screens.match.players import cpc_player, hp67_player
    from games.othello.match import play_series

    check("othello games", lambda: play_series(hp67_player, cpc_player, 1))


# -- the rooms' machines -------------------------------------------------------------------------

def test_cpc_room_printing_for_ever_typed_lines_and_breaks(tmp_path: Path) -> None:
    from games.workshop.cpc_room import BREAK, CpcRoom
    from tests.machines.cpc.damage import random_line

    room = CpcRoom(tmp_path)
    rng = random.Random(41)
    room.feed('10 PRINT "HELLO ";I:I=I+1:GOTO 10\rRUN\r')
    rounds = [0]

    def unit() -> None:
        rounds[0] += 1
        for _ in range(20):
            room.step(2_000)
        if rounds[0] % 10 == 0:  # now and then: break in, type a random line, run the printer again
            room.feed(BREAK)
            room.step(10)
            room.feed(random_line(rng) + "\r")
            for _ in range(5):
                room.step(2_000)
            room.feed(BREAK)
            room.step(10)
            room.feed('\x1b10 PRINT "HELLO ";I:I=I+1:GOTO 10\rRUN\r')

    check("CPC room", unit)


@pytest.mark.parametrize("machine", ["hp67", "ti57"])
def test_calculator_rooms_pressed_at_random(machine: str, tmp_path: Path) -> None:
    if machine == "hp67":
        from games.workshop.hp67_room import GAME_LISTINGS, KEYBOARD, HP67Room

        room = HP67Room(tmp_path)
    else:
        from games.workshop.ti57_room import GAME_LISTINGS, KEYBOARD, TI57Room

        room = TI57Room()
    keys = [face.key for row in KEYBOARD for face in row]
    rng = random.Random(41)
    room.open_game(GAME_LISTINGS[0])

    def unit() -> None:
        for _ in range(30):
            room.key(rng.choice(keys))
            room.run_slice(500)
            room.view()
        if rng.random() < 0.05:
            room.open_game(GAME_LISTINGS[rng.randrange(len(GAME_LISTINGS))])

    check(f"{machine} room", unit)
