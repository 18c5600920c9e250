"""``arcade host`` and ``arcade join``: the arguments checked before the arcade opens.

A bad one is said in one line (with the usage), the status is 2, and no traceback is printed;
good ones give the screen the arcade opens on, in the net mode.
"""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest

from arcade.__main__ import build_app, main
from arcade.shell import net_cli
from games.net.protocol import CODE_ALPHABET, CODE_LENGTH

ROOT = Path(__file__).resolve().parents[2]
CODE = "k3j4h5g6f7d8"


def refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """``main(argv)`` refuses: status 2, one line of error; that line."""
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.count("error:") == 1
    return next(line for line in err.splitlines() if "error:" in line)


def test_the_code_is_read_as_the_host_writes_it() -> None:
    assert net_cli.CODE_LETTERS == CODE_ALPHABET and net_cli.CODE_LENGTH == CODE_LENGTH


def test_host_takes_the_game_a_port_and_loopback_by_default() -> None:
    game, options = net_cli.parse_host(["ti57-duel", "--limit", "12"])
    assert game == "ti57-duel" and options == {"bind": "127.0.0.1", "port": 0, "limit": 12}
    game, options = net_cli.parse_host(["ti57-wolf", "--side", "lambs", "--bind", "::1"])
    assert options["bind"] == "::1" and options["host_side"] == "lambs" and options["first"] in ("wolf", "lambs")
    game, options = net_cli.parse_host(["ti57-wolf"])
    assert options["host_side"] == options["first"]  # by default the host plays the side that starts


def test_join_takes_an_address_and_a_code() -> None:
    assert net_cli.parse_join(["127.0.0.1:4711", CODE]) == ("127.0.0.1", 4711, CODE)
    assert net_cli.parse_join(["[::1]:4711", CODE.upper()]) == ("::1", 4711, CODE)
    assert net_cli.parse_join(["game.local:80", f" {CODE} "]) == ("game.local", 80, CODE)


@pytest.mark.parametrize("argv, words", [
    (["host"], "required: GAME"),
    (["host", "chess"], "invalid choice: 'chess'"),
    (["host", "ti57-duel", "--port", "70000"], "is not a port"),
    (["host", "ti57-duel", "--port", "x"], "invalid int value"),
    (["host", "ti57-duel", "--bind", "example.org"], "is not an IP address"),
    (["host", "ti57-duel", "--bind", "192.0.2.1"], "cannot listen on 192.0.2.1:0"),  # not this machine's
    (["host", "ti57-duel", "--limit", "0"], "is not a move limit"),
    (["host", "ti57-duel", "--side", "wolf"], "--side is for ti57-wolf"),
    (["join"], "required: HOST:PORT, CODE"),
    (["join", "127.0.0.1", CODE], "is not HOST:PORT"),
    (["join", "127.0.0.1:0", CODE], "is not HOST:PORT"),
    (["join", "127.0.0.1:99999", CODE], "is not HOST:PORT"),
    (["join", ":4711", CODE], "is not HOST:PORT"),
    (["join", "a b:4711", CODE], "is not a host name"),
    (["join", "127.0.0.1:4711", "short"], "is not a join code"),
    (["join", "127.0.0.1:4711", "0" * CODE_LENGTH], "is not a join code"),  # no 0 in a code
    (["join", "127.0.0.1:4711", "\x1b[2J" + CODE], "is not a join code"),
])
def test_a_bad_argument_is_said_in_one_line_with_status_2(argv: list[str], words: str,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    line = refused(argv, capsys)
    assert words in line and "\x1b" not in line


def test_a_port_in_use_is_said_before_the_arcade_opens(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        line = refused(["host", "ti57-wolf", "--port", str(port)], capsys)
    assert f"cannot listen on 127.0.0.1:{port}" in line and "in use" in line


def test_the_arcade_opens_on_the_game_across_two_terminals() -> None:
    app = build_app([], opening=net_cli.opening("host", ["ti57-duel"]))
    assert not isinstance(app, int) and app.initial_game == "net" and "net" in app.screen_overrides
    app = build_app([], opening=net_cli.opening("join", ["127.0.0.1:4711", CODE]))
    assert not isinstance(app, int) and app.initial_game == "net"


def test_the_real_command_says_no_without_a_traceback(tmp_path: Path) -> None:
    env = {"ARCADE_DATA_DIR": str(tmp_path / "data"), "ARCADE_CONFIG_DIR": str(tmp_path / "config"), "PATH": ""}
    for argv in (["join", "nowhere", "abc"], ["host", "ti57-duel", "--bind", "nope"]):
        done = subprocess.run([sys.executable, "-m", "arcade", *argv], cwd=ROOT, env=env, capture_output=True,
                              text=True, timeout=120)
        assert done.returncode == 2 and done.stdout == "" and "Traceback" not in done.stderr
        assert done.stderr.startswith("usage: arcade ") and "error:" in done.stderr
