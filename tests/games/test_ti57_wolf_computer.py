"""The wolf-and-lambs computer players: the solved game, the levels, whole games on the TI-57.

The solver's table is checked against the referee's rules, never against itself:
a plain minimax (written here on ``WolfReferee``) agrees with it on every position
below forty mid-game positions; every position of the board it gives to the lambs
(a superset of the reachable ones) stays theirs whatever the wolf does and whatever
the perfect lambs pick -- so, every game being finite, they win from there; and
sampled positions it gives to the wolf really are the wolf's.  Then whole games are
played through the driver's keys.
"""

from __future__ import annotations

import random
import pytest

from games.ti57_wolf.computer import (
    LAMB_LEVELS,
    WOLF_LEVELS,
    LambsComputer,
    RandomLambs,
    RandomWolf,
    WolfComputer,
    decode,
    encode,
    lambs_player,
    solution,
    wolf_player,
)
from games.ti57_wolf.match import play_game, play_series, totals
from games.ti57_wolf.referee import START, Board, Side, WolfReferee, result_of

State = tuple[Board, Side]
DARK = [(c, r) for r in range(1, 9) for c in range(1, 9) if (c + r) % 2 == 0]
DARK_SET = set(DARK)


def lambs_win(board: Board, to_move: Side) -> bool:
    return solution().lambs_win_board(board, to_move)


def other(side: Side) -> Side:
    return Side.LAMBS if side is Side.WOLF else Side.WOLF


def children(board: Board, to_move: Side) -> list[Board]:
    """The positions one legal move away, by the referee."""
    ref = WolfReferee(board, to_move)
    if to_move is Side.WOLF:
        return [ref.wolf_move(key).board for key in ref.legal_wolf_moves()]
    return [ref.lamb_move(k, key).board for k, key in ref.legal_lamb_moves()]


def canonical(board: Board) -> Board:
    """Lambs are interchangeable: one board per set of squares."""
    return Board(board.wolf, tuple(sorted(board.lambs)))  # type: ignore[arg-type]


def after_lamb_move(board: Board, move: tuple[int, int]) -> Board:
    return WolfReferee(board, Side.LAMBS).lamb_move(*move).board


# The referee is thorough and slow (a move checks the whole game first); the exhaustive
# checks use these few lines of the article's rules instead, themselves checked
# against the referee on thousands of positions below.


def on(square: tuple[int, int]) -> bool:
    return 1 <= square[0] <= 8 and 1 <= square[1] <= 8


def quick_children(board: Board, to_move: Side) -> list[Board]:
    """Canonical boards one legal move away from a canonical board: the wolf goes one
    diagonal step any way, a lamb one diagonal step forward (row + 1), never onto a taken square."""
    wolf, lambs = board.wolf, board.lambs
    out = []
    if to_move is Side.WOLF:
        for dc in (-1, 1):
            for dr in (-1, 1):
                t = (wolf[0] + dc, wolf[1] + dr)
                if on(t) and t not in lambs:
                    out.append(Board(t, lambs))
    else:
        for i, (c, r) in enumerate(lambs):
            for dc in (-1, 1):
                t = (c + dc, r + 1)
                if on(t) and t != wolf and t not in lambs:
                    out.append(Board(wolf, tuple(sorted(lambs[:i] + (t,) + lambs[i + 1 :]))))  # type: ignore[arg-type]
    return out


def quick_winner(board: Board, to_move: Side) -> Side | None:
    """The article's ends: the wolf on row 1; all lambs on row 8; the side to move stuck loses."""
    if board.wolf[1] == 1:
        return Side.WOLF
    if all(r == 8 for _, r in board.lambs):
        return Side.LAMBS
    if not quick_children(board, to_move):
        return other(to_move)
    return None


# ------------------------------------------------------------------ the table


def test_the_lambs_win_the_articles_game_with_either_side_first() -> None:
    assert lambs_win(START, Side.WOLF) and lambs_win(START, Side.LAMBS)


def test_encode_and_decode_are_inverse() -> None:
    board = Board((4, 8), ((7, 1), (1, 1), (5, 3), (3, 1)))
    assert canonical(decode(*encode(board))) == canonical(board)


def random_position(seed: int, plies: int) -> State:
    rng = random.Random(seed)
    ref = WolfReferee(START, rng.choice([Side.WOLF, Side.LAMBS]))
    for _ in range(plies):
        if ref.result() is not None:
            break
        if ref.to_move is Side.WOLF:
            ref = ref.wolf_move(rng.choice(ref.legal_wolf_moves()))
        else:
            ref = ref.lamb_move(*rng.choice(ref.legal_lamb_moves()))
    return ref.board, ref.to_move


def test_the_quick_rules_are_the_referees() -> None:
    rng = random.Random(2)
    for seed in range(1500):
        board, to_move = random_position(seed, plies=rng.randrange(60))
        board = canonical(board)
        done = result_of(board, to_move)
        assert quick_winner(board, to_move) == (done.winner if done else None), board
        if done is None:
            assert sorted(quick_children(board, to_move), key=repr) == sorted(map(canonical, children(board, to_move)), key=repr)


def test_the_table_agrees_with_a_plain_minimax_on_whole_subtrees() -> None:
    """Every position below a few late positions (won or lost: tens of thousands), solved again from the rules."""
    memo: dict[State, Side] = {}

    def minimax(board: Board, to_move: Side) -> Side:
        key = (board, to_move)
        if key not in memo:
            winner = quick_winner(board, to_move)
            if winner is None:
                outcomes = {minimax(b, other(to_move)) for b in quick_children(board, to_move)}
                winner = to_move if to_move in outcomes else other(to_move)
            memo[key] = winner
        return memo[key]

    for seed in range(8):
        board, to_move = random_position(seed, plies=30 + 2 * seed)
        minimax(canonical(board), to_move)
    for (board, to_move), winner in memo.items():
        assert lambs_win(board, to_move) == (winner is Side.LAMBS), (board, to_move)
    assert len(memo) > 5_000 and set(memo.values()) == {Side.WOLF, Side.LAMBS}


def claimed_for_the_lambs() -> list[State]:
    """Every placement of the board (four lambs and the wolf on distinct dark squares) the
    table gives to the lambs, read from its masks -- a superset of the reachable ones."""
    table = solution()
    some_lambs = encode(START)[0]
    wolf_squares = [decode(some_lambs, wolf).wolf for wolf in range(64)]  # the wolf's bit: its square, whatever the lambs
    out = []
    for to_move, masks in ((Side.WOLF, table.wolf_to_move), (Side.LAMBS, table.lambs_to_move)):
        for lambs, wolves in masks.items():
            if wolves:
                herd = canonical(decode(lambs, 0)).lambs  # the lambs' squares: their mask's, whatever the wolf
                out.extend((Board(wolf_squares[wolf], herd), to_move) for wolf in range(64) if wolves >> wolf & 1)
    return out


@pytest.mark.parametrize("stride", [pytest.param(1, marks=pytest.mark.soak, id="every"), pytest.param(23, id="one-in-23")])
def test_perfect_lambs_keep_every_position_they_have_not_lost(stride: int) -> None:
    """On every placement the table gives to the lambs (``-m soak``: exhaustive; the normal run:
    every 23rd, in the table's order, both sides to move): it is not a wolf win, every wolf move
    keeps it theirs, and the perfect lambs' moves (all those they may pick, and the one they
    pick) keep it theirs.  Games end, so from there the lambs win."""
    lambs = LambsComputer("perfect", seed=1)
    claimed = claimed_for_the_lambs()
    rng = random.Random(1)
    claimed_set = set(claimed)
    assert len(claimed_set) == len(claimed) > 100_000
    assert (START, Side.WOLF) in claimed_set and (START, Side.LAMBS) in claimed_set
    checked = claimed[::stride]
    assert {to_move for _, to_move in checked} == {Side.WOLF, Side.LAMBS}
    for board, to_move in checked:
        assert set(board.lambs) | {board.wolf} <= DARK_SET and board.wolf not in board.lambs
        winner = quick_winner(board, to_move)
        if winner is not None:
            assert winner is Side.LAMBS, (board, to_move)
        elif to_move is Side.WOLF:
            for after in quick_children(board, Side.WOLF):
                assert (after, Side.LAMBS) in claimed_set, (board, after)
        else:
            moves = lambs.winning_moves(board)
            assert moves, board
            if rng.random() < 0.1:  # the choice itself, with its tie-breaks (slower: it asks the referee first)
                assert lambs.choose(board) in moves, board
            for k, key in moves:
                c, r = board.lambs[k - 1]
                target = (c + (1 if key == 6 else -1), r + 1)
                assert on(target) and target != board.wolf and target not in board.lambs, (board, k, key)
                after = canonical(Board(board.wolf, board.lambs[: k - 1] + (target,) + board.lambs[k:]))  # type: ignore[arg-type]
                assert (after, Side.WOLF) in claimed_set, (board, k, key)


def test_sampled_positions_the_table_gives_the_wolf_are_the_wolfs() -> None:
    """The converse, on a sample: the wolf has a move that keeps the position out of the
    lambs' reach, and no lamb move brings it back -- so the perfect lambs miss no win."""
    rng = random.Random(5)
    checked = 0
    while checked < 5000:
        lambs = tuple(sorted(rng.sample(DARK, 4)))
        wolf = rng.choice([s for s in DARK if s not in lambs])
        board, to_move = Board(wolf, lambs), rng.choice([Side.WOLF, Side.LAMBS])  # type: ignore[arg-type]
        if lambs_win(board, to_move):
            continue
        winner = quick_winner(board, to_move)
        if winner is not None:
            assert winner is Side.WOLF
        elif to_move is Side.WOLF:
            assert any(not lambs_win(after, Side.LAMBS) for after in quick_children(board, Side.WOLF))
        else:
            assert all(not lambs_win(after, Side.WOLF) for after in quick_children(board, Side.LAMBS))
        checked += 1


# -------------------------------------------------------- whole games on the TI-57


class AdversarialWolf:
    """Makes the perfect lambs' life hardest: the move leaving them the fewest winning replies."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.judge = LambsComputer("perfect", seed)

    def choose(self, board: Board) -> int:
        ref = WolfReferee(board, Side.WOLF)
        scored = [(len(self.judge.winning_moves(ref.wolf_move(key).board)), key) for key in ref.legal_wolf_moves()]
        fewest = min(n for n, _ in scored)
        return self.rng.choice([key for n, key in scored if n == fewest])


@pytest.mark.parametrize("first", [Side.WOLF, Side.LAMBS])
@pytest.mark.parametrize(
    "make_wolf",
    [RandomWolf, lambda seed: WolfComputer("cunning", seed), lambda seed: WolfComputer("beginner", seed), AdversarialWolf],
    ids=["random", "cunning", "beginner", "adversarial"],
)
def test_perfect_lambs_win_every_game_through_the_keys(first: Side, make_wolf) -> None:  # type: ignore[no-untyped-def]
    keyed: list[tuple[str, ...]] = []
    results = play_series(make_wolf(11), LambsComputer("perfect", 12), 15, first, observer=lambda g, r: keyed.append(r.keys))
    assert all(r.winner is Side.LAMBS for r in results), [r.line() for r in results]
    # every move went in as a person keys it: SBR n for the wolf, k SBR p for a lamb
    assert keyed and all(k in (("SBR", "1"), ("SBR", "3"), ("SBR", "7"), ("SBR", "9")) or k[1:] in (("SBR", "4"), ("SBR", "6")) for k in keyed)


@pytest.mark.parametrize("seed", range(12))
def test_perfect_lambs_take_over_any_game_they_have_not_lost(seed: int) -> None:
    """Random lambs start, the perfect lambs take the seat at a still-won position, a
    cunning wolf plays throughout: the lambs win."""
    rng = random.Random(seed)

    class TakeOver:
        def __init__(self) -> None:
            self.random, self.perfect = RandomLambs(seed), LambsComputer("perfect", seed)
            self.handed_over = False

        def choose(self, board: Board) -> tuple[int, int]:
            if not self.handed_over and rng.random() < 0.25 and lambs_win(board, Side.LAMBS):
                self.handed_over = True
            if self.handed_over:
                return self.perfect.choose(board)
            move = self.random.choose(board)
            if not lambs_win(after_lamb_move(board, move), Side.WOLF) and self.perfect.winning_moves(board):
                move = self.perfect.choose(board)  # the random lambs keep the game won until the hand-over
            return move

    lambs = TakeOver()
    result = play_game(WolfComputer("cunning", seed), lambs, rng.choice([Side.WOLF, Side.LAMBS]))
    assert lambs.handed_over and result.winner is Side.LAMBS, result.line()


def test_the_cunning_wolf_beats_random_lambs_nine_times_in_ten() -> None:
    wolf_wins, _ = totals(play_series(WolfComputer("cunning", 3), RandomLambs(4), 200))
    assert wolf_wins >= 180, wolf_wins


def test_the_wolfs_levels_differ_against_good_lambs() -> None:
    cunning, _ = totals(play_series(WolfComputer("cunning", 5), LambsComputer("good", 6), 100))
    beginner, _ = totals(play_series(WolfComputer("beginner", 5), LambsComputer("good", 6), 100))
    assert cunning >= beginner + 15, (cunning, beginner)


def test_the_lambs_levels_differ_against_the_cunning_wolf() -> None:
    wins = {}
    for level in LAMB_LEVELS:
        _, wins[level] = totals(play_series(WolfComputer("cunning", 7), LambsComputer(level, 8), 60))
    assert wins["perfect"] == 60
    assert wins["perfect"] >= wins["good"] + 12 and wins["good"] >= wins["beginner"] + 12, wins


# ---------------------------------------------------------------------- the API


def test_levels_are_checked_and_a_finished_game_is_refused() -> None:
    with pytest.raises(ValueError):
        LambsComputer("expert")
    with pytest.raises(ValueError):
        WolfComputer("perfect")
    assert lambs_player("random").__class__ is RandomLambs and wolf_player("random").__class__ is RandomWolf
    assert lambs_player(None).level == "perfect" and wolf_player(None).level == "cunning"
    assert set(WOLF_LEVELS) == {"beginner", "cunning"}
    won = Board((3, 1), START.lambs)  # the wolf on row 1
    for player in (LambsComputer("perfect"), RandomLambs(0)):
        with pytest.raises(ValueError):
            player.choose(won)
    with pytest.raises(ValueError):
        WolfComputer("cunning").choose(won)


@pytest.mark.parametrize("seed", range(30))
def test_every_level_chooses_a_legal_move(seed: int) -> None:
    board, to_move = random_position(seed, plies=seed)
    if result_of(board, to_move) is not None:
        return
    ref = WolfReferee(board, to_move)
    if to_move is Side.WOLF:
        for wolf_level in WOLF_LEVELS:
            assert WolfComputer(wolf_level, seed).choose(board) in ref.legal_wolf_moves()
    else:
        for lamb_level in LAMB_LEVELS:
            assert LambsComputer(lamb_level, seed).choose(board) in ref.legal_lamb_moves()


def test_the_same_seed_replays_the_same_games() -> None:
    a = play_series(WolfComputer("cunning", 9), LambsComputer("good", 10), 6)
    b = play_series(WolfComputer("cunning", 9), LambsComputer("good", 10), 6)
    assert a == b


def test_positions_outside_the_table_get_a_beginners_move() -> None:
    """Purist play (referee off) can put the wolf off the dark squares' table: no crash."""
    stray = Board((5, 6), ((1, 1), (3, 1), (5, 1), (7, 1)))  # the wolf on a light square
    assert LambsComputer("perfect", 0).choose(stray) in WolfReferee(stray, Side.LAMBS).legal_lamb_moves()
    assert WolfComputer("cunning", 0).choose(stray) in WolfReferee(stray, Side.WOLF).legal_wolf_moves()
