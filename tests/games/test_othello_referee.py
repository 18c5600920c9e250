"""The shared Othello referee: published perft counts, flips, passes, the end."""

from __future__ import annotations

import random

import pytest

from games.othello.referee import Disc, IllegalMove, Position, name, parse, perft

PERFT = [4, 12, 56, 244, 1396, 8200, 55092, 390216]


@pytest.mark.parametrize("depth", range(1, 9))
def test_perft_matches_published_counts(depth: int) -> None:
    assert perft(Position.initial(), depth) == PERFT[depth - 1]


def test_opening_moves_and_first_flip() -> None:
    start = Position.initial()
    assert sorted(name(s) for s in start.legal_moves()) == ["c4", "d3", "e6", "f5"]
    after = start.play(parse("d3"))
    assert after.rows()[2:5] == ["...X....", "...XX...", "...XO..."]
    assert after.to_move is Disc.WHITE
    assert after.score() == (4, 1)


def test_illegal_moves_say_why_and_change_nothing() -> None:
    start = Position.initial()
    with pytest.raises(IllegalMove, match="already taken"):
        start.play(parse("d4"))
    with pytest.raises(IllegalMove, match="turns no disc"):
        start.play(parse("a1"))
    with pytest.raises(IllegalMove, match="may not pass"):
        start.play(None)
    assert start == Position.initial()


def test_forced_pass_and_game_end() -> None:
    # White to move has nothing; black still has a move at c1 (outflanking b1).
    pos = Position.from_rows(["XO......", "........", "........", "........",
                              "........", "........", "........", "........"], Disc.WHITE)
    assert pos.must_pass and not pos.is_over
    after = pos.play(None)
    assert after.to_move is Disc.BLACK
    assert [name(s) for s in after.legal_moves()] == ["c1"]
    final = after.play(parse("c1"))
    assert final.is_over and final.winner() is Disc.BLACK and final.score() == (3, 0)


def test_random_games_keep_disc_count_consistent() -> None:
    rng = random.Random(7)
    for _ in range(50):
        pos, plies = Position.initial(), 0
        while not pos.is_over:
            moves = pos.legal_moves()
            before = pos.count(pos.to_move)
            mover = pos.to_move
            if moves:
                sq = rng.choice(moves)
                flipped = len(pos.flips(sq))
                pos = pos.play(sq)
                assert pos.count(mover) == before + flipped + 1
            else:
                pos = pos.play(None)
            plies += 1
            assert not (pos.black & pos.white)
        assert pos.empties == 0 or not pos.legal_moves() and not pos.legal_moves(pos.to_move.opponent)
        assert plies <= 60 + 60
