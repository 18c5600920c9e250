"""Generated damage to real saves of every game, and what the sessions make of it.

Real saves are made by playing headless through the sessions (mid-turn, with undo steps,
computer seats, a purist collision, a game over, a workshop variant, the old formats still
read).  Each is then damaged at a random place: a wrong type or value (None, -7, 5, "x",
"NaN", [], {}, True, 1e308, NaN, infinity, a list nested 1000 deep), a key deleted, a list
truncated, two values swapped, a number nudged, a text cut.  The duel's sealed part is
damaged twice over: the envelope as written (hex noise), and the plain state before it is
sealed again with the save's own key.

Every result must be one of: ``SaveUnreadable`` whose message names the field
(``field 'state....'``) -- *refused*; or a session that works -- *accepted*: ``view()`` for
every viewer, ``summary()``, a save that reads back the same, and the next move played.
Anything else is a *crash*.  ``python -m tests.games.save_damage [tries]`` prints the counts.
"""

from __future__ import annotations

import copy
import json
import random
import sys
import tempfile
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from games.hp67_othello.driver import HP67OthelloDriver
from games.lazard_othello import LazardOthelloDriver
from games.lazard_othello.driver import LISTING_PATH
from games.othello.referee import Disc
from games.othello.session import OthelloSession
from games.othello.session import Phase as OthelloPhase
from games.session import SaveUnreadable, Seat
from games.ti57_duel import seal as sealing
from games.ti57_duel.referee import DELTAS, on_board
from games.ti57_duel.session import DuelSession, LockedSave
from games.ti57_duel.session import Phase as DuelPhase
from games.ti57_wolf.referee import Side
from games.ti57_wolf.session import Phase as WolfPhase
from games.ti57_wolf.session import WolfSession
from tests.games.test_ti57_duel_session import LOW_COST

DEEP: list[Any] = []
for _ in range(1000):
    DEEP = [DEEP]

VALUES: tuple[Any, ...] = (None, -7, 5, "x", "NaN", [], {}, True, 1e308, float("nan"), float("inf"), DEEP)
"""What a damaged field holds instead of its value."""


# -- the saves ---------------------------------------------------------------------------------

@dataclass
class Case:
    """A real save of one game and how to read it and play on from it."""

    game: str
    name: str
    save: str  # the save as JSON text (a fresh copy each time: json.loads)
    load: Callable[[Any], Any]
    works: Callable[[Any], None]
    secret: str | None = None  # the duel: its sealed part, plain, as JSON text
    key: bytes | None = None  # the duel: the key that seals it


def _othello_save(factory: Callable[[], Any], how: str, variant: str | None = None) -> str:
    session = OthelloSession(factory)
    rng = random.Random(7)
    if how == "machine to move, first move":
        session.start(Disc.BLACK)
    else:
        session.start(Disc.WHITE)
        for _ in range(3):
            session.play(rng.choice(sorted(session.view().legal)))
            if how == "machine to move" and len(session.driver.history) == 5:
                break
            session.machine_turn()
        if how == "undo and redo steps":
            session.undo()
    session.settings = {"instant": True, "show_legal": False, "history": True, "variant": variant}
    data = session.to_save()
    assert data is not None
    return json.dumps(data)


def _othello_works(factory: Callable[[], Any]) -> Callable[[Any], None]:
    def works(session: OthelloSession) -> None:
        view = session.view()
        assert view.phase is OthelloPhase.TURN
        session.summary(), session.progress_view()  # noqa: B018
        data = session.to_save()
        assert data is not None
        again = OthelloSession.from_save(json.loads(json.dumps(data, allow_nan=False)), factory)
        assert _driver_state(again) == _driver_state(session) and again.settings == session.settings
        if view.machine_to_move:
            session.machine_turn()
        else:
            session.play(min(view.legal) if view.legal else None)
        session.view(), session.summary()  # noqa: B018
    return works


def _driver_state(session: OthelloSession) -> str:
    snap = copy.deepcopy(session.driver.snapshot())
    if isinstance(snap.get("machine"), dict):
        snap["machine"].pop("time", None)  # the CPC's running clock
    return json.dumps(snap, sort_keys=True)


PINS = ("123456", "987654")


def _duel_session(how: str) -> DuelSession:
    if how == "computer seat":
        s = DuelSession(seats=(Seat(), Seat("computer", "hunter")), seed=3)
    elif how == "variant":
        s = DuelSession(program=_duel_variant())
    else:
        s = DuelSession(limit=2 if how == "draw" else 20, lock=how == "locked", seal_cost=LOW_COST)
    s.start()
    pins = iter(PINS)
    rng = random.Random(5)
    while True:
        if s.phase is DuelPhase.HANDOFF:
            player = s.handoff_to
            if how == "setup" and s.after_handoff is DuelPhase.SETUP and player == 2:
                return s
            s.reveal(PINS[player - 1] if s.needs_pin(player) else None)  # type: ignore[index, operator]
        elif s.computer_to_act:
            s.play_computer()
        elif s.phase is DuelPhase.SETUP:
            s.place((rng.randrange(3, 7), rng.randrange(3, 7)), next(pins) if s.lock else None)
        elif s.phase is DuelPhase.TURN:
            if len(s.game.turns) >= 3 and how != "draw":  # type: ignore[union-attr]
                return s
            s.move(_first_legal(s))
        else:
            return s


def _first_legal(s: DuelSession) -> int:
    g = s.game
    assert g is not None and g.referee is not None
    c, r = g.referee.squares[g.to_move - 1]
    return next(d for d, (dc, dr) in DELTAS.items() if on_board((c + dc, r + dr)))


def _duel_case(how: str) -> Case:
    s = _duel_session(how)
    pins = PINS if how == "locked" else ()
    if how == "plain, before sessions":
        g = s.game
        assert g is not None
        save: dict[str, Any] = {"phase": "turn", "setup_player": 2, "extension": 10, "game": g.snapshot(),
                                "shown": ["2.0", False, "stopped"], "settings": {"instant": False, "registers": False}}
        return Case("ti57-duel", how, json.dumps(save), lambda st: DuelSession.from_save(st), _duel_works(()))
    save = s.to_save()
    assert save is not None
    save["settings"] = {"instant": True, "registers": False, "variant": "variant" if how == "variant" else None}
    key = s._machine_key() if s.lock else bytes.fromhex(save["seal_key"])
    secret = sealing.open_sealed(save["sealed"], key, "machine")
    return Case("ti57-duel", how, json.dumps(save), lambda st: DuelSession.from_save(st, pins), _duel_works(pins),
                secret=json.dumps(secret), key=key)


def _duel_works(pins: tuple[str, ...]) -> Callable[[Any], None]:
    def works(s: DuelSession) -> None:
        for viewer in (None, 1, 2):
            s.view(viewer)
        s.summary()
        data = s.to_save()
        assert data is not None
        again = DuelSession.from_save(json.loads(json.dumps(data, allow_nan=False)), pins)
        assert again.game.snapshot() == s.game.snapshot() and again.phase is s.phase  # type: ignore[union-attr]
        if s.phase is DuelPhase.DRAW:
            s.extend()
            return
        assert s.phase is DuelPhase.HANDOFF or s.computer_to_act or s.phase in (DuelPhase.SETUP, DuelPhase.TURN)
        if s.phase is DuelPhase.HANDOFF:
            player = s.handoff_to
            s.reveal(pins[player - 1] if s.needs_pin(player) else None)  # type: ignore[index, operator]
        if s.computer_to_act:
            s.play_computer()
        elif s.phase is DuelPhase.SETUP:
            g = s.game
            assert g is not None
            square = (0, 0) if g._starts[0] != (0, 0) else (9, 9)
            s.place(square, pins[s.setup_player - 1] if s.lock else None)
        else:
            s.move(_first_legal(s))
        for viewer in (None, 1, 2):
            s.view(viewer)
    return works


@lru_cache(maxsize=2)
def _ti57_variant(game: int, keys: str) -> Any:
    """A workshop variant of a TI-57 game's program, keyed in the room (``GAME_LISTINGS[game]``)."""
    from games.workshop.ti57_room import GAME_LISTINGS, TI57Room
    from games.workshop.ti57_variants import read_program, variants

    with tempfile.TemporaryDirectory() as folder:
        room = TI57Room()
        room.open_game(GAME_LISTINGS[game])
        for key in keys.split():
            room.key(key)
        room.save_to_notebook(Path(folder), "variant")
        return read_program(variants(Path(folder))[0])


def _wolf_variant() -> Any:
    """The lambs checked in another order (R4 first, R1 last): harmless."""
    return _ti57_variant(1, "GTO 2nd 3 6 LRN RCL 4 " + "SST " * 8 + "RCL 1 LRN")


def _duel_variant() -> Any:
    """RCL 2 - RCL 1 instead of RCL 1 - RCL 2 in the capture test: harmless."""
    return _ti57_variant(0, "GTO 2nd 4 1 LRN RCL 2 SST RCL 1 LRN")


def _wolf_case(how: str) -> Case:
    from tests.games.wolf_scripts import PURIST_TO_A_COLLISION, W_ROW_1, moves

    program = _wolf_variant() if how == "variant" else None
    seats = {Side.WOLF: Seat("computer", "cunning")} if how == "computer seat" else None
    first = Side.LAMBS if how == "purist collision" else Side.WOLF
    s = WolfSession(first, referee=how != "purist collision", seats=seats, program=program)
    script = PURIST_TO_A_COLLISION if how == "purist collision" else W_ROW_1
    played = moves(script) if how in ("purist collision", "game over") else moves(W_ROW_1)[:6]
    for i, move in enumerate(played):
        if s.computer_to_move:
            s.play(s.computer_choice())
        elif s.to_move is move.side:
            s.play(move)
        if how == "referee switched" and i in (1, 3):
            s.set_referee(i == 3)
    if how == "undo and redo steps":
        s.undo()
        s.undo()
    save = s.to_save()
    save["settings"] = {"registers": True, "history": False, "instant": True}
    if how == "old format, before sessions":
        past = save["timeline"]["past"]
        save = {"game": save["game"], "first": save["first"], "shown": ["4.8", False, ""],
                "timeline": {"past": [{"game": p["game"], "shown": ["", False, ""]} for p in past], "future": []},
                "settings": save["settings"]}
    extra = {"program": program} if program is not None else {}
    return Case("ti57-wolf", how, json.dumps(save), lambda st: WolfSession.from_save(st, **extra), _wolf_works(extra))


def _wolf_works(extra: dict[str, Any]) -> Callable[[Any], None]:
    def works(s: WolfSession) -> None:
        for viewer in (None, Side.WOLF, Side.LAMBS):
            s.view(viewer)
        s.summary(), s.history(), s.referee_story()  # noqa: B018
        data = s.to_save()
        again = WolfSession.from_save(json.loads(json.dumps(data, allow_nan=False)), **extra)
        assert again.game.snapshot() == s.game.snapshot() and again.to_save() == data
        if s.phase is WolfPhase.FLASHING:
            s.take_back()
        elif s.phase is WolfPhase.TURN:
            view = s.view()
            if s.computer_to_move:
                s.play(s.computer_choice())
            elif s.to_move is Side.WOLF and view.legal_wolf_moves:
                s.wolf_move(view.legal_wolf_moves[0])
            elif s.to_move is Side.LAMBS and view.legal_lamb_moves:
                s.lamb_move(*view.legal_lamb_moves[0])
        elif s.timeline.can_undo:
            s.undo()
        s.view(), s.summary()  # noqa: B018
    return works


OTHELLO_SAVES = ("machine to move", "undo and redo steps", "machine to move, first move")
DUEL_SAVES = ("setup", "turn", "draw", "computer seat", "locked", "variant", "plain, before sessions")
WOLF_SAVES = ("undo and redo steps", "purist collision", "game over", "computer seat", "referee switched",
              "variant", "old format, before sessions")
GAMES = ("hp67-othello", "lazard-othello", "ti57-duel", "ti57-wolf")


@lru_cache(maxsize=None)
def cases(game: str) -> tuple[Case, ...]:
    """The real saves of ``game`` (made once per process)."""
    if game in ("hp67-othello", "lazard-othello"):
        factory = HP67OthelloDriver if game == "hp67-othello" else LazardOthelloDriver
        found = [Case(game, how, _othello_save(factory, how),
                      lambda st, f=factory: OthelloSession.from_save(st, f), _othello_works(factory))
                 for how in OTHELLO_SAVES]
        if game == "lazard-othello":  # the article's "bétonner" variant, resumed as the arcade does:
            listing = (LISTING_PATH.parent / "variants" / "betonner.bas").read_text(encoding="ascii")
            found.append(Case(game, "variant", _othello_save(lambda: LazardOthelloDriver(listing), "machine to move",
                                                              "betonner"),
                              lambda st: OthelloSession.from_save(st, LazardOthelloDriver),
                              _othello_works(LazardOthelloDriver)))  # the original's driver, the save's program
        return tuple(found)
    if game == "ti57-duel":
        return tuple(_duel_case(how) for how in DUEL_SAVES)
    return tuple(_wolf_case(how) for how in WOLF_SAVES)


# -- the damage ------------------------------------------------------------------------------

Path_ = tuple[Any, ...]


def paths(value: Any) -> list[Path_]:
    """The path of every value inside ``value`` (without recursion)."""
    found: list[Path_] = []
    stack: list[tuple[Any, Path_]] = [(value, ())]
    while stack:
        node, path = stack.pop()
        if path:
            found.append(path)
        items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
        stack.extend((v, (*path, k)) for k, v in items)
    return found


def text_of(path: Path_) -> str:
    return "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in path)


def _at(value: Any, path: Path_) -> tuple[Any, Any]:
    parent = value
    for key in path[:-1]:
        parent = parent[key]
    return parent, path[-1]


def damage(good: Any, all_paths: list[Path_], rng: random.Random) -> tuple[Any, str]:
    """A copy of ``good`` with one injury, and what it was.  Half the time the place is outside the
    machines' snapshots (the game's own fields), half the time anywhere."""
    value = copy.deepcopy(good)
    outside = [p for p in all_paths if "machine" not in p]
    path = rng.choice(outside if outside and rng.random() < 0.5 else all_paths)
    parent, key = _at(value, path)
    node = parent[key]
    roll = rng.random()
    if roll < 0.5:
        new = rng.choice(VALUES)
        parent[key] = new
        what = f"{text_of(path)} = {'[[[...]]] (1000 deep)' if new is DEEP else repr(new)}"
    elif roll < 0.62:
        del parent[key]
        what = f"{text_of(path)} deleted"
    elif roll < 0.74 and isinstance(node, list) and node:
        parent[key] = node[: rng.randrange(len(node))]
        what = f"{text_of(path)} truncated to {len(parent[key])}"
    elif roll < 0.86:
        other = rng.choice(all_paths)
        if other[: len(path)] == path or path[: len(other)] == other:
            parent[key] = None
            what = f"{text_of(path)} = None"
        else:
            o_parent, o_key = _at(value, other)
            parent[key], o_parent[o_key] = o_parent[o_key], node
            what = f"{text_of(path)} swapped with {text_of(other)}"
    elif isinstance(node, (int, float)) and not isinstance(node, bool):
        parent[key] = node + rng.choice((1, -1, 10))
        what = f"{text_of(path)} nudged to {parent[key]!r}"
    elif isinstance(node, str) and node:
        parent[key] = node[: rng.randrange(len(node))]
        what = f"{text_of(path)} cut to {parent[key]!r}"
    else:
        parent[key] = rng.choice(VALUES[:9])
        what = f"{text_of(path)} = {parent[key]!r}"
    return value, what


# -- the counts ------------------------------------------------------------------------------

@dataclass
class Counts:
    """What became of the damaged saves of a game."""

    tried: int = 0
    refused: int = 0
    accepted: int = 0
    crashes: int = 0
    unnamed: int = 0  # refused without naming a field
    problems: list[str] = field(default_factory=list)

    def add(self, other: Counts) -> None:
        self.tried += other.tried
        self.refused += other.refused
        self.accepted += other.accepted
        self.crashes += other.crashes
        self.unnamed += other.unnamed
        self.problems += other.problems

    def line(self, name: str) -> str:
        return (f"{name:<16} tried {self.tried:>6}  refused {self.refused:>6}  accepted {self.accepted:>6}  "
                f"crashes {self.crashes}  refused without a field {self.unnamed}")


def judge(case: Case, state: Any, what: str, counts: Counts) -> None:
    """Read one damaged save and count what came of it."""
    counts.tried += 1
    try:
        session = case.load(state)
    except LockedSave:
        counts.refused += 1  # the PINs no longer open it: asked again, the file kept
        return
    except SaveUnreadable as error:
        counts.refused += 1
        if not str(error).startswith("field '"):
            counts.unnamed += 1
            counts.problems.append(f"{case.game} / {case.name}: {what}: refused without a field: {error}")
        return
    except Exception:  # noqa: BLE001 - the thing counted
        counts.crashes += 1
        counts.problems.append(f"{case.game} / {case.name}: {what}: CRASH\n{traceback.format_exc(limit=6)}")
        return
    try:
        case.works(session)
    except Exception:  # noqa: BLE001 - accepted, then broken: a crash too
        counts.crashes += 1
        counts.problems.append(f"{case.game} / {case.name}: {what}: accepted but broken\n{traceback.format_exc(limit=6)}")
        return
    counts.accepted += 1


def attack(game: str, tries: int, seed: int = 0) -> Counts:
    """``tries`` damaged saves of ``game``, spread over its real saves (the duel's half in the sealed part)."""
    counts = Counts()
    rng = random.Random(seed)
    all_cases = cases(game)
    for i in range(tries):
        case = all_cases[i % len(all_cases)]
        good = json.loads(case.save)
        if case.secret is not None and rng.random() < 0.5:
            secret = json.loads(case.secret)
            bad_secret, what = damage(secret, paths(secret), rng)
            try:
                good["sealed"] = sealing.seal(bad_secret, case.key, "machine")  # type: ignore[arg-type]
            except (ValueError, RecursionError):  # NaN or 1000 deep: not JSON the seal writes
                good["sealed"] = sealing.seal(None, case.key, "machine")  # type: ignore[arg-type]
                what += " (not sealable: the sealed part holds null)"
            judge(case, good, f"sealed{what}", counts)
        else:
            bad, what = damage(good, paths(good), rng)
            judge(case, bad, what, counts)
    return counts


def report(tries: dict[str, int], seed: int = 0) -> dict[str, Counts]:
    """The counts for every game (and in total), printed for docs/reliability.md."""
    out = {game: attack(game, n, seed) for game, n in tries.items()}
    total = Counts()
    for counts in out.values():
        total.add(counts)
    out["all games"] = total
    for name, counts in out.items():
        print(counts.line(name))
    return out


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    result = report({game: n for game in GAMES})
    for problem in result["all games"].problems[:20]:
        print(problem)
