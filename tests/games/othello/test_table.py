"""The Othello table at a machine host: what each answer's picture carries, the squares asked about,
and the news a turn tells before its end -- on the HP-67 and the CPC, through the real wire."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.othello.referee import Disc, parse
from games.othello.table import MovePending, PersonMoved
from tests.games.table_helpers import TableAtHost

GAMES = ("hp67-othello", "lazard-othello")


def saved(table: TableAtHost) -> dict[str, Any]:
    """The session's save at the table as the picture carries it: without the settings (the screen's)."""
    save = table.table.session.to_save()
    save.pop("settings")
    return save


@pytest.fixture(params=GAMES)
def table(request: pytest.FixtureRequest) -> TableAtHost:
    with TableAtHost(request.param) as at_host:
        at_host.done("start", Disc.WHITE)  # the person (Black) moves first
        yield at_host


def test_a_turn_answers_with_both_moves_and_its_save(table: TableAtHost) -> None:
    reply = table.done("play", parse("d3"))
    # at instant speed the news before the end is held (``Job.note(held=True)``): a turn this short
    # is one picture, its answer's; on a loaded machine it may last long enough to tell it first
    assert all(isinstance(note, (MovePending, PersonMoved)) for note in reply.notes)
    person, machine = reply.answer.result
    assert person.square == parse("d3") and not person.by_machine and machine.by_machine
    picture = reply.picture
    assert "save" not in picture.same and json.loads(picture.save) == saved(table)  # JSON text, encoded at the table
    assert len(json.loads(picture.save)["moves"]) == 2


@pytest.mark.parametrize("game", GAMES)
def test_at_the_real_pace_the_persons_move_is_told_with_its_save_before_the_reply(game: str) -> None:
    with TableAtHost(game, steps_per_second=1e9) as at_host:  # the real pace, of a very fast machine
        at_host.done("start", Disc.WHITE)
        at_host.client.pace(instant=False)
        reply = at_host.done("play", parse("d3"))
    told = [n for n in reply.notes if isinstance(n, PersonMoved)]
    assert len(told) == 1 and told[0].record.square == parse("d3")
    assert len(json.loads(told[0].picture.save)["moves"]) == 1 and len(json.loads(reply.picture.save)["moves"]) == 2


def test_a_square_is_asked_when_pressed_and_refused_with_the_referees_reason(table: TableAtHost) -> None:
    assert table.done("check_play", parse("d3")).outcome == "done"
    refused = table.refused("check_play", parse("a1"))
    assert refused.answer.text.upper().startswith("A1 TURNS NO DISC OVER")
    assert "may not pass" in table.refused("check_play", None).answer.text


def test_an_answer_leaves_out_the_save_and_listing_as_in_the_last_answer(table: TableAtHost) -> None:
    first = table.done("play", parse("d3")).picture
    asked = table.refused("check_play", parse("a1")).picture  # nothing changed: nothing sent again
    assert asked.same == {"save", "listing"} and asked.save is None and asked.listing == ()
    again = table.done("undo").picture  # the game changed: its save comes
    assert "save" not in again.same and again.save != first.save and json.loads(again.save) == saved(table)
