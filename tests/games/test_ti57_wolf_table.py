"""Wolf and lambs at a machine host's table, through the real protocol: whole games, the computer's
paced move (stop, pause), refusals that change nothing, the purist's flash, saves and variants.

A test plays as the screen will: requests and answers over the wire (pickled), never the
session itself; the referee (a ``WolfSession`` replayed in the test) judges every game.
"""

from __future__ import annotations

import queue
import random
from collections import Counter
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from games.host.news import Answer, Note
from games.session import Seat
from games.ti57_wolf import computer
from games.ti57_wolf.computer import LAMB_LEVELS, WOLF_LEVELS, solution
from games.ti57_wolf.referee import Side
from games.ti57_wolf.session import Phase, WolfMove, WolfSession
from games.ti57_wolf.table import ComputerThinks, PersonMoved, WolfPicture
from games.workshop.ti57_variants import NotebookPage
from machines.ti57 import parse_listing
from tests.games.table_helpers import TableAtHost
from tests.games.wolf_scripts import GAMES, PURIST_TO_A_COLLISION, moves
from tests.sizes import sizes

GAME = "ti57-wolf"
FAST_LEVELS = {Side.WOLF: WOLF_LEVELS, Side.LAMBS: LAMB_LEVELS[:2]}  # "perfect" solves the game first: slower


@pytest.fixture
def wolf() -> Any:
    with TableAtHost(GAME) as at:
        yield at


def replayed(first: Side, played: list[WolfMove], referee: bool = True) -> WolfSession:
    """The referee's game: the same moves on a session of the test's own."""
    s = WolfSession(first, referee=referee)
    for move in played:
        s.play(move)
    return s


def same_game(picture: WolfPicture, s: WolfSession) -> None:
    v, mine = picture.view, s.view()
    assert (v.board, v.to_move, v.phase, v.result, v.keys, v.registers, v.display, v.flashing) == (
        mine.board, mine.to_move, mine.phase, mine.result, mine.keys, mine.registers, mine.display, mine.flashing)


def unchanged(before: WolfPicture, after: WolfPicture) -> None:
    """A refusal: the game exactly as it was (the view, the history, the save)."""
    assert after.view == before.view and after.history == before.history and after.save == before.save


def record_move(record: Any) -> WolfMove:
    return WolfMove(record.side, record.key, record.lamb)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_whole_scripted_games_end_as_the_referee_says_and_refusals_change_nothing(wolf: TableAtHost, name: str) -> None:
    script, first, reason = GAMES[name]
    picture = wolf.done("new_game", first).picture
    referee = WolfSession(first)  # the referee's game, move for move
    for move in moves(script):
        if picture.refusals:  # the referee's reason, as the picture gave it, and nothing changes
            bad, why = sorted(picture.refusals.items(), key=lambda kv: (kv[0].key, kv[0].lamb or 0))[0]
            refused = wolf.refused("play", bad)
            assert refused.answer.text == why
            unchanged(picture, refused.picture)
        reply = wolf.done("play", move)
        assert [part for part, _ in reply.answer.result] == ["move"] and not reply.notes
        referee.play(move)
        picture = reply.picture
        same_game(picture, referee)
    assert picture.view.phase is Phase.OVER and picture.view.result.reason == reason
    assert picture.save is None  # a finished game is not kept
    assert wolf.refused("play", moves(script)[0]).answer.text.startswith("the game is over")


def test_a_whole_game_in_the_hosts_own_process() -> None:
    script, first, reason = GAMES["wolf reaches row 1"]
    with TableAtHost(GAME, own_process=True) as wolf:
        wolf.done("new_game", first)
        for move in moves(script):
            picture = wolf.done("play", move).picture
        assert picture.view.result.winner is Side.WOLF and picture.view.result.reason == reason
        same_game(picture, replayed(first, moves(script)))


def play_generated(wolf: TableAtHost, rng: random.Random, seen: Counter[str]) -> WolfPicture:
    """A seeded game against the computer (or two computers) at instant speed, with undos and a
    resume from the picture's save on the way; every step judged by the referee's replay."""
    first = rng.choice(list(Side))
    computer = rng.choice([Side.WOLF, Side.LAMBS, None, None])  # None: both seats the computer
    seats = {side: Seat("computer", rng.choice(FAST_LEVELS[side])) for side in Side if side is not computer}
    picture = wolf.done("new_game", first, seats=seats).picture
    played: list[WolfMove] = []
    while picture.view.phase is not Phase.OVER:
        view = picture.view
        if view.computer_to_move:
            reply = wolf.done("computer")
            played.append(record_move(reply.answer.result))
        elif played and rng.random() < 0.08:
            reply = wolf.done("undo")  # back to a person's move (or the start)
            seen["undo"] += 1
            del played[reply.picture.view.moves_played:]
            assert not reply.picture.view.computer_to_move or not played
        else:
            if view.to_move is Side.WOLF:
                move = WolfMove.wolf(rng.choice(view.legal_wolf_moves))
            else:
                move = WolfMove.of_lamb(*rng.choice(view.legal_lamb_moves))
            reply = wolf.done("play", move)
            parts = reply.answer.result
            assert parts[0] == ("move", parts[0][1]) and record_move(parts[0][1]) == move
            played.extend(record_move(record) for _, record in parts)
            if len(parts) == 2:  # the computer replied in the same request, the person's move held:
                seen["reply"] += 1  # outrun by the reply (the game solved), the answer says it all
                assert not reply.notes
            else:
                assert not reply.notes and not reply.picture.view.computer_to_move
        picture = reply.picture
        same_game(picture, replayed(first, played))
        if picture.save is not None and rng.random() < 0.05:
            resumed = wolf.done("resume", picture.save).picture
            seen["resume"] += 1
            assert resumed.view == picture.view and resumed.history == picture.history
    return picture


@sizes(everyday=4, soak=40, name="games")
def test_generated_games_against_the_computer_end_as_the_referee_says(wolf: TableAtHost, games: int) -> None:
    solution()  # solved once for the process: every reply then outruns the person's move held before it
    winners, seen = set(), Counter[str]()
    for seed in range(games):  # the first four: both winners, an undo, a reply in the same request, a resume
        picture = play_generated(wolf, random.Random(seed), seen)
        assert picture.save is None and picture.refusals == {}
        winners.add(picture.view.result.winner)
    assert winners == {Side.WOLF, Side.LAMBS}
    assert seen["undo"] and seen["reply"] and seen["resume"], seen


def test_purist_the_flash_and_its_take_back(wolf: TableAtHost) -> None:
    picture = wolf.done("new_game", Side.LAMBS, referee=False).picture
    assert wolf.refused("undo").answer.text == "nothing to undo"
    for move in moves(PURIST_TO_A_COLLISION):
        picture = wolf.done("play", move).picture
    assert WolfMove.wolf(7) not in picture.refusals  # purist: only the program's own check stands
    picture = wolf.done("play", WolfMove.wolf(7)).picture  # onto lamb 3: GTO 8 finds no label
    view = picture.view
    assert view.phase is Phase.FLASHING and view.flashing and view.collision == 7 and view.take_back_key == 3
    for refused in (wolf.refused("play", WolfMove.wolf(1)), wolf.refused("set_referee", True)):
        assert "flashes" in refused.answer.text
        unchanged(picture, refused.picture)
    back = wolf.done("take_back")
    assert back.answer.result.keys == ("SBR", "3") and back.picture.view.phase is Phase.TURN
    assert back.picture.view.to_move is Side.WOLF and back.picture.history[-1].squares.endswith("back")
    assert wolf.refused("take_back").answer.text == "there is no refused move to take back"
    on = wolf.done("set_referee", True).picture
    assert on.view.referee_enabled and "referee off (purist) at the start, then on after move 9" in on.referee_story
    undone = wolf.done("undo").picture
    # a whole snapshot back: the flash, and the referee as it stood then (its switch came after)
    assert undone.view.phase is Phase.FLASHING and not undone.view.referee_enabled
    assert undone.view.referee_changes == ()
    redone = wolf.done("redo").picture
    assert redone.view.phase is Phase.TURN and redone.view.board == back.picture.view.board
    assert redone.view.keys == back.picture.view.keys and redone.history == back.picture.history
    assert redone.view.referee_enabled and redone.referee_story == on.referee_story


def test_refusals_before_a_game_and_on_the_computers_turn_change_nothing(wolf: TableAtHost) -> None:
    assert wolf.refused("play", WolfMove.wolf(1)).picture is None  # no game yet
    assert wolf.ask("no_such_request").outcome == "refused"
    picture = wolf.done("new_game", Side.WOLF, seats={Side.WOLF: Seat("computer", "beginner")}).picture
    assert picture.view.computer_to_move and picture.refusals == {}
    for name, args in (("play", (WolfMove.wolf(1),)), ("take_back", ()), ("undo", ()), ("redo", ())):
        unchanged(picture, wolf.refused(name, *args).picture)
    unchanged(picture, wolf.done("set_referee", True).picture)  # on already: nothing to switch
    person = wolf.refused("play", WolfMove.wolf(1))
    assert person.answer.text == "the computer plays the wolf: wait for its move"


def test_a_stop_during_the_computers_paced_move_leaves_the_game_as_before() -> None:
    with TableAtHost(GAME, pace=60.0) as wolf:  # a person's pace of a minute: only a stop ends it
        before = wolf.done("new_game", Side.LAMBS, seats={Side.WOLF: Seat("computer", "cunning")}).picture
        before = wolf.done("play", WolfMove.of_lamb(2, 6), reply=False).picture  # the screen's turn to ask
        assert before.view.computer_to_move
        wolf.client.pace(instant=False)
        serial = wolf.send("computer")
        assert wolf.next_news(Note, serial).payload == ComputerThinks(Side.WOLF)  # it waits as a person would
        wolf.client.stop(serial)
        stopped = wolf.wait(serial)
        assert stopped.outcome == "stopped"
        unchanged(before, stopped.picture)
        wolf.client.pace(instant=True)
        after = wolf.done("computer").picture
        assert after.view.moves_played == 2 and after.view.to_move is Side.LAMBS


def test_the_pause_holds_the_computers_move_until_it_goes_on() -> None:
    with TableAtHost(GAME, pace=0.01) as wolf:
        wolf.done("new_game", Side.WOLF, seats={Side.WOLF: Seat("computer", "beginner")})
        wolf.client.pace(instant=False, paused=True)
        serial = wolf.send("computer")
        with pytest.raises(queue.Empty):  # a short look: the proof is the answer after going on
            while True:
                news = wolf.news.get(timeout=0.3)
                assert not isinstance(news, Answer)
        wolf.client.pace(paused=False)
        reply = wolf.wait(serial)
        assert reply.outcome == "done" and reply.picture.view.moves_played == 1


def test_at_instant_speed_the_persons_move_is_told_once_the_reply_holds() -> None:
    with TableAtHost(GAME) as wolf:
        wolf.done("new_game", Side.LAMBS, seats={Side.WOLF: Seat("computer", "beginner")})
        wolf.client.pace(paused=True)  # the reply holds for the pause: the person's move is told
        serial = wolf.send("play", WolfMove.of_lamb(1, 6))
        told = wolf.next_news(Note, serial).payload
        assert isinstance(told, PersonMoved) and told.record.lamb == 1
        assert told.picture.view.moves_played == 1 and told.picture.view.computer_to_move
        wolf.client.pace(paused=False)
        reply = wolf.wait(serial)
        assert reply.outcome == "done" and reply.picture.view.moves_played == 2


def test_before_the_game_is_solved_the_persons_move_is_told_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The first solve takes a fraction of a second: the person's move shows meanwhile."""
    monkeypatch.setattr(computer, "_solution", None)  # this process has not solved the game yet
    assert not computer.chooses_at_once("cunning") and computer.chooses_at_once("beginner")
    assert computer.chooses_at_once(None)  # the random wolf never reads the solution
    with TableAtHost(GAME) as wolf:
        wolf.done("new_game", Side.LAMBS, seats={Side.WOLF: Seat("computer", "cunning")})
        reply = wolf.done("play", WolfMove.of_lamb(1, 6))
        (told,) = reply.notes  # not held: the solve outlasts it
        assert computer.chooses_at_once("cunning") and computer.chooses_at_once("beginner")
        assert isinstance(told, PersonMoved) and told.record == reply.answer.result[0][1]
        assert told.picture.view.moves_played == 1 and reply.picture.view.moves_played == 2


def test_at_a_persons_pace_the_computer_never_replies_in_the_persons_request() -> None:
    with TableAtHost(GAME, pace=0.0) as wolf:
        wolf.done("new_game", Side.LAMBS, seats={Side.WOLF: Seat("computer", "beginner")})
        wolf.client.pace(instant=False)
        reply = wolf.done("play", WolfMove.of_lamb(1, 6))
        assert [part for part, _ in reply.answer.result] == ["move"] and reply.picture.view.computer_to_move
        computer = wolf.done("computer")
        assert computer.notes == (ComputerThinks(Side.WOLF),) and computer.picture.view.moves_played == 2


def test_a_save_resumes_exactly_and_a_damaged_one_leaves_the_game(wolf: TableAtHost) -> None:
    script, first, _ = GAMES["wolf blocked"]
    wolf.done("new_game", first)
    for move in moves(script)[:5]:
        picture = wolf.done("play", move).picture
    with TableAtHost(GAME) as other:
        resumed = other.done("resume", picture.save).picture
        assert resumed.view == picture.view and resumed.save == picture.save
        for move in moves(script)[5:]:
            resumed = other.done("play", move).picture
        assert resumed.view.result.reason == "the wolf is blocked"
    damaged = {**picture.save, "first": "sheep"}
    failed = wolf.ask("resume", damaged)
    assert failed.outcome == "failed" and failed.answer.error == "SaveUnreadable" and "first" in failed.answer.text
    unchanged(picture, failed.picture)


def test_a_variant_plays_by_its_listing_and_a_damaged_one_is_refused(wolf: TableAtHost) -> None:
    listing = resources.files("games.ti57_wolf").joinpath("listing.txt").read_text(encoding="utf-8")
    picture = wolf.done("new_game", Side.WOLF).picture
    damaged = wolf.refused("new_game", Side.WOLF, listing="00 FOO\n", variant="bad")
    assert damaged.answer.error == "VariantUnreadable" and "bad" in damaged.answer.text
    unchanged(picture, damaged.picture)
    script, first, reason = GAMES["wolf reaches row 1"]
    picture = wolf.done("new_game", first, listing=listing, variant="my copy").picture
    assert picture.variant == "my copy"
    for move in moves(script)[:4]:
        picture = wolf.done("play", move).picture
    resumed = wolf.done("resume", picture.save, listing=listing, variant="my copy").picture
    assert resumed.variant == "my copy" and resumed.view == picture.view
    for move in moves(script)[4:]:
        resumed = wolf.done("play", move).picture
    assert resumed.view.result.reason == reason and resumed.variant == "my copy"


def test_a_variants_save_resumes_with_the_notebook_page_read_at_the_table(tmp_path: Path) -> None:
    """Issue 41: the screen sends the page's name; the table reads the notebook (never the event loop),
    answers with the page as read (the next game's program), and refuses a save whose page is gone."""
    listing = resources.files("games.ti57_wolf").joinpath("listing.txt").read_text(encoding="utf-8")
    (tmp_path / "my copy.txt").write_text(listing, encoding="utf-8")
    script, first, _ = GAMES["wolf reaches row 1"]
    with TableAtHost(GAME, notebook=str(tmp_path)) as wolf:
        picture = wolf.done("new_game", first, listing=listing, variant="my copy").picture
        for move in moves(script)[:4]:
            picture = wolf.done("play", move).picture
        resumed = wolf.done("resume", picture.save, page="my copy")
        page = resumed.answer.result
        assert isinstance(page, NotebookPage) and page.name == "my copy" and page.listing is not None
        assert parse_listing(page.listing).steps == parse_listing(listing).steps
        assert resumed.picture.variant == "my copy" and resumed.picture.view == picture.view
        gone = wolf.ask("resume", picture.save, page="lost page")
        assert gone.outcome == "failed" and gone.answer.error == "SaveUnreadable"
        assert "the variant lost page it was played with is not in the notebook" in gone.answer.text
        outside = wolf.ask("resume", picture.save, page="../my copy")  # a save's name never leads out of the notebook
        assert outside.outcome == "failed" and "is not a name for the notebook" in outside.answer.text
        unchanged(resumed.picture, outside.picture)
