"""The command line: `arcade match` dispatches to the headless match."""

from __future__ import annotations

import re

import pytest

from arcade.__main__ import main


def test_arcade_match_prints_a_results_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "--games", "1"]) == 0
    out = capsys.readouterr().out
    header, first = out.splitlines()[:2]
    assert header.split() == ["game", "black", "white", "score", "winner"]
    score = re.search(r"\s(\d+)-(\d+)\s", first)
    assert score is not None, first
    black, white = int(score[1]), int(score[2])
    assert 0 < black + white <= 64 and "wins" in out


def test_help_lists_the_games_and_the_match(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    assert "hp67-othello" in out and "lazard-othello" in out and "arcade match" in out
