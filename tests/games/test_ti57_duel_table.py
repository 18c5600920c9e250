"""The blind duel at a machine host's table, through the real protocol: whole duels, one picture
per viewer, the TI-57's Pause told to the mover only, stop and pause, PINs, saves.

The privacy of the wire is tested two ways.  Every picture and note a viewer receives is
walked for anything of the other player's (their view, their Pause, a register, a square
before the end).  And, stronger, two duels that differ only in one player's secret squares
must look exactly the same to the other player, picture for picture and note for note
(the sealed save aside): nothing of the secret can then be in what that player receives.
"""

from __future__ import annotations

import dataclasses
import json
import queue
import random
from importlib import resources
from pathlib import Path
from typing import Any, Iterator

import pytest

from games.host.news import Answer, Note
from games.session import Seat
from games.ti57_duel import DELTAS
from games.ti57_duel.driver import PlayerView, Turn
from games.ti57_duel.referee import DuelStatus, on_board
from games.ti57_duel.seal import KdfCost
from games.ti57_duel.session import DuelSession, DuelView, Phase
from games.ti57_duel.table import ComputerThinks, DuelDisplay, DuelPicture, PersonMoved
from games.workshop.ti57_variants import NotebookPage
from machines.ti57 import parse_listing
from tests.games.table_helpers import Reply, TableAtHost
from tests.sizes import sizes

GAME = "ti57-duel"
LOW_COST = KdfCost(log2_n=4, r=1, p=1)
"""scrypt's lowest cost: a locked duel's PIN costs microseconds (the save records it)."""
QUICK = {"seal_cost": LOW_COST, "pause_seconds": 0.0, "computer_thinks": 0.0, "seed": 7}
"""The real pace with no wait: every Pause and stop is told, nothing is held; the computers seeded."""


# -- what a viewer may receive ------------------------------------------------------------------


def parts(obj: Any) -> Iterator[Any]:
    """Everything inside a message (a finished duel's view is all public: not opened)."""
    yield obj
    if isinstance(obj, DuelView) and obj.phase is Phase.OVER:
        return
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            yield from parts(getattr(obj, f.name))
    elif isinstance(obj, (tuple, list, set, frozenset)):
        for item in obj:
            yield from parts(item)
    elif isinstance(obj, dict):
        for key, value in obj.items():
            yield from parts(key)
            yield from parts(value)


def private_to(reply: Reply, viewer: int | None, session: DuelSession) -> None:
    """Nothing in ``reply`` (its picture, result and notes) is the other player's to see."""
    others = [p for p in (1, 2) if p != viewer]
    game = session.game
    secret = {game.square_of(p) for p in others if game is not None and game.placed[p - 1]} if game else set()
    mine = {game.square_of(viewer)} if game is not None and viewer and game.placed[viewer - 1] else set()
    for part in parts((reply.picture, reply.answer.result, reply.answer.text, reply.notes)):
        if isinstance(part, PlayerView):
            assert part.player == viewer
        elif isinstance(part, DuelView) and part.phase is not Phase.OVER:  # once over, all is public
            assert part.viewer in (None, viewer)
            assert part.squares is None and part.keys == () and part.turns == ()
            assert not part.registers or all(part.registers[p] == "" for p in others)
            assert part.me is None or part.me.square not in secret - mine
        elif isinstance(part, (DuelDisplay, Turn)):
            assert part.player == viewer or isinstance(part, DuelDisplay) and part.state == "stopped"


def without_seal(obj: Any) -> Any:
    """A message with its sealed save left out (random keys and nonces: never the same twice)."""
    if isinstance(obj, DuelPicture):
        return dataclasses.replace(obj, save=None)
    if isinstance(obj, PersonMoved):
        return dataclasses.replace(obj, picture=without_seal(obj.picture))
    if isinstance(obj, Reply):
        return (obj.outcome, obj.answer.text, obj.answer.result, without_seal(obj.picture),
                tuple(without_seal(n) for n in obj.notes))
    return obj


def state_of(s: DuelSession) -> tuple[Any, ...]:
    """Everything a refusal must leave as it was."""
    return (s.phase, s.handoff_to, s.after_handoff, s.undo_for, s.setup_player, s.limit, s.extension, s.news,
            s.lock, s.seats, None if s.game is None else json.dumps(s.game.snapshot(), sort_keys=True))


class Duel:
    """A duel at a host, every reply checked for privacy; refusals checked to change nothing."""

    def __init__(self, *, own_process: bool = False, **options: Any) -> None:
        self.at = TableAtHost(GAME, own_process=own_process, **{**QUICK, **options})
        self.own_process = own_process
        self.picture: DuelPicture = self.at.opened.picture

    def __call__(self, name: str, *args: Any, viewer: int | None = None, **kwargs: Any) -> Reply:
        reply = self.at.ask(name, *args, viewer=viewer, **kwargs)
        seen_by = reply.picture.viewer
        assert seen_by in (None, viewer)  # a request refused before it ran is answered in public
        if not self.own_process:
            private_to(reply, seen_by, self.at.table.session)
        if reply.outcome == "done":
            assert seen_by == viewer
        self.picture = reply.picture
        return reply

    def done(self, name: str, *args: Any, viewer: int | None = None, **kwargs: Any) -> Reply:
        reply = self(name, *args, viewer=viewer, **kwargs)
        assert reply.outcome == "done", f"{name}: {reply.outcome} {reply.answer.text} {reply.answer.trace}"
        return reply

    def refused(self, name: str, *args: Any, viewer: int | None = None, **kwargs: Any) -> str:
        before = None if self.own_process else state_of(self.at.table.session)
        picture = self.picture
        reply = self(name, *args, viewer=viewer, **kwargs)
        assert reply.outcome == "refused", f"{name}: {reply.outcome} {reply.answer.trace}"
        assert self.own_process or state_of(self.at.table.session) == before
        self.picture = picture  # the picture the test plays from stays the last viewer's who acted
        return reply.answer.text

    @property
    def view(self) -> DuelView:
        return self.picture.view

    def close(self) -> None:
        self.at.close()


@pytest.fixture
def duel() -> Iterator[Duel]:
    d = Duel()
    yield d
    d.close()


# -- whole duels between two people --------------------------------------------------------------


def hot_seat(d: Duel, rng: random.Random, *, lock: bool = False, ends: dict[str, int] | None = None) -> None:
    """A whole seeded duel between two people sharing the keyboard, each request made by the right
    player, with refusals, take-backs, draws extended or ended, and a resume from the save."""
    pins = {1: f"{rng.randrange(10**6):06d}", 2: f"{rng.randrange(10**12):012d}"}
    d.at.client.pace(instant=False)  # every Pause and stop told (QUICK: none held)
    d.refused("move", 1, viewer=1)
    d.done("set_limit", rng.randint(2, 10))
    if lock:
        d.done("set_lock", True)
    d.done("start")
    squares: dict[int, tuple[int, int]] = {}
    extended = False
    while d.view.phase is not Phase.OVER:
        phase = d.view.phase
        if phase is Phase.HANDOFF:
            p = d.view.handoff_to
            assert p is not None and d.picture.pin_needed == (lock and p in squares)
            assert d.refused("reveal", viewer=3 - p) == f"the curtain waits for Player {p}"
            d.refused("move", 1, viewer=p)
            if d.picture.pin_needed:
                assert "PIN" in d.refused("reveal", pins[3 - p], viewer=p)
            undo_for = d.view.undo_for
            if undo_for is not None and rng.random() < 0.2:
                d.refused("undo", viewer=p)  # only the mover takes it back
                d.done("undo", viewer=undo_for)
                if ends is not None:
                    ends["taken back"] += 1
                squares[undo_for] = d.at.table.session.game.square_of(undo_for)
                assert d.view.handoff_to == undo_for and d.view.undo_for is None
                continue
            if d.picture.save is not None and rng.random() < 0.1:
                save = d.picture.save
                args = (tuple(pins[q] for q in (1, 2) if q in squares),) if lock else ()
                d.done("resume", save, *args, viewer=p)
                if ends is not None:
                    ends["resumed"] += 1
                assert d.view.phase is Phase.HANDOFF and d.view.handoff_to == p
            d.done("reveal", pins[p] if lock else None, viewer=p)
            assert d.view.me is not None and d.view.me.player == p and d.picture.looks == p
            continue
        if phase is Phase.SETUP:
            p = d.view.setup_player
            assert d.view.me is not None and d.view.me.square is None
            d.refused("place", (3, 3), pins[p], viewer=3 - p)
            d.refused("place", (10, 3), pins[p], viewer=p)
            if lock:
                assert "PIN" in d.refused("place", (3, 3), None, viewer=p)
            squares[p] = (rng.randrange(10), rng.randrange(10))
            d.done("place", squares[p], pins[p] if lock else None, viewer=p)
            continue
        if phase is Phase.DRAW:
            assert d.view.moves_left == 0 and d.view.status is DuelStatus.DRAW
            d.refused("move", 1, viewer=1)
            if not extended and rng.random() < 0.7:
                d.done("set_extension", rng.randint(1, 4))
                d.done("extend")
                extended = True
                if ends is not None:
                    ends["extended"] += 1
            else:
                d.done("end")
                if ends is not None:
                    ends["ended at the limit"] += 1
            continue
        assert phase is Phase.TURN
        p = d.view.to_move
        assert p is not None and d.view.me.square == squares[p]
        c, r = squares[p]
        off = {k for k, (dc, dr) in DELTAS.items() if not on_board((c + dc, r + dr))}
        assert set(d.picture.refusals) == off and set(d.view.legal) == set(DELTAS) - off
        for k in off:
            assert d.refused("move", k, viewer=p) == d.picture.refusals[k]
        assert d.refused("move", 1, viewer=3 - p) == f"it is Player {p}'s turn"
        k = rng.choice(d.view.legal)
        if rng.random() < 0.5:  # a good guess: towards the other (the test knows both squares)
            o = squares[3 - p]
            k = min(d.view.legal, key=lambda k: max(abs(c + DELTAS[k][0] - o[0]), abs(r + DELTAS[k][1] - o[1])))
        reply = d.done("move", k, viewer=p)
        squares[p] = (c + DELTAS[k][0], r + DELTAS[k][1])
        turn = reply.answer.result
        assert turn.player == p and turn.direction == k and turn.displays[0] == f"{squares[p][0]}.{squares[p][1]}"
        (pause, stop) = reply.notes  # the real pace: the Pause (the mover's square), then the stop
        assert pause == DuelDisplay(p, turn.displays[0], False, "pause", pause.view) and pause.view.me.square == squares[p]
        assert stop.state == "stopped" and stop.text == turn.displays[-1] and stop.view is None
    view = d.view
    assert view.squares == (squares[1], squares[2]) and d.picture.save is None
    if view.status is DuelStatus.CAPTURE and ends is not None:
        ends["capture"] += 1
        assert view.winner is not None and squares[1] == squares[2]


def test_whole_duels_between_two_people_keep_each_players_square_to_themselves(duel: Duel) -> None:
    ends = {"capture": 0, "extended": 0, "ended at the limit": 0, "taken back": 0, "resumed": 0}
    for seed in range(12):
        hot_seat(duel, random.Random(seed), ends=ends)
        duel.done("new_duel")
        assert duel.view.phase is Phase.LIMIT
    assert all(ends.values()), ends


def test_locked_duels_open_only_with_the_players_pins(duel: Duel) -> None:
    for seed in range(3):
        hot_seat(duel, random.Random(100 + seed), lock=True)
        duel.done("new_duel")


def test_a_locked_save_asks_for_both_pins_and_wrong_ones_change_nothing(duel: Duel) -> None:
    duel.done("set_lock", True)
    duel.done("start")
    duel.done("reveal", viewer=1)
    duel.done("place", (2, 2), "111111", viewer=1)
    duel.done("reveal", viewer=2)
    duel.done("place", (7, 7), "222222", viewer=2)
    save = duel.picture.save
    assert duel.done("locked_players", save).answer.result == (1, 2)
    with TableAtHost(GAME, **QUICK) as other:
        before = other.opened.picture
        for pins, error in (((), "LockedSave"), (("111111", "999999"), "WrongPins")):
            refused = other.ask("resume", save, pins)
            assert (refused.outcome, refused.answer.error) == ("refused", error)
            assert refused.picture == dataclasses.replace(before, viewer=None)
        resumed = other.done("resume", save, ("111111", "222222"), viewer=1).picture
        assert resumed.view.phase is Phase.HANDOFF and resumed.view.handoff_to == 1 and resumed.pin_needed
        assert other.ask("reveal", "222222", viewer=1).answer.error == "WrongPin"
        lifted = other.done("reveal", "111111", viewer=1).picture
        assert lifted.view.me.square == (2, 2) and lifted.view.registers[2] == ""
    damaged = {**save, "limit": "twenty"}
    before = state_of(duel.at.table.session)
    failed = duel("resume", damaged, ("111111", "222222"))
    assert failed.outcome == "failed" and failed.answer.error == "SaveUnreadable" and "limit" in failed.answer.text
    assert state_of(duel.at.table.session) == before


# -- nothing of one player's square reaches the other ---------------------------------------------


class Twins:
    """Two duels played alike, but for one player's (the secret's) squares."""

    def __init__(self, secret: int, starts: tuple[tuple[int, int], tuple[int, int]], theirs: tuple[int, int]) -> None:
        self.secret, self.watcher = secret, 3 - secret
        self.runs = [Duel(), Duel()]
        self.squares = [{secret: starts[i], self.watcher: theirs} for i in range(2)]
        self.compared = 0
        for run in self.runs:
            run.at.client.pace(instant=False)  # every Pause and stop told

    def both(self, name: str, *args: Any, viewer: int | None = None, per_run: Any = None) -> None:
        """The same request in both duels (``per_run(i)``: its arguments in duel i); then what the
        watcher and anyone see must be the same in both, and so must any reply made for them."""
        replies = [run.done(name, *(per_run(i) if per_run else args), viewer=viewer)
                   for i, run in enumerate(self.runs)]
        if viewer != self.secret:
            assert without_seal(replies[0]) == without_seal(replies[1])
        for who in (self.watcher, None):
            seen = [run.done("look", viewer=who) for run in self.runs]
            assert without_seal(seen[0]) == without_seal(seen[1])
        self.compared += 1

    def safe(self, p: int, k: int) -> bool:
        """Direction ``k`` keeps player ``p`` on the board and captures nobody, in both duels."""
        dc, dr = DELTAS[k]
        return all(on_board((s[p][0] + dc, s[p][1] + dr)) and (s[p][0] + dc, s[p][1] + dr) != s[3 - p]
                   for s in self.squares)

    def play(self, rng: random.Random) -> None:
        self.both("set_limit", rng.randint(3, 12))
        self.both("start")
        view = self.runs[0].view
        while view.phase is not Phase.OVER:
            if view.phase is Phase.HANDOFF:
                mover = view.undo_for
                if mover is not None and rng.random() < 0.15:
                    self.both("undo", viewer=mover)
                    for run, s in zip(self.runs, self.squares):
                        s[mover] = run.at.table.session.game.square_of(mover)
                else:
                    self.both("reveal", viewer=view.handoff_to)
            elif view.phase is Phase.SETUP:
                p = view.setup_player
                self.both("place", viewer=p, per_run=lambda i: (self.squares[i][p],))
            elif view.phase is Phase.DRAW:
                if view.moves_played > 40:
                    return  # long enough: the end would reveal all to both
                self.both("extend")
            else:
                p = view.to_move
                ways = [k for k in sorted(DELTAS) if self.safe(p, k)]
                if not ways:
                    return  # every way captures (or leaves the board) in one of the two: they part here
                k = rng.choice(ways)
                self.both("move", k, viewer=p)
                for s in self.squares:
                    s[p] = (s[p][0] + DELTAS[k][0], s[p][1] + DELTAS[k][1])
            view = self.runs[0].view

    def close(self) -> None:
        for run in self.runs:
            run.close()


@sizes(everyday=2, soak=8, name="seeds")
def test_two_duels_differing_only_in_one_players_squares_look_the_same_to_the_other(seeds: int) -> None:
    """Each seed's pair of duels compares a hundred requests or more; the secret is player 1's, then 2's."""
    compared = 0
    for seed in range(seeds):
        rng = random.Random(seed)
        theirs = (rng.randrange(10), rng.randrange(10))
        starts = rng.sample([(c, r) for c in range(10) for r in range(10) if (c, r) != theirs], 2)
        twins = Twins(1 + seed % 2, (starts[0], starts[1]), theirs)
        try:
            twins.play(rng)
            compared += twins.compared
        finally:
            twins.close()
    assert compared > 100  # requests whose every answer was compared, both ways round


# -- a person against the computer ------------------------------------------------------------------


def against_the_computer(d: Duel, rng: random.Random, computer: int, *, instant: bool) -> DuelPicture:
    """A whole seeded duel of a person against the computer, every request the person's."""
    person = 3 - computer
    seats = [Seat(), Seat()]
    seats[computer - 1] = Seat("computer", rng.choice(("random", "hunter")))
    d.at.client.pace(instant=instant)
    d.done("set_seats", tuple(seats), viewer=person)
    assert d.refused("set_lock", True, viewer=person) == "the PIN lock is for two people sharing the keyboard"
    d.done("set_limit", rng.randint(3, 14), viewer=person)
    d.done("start", viewer=person)
    while d.view.phase is not Phase.OVER:
        if d.picture.computer_to_act:
            reply = d.done("computer", viewer=person)
            displays = [n for n in reply.notes if isinstance(n, DuelDisplay)]
            assert all(n.state == "stopped" and n.view is None and n.player == computer for n in displays)
            assert reply.notes[:1] == (() if instant else (ComputerThinks(computer),))
            assert len(displays) == (1 if not instant and d.view.moves_played else 0)
            continue
        phase = d.view.phase
        assert phase is not Phase.HANDOFF  # no curtain: one person looks
        if phase is Phase.SETUP:
            d.refused("place", (1, 1), viewer=computer)
            d.done("place", (rng.randrange(10), rng.randrange(10)), viewer=person)
        elif phase is Phase.DRAW:
            d.done("extend" if rng.random() < 0.5 else "end", viewer=person)
        else:
            assert d.view.to_move == person and d.picture.looks == person
            played = d.view.moves_played
            reply = d.done("move", rng.choice(d.view.legal), viewer=person)
            if instant:  # the computer's reply in the same request; the person's move held, and
                # outrun by the reply: the answer says it all (told only if the reply holds or stops)
                assert d.view.moves_played in (played + 1, played + 2) and reply.notes == ()
            else:
                pause, stop = reply.notes
                assert pause.state == "pause" and pause.player == person and stop.state == "stopped"
    assert d.view.squares is not None
    return d.picture


@pytest.mark.parametrize("instant", [False, True], ids=["real pace", "instant"])
def test_whole_duels_against_the_computer_never_tell_its_square(duel: Duel, instant: bool) -> None:
    ends = []
    for seed in range(8):
        picture = against_the_computer(duel, random.Random(seed), 1 + seed % 2, instant=instant)
        ends.append(picture.view.status)
        duel.done("new_duel")
    assert set(ends) == {DuelStatus.CAPTURE, DuelStatus.DRAW}, ends


def test_a_whole_duel_in_the_hosts_own_process() -> None:
    d = Duel(own_process=True)
    try:
        picture = against_the_computer(d, random.Random(5), 2, instant=True)
        assert picture.view.phase is Phase.OVER and picture.save is None
    finally:
        d.close()


# -- stop and pause --------------------------------------------------------------------------------


def person_to_move(d: Duel, computer: int = 2) -> None:
    seats = [Seat(), Seat()]
    seats[computer - 1] = Seat("computer", "random")
    d.done("set_seats", tuple(seats))
    d.done("set_limit", 9)
    d.done("start")
    d.at.client.pace(instant=True)
    while d.picture.computer_to_act or d.view.phase is Phase.SETUP:
        if d.picture.computer_to_act:
            d.done("computer", viewer=3 - computer)
        else:
            d.done("place", (4, 4), viewer=3 - computer)


def test_a_stop_while_the_computer_thinks_leaves_the_duel_as_before() -> None:
    d = Duel(computer_thinks=60.0)  # a minute's thought: only a stop ends it
    try:
        person_to_move(d, computer=2)
        d.at.client.pace(instant=False)
        d.done("move", 2, viewer=1)
        assert d.picture.computer_to_act
        before, session_before = d.picture, state_of(d.at.table.session)
        serial = d.at.send("computer", viewer=1)
        assert d.at.next_news(Note, serial).payload == ComputerThinks(2)
        d.at.client.stop(serial)
        stopped = d.at.wait(serial)
        assert stopped.outcome == "stopped" and stopped.picture.viewer == 1
        assert state_of(d.at.table.session) == session_before
        d.at.client.pace(instant=True)
        after = d.done("computer", viewer=1).picture
        assert after.view.moves_played == before.view.moves_played + 1 and after.view.to_move == 1
    finally:
        d.close()


def test_a_stop_during_the_movers_pause_takes_the_move_back() -> None:
    d = Duel(pause_seconds=60.0)  # the Pause held a minute: only a stop ends it
    try:
        person_to_move(d, computer=2)
        before, session_before = d.done("look", viewer=1).picture, state_of(d.at.table.session)
        d.at.client.pace(instant=False)
        serial = d.at.send("move", 2, viewer=1)
        pause = d.at.next_news(Note, serial).payload
        assert pause.state == "pause" and pause.player == 1 and pause.view.me.square == (5, 4)
        d.at.client.stop(serial)
        stopped = d.at.wait(serial)
        assert stopped.outcome == "stopped" and state_of(d.at.table.session) == session_before
        again = d.done("look", viewer=1).picture
        assert without_seal(again) == without_seal(before)
        d.at.client.pace(instant=True)
        assert d.done("move", 2, viewer=1).picture.view.moves_played > before.view.moves_played
    finally:
        d.close()


def test_at_instant_speed_the_persons_move_is_told_once_the_reply_holds() -> None:
    d = Duel()
    try:
        person_to_move(d, computer=2)
        d.at.client.pace(paused=True)  # the reply holds for the pause: the person's move is told
        serial = d.at.send("move", 2, viewer=1)
        told = d.at.next_news(Note, serial).payload
        assert isinstance(told, PersonMoved) and told.picture.viewer == 1
        assert told.picture.view.moves_played == 1 and told.picture.view.me.square == (5, 4)
        d.at.client.pace(paused=False)
        reply = d.at.wait(serial)
        assert reply.outcome == "done" and reply.picture.view.moves_played == 2
    finally:
        d.close()


def test_the_pause_holds_the_computers_move_until_it_goes_on() -> None:
    d = Duel(computer_thinks=0.01)
    try:
        person_to_move(d, computer=2)
        d.at.client.pace(instant=False)
        d.done("move", 2, viewer=1)
        d.at.client.pace(paused=True)
        serial = d.at.send("computer", viewer=1)
        with pytest.raises(queue.Empty):  # a short look: the proof is the answer after going on
            while True:
                news = d.at.news.get(timeout=0.3)
                assert not isinstance(news, Answer)
        d.at.client.pace(paused=False)
        reply = d.at.wait(serial)
        assert reply.outcome == "done" and reply.picture.view.moves_played == 2
    finally:
        d.close()


def test_refusals_out_of_their_phase_change_nothing(duel: Duel) -> None:
    for name, args in (("move", (1,)), ("place", ((1, 1),)), ("reveal", ()), ("undo", ()), ("extend", ()),
                       ("end", ()), ("set_extension", (3,)), ("computer", ()), ("check_move", (1,))):
        duel.refused(name, *args, viewer=1)
    duel.refused("set_limit", 0)
    duel.refused("look", viewer=3)
    duel.refused("start", listing="00 FOO\n", variant="bad")
    duel.done("start")
    for name, args in (("set_limit", (5,)), ("set_lock", (True,)), ("set_seats", ((Seat(), Seat()),)), ("start", ())):
        duel.refused(name, *args)
    unknown = duel.at.ask("no_such_request", viewer=1)
    assert unknown.outcome == "refused" and unknown.picture.viewer is None  # a refusal before it ran: public


def test_a_variant_plays_by_its_listing_and_a_new_duel_goes_back_to_deconchats(duel: Duel) -> None:
    listing = resources.files("games.ti57_duel").joinpath("listing.txt").read_text(encoding="utf-8")
    unreadable = duel("start", listing=listing.replace("STO", "FOO", 1), variant="smudged")
    assert unreadable.answer.error == "VariantUnreadable" and "smudged" in unreadable.answer.text
    assert duel.at.table.session.program is None and duel.view.phase is Phase.LIMIT
    duel.done("set_limit", 3)
    duel.done("start", listing=listing, variant="my copy")
    assert duel.picture.variant == "my copy" and duel.at.table.session.game.program is not None
    for p, square in ((1, (0, 0)), (2, (9, 9))):
        duel.done("reveal", viewer=p)
        duel.done("place", square, viewer=p)
    while duel.view.phase is not Phase.DRAW:
        p = duel.view.handoff_to
        duel.done("reveal", viewer=p)
        duel.done("move", duel.view.legal[0], viewer=p)
        assert duel.picture.variant == "my copy"
    duel.done("end")
    assert duel.view.squares is not None and duel.view.phase is Phase.OVER
    duel.done("new_duel")
    assert duel.picture.variant is None and duel.view.limit == 3


def test_a_variants_save_resumes_and_the_table_reads_its_notebook_page_for_the_next_duel(tmp_path: Path) -> None:
    """Issue 41: the screen sends the page's name with the resume; the table reads it (the event loop
    never does) and answers with the page as read; a page gone is said, the duel resumed all the same
    (its sealed TI-57 holds the program)."""
    listing = resources.files("games.ti57_duel").joinpath("listing.txt").read_text(encoding="utf-8")
    (tmp_path / "my copy.txt").write_text(listing, encoding="utf-8")
    d = Duel(notebook=str(tmp_path))
    try:
        d.done("start", listing=listing, variant="my copy")
        save = {**d.picture.save, "settings": {"variant": "my copy"}}
        page = d.done("resume", save, page="my copy").answer.result
        assert isinstance(page, NotebookPage) and page.name == "my copy" and page.listing is not None
        assert parse_listing(page.listing).steps == parse_listing(listing).steps
        assert d.picture.variant == "my copy" and d.view.phase is Phase.HANDOFF
        gone = d.done("resume", save, page="lost page").answer.result
        assert isinstance(gone, NotebookPage) and gone.listing is None and "lost page" in gone.refusal
        assert d.picture.variant == "my copy" and d.view.phase is Phase.HANDOFF
        outside = d.done("resume", save, page="../my copy").answer.result
        assert outside.listing is None and "is not a name for the notebook" in outside.refusal
    finally:
        d.close()
