"""Undo and redo of whole turns, by machine snapshots.

A game driver's ``snapshot()`` holds its machine's whole state, so undoing a turn
is restoring the snapshot taken before it: the program on the machine never
learns it happened, as when a calculator owner writes down the registers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

State = TypeVar("State")


@dataclass
class Timeline(Generic[State]):
    """The states a game has been in, and those undone since (for redo)."""

    past: list[State] = field(default_factory=list)
    future: list[State] = field(default_factory=list)
    limit: int = 500

    def record(self, before: State) -> None:
        """Remember the state before a new turn; a new turn forgets what was undone."""
        self.past.append(before)
        if len(self.past) > self.limit:
            del self.past[0]
        self.future.clear()

    @property
    def can_undo(self) -> bool:
        return bool(self.past)

    @property
    def can_redo(self) -> bool:
        return bool(self.future)

    def undo(self, current: State) -> State:
        """The state to go back to; ``current`` becomes redoable."""
        if not self.past:
            raise IndexError("nothing to undo")
        self.future.append(current)
        return self.past.pop()

    def redo(self, current: State) -> State:
        if not self.future:
            raise IndexError("nothing to redo")
        self.past.append(current)
        return self.future.pop()

    def clear(self) -> None:
        self.past.clear()
        self.future.clear()

    def to_json(self) -> dict[str, Any]:
        return {"past": list(self.past), "future": list(self.future)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Timeline[Any]:
        return cls(past=list(data.get("past", [])), future=list(data.get("future", [])))
