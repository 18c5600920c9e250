"""A referee-backed stand-in for an Othello driver, for widget tests only.

It follows the ``OthelloDriver`` contract (slices, cancellation, snapshots) and
plays the HP-67 program's documented evaluation (most discs flipped, squares
scanned from the last to the first, a later square replacing the best only when
strictly better), so screens can be exercised without any emulator.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.othello.driver import MoveCancelled, MoveRecord, OthelloDriver, SliceCallback
from games.othello.referee import Disc, IllegalMove, Position, row_col

STEPS_PER_SQUARE = 37  # invented cost per examined square, so progress has something to count


@dataclass(frozen=True)
class FakeView:
    x: str = "0.0"
    y: str = "0.0"
    z: str = "0.0"
    t: str = "0.0"
    last_x: str = "0.0"
    registers: dict[str, str] | None = None
    flags: tuple[bool, bool, bool, bool] = (False, False, False, False)
    pc: int = 0
    steps: int = 0
    display: str = "0.0"


class FakeDriver(OthelloDriver):
    machine_name = "fake machine"
    title = "Othello (fake)"

    def __init__(self) -> None:
        super().__init__()
        self._display = "0.0"
        self.steps = 0

    def new_game(self, machine_color: Disc) -> None:
        self.machine_color = machine_color
        self.position = Position.initial()
        self.history = []
        self._display = "0.0"

    def human_move(self, square: int | None, on_slice: SliceCallback | None = None, slice_steps: int = 2000) -> MoveRecord:
        self.check_human_move(square)
        if on_slice is not None and not on_slice(50):
            raise MoveCancelled("stopped")
        before = self.position
        self.position = before.play(square)
        notation = "0.0" if square is None else "%d.%d" % row_col(square)
        record = MoveRecord(self.human_color, square, False, notation, before.flips(square) if square is not None else [],
                            keys=[notation, "R/S"], displays=["0.0"], machine_steps=50)
        self.history.append(record)
        self.steps += 50
        return record

    def machine_move(self, on_slice: SliceCallback | None = None, slice_steps: int = 2000) -> MoveRecord:
        if not self.machine_to_move:
            raise IllegalMove("it is not the machine's turn")
        best, best_score = None, 0
        for sq in range(63, -1, -1):
            n = len(self.position.flips(sq)) if not self.position.at(sq) else 0
            if n > best_score:
                best, best_score = sq, n
        total = 64 * STEPS_PER_SQUARE
        done = 0
        while done < total:
            done = min(total, done + slice_steps)
            if on_slice is not None and not on_slice(done):
                raise MoveCancelled("stopped")
        before = self.position
        self.position = before.play(best)
        notation = "0.0" if best is None else "%d.%d" % row_col(best)
        self._display = notation
        record = MoveRecord(self.machine_color, best, True, notation, before.flips(best) if best is not None else [],
                            keys=["B"] if not self.history else ["R/S"], displays=[notation], machine_steps=total)
        self.history.append(record)
        self.steps += total
        self._display = "0.0"
        return record

    @property
    def display(self) -> str:
        return self._display

    def snapshot(self) -> dict[str, Any]:
        return {"position": [self.position.black, self.position.white, int(self.position.to_move)],
                "history": [r.to_json() for r in self.history], "color": int(self.machine_color)}

    def restore(self, state: dict[str, Any]) -> None:
        b, w, m = state["position"]
        self.position = Position(b, w, Disc(m))
        self.history = [MoveRecord.from_json(r) for r in state["history"]]
        self.machine_color = Disc(state["color"])

    def machine_view(self) -> FakeView:
        return FakeView(registers={str(n): f"{n}.0" for n in range(10)}, steps=self.steps, pc=self.steps % 199 + 1,
                        display=self._display)

    def decoded_rows(self) -> dict[int, str]:
        return {r + 1: row for r, row in enumerate(self.position.rows())}

    def listing(self) -> list[tuple[int, str, str]]:
        return [(n, "R/S", "51") for n in range(1, 200)]


class CountedFakeDriver(FakeDriver):
    """A ``FakeDriver`` that lists every one built (the host builds it by name, in a thread of the tests)."""

    built: list[FakeDriver] = []

    def __init__(self) -> None:
        super().__init__()
        CountedFakeDriver.built.append(self)
