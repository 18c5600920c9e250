"""Real saves of every game, made by running each game's session headless for a few moves.

The arcade-level damage tests (``test_damaged_saves.py``) break these, not hand-made files:
every field a real save has can then be hit.  Built once per test process (cached).
"""

from __future__ import annotations

import functools
import json
import random
from typing import Any

from games.othello.referee import Disc
from games.othello.session import OthelloSession
from games.session import Seat
from games.ti57_duel.session import DuelSession
from games.ti57_duel.session import Phase as DuelPhase
from games.ti57_wolf.referee import Side, WolfReferee
from games.ti57_wolf.session import Phase as WolfPhase
from games.ti57_wolf.session import WolfMove, WolfSession


def _othello(factory: Any, moves: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    session = OthelloSession(factory)
    session.start(Disc.WHITE)
    for _ in range(moves):
        view = session.view()
        if view.machine_to_move:
            session.machine_turn()
        else:
            session.play(rng.choice(sorted(view.legal)) if view.legal else None)
    state = session.to_save()
    assert state is not None
    return state


def _duel(seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    session = DuelSession(seats=(Seat(), Seat("computer", "random")), seed=seed, limit=30)
    session.start()
    for _ in range(6):
        if session.phase in (DuelPhase.OVER, DuelPhase.DRAW):
            break
        if session.computer_to_act:
            session.play_computer()
        elif session.phase is DuelPhase.SETUP:
            session.place((rng.randrange(10), rng.randrange(10)))
        else:
            session.move(rng.choice(session.view(1).legal))
    state = session.to_save()
    assert state is not None
    return state


def _wolf(seed: int) -> dict[str, Any]:
    session = WolfSession(Side.WOLF, seats={Side.LAMBS: Seat("computer", "good")})
    rng = random.Random(seed)
    for _ in range(3):
        if session.phase is not WolfPhase.TURN:
            break
        if session.computer_to_move:
            session.play(session.computer_choice())
        else:
            ref = WolfReferee(session.view().board, Side.WOLF)  # the person is the wolf
            session.play(WolfMove.wolf(rng.choice(ref.legal_wolf_moves())))
    return session.to_save()


@functools.cache
def real_states() -> dict[str, str]:
    """game id -> a real session save (``state`` of the envelope), as JSON text (copy by parsing)."""
    from games.hp67_othello.driver import HP67OthelloDriver
    from games.lazard_othello import LazardOthelloDriver

    states = {
        "hp67-othello": _othello(HP67OthelloDriver, 3, 1),
        "lazard-othello": _othello(LazardOthelloDriver, 3, 2),
        "ti57-duel": _duel(3),
        "ti57-wolf": _wolf(4),
    }
    return {game: json.dumps(state) for game, state in states.items()}


def real_state(game: str) -> dict[str, Any]:
    return json.loads(real_states()[game])
