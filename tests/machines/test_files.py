"""``machines.files``: every hostile kind of file refused with its name and why, the limit exact,
writes never through a link and never losing the previous version."""

from __future__ import annotations

from pathlib import Path

import pytest

from machines.files import FileRefused, backup_of, files_in, read_file, read_head, write_file
from tests.machines.file_kinds import ACCEPTED, KINDS, outside_files, plant, unreadable_is_readable

GOOD = b"10 PRINT 1\r\n"
LIMIT = 4096


def refused_kinds() -> list[str]:
    return [k for k in KINDS if not (k == "unreadable" and unreadable_is_readable())]


@pytest.mark.parametrize("kind", refused_kinds())
def test_each_hostile_kind_is_refused_naming_the_file(tmp_path: Path, kind: str) -> None:
    folder, outside = tmp_path / "disc", tmp_path / "outside"
    path = folder / "MINE.BAS"
    plant(kind, path, outside, GOOD)
    with pytest.raises(OSError) as refused:
        read_file(path, LIMIT, folder=folder)
    assert "MINE.BAS" in str(refused.value)


@pytest.mark.parametrize("kind", ACCEPTED)
def test_a_file_and_a_link_inside_the_folder_are_read(tmp_path: Path, kind: str) -> None:
    folder = tmp_path / "disc"
    plant(kind, folder / "MINE.BAS", tmp_path / "outside", GOOD)
    assert read_file(folder / "MINE.BAS", LIMIT, folder=folder) == GOOD


def test_without_a_folder_a_link_is_followed_but_never_to_a_device_or_a_pipe(tmp_path: Path) -> None:
    """``arcade match`` reads a path the player names: a link anywhere, but only to a regular file."""
    for kind in ("link_out", "dev_zero", "link_to_fifo", "fifo", "huge_sparse"):
        path = tmp_path / kind / "x.bas"
        plant(kind, path, tmp_path / "outside", GOOD)
        if kind == "link_out":
            assert read_file(path, LIMIT) == GOOD
        else:
            with pytest.raises(FileRefused):
                read_file(path, LIMIT)


@pytest.mark.parametrize("extra", [-1, 0, 1, 2, LIMIT])
def test_the_limit_is_exact(tmp_path: Path, extra: int) -> None:
    path = tmp_path / "card.txt"
    path.write_bytes(b"x" * (LIMIT + extra))
    if extra <= 0:
        assert len(read_file(path, LIMIT)) == LIMIT + extra
    else:
        with pytest.raises(FileRefused, match=f"{LIMIT + extra:,} bytes"):
            read_file(path, LIMIT)


def test_files_in_lists_regular_files_and_links_inside_only(tmp_path: Path) -> None:
    folder, outside = tmp_path / "cards", tmp_path / "outside"
    for kind in (*KINDS, *ACCEPTED):
        plant(kind, folder / f"{kind}.txt", outside, b"# card\n")
    listed = {p.name for p in files_in(folder, (".txt",))}
    expected = {"regular.txt", "link_in.txt", "real-link_in.txt", "huge_sparse.txt", "unreadable.txt"}
    assert listed == expected  # the too-long and the unreadable are listed: reading them says why
    assert {p.name for p in files_in(folder, (".bas",))} == set()
    assert files_in(tmp_path / "missing") == []


@pytest.mark.parametrize("planted", ["MINE.BAS", "MINE.BAS.$$$", "MINE.tmp", "MINE.BAK"])
def test_a_write_never_goes_through_a_planted_link(tmp_path: Path, planted: str) -> None:
    folder, outside = tmp_path / "disc", tmp_path / "outside"
    folder.mkdir()
    outside.mkdir()
    victim = outside / "victim"
    victim.write_bytes(b"precious")
    (folder / planted).symlink_to(victim)
    if planted != "MINE.BAS":
        (folder / "MINE.BAS").write_bytes(b"10 REM old\r\n")
    before = outside_files(outside)
    write_file(folder / "MINE.BAS", GOOD, folder=folder)
    assert outside_files(outside) == before
    assert (folder / "MINE.BAS").read_bytes() == GOOD and not (folder / "MINE.BAS").is_symlink()


def test_the_previous_version_is_kept_and_replaced_by_the_next(tmp_path: Path) -> None:
    path = tmp_path / "OTHELLO.BAS"
    assert write_file(path, b"one") is None
    assert write_file(path, b"two") == backup_of(path) == tmp_path / "OTHELLO.BAK"
    assert write_file(path, b"three") == tmp_path / "OTHELLO.BAK"
    assert path.read_bytes() == b"three" and (tmp_path / "OTHELLO.BAK").read_bytes() == b"two"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["OTHELLO.BAK", "OTHELLO.BAS"]
    assert write_file(tmp_path / "card.txt", b"a", backup=".bak") is None
    write_file(tmp_path / "card.txt", b"b", backup=".bak")
    assert (tmp_path / "card.bak").read_bytes() == b"a"
    write_file(tmp_path / "page.txt", b"a", backup=None)
    assert write_file(tmp_path / "page.txt", b"b", backup=None) is None and not (tmp_path / "page.bak").exists()


@pytest.mark.parametrize("kind", ["fifo", "directory"])
def test_a_pipe_or_a_folder_under_the_name_is_not_written_over(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "MINE.BAS"
    plant(kind, path, tmp_path / "outside", GOOD)
    with pytest.raises(FileRefused, match="MINE.BAS"):
        write_file(path, GOOD)
    assert [p.name for p in tmp_path.iterdir() if p.name != "outside"] == ["MINE.BAS"]  # no scratch file left


def test_a_write_out_of_its_folder_is_refused(tmp_path: Path) -> None:
    (tmp_path / "disc").mkdir()
    with pytest.raises(FileRefused):
        write_file(tmp_path / "elsewhere.BAS", GOOD, folder=tmp_path / "disc")
    assert not (tmp_path / "elsewhere.BAS").exists()


@pytest.mark.parametrize("kind", [k for k in refused_kinds() if k != "huge_sparse"])
def test_the_head_of_a_file_is_refused_as_the_whole_file_is(tmp_path: Path, kind: str) -> None:
    folder = tmp_path / "cards"
    plant(kind, folder / "card.txt", tmp_path / "outside", GOOD)
    with pytest.raises(OSError):
        read_head(folder / "card.txt", 4, folder=folder)


def test_the_head_of_a_long_file_is_its_first_bytes(tmp_path: Path) -> None:
    plant("huge_sparse", tmp_path / "card.txt", tmp_path / "outside", GOOD)
    assert read_head(tmp_path / "card.txt", 4, folder=tmp_path) == GOOD[:4]
    assert read_head(tmp_path / "card.txt", 0, folder=tmp_path) == b""


def test_files_of_any_name_are_written_kept_listed_and_read_back(tmp_path: Path) -> None:
    """Generated hostile names (markup, control characters, bytes that are not UTF-8, 240 bytes)."""
    names_written_kept_and_read(tmp_path, 45, seed=7)


@pytest.mark.soak
def test_soak_files_of_any_name(tmp_path: Path) -> None:
    names_written_kept_and_read(tmp_path, 1000, seed=700)


def names_written_kept_and_read(tmp_path: Path, count: int, seed: int) -> None:
    from tests.arcade.hostile_names import hostile_names

    names = hostile_names(count, seed=seed)
    for i, name in enumerate(names):
        path = tmp_path / f"{name}.BAS"
        write_file(path, b"first %d" % i, folder=tmp_path)
        assert write_file(path, b"second %d" % i, folder=tmp_path) == backup_of(path)
        assert read_file(path, LIMIT, folder=tmp_path) == b"second %d" % i
        assert read_file(backup_of(path), LIMIT, folder=tmp_path) == b"first %d" % i
    assert {p.name for p in files_in(tmp_path, (".bas",))} == {f"{name}.BAS" for name in names}
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
