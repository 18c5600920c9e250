"""`arcade match ti57-wolf` / `ti57-duel` run in-process: a line per game, the totals last."""

from __future__ import annotations

import re

import pytest

from arcade.__main__ import main


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> list[str]:
    assert main(["match", *argv]) == 0
    return capsys.readouterr().out.splitlines()


def test_perfect_lambs_beat_a_random_wolf_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    lines = run(["ti57-wolf", "--wolf", "random", "--lambs", "computer", "--games", "4", "--seed", "3"], capsys)
    assert len(lines) == 6 and all(re.match(r"game \d: (wolf|lambs) first, lambs win \(", line) for line in lines[:4])
    assert lines[-2:] == ["wolf wins 0", "lambs win 4"]


def test_the_wolf_totals_add_up_and_first_is_obeyed(capsys: pytest.CaptureFixture[str]) -> None:
    lines = run(["ti57-wolf", "--wolf", "computer", "--lambs", "random", "--first", "lambs", "--games", "5", "--seed", "1"], capsys)
    games, totals = lines[:-2], lines[-2:]
    assert len(games) == 5 and all(" lambs first, " in line for line in games)
    wolf = int(totals[0].removeprefix("wolf wins "))
    lambs = int(totals[1].removeprefix("lambs win "))
    assert wolf + lambs == 5 and wolf == sum("wolf wins" in line for line in games)


def test_the_same_seed_gives_the_same_games(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["ti57-wolf", "--wolf", "computer", "--wolf-level", "beginner", "--lambs", "computer", "--lambs-level", "good", "--games", "3", "--seed", "8"]
    assert run(argv, capsys) == run(argv, capsys)


def test_the_duel_prints_captures_and_draws(capsys: pytest.CaptureFixture[str]) -> None:
    lines = run(["ti57-duel", "--p1", "computer", "--p2", "random", "--games", "6", "--seed", "2"], capsys)
    games, totals = lines[:-3], lines[-3:]
    assert len(games) == 6 and all(re.fullmatch(r"game \d: (player [12] captures|draw) after \d+ moves", g) for g in games)
    one, two, draws = (int(t.rsplit(" ", 1)[1]) for t in totals)
    assert [t.rsplit(" ", 1)[0] for t in totals] == ["player 1 captures", "player 2 captures", "draws"]
    assert one + two + draws == 6
    assert one == sum("player 1 captures" in g for g in games) and draws == sum(": draw" in g for g in games)


def test_bad_arguments_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["ti57-wolf", "--wolf", "person"], ["ti57-duel", "--games", "0"], ["ti57-wolf", "--first", "sheep"]):
        with pytest.raises(SystemExit) as exit_:
            main(["match", *argv])
        assert exit_.value.code == 2
    assert "usage: arcade match" in capsys.readouterr().err


def test_arcade_match_othello_is_the_othello_match(capsys: pytest.CaptureFixture[str]) -> None:
    lines = run(["othello", "--games", "1"], capsys)
    assert lines[0].split() == ["game", "black", "white", "score", "winner"]
    assert any("wins" in line for line in lines)
