"""Every reader and writer of the player's files against every hostile kind of file (generated:
``tests/machines/file_kinds.py``): a refusal in words, never another exception, never a wait,
nothing read or written outside the arcade's folders, and the previous version of a file kept.

Readers: the HP-67 card reader and its variants, the TI-57 notebook and its variants, the CPC
disc (``LOAD``, ``CAT``) and Lazard's variants, ``arcade match``'s listings.  Writers: a card,
a notebook page, ``SAVE``, the game's own listing put on the disc."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from games.othello.contenders import VariantUnreadable as ContenderUnreadable
from games.othello.contenders import contender
from games.session import Refused
from games.workshop import hp67_variants, ti57_variants
from games.workshop import variants as cpc_variants
from games.workshop.cpc_room import CpcRoom, RoomView
from games.workshop.hp67_room import HP67Room
from games.workshop.ti57_room import TI57Room
from tests.machines.file_kinds import KINDS, finished, outside_files, plant, unreadable_is_readable

ROOT = Path(__file__).resolve().parents[2]
GOOD = {
    "hp67": (ROOT / "games/hp67_othello/othello.txt").read_bytes(),
    "ti57": (ROOT / "games/ti57_wolf/listing.txt").read_bytes(),
    "cpc": b"10 PRINT 1\r\n",
}
def hostile_kinds() -> list[str]:
    return [k for k in KINDS if not (k == "unreadable" and unreadable_is_readable())]


def settle(room: CpcRoom) -> RoomView:
    for _ in range(200):
        view = room.step(5000)
        if not room.busy:
            return view
    raise AssertionError("the CPC never came back to Ready")


@pytest.mark.parametrize("kind", hostile_kinds())
def test_the_hp67_card_reader_and_its_variants_refuse(tmp_path: Path, kind: str) -> None:
    cards, outside = tmp_path / "cards", tmp_path / "outside"
    plant(kind, cards / "MINE.txt", outside, GOOD["hp67"])
    before = outside_files(outside)
    room = HP67Room(cards)
    steps = len(room.machine.program.steps)
    assert finished(lambda: room.read_card("MINE")) is False
    assert "not read" in room.message and "MINE" in room.message
    assert len(room.machine.program.steps) == steps
    listed = finished(lambda: hp67_variants.variants(cards))
    for variant in listed:
        with pytest.raises(Refused, match="MINE"):
            finished(lambda: hp67_variants.read_program(variant))
    with pytest.raises(Refused, match="MINE"):
        finished(lambda: hp67_variants.read_program(hp67_variants.Variant("MINE", cards / "MINE.txt")))
    assert outside_files(outside) == before


@pytest.mark.parametrize("kind", hostile_kinds())
def test_the_ti57_notebook_and_its_variants_refuse(tmp_path: Path, kind: str) -> None:
    notebook, outside = tmp_path / "notebook", tmp_path / "outside"
    plant(kind, notebook / "MINE.txt", outside, GOOD["ti57"])
    before = outside_files(outside)
    room = TI57Room()
    assert finished(lambda: room.load_from_notebook(notebook, "MINE")) is False
    assert "not loaded" in room.message
    for variant in finished(lambda: ti57_variants.variants(notebook)):
        with pytest.raises(Refused, match="MINE"):
            finished(lambda: ti57_variants.read_program(variant))
    with pytest.raises(Refused, match="MINE"):
        finished(lambda: ti57_variants.read_program(ti57_variants.Variant("MINE", notebook / "MINE.txt")))
    assert outside_files(outside) == before


@pytest.mark.parametrize("kind", hostile_kinds())
def test_the_cpc_disc_and_lazards_variants_refuse(tmp_path: Path, kind: str) -> None:
    disc, outside = tmp_path / "disc", tmp_path / "outside"
    plant(kind, disc / "MINE.BAS", outside, GOOD["cpc"])
    before = outside_files(outside)
    room = CpcRoom(disc)
    room.feed("10 REM kept\r")
    settle(room)
    room.feed('LOAD "mine"\r')
    view = finished(lambda: settle(room))
    said = view.screen.text.split("LOAD")[-1]
    if kind == "huge_sparse":  # a regular file longer than any listing a CPC holds: the CPC's own error
        assert "Memory full" in said
    else:
        assert ("MINE.BAS" in said and "Unknown error" not in said) or "MINE.BAS" in view.notice
    assert room.listing() == "10 REM kept\n"
    room.feed("CAT\r")
    assert "K free" in finished(lambda: settle(room)).screen.text
    for variant in finished(lambda: cpc_variants.variants(disc)):
        with pytest.raises(Refused, match="MINE"):
            finished(lambda: cpc_variants.read_listing(variant))
    with pytest.raises(Refused, match="MINE"):
        finished(lambda: cpc_variants.read_listing(cpc_variants.Variant("MINE", disc / "MINE.BAS")))
    assert outside_files(outside) == before


@pytest.mark.parametrize("kind", [k for k in hostile_kinds() if k not in ("link_out", "dangling_link_out")])
@pytest.mark.parametrize("suffix", [".bas", ".txt"])
def test_a_match_listing_must_be_a_file_of_a_listings_size(tmp_path: Path, kind: str, suffix: str) -> None:
    """``arcade match`` takes any path the player names (a link anywhere included), but only a regular file."""
    path = tmp_path / "folder" / f"mine{suffix}"
    plant(kind, path, tmp_path / "outside", GOOD["cpc" if suffix == ".bas" else "hp67"])
    with pytest.raises(ContenderUnreadable, match="mine"):
        finished(lambda: contender(str(path)))


# -- writers ----------------------------------------------------------------------------------------


def planted_links(folder: Path, names: list[str], victim: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for name in names:
        (folder / name).symlink_to(victim)


@pytest.fixture
def victim(tmp_path: Path) -> Path:
    outside = tmp_path / "outside"
    outside.mkdir()
    path = outside / "precious"
    path.write_bytes(b"precious")
    return path


def temporary_names(stem: str, suffix: str) -> list[str]:
    """Names a writer could pick for its temporary file: the ones ours picked before, and neighbours."""
    return [f"{stem}{suffix}.$$$", f"{stem}.tmp", f"{stem}.$$$", f".{stem}.tmp", f"{stem}{suffix}.tmp",
            f"{stem}.bak", f"{stem}.BAK"]


def test_a_card_is_never_written_through_a_planted_link_and_the_old_card_is_kept(tmp_path: Path, victim: Path) -> None:
    cards = tmp_path / "cards"
    planted_links(cards, ["MINE.txt", *temporary_names("MINE", ".txt")], victim)
    room = HP67Room(cards)
    room.press("STO 1")  # something in program memory
    assert room.write_card("MINE"), room.message
    assert victim.read_bytes() == b"precious" and not (cards / "MINE.txt").is_symlink()
    first = (cards / "MINE.txt").read_bytes()
    room.press("STO 2")
    assert room.write_card("MINE") and "kept as MINE.bak" in room.message
    assert (cards / "MINE.bak").read_bytes() == first and victim.read_bytes() == b"precious"


def test_a_notebook_page_is_never_written_through_a_planted_link_and_the_old_page_is_kept(tmp_path: Path,
                                                                                          victim: Path) -> None:
    notebook = tmp_path / "notebook"
    planted_links(notebook, ["MINE.txt", *temporary_names("MINE", ".txt")], victim)
    room = TI57Room()
    assert room.save_to_notebook(notebook, "MINE") is not None, room.message
    assert victim.read_bytes() == b"precious" and not (notebook / "MINE.txt").is_symlink()
    first = (notebook / "MINE.txt").read_bytes()
    assert room.save_to_notebook(notebook, "MINE") is not None and "kept as MINE.bak" in room.message
    assert (notebook / "MINE.bak").read_bytes() == first and victim.read_bytes() == b"precious"
    assert [v.name for v in ti57_variants.variants(notebook)] == ["MINE"]


def test_save_never_writes_through_a_planted_link_and_keeps_the_old_file_as_bak(tmp_path: Path, victim: Path) -> None:
    disc = tmp_path / "disc"
    planted_links(disc, ["MINE.BAS", *temporary_names("MINE", ".BAS")], victim)
    room = CpcRoom(disc)
    room.feed('10 PRINT "first"\rSAVE "mine"\r')
    settle(room)
    assert victim.read_bytes() == b"precious" and not (disc / "MINE.BAS").is_symlink()
    assert (disc / "MINE.BAS").read_bytes() == b'10 PRINT "first"\r\n'
    room.feed('10 PRINT "second"\rSAVE "mine"\r')
    settle(room)
    assert (disc / "MINE.BAK").read_bytes() == b'10 PRINT "first"\r\n'
    assert (disc / "MINE.BAS").read_bytes() == b'10 PRINT "second"\r\n'
    original = (disc / "OTHELLO.BAS").read_bytes()
    room.feed('LOAD "othello"\r20 REM changed\rSAVE "othello"\r')
    settle(room)
    assert (disc / "OTHELLO.BAK").read_bytes() == original  # the game's own listing is never lost
    assert victim.read_bytes() == b"precious"


@pytest.mark.parametrize("kind", ["fifo", "directory"])
def test_save_over_a_pipe_or_a_folder_says_so_and_changes_nothing(tmp_path: Path, kind: str) -> None:
    disc = tmp_path / "disc"
    plant(kind, disc / "MINE.BAS", tmp_path / "outside", b"")
    room = CpcRoom(disc)
    room.feed('10 PRINT 1\rSAVE "mine"\r')
    view = finished(lambda: settle(room))
    assert "MINE.BAS" in view.screen.text.split("SAVE")[-1] and "Unknown error" not in view.screen.text
    assert room.listing() == "10 PRINT 1\n"


def test_the_games_listing_is_never_put_through_a_dangling_link(tmp_path: Path) -> None:
    disc, outside = tmp_path / "disc", tmp_path / "outside"
    plant("dangling_link_out", disc / "OTHELLO.BAS", outside, b"")
    CpcRoom(disc)
    assert list(outside.iterdir()) == []
