"""No two modules or packages under ``arcade/`` have names a letter apart (``heap`` and ``help``,
``room`` and ``roomy``): a newcomer reading a path must not take one for the other.  A package
and what it holds read as one path (``screens/ti57_duel/screen.py``) and are not compared."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

ARCADE = Path(__file__).resolve().parents[2] / "arcade"


def a_letter_apart(a: str, b: str) -> bool:
    """One letter changed, added or taken away (not the same name)."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b)) == 1
    short, long = sorted((a, b), key=len)
    return any(long[:i] + long[i + 1:] == short for i in range(len(long)))


def named_paths(root: Path) -> list[Path]:
    """Every package (a folder with ``__init__.py``) and module under ``root``, ``__init__`` apart."""
    found = [p.parent for p in root.rglob("__init__.py") if p.parent != root]
    found += [p for p in root.rglob("*.py") if p.name != "__init__.py"]
    return [p for p in found if "__pycache__" not in p.parts]


def close_names(root: Path) -> list[tuple[str, str]]:
    pairs = []
    for a, b in combinations(named_paths(root), 2):
        if a in b.parents or b in a.parents:
            continue  # a package and a module inside it
        if a_letter_apart(a.stem, b.stem):
            pairs.append((str(a.relative_to(root)), str(b.relative_to(root))))
    return pairs


def test_no_two_names_under_arcade_are_a_letter_apart() -> None:
    assert close_names(ARCADE) == []


def test_the_check_sees_a_letter_changed_added_or_taken_away(tmp_path: Path) -> None:
    assert a_letter_apart("heap", "help") and a_letter_apart("room", "roomy") and a_letter_apart("saves", "save")
    assert not a_letter_apart("saves", "saves") and not a_letter_apart("keys", "key_log")
    for folder in ("app/shell", "app/screens/room", "app/screens/duel"):
        (tmp_path / folder).mkdir(parents=True)
        (tmp_path / folder / "__init__.py").write_text("")
    for module in ("app/shell/heap.py", "app/screens/help.py", "app/screens/roomy.py", "app/screens/duel/screen.py"):
        (tmp_path / module).write_text("")
    found = {frozenset(pair) for pair in close_names(tmp_path / "app")}
    assert found == {frozenset({"shell/heap.py", "screens/help.py"}), frozenset({"screens/room", "screens/roomy.py"})}
