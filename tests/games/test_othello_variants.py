"""The change measured: openings, colour swap, broken variants, the totals and the CLI.

Seeded and headless: a CPC game takes a fraction of a second, so short real series
are played (Lazard's program and variants of it), never a fake driver.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from arcade.shell import match_cli
from games.lazard_othello.driver import LISTING
from games.othello.contenders import LAZARD_LABEL, VariantUnreadable, contender
from games.othello.measure import Contender, MeasuredGame, play_series, summary_lines, tally, wilson
from games.othello.openings import _MAPS, _mapped, canonical, random_openings
from games.othello.referee import Disc, Position

ROOT = Path(__file__).resolve().parents[2]
BETONNER = ROOT / "games" / "lazard_othello" / "variants" / "betonner.bas"
HP67_LISTING = (ROOT / "games" / "hp67_othello" / "othello.txt").read_text(encoding="utf-8")
LAST_LINE = re.compile(r"^(.+) scores (\d+\.\d)% \(95% CI (\d+\.\d)-(\d+\.\d)\) over (\d+) games?$")


def variant(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def lazard_variant(tmp_path: Path, name: str, old: str, new: str) -> Path:
    assert old in LISTING
    return variant(tmp_path, name, LISTING.replace(old, new))


# -- openings ---------------------------------------------------------------------------


def test_openings_are_distinct_even_turned_or_mirrored_and_follow_from_their_moves() -> None:
    openings = random_openings(60, seed=11, plies=6)
    keys = [canonical(o.position) for o in openings]
    assert len(set(keys)) == 60
    for opening in openings:
        position = Position.initial()
        for move in opening.moves:
            position = position.play(move)
        assert position == opening.position and len(opening.moves) == 6
        assert not position.is_over and position.legal_mask()


def test_canonical_is_the_same_for_the_eight_images_of_a_position() -> None:
    position = random_openings(1, seed=3, plies=9)[0].position
    images = {canonical(Position(_mapped(position.black, m), _mapped(position.white, m), position.to_move)) for m in _MAPS}
    assert images == {canonical(position)}
    assert len({(_mapped(position.black, m), _mapped(position.white, m)) for m in _MAPS}) > 1


def test_the_same_seed_gives_the_same_openings_another_seed_others() -> None:
    same = [o.moves for o in random_openings(8, seed=5)]
    assert same == [o.moves for o in random_openings(8, seed=5)]
    assert same != [o.moves for o in random_openings(8, seed=6)]


def test_too_many_openings_for_so_few_moves_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="only 3 distinct openings of 2 moves"):
        random_openings(4, seed=0, plies=2, tries=2000)


# -- the series ---------------------------------------------------------------------------


def recording(c: Contender, seen: list[tuple[str, Position, Disc]]) -> Contender:
    """The same contender, noting every position it is set to and its colour."""

    def set_position(driver, position, color):  # type: ignore[no-untyped-def]
        seen.append((c.label, position, color))
        return c.set_position(driver, position, color)

    return Contender(c.label, c.make, set_position)


def test_each_opening_is_set_identically_for_both_programs_and_played_with_colours_swapped() -> None:
    seen: list[tuple[str, Position, Disc]] = []
    a = recording(contender(str(BETONNER)), seen)
    b = recording(contender("lazard"), seen)
    openings = random_openings(3, seed=2)
    games = play_series(a, b, openings)
    assert [g.number for g in games] == [1, 2, 3, 4, 5, 6]
    assert [g.opening for g in games] == [1, 1, 2, 2, 3, 3]
    assert [(g.black, g.white) for g in games] == [("betonner.bas", LAZARD_LABEL), (LAZARD_LABEL, "betonner.bas")] * 3
    assert [g.a_color for g in games] == [Disc.BLACK, Disc.WHITE] * 3
    assert len(seen) == 12
    for n, game in enumerate(games):
        pair = seen[2 * n: 2 * n + 2]
        assert [p for _, p, _ in pair] == [openings[game.opening - 1].position] * 2
        assert {(label, color) for label, _, color in pair} == {(game.black, Disc.BLACK), (game.white, Disc.WHITE)}
    for game in games:  # played out: the board is full or neither side can move
        assert game.forfeit is None and game.reason == ""
        assert 0 < game.turns <= 2 * 54 and game.black_discs + game.white_discs <= 64


@pytest.mark.parametrize(
    ("what", "old", "new", "said"),
    [
        # plays the best-valued empty square whether it takes anything or not
        ("illegal", "540 GOSUB 1000:IF N=0 THEN 560", "540 GOSUB 1000", "played an illegal move"),
        # reads a cell off the board array once a few discs are down
        ("error", "560 NEXT", "560 NEXT:IF C>8 THEN Q=B(S*10)", "Subscript out of range in 560"),
        # thinks for ever once the game is under way
        ("runaway", "570 IF W>0 THEN 600", "570 IF C>9 THEN 570 ELSE IF W>0 THEN 600", "did not move in"),
    ],
)
def test_a_broken_variant_loses_its_games_by_name_and_the_series_completes(
    tmp_path: Path, what: str, old: str, new: str, said: str
) -> None:
    path = lazard_variant(tmp_path, f"{what}.bas", old, new)
    games = play_series(contender(str(path)), contender("lazard"), random_openings(2, seed=4))
    assert len(games) == 4
    for game in games:
        assert game.forfeit is game.a_color and game.a_score == 0.0
        assert said in game.reason  # on its move, or its first move from the start (to reach Colonne?)
        assert "on its move" in game.reason or (game.a_color is Disc.BLACK and "setting up" in game.reason)
        assert f"forfeit: {path.name} loses" in game.line()
    t = tally(games)
    assert (t.wins, t.draws, t.losses, t.forfeits_a, t.forfeits_b) == (0, 0, 4, 4, 0)
    assert summary_lines(path.name, LAZARD_LABEL, games)[-1] == f"{path.name} scores 0.0% (95% CI 0.0-49.0) over 4 games"


def test_a_broken_hp67_variant_is_reported_by_name(tmp_path: Path) -> None:
    # step 002 "1" becomes "GTO A": the search loops on LBL A for ever
    text = HP67_LISTING.replace("002  1         01", "002  GTO A     22 11")
    assert text != HP67_LISTING
    path = variant(tmp_path, "loop.txt", text)
    games = play_series(contender("lazard"), contender(str(path)), random_openings(1, seed=9))
    assert [g.forfeit for g in games] == [Disc.WHITE, Disc.BLACK]  # the HP-67 variant, both colours
    assert all("ran 200,000 steps search" in g.reason and g.a_score == 1.0 for g in games)


def test_a_variant_the_cpc_will_not_run_loses_at_set_up(tmp_path: Path) -> None:
    path = lazard_variant(tmp_path, "typo.bas", "290 M=3-H", "290 M=3-H+")
    games = play_series(contender(str(path)), contender("lazard"), random_openings(1, seed=1))
    assert all(g.forfeit is g.a_color and "setting up the opening" in g.reason for g in games)


def test_unreadable_variants_are_refused_with_their_name(tmp_path: Path) -> None:
    with pytest.raises(VariantUnreadable, match="nowhere.bas"):
        contender(str(tmp_path / "nowhere.bas"))
    with pytest.raises(VariantUnreadable, match="not hp67, lazard"):
        contender(str(variant(tmp_path, "prog.py", "print(1)")))
    bad = variant(tmp_path, "bad.txt", HP67_LISTING.replace("002  1         01", "002  FOO       01"))
    with pytest.raises(VariantUnreadable, match="bad.txt"):
        contender(str(bad))


# -- the totals ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("score", "n", "lo", "hi"),
    [(5, 10, 0.2366, 0.7634), (0, 10, 0.0, 0.2775), (10, 10, 0.7225, 1.0), (15, 20, 0.5313, 0.8881), (1, 1, 0.2065, 1.0)],
)
def test_wilson_interval_on_known_counts(score: float, n: int, lo: float, hi: float) -> None:
    got = wilson(score, n)
    assert got == pytest.approx((lo, hi), abs=5e-5)


def game(number: int, a_color: Disc, black: int, white: int, forfeit: Disc | None = None) -> MeasuredGame:
    a, b = ("A", "B") if a_color is Disc.BLACK else ("B", "A")
    return MeasuredGame(number, (number + 1) // 2, "d3", a, b, a_color, black, white, 60, forfeit, "why")


def test_tally_and_summary_on_known_games() -> None:
    games = [
        game(1, Disc.BLACK, 40, 24),  # A wins by 16
        game(2, Disc.WHITE, 40, 24),  # A loses by 16
        game(3, Disc.BLACK, 32, 32),  # draw
        game(4, Disc.WHITE, 10, 50),  # A wins by 40
        game(5, Disc.BLACK, 30, 20, forfeit=Disc.WHITE),  # B forfeits: A wins, no disc difference
    ]
    t = tally(games)
    assert (t.wins, t.draws, t.losses, t.forfeits_a, t.forfeits_b) == (3, 1, 1, 0, 1)
    assert t.disc_differences == (16, -16, 0, 40) and t.mean_disc_difference == 10.0
    lines = summary_lines("A", "B", games)
    lo, hi = wilson(3.5, 5)
    assert lines[0] == "A against B: 3 wins, 1 draw, 1 loss"
    assert lines[1].startswith("mean disc difference +10.0 ")
    assert "Wilson" in lines[-2]
    assert lines[-1] == f"A scores 70.0% (95% CI {100 * lo:.1f}-{100 * hi:.1f}) over 5 games"


# -- the command line ------------------------------------------------------------------------


def test_cli_measures_a_variant_and_ends_with_the_score_line(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["othello", "--black", str(BETONNER), "--white", "lazard", "--openings", "2", "--seed", "7"]
    assert match_cli.main(argv) == 0
    out = capsys.readouterr().out.strip().splitlines()
    game_lines = [line for line in out if line.startswith("game ")]
    assert len(game_lines) == 4
    m = LAST_LINE.match(out[-1])
    assert m and m.group(1) == "betonner.bas" and m.group(5) == "4"
    wins = sum(line.endswith("betonner.bas wins") for line in game_lines)
    draws = sum(line.endswith("draw") for line in game_lines)
    assert float(m.group(2)) == pytest.approx(100 * (wins + draws / 2) / 4, abs=0.05)
    assert float(m.group(3)) <= float(m.group(2)) <= float(m.group(4))
    assert f"betonner.bas against CPC Lazard: {wins} win" in "\n".join(out)
    # the same seed, the same games
    assert match_cli.main(argv) == 0
    assert capsys.readouterr().out.strip().splitlines() == out


def test_cli_refuses_an_unreadable_variant_without_a_traceback(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as stop:
        match_cli.main(["othello", "--black", str(tmp_path / "missing.bas"), "--white", "lazard"])
    assert stop.value.code == 2
    assert "missing.bas" in capsys.readouterr().err


def test_cli_names_the_same_program_on_both_sides_apart(capsys: pytest.CaptureFixture[str]) -> None:
    assert match_cli.main(["othello", "--black", "lazard", "--white", "cpc", "--openings", "1", "--seed", "3"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert LAST_LINE.match(out[-1]).group(1) == f"A {LAZARD_LABEL}"  # type: ignore[union-attr]
    assert "O B CPC Lazard" in out[1]


def test_plain_match_othello_without_the_new_options_is_the_old_match(capsys: pytest.CaptureFixture[str]) -> None:
    assert match_cli.main(["othello", "--games", "1"]) == 0
    out = capsys.readouterr().out
    assert "wins" in out and "scores" not in out and "draws" in out


# -- the shipped variants ----------------------------------------------------------------------


def data_rows(text: str) -> dict[int, list[int]]:
    rows = {}
    for line in text.splitlines():
        number, _, body = line.partition(" ")
        if 150 <= int(number) <= 220:
            rows[(int(number) - 150) // 10 + 1] = [int(v) for v in body.removeprefix("DATA ").split(",")]
    return rows


def code_lines(text: str) -> dict[int, str]:
    """Every line but REMs and the value table."""
    lines = {}
    for line in text.splitlines():
        number, _, body = line.partition(" ")
        if not body.startswith("REM") and not 150 <= int(number) <= 220:
            lines[int(number)] = body
    return lines


@pytest.mark.parametrize(
    ("file", "raised"),
    [("betonner.bas", lambda r, c: r <= 2 or c <= 2), ("betonner_anneau.bas", lambda r, c: r in (1, 2, 7, 8) or c in (1, 2, 7, 8))],
)
def test_the_betonner_variants_add_5_to_their_squares_and_change_nothing_else(file: str, raised) -> None:  # type: ignore[no-untyped-def]
    text = (BETONNER.parent / file).read_text(encoding="ascii")
    original, changed = data_rows(LISTING), data_rows(text)
    for r in range(1, 9):
        for c in range(1, 9):
            assert changed[r][c - 1] - original[r][c - 1] == (5 if raised(r, c) else 0), (r, c)
    assert code_lines(text) == code_lines(LISTING)
    from machines.cpc import CPC

    assert CPC().load_basic(text) == []
