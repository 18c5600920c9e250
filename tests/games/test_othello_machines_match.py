"""The real match: Verniajou's HP-67 program against Lazard's BASIC program on the CPC, headless.

Both run unmodified on their emulators; ``games/othello/match.py`` types each one's move
into the other.  A whole HP-67 game is some 860,000 calculator steps and a CPC game some
130,000 BASIC statements; on this project's machine a game takes about a second
(``python -m arcade.shell.match_cli --games 2`` prints the time it takes).
"""

from __future__ import annotations

import re

import pytest

from arcade.shell import match_cli
from games.hp67_othello.driver import HP67OthelloDriver
from games.lazard_othello import LazardOthelloDriver, decode_board
from games.othello.driver import MoveRecord
from games.othello.match import MatchGame
from games.othello.referee import Disc, Position, parse


@pytest.mark.parametrize("hp67_colour", [Disc.BLACK, Disc.WHITE])
def test_a_whole_game_hp67_against_lazard_is_refereed_on_both_machines(hp67_colour: Disc) -> None:
    hp67, cpc = HP67OthelloDriver(), LazardOthelloDriver()
    black, white = (hp67, cpc) if hp67_colour is Disc.BLACK else (cpc, hp67)
    game = MatchGame(black=black, white=white)
    game.start()
    referee = Position.initial()
    turns: list[MoveRecord] = []

    def observer(g: MatchGame, record: MoveRecord) -> None:
        nonlocal referee
        mover = hp67 if record.player is hp67_colour else cpc
        assert record.by_machine and mover.history[-1] is record
        referee = referee.play(record.square)  # an independent referee, move by move
        assert g.position == referee == hp67.position == cpc.position
        # each machine's own board, read from its memory, is the referee's
        assert hp67.decode_board().rows() == referee.rows()
        assert decode_board(list(cpc.machine.array("B")), referee.to_move).rows() == referee.rows()
        # the other program was told the move as a human's, in its own notation
        other = cpc if mover is hp67 else hp67
        assert other.history[-1].square == record.square and not other.history[-1].by_machine
        turns.append(record)

    final = game.play_to_end(observer)
    assert final.is_over and turns == game.moves
    assert {r.player for r in turns} == {Disc.BLACK, Disc.WHITE}
    black_discs, white_discs = final.score()
    hp67_discs, cpc_discs = (black_discs, white_discs) if hp67_colour is Disc.BLACK else (white_discs, black_discs)
    # the BASIC program's own verdict, where it speaks of the HP-67 as "vous"
    assert f"Fin de partie.  Vous: {hp67_discs}  Moi: {cpc_discs}" in cpc.machine.transcript
    assert cpc.finished


def table_scores(out: str) -> list[tuple[str, str, int, int]]:
    rows = []
    for line in out.splitlines():
        m = re.match(r"^\s+(\d+)\s{2}(.+?)\s{2,}(.+?)\s{2,}(\d+)-(\d+)\s", line)
        if m:
            rows.append((m.group(2).strip(), m.group(3).strip(), int(m.group(4)), int(m.group(5))))
    return rows


def test_match_cli_two_games_prints_the_results_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert match_cli.main(["--games", "2"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].split() == ["game", "black", "white", "score", "winner"]
    games = table_scores(out)
    assert [(b, w) for b, w, _, _ in games] == [
        (match_cli.HP67_LABEL, match_cli.CPC_LABEL),
        (match_cli.CPC_LABEL, match_cli.HP67_LABEL),
    ]
    for label in (match_cli.HP67_LABEL, match_cli.CPC_LABEL):
        total = sum(bd if b == label else wd for b, _, bd, wd in games)
        wins = sum((bd > wd) if b == label else (wd > bd) for b, _, bd, wd in games)
        assert any(line.split() == [*label.split(), "wins", str(wins), "discs", str(total)] for line in lines)


def test_match_cli_verbose_moves_replay_to_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert match_cli.main(["--games", "2", "--verbose", "--first", "cpc"]) == 0
    out = capsys.readouterr().out
    positions: dict[int, Position] = {}
    for m in re.finditer(r"^game\s+(\d+) turn\s+(\d+)\s+([XO]) (black|white)\s+(.+?)\s{2,}(\S+)\s+\((.*)\)$", out, re.M):
        number = int(m.group(1))
        pos = positions.setdefault(number, Position.initial())
        assert m.group(4) == ("black" if pos.to_move is Disc.BLACK else "white")
        positions[number] = pos.play(parse(m.group(6)))
    games = table_scores(out)
    assert len(games) == 2 and games[0][0] == match_cli.CPC_LABEL
    assert [positions[n].score() for n in (1, 2)] == [(bd, wd) for _, _, bd, wd in games]
    assert all(p.is_over for p in positions.values())


def test_match_cli_refuses_no_games(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        match_cli.main(["--games", "0"])
    assert exit_.value.code == 2
    assert "--games must be at least 1" in capsys.readouterr().err
