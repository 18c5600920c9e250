"""`arcade web`'s command line (``arcade/web/server.py``), without the web extra's server."""

from __future__ import annotations

import pytest

from arcade.web import server as web
from arcade.__main__ import main


def test_without_the_web_extra_it_says_how_to_install_it(monkeypatch, capsys) -> None:
    def missing() -> type:
        raise ImportError("No module named 'textual_serve'")

    monkeypatch.setattr(web, "server_class", missing)
    assert main(["web"]) == 2
    assert "pip install" in capsys.readouterr().err and "[web]" in web.NEEDS_EXTRA


@pytest.mark.parametrize("argv", [["--game", "no-such-game"], ["--max-sessions", "0"], ["--port", "70000"]])
def test_a_bad_option_is_refused_before_serving(argv, monkeypatch, capsys) -> None:
    monkeypatch.setattr(web, "server_class", lambda: pytest.fail("served despite a bad option"))
    with pytest.raises(SystemExit) as ended:
        web.main(argv)
    assert ended.value.code == 2
    assert "arcade web" in capsys.readouterr().err


@pytest.mark.parametrize(("host", "loopback"), [("127.0.0.1", True), ("127.0.0.2", True), ("::1", True),
                                                ("localhost", True), ("0.0.0.0", False), ("192.168.1.2", False),
                                                ("arcade.example", False)])
def test_only_loopback_addresses_count_as_this_machine(host: str, loopback: bool) -> None:
    assert web.is_loopback(host) is loopback


def test_the_session_command_leaves_no_shell_and_quotes_the_game() -> None:
    assert web.session_command().startswith("exec ")
    assert web.session_command("a b;rm").endswith("--game 'a b;rm'")


@pytest.mark.parametrize(("value", "size"), [("120", 120), ("5", 10), ("99999", 1000), ("x", 80), (None, 80)])
def test_a_size_from_a_browser_is_clamped(value: object, size: int) -> None:
    assert web.clamp_size(value, 80) == size
