"""``path_lines``: a folder's path said on lines that break only after a separator (issue 13)."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from arcade.widgets.words import path_lines

NAMES = st.text(alphabet="abcdefghij-_.0123456789", min_size=1, max_size=30)


@given(st.lists(NAMES, min_size=1, max_size=8), st.integers(min_value=8, max_value=60))
def test_a_path_breaks_only_after_a_separator(parts: list[str], width: int) -> None:
    path = Path("/", *parts)
    lines = path_lines(path, width)
    assert "".join(lines) == path.as_posix() + "/"  # nothing lost, nothing cut inside a name
    assert all(line.endswith("/") for line in lines)
    assert all(len(line) <= width or line.count("/") <= 2 for line in lines)  # longer only for one long name


def test_the_home_folder_is_said_as_a_tilde(monkeypatch) -> None:  # noqa: ANN001
    monkeypatch.setenv("HOME", "/home/player")
    assert path_lines(Path("/home/player/.local/share/arcade/screenshots"), 34) == [
        "~/.local/share/arcade/screenshots/"]
    assert path_lines(Path("/home/player/.local/share/arcade/screenshots"), 20) == [
        "~/.local/share/", "arcade/screenshots/"]
