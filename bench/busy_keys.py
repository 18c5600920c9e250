"""Keys pressed while a machine answers, in every game that has one, for ``bench/ui_latency.py``.

A case is a game and a speed (``hp67-othello:instant``, ``ti57-wolf:real``...).  In each,
the bench plays as a person would and, while the machine answers, presses keys whose
effect the frame shows at once, whatever the machine does meanwhile:

- the Othellos (HP-67, Lazard's BASIC on the CPC): the cursor, Left/Right, after the
  person's move (a sample counts if the machine's disc was not on the board when sent);
- the TI-57 duel (a person against the computer's hunter; its real pace shows the Pause
  and lets the computer think, its emulator is always instant): ``i``, the registers
  panel shown and hidden, while player 2 moves (the TI-57's box says "running" or
  "Pause", or the panel "Player 2 to move"): the duel's other keys only say "Wait".  Its
  first page shows while its TI-57 is set up at the table: ``c`` (the seats) is pressed
  until it takes;
- the TI-57 wolf (the computer's wolf against a person's lambs): ``2`` and ``7`` in
  turn ("The wolf moves on the diagonals...", "Wait: the TI-57 is running.") while the
  computer's wolf is to move.  The lambs move as today's keys say: a digit 1-4 chooses a
  lamb (always a lamb), 7 ↖ or 9 ↗ moves it; the first wolf game (a fresh configuration)
  asks who plays each side, ``w`` there gives the wolf to the computer.

At instant speed a turn lasts tens of milliseconds: the keys that count are those that
land inside one, over ``turns`` turns.  At real speed a turn lasts seconds to minutes:
one move is played and keys are pressed for ``real_seconds`` while the machine answers.
Each key is sent once the previous one has shown (a person typing fast).
"""

from __future__ import annotations

import os
import re
import time
from dataclasses import dataclass
from typing import Callable

from tmux_pane import LOST, Pane, wait_for

GAMES = ("hp67-othello", "lazard-othello", "ti57-duel", "ti57-wolf")
SPEEDS = ("instant", "real")
ALL_CASES = tuple(f"{g}:{s}" for g in GAMES for s in SPEEDS)

BOARD_COLUMNS = re.compile(r"\ba\s+b\s+c\s+d\s+e\s+f\s+g\s+h\b", re.IGNORECASE)
BOARD_ROW = re.compile(r"^\s*([1-8]) │(.*)│")
CURSOR = re.compile(r"cursor ([a-hA-H][1-8])")
DUEL_AT = re.compile(r"You are on (\d)\.(\d)")
DUEL_DRAW = "Extend by"
DUEL_OVER = ("over", "captured")
"""The duel's draw (its moves used up) asks whether to play on."""
KEY_TIMEOUT = 5.0
IDLE_PANEL_KEYS = 20
"""The duel's idle ``i`` timed in a real-speed run (a median of six moved from 1.9x to 2.7x run to
run, where thirty timed twice gave 1.91x and 1.89x)."""
LATE: list[str] = []
"""Keys that never showed their message, answered as the next turn's key instead (``timed_key``)."""
KEY_LOG = os.environ.get("BENCH_KEY_LOG", "")
"""A file each timed key is written to (``key sent seen``, ``time.perf_counter()``), if set."""


MIN_P95_KEYS = 20
"""Keys a case needs for its p95 to be judged (of 19 or fewer, the "p95" is the slowest key or the
one before it: the Lazard case at six instant turns gave 14 to 19, and its verdict flipped run to run)."""
WANTED_KEYS = 80
"""Keys the TI-57 cases at instant speed play on for (three times ``--turns`` turns at most): of the
~20 the wolf's fifteen turns gave, the p95 was the slowest key but one, and its verdict flipped
on one slow key.  Of 45, the p95 is the third slowest key: five full runs
of one tree gave the duel 2.14x to 3.11x, where pooled focused runs of it (540 keys each) put its
p95 at 8.2-9.4 ms and the full runs' bare medians were 2.9-3.6 ms.  Of 80 or more, the p95
is the fifth slowest; the wolf, about one key a turn, stops first at three times
``--turns`` turns, ~40 keys)."""


@dataclass
class Recorder:
    """Where a case puts its figures: ``key(label, seconds)`` and ``note(text)``."""

    key: Callable[[str, float], None]
    note: Callable[[str], None]
    playing: Callable[[], None]
    """Called once the game is set up: the stall probe's figures so far are the launch's."""


# -- an Othello board, read from the frame ----------------------------------------------------------


def board_rows(frame: str) -> list[str]:
    rows = []
    for line in frame.splitlines():
        m = BOARD_ROW.match(line)
        if m:
            rows.append(m.group(2))
    return rows[:8]


def discs(frame: str) -> int:
    return sum(row.count("●") + row.count("○") for row in board_rows(frame))


def hinted_squares(frame: str) -> list[str]:
    """Squares marked legal (``+``) on the board."""
    found = []
    for r, row in enumerate(board_rows(frame)):
        for c, cell in enumerate(row.split("│")[:8]):
            if "+" in cell:
                found.append(f"{'abcdefgh'[c]}{r + 1}")
    return found


def cursor(frame: str) -> str | None:
    m = CURSOR.search(frame)
    return m.group(1).lower() if m else None


def steps(src: str, dst: str) -> list[tuple[str, str]]:
    """Arrow keys from ``src`` to ``dst`` (columns first), with the square after each."""
    col, row = "abcdefgh".index(src[0]), int(src[1])
    tc, tr = "abcdefgh".index(dst[0]), int(dst[1])
    keys = []
    while col != tc:
        key, col = ("Right", col + 1) if tc > col else ("Left", col - 1)
        keys.append((key, f"{'abcdefgh'[col]}{row}"))
    while row != tr:
        key, row = ("Down", row + 1) if tr > row else ("Up", row - 1)
        keys.append((key, f"{'abcdefgh'[col]}{row}"))
    return keys


def timed_key(pane: Pane, key: str, shown: Callable[[str, str], bool], timeout: float = KEY_TIMEOUT,
              answered_late: Callable[[str], bool] | None = None) -> float | None:
    """Seconds from sending ``key`` to a frame where ``shown(before, frame)``; None if it never showed.
    A key that never showed is noted as lost unless ``answered_late(frame)``: the machine's turn
    ended as it was sent, and the frame shows the app's answer to it as the next turn's key."""
    before = pane.text()
    sent = pane.send(key)
    try:
        seen, _ = wait_for(pane, lambda frame: shown(before, frame), timeout=timeout)
    except TimeoutError:
        if answered_late is None or not answered_late(pane.text()):
            LOST.append(f"{pane.name}: {key} showed nothing in {timeout:g} s")
        else:
            LATE.append(f"{pane.name}: {key} answered as the next turn's key (sent as the machine's turn ended)")
        return None
    if KEY_LOG:  # bench/key_trace.py: each key's times, to split them with the app's trace
        with open(KEY_LOG, "a", encoding="utf-8") as log:
            log.write(f"{key} {sent} {seen}\n")
    return seen - sent


# -- the cases ----------------------------------------------------------------------------------------


def othello(pane: Pane, rec: Recorder, game: str, speed: str, turns: int, real_seconds: float) -> None:
    label = f"{game} {speed}: key while the machine answers"
    wait_for(pane, lambda f: "Which side" in f, timeout=60)  # the question follows the first frame
    pane.send("w")  # the machine plays White: the person starts
    wait_for(pane, lambda f: cursor(f) is not None and bool(hinted_squares(f)), timeout=120)
    if speed == "real":
        pane.send("s")
        wait_for(pane, lambda f: "eal " in f, timeout=10)  # "Real CPC speed", "real HP-67 (30 steps/s)"
    rec.playing()
    for _ in range(turns if speed == "instant" else 1):
        frame = pane.text()
        targets, where = hinted_squares(frame), cursor(frame)
        if not targets or where is None:
            rec.note(f"{pane.name}: no legal square hinted (or no cursor line); stopped there")
            return
        target = min(targets, key=lambda sq: len(steps(where, sq)))
        for _ in range(20):
            if where == target:
                break
            key, _after = steps(where, target)[0]
            lat = timed_key(pane, key, lambda b, a: cursor(a) not in (None, cursor(b)))
            if lat is not None and speed == "instant":
                rec.key(f"{game}: idle key", lat)
            where = cursor(pane.text())
        if where != target:
            rec.note(f"{pane.name}: the cursor never reached {target} (at {where}); stopped there")
            return
        before = discs(pane.text())
        pane.send("Enter")
        end = time.perf_counter() + real_seconds

        def answered(f: str, before: int = before) -> bool:
            # a pass counts once the person's disc shows: a frame from before Enter may still say
            # that the machine passed last turn (the bench then sent Enter again, into the reply)
            return discs(f) >= before + 2 or (discs(f) >= before + 1 and "passes" in f) or "game over" in f.lower()

        for _ in range(50 if speed == "instant" else 1000):
            frame = pane.text()
            shown = cursor(frame)
            if answered(frame) or time.perf_counter() > end:
                break
            key = "Left" if shown and shown[0] == "h" else "Right"
            lat = timed_key(pane, key, lambda b, a, shown=shown: cursor(a) not in (None, shown))
            if lat is not None:
                rec.key(label, lat)
            if speed == "real":
                time.sleep(0.1)
        if speed == "instant":
            wait_for(pane, answered, timeout=120)


def ti57_busy(frame: str) -> bool:
    """The TI-57's box says it runs (its lower border: "running" or "Pause ~0.75 s")."""
    return any("╰" in line and ("running" in line or "Pause ~" in line) for line in frame.splitlines()[:6])


def message_keys(pane: Pane, rec: Recorder, label: str, keys: tuple[tuple[str, str], tuple[str, str]],
                 busy: Callable[[str], bool], until: float, most: int,
                 answered_late: Callable[[str, str], bool] | None = None) -> int:
    """Press ``keys`` in turn (each with the text its message shows) while ``busy(frame)``; samples taken.
    ``answered_late(key, frame)``: a key that never showed its message was answered as the next
    turn's key (sent as the machine's turn ended): not noted as lost (``timed_key``)."""
    taken = 0
    i = 0
    while taken < most and time.perf_counter() < until:
        frame = pane.text()
        if not busy(frame):
            break
        key, text = keys[i % 2]
        i += 1
        if text in frame:  # its message still shows: the other key first
            key, text = keys[i % 2]
            i += 1
        late = None if answered_late is None else (lambda frame, key=key: answered_late(key, frame))
        lat = timed_key(pane, key, lambda b, a, text=text: text in a, timeout=1.0, answered_late=late)
        if lat is not None:
            rec.key(label, lat)
            taken += 1
    return taken


def press_until(pane: Pane, key: str, shown: Callable[[str], bool], tries: int = 60) -> None:
    """``key`` until a frame shows its effect: the duel's first page is drawn while its TI-57 is still
    being set up at the table, and a key then only says "Wait: the TI-57 is running"."""
    for _ in range(tries):
        pane.send(key)
        try:
            wait_for(pane, shown, timeout=1.0)
            return
        except TimeoutError:
            continue
    raise TimeoutError(f"{pane.name}: {key} never took")


def duel(pane: Pane, rec: Recorder, game: str, speed: str, turns: int, real_seconds: float) -> None:
    """A person (player 1) against the computer's hunter (player 2)."""
    label = f"{game} {speed}: key while the machine answers"
    wait_for(pane, lambda f: "Player 2: a person" in f, timeout=60)
    press_until(pane, "c", lambda f: "Player 2: the computer" in f)  # the hunter (the random player next)
    pane.send("Enter")
    wait_for(pane, lambda f: "your secret start square" in f, timeout=30)
    pane.send("Enter")  # 4.4
    wait_for(pane, lambda f: "Player 1: your move" in f, timeout=120)
    if speed == "real":  # the same key while nothing runs: the panel's own cost, for comparison
        for _ in range(IDLE_PANEL_KEYS):
            shown = "Registers R0-R7" in pane.text()
            lat = timed_key(pane, "i", lambda b, a, shown=shown: ("Registers R0-R7" in a) != shown)
            if lat is not None:
                rec.key(f"{game}: idle key (i, the registers panel)", lat)
    if speed == "instant":  # the duel starts at the real pace (the Pause shown, the computer thinking)
        pane.send("s")
        wait_for(pane, lambda f: "Instant: no pause" in f, timeout=10)
    rec.playing()
    end = time.perf_counter() + (real_seconds if speed == "real" else 3600)
    landed = 0  # keys timed at instant speed: the turns go on until WANTED_KEYS (three times as many turns at most)
    for turn in range(3 * turns if speed == "instant" else 1):
        if speed == "instant" and turn >= turns and landed >= WANTED_KEYS:
            break
        try:
            _, frame = wait_for(pane, lambda f: "Player 1: your move" in f or duel_over(f) or DUEL_DRAW in f, timeout=120)
            if DUEL_DRAW in frame:  # the moves are used up: ten more, as a person would who wants to play on
                pane.send("e")
                _, frame = wait_for(pane, lambda f: "Player 1: your move" in f or duel_over(f), timeout=120)
        except TimeoutError:
            rec.note(f"{pane.name}: player 1's move never came")
            return
        if speed == "instant" and duel_over(frame):  # a capture: a new duel, the same seats and speed
            pane.send("g")
            wait_for(pane, lambda f: "Move limit:" in f, timeout=10)
            pane.send("Enter")
            wait_for(pane, lambda f: "your secret start square" in f, timeout=30)
            pane.send("Enter")
            # the whole turn drawn, its second half too (the status says "i: registers"): between
            # the two halves of a turn's end the registers (on from the duel before) were not drawn
            # yet, and an ``i`` sent then hid what the next frame was about to show: nothing
            # changed on screen, a key "lost"
            _, frame = wait_for(pane, lambda f: "Player 1: your move" in f and "i: registers" in f, timeout=120)
        m = DUEL_AT.search(frame)
        if m is None or "Player 1: your move" not in frame:
            rec.note(f"{pane.name}: the duel ended")
            return
        col = int(m.group(1))
        move = "6" if col <= 4 else "4"  # east or west, toward the middle: always on the board
        if speed == "instant":
            landed += duel_instant_keys(pane, rec, label, move, m.group(0))
            continue
        pane.send(move)
        try:
            wait_for(pane, ti57_busy, timeout=5)
        except TimeoutError:
            continue  # the turn went by before a frame showed it running
        registers_keys(pane, rec, label, end, 40 if speed == "instant" else 1000)


def duel_over(frame: str) -> bool:
    """The duel's title says it is over (a capture, or a draw the players ended)."""
    title = frame.splitlines()[0].lower() if frame else ""
    return any(word in title for word in DUEL_OVER)


def keys_behind(pane: Pane, rec: Recorder, move: str,
                turn_over: Callable[[str], bool]) -> tuple[list[float], str | None]:
    """At instant speed a TI-57 turn takes a few milliseconds: ``move`` sent, then ``i`` (the
    registers shown or hidden) pressed right behind it, as a person typing on, and again while
    ``turn_over(frame)`` is not; the keys' times and the frame that ended the turn (None: it never did)."""
    pane.send(move)
    taken: list[float] = []
    for _ in range(3):
        frame = pane.text()
        if turn_over(frame):
            break
        shown = "Registers R0-R7" in frame
        lat = timed_key(pane, "i", lambda b, a, shown=shown: ("Registers R0-R7" in a) != shown, timeout=2.0)
        if lat is not None:
            taken.append(lat)
    try:
        _, frame = wait_for(pane, turn_over, timeout=30)
    except TimeoutError:
        rec.note(f"{pane.name}: the turn after {move} never ended")
        return taken, None
    return taken, frame


def duel_instant_keys(pane: Pane, rec: Recorder, label: str, move: str, at: str) -> int:
    """The person's move and the computer's reply at instant speed, ``i`` behind it (``keys_behind``);
    the keys timed."""

    def turn_over(frame: str) -> bool:
        where = DUEL_AT.search(frame)
        return not ti57_busy(frame) and (duel_over(frame) or DUEL_DRAW in frame
                                         or (where is not None and where.group(0) != at))

    taken = keys_behind(pane, rec, move, turn_over)[0]
    for lat in taken:
        rec.key(label, lat)
    return len(taken)


def registers_keys(pane: Pane, rec: Recorder, label: str, until: float, most: int) -> int:
    """``i`` while player 2 (the computer) moves: the registers panel shown, then hidden (its
    border title "Registers R0-R7"); the duel's other keys only say "Wait", the same words each time."""
    taken = 0

    def p2_moves(frame: str) -> bool:
        return ti57_busy(frame) or "Player 2 to move" in frame

    while taken < most and time.perf_counter() < until:
        frame = pane.text()
        if not p2_moves(frame):
            break
        shown = "Registers R0-R7" in frame
        lat = timed_key(pane, "i", lambda b, a, shown=shown: ("Registers R0-R7" in a) != shown, timeout=2.0)
        if lat is not None:
            rec.key(label, lat)
            taken += 1
    return taken


def wolf_over(frame: str) -> bool:
    """The wolf game is over: its title names the winner ("the wolf won"), or the question after it shows."""
    first = frame.splitlines()[0] if frame else ""
    return " won" in first or "game over" in frame.lower()


def pieces_line(frame: str) -> str:
    """The wolf's board line under the board naming every piece's square ("W 4.8  1: 1.1 ...")."""
    return next((line for line in frame.splitlines() if re.match(r"^ W \d", line)), "")


def wolf(pane: Pane, rec: Recorder, game: str, speed: str, turns: int, real_seconds: float) -> None:
    """The computer's wolf against a person's lambs."""
    label = f"{game} {speed}: key while the machine answers"
    # the first game ever asks who plays each side; with seats remembered, g asks it
    _, frame = wait_for(pane, lambda f: "Who plays each side?" in f or ("Wolf:" in f and "Lambs:" in f), timeout=60)
    if "Who plays each side?" not in frame:
        pane.send("g")
        wait_for(pane, lambda f: "a coin toss decides" in f, timeout=10)
    pane.send("w")
    wait_for(pane, lambda f: re.search(r"Wolf\s+the computer", f) is not None, timeout=10)
    pane.send("Enter")
    # the new game at the table (its keys in the TI-57's log): the words it says then would cover f's
    wait_for(pane, lambda f: "a coin toss decides" not in f and "STO 7" in f, timeout=30)
    if speed == "instant":  # the computer moves at a person's pace unless told otherwise
        pane.send("f")
        wait_for(pane, lambda f: "The computer moves at once" in f, timeout=10)
    rec.playing()
    keys = (("2", "The wolf moves on the diagonals"), ("7", "Wait: the TI-57 is running"))

    def wolf_thinks(frame: str) -> bool:
        return "the wolf to move" in frame.splitlines()[0] and not wolf_over(frame)

    def lambs_turn(frame: str) -> bool:
        return "the lambs to move" in frame.splitlines()[0] and not ti57_busy(frame)

    def lambs_took(key: str, frame: str) -> bool:
        """``2``/``7`` sent as the computer's wolf ended its turn, answered as the lambs' key: ``2``
        chose lamb 2, ``7`` (no lamb chosen) asked for one (a run noted one such key each time)."""
        words = " ".join(frame.split())
        return lambs_turn(frame) and ("Lamb 2 on" in words if key == "2" else "Choose a lamb first" in words)

    end = time.perf_counter() + (real_seconds if speed == "real" else 3600)
    landed = 0  # keys timed at instant speed: the turns go on until WANTED_KEYS (three times as many turns at most)
    for turn in range(3 * turns if speed == "instant" else 1):
        if speed == "instant" and turn >= turns and landed >= WANTED_KEYS:
            break
        try:
            _, frame = wait_for(pane, lambda f: lambs_turn(f) or wolf_over(f), timeout=120)
            if speed == "instant" and wolf_over(frame):  # a new game, the same seats and pace
                pane.send("g")
                wait_for(pane, lambda f: "a coin toss decides" in f, timeout=10)
                pane.send("Enter")
                _, frame = wait_for(pane, lambda f: "a coin toss decides" not in f and lambs_turn(f), timeout=120)
        except TimeoutError:
            rec.note(f"{pane.name}: the lambs' turn never came")
            return
        if wolf_over(frame):
            rec.note(f"{pane.name}: the game ended")
            return
        moved = False
        for lamb in "1234":  # a digit chooses a lamb, 9 moves it ↗, 7 ↖
            for way in "97":
                now = pane.text()
                if wolf_over(now):  # the last try ended the game (its dialog came after the
                    moved = True  # turn's end frame): the next turn starts a new one, no key goes to the dialog
                    break
                before = pieces_line(now)
                pane.send(lamb)
                time.sleep(0.05)
                if speed == "instant":  # i right behind the lamb's move, as in the duel
                    timed = wolf_instant_keys(pane, rec, label, way, before)
                    if timed is not None:
                        landed += timed
                        moved = True
                        break
                    continue
                pane.send(way)
                try:  # at instant pace the wolf has answered before a frame shows its turn: the pieces moved
                    wait_for(pane, lambda f: "the wolf to move" in f.splitlines()[0] or "Refused" in f
                             or pieces_line(f) != before, timeout=3)
                except TimeoutError:
                    continue
                frame = pane.text()
                if "the wolf to move" in frame.splitlines()[0] or pieces_line(frame) != before:
                    moved = True
                    break
            if moved:
                break
        if not moved:
            rec.note(f"{pane.name}: no lamb could move")
            return
        if speed == "instant":
            continue
        if speed == "real":  # a frame can show the lamb moved before the title says the wolf's turn
            try:
                wait_for(pane, lambda f: wolf_thinks(f) or wolf_over(f), timeout=3)
            except TimeoutError:
                pass
        message_keys(pane, rec, label, keys, wolf_thinks, end, 40 if speed == "instant" else 1000, lambs_took)


def wolf_instant_keys(pane: Pane, rec: Recorder, label: str, way: str, before: str) -> int | None:
    """The lamb's move and the wolf's reply at instant speed, ``i`` behind it (``keys_behind``): the
    keys timed, or None if the move was refused (its keys are not counted: no machine answered)."""

    def turn_over(frame: str) -> bool:
        first = frame.splitlines()[0] if frame else ""
        return not ti57_busy(frame) and (("the lambs to move" in first and pieces_line(frame) != before)
                                         or wolf_over(frame) or "Refused" in frame)

    taken, frame = keys_behind(pane, rec, way, turn_over)
    if frame is None or pieces_line(frame) == before:
        return None  # never ended, or refused
    for lat in taken:
        rec.key(label, lat)
    return len(taken)


DRIVERS: dict[str, Callable[[Pane, Recorder, str, str, int, float], None]] = {
    "hp67-othello": othello, "lazard-othello": othello, "ti57-duel": duel, "ti57-wolf": wolf,
}


def parse_cases(text: str) -> list[tuple[str, str]]:
    """``all``, ``none``, or a comma-separated list of ``game:speed`` (``game`` alone: both speeds)."""
    if text == "none":
        return []
    if text == "all":
        return [(c.split(":")[0], c.split(":")[1]) for c in ALL_CASES]
    cases = []
    for item in text.split(","):
        game, _, speed = item.strip().partition(":")
        if game not in GAMES or (speed and speed not in SPEEDS):
            raise SystemExit(f"unknown case {item!r}: games {', '.join(GAMES)}; speeds {', '.join(SPEEDS)}")
        cases += [(game, s) for s in ((speed,) if speed else SPEEDS)]
    return cases
