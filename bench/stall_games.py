"""Event-loop stalls while each machine answers, at instant and at the real machine's speed.

    python bench/stall_games.py [--seconds 8] [--games hp67-othello,lazard-othello,ti57-duel,ti57-wolf]
                                [--host process|thread]

Each game runs headless (``App.run_test``, 100x32) with fresh data and config
directories; a 10 ms timer on the app notes the gap between its ticks while the game
screen is busy (a machine answering), as ``ARCADE_STALL_PROBE`` does for the whole app
(``arcade/devtools/stall_probe.py``).  The Othellos play the person's first legal move whenever
it is their turn (the machine plays Black: it answers first); the duel and the wolf
put the computer in both seats by the screens' own keys (the duel's ``c``, the wolf's ``w`` and
``l`` in its new-game question) and start a new game by keys whenever one ends.  Each game's
machine host is a process of its own, as a player has it (``--host thread``: a thread of this
process, as the tests run it).  A bare Textual app's idle timer, measured the same way
first, shows what the machine's load alone costs.  At real speed an Othello turn lasts minutes: the machine is
watched for ``--seconds`` and stopped.  Headless, the frames are composed but never
written to a terminal: ``bench/ui_latency.py`` measures that part (``bench/busy_keys.py``).

The figures are printed, never asserted; the machine and its load are printed with them.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Awaitable, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

TICK = 0.010


@dataclass
class BusyProbe:
    """Gaps of a 10 ms timer, counted only between two ticks that both saw the machine running."""

    busy: Callable[[], bool]
    gaps: list[float] = field(default_factory=list)
    _last: float = 0.0
    _was_busy: bool = False

    def tick(self) -> None:
        now = time.perf_counter()
        busy = self.busy()
        if busy and self._was_busy:
            self.gaps.append(now - self._last)
        self._last, self._was_busy = now, busy

    def line(self) -> str:
        if not self.gaps:
            return "no tick while busy"
        gaps = sorted(self.gaps)
        p99 = gaps[min(len(gaps) - 1, int(len(gaps) * 0.99))]
        return (f"max {gaps[-1] * 1000:5.1f} ms, p99 {p99 * 1000:5.1f} ms, {sum(g > 0.05 for g in gaps)} over 50 ms,"
                f" {len(gaps)} ticks busy")


def game_screen(app: Any) -> Any:
    from arcade.screens.game_screen import GameScreen

    return next((s for s in reversed(app.screen_stack) if isinstance(s, GameScreen)), None)


async def until(pilot: Any, condition: Callable[[], object], timeout: float = 60.0) -> None:
    end = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > end:
            raise TimeoutError(f"not reached in {timeout} s")
        await pilot.pause(0.01)


async def othello(pilot: Any, app: Any, instant: bool, seconds: float) -> str:
    from arcade.widgets.dialogs import SideDialog

    await until(pilot, lambda: isinstance(app.screen, SideDialog))
    screen = game_screen(app)
    screen.instant = instant
    await pilot.press("b")  # the machine plays Black: it answers first
    end, played = time.monotonic() + seconds, 0
    while time.monotonic() < end:
        if app.screen is screen and not screen.busy:
            view = screen.view
            if not view.person_to_move:
                if view.phase.name == "OVER":
                    break
            else:
                screen.turns.person_plays(min(view.legal) if view.legal else None)
                played += 1
        await pilot.pause(0.01)
    screen.stop_job()
    return f"{played} moves of the person played"


def quiet(screen: Any) -> bool:
    """Nothing under way at the screen's table: no request running, every answer taken."""
    return not screen.busy and not (screen.table is not None and screen.table.waiting)


async def press(pilot: Any, screen: Any, *keys: str) -> None:
    """Press ``keys`` as a player would, each once the table has answered the one before (the last
    is not waited for: it may set the computers playing, which then never leave the table quiet)."""
    for key in keys:
        await until(pilot, lambda: quiet(screen))
        await pilot.press(key)


async def duel(pilot: Any, app: Any, instant: bool, seconds: float) -> str:
    """The hunter against random: ``c`` until both seats are the computer's, Enter; the duel's end
    answered with ``e`` (a draw: more moves) or ``g`` (a new duel) and Enter."""
    from arcade.screens.ti57_duel.screen import TI57DuelScreen
    from games.ti57_duel.session import Phase

    await until(pilot, lambda: isinstance(app.screen, TI57DuelScreen) and app.screen.seen.picture is not None)
    screen = app.screen
    await until(pilot, lambda: quiet(screen))
    screen.instant = instant
    for _ in range(8):  # c steps through who plays each side: both the computer's is one of them
        await until(pilot, lambda: quiet(screen))
        if all(seat.kind == "computer" for seat in screen.seen.view.seats):
            break
        await press(pilot, screen, "c")
    else:
        raise RuntimeError("c never gave both seats to the computer")
    await press(pilot, screen, "enter")  # the move limit as it is: the computers place and play
    end, duels, moves = time.monotonic() + seconds, 0, 0
    while time.monotonic() < end:
        if app.screen is screen and quiet(screen):
            phase = screen.seen.phase
            if phase is Phase.DRAW:
                await press(pilot, screen, "e")  # the moves used up: more of them
            elif phase is Phase.OVER:
                duels += 1
                moves += screen.seen.view.moves_played
                await press(pilot, screen, "g", "enter")  # a new duel, the same seats
            elif phase is Phase.LIMIT:
                await press(pilot, screen, "enter")
        await pilot.pause(0.01)
    screen.stop_job()
    moves += screen.seen.view.moves_played
    return f"{moves} moves played, {duels} duels over, phase {screen.seen.phase.value}"


async def wolf(pilot: Any, app: Any, instant: bool, seconds: float) -> str:
    """The computer in both seats (the first game ever asks who plays: ``w`` and ``l`` until both are
    the computer's, Enter); each game's end answered with ``g`` and Enter (the same seats)."""
    from arcade.screens.ti57_wolf.dialogs import NewWolfGame, WolfGameOver
    from arcade.screens.ti57_wolf.screen import TI57WolfScreen

    def wolf_screen() -> Any:
        return next((s for s in app.screen_stack if isinstance(s, TI57WolfScreen)), None)

    await until(pilot, lambda: wolf_screen() is not None)
    screen = wolf_screen()
    screen.instant = instant
    end, games, moves = time.monotonic() + seconds, 0, 0
    while time.monotonic() < end:
        top = app.screen
        if isinstance(top, NewWolfGame):
            for side, key in (("wolf", "w"), ("lambs", "l")):
                for _ in range(8):
                    if next(seat for s, seat in top.seats.items() if s.value == side).kind == "computer":
                        break
                    await pilot.press(key)
            await pilot.press("enter")
        elif isinstance(top, WolfGameOver):
            games += 1
            moves += screen.shown_view.moves_played
            await pilot.press("g")  # a new game: who plays is asked again, the same seats offered
        await pilot.pause(0.01)
    screen.stop_job()
    moves += screen.shown_view.moves_played
    return f"{moves} moves played, {games} games over"


DRIVERS: dict[str, Callable[[Any, Any, bool, float], Awaitable[str]]] = {
    "hp67-othello": othello, "lazard-othello": othello, "ti57-duel": duel, "ti57-wolf": wolf,
}


async def run_one(game: str, instant: bool, seconds: float, hold_collector: bool = True) -> str:
    """One game at one speed, watched for ``seconds`` once its driver has it playing.  With
    ``hold_collector`` the garbage collector is held while the app starts and frozen after its first
    frame, as the ``arcade`` command line does (``arcade/runtime/collector.py``)."""
    with tempfile.TemporaryDirectory(prefix="arcade-stall-", ignore_cleanup_errors=True) as scratch:
        os.environ["ARCADE_DATA_DIR"] = str(Path(scratch) / "data")
        os.environ["ARCADE_CONFIG_DIR"] = str(Path(scratch) / "config")
        from arcade.__main__ import build_app
        from arcade.runtime import collector

        if hold_collector:
            collector.hold()  # the app lets it go after its first frame, as when run from the command line
        app = build_app(["--game", game])
        assert not isinstance(app, int)
        async with app.run_test(size=(100, 32)) as pilot:
            probe = BusyProbe(lambda: bool(getattr(game_screen(app), "busy", False)))
            app.set_interval(TICK, probe.tick)
            try:
                what = await DRIVERS[game](pilot, app, instant, seconds)
            except Exception as error:  # noqa: BLE001 - a driver that lost its way is reported, the rest go on
                what = f"driver stopped: {type(error).__name__}: {error}"
            await pilot.pause(0.2)
        return f"{game:<15} {'instant' if instant else 'real speed':<10} {probe.line()}  ({what})"


async def bare(seconds: float) -> str:
    """The yardstick: the same timer in a bare Textual app doing nothing (what the machine's load alone costs)."""
    from textual.app import App, ComposeResult
    from textual.widgets import Footer, Header, Static

    class Bare(App[None]):
        def compose(self) -> ComposeResult:
            yield Header()
            yield Static("bare")
            yield Footer()

    app = Bare()
    async with app.run_test(size=(100, 32)) as pilot:
        probe = BusyProbe(lambda: True)
        app.set_interval(TICK, probe.tick)
        await pilot.pause(seconds)
    return f"{'bare app':<15} {'idle':<10} {probe.line().replace('busy', 'in all')}"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seconds", type=float, default=8.0, help="how long each game is watched (default 8)")
    p.add_argument("--games", default=",".join(DRIVERS), help="comma-separated game ids")
    p.add_argument("--host", choices=("process", "thread"), default="process",
                   help="where each game's machine host runs (default: a process of its own, as a player has it)")
    p.add_argument("--python-gc", action="store_true",
                   help="leave Python's garbage collector as it is (default: held at each app's start and frozen "
                        "after its first frame, as the arcade command line does)")
    args = p.parse_args(argv)
    from arcade.runtime.link import HOST_MODE_VARIABLE

    os.environ[HOST_MODE_VARIABLE] = args.host
    import platform

    import textual

    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, load {load}; "
          f"Python {platform.python_version()}, Textual {textual.__version__}; headless 100x32, {args.seconds:g} s each; the machine host in a {args.host}")
    print(asyncio.run(bare(args.seconds)), flush=True)
    for game in args.games.split(","):
        for instant in (True, False):
            print(asyncio.run(run_one(game, instant, args.seconds, not args.python_gc)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
