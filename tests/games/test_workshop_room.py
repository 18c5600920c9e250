"""The CPC room's headless model: keys fed as the screen feeds them, the machine run in steps
as the worker runs it.  Budgets bound the waits; nothing here measures time."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest

from games.lazard_othello.driver import LISTING
from games.workshop.cpc_room import BREAK, KEYS, CpcRoom, RoomView
from machines.cpc import ready

MAX_STEPS = 2_000


def settle(room: CpcRoom, budget: int = 5_000) -> RoomView:
    """Step until the keys are typed and no program runs (a bounded number of steps)."""
    for _ in range(MAX_STEPS):
        view = room.step(budget)
        if not room.busy:
            return view
    raise AssertionError("the room never came back to Ready")


def screen(room: CpcRoom) -> str:
    return room.view().screen.text


def test_typed_line_runs_and_prints(tmp_path: Path) -> None:
    room = CpcRoom(tmp_path)
    room.feed("10 PRINT 2+2\rRUN\r")
    view = settle(room)
    assert view.mode == "ready" and view.lines == 1
    assert "RUN\n 4\nReady" in view.screen.text


def test_list_new_and_direct_mode(tmp_path: Path) -> None:
    room = CpcRoom(tmp_path)
    room.feed("20 print b\r10 a=1\rLIST\r")
    assert "LIST\n10 a=1\n20 PRINT b\nReady" in settle(room).screen.text
    room.feed("NEW\rLIST\rPRINT 2+2\r")
    text = settle(room).screen.text
    assert room.view().lines == 0 and text.endswith("PRINT 2+2\n 4\nReady")


def test_edit_with_cursor_keys(tmp_path: Path) -> None:
    room = CpcRoom(tmp_path)
    room.feed("10 PRINT 1\rEDIT 10\r")
    assert settle(room).mode == "edit"
    room.feed(KEYS["right"] * 10 + KEYS["backspace"] + "7" + KEYS["enter"] + "RUN\r")
    assert settle(room).screen.text.endswith("RUN\n 7\nReady")
    assert room.listing() == "10 PRINT 7\n"


def test_a_runaway_breaks_on_esc_and_continues(tmp_path: Path) -> None:
    room = CpcRoom(tmp_path)
    room.feed("10 A=A+1:GOTO 10\rRUN\r")
    for _ in range(5):
        view = room.step(500)
    assert view.running and room.busy  # it would run for ever
    room.feed(BREAK)
    view = settle(room)
    assert "Break in 10\nReady" in view.screen.text
    room.feed("PRINT A>0\rCONT\r")
    assert room.step(500).running
    room.feed(BREAK)
    assert settle(room).screen.text.endswith("Break in 10\nReady")


def test_break_at_the_prompt_abandons_the_line(tmp_path: Path) -> None:
    room = CpcRoom(tmp_path)
    room.feed("10 PRINT")
    room.feed(BREAK)
    view = settle(room)
    assert view.mode == "ready" and view.lines == 0


def test_save_load_cat_on_the_data_disc(tmp_path: Path) -> None:
    disc = tmp_path / "disc"
    room = CpcRoom(disc)
    room.feed('10 PRINT "hi"\rSAVE "mine"\rNEW\rLOAD "mine"\rRUN\rCAT\r')
    text = settle(room).screen.text
    assert (disc / "MINE.BAS").read_bytes() == b'10 PRINT "hi"\r\n'
    assert "RUN\nhi\nReady" in text and "MINE    .BAS" in text and "OTHELLO .BAS" in text


def test_the_games_listing_is_on_the_disc_and_never_overwritten(tmp_path: Path) -> None:
    room = CpcRoom(tmp_path)
    room.feed('LOAD "othello"\rLIST 150-160\r')
    text = settle(room).screen.text
    assert "150 DATA 40,3,15,10,10,15,3,40\n160 DATA 3,0,5,5,5,5,0,3\nReady" in text
    assert room.listing() == "".join(line + "\n" for line in LISTING.splitlines() if line.strip())
    (tmp_path / "OTHELLO.BAS").write_bytes(b"10 REM mine\r\n")
    CpcRoom(tmp_path)
    assert (tmp_path / "OTHELLO.BAS").read_bytes() == b"10 REM mine\r\n"


def test_an_unreadable_file_is_reported_and_the_program_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    room = CpcRoom(tmp_path)
    room.feed("10 PRINT 1\r")
    settle(room)
    (tmp_path / "BAD.BAS").write_bytes(b"10 PRINT 2\r\n")
    real = ready.read_head

    def failing(path: Path, limit: int, *, folder: Path | None = None) -> bytes:
        if Path(path).name == "BAD.BAS":
            raise OSError(errno.EIO, "Input/output error", str(path))
        return real(path, limit, folder=folder)

    monkeypatch.setattr(ready, "read_head", failing)
    room.feed('LOAD "bad"\r')
    view = settle(room)
    assert "Input/output error" in view.notice and "BAD.BAS" in view.notice
    assert view.screen.text.endswith("Unknown error\nReady")
    assert room.listing() == "10 PRINT 1\n"
    room.clear_notice()
    room.feed("LIST\r")
    assert settle(room).notice == ""


def test_a_disc_that_cannot_be_written_is_reported(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    room = CpcRoom(blocker / "disc")
    assert "cannot be written" in room.view().notice
    room.feed('10 PRINT 1\rSAVE "x"\r')
    view = settle(room)
    assert "could not be read or written" in view.notice and view.lines == 1


def test_waiting_for_keys_wakes_on_a_key(tmp_path: Path) -> None:
    room = CpcRoom(tmp_path)
    assert room.wait_for_keys(0) is False
    room.feed("P")
    assert room.wait_for_keys(0) is True
    assert settle(room).line == "P"
