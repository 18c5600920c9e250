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


async def test_the_stall_probe_writes_its_figures_only_when_asked(tmp_path, monkeypatch) -> None:  # noqa: ANN001
    """bench/ui_latency.py's probe: off by default; with ARCADE_STALL_PROBE a JSON file of timer gaps."""
    import json

    from arcade.shell.app import ArcadeApp
    from arcade.shell.launcher import LauncherScreen
    from tests.arcade.helpers import wait_for_screen, wait_until

    monkeypatch.delenv("ARCADE_STALL_PROBE", raising=False)
    app = ArcadeApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_screen(pilot, LauncherScreen)  # started: the probe is decided on mount
        assert app.stall_probe is None
    target = tmp_path / "probe.json"
    monkeypatch.setenv("ARCADE_STALL_PROBE", str(target))
    app = ArcadeApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, target.exists, what="the probe's file")
        figures = json.loads(target.read_text(encoding="utf-8"))
        assert figures["ticks"] > 0 and figures["max_gap_ms"] >= figures["p99_gap_ms"] > 0
        assert 0 <= figures["over_50ms"] <= figures["ticks"]


def test_output_cut_short_by_its_reader_ends_quietly() -> None:
    """`arcade match ... | head`: when the reader closes the pipe, no traceback, a clean exit."""
    import subprocess
    import sys

    command = [sys.executable, "-m", "arcade", "match", "ti57-wolf", "--games", "20000", "--seed", "1"]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    proc.stdout.close()  # far more lines are still to come than a pipe holds
    errors = proc.stderr.read()
    proc.stderr.close()
    assert proc.wait(timeout=300) == 0
    assert first.startswith(b"game 1:")
    assert b"Traceback" not in errors and b"BrokenPipe" not in errors


@pytest.mark.parametrize("games", [2, 4])
def test_a_series_of_more_than_two_games_says_that_it_repeats_and_points_to_openings(
        games: int, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Before: ``--games 4`` played the same two games twice without a word.  (The games themselves are
    left out here: a series of real ones is the match's own test.)"""
    import arcade.shell.match_cli as match_cli

    played: list[int] = []
    monkeypatch.setattr(match_cli, "play_series", lambda first, second, n, observer: played.append(n) or [])
    monkeypatch.setattr(match_cli, "results_table", lambda results: "the table")
    assert main(["match", "--games", str(games)]) == 0
    out = capsys.readouterr().out
    assert played == [games] and out.rstrip().endswith("the table")
    if games == 2:
        assert "replay" not in out
    else:
        assert "games 3-4 replay games 1 and 2 move for move" in " ".join(out.split())
        assert "arcade match othello --black hp67 --white lazard --openings N" in out
        assert out.index("replay") < out.index("the table")  # said before the games, not after
